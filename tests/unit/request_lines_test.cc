#include "page/request_lines.h"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <string>

#include "page/routes.h"

namespace firefox_bidi::page {
namespace {

namespace json = boost::json;

json::object Obj(std::string_view text) { return json::parse(text).as_object(); }

json::object Completed(std::string_view id, std::string_view url, int status, int body_size,
                       double start, double end, std::string_view method = "GET",
                       bool navigation = false) {
  return json::object{
      {"type", "event"},
      {"method", "network.responseCompleted"},
      {"params",
       json::object{{"context", "tab1"},
                    {"navigation", navigation ? json::value("n1") : json::value(nullptr)},
                    {"request", json::object{{"request", id},
                                             {"url", url},
                                             {"method", method},
                                             {"timings", json::object{{"requestTime", start},
                                                                      {"responseEnd", end}}}}},
                    {"response", json::object{{"url", url},
                                              {"status", status},
                                              {"bodySize", body_size},
                                              {"fromCache", false}}}}}};
}

json::object Failed(std::string_view id, std::string_view url, std::string_view error) {
  return json::object{
      {"type", "event"},
      {"method", "network.fetchError"},
      {"params",
       json::object{{"context", "tab1"},
                    {"navigation", nullptr},
                    {"errorText", error},
                    {"request", json::object{{"request", id}, {"url", url}, {"method", "POST"}}}}}};
}

std::vector<std::string> Texts(const std::vector<RequestLine>& lines) {
  std::vector<std::string> out;
  for (const RequestLine& line : lines) out.push_back(line.text);
  return out;
}

BOOST_AUTO_TEST_SUITE(request_lines)

BOOST_AUTO_TEST_CASE(sizes_read_as_bytes_kilobytes_and_megabytes) {
  BOOST_TEST(TabRequests::SizeText(0) == "0 B");
  BOOST_TEST(TabRequests::SizeText(1023) == "1023 B");
  BOOST_TEST(TabRequests::SizeText(1229) == "1.2 KB");
  BOOST_TEST(TabRequests::SizeText(3565158) == "3.4 MB");
}

BOOST_AUTO_TEST_CASE(lines_show_status_method_path_size_and_time_and_errors) {
  TabLogs logs;
  TabRequests requests(3);
  auto observe = [&](const json::object& event) {
    logs.Observe(event);
    return requests.Observe(event, logs);
  };
  BOOST_TEST(
      observe(Completed("1", "http://h:1/shop.html", 200, 346, 1000.0, 1012.4, "GET", true)));
  BOOST_TEST(observe(Completed("2", "http://h:1/api/items#top", 200, 1229, 2000.0, 2035.0)));
  BOOST_TEST(observe(Failed("3", "http://other:2/api/orders", "NS_ERROR_CONNECTION_REFUSED")));
  // A provided response has no timing; a route said how it was answered.
  requests.Routed("4", "routed by r1");
  BOOST_TEST(observe(Completed("4", "http://h:1/api/items?x=1", 200, 31, 3000.0, 0)));
  BOOST_TEST(!observe(Completed("5", "data:text/plain,x", 200, 1, 1, 2)));
  BOOST_TEST(!observe(Completed("6", "http://h:1/favicon.ico", 404, 1, 1, 2)));
  BOOST_TEST(!observe(Failed("7", "http://h:1/slow", "NS_BINDING_ABORTED")));
  std::uint64_t dropped = 0;
  const std::vector<RequestLine> lines = requests.Read(
      "tab1", logs.CurrentDocument("tab1"), false, [](const RequestLine&) { return true; }, false,
      &dropped);
  BOOST_TEST(dropped == 1u);  // the bound is 3: the document's own line went
  BOOST_TEST(Texts(lines) == (std::vector<std::string>{
                                 "200 GET /api/items (1.2 KB, 35 ms)",
                                 "ERR POST http://other:2/api/orders (NS_ERROR_CONNECTION_REFUSED)",
                                 "200 GET /api/items?x=1 (31 B, routed by r1)"}),
             boost::test_tools::per_element());
  BOOST_TEST(lines[1].failed);
  BOOST_TEST(lines[0].status == 200);
}

BOOST_AUTO_TEST_CASE(a_read_clears_only_the_lines_it_shows) {
  TabLogs logs;
  TabRequests requests;
  for (const json::object& event : {Completed("1", "http://h:1/a", 200, 1, 1, 2),
                                    Completed("2", "http://h:1/b", 500, 1, 1, 2)}) {
    logs.Observe(event);
    requests.Observe(event, logs);
  }
  std::uint64_t dropped = 0;
  auto only_b = [](const RequestLine& line) { return line.url.ends_with("/b"); };
  auto all = [](const RequestLine&) { return true; };
  BOOST_TEST(Texts(requests.Read("tab1", 0, false, only_b, true, &dropped)) ==
                 std::vector<std::string>{"500 GET http://h:1/b (1 B, 1 ms)"},
             boost::test_tools::per_element());
  BOOST_TEST(Texts(requests.Read("tab1", 0, false, all, true, &dropped)) ==
                 std::vector<std::string>{"200 GET http://h:1/a (1 B, 1 ms)"},
             boost::test_tools::per_element());
  BOOST_TEST(requests.Read("tab1", 0, false, all, true, &dropped).empty());
  BOOST_TEST(requests.Read("unknown", 0, false, all, true, &dropped).empty());
}

// A navigation's own request counts in the document it makes; one that makes none (a
// download) stays in the document it began in once the next navigation commits. (Paths
// alone: the tab's origin is the committed URL's.)
BOOST_AUTO_TEST_CASE(a_navigation_that_made_no_document_leaves_its_request_where_it_began) {
  TabLogs logs;
  TabRequests requests;
  const auto committed = [](std::string_view navigation) {
    return json::object{{"type", "event"},
                        {"method", "browsingContext.navigationCommitted"},
                        {"params", json::object{{"context", "tab1"},
                                                {"navigation", navigation},
                                                {"url", "http://h:1/"},
                                                {"timestamp", 1}}}};
  };
  const auto navigating = [](std::string_view id, std::string_view url,
                             std::string_view navigation) {
    json::object event = Completed(id, url, 200, 1, 1, 2, "GET", true);
    event["params"].as_object()["navigation"] = navigation;
    return event;
  };
  for (const json::object& event : {navigating("1", "http://h:1/one", "n1"), committed("n1"),
                                    navigating("2", "http://h:1/report.csv", "n2"),
                                    navigating("3", "http://h:1/two", "n3"), committed("n3")}) {
    logs.Observe(event);
    requests.Observe(event, logs);
  }
  BOOST_TEST_REQUIRE(logs.CurrentDocument("tab1") == 2u);
  std::uint64_t dropped = 0;
  auto all = [](const RequestLine&) { return true; };
  BOOST_TEST(Texts(requests.Read("tab1", 2, true, all, false, &dropped)) ==
                 std::vector<std::string>{"200 GET /two (1 B, 1 ms)"},
             boost::test_tools::per_element());
  BOOST_TEST(
      Texts(requests.Read("tab1", 1, true, all, false, &dropped)) ==
          (std::vector<std::string>{"200 GET /one (1 B, 1 ms)", "200 GET /report.csv (1 B, 1 ms)"}),
      boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(filters_are_substrings_regexes_or_globs) {
  std::string why;
  auto match = [&](std::string_view filter, std::string_view url, bool globs) {
    std::optional<UrlFilter> parsed = UrlFilter::Parse(filter, &why, globs);
    BOOST_TEST_REQUIRE(parsed.has_value(), why);
    return parsed->Matches(url);
  };
  BOOST_TEST(match("/api/items", "http://h/api/items?x=1", false));
  BOOST_TEST(!match("/api/items", "http://h/api/item", false));
  BOOST_TEST(match("/API/i", "http://h/api/items", false));
  BOOST_TEST(!match("/API/", "http://h/api/items", false));
  BOOST_TEST(match("/items$/", "http://h/api/items", false));
  BOOST_TEST(match("**/api/items", "http://h:8/api/items", true));
  BOOST_TEST(!match("**/api/items", "http://h:8/api/items?x=1", true));
  BOOST_TEST(match("**/api/*", "http://h:8/v1/api/items", true));
  BOOST_TEST(!match("**/api/*", "http://h:8/api/items/3", true));
  BOOST_TEST(match("/api/*", "https://h/api/items", true));
  BOOST_TEST(!match("/api/*", "https://h/v1/api/items", true));
  BOOST_TEST(match("http://h/a.b?c=*", "http://h/a.b?c=1", true));
  BOOST_TEST(!match("http://h/a.b?c=*", "http://h/aXb?c=1", true));
  // Without globs, "*" is text.
  BOOST_TEST(!match("**/api/items", "http://h:8/api/items", false));
  BOOST_TEST(!UrlFilter::Parse("/(/", &why).has_value());
  BOOST_TEST(why.starts_with(R"(the regex "/(/" is not valid: )"), why);
}

BOOST_AUTO_TEST_CASE(the_newest_matching_route_answers_and_counts_its_hits) {
  Routes routes;
  std::string why;
  Route abort;
  abort.url = "**/api/*";
  abort.filter = *UrlFilter::Parse(abort.url, &why, true);
  abort.action = Route::Action::kAbort;
  BOOST_TEST(routes.Add(std::move(abort)) == "r1");
  Route fulfill;
  fulfill.url = "/api/items";
  fulfill.filter = *UrlFilter::Parse(fulfill.url, &why, true);
  fulfill.action = Route::Action::kFulfill;
  fulfill.status = 201;
  fulfill.headers = {{"Content-Type", "application/json"}};
  fulfill.body = "[]";
  BOOST_TEST(routes.Add(std::move(fulfill)) == "r2");
  Route headers;
  headers.url = "/other";
  headers.filter = *UrlFilter::Parse(headers.url, &why, true);
  headers.headers = {{"x-token", "t"}, {"X-New", "n"}};
  BOOST_TEST(routes.Add(std::move(headers)) == "r3");

  auto answer = [&](std::string_view url) {
    const RouteAnswer a = routes.Answer(
        Obj(R"({"request":{"request":"9","url":")" + std::string(url) +
            R"(","headers":[{"name":"X-Token","value":{"type":"string","value":"old"}},)"
            R"({"name":"Accept","value":{"type":"string","value":"*/*"}}]},"isBlocked":true})"));
    return a.method + " " + json::serialize(a.params) + " " + a.how;
  };
  BOOST_TEST(
      answer("http://h/api/items#x") ==
      R"(network.provideResponse {"request":"9","statusCode":201,"headers":[{"name":"Content-Type","value":{"type":"string","value":"application/json"}}],"body":{"type":"string","value":"[]"}} routed by r2)");
  BOOST_TEST(answer("http://h/api/orders") ==
             R"(network.failRequest {"request":"9"} aborted by route r1)");
  BOOST_TEST(
      answer("http://h/other") ==
      R"(network.continueRequest {"request":"9","headers":[{"name":"x-token","value":{"type":"string","value":"t"}},{"name":"Accept","value":{"type":"string","value":"*/*"}},{"name":"X-New","value":{"type":"string","value":"n"}}]} continued by r3)");
  BOOST_TEST(answer("http://h/none") == R"(network.continueRequest {"request":"9"} )");
  BOOST_TEST(json::serialize(routes.List()) ==
             R"([{"id":"r1","url":"**/api/*","action":"abort","hits":1},)"
             R"({"id":"r2","url":"/api/items","action":"fulfill","status":201,"hits":1},)"
             R"({"id":"r3","url":"/other","action":"continue","hits":1}])");
  BOOST_TEST(routes.Remove("r2"));
  BOOST_TEST(!routes.Remove("r2"));
  BOOST_TEST(answer("http://h/api/items") ==
             R"(network.failRequest {"request":"9"} aborted by route r1)");
  Route again;
  again.url = "x";
  again.filter = *UrlFilter::Parse(again.url, &why, true);
  BOOST_TEST(routes.Add(std::move(again)) == "r4");  // ids are not reused
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::page
