// The page layer (page/page_layer.h) against a scripted transport: the commands a helper
// sends, the plugin's own subscription, and waiting for events between commands.
#include "page/page_layer.h"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "page/helper_error.h"
#include "page/js_library.h"
#include "page/targets.h"
#include "support/scripted_transport.h"

namespace firefox_bidi::page {
namespace {

namespace json = boost::json;
using testing::ScriptedTransport;

// The sandbox library's reply carrying `data`.
std::string SandboxReply(std::string_view data) {
  return R"({"type":"success","realm":"R","result":{"type":"array","value":[{"type":"string","value":)" +
         json::serialize(json::string(data)) +
         R"(},{"type":"array","value":[]},{"type":"array","value":[]}]}})";
}

// The same with node RemoteValues (a JSON array text) as the nodes part.
std::string SandboxReplyWithNodes(std::string_view data, std::string_view nodes) {
  return R"({"type":"success","realm":"R","result":{"type":"array","value":[{"type":"string","value":)" +
         json::serialize(json::string(data)) + R"(},{"type":"array","value":)" +
         std::string(nodes) + R"(},{"type":"array","value":[]}]}})";
}

// A layer that leaves navigator.webdriver alone unless asked: the one case that hides it shows
// the preload script it adds; the others are about the helpers' own commands.
struct LayerFixture {
  explicit LayerFixture(bool hide_webdriver_flag = false) : layer(nullptr, hide_webdriver_flag) {}

  absl::StatusOr<ExecutorReply> Execute(std::string_view method, std::string_view params) {
    return layer.Execute(method, json::parse(params).as_object(), std::chrono::milliseconds(5000),
                         transport, [this](json::value event) {
                           if (layer.OnEvent(event)) shown.push_back(json::serialize(event));
                         });
  }
  std::vector<std::string> Methods() const {
    std::vector<std::string> out;
    for (const auto& r : transport.received()) out.push_back(r.method);
    return out;
  }

  PageLayer layer;
  ScriptedTransport transport;
  std::vector<std::string> shown;
};

BOOST_AUTO_TEST_SUITE(page_layer)

BOOST_AUTO_TEST_CASE(recording_the_network_adds_a_collector_then_subscribes_to_requests) {
  PageLayer layer(nullptr, /*hide_webdriver_flag=*/false, /*record_network=*/true);
  ScriptedTransport transport;
  layer.BeginCall(1);
  transport.Reply(R"({"subscription":"internal"})")
      .Reply(R"({"collector":"C1"})")
      .Reply(R"({"subscription":"requests"})");
  BOOST_TEST(layer.Subscribe(transport).ok());
  const auto sent = transport.received();
  BOOST_TEST_REQUIRE(sent.size() == 3u);
  BOOST_TEST(sent[0].method == "session.subscribe");
  BOOST_TEST(sent[0].params.find("network.beforeRequestSent") == std::string::npos);
  BOOST_TEST(sent[1].method == "network.addDataCollector");
  BOOST_TEST(sent[1].params ==
             R"({"dataTypes":["request","response"],"maxEncodedDataSize":1048576})");
  BOOST_TEST(sent[2].method == "session.subscribe");
  BOOST_TEST(sent[2].params == R"({"events":["network.beforeRequestSent"]})");
  BOOST_TEST(layer.state().session->collector == "C1");
  // Hidden: the model did not subscribe to it.
  BOOST_TEST(!layer.OnEvent(json::parse(
      R"({"type":"event","method":"network.beforeRequestSent","params":{"isBlocked":false}})")));
  // Once per session.
  BOOST_TEST(layer.Subscribe(transport).ok());
  BOOST_TEST(transport.received().size() == 3u);
}

BOOST_AUTO_TEST_CASE(goto_subscribes_once_finds_the_first_tab_and_navigates) {
  LayerFixture f(/*hide_webdriver_flag=*/true);
  f.layer.BeginCall(1);
  f.transport
      .Event(
          R"({"type":"event","method":"browsingContext.contextCreated","params":{"context":"T1"}})")
      .Reply(R"({"subscription":"internal"})")
      .Reply(R"({"script":"P1"})")
      .Reply(R"({"contexts":[{"context":"T1","children":[]},{"context":"T2","children":[]}]})")
      .Reply(R"({"script":"P2"})")
      .Event(R"({"type":"event","method":"browsingContext.load","params":{"context":"T1"}})")
      .Event(R"({"type":"event","method":"network.responseStarted","params":{}})")
      .Reply(R"({"navigation":"N","url":"http://x/"})")
      .Reply(SandboxReply(R"({"url":"http://x/","title":"X","readyState":"complete"})"))
      .Reply(R"({"navigation":"N2","url":"http://y/"})")
      .Reply(SandboxReply(R"({"url":"http://y/","title":"","readyState":"complete"})"));
  auto reply = f.Execute("page.goto", R"({"url":"http://x/"})");
  BOOST_REQUIRE(reply.ok());
  BOOST_TEST(reply->reply.ok);
  BOOST_TEST(json::serialize(reply->reply.result.value()) == R"({"url":"http://x/","title":"X"})");
  reply = f.Execute("page.goto", R"({"url":"http://y/","wait":"none"})");
  BOOST_REQUIRE(reply.ok());
  BOOST_TEST(json::serialize(reply->reply.result.value()) == R"({"url":"http://y/","title":""})");
  BOOST_TEST(
      f.Methods() == (std::vector<std::string>{"session.subscribe", "script.addPreloadScript",
                                               "browsingContext.getTree", "script.addPreloadScript",
                                               "browsingContext.navigate", "script.callFunction",
                                               "browsingContext.navigate", "script.callFunction"}),
      boost::test_tools::per_element());
  auto sent = f.transport.received();
  // In the sandbox realm of every document from now on.
  const json::object preload = json::parse(sent[1].params).as_object();
  BOOST_TEST(preload.size() == 2u);
  BOOST_TEST(preload.at("sandbox").as_string() == "firefox_bidi");
  BOOST_TEST(preload.at("functionDeclaration")
                 .as_string()
                 .starts_with("() => {\n  const page = window.wrappedJSObject;\n"));
  sent.erase(sent.begin() + 1);
  // The library, before the first navigation: its document is watched from its start.
  BOOST_TEST(json::parse(sent[2].params).at("functionDeclaration").as_string() ==
             SandboxPreloadFunction());
  sent.erase(sent.begin() + 2);
  BOOST_TEST(sent[0].params ==
             R"({"events":["browsingContext.contextCreated","browsingContext.contextDestroyed",)"
             R"("browsingContext.navigationStarted","browsingContext.navigationCommitted",)"
             R"("browsingContext.fragmentNavigated",)"
             R"("browsingContext.historyUpdated","browsingContext.domContentLoaded",)"
             R"("browsingContext.load","browsingContext.userPromptOpened",)"
             R"("browsingContext.userPromptClosed","browsingContext.downloadWillBegin",)"
             R"("browsingContext.downloadEnd","log.entryAdded","network.responseCompleted",)"
             R"("network.fetchError","script.realmCreated","script.realmDestroyed"]})");
  BOOST_TEST(sent[1].params == R"({"maxDepth":0})");
  // The default wait: interactive from the browser, then the load event (here already in).
  BOOST_TEST(sent[2].params == R"({"context":"T1","url":"http://x/","wait":"interactive"})");
  BOOST_TEST(sent[4].params == R"({"context":"T1","url":"http://y/","wait":"none"})");
  const json::object call = json::parse(sent[3].params).as_object();
  BOOST_TEST(json::serialize(call.at("target")) == R"({"context":"T1","sandbox":"firefox_bidi"})");
  // The plugin's own events are hidden; others pass.
  BOOST_TEST(f.shown == (std::vector<std::string>{
                            R"({"type":"event","method":"network.responseStarted","params":{}})"}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(back_waits_for_the_load_event_when_the_page_is_still_loading) {
  LayerFixture f;
  f.layer.BeginCall(1);
  f.transport.Reply("{}")
      .Reply(R"({"contexts":[{"context":"T1","children":[]}]})")
      .Reply("{}")
      .Reply(SandboxReply(R"({"url":"http://a/","title":"A","readyState":"loading"})"))
      .Event(R"({"type":"event","method":"browsingContext.load","params":{"context":"OTHER"}})")
      .Idle()
      .Event(R"({"type":"event","method":"browsingContext.load","params":{"context":"T1"}})")
      .Idle()
      .Reply(SandboxReply(R"({"url":"http://a/","title":"A","readyState":"complete"})"));
  auto reply = f.Execute("page.goto", R"({"back":true})");
  BOOST_REQUIRE(reply.ok());
  BOOST_TEST(json::serialize(reply->reply.result.value()) == R"({"url":"http://a/","title":"A"})");
  BOOST_TEST(f.Methods() ==
                 (std::vector<std::string>{"session.subscribe", "browsingContext.getTree",
                                           "browsingContext.traverseHistory", "script.callFunction",
                                           "(wait)", "(wait)", "script.callFunction"}),
             boost::test_tools::per_element());
  BOOST_TEST(f.transport.received()[2].params == R"({"context":"T1","delta":-1})");
}

BOOST_AUTO_TEST_CASE(a_wait_that_sees_no_load_ends_in_a_timeout_error) {
  LayerFixture f;
  f.layer.BeginCall(1);
  f.transport.Reply("{}")
      .Reply(R"({"contexts":[{"context":"T1","children":[]}]})")
      .Reply("{}")
      .Reply(SandboxReply(R"({"url":"http://a/","title":"A","readyState":"loading"})"))
      .IdleTimeout();
  auto reply = f.Execute("page.goto", R"({"forward":true,"wait":"interactive"})");
  BOOST_REQUIRE(reply.ok());
  BOOST_TEST(!reply->reply.ok);
  BOOST_TEST(reply->reply.error == "timeout");
  BOOST_TEST(reply->reply.message ==
             "page.goto waited 5000 ms for the page to load (wait \"interactive\"); raise the "
             "frame's \"timeout_ms\" if the page is slow");
}

BOOST_AUTO_TEST_CASE(page_storage_closes_its_own_tab_though_the_frames_time_has_run_out) {
  LayerFixture f;
  f.layer.BeginCall(1);
  f.layer.mutable_state().origins.Add("http://a.test");
  f.transport.Reply("{}")
      .Reply(R"({"cookies":[]})")
      .Reply("{}")
      .Reply(R"({"context":"H"})")
      .Reply(R"({"subscription":"S"})")
      .Reply(R"({"intercept":"I"})")
      .Reply(R"({"type":"success","realm":"R","result":{"type":"string","value":""}})")
      .Reply("{}")
      .Reply("{}")
      .Reply("{}");
  // The helper's tab starts its navigation as the frame's 200 ms run out.
  f.transport.on_call = [](std::size_t call) {
    if (call == 6) std::this_thread::sleep_for(std::chrono::milliseconds(300));
  };
  auto reply = f.layer.Execute("page.storage", json::object{{"action", "clear"}},
                               std::chrono::milliseconds(200), f.transport, [](json::value) {});
  BOOST_REQUIRE(reply.ok());
  BOOST_TEST(reply->reply.error == "timeout");
  BOOST_TEST(
      f.Methods() == (std::vector<std::string>{"session.subscribe", "storage.getCookies",
                                               "storage.deleteCookies", "browsingContext.create",
                                               "session.subscribe", "network.addIntercept",
                                               "script.callFunction", "network.removeIntercept",
                                               "session.unsubscribe", "browsingContext.close"}),
      boost::test_tools::per_element());
  const auto& sent = f.transport.received();
  BOOST_TEST(sent[7].params == R"({"intercept":"I"})");
  BOOST_TEST(sent[8].params == R"({"subscriptions":["S"]})");
  BOOST_TEST(sent[9].params == R"({"context":"H"})");
  BOOST_TEST(sent[9].timeout.count() == 1000);
}

BOOST_AUTO_TEST_CASE(bad_params_fail_before_any_command_but_after_the_subscription) {
  LayerFixture f;
  f.layer.BeginCall(1);
  f.transport.Reply("{}");
  auto reply = f.Execute("page.goto", R"({"url":"http://x/","back":true})");
  BOOST_REQUIRE(reply.ok());
  BOOST_TEST(reply->reply.error == "invalid argument");
  BOOST_TEST(reply->reply.message ==
             "page.goto takes exactly one of \"url\", \"back\": true, \"forward\": true or "
             "\"reload\": true");
  reply = f.Execute("page.goto", R"({"url":"http://x/","wiat":"none"})");
  BOOST_TEST(reply->reply.message ==
             "page.goto has no parameter \"wiat\"; its parameters are \"url\", \"back\", "
             "\"forward\", \"reload\", \"wait\", \"timeout_ms\", \"tab\"");
  BOOST_TEST(f.Methods() == (std::vector<std::string>{"session.subscribe"}),
             boost::test_tools::per_element());
}

// A target flat in params or as one "target" object, as the helpers' signatures read.
BOOST_AUTO_TEST_CASE(a_target_is_taken_flat_or_as_a_target_object) {
  auto parse = [](std::string_view params) {
    return ParseTarget("page.click", boost::json::parse(params).as_object());
  };
  auto flat = parse(R"({"ref":"e3"})");
  BOOST_REQUIRE(flat.ok() && flat->has_value());
  BOOST_TEST((*flat)->Describe() == "ref e3");
  auto nested = parse(R"({"target":{"role":"button","name":"Save"},"count":2})");
  BOOST_REQUIRE(nested.ok() && nested->has_value());
  BOOST_TEST((*nested)->Describe() == R"(role "button" named "Save")");
  const std::string both =
      "page.click: give the target either flat (\"ref\": \"e5\") or as \"target\": an object "
      "of those keys, such as {\"ref\": \"e5\"} or {\"role\": \"button\", \"name\": "
      "\"Save\"}; not both";
  for (std::string_view bad :
       {R"({"target":{"ref":"e3"},"css":"a"})", R"({"target":"e3","css":"a"})"}) {
    auto refused = parse(bad);
    BOOST_TEST(HelperErrorCode(refused.status()).value_or("") == "invalid argument", bad);
    BOOST_TEST(refused.status().message() == both, bad);
  }
  // A bare string is a ref: the one kind of target a string cannot be mistaken for.
  auto bare = parse(R"({"target":"e3"})");
  BOOST_REQUIRE(bare.ok() && bare->has_value());
  BOOST_TEST((*bare)->Describe() == "ref e3");
  BOOST_TEST(parse(R"({"target":"Save"})").status().message() ==
             "page.click: \"target\" as a string is a ref from page.snapshot such as \"e5\", got "
             "\"Save\"; for text or a role give an object: {\"text\": \"Save\"} or {\"role\": "
             "\"button\", \"name\": \"Save\"}");
  BOOST_TEST(parse(R"({"target":{"ref":"e3","value":"x"}})").status().message() ==
             "page.click: \"target\" is a ref (\"e5\") or an object of the keys \"ref\", "
             "\"css\", \"text\", \"role\" and \"name\", such as {\"role\": \"button\", "
             "\"name\": \"Save\"}; got {\"ref\":\"e3\",\"value\":\"x\"}");
  auto two = parse(R"({"target":{"ref":"e3","css":"a"}})");
  BOOST_TEST(two.status().message() ==
             "page.click takes one target: exactly one of \"ref\", \"css\", \"text\" or "
             "\"role\" (with \"name\")");
}

BOOST_AUTO_TEST_CASE(a_new_browser_session_forgets_the_tab_and_subscribes_again) {
  LayerFixture f;
  f.layer.BeginCall(1);
  f.transport.Reply("{}")
      .Reply(R"({"contexts":[{"context":"T1","children":[]}]})")
      .Reply(R"({"type":"success","realm":"R","result":{"type":"number","value":1}})");
  BOOST_REQUIRE(f.Execute("page.eval", R"({"expression":"1"})").ok());
  f.layer.BeginCall(2);
  f.transport.Reply("{}")
      .Reply(R"({"contexts":[{"context":"T9","children":[]}]})")
      .Reply(
          R"({"type":"exception","realm":"R","exceptionDetails":{"text":"ReferenceError: x is not defined","lineNumber":0,"columnNumber":4}})");
  auto reply = f.Execute("page.eval", R"({"expression":"1 + x"})");
  BOOST_REQUIRE(reply.ok());
  BOOST_TEST(reply->reply.error == "javascript error");
  BOOST_TEST(reply->reply.message ==
             "ReferenceError: x is not defined (line 1, column 5); the code ran in the page as "
             "in its console: fix it and run it again");
  BOOST_TEST(f.transport.received()[5].params ==
             R"({"expression":"1 + x","target":{"context":"T9"},"awaitPromise":true,)"
             R"("resultOwnership":"root","serializationOptions":{"maxDomDepth":0,)"
             R"("maxObjectDepth":0}})");
}

BOOST_AUTO_TEST_CASE(the_current_tab_closing_makes_the_first_tab_current_again) {
  LayerFixture f;
  f.layer.BeginCall(1);
  ScriptedTransport& t = f.transport;
  t.Reply(R"({"contexts":[{"context":"T1","children":[]}]})");
  std::string why;
  const json::value* tab = f.layer.Reserved(
      "tab", t, [](json::value) {}, &why);
  BOOST_REQUIRE(tab != nullptr);
  BOOST_TEST(*tab == "T1");
  BOOST_TEST(f.layer.Reserved(
                 "other", t, [](json::value) {}, &why) == nullptr);
  BOOST_TEST(why.empty());
  f.layer.OnEvent(json::parse(
      R"({"type":"event","method":"browsingContext.contextDestroyed","params":{"context":"T1"}})"));
  t.Reply(R"({"contexts":[{"context":"T2","children":[]}]})");
  tab = f.layer.Reserved(
      "tab", t, [](json::value) {}, &why);
  BOOST_REQUIRE(tab != nullptr);
  BOOST_TEST(*tab == "T2");
}

BOOST_AUTO_TEST_CASE(the_library_is_sent_to_a_realm_that_lacks_it_and_preloaded_after) {
  LayerFixture f;
  f.layer.BeginCall(1);
  // A step back in history, the first thing the session does in a page: no navigation of the
  // plugin's own sets the library up first.
  f.transport.Reply("{}")
      .Reply(R"({"contexts":[{"context":"T1","children":[]}]})")
      .Reply("{}")
      .Reply(R"({"type":"success","realm":"R","result":{"type":"null"}})")
      .Reply(R"({"script":"P"})")
      .Reply(SandboxReply(R"({"url":"http://a/","title":"A","readyState":"complete"})"))
      .Reply(SandboxReply(R"({"url":"http://a/","title":"A","readyState":"complete"})"));
  auto reply = f.Execute("page.goto", R"({"back":true})");
  BOOST_REQUIRE(reply.ok());
  BOOST_TEST(json::serialize(reply->reply.result.value()) == R"({"url":"http://a/","title":"A"})");
  const auto& sent = f.transport.received();
  BOOST_REQUIRE(sent.size() == 7u);
  const auto declaration = [&](std::size_t i) {
    return std::string(json::parse(sent[i].params).at("functionDeclaration").as_string());
  };
  BOOST_TEST(sent[2].method == "browsingContext.traverseHistory");
  // The document's realm answers the short call with null: the library becomes a preload
  // script of the session (once), and follows the call; the next call is short again.
  BOOST_TEST(declaration(3) == std::string(SandboxCallFunction()));
  BOOST_TEST(sent[4].method == "script.addPreloadScript");
  BOOST_TEST(declaration(4) == std::string(SandboxPreloadFunction()));
  BOOST_TEST(json::parse(sent[4].params).at("sandbox") == "firefox_bidi");
  BOOST_TEST(declaration(5) == std::string(SandboxFunction()));
  BOOST_TEST(declaration(6) == std::string(SandboxCallFunction()));
  BOOST_TEST(SandboxCallFunction().size() < 400u);
  BOOST_TEST(SandboxFunction().size() > 20000u);
}

BOOST_AUTO_TEST_CASE(the_library_is_preloaded_before_the_first_navigation_once) {
  LayerFixture f;
  f.layer.BeginCall(1);
  const std::string data = R"({"url":"http://a/","title":"A","readyState":"complete"})";
  // The default wait goes on to the document's load event, which comes with the navigation.
  const std::string load =
      R"({"type":"event","method":"browsingContext.load","params":{"context":"T1"}})";
  f.transport.Reply("{}")
      .Reply(R"({"contexts":[{"context":"T1","children":[]}]})")
      .Reply(R"({"script":"P"})")
      .Event(load)
      .Reply("{}")
      .Reply(SandboxReply(data))
      .Event(load)
      .Reply("{}")
      .Reply(SandboxReply(data));
  BOOST_REQUIRE(f.Execute("page.goto", R"({"url":"http://a/"})").ok());
  auto reply = f.Execute("page.goto", R"({"url":"http://a/"})");
  BOOST_REQUIRE(reply.ok());
  BOOST_TEST(json::serialize(reply->reply.result.value()) == R"({"url":"http://a/","title":"A"})");
  BOOST_TEST(
      f.Methods() == (std::vector<std::string>{"session.subscribe", "browsingContext.getTree",
                                               "script.addPreloadScript",
                                               "browsingContext.navigate", "script.callFunction",
                                               "browsingContext.navigate", "script.callFunction"}),
      boost::test_tools::per_element());
  const auto& sent = f.transport.received();
  BOOST_TEST(json::parse(sent[2].params).at("functionDeclaration").as_string() ==
             SandboxPreloadFunction());
  // The new document's look at its first moments after the load event (OPS.loadSettled).
  const json::array arguments = json::parse(sent[4].params).at("arguments").as_array();
  BOOST_TEST(arguments.at(0).at("value").as_string() == "loadSettled");
  const json::object input = json::parse(arguments.at(1).at("value").as_string()).as_object();
  BOOST_TEST(json::serialize(input.at("quiet_ms")) == "30");
  BOOST_TEST(json::serialize(input.at("busy_quiet_ms")) == "150");
  BOOST_TEST(json::serialize(input.at("cap_ms")) == "1000");
}

BOOST_AUTO_TEST_CASE(a_user_prompt_is_shown_though_only_the_plugin_subscribed) {
  LayerFixture f;
  f.layer.BeginCall(1);
  f.transport.Reply("{}");
  BOOST_REQUIRE(f.layer.Subscribe(f.transport).ok());
  BOOST_TEST(f.layer.OnEvent(json::parse(
      R"({"type":"event","method":"browsingContext.userPromptOpened","params":{"context":"T1","type":"alert","message":"hi"}})")));
  BOOST_TEST(!f.layer.OnEvent(json::parse(
      R"({"type":"event","method":"browsingContext.userPromptClosed","params":{"context":"T1","accepted":true}})")));
}

BOOST_AUTO_TEST_CASE(upload_through_a_label_sends_the_file_input_as_a_bare_shared_reference) {
  LayerFixture f;
  f.layer.BeginCall(1);
  // Any existing regular file will do: page.upload checks that each path is one.
  const std::string file = "/proc/self/exe";
  const std::string label_node =
      R"({"type":"node","sharedId":"LABEL","value":{"nodeType":1,"localName":"label"}})";
  const std::string input_node =
      R"({"type":"node","sharedId":"INPUT","value":{"nodeType":1,"localName":"input",)"
      R"("attributes":{"type":"file"},"childNodeCount":0}})";
  f.transport.Reply("{}")
      .Reply(R"({"contexts":[{"context":"T1","children":[]}]})")
      .Reply(SandboxReplyWithNodes(R"({"count":1,"frames":[]})", "[" + label_node + "]"))
      .Reply(SandboxReplyWithNodes(R"({"ok":true,"multiple":false})", "[" + input_node + "]"))
      .Reply("{}")
      .Reply(SandboxReply(R"({"files":1})"));
  auto reply = f.Execute("page.upload", R"({"css":"label","files":[")" + file + R"("]})");
  BOOST_REQUIRE(reply.ok());
  BOOST_REQUIRE(reply->reply.ok);
  BOOST_TEST(json::serialize(reply->reply.result.value()) == R"({"files":1})");
  BOOST_TEST(
      f.Methods() == (std::vector<std::string>{"session.subscribe", "browsingContext.getTree",
                                               "script.callFunction", "script.callFunction",
                                               "input.setFiles", "script.callFunction"}),
      boost::test_tools::per_element());
  const auto& sent = f.transport.received();
  // The label was found; the check names its control, which is what receives the files.
  BOOST_TEST(json::serialize(json::parse(sent[3].params).at("arguments").as_array().at(2)) ==
             R"({"sharedId":"LABEL"})");
  BOOST_TEST(sent[4].params ==
             R"({"context":"T1","element":{"sharedId":"INPUT"},"files":[")" + file + R"("]})");
  BOOST_TEST(json::serialize(json::parse(sent[5].params).at("arguments").as_array().at(2)) ==
             R"({"sharedId":"INPUT"})");
}

BOOST_AUTO_TEST_CASE(an_eval_node_the_tab_cannot_resolve_is_named_in_the_iframe_that_can) {
  LayerFixture f;
  f.layer.BeginCall(1);
  f.transport.Reply("{}")
      .Reply(R"({"contexts":[{"context":"T1","children":[]}]})")
      .Reply(
          R"({"type":"success","realm":"R","result":{"type":"node","sharedId":"N1","value":{"nodeType":1,"localName":"button"}}})")
      .Reply(SandboxReply(R"({"nodes":[null],"next":1})"))
      .Reply(
          R"({"contexts":[{"context":"T1","children":[{"context":"F1","children":[{"context":"F2","children":[]}]}]}]})")
      .Reply(SandboxReply(R"({"nodes":[null],"next":1})"))
      .Reply(SandboxReply(R"({"nodes":[{"ref":"e1","tag":"button","text":"Hi"}],"next":2})"));
  auto reply = f.Execute("page.eval", R"({"expression":"x"})");
  BOOST_REQUIRE(reply.ok());
  BOOST_REQUIRE(reply->reply.ok);
  BOOST_TEST(json::serialize(reply->reply.result.value()) ==
             R"({"ref":"e1","tag":"button","text":"Hi"})");
  BOOST_TEST(f.Methods() == (std::vector<std::string>{
                                "session.subscribe", "browsingContext.getTree", "script.evaluate",
                                "script.callFunction", "browsingContext.getTree",
                                "script.callFunction", "script.callFunction"}),
             boost::test_tools::per_element());
  const auto& sent = f.transport.received();
  const auto context = [&](std::size_t i) {
    return json::serialize(json::parse(sent[i].params).at("target").at("context"));
  };
  // The tab first, then its iframes in document order, each asked about the node alone.
  BOOST_TEST(context(3) == R"("T1")");
  BOOST_TEST(sent[4].params == R"({"root":"T1"})");
  BOOST_TEST(context(5) == R"("F1")");
  BOOST_TEST(context(6) == R"("F2")");
  BOOST_TEST(json::serialize(json::parse(sent[6].params).at("arguments").as_array().at(2)) ==
             R"({"sharedId":"N1"})");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::page
