#include "page/requests_in_flight.h"

#include <boost/json/object.hpp>
#include <boost/test/unit_test.hpp>
#include <string>
#include <string_view>

namespace firefox_bidi::page {
namespace {

namespace json = boost::json;

// A network event of context `context` for request `id`.
json::object Network(std::string_view method, std::string_view id, std::string_view context,
                     std::string_view url = "http://127.0.0.1/api/items",
                     std::string_view initiator = "fetch", bool navigation = false) {
  return json::object{
      {"type", "event"},
      {"method", method},
      {"params",
       json::object{{"context", context},
                    {"navigation", navigation ? json::value("n1") : json::value(nullptr)},
                    {"request",
                     json::object{{"request", id}, {"url", url}, {"initiatorType", initiator}}}}}};
}

json::object Context(std::string_view method, std::string_view context) {
  return json::object{
      {"type", "event"}, {"method", method}, {"params", json::object{{"context", context}}}};
}

// Contexts "frame1" belongs to tab "tab1"; every other context is a tab.
std::string TabOf(std::string_view context) {
  return context == "frame1" ? "tab1" : std::string(context);
}

BOOST_AUTO_TEST_SUITE(requests_in_flight)

BOOST_AUTO_TEST_CASE(a_request_is_out_from_its_start_until_its_response_or_error) {
  RequestsInFlight out;
  out.Observe(Network("network.beforeRequestSent", "r1", "tab1"), TabOf);
  out.Observe(Network("network.beforeRequestSent", "r2", "frame1"), TabOf);
  out.Observe(Network("network.beforeRequestSent", "r3", "tab2"), TabOf);
  BOOST_TEST(out.Count("tab1") == 2U);
  BOOST_TEST(out.Count("tab2") == 1U);
  out.Observe(Network("network.responseCompleted", "r1", "tab1"), TabOf);
  BOOST_TEST(out.Count("tab1") == 1U);
  out.Observe(Network("network.fetchError", "r2", "frame1"), TabOf);
  BOOST_TEST(out.Count("tab1") == 0U);
  BOOST_TEST(out.Count("tab2") == 1U);
}

BOOST_AUTO_TEST_CASE(only_requests_begun_since_a_moment_count_from_it) {
  RequestsInFlight out;
  out.Observe(Network("network.beforeRequestSent", "r1", "tab1"), TabOf);
  const RequestsInFlight::Clock::time_point between = RequestsInFlight::Clock::now();
  BOOST_TEST(out.Count("tab1", between) == 0U);
  out.Observe(Network("network.beforeRequestSent", "r2", "tab1"), TabOf);
  BOOST_TEST(out.Count("tab1", between) == 1U);
  BOOST_TEST(out.Count("tab1") == 2U);
}

BOOST_AUTO_TEST_CASE(a_documents_own_request_and_the_browsers_icon_request_are_not_counted) {
  RequestsInFlight out;
  out.Observe(Network("network.beforeRequestSent", "r1", "tab1", "http://127.0.0.1/next.html", "",
                      /*navigation=*/true),
              TabOf);
  out.Observe(
      Network("network.beforeRequestSent", "r2", "tab1", "http://127.0.0.1/favicon.ico", ""),
      TabOf);
  BOOST_TEST(out.Count("tab1") == 0U);
}

BOOST_AUTO_TEST_CASE(a_tab_that_closes_or_commits_a_new_document_has_none_out) {
  RequestsInFlight out;
  out.Observe(Network("network.beforeRequestSent", "r1", "tab1"), TabOf);
  out.Observe(Network("network.beforeRequestSent", "r2", "frame1"), TabOf);
  out.Observe(Network("network.beforeRequestSent", "r3", "tab2"), TabOf);
  // An iframe's new document leaves its tab's requests alone.
  out.Observe(Context("browsingContext.navigationCommitted", "frame1"), TabOf);
  BOOST_TEST(out.Count("tab1") == 2U);
  out.Observe(Context("browsingContext.navigationCommitted", "tab1"), TabOf);
  BOOST_TEST(out.Count("tab1") == 0U);
  out.Observe(Context("browsingContext.contextDestroyed", "tab2"), TabOf);
  BOOST_TEST(out.Count("tab2") == 0U);
  // Their ends, reported late, change nothing.
  out.Observe(Network("network.fetchError", "r1", "tab1"), TabOf);
  BOOST_TEST(out.Count("tab1") == 0U);
}

BOOST_AUTO_TEST_CASE(a_redirected_request_stays_one_request) {
  RequestsInFlight out;
  out.Observe(Network("network.beforeRequestSent", "r1", "tab1"), TabOf);
  out.Observe(Network("network.beforeRequestSent", "r1", "tab1"), TabOf);
  BOOST_TEST(out.Count("tab1") == 1U);
  out.Observe(Network("network.responseCompleted", "r1", "tab1"), TabOf);
  BOOST_TEST(out.Count("tab1") == 0U);
}

BOOST_AUTO_TEST_CASE(the_last_answer_is_that_of_a_scripts_request) {
  RequestsInFlight out;
  BOOST_TEST((out.LastAnswer("tab1") == RequestsInFlight::Clock::time_point()));
  out.Observe(Network("network.beforeRequestSent", "img", "tab1", "http://127.0.0.1/a.png", "img"),
              TabOf);
  out.Observe(Network("network.responseCompleted", "img", "tab1"), TabOf);
  BOOST_TEST((out.LastAnswer("tab1") == RequestsInFlight::Clock::time_point()));
  const RequestsInFlight::Clock::time_point before = RequestsInFlight::Clock::now();
  out.Observe(
      Network("network.beforeRequestSent", "x", "frame1", "http://127.0.0.1/api", "xmlhttprequest"),
      TabOf);
  out.Observe(Network("network.responseCompleted", "x", "frame1"), TabOf);
  BOOST_TEST((out.LastAnswer("tab1") >= before));
  out.Observe(Context("browsingContext.navigationCommitted", "tab1"), TabOf);
  BOOST_TEST((out.LastAnswer("tab1") == RequestsInFlight::Clock::time_point()));
}

BOOST_AUTO_TEST_CASE(beyond_the_bound_the_oldest_request_is_dropped) {
  RequestsInFlight out;
  for (std::size_t i = 0; i <= RequestsInFlight::kMaxTracked; ++i) {
    out.Observe(Network("network.beforeRequestSent", "r" + std::to_string(i), "tab1"), TabOf);
  }
  BOOST_TEST(out.Count("tab1") == RequestsInFlight::kMaxTracked);
  // r0 went: its end changes nothing; r1's does.
  out.Observe(Network("network.responseCompleted", "r0", "tab1"), TabOf);
  BOOST_TEST(out.Count("tab1") == RequestsInFlight::kMaxTracked);
  out.Observe(Network("network.responseCompleted", "r1", "tab1"), TabOf);
  BOOST_TEST(out.Count("tab1") == RequestsInFlight::kMaxTracked - 1);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::page
