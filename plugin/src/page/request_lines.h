// What `page.requests` returns: for every tab, from when it opens, each request its documents
// made that has finished (a response or a network error), one compact line each, bounded with
// the newest kept.
//
// TabRequests is fed the BiDi event messages of the plugin's own subscription
// (network.responseCompleted, network.fetchError; the tab tree, documents and origins come
// from the TabLogs it is given, which sees the same events first). A line:
//   "STATUS METHOD URL (SIZE, N ms)"   e.g. `200 GET /api/items (1.2 KB, 35 ms)`
//   "ERR METHOD URL (ERROR)"           e.g. `ERR GET http://127.0.0.1:9/a
//   (NS_ERROR_CONNECTION_REFUSED)`
// URL as page.logs writes it: path and query on the tab's own origin, any other URL in full.
// SIZE is the response body's bytes as received ("0 B", "512 B", "1.2 KB", "3.4 MB"); N the
// time from the request's start to its response's end, left out when Firefox gives no timing
// (a response a route provided). A request a route answered says so: `(31 B, routed)`,
// `ERR GET /x (aborted by route r2)`. data: URLs (no network) and the browser's own
// /favicon.ico request are not requests of the page and are left out; so is a request
// cancelled because its document went away (NS_BINDING_ABORTED).
//
// Thread safety: none; one owner (the page helper layer, on the batch's thread).
#ifndef FIREFOX_BIDI_PAGE_REQUEST_LINES_H_
#define FIREFOX_BIDI_PAGE_REQUEST_LINES_H_

#include <boost/json/object.hpp>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "page/log_lines.h"

namespace firefox_bidi::page {

// One finished request, as page.requests shows it.
struct RequestLine {
  std::string text;     // the line
  std::string url;      // the whole URL, which a filter is matched against
  std::string method;   // "GET", "POST", ...
  std::string request;  // BiDi's request id, for network.getData
  bool failed = false;  // a network error: no response body
  int status = 0;       // the response's status (0 for a network error)
  std::uint64_t document = 0;
  std::string navigation;  // until its navigation commits: the navigation a request made
};

class TabRequests {
 public:
  explicit TabRequests(std::size_t max_lines = 200) : max_lines_(max_lines) {}

  // Takes one BiDi event message after `logs` has seen it. True when it made a line.
  bool Observe(const boost::json::object& event, const TabLogs& logs);

  // A request a route answered: its line says so. `how`: "routed", or "aborted by route rN".
  void Routed(std::string_view request, std::string how);

  // The lines of `tab` that `matches` selects (of its current document only when
  // `current_document`), oldest first; with `clear` they are removed. `dropped` gets how many
  // older lines were dropped to stay within the bound since the last clearing read.
  std::vector<RequestLine> Read(std::string_view tab, std::uint64_t current_document,
                                bool current_document_only,
                                const std::function<bool(const RequestLine&)>& matches, bool clear,
                                std::uint64_t* dropped);

  // Line formatting, for tests.
  static std::string SizeText(std::uint64_t bytes);
  static std::string ResponseLine(const boost::json::object& params, std::string_view tab_origin,
                                  std::string_view routed);
  static std::string ErrorLine(const boost::json::object& params, std::string_view tab_origin,
                               std::string_view routed);

 private:
  // After `logs` saw the tab's navigationCommitted: requests of navigations that did not
  // commit belong to the document before.
  void SettleDocuments(const boost::json::object& committed, const TabLogs& logs);

  struct Tab {
    std::deque<RequestLine> lines;
    std::uint64_t dropped = 0;
  };
  std::size_t max_lines_;
  std::map<std::string, Tab, std::less<>> tabs_;
  std::map<std::string, std::string, std::less<>> routed_;  // request id -> how, until its line
};

// A page.requests / page.route URL filter: "/PATTERN/FLAGS" (FLAGS only of JavaScript's
// "dgimsuy", maybe none) is a regular expression (C++ std::regex, ECMAScript grammar, searched
// anywhere in the URL; "i" ignores case, the others change nothing for a URL); anything else
// is a substring of the URL ("/api/items" is a substring: "tems" are no flags). With `globs`,
// a text holding "*" is a glob over the whole URL instead: "**" any characters, "*" any but
// "/", the rest literal ("**/api/items" matches "http://host/api/items", not
// ".../api/items?x=1"); one starting with "/" is the URL's path on any origin ("/api/*"). An
// invalid regex is an error message naming it.
class UrlFilter {
 public:
  static std::optional<UrlFilter> Parse(std::string_view text, std::string* error,
                                        bool globs = false);
  bool Matches(std::string_view url) const;

 private:
  std::string substring_;
  std::optional<std::regex> regex_;
};

}  // namespace firefox_bidi::page

#endif  // FIREFOX_BIDI_PAGE_REQUEST_LINES_H_
