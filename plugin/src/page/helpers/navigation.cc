#include "page/helpers/navigation.h"

#include "absl/strings/str_cat.h"
#include "core/policy.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"
#include "page/helper_error.h"

namespace firefox_bidi::page {
namespace json = boost::json;

absl::StatusOr<PageInfo> GetPageInfo(PageContext& page, std::string_view context) {
  ASSIGN_OR_RETURN(SandboxResult result, page.Sandbox(context, ops::kInfo, {}));
  return PageInfoOf(result.data);
}

PageInfo PageInfoOf(const json::value& value) {
  PageInfo info;
  if (const json::object* data = value.if_object()) {
    auto text = [&](std::string_view key) {
      const json::value* v = data->if_contains(key);
      return v != nullptr && v->is_string() ? std::string(v->get_string()) : std::string();
    };
    info.url = text("url");
    info.title = text("title");
    info.ready_state = text("readyState");
  }
  return info;
}

json::object UrlAndTitle(const PageInfo& info) {
  return json::object{{"url", info.url}, {"title", info.title}};
}

absl::Status RefuseJavascriptUrl(std::string_view method, std::string_view url) {
  if (UrlScheme(url) != "javascript") return absl::OkStatus();
  return HelperError(kInvalidArgument,
                     absl::StrCat(ToAbsl(method),
                                  " does not open javascript: URLs (they load no page); to run "
                                  "script in the page, use page.eval with {\"expression\": "
                                  "\"...\"}"));
}

}  // namespace firefox_bidi::page
