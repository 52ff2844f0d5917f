// page/agents.h without a browser: what Begin sends to make an agent, how Confine judges and
// rewrites raw frames for a named agent and for "default", and where events go.
#include "page/agents.h"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "support/scripted_transport.h"

namespace firefox_bidi::page {
namespace {

namespace json = boost::json;
using testing::ScriptedTransport;

json::object Params(std::string_view text) { return json::parse(text).as_object(); }

// Where Begin's own commands put the events they read: these tests script none.
void Ignore(json::value) {}
constexpr auto kIgnore = &Ignore;

// Agents with agent "a" made (user context "UC-A", its tab "TAB-A") and the default agent's
// tab "TAB-D" known, "a" calling.
struct TwoAgents {
  explicit TwoAgents(AgentsConfig config = {}) : agents(std::move(config), 16, false) {
    transport.Reply(R"({"contexts":[{"context":"TAB-D","userContext":"default","children":[]}]})")
        .Reply(R"({"userContext":"UC-A"})")
        .Reply(R"({"contexts":[{"context":"TAB-D","userContext":"default","children":[]}]})")
        .Event(
            R"({"type":"event","method":"browsingContext.contextCreated","params":{"context":"TAB-A","userContext":"UC-A","parent":null,"url":"about:blank","children":null}})")
        .Reply(R"({"context":"TAB-A"})")
        .Reply("{}");
    const auto keep = [this](json::value event) { kept.push_back(std::move(event)); };
    absl::StatusOr<Agent*> made = agents.Begin("a", std::nullopt, 1, transport, keep);
    BOOST_TEST_REQUIRE(made.ok(), made.status().ToString());
    BOOST_TEST_REQUIRE((*made)->user_context == "UC-A");
    // Begin's commands kept what they read; the batch's first poll hands it to the executor.
    BOOST_TEST_REQUIRE(kept.size() == 1u);
    BOOST_TEST_REQUIRE(Judge("script.evaluate", R"({"target":{"context":"TAB-A"}})") !=
                       std::string("ok"));
    for (const json::value& event : kept) (void)agents.OnEvent(event);
  }

  // Confine's verdict: "ok", "ok <rewritten params>" or "refused: <message>".
  std::string Judge(std::string_view method, std::string_view params) const {
    std::optional<json::object> rewritten;
    const absl::Status status = agents.Confine(method, Params(params), &rewritten);
    if (!status.ok()) return "refused: " + std::string(status.message());
    return rewritten ? "ok " + json::serialize(*rewritten) : "ok";
  }

  Agents agents;
  ScriptedTransport transport;
  std::vector<json::value> kept;
};

BOOST_AUTO_TEST_SUITE(agents)

BOOST_AUTO_TEST_CASE(a_new_agent_is_a_user_context_with_a_window_of_its_own) {
  TwoAgents two;
  const auto sent = two.transport.received();
  BOOST_TEST_REQUIRE(sent.size() == 5u);
  BOOST_TEST(sent[0].method == "browsingContext.getTree");  // the tabs open before
  BOOST_TEST(sent[1].method == "browser.createUserContext");
  BOOST_TEST(sent[1].params == "{}");
  BOOST_TEST(sent[2].method == "browsingContext.getTree");  // none of its own yet
  BOOST_TEST(sent[3].method == "browsingContext.create");
  BOOST_TEST(sent[3].params == R"({"type":"window","userContext":"UC-A"})");
  BOOST_TEST(sent[4].method == "browsingContext.activate");
  BOOST_TEST(sent[4].params == R"({"context":"TAB-A"})");
}

BOOST_AUTO_TEST_CASE(a_named_agent_names_only_its_own_contexts) {
  TwoAgents two;
  const std::string tail =
      "; agent \"a\" acts only on its own tabs and user context (page.tabs lists its tabs)";
  BOOST_TEST(two.Judge("script.evaluate", R"({"target":{"context":"TAB-A"}})") == "ok");
  BOOST_TEST(two.Judge("script.evaluate", R"({"target":{"context":"TAB-D"}})") ==
             "refused: script.evaluate: target.context \"TAB-D\" is not a browsing context of "
             "this agent" +
                 tail);
  // One it has never seen is not its own either.
  BOOST_TEST(two.Judge("browsingContext.navigate", R"({"context":"NEVER-SEEN","url":"x"})") ==
             "refused: browsingContext.navigate: context \"NEVER-SEEN\" is not a browsing "
             "context of this agent" +
                 tail);
  BOOST_TEST(two.Judge("page.text", R"({"tab":"TAB-D"})") ==
             "refused: page.text: \"tab\" \"TAB-D\" is not a browsing context of this agent" +
                 tail);
  BOOST_TEST(two.Judge("session.subscribe", R"({"events":["log"],"contexts":["TAB-D"]})") ==
             "refused: session.subscribe: contexts[] \"TAB-D\" is not a browsing context of "
             "this agent" +
                 tail);
  BOOST_TEST(two.Judge("storage.getCookies",
                       R"({"partition":{"type":"storageKey","userContext":"default"}})") ==
             "refused: storage.getCookies: user context \"default\" is not this agent's "
             "(\"UC-A\")" +
                 tail);
  BOOST_TEST(two.Judge("script.evaluate", R"({"target":{"realm":"R-UNKNOWN"}})") ==
             "refused: script.evaluate: realm \"R-UNKNOWN\" is not in a browsing context of "
             "this agent" +
                 tail);
}

BOOST_AUTO_TEST_CASE(a_named_agents_browser_wide_commands_are_confined_or_refused) {
  TwoAgents two;
  BOOST_TEST(two.Judge("browsingContext.create", R"({"type":"tab"})") ==
             R"(ok {"type":"tab","userContext":"UC-A"})");
  BOOST_TEST(two.Judge("session.subscribe", R"({"events":["log.entryAdded"]})") ==
             R"(ok {"events":["log.entryAdded"],"userContexts":["UC-A"]})");
  BOOST_TEST(two.Judge("script.addPreloadScript", R"({"functionDeclaration":"()=>1"})") ==
             R"(ok {"functionDeclaration":"()=>1","userContexts":["UC-A"]})");
  BOOST_TEST(two.Judge("emulation.setTimezoneOverride", R"({"timezone":"UTC"})") ==
             R"(ok {"timezone":"UTC","userContexts":["UC-A"]})");
  BOOST_TEST(two.Judge("storage.getCookies", "{}") ==
             R"(ok {"partition":{"type":"storageKey","userContext":"UC-A"}})");
  BOOST_TEST(
      two.Judge("storage.deleteCookies",
                R"({"partition":{"type":"storageKey","sourceOrigin":"http://x"}})") ==
      R"(ok {"partition":{"type":"storageKey","sourceOrigin":"http://x","userContext":"UC-A"}})");
  BOOST_TEST(
      two.Judge("browser.close", "{}")
          .starts_with("refused: browser.close is refused: it would end every agent's browser"));
  BOOST_TEST(two.Judge("browser.removeUserContext", R"({"userContext":"UC-A"})")
                 .starts_with("refused: browser.removeUserContext is refused: an agent is one "
                              "user context; page.agents opens and closes agents"));
  BOOST_TEST(two.Judge("browsingContext.getTree", "{}")
                 .starts_with(
                     "refused: browsingContext.getTree without \"root\" lists every agent's tabs"));
  BOOST_TEST(two.Judge("network.addIntercept", R"({"phases":["beforeRequestSent"]})")
                 .starts_with("refused: network.addIntercept without \"contexts\" acts on every "
                              "agent's requests"));
  BOOST_TEST(two.Judge("network.addIntercept",
                       R"({"phases":["beforeRequestSent"],"contexts":["TAB-A"]})") == "ok");
}

BOOST_AUTO_TEST_CASE(the_default_agent_is_refused_only_what_is_another_agents) {
  TwoAgents two;
  two.transport.Reply("{}");  // default's tab activated
  BOOST_TEST_REQUIRE(two.agents.Begin("default", std::nullopt, 1, two.transport, kIgnore).ok());
  BOOST_TEST(two.Judge("browsingContext.getTree", "{}") == "ok");
  BOOST_TEST(two.Judge("session.subscribe", R"({"events":["log"]})") == "ok");
  BOOST_TEST(two.Judge("script.evaluate", R"({"target":{"context":"NEVER-SEEN"}})") == "ok");
  BOOST_TEST(two.Judge("script.evaluate", R"({"target":{"context":"TAB-A"}})") ==
             "refused: script.evaluate: target.context \"TAB-A\" is not a browsing context of "
             "this agent; agent \"default\" acts only on its own tabs and user context "
             "(page.tabs lists its tabs)");
  BOOST_TEST(two.Judge("browser.removeUserContext", R"({"userContext":"UC-A"})") ==
             "refused: browser.removeUserContext: user context \"UC-A\" is not this agent's "
             "(\"default\"); agent \"default\" acts only on its own tabs and user context "
             "(page.tabs lists its tabs)");
}

BOOST_AUTO_TEST_CASE(an_event_of_another_agents_tab_is_never_the_callers) {
  TwoAgents two;
  const json::value of_a = json::parse(
      R"({"type":"event","method":"log.entryAdded","params":{"level":"info","text":"a","source":{"realm":"R","context":"TAB-A"},"type":"console","method":"log","args":[],"timestamp":1}})");
  const json::value of_default = json::parse(
      R"({"type":"event","method":"log.entryAdded","params":{"level":"info","text":"d","source":{"realm":"R2","context":"TAB-D"},"type":"console","method":"log","args":[],"timestamp":1}})");
  // "a" calls: default's line goes to default's layer and is hidden from "a"; a's own line
  // reaches a's batch (no subscription of the plugin's hides it here).
  BOOST_TEST(!two.agents.OnEvent(of_default));
  BOOST_TEST(two.agents.OnEvent(of_a));
}

BOOST_AUTO_TEST_CASE(a_closed_agents_late_events_are_nobodys) {
  TwoAgents two;
  two.transport.Reply("{}");  // default's tab activated
  BOOST_TEST_REQUIRE(two.agents.Begin("default", std::nullopt, 1, two.transport, kIgnore).ok());
  two.transport.Reply("{}");  // a's user context removed
  BOOST_TEST_REQUIRE(two.agents.Release("a", two.transport, kIgnore).ok());
  const auto line_of_a = json::parse(
      R"({"type":"event","method":"log.entryAdded","params":{"level":"info","text":"a","source":{"realm":"R","context":"TAB-A"},"type":"console","method":"log","args":[],"timestamp":1}})");
  const auto a_destroyed = json::parse(
      R"({"type":"event","method":"browsingContext.contextDestroyed","params":{"context":"TAB-A","url":"https://a.example/private","userContext":"UC-A","parent":null,"children":null}})");
  // Told after "a" went (or kept for this call): not the default agent's to see.
  BOOST_TEST(!two.agents.OnEvent(line_of_a));
  BOOST_TEST(!two.agents.OnEvent(a_destroyed));
  // Firefox said the tab is gone: its id is forgotten, as any unknown context's.
  BOOST_TEST(two.agents.OnEvent(line_of_a));
}

BOOST_AUTO_TEST_CASE(an_events_agent_is_told_by_its_tab_or_a_new_tabs_user_context) {
  TwoAgents two;
  const auto agent_of = [&](std::string_view event) {
    return two.agents.AgentOfEvent(json::parse(event));
  };
  BOOST_TEST(agent_of(R"({"method":"browsingContext.load","params":{"context":"TAB-A"}})") == "a");
  BOOST_TEST(agent_of(R"({"method":"log.entryAdded","params":{"source":{"context":"TAB-D"}}})") ==
             "default");
  // A tab not known yet: its user context tells, or its parent's.
  BOOST_TEST(
      agent_of(
          R"({"method":"browsingContext.contextCreated","params":{"context":"NEW","userContext":"UC-A","parent":null}})") ==
      "a");
  BOOST_TEST(
      agent_of(
          R"({"method":"browsingContext.contextCreated","params":{"context":"FRAME","parent":"TAB-A"}})") ==
      "a");
  BOOST_TEST(agent_of(R"({"method":"browsingContext.load","params":{"context":"UNKNOWN"}})") == "");
  BOOST_TEST(agent_of(R"({"method":"session.event","params":{}})") == "");
  // Nothing is learnt from a look: the new tab is still nobody's until its event is handled.
  BOOST_TEST(agent_of(R"({"method":"browsingContext.load","params":{"context":"NEW"}})") == "");
}

BOOST_AUTO_TEST_CASE(an_agent_whose_call_runs_is_not_closed_as_idle) {
  AgentsConfig config;
  config.idle = std::chrono::seconds(0);
  TwoAgents two(config);  // a's call (its Begin) has not ended
  // The default agent's call begins (closing idle agents first): "a" stays.
  two.transport.Reply("{}");  // default's tab activated
  BOOST_TEST_REQUIRE(two.agents.Begin("default", std::nullopt, 1, two.transport, kIgnore).ok());
  BOOST_TEST(two.transport.received().back().method == "browsingContext.activate");
  const std::size_t sent = two.transport.received().size();
  BOOST_TEST(two.agents.CloseIdle(1, "default", two.transport, kIgnore).empty());
  BOOST_TEST(two.transport.received().size() == sent);  // nothing sent
  two.agents.EndRunning("a");
  two.transport.Reply("{}");  // a's user context removed
  BOOST_TEST(
      two.agents.CloseIdle(1, "default", two.transport, kIgnore) == std::vector<std::string>{"a"},
      boost::test_tools::per_element());
  BOOST_TEST(two.transport.received().back().method == "browser.removeUserContext");
}

BOOST_AUTO_TEST_CASE(too_many_agents_names_the_longest_idle) {
  AgentsConfig config;
  config.max = 2;
  Agents agents{config, 16, false};
  ScriptedTransport transport;
  transport.Reply(R"({"contexts":[]})")
      .Reply(R"({"userContext":"UC-A"})")
      .Reply(R"({"contexts":[]})")
      .Reply(R"({"context":"TAB-A"})")
      .Reply("{}");
  BOOST_TEST_REQUIRE(agents.Begin("a", std::nullopt, 1, transport, kIgnore).ok());
  const absl::StatusOr<Agent*> refused = agents.Begin("b", std::nullopt, 1, transport, kIgnore);
  BOOST_TEST(refused.status().code() == absl::StatusCode::kResourceExhausted);
  // The idle time is the clock's: any whole number of seconds.
  BOOST_TEST(
      std::regex_match(
          std::string(refused.status().message()),
          std::regex(
              R"~(too many agents: 2 are live, agents\.max is 2; the longest idle: "a" \(idle \d+ s\); close one with page\.agents \{"action": "close", "agent": NAME\}, or raise the config key agents\.max)~")),
      refused.status().message());
  BOOST_TEST(transport.received().size() == 5u);  // nothing sent for "b"
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::page
