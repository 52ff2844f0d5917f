#include "core/bidi_protocol.h"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <random>
#include <string>
#include <vector>

namespace firefox_bidi {
namespace {

namespace bdata = boost::unit_test::data;

boost::json::object ParseObject(std::string_view text) {
  return boost::json::parse(text).as_object();
}

std::string StatusMessage(std::string_view text) {
  return std::string(ClassifyMessage(text).status().message());
}

BOOST_AUTO_TEST_SUITE(bidi_protocol)

BOOST_AUTO_TEST_CASE(encode_command_writes_compact_id_method_params) {
  const boost::json::object params = ParseObject(
      R"({"expression": "1 + 1", "awaitPromise": false, "target": {"context": "abc"}})");
  BOOST_TEST(EncodeCommand(7, "script.evaluate", params) ==
             R"({"id":7,"method":"script.evaluate","params":{"expression":"1 + 1",)"
             R"("awaitPromise":false,"target":{"context":"abc"}}})");
}

BOOST_AUTO_TEST_CASE(encode_command_with_empty_params_writes_empty_object) {
  BOOST_TEST(EncodeCommand(1, "session.new", {}) ==
             R"({"id":1,"method":"session.new","params":{}})");
}

BOOST_AUTO_TEST_CASE(encode_command_escapes_method_and_string_params) {
  const boost::json::object params = ParseObject(R"({"s":"quote \" backslash \\ nl \n é"})");
  BOOST_TEST(EncodeCommand(9007199254740991ull, "a\"b", params) ==
             "{\"id\":9007199254740991,\"method\":\"a\\\"b\",\"params\":{\"s\":\"quote \\\" "
             "backslash \\\\ nl \\n \xC3\xA9\"}}");
}

BOOST_AUTO_TEST_CASE(encode_command_handles_params_larger_than_growth_step) {
  boost::json::object params;
  params["value"] = std::string(100000, 'x');
  const std::string encoded = EncodeCommand(3, "m.c", params);
  const std::string expected =
      R"({"id":3,"method":"m.c","params":{"value":")" + std::string(100000, 'x') + "\"}}";
  BOOST_TEST(encoded.size() == 100045u);
  BOOST_TEST(encoded == expected);
}

BOOST_AUTO_TEST_CASE(classifies_firefox_session_new_success) {
  const auto message = ClassifyMessage(
      R"({"type":"success","id":1,"result":{"sessionId":"3f0a-11","capabilities":)"
      R"({"acceptInsecureCerts":false,"browserName":"firefox","browserVersion":"153.8.0"}}})");
  BOOST_REQUIRE(message.ok());
  BOOST_TEST((message->kind == IncomingMessage::Kind::kSuccess));
  BOOST_TEST(message->id == 1u);
  BOOST_TEST(message->result.text() ==
             R"({"sessionId":"3f0a-11","capabilities":{"acceptInsecureCerts":false,)"
             R"("browserName":"firefox","browserVersion":"153.8.0"}})");
  BOOST_TEST(message->event.is_null());
}

BOOST_AUTO_TEST_CASE(classifies_script_evaluate_success_with_nested_type_member) {
  // script.evaluate's result carries its own "type" ("success" or "exception").
  const auto message = ClassifyMessage(
      R"({"type":"success","id":42,"result":{"type":"exception","realm":"r1",)"
      R"("exceptionDetails":{"text":"ReferenceError: x is not defined","lineNumber":0}}})");
  BOOST_REQUIRE(message.ok());
  BOOST_TEST((message->kind == IncomingMessage::Kind::kSuccess));
  BOOST_TEST(message->id == 42u);
  BOOST_TEST(message->result.value().at("type").as_string() == "exception");
}

BOOST_AUTO_TEST_CASE(success_result_may_be_any_json_value) {
  const auto message = ClassifyMessage(R"({"type":"success","id":0,"result":[1,2]})");
  BOOST_REQUIRE(message.ok());
  BOOST_TEST(message->id == 0u);
  BOOST_TEST(message->result.text() == "[1,2]");
}

BOOST_AUTO_TEST_CASE(classifies_firefox_error_with_stacktrace) {
  const auto message = ClassifyMessage(
      R"({"type":"error","id":5,"error":"no such frame","message":"Browsing Context with id )"
      R"(42 not found","stacktrace":"RemoteError@chrome://remote/content/shared/Errors.sys.mjs:8:8\n"})");
  BOOST_REQUIRE(message.ok());
  BOOST_TEST((message->kind == IncomingMessage::Kind::kError));
  BOOST_TEST(message->id == 5u);
  BOOST_TEST(message->error == "no such frame");
  BOOST_TEST(message->message == "Browsing Context with id 42 not found");
  BOOST_TEST(message->result.value().is_null());
}

BOOST_AUTO_TEST_CASE(classifies_error_with_null_id_as_id_zero) {
  const auto message = ClassifyMessage(
      R"({"type":"error","id":null,"error":"invalid argument","message":"unable to parse BiDi command"})");
  BOOST_REQUIRE(message.ok());
  BOOST_TEST((message->kind == IncomingMessage::Kind::kError));
  BOOST_TEST(message->id == 0u);
  BOOST_TEST(message->error == "invalid argument");
  BOOST_TEST(message->message == "unable to parse BiDi command");
}

BOOST_AUTO_TEST_CASE(classifies_event_keeping_the_whole_message) {
  const std::string text =
      R"({"type":"event","method":"log.entryAdded","params":{"type":"console","level":"info",)"
      R"("text":"hi","timestamp":1700000000000,"source":{"realm":"r1","context":"c1"}}})";
  const auto message = ClassifyMessage(text);
  BOOST_REQUIRE(message.ok());
  BOOST_TEST((message->kind == IncomingMessage::Kind::kEvent));
  BOOST_TEST(message->id == 0u);
  BOOST_TEST(boost::json::serialize(message->event) == text);
}

BOOST_AUTO_TEST_CASE(parses_deeply_nested_results) {
  std::string text = R"({"type":"success","id":3,"result":)";
  text += std::string(500, '[') + "1" + std::string(500, ']') + "}";
  const auto message = ClassifyMessage(text);
  BOOST_REQUIRE(message.ok());
  BOOST_TEST(message->result.value().is_array());
}

BOOST_AUTO_TEST_CASE(lone_surrogate_escapes_become_replacement_characters) {
  // JSON.stringify("\uD800x") in Firefox; a valid pair next to it stays intact.
  const auto message = ClassifyMessage(
      R"({"type":"success","id":2,"result":{"value":"\ud800x\uD83D\uDE00\\ud800\udc00"}})");
  BOOST_REQUIRE(message.ok());
  BOOST_TEST(std::string(message->result.value().at("value").as_string()) ==
             "\xEF\xBF\xBD"
             "x\xF0\x9F\x98\x80\\ud800\xEF\xBF\xBD");
}

const char* const kInvalidMessages[] = {
    "",
    "{\"type\":\"success\",",
    "[1,2]",
    "{\"id\":1,\"result\":{}}",
    "{\"type\":7,\"id\":1,\"result\":{}}",
    "{\"type\":\"reply\",\"id\":1,\"result\":{}}",
    "{\"type\":\"success\",\"result\":{}}",
    "{\"type\":\"success\",\"id\":-1,\"result\":{}}",
    "{\"type\":\"success\",\"id\":1.5,\"result\":{}}",
    "{\"type\":\"success\",\"id\":\"1\",\"result\":{}}",
    "{\"type\":\"success\",\"id\":9007199254740992,\"result\":{}}",
    "{\"type\":\"success\",\"id\":1}",
    "{\"type\":\"error\",\"id\":1,\"message\":\"m\"}",
    "{\"type\":\"error\",\"id\":1,\"error\":\"e\"}",
    "{\"type\":\"error\",\"id\":1,\"error\":3,\"message\":\"m\"}",
    "{\"type\":\"error\",\"id\":true,\"error\":\"e\",\"message\":\"m\"}",
    "{\"type\":\"event\",\"params\":{}}",
    "{\"type\":\"event\",\"method\":\"a.b\"}",
    "{\"type\":\"event\",\"method\":\"a.b\",\"params\":[]}",
};

const char* const kExpectedErrors[] = {
    "BiDi message is not valid JSON: incomplete JSON",
    "BiDi message is not valid JSON: incomplete JSON",
    "BiDi message must be a JSON object, got an array",
    "BiDi message has no \"type\"",
    "BiDi message: \"type\" must be a string, got a number",
    "BiDi message: unknown \"type\" \"reply\" (expected \"success\", \"error\" or \"event\")",
    "BiDi success message has no \"id\"",
    "BiDi success message: \"id\" must be an integer in [0, 2^53-1], got -1",
    "BiDi success message: \"id\" must be an integer in [0, 2^53-1], got 1.5",
    "BiDi success message: \"id\" must be an integer in [0, 2^53-1], got a string",
    "BiDi success message: \"id\" must be an integer in [0, 2^53-1], got 9007199254740992",
    "BiDi success message has no \"result\"",
    "BiDi error message has no \"error\"",
    "BiDi error message has no \"message\"",
    "BiDi error message: \"error\" must be a string, got a number",
    "BiDi error message: \"id\" must be an integer in [0, 2^53-1], got a boolean",
    "BiDi event message has no \"method\"",
    "BiDi event message: \"params\" must be an object, got nothing",
    "BiDi event message: \"params\" must be an object, got an array",
};

BOOST_DATA_TEST_CASE(refuses_malformed_messages_saying_what_is_wrong,
                     bdata::make(kInvalidMessages) ^ bdata::make(kExpectedErrors), text, expected) {
  const auto message = ClassifyMessage(text);
  BOOST_TEST(message.status().code() == absl::StatusCode::kInvalidArgument);
  BOOST_TEST(StatusMessage(text) == expected);
}

const char* const kWellFormedMessages[] = {
    R"({"type":"success","id":3,"result":{"s":"a\"b\\c\u2028\u0001","n":[1,2.5,-3]}})",
    R"({"type":"success","id":3,"result":{"s":"a\"b\\c\u0001","n":[1,-3]}})",
    R"({"type":"error","id":null,"error":"invalid argument","message":"bad id"})",
    R"({"type":"error","id":4,"error":"no such frame","message":"m","stacktrace":""})",
    R"({"type":"event","method":"log.entryAdded","params":{"level":"info"}})",
};

BOOST_DATA_TEST_CASE(both_result_forms_classify_alike, bdata::make(kWellFormedMessages), text) {
  const auto as_text = ClassifyMessage(text, ResultForm::kCanonicalText);
  const auto parsed = ClassifyMessage(text, ResultForm::kParsed);
  BOOST_REQUIRE(as_text.ok());
  BOOST_REQUIRE(parsed.ok());
  BOOST_TEST((as_text->kind == parsed->kind));
  BOOST_TEST(as_text->id == parsed->id);
  BOOST_TEST(as_text->result.text() == parsed->result.text());
  BOOST_TEST(as_text->error == parsed->error);
  BOOST_TEST(as_text->message == parsed->message);
  BOOST_TEST(boost::json::serialize(as_text->event) == boost::json::serialize(parsed->event));
}

BOOST_AUTO_TEST_CASE(canonical_success_keeps_the_result_text_unparsed) {
  const std::string text = "{\"type\":\"success\",\"id\":9,\"result\":{\"value\":\"\xC3\xA9\\n\"}}";
  const auto message = ClassifyMessage(text);
  BOOST_REQUIRE(message.ok());
  BOOST_TEST((message->kind == IncomingMessage::Kind::kSuccess));
  BOOST_TEST(message->id == 9u);
  BOOST_TEST(message->result.has_text());
  BOOST_TEST(message->result.text() == "{\"value\":\"\xC3\xA9\\n\"}");
  BOOST_TEST(std::string(message->result.value().at("value").as_string()) == "\xC3\xA9\n");

  const auto parsed = ClassifyMessage(text, ResultForm::kParsed);
  BOOST_REQUIRE(parsed.ok());
  BOOST_TEST(!parsed->result.has_text());
  BOOST_TEST(parsed->result.text() == "{\"value\":\"\xC3\xA9\\n\"}");
}

BOOST_AUTO_TEST_CASE(canonical_success_members_in_any_order) {
  const auto message =
      ClassifyMessage(R"({"id":4,"result":[1,"x"],"extra":{"a":null},"type":"success"})");
  BOOST_REQUIRE(message.ok());
  BOOST_TEST(message->id == 4u);
  BOOST_TEST(message->result.has_text());
  BOOST_TEST(message->result.text() == R"([1,"x"])");
}

// Replies whose result Boost.JSON would write differently are parsed and written by Boost.JSON.
BOOST_AUTO_TEST_CASE(non_canonical_results_are_parsed) {
  const auto with_double = ClassifyMessage(R"({"type":"success","id":1,"result":{"n":2.5}})");
  BOOST_REQUIRE(with_double.ok());
  BOOST_TEST(!with_double->result.has_text());
  BOOST_TEST(with_double->result.text() == R"({"n":2.5})");

  const auto escaped = ClassifyMessage(R"({"type":"success","id":1,"result":"\u0041\/"})");
  BOOST_REQUIRE(escaped.ok());
  BOOST_TEST(!escaped->result.has_text());
  BOOST_TEST(escaped->result.text() == R"("A/")");

  const auto spaced = ClassifyMessage(R"({"type":"success", "id":1, "result":[1, 2]})");
  BOOST_REQUIRE(spaced.ok());
  BOOST_TEST(!spaced->result.has_text());
  BOOST_TEST(spaced->result.text() == "[1,2]");
}

// Boost.JSON keeps the last of repeated members; so does the classification.
BOOST_AUTO_TEST_CASE(repeated_result_member_keeps_the_last) {
  const auto message = ClassifyMessage(R"({"type":"success","id":1,"result":1,"result":[2]})");
  BOOST_REQUIRE(message.ok());
  BOOST_TEST(!message->result.has_text());
  BOOST_TEST(message->result.text() == "[2]");
}

BOOST_AUTO_TEST_CASE(accepts_the_nesting_of_deep_remote_values) {
  // Deeper than the canonical scanner goes (1000), within the parse limit (10000).
  const std::string text = R"({"type":"success","id":1,"result":)" + std::string(5000, '[') + "1" +
                           std::string(5000, ']') + "}";
  const auto message = ClassifyMessage(text);
  BOOST_REQUIRE(message.ok());
  BOOST_TEST(!message->result.has_text());
  BOOST_TEST(message->result.text().size() == 10001u);
}

// A result of `size` bytes in Firefox's compact form: {"value":"...."} with escapes and
// non-ASCII text, large enough to be handed on unchecked.
std::string LargeResult(std::size_t size) {
  std::string result = R"({"value":")";
  static constexpr std::string_view kPieces[] = {"ab", R"(\")", "\xC3\xA9",    R"(\n)",
                                                 "x",  R"(\\)", "\xE4\xB8\xAD"};
  for (std::size_t k = 0; result.size() + 5 < size; ++k) result += kPieces[k % std::size(kPieces)];
  result.append(size - 2 - result.size(), 'y');
  result += R"("})";
  return result;
}

BOOST_AUTO_TEST_CASE(large_results_in_firefox_order_are_checked_on_first_use) {
  const std::string result = LargeResult(kUncheckedResultBytes);
  BOOST_REQUIRE(result.size() == kUncheckedResultBytes);
  const auto message = ClassifyMessage(SuccessReplyPrefix(31) + result + "}");
  BOOST_REQUIRE(message.ok());
  BOOST_TEST((message->kind == IncomingMessage::Kind::kSuccess));
  BOOST_TEST(message->id == 31u);
  BOOST_TEST(message->result.status().ok());
  BOOST_TEST(message->result.has_text());
  BOOST_TEST(message->result.text() == result);
  BOOST_TEST(boost::json::serialize(message->result.value()) == result);
}

BOOST_AUTO_TEST_CASE(success_reply_prefix_is_firefox_member_order) {
  BOOST_TEST(SuccessReplyPrefix(0) == R"({"type":"success","id":0,"result":)");
  BOOST_TEST(SuccessReplyPrefix(9007199254740991) ==
             R"({"type":"success","id":9007199254740991,"result":)");
}

// Not canonical, so the first use parses the rebuilt message and writes the result anew.
BOOST_AUTO_TEST_CASE(large_non_canonical_results_are_parsed_on_first_use) {
  const std::string result =
      R"({"n":2.5,"s":"\/)" + std::string(kUncheckedResultBytes, 'z') + R"("})";
  const auto message = ClassifyMessage(SuccessReplyPrefix(2) + result + "}");
  BOOST_REQUIRE(message.ok());
  BOOST_TEST(message->id == 2u);
  BOOST_TEST(message->result.status().ok());
  BOOST_TEST(!message->result.has_text());
  BOOST_TEST(message->result.text() ==
             R"({"n":2.5,"s":"/)" + std::string(kUncheckedResultBytes, 'z') + R"("})");
}

BOOST_AUTO_TEST_CASE(members_after_a_large_result_are_read_as_the_parse_path_reads_them) {
  const std::string result = LargeResult(kUncheckedResultBytes + 100);
  const auto extra = ClassifyMessage(SuccessReplyPrefix(3) + result + R"(,"x":[1]})");
  BOOST_REQUIRE(extra.ok());
  BOOST_TEST(extra->result.status().ok());
  BOOST_TEST(extra->result.text() == result);

  const auto repeated = ClassifyMessage(SuccessReplyPrefix(3) + result + R"(,"result":[2]})");
  BOOST_REQUIRE(repeated.ok());
  BOOST_TEST(repeated->result.status().ok());
  BOOST_TEST(repeated->result.text() == "[2]");
}

BOOST_AUTO_TEST_CASE(a_large_result_that_is_not_json_is_an_error_on_first_use) {
  std::string result = LargeResult(kUncheckedResultBytes + 10);
  result.pop_back();  // the object is never closed
  const auto message = ClassifyMessage(SuccessReplyPrefix(4) + result + "}");
  BOOST_REQUIRE(message.ok());
  BOOST_TEST(message->id == 4u);
  BOOST_TEST((message->result.status().code() == absl::StatusCode::kInvalidArgument));
  BOOST_TEST(std::string(message->result.status().message()) ==
             "BiDi message is not valid JSON: incomplete JSON");
  BOOST_TEST(message->result.value().is_null());
  BOOST_TEST(message->result.text() == "null");
}

BOOST_AUTO_TEST_CASE(members_that_turn_a_large_reply_into_another_message_are_an_error) {
  const std::string result = LargeResult(kUncheckedResultBytes);
  for (const std::string tail : {R"(,"id":5})", R"(,"type":"event","method":"m","params":{}})"}) {
    BOOST_TEST_INFO("tail: " << tail);
    const auto message = ClassifyMessage(SuccessReplyPrefix(4) + result + tail);
    BOOST_REQUIRE(message.ok());
    BOOST_TEST(message->id == 4u);
    BOOST_TEST(std::string(message->result.status().message()) ==
               "BiDi message: members after \"result\" change the reply to id 4 into another "
               "message");
    BOOST_TEST(message->result.value().is_null());
  }
}

// Ids and prefixes other than SuccessReplyPrefix's, and small results, take the scan at once.
BOOST_AUTO_TEST_CASE(other_prefixes_and_small_results_are_classified_at_once) {
  const std::string result = LargeResult(kUncheckedResultBytes);
  const auto leading_zero =
      ClassifyMessage(R"({"type":"success","id":07,"result":)" + result + "}");
  BOOST_TEST(leading_zero.status().message() == "BiDi message is not valid JSON: syntax error");
  const auto too_big =
      ClassifyMessage(R"({"type":"success","id":9007199254740992,"result":)" + result + "}");
  BOOST_TEST(too_big.status().message() ==
             "BiDi success message: \"id\" must be an integer in [0, 2^53-1], got "
             "9007199254740992");
  // An unterminated string: refused at once one byte short of the size, an error on use at it.
  const std::string unterminated = "\"" + std::string(kUncheckedResultBytes - 2, 'a');
  const auto one_short = ClassifyMessage(SuccessReplyPrefix(1) + unterminated + "}");
  BOOST_TEST(one_short.status().message() == "BiDi message is not valid JSON: incomplete JSON");
  const auto at_size = ClassifyMessage(SuccessReplyPrefix(1) + unterminated + "a}");
  BOOST_REQUIRE(at_size.ok());
  BOOST_TEST(std::string(at_size->result.status().message()) ==
             "BiDi message is not valid JSON: incomplete JSON");
}

// The safety property of the unchecked form: whatever the bytes after the prefix, the result
// is what the parse path makes of the whole message, or an error where the parse path would
// not have given this id a success.
BOOST_AUTO_TEST_CASE(unchecked_results_decide_as_the_parse_path_does) {
  std::mt19937 rng(1234);
  const auto below = [&](std::size_t n) { return rng() % n; };
  static constexpr std::string_view kInteresting = "\"\\{}[]:,-0123456789.eEtrufalsn ub/";
  static constexpr std::string_view kTails[] = {
      "}",           "}",           "}",
      " }",          R"(,"x":1})",  R"(,"result":null})",
      R"(,"id":2})", R"(,"id":1})", R"(,"type":"error","error":"e","message":"m"})",
      "}}",          "]}",          R"(,})"};
  const std::string base = LargeResult(kUncheckedResultBytes + 64);
  std::size_t same = 0;
  std::size_t broken = 0;
  std::size_t refused = 0;
  std::size_t other_kinds = 0;
  for (int mutant = 0; mutant < 4000; ++mutant) {
    std::string result = base;
    for (std::size_t edits = below(3); edits > 0; --edits) {
      // Edits near either end, where structure lives, or anywhere.
      const std::size_t at = below(3) == 0 ? below(result.size() + 1)
                             : below(2) == 0
                                 ? below(12)
                                 : result.size() - below(std::min<std::size_t>(12, result.size()));
      const char byte = kInteresting[below(kInteresting.size())];
      switch (below(3)) {
        case 0:
          result.insert(result.begin() + static_cast<std::ptrdiff_t>(at), byte);
          break;
        case 1:
          if (at < result.size()) result.erase(at, 1);
          break;
        default:
          if (at < result.size()) result[at] = byte;
          break;
      }
    }
    const std::string text =
        SuccessReplyPrefix(1) + result + std::string(kTails[below(std::size(kTails))]);
    BOOST_TEST_INFO("message tail: " << text.substr(text.size() - 40));
    const auto unchecked = ClassifyMessage(text);
    const auto parsed = ClassifyMessage(text, ResultForm::kParsed);
    const bool parsed_success = parsed.ok() && parsed->kind == IncomingMessage::Kind::kSuccess;
    if (!unchecked.ok()) {
      ++refused;
      BOOST_TEST(unchecked.status() == parsed.status());
      continue;
    }
    if (unchecked->kind != IncomingMessage::Kind::kSuccess) {
      ++other_kinds;
      BOOST_TEST((parsed.ok() && unchecked->kind == parsed->kind));
      continue;
    }
    if (unchecked->result.status().ok()) {
      ++same;
      BOOST_TEST(parsed_success);
      BOOST_TEST(unchecked->id == parsed->id);
      BOOST_TEST(unchecked->result.text() == parsed->result.text());
    } else {
      ++broken;
      BOOST_TEST(!(parsed_success && parsed->id == unchecked->id));
    }
  }
  BOOST_TEST_MESSAGE("unchecked mutants: " << same << " same, " << broken << " errors");
  // Every mutant keeps Firefox's prefix and so is classified from it: a success with id 1.
  BOOST_TEST(refused == 0u);
  BOOST_TEST(other_kinds == 0u);
  BOOST_TEST(same + broken == 4000u);
  BOOST_TEST(same > 1000u);  // both outcomes are exercised
  BOOST_TEST(broken > 500u);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
