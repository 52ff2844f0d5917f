#include "page/routes.h"

#include <algorithm>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "core/json_fields.h"
#include "core/string_view_compat.h"

namespace firefox_bidi::page {
namespace {

namespace json = boost::json;

std::string_view ActionName(Route::Action action) {
  switch (action) {
    case Route::Action::kFulfill:
      return "fulfill";
    case Route::Action::kAbort:
      return "abort";
    case Route::Action::kContinue:
      return "continue";
  }
  return "?";
}

json::object Header(std::string_view name, std::string_view value) {
  return json::object{{"name", name},
                      {"value", json::object{{"type", "string"}, {"value", value}}}};
}

}  // namespace

std::string Routes::Add(Route route) {
  route.id = absl::StrCat("r", next_++);
  std::string id = route.id;
  routes_.push_back(std::move(route));
  return id;
}

bool Routes::Remove(std::string_view id) {
  auto it = std::find_if(routes_.begin(), routes_.end(),
                         [&](const Route& route) { return route.id == id; });
  if (it == routes_.end()) return false;
  routes_.erase(it);
  return true;
}

json::array Routes::List() const {
  json::array out;
  for (const Route& route : routes_) {
    json::object item{{"id", route.id}, {"url", route.url}, {"action", ActionName(route.action)}};
    if (route.action == Route::Action::kFulfill) item["status"] = route.status;
    item["hits"] = route.hits;
    out.emplace_back(std::move(item));
  }
  return out;
}

RouteAnswer Routes::Answer(const json::object& params) {
  RouteAnswer answer;
  const json::object* request = ObjectAt(params, "request");
  const std::string request_id(StringAt(request, "request"));
  std::string_view whole = StringAt(request, "url");
  whole = whole.substr(0, whole.find('#'));
  answer.method = "network.continueRequest";
  answer.params = json::object{{"request", request_id}};
  // The newest route that matches.
  auto it = std::find_if(routes_.rbegin(), routes_.rend(),
                         [&](const Route& route) { return route.filter.Matches(whole); });
  if (it == routes_.rend()) return answer;
  Route& route = *it;
  ++route.hits;
  switch (route.action) {
    case Route::Action::kAbort:
      answer.method = "network.failRequest";
      answer.how = absl::StrCat("aborted by route ", route.id);
      return answer;
    case Route::Action::kFulfill: {
      json::array headers;
      for (const auto& [name, value] : route.headers) headers.emplace_back(Header(name, value));
      answer.method = "network.provideResponse";
      answer.params["statusCode"] = route.status;
      answer.params["headers"] = std::move(headers);
      answer.params["body"] =
          json::object{{"type", route.base64 ? "base64" : "string"}, {"value", route.body}};
      answer.how = absl::StrCat("routed by ", route.id);
      return answer;
    }
    case Route::Action::kContinue: {
      if (route.headers.empty()) {
        answer.how = absl::StrCat("continued by ", route.id);
        return answer;
      }
      // continueRequest's headers replace the request's: its own, with the route's overrides.
      json::array headers;
      std::vector<bool> used(route.headers.size(), false);
      const json::value* own = request->if_contains("headers");
      if (own != nullptr && own->is_array()) {
        for (const json::value& header : own->get_array()) {
          const json::object* h = header.if_object();
          const json::value* name = h != nullptr ? h->if_contains("name") : nullptr;
          if (name == nullptr || !name->is_string()) continue;
          bool replaced = false;
          for (std::size_t i = 0; i < route.headers.size(); ++i) {
            if (absl::EqualsIgnoreCase(route.headers[i].first,
                                       ToAbsl(std::string_view(name->get_string())))) {
              if (!used[i])
                headers.emplace_back(Header(route.headers[i].first, route.headers[i].second));
              used[i] = true;
              replaced = true;
            }
          }
          if (!replaced) headers.push_back(header);
        }
      }
      for (std::size_t i = 0; i < route.headers.size(); ++i) {
        if (!used[i]) headers.emplace_back(Header(route.headers[i].first, route.headers[i].second));
      }
      answer.params["headers"] = std::move(headers);
      answer.how = absl::StrCat("continued by ", route.id);
      return answer;
    }
  }
  return answer;
}

}  // namespace firefox_bidi::page
