#include "page/log_lines.h"

#include <boost/json/array.hpp>
#include <boost/json/string.hpp>
#include <boost/json/value.hpp>
#include <utility>

#include "absl/strings/str_cat.h"
#include "core/json_fields.h"
#include "core/string_view_compat.h"

namespace firefox_bidi::page {
namespace {

namespace json = boost::json;

// absl::StrCat over std::string_view pieces (absl::string_view is a distinct type here).
absl::string_view Piece(std::string_view s) { return ToAbsl(s); }
absl::string_view Piece(const char* s) { return s; }
absl::string_view Piece(const std::string& s) { return s; }
template <typename... Pieces>
std::string Cat(const Pieces&... pieces) {
  return absl::StrCat(Piece(pieces)...);
}

// One line: every run of white space that holds a line break becomes one space, and the
// ends are trimmed.
std::string OneLine(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      std::size_t j = i;
      bool line_break = false;
      while (j < text.size() &&
             (text[j] == ' ' || text[j] == '\t' || text[j] == '\n' || text[j] == '\r')) {
        line_break = line_break || text[j] == '\n' || text[j] == '\r';
        ++j;
      }
      if (!out.empty() && j < text.size()) {
        if (line_break) {
          out += ' ';
        } else {
          out.append(text.substr(i, j - i));
        }
      }
      i = j;
    } else {
      out += c;
      ++i;
    }
  }
  return out;
}

// At most `max_bytes` bytes, cut on a UTF-8 boundary with "…" (3 bytes) in the budget.
std::string Cut(std::string text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return text;
  static constexpr std::string_view kEllipsis = "\xE2\x80\xA6";
  std::size_t end = max_bytes > kEllipsis.size() ? max_bytes - kEllipsis.size() : 0;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  text.resize(end);
  text += kEllipsis;
  return text;
}

// " (FILE:LINE)" from the first frame of params.stackTrace, "" when there is none. A data:
// URL has no useful file name: " (line L)".
std::string Location(const json::object& params) {
  const json::object* trace = ObjectAt(params, "stackTrace");
  if (trace == nullptr) return "";
  const json::value* frames = trace->if_contains("callFrames");
  if (frames == nullptr || !frames->is_array() || frames->get_array().empty() ||
      !frames->get_array().front().is_object()) {
    return "";
  }
  const json::object& frame = frames->get_array().front().get_object();
  const json::value* line = frame.if_contains("lineNumber");
  if (line == nullptr || !line->is_number()) return "";
  boost::system::error_code ec;
  const std::int64_t zero_based = line->to_number<std::int64_t>(ec);
  if (ec || zero_based < 0) return "";
  std::string_view url = StringAt(frame, "url");
  if (url.empty() || url.starts_with("data:")) {
    return Cat(" (line ", std::to_string(zero_based + 1), ")");
  }
  url = url.substr(0, url.find_first_of("?#"));
  if (const std::size_t slash = url.rfind('/'); slash != std::string_view::npos) {
    url.remove_prefix(slash + 1);
  }
  if (url.empty()) return Cat(" (line ", std::to_string(zero_based + 1), ")");
  return Cat(" (", url, ":", std::to_string(zero_based + 1), ")");
}

const json::object* RequestOf(const json::object& params) { return ObjectAt(params, "request"); }

}  // namespace

const std::vector<std::string>& TabLogs::EventsNeeded() {
  static const std::vector<std::string> kEvents = {
      "browsingContext.contextCreated",      "browsingContext.contextDestroyed",
      "browsingContext.navigationCommitted", "log.entryAdded",
      "network.responseCompleted",           "network.fetchError"};
  return kEvents;
}

std::optional<LogLevel> ParseLogLevel(std::string_view name) {
  if (name == "debug") return LogLevel::kDebug;
  if (name == "info") return LogLevel::kInfo;
  if (name == "warning" || name == "warn") return LogLevel::kWarning;
  if (name == "error") return LogLevel::kError;
  return std::nullopt;
}

std::string TabLogs::ShortUrl(std::string_view url, std::string_view tab_origin) {
  url = url.substr(0, url.find('#'));
  if (!tab_origin.empty() && url.size() > tab_origin.size() && url.starts_with(tab_origin) &&
      url[tab_origin.size()] == '/') {
    return std::string(url.substr(tab_origin.size()));
  }
  if (!tab_origin.empty() && url == tab_origin) return "/";
  return std::string(url);
}

bool TabLogs::IsFaviconUrl(std::string_view url) {
  url = url.substr(0, url.find_first_of("?#"));
  const std::size_t scheme = url.find("://");
  if (scheme == std::string_view::npos) return false;
  const std::size_t path = url.find('/', scheme + 3);
  return path != std::string_view::npos && url.substr(path) == "/favicon.ico";
}

std::string TabLogs::OriginOf(std::string_view url) {
  const std::size_t scheme_end = url.find("://");
  if (scheme_end == std::string_view::npos || scheme_end == 0) return "";
  for (char c : url.substr(0, scheme_end)) {
    const bool scheme_char = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                             (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.';
    if (!scheme_char) return "";  // "data:text/html,<a href=x://y>" has no origin
  }
  const std::size_t authority_end = url.find_first_of("/?#", scheme_end + 3);
  return std::string(url.substr(0, authority_end));
}

std::string TabLogs::ConsoleLine(const json::object& params) {
  std::string_view method = StringAt(params, "method");
  if (method.empty()) method = StringAt(params, "level");
  if (method.empty()) method = "log";
  return Cat(method, ": ", OneLine(StringAt(params, "text")), Location(params));
}

std::string TabLogs::ErrorLine(const json::object& params) {
  return Cat(OneLine(StringAt(params, "text")), Location(params));
}

std::string TabLogs::FailedResponseLine(const json::object& params, std::string_view tab_origin) {
  const json::object* request = RequestOf(params);
  const json::object* response = ObjectAt(params, "response");
  std::string_view method = request != nullptr ? StringAt(*request, "method") : "";
  std::string_view url = request != nullptr ? StringAt(*request, "url") : "";
  if (url.empty() && response != nullptr) url = StringAt(*response, "url");
  std::string status = "?";
  if (response != nullptr) {
    const json::value* s = response->if_contains("status");
    if (s != nullptr && s->is_number()) {
      boost::system::error_code ec;
      const std::int64_t n = s->to_number<std::int64_t>(ec);
      if (!ec) status = std::to_string(n);
    }
  }
  return Cat(status, " ", method.empty() ? "GET" : method, " ", ShortUrl(url, tab_origin));
}

std::string TabLogs::FetchErrorLine(const json::object& params, std::string_view tab_origin) {
  const json::object* request = RequestOf(params);
  std::string_view method = request != nullptr ? StringAt(*request, "method") : "";
  std::string_view url = request != nullptr ? StringAt(*request, "url") : "";
  std::string_view error = StringAt(params, "errorText");
  return Cat("failed ", method.empty() ? "GET" : method, " ", ShortUrl(url, tab_origin), ": ",
             error.empty() ? "network error" : error);
}

std::string TabLogs::TabOf(std::string_view context) const {
  std::string current(context);
  // Bounded walk: a malformed tree (a cycle) cannot loop forever.
  for (std::size_t steps = 0; steps <= parent_.size(); ++steps) {
    auto it = parent_.find(current);
    if (it == parent_.end()) break;
    current = it->second;
  }
  return current;
}

std::string TabLogs::TabOrigin(std::string_view tab) const {
  auto it = tabs_.find(tab);
  return it == tabs_.end() ? std::string() : it->second.origin;
}

std::uint64_t TabLogs::CurrentDocument(std::string_view tab) const {
  auto it = tabs_.find(tab);
  return it == tabs_.end() ? 0 : it->second.document;
}

std::uint64_t TabLogs::DocumentOf(const json::object& params) const {
  const std::string_view context = StringAt(params, "context");
  const std::string tab_id = TabOf(context);
  auto it = tabs_.find(tab_id);
  const std::uint64_t current = it == tabs_.end() ? 0 : it->second.document;
  const json::value* navigation = params.if_contains("navigation");
  if (navigation != nullptr && navigation->is_string() && tab_id == context &&
      (it == tabs_.end() || navigation->get_string() != it->second.committed_navigation)) {
    return current + 1;
  }
  return current;
}

void TabLogs::Add(std::string_view context, List Tab::*list, std::string text, LogLevel level,
                  std::optional<std::uint64_t> document) {
  Tab& tab = tabs_[TabOf(context)];
  text = Cut(std::move(text), limits_.max_line_bytes);
  const std::uint64_t belongs_to = document.value_or(tab.document);
  std::deque<Line>& lines = (tab.*list).lines;
  if (!lines.empty() && lines.back().text == text && lines.back().document == belongs_to) {
    ++lines.back().repeats;
    return;
  }
  lines.push_back(Line{std::move(text), level, belongs_to});
  while (lines.size() > limits_.max_lines) {
    lines.pop_front();
    ++tab.dropped;
  }
}

void TabLogs::Forget(const std::string& context) {
  tabs_.erase(context);
  parent_.erase(context);
  for (auto it = parent_.begin(); it != parent_.end();) {
    it = it->second == context ? parent_.erase(it) : std::next(it);
  }
}

bool TabLogs::Observe(const json::object& event) {
  const std::string_view method = StringAt(event, "method");
  const json::object* params = ObjectAt(event, "params");
  if (params == nullptr) return false;
  if (method == "log.entryAdded") {
    const json::object* source = ObjectAt(*params, "source");
    const std::string_view context = source != nullptr ? StringAt(*source, "context") : "";
    if (context.empty()) return true;  // a worker's message: no tab to file it under
    if (StringAt(*params, "type") == "javascript") {
      Add(context, &Tab::errors, ErrorLine(*params), LogLevel::kError);
    } else {
      Add(context, &Tab::console, ConsoleLine(*params),
          ParseLogLevel(StringAt(*params, "level")).value_or(LogLevel::kInfo));
    }
    return true;
  }
  if (method == "network.responseCompleted" || method == "network.fetchError") {
    const std::string_view context = StringAt(*params, "context");
    if (context.empty()) return true;
    const std::string tab_id = TabOf(context);
    Tab& tab = tabs_[tab_id];
    const json::value* navigation = params->if_contains("navigation");
    const bool document = navigation != nullptr && navigation->is_string() && tab_id == context;
    // A document's own request belongs to the document it brings, committed or not yet.
    std::optional<std::uint64_t> belongs_to;
    if (document && navigation->get_string() != tab.committed_navigation) {
      belongs_to = tab.document + 1;
    }
    if (method == "network.fetchError") {
      // Cancelled, not failed: the document went away (a navigation) or the page aborted it.
      if (StringAt(*params, "errorText") == "NS_BINDING_ABORTED") return true;
      Add(context, &Tab::failed, FetchErrorLine(*params, tab.origin), LogLevel::kError, belongs_to);
      return true;
    }
    const json::object* request = RequestOf(*params);
    if (document && request != nullptr) tab.origin = OriginOf(StringAt(*request, "url"));
    const json::object* response = ObjectAt(*params, "response");
    const json::value* status = response != nullptr ? response->if_contains("status") : nullptr;
    boost::system::error_code ec;
    if (status != nullptr && status->is_number() && status->to_number<std::int64_t>(ec) >= 400 &&
        !ec && !(request != nullptr && IsFaviconUrl(StringAt(*request, "url")))) {
      Add(context, &Tab::failed, FailedResponseLine(*params, tab.origin), LogLevel::kError,
          belongs_to);
    }
    return true;
  }
  if (method == "browsingContext.navigationCommitted") {
    const std::string_view context = StringAt(*params, "context");
    if (context.empty() || TabOf(context) != context) return true;  // an iframe's document
    Tab& tab = tabs_[std::string(context)];
    ++tab.document;
    tab.committed_navigation = std::string(StringAt(*params, "navigation"));
    return true;
  }
  if (method == "browsingContext.contextCreated") {
    const std::string_view context = StringAt(*params, "context");
    const std::string_view parent = StringAt(*params, "parent");
    if (!context.empty() && !parent.empty()) parent_[std::string(context)] = std::string(parent);
    return true;
  }
  if (method == "browsingContext.contextDestroyed") {
    const std::string_view context = StringAt(*params, "context");
    if (!context.empty()) Forget(std::string(context));
    return true;
  }
  return false;
}

json::object TabLogs::Read(std::string_view tab_id, const LogQuery& query) {
  json::object out;
  auto it = tabs_.find(tab_id);
  auto render = [&](const char* key, List Tab::*list) {
    json::array shown;
    if (it != tabs_.end()) {
      const Tab& tab = it->second;
      std::deque<Line>& lines = (it->second.*list).lines;
      std::deque<Line> kept;
      for (Line& line : lines) {
        const bool selected =
            line.level >= query.level && (!query.current_document || line.document == tab.document);
        if (selected) {
          shown.emplace_back(line.repeats == 1
                                 ? line.text
                                 : Cat(line.text, " (\xC3\x97", std::to_string(line.repeats), ")"));
        }
        if (!selected || !query.clear) kept.push_back(std::move(line));
      }
      lines = std::move(kept);
    }
    out.emplace(key, std::move(shown));
  };
  render("console", &Tab::console);
  render("errors", &Tab::errors);
  render("failed_requests", &Tab::failed);
  if (it != tabs_.end()) {
    if (it->second.dropped > 0) out.emplace("dropped", it->second.dropped);
    if (query.clear) it->second.dropped = 0;
  }
  return out;
}

}  // namespace firefox_bidi::page
