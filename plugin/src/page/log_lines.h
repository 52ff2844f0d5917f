// What `page.logs` returns (DESIGN.md section 9, "Logs"): for every tab, from when it opens,
// the console messages, uncaught errors and failed requests its documents produced, one
// compact line each, bounded with the newest kept.
//
// TabLogs is fed the BiDi event messages the plugin's own subscriptions bring
// (EventsNeeded()) and keeps, per tab (a top-level browsing context), three bounded lists:
//   console          "METHOD: TEXT (FILE:LINE)"   e.g. `error: payment widget failed: E42
//   (app.js:12)` errors           "TEXT (FILE:LINE)"           e.g. `TypeError: x is undefined
//   (app.js:3)` failed_requests  "STATUS METHOD URL"          e.g. `404 GET /missing/logo.png`
//                    "failed METHOD URL: ERROR"   e.g. `failed GET http://127.0.0.1:9/a:
//                    NS_ERROR_CONNECTION_REFUSED`
// A URL on the tab's own origin is shown as its path and query; any other URL in full. FILE is
// the last path segment of the script's URL (nothing for data: URLs), LINE is 1-based. A line
// is one line (runs of white space with line breaks become one space) of at most
// max_line_bytes (cut on a UTF-8 boundary, ending in "…"); a line equal to the one before it
// in the same list is counted instead of repeated: `log: tick (×12)`.
//
// Events of nested browsing contexts (iframes) count for their tab: the tree is learnt from
// browsingContext.contextCreated; a context never announced counts as a tab of its own.
//
// Every line has a level (a console message its own; an uncaught error or a failed request
// "error") and belongs to one of the tab's documents: a new one begins with each
// browsingContext.navigationCommitted of the tab itself. The failed response of a document's
// own request belongs to that document, though it may come before its commit.
//
// Thread safety: none; one owner (the page helper layer, on the batch's thread).
#ifndef FIREFOX_BIDI_PAGE_LOG_LINES_H_
#define FIREFOX_BIDI_PAGE_LOG_LINES_H_

#include <boost/json/object.hpp>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace firefox_bidi::page {

// How severe a line is, least first; a read keeps lines at or above a level.
enum class LogLevel { kDebug, kInfo, kWarning, kError };

// "debug", "info", "warning" (or BiDi's "warn"), "error"; nullopt for anything else.
std::optional<LogLevel> ParseLogLevel(std::string_view name);

// What one read returns and clears.
struct LogQuery {
  LogLevel level = LogLevel::kDebug;  // lines at this level or above
  bool current_document = true;       // only lines of the tab's current document
  bool clear = true;                  // the lines returned are not returned again
};

struct LogLimits {
  std::size_t max_lines = 100;       // per list and tab; older lines are dropped and counted
  std::size_t max_line_bytes = 300;  // a longer line is cut
};

class TabLogs {
 public:
  explicit TabLogs(LogLimits limits = {}) : limits_(limits) {}

  // The BiDi events the collection needs to be subscribed to.
  static const std::vector<std::string>& EventsNeeded();

  // Takes one BiDi event message ({"type":"event","method":M,"params":P}). Returns true when
  // M is one of EventsNeeded() (whether or not it made a line), false for any other message.
  bool Observe(const boost::json::object& event);

  // {"console":[...],"errors":[...],"failed_requests":[...]} of `tab`: the lines `query`
  // selects, oldest first, plus "dropped":N when N older lines were dropped to stay within
  // max_lines. An unknown tab has empty lists. With query.clear, the lines returned are
  // removed and the dropped count starts afresh; the others stay for a later read.
  boost::json::object Read(std::string_view tab, const LogQuery& query);

  // The top-level context `context` belongs to (itself when it has no known parent).
  std::string TabOf(std::string_view context) const;

  // For page.requests (page/request_lines.h), which files requests as these lines are filed:
  // the origin of `tab`'s current document ("" when unknown), the number of its current
  // document, and the document a network event's params (with "context" and "navigation")
  // belong to (a document's own request to the document it brings, committed or not yet).
  std::string TabOrigin(std::string_view tab) const;
  std::uint64_t CurrentDocument(std::string_view tab) const;
  std::uint64_t DocumentOf(const boost::json::object& network_params) const;

  // Line formatting, for tests. `params` is an event's params; `tab_origin` the origin
  // ("scheme://host[:port]") of the tab's document, "" when unknown.
  static std::string ConsoleLine(const boost::json::object& params);
  static std::string ErrorLine(const boost::json::object& params);
  static std::string FailedResponseLine(const boost::json::object& params,
                                        std::string_view tab_origin);
  static std::string FetchErrorLine(const boost::json::object& params, std::string_view tab_origin);
  // "scheme://authority" of an http(s)/ws(s)/file-like URL, "" for others (data:, about:).
  static std::string OriginOf(std::string_view url);
  // The icon the browser asks every site for on its own (a site without one is no news).
  static bool IsFaviconUrl(std::string_view url);
  // A URL as a model wants to read it: path and query when on the tab's origin, else whole;
  // no fragment.
  static std::string ShortUrl(std::string_view url, std::string_view tab_origin);

 private:
  struct Line {
    std::string text;
    LogLevel level;
    std::uint64_t document;  // the tab's Tab::document it belongs to
    std::uint64_t repeats = 1;
  };
  struct List {
    std::deque<Line> lines;
  };
  struct Tab {
    List console, errors, failed;
    std::uint64_t dropped = 0;
    std::string origin;          // of the tab's current document, from its navigation responses
    std::uint64_t document = 0;  // counts the tab's committed navigations
    std::string committed_navigation;  // the id of the last one
  };

  void Add(std::string_view context, List Tab::*list, std::string text, LogLevel level,
           std::optional<std::uint64_t> document = std::nullopt);
  void Forget(const std::string& context);

  LogLimits limits_;
  std::map<std::string, Tab, std::less<>> tabs_;
  std::map<std::string, std::string, std::less<>> parent_;  // nested context -> its parent
};

}  // namespace firefox_bidi::page

#endif  // FIREFOX_BIDI_PAGE_LOG_LINES_H_
