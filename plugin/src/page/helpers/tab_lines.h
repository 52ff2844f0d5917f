// Shared by the helpers that read what the plugin collected for a tab (page.logs,
// page.requests): their "page" parameter, and the tab caught up with Firefox's events.
#ifndef FIREFOX_BIDI_PAGE_HELPERS_TAB_LINES_H_
#define FIREFOX_BIDI_PAGE_HELPERS_TAB_LINES_H_

#include <boost/json/object.hpp>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "page/helper_registry.h"
#include "page/page_context.h"

namespace firefox_bidi::page {

// Their two shared parameters, read by CurrentDocumentOnly and as "clear".
inline constexpr Param kDocumentScopeParam{
    .key = "page",
    .type = ParamType::kString,
    .default_value = R"~("current")~",
    .help = R"~("current" (default: its document) or "all" (since the tab opened))~"};
inline constexpr Param kClearLinesParam{.key = "clear",
                                        .type = ParamType::kBoolean,
                                        .default_value = "true",
                                        .help = "false keeps the lines for the next read"};

// The "page" parameter: true for "current" (the default: the tab's current document), false
// for "all" (since the tab opened).
absl::StatusOr<bool> CurrentDocumentOnly(std::string_view method,
                                         const boost::json::object& params);

// The tab the params name (or the current one), after one round trip to Firefox: every event
// it sent before the reply has been read and collected (a line logged just before this frame
// is not missed), and the tab is known to exist (else kNoSuchTab).
absl::StatusOr<std::string> CaughtUpTab(PageContext& page, const boost::json::object& params);

}  // namespace firefox_bidi::page

#endif  // FIREFOX_BIDI_PAGE_HELPERS_TAB_LINES_H_
