// page.screenshot: optional target (that element only), full_page, format -> the screenshot
// record of DESIGN.md section 7 (always a file, with "mime" and "bytes").
#include <boost/json/object.hpp>

#include "absl/strings/str_cat.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"
#include "page/helper_error.h"
#include "page/helpers/helpers.h"
#include "page/targets.h"

namespace firefox_bidi::page {
namespace json = boost::json;
namespace {

constexpr char kMethod[] = "page.screenshot";

absl::StatusOr<json::value> Run(PageContext& page, const json::object& params) {
  ASSIGN_OR_RETURN(const std::optional<bool> full_page, BoolParam(kMethod, params, "full_page"));
  ASSIGN_OR_RETURN(const std::optional<std::string> format, StringParam(kMethod, params, "format"));
  const std::string type = format.value_or("png");
  if (type != "png" && type != "jpeg" && type != "webp") {
    return HelperError(kInvalidArgument,
                       absl::StrCat(kMethod,
                                    ": \"format\" is \"png\" (the default), \"jpeg\" or "
                                    "\"webp\", got \"",
                                    type, "\""));
  }
  ASSIGN_OR_RETURN(const std::optional<Target> target, ParseTarget(kMethod, params));
  if (target && full_page.value_or(false)) {
    return HelperError(kInvalidArgument, absl::StrCat(kMethod,
                                                      " takes a target (that element only) or "
                                                      "\"full_page\": true, not both"));
  }
  ASSIGN_OR_RETURN(const std::string tab, page.Tab(params));
  json::object capture{{"context", tab}, {"format", {{"type", absl::StrCat("image/", type)}}}};
  if (full_page.value_or(false)) capture["origin"] = "document";
  if (target) {
    ASSIGN_OR_RETURN(const ResolvedTarget element, ResolveTarget(page, tab, *target));
    // The whole element wherever it is on the page, not only its part in the viewport.
    capture["context"] = element.context;
    capture["origin"] = "document";
    capture["clip"] = json::object{{"type", "element"}, {"element", element.argument}};
  }
  return page.Command("browsingContext.captureScreenshot", capture, "the screenshot");
}

constexpr Param kParams[] = {
    {.key = "target", .type = ParamType::kTarget, .help = "optional, that element only"},
    {.key = "full_page",
     .type = ParamType::kBoolean,
     .default_value = "false",
     .help = "true captures the whole page, not just the viewport"},
    {.key = "format",
     .type = ParamType::kString,
     .default_value = R"~("png")~",
     .help = R"~("png" (default), "jpeg" or "webp")~"},
};

}  // namespace

const HelperSpec& ScreenshotHelper() {
  static const HelperSpec spec{
      .method = kMethod,
      .synopsis = R"~({target?, full_page?} -> an image file)~",
      .summary = "Takes a screenshot of the viewport, the whole page or one element.",
      .params = kParams,
      .result =
          R"~(always a file: {"spooled": "/path/…png", "mime": "image/png", "bytes": N, ...})~",
      .errors = R"~("no such element", "stale ref")~",
      .example =
          R"~({"frames":[{"method":"page.goto","params":{"url":"data:text/html,<h1 style=color:red>Red</h1>"},"silent":true},{"method":"page.screenshot","params":{"css":"h1"}}]})~",
      .file = ResultFile::kMedia,
      .run = &Run,
  };
  return spec;
}

}  // namespace firefox_bidi::page
