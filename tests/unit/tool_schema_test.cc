#include "core/tool_schema.h"

#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <regex>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "core/batch_args.h"
#include "core/ref_path.h"
#include "net/firefox_bidi_tool.h"
#include "page/help_text.h"
#include "page/helper_registry.h"

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
  BOOST_TEST((Keys(schema.at("properties").as_object()) ==
              std::set<std::string>{"frames", "on_error", "agent", "agent_settings"}));
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

// The example batches of the description: each line that starts with {"frames":.
std::vector<std::string> Examples(std::string_view text) {
  std::vector<std::string> examples;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    if (line.starts_with("{\"frames\":")) examples.emplace_back(line);
    start = end + 1;
  }
  return examples;
}

BOOST_AUTO_TEST_CASE(description_examples_are_valid_arguments) {
  const std::vector<std::string> examples = Examples(ToolDescription());
  BOOST_TEST_REQUIRE(examples.size() == 2u);
  for (const std::string& example : examples) {
    auto parsed = ParseBatchArgs(example, Limits{}, page::HelperMethods());
    BOOST_TEST(std::holds_alternative<BatchArgs>(parsed), example);
  }
  const auto parsed = ParseBatchArgs(examples[1], Limits{}, page::HelperMethods());
  const BatchArgs& raw = std::get<BatchArgs>(parsed);
  BOOST_TEST(raw.frames.size() == 2u);
  BOOST_TEST(raw.frames[1].method == "script.evaluate");
  BOOST_TEST(raw.frames[1].pick->text == "result.value");
}

// tool-host describe prints exactly this object, compact, and a newline.
BOOST_AUTO_TEST_CASE(describe_output_fits_in_5_kib) {
  const std::string described =
      boost::json::serialize(boost::json::object{
          {"name", kToolName}, {"description", ToolDescription()}, {"input_schema", Schema()}}) +
      "\n";
  BOOST_TEST(described.size() <= 5120u);
}

BOOST_AUTO_TEST_CASE(description_lists_every_helper_with_its_synopsis_in_order) {
  const std::string description = ToolDescription();
  std::size_t at = 0;
  for (const page::HelperSpec& doc : page::Helpers()) {
    const std::string line =
        "\n- " + std::string(doc.method) + " " + std::string(doc.synopsis) + "\n";
    const std::size_t found = description.find(line);
    BOOST_TEST_REQUIRE(found != std::string::npos, "missing: " << line);
    BOOST_TEST(found > at, doc.method << " out of order");
    at = found;
  }
  BOOST_TEST(page::Helpers().size() == 24u);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
