#include "core/event_log.h"

#include <boost/json/parse.hpp>
#include <boost/test/unit_test.hpp>
#include <memory>
#include <string>
#include <vector>

#include "core/batch_files.h"
#include "io/directory_spool.h"
#include "unit/spool_test_support.h"

namespace firefox_bidi {
namespace {

using testing::FailingWriteSpool;
using testing::ReadFile;

// An event of exactly `size` bytes once tagged with "frame":F (F one digit):
// {"m":"xx..","frame":F}.
boost::json::value Event(std::size_t size) {
  const std::size_t overhead = std::string(R"({"m":"","frame":0})").size();
  return boost::json::object{{"m", std::string(size - overhead, 'x')}};
}

struct EventLogFixture {
  EventLogFixture() {
    auto opened = OpenDirectorySpool(dir.path(), 1 << 20);
    BOOST_REQUIRE_MESSAGE(opened.ok(), opened.status().ToString());
    spool = std::move(*opened);
  }

  testing::TempDir dir;
  std::unique_ptr<Spool> spool;
  Limits limits;
};

BOOST_FIXTURE_TEST_SUITE(event_log, EventLogFixture)

BOOST_AUTO_TEST_CASE(no_event_gives_no_pieces_and_no_file) {
  EventLog log(limits);
  BatchFiles files(*spool, "default", 1 << 20, true);
  BOOST_TEST(log.Finish(100, 65536, 3, files).empty());
  BOOST_TEST(files.Drain().empty());  // nothing written, no batch started
}

BOOST_AUTO_TEST_CASE(events_are_tagged_with_their_frame_and_kept_in_order) {
  EventLog log(limits);
  log.Add(boost::json::parse(R"({"method":"log.entryAdded","params":{}})"), -1);
  log.Add(boost::json::parse(R"({"method":"x","frame":"theirs"})"), 2);
  log.Add(boost::json::parse(R"([1])"), 3);  // not an object: kept as it is
  BatchFiles files(*spool, "default", 1 << 20, true);
  BOOST_TEST(log.Finish(0, 65536, 4, files) ==
                 (std::vector<std::string>{R"({"method":"log.entryAdded","params":{},"frame":-1})",
                                           R"({"method":"x","frame":2})", "[1]"}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(past_max_events_the_oldest_are_dropped_and_counted) {
  limits.max_events = 2;
  EventLog log(limits);
  for (int n = 0; n < 5; ++n) log.Add(boost::json::object{{"n", n}}, 0);
  BOOST_TEST(log.kept() == 2u);
  BOOST_TEST(log.dropped() == 3u);
  BatchFiles files(*spool, "default", 1 << 20, true);
  BOOST_TEST(log.Finish(0, 65536, 0, files) ==
                 (std::vector<std::string>{R"({"dropped":3})", R"({"n":3,"frame":0})",
                                           R"({"n":4,"frame":0})"}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(past_max_event_bytes_the_oldest_are_dropped_and_one_too_large_at_once) {
  limits.max_event_bytes = 100;
  EventLog log(limits);
  log.Add(Event(40), 1);
  log.Add(Event(40), 2);
  BOOST_TEST(log.kept() == 2u);  // 80 bytes
  log.Add(Event(30), 3);         // 110: the oldest goes
  BOOST_TEST(log.kept() == 2u);
  BOOST_TEST(log.dropped() == 1u);
  log.Add(Event(101), 4);  // larger than the bound alone: dropped, the kept ones stay
  BOOST_TEST(log.kept() == 2u);
  BOOST_TEST(log.dropped() == 2u);
  log.Add(Event(100), 5);  // exactly the bound: kept alone
  BOOST_TEST(log.kept() == 1u);
  BOOST_TEST(log.dropped() == 4u);
}

BOOST_AUTO_TEST_CASE(at_most_max_inline_events_inline_and_the_rest_in_one_jsonl_file) {
  limits.max_inline_events = 2;
  EventLog log(limits);
  for (int n = 0; n < 4; ++n) log.Add(boost::json::object{{"n", n}}, n);
  BatchFiles files(*spool, "default", 1 << 20, true);
  std::vector<std::string> pieces = log.Finish(0, 65536, 7, files);
  const std::string path = dir / "000001-7-events.jsonl";
  const std::string lines = "{\"n\":2,\"frame\":2}\n{\"n\":3,\"frame\":3}\n";
  BOOST_TEST(
      pieces ==
          (std::vector<std::string>{
              R"({"n":0,"frame":0})", R"({"n":1,"frame":1})",
              R"({"spooled":")" + path +
                  R"(","size":36,"count":2,"preview":"{\"n\":2,\"frame\":2}\n{\"n\":3,\"frame\":3}\n"})"}),
      boost::test_tools::per_element());
  std::vector<absl::Status> statuses = files.Drain();
  BOOST_TEST(statuses.size() == 1u);
  log.CheckWritten(statuses, pieces);
  BOOST_TEST(pieces.size() == 3u);  // the marker stays
  BOOST_TEST(ReadFile(path) == lines);
}

// Inline events stop where the whole result would pass max_result_bytes: `used` counts the
// result with an empty "events" array, each element after the first adds a comma.
BOOST_AUTO_TEST_CASE(inline_events_stop_at_max_result_bytes) {
  EventLog log(limits);
  for (int n = 0; n < 3; ++n) log.Add(Event(20), 0);  // 20 bytes each
  BatchFiles files(*spool, "default", 1 << 20, true);
  // 100 + 20 = 120 and + 1 + 20 = 141 fit within 154; a third would make 162.
  std::vector<std::string> pieces = log.Finish(100, 154, 0, files);
  BOOST_TEST_REQUIRE(pieces.size() == 3u);
  BOOST_TEST(pieces[0].size() == 20u);
  BOOST_TEST(pieces[1].size() == 20u);
  BOOST_TEST(pieces[2].starts_with(R"({"spooled":")" + (dir / "000001-0-events.jsonl") +
                                   R"(","size":21,"count":1,)"));
  // The dropped count is an element too: with it, one event fewer fits.
  limits.max_events = 3;
  EventLog dropping(limits);
  for (int n = 0; n < 4; ++n) dropping.Add(Event(20), 0);
  BatchFiles more_files(*spool, "default", 1 << 20, true);
  pieces = dropping.Finish(100, 154, 1, more_files);
  BOOST_TEST_REQUIRE(pieces.size() == 3u);
  BOOST_TEST(pieces[0] == R"({"dropped":1})");  // 13 bytes: 113, + 21 = 134, then 155
  BOOST_TEST(pieces[1].size() == 20u);
  BOOST_TEST(pieces[2].starts_with(R"({"spooled":")"));
  BOOST_TEST(pieces[2].find(R"("count":2,)") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_refused_events_file_is_an_error_marker_with_the_count) {
  auto small = OpenDirectorySpool(dir / "small", 10);
  BOOST_REQUIRE(small.ok());
  limits.max_inline_events = 0;
  EventLog log(limits);
  log.Add(boost::json::object{{"n", 1}}, 0);
  BatchFiles files(**small, "default", 1 << 20, true);
  std::vector<std::string> pieces = log.Finish(0, 65536, 2, files);
  BOOST_TEST_REQUIRE(pieces.size() == 1u);
  BOOST_TEST(pieces[0].starts_with(
      R"({"error":{"error":"spool quota exceeded","message":"spool quota exceeded: frame needs 18 bytes, quota 10)"));
  BOOST_TEST(pieces[0].ends_with(R"("},"count":1})"));
}

BOOST_AUTO_TEST_CASE(a_failed_events_write_turns_the_marker_into_an_error) {
  FailingWriteSpool failing(*spool, "events");
  limits.max_inline_events = 1;
  EventLog log(limits);
  log.Add(boost::json::object{{"n", 1}}, 0);
  log.Add(boost::json::object{{"n", 2}}, 0);
  BatchFiles files(failing, "default", 1 << 20, true);
  std::vector<std::string> pieces = log.Finish(0, 65536, 1, files);
  BOOST_TEST_REQUIRE(pieces.size() == 2u);
  log.CheckWritten(files.Drain(), pieces);
  const std::string path = dir / "000001-1-events.jsonl";
  BOOST_TEST(pieces[0] == R"({"n":1,"frame":0})");
  BOOST_TEST(pieces[1] == R"({"error":{"error":"spool write failed","message":"cannot write )" +
                              path + R"(: No space left on device"},"count":1})");
  BOOST_TEST(!testing::Exists(path));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
