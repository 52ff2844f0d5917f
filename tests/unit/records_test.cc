#include "core/records.h"

#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <string>

namespace firefox_bidi {
namespace {

// The inline record as a plain two-pass serialization would build it.
std::string Reference(const RecordHead& head, const boost::json::value& result) {
  boost::json::object record;
  record.emplace("index", head.index);
  record.emplace("method", head.method);
  if (!head.label.empty()) record.emplace("label", head.label);
  record.emplace("result", result);
  return boost::json::serialize(record);
}

BOOST_AUTO_TEST_SUITE(records)

BOOST_AUTO_TEST_CASE(probe_has_the_placeholder_result_last) {
  BOOST_TEST(ProbeRecord({3, "script.evaluate", "v"}) ==
             R"({"index":3,"method":"script.evaluate","label":"v","result":0})");
  BOOST_TEST(ProbeRecord({0, "a.b", ""}) == R"({"index":0,"method":"a.b","result":0})");
}

BOOST_AUTO_TEST_CASE(inline_record_and_size_equal_a_two_pass_serialization) {
  // Non-ASCII, quotes, backslashes and control characters: Boost.JSON's escaping as-is.
  const boost::json::value result = boost::json::parse(
      "{\"s\":\"caf\xC3\xA9 \\\"q\\\" \\\\ \\u0001\\n\\t\",\"n\":[1,2.5,null,true]}");
  for (const RecordHead& head :
       {RecordHead{0, "a.b", ""}, RecordHead{12, "script.evaluate", "lbl-1"}}) {
    const std::string probe = ProbeRecord(head);
    const std::string result_text = boost::json::serialize(result);
    const std::string expected = Reference(head, result);
    BOOST_TEST(InlineRecord(probe, result_text) == expected);
    BOOST_TEST(InlineRecordSize(probe, result_text) == expected.size());
  }
  BOOST_TEST(boost::json::serialize(result) ==
             "{\"s\":\"caf\xC3\xA9 \\\"q\\\" \\\\ \\u0001\\n\\t\",\"n\":[1,2.5E0,null,true]}");
}

BOOST_AUTO_TEST_CASE(other_record_kinds_have_fixed_key_order) {
  const RecordHead head{1, "browsingContext.navigate", "nav"};
  BOOST_TEST(SilentRecord(head) ==
             R"({"index":1,"method":"browsingContext.navigate","label":"nav"})");
  BOOST_TEST(SkippedRecord({2, "a.b", ""}) == R"({"index":2,"method":"a.b","skipped":true})");
  BOOST_TEST(ErrorRecord(head, "no such frame", "gone \"x\"") ==
             R"({"index":1,"method":"browsingContext.navigate","label":"nav",)"
             R"("error":{"error":"no such frame","message":"gone \"x\""}})");
  BOOST_TEST(
      SpooledRecord({4, "a.b", ""}, {.path = "/s/b-4.json", .size = 9000, .preview = "{\"x\":"}) ==
      R"({"index":4,"method":"a.b","spooled":"/s/b-4.json","size":9000,)"
      R"("preview":"{\"x\":"})");
  BOOST_TEST(
      SpooledRecord({5, "browsingContext.captureScreenshot", "shot"}, {.path = "/s/b-5-shot.png",
                                                                       .size = 120,
                                                                       .preview = "{\"data\":\"iV",
                                                                       .mime = "image/png",
                                                                       .bytes = 67}) ==
      R"({"index":5,"method":"browsingContext.captureScreenshot","label":"shot",)"
      R"("spooled":"/s/b-5-shot.png","size":120,"preview":"{\"data\":\"iV",)"
      R"("mime":"image/png","bytes":67})");
}

BOOST_AUTO_TEST_CASE(utf8_prefix_never_splits_a_sequence) {
  // "a" then U+20AC (3 bytes) then U+1F600 (4 bytes).
  const std::string text = "a\xE2\x82\xAC\xF0\x9F\x98\x80";
  BOOST_TEST(Utf8Prefix(text, 1) == "a");
  BOOST_TEST(Utf8Prefix(text, 2) == "a");
  BOOST_TEST(Utf8Prefix(text, 3) == "a");
  BOOST_TEST(Utf8Prefix(text, 4) == "a\xE2\x82\xAC");
  BOOST_TEST(Utf8Prefix(text, 7) == "a\xE2\x82\xAC");
  BOOST_TEST(Utf8Prefix(text, 8) == text);
  BOOST_TEST(Utf8Prefix(text, 200) == text);
  BOOST_TEST(Utf8Prefix(std::string(300, 'x'), kPreviewBytes).size() == 200u);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
