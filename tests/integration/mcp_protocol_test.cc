// `tool-host mcp` driven over pipes: JSON-RPC framing and errors, version negotiation, the
// tool listing, calls with progress, cancellation and content items. The echo fixture plugin
// answers calls so that no browser is needed; the calls of several agents run the real plugin
// against the fake BiDi server.
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/tool_schema.h"
#include "net/firefox_bidi_tool.h"
#include "support/child_process.h"
#include "support/fake_bidi_server.h"
#include "support/temp_dir.h"

namespace firefox_bidi::testing {
namespace {

namespace json = boost::json;
using std::chrono::seconds;

const std::string kToolHost = std::string(FIREFOX_BIDI_BINARY_DIR) + "/bin/tool-host";
const std::string kEcho = std::string(FIREFOX_BIDI_BINARY_DIR) + "/lib/fixtures/echo_tool.so";

// One `tool-host mcp` child speaking line-delimited JSON-RPC. The real plugin runs with
// "prelaunch": false, so that no browser starts (mcp would start one at once otherwise).
class McpChild {
 public:
  explicit McpChild(bool echo_plugin = true) {
    std::vector<std::string> argv = {kToolHost};
    if (echo_plugin) {
      argv.insert(argv.end(), {"--plugin", kEcho});
    } else {
      argv.insert(argv.end(), {"--config", R"({"prelaunch":false})"});
    }
    argv.push_back("mcp");
    child_ = ChildProcess::Spawn(argv);
  }
  // The real plugin attached to `server` (no browser), spooling under `dir`.
  McpChild(const FakeBidiServer& server, const TempDir& dir) {
    child_ = ChildProcess::Spawn(
        {kToolHost, "--config",
         absl::StrCat(R"({"connect":")", server.url(), R"(","spool_dir":")", dir / "spool", "\"}"),
         "mcp"});
  }
  ~McpChild() {
    child_->CloseStdin();
    child_->Wait(seconds(30));
  }

  void Send(std::string_view line) { BOOST_TEST_REQUIRE(child_->Write(std::string(line) + "\n")); }
  json::value Next() {
    std::optional<std::string> line = child_->ReadLine(seconds(30));
    BOOST_TEST_REQUIRE(line.has_value(),
                       "no message from tool-host mcp; stderr: " << child_->Stderr());
    return json::parse(*line);
  }
  // Sends `line` and returns the next message.
  json::value Ask(std::string_view line) {
    Send(line);
    return Next();
  }
  ChildProcess& process() { return *child_; }

 private:
  std::unique_ptr<ChildProcess> child_;
};

json::value Error(json::value id, int code, std::string_view message) {
  return json::object{{"jsonrpc", "2.0"},
                      {"id", std::move(id)},
                      {"error", json::object{{"code", code}, {"message", message}}}};
}

BOOST_AUTO_TEST_SUITE(mcp_protocol)

BOOST_AUTO_TEST_CASE(malformed_json_is_a_parse_error_with_null_id) {
  McpChild mcp;
  json::value reply = mcp.Ask("{\"jsonrpc\":\"2.0\",");
  BOOST_TEST(reply.at("id").is_null());
  BOOST_TEST(reply.at("error").at("code") == -32700);
  BOOST_TEST(reply.at("error").at("message").as_string().starts_with("Parse error: "));
  // The server is still alive.
  BOOST_TEST(mcp.Ask(R"({"jsonrpc":"2.0","id":1,"method":"ping"})") ==
             json::parse(R"({"jsonrpc":"2.0","id":1,"result":{}})"));
}

BOOST_AUTO_TEST_CASE(invalid_requests_get_minus_32600) {
  McpChild mcp;
  BOOST_TEST(mcp.Ask("[]") ==
             Error(nullptr, -32600, "Invalid request: JSON-RPC batches are not supported"));
  BOOST_TEST(mcp.Ask("42") ==
             Error(nullptr, -32600, "Invalid request: a message must be a JSON object"));
  BOOST_TEST(mcp.Ask(R"({"jsonrpc":"1.0","id":3,"method":"ping"})") ==
             Error(3, -32600, "Invalid request: \"jsonrpc\" must be \"2.0\""));
  BOOST_TEST(mcp.Ask(R"({"jsonrpc":"2.0","id":4})") ==
             Error(4, -32600, "Invalid request: \"method\" is missing"));
  BOOST_TEST(mcp.Ask(R"({"jsonrpc":"2.0","id":"five","method":5})") ==
             Error("five", -32600, "Invalid request: \"method\" must be a string"));
  BOOST_TEST(mcp.Ask(R"({"jsonrpc":"2.0","id":{"x":1},"method":"ping"})") ==
             Error(nullptr, -32600, "Invalid request: \"id\" must be a string or a number"));
}

BOOST_AUTO_TEST_CASE(unknown_method_gets_minus_32601) {
  McpChild mcp;
  BOOST_TEST(mcp.Ask(R"({"jsonrpc":"2.0","id":9,"method":"resources/list"})") ==
             Error(9, -32601, "Method not found: resources/list"));
}

BOOST_AUTO_TEST_CASE(invalid_params_get_minus_32602) {
  McpChild mcp;
  BOOST_TEST(mcp.Ask(R"({"jsonrpc":"2.0","id":1,"method":"tools/list","params":[1]})") ==
             Error(1, -32602, "Invalid params: must be an object"));
  BOOST_TEST(mcp.Ask(R"({"jsonrpc":"2.0","id":2,"method":"tools/call"})") ==
             Error(2, -32602, "Invalid params: tools/call needs params with \"name\""));
  BOOST_TEST(mcp.Ask(R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":7}})") ==
             Error(3, -32602, "Invalid params: \"name\" must be a string"));
  BOOST_TEST(
      mcp.Ask(R"({"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"other"}})") ==
      Error(4, -32602, "Invalid params: unknown tool \"other\" (this server has echo_tool)"));
  BOOST_TEST(
      mcp.Ask(
          R"({"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"echo_tool","arguments":[]}})") ==
      Error(5, -32602, "Invalid params: \"arguments\" must be an object"));
}

BOOST_AUTO_TEST_CASE(initialize_negotiates_the_protocol_version) {
  McpChild mcp;
  auto initialize = [&](int id, std::string_view version) {
    return mcp.Ask(absl::StrCat(
        R"({"jsonrpc":"2.0","id":)", id, R"(,"method":"initialize","params":{"protocolVersion":")",
        std::string(version), R"(","capabilities":{},"clientInfo":{"name":"t","version":"1"}}})"));
  };
  json::value expected = json::parse(
      R"json({"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25",
          "capabilities":{"tools":{"listChanged":false}},
          "serverInfo":{"name":"echo-tool","title":"Echo (test fixture)","version":"9.9.9"}}})json");
  BOOST_TEST(initialize(1, "2025-11-25") == expected);
  for (std::string_view older : {"2025-06-18", "2025-03-26", "2024-11-05"}) {
    json::value reply = initialize(2, older);
    BOOST_TEST(reply.at("result").at("protocolVersion") == json::value(older));
  }
  BOOST_TEST(initialize(3, "1999-01-01").at("result").at("protocolVersion") == "2025-11-25");
}

BOOST_AUTO_TEST_CASE(notifications_get_no_reply_and_ping_gets_an_empty_result) {
  McpChild mcp;
  mcp.Send(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
  mcp.Send(R"({"jsonrpc":"2.0","method":"notifications/whatever","params":{}})");
  mcp.Send(R"({"jsonrpc":"2.0","id":99,"result":{}})");  // a client's reply: ignored
  BOOST_TEST(mcp.Ask(R"({"jsonrpc":"2.0","id":"p","method":"ping"})") ==
             json::parse(R"({"jsonrpc":"2.0","id":"p","result":{}})"));
}

BOOST_AUTO_TEST_CASE(tools_list_describes_the_real_plugin) {
  McpChild mcp(/*echo_plugin=*/false);
  json::value reply = mcp.Ask(R"({"jsonrpc":"2.0","id":1,"method":"tools/list"})");
  json::value expected = json::object{
      {"jsonrpc", "2.0"},
      {"id", 1},
      {"result", json::object{{"tools", json::array{json::object{
                                            {"name", "firefox_bidi"},
                                            {"title", "Firefox (WebDriver BiDi)"},
                                            {"description", ToolDescription()},
                                            {"inputSchema", json::parse(kInputSchema)}}}}}}};
  BOOST_TEST(reply == expected);
}

BOOST_AUTO_TEST_CASE(bad_arguments_to_the_real_plugin_are_an_error_result) {
  McpChild mcp(/*echo_plugin=*/false);
  json::value reply = mcp.Ask(
      R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"firefox_bidi","arguments":{"frames":"x"}}})");
  BOOST_TEST(reply.at("result").at("isError") == true);
  json::value text = json::parse(reply.at("result").at("content").at(0).at("text").as_string());
  BOOST_TEST(text.at("error").at("kind") == "invalid_arguments");
  BOOST_TEST(text.at("error").at("at") == "/frames");
}

BOOST_AUTO_TEST_CASE(tool_call_reports_progress_then_the_result_as_text) {
  McpChild mcp;
  mcp.Send(
      R"({"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo_tool","arguments":{"frames":[]},"_meta":{"progressToken":"tok"}}})");
  BOOST_TEST(mcp.Next() == json::parse(R"({"jsonrpc":"2.0","method":"notifications/progress",
      "params":{"progressToken":"tok","progress":1,"total":2,"message":"step 1"}})"));
  BOOST_TEST(mcp.Next() == json::parse(R"({"jsonrpc":"2.0","method":"notifications/progress",
      "params":{"progressToken":"tok","progress":2,"total":2,"message":"step 2"}})"));
  BOOST_TEST(mcp.Next() == json::parse(R"({"jsonrpc":"2.0","id":7,"result":{
      "content":[{"type":"text","text":"{\"frames\":[]}"}],"isError":false}})"));
}

BOOST_AUTO_TEST_CASE(deeply_nested_arguments_are_not_a_parse_error) {
  McpChild mcp;
  std::string deep = std::string(200, '[') + std::string(200, ']');
  json::value reply = mcp.Ask(
      R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo_tool","arguments":{"d":)" +
      deep + "}}}");
  BOOST_TEST(reply.at("result").at("content").at(0).at("text") ==
             json::value("{\"d\":" + deep + "}"));
}

BOOST_AUTO_TEST_CASE(refused_and_failed_calls_are_error_results) {
  McpChild mcp;
  BOOST_TEST(
      mcp.Ask(
          R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo_tool","arguments":{"refuse":1}}})") ==
      json::parse(R"({"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text",
          "text":"{\"error\":{\"kind\":\"invalid_arguments\",\"message\":\"refused by echo_tool\",\"at\":\"/refuse\"}}"}],
          "isError":true}})"));
  json::value failed = mcp.Ask(
      R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo_tool","arguments":{"fail":1}}})");
  BOOST_TEST(failed.at("result").at("isError") == true);
  BOOST_TEST(failed.at("result").at("content").at(0).at("text") ==
             R"({"error":{"kind":"browser_unavailable","message":"failed by echo_tool"}})");
}

BOOST_AUTO_TEST_CASE(content_is_the_result_text_then_one_item_per_content_part) {
  TempDir dir;
  const std::string png = dir.path() + "/b1-0-shot.png";
  const std::string big_png = dir.path() + "/b1-1 big.png";
  std::ofstream(png, std::ios::binary) << std::string("\x89PNG\r\n\x1a\n", 8) << "xyz";
  std::ofstream(big_png, std::ios::binary) << std::string((1u << 20) + 1, 'x');
  McpChild mcp;
  auto call = [&](int id, const json::object& args) {
    return mcp.Ask(json::serialize(
        json::object{{"jsonrpc", "2.0"},
                     {"id", id},
                     {"method", "tools/call"},
                     {"params", json::object{{"name", "echo_tool"}, {"arguments", args}}}}));
  };
  json::object text{{"type", "text"}, {"text", "echo parts"}};
  json::object inline_image{
      {"type", "image"}, {"data", "iVBORw0KGgphYmM="}, {"mimeType", "image/png"}};
  json::object link{{"type", "resource_link"},
                    {"uri", "file:///echo/a%20b.json"},
                    {"name", "a b.json"},
                    {"mimeType", "application/json"}};
  json::object link_without_mime{
      {"type", "resource_link"}, {"uri", "https://example.org/x"}, {"name", "x"}};

  // An image by path is read and sent inline.
  json::object args{{"parts", 1}, {"image_path", png}};
  json::value reply = call(1, args);
  BOOST_TEST(reply.at("result").at("isError") == false);
  json::array expected{
      json::object{{"type", "text"}, {"text", json::serialize(args)}},
      text,
      inline_image,
      json::object{{"type", "image"}, {"data", "iVBORw0KGgp4eXo="}, {"mimeType", "image/png"}},
      link,
      link_without_mime};
  BOOST_TEST(reply.at("result").at("content") == json::value(expected), json::serialize(reply));

  // An image file over 1 MiB, or one that does not exist, is left out; the rest stays.
  for (const std::string& path : {big_png, dir.path() + "/missing.png"}) {
    args = json::object{{"parts", 1}, {"image_path", path}};
    reply = call(2, args);
    expected = json::array{json::object{{"type", "text"}, {"text", json::serialize(args)}}, text,
                           inline_image, link, link_without_mime};
    BOOST_TEST(reply.at("result").at("content") == json::value(expected), json::serialize(reply));
  }
}

BOOST_AUTO_TEST_CASE(server_info_and_tool_title_come_from_the_real_plugin_descriptor) {
  McpChild mcp(/*echo_plugin=*/false);
  json::value reply = mcp.Ask(
      R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25"}})");
  BOOST_TEST(reply.at("result").at("serverInfo") ==
             json::parse(absl::StrCat(
                 R"json({"name":"firefox-bidi","title":"Firefox (WebDriver BiDi)","version":")json",
                 FIREFOX_BIDI_VERSION, R"("})")));
}

BOOST_AUTO_TEST_CASE(ping_is_answered_while_a_call_runs_and_cancel_stops_it_without_reply) {
  McpChild mcp;
  mcp.Send(
      R"({"jsonrpc":"2.0","id":"slow","method":"tools/call","params":{"name":"echo_tool","arguments":{"block":1},"_meta":{"progressToken":1}}})");
  // Progress proves the plugin is inside the call.
  BOOST_TEST(mcp.Next().at("params").at("progress") == 1);
  BOOST_TEST(mcp.Next().at("params").at("progress") == 2);
  BOOST_TEST(mcp.Ask(R"({"jsonrpc":"2.0","id":2,"method":"ping"})") ==
             json::parse(R"({"jsonrpc":"2.0","id":2,"result":{}})"));
  mcp.Send(
      R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"slow","reason":"user"}})");
  // The cancelled call sends nothing; the next call runs once it has ended.
  BOOST_TEST(
      mcp.Ask(
          R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"echo_tool","arguments":{"n":3}}})") ==
      json::parse(
          R"({"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"{\"n\":3}"}],"isError":false}})"));
}

BOOST_AUTO_TEST_CASE(a_full_queue_refuses_calls_at_once_and_ping_still_passes) {
  McpChild mcp;
  mcp.Send(
      R"({"jsonrpc":"2.0","id":"slow","method":"tools/call","params":{"name":"echo_tool","arguments":{"block":1},"_meta":{"progressToken":1}}})");
  BOOST_TEST(mcp.Next().at("params").at("progress") == 1);  // running: the queue is empty
  BOOST_TEST(mcp.Next().at("params").at("progress") == 2);
  // 64 calls fill the queue behind it; the 6 after them are refused at once.
  for (int i = 100; i < 170; ++i) {
    mcp.Send(absl::StrCat(
        R"({"jsonrpc":"2.0","id":)", i,
        R"(,"method":"tools/call","params":{"name":"echo_tool","arguments":{"block":1}}})"));
  }
  for (int i = 164; i < 170; ++i) {
    BOOST_TEST(mcp.Next() == Error(i, -32000,
                                   "Server busy: too many tool calls are waiting; wait for "
                                   "their results before sending more"));
  }
  BOOST_TEST(mcp.Ask(R"({"jsonrpc":"2.0","id":2,"method":"ping"})") ==
             json::parse(R"({"jsonrpc":"2.0","id":2,"result":{}})"));
  // Cancellation passes too: queued calls cancelled send nothing, then the running one ends.
  for (int i = 100; i < 164; ++i) {
    mcp.Send(absl::StrCat(
        R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":)", i, "}}"));
  }
  mcp.Send(R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"slow"}})");
  // The cancelled calls leave the queue as the worker reaches them; then calls run again.
  json::value reply;
  for (int attempt = 0; attempt < 100; ++attempt) {
    reply = mcp.Ask(
        R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"echo_tool","arguments":{"n":3}}})");
    if (!reply.as_object().contains("error")) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  BOOST_TEST(
      reply ==
      json::parse(
          R"({"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"{\"n\":3}"}],"isError":false}})"));
}

BOOST_AUTO_TEST_CASE(calls_run_one_at_a_time_in_order) {
  McpChild mcp;
  for (int i = 1; i <= 3; ++i) {
    mcp.Send(absl::StrCat(
        R"({"jsonrpc":"2.0","id":)", i,
        R"(,"method":"tools/call","params":{"name":"echo_tool","arguments":{"n":)", i, "}}}"));
  }
  for (int i = 1; i <= 3; ++i) {
    json::value reply = mcp.Next();
    BOOST_TEST(reply.at("id") == i);
    BOOST_TEST(reply.at("result").at("content").at(0).at("text") ==
               json::value(absl::StrCat("{\"n\":", i, "}")));
  }
}

BOOST_AUTO_TEST_CASE(end_of_input_finishes_the_queued_call_and_exits_0) {
  McpChild mcp;
  mcp.Send(
      R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo_tool","arguments":{"n":1}}})");
  mcp.process().CloseStdin();
  BOOST_TEST(mcp.Next().at("id") == 1);
  BOOST_TEST(mcp.process().Wait(seconds(30)) == 0);
  // The plugin was told that the host is long-lived (AGENT_TOOL_HOST_HINT_LONG_LIVED).
  BOOST_TEST(mcp.process().Stderr() == "tool-host: plugin info: echo_tool created long-lived\n");
}

// Agents on the fake BiDi server: each new agent's user context and window get ids of their
// own (made from the command's id), and the browser has no other tab.
void ScriptAgents(FakeBidiServer& server) {
  server.OnCommand("browser.createUserContext")
      .SendRaw(R"({"type":"success","id":{{id}},"result":{"userContext":"uc-{{id}}"}})");
  server.OnCommand("browsingContext.create")
      .SendRaw(R"({"type":"success","id":{{id}},"result":{"context":"ctx-{{id}}"}})");
  server.OnCommand("browsingContext.getTree").Reply(R"({"contexts":[]})");
}

// A tools/call of the real plugin for `agent`.
std::string AgentCall(const std::string& id, const std::string& agent, const std::string& frames) {
  return absl::StrCat(
      R"({"jsonrpc":"2.0","id":")", id,
      R"(","method":"tools/call","params":{"name":"firefox_bidi","arguments":{"agent":")", agent,
      R"(","frames":)", frames, "}}}");
}

json::value ToolReply(const std::string& id, const std::string& text, bool is_error = false) {
  return json::object{
      {"jsonrpc", "2.0"},
      {"id", id},
      {"result",
       json::object{{"content", json::array{json::object{{"type", "text"}, {"text", text}}}},
                    {"isError", is_error}}}};
}

// What the first call of the ordering test ends with.
const std::string kTimeoutResult =
    R"({"frames":[{"index":0,"method":"session.status","error":{"error":"timeout","message":"no reply to frame 0 (session.status) within 4000 ms"}}]})";

// The stalled command and the answered one.
const std::string kStall = R"([{"method":"session.status"}])";
const std::string kQuick = R"([{"method":"storage.getCookies"}])";
const std::string kQuickResult =
    R"({"frames":[{"index":0,"method":"storage.getCookies","result":{}}]})";

BOOST_AUTO_TEST_CASE(calls_of_two_agents_run_at_once_and_a_cancel_ends_only_its_own,
                     *boost::unit_test::timeout(180)) {
  FakeBidiServer server;
  ScriptAgents(server);
  server.OnCommand("session.status").Stall();  // agent a's command is never answered
  TempDir dir;
  McpChild mcp(server, dir);
  mcp.Send(AgentCall("a1", "a", kStall));
  mcp.Send(AgentCall("b1", "b", kQuick));
  // b's call is answered while a's waits for the reply that never comes.
  BOOST_TEST(mcp.Next() == ToolReply("b1", kQuickResult));
  BOOST_TEST_REQUIRE(server.WaitForMethod("session.status", 1, seconds(30)));
  mcp.Send(R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"a1"}})");
  // a's call ends without a reply: a's next call, which runs after it, is the next message.
  BOOST_TEST(mcp.Ask(AgentCall("a2", "a", kQuick)) == ToolReply("a2", kQuickResult));
  // b's calls go on as before, and a's command was sent once.
  BOOST_TEST(mcp.Ask(AgentCall("b2", "b", kQuick)) == ToolReply("b2", kQuickResult));
  BOOST_TEST(server.CountMethod("session.status") == 1u);
  BOOST_TEST(server.CountMethod("browser.createUserContext") == 2u);
}

BOOST_AUTO_TEST_CASE(calls_of_one_agent_run_one_at_a_time_in_arrival_order,
                     *boost::unit_test::timeout(180)) {
  FakeBidiServer server;
  ScriptAgents(server);
  server.OnCommand("session.status").Stall();
  TempDir dir;
  McpChild mcp(server, dir);
  // The first call's command is not answered: it ends when its frame's 4 s are up.
  mcp.Send(AgentCall("1", "a", R"([{"method":"session.status","timeout_ms":4000}])"));
  mcp.Send(AgentCall("2", "a", kQuick));
  BOOST_TEST_REQUIRE(server.WaitForMethod("session.status", 1, seconds(30)));
  // The second call waits for the first: nothing of it has reached the browser.
  BOOST_TEST(server.CountMethod("storage.getCookies") == 0u);
  json::value first = mcp.Next();
  BOOST_TEST(first == ToolReply("1", kTimeoutResult));
  BOOST_TEST(mcp.Next() == ToolReply("2", kQuickResult));
  const std::vector<std::string> received = server.received();
  BOOST_TEST_REQUIRE(received.size() >= 2u);
  BOOST_TEST(json::parse(received[received.size() - 2]).at("method") == "session.status");
  BOOST_TEST(json::parse(received.back()).at("method") == "storage.getCookies");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::testing
