// page.logs: the console messages, uncaught errors and failed requests of the tab's current
// document (or of every document since it opened) since the last read; page/log_lines.h
// collects them from the plugin's own events.
#include <boost/json/object.hpp>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/status_macros.h"
#include "page/help_text.h"
#include "page/helper_error.h"
#include "page/helpers/helpers.h"
#include "page/helpers/tab_lines.h"
#include "page/log_lines.h"

namespace firefox_bidi::page {
namespace json = boost::json;
namespace {

constexpr char kMethod[] = "page.logs";

absl::StatusOr<json::value> Run(PageContext& page, const json::object& params) {
  LogQuery query;
  ASSIGN_OR_RETURN(std::optional<bool> clear, BoolParam(kMethod, params, "clear"));
  query.clear = clear.value_or(true);
  ASSIGN_OR_RETURN(std::optional<std::string> level, StringParam(kMethod, params, "level"));
  if (level) {
    const std::optional<LogLevel> parsed = ParseLogLevel(*level);
    if (!parsed || *level == "warn") {
      return HelperError(kInvalidArgument,
                         absl::StrCat(kMethod,
                                      ": \"level\" is \"debug\" (the default: every line), "
                                      "\"info\", \"warning\" or \"error\", got \"",
                                      *level, "\""));
    }
    query.level = *parsed;
  }
  ASSIGN_OR_RETURN(query.current_document, CurrentDocumentOnly(kMethod, params));
  ASSIGN_OR_RETURN(const std::string tab, CaughtUpTab(page, params));
  return page.state().logs.Read(tab, query);
}

constexpr Param kParams[] = {
    {.key = "level",
     .type = ParamType::kString,
     .default_value = R"~("debug")~",
     .help = R"~(least severe shown: "debug" (default: all), "info", "warning", "error")~"},
    kDocumentScopeParam,
    kClearLinesParam,
};

}  // namespace

const HelperSpec& LogsHelper() {
  static const HelperSpec spec{
      .method = kMethod,
      .synopsis = R"~({level?, page?, clear?} -> {console, errors, failed_requests})~",
      .summary =
          "Returns what the tab's current document (or every document since the tab opened) "
          "logged since the last read: console messages, uncaught errors and failed requests, one "
          "line each.",
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
