// Shared by page.click, page.fill and page.press: real input on an element and what it did to
// the tab (DESIGN.md section 9, "Real input" and "Navigation").
#ifndef FIREFOX_BIDI_PAGE_HELPERS_INPUT_H_
#define FIREFOX_BIDI_PAGE_HELPERS_INPUT_H_

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "page/actions.h"
#include "page/page_context.h"

namespace firefox_bidi::page {

inline constexpr std::string_view kElementCovered = "element covered";
inline constexpr std::string_view kElementNotVisible = "element not visible";

// The element a helper's target names: where it lives and its node ({"sharedId": ID}).
struct ElementTarget {
  std::string context;
  boost::json::object node;
  std::int64_t matches = 1;
};

// What a helper's target names, ready to be looked up in the page: the sandbox input member
// "find" ({"css"}, {"text"}, {"role","name"} or {"ref"}), the browsing context to look in,
// and the target as the model wrote it, for messages.
struct TargetSpec {
  boost::json::object find;
  std::string context;
  std::string described;
};

// Reads the target in `params` (exactly one of "ref", "css", "text", "role" with optional
// "name"): "invalid argument" for a missing or doubled one, "stale ref" for a ref this
// instance never gave.
absl::StatusOr<TargetSpec> ParseTarget(PageContext& page, std::string_view method,
                                       const std::string& tab, const boost::json::object& params);

// Looks the target up in its document (visible elements only, through open shadow roots) and
// runs library operation `op` on the first match, all in one call: `input` gains "find". The
// op's data (with "matches") and the element. "no such element" naming the target, "stale ref"
// for a ref whose element is gone, "invalid argument" for a selector the page refuses.
struct OnElementResult {
  boost::json::value data;
  ElementTarget element;
};
absl::StatusOr<OnElementResult> OnElement(PageContext& page, std::string_view method,
                                          const TargetSpec& target, std::string_view op,
                                          boost::json::object input);

// ParseTarget, then OnElement with no operation beyond the lookup.
absl::StatusOr<ElementTarget> FindElement(PageContext& page, std::string_view method,
                                          const std::string& tab,
                                          const boost::json::object& params);

// True when `params` names a target (an optional one, for page.press and page.screenshot).
bool HasTarget(const boost::json::object& params);

// The page side's {"error": CODE, "message": TEXT} as a HelperError, prefixed with `method`;
// OK for {"ok": true, ...}.
absl::Status PageSideStatus(std::string_view method, const boost::json::value& data);

// Scrolls the element (`node`: {"sharedId": ID} in browsing context `context`) into view and
// checks that a pointer at its in-view centre would hit it: "element covered" naming the cover,
// "element not visible", "stale ref"; nothing is clicked on failure.
absl::Status PrepareClick(PageContext& page, std::string_view method, std::string_view context,
                          const boost::json::object& node);

// Sends input.performActions `action_params` and reports whether it started a navigation of
// `tab`. When one started (browsingContext.navigationStarted for the tab arrived while the
// actions ran), waits within the frame's deadline until that navigation's document has loaded
// (or the navigation failed or was aborted); otherwise returns as soon as the browser has
// dispatched the input's events. `what` names the input in a timeout ("the click").
absl::StatusOr<bool> PerformAndFollow(PageContext& page, std::string_view tab,
                                      const boost::json::object& action_params,
                                      std::string_view what);

// Clicks the element for real (PrepareClick, then PerformAndFollow); true when it navigated.
absl::StatusOr<bool> ClickElement(PageContext& page, std::string_view method, std::string_view tab,
                                  std::string_view context, const boost::json::object& node,
                                  const ClickSpec& spec);

// {"url","title","navigated"} of the tab after an action.
absl::StatusOr<boost::json::object> AfterAction(PageContext& page, std::string_view tab,
                                                bool navigated);

}  // namespace firefox_bidi::page

#endif  // FIREFOX_BIDI_PAGE_HELPERS_INPUT_H_
