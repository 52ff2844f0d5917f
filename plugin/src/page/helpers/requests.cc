// page.requests: the requests the tab's current document (or every document since the tab
// opened) made since the last read, one line each, optionally with their bodies as text;
// page/request_lines.h collects them from the plugin's own events, and the bodies come from
// the plugin's network data collector (network.getData).
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <chrono>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"
#include "core/transport_error.h"
#include "page/help_text.h"
#include "page/helper_error.h"
#include "page/helpers/helpers.h"
#include "page/helpers/tab_lines.h"
#include "page/request_lines.h"

namespace firefox_bidi::page {
namespace json = boost::json;
namespace {

constexpr char kMethod[] = "page.requests";

// Each body is asked for with its own bound: Firefox may never answer network.getData.
constexpr std::chrono::milliseconds kBodyTimeout{3000};

// One body as text, or why there is none: `text` or `missing` is set.
struct Body {
  std::optional<std::string> text;
  std::string missing;
};

absl::StatusOr<Body> GetBody(PageContext& page, const RequestLine& line, std::string_view type) {
  Body body;
  if (page.state().session->collector.empty()) {
    body.missing = "this Firefox collects no network data (network.addDataCollector failed)";
    return body;
  }
  absl::StatusOr<BidiReply> reply =
      page.SendWithin("network.getData",
                      json::object{{"dataType", type},
                                   {"request", line.request},
                                   {"collector", page.state().session->collector}},
                      kBodyTimeout);
  if (!reply.ok()) {
    if (TransportErrorOf(reply.status()) != TransportError::kReplyTimeout) return reply.status();
    body.missing =
        absl::StrCat("Firefox did not answer network.getData within ", kBodyTimeout.count(), " ms");
    return body;
  }
  if (!reply->ok) {
    body.missing = reply->error == "no such network data"
                       ? std::string("not kept (none sent, larger than 1 MiB, or no longer held)")
                       : absl::StrCat(reply->error, ": ", reply->message);
    return body;
  }
  if (!reply->result.status().ok()) return reply->result.status();
  const json::value& result = reply->result.value();
  const json::object* object = result.if_object();
  const json::value* bytes = object != nullptr ? object->if_contains("bytes") : nullptr;
  const json::object* b = bytes != nullptr ? bytes->if_object() : nullptr;
  const json::value* kind = b != nullptr ? b->if_contains("type") : nullptr;
  const json::value* value = b != nullptr ? b->if_contains("value") : nullptr;
  if (kind == nullptr || value == nullptr || !value->is_string()) {
    body.missing = "Firefox returned no bytes";
    return body;
  }
  if (StringIs(kind, "string")) {
    body.text = std::string(value->get_string());
  } else {
    // Not UTF-8 text: its size only.
    const std::size_t encoded = value->get_string().size();
    body.missing = absl::StrCat("binary, about ", encoded / 4 * 3, " bytes");
  }
  return body;
}

// A method that sends no body.
bool Bodiless(std::string_view method) {
  return method == "GET" || method == "HEAD" || method == "OPTIONS";
}

absl::StatusOr<json::value> Run(PageContext& page, const json::object& params) {
  ASSIGN_OR_RETURN(std::optional<bool> clear, BoolParam(kMethod, params, "clear"));
  ASSIGN_OR_RETURN(std::optional<bool> bodies, BoolParam(kMethod, params, "bodies"));
  ASSIGN_OR_RETURN(std::optional<bool> failed, BoolParam(kMethod, params, "failed"));
  ASSIGN_OR_RETURN(std::optional<std::string> filter_text, StringParam(kMethod, params, "filter"));
  std::optional<UrlFilter> filter;
  if (filter_text) {
    std::string why;
    filter = UrlFilter::Parse(*filter_text, &why);
    if (!filter) return HelperError(kInvalidArgument, absl::StrCat(kMethod, ": \"filter\": ", why));
  }
  ASSIGN_OR_RETURN(const bool current_document, CurrentDocumentOnly(kMethod, params));
  ASSIGN_OR_RETURN(const std::string tab, CaughtUpTab(page, params));
  std::uint64_t dropped = 0;
  const std::vector<RequestLine> lines = page.state().requests.Read(
      tab, page.state().logs.CurrentDocument(tab), current_document,
      [&](const RequestLine& line) {
        if (failed.value_or(false) && !line.failed && line.status < 400) return false;
        return !filter || filter->Matches(line.url);
      },
      clear.value_or(true), &dropped);
  json::array shown;
  for (const RequestLine& line : lines) {
    if (!bodies.value_or(false)) {
      shown.emplace_back(line.text);
      continue;
    }
    json::object item{{"line", line.text}};
    if (!Bodiless(line.method)) {
      ASSIGN_OR_RETURN(Body request, GetBody(page, line, "request"));
      if (request.text) {
        item["request_body"] = *request.text;
      } else {
        item["request_body_missing"] = request.missing;
      }
    }
    if (!line.failed) {
      ASSIGN_OR_RETURN(Body response, GetBody(page, line, "response"));
      if (response.text) {
        item["response_body"] = *response.text;
      } else {
        item["response_body_missing"] = response.missing;
      }
    }
    shown.emplace_back(std::move(item));
  }
  json::object out{{"requests", std::move(shown)}};
  if (dropped > 0) out["dropped"] = dropped;
  return out;
}

constexpr Param kParams[] = {
    {.key = "filter",
     .type = ParamType::kString,
     .help = R"~(a part of the URL, or "/REGEX/FLAGS")~"},
    {.key = "failed",
     .type = ParamType::kBoolean,
     .default_value = "false",
     .help = R"~(only status >= 400 and network errors)~"},
    {.key = "bodies",
     .type = ParamType::kBoolean,
     .default_value = "false",
     .help = R"~(add the request and response bodies as text)~"},
    kDocumentScopeParam,
    kClearLinesParam,
};

}  // namespace

const HelperSpec& RequestsHelper() {
  static const HelperSpec spec{
      .method = kMethod,
      .synopsis = R"~({filter?, failed?, bodies?} -> {requests})~",
      .summary =
          "Returns the requests the tab's current document (or every document since the tab "
          "opened) made that finished since the last read, one line each: status, method, URL "
          "(a path on the tab's own origin), body size and time; failed ones with their error.",
      .params = kParams,
      .result =
          R"~({"requests": ["200 GET /api/items (1.2 KB, 35 ms)", "500 POST /api/orders (25 B, 4 ms)", "ERR GET http://other.example/x.js (NS_ERROR_UNKNOWN_HOST)", "200 GET /api/items (31 B, routed by r1)", ...]}, the newest 200 per tab kept and "dropped": N counting older ones. With bodies each entry is {"line", "request_body", "response_body"}: text, up to 1 MiB each; a GET has no request body, a failed request no response body; one that cannot be had (binary, too large) says why in request_body_missing / response_body_missing. A regex filter is C++ std::regex (ECMAScript), searched in the whole URL; flag i ignores case. A request made while no call runs is recorded when the next call begins.)~",
      .errors = R"~("invalid argument" (a bad regex), "no such tab")~",
      .example =
          R"~({"frames":[{"method":"page.goto","params":{"url":"data:text/html,<script>fetch('http://127.0.0.1:9/api/items')</script>"},"silent":true},{"method":"page.requests","params":{"filter":"/api/","failed":true,"bodies":true}}]})~",
      .file = ResultFile::kJson,
      .run = &Run,
  };
  return spec;
}

}  // namespace firefox_bidi::page
