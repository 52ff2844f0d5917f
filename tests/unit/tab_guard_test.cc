// The load guard through the batch runner: what the browser loads is judged where it loads.
#include "core/tab_guard.h"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <memory>
#include <optional>
#include <string>
#include <variant>

#include "absl/strings/str_cat.h"
#include "core/batch_runner.h"
#include "io/directory_spool.h"
#include "support/scripted_transport.h"
#include "support/temp_dir.h"

namespace firefox_bidi {
namespace {

using testing::ScriptedTransport;

std::string NavigationStarted(const std::string& context, const std::string& url) {
  return absl::StrCat(R"({"type":"event","method":"browsingContext.navigationStarted",)",
                      R"("params":{"context":")", context, R"(","navigation":"N1","url":")", url,
                      R"("}})");
}

std::string TabCreated(const std::string& context) {
  return absl::StrCat(R"({"type":"event","method":"browsingContext.contextCreated","params":)",
                      R"({"context":")", context,
                      R"(","parent":null,"url":"about:blank","userContext":"default",)",
                      R"("children":null}})");
}

struct GuardFixture {
  GuardFixture() {
    auto opened = OpenDirectorySpool(spool_dir.path(), 1 << 20);
    BOOST_REQUIRE(opened.ok());
    spool = std::move(*opened);
    options.policy = &policy;
    options.tab_guard = &guard;
  }

  // The result without its "events" (the tool hides its own; here no filter runs).
  std::string Run(std::string_view args_json) {
    auto parsed = ParseBatchArgs(args_json, options.limits);
    BOOST_REQUIRE(std::holds_alternative<BatchArgs>(parsed));
    boost::json::object result =
        boost::json::parse(RunBatch(std::get<BatchArgs>(parsed), transport, *spool, cache, options))
            .as_object();
    result.erase("events");
    return boost::json::serialize(result);
  }

  // What the policy says of a navigation to file:///etc/hostname.
  std::string Refusal() const {
    return absl::StrCat(
        R"(a navigation to \"file:///etc/hostname\" is not allowed: the file \"/etc/hostname\" )",
        R"(is outside file_roots [\")", root.path(),
        R"(\"]; file: URLs may only name files inside the config key \"file_roots\" (add a )",
        R"(directory that holds it there to allow it))");
  }

  static constexpr char kHow[] =
      R"( (relative URLs, a page's <base>, links, redirects and scripts are judged by the URL )"
      R"(the browser loads))";

  testing::TempDir spool_dir;
  testing::TempDir root;
  std::unique_ptr<Spool> spool;
  LabelCache cache{16};
  Policy policy{PolicyOptions{.file_roots = {root.path()}}};
  TabGuard guard{&policy, 2};
  RunOptions options;
  ScriptedTransport transport;
};

constexpr char kTwoTabs[] =
    R"({"contexts":[{"context":"T1","userContext":"default","children":[{"context":"F1",)"
    R"("children":[]}]},{"context":"T2","userContext":"default","children":[]}]})";

BOOST_FIXTURE_TEST_SUITE(tab_guard, GuardFixture)

BOOST_AUTO_TEST_CASE(a_refused_navigation_stops_the_frame_and_closes_its_tab_before_more_is_sent) {
  // The page's script replies after its tab started loading a file outside the roots: the
  // reply is never recorded, the tab is closed, and nothing else is sent.
  transport.Event(NavigationStarted("T1", "file:///etc/hostname"))
      .Reply(R"({"type":"success","result":{"type":"string","value":"secret"}})")
      .Reply(kTwoTabs)
      .Reply("{}");
  const std::string result =
      Run(R"({"frames":[{"method":"script.evaluate","label":"s","params":{"expression":"x",)"
          R"("target":{"context":"T1"}}},{"method":"script.evaluate","params":{}}]})");
  BOOST_TEST(result ==
             absl::StrCat(R"({"frames":[{"index":0,"method":"script.evaluate","label":"s",)",
                          R"("error":{"error":"not allowed","message":"frame 0 (script.evaluate) )",
                          R"(stopped: )", Refusal(),
                          R"(; the tool closed tab T1, where it started, so nothing of it can )",
                          R"(be read)", kHow,
                          R"("}},{"index":1,"method":"script.evaluate","skipped":true}]})"));
  BOOST_REQUIRE_EQUAL(transport.received().size(), 3u);
  BOOST_TEST(transport.received()[1].method == "browsingContext.getTree");
  BOOST_TEST(transport.received()[1].params == "{}");
  BOOST_TEST(transport.received()[2].method == "browsingContext.close");
  BOOST_TEST(transport.received()[2].params == R"({"context":"T1"})");
  BOOST_TEST(!guard.HasWork(""));
}

BOOST_AUTO_TEST_CASE(an_iframe_in_the_last_tab_closes_the_tab_after_opening_a_fresh_one) {
  transport.Event(NavigationStarted("F1", "file:///etc/hostname"))
      .Reply(R"({"navigation":"N1","url":"http://127.0.0.1/"})")
      .Reply(R"({"contexts":[{"context":"T1","userContext":"default","children":[{"context":"F1",)"
             R"("children":[]}]}]})")
      .Reply(R"({"context":"T9","userContext":"default"})")
      .Reply("{}");
  const std::string result =
      Run(R"({"frames":[{"method":"browsingContext.navigate","params":{"context":"T1",)"
          R"("url":"http://127.0.0.1/"}}]})");
  BOOST_TEST(result ==
             absl::StrCat(R"({"frames":[{"index":0,"method":"browsingContext.navigate",)",
                          R"("error":{"error":"not allowed","message":"frame 0 )",
                          R"((browsingContext.navigate) stopped: )", Refusal(),
                          R"(; the tool closed tab T1, where it started, so nothing of it can )",
                          R"(be read)", kHow, R"("}}]})"));
  BOOST_REQUIRE_EQUAL(transport.received().size(), 4u);
  BOOST_TEST(transport.received()[2].method == "browsingContext.create");
  BOOST_TEST(transport.received()[2].params ==
             R"({"type":"tab","background":true,"userContext":"default"})");
  BOOST_TEST(transport.received()[3].params == R"({"context":"T1"})");
}

BOOST_AUTO_TEST_CASE(a_refused_navigation_between_calls_fails_the_first_frame_unsent) {
  transport.EventBetweenCalls(NavigationStarted("T2", "file:///etc/hostname"))
      .Reply(kTwoTabs)
      .Reply("{}");
  const std::string result = Run(R"({"frames":[{"method":"browsingContext.getTree"}]})");
  BOOST_TEST(result ==
             absl::StrCat(R"({"frames":[{"index":0,"method":"browsingContext.getTree",)",
                          R"("error":{"error":"not allowed","message":"frame 0 )",
                          R"((browsingContext.getTree) was not sent (this happened between )",
                          R"(calls): )", Refusal(),
                          R"(; the tool closed tab T2, where it started, so nothing of it can )",
                          R"(be read)", kHow, R"("}}]})"));
  BOOST_REQUIRE_EQUAL(transport.received().size(), 2u);
  BOOST_TEST(transport.received()[1].params == R"({"context":"T2"})");
}

BOOST_AUTO_TEST_CASE(files_inside_the_roots_and_other_urls_load_unwatched) {
  transport.Event(NavigationStarted("T1", absl::StrCat("file://", root.path(), "/a.html")))
      .Event(NavigationStarted("T1", "https://example.org/etc/hostname"))
      .Reply(R"({"navigation":"N1"})");
  BOOST_TEST(Run(R"({"frames":[{"method":"browsingContext.reload","params":{"context":"T1"}}]})") ==
             R"({"frames":[{"index":0,"method":"browsingContext.reload","result":)"
             R"({"navigation":"N1"}}]})");
  BOOST_TEST(transport.received().size() == 1u);
}

BOOST_AUTO_TEST_CASE(tabs_past_max_tabs_are_closed_newest_first_and_the_frame_fails) {
  transport.Event(TabCreated("T3"))
      .Event(TabCreated("T4"))
      .Reply(R"({"context":"T4"})")
      .Reply(R"({"contexts":[{"context":"T1","userContext":"default","children":[]},)"
             R"({"context":"T3","userContext":"default","children":[]},)"
             R"({"context":"T4","userContext":"default","children":[]},)"
             R"({"context":"U1","userContext":"other","children":[]}]})")
      .Reply("{}");
  const std::string result = Run(R"({"frames":[{"method":"script.callFunction"}]})");
  BOOST_TEST(result ==
             R"({"frames":[{"index":0,"method":"script.callFunction","error":{"error":)"
             R"("not allowed","message":"frame 0 (script.callFunction) stopped: a page or a )"
             R"(frame opened more tabs than the config key \"max_tabs\" (2) allows in one )"
             R"(browser; the tool closed the newest (T4); close tabs you no longer need with )"
             R"(page.tabs {\"action\": \"close\"}"}}]})");
  BOOST_REQUIRE_EQUAL(transport.received().size(), 3u);
  BOOST_TEST(transport.received()[2].params == R"({"context":"T4"})");
}

BOOST_AUTO_TEST_CASE(a_new_tab_within_the_bound_costs_one_look_at_the_tree) {
  transport.Event(TabCreated("T2")).Reply(R"({"context":"T2"})").Reply(kTwoTabs);
  BOOST_TEST(Run(R"({"frames":[{"method":"browsingContext.create","params":{"type":"tab"}}]})") ==
             R"({"frames":[{"index":0,"method":"browsingContext.create","result":)"
             R"({"context":"T2"}}]})");
  BOOST_REQUIRE_EQUAL(transport.received().size(), 2u);
  BOOST_TEST(transport.received()[1].method == "browsingContext.getTree");
}

BOOST_AUTO_TEST_CASE(work_a_failed_close_left_is_done_at_the_next_call) {
  transport.Event(NavigationStarted("T1", "file:///etc/hostname")).Reply("{}").Disconnect();
  const std::string first = Run(R"({"frames":[{"method":"script.evaluate"}]})");
  BOOST_TEST(first.find(R"("error":"browser disconnected")") != std::string::npos, first);
  BOOST_TEST(guard.HasWork(""));
  guard.BeginCall(7);  // a new browser: what was pending belonged to the old one
  BOOST_TEST(!guard.HasWork(""));
}

BOOST_AUTO_TEST_CASE(a_frame_whose_page_never_answers_closes_that_tab_and_says_so) {
  // The script waits in T1; the probe gets no reply either: T1 is closed.
  transport.Timeout().Timeout().Reply(kTwoTabs).Reply("{}");
  const std::string result =
      Run(R"({"frames":[{"method":"script.evaluate","timeout_ms":500,"params":{"expression":)"
          R"("x","target":{"context":"T1"}}}]})");
  BOOST_TEST(
      result ==
      R"({"frames":[{"index":0,"method":"script.evaluate","error":{"error":"timeout",)"
      R"("message":"no reply to frame 0 (script.evaluate) within 500 ms; the page in )"
      R"(tab T1 did not answer for another 1000 ms either (a script that never )"
      R"(yields, such as an endless loop, holds every command to it, and Firefox )"
      R"(cannot stop it): the tool closed that tab so the browser stays usable; open )"
      R"(the page again in a new tab (page.tabs {\"action\": \"new\"}) if you need it"}}]})");
  BOOST_REQUIRE_EQUAL(transport.received().size(), 4u);
  BOOST_TEST(transport.received()[1].method == "browsingContext.locateNodes");
  BOOST_TEST(transport.received()[1].params ==
             R"({"context":"T1","locator":{"type":"css","value":"html"},"maxNodeCount":1})");
  BOOST_TEST(transport.received()[1].timeout.count() == 1000);
  BOOST_TEST(transport.received()[3].params == R"({"context":"T1"})");
}

BOOST_AUTO_TEST_CASE(a_contain_while_another_waits_for_the_browser_does_nothing) {
  // Calls of different agents share the guard: one's Contain runs while another's waits.
  guard.BeginCall(1);
  guard.NoteUnanswered("T1");
  guard.NoteUnanswered("T2");
  // During the first probe another call sees a new tab and contains: the work is left to the
  // Contain that runs (its next round looks at the tree).
  transport.Event(TabCreated("T9")).Reply("{}").Reply("{}").Reply(kTwoTabs);
  std::optional<absl::StatusOr<TabGuard::Report>> nested;
  const auto another_call = [&](boost::json::value event) {
    (void)guard.Observe(event, [] { return std::string(); });
    if (!nested)
      nested = guard.Contain(
          transport, [](boost::json::value) {}, "");
  };
  const absl::StatusOr<TabGuard::Report> report = guard.Contain(transport, another_call, "");
  BOOST_REQUIRE(nested.has_value());
  BOOST_REQUIRE(nested->ok());
  BOOST_TEST((*nested)->refused == "");
  BOOST_TEST((*nested)->unresponsive == "");
  BOOST_REQUIRE(report.ok());
  BOOST_TEST(report->unresponsive == "");  // both pages answered
  // The two probes and one look at the tree: the nested Contain sent nothing.
  BOOST_REQUIRE_EQUAL(transport.received().size(), 3u);
  BOOST_TEST(transport.received()[0].params ==
             R"({"context":"T1","locator":{"type":"css","value":"html"},"maxNodeCount":1})");
  BOOST_TEST(transport.received()[1].params ==
             R"({"context":"T2","locator":{"type":"css","value":"html"},"maxNodeCount":1})");
  BOOST_TEST(transport.received()[2].method == "browsingContext.getTree");
  BOOST_TEST(!guard.HasWork(""));
}

BOOST_AUTO_TEST_CASE(
    a_refusal_in_another_agents_tab_is_closed_at_once_and_told_to_that_agent_only) {
  // Agent b's call reads a navigation of agent a's tab (a has no call running): b's Contain
  // closes the tab, says nothing of it to b, and keeps the report for a's next call.
  const std::optional<std::string> refused_in =
      guard.Observe(boost::json::parse(NavigationStarted("A1", "file:///etc/hostname")),
                    [] { return std::string("uc-a"); });
  BOOST_TEST(refused_in.value_or("none") == "uc-a");
  // The agent of an event is asked for refused navigations only (every event comes here).
  bool asked = false;
  const std::optional<std::string> allowed =
      guard.Observe(boost::json::parse(NavigationStarted("A2", "http://127.0.0.1/")), [&] {
        asked = true;
        return std::string("uc-a");
      });
  BOOST_TEST(!allowed.has_value());
  BOOST_TEST(!asked);
  BOOST_TEST(guard.HasWork("uc-b"));
  transport
      .Reply(R"({"contexts":[{"context":"A1","userContext":"uc-a","children":[]},)"
             R"({"context":"A2","userContext":"uc-a","children":[]},)"
             R"({"context":"B1","userContext":"uc-b","children":[]}]})")
      .Reply("{}");
  const auto ignore = [](boost::json::value) {};
  const absl::StatusOr<TabGuard::Report> for_b = guard.Contain(transport, ignore, "uc-b");
  BOOST_REQUIRE(for_b.ok());
  BOOST_TEST(for_b->refused == "");
  BOOST_TEST(for_b->unresponsive == "");
  BOOST_REQUIRE_EQUAL(transport.received().size(), 2u);
  BOOST_TEST(transport.received()[1].method == "browsingContext.close");
  BOOST_TEST(transport.received()[1].params == R"({"context":"A1"})");
  BOOST_TEST(!guard.HasWork("uc-b"));
  BOOST_TEST(guard.HasWork("uc-a"));
  // a's call takes its report without a command sent.
  const absl::StatusOr<TabGuard::Report> for_a = guard.Contain(transport, ignore, "uc-a");
  BOOST_REQUIRE(for_a.ok());
  BOOST_TEST(for_a->refused ==
             std::string(boost::json::parse(absl::StrCat("\"", Refusal(), "\"")).as_string()) +
                 std::string("; the tool closed tab A1, where it started, so nothing of it can be "
                             "read (relative URLs, a page's <base>, links, redirects and scripts "
                             "are judged by the URL the browser loads)"));
  BOOST_TEST(transport.received().size() == 2u);
  BOOST_TEST(!guard.HasWork("uc-a"));
}

BOOST_AUTO_TEST_CASE(a_frame_that_only_waited_too_long_leaves_a_page_that_answers_open) {
  transport.Timeout().Reply(R"({"nodes":[]})");
  const std::string result =
      Run(R"({"frames":[{"method":"script.evaluate","timeout_ms":500,"params":{"expression":)"
          R"("x","target":{"context":"T1"}}}]})");
  BOOST_TEST(result ==
             R"({"frames":[{"index":0,"method":"script.evaluate","error":{"error":"timeout",)"
             R"("message":"no reply to frame 0 (script.evaluate) within 500 ms"}}]})");
  BOOST_TEST(transport.received().size() == 2u);
  BOOST_TEST(!guard.HasWork(""));
}

BOOST_AUTO_TEST_CASE(events_that_still_come_for_a_load_already_dealt_with_stop_nothing) {
  transport.Event(NavigationStarted("T1", "file:///etc/hostname"))
      .Reply("{}")
      .Reply(kTwoTabs)
      .Reply("{}")
      .Event(absl::StrCat(R"({"type":"event","method":"browsingContext.load","params":)",
                          R"({"context":"T1","navigation":"N1","url":"file:///etc/hostname"}})"))
      .Reply(R"({"contexts":[]})");
  const std::string result = Run(R"({"on_error":"continue","frames":[{"method":"script.evaluate"},)"
                                 R"({"method":"browsingContext.getTree"}]})");
  BOOST_TEST(result.find(R"({"index":1,"method":"browsingContext.getTree","result":)"
                         R"({"contexts":[]}})") != std::string::npos,
             result);
  BOOST_TEST(transport.received().size() == 4u);
}

BOOST_AUTO_TEST_CASE(a_frame_that_lost_the_browser_says_so_whatever_the_guard_saw) {
  transport.Event(TabCreated("T3")).Disconnect();
  const std::string result = Run(R"({"frames":[{"method":"script.evaluate"},{"method":"a.b"}]})");
  BOOST_TEST(result.find(R"("error":{"error":"browser disconnected")") != std::string::npos,
             result);
  BOOST_TEST(result.find(R"({"index":1,"method":"a.b","skipped":true})") != std::string::npos,
             result);
  BOOST_TEST(transport.received().size() == 1u);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
