// Targets (DESIGN.md section 9): a helper that acts on an element takes exactly one of
// "ref", "css", "text", or "role" (with an optional "name"). Matching sees through open
// shadow roots and into iframes, same- and cross-origin, each searched in its own browsing
// context (an iframe element's WindowProxy names its context). Only visible elements count;
// several matches: the first in document order (iframes' content where the iframe stands).
#ifndef FIREFOX_BIDI_PAGE_TARGETS_H_
#define FIREFOX_BIDI_PAGE_TARGETS_H_

#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "page/page_context.h"

namespace firefox_bidi::page {

// How deep iframes nest that a helper follows into (a target's search, page.snapshot's
// outline, page.text's frame hops): a page cannot make the walk endless.
inline constexpr int kMaxFrameDepth = 8;

// The params keys of a target; a helper that takes one lists these among its parameters.
inline constexpr std::string_view kTargetKeys[] = {"ref", "css", "text", "role", "name"};

struct Target {
  enum class Kind { kRef, kCss, kText, kRole };
  Kind kind = Kind::kCss;
  std::string value;                // the ref, selector, text or role
  std::optional<std::string> name;  // with kRole: the accessible name
  // For messages: `ref e5`, `css "a.buy"`, `text "Sign in"`, `role "button" named "Go"`.
  std::string Describe() const;
};

// The target in `params`: its keys (kTargetKeys) flat in `params` or in a "target" object.
// nullopt when it has none of them; an "invalid argument" HelperError for two at once (or both
// forms), a non-string, a key a target does not have, or "name" without "role".
absl::StatusOr<std::optional<Target>> ParseTarget(std::string_view method,
                                                  const boost::json::object& params);

struct ResolvedTarget {
  std::string context;           // the browsing context whose document holds the element
  boost::json::object argument;  // {"sharedId": ID}: the element as a BiDi argument
  std::string shared_id;
  std::uint64_t matches = 1;               // how many visible elements matched (1 for a ref)
  std::optional<boost::json::value> then;  // see ActOnTarget
  // Found only as containing the text or name given (none matched it exactly): what the
  // element taken shows, its name or text ("Row 30" for "Row 3"); empty otherwise.
  std::string contained;
  // Of several matches, why the one taken is not the first in document order: "focused" (it
  // is or holds the text field that has the focus), "in the open list" (the list the focused
  // control has open holds it), "in the open dialog" (the dialog or popup list that holds the
  // focus holds it), "shown" (the first has no size on the page, this one has) or "enabled"
  // (the first is disabled, this one is not); empty when it is the first.
  std::string chosen;
};

struct ResolveOptions {
  bool visible_only = true;  // false: hidden elements match too (e.g. a hidden file input)
};

// Finds the target's element in tab `tab` (a ref: wherever its name was given).
//   "no such element": nothing visible matches (the message names the target);
//   "stale ref": the ref's node was removed, or its document was navigated away from, or
//                the name was never given in this browser (take a new snapshot);
//   "invalid argument": e.g. a css selector that does not parse.
absl::StatusOr<ResolvedTarget> ResolveTarget(PageContext& page, std::string_view tab,
                                             const Target& target,
                                             const ResolveOptions& options = {});

// As ParseTarget, and no target is an "invalid argument" saying what a target is.
absl::StatusOr<Target> RequireTarget(std::string_view method, const boost::json::object& params);

// The target object in params[key] (page.scroll's "to", page.drag's "from"), e.g.
// {"text": "Row 50"}: an "invalid argument" HelperError naming `key` when it is missing or
// not a target.
absl::StatusOr<Target> NestedTarget(std::string_view method, const boost::json::object& params,
                                    std::string_view key);

// ResolveTarget, then library operation `op` (with `op_input`) on the element found. In the
// usual case (the first match does not lie in an iframe searched later) both happen in one
// sandbox call. `data` is the operation's data.
struct ActedTarget {
  ResolvedTarget element;
  boost::json::value data;
};
absl::StatusOr<ActedTarget> ActOnTarget(PageContext& page, std::string_view tab,
                                        const Target& target, const PageOp& op,
                                        const boost::json::object& op_input,
                                        const ResolveOptions& options = {});

// When the operation on the first of several matches failed (`data` an {"error", "message"}
// object: covered by a dialog that holds another match, hidden, disabled), says so in its
// message, for the model to pick the one it means by ref. ActOnTarget does it for its data.
void NoteFirstOfMatches(const ResolvedTarget& element, boost::json::value& data);

// Adds to a helper's `result` what the target came to: "matches": N when it matched N elements
// (the first was taken, or "chosen" says why another was), "matched": what that one shows when
// it only contains the text or name given ("Row 30" for "Row 3": no element matched exactly).
// `prefix` names a second target's keys ("to_").
void NoteMatches(const ResolvedTarget& element, boost::json::object& result,
                 std::string_view prefix = "");

}  // namespace firefox_bidi::page

#endif  // FIREFOX_BIDI_PAGE_TARGETS_H_
