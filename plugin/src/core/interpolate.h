// Interpolation of `<<REF>>` references inside a frame's params (DESIGN.md section 7).
//
// Only string values are rewritten, never keys, recursively through objects and arrays. A
// string that is exactly one reference becomes the referenced value (any JSON type); a
// reference inside a longer string is replaced by the value's text (a string's raw characters,
// anything else as compact JSON). `<<` that does not start a well-formed reference ending in
// `>>` is literal. Strings without `<<` are neither copied nor rescanned.
#ifndef FIREFOX_BIDI_CORE_INTERPOLATE_H_
#define FIREFOX_BIDI_CORE_INTERPOLATE_H_

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <cstdint>
#include <optional>
#include <string_view>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"

namespace firefox_bidi {

// The value bound to `label`, or nullptr when no frame of this batch nor an earlier call's
// kept result has it. `*why` may be set to explain a missing label (e.g. its frame failed).
using LabelLookup =
    absl::FunctionRef<const boost::json::value*(std::string_view label, std::string* why)>;

// True when some string value in `params` holds a well-formed reference (the frame then
// needs InterpolateInPlace on a copy; otherwise `params` is sent as it is).
bool NeedsInterpolation(const boost::json::object& params);

// At most this many bytes of compact JSON may one frame's params expand to (DESIGN.md
// section 10): 16 MiB.
inline constexpr std::uint64_t kMaxInterpolatedBytes = 16ull << 20;

// Replaces every reference in `params`. kNotFound names the reference and where it broke:
// "<<tree.contexts[5].context>>: index 5 out of range at tree.contexts[5] (array has 1
// element)"; kInvalidArgument for an index too large to be one. kResourceExhausted when the
// params would serialize to more than `max_bytes`: the size is counted while expanding, before
// each value is copied in, so no more than about `max_bytes` is ever built. On error `params`
// may be partly rewritten.
absl::Status InterpolateInPlace(boost::json::object& params, LabelLookup lookup,
                                std::uint64_t max_bytes = kMaxInterpolatedBytes);

// The compact serialization's size of `v`, or nullopt when it is larger than `limit`; stops
// serializing as soon as the limit is passed, so a huge value costs at most `limit` bytes.
std::optional<std::uint64_t> SerializedSizeWithin(const boost::json::value& v, std::uint64_t limit);

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_INTERPOLATE_H_
