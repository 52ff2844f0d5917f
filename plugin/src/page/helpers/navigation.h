// Shared by helpers that report where the tab is: {"url","title"} of its current document.
#ifndef FIREFOX_BIDI_PAGE_HELPERS_NAVIGATION_H_
#define FIREFOX_BIDI_PAGE_HELPERS_NAVIGATION_H_

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "page/page_context.h"

namespace firefox_bidi::page {

struct PageInfo {
  std::string url;
  std::string title;
  std::string ready_state;  // "loading", "interactive", "complete"
};

absl::StatusOr<PageInfo> GetPageInfo(PageContext& page, std::string_view context);
// The page side's {"url","title","readyState"} (OPS.info's data, or data that includes it).
PageInfo PageInfoOf(const boost::json::value& data);

// {"url": ..., "title": ...}
boost::json::object UrlAndTitle(const PageInfo& info);

// An "invalid argument" HelperError for a javascript: `url` (it loads no page, so a navigation
// to it would wait out its timeout; page.eval runs script), else OK. `method` names the helper.
absl::Status RefuseJavascriptUrl(std::string_view method, std::string_view url);

}  // namespace firefox_bidi::page

#endif  // FIREFOX_BIDI_PAGE_HELPERS_NAVIGATION_H_
