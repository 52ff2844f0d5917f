// page.storage without a browser: origins, the storage-state file's cookies both ways, its
// parser's refusals, and the files written whole with mode 0600 (io/local_file_store).
#include "page/storage_state.h"

#include <sys/stat.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "io/local_file_store.h"
#include "spool_test_support.h"

namespace firefox_bidi::page {
namespace {

namespace json = boost::json;
using testing::ModeOf;
using testing::ReadFile;
using testing::TempDir;

json::object Parse(std::string_view text) { return json::parse(text).as_object(); }

BOOST_AUTO_TEST_SUITE(storage_state)

BOOST_AUTO_TEST_CASE(origins_are_http_and_https_only_without_user_info_or_path) {
  BOOST_TEST(OriginOf("http://127.0.0.1:8080/login.html?x=1#top") == "http://127.0.0.1:8080");
  BOOST_TEST(OriginOf("https://user:pw@Example.com/a") == "https://example.com");
  BOOST_TEST(OriginOf("https://example.com") == "https://example.com");
  BOOST_TEST(OriginOf("about:blank") == "");
  BOOST_TEST(OriginOf("data:text/html,x") == "");
  BOOST_TEST(OriginOf("file:///tmp/a.html") == "");
  BOOST_TEST(OriginOf("http:///nothing") == "");
}

BOOST_AUTO_TEST_CASE(visited_origins_come_from_tabs_commits_and_loads_once_each_in_order) {
  VisitedOrigins origins;
  for (
      const char* event :
      {R"({"method":"browsingContext.navigationCommitted","params":{"context":"T","url":"http://b.test/x"}})",
       R"({"method":"browsingContext.load","params":{"context":"T","url":"http://a.test/"}})",
       R"({"method":"browsingContext.navigationStarted","params":{"context":"T","url":"http://c.test/"}})",
       R"({"method":"browsingContext.load","params":{"context":"T","url":"about:blank"}})",
       R"({"method":"browsingContext.navigationCommitted","params":{"context":"T","url":"http://b.test/y"}})",
       R"({"method":"browsingContext.navigationCommitted","params":{"context":"F","url":"http://iframe.test/"}})"}) {
    // F is an iframe's browsing context.
    origins.Observe(Parse(event), [](std::string_view context) { return context != "F"; });
  }
  BOOST_TEST((origins.list() == std::vector<std::string>{"http://b.test", "http://a.test"}));
}

BOOST_AUTO_TEST_CASE(cookies_convert_between_bidi_and_the_file) {
  const json::object bidi = Parse(
      R"({"name":"session","value":{"type":"string","value":"s3cr3t"},"domain":"127.0.0.1",
          "path":"/","size":13,"httpOnly":true,"secure":false,"sameSite":"strict","expiry":1800000000})");
  BOOST_TEST(json::serialize(PlaywrightCookie(bidi)) ==
             R"({"name":"session","value":"s3cr3t","domain":"127.0.0.1","path":"/",)"
             R"("expires":1800000000,"httpOnly":true,"secure":false,"sameSite":"Strict"})");
  // A session cookie, bytes, no SameSite attribute.
  const json::object session = Parse(
      R"({"name":"b","value":{"type":"base64","value":"aGk="},"domain":".example.com",
          "path":"/app","httpOnly":false,"secure":true,"sameSite":"default"})");
  const json::object file = PlaywrightCookie(session);
  BOOST_TEST(json::serialize(file) ==
             R"({"name":"b","value":"hi","domain":".example.com","path":"/app","expires":-1,)"
             R"("httpOnly":false,"secure":true,"sameSite":"Lax"})");
  BOOST_TEST(json::serialize(BidiCookie(file)) ==
             R"({"name":"b","value":{"type":"string","value":"hi"},"domain":".example.com",)"
             R"("path":"/app","httpOnly":false,"secure":true,"sameSite":"lax"})");
  BOOST_TEST(
      json::serialize(BidiCookie(Parse(
          R"({"name":"n","value":"v","domain":"d","expires":1800000000.75,"sameSite":"None"})"))) ==
      R"({"name":"n","value":{"type":"string","value":"v"},"domain":"d","path":"/",)"
      R"("httpOnly":false,"secure":false,"sameSite":"none","expiry":1800000000})");
}

BOOST_AUTO_TEST_CASE(a_file_is_read_back_as_it_was_written) {
  StorageState state;
  state.cookies.push_back(Parse(
      R"({"name":"a","value":"1","domain":"x.test","path":"/","expires":-1,"httpOnly":false,"secure":false,"sameSite":"Lax"})"));
  state.origins.push_back(
      {.origin = "http://x.test", .local_storage = {{"user", "Ada"}, {"k", "\"v\""}}});
  const std::string text = SerializeStorageState(state);
  BOOST_TEST(
      text ==
      R"({"cookies":[{"name":"a","value":"1","domain":"x.test","path":"/","expires":-1,)"
      R"("httpOnly":false,"secure":false,"sameSite":"Lax"}],"origins":[{"origin":"http://x.test",)"
      R"("localStorage":[{"name":"user","value":"Ada"},{"name":"k","value":"\"v\""}]}]})");
  const absl::StatusOr<StorageState> read = ParseStorageState(text);
  BOOST_TEST_REQUIRE(read.ok(), read.status().ToString());
  BOOST_TEST(SerializeStorageState(*read) == text);
  // Both keys are optional.
  BOOST_TEST(ParseStorageState("{}").ok());
}

BOOST_AUTO_TEST_CASE(a_bad_file_says_what_is_wrong_and_where) {
  const std::pair<const char*, const char*> kBad[] = {
      {"{", "is not JSON: incomplete JSON"},
      {"[]", "the file is not a JSON object"},
      {R"({"cookies":{}})", "\"cookies\" is not an array"},
      {R"({"cookies":[{"name":"a","value":"1"}]})", "cookies[0].domain is missing or not a string"},
      {R"({"cookies":[{"name":"a","value":1,"domain":"d"}]})",
       "cookies[0].value is missing or not a string"},
      {R"({"cookies":[{"name":"","value":"1","domain":"d"}]})",
       "cookies[0] has an empty name or domain"},
      {R"({"cookies":[{"name":"a","value":"1","domain":"d","expires":"soon"}]})",
       "cookies[0].expires is not a number"},
      {R"({"cookies":[{"name":"a","value":"1","domain":"d","secure":"yes"}]})",
       "cookies[0].secure is not a boolean"},
      {R"({"cookies":[{"name":"a","value":"1","domain":"d","sameSite":"lax"}]})",
       "cookies[0].sameSite is not \"Strict\", \"Lax\" or \"None\""},
      {R"({"origins":[{"origin":"file:///x"}]})",
       "origins[0].origin is not an http or https origin such as \"https://example.com\""},
      {R"({"origins":[{"origin":"https://a.test/path"}]})",
       "origins[0].origin is not an http or https origin such as \"https://example.com\""},
      {R"({"origins":[{"origin":"https://a.test","localStorage":[{"name":"k"}]}]})",
       "origins[0].localStorage[0] is not {\"name\": STRING, \"value\": STRING}"},
  };
  for (const auto& [text, message] : kBad) {
    const absl::StatusOr<StorageState> parsed = ParseStorageState(text);
    BOOST_TEST_CONTEXT(text) {
      BOOST_TEST(parsed.status().code() == absl::StatusCode::kInvalidArgument);
      BOOST_TEST(std::string(parsed.status().message()) == message);
    }
  }
}

BOOST_AUTO_TEST_CASE(files_are_replaced_whole_with_mode_0600_and_read_back) {
  TempDir tmp;
  const LocalFileStore files;
  const std::string path = tmp / "state.json";
  std::ofstream(path) << "old";
  ::chmod(path.c_str(), 0644);
  BOOST_TEST(files.Replace(path, "new state").ok());
  BOOST_TEST(ReadFile(path) == "new state");
  BOOST_TEST(ModeOf(path) == 0600);
  // Nothing else is left in the directory.
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(tmp.path())) {
    names.push_back(entry.path().filename().string());
  }
  BOOST_TEST((names == std::vector<std::string>{"state.json"}));
  BOOST_TEST(*files.Read(path, 100) == "new state");
  BOOST_TEST(files.Read(path, 5).status().code() == absl::StatusCode::kInvalidArgument);
  BOOST_TEST(files.Read(tmp / "missing.json", 100).status().code() == absl::StatusCode::kNotFound);
  BOOST_TEST(files.Read(tmp.path(), 100).status().code() == absl::StatusCode::kInvalidArgument);
  // A directory that does not exist: the write fails, leaving nothing.
  const absl::Status failed = files.Replace(tmp / "no/state.json", "x");
  BOOST_TEST(!failed.ok());
  BOOST_TEST(std::string(failed.message()) ==
             "cannot open the directory \"" + (tmp / "no") + "\": No such file or directory");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::page
