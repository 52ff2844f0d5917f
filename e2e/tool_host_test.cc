// tool-host against real headless Firefox (offline): one call, a warm `serve` session whose
// labels carry over between calls, `mcp` starting the browser before any call, and SIGTERM
// ending the browser with the host.
#include <signal.h>

#include <boost/json/parse.hpp>
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <filesystem>
#include <regex>
#include <string>
#include <thread>

#include "support/child_process.h"
#include "support/temp_dir.h"

namespace firefox_bidi::testing {
namespace {

namespace json = boost::json;
using std::chrono::seconds;

const std::string kToolHost = std::string(FIREFOX_BIDI_BINARY_DIR) + "/bin/tool-host";

std::string OfflineConfig(const TempDir& dir) {
  return R"({"firefox":{"offline":true},"spool_dir":")" + dir.path() + R"(/spool"})";
}

// The pid of the Firefox the plugin launched, from its log line "Firefox <pid> listening".
pid_t FirefoxPid(const std::string& stderr_text) {
  std::smatch m;
  if (!std::regex_search(stderr_text, m, std::regex("Firefox ([0-9]+) listening"))) return -1;
  return static_cast<pid_t>(std::stol(m[1]));
}

bool ProcessGone(pid_t pid, std::chrono::seconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    if (::kill(pid, 0) != 0 && errno == ESRCH) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

const char kPage[] = "data:text/html,%3Ctitle%3ET%3C/title%3E%3Cp%20id=x%3Ehello%3C/p%3E";

BOOST_AUTO_TEST_SUITE(e2e_tool_host)

BOOST_AUTO_TEST_CASE(call_navigates_and_evaluates_with_interpolation) {
  TempDir dir;
  const std::string args = std::string(R"({"frames":[
      {"method":"browsingContext.getTree","params":{},"label":"tree","silent":true},
      {"method":"browsingContext.navigate","params":{"context":"<<tree.contexts[0].context>>",
       "url":")") + kPage + R"(","wait":"complete"},"pick":"url"},
      {"method":"script.evaluate","params":{"expression":
       "document.title + ':' + document.getElementById('x').textContent + ':' + '<<tree.contexts[0].context>>'.length",
       "target":{"context":"<<tree.contexts[0].context>>"},"awaitPromise":false},
       "label":"text","pick":"result.value"}]})";
  ProcessResult r = RunProcess({kToolHost, "--config", OfflineConfig(dir), "call", "--args", args},
                               {}, std::chrono::seconds(180));
  BOOST_TEST_REQUIRE(r.exit_code == 0, r.err);
  BOOST_TEST(r.out ==
             std::string(R"({"frames":[)"
                         R"({"index":0,"method":"browsingContext.getTree","label":"tree"},)"
                         R"({"index":1,"method":"browsingContext.navigate","result":")") +
                 kPage +
                 R"("},)"
                 R"({"index":2,"method":"script.evaluate","label":"text","result":"T:hello:36"}]})"
                 "\n");
  pid_t firefox = FirefoxPid(r.err);
  BOOST_TEST_REQUIRE(firefox > 0, r.err);
  BOOST_TEST(ProcessGone(firefox, seconds(10)));
}

BOOST_AUTO_TEST_CASE(serve_keeps_the_browser_warm_and_labels_carry_over) {
  TempDir dir;
  auto child = ChildProcess::Spawn({kToolHost, "--config", OfflineConfig(dir), "serve"});
  child->Write(
      R"({"frames":[{"method":"script.evaluate","params":{"expression":"6*7","target":{"context":"<<t.contexts[0].context>>"},"awaitPromise":false},"pick":"result.value"}]})"
      "\n");
  // An unknown label is that frame's error; the browser still started.
  json::value first = json::parse(child->ReadLine(seconds(180)).value_or("null"));
  BOOST_TEST(first.at("frames").at(0).at("error").at("error") == "invalid interpolation");
  child->Write(R"({"frames":[{"method":"browsingContext.getTree","label":"t","silent":true}]})"
               "\n");
  BOOST_TEST(child->ReadLine(seconds(60)).value_or("") ==
             R"({"frames":[{"index":0,"method":"browsingContext.getTree","label":"t"}]})");
  // `t` from the previous call resolves in this one.
  child->Write(
      R"({"frames":[{"method":"script.evaluate","params":{"expression":"6*7","target":{"context":"<<t.contexts[0].context>>"},"awaitPromise":false},"pick":"result.value"}]})"
      "\n");
  BOOST_TEST(child->ReadLine(seconds(60)).value_or("") ==
             R"({"frames":[{"index":0,"method":"script.evaluate","result":42}]})");
  child->CloseStdin();
  BOOST_TEST(child->Wait(seconds(60)) == 0);
  pid_t firefox = FirefoxPid(child->Stderr());
  BOOST_TEST_REQUIRE(firefox > 0, child->Stderr());
  BOOST_TEST(ProcessGone(firefox, seconds(10)));
}

BOOST_AUTO_TEST_CASE(mcp_starts_the_browser_before_the_first_call) {
  TempDir dir;
  auto child = ChildProcess::Spawn({kToolHost, "--config", OfflineConfig(dir), "mcp"});
  // No request at all: the long-lived host hint alone makes the plugin prelaunch Firefox.
  auto deadline = std::chrono::steady_clock::now() + seconds(180);
  while (FirefoxPid(child->Stderr()) <= 0 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  pid_t firefox = FirefoxPid(child->Stderr());
  BOOST_TEST_REQUIRE(firefox > 0, child->Stderr());
  BOOST_TEST(child->Stderr().find("prelaunch: starting Firefox in the background") !=
             std::string::npos);
  child->CloseStdin();
  BOOST_TEST(child->Wait(seconds(60)) == 0);
  BOOST_TEST(ProcessGone(firefox, seconds(10)));
}

BOOST_AUTO_TEST_CASE(sigterm_ends_the_browser_with_the_host) {
  TempDir dir;
  auto child = ChildProcess::Spawn({kToolHost, "--config", OfflineConfig(dir), "serve"});
  child->Write(R"({"frames":[{"method":"browsingContext.getTree","silent":true}]})"
               "\n");
  BOOST_TEST_REQUIRE(child->ReadLine(seconds(180)).has_value());
  pid_t firefox = FirefoxPid(child->Stderr());
  BOOST_TEST_REQUIRE(firefox > 0, child->Stderr());
  child->Signal(SIGTERM);
  BOOST_TEST(child->Wait(seconds(60)) == 143);
  BOOST_TEST(ProcessGone(firefox, seconds(10)));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::testing
