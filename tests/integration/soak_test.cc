// Thousands of batches through one `tool-host serve` against the fake BiDi server: labels,
// interpolation, pick, and results large enough to be spooled (with old batches evicted by the
// quota). The property under test is flat memory: the child's resident set after the first
// 500 batches and at the end differ by less than a generous bound, so per-call state (label
// cache, spool bookkeeping, events, buffers) does not accumulate.
#include <unistd.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "support/child_process.h"
#include "support/fake_bidi_server.h"
#include "support/temp_dir.h"

namespace firefox_bidi::testing {
namespace {

namespace json = boost::json;
using std::chrono::seconds;

const std::string kToolHost = std::string(FIREFOX_BIDI_BINARY_DIR) + "/bin/tool-host";

constexpr int kBatches = 3000;
constexpr int kWarmBatches = 500;
constexpr long kMaxGrowthKib = 8 * 1024;
constexpr std::size_t kLargeReplyBytes = 20000;  // > max_inline_bytes (8192): spooled
constexpr int kQuotaBytes = 1 << 20;             // ~50 batches' spool files: eviction runs

// The VmRSS of `pid` in KiB, or -1.
long ResidentKib(pid_t pid) {
  std::ifstream status(absl::StrCat("/proc/", pid, "/status"));
  std::string key;
  while (status >> key) {
    if (key == "VmRSS:") {
      long kib = -1;
      status >> kib;
      return kib;
    }
    status.ignore(1 << 16, '\n');
  }
  return -1;
}

BOOST_AUTO_TEST_SUITE(soak)

BOOST_AUTO_TEST_CASE(serve_memory_stays_flat_over_thousands_of_spooling_batches,
                     *boost::unit_test::timeout(300)) {
  FakeBidiServer server;
  server.OnCommand("script.evaluate")
      .Reply(R"({"type":"success","realm":"r","result":{"type":"string","value":"ctx-1"}})");
  server.OnCommand("script.callFunction").ReplyLarge(kLargeReplyBytes);
  TempDir dir;
  const std::string spool = dir / "spool";
  const std::string config = absl::StrCat(R"({"connect":")", server.url(), R"(","spool_dir":")",
                                          spool, R"(","spool_quota_bytes":)", kQuotaBytes, "}");
  // ASan keeps freed blocks in a quarantine (256 MiB by default) that reads as growth; off for
  // the child, the sanitizer build measures live memory too (other builds ignore the variable).
  std::unique_ptr<ChildProcess> host = ChildProcess::Spawn(
      {"/usr/bin/env", AsanOptionsWithoutQuarantine(), kToolHost, "--config", config, "serve"});
  const std::string batch =
      R"({"frames":[{"method":"script.evaluate","params":{"expression":"1"},"label":"a","pick":"result.value"},)"
      R"({"method":"browsingContext.getTree","params":{"root":"<<a.result.value>>","maxDepth":"<<a.result>>"}},)"
      R"js({"method":"script.callFunction","params":{"functionDeclaration":"f(<<a.result.value>>)"},"label":"big"}]})js"
      "\n";

  long warm_kib = -1;
  std::uint64_t last_size = 0;
  std::string last_preview;
  std::string last_spooled;
  for (int i = 1; i <= kBatches; ++i) {
    BOOST_TEST_REQUIRE(host->Write(batch));
    std::optional<std::string> line = host->ReadLine(std::chrono::milliseconds(30000));
    BOOST_TEST_REQUIRE(line.has_value(), "no result for batch " << i << "; " << host->Stderr());
    boost::system::error_code ec;
    json::value result = json::parse(*line, ec);
    BOOST_TEST_REQUIRE(!ec, *line);
    const json::array& frames = result.at("frames").as_array();
    BOOST_TEST_REQUIRE(frames.size() == 3u, *line);
    BOOST_TEST_REQUIRE(json::serialize(frames[0]) ==
                           R"({"index":0,"method":"script.evaluate","label":"a","result":"ctx-1"})",
                       *line);
    BOOST_TEST_REQUIRE(json::serialize(frames[1]) ==
                           R"({"index":1,"method":"browsingContext.getTree","result":{}})",
                       *line);
    const json::object& big = frames[2].as_object();
    BOOST_TEST_REQUIRE(big.contains("spooled"), *line);
    // The reply has a fixed byte count, so the result shrinks as the command ids get longer.
    const std::uint64_t size = big.at("size").to_number<std::uint64_t>();
    BOOST_TEST_REQUIRE((size > 8192u && size < 2 * kLargeReplyBytes), *line);
    last_size = size;
    last_preview = std::string(big.at("preview").as_string());
    last_spooled = std::string(big.at("spooled").as_string());
    if (i == kWarmBatches) warm_kib = ResidentKib(host->pid());
  }
  const long end_kib = ResidentKib(host->pid());

  // The last spool file is there with the reported size; interpolation sent the values.
  BOOST_TEST(last_spooled.rfind(spool + "/", 0) == 0u);
  BOOST_TEST(last_spooled.ends_with("-2-big.json"));
  std::ifstream file(last_spooled, std::ios::binary);
  const std::string spooled((std::istreambuf_iterator<char>(file)),
                            std::istreambuf_iterator<char>());
  // The file holds the result; `size` is the inline record's, which adds the record's keys.
  BOOST_TEST(spooled.size() > 8192u);
  BOOST_TEST(spooled.size() < last_size);
  BOOST_TEST(last_preview.size() == 200u);
  BOOST_TEST(spooled.rfind(last_preview, 0) == 0u);
  // Old batches were evicted: the spool stays within its quota.
  std::uintmax_t spool_bytes = 0;
  for (const auto& entry : std::filesystem::directory_iterator(spool)) {
    if (entry.is_regular_file()) spool_bytes += entry.file_size();  // not downloads/
  }
  BOOST_TEST(spool_bytes <= static_cast<std::uintmax_t>(kQuotaBytes));
  BOOST_TEST(spool_bytes >= spooled.size());
  std::vector<std::string> received = server.received();
  // session.new, the plugin's subscribe, data collector, requests subscription and preload
  // script, then 3 per batch
  BOOST_TEST_REQUIRE(received.size() == 5u + 3u * kBatches);
  json::value get_tree = json::parse(received[received.size() - 2]);
  BOOST_TEST(json::serialize(get_tree.at("params")) ==
             R"({"root":"ctx-1","maxDepth":{"type":"string","value":"ctx-1"}})");
  json::value call = json::parse(received.back());
  BOOST_TEST(call.at("params").at("functionDeclaration") == "f(ctx-1)");

  host->CloseStdin();
  BOOST_TEST(host->Wait(seconds(30)) == 0);
  BOOST_TEST_REQUIRE(warm_kib > 0);
  BOOST_TEST_REQUIRE(end_kib > 0);
  BOOST_TEST_MESSAGE("tool-host VmRSS after " << kWarmBatches << " batches: " << warm_kib
                                              << " KiB, after " << kBatches << ": " << end_kib
                                              << " KiB");
  BOOST_TEST(end_kib - warm_kib < kMaxGrowthKib);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::testing
