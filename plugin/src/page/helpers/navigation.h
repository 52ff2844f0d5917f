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

}  // namespace firefox_bidi::page

#endif  // FIREFOX_BIDI_PAGE_HELPERS_NAVIGATION_H_
