// Many agents on one browser (DESIGN.md section 12): each "agent" of a call is a user context
// of its own; nothing of one (cookies, localStorage, tabs, console lines, events) reaches
// another, a raw frame naming another agent's tab is not allowed, page.agents lists and
// closes them, and agents.max bounds them. Real Firefox, the login fixture over http.
#include <algorithm>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <mutex>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "fresh_browser.h"
#include "support/fixture_http_server.h"

namespace firefox_bidi {
namespace {

namespace json = boost::json;
using testing::FixtureHttpServer;

std::string Quote(std::string_view text) { return json::serialize(json::string(text)); }

// The call's JSON result, run as `agent`; the call must run.
json::value Call(FreshBrowser& browser, std::string_view agent, const std::string& frames,
                 std::string_view more = "") {
  const agent_tool::ToolResult result = browser.Invoke(
      R"({"agent":)" + Quote(agent) + std::string(more) + R"(,"frames":[)" + frames + "]}");
  BOOST_TEST_REQUIRE(result.status == AGENT_TOOL_STATUS_OK, result.json);
  return json::parse(result.json);
}

// Each frame's result or error, in order.
json::array Results(FreshBrowser& browser, std::string_view agent, const std::string& frames,
                    std::string_view more = "") {
  json::array out;
  const json::value result = Call(browser, agent, frames, more);
  for (const json::value& record : result.at("frames").as_array()) {
    const json::object& r = record.as_object();
    const json::value* value = r.if_contains("result");
    if (value == nullptr) value = r.if_contains("error");
    out.push_back(value != nullptr ? *value : json::value());
  }
  return out;
}

std::string Goto(const std::string& url) {
  return R"({"method":"page.goto","params":{"url":)" + Quote(url) + R"(},"silent":true})";
}
constexpr char kStatus[] = R"({"method":"page.text","params":{"css":"#status"}})";
constexpr char kTabs[] = R"({"method":"page.tabs"})";

// page.agents' list with each agent's idle_s written as "CALLER" for the calling agent's (always
// 0) and "N" for the others' (whole seconds since their last call: the clock's, not the test's).
std::string AgentsShape(const json::value& listed, std::string_view caller) {
  json::array shape;
  for (const json::value& entry : listed.at("agents").as_array()) {
    json::object agent = entry.as_object();
    const bool calling = agent.at("agent") == json::value(json::string(caller));
    BOOST_TEST((!calling || agent.at("idle_s") == 0), json::serialize(entry));
    BOOST_TEST(agent.at("idle_s").is_int64(), json::serialize(entry));
    agent["idle_s"] = calling ? "CALLER" : "N";
    shape.push_back(std::move(agent));
  }
  return json::serialize(shape);
}

std::string TabId(const json::value& tabs) {
  return std::string(tabs.as_array().at(0).at("tab").as_string());
}

BOOST_AUTO_TEST_SUITE(e2e_agents)

BOOST_AUTO_TEST_CASE(two_agents_on_one_site_share_no_cookie_storage_tab_or_console_line) {
  FixtureHttpServer pages;
  FreshBrowser browser;
  const std::string login = pages.url("login.html");
  // Agent a signs in; a line its page logs a moment later arrives during b's call.
  const json::array a = Results(
      browser, "a",
      Goto(login) + R"(,{"method":"page.click","params":{"text":"Sign in"},"silent":true},)" +
          kStatus + "," + kTabs +
          R"(,{"method":"page.eval","params":{"expression":"setTimeout(() => console.log('late line of a'), 200), 1"},"silent":true})");
  BOOST_TEST(json::serialize(a[2]) == R"("Signed in as Ada")");
  BOOST_TEST(a[3].as_array().size() == 1u);
  const std::string a_tab = TabId(a[3]);

  const json::array b =
      Results(browser, "b",
              Goto(login) + "," + kStatus + "," + kTabs +
                  R"(,{"method":"page.waitFor","params":{"ms":1000},"silent":true},)"
                  R"({"method":"page.logs","params":{"page":"all"}},)"
                  R"({"method":"storage.getCookies","params":{},"pick":"cookies"})");
  BOOST_TEST(json::serialize(b[1]) == R"("Signed out")");
  BOOST_TEST(b[2].as_array().size() == 1u);
  BOOST_TEST(TabId(b[2]) != a_tab);
  BOOST_TEST(json::serialize(b[4]).find("late line of a") == std::string::npos, b[4]);
  BOOST_TEST(json::serialize(b[5]) == "[]");

  // a's line was kept for a; a's cookie is in a's user context only.
  const json::array a_again =
      Results(browser, "a",
              R"({"method":"page.logs","params":{"page":"all"}},)"
              R"({"method":"storage.getCookies","params":{},"pick":"cookies[0].name"})");
  BOOST_TEST(json::serialize(a_again[0]).find("late line of a") != std::string::npos, a_again[0]);
  BOOST_TEST(json::serialize(a_again[1]) == R"("session")");

  // The default agent (no "agent") has the browser's first tab, not a's or b's.
  const json::array mine = browser.Results(kTabs);
  BOOST_TEST(mine[0].as_array().size() == 1u);
  BOOST_TEST(TabId(mine[0]) != a_tab);
  BOOST_TEST(TabId(mine[0]) != TabId(b[2]));
}

BOOST_AUTO_TEST_CASE(calls_of_two_agents_run_at_the_same_time_each_seeing_its_own) {
  FixtureHttpServer pages;
  FreshBrowser browser;
  const std::string login = pages.url("login.html");
  for (const char* agent : {"a", "b"}) Results(browser, agent, Goto(login));

  // Each call waits 2 s in its page; one after the other they would take 4 s.
  const auto wait_in_page = [&](std::string_view agent) {
    return Results(browser, agent,
                   R"({"method":"page.eval","params":{"expression":"console.log('line of )" +
                       std::string(agent) +
                       R"~('), new Promise(r => setTimeout(() => r(document.title), 2000))"}},)~"
                       R"({"method":"page.logs","params":{"page":"all"}})");
  };
  const auto start = std::chrono::steady_clock::now();
  json::array a;
  std::thread a_thread([&] { a = wait_in_page("a"); });
  const json::array b = wait_in_page("b");
  a_thread.join();
  const auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now() - start);

  BOOST_TEST(elapsed.count() < 3500);
  BOOST_TEST(json::serialize(a[0]) == R"("Sign in")");
  BOOST_TEST(json::serialize(b[0]) == R"("Sign in")");
  const std::string a_logs = json::serialize(a[1]);
  const std::string b_logs = json::serialize(b[1]);
  BOOST_TEST(a_logs.find("line of a") != std::string::npos, a_logs);
  BOOST_TEST(a_logs.find("line of b") == std::string::npos, a_logs);
  BOOST_TEST(b_logs.find("line of b") != std::string::npos, b_logs);
  BOOST_TEST(b_logs.find("line of a") == std::string::npos, b_logs);
}

BOOST_AUTO_TEST_CASE(two_agents_typing_at_the_same_time_each_get_every_key_of_their_own) {
  FixtureHttpServer pages;
  FreshBrowser browser;
  for (const char* agent : {"a", "b"}) Results(browser, agent, Goto(pages.url("typing.html")));

  // Key by key, 30 ms apart: the two calls' keys interleave.
  const auto type = [&](std::string_view agent, std::string_view text) {
    return Results(
        browser, agent,
        R"({"method":"page.type","params":{"css":"#name","text":)" + Quote(text) +
            R"(,"delay_ms":30}},)"
            R"({"method":"page.type","params":{"role":"textbox","name":"Note","text":)" +
            Quote(text) +
            R"(}},{"method":"page.eval","params":{"expression":)"
            R"("JSON.stringify(window.keydowns) + ' ' + document.getElementById('note').innerText"}})");
  };
  json::array a;
  std::thread a_thread([&] { a = type("a", "alpha beta gamma"); });
  const json::array b = type("b", "one two three four");
  a_thread.join();

  BOOST_TEST(json::serialize(a[0]) == R"({"value":"alpha beta gamma"})");
  BOOST_TEST(json::serialize(b[0]) == R"({"value":"one two three four"})");
  BOOST_TEST(json::serialize(a[2]) == R"("{\"name\":16,\"note\":16} alpha beta gamma")");
  BOOST_TEST(json::serialize(b[2]) == R"("{\"name\":18,\"note\":18} one two three four")");
}

// The model's own input takes its agent's turn on the focus too, its window activated first
// when another agent's took the focus: raw keys into an editor the page focused, sent while
// another agent's call has just focused its own window, reach the page (before, they typed
// nothing: keys edit only in the focused window).
BOOST_AUTO_TEST_CASE(raw_keys_of_an_agent_whose_window_lost_the_focus_reach_its_page) {
  FixtureHttpServer pages;
  FreshBrowser browser;
  for (const char* agent : {"a", "b"}) Results(browser, agent, Goto(pages.url("typing.html")));
  json::array keys;
  for (const char c : std::string("alpha beta")) {
    keys.push_back(json::object{{"type", "keyDown"}, {"value", std::string(1, c)}});
    keys.push_back(json::object{{"type", "keyUp"}, {"value", std::string(1, c)}});
  }
  const json::object input{
      {"context", "<<tab>>"},
      {"actions", json::array{json::object{{"type", "key"}, {"id", "keys"}, {"actions", keys}}}}};
  json::array a;
  std::thread a_thread([&] {
    // a waits while b's call focuses b's window, then types into the editor its page focused.
    a = Results(browser, "a",
                R"({"method":"page.waitFor","params":{"ms":1500}},)"
                R"({"method":"page.eval","params":{"expression":)"
                R"("document.getElementById('note').focus(); 1"}},)"
                R"({"method":"input.performActions","params":)" +
                    json::serialize(input) +
                    R"(},{"method":"page.eval","params":{"expression":)"
                    R"("document.getElementById('note').innerText"}})");
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const json::array b = Results(browser, "b",
                                R"({"method":"page.click","silent":true,"params":{"css":"#note"}},)"
                                R"({"method":"page.type","params":{"text":"one two"}})");
  a_thread.join();

  BOOST_TEST(json::serialize(a[2]) == "{}", json::serialize(a));
  BOOST_TEST(json::serialize(a[3]) == R"("alpha beta")", json::serialize(a));
  BOOST_TEST(json::serialize(b[1]) == R"({"value":"one two"})", json::serialize(b));
}

// Eight agents made by calls that start at once, each signing up on its own page: every
// call acts on its own agent's tab (before, a call that waited while another agent was made
// could act on that agent's tab).
BOOST_AUTO_TEST_CASE(eight_agents_made_at_once_each_act_on_their_own_page) {
  FixtureHttpServer pages;
  FreshBrowser browser;
  const std::string form = pages.url("form.html");
  constexpr int kAgents = 8;
  std::vector<json::value> results(kAgents);
  std::vector<std::thread> threads;
  for (int i = 0; i < kAgents; ++i) {
    threads.emplace_back([&, i] {
      const std::string agent = "agent" + std::to_string(i);
      const agent_tool::ToolResult result = browser.Invoke(
          R"({"agent":)" + Quote(agent) + R"(,"frames":[)" + Goto(form) +
          R"(,{"method":"page.snapshot","silent":true},)"
          R"({"method":"page.fill","params":{"css":"#email","value":)" +
          Quote(agent + "@example.com") +
          R"(}},{"method":"page.click","params":{"text":"Create account"},"silent":true},)"
          R"({"method":"page.eval","params":{"expression":"location.search"}}]})");
      results[i] = json::parse(result.json);
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (int i = 0; i < kAgents; ++i) {
    BOOST_TEST_CONTEXT("agent" << i << ": " << json::serialize(results[i])) {
      const json::array& frames = results[i].at("frames").as_array();
      BOOST_TEST_REQUIRE(frames.size() == 5u);
      BOOST_TEST(json::serialize(frames[2]) ==
                 R"({"index":2,"method":"page.fill","result":{"value":"agent)" + std::to_string(i) +
                     R"(@example.com"}})");
      BOOST_TEST(json::serialize(frames[4]) ==
                 R"({"index":4,"method":"page.eval","result":"?email=agent)" + std::to_string(i) +
                     R"(%40example.com&weekly=on&plan=pro&note="})");
    }
  }
}

// The browser goes (the default agent closes it) while another agent's call waits in it: that
// call fails as disconnected, and the agent's next call gets a new browser and itself anew.
BOOST_AUTO_TEST_CASE(a_browser_closed_while_another_agents_call_waits_fails_that_call_only) {
  FixtureHttpServer pages;
  FreshBrowser browser;
  const std::string login = pages.url("login.html");
  Results(browser, "a", Goto(login));
  json::value waiting;
  std::thread a_thread([&] {
    waiting = Call(
        browser, "a",
        R"~({"method":"page.eval","params":{"expression":"new Promise(r => setTimeout(r, 5000))"}})~");
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(1000));
  const json::array closed = browser.Results(R"({"method":"browser.close","params":{}})");
  a_thread.join();
  BOOST_TEST(json::serialize(closed[0]) == "{}");
  const json::object& record = waiting.at("frames").as_array().at(0).as_object();
  BOOST_TEST_REQUIRE(record.contains("error"), json::serialize(record));
  const std::string message(record.at("error").at("message").as_string());
  BOOST_TEST(message.rfind("browser disconnected", 0) == 0u, message);
  // A new browser, and "a" made anew in it: signed out, one tab.
  const json::array again = Results(browser, "a", Goto(login) + "," + kStatus + "," + kTabs);
  BOOST_TEST(json::serialize(again[1]) == R"("Signed out")");
  BOOST_TEST(again[2].as_array().size() == 1u);
}

BOOST_AUTO_TEST_CASE(one_agents_route_answers_its_own_pages_only) {
  FixtureHttpServer pages;
  FreshBrowser browser;
  const std::string fetch =
      R"J({"method":"page.eval","params":{"expression":"fetch('/login.html').then(r => r.text()).then(t => t.slice(0, 15))"}})J";
  const json::array a = Results(
      browser, "a",
      R"({"method":"page.route","params":{"action":"fulfill","url":"**/login.html","body":"routed for a"},"silent":true},)" +
          Goto(pages.url("plain.html")) + "," + fetch);
  BOOST_TEST(json::serialize(a[2]) == R"("routed for a")");
  // b's request is blocked by a's intercept too (it covers the browser): it goes on unchanged.
  const json::array b = Results(browser, "b", Goto(pages.url("plain.html")) + "," + fetch);
  BOOST_TEST(json::serialize(b[1]) == R"("<!DOCTYPE html>")");
  const json::array d = browser.Results(Goto(pages.url("plain.html")) + "," + fetch);
  BOOST_TEST(json::serialize(d[1]) == R"("<!DOCTYPE html>")");
}

BOOST_AUTO_TEST_CASE(the_default_agents_raw_intercept_holds_its_own_requests_only) {
  FixtureHttpServer pages;
  FreshBrowser browser;
  // What a fetch of login.html gives within 3 s: its first bytes, or "held" while blocked.
  const std::string fetch =
      R"J({"method":"page.eval","params":{"expression":"Promise.race([fetch('/login.html').then(r => r.text()).then(t => t.slice(0, 15)), new Promise(r => setTimeout(() => r('held'), 3000))])"}})J";
  // The default agent's model intercepts login.html in every tab (no contexts).
  const json::array d = browser.Results(
      R"({"method":"network.addIntercept","params":{"phases":["beforeRequestSent"],)"
      R"("urlPatterns":[{"type":"string","pattern":")" +
      pages.url("login.html") + R"("}]},"silent":true},)" + Goto(pages.url("plain.html")) + "," +
      fetch);
  BOOST_TEST(json::serialize(d[2]) == R"("held")");
  // b's request is blocked by it too: nobody of b's would answer it, so it goes on unchanged.
  const json::array b = Results(browser, "b", Goto(pages.url("plain.html")) + "," + fetch);
  BOOST_TEST(json::serialize(b[1]) == R"("<!DOCTYPE html>")");
}

// Each agent's tab is visible while other agents run (its window's selected tab), and has the
// focus during its own calls. A background tab of a shared window would count about one frame
// and one timer tick a second here, and read "hidden".
BOOST_AUTO_TEST_CASE(each_agents_tab_runs_as_a_visible_tab_and_has_the_focus_in_its_calls) {
  FreshBrowser browser;
  (void)Results(
      browser, "a",
      R"J({"method":"page.goto","params":{"url":"data:text/html,<script>window.frames_seen = 0; (function f() { frames_seen++; requestAnimationFrame(f); })(); window.ticks = 0; setInterval(() => ticks++, 100);</script>"},"silent":true})J");
  const json::array b = Results(
      browser, "b",
      R"J({"method":"page.eval","params":{"expression":"[document.visibilityState, document.hasFocus()]"}},{"method":"page.waitFor","params":{"ms":1500},"silent":true})J");
  BOOST_TEST(json::serialize(b[0]) == R"(["visible",true])");
  const json::array a = Results(
      browser, "a",
      R"J({"method":"page.eval","params":{"expression":"[document.visibilityState, document.hasFocus(), frames_seen > 12, ticks > 6]"}})J");
  BOOST_TEST(json::serialize(a[0]) == R"(["visible",true,true,true])");
}

BOOST_AUTO_TEST_CASE(a_raw_frame_naming_another_agents_tab_is_not_allowed) {
  FreshBrowser browser;
  const std::string a_tab = TabId(Results(browser, "a", kTabs)[0]);
  const json::value refused = Call(
      browser, "b",
      R"({"method":"script.evaluate","params":{"expression":"1","awaitPromise":false,"target":{"context":)" +
          Quote(a_tab) +
          R"(}}},)"
          R"({"method":"browser.close","params":{}},)"
          R"({"method":"browsingContext.getTree","params":{}},)"
          R"({"method":"page.text","params":{"tab":)" +
          Quote(a_tab) +
          R"(}},)"
          R"({"method":"browsingContext.getTree","params":{"root":"<<tab>>","maxDepth":0},"pick":"contexts[0].context"})",
      R"(,"on_error":"continue")");
  const json::array& frames = refused.at("frames").as_array();
  BOOST_TEST(json::serialize(frames[0].at("error")) ==
             json::serialize(json::object{
                 {"error", "not allowed"},
                 {"message", "script.evaluate: target.context \"" + a_tab +
                                 "\" is not a browsing context of this agent; agent \"b\" acts "
                                 "only on its own tabs and user context (page.tabs lists its "
                                 "tabs); frame 0 was not sent"}}));
  BOOST_TEST(
      json::serialize(frames[1].at("error").at("message")) ==
      R"("browser.close is refused: it would end every agent's browser; agent \"b\" acts only on its own tabs and user context (page.tabs lists its tabs); frame 1 was not sent")");
  BOOST_TEST(frames[2].at("error").at("error") == "not allowed");
  BOOST_TEST(frames[3].at("error").at("error") == "not allowed");
  const std::string b_tab = TabId(Results(browser, "b", kTabs)[0]);
  BOOST_TEST(frames[4].at("result") == json::value(b_tab));
  // a's tab is still there and still a's.
  BOOST_TEST(TabId(Results(browser, "a", kTabs)[0]) == a_tab);
}

BOOST_AUTO_TEST_CASE(page_agents_lists_and_closes_and_agents_max_bounds_them) {
  FreshBrowser browser(R"("agents":{"max":3})");
  const std::string b_tab = TabId(Results(browser, "b", kTabs)[0]);
  (void)Results(browser, "a", kTabs);
  const agent_tool::ToolResult over =
      browser.Invoke(R"({"agent":"c","frames":[{"method":"page.tabs"}]})");
  BOOST_TEST(over.status == AGENT_TOOL_STATUS_REFUSED);
  const json::value error = json::parse(over.json).at("error");
  BOOST_TEST(error.at("kind") == "too_many_agents");
  const std::string message(error.at("message").as_string());
  BOOST_TEST(
      std::regex_match(
          message,
          std::regex(
              R"~(too many agents: 3 are live, agents\.max is 3; the longest idle: "b" \(idle \d+ s\), "a" \(idle \d+ s\); close one with page\.agents \{"action": "close", "agent": NAME\}, or raise the config key agents\.max)~")),
      message);

  const json::array listed = Results(
      browser, "a",
      R"({"method":"page.agents"},{"method":"page.agents","params":{"action":"close","agent":"b"}},{"method":"page.agents","params":{"action":"list"}})");
  BOOST_TEST(
      AgentsShape(listed[0], "a") ==
      R"([{"agent":"a","tabs":1,"idle_s":"CALLER"},{"agent":"b","tabs":1,"idle_s":"N"},{"agent":"default","tabs":1,"idle_s":"N"}])");
  BOOST_TEST(json::serialize(listed[1]) == R"({"closed":"b"})");
  BOOST_TEST(
      AgentsShape(listed[2], "a") ==
      R"([{"agent":"a","tabs":1,"idle_s":"CALLER"},{"agent":"default","tabs":1,"idle_s":"N"}])");
  // b's tab went with its user context; c fits now.
  const json::array tree = browser.Results(
      R"({"method":"browsingContext.getTree","params":{"maxDepth":0},"pick":"contexts"})");
  BOOST_TEST(json::serialize(tree[0]).find(b_tab) == std::string::npos);
  BOOST_TEST(Results(browser, "c", kTabs)[0].as_array().size() == 1u);
}

BOOST_AUTO_TEST_CASE(an_idle_agent_is_closed_between_calls_without_waiting_for_one) {
  std::mutex mutex;
  std::vector<std::string> lines;
  FreshBrowser browser(R"("agents":{"idle_s":1})", [&](std::string_view line) {
    const std::lock_guard<std::mutex> lock(mutex);
    lines.emplace_back(line);
  });
  (void)Results(browser, "a", kTabs);
  // No call for 4 s: the instance's own thread looks every second and closes "a".
  std::this_thread::sleep_for(std::chrono::seconds(4));
  {
    const std::lock_guard<std::mutex> lock(mutex);
    BOOST_TEST(std::count(lines.begin(), lines.end(),
                          R"(closed agent "a": idle for more than 1 s (agents.idle_s))") == 1);
  }
  const json::array listed = browser.Results(R"({"method":"page.agents"})");
  BOOST_TEST(AgentsShape(listed[0], "default") ==
             R"([{"agent":"default","tabs":1,"idle_s":"CALLER"}])");
}

BOOST_AUTO_TEST_CASE(a_new_browser_starts_with_the_default_agent_and_makes_named_ones_anew) {
  FreshBrowser browser;
  const std::string old_tab = TabId(Results(
      browser, "a",
      R"({"method":"page.eval","params":{"expression":"window.mark = 1"},"silent":true},{"method":"page.tabs"})")
                                        [1]);
  // The default agent may end the browser; the next call starts a fresh one.
  (void)browser.Invoke(R"({"frames":[{"method":"browser.close","params":{}}]})");
  const json::array again = Results(
      browser, "a",
      R"({"method":"page.tabs"},{"method":"page.eval","params":{"expression":"typeof window.mark"}},{"method":"page.agents"})");
  BOOST_TEST(again[0].as_array().size() == 1u);
  BOOST_TEST(TabId(again[0]) != old_tab);
  BOOST_TEST(json::serialize(again[1]) == R"("undefined")");
  BOOST_TEST(
      AgentsShape(again[2], "a") ==
      R"([{"agent":"a","tabs":1,"idle_s":"CALLER"},{"agent":"default","tabs":1,"idle_s":"N"}])");
}

BOOST_AUTO_TEST_CASE(a_new_agent_gets_its_settings) {
  FreshBrowser browser(R"("agents":{"defaults":{"locale":"de-DE"}})");
  const json::array set = Results(
      browser, "tokyo",
      R"({"method":"page.eval","params":{"expression":"[navigator.language, Intl.DateTimeFormat().resolvedOptions().timeZone, innerWidth, navigator.userAgent]"}})",
      R"(,"agent_settings":{"timezone":"Asia/Tokyo","viewport":{"width":640,"height":480},"user_agent":"TestAgent/1.0"})");
  BOOST_TEST(json::serialize(set[0]) == R"(["de-DE","Asia/Tokyo",640,"TestAgent/1.0"])");
  // A setting Firefox refuses refuses the call, naming it; no agent is left behind.
  const agent_tool::ToolResult refused = browser.Invoke(
      R"({"agent":"bad","agent_settings":{"locale":"no_such-locale!"},"frames":[{"method":"page.tabs"}]})");
  BOOST_TEST(refused.status == AGENT_TOOL_STATUS_REFUSED);
  BOOST_TEST(
      refused.json ==
      R"({"error":{"kind":"invalid_arguments","message":"agent \"bad\": setting \"locale\" was refused by Firefox (emulation.setLocaleOverride): Expected \"locale\" to be a structurally valid language tag (e.g., \"en-GB\"), got no_such-locale!"}})");
  const json::array agents = browser.Results(R"({"method":"page.agents"})");
  BOOST_TEST(json::serialize(agents[0]).find("\"bad\"") == std::string::npos, agents[0]);
  // The default agent keeps the browser's own.
  const json::array plain = browser.Results(
      R"({"method":"page.eval","params":{"expression":"Intl.DateTimeFormat().resolvedOptions().timeZone === 'Asia/Tokyo'"}})");
  BOOST_TEST(json::serialize(plain[0]) == "false");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
