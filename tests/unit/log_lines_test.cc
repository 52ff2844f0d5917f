#include "page/log_lines.h"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <string>

namespace firefox_bidi::page {
namespace {

namespace json = boost::json;

json::object Obj(std::string_view text) { return json::parse(text).as_object(); }

// A log.entryAdded event as Firefox sends it (fields the collector does not read left out).
json::object Console(std::string_view context, std::string_view method, std::string_view text,
                     std::string_view url = "", int line = -1) {
  json::object params{{"type", "console"},
                      {"method", method},
                      {"level", method == "error" || method == "warn" || method == "debug"
                                    ? method
                                    : std::string_view("info")},
                      {"text", text},
                      {"source", json::object{{"realm", "r1"}, {"context", context}}}};
  if (line >= 0) {
    params["stackTrace"] = json::object{
        {"callFrames",
         json::array{json::object{{"url", url}, {"lineNumber", line}, {"columnNumber", 4}}}}};
  }
  return json::object{{"type", "event"}, {"method", "log.entryAdded"}, {"params", params}};
}

json::object Response(std::string_view context, std::string_view url, int status,
                      bool navigation = false, std::string_view method = "GET",
                      std::string_view navigation_id = "n1") {
  json::object params{
      {"context", context},
      {"navigation", navigation ? json::value(navigation_id) : json::value(nullptr)},
      {"redirectCount", 0},
      {"request", json::object{{"request", "7"}, {"url", url}, {"method", method}}},
      {"response", json::object{{"url", url}, {"status", status}, {"statusText", "x"}}}};
  return json::object{
      {"type", "event"}, {"method", "network.responseCompleted"}, {"params", params}};
}

json::object Created(std::string_view context, std::string_view parent) {
  return json::object{{"type", "event"},
                      {"method", "browsingContext.contextCreated"},
                      {"params", json::object{{"context", context},
                                              {"parent", parent.empty() ? json::value(nullptr)
                                                                        : json::value(parent)},
                                              {"url", "about:blank"}}}};
}

json::object Committed(std::string_view context, std::string_view navigation) {
  return json::object{{"type", "event"},
                      {"method", "browsingContext.navigationCommitted"},
                      {"params", json::object{{"context", context},
                                              {"navigation", navigation},
                                              {"url", "http://127.0.0.1:8000/next"}}}};
}

std::string Read(TabLogs& logs, std::string_view tab, bool clear = true) {
  return json::serialize(logs.Read(tab, LogQuery{.clear = clear}));
}

std::string Read(TabLogs& logs, std::string_view tab, const LogQuery& query) {
  return json::serialize(logs.Read(tab, query));
}

BOOST_AUTO_TEST_SUITE(log_lines)

BOOST_AUTO_TEST_CASE(console_lines_name_method_text_and_one_based_location) {
  BOOST_TEST(TabLogs::ConsoleLine(Console("c", "error", "payment widget failed: E42",
                                          "http://127.0.0.1:8000/js/app.js?v=3", 11)
                                      .at("params")
                                      .as_object()) ==
             "error: payment widget failed: E42 (app.js:12)");
  BOOST_TEST(TabLogs::ConsoleLine(Console("c", "log", "hello 8").at("params").as_object()) ==
             "log: hello 8");
  BOOST_TEST(
      TabLogs::ConsoleLine(
          Console("c", "warn", "low", "data:text/html,<script>", 0).at("params").as_object()) ==
      "warn: low (line 1)");
}

BOOST_AUTO_TEST_CASE(multi_line_text_becomes_one_line) {
  BOOST_TEST(
      TabLogs::ConsoleLine(
          Console("c", "log", "  first\n   second\r\n\tthird  x  ").at("params").as_object()) ==
      "log: first second third  x");
}

BOOST_AUTO_TEST_CASE(uncaught_errors_go_to_errors_without_a_method) {
  TabLogs logs;
  BOOST_TEST(logs.Observe(Obj(
      R"({"type":"event","method":"log.entryAdded","params":{"type":"javascript","level":"error",
          "text":"TypeError: x is undefined","source":{"realm":"r","context":"T"},
          "stackTrace":{"callFrames":[{"url":"http://h/a/noise.html","lineNumber":2,
          "columnNumber":0,"functionName":""}]}}})")));
  BOOST_TEST(Read(logs, "T") ==
             R"J({"console":[],"errors":["TypeError: x is undefined (noise.html:3)"],)J"
             R"J("failed_requests":[]})J");
  BOOST_TEST(Read(logs, "T") == R"({"console":[],"errors":[],"failed_requests":[]})");
}

BOOST_AUTO_TEST_CASE(failed_requests_on_the_tab_origin_show_the_path) {
  TabLogs logs;
  logs.Observe(Response("T", "http://127.0.0.1:8123/noise.html", 200, true));
  logs.Observe(Response("T", "http://127.0.0.1:8123/ok.css", 200));
  logs.Observe(Response("T", "http://127.0.0.1:8123/missing/logo.png?x=1#f", 404));
  logs.Observe(Response("T", "http://127.0.0.1:9000/api", 500, false, "POST"));
  logs.Observe(Response("T", "http://127.0.0.1:8123", 410));
  logs.Observe(Obj(R"({"type":"event","method":"network.fetchError","params":{"context":"T",
      "navigation":null,"request":{"request":"9","url":"http://127.0.0.1:8123/down","method":"GET"},
      "errorText":"NS_ERROR_CONNECTION_REFUSED"}})"));
  BOOST_TEST(Read(logs, "T") ==
             R"({"console":[],"errors":[],"failed_requests":["404 GET /missing/logo.png?x=1",)"
             R"("500 POST http://127.0.0.1:9000/api","410 GET /",)"
             R"("failed GET /down: NS_ERROR_CONNECTION_REFUSED"]})");
}

BOOST_AUTO_TEST_CASE(a_failed_navigation_is_shown_on_its_own_origin) {
  TabLogs logs;
  logs.Observe(Response("T", "http://127.0.0.1:8123/a.html", 200, true));
  logs.Observe(Response("T", "http://localhost:7000/gone.html", 404, true));
  logs.Observe(Committed("T", "n1"));
  logs.Observe(Response("T", "http://localhost:7000/img.png", 404));
  BOOST_TEST(
      Read(logs, "T") ==
      R"({"console":[],"errors":[],"failed_requests":["404 GET /gone.html","404 GET /img.png"]})");
}

BOOST_AUTO_TEST_CASE(iframe_events_count_for_their_tab) {
  TabLogs logs;
  BOOST_TEST(logs.Observe(Created("T", "")));
  BOOST_TEST(logs.Observe(Created("F1", "T")));
  BOOST_TEST(logs.Observe(Created("F2", "F1")));
  BOOST_TEST(logs.TabOf("F2") == "T");
  BOOST_TEST(logs.TabOf("unknown") == "unknown");
  logs.Observe(Console("F2", "info", "deep"));
  logs.Observe(Console("T", "log", "top"));
  BOOST_TEST(Read(logs, "T") ==
             R"({"console":["info: deep","log: top"],"errors":[],"failed_requests":[]})");
  BOOST_TEST(Read(logs, "F2") == R"({"console":[],"errors":[],"failed_requests":[]})");
}

BOOST_AUTO_TEST_CASE(a_closed_tab_is_forgotten_with_its_frames) {
  TabLogs logs;
  logs.Observe(Created("F", "T"));
  logs.Observe(Console("F", "log", "x"));
  BOOST_TEST(logs.Observe(Obj(
      R"({"type":"event","method":"browsingContext.contextDestroyed","params":{"context":"T","parent":null}})")));
  BOOST_TEST(logs.TabOf("F") == "F");
  BOOST_TEST(Read(logs, "T") == R"({"console":[],"errors":[],"failed_requests":[]})");
}

BOOST_AUTO_TEST_CASE(newest_lines_are_kept_and_the_dropped_counted) {
  TabLogs logs(LogLimits{.max_lines = 3, .max_line_bytes = 300});
  for (int i = 0; i < 5; ++i) logs.Observe(Console("T", "log", "m" + std::to_string(i)));
  logs.Observe(Response("T", "http://h/x", 404));
  BOOST_TEST(
      Read(logs, "T", /*clear=*/false) ==
      R"({"console":["log: m2","log: m3","log: m4"],"errors":[],"failed_requests":["404 GET http://h/x"],"dropped":2})");
  // clear=false kept them; the next read clears.
  BOOST_TEST(
      Read(logs, "T") ==
      R"({"console":["log: m2","log: m3","log: m4"],"errors":[],"failed_requests":["404 GET http://h/x"],"dropped":2})");
  BOOST_TEST(Read(logs, "T") == R"({"console":[],"errors":[],"failed_requests":[]})");
}

BOOST_AUTO_TEST_CASE(repeated_lines_are_counted) {
  TabLogs logs;
  for (int i = 0; i < 12; ++i) logs.Observe(Console("T", "log", "tick"));
  logs.Observe(Console("T", "log", "tock"));
  logs.Observe(Console("T", "log", "tick"));
  BOOST_TEST(Read(logs, "T") ==
             "{\"console\":[\"log: tick (\xC3\x97"
             "12)\",\"log: tock\",\"log: tick\"],"
             "\"errors\":[],\"failed_requests\":[]}");
}

BOOST_AUTO_TEST_CASE(long_lines_are_cut_on_a_utf8_boundary) {
  TabLogs logs(LogLimits{.max_lines = 10, .max_line_bytes = 12});
  // "log: " (5) + "ééééé" (10 bytes): 15 > 12, keep 9 bytes -> "log: éé" (9) + "…".
  logs.Observe(Console("T", "log", "\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9"));
  const json::object read = logs.Read("T", LogQuery{});
  BOOST_TEST(std::string(read.at("console").as_array().at(0).as_string()) ==
             "log: \xC3\xA9\xC3\xA9\xE2\x80\xA6");
}

BOOST_AUTO_TEST_CASE(a_level_shows_its_lines_and_more_severe_ones_and_leaves_the_rest) {
  TabLogs logs;
  logs.Observe(Console("T", "debug", "d"));
  logs.Observe(Console("T", "log", "i"));
  logs.Observe(Console("T", "warn", "w"));
  logs.Observe(Console("T", "error", "e"));
  logs.Observe(Obj(R"({"type":"event","method":"log.entryAdded","params":{"type":"javascript",)"
                   R"("level":"error","text":"TypeError: x","source":{"context":"T"}}})"));
  logs.Observe(Response("T", "http://127.0.0.1:8000/a.png", 404));
  BOOST_TEST(Read(logs, "T", LogQuery{.level = LogLevel::kWarning}) ==
             R"({"console":["warn: w","error: e"],"errors":["TypeError: x"],)"
             R"("failed_requests":["404 GET http://127.0.0.1:8000/a.png"]})");
  BOOST_TEST(Read(logs, "T", LogQuery{.level = LogLevel::kError}) ==
             R"({"console":[],"errors":[],"failed_requests":[]})");
  // The lines below the level were left for a later read.
  BOOST_TEST(Read(logs, "T") ==
             R"({"console":["debug: d","log: i"],"errors":[],"failed_requests":[]})");
  BOOST_TEST((ParseLogLevel("info") == LogLevel::kInfo));
  BOOST_TEST(!ParseLogLevel("fatal").has_value());
}

BOOST_AUTO_TEST_CASE(a_commit_of_the_tab_begins_a_document_that_current_reads_alone) {
  TabLogs logs;
  logs.Observe(Created("F", "T"));
  logs.Observe(Console("T", "log", "first page"));
  // The next document's own response comes before its commit and belongs to it; an iframe's
  // commit begins no document of the tab.
  logs.Observe(Response("T", "http://127.0.0.1:8000/next", 404, true, "GET", "n2"));
  logs.Observe(Committed("T", "n2"));
  logs.Observe(Committed("F", "n3"));
  logs.Observe(Console("F", "log", "second page's frame"));
  logs.Observe(Response("T", "http://127.0.0.1:8000/next", 404, true, "GET", "n2"));
  // Both 404 lines belong to the new document and are counted as one.
  BOOST_TEST(Read(logs, "T", LogQuery{.clear = false}) ==
             R"({"console":["log: second page's frame"],"errors":[],)"
             "\"failed_requests\":[\"404 GET /next (\xC3\x97"
             "2)\"]}");
  BOOST_TEST(Read(logs, "T", LogQuery{.current_document = false}) ==
             R"({"console":["log: first page","log: second page's frame"],"errors":[],)"
             "\"failed_requests\":[\"404 GET /next (\xC3\x97"
             "2)\"]}");
  // A line equal to the one before it in another document is a line of its own.
  logs.Observe(Console("T", "log", "tick"));
  logs.Observe(Committed("T", "n4"));
  logs.Observe(Console("T", "log", "tick"));
  BOOST_TEST(Read(logs, "T") == R"({"console":["log: tick"],"errors":[],"failed_requests":[]})");
}

BOOST_AUTO_TEST_CASE(a_request_cancelled_by_leaving_the_page_is_no_failure) {
  TabLogs logs;
  logs.Observe(Obj(R"({"type":"event","method":"network.fetchError","params":{"context":"T",)"
                   R"("navigation":null,"request":{"request":"3","url":"http://h/stall",)"
                   R"("method":"GET"},"errorText":"NS_BINDING_ABORTED"}})"));
  BOOST_TEST(Read(logs, "T", LogQuery{.current_document = false}) ==
             R"({"console":[],"errors":[],"failed_requests":[]})");
}

BOOST_AUTO_TEST_CASE(other_events_are_not_taken) {
  TabLogs logs;
  BOOST_TEST(!logs.Observe(Obj(
      R"({"type":"event","method":"browsingContext.load","params":{"context":"T","url":"x"}})")));
  BOOST_TEST(!logs.Observe(Obj(R"({"type":"event","method":"log.entryAdded"})")));
  // A worker's message has no context: taken, filed nowhere.
  BOOST_TEST(logs.Observe(Obj(
      R"({"type":"event","method":"log.entryAdded","params":{"type":"console","text":"w","source":{"realm":"r"}}})")));
  BOOST_TEST(Read(logs, "T") == R"({"console":[],"errors":[],"failed_requests":[]})");
}

BOOST_AUTO_TEST_CASE(origins) {
  BOOST_TEST(TabLogs::OriginOf("http://127.0.0.1:8123/a/b?c#d") == "http://127.0.0.1:8123");
  BOOST_TEST(TabLogs::OriginOf("https://example.org") == "https://example.org");
  BOOST_TEST(TabLogs::OriginOf("data:text/html,<a href=x://y>") == "");
  BOOST_TEST(TabLogs::OriginOf("about:blank") == "");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::page
