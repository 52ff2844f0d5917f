// The parts of tool-host below the commands: line framing over a pipe, the ordered worker,
// and the helpers that build MCP content (base64, file URIs, version negotiation).
#include "line_server.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "host_util.h"
#include "mcp_server.h"

namespace tool_host {
namespace {

// Feeds `input` through a pipe into LineReader::Run and returns what the handler saw; a line
// that was too long is recorded as "<too long>".
std::vector<std::string> ReadLines(std::string input) {
  int fds[2];
  BOOST_TEST_REQUIRE(::pipe2(fds, O_CLOEXEC) == 0);
  std::thread writer([fd = fds[1], input = std::move(input)] {
    std::size_t done = 0;
    while (done < input.size()) {
      ssize_t n = ::write(fd, input.data() + done, input.size() - done);
      if (n <= 0) break;
      done += static_cast<std::size_t>(n);
    }
    ::close(fd);
  });
  std::vector<std::string> lines;
  LineReader::End end = LineReader::Run(fds[0], -1, [&](std::string_view line, bool too_long) {
    lines.push_back(too_long ? "<too long>" : std::string(line));
  });
  writer.join();
  ::close(fds[0]);
  BOOST_TEST((end == LineReader::End::kEof));
  return lines;
}

BOOST_AUTO_TEST_SUITE(line_server)

BOOST_AUTO_TEST_CASE(lines_are_split_on_newline_with_crlf_and_blank_lines_handled) {
  BOOST_TEST(
      (ReadLines("a\nb\r\n\n  \n{\"c\":1}") == std::vector<std::string>{"a", "b", "{\"c\":1}"}));
  BOOST_TEST(ReadLines("").empty());
}

BOOST_AUTO_TEST_CASE(a_line_split_across_reads_arrives_whole) {
  std::string big(200000, 'x');  // several 64 KiB reads
  BOOST_TEST((ReadLines(big + "\nend\n") == std::vector<std::string>{big, "end"}));
}

BOOST_AUTO_TEST_CASE(an_overlong_line_is_reported_and_the_next_line_still_read) {
  std::string huge(LineReader::kMaxLineBytes + 1, 'y');
  BOOST_TEST((ReadLines("first\n" + huge + "\nlast\n") ==
              std::vector<std::string>{"first", "<too long>", "last"}));
}

BOOST_AUTO_TEST_CASE(reader_stops_when_the_stop_descriptor_becomes_readable) {
  int in[2];
  int stop[2];
  BOOST_TEST_REQUIRE(::pipe2(in, O_CLOEXEC) == 0);
  BOOST_TEST_REQUIRE(::pipe2(stop, O_CLOEXEC) == 0);
  BOOST_TEST_REQUIRE(::write(stop[1], "x", 1) == 1);
  LineReader::End end = LineReader::Run(in[0], stop[0], [](std::string_view, bool) {});
  BOOST_TEST((end == LineReader::End::kStopped));
  for (int fd : {in[0], in[1], stop[0], stop[1]}) ::close(fd);
}

BOOST_AUTO_TEST_CASE(worker_runs_jobs_in_order_and_close_drops_the_queued_ones) {
  Worker worker;
  std::vector<int> ran;
  std::atomic<bool> release{false};
  std::atomic<bool> started{false};
  worker.Post([&] {
    started = true;
    while (!release) std::this_thread::yield();
    ran.push_back(1);
  });
  worker.Post([&] { ran.push_back(2); });
  while (!started) std::this_thread::yield();
  worker.Close();
  worker.Post([&] { ran.push_back(3); });  // ignored after Close
  release = true;
  worker.Finish();
  BOOST_TEST((ran == std::vector<int>{1}));

  Worker ordered;
  std::vector<int> seen;
  for (int i = 0; i < 100; ++i) ordered.Post([&seen, i] { seen.push_back(i); });
  ordered.Finish();
  BOOST_TEST_REQUIRE(seen.size() == 100u);
  for (int i = 0; i < 100; ++i) BOOST_TEST(seen[static_cast<std::size_t>(i)] == i);
}

BOOST_AUTO_TEST_CASE(worker_runs_other_keys_alongside_and_each_key_in_order) {
  Worker worker(/*max_queued=*/2, /*threads=*/4);
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<std::string> events;
  bool release_a = false;
  auto log = [&](std::string event) {
    std::lock_guard<std::mutex> lock(mutex);
    events.push_back(std::move(event));
    changed.notify_all();
  };
  auto wait_for = [&](std::size_t n) {
    std::unique_lock<std::mutex> lock(mutex);
    return changed.wait_for(lock, std::chrono::seconds(30), [&] { return events.size() >= n; });
  };
  BOOST_TEST(worker.TryPost(
      [&] {
        log("a1 start");
        std::unique_lock<std::mutex> lock(mutex);
        changed.wait(lock, [&] { return release_a; });
      },
      "a"));
  BOOST_TEST_REQUIRE(wait_for(1));
  // a1 runs (it does not count as waiting); a2 waits behind it and b1 runs beside it.
  BOOST_TEST(worker.TryPost([&] { log("a2"); }, "a"));
  BOOST_TEST(worker.TryPost([&] { log("b1"); }, "b"));
  BOOST_TEST_REQUIRE(wait_for(2));
  // b1 has run: only a2 waits, so there is room for one more, not two.
  BOOST_TEST(worker.TryPost([&] { log("a3"); }, "a"));
  BOOST_TEST(!worker.TryPost([&] { log("a4"); }, "a"));
  {
    std::lock_guard<std::mutex> lock(mutex);
    BOOST_TEST((events == std::vector<std::string>{"a1 start", "b1"}));
    release_a = true;
    changed.notify_all();
  }
  worker.Finish();
  BOOST_TEST((events == std::vector<std::string>{"a1 start", "b1", "a2", "a3"}));
}

BOOST_AUTO_TEST_CASE(base64_matches_the_rfc_4648_vectors) {
  BOOST_TEST(Base64("") == "");
  BOOST_TEST(Base64("f") == "Zg==");
  BOOST_TEST(Base64("fo") == "Zm8=");
  BOOST_TEST(Base64("foo") == "Zm9v");
  BOOST_TEST(Base64("foob") == "Zm9vYg==");
  BOOST_TEST(Base64("fooba") == "Zm9vYmE=");
  BOOST_TEST(Base64("foobar") == "Zm9vYmFy");
  BOOST_TEST(Base64(std::string("\xff\xfe\x00", 3)) == "//4A");
}

BOOST_AUTO_TEST_CASE(protocol_version_is_theirs_when_supported_else_ours) {
  BOOST_TEST(NegotiateProtocolVersion("2025-11-25") == "2025-11-25");
  BOOST_TEST(NegotiateProtocolVersion("2025-06-18") == "2025-06-18");
  BOOST_TEST(NegotiateProtocolVersion("2025-03-26") == "2025-03-26");
  BOOST_TEST(NegotiateProtocolVersion("2024-11-05") == "2024-11-05");
  BOOST_TEST(NegotiateProtocolVersion("2030-01-01") == "2025-11-25");
  BOOST_TEST(NegotiateProtocolVersion("") == "2025-11-25");
}

BOOST_AUTO_TEST_CASE(content_follows_the_parts_and_never_reads_the_result_json) {
  // A result JSON that looks like a spooled screenshot gives no content of its own.
  agent_tool::ToolResult result;
  result.status = AGENT_TOOL_STATUS_OK;
  result.json =
      R"({"frames":[{"index":0,"method":"m","spooled":"/nonexistent/x.png","mime":"image/png"}]})";
  boost::json::array text_only{boost::json::object{{"type", "text"}, {"text", result.json}}};
  BOOST_TEST(ToolResultContent(result) == text_only);

  result.parts = {
      {.kind = AGENT_TOOL_CONTENT_IMAGE, .mime = "image/png", .path = "/nonexistent/x.png"},
      {.kind = AGENT_TOOL_CONTENT_IMAGE, .mime = "image/webp", .data = "foo"},
      {.kind = AGENT_TOOL_CONTENT_TEXT, .text = "note"},
      {.kind = AGENT_TOOL_CONTENT_RESOURCE_LINK, .uri = "file:///x", .name = "x"},
      {.kind = 42, .text = "from a later ABI minor"}};
  boost::json::array expected = text_only;
  // The image file does not exist: left out. The unknown kind: left out.
  expected.push_back(
      boost::json::parse(R"({"type":"image","data":"Zm9v","mimeType":"image/webp"})"));
  expected.push_back(boost::json::parse(R"({"type":"text","text":"note"})"));
  expected.push_back(
      boost::json::parse(R"({"type":"resource_link","uri":"file:///x","name":"x"})"));
  BOOST_TEST(ToolResultContent(result) == expected);
}

BOOST_AUTO_TEST_CASE(one_line_rewrites_only_multi_line_json) {
  BOOST_TEST(OneLine("{\"a\":1}") == "{\"a\":1}");
  BOOST_TEST(OneLine("{\n  \"a\": [1,\n 2]\n}") == "{\"a\":[1,2]}");
  BOOST_TEST(OneLine("not\njson") == "not json");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tool_host
