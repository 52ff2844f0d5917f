#include "core/tool_schema.h"

#include <boost/json/parse.hpp>
#include <boost/test/unit_test.hpp>
#include <regex>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "core/batch_args.h"
#include "core/ref_path.h"

namespace firefox_bidi {
namespace {

boost::json::value Schema() {
  boost::system::error_code ec;
  boost::json::value schema = boost::json::parse(kInputSchema, ec);
  BOOST_REQUIRE_MESSAGE(!ec, "schema is not JSON: " << ec.message());
  return schema;
}

const boost::json::object& FrameSchema(const boost::json::value& schema) {
  return schema.at("properties").at("frames").at("items").as_object();
}

std::set<std::string> Keys(const boost::json::object& object) {
  std::set<std::string> keys;
  for (const auto& member : object) keys.emplace(member.key());
  return keys;
}

BOOST_AUTO_TEST_SUITE(tool_schema)

BOOST_AUTO_TEST_CASE(name_is_fixed) { BOOST_TEST(std::string(kToolName) == "firefox_bidi"); }

BOOST_AUTO_TEST_CASE(schema_is_a_closed_draft_2020_12_object) {
  const boost::json::value schema = Schema();
  BOOST_TEST(schema.at("$schema").as_string() == "https://json-schema.org/draft/2020-12/schema");
  BOOST_TEST(schema.at("type").as_string() == "object");
  BOOST_TEST(schema.at("additionalProperties").as_bool() == false);
  BOOST_TEST(FrameSchema(schema).at("additionalProperties").as_bool() == false);
  BOOST_TEST(
      (Keys(schema.at("properties").as_object()) == std::set<std::string>{"frames", "on_error"}));
  BOOST_TEST((Keys(FrameSchema(schema).at("properties").as_object()) ==
              std::set<std::string>{"method", "params", "label", "timeout_ms", "pick", "silent"}));
  BOOST_TEST(schema.at("required").as_array() == boost::json::parse(R"(["frames"])"));
  BOOST_TEST(FrameSchema(schema).at("required").as_array() == boost::json::parse(R"(["method"])"));
  BOOST_TEST(schema.at("properties").at("on_error").at("enum") ==
             boost::json::parse(R"(["stop","continue"])"));
}

BOOST_AUTO_TEST_CASE(limits_agree_with_the_validator) {
  const boost::json::value schema = Schema();
  const auto& frames = schema.at("properties").at("frames");
  BOOST_TEST(frames.at("minItems").as_int64() == 1);
  BOOST_TEST(static_cast<std::size_t>(frames.at("maxItems").as_int64()) == Limits{}.max_frames);
  const auto& timeout = FrameSchema(schema).at("properties").at("timeout_ms");
  BOOST_TEST(timeout.at("type").as_string() == "integer");
  BOOST_TEST(timeout.at("minimum").as_int64() == 1);
  BOOST_TEST(timeout.at("maximum").as_int64() == kMaxTimeoutMs);
}

BOOST_AUTO_TEST_CASE(patterns_are_the_validators_patterns) {
  const boost::json::value schema = Schema();
  const auto& props = FrameSchema(schema).at("properties");
  const std::string label_pattern(props.at("label").at("pattern").as_string());
  const std::string method_pattern(props.at("method").at("pattern").as_string());
  BOOST_TEST(label_pattern == kLabelPattern);
  BOOST_TEST(method_pattern == kMethodPattern);
  // The regexes and the hand-written validators accept the same strings.
  const std::regex label_re(label_pattern, std::regex::ECMAScript);
  for (const std::string& s :
       std::vector<std::string>{"a", "_", "a-b_9", "9a", "-a", "a.b", "", "a b",
                                std::string(64, 'x'), std::string(65, 'x')}) {
    BOOST_TEST(std::regex_match(s, label_re) == IsValidLabel(s), "label \"" << s << "\"");
  }
  const std::regex method_re(method_pattern, std::regex::ECMAScript);
  for (const std::string& s :
       std::vector<std::string>{"a.b", "script.evaluate", "_1._2", "a.b.c", "a", ".b", "a.",
                                "a-b.c", "1a.b", "a.1b", "a .b"}) {
    BOOST_TEST(std::regex_match(s, method_re) == IsValidMethod(s), "method \"" << s << "\"");
  }
}

BOOST_AUTO_TEST_CASE(description_example_batch_is_valid_arguments) {
  const std::string description = kToolDescription;
  const std::size_t start = description.rfind("{\"frames\": [");
  BOOST_REQUIRE(start != std::string::npos);
  auto parsed = ParseBatchArgs(std::string_view(description).substr(start), Limits{});
  BOOST_REQUIRE(std::holds_alternative<BatchArgs>(parsed));
  const BatchArgs& args = std::get<BatchArgs>(parsed);
  BOOST_TEST(args.frames.size() == 3u);
  BOOST_TEST(args.frames[2].pick->text == "result.value");
  BOOST_TEST(description.find("<<tree.contexts[0].context>>") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
