// page.storage and the config key storage_state (DESIGN.md section 9): a sign-in kept in a
// cookie and in localStorage (fixtures/pages/login.html, served over http) is saved by one
// browser and restored in fresh ones; clear signs out; files only inside file_roots.
#include <sys/stat.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <string>

#include "fresh_browser.h"
#include "page_suite.h"
#include "support/fixture_http_server.h"
#include "support/temp_dir.h"

namespace firefox_bidi {
namespace {

namespace json = boost::json;
using testing::FixtureHttpServer;
using testing::TempDir;

std::string Quote(std::string_view text) { return json::serialize(json::string(text)); }

// The login page: a goto and its status line.
std::string GotoLogin(const FixtureHttpServer& pages) {
  return R"({"method":"page.goto","params":{"url":)" + Quote(pages.url("login.html")) +
         R"(},"silent":true})";
}
constexpr char kStatus[] = R"({"method":"page.text","params":{"css":"#status"}})";

std::string Storage(std::string_view action, std::string_view file = {}) {
  json::object params{{"action", action}};
  if (!file.empty()) params["file"] = file;
  return json::serialize(json::object{{"method", "page.storage"}, {"params", params}});
}

std::string Roots(const TempDir& dir) { return R"("file_roots":[)" + Quote(dir.path()) + "]"; }

BOOST_AUTO_TEST_SUITE(e2e_page_storage)

BOOST_AUTO_TEST_CASE(a_saved_sign_in_restores_in_a_fresh_browser_and_clear_signs_out) {
  FixtureHttpServer pages;
  TempDir dir{"e2e-storage"};
  const std::string file = dir / "state.json";
  const std::string origin = pages.url().substr(0, pages.url().size() - 1);  // no "/"
  {
    FreshBrowser browser(Roots(dir));
    // The other origin (another port of the same host) shares the cookie, not localStorage:
    // save reads both origins and keeps the one with items.
    const json::array results = browser.Results(
        GotoLogin(pages) + "," + kStatus +
        R"(,{"method":"page.click","params":{"text":"Sign in"},"silent":true},)" + kStatus +
        R"(,{"method":"page.goto","params":{"url":)" + Quote(pages.other_url("login.html")) +
        R"(},"silent":true},)" + kStatus + "," + GotoLogin(pages));
    BOOST_TEST(json::serialize(results[1]) == R"("Signed out")");
    BOOST_TEST(json::serialize(results[3]) == R"("Signed in as Ada")");
    BOOST_TEST(json::serialize(results[5]) ==
               R"~("Half signed in (cookie yes, localStorage no)")~");
    const auto started = std::chrono::steady_clock::now();
    const json::array saved = browser.Results(Storage("save", file));
    BOOST_TEST_MESSAGE("page.storage save of two origins: "
                       << std::chrono::duration_cast<std::chrono::milliseconds>(
                              std::chrono::steady_clock::now() - started)
                              .count()
                       << " ms");
    BOOST_TEST(json::serialize(saved[0]) ==
               R"({"file":)" + Quote(file) + R"(,"cookies":1,"origins":1})");
    // The helper's own tab is gone again; the page is as it was.
    const json::array after = browser.Results(std::string(R"({"method":"page.tabs"},)") + kStatus);
    BOOST_TEST(after[0].as_array().size() == 1u);
    BOOST_TEST(json::serialize(after[1]) == R"("Signed in as Ada")");
  }
  // The file: playwright's storage state, mode 0600.
  struct stat info {};
  BOOST_TEST_REQUIRE(::stat(file.c_str(), &info) == 0);
  BOOST_TEST((info.st_mode & 0777) == 0600u);
  json::value saved = json::parse(testing::ReadAll(file));
  json::object& cookie = saved.at("cookies").as_array().at(0).as_object();
  // max-age=3600: an expiry an hour from now.
  const std::int64_t expires = cookie.at("expires").as_int64();
  const std::int64_t now = static_cast<std::int64_t>(std::time(nullptr));
  BOOST_TEST(expires >= now + 3500);
  BOOST_TEST(expires <= now + 3700);
  cookie["expires"] = 0;
  BOOST_TEST(json::serialize(saved) ==
             R"({"cookies":[{"name":"session","value":"s3cr3t","domain":"127.0.0.1","path":"/",)"
             R"("expires":0,"httpOnly":false,"secure":false,"sameSite":"Lax"}],)"
             R"("origins":[{"origin":)" +
                 Quote(origin) + R"(,"localStorage":[{"name":"user","value":"Ada"}]}]})");
  {
    FreshBrowser browser(Roots(dir));
    const json::array results =
        browser.Results(GotoLogin(pages) + "," + kStatus + "," + Storage("load", file) + "," +
                        GotoLogin(pages) + "," + kStatus + "," + Storage("clear") + "," +
                        GotoLogin(pages) + "," + kStatus + R"(,{"method":"page.tabs"})");
    BOOST_TEST(json::serialize(results[1]) == R"("Signed out")");
    BOOST_TEST(json::serialize(results[2]) == R"({"cookies":1,"origins":1})");
    // Both the cookie and localStorage are back.
    BOOST_TEST(json::serialize(results[4]) == R"("Signed in as Ada")");
    BOOST_TEST(json::serialize(results[5]) == R"({"cookies":1,"origins":1})");
    BOOST_TEST(json::serialize(results[7]) == R"("Signed out")");
    BOOST_TEST(results[8].as_array().size() == 1u);
  }
}

BOOST_AUTO_TEST_CASE(config_storage_state_starts_a_fresh_browser_signed_in) {
  FixtureHttpServer pages;
  TempDir dir{"e2e-storage"};
  const std::string file = dir / "state.json";
  const std::string origin = pages.url().substr(0, pages.url().size() - 1);
  // In 30 days (Firefox cuts an expiry to at most 400 days from now).
  const std::int64_t expiry = static_cast<std::int64_t>(std::time(nullptr)) + 30 * 86400;
  std::ofstream(file)
      << R"({"cookies":[{"name":"session","value":"s3cr3t","domain":"127.0.0.1","path":"/",)"
         R"("expires":-1,"httpOnly":false,"secure":false,"sameSite":"Lax"},)"
         R"({"name":"token","value":"t0k3n","domain":"127.0.0.1","path":"/",)"
         R"("expires":)"
      << expiry
      << R"(.5,"httpOnly":true,"secure":false,"sameSite":"Strict"}],)"
         R"("origins":[{"origin":)"
      << Quote(origin) << R"(,"localStorage":[{"name":"user","value":"Grace"}]}]})";
  FreshBrowser browser(Roots(dir) + R"(,"storage_state":)" + Quote(file));
  const json::array results = browser.Results(GotoLogin(pages) + "," + kStatus +
                                              R"(,{"method":"storage.getCookies","params":{}})");
  BOOST_TEST(json::serialize(results[1]) == R"("Signed in as Grace")");
  // The cookies as the file has them: a session cookie, and an httpOnly one for 30 days.
  std::string cookies;
  for (const json::value& c : results[2].at("cookies").as_array()) {
    const json::object& cookie = c.as_object();
    cookies += std::string(cookie.at("name").as_string()) +
               " httpOnly=" + (cookie.at("httpOnly").as_bool() ? "true" : "false") +
               " sameSite=" + std::string(cookie.at("sameSite").as_string()) + " expiry=" +
               (cookie.contains("expiry") ? json::serialize(cookie.at("expiry")) : "none") + ";";
  }
  BOOST_TEST(cookies ==
             "session httpOnly=false sameSite=lax expiry=none;"
             "token httpOnly=true sameSite=strict expiry=" +
                 std::to_string(expiry) + ";");
}

BOOST_AUTO_TEST_CASE(files_outside_file_roots_and_bad_files_are_refused_naming_them) {
  TempDir dir{"e2e-storage"};
  TempDir outside{"e2e-storage-out"};
  std::ofstream(dir / "broken.json") << R"({"cookies":[{"name":"a"}]})";
  std::ofstream(dir / "not.json") << "cookies: none";
  {
    // A config storage_state that cannot be loaded fails the call, naming it.
    FreshBrowser browser(Roots(dir) + R"(,"storage_state":)" + Quote(dir / "broken.json"));
    const agent_tool::ToolResult failed = browser.Invoke(R"({"frames":[{"method":"page.tabs"}]})");
    BOOST_TEST(failed.status == AGENT_TOOL_STATUS_FAILED);
    BOOST_TEST(failed.json ==
               R"({"error":{"kind":"invalid_config","message":"config storage_state \")" +
                   (dir / "broken.json") +
                   R"(\" is no storage-state file: cookies[0].value is missing or not a string; )"
                   R"~(the browser started without it (fix the config key \"storage_state\")"}})~");
  }
  FreshBrowser browser(Roots(dir));
  const agent_tool::ToolResult result = browser.Invoke(
      "{\"frames\":[" + Storage("save", outside / "state.json") + "," +
      Storage("load", outside / "x.json") + "," + Storage("load", dir / "broken.json") + "," +
      Storage("load", dir / "not.json") + "," + Storage("load", dir / "missing.json") + "," +
      Storage("save") + "," + Storage("list") + "," + Storage("clear") +
      R"(],"on_error":"continue"})");
  BOOST_TEST_REQUIRE(result.status == AGENT_TOOL_STATUS_OK, result.json);
  const json::array records = json::parse(result.json).at("frames").as_array();
  const auto error = [&](std::size_t i) {
    const json::object& record = records.at(i).as_object();
    return record.contains("error") ? json::serialize(record.at("error")) : json::serialize(record);
  };
  const std::string roots = "file_roots [\\\"" + dir.path() + "\\\"]";
  BOOST_TEST(error(0) ==
             R"({"error":"not allowed","message":"page.storage file \")" +
                 (outside / "state.json") + R"(\" is not allowed: it is outside )" + roots +
                 R"( (it resolves to \")" + (outside / "state.json") +
                 R"(\"); the tool reads and writes state files only inside the config key )"
                 R"(\"file_roots\" (add a directory that holds it there to allow it); frame 0 )"
                 R"(was not sent"})");
  BOOST_TEST(error(1).find(R"({"error":"not allowed","message":"page.storage file \")" +
                           (outside / "x.json") + R"(\" is not allowed: it is outside )" + roots) ==
             0u);
  BOOST_TEST(error(2) == R"({"error":"invalid argument","message":"page.storage file \")" +
                             (dir / "broken.json") +
                             R"(\" is no storage-state file: cookies[0].value is missing or not )"
                             R"(a string"})");
  BOOST_TEST(error(3) == R"({"error":"invalid argument","message":"page.storage file \")" +
                             (dir / "not.json") +
                             R"(\" is no storage-state file: is not JSON: syntax error"})");
  BOOST_TEST(error(4) == R"({"error":"invalid argument","message":"page.storage file \")" +
                             (dir / "missing.json") + R"(\" does not exist"})");
  BOOST_TEST(error(5) ==
             R"({"error":"invalid argument","message":"page.storage save needs \"file\": the )"
             R"(absolute path of the state file, inside the file_roots config"})");
  BOOST_TEST(error(6) ==
             R"({"error":"invalid argument","message":"page.storage needs \"action\": \"save\", )"
             R"(\"load\" or \"clear\""})");
  // Nothing to clear in a fresh browser.
  BOOST_TEST(json::serialize(records.at(7).at("result")) == R"({"cookies":0,"origins":0})");
  BOOST_TEST(!std::filesystem::exists(outside / "state.json"));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
