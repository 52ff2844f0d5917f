// What a page-controlled result costs tool-host's memory, against real headless Firefox: a
// `tool-host serve` whose peak and resident set are read from /proc. Its own ctest entry
// (e2e_memory), left out of the sanitizer build, where ASan's shadow memory makes the figures
// meaningless.
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include "support/child_process.h"
#include "support/temp_dir.h"

namespace firefox_bidi::testing {
namespace {

namespace json = boost::json;
using std::chrono::seconds;

const std::string kToolHost = std::string(FIREFOX_BIDI_BINARY_DIR) + "/bin/tool-host";

// A field of /proc/PID/status ("VmRSS", "VmHWM") in KiB; -1 when missing.
std::int64_t StatusKib(pid_t pid, const std::string& field) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(field + ":", 0) == 0) return std::stoll(line.substr(field.size() + 1));
  }
  return -1;
}

std::string FirstBytes(const std::string& path, std::size_t n) {
  std::ifstream in(path, std::ios::binary);
  std::string bytes(n, '\0');
  in.read(bytes.data(), static_cast<std::streamsize>(n));
  bytes.resize(static_cast<std::size_t>(in.gcount()));
  return bytes;
}

BOOST_AUTO_TEST_SUITE(e2e_memory)

BOOST_AUTO_TEST_CASE(eval_of_8_million_numbers_stays_under_1_gib_and_gives_memory_back) {
  TempDir dir;
  const std::string spool = dir.path() + "/spool";
  auto child = ChildProcess::Spawn({kToolHost, "--config",
                                    R"({"firefox":{"offline":true},"spool_dir":")" + spool +
                                        R"(","spool_quota_bytes":67108864})",
                                    "serve"});
  child->Write(R"({"frames":[{"method":"page.eval","params":{"expression":"1+1"}}]})"
               "\n");
  BOOST_TEST_REQUIRE(child->ReadLine(seconds(180)).value_or("") ==
                         R"({"frames":[{"index":0,"method":"page.eval","result":2}]})",
                     child->Stderr());
  const std::int64_t before = StatusKib(child->pid(), "VmRSS");
  child->Write(R"J({"frames":[{"method":"page.eval","params":{"expression":"Array(8e6).fill(0)"},)J"
               R"J("timeout_ms":120000}]})J"
               "\n");
  const json::value result = json::parse(child->ReadLine(seconds(150)).value_or("null"));
  const std::int64_t peak = StatusKib(child->pid(), "VmHWM");
  const std::int64_t after = StatusKib(child->pid(), "VmRSS");
  const json::object& record = result.at("frames").at(0).as_object();
  // "[0,0,...,0]": 8e6 digits, 8e6 - 1 commas, 2 brackets.
  const std::string file = spool + "/000001-0.json";
  BOOST_TEST(json::serialize(record.at("spooled")) == json::serialize(json::value(file)));
  BOOST_TEST(record.at("size").as_int64() == 16000043);  // the record's 42 bytes around it
  BOOST_TEST(std::filesystem::file_size(file) == 16000001u);
  BOOST_TEST(FirstBytes(file, 8) == "[0,0,0,0");
  BOOST_TEST_MESSAGE("tool-host RSS before " << before << " KiB, peak " << peak << " KiB, after "
                                             << after << " KiB");
  BOOST_TEST(before > 0);
  BOOST_TEST(peak < 1024 * 1024);          // under 1 GiB at its peak
  BOOST_TEST(after - before < 64 * 1024);  // and back within 64 MiB
  child->CloseStdin();
  BOOST_TEST(child->Wait(seconds(60)) == 0);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::testing
