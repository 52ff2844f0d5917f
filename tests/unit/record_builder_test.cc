#include "core/record_builder.h"

#include <boost/json/parse.hpp>
#include <boost/test/unit_test.hpp>
#include <memory>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/batch_args.h"
#include "io/directory_spool.h"
#include "unit/spool_test_support.h"

namespace firefox_bidi {
namespace {

using testing::FailingWriteSpool;
using testing::ReadFile;

struct RecordBuilderFixture {
  RecordBuilderFixture() {
    auto opened = OpenDirectorySpool(dir.path(), 1 << 20);
    BOOST_REQUIRE_MESSAGE(opened.ok(), opened.status().ToString());
    spool = std::move(*opened);
    options.max_inline_bytes = 100;
    options.max_result_bytes = 1000;
  }

  // The frames of `args_json` (a batch's arguments).
  static std::vector<Frame> Frames(std::string_view args_json) {
    ToolErrorOr<BatchArgs> parsed = ParseBatchArgs(args_json, Limits{});
    BOOST_REQUIRE(std::holds_alternative<BatchArgs>(parsed));
    return std::get<BatchArgs>(std::move(parsed)).frames;
  }

  static RecordHead Head(std::size_t i, const Frame& frame) {
    return RecordHead{i, frame.method, frame.label};
  }

  static std::shared_ptr<ReplyResult> Result(std::string_view json) {
    return std::make_shared<ReplyResult>(ReplyResult::FromCanonicalText(std::string(json)));
  }

  testing::TempDir dir;
  std::unique_ptr<Spool> spool;
  RecordOptions options;
};

BOOST_FIXTURE_TEST_SUITE(record_builder, RecordBuilderFixture)

BOOST_AUTO_TEST_CASE(small_results_are_inline_silent_frames_have_none_and_pick_selects) {
  const std::vector<Frame> frames = Frames(R"({"frames":[
      {"method":"a.b","label":"one"},
      {"method":"a.c","silent":true},
      {"method":"a.d","pick":"x.1"}]})");
  BatchFiles files(*spool, "default", 1 << 20, true);
  RecordBuilder records(options, files, frames.size());
  std::shared_ptr<ReplyResult> one = Result(R"({"v":1})");
  BOOST_TEST(records.AddResult(Head(0, frames[0]), frames[0], one, ResultFile::kJson));
  BOOST_TEST(one->text() == R"({"v":1})");  // a labeled result keeps its text
  std::shared_ptr<ReplyResult> two = Result("[2]");
  BOOST_TEST(records.AddResult(Head(1, frames[1]), frames[1], two, ResultFile::kJson));
  std::shared_ptr<ReplyResult> three = Result(R"({"x":[5,{"y":6}]})");
  BOOST_TEST(records.AddResult(Head(2, frames[2]), frames[2], three, ResultFile::kJson));
  records.CheckWritten(files.Drain());
  BOOST_TEST(records.Assemble({}) ==
             R"({"frames":[{"index":0,"method":"a.b","label":"one","result":{"v":1}},)"
             R"({"index":1,"method":"a.c"},{"index":2,"method":"a.d","result":{"y":6}}]})");
  BOOST_TEST(testing::ListDir(dir.path()) == (std::set<std::string>{".lock"}));
}

BOOST_AUTO_TEST_CASE(a_pick_that_does_not_resolve_is_an_error_record_and_fails_the_frame) {
  const std::vector<Frame> frames = Frames(R"({"frames":[{"method":"a.b","pick":"nope"}]})");
  BatchFiles files(*spool, "default", 1 << 20, true);
  RecordBuilder records(options, files, 1);
  std::shared_ptr<ReplyResult> result = Result(R"({"v":1})");
  BOOST_TEST(!records.AddResult(Head(0, frames[0]), frames[0], result, ResultFile::kJson));
  const std::string out = records.Assemble({});
  BOOST_TEST(out.starts_with(
      R"({"frames":[{"index":0,"method":"a.b","error":{"error":"invalid pick","message":"pick \"nope\": )"));
  BOOST_TEST(
      out.ends_with(R"x( (the frame ran; its label, if any, still binds the whole result)"}}]})x"));
}

// N = the probe's size - 1 + the result's; past max_inline_bytes the result is spooled as its
// compact JSON, the marker carries N and the first 200 bytes.
BOOST_AUTO_TEST_CASE(a_result_over_max_inline_bytes_is_spooled_as_json) {
  const std::vector<Frame> frames = Frames(R"({"frames":[{"method":"a.b"},{"method":"a.c"}]})");
  BatchFiles files(*spool, "default", 1 << 20, true);
  RecordBuilder records(options, files, 2);
  const std::string text = absl::StrCat(R"({"s":")", std::string(300, 'z'), R"("})");
  std::shared_ptr<ReplyResult> big = Result(text);
  BOOST_TEST(records.AddResult(Head(0, frames[0]), frames[0], big, ResultFile::kJson));
  // Exactly at the bound stays inline: N = 36 + 64 = 100 ({"index":1,"method":"a.c","result":}
  // is 36 bytes).
  const std::string fits = absl::StrCat(R"(")", std::string(62, 'q'), R"(")");
  std::shared_ptr<ReplyResult> at_bound = Result(fits);
  BOOST_TEST(records.AddResult(Head(1, frames[1]), frames[1], at_bound, ResultFile::kJson));
  records.CheckWritten(files.Drain());
  const std::string path = dir / "000001-0.json";
  BOOST_TEST(records.Assemble({}) ==
             absl::StrCat(R"({"frames":[{"index":0,"method":"a.b","spooled":")", path,
                          R"(","size":)", 36 + text.size(), R"(,"preview":")",
                          absl::StrCat(R"({\"s\":\")", std::string(194, 'z')),
                          R"("},{"index":1,"method":"a.c","result":)", fits, "}]}"));
  BOOST_TEST(ReadFile(path) == text);
}

// A labeled result stays bound after it is spooled: the file is written from the very text the
// label holds, which stays where it was.
BOOST_AUTO_TEST_CASE(a_labeled_result_is_spooled_from_the_text_its_label_keeps) {
  const std::vector<Frame> frames = Frames(R"({"frames":[{"method":"a.b","label":"page"}]})");
  BatchFiles files(*spool, "default", 1 << 20, true);
  RecordBuilder records(options, files, 1);
  const std::string text = absl::StrCat(R"({"s":")", std::string(300, 'z'), R"("})");
  std::shared_ptr<ReplyResult> big = Result(text);
  const void* held = big->text().data();
  BOOST_TEST(records.AddResult(Head(0, frames[0]), frames[0], big, ResultFile::kJson));
  records.CheckWritten(files.Drain());
  BOOST_TEST(big.use_count() == 1);  // the writer let it go once the file was written
  BOOST_TEST(static_cast<const void*>(big->text().data()) == held);
  BOOST_TEST(big->text() == text);
  BOOST_TEST(ReadFile(dir / "000001-0-page.json") == text);
}

// The whole result stays within max_result_bytes: a record that fits max_inline_bytes alone is
// spooled once {"frames":[...]} with it would be larger.
BOOST_AUTO_TEST_CASE(a_result_that_would_pass_max_result_bytes_is_spooled) {
  options.max_result_bytes = 100;
  const std::vector<Frame> frames = Frames(R"({"frames":[{"method":"a.b"},{"method":"a.c"}]})");
  BatchFiles files(*spool, "default", 1 << 20, true);
  RecordBuilder records(options, files, 2);
  const std::string forty = absl::StrCat(R"(")", std::string(38, 'w'), R"(")");
  std::shared_ptr<ReplyResult> first =
      Result(forty);  // record: 37 - 1 + 40 = 76; result 11 + 76 + 2 = 89
  std::shared_ptr<ReplyResult> second = Result(forty);  // 89 + 1 + 76 = 166 > 100
  BOOST_TEST(records.AddResult(Head(0, frames[0]), frames[0], first, ResultFile::kJson));
  BOOST_TEST(records.SizeWithEmptyEvents() == 76u + 11 + 12 + 2);
  BOOST_TEST(records.AddResult(Head(1, frames[1]), frames[1], second, ResultFile::kJson));
  records.CheckWritten(files.Drain());
  const std::string path = dir / "000001-1.json";
  BOOST_TEST(records.Assemble({}) ==
             absl::StrCat(R"({"frames":[{"index":0,"method":"a.b","result":)", forty,
                          R"(},{"index":1,"method":"a.c","spooled":")", path,
                          R"(","size":76,"preview":"\")", std::string(38, 'w'), R"(\""}]})"));
  BOOST_TEST(ReadFile(path) == forty);
}

BOOST_AUTO_TEST_CASE(a_text_result_is_spooled_as_its_characters) {
  const std::vector<Frame> frames = Frames(R"({"frames":[{"method":"x.text","label":"t"}]})");
  BatchFiles files(*spool, "default", 1 << 20, true);
  RecordBuilder records(options, files, 1);
  const std::string chars = "line one\n" + std::string(200, 'k') + "\n\"end\"";
  auto result = std::make_shared<ReplyResult>(boost::json::value(chars));
  BOOST_TEST(records.AddResult(Head(0, frames[0]), frames[0], result, ResultFile::kText));
  records.CheckWritten(files.Drain());
  const std::string path = dir / "000001-0-t.txt";
  // N counts the JSON string (newlines and quotes escaped: 4 bytes more, 2 quotes).
  const std::size_t size =
      std::string(R"({"index":0,"method":"x.text","label":"t","result":0})").size() - 1 +
      chars.size() + 6;
  BOOST_TEST(records.Assemble({}) ==
             absl::StrCat(R"({"frames":[{"index":0,"method":"x.text","label":"t","spooled":")",
                          path, R"(","size":)", size, R"(,"preview":"line one\n)",
                          std::string(191, 'k'), R"(","mime":"text/plain","bytes":)", chars.size(),
                          "}]}"));
  BOOST_TEST(ReadFile(path) == chars);
}

// A screenshot is always spooled, decoded, typed by its bytes (JPEG here, though asked as
// captureScreenshot, whose default is PNG); silent wins.
BOOST_AUTO_TEST_CASE(a_screenshot_is_spooled_decoded_and_typed_by_its_bytes) {
  const std::vector<Frame> frames = Frames(R"({"frames":[
      {"method":"browsingContext.captureScreenshot","label":"shot"},
      {"method":"browsingContext.captureScreenshot","silent":true}]})");
  BatchFiles files(*spool, "default", 1 << 20, true);
  RecordBuilder records(options, files, 2);
  const std::string text = R"({"data":"/9j/4EpGSUY="})";
  std::shared_ptr<ReplyResult> shot = Result(text);
  BOOST_TEST(records.AddResult(Head(0, frames[0]), frames[0], shot, ResultFile::kJson));
  std::shared_ptr<ReplyResult> silent = Result(text);
  BOOST_TEST(records.AddResult(Head(1, frames[1]), frames[1], silent, ResultFile::kJson));
  records.CheckWritten(files.Drain());
  const std::string path = dir / "000001-0-shot.jpg";
  BOOST_TEST(
      records.Assemble({}) ==
      absl::StrCat(
          R"({"frames":[{"index":0,"method":"browsingContext.captureScreenshot",)"
          R"("label":"shot","spooled":")",
          path, R"(","size":)",
          std::string(
              R"({"index":0,"method":"browsingContext.captureScreenshot","label":"shot","result":0})")
                  .size() -
              1 + text.size(),
          R"(,"preview":"{\"data\":\"/9j/4EpGSUY=\"}","mime":"image/jpeg","bytes":8},)"
          R"({"index":1,"method":"browsingContext.captureScreenshot"}]})"));
  BOOST_TEST(ReadFile(path) == "\xFF\xD8\xFF\xE0JFIF");
}

BOOST_AUTO_TEST_CASE(a_result_the_quota_refuses_is_an_error_record_that_says_to_pick) {
  auto small = OpenDirectorySpool(dir / "small", 50);
  BOOST_REQUIRE(small.ok());
  const std::vector<Frame> frames = Frames(R"({"frames":[{"method":"a.b","label":"big"}]})");
  BatchFiles files(**small, "default", 1 << 20, true);
  RecordBuilder records(options, files, 1);
  const std::string text = absl::StrCat(R"(")", std::string(198, 'z'), R"(")");
  std::shared_ptr<ReplyResult> big = Result(text);
  BOOST_TEST(records.AddResult(Head(0, frames[0]), frames[0], big, ResultFile::kJson));
  records.CheckWritten(files.Drain());
  BOOST_TEST(
      records.Assemble({}) ==
      R"({"frames":[{"index":0,"method":"a.b","label":"big","error":{"error":"spool quota exceeded",)"
      R"("message":"the result (250 bytes as a record) was too large to return inline and )"
      R"(the spool quota has no room: spool quota exceeded: frame needs 200 bytes, quota 50, )"
      R"(current batch already holds 0 bytes; use \"pick\" to select a smaller part"}}]})");
}

BOOST_AUTO_TEST_CASE(a_failed_write_turns_its_record_into_an_error_after_the_drain) {
  FailingWriteSpool failing(*spool, "-0.json");
  const std::vector<Frame> frames = Frames(R"({"frames":[{"method":"a.b"},{"method":"a.c"}]})");
  BatchFiles files(failing, "default", 1 << 20, true);
  RecordBuilder records(options, files, 2);
  const std::string text = absl::StrCat(R"(")", std::string(198, 'z'), R"(")");
  std::shared_ptr<ReplyResult> first = Result(text);
  std::shared_ptr<ReplyResult> second = Result(text);
  BOOST_TEST(records.AddResult(Head(0, frames[0]), frames[0], first, ResultFile::kJson));
  BOOST_TEST(records.AddResult(Head(1, frames[1]), frames[1], second, ResultFile::kJson));
  records.CheckWritten(files.Drain());
  const std::string failed = dir / "000001-0.json";
  const std::string written = dir / "000001-1.json";
  BOOST_TEST(
      records.Assemble({}) ==
      absl::StrCat(R"({"frames":[{"index":0,"method":"a.b","error":{"error":"spool write failed",)"
                   R"("message":"cannot write )",
                   failed, R"(: No space left on device"}},)",
                   R"({"index":1,"method":"a.c","spooled":")", written,
                   R"(","size":236,"preview":"\")", std::string(198, 'z'), R"(\""}]})"));
  BOOST_TEST(!testing::Exists(failed));
  BOOST_TEST(ReadFile(written) == text);
}

BOOST_AUTO_TEST_CASE(assemble_adds_the_events_array_only_when_there_are_pieces) {
  const std::vector<Frame> frames = Frames(R"({"frames":[{"method":"a.b"}]})");
  BatchFiles files(*spool, "default", 1 << 20, true);
  RecordBuilder records(options, files, 1);
  BOOST_TEST(records.empty());
  BOOST_TEST(records.Assemble({}) == R"({"frames":[]})");
  BOOST_TEST(records.SizeWithEmptyEvents() == std::string(R"({"frames":[],"events":[]})").size());
  records.Add(Head(0, frames[0]), SkippedRecord(Head(0, frames[0])));
  BOOST_TEST(
      records.Assemble({R"({"dropped":2})", "{}"}) ==
      R"({"frames":[{"index":0,"method":"a.b","skipped":true}],"events":[{"dropped":2},{}]})");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
