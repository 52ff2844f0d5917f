// file_roots against real headless Firefox, as an attacker would try it (DESIGN.md section 10):
// the rule holds for the URL Firefox actually loads, however the model or a page spells or
// reaches it. Each route is tried with a secret file outside every root; the file must never
// reach the model: its frame fails with "not allowed" (or Firefox refuses the load itself),
// no record holds the secret, and afterwards no open tab or frame shows it.
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <thread>

#include "absl/strings/str_cat.h"
#include "agent_tool/loader.h"
#include "support/fixture_http_server.h"
#include "support/temp_dir.h"

namespace firefox_bidi {
namespace {

namespace json = boost::json;
using testing::TempDir;

constexpr char kSecret[] = "TOPSECRET-7731";

std::string Quote(std::string_view text) { return json::serialize(json::string(text)); }

// The URLs and ids of every browsing context of a getTree result, at every depth.
void Walk(const json::value& contexts, std::vector<std::pair<std::string, std::string>>& out) {
  if (!contexts.is_array()) return;
  for (const json::value& c : contexts.as_array()) {
    out.emplace_back(std::string(c.at("context").as_string()),
                     std::string(c.at("url").as_string()));
    if (const json::value* children = c.as_object().if_contains("children")) Walk(*children, out);
  }
}

// One tool instance with its own offline Firefox; files allowed under root() only (or none).
class Guarded {
 public:
  explicit Guarded(bool with_root, const std::string& more_config = "") {
    std::filesystem::create_directory(root());
    std::filesystem::create_directory(outside());
    std::ofstream(outside() + "/secret.txt") << kSecret;
    const std::string plugin = std::string(FIREFOX_BIDI_BINARY_DIR) + "/lib/libfirefox_bidi.so";
    auto library = agent_tool::PluginLibrary::Open(plugin);
    BOOST_TEST_REQUIRE(library.ok(), library.status().ToString());
    library_ = *std::move(library);
    const std::string config =
        absl::StrCat(R"({"firefox":{"offline":true,"start_timeout_ms":60000},"spool_dir":)",
                     Quote(dir_.path() + "/spool"), R"(,"file_roots":)",
                     with_root ? absl::StrCat("[", Quote(root()), "]") : "[]", more_config, "}");
    auto created = agent_tool::ToolInstance::Create(library_, config,
                                                    [](agent_tool_log_level, std::string_view) {});
    BOOST_TEST_REQUIRE(created.result.status == AGENT_TOOL_STATUS_OK, created.result.json);
    instance_ = std::move(created.instance);
  }

  std::string root() const { return dir_.path() + "/root"; }
  std::string outside() const { return dir_.path() + "/outside"; }
  std::string secret_path() const { return outside() + "/secret.txt"; }
  std::string secret_url() const { return "file://" + secret_path(); }

  // Writes a page into the root and returns its file: URL.
  std::string RootPage(const std::string& name, const std::string& html) const {
    std::ofstream(root() + "/" + name) << html;
    return absl::StrCat("file://", root(), "/", name);
  }

  std::string Run(const std::string& args) {
    agent_tool::ToolResult result = instance_->Invoke(args);
    BOOST_TEST_REQUIRE(result.status == AGENT_TOOL_STATUS_OK, result.json);
    return result.json;
  }

  // Runs `frames` (on_error "continue") as one call and checks that the secret never reached
  // the model: no record holds it; with `refused`, a frame failed with "not allowed" naming the
  // file (else Firefox refused the load itself); afterwards no tab or frame is at the file and
  // no tab's text shows it.
  // `file` is the file the refusal names (default: the secret).
  void ExpectNotRead(const std::string& route, const std::string& frames, bool refused = true,
                     std::string file = "") {
    if (file.empty()) file = secret_path();
    BOOST_TEST_CONTEXT(route) {
      const std::string result =
          Run(absl::StrCat(R"({"on_error":"continue","frames":[)", frames, "]}"));
      BOOST_TEST(result.find(kSecret) == std::string::npos, result);
      const bool said =
          result.find(R"("error":"not allowed")") != std::string::npos &&
          result.find(absl::StrCat("the file \\\"", file, "\\\" is outside")) != std::string::npos;
      if (refused) BOOST_TEST(said, result);
      ExpectNoTabShowsTheSecret();
    }
  }

  void ExpectNoTabShowsTheSecret() {
    const json::value tree =
        json::parse(Run(R"({"frames":[{"method":"browsingContext.getTree","params":{}}]})"));
    std::vector<std::pair<std::string, std::string>> contexts;
    Walk(tree.at("frames").at(0).at("result").at("contexts"), contexts);
    BOOST_TEST_REQUIRE(!contexts.empty());
    for (const auto& [id, url] : contexts) {
      BOOST_TEST(!(url.starts_with("file:") && url.find(outside()) != std::string::npos),
                 id << " is at " << url);
      const std::string text = Run(
          absl::StrCat(R"({"frames":[{"method":"script.evaluate","params":{"expression":)",
                       R"("document.documentElement ? document.documentElement.textContent : ''",)",
                       R"("awaitPromise":false,"target":{"context":)", Quote(id), "}}}]}"));
      BOOST_TEST(text.find(kSecret) == std::string::npos, id << ": " << text);
    }
  }

 private:
  TempDir dir_{"e2e-tab-guard"};
  std::shared_ptr<const agent_tool::PluginLibrary> library_;
  std::unique_ptr<agent_tool::ToolInstance> instance_;
};

// A blank tab whose base URL is file:/// (what a page or the model's own script can set).
constexpr char kFileBase[] =
    R"({"method":"page.goto","silent":true,"params":{"url":"about:blank"}},)"
    R"({"method":"page.eval","silent":true,"params":{"expression":)"
    R"("document.head.innerHTML = '<base href=\"file:///\">'; document.baseURI"}})";

std::string Goto(const std::string& url) {
  return absl::StrCat(R"({"method":"page.goto","params":{"url":)", Quote(url), "}}");
}

std::string Click(const std::string& css) {
  return absl::StrCat(R"({"method":"page.click","params":{"css":)", Quote(css), "}}");
}

// A pause in which a page's own timer or refresh starts its navigation.
constexpr char kPause[] = R"({"method":"page.eval","silent":true,"params":{"expression":)"
                          R"js("new Promise(r => setTimeout(r, 1500))"}})js";

BOOST_AUTO_TEST_SUITE(tab_guard_e2e)

BOOST_AUTO_TEST_CASE(urls_without_a_scheme_never_read_a_file_when_no_root_is_allowed) {
  Guarded t(/*with_root=*/false);
  testing::FixtureHttpServer pages;
  const std::string path = t.secret_path();  // "/tmp/.../outside/secret.txt"
  t.ExpectNotRead("page.goto of a path against <base href=file:///>",
                  absl::StrCat(kFileBase, ",", Goto(path)));
  t.ExpectNotRead("page.goto of a directory listing",
                  absl::StrCat(kFileBase, ",", Goto(t.outside() + "/")), /*refused=*/true,
                  t.outside());
  t.ExpectNotRead("page.goto of a protocol-relative URL",
                  absl::StrCat(kFileBase, ",", Goto("//localhost" + path)));
  t.ExpectNotRead(
      "raw browsingContext.navigate of a path",
      absl::StrCat(kFileBase,
                   R"(,{"method":"browsingContext.navigate","params":{"context":"<<tab>>","url":)",
                   Quote(path), R"(,"wait":"complete"}})"));
  // A served page whose own <base> points at file:///: Firefox does not let an http page load
  // a file, whatever the link says.
  t.ExpectNotRead(
      "a relative link on a served page with <base href=file:///>",
      absl::StrCat(Goto(pages.url("base_file.html")), ",",
                   R"({"method":"page.eval","silent":true,"params":{"expression":)",
                   Quote(absl::StrCat("document.querySelector('a').setAttribute('href', '",
                                      path.substr(1), "'); 1")),
                   "}},", Click("a"), ",", kPause),
      /*refused=*/false);
  // A served page that redirects to a file: Firefox refuses the redirect itself.
  t.ExpectNotRead("an HTTP redirect to a file", Goto(pages.url("redirect?to=" + t.secret_url())),
                  /*refused=*/false);
}

BOOST_AUTO_TEST_CASE(no_page_inside_a_root_reaches_a_file_outside_it) {
  Guarded t(/*with_root=*/true);
  const std::string secret = t.secret_url();
  const std::string inside = t.RootPage("inside.html", "<title>inside</title><p>inside</p>");
  t.ExpectNotRead("a relative URL from a file page inside the root",
                  absl::StrCat(Goto(inside), ",", Goto("../outside/secret.txt")));
  t.ExpectNotRead(
      "a meta refresh",
      Goto(t.RootPage("refresh.html", absl::StrCat(R"(<meta http-equiv="refresh" content="0;url=)",
                                                   secret, R"(">)"))) +
          "," + kPause);
  t.ExpectNotRead("location = from a timer",
                  Goto(t.RootPage("jump.html", absl::StrCat("<script>setTimeout(() => location = '",
                                                            secret, "', 100)</script>"))) +
                      "," + kPause);
  t.ExpectNotRead(
      "a link click",
      absl::StrCat(
          Goto(t.RootPage("link.html", absl::StrCat(R"(<a href=")", secret, R"(">secret</a>)"))),
          ",", Click("a")));
  t.ExpectNotRead(
      "a form submit",
      absl::StrCat(Goto(t.RootPage("form.html", absl::StrCat(R"(<form action=")", secret,
                                                             R"("><button>go</button></form>)"))),
                   ",", Click("button")));
  t.ExpectNotRead(
      "window.open from a click",
      absl::StrCat(
          Goto(t.RootPage("open.html", absl::StrCat(R"(<button onclick="window.open(')", secret,
                                                    R"html(')">open</button>)html"))),
          ",", Click("button"), ",", kPause));
  t.ExpectNotRead(
      "an iframe",
      Goto(t.RootPage("iframe.html", absl::StrCat(R"(<iframe src=")", secret, R"("></iframe>)"))));
  t.ExpectNotRead("an object",
                  Goto(t.RootPage("object.html", absl::StrCat(R"(<object type="text/plain" data=")",
                                                              secret, R"("></object>)"))));
  t.ExpectNotRead("an embed",
                  Goto(t.RootPage("embed.html", absl::StrCat(R"(<embed type="text/plain" src=")",
                                                             secret, R"(">)"))));
  // What is inside the root still loads.
  const std::string fine =
      t.Run(absl::StrCat(R"({"frames":[)", Goto(inside), R"(,{"method":"page.text"}]})"));
  BOOST_TEST(fine.find(R"("result":"inside")") != std::string::npos, fine);
}

// The commands that make another agent's user context and tab before its call's frames read
// what arrived between calls: a navigation among it is judged all the same. The tab is closed
// at once; the agent whose tab it was is told, at its next call, and the other agent is not.
BOOST_AUTO_TEST_CASE(a_navigation_between_calls_is_judged_when_another_agents_call_reads_it) {
  Guarded t(/*with_root=*/true);
  const std::string later = t.RootPage(
      "later.html",
      absl::StrCat("<script>setTimeout(() => location = '", t.secret_url(), "', 1000)</script>"));
  (void)t.Run(absl::StrCat(R"({"frames":[)", Goto(later), "]}"));
  std::this_thread::sleep_for(std::chrono::milliseconds(2500));
  const std::string b = t.Run(R"({"agent":"b","frames":[{"method":"session.status"}]})");
  BOOST_TEST(json::parse(b).at("frames").at(0).as_object().contains("result"), b);
  BOOST_TEST(b.find(kSecret) == std::string::npos, b);
  BOOST_TEST(b.find(t.secret_path()) == std::string::npos, b);
  const std::string own = t.Run(R"({"frames":[{"method":"session.status"}]})");
  const json::value error = json::parse(own).at("frames").at(0).at("error");
  BOOST_TEST(error.at("error") == "not allowed", own);
  const std::string message(error.at("message").as_string());
  BOOST_TEST(message.starts_with("frame 0 (session.status) was not sent (this happened between "
                                 "calls): a navigation to "),
             message);
  BOOST_TEST(message.find(absl::StrCat("the file \"", t.secret_path(), "\" is outside")) !=
                 std::string::npos,
             message);
  t.ExpectNoTabShowsTheSecret();
}

BOOST_AUTO_TEST_CASE(popups_need_a_gesture_and_tabs_are_bounded_by_max_tabs) {
  Guarded t(/*with_root=*/true, R"(,"max_tabs":3)");
  const std::string flood = t.RootPage(
      "flood.html", "<script>for (let i = 0; i < 40; i++) window.open('about:blank')</script>");
  const std::string tabs = R"({"method":"page.tabs"})";
  std::string result =
      t.Run(absl::StrCat(R"({"frames":[)", Goto(flood), ",", kPause, ",", tabs, "]}"));
  // Firefox's popup blocker: no tab opened without a user gesture.
  BOOST_TEST(json::parse(result).at("frames").at(2).at("result").as_array().size() == 1u, result);

  const std::string open_tab = R"({"method":"page.tabs","params":{"action":"new"}})";
  result = t.Run(absl::StrCat(R"({"on_error":"continue","frames":[)", open_tab, ",", open_tab, ",",
                              open_tab, ",", tabs, "]}"));
  const json::array frames = json::parse(result).at("frames").as_array();
  BOOST_TEST(!frames[0].as_object().contains("error"), result);
  BOOST_TEST(!frames[1].as_object().contains("error"), result);
  const std::string message(frames[2].at("error").at("message").as_string());
  BOOST_TEST(frames[2].at("error").at("error") == "not allowed", result);
  BOOST_TEST(message.starts_with(
                 "frame 2 (page.tabs) stopped: a page or a frame opened more tabs than the config "
                 "key \"max_tabs\" (3) allows in one browser; the tool closed the newest ("),
             message);
  BOOST_TEST(frames[3].at("result").as_array().size() == 3u, result);
}

BOOST_AUTO_TEST_CASE(a_page_that_never_yields_loses_its_tab_and_the_browser_stays_usable) {
  Guarded t(/*with_root=*/true);
  const std::string spin = t.RootPage("spin.html", "<title>spin</title><p>spin</p>");
  std::string result = t.Run(absl::StrCat(
      R"({"frames":[)", Goto(spin),
      R"(,{"method":"page.eval","timeout_ms":1500,"params":{"expression":"for (;;) {}"}}]})"));
  const json::value frames = json::parse(result).at("frames");
  BOOST_TEST(frames.at(1).at("error").at("error") == "timeout", result);
  const std::string message(frames.at(1).at("error").at("message").as_string());
  BOOST_TEST(message.find("did not answer for another 1000 ms either (a script that never "
                          "yields, such as an endless loop, holds every command to it, and "
                          "Firefox cannot stop it): the tool closed that tab") != std::string::npos,
             message);
  // The next call works at once, in a fresh tab.
  result = t.Run(R"({"frames":[{"method":"page.eval","timeout_ms":5000,"params":)"
                 R"({"expression":"6 * 7"}},{"method":"page.tabs"}]})");
  const json::value next = json::parse(result).at("frames");
  BOOST_TEST(next.at(0).at("result") == json::value(42), result);
  BOOST_TEST(next.at(1).at("result").as_array().size() == 1u, result);
}

BOOST_AUTO_TEST_CASE(a_snapshot_that_runs_out_of_time_stops_in_the_page_too) {
  Guarded t(/*with_root=*/true);
  // Some 240,000 elements: going through them all takes seconds.
  const std::string huge = t.RootPage(
      "huge.html",
      "<title>huge</title><script>document.addEventListener('DOMContentLoaded', () => "
      "{ document.body.innerHTML = '<div><p>x <b>y</b> <i>z</i></p></div>'.repeat(60000); "
      "})</script><body></body>");
  std::string result = t.Run(absl::StrCat(
      R"({"on_error":"continue","frames":[)", Goto(huge),
      R"(,{"method":"page.snapshot","timeout_ms":300},)",
      R"({"method":"page.eval","timeout_ms":2000,"params":{"expression":"document.title"}}]})"));
  const json::value frames = json::parse(result).at("frames");
  BOOST_TEST(frames.at(1).at("error").at("error") == "timeout", result);
  // The page's side stopped with its frame: the page answers at once, in the same tab.
  BOOST_TEST(frames.at(2).at("result") == json::value("huge"), result);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
