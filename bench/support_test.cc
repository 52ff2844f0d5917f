#define BOOST_TEST_MODULE firefox_bidi_bench_support_test
#include <sys/stat.h>

#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <string>

#include "bench_support.h"
#include "raw_client.h"

namespace firefox_bidi::bench {
namespace {

bool IsValidUtf8(const std::string& s) {
  for (std::size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    const std::size_t len = c < 0x80         ? 1
                            : (c >> 5) == 6  ? 2
                            : (c >> 4) == 14 ? 3
                            : (c >> 3) == 30 ? 4
                                             : 0;
    if (len == 0 || i + len > s.size()) return false;
    for (std::size_t k = 1; k < len; ++k) {
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
    }
    i += len;
  }
  return true;
}

BOOST_AUTO_TEST_SUITE(bench_support)

BOOST_AUTO_TEST_CASE(jsonish_text_has_exact_size_and_is_deterministic_utf8) {
  const std::string a = JsonishText(6, 512 * 1024);
  BOOST_TEST(a.size() == 524288u);
  BOOST_TEST(IsValidUtf8(a));
  BOOST_TEST(a == JsonishText(6, 512 * 1024));
  BOOST_TEST(a != JsonishText(7, 512 * 1024));
  // The ingredients that make JSON escaping and UTF-8 handling work.
  BOOST_TEST(a.find('"') != std::string::npos);
  BOOST_TEST(a.find('\\') != std::string::npos);
  BOOST_TEST(a.find("\xF0\x9F\x98\x80") != std::string::npos);  // U+1F600
  BOOST_TEST(JsonishText(1, 0).empty());
}

BOOST_AUTO_TEST_CASE(result_span_is_what_follows_the_result_name_up_to_the_last_brace) {
  BOOST_TEST(*ResultSpan(R"({"type":"success","id":42,"result":{"a":"}"}})") == R"({"a":"}"})");
  BOOST_TEST(*ResultSpan(R"({"type":"success","id":1,"result":7})") == "7");
  BOOST_TEST(
      ResultSpan(R"({"type":"error","id":7,"error":"x","message":"y"})").status().message() ==
      R"(not a reply whose result ends it: {"type":"error","id":7,"error":"x","message":"y"})");
  BOOST_TEST(!ResultSpan(R"({"type":"success","id":1,"result":)").ok());
  BOOST_TEST(!ResultSpan("").ok());
}

BOOST_AUTO_TEST_CASE(count_special_bytes_counts_quotes_backslashes_controls_and_non_ascii) {
  BOOST_TEST(CountSpecialBytes("") == 0u);
  BOOST_TEST(CountSpecialBytes("plain text {}[]:,0123") == 0u);
  BOOST_TEST(CountSpecialBytes("\"a\\b\"") == 3u);
  BOOST_TEST(CountSpecialBytes(std::string("\0\t\n\x1f\x7f", 5)) == 4u);  // not DEL
  BOOST_TEST(CountSpecialBytes("\xC3\xA9\xF0\x9F\x98\x80") == 6u);        // é, U+1F600
}

BOOST_AUTO_TEST_CASE(bytes_floor_reply_writes_only_results_larger_than_the_inline_limit) {
  auto dir = ScratchDir::Create("bench-support-test-");
  BOOST_TEST_REQUIRE(dir.ok());
  const std::string small = R"({"type":"success","id":1,"result":"\u00e9"})";
  const std::string small_path = (*dir)->path() + "/small.json";
  BOOST_TEST(*BytesFloorReply(small, 8, small_path) == 11u);  // ten quotes, one backslash
  BOOST_TEST(!std::filesystem::exists(small_path));
  const std::string large = R"({"type":"success","id":2,"result":"0123456789"})";
  const std::string large_path = (*dir)->path() + "/large.json";
  BOOST_TEST(*BytesFloorReply(large, 8, large_path) == 10u);
  BOOST_TEST(*ReadFile(large_path) == R"("0123456789")");
  struct stat st {};
  BOOST_TEST_REQUIRE(::stat(large_path.c_str(), &st) == 0);
  BOOST_TEST((st.st_mode & 0777) == 0600u);
  // Exclusive: a second write to the same path fails.
  BOOST_TEST(!BytesFloorReply(large, 8, large_path).ok());
}

BOOST_AUTO_TEST_CASE(reply_id_is_read_from_reply_head_only) {
  BOOST_TEST(ReplyId(R"({"type":"success","id":42,"result":{}})") == 42u);
  BOOST_TEST(ReplyId(R"({"type":"error","id":7,"error":"x","message":"y"})") == 7u);
  BOOST_TEST(ReplyId(R"({"type":"event","method":"log.entryAdded","params":{"id":3}})") == 0u);
  BOOST_TEST(ReplyId("") == 0u);
}

BOOST_AUTO_TEST_CASE(frame_results_turn_records_back_into_result_texts) {
  auto dir = ScratchDir::Create("bench-support-test-");
  BOOST_TEST_REQUIRE(dir.ok());
  const std::string file = (*dir)->path() + "/x.json";
  BOOST_TEST_REQUIRE(WriteNewFile(file, R"({"big":true})").ok());
  const std::string result = R"({"frames":[{"index":0,"method":"m","result":{"a":[1,"x"]}},)"
                             R"({"index":1,"method":"m","spooled":")" +
                             file + R"(","size":40,"preview":"{"}]})";
  auto results = FrameResults(result);
  BOOST_TEST_REQUIRE(results.ok());
  BOOST_TEST(results->size() == 2u);
  BOOST_TEST((*results)[0] == R"({"a":[1,"x"]})");
  BOOST_TEST((*results)[1] == R"({"big":true})");
}

BOOST_AUTO_TEST_CASE(frame_results_refuse_error_records_saying_which) {
  auto results = FrameResults(
      R"({"frames":[{"index":0,"method":"m","error":{"error":"timeout","message":"late"}}]})");
  BOOST_TEST(!results.ok());
  BOOST_TEST(
      std::string(results.status().message()) ==
      R"(frame 0 did not succeed: {"index":0,"method":"m","error":{"error":"timeout","message":"late"}})");
  BOOST_TEST(!FrameResults("not json").ok());
}

BOOST_AUTO_TEST_CASE(write_new_file_refuses_existing_file_and_uses_mode_0600) {
  auto dir = ScratchDir::Create("bench-support-test-");
  BOOST_TEST_REQUIRE(dir.ok());
  const std::string file = (*dir)->path() + "/f";
  BOOST_TEST(WriteNewFile(file, "abc").ok());
  BOOST_TEST(!WriteNewFile(file, "def").ok());
  auto read = ReadFile(file);
  BOOST_TEST_REQUIRE(read.ok());
  BOOST_TEST(*read == "abc");
  struct stat st {};
  BOOST_TEST(::stat(file.c_str(), &st) == 0);
  BOOST_TEST((st.st_mode & 0777) == 0600u);
}

BOOST_AUTO_TEST_CASE(scratch_dir_is_private_and_removed_with_its_files) {
  std::string path;
  {
    auto dir = ScratchDir::Create("bench-support-test-");
    BOOST_TEST_REQUIRE(dir.ok());
    path = (*dir)->path();
    struct stat st {};
    BOOST_TEST(::stat(path.c_str(), &st) == 0);
    BOOST_TEST((st.st_mode & 0777) == 0700u);
    BOOST_TEST(WriteNewFile(path + "/f", "x").ok());
  }
  BOOST_TEST(!std::filesystem::exists(path));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::bench
