// page.logs: the tab's console messages, uncaught errors and failed requests since it opened
// or since the last read (page/log_lines.h collects them from the plugin's own events).
#include <boost/json/object.hpp>

#include "absl/strings/str_cat.h"
#include "core/status_macros.h"
#include "page/help_text.h"
#include "page/helper_error.h"
#include "page/helpers/helpers.h"

namespace firefox_bidi::page {
namespace json = boost::json;
namespace {

constexpr char kMethod[] = "page.logs";

absl::StatusOr<json::value> Run(PageContext& page, const json::object& params) {
  RETURN_IF_ERROR(CheckParams(kMethod, params, {"clear", "tab"}));
  ASSIGN_OR_RETURN(std::optional<bool> clear, BoolParam(kMethod, params, "clear"));
  ASSIGN_OR_RETURN(const std::string tab, page.Tab(params));
  // One round trip: every event Firefox sent before its reply has been read and collected
  // (a line logged just before this frame is not missed), and the tab is known to exist.
  absl::StatusOr<json::value> tree =
      page.Command("browsingContext.getTree", json::object{{"root", tab}, {"maxDepth", 0}});
  if (!tree.ok()) {
    if (IsHelperError(tree.status(), kNoSuchFrame)) {
      return HelperError(kNoSuchTab, absl::StrCat(kMethod, ": \"", tab,
                                                  "\" is not an open tab; page.tabs lists them"));
    }
    return tree.status();
  }
  return page.state().logs.Read(tab, clear.value_or(true));
}

}  // namespace

const HelperSpec& LogsHelper() {
  static const HelperSpec spec{kMethod, FindHelperDoc(kMethod)->synopsis, ResultFile::kJson, &Run};
  return spec;
}

}  // namespace firefox_bidi::page
