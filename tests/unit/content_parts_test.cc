#include "core/content_parts.h"

#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>
#include <boost/test/data/monomorphic.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <ostream>
#include <string>
#include <vector>

namespace firefox_bidi {

std::ostream& operator<<(std::ostream& out, const ContentPart& part) {
  return out << "{kind " << static_cast<int>(part.kind) << ", text '" << part.text << "', mime '"
             << part.mime << "', path '" << part.path << "', uri '" << part.uri << "', name '"
             << part.name << "'}";
}

namespace {

namespace json = boost::json;
using Kind = ContentPart::Kind;

ContentPart Image(std::string mime, std::string path) {
  return {.kind = Kind::kImage, .mime = std::move(mime), .path = std::move(path)};
}
ContentPart Link(std::string mime, std::string uri, std::string name) {
  return {.kind = Kind::kResourceLink,
          .mime = std::move(mime),
          .uri = std::move(uri),
          .name = std::move(name)};
}

BOOST_AUTO_TEST_SUITE(content_parts)

BOOST_AUTO_TEST_CASE(spooled_records_give_images_first_then_one_link_per_file) {
  json::object result{
      {"frames",
       json::array{json::object{{"index", 0},
                                {"method", "browsingContext.captureScreenshot"},
                                {"label", "shot"},
                                {"spooled", "/s/b1-0-shot.png"},
                                {"size", 20},
                                {"mime", "image/png"},
                                {"bytes", 11}},
                   json::object{{"index", 1}, {"method", "script.evaluate"}, {"result", 1}},
                   json::object{{"index", 2},
                                {"method", "script.evaluate"},
                                {"spooled", "/s/b1-2 x.json"},
                                {"size", 30000},
                                {"preview", "[1"}},
                   // The record's mime wins over the extension (a JPEG the browser sent for .png).
                   json::object{{"index", 3},
                                {"method", "browsingContext.captureScreenshot"},
                                {"spooled", "/s/b1-3.png"},
                                {"mime", "image/jpeg"}},
                   json::object{{"index", 4},
                                {"method", "browsingContext.print"},
                                {"spooled", "/s/b1-4.pdf"},
                                {"mime", "application/pdf"}},
                   json::object{{"index", 5},
                                {"method", "m.x"},
                                {"error", json::object{{"error", "spool quota exceeded"}}}},
                   json::object{{"index", 6}, {"method", "m.x"}, {"skipped", true}}}},
      {"events",
       json::array{
           json::object{{"method", "log.entryAdded"}, {"params", json::object{}}},
           json::object{
               {"spooled", "/s/b1-7-events.jsonl"}, {"size", 99}, {"count", 3}, {"preview", "{"}},
           json::object{{"dropped", 2}}}}};
  std::vector<ContentPart> expected = {
      Image("image/png", "/s/b1-0-shot.png"),
      Image("image/jpeg", "/s/b1-3.png"),
      Link("image/png", "file:///s/b1-0-shot.png", "b1-0-shot.png"),
      Link("application/json", "file:///s/b1-2%20x.json", "b1-2 x.json"),
      Link("image/jpeg", "file:///s/b1-3.png", "b1-3.png"),
      Link("application/pdf", "file:///s/b1-4.pdf", "b1-4.pdf"),
      Link("application/jsonl", "file:///s/b1-7-events.jsonl", "b1-7-events.jsonl")};
  BOOST_TEST(ContentPartsOf(json::serialize(result)) == expected, boost::test_tools::per_element());
}

BOOST_DATA_TEST_CASE(results_without_spooled_files_give_no_parts,
                     boost::unit_test::data::make({
                         R"({"frames":[{"index":0,"method":"m.x","result":{"spooled":"/x"}}]})",
                         R"({"frames":[{"index":0,"method":"m.x","spooled":7}]})",
                         R"({"frames":{"spooled":"/x"}})",
                         R"({"error":{"kind":"busy","message":"spooled"}})",
                         R"(["spooled"])",
                         R"({"frames":[{"spooled":"/x"})",  // not JSON
                         "",
                     }),
                     text) {
  BOOST_TEST(ContentPartsOf(text).empty());
}

// DESIGN.md section 9: the model is shown an image within 1568 px and 1,150,000 px: the
// record's copy when it has one; never a file past the bounds.
BOOST_AUTO_TEST_CASE(an_image_part_is_the_model_copy_or_a_file_within_the_bounds) {
  auto shot = [](int index, int width, int height) {
    return json::object{{"index", index},
                        {"method", "page.screenshot"},
                        {"spooled", "/s/b1-" + std::to_string(index) + ".png"},
                        {"size", 20},
                        {"mime", "image/png"},
                        {"bytes", 11},
                        {"width", width},
                        {"height", height}};
  };
  json::object copied = shot(0, 2000, 2000);
  copied["model_image"] =
      json::object{{"path", "/s/b1-0-model.png"}, {"width", 1072}, {"height", 1072}, {"bytes", 9}};
  json::object result{
      {"frames", json::array{copied, shot(1, 2000, 2000), shot(2, 1280, 720), shot(3, 1568, 733)}}};
  const std::vector<ContentPart> expected{Image("image/png", "/s/b1-0-model.png"),
                                          Image("image/png", "/s/b1-2.png"),
                                          Image("image/png", "/s/b1-3.png"),
                                          Link("image/png", "file:///s/b1-0.png", "b1-0.png"),
                                          Link("image/png", "file:///s/b1-1.png", "b1-1.png"),
                                          Link("image/png", "file:///s/b1-2.png", "b1-2.png"),
                                          Link("image/png", "file:///s/b1-3.png", "b1-3.png")};
  BOOST_TEST(ContentPartsOf(json::serialize(result)) == expected, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(deeply_nested_inline_results_do_not_hide_spooled_files) {
  std::string deep = std::string(500, '[') + std::string(500, ']');
  std::string text = R"({"frames":[{"index":0,"method":"m.x","result":)" + deep +
                     R"(},{"index":1,"method":"m.x","spooled":"/s/b-1.json"}]})";
  std::vector<ContentPart> expected = {Link("application/json", "file:///s/b-1.json", "b-1.json")};
  BOOST_TEST(ContentPartsOf(text) == expected, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(media_types_follow_the_extension) {
  BOOST_TEST(FileMediaType("/a/b.png") == "image/png");
  BOOST_TEST(FileMediaType("/a/b.jpg") == "image/jpeg");
  BOOST_TEST(FileMediaType("/a/b.jpeg") == "image/jpeg");
  BOOST_TEST(FileMediaType("/a/b.webp") == "image/webp");
  BOOST_TEST(FileMediaType("/a/b.pdf") == "application/pdf");
  BOOST_TEST(FileMediaType("/a/b.json") == "application/json");
  BOOST_TEST(FileMediaType("/a/b.jsonl") == "application/jsonl");
  BOOST_TEST(FileMediaType("/a/b.txt") == "text/plain");
  BOOST_TEST(FileMediaType("/a/b.bin") == "application/octet-stream");
  BOOST_TEST(FileMediaType("/a/png") == "application/octet-stream");
}

BOOST_AUTO_TEST_CASE(file_uri_percent_encodes_all_but_unreserved_and_slash) {
  BOOST_TEST(FileUri("/tmp/a-b_c.d~e/f.png") == "file:///tmp/a-b_c.d~e/f.png");
  BOOST_TEST(FileUri("/tmp/a b/%#?\xc3\xa9") == "file:///tmp/a%20b/%25%23%3F%C3%A9");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
