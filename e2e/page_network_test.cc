// page.requests and page.route (DESIGN.md section 9, "Network, state and search helpers")
// against real headless Firefox on the fixture pages requests.html and routed-script.html and
// the fixture server's small JSON API (/api/items, /api/fail, /api/orders).
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <regex>
#include <string>

#include "page_suite.h"

namespace firefox_bidi::testing {
namespace {

namespace json = boost::json;

std::string Str(const json::value& v) { return std::string(v.as_string()); }

const json::value& ResultOf(const json::object& result, std::size_t frame) {
  const json::object& record = PageSuite::Record(result, frame);
  BOOST_TEST_REQUIRE(record.contains("result"), json::serialize(record));
  return record.at("result");
}

// Whether `line` matches `pattern` (std::regex, whole line).
bool Shaped(const json::value& line, const std::string& pattern) {
  return std::regex_match(Str(line), std::regex(pattern));
}

// requests.html and the end of its requests (each one after the other).
const std::string kLoadShop =
    Goto("requests.html") +
    R"J(,{"method":"page.waitFor","params":{"text":"done:"},"silent":true})J";

// The id of the route `url` in a page.route result.
std::string RouteId(const json::value& routes, std::string_view url) {
  for (const json::value& route : routes.at("routes").as_array()) {
    if (route.at("url").as_string() == url) return Str(route.at("id"));
  }
  BOOST_FAIL("no route " + std::string(url) + " in " + json::serialize(routes));
  return "";
}

BOOST_AUTO_TEST_SUITE(page_network)

BOOST_AUTO_TEST_CASE(requests_are_one_line_each_and_never_leak_into_events) {
  PageSuite& s = PageSuite::Get();
  const json::object result =
      s.Run(R"J({"frames":[)J" + kLoadShop +
            R"J(,{"method":"page.requests","params":{"clear":false}},{"method":"page.requests"},)J"
            R"J({"method":"page.requests"}]})J");
  const json::array& lines = ResultOf(result, 2).at("requests").as_array();
  BOOST_TEST_REQUIRE(lines.size() == 4u, json::serialize(lines));
  BOOST_TEST(Shaped(lines[0], R"(200 GET /requests\.html \(\d+ B, \d+ ms\))"), Str(lines[0]));
  BOOST_TEST(Shaped(lines[1], R"(200 GET /api/items \(26 B, \d+ ms\))"), Str(lines[1]));
  BOOST_TEST(Shaped(lines[2], R"(500 GET /api/fail \(25 B, \d+ ms\))"), Str(lines[2]));
  BOOST_TEST(Shaped(lines[3], R"(500 POST /api/orders \(42 B, \d+ ms\))"), Str(lines[3]));
  // clear: false kept them for the next read, which cleared them.
  BOOST_TEST(ResultOf(result, 3) == ResultOf(result, 2));
  BOOST_TEST(json::serialize(ResultOf(result, 4)) == R"J({"requests":[]})J");
  BOOST_TEST(!result.contains("events"), json::serialize(result));
}

BOOST_AUTO_TEST_CASE(failed_api_calls_with_their_bodies_in_one_call) {
  PageSuite& s = PageSuite::Get();
  const json::object result = s.Run(
      R"J({"frames":[)J" + kLoadShop +
      R"J(,{"method":"page.requests","params":{"filter":"/api/","failed":true,"bodies":true}},)J"
      R"J({"method":"page.requests","params":{"filter":"/items$/"}}]})J");
  const json::array& failed = ResultOf(result, 2).at("requests").as_array();
  BOOST_TEST_REQUIRE(failed.size() == 2u, json::serialize(failed));
  BOOST_TEST(Shaped(failed[0].at("line"), R"(500 GET /api/fail \(25 B, \d+ ms\))"));
  BOOST_TEST(failed[0].as_object().size() == 2u, json::serialize(failed[0]));
  BOOST_TEST(Str(failed[0].at("response_body")) == R"J({"error":"database down"})J");
  BOOST_TEST(Shaped(failed[1].at("line"), R"(500 POST /api/orders \(42 B, \d+ ms\))"));
  BOOST_TEST(failed[1].as_object().size() == 3u, json::serialize(failed[1]));
  BOOST_TEST(Str(failed[1].at("request_body")) == R"J({"qty":3})J");
  BOOST_TEST(Str(failed[1].at("response_body")) ==
             R"J({"error":"out of stock","order":{"qty":3}})J");
  // The lines not shown stayed: the one /items$/ selects, not the page's own.
  const json::array& items = ResultOf(result, 3).at("requests").as_array();
  BOOST_TEST_REQUIRE(items.size() == 1u, json::serialize(items));
  BOOST_TEST(Shaped(items[0], R"(200 GET /api/items \(26 B, \d+ ms\))"));

  const json::object refused =
      s.Run(R"J({"frames":[{"method":"page.requests","params":{"filter":"/(/"}},)J"
            R"J({"method":"page.requests","params":{"page":"previous"}}],"on_error":"continue"})J");
  BOOST_TEST(Str(PageSuite::Record(refused, 0).at("error").at("error")) == "invalid argument");
  BOOST_TEST(Str(PageSuite::Record(refused, 0).at("error").at("message"))
                 .starts_with(R"J(page.requests: "filter": the regex "/(/" is not valid: )J"));
  BOOST_TEST(json::serialize(PageSuite::Record(refused, 1).at("error")) ==
             R"J({"error":"invalid argument","message":"page.requests: \"page\" is \"current\" )J"
             R"J((the default: the tab's current document) or \"all\" (since the tab opened), )J"
             R"J(got \"previous\""})J");
}

BOOST_AUTO_TEST_CASE(a_fulfilled_route_feeds_the_page_on_reload) {
  PageSuite& s = PageSuite::Get();
  // The tab's log read (and so cleared) first: what the suite's tests before loaded in this
  // tab, beyond the log's bound, would be counted as "dropped".
  s.Run(R"J({"frames":[)J" + kLoadShop + R"J(,{"method":"page.requests"}]})J");
  const json::object result = s.Run(
      R"J({"frames":[{"method":"page.route","params":{"action":"fulfill","url":"**/api/items",)J"
      R"J("body":{"items":["mocked tea","mocked cake"]}}},)J"
      R"J({"method":"page.goto","params":{"reload":true}},)J"
      R"J({"method":"page.waitFor","params":{"text":"done:"}},)J"
      R"J({"method":"page.text","params":{"css":"ul"}},)J"
      R"J({"method":"page.requests","params":{"filter":"items"}},)J"
      R"J({"method":"page.route","params":{"action":"list"}}]})J");
  const std::string id = RouteId(ResultOf(result, 0), "**/api/items");
  BOOST_TEST(json::serialize(ResultOf(result, 0)) ==
             R"J({"routes":[{"id":")J" + id +
                 R"J(","url":"**/api/items","action":"fulfill","status":200,"hits":0}]})J");
  BOOST_TEST(Str(ResultOf(result, 3)) == "mocked tea\nmocked cake");
  BOOST_TEST(json::serialize(ResultOf(result, 4)) ==
             R"J({"requests":["200 GET /api/items (38 B, routed by )J" + id + R"J()"]})J");
  BOOST_TEST(json::serialize(ResultOf(result, 5)) ==
             R"J({"routes":[{"id":")J" + id +
                 R"J(","url":"**/api/items","action":"fulfill","status":200,"hits":1}]})J");
  BOOST_TEST(!result.contains("events"), json::serialize(result));

  // A script the document waits for: the route answers it inside page.goto.
  const json::object script = s.Run(
      R"J({"frames":[{"method":"page.route","params":{"action":"fulfill","url":"/routed.js",)J"
      R"J("body":"document.title = 'routed script'",)J"
      R"J("headers":{"Content-Type":"text/javascript"}},"silent":true},)J"
      R"J({"method":"page.goto","params":{"url":")J" +
      Url("routed-script.html") +
      R"J("}},{"method":"page.route","params":{"action":"remove"}}]})J");
  BOOST_TEST(json::serialize(ResultOf(script, 1)) ==
             R"J({"url":")J" + Url("routed-script.html") + R"J(","title":"routed script"})J");
  BOOST_TEST(json::serialize(ResultOf(script, 2)) == R"J({"routes":[]})J");
}

BOOST_AUTO_TEST_CASE(abort_list_remove_one_and_all_then_the_load_is_real_again) {
  PageSuite& s = PageSuite::Get();
  const json::object result = s.Run(
      R"J({"frames":[{"method":"page.route","params":{"action":"abort","url":"**/api/items"}},)J"
      R"J({"method":"page.route","params":{"action":"fulfill","url":"/api/fail","status":503,)J"
      R"J("body":"maintenance"}},)J" +
      kLoadShop +
      R"J(,{"method":"page.text","params":{"css":"body"}},)J"
      R"J({"method":"page.requests","params":{"filter":"/api/","bodies":true}},)J"
      R"J({"method":"page.route","params":{"action":"list"}}]})J");
  const std::string abort_id = RouteId(ResultOf(result, 0), "**/api/items");
  const std::string fail_id = RouteId(ResultOf(result, 1), "/api/fail");
  BOOST_TEST(json::serialize(ResultOf(result, 1)) ==
             R"J({"routes":[{"id":")J" + abort_id +
                 R"J(","url":"**/api/items","action":"abort","hits":0},{"id":")J" + fail_id +
                 R"J(","url":"/api/fail","action":"fulfill","status":503,"hits":0}]})J");
  BOOST_TEST(Str(ResultOf(result, 4)) ==
             "Shop\nfailed: NetworkError when attempting to fetch resource.\n"
             "done: stock 503, order 500");
  const json::array& lines = ResultOf(result, 5).at("requests").as_array();
  BOOST_TEST_REQUIRE(lines.size() == 3u, json::serialize(lines));
  BOOST_TEST(json::serialize(lines[0]) ==
             R"J({"line":"ERR GET /api/items (aborted by route )J" + abort_id + R"J()"})J");
  BOOST_TEST(json::serialize(lines[1]) == R"J({"line":"503 GET /api/fail (11 B, routed by )J" +
                                              fail_id + R"J()","response_body":"maintenance"})J");
  BOOST_TEST(Shaped(lines[2].at("line"), R"(500 POST /api/orders \(42 B, \d+ ms\))"));
  BOOST_TEST(json::serialize(ResultOf(result, 6)) ==
             R"J({"routes":[{"id":")J" + abort_id +
                 R"J(","url":"**/api/items","action":"abort","hits":1},{"id":")J" + fail_id +
                 R"J(","url":"/api/fail","action":"fulfill","status":503,"hits":1}]})J");

  const json::object removed =
      s.Run(R"J({"frames":[{"method":"page.route","params":{"action":"remove","id":")J" + abort_id +
            R"J("}},{"method":"page.route","params":{"action":"remove","id":")J" + abort_id +
            R"J("}},{"method":"page.route","params":{"action":"remove"}},)J" + kLoadShop +
            R"J(,{"method":"page.text","params":{"css":"body"}},)J"
            R"J({"method":"page.requests","params":{"filter":"/api/"}}],"on_error":"continue"})J");
  BOOST_TEST(json::serialize(ResultOf(removed, 0)) ==
             R"J({"routes":[{"id":")J" + fail_id +
                 R"J(","url":"/api/fail","action":"fulfill","status":503,"hits":1}]})J");
  BOOST_TEST(json::serialize(PageSuite::Record(removed, 1).at("error")) ==
             R"J({"error":"invalid argument","message":"page.route: there is no route \")J" +
                 abort_id + R"J(\"; {\"action\": \"list\"} shows the routes"})J");
  BOOST_TEST(json::serialize(ResultOf(removed, 2)) == R"J({"routes":[]})J");
  BOOST_TEST(Str(ResultOf(removed, 5)) == "Shop\napple\npear\ndone: stock 500, order 500");
  const json::array& real = ResultOf(removed, 6).at("requests").as_array();
  BOOST_TEST_REQUIRE(real.size() == 3u, json::serialize(real));
  BOOST_TEST(Shaped(real[0], R"(200 GET /api/items \(26 B, \d+ ms\))"));
  BOOST_TEST(Shaped(real[1], R"(500 GET /api/fail \(25 B, \d+ ms\))"));
}

BOOST_AUTO_TEST_CASE(route_refuses_bad_input_naming_the_key) {
  PageSuite& s = PageSuite::Get();
  const json::object result = s.Run(
      R"J({"frames":[{"method":"page.route","params":{"action":"fulfill"}},)J"
      R"J({"method":"page.route","params":{"action":"abort","url":"x","status":404}},)J"
      R"J({"method":"page.route","params":{"action":"mock","url":"x"}},)J"
      R"J({"method":"page.route","params":{"action":"fulfill","url":"x","headers":{"A":1}}},)J"
      R"J({"method":"page.route","params":{"action":"fulfill","url":"x","status":700}},)J"
      R"J({"method":"page.route","params":{"action":"list"}}],"on_error":"continue"})J");
  auto message = [&](std::size_t i) {
    return Str(PageSuite::Record(result, i).at("error").at("message"));
  };
  BOOST_TEST(
      message(0) ==
      R"J(page.route: "url" is missing: the pattern of the URLs to fulfill ("**/api/items", )J"
      R"J("/api/*", a part of the URL, or "/REGEX/"))J");
  BOOST_TEST(message(1) == R"J(page.route: "status" does not go with action "abort")J");
  BOOST_TEST(message(2) ==
             R"J(page.route: "action" is "fulfill", "abort", "continue", "list" or "remove", )J"
             R"J(got "mock")J");
  BOOST_TEST(message(3) == R"J(page.route: "headers": the value of "A" is not a string)J");
  BOOST_TEST(Str(PageSuite::Record(result, 4).at("error").at("error")) == "invalid argument");
  BOOST_TEST(json::serialize(ResultOf(result, 5)) == R"J({"routes":[]})J");
}

BOOST_AUTO_TEST_CASE(the_models_own_intercept_still_gets_its_blocked_events_beside_a_route) {
  PageSuite& s = PageSuite::Get();
  const std::string fail_url = s.pages.url("api/fail");
  const json::object first = s.Run(
      R"J({"frames":[{"method":"session.subscribe","params":{"events":["network.beforeRequestSent"]},"label":"sub"},)J"
      R"J({"method":"network.addIntercept","params":{"phases":["beforeRequestSent"],)J"
      R"J("urlPatterns":[{"type":"string","pattern":")J" +
      fail_url +
      R"J("}]},"label":"mine"},)J"
      R"J({"method":"page.route","params":{"action":"fulfill","url":"**/api/items",)J"
      R"J("body":{"items":["routed"]}}},)J" +
      Goto("requests.html") +
      R"J(,{"method":"page.waitFor","params":{"text":"routed"}},)J"
      R"J({"method":"page.eval","params":{"expression":"new Promise(r => setTimeout(r, 300))"}},)J"
      R"J({"method":"page.text","params":{"css":"#status"}}]})J");
  const std::string mine = Str(ResultOf(first, 1).at("intercept"));
  // The page waits for /api/fail, which the model's intercept holds.
  BOOST_TEST(Str(ResultOf(first, 6)) == "loading");
  BOOST_TEST_REQUIRE(first.contains("events"), json::serialize(first));
  std::string blocked_request;
  std::size_t before_request_sent = 0;
  for (const json::value& event : first.at("events").as_array()) {
    if (event.at("method") != "network.beforeRequestSent") continue;
    ++before_request_sent;
    const json::object& params = event.at("params").as_object();
    BOOST_TEST(Str(params.at("request").at("url")) == fail_url);
    BOOST_TEST(params.at("isBlocked") == json::value(true));
    const json::array& intercepts = params.at("intercepts").as_array();
    BOOST_TEST(std::find(intercepts.begin(), intercepts.end(), json::value(mine)) !=
               intercepts.end());
    blocked_request = Str(params.at("request").at("request"));
  }
  // The requests the route answered (and the document's own) are not the model's.
  BOOST_TEST(before_request_sent == 1u, json::serialize(first.at("events")));
  BOOST_TEST_REQUIRE(!blocked_request.empty());

  const json::object second =
      s.Run(R"J({"frames":[{"method":"network.continueRequest","params":{"request":")J" +
            blocked_request +
            R"J("}},{"method":"page.waitFor","params":{"text":"done:"}},)J"
            R"J({"method":"page.text","params":{"css":"#status"}},)J"
            R"J({"method":"network.removeIntercept","params":{"intercept":")J" +
            mine + R"J("}},{"method":"session.unsubscribe","params":{"subscriptions":[")J" +
            Str(ResultOf(first, 0).at("subscription")) +
            R"J("]}},{"method":"page.route","params":{"action":"remove"}}]})J");
  BOOST_TEST(json::serialize(ResultOf(second, 0)) == "{}");
  BOOST_TEST(Str(ResultOf(second, 2)) == "done: stock 500, order 500");
  BOOST_TEST(json::serialize(ResultOf(second, 5)) == R"J({"routes":[]})J");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::testing
