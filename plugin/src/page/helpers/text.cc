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
  RETURN_IF_ERROR(
      CheckParams(kMethod, params,
                  {"ref", "css", "text", "role", "name", "target", "max_chars", "offset", "tab"}));
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
  ASSIGN_OR_RETURN(SandboxResult result, page.Sandbox(context, "text", input, element));
  // The target is an iframe: its document's text (nested iframes followed a few levels down).
  for (int hops = 0; hops < kMaxFrameDepth && result.data.is_object() &&
                     result.data.get_object().contains("frame") && !result.windows.empty();
       ++hops) {
    const std::string frame = result.windows[0];
    ASSIGN_OR_RETURN(result, page.Sandbox(frame, "text", input));
  }
  const json::object* data = result.data.if_object();
  const json::value* text = data != nullptr ? data->if_contains("text") : nullptr;
  if (text == nullptr || !text->is_string()) return absl::InternalError("text returned no text");
  return *text;
}

}  // namespace

const HelperSpec& TextHelper() {
  static const HelperSpec spec{
      kMethod,
      "target (default: page), max_chars (6000), offset -> visible text; when cut, the last "
      "line gives the offset to read on",
      ResultFile::kText, &Run};
  return spec;
}

}  // namespace firefox_bidi::page
