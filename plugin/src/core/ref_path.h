// The reference grammar shared by interpolation and `pick`:
//   REF  = LABEL ( "." NAME | "." INDEX | "[" INDEX "]" )*
//   LABEL, NAME = [A-Za-z_][A-Za-z0-9_-]{0,63};  INDEX = decimal
// A `pick` is the same path without the label: its first step is written without the leading
// dot ("result.value", "contexts[0].context", "[0]", "0.x").
//
// `.INDEX` is a member name on objects and an index on arrays (so `.0` reaches both `{"0":..}`
// and `[..]`); `[INDEX]` is an index and only resolves on arrays.
#ifndef FIREFOX_BIDI_CORE_REF_PATH_H_
#define FIREFOX_BIDI_CORE_REF_PATH_H_

#include <boost/json/value.hpp>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "absl/status/statusor.h"
#include "core/json_kind.h"  // JsonKindName, for users of paths

namespace firefox_bidi {

// The label pattern as documented in the tool's input schema (ECMA-262 regex).
inline constexpr std::string_view kLabelPattern = "^[A-Za-z_][A-Za-z0-9_-]{0,63}$";
inline constexpr std::size_t kMaxNameLength = 64;

// A member name (`.name`, also `.0` written after a dot) or an array index (`[0]`).
using PathStep = std::variant<std::string, std::size_t>;

struct RefPath {
  std::vector<PathStep> steps;
  std::string text;  // as written, for error messages
  // A reference (never a pick) may hold an index too large for a size_t: it is well-formed,
  // so it is not literal text, but it resolves to nothing (an interpolation error).
  bool index_overflow = false;
};

// A parsed `<<REF>>`: the label and the path after it. `path.text` is the whole REF.
struct Reference {
  std::string label;
  RefPath path;
};

bool IsValidLabel(std::string_view s);

// Parses a pick path ("result.value", "[0].x"); nullopt when malformed.
std::optional<RefPath> ParsePickPath(std::string_view text);

// Parses a whole REF ("tree.contexts[0].context"); nullopt when malformed. An index too
// large for a size_t is not malformed here: it sets path.index_overflow.
std::optional<Reference> ParseReference(std::string_view text);

// Length of the well-formed `<<REF>>` starting at `text[0]` (which must be "<<"), or 0 when
// `text` does not start with one (an index too large for a size_t still matches, as in
// ParseReference). Does not allocate.
std::size_t MatchReference(std::string_view text);

// The value at `path` inside `root`, or nullptr when it does not resolve.
const boost::json::value* ResolvePath(const boost::json::value& root, const RefPath& path);

// As ResolvePath, but kNotFound explains the first step that fails, naming the path up to it:
// "index 5 out of range at contexts[5] (array has 1 element)". `prefix` is written before the
// path in messages (the label for references, "" for picks).
absl::StatusOr<const boost::json::value*> ResolvePathExplained(const boost::json::value& root,
                                                               const RefPath& path,
                                                               std::string_view prefix);

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_REF_PATH_H_
