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

constexpr Param kParams[] = {
    {.key = "clear",
     .type = ParamType::kBoolean,
     .default_value = "true",
     .help = "default true; false keeps the lines for the next read"},
};

}  // namespace

const HelperSpec& LogsHelper() {
  static const HelperSpec spec{
      .method = kMethod,
      .synopsis = R"~({clear?} -> {console, errors, failed_requests})~",
      .summary =
          "Returns what the tab logged since it opened (or since the last read): console messages, "
          "uncaught errors and failed requests, one line each.",
      .params = kParams,
      .result =
          R"~({"console": ["warn: low stock (app.js:3)", ...], "errors": ["ReferenceError: x is not defined (app.js:9)", ...], "failed_requests": ["404 GET /logo.png", "failed GET http://host/api: NS_ERROR_CONNECTION_REFUSED", ...]}; the newest 100 lines of each kind are kept, "dropped": N counts older ones left out)~",
      .errors = R"~(none)~",
      .example =
          R"~({"frames":[{"method":"page.goto","params":{"url":"data:text/html,<script>console.warn('low stock');missingFunction()</script>"},"silent":true},{"method":"page.logs"}]})~",
      .file = ResultFile::kJson,
      .run = &Run,
  };
  return spec;
}

}  // namespace firefox_bidi::page
