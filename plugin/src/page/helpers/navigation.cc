#include "page/helpers/navigation.h"

#include "core/status_macros.h"

namespace firefox_bidi::page {
namespace json = boost::json;

absl::StatusOr<PageInfo> GetPageInfo(PageContext& page, std::string_view context) {
  ASSIGN_OR_RETURN(SandboxResult result, page.Sandbox(context, "info", {}));
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

}  // namespace firefox_bidi::page
