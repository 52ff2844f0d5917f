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
