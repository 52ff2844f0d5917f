// page.route: routes by URL pattern that answer the matching requests of every tab (fulfill
// with a response, abort, or continue with headers changed) until removed or the browser
// session ends; list and remove them. page/routes.h keeps them and answers blocked requests;
// this file puts the plugin's intercept in place with the first route and takes it away with
// the last.
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <optional>
#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"
#include "page/help_text.h"
#include "page/helper_error.h"
#include "page/helpers/helpers.h"
#include "page/routes.h"

namespace firefox_bidi::page {
namespace json = boost::json;
namespace {

constexpr char kMethod[] = "page.route";

absl::Status Invalid(std::string_view message) {
  return HelperError(kInvalidArgument, absl::StrCat(kMethod, ": ", ToAbsl(message)));
}

// The plugin's intercept of every request; its blocked requests come as
// network.beforeRequestSent events (a subscription of the plugin's own: event_filter.h).
absl::Status StartRouting(PageContext& page) {
  Routes& routes = page.state().routes;
  if (!routes.intercept.empty()) return absl::OkStatus();
  ASSIGN_OR_RETURN(json::value added,
                   page.Command("network.addIntercept",
                                json::object{{"phases", json::array{"beforeRequestSent"}}}));
  const json::object* object = added.if_object();
  const json::value* id = object != nullptr ? object->if_contains("intercept") : nullptr;
  if (id == nullptr || !id->is_string()) {
    return absl::InternalError(
        absl::StrCat("network.addIntercept returned no intercept: ", json::serialize(added)));
  }
  routes.intercept = std::string(id->get_string());
  return absl::OkStatus();
}

// With no route left, requests pass untouched again.
absl::Status StopRouting(PageContext& page) {
  Routes& routes = page.state().routes;
  if (routes.intercept.empty()) return absl::OkStatus();
  RETURN_IF_ERROR(
      page.Command("network.removeIntercept", json::object{{"intercept", routes.intercept}})
          .status());
  routes.intercept.clear();
  return absl::OkStatus();
}

json::object Listed(PageContext& page) {
  return json::object{{"routes", page.state().routes.List()}};
}

// Refuses the params an action does not take.
absl::Status OnlyFor(const json::object& params, std::string_view action,
                     std::initializer_list<std::string_view> keys) {
  for (const auto& member : params) {
    const std::string_view key = member.key();
    if (key == "action") continue;
    if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
      return Invalid(
          absl::StrCat("\"", ToAbsl(key), "\" does not go with action \"", ToAbsl(action), "\""));
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<std::vector<std::pair<std::string, std::string>>> Headers(
    const json::object& params) {
  std::vector<std::pair<std::string, std::string>> headers;
  const json::value* value = params.if_contains("headers");
  if (value == nullptr) return headers;
  if (!value->is_object()) {
    return Invalid(
        R"~("headers" is an object of names and string values, e.g. {"Content-Type": "application/json"})~");
  }
  for (const auto& [name, v] : value->get_object()) {
    if (!v.is_string()) {
      return Invalid(absl::StrCat("\"headers\": the value of \"", ToAbsl(std::string_view(name)),
                                  "\" is not a string"));
    }
    headers.emplace_back(std::string(name), std::string(v.get_string()));
  }
  return headers;
}

bool HasHeader(const std::vector<std::pair<std::string, std::string>>& headers,
               std::string_view name) {
  for (const auto& [key, value] : headers) {
    if (absl::EqualsIgnoreCase(key, ToAbsl(name))) return true;
  }
  return false;
}

absl::StatusOr<json::value> Run(PageContext& page, const json::object& params) {
  ASSIGN_OR_RETURN(std::optional<std::string> action, StringParam(kMethod, params, "action"));
  if (!action) {
    return Invalid(
        R"~("action" is missing: "fulfill", "abort", "continue" (each with "url"), "list" or "remove")~");
  }
  if (*action == "list") {
    RETURN_IF_ERROR(OnlyFor(params, *action, {}));
    return Listed(page);
  }
  if (*action == "remove") {
    RETURN_IF_ERROR(OnlyFor(params, *action, {"id"}));
    ASSIGN_OR_RETURN(std::optional<std::string> id, StringParam(kMethod, params, "id"));
    if (id) {
      if (!page.state().routes.Remove(*id)) {
        return Invalid(absl::StrCat("there is no route \"", *id,
                                    "\"; {\"action\": \"list\"} shows the routes"));
      }
    } else {
      page.state().routes.Clear();
    }
    if (page.state().routes.empty()) RETURN_IF_ERROR(StopRouting(page));
    return Listed(page);
  }
  Route route;
  if (*action == "fulfill") {
    RETURN_IF_ERROR(OnlyFor(params, *action, {"url", "status", "headers", "body", "base64"}));
    route.action = Route::Action::kFulfill;
  } else if (*action == "abort") {
    RETURN_IF_ERROR(OnlyFor(params, *action, {"url"}));
    route.action = Route::Action::kAbort;
  } else if (*action == "continue") {
    RETURN_IF_ERROR(OnlyFor(params, *action, {"url", "headers"}));
    route.action = Route::Action::kContinue;
  } else {
    return Invalid(
        absl::StrCat(R"~("action" is "fulfill", "abort", "continue", "list" or "remove", got ")~",
                     *action, "\""));
  }
  ASSIGN_OR_RETURN(std::optional<std::string> url, StringParam(kMethod, params, "url"));
  if (!url || url->empty()) {
    return Invalid(
        absl::StrCat("\"url\" is missing: the pattern of the URLs to ", *action,
                     R"~( ("**/api/items", "/api/*", a part of the URL, or "/REGEX/"))~"));
  }
  std::string why;
  std::optional<UrlFilter> filter = UrlFilter::Parse(*url, &why, /*globs=*/true);
  if (!filter) return Invalid(absl::StrCat("\"url\": ", why));
  route.url = *url;
  route.filter = std::move(*filter);
  ASSIGN_OR_RETURN(route.headers, Headers(params));
  if (route.action == Route::Action::kFulfill) {
    ASSIGN_OR_RETURN(std::optional<std::int64_t> status,
                     IntParam(kMethod, params, "status", 100, 599));
    route.status = static_cast<int>(status.value_or(200));
    ASSIGN_OR_RETURN(std::optional<bool> base64, BoolParam(kMethod, params, "base64"));
    route.base64 = base64.value_or(false);
    bool json_body = false;
    if (const json::value* body = params.if_contains("body"); body != nullptr) {
      if (body->is_string()) {
        route.body = std::string(body->get_string());
        if (!route.base64) {
          boost::system::error_code ec;
          const json::value parsed = json::parse(route.body, ec);
          json_body = !ec && (parsed.is_object() || parsed.is_array());
        }
      } else {
        if (route.base64) return Invalid("\"base64\": true takes a string \"body\"");
        route.body = json::serialize(*body);
        json_body = true;
      }
    }
    if (route.base64) {
      std::string decoded;
      if (!absl::Base64Unescape(route.body, &decoded)) {
        return Invalid("\"body\" is not base64, though \"base64\" is true");
      }
    }
    if (!HasHeader(route.headers, "Content-Type")) {
      route.headers.emplace_back("Content-Type",
                                 json_body ? "application/json" : "text/plain; charset=utf-8");
    }
  }
  RETURN_IF_ERROR(StartRouting(page));
  page.state().routes.Add(std::move(route));
  return Listed(page);
}

constexpr Param kParams[] = {
    {.key = "action",
     .type = ParamType::kString,
     .help = R"~(fulfill, abort, continue (each adds a route), list, remove)~"},
    {.key = "url",
     .type = ParamType::kString,
     .help = R"~(a glob ("**/api/items", "/api/*"), a part of the URL, or "/REGEX/")~"},
    {.key = "status",
     .type = ParamType::kInteger,
     .default_value = "200",
     .help = R"~(fulfill: the status (200))~"},
    {.key = "headers",
     .type = ParamType::kAny,
     .help = R"~(fulfill: the response's; continue: request headers to set)~"},
    {.key = "body", .type = ParamType::kAny, .help = R"~(fulfill: text, or JSON (sent as JSON))~"},
    {.key = "base64",
     .type = ParamType::kBoolean,
     .default_value = "false",
     .help = R"~(fulfill: body is base64)~"},
    {.key = "id", .type = ParamType::kString, .help = "remove: that route (default: all)"},
};

}  // namespace

const HelperSpec& RouteHelper() {
  static const HelperSpec spec{
      .method = kMethod,
      .synopsis = R"~({action, url?, body?, id?} -> {routes})~",
      .summary =
          "Answers the requests of every tab whose URL matches a pattern: fulfill (a response "
          "of your own), abort (a network error) or continue (with headers changed), until the "
          "route is removed or the browser session ends; list and remove routes.",
      .params = kParams,
      .result =
          R"~({"routes": [{"id": "r1", "url": "**/api/items", "action": "fulfill", "status": 200, "hits": 2}, ...]}: the routes after the action; hits counts the requests each answered. The newest matching route wins. Requests are answered during calls: one made between calls waits for the next call. A glob matches the whole URL: ** any characters, * any but /; one starting with / the path on any origin; text without * is a part of the URL. Without a Content-Type header, a JSON body is sent as application/json, other text as text/plain. A request your own network.addIntercept also blocks is yours to answer (when you subscribed to network.beforeRequestSent); events of requests the routes answer are not shown. page.requests marks them "routed by rN".)~",
      .errors = R"~("invalid argument" (a bad pattern, key or id))~",
      .example =
          R"~({"frames":[{"method":"page.route","params":{"action":"fulfill","url":"**/mocked","body":"<h1>Mocked</h1>","headers":{"Content-Type":"text/html"}}},{"method":"page.goto","params":{"url":"http://127.0.0.1:8/mocked"}},{"method":"page.text"},{"method":"page.route","params":{"action":"remove"}}]})~",
      .file = ResultFile::kJson,
      .run = &Run,
      .takes_tab = false,
  };
  return spec;
}

}  // namespace firefox_bidi::page
