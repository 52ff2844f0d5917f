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
  ASSIGN_OR_RETURN(std::optional<std::string> which, StringParam(kMethod, params, "page"));
  if (which && *which != "current" && *which != "all") {
    return HelperError(kInvalidArgument,
                       absl::StrCat(kMethod,
                                    ": \"page\" is \"current\" (the default: the tab's "
                                    "current document) or \"all\" (since the tab opened), "
                                    "got \"",
                                    *which, "\""));
  }
  query.current_document = which.value_or("current") == "current";
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
  return page.state().logs.Read(tab, query);
}

constexpr Param kParams[] = {
    {.key = "level",
     .type = ParamType::kString,
     .default_value = R"~("debug")~",
     .help = R"~(least severe shown: "debug" (default: all), "info", "warning", "error")~"},
    {.key = "page",
     .type = ParamType::kString,
     .default_value = R"~("current")~",
     .help = R"~("current" (default: its document) or "all" (since the tab opened))~"},
    {.key = "clear",
     .type = ParamType::kBoolean,
     .default_value = "true",
     .help = "default true; false keeps the lines for the next read"},
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
