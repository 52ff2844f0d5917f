// page.text: the visible text of the tab, or of one element, in pieces of max_chars.
#include <boost/json/object.hpp>
#include <initializer_list>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/status_macros.h"
#include "page/helper_error.h"
#include "page/helpers/helpers.h"
#include "page/targets.h"

namespace firefox_bidi::page {
namespace json = boost::json;
namespace {

constexpr char kMethod[] = "page.text";
constexpr std::int64_t kDefaultMaxChars = 6000;

absl::StatusOr<json::value> Run(PageContext& page, const json::object& params) {
  ASSIGN_OR_RETURN(std::optional<std::int64_t> max_chars,
                   IntParam(kMethod, params, "max_chars", 1, 10000000));
  ASSIGN_OR_RETURN(std::optional<std::int64_t> offset,
                   IntParam(kMethod, params, "offset", 0, INT64_C(1) << 50));
  ASSIGN_OR_RETURN(std::optional<Target> target, ParseTarget(kMethod, params));
  ASSIGN_OR_RETURN(const std::string tab, page.Tab(params));
  std::string context = tab;
  std::vector<json::value> element;
  if (target) {
    ASSIGN_OR_RETURN(ResolvedTarget resolved, ResolveTarget(page, tab, *target));
    context = resolved.context;
    element.push_back(resolved.argument);
  }
  const json::object input{{"max_chars", max_chars.value_or(kDefaultMaxChars)},
                           {"offset", offset.value_or(0)}};
  ASSIGN_OR_RETURN(SandboxResult result, page.Sandbox(context, ops::kText, input, element));
  // The target is an iframe: its document's text (nested iframes followed a few levels down).
  for (int hops = 0; hops < kMaxFrameDepth && result.data.is_object() &&
                     result.data.get_object().contains("frame") && !result.windows.empty();
       ++hops) {
    const std::string frame = result.windows[0];
    ASSIGN_OR_RETURN(result, page.Sandbox(frame, ops::kText, input));
  }
  const json::object* data = result.data.if_object();
  const json::value* text = data != nullptr ? data->if_contains("text") : nullptr;
  if (text == nullptr || !text->is_string()) return absl::InternalError("text returned no text");
  return *text;
}

constexpr Param kParams[] = {
    {.key = "target",
     .type = ParamType::kTarget,
     .help = "optional, the element to read (default: the whole page)"},
    {.key = "max_chars",
     .type = ParamType::kInteger,
     .default_value = "6000",
     .help = "default 6000; when cut, the last line says how many characters remain and the offset "
             "to read on"},
    {.key = "offset",
     .type = ParamType::kInteger,
     .default_value = "0",
     .help = "where to start reading (characters)"},
};

constexpr PageOp kOps[] = {ops::kText};

}  // namespace

const HelperSpec& TextHelper() {
  static const HelperSpec spec{
      .method = kMethod,
      .synopsis = R"~({target?, max_chars?, offset?} -> the visible text)~",
      .summary = "Reads the visible text of the page or of one element, as a user sees it.",
      .params = kParams,
      .ops = kOps,
      .result =
          R"~(a string: line breaks kept, runs of spaces (not a pre's, nor no-break spaces) and blank lines collapsed; lines a page places itself read in the order they show)~",
      .errors = R"~("no such element", "stale ref")~",
      .example =
          R"~({"frames":[{"method":"page.goto","params":{"url":"data:text/html,<main><p>First</p><p>Second</p></main>"},"silent":true},{"method":"page.text","params":{"css":"main","max_chars":100}}]})~",
      .file = ResultFile::kText,
      .run = &Run,
  };
  return spec;
}

}  // namespace firefox_bidi::page
