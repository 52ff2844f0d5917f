#include "page/request_lines.h"

#include <cmath>
#include <cstdio>
#include <utility>

#include "absl/strings/str_cat.h"
#include "core/json_fields.h"
#include "core/string_view_compat.h"

namespace firefox_bidi::page {
namespace {

namespace json = boost::json;

// Not a request of the page: no network (data:), or the icon the browser asks for itself.
bool LeftOut(std::string_view url) {
  return url.starts_with("data:") || TabLogs::IsFaviconUrl(url);
}

}  // namespace

std::string TabRequests::SizeText(std::uint64_t bytes) {
  if (bytes < 1024) return absl::StrCat(bytes, " B");
  char text[32];
  if (bytes < 1024 * 1024) {
    std::snprintf(text, sizeof text, "%.1f KB", static_cast<double>(bytes) / 1024.0);
  } else {
    std::snprintf(text, sizeof text, "%.1f MB", static_cast<double>(bytes) / (1024.0 * 1024.0));
  }
  return text;
}

std::string TabRequests::ResponseLine(const json::object& params, std::string_view tab_origin,
                                      std::string_view routed) {
  const json::object* request = ObjectAt(params, "request");
  const json::object* response = ObjectAt(params, "response");
  std::string_view method = request != nullptr ? StringAt(*request, "method") : "";
  std::string_view url = request != nullptr ? StringAt(*request, "url") : "";
  std::string status = "?";
  std::string size;
  if (response != nullptr) {
    if (std::optional<double> s = NumberAt(*response, "status")) {
      status = absl::StrCat(static_cast<std::int64_t>(*s));
    }
    if (std::optional<double> b = NumberAt(*response, "bodySize"); b && *b >= 0) {
      size = SizeText(static_cast<std::uint64_t>(*b));
    }
    const json::value* cached = response->if_contains("fromCache");
    if (cached != nullptr && cached->is_bool() && cached->get_bool()) {
      size = size.empty() ? "cached" : absl::StrCat(size, ", cached");
    }
  }
  std::string details = size;
  const json::object* timings = request != nullptr ? ObjectAt(*request, "timings") : nullptr;
  if (timings != nullptr) {
    const std::optional<double> start = NumberAt(*timings, "requestTime");
    const std::optional<double> end = NumberAt(*timings, "responseEnd");
    if (start && end && *start > 0 && *end >= *start) {
      absl::StrAppend(&details, details.empty() ? "" : ", ",
                      static_cast<std::int64_t>(std::llround(*end - *start)), " ms");
    }
  }
  if (!routed.empty()) absl::StrAppend(&details, details.empty() ? "" : ", ", ToAbsl(routed));
  return absl::StrCat(status, " ", ToAbsl(method.empty() ? "GET" : method), " ",
                      TabLogs::ShortUrl(url, tab_origin), details.empty() ? "" : " (", details,
                      details.empty() ? "" : ")");
}

std::string TabRequests::ErrorLine(const json::object& params, std::string_view tab_origin,
                                   std::string_view routed) {
  const json::object* request = ObjectAt(params, "request");
  std::string_view method = request != nullptr ? StringAt(*request, "method") : "";
  std::string_view url = request != nullptr ? StringAt(*request, "url") : "";
  std::string_view error = StringAt(params, "errorText");
  if (!routed.empty()) error = routed;
  return absl::StrCat("ERR ", ToAbsl(method.empty() ? "GET" : method), " ",
                      TabLogs::ShortUrl(url, tab_origin), " (",
                      ToAbsl(error.empty() ? "network error" : error), ")");
}

void TabRequests::Routed(std::string_view request, std::string how) {
  // Bounded: a routed request whose line never comes (its tab closed) is not kept forever.
  if (routed_.size() >= 1000) routed_.clear();
  routed_[std::string(request)] = std::move(how);
}

bool TabRequests::Observe(const json::object& event, const TabLogs& logs) {
  const std::string_view method = StringAt(event, "method");
  if (method != "network.responseCompleted" && method != "network.fetchError") {
    if (method == "browsingContext.contextDestroyed") {
      if (const json::object* params = ObjectAt(event, "params")) {
        if (auto it = tabs_.find(StringAt(*params, "context")); it != tabs_.end()) {
          tabs_.erase(it);
        }
      }
    } else if (method == "browsingContext.navigationCommitted") {
      if (const json::object* params = ObjectAt(event, "params")) SettleDocuments(*params, logs);
    }
    return false;
  }
  const json::object* params = ObjectAt(event, "params");
  if (params == nullptr) return false;
  const std::string_view context = StringAt(*params, "context");
  const json::object* request = ObjectAt(*params, "request");
  if (context.empty() || request == nullptr) return false;
  RequestLine line;
  line.url = std::string(StringAt(*request, "url"));
  if (LeftOut(line.url)) return false;
  line.request = std::string(StringAt(*request, "request"));
  line.method = std::string(StringAt(*request, "method"));
  if (line.method.empty()) line.method = "GET";
  std::string routed;
  if (auto it = routed_.find(line.request); it != routed_.end()) {
    routed = std::move(it->second);
    routed_.erase(it);
  }
  const std::string tab_id = logs.TabOf(context);
  const std::string origin = logs.TabOrigin(tab_id);
  if (method == "network.fetchError") {
    if (StringAt(*params, "errorText") == "NS_BINDING_ABORTED") return false;
    line.failed = true;
    line.text = ErrorLine(*params, origin, routed);
  } else {
    line.text = ResponseLine(*params, origin, routed);
    if (const json::object* response = ObjectAt(*params, "response")) {
      line.status = static_cast<int>(NumberAt(*response, "status").value_or(0));
    }
  }
  line.document = logs.DocumentOf(*params);
  if (line.document != logs.CurrentDocument(tab_id)) {
    // A navigation's own request, counted in the document it is to make until it commits.
    line.navigation = std::string(StringAt(*params, "navigation"));
  }
  Tab& tab = tabs_[tab_id];
  tab.lines.push_back(std::move(line));
  while (tab.lines.size() > max_lines_) {
    tab.lines.pop_front();
    ++tab.dropped;
  }
  return true;
}

void TabRequests::SettleDocuments(const json::object& committed, const TabLogs& logs) {
  const std::string_view context = StringAt(committed, "context");
  auto it = tabs_.find(std::string(context));
  if (it == tabs_.end() || logs.TabOf(context) != context) return;
  const std::uint64_t current = logs.CurrentDocument(context);
  const std::string_view navigation = StringAt(committed, "navigation");
  for (RequestLine& line : it->second.lines) {
    if (line.navigation.empty()) continue;
    // A navigation that made no document (a download, one stopped or replaced) leaves its
    // request in the document it began in.
    if (line.navigation != navigation && line.document == current && current > 0) --line.document;
    line.navigation.clear();
  }
}

std::vector<RequestLine> TabRequests::Read(std::string_view tab_id, std::uint64_t current_document,
                                           bool current_document_only,
                                           const std::function<bool(const RequestLine&)>& matches,
                                           bool clear, std::uint64_t* dropped) {
  std::vector<RequestLine> shown;
  *dropped = 0;
  auto it = tabs_.find(tab_id);
  if (it == tabs_.end()) return shown;
  Tab& tab = it->second;
  std::deque<RequestLine> kept;
  for (RequestLine& line : tab.lines) {
    const bool selected =
        (!current_document_only || line.document == current_document) && matches(line);
    if (selected) shown.push_back(line);
    if (!selected || !clear) kept.push_back(std::move(line));
  }
  tab.lines = std::move(kept);
  *dropped = tab.dropped;
  if (clear) tab.dropped = 0;
  return shown;
}

std::optional<UrlFilter> UrlFilter::Parse(std::string_view text, std::string* error, bool globs) {
  UrlFilter filter;
  const std::size_t last = text.rfind('/');
  const std::string_view flags =
      last == std::string_view::npos ? std::string_view() : text.substr(last + 1);
  // A path such as "/api/items" is no regex: its "flags" are not all JavaScript's.
  const bool regex = text.size() >= 3 && text.front() == '/' && last != 0 &&
                     flags.find_first_not_of("dgimsuy") == std::string_view::npos;
  if (regex) {
    const std::string_view pattern = text.substr(1, last - 1);
    auto options = std::regex::ECMAScript;
    // g, y, s, u, d change nothing about whether a URL matches; m neither (no line breaks).
    if (flags.find('i') != std::string_view::npos) options |= std::regex::icase;
    try {
      filter.regex_.emplace(std::string(pattern), options);
    } catch (const std::regex_error& e) {
      *error = absl::StrCat("the regex \"", ToAbsl(text), "\" is not valid: ", e.what());
      return std::nullopt;
    }
    return filter;
  }
  if (globs && text.find('*') != std::string_view::npos) {
    // "/api/*": the URL's path on any origin.
    std::string pattern = text.starts_with("/") ? "^[A-Za-z][A-Za-z0-9+.-]*://[^/]*" : "^";
    for (std::size_t i = 0; i < text.size(); ++i) {
      const char c = text[i];
      if (c == '*') {
        if (i + 1 < text.size() && text[i + 1] == '*') {
          pattern += ".*";
          ++i;
        } else {
          pattern += "[^/]*";
        }
      } else if (std::string_view("\\^$.|?+()[]{}").find(c) != std::string_view::npos) {
        pattern += '\\';
        pattern += c;
      } else {
        pattern += c;
      }
    }
    pattern += '$';
    filter.regex_.emplace(pattern, std::regex::ECMAScript);
    return filter;
  }
  filter.substring_ = std::string(text);
  return filter;
}

bool UrlFilter::Matches(std::string_view url) const {
  if (regex_) return std::regex_search(url.begin(), url.end(), *regex_);
  return url.find(substring_) != std::string_view::npos;
}

}  // namespace firefox_bidi::page
