// The real plugin driven from several host threads at once, against the fake BiDi server: a
// second call waits for its turn and runs after the first, a cancel names the call it ends
// (waiting or running) and ends the waiting frame at once with an exact partial result, and
// cancels racing with calls that start and end never crash, hang, or leave the instance
// unusable.
#include <atomic>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <future>
#include <memory>
#include <mutex>
#include <stop_token>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "agent_tool/loader.h"
#include "support/fake_bidi_server.h"
#include "support/latency.h"
#include "support/plugin_log.h"
#include "support/temp_dir.h"

namespace firefox_bidi::testing {
namespace {

namespace json = boost::json;
using agent_tool::PluginLibrary;
using agent_tool::ToolInstance;
using agent_tool::ToolResult;
using std::chrono::milliseconds;
using std::chrono::seconds;
using Clock = std::chrono::steady_clock;

const std::string kPlugin = std::string(FIREFOX_BIDI_BINARY_DIR) + "/lib/libfirefox_bidi.so";
const std::string kGetTree = R"({"frames":[{"method":"browsingContext.getTree"}]})";
const std::string kGetTreeResult =
    R"({"frames":[{"index":0,"method":"browsingContext.getTree","result":{}}]})";
std::unique_ptr<ToolInstance> Attach(const FakeBidiServer& server, const TempDir& dir,
                                     agent_tool::LogFn log = {}) {
  absl::StatusOr<std::shared_ptr<const PluginLibrary>> library = PluginLibrary::Open(kPlugin);
  BOOST_TEST_REQUIRE(library.ok(), std::string(library.status().message()));
  ToolInstance::Created created = ToolInstance::Create(
      *library, R"({"connect":")" + server.url() + R"(","spool_dir":")" + dir / "spool" + "\"}",
      std::move(log));
  BOOST_TEST_REQUIRE(created.result.status == AGENT_TOOL_STATUS_OK, created.result.json);
  return std::move(created.instance);
}

// What a call cancelled before it started returns.
const std::string kCancelledGetTree =
    R"({"frames":[{"index":0,"method":"browsingContext.getTree","error":{"error":"cancelled","message":"the call was cancelled before frame 0 (browsingContext.getTree) was sent"}}]})";

long long MillisSince(Clock::time_point start) {
  return std::chrono::duration_cast<milliseconds>(Clock::now() - start).count();
}

BOOST_AUTO_TEST_SUITE(concurrency)

BOOST_AUTO_TEST_CASE(a_second_call_waits_for_its_turn_and_runs_after_the_first) {
  FakeBidiServer server;
  server.OnCommand("script.evaluate")
      .DelayReply(milliseconds(1500))
      .Reply(R"({"type":"success","realm":"r","result":{"type":"number","value":2}})");
  TempDir dir;
  PluginLog log;
  std::unique_ptr<ToolInstance> instance = Attach(server, dir, log.Sink());
  std::future<ToolResult> first = std::async(std::launch::async, [&] {
    return instance->Invoke(R"({"frames":[{"method":"script.evaluate","pick":"result.value"}]})");
  });
  // session.new, the plugin's session.subscribe and navigator.webdriver preload (with its
  // network data collector and network.beforeRequestSent subscription between), the eval
  BOOST_TEST_REQUIRE(server.WaitForCommands(6, milliseconds(30000)));
  std::future<ToolResult> second =
      std::async(std::launch::async, [&] { return instance->Invoke(kGetTree); });
  BOOST_TEST_REQUIRE(log.WaitFor("a call waits for its turn behind 1 other"));
  BOOST_TEST(server.received().size() == 6u);  // the second sends nothing while it waits
  const ToolResult done = first.get();
  BOOST_TEST(done.status == AGENT_TOOL_STATUS_OK);
  BOOST_TEST(done.json == R"({"frames":[{"index":0,"method":"script.evaluate","result":2}]})");
  const ToolResult next = second.get();
  BOOST_TEST(next.status == AGENT_TOOL_STATUS_OK);
  BOOST_TEST(next.json == kGetTreeResult);
  const std::vector<std::string> received = server.received();
  BOOST_TEST_REQUIRE(received.size() == 7u);
  BOOST_TEST(json::parse(received[6]).at("method") == "browsingContext.getTree");
}

BOOST_AUTO_TEST_CASE(cancel_call_ends_the_call_it_names_waiting_or_running_and_no_other) {
  FakeBidiServer server;
  server.OnCommand("script.evaluate").Stall();
  TempDir dir;
  PluginLog log;
  std::unique_ptr<ToolInstance> instance = Attach(server, dir, log.Sink());
  int running_call = 0, waiting_call = 0;
  std::future<ToolResult> running = std::async(std::launch::async, [&] {
    return instance->Invoke(R"({"frames":[{"method":"script.evaluate"}]})", nullptr, &running_call);
  });
  BOOST_TEST_REQUIRE(server.WaitForCommands(6, milliseconds(30000)));
  std::future<ToolResult> waiting = std::async(
      std::launch::async, [&] { return instance->Invoke(kGetTree, nullptr, &waiting_call); });
  BOOST_TEST_REQUIRE(log.WaitFor("a call waits for its turn behind 1 other"));
  // The waiting call leaves at once, having sent nothing; the running one goes on.
  instance->CancelCall(&waiting_call);
  BOOST_TEST_REQUIRE((waiting.wait_for(seconds(30)) == std::future_status::ready));
  const ToolResult left = waiting.get();
  BOOST_TEST(left.status == AGENT_TOOL_STATUS_OK);
  BOOST_TEST(left.json == kCancelledGetTree);
  BOOST_TEST((running.wait_for(milliseconds(0)) == std::future_status::timeout));
  instance->CancelCall(&running_call);
  BOOST_TEST_REQUIRE((running.wait_for(seconds(30)) == std::future_status::ready));
  BOOST_TEST(
      running.get().json ==
      R"({"frames":[{"index":0,"method":"script.evaluate","error":{"error":"cancelled","message":"the call was cancelled while frame 0 (script.evaluate) waited for its reply"}}]})");
  BOOST_TEST(server.received().size() == 6u);
  // The instance goes on: the next call is not cancelled.
  BOOST_TEST(instance->Invoke(kGetTree).json == kGetTreeResult);
}

BOOST_AUTO_TEST_CASE(cancel_from_another_thread_ends_the_waiting_frame_and_skips_the_rest) {
  FakeBidiServer server;
  server.OnCommand("script.evaluate").Stall();
  TempDir dir;
  std::unique_ptr<ToolInstance> instance = Attach(server, dir);
  const std::string args =
      R"({"frames":[{"method":"browsingContext.getTree","label":"t"},)"
      R"({"method":"script.evaluate","params":{"expression":"1"},"label":"e"},)"
      R"({"method":"browsingContext.getTree"}]})";
  int attempt = 0;
  const long long fastest_ms = testing::FastestLatencyMs(100, [&] {
    const std::size_t sent_before = server.received().size();
    std::future<ToolResult> call =
        std::async(std::launch::async, [&] { return instance->Invoke(args); });
    // getTree + evaluate (+ session.new, the plugin's own session.subscribe, network data
    // collector, network.beforeRequestSent subscription and navigator.webdriver preload
    // script on the first attempt) have reached the server.
    BOOST_TEST_REQUIRE(
        server.WaitForCommands(sent_before + (attempt++ == 0 ? 7 : 2), milliseconds(30000)));
    const Clock::time_point start = Clock::now();
    instance->Cancel();
    BOOST_TEST_REQUIRE((call.wait_for(seconds(30)) == std::future_status::ready));
    const long long took = MillisSince(start);
    ToolResult result = call.get();
    BOOST_TEST(result.status == AGENT_TOOL_STATUS_OK);
    BOOST_TEST(
        result.json ==
        R"({"frames":[{"index":0,"method":"browsingContext.getTree","label":"t","result":{}},)"
        R"({"index":1,"method":"script.evaluate","label":"e","error":{"error":"cancelled","message":"the call was cancelled while frame 1 (script.evaluate) waited for its reply"}},)"
        R"({"index":2,"method":"browsingContext.getTree","skipped":true}]})");
    return took;
  });
  BOOST_TEST(fastest_ms < 100);
}

BOOST_AUTO_TEST_CASE(a_cancel_while_a_new_agent_is_made_reports_the_first_frame_cancelled) {
  FakeBidiServer server;
  server.OnCommand("browser.createUserContext")
      .DelayReply(milliseconds(3000))
      .Reply(R"({"type":"success","result":{"userContext":"u1"}})");
  TempDir dir;
  std::unique_ptr<ToolInstance> instance = Attach(server, dir);
  std::future<ToolResult> call = std::async(std::launch::async, [&] {
    return instance->Invoke(
        R"({"agent":"a","frames":[{"method":"browsingContext.getTree"},{"method":"session.status"}]})");
  });
  const auto making = [&] {
    for (const std::string& message : server.received()) {
      if (message.find("\"browser.createUserContext\"") != std::string::npos) return true;
    }
    return false;
  };
  const Clock::time_point waiting = Clock::now();
  while (!making() && Clock::now() - waiting < seconds(30)) {
    std::this_thread::sleep_for(milliseconds(5));
  }
  BOOST_TEST_REQUIRE(making());
  const Clock::time_point start = Clock::now();
  instance->Cancel();
  BOOST_TEST_REQUIRE((call.wait_for(seconds(30)) == std::future_status::ready));
  BOOST_TEST(MillisSince(start) < 1000);
  const ToolResult result = call.get();
  BOOST_TEST(result.status == AGENT_TOOL_STATUS_OK);
  BOOST_TEST(
      result.json ==
      R"({"frames":[{"index":0,"method":"browsingContext.getTree","error":{"error":"cancelled","message":"the call was cancelled before frame 0 (browsingContext.getTree) was sent"}},)"
      R"({"index":1,"method":"session.status","skipped":true}]})");
}

BOOST_AUTO_TEST_CASE(cancels_racing_with_calls_never_crash_hang_or_break_the_instance,
                     *boost::unit_test::timeout(300)) {
  FakeBidiServer server;
  TempDir dir;
  std::unique_ptr<ToolInstance> instance = Attach(server, dir);
  BOOST_TEST_REQUIRE(instance->Invoke(kGetTree).json == kGetTreeResult);  // session up
  std::atomic<int> cancels{0};
  // Cancels at every point of a call's life: before it starts, while its frame waits, while
  // the result is built, after it ended. jthread: stopped and joined even when a check fails.
  std::jthread canceller([&](std::stop_token stop) {
    while (!stop.stop_requested()) {
      instance->Cancel();
      cancels.fetch_add(1);
      std::this_thread::yield();
    }
  });
  const std::string cancelled_prefix =
      R"({"frames":[{"index":0,"method":"browsingContext.getTree","error":{"error":"cancelled")";
  int completed = 0;
  int cancelled = 0;
  int interrupted_reconnects = 0;
  for (int i = 0; i < 1000; ++i) {
    ToolResult result = instance->Invoke(kGetTree);
    if (result.status == AGENT_TOOL_STATUS_OK && result.json == kGetTreeResult) {
      ++completed;
    } else if (result.status == AGENT_TOOL_STATUS_OK) {
      BOOST_TEST_REQUIRE(result.json.rfind(cancelled_prefix, 0) == 0u, result.json);
      ++cancelled;
    } else {
      // A cancel that lands while a call reconnects stops the session.new.
      BOOST_TEST_REQUIRE(result.status == AGENT_TOOL_STATUS_FAILED, result.json);
      BOOST_TEST_REQUIRE(result.message.find("interrupted") != std::string::npos, result.json);
      ++interrupted_reconnects;
    }
  }
  canceller.request_stop();
  canceller.join();
  BOOST_TEST_MESSAGE(completed << " completed, " << cancelled << " cancelled, "
                               << interrupted_reconnects << " interrupted reconnects, "
                               << cancels.load() << " cancels");
  BOOST_TEST(completed + cancelled + interrupted_reconnects == 1000);
  BOOST_TEST(cancels.load() > 0);
  // Usable afterwards, without a stray cancel.
  ToolResult after = instance->Invoke(kGetTree);
  BOOST_TEST(after.status == AGENT_TOOL_STATUS_OK);
  BOOST_TEST(after.json == kGetTreeResult);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::testing
