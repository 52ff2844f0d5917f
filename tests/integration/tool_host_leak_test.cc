// `tool-host call` over a whole batch against the fake BiDi server, with LeakSanitizer on. In
// the sanitizer build (the `dev` preset) tool-host is built with ASan, so any leak, ASan or
// UBSan finding in the host, the loader, the plugin or its threads shows on stderr and turns
// the exit code non-zero; in other builds the same run checks the batch's result.
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "support/child_process.h"
#include "support/fake_bidi_server.h"
#include "support/temp_dir.h"

namespace firefox_bidi::testing {
namespace {

namespace json = boost::json;

const std::string kToolHost = std::string(FIREFOX_BIDI_BINARY_DIR) + "/bin/tool-host";

// Every frame kind of a real batch: an event, a picked and labelled result, an interpolated
// reference, a spooled large result, a decoded screenshot file, a BiDi error with "continue".
constexpr char kBatch[] =
    R"({"frames":[)"
    R"({"method":"script.evaluate","params":{"expression":"1+2"},"label":"sum","pick":"result.value"},)"
    R"({"method":"browsingContext.getTree","label":"tree"},)"
    R"({"method":"script.callFunction","params":{"arguments":["<<sum.result.value>>"]}},)"
    R"({"method":"script.disown","label":"big"},)"
    R"({"method":"browsingContext.captureScreenshot","label":"shot"},)"
    R"({"method":"browsingContext.close"},)"
    R"({"method":"session.status"}],"on_error":"continue"})";

BOOST_AUTO_TEST_SUITE(tool_host_leaks)

BOOST_AUTO_TEST_CASE(call_over_a_batch_exits_0_without_a_sanitizer_report) {
  FakeBidiServer server;
  server.OnCommand("script.evaluate")
      .EmitEvent("script.message", R"({"level":"info","text":"hi"})")
      .Reply(R"({"type":"success","realm":"r","result":{"type":"number","value":3}})");
  server.OnCommand("script.disown").ReplyLarge(20000);
  server.OnCommand("browsingContext.captureScreenshot").Reply(R"({"data":"aGVsbG8="})");
  server.OnCommand("browsingContext.close").Error("no such frame", "gone");
  TempDir dir;
  const std::string spool = dir / "spool";
  const std::string config =
      R"({"connect":")" + server.url() + R"(","spool_dir":")" + spool + R"("})";

  // env sets the options for tool-host alone: the test binary's own were read at its start.
  const ProcessResult r = RunProcess({"/usr/bin/env", "ASAN_OPTIONS=detect_leaks=1",
                                      "UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1", kToolHost,
                                      "--config", config, "call", "--args", kBatch});
  BOOST_TEST(r.exit_code == 0, r.err);
  BOOST_TEST(r.err.find("LeakSanitizer") == std::string::npos, r.err);
  BOOST_TEST(r.err.find("AddressSanitizer") == std::string::npos, r.err);
  BOOST_TEST(r.err.find("runtime error") == std::string::npos, r.err);

  const json::value result = json::parse(r.out);
  const json::array& frames = result.at("frames").as_array();
  BOOST_REQUIRE(frames.size() == 7u);
  BOOST_TEST(json::serialize(frames[0]) ==
             R"({"index":0,"method":"script.evaluate","label":"sum","result":3})");
  BOOST_TEST(json::serialize(frames[2]) ==
             R"({"index":2,"method":"script.callFunction","result":{}})");
  BOOST_TEST(frames[3].at("spooled").as_string().starts_with(spool + "/"), frames[3]);
  BOOST_TEST(frames[3].at("size").as_int64() > 20000, frames[3]);
  BOOST_TEST(frames[4].at("mime").as_string() == "image/png", frames[4]);
  BOOST_TEST(frames[4].at("bytes").as_int64() == 5);
  BOOST_TEST(std::filesystem::file_size(std::string(frames[4].at("spooled").as_string())) == 5u);
  BOOST_TEST(json::serialize(frames[5].at("error")) ==
             R"({"error":"no such frame","message":"gone"})");
  BOOST_TEST(json::serialize(frames[6]) == R"({"index":6,"method":"session.status","result":{}})");
  BOOST_TEST(
      json::serialize(result.at("events")) ==
      R"([{"type":"event","method":"script.message","params":{"level":"info","text":"hi"},"frame":0}])");
  // The command received for frame 2 carries the interpolated value.
  const std::vector<std::string> received = server.received();
  // session.new, the plugin's session.subscribe, network data collector, network.
  // beforeRequestSent subscription and navigator.webdriver preload script first
  BOOST_REQUIRE(received.size() >= 8u);
  BOOST_TEST(json::parse(received[7]).at("params") == json::parse(R"({"arguments":[3]})"));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::testing
