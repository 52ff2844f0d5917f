// page.find (DESIGN.md section 9): the snapshot's lines of each match, their path from the
// page's root and their neighbours, on fixtures/pages/find.html (landmarks, headings, a list,
// a table, a field) in real headless Firefox.
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <string>

#include "page_suite.h"

namespace firefox_bidi::testing {
namespace {

namespace json = boost::json;

std::string Find(std::string_view params) {
  return json::serialize(json::object{{"method", "page.find"}, {"params", json::parse(params)}});
}

// The string result of frame `index`.
std::string Result(const json::object& result, std::size_t index) {
  const json::object& record = PageSuite::Record(result, index);
  BOOST_TEST_REQUIRE(record.contains("result"), json::serialize(record));
  BOOST_TEST_REQUIRE(record.at("result").is_string(), json::serialize(record));
  return std::string(record.at("result").as_string());
}

BOOST_AUTO_TEST_SUITE(e2e_page_find)

BOOST_AUTO_TEST_CASE(each_match_shows_its_path_and_neighbours_with_gaps_marked) {
  const json::object result = Run(Frames(
      {Goto("find.html"), R"({"method":"page.snapshot"})", Find(R"({"text":"coffee"})"),
       Find(R"({"text":"/^total\\b/i","context":0})"), Find(R"({"text":"pay","context":1})")}));
  const std::uint64_t first = FirstRef(Result(result, 1));
  // The list item's path: its list, the region and main, with what lies between them left
  // out ("..."); two lines before it and after it.
  BOOST_TEST(Result(result, 2) == R"(- main
...
  - region "Recent"
...
    - list
      - listitem "Black tea, 2 boxes"
      - listitem "Coffee, 1 bag"
      - listitem "Cocoa, 1 tin"
      - listitem "Green tea, 3 boxes")");
  // A regex with its flag: the row, not the table named "Totals"; no neighbours.
  BOOST_TEST(Result(result, 3) == R"(- main
...
  - table "Totals"
...
    - row "Total | 42 EUR")");
  // A ref on a matched line, to act on.
  BOOST_TEST(Result(result, 4) == WithRefs(R"(- main
...
  - textbox "Coupon" [ref={1}] value="TEA10"
  - button "Pay" [ref={2}]
- contentinfo "Tea shop since 1901")",
                                           first + 2, 2));
}

BOOST_AUTO_TEST_CASE(names_and_values_match_ignoring_case_and_overlapping_matches_merge) {
  const json::object result =
      Run(Frames({Goto("find.html"), Find(R"({"text":"TEA","context":0})")}));
  // Black tea (list and row), Green tea, the coupon's value TEA10, the footer.
  const std::string found = Result(result, 1);
  BOOST_TEST(found.find("[ref=") != std::string::npos);
  BOOST_TEST(found == WithRefs(R"(- main
...
  - region "Recent"
...
    - list
      - listitem "Black tea, 2 boxes"
...
      - listitem "Green tea, 3 boxes"
  - table "Totals"
...
    - row "Black tea | 8 EUR"
...
  - textbox "Coupon" [ref={1}] value="TEA10"
...
- contentinfo "Tea shop since 1901")",
                               FirstRef(found), 1));
}

BOOST_AUTO_TEST_CASE(no_match_is_a_result_and_the_batch_goes_on) {
  const json::object result = Run(Frames({Goto("find.html"), Find(R"({"text":"Espresso"})"),
                                          Find(R"({"text":"cocoa","context":0})")}));
  BOOST_TEST(Result(result, 1) == R"([no match for "Espresso" on the page])");
  BOOST_TEST(Result(result, 2) == R"(- main
...
  - region "Recent"
...
    - list
...
      - listitem "Cocoa, 1 tin")");
}

// Text drawn but hidden from the accessibility tree (a rating's aria-hidden stars) has no line
// in the outline; page.find says where it is instead of "no match".
BOOST_AUTO_TEST_CASE(text_the_outline_leaves_out_is_found_in_its_element) {
  const json::object result = Run(Frames({Goto("names.html"), Find(R"({"text":"Rated 4"})"),
                                          R"({"method":"page.text","params":{"css":".stars"}})"}));
  const std::string found = Result(result, 1);
  BOOST_TEST(found ==
             WithRefs(R"([no line of the outline matches "Rated 4": it is in span "Rated 4 )"
                      R"(of 5" [ref={1}], text the page shows but hides from the )"
                      R"(accessibility tree (aria-hidden); page.text reads it and a text )"
                      R"(target acts on it])",
                      FirstRef(found), 1));
  BOOST_TEST(Result(result, 2) == "Rated 4 of 5");
}

BOOST_AUTO_TEST_CASE(matches_past_twenty_are_counted_and_iframes_are_searched) {
  std::string items;
  for (int i = 1; i <= 23; ++i) items += "<li>Item " + std::to_string(i) + "</li>";
  const std::string list_page = "data:text/html,<ul>" + items + "</ul>";
  const json::object result = Run(Frames(
      {R"({"method":"page.goto","params":{"url":)" + PageSuite::Quote(list_page) +
           R"(},"silent":true})",
       Find(R"({"text":"item","context":0})"),
       R"({"method":"page.goto","params":{"url":"data:text/html,<h1>Outer</h1><iframe title=Inner srcdoc='<h2>Inside</h2><p>deep text</p>'></iframe><p>after</p>"},"silent":true})",
       Find(R"({"text":"deep","context":1})")}));
  std::string expected = "- list";
  for (int i = 1; i <= 20; ++i) expected += "\n  - listitem \"Item " + std::to_string(i) + "\"";
  expected += "\n[3 more matches not shown; give a longer text or a regex]";
  BOOST_TEST(Result(result, 1) == expected);
  BOOST_TEST(Result(result, 3) == R"(- iframe "Inner"
  - heading "Inside" level=2
  - text "deep text"
- text "after")");
}

BOOST_AUTO_TEST_CASE(bad_input_says_which_key) {
  const json::object result =
      Run(Frames({Goto("find.html"), Find(R"({"text":"/(/"})"), Find(R"({"context":1})"),
                  Find(R"({"text":"tea","context":-1})")},
                 R"(,"on_error":"continue")"));
  BOOST_TEST(
      json::serialize(PageSuite::Record(result, 1).at("error")) ==
      R"({"error":"invalid argument","message":"page.find: \"/(/\" is no valid regular expression: unterminated parenthetical"})");
  BOOST_TEST(
      json::serialize(PageSuite::Record(result, 2).at("error")) ==
      R"({"error":"invalid argument","message":"page.find needs \"text\": the text to look for, e.g. \"Total\", or a regex written \"/PATTERN/FLAGS\", e.g. \"/^total/i\""})");
  BOOST_TEST(
      json::serialize(PageSuite::Record(result, 3).at("error")) ==
      R"({"error":"invalid argument","message":"page.find: \"context\" must be an integer from 0 to 50, got -1"})");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::testing
