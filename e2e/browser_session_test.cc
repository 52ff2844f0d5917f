// BrowserSession and the launcher against real headless firefox-esr: launch, death and
// recovery, clean shutdown, start-up failures, connect and webdriver modes, and the guarantee
// that the browser dies with its host.
#include "net/browser_session.h"

#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/frame_hints.h"
#include "core/string_view_compat.h"
#include "net/bidi_connection.h"
#include "net/firefox_launcher.h"
#include "support/stand_in_webdriver.h"
#include "support/temp_dir.h"

namespace firefox_bidi {
namespace {

namespace fs = std::filesystem;
using std::chrono::milliseconds;
using testing::TempDir;

constexpr milliseconds kCallTimeout{30000};

InstanceConfig TestConfig() {
  InstanceConfig config;
  config.firefox.offline = true;
  config.firefox.start_timeout = milliseconds(60000);  // 2 shared cores
  return config;
}

void NoEvents(boost::json::value) {}

std::string Message(const absl::Status& status) { return std::string(ToStd(status.message())); }

bool GroupExists(pid_t group) { return ::kill(-group, 0) == 0 || errno != ESRCH; }

// Correctness bound only: a killed group normally vanishes within ~100 ms.
bool WaitGroupGone(pid_t group, milliseconds limit = milliseconds(10000)) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (GroupExists(group)) {
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(milliseconds(20));
  }
  return true;
}

// Profile directories of this process under $TMPDIR.
int OurProfileDirs() {
  int count = 0;
  const std::string prefix = absl::StrCat(ToAbsl(kProfilePrefix), ::getpid(), "-");
  std::error_code ec;
  for (fs::directory_iterator it(ProfileBaseDir(), ec), end; !ec && it != end; it.increment(ec)) {
    if (it->path().filename().string().rfind(prefix, 0) == 0) ++count;
  }
  return count;
}

// The one top-level browsing context, via browsingContext.getTree.
std::string OnlyContext(BidiTransport& transport) {
  absl::StatusOr<BidiReply> reply =
      transport.Call("browsingContext.getTree", {}, kCallTimeout, NoEvents);
  BOOST_REQUIRE_MESSAGE(reply.ok(), Message(reply.status()));
  BOOST_REQUIRE_MESSAGE(reply->ok, reply->message);
  // Firefox sends canonical JSON, so its result arrives as text (docs/development.md).
  BOOST_TEST(reply->result.has_text());
  const boost::json::array& contexts = reply->result.value().at("contexts").as_array();
  BOOST_REQUIRE_EQUAL(contexts.size(), 1u);
  return std::string(contexts[0].at("context").as_string());
}

// A stand-in "firefox": a shell script (our launcher runs it with execve, no shell of ours).
std::string WriteScript(const TempDir& dir, const std::string& body) {
  const std::string path = dir.path() + "/fake-firefox";
  std::ofstream(path) << "#!/bin/sh\n" << body;
  ::chmod(path.c_str(), 0755);
  return path;
}

// The fake browser wrote its pid to `pid_file`; true when that process no longer exists.
bool ScriptIsGone(const std::string& pid_file) {
  std::ifstream in(pid_file);
  pid_t pid = 0;
  BOOST_REQUIRE(in >> pid);
  return ::kill(pid, 0) == -1 && errno == ESRCH;
}

// One process as /proc shows it.
struct Proc {
  pid_t pid = 0;
  pid_t ppid = 0;
  pid_t pgid = 0;
  char state = '?';
  std::string name;
  std::string cmdline;  // arguments joined by spaces
};

std::vector<Proc> Processes() {
  std::vector<Proc> procs;
  std::error_code ec;
  for (fs::directory_iterator it("/proc", ec), end; !ec && it != end; it.increment(ec)) {
    Proc p;
    if (!absl::SimpleAtoi(it->path().filename().string(), &p.pid)) continue;
    std::ifstream status(it->path() / "status");
    std::string key;
    while (status >> key) {
      if (key == "Name:") {
        std::getline(status >> std::ws, p.name);  // "Web Content": spaces included
        continue;
      }
      if (key == "State:") status >> p.state;
      if (key == "PPid:") status >> p.ppid;
      status.ignore(1 << 16, '\n');
    }
    if (p.ppid == 0 && p.state == '?') continue;  // gone meanwhile
    p.pgid = ::getpgid(p.pid);
    std::ifstream cmdline(it->path() / "cmdline");
    std::getline(cmdline, p.cmdline, '\0');
    for (std::string arg; std::getline(cmdline, arg, '\0');) p.cmdline += " " + arg;
    procs.push_back(std::move(p));
  }
  return procs;
}

// The processes whose parent chain leads to `ancestor`.
std::vector<Proc> DescendantsOf(pid_t ancestor) {
  std::vector<Proc> procs = Processes();
  std::map<pid_t, pid_t> parent;
  for (const Proc& p : procs) parent[p.pid] = p.ppid;
  std::vector<Proc> below;
  for (const Proc& p : procs) {
    pid_t up = p.ppid;
    for (int hops = 0; up > 1 && hops < 64; ++hops) {
      if (up == ancestor) {
        below.push_back(p);
        break;
      }
      auto it = parent.find(up);
      if (it == parent.end()) break;
      up = it->second;
    }
  }
  return below;
}

BOOST_AUTO_TEST_SUITE(browser_session)

BOOST_AUTO_TEST_CASE(prelaunched_browser_survives_its_thread_dies_with_kill_and_is_replaced) {
  InstanceConfig config = TestConfig();
  config.prelaunch = true;
  std::vector<std::string> logs;
  auto session = BrowserSession::Create(
      config, [&logs](int, std::string_view line) { logs.emplace_back(line); });
  // The launching thread has exited by the time EnsureReady returns: the browser must not
  // have died with it.
  session->StartPrelaunch();
  BOOST_REQUIRE_MESSAGE(session->EnsureReady().ok(), "prelaunch failed");
  const auto first = session->launched_browser();
  BOOST_REQUIRE(first.has_value());
  BOOST_TEST(first->bidi_url.rfind("ws://127.0.0.1:", 0) == 0u);
  struct stat st;
  BOOST_REQUIRE(::stat(first->profile_dir.c_str(), &st) == 0);
  BOOST_TEST((st.st_mode & 0777) == 0700u);
  BOOST_REQUIRE(::stat((first->profile_dir + "/user.js").c_str(), &st) == 0);
  BOOST_TEST((st.st_mode & 0777) == 0600u);
  const std::string context = OnlyContext(*session);

  // kill -9 Firefox while a command waits for its reply.
  std::thread killer([pid = first->browser_pid] {
    std::this_thread::sleep_for(milliseconds(500));
    ::kill(pid, SIGKILL);
  });
  boost::json::object params{{"expression", "new Promise(r => setTimeout(r, 60000))"},
                             {"target", {{"context", context}}},
                             {"awaitPromise", true}};
  absl::StatusOr<BidiReply> reply =
      session->Call("script.evaluate", params, kCallTimeout, NoEvents);
  killer.join();
  BOOST_TEST(reply.status().code() == absl::StatusCode::kUnavailable);
  BOOST_TEST(
      Message(reply.status()).rfind("browser disconnected: Firefox exited with signal 9", 0) == 0u,
      Message(reply.status()));
  BOOST_TEST(Message(reply.status()).find("the next call starts a fresh browser") !=
             std::string::npos);
  BOOST_TEST(WaitGroupGone(first->process_group));

  // The next EnsureReady starts a fresh browser and removes the dead one's profile.
  BOOST_REQUIRE(session->EnsureReady().ok());
  const auto second = session->launched_browser();
  BOOST_REQUIRE(second.has_value());
  BOOST_TEST(second->browser_pid != first->browser_pid);
  BOOST_TEST(!fs::exists(first->profile_dir));
  OnlyContext(*session);

  // A browser that dies between calls is noticed by EnsureReady and replaced.
  ::kill(second->browser_pid, SIGKILL);
  // Firefox is gone once the watchdog reaped it (the watchdog waits for us, unreaped).
  const auto deadline = std::chrono::steady_clock::now() + milliseconds(10000);
  while (::kill(second->browser_pid, 0) == 0 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(milliseconds(20));
  }
  BOOST_REQUIRE(session->EnsureReady().ok());
  const auto third = session->launched_browser();
  BOOST_REQUIRE(third.has_value());
  BOOST_TEST(third->browser_pid != second->browser_pid);
  BOOST_TEST(!fs::exists(second->profile_dir));
  BOOST_TEST(!GroupExists(second->process_group));
  OnlyContext(*session);

  session->Shutdown();
  BOOST_TEST(!session->launched_browser().has_value());
  BOOST_TEST(!GroupExists(third->process_group));
  BOOST_TEST(!fs::exists(third->profile_dir));
  BOOST_TEST(OurProfileDirs() == 0);
}

BOOST_AUTO_TEST_CASE(interrupt_stops_a_launch_that_is_still_waiting) {
  TempDir dir;
  const std::string pid_file = dir.path() + "/pid";
  InstanceConfig config = TestConfig();
  config.firefox.binary = WriteScript(dir, "echo $$ > " + pid_file + "\nexec sleep 60\n");
  auto session = BrowserSession::Create(config, nullptr);
  std::thread canceller([&session] {
    std::this_thread::sleep_for(milliseconds(300));
    session->Interrupt();
  });
  const absl::Status status = session->EnsureReady();
  canceller.join();
  BOOST_TEST(status.code() == absl::StatusCode::kCancelled);
  BOOST_TEST(Message(status) == "interrupted while Firefox was starting");
  BOOST_TEST(ScriptIsGone(pid_file));
  BOOST_TEST(OurProfileDirs() == 0);
  // Calls stay cancelled until the next invocation clears the interrupt.
  absl::StatusOr<BidiReply> reply =
      session->Call("browsingContext.getTree", {}, kCallTimeout, NoEvents);
  BOOST_TEST(reply.status().code() == absl::StatusCode::kCancelled);
}

BOOST_AUTO_TEST_CASE(launcher_terminate_reaps_the_group_and_removes_the_profile) {
  FirefoxConfig firefox = TestConfig().firefox;
  firefox.prefs["browser.download.dir"] = "/tmp/it's \"quoted\"";
  absl::StatusOr<std::unique_ptr<FirefoxProcess>> process = FirefoxProcess::Launch(firefox);
  BOOST_REQUIRE_MESSAGE(process.ok(), Message(process.status()));
  FirefoxProcess& ff = **process;
  BOOST_TEST(ff.process_group() != ff.browser_pid());
  BOOST_TEST(::getpgid(ff.browser_pid()) == ff.process_group());
  BOOST_TEST(!ff.ExitDescription().has_value());
  std::ifstream user_js(ff.profile_dir() + "/user.js");
  std::stringstream text;
  text << user_js.rdbuf();
  BOOST_TEST(
      text.str().find("user_pref(\"browser.download.dir\", \"/tmp/it's \\\"quoted\\\"\");\n") !=
      std::string::npos);
  BOOST_TEST(ff.StderrTail().find("WebDriver BiDi listening on " + ff.bidi_url()) !=
             std::string::npos);

  const std::string profile = ff.profile_dir();
  const pid_t group = ff.process_group();
  ff.Terminate();
  BOOST_TEST(!GroupExists(group));
  BOOST_TEST(!fs::exists(profile));
  BOOST_TEST(ff.ExitDescription().has_value());
  ff.Terminate();  // idempotent
}

BOOST_AUTO_TEST_CASE(silent_browser_hits_start_timeout_with_stderr_tail_and_leaves_nothing) {
  TempDir dir;
  const std::string pid_file = dir.path() + "/pid";
  InstanceConfig config = TestConfig();
  config.firefox.binary = WriteScript(
      dir, "echo \"fake firefox: args $*\" >&2\necho $$ > " + pid_file + "\nexec sleep 60\n");
  config.firefox.start_timeout = milliseconds(1500);
  auto session = BrowserSession::Create(config, nullptr);
  const absl::Status status = session->EnsureReady();
  BOOST_TEST(status.code() == absl::StatusCode::kUnavailable);
  BOOST_TEST(
      Message(status).rfind(
          "Firefox did not report its WebDriver BiDi endpoint within 1500 ms "
          "(firefox.start_timeout_ms); Firefox stderr (tail):\nfake firefox: args --headless "
          "--no-remote --profile ",
          0) == 0u,
      Message(status));
  BOOST_TEST(Message(status).find(" --remote-debugging-port 0 about:blank\n") != std::string::npos);
  BOOST_TEST(ScriptIsGone(pid_file));
  BOOST_TEST(OurProfileDirs() == 0);
}

BOOST_AUTO_TEST_CASE(shutdown_cancels_a_prelaunch_that_is_still_starting) {
  TempDir dir;
  const std::string pid_file = dir.path() + "/pid";
  InstanceConfig config = TestConfig();
  config.prelaunch = true;
  config.firefox.binary = WriteScript(dir, "echo $$ > " + pid_file + "\nexec sleep 60\n");
  auto session = BrowserSession::Create(config, nullptr);
  const auto start = std::chrono::steady_clock::now();
  session->StartPrelaunch();
  // Let the launch reach its wait for the endpoint.
  for (int i = 0; i < 500 && !fs::exists(pid_file); ++i) {
    std::this_thread::sleep_for(milliseconds(10));
  }
  session->Shutdown();
  // Far below the 60 s start timeout: the start was cancelled, not waited out.
  BOOST_TEST((std::chrono::steady_clock::now() - start < std::chrono::seconds(30)));
  BOOST_TEST(ScriptIsGone(pid_file));
  BOOST_TEST(OurProfileDirs() == 0);
}

BOOST_AUTO_TEST_CASE(browser_exiting_at_start_reports_code_and_stderr) {
  TempDir dir;
  InstanceConfig config = TestConfig();
  config.firefox.binary = WriteScript(dir,
                                      "echo 'Error: no DISPLAY environment variable' >&2\n"
                                      "exit 3\n");
  auto session = BrowserSession::Create(config, nullptr);
  const absl::Status status = session->EnsureReady();
  BOOST_TEST(status.code() == absl::StatusCode::kUnavailable);
  BOOST_TEST(Message(status) ==
             "Firefox exited with code 3 before reporting its WebDriver BiDi endpoint; Firefox "
             "stderr (tail):\nError: no DISPLAY environment variable\n");
  BOOST_TEST(OurProfileDirs() == 0);
}

BOOST_AUTO_TEST_CASE(exit_status_is_reported_when_the_host_ignores_sigchld) {
  // With SIGCHLD ignored the kernel reaps the watchdog itself; its report still arrives.
  TempDir dir;
  InstanceConfig config = TestConfig();
  config.firefox.binary = WriteScript(dir, "exit 5\n");
  struct sigaction ignore = {}, saved = {};
  ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGCHLD, &ignore, &saved);
  auto session = BrowserSession::Create(config, nullptr);
  const absl::Status status = session->EnsureReady();
  ::sigaction(SIGCHLD, &saved, nullptr);
  BOOST_TEST(Message(status) ==
             "Firefox exited with code 5 before reporting its WebDriver BiDi endpoint (Firefox "
             "wrote nothing to stderr)");
  BOOST_TEST(OurProfileDirs() == 0);
}

BOOST_AUTO_TEST_CASE(long_stderr_is_quoted_as_its_last_whole_lines_up_to_2_kb) {
  // 16-byte lines: the last 2048 bytes are exactly the last 128 lines. 17-byte lines: the cut
  // falls inside a line, which is dropped, leaving 120 whole lines.
  for (const auto& [digits, first] : {std::pair{3, 172}, std::pair{4, 180}}) {
    TempDir dir;
    InstanceConfig config = TestConfig();
    config.firefox.binary = WriteScript(
        dir, absl::StrFormat("i=0; while [ $i -lt 300 ]; do printf 'stderr line %%0%dd\\n' $i >&2; "
                             "i=$((i+1)); done\nexit 4\n",
                             digits));
    auto session = BrowserSession::Create(config, nullptr);
    const std::string message = Message(session->EnsureReady());
    const std::string head =
        "Firefox exited with code 4 before reporting its WebDriver BiDi endpoint; Firefox stderr "
        "(tail):\n";
    BOOST_REQUIRE(message.rfind(head, 0) == 0u);
    std::string expected;
    for (int i = first; i < 300; ++i) {
      expected += absl::StrFormat("stderr line %0*d\n", digits, i);
    }
    BOOST_TEST(message.substr(head.size()) == expected);
  }
}

BOOST_AUTO_TEST_CASE(missing_binary_is_not_found) {
  InstanceConfig config = TestConfig();
  config.firefox.binary = "/nonexistent/firefox";
  auto session = BrowserSession::Create(config, nullptr);
  const absl::Status status = session->EnsureReady();
  BOOST_TEST(status.code() == absl::StatusCode::kNotFound);
  BOOST_TEST(Message(status) ==
             "firefox.binary \"/nonexistent/firefox\" is not an executable file");
  BOOST_TEST(OurProfileDirs() == 0);
}

// The frame loop decides whether a script threw from a result's first bytes (frame_hints.h):
// Firefox's member order must keep a large result from being parsed just for that.
BOOST_AUTO_TEST_CASE(firefox_evaluate_results_are_judged_from_their_first_bytes) {
  auto session = BrowserSession::Create(TestConfig(), nullptr);
  BOOST_REQUIRE(session->EnsureReady().ok());
  const std::string context = OnlyContext(*session);
  auto evaluate = [&](std::string_view expression) {
    boost::json::object params{
        {"expression", expression}, {"target", {{"context", context}}}, {"awaitPromise", false}};
    absl::StatusOr<BidiReply> reply =
        session->Call("script.evaluate", params, kCallTimeout, NoEvents);
    BOOST_REQUIRE_MESSAGE(reply.ok(), Message(reply.status()));
    BOOST_REQUIRE_MESSAGE(reply->ok, reply->message);
    const std::string* text = reply->result.text_as_held();
    BOOST_REQUIRE(text != nullptr);
    BOOST_TEST_MESSAGE(text->substr(0, 80));
    return QuickScriptVerdict(*text);
  };
  BOOST_TEST((evaluate("'x'.repeat(300000)") == ScriptVerdict::kSuccess));
  BOOST_TEST((evaluate("({a: [1, 2], b: 'c'})") == ScriptVerdict::kSuccess));
  BOOST_TEST((evaluate("null.x") == ScriptVerdict::kException));
  session->Shutdown();
}

BOOST_AUTO_TEST_CASE(connect_mode_ends_its_session_and_explains_a_taken_browser) {
  absl::StatusOr<std::unique_ptr<FirefoxProcess>> firefox =
      FirefoxProcess::Launch(TestConfig().firefox);
  BOOST_REQUIRE_MESSAGE(firefox.ok(), Message(firefox.status()));
  InstanceConfig config = TestConfig();
  config.connect = (*firefox)->bidi_url() + "/session";

  // Twice: the first session's session.end lets the second one in.
  for (int round = 0; round < 2; ++round) {
    auto session = BrowserSession::Create(config, nullptr);
    const absl::Status ready = session->EnsureReady();
    BOOST_REQUIRE_MESSAGE(ready.ok(), Message(ready));
    BOOST_TEST(!session->launched_browser().has_value());
    OnlyContext(*session);
  }

  // A client that closes its socket without session.end leaves the browser taken.
  {
    absl::StatusOr<std::unique_ptr<BidiConnection>> raw =
        BidiConnection::Connect(config.connect, ConnectionOptions{});
    BOOST_REQUIRE(raw.ok());
    absl::StatusOr<BidiReply> created = (*raw)->Call(
        "session.new", {{"capabilities", boost::json::object{}}}, kCallTimeout, NoEvents);
    BOOST_REQUIRE(created.ok());
    BOOST_REQUIRE(created->ok);
    (*raw)->Close(milliseconds(1000));
  }
  auto session = BrowserSession::Create(config, nullptr);
  const absl::Status status = session->EnsureReady();
  BOOST_TEST(status.code() == absl::StatusCode::kFailedPrecondition);
  BOOST_TEST(Message(status).find(
                 "): this Firefox already has a BiDi session (Firefox allows one, and it survives "
                 "its socket); end it or restart that Firefox, or let the tool launch its own "
                 "browser") != std::string::npos,
             Message(status));
  BOOST_TEST(Message(status).find("Maximum number of active sessions") != std::string::npos);
  // Our launcher's browser is still there and ours to end.
  BOOST_TEST(!(*firefox)->ExitDescription().has_value());
}

BOOST_AUTO_TEST_CASE(webdriver_mode_uses_the_returned_websocket_and_deletes_the_session) {
  absl::StatusOr<std::unique_ptr<testing::StandInWebDriver>> driver =
      testing::StandInWebDriver::Start(TestConfig().firefox);
  BOOST_REQUIRE(driver.ok());
  InstanceConfig config = TestConfig();
  config.webdriver = (*driver)->url();
  auto session = BrowserSession::Create(config, nullptr);
  const absl::Status ready = session->EnsureReady();
  BOOST_REQUIRE_MESSAGE(ready.ok(), Message(ready));
  BOOST_TEST((*driver)->live_sessions() == 1u);
  OnlyContext(*session);
  session->Shutdown();

  const std::vector<std::string> lines = (*driver)->request_lines();
  BOOST_REQUIRE_EQUAL(lines.size(), 2u);
  BOOST_TEST(lines[0] == "POST /session");
  BOOST_TEST(lines[1].rfind("DELETE /session/", 0) == 0u);
  BOOST_TEST(lines[1].size() == std::string("DELETE /session/").size() + 36);  // a UUID
  BOOST_TEST((*driver)->live_sessions() == 0u);
  const std::vector<pid_t> groups = (*driver)->launched_groups();
  BOOST_REQUIRE_EQUAL(groups.size(), 1u);
  BOOST_TEST(!GroupExists(groups[0]));
}

BOOST_AUTO_TEST_CASE(browser_dies_when_its_host_is_killed) {
  int pipe_fds[2];
  BOOST_REQUIRE(::pipe(pipe_fds) == 0);
  const pid_t host = ::fork();
  BOOST_REQUIRE(host >= 0);
  if (host == 0) {
    // The "host": launches a browser, reports its group, then waits to be killed.
    ::close(pipe_fds[0]);
    auto session = BrowserSession::Create(TestConfig(), nullptr);
    std::int32_t group = -1;
    if (session->EnsureReady().ok()) group = session->launched_browser()->process_group;
    (void)!::write(pipe_fds[1], &group, sizeof group);
    for (;;) ::pause();
  }
  ::close(pipe_fds[1]);
  std::int32_t group = -1;
  const ssize_t n = ::read(pipe_fds[0], &group, sizeof group);
  ::close(pipe_fds[0]);
  ::kill(host, SIGKILL);
  int status = 0;
  ::waitpid(host, &status, 0);
  BOOST_REQUIRE_EQUAL(n, static_cast<ssize_t>(sizeof group));
  BOOST_REQUIRE_GT(group, 0);
  BOOST_TEST(WaitGroupGone(group));
  // The dead host's profile is removed by the next launch's stale-profile sweep.
  const std::string stale_prefix = absl::StrCat(ToAbsl(kProfilePrefix), host, "-");
  RemoveStaleProfiles(ProfileBaseDir());
  std::error_code ec;
  for (fs::directory_iterator it(ProfileBaseDir(), ec), end; !ec && it != end; it.increment(ec)) {
    BOOST_TEST(it->path().filename().string().rfind(stale_prefix, 0) != 0u);
  }
}

BOOST_AUTO_TEST_CASE(shutdown_leaves_no_descendant_no_profile_process_and_no_zombie) {
  auto session = BrowserSession::Create(TestConfig(), nullptr);
  BOOST_REQUIRE(session->EnsureReady().ok());
  const BrowserSession::LaunchedBrowser browser = *session->launched_browser();
  OnlyContext(*session);
  const pid_t watchdog = browser.process_group;
  const std::vector<Proc> below = DescendantsOf(watchdog);
  bool has_browser = false;
  for (const Proc& p : below) {
    has_browser |= p.pid == browser.browser_pid;
    BOOST_TEST_MESSAGE("below the watchdog: " << p.pid << " ppid " << p.ppid << " pgid " << p.pgid
                                              << " " << p.name
                                              << (p.pgid != watchdog ? " (left the group)" : ""));
  }
  BOOST_TEST(has_browser);
  // Every process of this browser (named by its profile), in the group or not, is below W:
  // W is a subreaper, so even helpers that double-fork and call setsid stay in reach.
  for (const Proc& p : Processes()) {
    if (p.cmdline.find(browser.profile_dir) == std::string::npos) continue;
    bool found = false;
    for (const Proc& q : below) found |= q.pid == p.pid;
    BOOST_TEST(found, p.pid << " " << p.cmdline);
  }

  session->Shutdown();
  // Not even a zombie of them is left (a zombie still answers signal 0).
  for (const Proc& p : below) {
    BOOST_TEST((::kill(p.pid, 0) == -1 && errno == ESRCH), p.pid << " " << p.name << " remains");
  }
  BOOST_TEST((::kill(watchdog, 0) == -1 && errno == ESRCH));
  for (const Proc& p : Processes()) {
    BOOST_TEST(p.cmdline.find(browser.profile_dir) == std::string::npos, p.pid << " " << p.cmdline);
    BOOST_TEST(!(p.ppid == ::getpid() && p.state == 'Z'),
               "zombie child " << p.pid << " " << p.name);
  }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
