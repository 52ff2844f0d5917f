#include "page/tab_history.h"

#include <boost/test/unit_test.hpp>
#include <string>
#include <vector>

namespace firefox_bidi::page {
namespace {

BOOST_AUTO_TEST_SUITE(tab_history)

BOOST_AUTO_TEST_CASE(closing_the_current_tab_returns_to_the_most_recently_current) {
  TabHistory history;
  std::string current = "A";
  history.Select(current, "B");
  history.Select(current, "C");
  history.Select(current, "B");  // B again: A, C remembered, B current
  BOOST_TEST(current == "B");
  BOOST_TEST((history.previous() == std::vector<std::string>{"A", "C"}));
  history.Closed(current, "B");
  BOOST_TEST(current == "C");
  history.Closed(current, "C");
  BOOST_TEST(current == "A");
  history.Closed(current, "A");
  BOOST_TEST(current == "");
}

BOOST_AUTO_TEST_CASE(closing_another_tab_keeps_the_current_one_and_forgets_the_closed) {
  TabHistory history;
  std::string current = "A";
  history.Select(current, "B");
  history.Select(current, "C");
  history.Closed(current, "B");
  BOOST_TEST(current == "C");
  BOOST_TEST((history.previous() == std::vector<std::string>{"A"}));
  history.Closed(current, "C");
  BOOST_TEST(current == "A");
}

BOOST_AUTO_TEST_CASE(selecting_the_current_tab_changes_nothing) {
  TabHistory history;
  std::string current = "A";
  history.Select(current, "A");
  BOOST_TEST(current == "A");
  BOOST_TEST(history.previous().empty());
  std::string none;
  history.Select(none, "X");  // from no current tab: nothing to remember
  BOOST_TEST(none == "X");
  BOOST_TEST(history.previous().empty());
}

BOOST_AUTO_TEST_CASE(the_history_is_bounded_oldest_forgotten) {
  TabHistory history;
  std::string current = "t0";
  for (std::size_t i = 1; i <= TabHistory::kMaxRemembered + 5; ++i) {
    history.Select(current, "t" + std::to_string(i));
  }
  BOOST_TEST(history.previous().size() == TabHistory::kMaxRemembered);
  BOOST_TEST(history.previous().front() == "t5");
  BOOST_TEST(history.previous().back() == "t" + std::to_string(TabHistory::kMaxRemembered + 4));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::page
