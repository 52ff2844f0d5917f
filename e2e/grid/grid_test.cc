// The `webdriver` mode through a real Selenium Grid 4 (hub + node on loopback, started by
// e2e/grid/run.sh with scripts/grid.sh; the node starts build/bin/fake-geckodriver per session):
// batches through the Grid's BiDi proxy, several instances at once, the queue, a host killed,
// a node killed mid-batch. run.sh sets FIREFOX_BIDI_GRID_URL, GRID_DIR and the GRID_* settings
// (max 3 sessions, session timeout 50 s, request timeout 25 s: both above the time three browsers
// take to start at once on the test machine, see docs/scale-out.md) and stops the Grid afterwards.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "agent_tool/loader.h"
#include "core/string_view_compat.h"
#include "net/browser_session.h"
#include "net/webdriver_client.h"
#include "support/temp_dir.h"

namespace firefox_bidi {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;
using std::chrono::milliseconds;
using std::chrono::seconds;
using Clock = std::chrono::steady_clock;

const std::string kPlugin = std::string(FIREFOX_BIDI_BINARY_DIR) + "/lib/libfirefox_bidi.so";
constexpr milliseconds kCallTimeout{60000};

std::string Env(const char* name) {
  const char* value = std::getenv(name);
  BOOST_TEST_REQUIRE(value != nullptr, name << " is not set: run this suite through "
                                               "e2e/grid/run.sh (ctest -L grid)");
  return value;
}

const std::string& GridUrl() {
  static const std::string url = Env("FIREFOX_BIDI_GRID_URL");
  return url;
}

std::uint16_t GridPort() {
  absl::StatusOr<HttpUrl> url = ParseHttpUrl(GridUrl());
  BOOST_TEST_REQUIRE(url.ok());
  return url->port;
}

int EnvSeconds(const char* name) {
  int value = 0;
  BOOST_TEST_REQUIRE(absl::SimpleAtoi(Env(name), &value));
  return value;
}

std::string Message(const absl::Status& status) { return std::string(ToStd(status.message())); }

bool ProcessAlive(pid_t pid) { return ::kill(pid, 0) == 0 || errno != ESRCH; }

bool WaitProcessGone(pid_t pid, milliseconds limit) {
  const auto deadline = Clock::now() + limit;
  while (ProcessAlive(pid)) {
    if (Clock::now() >= deadline) return false;
    std::this_thread::sleep_for(milliseconds(100));
  }
  return true;
}

// One Grid session as /status lists it.
struct GridSession {
  std::string id;
  pid_t firefox_pid = -1;  // capabilities["moz:processID"]
};

// The sessions the Grid's /status lists, by id.
std::map<std::string, GridSession> GridSessions() {
  absl::StatusOr<HttpUrl> url = ParseHttpUrl(GridUrl());
  BOOST_TEST_REQUIRE(url.ok());
  absl::StatusOr<HttpResponse> response = HttpRequest("GET", *url, "/status", "", kCallTimeout);
  BOOST_TEST_REQUIRE(response.ok(), Message(response.status()));
  BOOST_TEST_REQUIRE(response->status == 200u, response->body);
  std::map<std::string, GridSession> out;
  const json::value doc = json::parse(response->body);
  for (const json::value& node : doc.at("value").at("nodes").as_array()) {
    for (const json::value& slot : node.at("slots").as_array()) {
      const json::value& session = slot.at("session");
      if (session.is_null()) continue;
      GridSession s;
      s.id = std::string(session.at("sessionId").as_string());
      if (const auto* pid = session.at("capabilities").as_object().if_contains("moz:processID")) {
        s.firefox_pid = static_cast<pid_t>(pid->to_number<std::int64_t>());
      }
      out[s.id] = s;
    }
  }
  return out;
}

// Polls /status until it lists no session; false after `limit`.
bool WaitNoGridSession(milliseconds limit) {
  const auto deadline = Clock::now() + limit;
  while (!GridSessions().empty()) {
    if (Clock::now() >= deadline) return false;
    std::this_thread::sleep_for(milliseconds(250));
  }
  return true;
}

// Remote ports of this process's established TCP connections (one entry per socket), from
// /proc/self/fd and /proc/net/tcp{,6}.
std::multiset<int> PeerPortsOfThisProcess() {
  std::set<std::string> inodes;
  for (const auto& entry : fs::directory_iterator("/proc/self/fd")) {
    std::error_code ec;
    const fs::path target = fs::read_symlink(entry.path(), ec);
    const std::string text = target.string();
    if (!ec && text.rfind("socket:[", 0) == 0) inodes.insert(text.substr(8, text.size() - 9));
  }
  std::multiset<int> ports;
  for (const char* table : {"/proc/net/tcp", "/proc/net/tcp6"}) {
    std::ifstream in(table);
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
      std::istringstream fields(line);
      std::string slot, local, remote, state, queues, timer, retransmits, uid, timeout, inode;
      fields >> slot >> local >> remote >> state >> queues >> timer >> retransmits >> uid >>
          timeout >> inode;
      if (state != "01" || !inodes.count(inode)) continue;  // 01: ESTABLISHED
      ports.insert(std::stoi(remote.substr(remote.find(':') + 1), nullptr, 16));
    }
  }
  return ports;
}

InstanceConfig GridConfig() {
  InstanceConfig config;
  config.webdriver = GridUrl();
  return config;
}

// One plugin instance in `webdriver` mode; records the Grid session ids it was given (from the
// plugin's log line "WebDriver session <id> at ...").
class Tool {
 public:
  // `extra`: more instance config keys.
  explicit Tool(json::object extra = {}) {
    auto library = agent_tool::PluginLibrary::Open(kPlugin);
    BOOST_TEST_REQUIRE(library.ok(), library.status().ToString());
    extra["webdriver"] = GridUrl();
    extra["spool_dir"] = dir_.path() + "/spool";
    const std::string config = json::serialize(extra);
    auto created = agent_tool::ToolInstance::Create(
        *library, config, [this](agent_tool_log_level, std::string_view line) {
          std::smatch m;
          const std::string text(line);
          if (std::regex_search(text, m, std::regex("WebDriver session ([0-9a-f-]+) at "))) {
            std::lock_guard lock(mu_);
            session_ids_.push_back(m[1]);
          }
        });
    BOOST_TEST_REQUIRE(created.result.status == AGENT_TOOL_STATUS_OK, created.result.json);
    instance_ = std::move(created.instance);
  }

  json::object Run(std::string_view args) {
    agent_tool::ToolResult result = instance_->Invoke(args);
    BOOST_TEST_REQUIRE(result.status == AGENT_TOOL_STATUS_OK, result.json);
    return json::parse(result.json).as_object();
  }

  std::vector<std::string> session_ids() const {
    std::lock_guard lock(mu_);
    return session_ids_;
  }

 private:
  testing::TempDir dir_{"e2e-grid"};
  mutable std::mutex mu_;
  std::vector<std::string> session_ids_;  // guarded by mu_
  std::unique_ptr<agent_tool::ToolInstance> instance_;
};

// A batch: the tab, then `expression` evaluated in it; the record of frame 1 holds the value.
std::string EvaluateBatch(std::string_view expression, bool await_promise = false) {
  json::object evaluate{{"expression", expression},
                        {"awaitPromise", await_promise},
                        {"target", {{"context", "<<tree.contexts[0].context>>"}}}};
  return json::serialize(json::object{
      {"frames",
       json::array{
           json::object{{"method", "browsingContext.getTree"}, {"label", "tree"}, {"silent", true}},
           json::object{
               {"method", "script.evaluate"}, {"params", evaluate}, {"pick", "result.value"}}}}});
}

const json::object& Frame(const json::object& result, std::size_t index) {
  return result.at("frames").as_array().at(index).as_object();
}

// Browser sessions kept busy: a thread sends browsingContext.getTree on each every 4 s, so
// the Grid's session timeout (GRID_SESSION_TIMEOUT, shorter than a queued request's wait) does
// not end them while a test waits.
class HeldSessions {
 public:
  HeldSessions() : thread_([this] { Ping(); }) {}
  ~HeldSessions() {
    {
      std::lock_guard lock(mu_);
      stop_ = true;
    }
    cv_.notify_all();
    thread_.join();
    EndAll();
  }

  void Add(std::unique_ptr<BrowserSession> session) {
    std::lock_guard lock(mu_);
    sessions_.push_back(std::move(session));
  }
  // Ends the oldest session (DELETE on the Grid).
  void EndFirst() {
    std::unique_ptr<BrowserSession> first;
    {
      std::lock_guard lock(mu_);
      first = std::move(sessions_.front());
      sessions_.erase(sessions_.begin());
    }
    first->Shutdown();
  }
  void EndAll() {
    std::vector<std::unique_ptr<BrowserSession>> all;
    {
      std::lock_guard lock(mu_);
      all.swap(sessions_);
    }
    for (auto& session : all) session->Shutdown();
  }
  int pings_failed() const {
    std::lock_guard lock(mu_);
    return pings_failed_;
  }

 private:
  void Ping() {
    std::unique_lock lock(mu_);
    while (!cv_.wait_for(lock, seconds(4), [this] { return stop_; })) {
      for (auto& session : sessions_) {
        if (!session->Call("browsingContext.getTree", {}, kCallTimeout, [](json::value) {}).ok()) {
          ++pings_failed_;
        }
      }
    }
  }

  mutable std::mutex mu_;
  std::condition_variable cv_;
  bool stop_ = false;                                      // guarded by mu_
  int pings_failed_ = 0;                                   // guarded by mu_
  std::vector<std::unique_ptr<BrowserSession>> sessions_;  // guarded by mu_
  std::thread thread_;
};

BOOST_AUTO_TEST_SUITE(grid)

BOOST_AUTO_TEST_CASE(three_instances_run_batches_at_once_through_the_grid_proxy) {
  BOOST_TEST_REQUIRE(GridSessions().empty());
  std::vector<std::unique_ptr<Tool>> tools;
  for (int i = 0; i < 3; ++i) tools.push_back(std::make_unique<Tool>());
  // Each instance asks the Grid for its session and runs a batch, all at once.
  std::vector<std::future<json::object>> runs;
  for (int i = 0; i < 3; ++i) {
    runs.push_back(std::async(std::launch::async, [&tools, i] {
      return tools[i]->Run(EvaluateBatch(absl::StrCat("'instance ", i, " ' + (6 * 7)")));
    }));
  }
  for (int i = 0; i < 3; ++i) {
    const json::object result = runs[i].get();
    BOOST_TEST(json::serialize(Frame(result, 1)) ==
               absl::StrCat(R"({"index":1,"method":"script.evaluate","result":"instance )", i,
                            R"( 42"})"));
  }
  // Three Grid sessions, three browsers, and every BiDi socket of this process goes to the
  // Grid's port (its proxy), none to a browser's own.
  const std::map<std::string, GridSession> sessions = GridSessions();
  BOOST_TEST_REQUIRE(sessions.size() == 3u);
  std::set<pid_t> browsers;
  for (int i = 0; i < 3; ++i) {
    BOOST_TEST_REQUIRE(tools[i]->session_ids().size() == 1u);
    BOOST_TEST(sessions.count(tools[i]->session_ids()[0]) == 1u);
  }
  for (const auto& [id, session] : sessions) browsers.insert(session.firefox_pid);
  BOOST_TEST(browsers.size() == 3u);
  BOOST_TEST(browsers.count(-1) == 0u);
  const std::multiset<int> peers = PeerPortsOfThisProcess();
  BOOST_TEST(peers.size() == 3u);
  BOOST_TEST(peers.count(GridPort()) == 3u);

  // A second batch on the same sessions.
  const json::object again = tools[1]->Run(EvaluateBatch("document.readyState"));
  BOOST_TEST(json::serialize(Frame(again, 1)) ==
             R"({"index":1,"method":"script.evaluate","result":"complete"})");
  BOOST_TEST(tools[1]->session_ids().size() == 1u);

  // Destroying the instances deletes their Grid sessions and ends their browsers.
  tools.clear();
  BOOST_TEST(WaitNoGridSession(milliseconds(10000)));
  for (pid_t pid : browsers) BOOST_TEST(WaitProcessGone(pid, milliseconds(10000)), pid);
  BOOST_TEST(PeerPortsOfThisProcess().empty());
}

// Opens `count` Grid sessions one after the other (a browser starts faster alone on a loaded
// machine); all must open. Their Grid session ids (from the log line "WebDriver session <id> at
// ...") go to `ids` when given.
std::vector<std::unique_ptr<BrowserSession>> OpenSessions(int count,
                                                          std::set<std::string>* ids = nullptr) {
  LogFn log = [ids](int, std::string_view line) {
    std::smatch m;
    const std::string text(line);
    if (ids && std::regex_search(text, m, std::regex("WebDriver session ([0-9a-f-]+) at "))) {
      ids->insert(m[1]);
    }
  };
  std::vector<std::unique_ptr<BrowserSession>> sessions;
  for (int i = 0; i < count; ++i) {
    sessions.push_back(BrowserSession::Create(GridConfig(), log));
    const absl::Status status = sessions.back()->EnsureReady();
    BOOST_TEST_REQUIRE(status.ok(), Message(status));
  }
  return sessions;
}

BOOST_AUTO_TEST_CASE(a_request_beyond_capacity_waits_in_the_queue_for_a_free_slot) {
  BOOST_TEST_REQUIRE(GridSessions().empty());
  HeldSessions held;
  for (auto& session : OpenSessions(3)) held.Add(std::move(session));
  BOOST_TEST_REQUIRE(GridSessions().size() == 3u);

  // A fourth waits in the queue while the node is full, and gets the slot one frees.
  auto fourth = BrowserSession::Create(GridConfig(), nullptr);
  auto waiting = std::async(std::launch::async, [&fourth] { return fourth->EnsureReady(); });
  BOOST_TEST((waiting.wait_for(seconds(3)) == std::future_status::timeout));
  held.EndFirst();
  const absl::Status got = waiting.get();
  BOOST_TEST_REQUIRE(got.ok(), Message(got));
  const std::map<std::string, GridSession> sessions = GridSessions();
  BOOST_TEST(sessions.size() == 3u);
  absl::StatusOr<BidiReply> reply =
      fourth->Call("browsingContext.getTree", {}, kCallTimeout, [](json::value) {});
  BOOST_TEST_REQUIRE(reply.ok(), Message(reply.status()));
  BOOST_TEST(reply->ok);
  BOOST_TEST(held.pings_failed() == 0);

  held.EndAll();
  fourth.reset();
  BOOST_TEST(WaitNoGridSession(milliseconds(10000)));
}

// A host killed outright cannot send DELETE: its session holds a slot until the node's session
// timeout (GRID_SESSION_TIMEOUT s without traffic; the node checks every 30 s). Meanwhile the
// Grid is full, and a request beyond capacity fails after GRID_REQUEST_TIMEOUT s in the queue.
BOOST_AUTO_TEST_CASE(
    a_killed_host_holds_its_slot_until_the_session_timeout_and_a_full_grid_refuses) {
  BOOST_TEST_REQUIRE(GridSessions().empty());
  const int session_timeout_s = EnvSeconds("GRID_SESSION_TIMEOUT");
  const int request_timeout_s = EnvSeconds("GRID_REQUEST_TIMEOUT");
  BOOST_TEST_REQUIRE(request_timeout_s + 15 < session_timeout_s);

  HeldSessions held;
  std::set<std::string> held_ids;
  for (auto& session : OpenSessions(2, &held_ids)) held.Add(std::move(session));
  BOOST_TEST_REQUIRE(held_ids.size() == 2u);
  // Last, so that its idle time starts right before the request below waits.
  int pipe_fds[2];
  BOOST_TEST_REQUIRE(::pipe(pipe_fds) == 0);
  const pid_t host = ::fork();
  BOOST_TEST_REQUIRE(host >= 0);
  if (host == 0) {
    // The "host": opens a Grid session, reports, then waits to be killed.
    ::close(pipe_fds[0]);
    auto session = BrowserSession::Create(GridConfig(), nullptr);
    const char ok = session->EnsureReady().ok() ? 1 : 0;
    (void)!::write(pipe_fds[1], &ok, 1);
    for (;;) ::pause();
  }
  ::close(pipe_fds[1]);
  char ok = 0;
  const ssize_t n = ::read(pipe_fds[0], &ok, 1);
  ::close(pipe_fds[0]);
  const std::map<std::string, GridSession> live = GridSessions();
  ::kill(host, SIGKILL);
  const auto killed = Clock::now();
  int status = 0;
  ::waitpid(host, &status, 0);
  BOOST_TEST_REQUIRE(n == 1);
  BOOST_TEST_REQUIRE(ok == 1);
  BOOST_TEST_REQUIRE(live.size() == 3u);
  std::string orphan_id;
  pid_t orphan_firefox = -1;
  for (const auto& [id, session] : live) {
    if (held_ids.count(id) == 0u) {
      orphan_id = id;
      orphan_firefox = session.firefox_pid;
    }
  }
  BOOST_TEST_REQUIRE(!orphan_id.empty());

  // The Grid does not notice the closed socket; with the orphan it is full, so a request waits
  // GRID_REQUEST_TIMEOUT s in the queue and then fails with the Grid's reason.
  auto extra = BrowserSession::Create(GridConfig(), nullptr);
  const auto start = Clock::now();
  const absl::Status refused = extra->EnsureReady();
  const double waited_s = std::chrono::duration<double>(Clock::now() - start).count();
  BOOST_TEST_MESSAGE("the queued request failed after " << waited_s << " s: " << Message(refused));
  BOOST_TEST((refused.code() == absl::StatusCode::kUnavailable));
  const std::string prefix =
      absl::StrCat("WebDriver POST ", GridUrl(),
                   "/session answered HTTP 500: session not created: Could not start a new "
                   "session. New session request timed out");
  BOOST_TEST(Message(refused).rfind(prefix, 0) == 0u, Message(refused));
  BOOST_TEST(waited_s >= request_timeout_s - 0.5);
  BOOST_TEST(waited_s < request_timeout_s + 10.0);
  BOOST_TEST(GridSessions().count(orphan_id) == 1u);
  BOOST_TEST(ProcessAlive(orphan_firefox));

  // The node's session timeout ends the orphan and its browser; the live ones stay.
  const auto deadline = killed + seconds(session_timeout_s + 30 + 15);
  while (GridSessions().count(orphan_id) == 1u && Clock::now() < deadline) {
    std::this_thread::sleep_for(milliseconds(250));
  }
  const double reaped_s = std::chrono::duration<double>(Clock::now() - killed).count();
  BOOST_TEST_MESSAGE("the Grid ended the killed host's session " << reaped_s
                                                                 << " s after the kill");
  BOOST_TEST(GridSessions().count(orphan_id) == 0u);
  BOOST_TEST(reaped_s >= session_timeout_s - 5.0);
  BOOST_TEST(WaitProcessGone(orphan_firefox, milliseconds(10000)));
  BOOST_TEST(GridSessions().size() == 2u);
  BOOST_TEST(held.pings_failed() == 0);

  held.EndAll();
  extra.reset();
  BOOST_TEST(WaitNoGridSession(milliseconds(10000)));
}

BOOST_AUTO_TEST_CASE(a_node_killed_mid_batch_gives_browser_disconnected_then_a_new_session) {
  BOOST_TEST_REQUIRE(GridSessions().empty());
  // The Grid keeps the tool's socket open when the node dies, so the frame in flight learns
  // it at its timeout, when the tool asks the Grid about the session.
  Tool tool({{"frame_timeout_ms", 10000}});
  const json::object first = tool.Run(EvaluateBatch("1 + 1"));
  BOOST_TEST(json::serialize(Frame(first, 1)) ==
             R"({"index":1,"method":"script.evaluate","result":2})");
  const std::map<std::string, GridSession> sessions = GridSessions();
  BOOST_TEST_REQUIRE(sessions.size() == 1u);
  const GridSession lost = sessions.begin()->second;

  // A batch that waits 30 s in the browser; the node dies 2 s into it.
  auto batch = std::async(std::launch::async, [&tool] {
    return tool.Run(EvaluateBatch("new Promise(r => setTimeout(() => r('late'), 30000))", true));
  });
  std::this_thread::sleep_for(seconds(2));
  pid_t node = -1;
  {
    std::ifstream in(Env("GRID_DIR") + "/node.pid");
    BOOST_TEST_REQUIRE(static_cast<bool>(in >> node));
  }
  BOOST_TEST_REQUIRE(::kill(node, SIGKILL) == 0);
  const json::object broken = batch.get();
  const json::object& record = Frame(broken, 1);
  BOOST_TEST_MESSAGE("mid-batch: " << json::serialize(record));
  BOOST_TEST(record.at("error").at("error").as_string() == "browser disconnected");
  const std::string message(record.at("error").at("message").as_string());
  BOOST_TEST(message.find("no reply within 10000 ms and WebDriver GET " + GridUrl() + "/session/" +
                          lost.id + "/timeouts answered HTTP 500 (the session is gone): ") !=
                 std::string::npos,
             message);
  // The dead node's driver and browser do not outlive it.
  BOOST_TEST(WaitProcessGone(lost.firefox_pid, milliseconds(15000)));

  // The node comes back (scripts/grid.sh start restarts what is not running); the next call
  // gets a new session.
  const std::string restart =
      absl::StrCat(FIREFOX_BIDI_SOURCE_DIR, "/scripts/grid.sh start >/dev/null");
  BOOST_TEST_REQUIRE(std::system(restart.c_str()) == 0);
  const json::object next = tool.Run(EvaluateBatch("'again'"));
  BOOST_TEST(json::serialize(Frame(next, 1)) ==
             R"({"index":1,"method":"script.evaluate","result":"again"})");
  const std::vector<std::string> ids = tool.session_ids();
  BOOST_TEST_REQUIRE(ids.size() == 2u);
  BOOST_TEST(ids[0] == lost.id);
  BOOST_TEST(ids[1] != lost.id);
  BOOST_TEST(GridSessions().count(ids[1]) == 1u);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
