// page.route's routes (DESIGN.md section 9, "Network, state and search helpers"): requests
// whose URL matches a route's pattern are answered by the plugin (fulfilled, aborted, or sent
// on with headers changed) until the route is removed or the browser session ends.
//
// The plugin's one network intercept (network.addIntercept, phase beforeRequestSent, no URL
// patterns: BiDi's own patterns cannot say "**/api/items") is in place while any route
// exists; the plugin matches each blocked request's URL against the routes, newest first, and
// answers it (Answer) the moment it reads the event, during whatever call reads it. A request
// no route matches is continued unchanged.
//
// Thread safety: none; one owner (the page helper layer, on the batch's thread).
#ifndef FIREFOX_BIDI_PAGE_ROUTES_H_
#define FIREFOX_BIDI_PAGE_ROUTES_H_

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "page/request_lines.h"

namespace firefox_bidi::page {

struct Route {
  enum class Action { kFulfill, kAbort, kContinue };
  std::string id;   // "r1", "r2", ... never reused in a session
  std::string url;  // the pattern as given
  UrlFilter filter;
  Action action = Action::kContinue;
  int status = 200;                                          // kFulfill
  std::vector<std::pair<std::string, std::string>> headers;  // kFulfill; kContinue: overrides
  std::string body;                                          // kFulfill
  bool base64 = false;                                       // kFulfill: body is base64
  std::uint64_t hits = 0;                                    // requests it answered
};

// A command that answers a blocked request: its method and params.
struct RouteAnswer {
  std::string method;  // network.provideResponse, network.failRequest, network.continueRequest
  boost::json::object params;
  std::string how;  // for the request's line: "routed", "aborted by route r2", "" (continued)
};

class Routes {
 public:
  // Adds `route` (its id assigned here) and returns its id.
  std::string Add(Route route);
  // False when there is no route `id`.
  bool Remove(std::string_view id);
  void Clear() { routes_.clear(); }
  bool empty() const { return routes_.empty(); }
  // [{"id","url","action",("status"),"hits"}], oldest first.
  boost::json::array List() const;

  // The answer to a request blocked by the plugin's intercept: `params` are the
  // network.beforeRequestSent event's.
  RouteAnswer Answer(const boost::json::object& params);

  // The plugin's intercept while routes exist ("" when none). Its blocked requests come as
  // network.beforeRequestSent events, to which the plugin is always subscribed.
  std::string intercept;

 private:
  std::vector<Route> routes_;
  std::uint64_t next_ = 1;
};

}  // namespace firefox_bidi::page

#endif  // FIREFOX_BIDI_PAGE_ROUTES_H_
