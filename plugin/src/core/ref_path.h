// The reference grammar shared by interpolation and `pick`:
//   REF  = LABEL ( "." NAME | "." INDEX | "[" INDEX "]" )*
//   LABEL, NAME = [A-Za-z_][A-Za-z0-9_-]{0,63};  INDEX = decimal
// A `pick` is the same path without the label ("result.value", "contexts[0].context").
#ifndef FIREFOX_BIDI_CORE_REF_PATH_H_
#define FIREFOX_BIDI_CORE_REF_PATH_H_

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <boost/json/value.hpp>

namespace firefox_bidi {

using PathStep = std::variant<std::string, std::size_t>;  // member name or array index

struct RefPath {
  std::vector<PathStep> steps;
  std::string text;  // as written, for error messages
};

bool IsValidLabel(std::string_view s);

// Parses a pick path ("result.value", "[0].x"); nullopt when malformed.
std::optional<RefPath> ParsePickPath(std::string_view text);

// The value at `path` inside `root`, or nullptr when it does not resolve.
const boost::json::value* ResolvePath(const boost::json::value& root, const RefPath& path);

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_REF_PATH_H_
