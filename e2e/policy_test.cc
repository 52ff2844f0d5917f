// The policy of DESIGN.md section 10 against real headless Firefox, as an attacker would try
// it: a model that ends the session so another local user can take the browser over, a model
// that closes the browser, and a model that downloads or opens files outside what it may.
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "absl/strings/str_cat.h"
#include "core/config.h"
#include "net/bidi_connection.h"
#include "net/firefox_bidi_tool.h"
#include "support/temp_dir.h"

namespace firefox_bidi {
namespace {

namespace json = boost::json;
using std::chrono::milliseconds;
using testing::TempDir;

bool GroupExists(pid_t group) { return ::kill(-group, 0) == 0 || errno != ESRCH; }

// One tool instance launching its own offline Firefox, spool in a private directory, files
// allowed under `root`.
struct PolicyTool {
  PolicyTool() {
    std::filesystem::create_directory(root());
    InstanceConfig config;
    config.firefox.offline = true;
    config.firefox.start_timeout = milliseconds(60000);  // 2 shared cores
    config.spool_dir = dir / "spool";
    config.file_roots = std::vector<std::string>{root()};
    tool = std::make_unique<FirefoxBidiTool>(config, ToolCallbacks{});
  }
  ~PolicyTool() { tool.reset(); }

  std::string root() const { return dir / "root"; }
  std::string downloads() const { return dir / "spool/downloads"; }

  json::array Frames(std::string_view args) {
    ToolOutcome out = tool->Invoke(args, nullptr);
    BOOST_TEST_REQUIRE((out.status == ToolOutcome::Status::kOk), out.json);
    return json::parse(out.json).at("frames").as_array();
  }

  TempDir dir;
  std::unique_ptr<FirefoxBidiTool> tool;
};

std::string ErrorCode(const json::value& record) {
  const json::object& o = record.as_object();
  if (!o.contains("error")) return "";
  return std::string(o.at("error").at("error").as_string());
}

// The port of a "ws://127.0.0.1:PORT" URL.
int PortOf(const std::string& bidi_url) {
  return std::stoi(bidi_url.substr(bidi_url.rfind(':') + 1));
}

// Drops the tool's BiDi connection to 127.0.0.1:`port` from outside the tool, leaving Firefox
// running: `ss -K` destroys the socket in the kernel, as a network failure would (it needs
// CAP_NET_ADMIN and a kernel with CONFIG_INET_DIAG_DESTROY). Where that kills nothing, the
// socket is shut down through its descriptor in this process instead. Returns the message
// the tool reports for the drop ("Software caused connection abort [system:103]" or "the
// connection was closed (end of stream)").
std::string DropConnectionTo(int port) {
  const std::string command =
      absl::StrCat("ss -K -t -n state established dst 127.0.0.1 dport = :", port, " 2>&1");
  std::string output;
  if (FILE* ss = ::popen(command.c_str(), "r")) {
    char buffer[512];
    while (std::fgets(buffer, sizeof buffer, ss) != nullptr) output += buffer;
    ::pclose(ss);
  }
  if (output.find(absl::StrCat("127.0.0.1:", port)) != std::string::npos) {
    return "Software caused connection abort [system:103]";
  }
  BOOST_TEST_MESSAGE("ss -K killed nothing (" << output << "); shutting the socket down instead");
  for (int fd = 0; fd < 4096; ++fd) {
    sockaddr_in peer{};
    socklen_t len = sizeof peer;
    if (::getpeername(fd, reinterpret_cast<sockaddr*>(&peer), &len) != 0) continue;
    if (peer.sin_family == AF_INET && ntohs(peer.sin_port) == port &&
        peer.sin_addr.s_addr == htonl(INADDR_LOOPBACK)) {
      BOOST_TEST_REQUIRE(::shutdown(fd, SHUT_RDWR) == 0);
      return "the connection was closed (end of stream)";
    }
  }
  BOOST_FAIL("no connection to port " << port << " to drop");
  return "";
}

// Tries to take the browser over as another local client would: session.new on its port.
// Returns the error message, or "" when it got a session.
std::string Hijack(const std::string& bidi_url) {
  absl::StatusOr<std::unique_ptr<BidiConnection>> raw =
      BidiConnection::Connect(bidi_url + "/session", ConnectionOptions{});
  if (!raw.ok()) return std::string(raw.status().message());
  absl::StatusOr<BidiReply> reply = (*raw)->Call("session.new", {{"capabilities", json::object{}}},
                                                 milliseconds(30000), [](json::value) {});
  (*raw)->Close(milliseconds(1000));
  if (!reply.ok()) return std::string(reply.status().message());
  return reply->ok ? "" : reply->message;
}

BOOST_AUTO_TEST_SUITE(policy_e2e)

BOOST_AUTO_TEST_CASE(session_end_is_refused_and_browser_close_leaves_no_browser_behind) {
  PolicyTool t;
  json::array frames =
      t.Frames(R"({"on_error":"continue","frames":[{"method":"session.end"},)"
               R"({"method":"browsingContext.getTree","pick":"contexts[0].url"}]})");
  BOOST_TEST(ErrorCode(frames[0]) == "not allowed");
  BOOST_TEST(frames[1].at("result").as_string() == "about:blank");
  std::optional<BrowserSession::LaunchedBrowser> first = t.tool->launched_browser();
  BOOST_REQUIRE(first.has_value());
  // The session is still the tool's: nobody else can take the browser.
  BOOST_TEST(Hijack(first->bidi_url).find("Maximum number of active sessions") !=
             std::string::npos);

  frames =
      t.Frames(R"({"frames":[{"method":"browser.close"},{"method":"browsingContext.getTree"}]})");
  BOOST_TEST(!frames[0].as_object().contains("error"), json::serialize(frames[0]));
  BOOST_TEST(ErrorCode(frames[1]) == "browser disconnected");
  // Ended at once: by the time the call returns the whole process group is gone.
  BOOST_TEST(!t.tool->launched_browser().has_value());
  BOOST_TEST(!GroupExists(first->process_group));
  BOOST_TEST(Hijack(first->bidi_url) != "");

  // The next call starts a fresh browser.
  frames =
      t.Frames(R"({"frames":[{"method":"browsingContext.getTree","pick":"contexts[0].url"}]})");
  BOOST_TEST(frames[0].at("result").as_string() == "about:blank");
  std::optional<BrowserSession::LaunchedBrowser> second = t.tool->launched_browser();
  BOOST_REQUIRE(second.has_value());
  BOOST_TEST(second->browser_pid != first->browser_pid);
}

// The BiDi socket drops while Firefox keeps running (killed from outside, not Firefox): the
// session survives in Firefox without its socket, so the tool ends that browser at once.
BOOST_AUTO_TEST_CASE(a_dropped_socket_ends_the_browser_at_once_and_the_next_call_starts_afresh) {
  PolicyTool t;
  t.Frames(R"({"frames":[{"method":"browsingContext.getTree"}]})");
  std::optional<BrowserSession::LaunchedBrowser> first = t.tool->launched_browser();
  BOOST_REQUIRE(first.has_value());

  // During a frame: the frame in flight fails, the rest are skipped, and by the time the call
  // returns the whole process group is gone.
  std::string cause;
  std::chrono::steady_clock::time_point dropped;
  std::thread dropper([&] {
    std::this_thread::sleep_for(milliseconds(500));  // the promise is pending by now
    cause = DropConnectionTo(PortOf(first->bidi_url));
    dropped = std::chrono::steady_clock::now();
  });
  ToolOutcome out =
      t.tool->Invoke(R"J({"frames":[{"method":"script.evaluate","params":{"expression":)J"
                     R"J("new Promise(r => setTimeout(r, 20000))","awaitPromise":true,)J"
                     R"J("target":{"context":"<<tab>>"}}},{"method":"browsingContext.getTree"}]})J",
                     nullptr);
  const auto returned = std::chrono::steady_clock::now();
  dropper.join();
  BOOST_TEST((out.status == ToolOutcome::Status::kOk));
  BOOST_TEST(out.json ==
             absl::StrCat(R"({"frames":[{"index":0,"method":"script.evaluate","error":{"error":)",
                          R"("browser disconnected","message":"browser disconnected: )", cause,
                          R"(; the next call starts a fresh browser; frame 0 (script.evaluate) )",
                          R"(got no reply and later frames were not sent"}},)",
                          R"({"index":1,"method":"browsingContext.getTree","skipped":true}]})"));
  const long long after_drop = std::chrono::duration_cast<milliseconds>(returned - dropped).count();
  // Firefox ends ~70 ms after SIGTERM on an idle machine, much later on a loaded one; a frame
  // that waited out its promise would take 20 s.
  BOOST_TEST(after_drop < 2000, "returned " << after_drop << " ms after the drop");
  BOOST_TEST(!t.tool->launched_browser().has_value());
  BOOST_TEST(!GroupExists(first->process_group));

  // Between calls: nothing reads the idle socket, yet the browser is ended at once, and the
  // next call runs on a fresh one.
  json::array frames =
      t.Frames(R"({"frames":[{"method":"browsingContext.getTree","pick":"contexts[0].url"}]})");
  BOOST_TEST(frames[0].at("result").as_string() == "about:blank");
  std::optional<BrowserSession::LaunchedBrowser> second = t.tool->launched_browser();
  BOOST_REQUIRE(second.has_value());
  BOOST_TEST(second->browser_pid != first->browser_pid);
  DropConnectionTo(PortOf(second->bidi_url));
  dropped = std::chrono::steady_clock::now();
  while (GroupExists(second->process_group) &&
         std::chrono::steady_clock::now() - dropped < std::chrono::seconds(5)) {
    std::this_thread::sleep_for(milliseconds(10));
  }
  const long long ended_after =
      std::chrono::duration_cast<milliseconds>(std::chrono::steady_clock::now() - dropped).count();
  BOOST_TEST(!GroupExists(second->process_group));
  BOOST_TEST(ended_after < 2000, "the process group ended " << ended_after << " ms after the drop");
  frames =
      t.Frames(R"({"frames":[{"method":"browsingContext.getTree","pick":"contexts[0].url"}]})");
  BOOST_TEST(frames[0].at("result").as_string() == "about:blank");
  BOOST_TEST(!GroupExists(second->process_group));
  std::optional<BrowserSession::LaunchedBrowser> third = t.tool->launched_browser();
  BOOST_REQUIRE(third.has_value());
  BOOST_TEST(third->browser_pid != second->browser_pid);
}

BOOST_AUTO_TEST_CASE(downloads_stay_in_the_private_directory_and_files_inside_the_roots) {
  PolicyTool t;
  std::ofstream(t.root() + "/page.html") << "<title>inside</title>";
  TempDir outside;
  std::ofstream(outside / "secret.html") << "<title>secret</title>";
  const std::string context_frame =
      R"({"method":"browsingContext.getTree","label":"tree","silent":true})";
  json::array frames = t.Frames(absl::StrCat(
      R"({"on_error":"continue","frames":[)", context_frame,
      R"(,{"method":"browser.setDownloadBehavior","params":{"downloadBehavior":{"type":"allowed","destinationFolder":")",
      outside.path(), R"("}}})",
      R"(,{"method":"browsingContext.navigate","params":{"context":"<<tree.contexts[0].context>>","url":"file://)",
      outside.path(), R"(/secret.html","wait":"complete"}})",
      R"(,{"method":"browsingContext.navigate","params":{"context":"<<tree.contexts[0].context>>","url":"file://)",
      t.root(), R"(/page.html","wait":"complete"}})",
      R"(,{"method":"script.evaluate","params":{"expression":"document.title","awaitPromise":false,"target":{"context":"<<tree.contexts[0].context>>"}},"pick":"result.value"})",
      // A download with no setDownloadBehavior at all: the profile's default folder.
      R"(,{"method":"script.evaluate","params":{"expression":"const a = document.createElement('a'); a.href = URL.createObjectURL(new Blob(['probe'])); a.download = 'probe.txt'; document.body.append(a); a.click(); 1","awaitPromise":false,"target":{"context":"<<tree.contexts[0].context>>"}},"pick":"result.value"}]})"));
  BOOST_REQUIRE_EQUAL(frames.size(), 6u);
  BOOST_TEST(ErrorCode(frames[1]) == "not allowed");
  BOOST_TEST(ErrorCode(frames[2]) == "not allowed");
  BOOST_TEST(ErrorCode(frames[3]) == "", json::serialize(frames[3]));
  BOOST_TEST(frames[4].at("result").as_string() == "inside");
  BOOST_TEST(ErrorCode(frames[5]) == "", json::serialize(frames[5]));
  const std::string probe = t.downloads() + "/probe.txt";
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (!std::filesystem::exists(probe) && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(milliseconds(100));
  }
  BOOST_TEST(std::filesystem::exists(probe), probe);
  BOOST_TEST(std::distance(std::filesystem::directory_iterator(outside.path()),
                           std::filesystem::directory_iterator()) == 1);  // secret.html only

  // docs/browser.md: the model may navigate a blank tab to a data: URL; from a page Firefox
  // refuses it, and a page cannot send the top level to one itself.
  frames = t.Frames(absl::StrCat(
      R"({"on_error":"continue","frames":[)", context_frame,
      R"(,{"method":"browsingContext.create","params":{"type":"tab"},"label":"blank","silent":true})",
      R"(,{"method":"browsingContext.navigate","params":{"context":"<<blank.context>>","url":"data:text/html,<title>d1</title>","wait":"complete"}})",
      R"js(,{"method":"script.evaluate","params":{"expression":"location.href = 'data:text/html,<title>d2</title>'; new Promise(r => setTimeout(r, 1500))","awaitPromise":true,"target":{"context":"<<blank.context>>"}},"silent":true})js",
      R"(,{"method":"script.evaluate","params":{"expression":"document.title","awaitPromise":false,"target":{"context":"<<blank.context>>"}},"pick":"result.value"})",
      R"(,{"method":"browsingContext.navigate","params":{"context":"<<tree.contexts[0].context>>","url":"data:text/html,<title>d3</title>","wait":"complete"}}]})"));
  BOOST_REQUIRE_EQUAL(frames.size(), 6u);
  BOOST_TEST(ErrorCode(frames[2]) == "", json::serialize(frames[2]));
  BOOST_TEST(frames[4].at("result").as_string() == "d1");
  BOOST_TEST(ErrorCode(frames[5]) == "unsupported operation", json::serialize(frames[5]));

  // Inside the downloads directory is allowed.
  frames = t.Frames(absl::StrCat(
      R"({"frames":[{"method":"browser.setDownloadBehavior","params":{"downloadBehavior":{"type":"allowed","destinationFolder":")",
      t.downloads(), R"("}}}]})"));
  BOOST_TEST(ErrorCode(frames[0]) == "", json::serialize(frames[0]));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
