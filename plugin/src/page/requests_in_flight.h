// The requests a tab's documents have begun and not yet finished (network.beforeRequestSent
// without its network.responseCompleted or network.fetchError), for the waits that settle an
// action: data a page fetches after a click, a key or its load is drawn when its response
// comes, so the page is not quiet while such a request is out (DESIGN.md section 9, "Actions
// settle"). A document's own request (a navigation) is not counted: navigations are followed
// on their own; nor is the icon the browser asks every site for.
//
// Fed the same event messages as TabRequests, with the tab each context belongs to. A
// request whose end never comes (a stalled response, a long poll) stays until its tab closes
// or commits a new document; the waits that ask are bounded, and the oldest entries go beyond
// kMaxTracked.
//
// Thread safety: none; one owner (the page helper layer, on the batch's thread).
#ifndef FIREFOX_BIDI_PAGE_REQUESTS_IN_FLIGHT_H_
#define FIREFOX_BIDI_PAGE_REQUESTS_IN_FLIGHT_H_

#include <boost/json/object.hpp>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>

namespace firefox_bidi::page {

class RequestsInFlight {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr std::size_t kMaxTracked = 1000;

  // Takes one BiDi event message; `tab_of` maps a context to its tab.
  void Observe(const boost::json::object& event,
               const std::function<std::string(std::string_view)>& tab_of);

  // How many requests of `tab` begun at `since` or later are still out.
  std::size_t Count(std::string_view tab, Clock::time_point since = Clock::time_point()) const;

  // When the last response (or network error) to a request of `tab`'s scripts (fetch,
  // XMLHttpRequest) came in; the epoch when none did since the tab's document came.
  Clock::time_point LastAnswer(std::string_view tab) const;

 private:
  struct Request {
    std::string tab;
    Clock::time_point began;
    bool scripted = false;    // a fetch or XMLHttpRequest: its answer is drawn
    std::uint64_t order = 0;  // which to drop first beyond kMaxTracked
  };
  std::map<std::string, Request, std::less<>> out_;                    // by BiDi request id
  std::map<std::string, Clock::time_point, std::less<>> last_answer_;  // by tab
  std::uint64_t next_order_ = 0;
};

}  // namespace firefox_bidi::page

#endif  // FIREFOX_BIDI_PAGE_REQUESTS_IN_FLIGHT_H_
