// A page that floods the session with events, through one `tool-host serve` against the fake
// BiDi server: 10,000 events of 100 KB (1 GB) during one frame stay bounded in bytes (the
// newest kept, the oldest counted), the host's peak resident set stays far below the traffic,
// and an event that arrives between calls is delivered with the next call, tagged -1.
#include <unistd.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <thread>

#include "absl/strings/str_cat.h"
#include "core/config.h"
#include "support/child_process.h"
#include "support/fake_bidi_server.h"
#include "support/temp_dir.h"

namespace firefox_bidi::testing {
namespace {

namespace json = boost::json;

const std::string kToolHost = std::string(FIREFOX_BIDI_BINARY_DIR) + "/bin/tool-host";

constexpr std::size_t kEvents = 10000;
constexpr std::size_t kTextBytes = 100 * 1000;
constexpr long kMaxPeakKib = 512 * 1024;

// A field of /proc/PID/status in KiB ("VmHWM:" is the peak resident set), or -1.
long StatusKib(pid_t pid, const std::string& field) {
  std::ifstream status(absl::StrCat("/proc/", pid, "/status"));
  std::string key;
  while (status >> key) {
    if (key == field) {
      long kib = -1;
      status >> kib;
      return kib;
    }
    status.ignore(1 << 16, '\n');
  }
  return -1;
}

// The event as the tool keeps it: the message with the frame's tag appended. script.message is
// not among the plugin's own subscriptions, so the batch sees it without subscribing.
std::string TaggedEvent(std::size_t n, const std::string& text, int frame) {
  return absl::StrCat(R"({"type":"event","method":"script.message","params":{"level":"info","n":)",
                      n, R"(,"text":")", text, R"("},"frame":)", frame, "}");
}

BOOST_AUTO_TEST_SUITE(event_flood)

BOOST_AUTO_TEST_CASE(ten_thousand_events_of_100_kb_keep_the_newest_within_bounds,
                     *boost::unit_test::timeout(900)) {
  const std::string text(kTextBytes, 'x');
  FakeBidiServer server;
  server.OnCommand("script.evaluate")
      .EmitEvents("script.message",
                  absl::StrCat(R"({"level":"info","n":{{n}},"text":")", text, R"("})"), kEvents)
      .Reply(R"({"type":"success","result":{"type":"undefined"},"realm":"r"})");
  // Answered at once; its event follows once the call has returned.
  server.OnCommand("browsingContext.getTree")
      .Reply(R"({"contexts":[]})")
      .DelayReply(std::chrono::milliseconds(100))
      .EmitEvent("script.message", R"({"level":"info","n":-1,"text":"later"})");
  TempDir dir;
  const std::string spool = dir / "spool";
  const std::string config =
      absl::StrCat(R"({"connect":")", server.url(), R"(","spool_dir":")", spool, R"("})");
  // No ASan quarantine: the peak must measure live memory in the sanitizer build too.
  std::unique_ptr<ChildProcess> host = ChildProcess::Spawn(
      {"/usr/bin/env", AsanOptionsWithoutQuarantine(), kToolHost, "--config", config, "serve"});

  BOOST_TEST_REQUIRE(host->Write(R"({"frames":[{"method":"script.evaluate","silent":true,)"
                                 R"("timeout_ms":600000,)"
                                 R"x("params":{"expression":"flood()"}}]})x"
                                 "\n"));
  std::optional<std::string> line = host->ReadLine(std::chrono::seconds(600));
  BOOST_TEST_REQUIRE(line.has_value(), host->Stderr());
  const long peak_kib = StatusKib(host->pid(), "VmHWM:");
  BOOST_TEST(peak_kib > 0);
  BOOST_TEST(peak_kib < kMaxPeakKib);

  // The newest events that fit in max_event_bytes are kept.
  const std::uint64_t budget = Limits{}.max_event_bytes;
  std::uint64_t kept_bytes = 0;
  std::size_t kept = 0;
  while (kept < kEvents) {
    const std::size_t size = TaggedEvent(kEvents - 1 - kept, text, 0).size();
    if (kept_bytes + size > budget) break;
    kept_bytes += size;
    ++kept;
  }
  BOOST_TEST_REQUIRE(kept == 83u);
  const json::value result = json::parse(*line);
  const json::array& events = result.at("events").as_array();
  BOOST_TEST_REQUIRE(events.size() == 2u);
  BOOST_TEST(json::serialize(events[0]) == absl::StrCat(R"({"dropped":)", kEvents - kept, "}"));
  const json::object& marker = events[1].as_object();
  BOOST_TEST(marker.at("count").to_number<std::size_t>() == kept);
  const std::string path(marker.at("spooled").as_string());
  std::ifstream file(path, std::ios::binary);
  const std::string lines((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  BOOST_TEST(marker.at("size").to_number<std::uint64_t>() == lines.size());
  BOOST_TEST(lines.size() == kept_bytes + kept);  // one '\n' per event
  const std::string first = TaggedEvent(kEvents - kept, text, 0) + "\n";
  const std::string last = TaggedEvent(kEvents - 1, text, 0) + "\n";
  BOOST_TEST((lines.compare(0, first.size(), first) == 0));
  BOOST_TEST((lines.compare(lines.size() - last.size(), last.size(), last) == 0));

  // An event that arrives after a call has returned comes with the next call, tagged -1.
  BOOST_TEST_REQUIRE(host->Write(R"({"frames":[{"method":"browsingContext.getTree"}]})"
                                 "\n"));
  line = host->ReadLine(std::chrono::seconds(30));
  BOOST_TEST_REQUIRE(line.has_value(), host->Stderr());
  BOOST_TEST(*line == R"({"frames":[{"index":0,"method":"browsingContext.getTree","result":)"
                      R"({"contexts":[]}}]})");
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  BOOST_TEST_REQUIRE(host->Write(R"({"frames":[{"method":"session.status","silent":true}]})"
                                 "\n"));
  line = host->ReadLine(std::chrono::seconds(30));
  BOOST_TEST_REQUIRE(line.has_value(), host->Stderr());
  BOOST_TEST(*line == R"({"frames":[{"index":0,"method":"session.status"}],"events":[)"
                      R"({"type":"event","method":"script.message","params":{"level":"info",)"
                      R"("n":-1,"text":"later"},"frame":-1}]})");
  host->CloseStdin();
  BOOST_TEST(host->Wait(std::chrono::seconds(30)) == 0);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::testing
