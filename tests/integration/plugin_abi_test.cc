// The real plugin through its C ABI, loaded by the SDK loader: descriptor, create and invoke
// outcomes (OK, REFUSED, FAILED), concurrent calls taking turns, cancel, progress, and the session
// ended on destroy. The browser is the fake BiDi server.
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/data/monomorphic.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <string>
#include <string_view>
#include <tuple>
#include <variant>
#include <vector>

#include "agent_tool/loader.h"
#include "core/batch_args.h"
#include "core/tool_schema.h"
#include "net/firefox_bidi_tool.h"
#include "support/child_process.h"
#include "support/fake_bidi_server.h"
#include "support/plugin_log.h"
#include "support/temp_dir.h"

namespace firefox_bidi::testing {
namespace {

namespace json = boost::json;
using agent_tool::PluginLibrary;
using agent_tool::ProgressFn;
using agent_tool::ToolInstance;
using agent_tool::ToolResult;
using std::chrono::seconds;

const std::string kPlugin = std::string(FIREFOX_BIDI_BINARY_DIR) + "/lib/libfirefox_bidi.so";

std::shared_ptr<const PluginLibrary> OpenPlugin() {
  absl::StatusOr<std::shared_ptr<const PluginLibrary>> library = PluginLibrary::Open(kPlugin);
  BOOST_TEST_REQUIRE(library.ok(), std::string(library.status().message()));
  return *library;
}

// An instance attached to `server` with a private spool directory.
std::unique_ptr<ToolInstance> Attach(const FakeBidiServer& server, const TempDir& dir,
                                     agent_tool::LogFn log = {}) {
  ToolInstance::Created created = ToolInstance::Create(
      OpenPlugin(),
      R"({"connect":")" + server.url() + R"(","spool_dir":")" + dir.path() + R"(/spool"})",
      std::move(log));
  BOOST_TEST_REQUIRE(created.result.status == AGENT_TOOL_STATUS_OK, created.result.json);
  return std::move(created.instance);
}

// Two frames whose first one a stalled fake browser never answers.
constexpr std::string_view kEvaluateThenGetTree =
    R"({"frames":[{"method":"script.evaluate","params":{"expression":"1"}},{"method":"browsingContext.getTree"}]})";

// Runs kEvaluateThenGetTree on another thread, so that the test can cancel it.
std::future<ToolResult> InvokeInBackground(ToolInstance& instance) {
  return std::async(std::launch::async,
                    [&instance] { return instance.Invoke(kEvaluateThenGetTree); });
}

BOOST_AUTO_TEST_SUITE(plugin_abi)

BOOST_AUTO_TEST_CASE(descriptor_carries_the_tool_and_abi_2_2) {
  std::shared_ptr<const PluginLibrary> library = OpenPlugin();
  const agent_tool_plugin_descriptor& d = library->descriptor();
  BOOST_TEST(d.abi_major == 2u);
  BOOST_TEST(d.abi_minor == 2u);
  BOOST_TEST(d.cancel_call != nullptr);
  BOOST_TEST(d.struct_size == sizeof(agent_tool_plugin_descriptor));
  BOOST_TEST(std::string(d.name) == "firefox_bidi");
  BOOST_TEST(std::string(d.version) == FIREFOX_BIDI_VERSION);
  BOOST_TEST(std::string(d.description) == ToolDescription());
  BOOST_TEST(std::string(d.input_schema) == kInputSchema);
  BOOST_TEST(json::parse(d.input_schema).is_object());
  BOOST_TEST(std::string(d.title) == "Firefox (WebDriver BiDi)");
  BOOST_TEST(std::string(d.plugin_name) == "firefox-bidi");
  BOOST_TEST(library->handle_argument() == "agent");
  BOOST_TEST(d.release_handle != nullptr);
}

BOOST_AUTO_TEST_CASE(invalid_config_is_refused_with_kind_message_and_at) {
  ToolInstance::Created created =
      ToolInstance::Create(OpenPlugin(), R"({"firefox":{"offline":"y"}})");
  BOOST_TEST(created.instance == nullptr);
  BOOST_TEST(created.result.status == AGENT_TOOL_STATUS_REFUSED);
  BOOST_TEST(
      created.result.json ==
      R"({"error":{"kind":"invalid_config","message":"config /firefox/offline: must be a boolean, not a string","at":"/firefox/offline"}})");
  BOOST_TEST(created.result.message == "config /firefox/offline: must be a boolean, not a string");
}

BOOST_AUTO_TEST_CASE(invalid_arguments_are_refused_before_any_browser_traffic) {
  FakeBidiServer server;
  TempDir dir;
  std::unique_ptr<ToolInstance> instance = Attach(server, dir);
  const std::string args = R"({"frames":[{"method":"script.evaluate","label":"1bad"}]})";
  ToolResult result = instance->Invoke(args);
  BOOST_TEST(result.status == AGENT_TOOL_STATUS_REFUSED);
  auto parsed = ParseBatchArgs(args, Limits{});
  BOOST_TEST_REQUIRE(std::holds_alternative<ToolError>(parsed));
  BOOST_TEST(result.json == SerializeToolError(std::get<ToolError>(parsed)));
  BOOST_TEST(result.message == std::get<ToolError>(parsed).message);
  BOOST_TEST(server.connections() == 0u);
}

BOOST_AUTO_TEST_CASE(unusable_spool_dir_fails_with_spool_unavailable) {
  FakeBidiServer server;
  TempDir dir;
  std::string file = dir.path() + "/not-a-dir";
  std::ofstream(file) << "x";
  ToolInstance::Created created = ToolInstance::Create(
      OpenPlugin(), R"({"connect":")" + server.url() + R"(","spool_dir":")" + file + R"("})");
  BOOST_TEST_REQUIRE(created.instance != nullptr);
  ToolResult result =
      created.instance->Invoke(R"({"frames":[{"method":"browsingContext.getTree"}]})");
  BOOST_TEST(result.status == AGENT_TOOL_STATUS_FAILED);
  json::value error = json::parse(result.json).at("error");
  BOOST_TEST(error.at("kind") == "spool_unavailable");
  BOOST_TEST(error.at("message") == json::value(result.message));
  BOOST_TEST(!result.message.empty());
  BOOST_TEST(server.connections() == 0u);  // refused before a browser was touched
}

BOOST_AUTO_TEST_CASE(unreachable_endpoint_fails_with_browser_unavailable) {
  TempDir dir;
  ToolInstance::Created created =
      ToolInstance::Create(OpenPlugin(), R"({"connect":"ws://127.0.0.1:1/session","spool_dir":")" +
                                             dir.path() + R"(/spool"})");
  BOOST_TEST_REQUIRE(created.instance != nullptr);
  ToolResult result =
      created.instance->Invoke(R"({"frames":[{"method":"browsingContext.getTree"}]})");
  BOOST_TEST(result.status == AGENT_TOOL_STATUS_FAILED);
  json::value error = json::parse(result.json).at("error");
  BOOST_TEST(error.at("kind") == "browser_unavailable");
  BOOST_TEST(error.at("message") == json::value(result.message));
}

BOOST_AUTO_TEST_CASE(call_runs_reports_progress_and_destroy_ends_the_session) {
  FakeBidiServer server;
  TempDir dir;
  std::unique_ptr<ToolInstance> instance = Attach(server, dir);
  std::vector<std::tuple<std::uint64_t, std::uint64_t>> steps;
  ProgressFn progress = [&](std::uint64_t done, std::uint64_t total, std::string_view) {
    steps.emplace_back(done, total);
  };
  ToolResult result = instance->Invoke(
      R"({"frames":[{"method":"browsingContext.getTree"},{"method":"browsingContext.getTree","silent":true}]})",
      &progress);
  BOOST_TEST(result.status == AGENT_TOOL_STATUS_OK);
  BOOST_TEST(result.message == "");
  BOOST_TEST(
      result.json ==
      R"({"frames":[{"index":0,"method":"browsingContext.getTree","result":{}},{"index":1,"method":"browsingContext.getTree"}]})");
  BOOST_TEST((steps == std::vector<std::tuple<std::uint64_t, std::uint64_t>>{{1, 2}, {2, 2}}));
  instance.reset();
  std::vector<std::string> received = server.received();
  BOOST_TEST_REQUIRE(received.size() == 8u);
  BOOST_TEST(json::parse(received[0]).at("method") == "session.new");
  BOOST_TEST(json::parse(received[1]).at("method") == "session.subscribe");  // the plugin's own
  BOOST_TEST(json::parse(received[2]).at("method") == "network.addDataCollector");  // bodies
  BOOST_TEST(json::parse(received[3]).at("method") == "session.subscribe");         // requests
  BOOST_TEST(json::parse(received[4]).at("method") == "script.addPreloadScript");   // webdriver
  BOOST_TEST(json::parse(received[7]).at("method") == "session.end");
}

BOOST_AUTO_TEST_CASE(a_concurrent_call_waits_its_turn_and_cancel_ends_both) {
  FakeBidiServer server;
  server.OnCommand("script.evaluate").Stall();
  TempDir dir;
  PluginLog log;
  std::unique_ptr<ToolInstance> instance = Attach(server, dir, log.Sink());
  std::future<ToolResult> first = InvokeInBackground(*instance);
  BOOST_TEST_REQUIRE(server.WaitForCommands(
      6, std::chrono::milliseconds(30000)));  // new, the plugin's set-up (4 commands), eval
  std::future<ToolResult> second = std::async(std::launch::async, [&] {
    return instance->Invoke(R"({"frames":[{"method":"browsingContext.getTree"}]})");
  });
  BOOST_TEST_REQUIRE(log.WaitFor("a call waits for its turn behind 1 other"));
  instance->Cancel();
  BOOST_TEST_REQUIRE((first.wait_for(seconds(30)) == std::future_status::ready));
  ToolResult cancelled = first.get();
  BOOST_TEST(cancelled.status == AGENT_TOOL_STATUS_OK);
  json::value frames = json::parse(cancelled.json).at("frames");
  BOOST_TEST(frames.at(0).at("error").at("error") == "cancelled");
  BOOST_TEST(frames.at(1).at("skipped") == true);
  BOOST_TEST_REQUIRE((second.wait_for(seconds(30)) == std::future_status::ready));
  ToolResult waited = second.get();
  BOOST_TEST(waited.status == AGENT_TOOL_STATUS_OK);
  BOOST_TEST(
      waited.json ==
      R"({"frames":[{"index":0,"method":"browsingContext.getTree","error":{"error":"cancelled","message":"the call was cancelled before frame 0 (browsingContext.getTree) was sent"}}]})");
  BOOST_TEST(server.received().size() == 6u);  // the waiting call sent nothing

  // The instance is usable again: cancellation is cleared at the next call.
  ToolResult next = instance->Invoke(R"({"frames":[{"method":"browsingContext.getTree"}]})");
  BOOST_TEST(next.status == AGENT_TOOL_STATUS_OK);
  BOOST_TEST(next.json ==
             R"({"frames":[{"index":0,"method":"browsingContext.getTree","result":{}}]})");
}

BOOST_AUTO_TEST_CASE(cancel_while_the_session_is_set_up_reports_every_frame) {
  FakeBidiServer server;
  server.OnCommand("session.new").Stall();
  TempDir dir;
  std::unique_ptr<ToolInstance> instance = Attach(server, dir);
  std::future<ToolResult> call = InvokeInBackground(*instance);
  BOOST_TEST_REQUIRE(server.WaitForCommands(1, std::chrono::milliseconds(30000)));  // session.new
  instance->Cancel();
  BOOST_TEST_REQUIRE((call.wait_for(seconds(30)) == std::future_status::ready));
  ToolResult cancelled = call.get();
  BOOST_TEST(cancelled.status == AGENT_TOOL_STATUS_OK);
  BOOST_TEST(cancelled.json ==
             R"({"frames":[{"index":0,"method":"script.evaluate","error":{"error":"cancelled",)"
             R"("message":"the call was cancelled before frame 0 (script.evaluate) was sent"}},)"
             R"({"index":1,"method":"browsingContext.getTree","skipped":true}]})");
  BOOST_TEST(server.received().size() == 1u);  // nothing but session.new was sent
}

BOOST_AUTO_TEST_CASE(cancel_without_a_running_call_does_nothing) {
  FakeBidiServer server;
  TempDir dir;
  std::unique_ptr<ToolInstance> instance = Attach(server, dir);
  instance->Cancel();
  ToolResult result = instance->Invoke(R"({"frames":[{"method":"browsingContext.getTree"}]})");
  BOOST_TEST(result.json ==
             R"({"frames":[{"index":0,"method":"browsingContext.getTree","result":{}}]})");
}

BOOST_AUTO_TEST_CASE(spooled_files_come_back_as_image_and_resource_link_parts) {
  FakeBidiServer server;
  server.OnCommand("browsingContext.captureScreenshot").Reply(R"({"data":"iVBORw0KGgphYmM="})");
  server.OnCommand("script.evaluate")
      .Reply(R"({"type":"success","realm":"r","result":{"type":"string","value":")" +
             std::string(300, 'x') + R"("}})");
  TempDir dir;
  ToolInstance::Created created =
      ToolInstance::Create(OpenPlugin(), R"({"connect":")" + server.url() + R"(","spool_dir":")" +
                                             dir.path() + R"(/spool","max_inline_bytes":100})");
  BOOST_TEST_REQUIRE(created.instance != nullptr, created.result.json);
  ToolResult result = created.instance->Invoke(
      R"({"frames":[{"method":"browsingContext.captureScreenshot","label":"shot"},)"
      R"({"method":"script.evaluate","params":{"expression":"x"}},)"
      R"({"method":"browsingContext.getTree"}]})");
  BOOST_TEST_REQUIRE(result.status == AGENT_TOOL_STATUS_OK, result.json);
  json::value frames = json::parse(result.json).at("frames");
  const std::string png(frames.at(0).at("spooled").as_string());
  const std::string big(frames.at(1).at("spooled").as_string());
  BOOST_TEST(png == dir.path() + "/spool/" + png.substr(png.rfind('/') + 1));
  BOOST_TEST(png.ends_with("-0-shot.png"));
  BOOST_TEST(big.ends_with("-1.json"));
  using agent_tool::ContentPart;
  std::vector<ContentPart> expected = {
      {.kind = AGENT_TOOL_CONTENT_IMAGE, .mime = "image/png", .path = png},
      {.kind = AGENT_TOOL_CONTENT_RESOURCE_LINK,
       .mime = "image/png",
       .uri = "file://" + png,
       .name = png.substr(png.rfind('/') + 1)},
      {.kind = AGENT_TOOL_CONTENT_RESOURCE_LINK,
       .mime = "application/json",
       .uri = "file://" + big,
       .name = big.substr(big.rfind('/') + 1)}};
  BOOST_TEST_REQUIRE(result.parts.size() == expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    BOOST_TEST((result.parts[i] == expected[i]), "part " << i);
  }

  // A result that spools nothing carries no part.
  ToolResult small =
      created.instance->Invoke(R"({"frames":[{"method":"browsingContext.getTree"}]})");
  BOOST_TEST(small.status == AGENT_TOOL_STATUS_OK);
  BOOST_TEST(small.parts.empty());
}

// The hint starts the browser at create unless the config says "prelaunch"; /bin/false stands
// in for Firefox, so nothing real starts.
BOOST_DATA_TEST_CASE(a_long_lived_host_gets_a_prelaunch_unless_the_config_says_otherwise,
                     boost::unit_test::data::make({std::string(),
                                                   std::string(R"(,"prelaunch":false)"),
                                                   std::string(R"(,"prelaunch":true)")}) ^
                         boost::unit_test::data::make({0, 0, 1}) ^
                         boost::unit_test::data::make({1, 0, 1}),
                     config_extra, prelaunch_without_hint, prelaunch_with_hint) {
  TempDir dir;
  const std::string config = R"({"firefox":{"binary":"/bin/false"},"spool_dir":")" + dir.path() +
                             R"(/spool")" + config_extra + "}";
  for (std::uint64_t hints : {std::uint64_t{0}, std::uint64_t{AGENT_TOOL_HOST_HINT_LONG_LIVED}}) {
    int prelaunches = 0;
    ToolInstance::Created created = ToolInstance::Create(
        OpenPlugin(), config,
        [&](agent_tool_log_level, std::string_view line) {
          if (line == "prelaunch: starting Firefox in the background") ++prelaunches;
        },
        hints);
    BOOST_TEST_REQUIRE(created.instance != nullptr, created.result.json);
    created.instance.reset();
    BOOST_TEST(prelaunches == (hints != 0 ? prelaunch_with_hint : prelaunch_without_hint),
               "hints " << hints << " config " << config);
  }
}

BOOST_AUTO_TEST_CASE(minimal_c_host_runs_one_call_through_the_header) {
  const std::string host = std::string(FIREFOX_BIDI_BINARY_DIR) + "/bin/minimal_host";
  const std::string echo = std::string(FIREFOX_BIDI_BINARY_DIR) + "/lib/fixtures/echo_tool.so";
  ProcessResult ran = RunProcess({host, echo, R"({"a":1})"});
  BOOST_TEST(ran.exit_code == 0);
  BOOST_TEST(ran.out == "{\"a\":1}\n");
  BOOST_TEST(ran.err == "tool: echo_tool 9.9.9\nplugin log 1: echo_tool created\n");
  ProcessResult parts = RunProcess({host, echo, R"({"parts":1})"});
  BOOST_TEST(parts.exit_code == 0);
  BOOST_TEST(parts.err ==
             "tool: echo_tool 9.9.9\nplugin log 1: echo_tool created\n"
             "part: text echo parts\npart: image image/png (11 bytes)\n"
             "part: resource_link file:///echo/a%20b.json a b.json\n"
             "part: resource_link https://example.org/x x\n");

  const std::string args = R"({"frames":[]})";
  ProcessResult refused = RunProcess({host, kPlugin, args});
  BOOST_TEST(refused.exit_code == 1);
  auto parsed = ParseBatchArgs(args, Limits{});
  BOOST_TEST_REQUIRE(std::holds_alternative<ToolError>(parsed));
  BOOST_TEST(refused.out == SerializeToolError(std::get<ToolError>(parsed)) + "\n");

  // Without arguments it sends a valid batch (echo_tool shows what it got).
  ProcessResult defaults = RunProcess({host, echo});
  BOOST_TEST(defaults.exit_code == 0);
  BOOST_TEST(defaults.out == "{\"frames\":[{\"method\":\"browsingContext.getTree\"}]}\n");
  BOOST_TEST(std::holds_alternative<BatchArgs>(
      ParseBatchArgs(defaults.out.substr(0, defaults.out.size() - 1), Limits{})));

  ProcessResult incompatible =
      RunProcess({host, std::string(FIREFOX_BIDI_BINARY_DIR) + "/lib/fixtures/wrong_major.so"});
  BOOST_TEST(incompatible.exit_code == 2);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::testing
