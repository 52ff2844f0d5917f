#include "core/config.h"

#include <boost/json/serialize.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <variant>

namespace firefox_bidi {
namespace {

struct BadConfig {
  std::string json;
  std::string at;
  std::string message;
};

std::ostream& operator<<(std::ostream& os, const BadConfig& c) { return os << c.json; }

const BadConfig kBadConfigs[] = {
    {"[]", "", "config: must be an object, not an array"},
    {"42", "", "config: must be an object, not a number"},
    {"{", "", "config: not valid JSON (incomplete JSON)"},
    {R"({"frame_timeout":5})", "/frame_timeout",
     "config /frame_timeout: unknown key (the config takes firefox, prelaunch, connect, "
     "webdriver, spool_dir, max_inline_bytes, max_result_bytes, spool_quota_bytes, "
     "frame_timeout_ms, file_roots, allow_extensions, max_tabs, webdriver_flag, storage_state, "
     "agents)"},
    {R"({"a/b~c":1})", "/a~1b~0c",
     "config /a~1b~0c: unknown key (the config takes firefox, prelaunch, connect, webdriver, "
     "spool_dir, max_inline_bytes, max_result_bytes, spool_quota_bytes, frame_timeout_ms, "
     "file_roots, allow_extensions, max_tabs, webdriver_flag, storage_state, agents)"},
    {R"({"agents":{"max":0}})", "/agents/max",
     "config /agents/max: must be an integer from 1 to 1000"},
    {R"({"agents":{"defaults":{"timezone":""}}})", "/agents/defaults/timezone",
     "config /agents/defaults/timezone: must be a non-empty string such as \"Asia/Tokyo\""},
    {R"({"agents":{"idle":5}})", "/agents/idle",
     "config /agents/idle: unknown key (agents takes defaults, idle_s, max)"},
    {R"({"storage_state":"state.json"})", "/storage_state",
     "config /storage_state: must be an absolute path"},
    {R"({"storage_state":true})", "/storage_state",
     "config /storage_state: must be a string, not a boolean"},
    {R"({"firefox":[]})", "/firefox", "config /firefox: must be an object, not an array"},
    {R"({"firefox":{"headles":true}})", "/firefox/headles",
     "config /firefox/headles: unknown key (firefox takes binary, headless, args, prefs, env, "
     "offline, start_timeout_ms)"},
    {R"({"firefox":{"start_timeout_ms":0}})", "/firefox/start_timeout_ms",
     "config /firefox/start_timeout_ms: must be an integer from 1 to 86400000"},
    {R"({"firefox":{"start_timeout_ms":"60s"}})", "/firefox/start_timeout_ms",
     "config /firefox/start_timeout_ms: must be an integer, not a string"},
    {R"({"firefox":{"headless":"yes"}})", "/firefox/headless",
     "config /firefox/headless: must be a boolean, not a string"},
    {R"({"firefox":{"offline":1}})", "/firefox/offline",
     "config /firefox/offline: must be a boolean, not a number"},
    {R"({"firefox":{"binary":false}})", "/firefox/binary",
     "config /firefox/binary: must be a string, not a boolean"},
    {R"({"firefox":{"args":"-foo"}})", "/firefox/args",
     "config /firefox/args: must be an array of strings, not a string"},
    {R"({"firefox":{"args":["-a",7]}})", "/firefox/args/1",
     "config /firefox/args/1: must be a string, not a number"},
    {R"({"firefox":{"prefs":{"x.y":[1]}}})", "/firefox/prefs/x.y",
     "config /firefox/prefs/x.y: must be a boolean, a number or a string, not an array"},
    {R"({"firefox":{"prefs":{"":1}}})", "/firefox/prefs/",
     "config /firefox/prefs/: a pref name must not be empty"},
    {R"({"firefox":{"env":{"TOKEN":1}}})", "/firefox/env/TOKEN",
     "config /firefox/env/TOKEN: must be a string, not a number"},
    {R"({"firefox":{"env":{"A=B":"x"}}})", "/firefox/env/A=B",
     "config /firefox/env/A=B: an environment variable name must be non-empty without '='"},
    {R"({"prelaunch":null})", "/prelaunch", "config /prelaunch: must be a boolean, not null"},
    {R"({"connect":"http://127.0.0.1:9222/session"})", "/connect",
     "config /connect: must be a ws:// URL of a running Firefox's BiDi endpoint"},
    {R"({"webdriver":"ws://127.0.0.1:4444"})", "/webdriver",
     "config /webdriver: must be an http:// URL of a WebDriver endpoint"},
    {R"({"connect":"ws://a:1/session","webdriver":"http://b:2"})", "/webdriver",
     "config /webdriver: connect and webdriver exclude each other; give one"},
    {R"({"spool_dir":"relative/dir"})", "/spool_dir",
     "config /spool_dir: must be an absolute path"},
    {R"({"max_inline_bytes":-1})", "/max_inline_bytes",
     "config /max_inline_bytes: must be an integer from 0 to 18446744073709551615"},
    {R"({"max_inline_bytes":"8k"})", "/max_inline_bytes",
     "config /max_inline_bytes: must be an integer, not a string"},
    {R"({"max_result_bytes":0})", "/max_result_bytes",
     "config /max_result_bytes: must be an integer from 1 to 18446744073709551615"},
    {R"({"spool_quota_bytes":1.5})", "/spool_quota_bytes",
     "config /spool_quota_bytes: must be an integer from 0 to 18446744073709551615"},
    {R"({"frame_timeout_ms":0})", "/frame_timeout_ms",
     "config /frame_timeout_ms: must be an integer from 1 to 86400000"},
    {R"({"frame_timeout_ms":86400001})", "/frame_timeout_ms",
     "config /frame_timeout_ms: must be an integer from 1 to 86400000"},
    {R"({"file_roots":"/home"})", "/file_roots",
     "config /file_roots: must be an array of absolute paths, not a string"},
    {R"({"file_roots":["/srv",3]})", "/file_roots/1",
     "config /file_roots/1: must be a string, not a number"},
    {R"({"file_roots":["/srv","docs"]})", "/file_roots/1",
     "config /file_roots/1: must be an absolute path"},
    {R"({"file_roots":[""]})", "/file_roots/0", "config /file_roots/0: must be an absolute path"},
    {R"({"allow_extensions":"yes"})", "/allow_extensions",
     "config /allow_extensions: must be a boolean, not a string"},
    {R"({"webdriver_flag":1})", "/webdriver_flag",
     "config /webdriver_flag: must be a boolean, not a number"},
    {R"({"max_tabs":0})", "/max_tabs", "config /max_tabs: must be an integer from 1 to 1000"},
    {R"({"max_tabs":1001})", "/max_tabs", "config /max_tabs: must be an integer from 1 to 1000"},
};

// The parsed config; fails the test when it was refused.
InstanceConfig Parsed(std::string_view text) {
  ToolErrorOr<InstanceConfig> parsed = ParseConfig(text);
  const ToolError* error = std::get_if<ToolError>(&parsed);
  BOOST_TEST_REQUIRE(error == nullptr,
                     std::string(text) + " refused: " + (error ? error->message : ""));
  return std::get<InstanceConfig>(std::move(parsed));
}

// The refusal; fails the test when the config was accepted.
ToolError Refusal(std::string_view text) {
  ToolErrorOr<InstanceConfig> parsed = ParseConfig(text);
  BOOST_TEST_REQUIRE(std::holds_alternative<ToolError>(parsed), std::string(text));
  return std::get<ToolError>(std::move(parsed));
}

BOOST_AUTO_TEST_SUITE(config)

BOOST_AUTO_TEST_CASE(empty_text_and_empty_object_give_the_documented_defaults) {
  for (const char* text : {"", "  \n", "{}"}) {
    const InstanceConfig parsed = Parsed(text);
    const InstanceConfig* c = &parsed;
    BOOST_TEST(c->firefox.binary == "");
    BOOST_TEST(c->firefox.headless == true);
    BOOST_TEST(c->firefox.offline == false);
    BOOST_TEST(c->firefox.start_timeout.count() == 30000);
    BOOST_TEST(c->firefox.args.empty());
    BOOST_TEST(!c->prelaunch.has_value());
    BOOST_TEST(c->connect == "");
    BOOST_TEST(c->webdriver == "");
    BOOST_TEST(c->spool_dir == "");
    BOOST_TEST(c->max_inline_bytes == 8192u);
    BOOST_TEST(c->max_result_bytes == 65536u);
    BOOST_TEST(c->spool_quota_bytes == 16777216u);
    BOOST_TEST(c->frame_timeout.count() == 30000);
    BOOST_TEST(!c->file_roots.has_value());  // the host's working directory
    BOOST_TEST(c->allow_extensions == false);
    BOOST_TEST(c->max_tabs == 32u);
    BOOST_TEST(c->webdriver_flag == false);
    BOOST_TEST(c->storage_state == "");
  }
}

BOOST_AUTO_TEST_CASE(every_documented_key_is_read) {
  const InstanceConfig parsed = Parsed(
      R"({"firefox":{"binary":"/opt/ff/firefox","headless":false,"args":["-a","b"],
          "prefs":{"p.bool":true,"p.int":3,"p.str":"s"},"env":{"LANG":"C"},"offline":true,
          "start_timeout_ms":90000},
          "prelaunch":true,"connect":"ws://127.0.0.1:9222/session","spool_dir":"/tmp/sp",
          "max_inline_bytes":0,"max_result_bytes":100,"spool_quota_bytes":12345,
          "frame_timeout_ms":250,"file_roots":["/srv/docs","/home/u/in"],
          "allow_extensions":true,"max_tabs":5,"webdriver_flag":true,
          "storage_state":"/srv/docs/state.json"})");
  const InstanceConfig* c = &parsed;
  BOOST_TEST(c->firefox.binary == "/opt/ff/firefox");
  BOOST_TEST(c->firefox.headless == false);
  BOOST_TEST(c->firefox.offline == true);
  BOOST_TEST(c->firefox.start_timeout.count() == 90000);
  BOOST_TEST((c->firefox.args == std::vector<std::string>{"-a", "b"}));
  BOOST_TEST(c->firefox.prefs.size() == 3u);
  BOOST_TEST(c->firefox.prefs.at("p.bool").as_bool() == true);
  BOOST_TEST(c->firefox.prefs.at("p.int").as_int64() == 3);
  BOOST_TEST(c->firefox.prefs.at("p.str").as_string() == "s");
  BOOST_TEST(c->firefox.env.size() == 1u);
  BOOST_TEST(c->firefox.env.at("LANG") == "C");
  BOOST_TEST((c->prelaunch == std::optional<bool>(true)));
  BOOST_TEST(c->connect == "ws://127.0.0.1:9222/session");
  BOOST_TEST(c->spool_dir == "/tmp/sp");
  BOOST_TEST(c->max_inline_bytes == 0u);
  BOOST_TEST(c->max_result_bytes == 100u);
  BOOST_TEST(c->spool_quota_bytes == 12345u);
  BOOST_TEST(c->frame_timeout.count() == 250);
  BOOST_TEST_REQUIRE(c->file_roots.has_value());
  BOOST_TEST((*c->file_roots == std::vector<std::string>{"/srv/docs", "/home/u/in"}));
  BOOST_TEST(c->allow_extensions == true);
  BOOST_TEST(c->max_tabs == 5u);
  BOOST_TEST(c->webdriver_flag == true);
  BOOST_TEST(c->storage_state == "/srv/docs/state.json");
}

BOOST_AUTO_TEST_CASE(agents_config_is_read) {
  const InstanceConfig plain = Parsed("{}");
  BOOST_TEST(plain.agents.max == 32u);
  BOOST_TEST(plain.agents.idle.count() == 1800);
  BOOST_TEST(plain.agents.defaults.empty());
  const InstanceConfig c =
      Parsed(R"({"agents":{"defaults":{"locale":"de-DE"},"idle_s":60,"max":4}})");
  BOOST_TEST(c.agents.max == 4u);
  BOOST_TEST(c.agents.idle.count() == 60);
  BOOST_TEST(boost::json::serialize(c.agents.defaults) == R"({"locale":"de-DE"})");
}

BOOST_AUTO_TEST_CASE(empty_file_roots_allow_no_files_at_all) {
  const InstanceConfig c = Parsed(R"({"file_roots":[]})");
  BOOST_TEST_REQUIRE(c.file_roots.has_value());
  BOOST_TEST(c.file_roots->empty());
}

BOOST_AUTO_TEST_CASE(webdriver_endpoint_is_read) {
  BOOST_TEST(Parsed(R"({"webdriver":"http://grid:4444"})").webdriver == "http://grid:4444");
}

BOOST_DATA_TEST_CASE(bad_config_is_refused_with_the_pointer_to_the_bad_value,
                     boost::unit_test::data::make(kBadConfigs), bad) {
  const ToolError error = Refusal(bad.json);
  BOOST_TEST(error.kind == "invalid_config");
  BOOST_TEST(error.message == bad.message);
  BOOST_TEST_REQUIRE(error.at.has_value());
  BOOST_TEST(*error.at == bad.at);
}

BOOST_AUTO_TEST_CASE(errors_never_echo_config_values) {
  const ToolError error = Refusal(R"({"firefox":{"env":{"API_TOKEN":["sekret-value"]}}})");
  BOOST_TEST(error.message.find("sekret") == std::string::npos);
  BOOST_TEST_REQUIRE(error.at.has_value());
  BOOST_TEST(*error.at == "/firefox/env/API_TOKEN");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
