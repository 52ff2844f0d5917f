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

// Replaces every reference in `params`. kNotFound names the reference and where it broke:
// "<<tree.contexts[5].context>>: index 5 out of range at tree.contexts[5] (array has 1
// element)". On error `params` may be partly rewritten.
absl::Status InterpolateInPlace(boost::json::object& params, LabelLookup lookup);

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_INTERPOLATE_H_
