// What a hostile model or a hostile local user tried, replayed against the policy and bounds
// of DESIGN.md section 10 without a real browser: amplification through interpolation, a hung
// WebDriver endpoint that must not hold a cancel, and a launched browser whose session someone
// else took before ours. (The attacks that need real Firefox are in e2e/policy_test.cc.)
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <cerrno>
#include <chrono>
#include <fstream>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/config.h"
#include "core/string_view_compat.h"
#include "net/browser_session.h"
#include "net/firefox_bidi_tool.h"
#include "support/child_process.h"
#include "support/fake_bidi_server.h"
#include "support/latency.h"
#include "support/silent_port.h"
#include "support/temp_dir.h"
#include "support/test_http_server.h"

namespace firefox_bidi {
namespace {

using std::chrono::milliseconds;
using testing::ChildProcess;
using testing::FakeBidiServer;
using testing::SilentPort;
using testing::TempDir;
using testing::TestHttpReply;
using testing::TestHttpRequest;
using testing::TestHttpServer;

const std::string kToolHost = std::string(FIREFOX_BIDI_BINARY_DIR) + "/bin/tool-host";
const std::string kPlugin = std::string(FIREFOX_BIDI_BINARY_DIR) + "/lib/libfirefox_bidi.so";

// Peak resident set of a running process, from /proc (VmHWM), in KiB; 0 when unknown.
long PeakRssKib(pid_t pid) {
  std::ifstream status(absl::StrCat("/proc/", pid, "/status"));
  std::string key;
  while (status >> key) {
    if (key == "VmHWM:") {
      long kib = 0;
      status >> kib;
      return kib;
    }
    status.ignore(1 << 16, '\n');
  }
  return 0;
}

BOOST_AUTO_TEST_SUITE(policy_attacks)

BOOST_AUTO_TEST_CASE(amplification_is_an_interpolation_error_with_bounded_memory) {
  FakeBidiServer server;
  server.OnCommand("script.evaluate").ReplyLarge(1 << 20);  // {"value":"xxx..."}: 1 MiB
  TempDir spool;
  // 4000 references to the 1 MiB value: 64 KB of arguments, 4 GiB if expanded.
  std::string refs;
  for (int i = 0; i < 4000; ++i) absl::StrAppend(&refs, i == 0 ? "" : ",", "\"<<big.value>>\"");
  const std::string args =
      absl::StrCat(R"({"frames":[{"method":"script.evaluate","label":"big","silent":true},)",
                   R"({"method":"script.callFunction","params":{"arguments":[)", refs, "]}}]}");
  BOOST_TEST(args.size() < 70000u);
  auto child = ChildProcess::Spawn(
      {kToolHost, "--plugin", kPlugin, "--config",
       absl::StrCat(R"({"connect":")", server.url(), R"(","spool_dir":")", spool.path(), "\"}"),
       "serve"});
  BOOST_REQUIRE(child->Write(args + "\n"));
  std::optional<std::string> line = child->ReadLine(milliseconds(60000));
  BOOST_REQUIRE_MESSAGE(line.has_value(), child->Stderr());
  const long peak_kib = PeakRssKib(child->pid());
  const boost::json::value result = boost::json::parse(*line);
  const boost::json::object& refused = result.at("frames").at(1).as_object();
  BOOST_TEST(refused.at("error").at("error").as_string() == "invalid interpolation");
  BOOST_TEST(std::string(refused.at("error").at("message").as_string()) ==
             "<<big.value>>: the frame's params would expand past 16777216 bytes of JSON; "
             "reference smaller parts (a path into the label), or fewer times; frame 1 was not "
             "sent");
  BOOST_TEST(peak_kib > 0);
  BOOST_TEST(peak_kib < 512 * 1024, "peak RSS " << peak_kib << " KiB");
  for (const std::string& message : server.received()) {
    BOOST_TEST(message.find("script.callFunction") == std::string::npos);
  }
  child->CloseStdin();
  BOOST_TEST(child->Wait(milliseconds(10000)) == 0);
}

// Runs `args` on a tool with `config` (spool in a private directory) and cancels the call 500 ms
// in, when its network wait is under way. Returns the outcome and how many ms after the cancel
// the call returned.
std::pair<ToolOutcome, long long> InvokeAndCancelAfter500Ms(InstanceConfig config,
                                                            std::string_view args) {
  TempDir spool;
  config.spool_dir = spool.path();
  FirefoxBidiTool tool(config, {});
  ToolOutcome outcome;
  std::chrono::steady_clock::time_point returned;
  std::thread call([&] {
    outcome = tool.Invoke(args, nullptr);
    returned = std::chrono::steady_clock::now();
  });
  std::this_thread::sleep_for(milliseconds(500));
  const auto cancelled = std::chrono::steady_clock::now();
  tool.Cancel();
  call.join();
  return {outcome, std::chrono::duration_cast<milliseconds>(returned - cancelled).count()};
}

constexpr std::string_view kTwoFrames =
    R"({"frames":[{"method":"browsingContext.getTree"},{"method":"script.evaluate"}]})";
// What a cancel before the first frame was sent reports.
constexpr std::string_view kCancelledBeforeFrame0 =
    R"({"frames":[{"index":0,"method":"browsingContext.getTree","error":{"error":)"
    R"("cancelled","message":"the call was cancelled before frame 0 )"
    R"((browsingContext.getTree) was sent"}},)"
    R"({"index":1,"method":"script.evaluate","skipped":true}]})";

// A tool pointed (by `point_at`) at a peer of `kind` that never answers: a cancel 500 ms in
// ends the call within 100 ms, as a cancel before the first frame is sent.
void ExpectHungPeerEndsWithin100MsOfACancel(SilentPort::Kind kind,
                                            void (*point_at)(InstanceConfig&, const SilentPort&)) {
  const long long waited = testing::FastestLatencyMs(100, [&] {
    SilentPort hung(kind);
    InstanceConfig config;
    point_at(config, hung);
    const auto [outcome, after_cancel] = InvokeAndCancelAfter500Ms(config, kTwoFrames);
    BOOST_TEST((outcome.status == ToolOutcome::Status::kOk));
    BOOST_TEST(outcome.json == kCancelledBeforeFrame0);
    return after_cancel;
  });
  BOOST_TEST(waited < 100, "returned " << waited << " ms after the cancel");
}

void WebDriverAt(InstanceConfig& config, const SilentPort& peer) {
  config.webdriver = peer.http_url();
}

// The WebSocket connect (connect mode here; launch and webdriver modes use the same one).
void ConnectTo(InstanceConfig& config, const SilentPort& peer) { config.connect = peer.ws_url(); }

BOOST_AUTO_TEST_CASE(a_hung_webdriver_post_ends_within_100_ms_of_a_cancel) {
  ExpectHungPeerEndsWithin100MsOfACancel(SilentPort::Kind::kAcceptsNeverAnswers, WebDriverAt);
}

BOOST_AUTO_TEST_CASE(a_websocket_connect_never_accepted_ends_within_100_ms_of_a_cancel) {
  ExpectHungPeerEndsWithin100MsOfACancel(SilentPort::Kind::kNeverAccepts, ConnectTo);
}

BOOST_AUTO_TEST_CASE(a_websocket_upgrade_never_answered_ends_within_100_ms_of_a_cancel) {
  ExpectHungPeerEndsWithin100MsOfACancel(SilentPort::Kind::kAcceptsNeverAnswers, ConnectTo);
}

// SIGTERM while tool-host waits for an endpoint that never answers the DELETE /session/<id>
// sent when the dropped session was released: the DELETE yields to the cancel, the call's
// result is written, and the instance's end sends the DELETE once more, for 2 s at most.
BOOST_AUTO_TEST_CASE(sigterm_during_a_hung_webdriver_delete_ends_tool_host_within_its_bound) {
  const long long fastest = testing::FastestLatencyMs(100, [] {
    FakeBidiServer bidi;
    bidi.OnCommand("script.evaluate").Drop();
    auto http = TestHttpServer::Start([&bidi](const TestHttpRequest& request) {
      if (request.method == "POST") {
        return TestHttpReply::Json(
            200, absl::StrCat(R"({"value":{"sessionId":"s-1","capabilities":{"webSocketUrl":")",
                              bidi.url(), R"(/s-1"}}})"));
      }
      if (request.method == "DELETE") return TestHttpReply::Stall();
      return TestHttpReply::Json(200, R"({"value":null})");
    });
    BOOST_REQUIRE(http.ok());
    TempDir spool;
    auto child = ChildProcess::Spawn(
        {kToolHost, "--plugin", kPlugin, "--config",
         absl::StrCat(R"({"webdriver":")", (*http)->url(), R"(","spool_dir":")", spool.path(),
                      "\"}"),
         "call", "--args",
         R"({"frames":[{"method":"script.evaluate"},{"method":"browsingContext.getTree"}]})"});
    const auto give_up = std::chrono::steady_clock::now() + milliseconds(30000);
    while ((*http)->request_lines().size() < 2 && std::chrono::steady_clock::now() < give_up) {
      std::this_thread::sleep_for(milliseconds(5));
    }
    BOOST_REQUIRE_MESSAGE((*http)->request_lines().size() == 2u, child->Stderr());
    std::this_thread::sleep_for(milliseconds(100));  // the DELETE is waiting for its answer
    const auto signalled = std::chrono::steady_clock::now();
    child->Signal(SIGTERM);
    const std::optional<std::string> line = child->ReadLine(milliseconds(10000));
    const long long result_after =
        std::chrono::duration_cast<milliseconds>(std::chrono::steady_clock::now() - signalled)
            .count();
    const int code = child->Wait(milliseconds(10000));
    const long long exit_after =
        std::chrono::duration_cast<milliseconds>(std::chrono::steady_clock::now() - signalled)
            .count();
    BOOST_REQUIRE_MESSAGE(line.has_value(), child->Stderr());
    const boost::json::value result = boost::json::parse(*line);
    BOOST_TEST(result.at("frames").at(0).at("error").at("error").as_string() ==
               "browser disconnected");
    BOOST_TEST(boost::json::serialize(result.at("frames").at(1)) ==
               R"({"index":1,"method":"browsingContext.getTree","skipped":true})");
    BOOST_TEST(code == 128 + SIGTERM);
    BOOST_TEST(exit_after >= 2000);
    BOOST_TEST(exit_after < 3000, "tool-host exited " << exit_after << " ms after SIGTERM");
    BOOST_TEST((*http)->request_lines() ==
                   (std::vector<std::string>{"POST /session", "DELETE /session/s-1",
                                             "DELETE /session/s-1"}),
               boost::test_tools::per_element());
    return result_after;
  });
  BOOST_TEST(fastest < 100, "the result came " << fastest << " ms after SIGTERM");
}

BOOST_AUTO_TEST_CASE(a_launched_browser_whose_session_was_taken_is_ended_and_replaced) {
  FakeBidiServer server;
  server.OnCommandNumber(1).Error("session not created", "Maximum number of active sessions");
  TempDir dir;
  const std::string pids = dir / "pids";
  const std::string script = dir / "fake-firefox";
  std::ofstream(script) << "#!/bin/sh\necho $$ >> " << pids
                        << "\necho 'WebDriver BiDi listening on ws://127.0.0.1:" << server.port()
                        << "' >&2\nexec sleep 60\n";
  ::chmod(script.c_str(), 0755);
  InstanceConfig config;
  config.firefox.binary = script;
  std::vector<std::string> logs;
  auto session =
      BrowserSession::Create(config, [&](int, std::string_view line) { logs.emplace_back(line); });
  const absl::Status ready = session->EnsureReady();
  BOOST_REQUIRE_MESSAGE(ready.ok(), ready.ToString());
  std::ifstream in(pids);
  std::vector<pid_t> launched;
  for (pid_t pid; in >> pid;) launched.push_back(pid);
  BOOST_REQUIRE_EQUAL(launched.size(), 2u);
  BOOST_TEST((::kill(launched[0], 0) == -1 && errno == ESRCH));  // the taken one is gone
  BOOST_REQUIRE(session->launched_browser().has_value());
  BOOST_TEST(session->launched_browser()->browser_pid == launched[1]);
  bool explained = false;
  for (const std::string& line : logs) {
    explained = explained || line.find(
                                 "the launched browser's BiDi session was taken by another "
                                 "client before ours") != std::string::npos;
  }
  BOOST_TEST(explained);
  session->Shutdown();
  BOOST_TEST((::kill(launched[1], 0) == -1 && errno == ESRCH));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
