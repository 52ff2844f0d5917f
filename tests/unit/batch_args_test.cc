#include "core/batch_args.h"

#include <boost/json/serialize.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <cstdint>
#include <ostream>
#include <string>
#include <variant>

namespace firefox_bidi {
namespace {

struct BadArgs {
  std::string json;
  std::string kind;
  std::string at;  // "<none>" when the error has no pointer
  std::string message_part;
};

std::ostream& operator<<(std::ostream& os, const BadArgs& c) { return os << c.json; }

ToolError Refuse(std::string_view json, const Limits& limits = Limits{}) {
  auto parsed = ParseBatchArgs(json, limits);
  BOOST_REQUIRE(std::holds_alternative<ToolError>(parsed));
  return std::get<ToolError>(parsed);
}

BatchArgs Accept(std::string_view json) {
  auto parsed = ParseBatchArgs(json, Limits{});
  if (auto* error = std::get_if<ToolError>(&parsed)) {
    BOOST_FAIL("refused: " << error->message);
  }
  return std::get<BatchArgs>(std::move(parsed));
}

const BadArgs kBadArgs[] = {
    {"{\"frames\":[", "invalid_arguments", "<none>", "not valid JSON"},
    {"", "invalid_arguments", "<none>", "not valid JSON"},
    {R"({"frames":[]} x)", "invalid_arguments", "<none>", "not valid JSON"},
    {"[]", "invalid_arguments", "", "must be a JSON object"},
    {"{}", "invalid_arguments", "/frames", "missing \"frames\""},
    {R"({"frames":{}})", "invalid_arguments", "/frames", "must be an array of 1 to 256"},
    {R"({"frames":[]})", "invalid_arguments", "/frames", "\"frames\" is empty"},
    {R"({"frames":[{"method":"a.b"},{"method":"a.b"},{"method":"a.b"},7]})", "invalid_arguments",
     "/frames/3", "frame 3 must be an object"},
    {R"({"frames":[{}]})", "invalid_arguments", "/frames/0/method", "has no \"method\""},
    {R"({"frames":[{"method":5}]})", "invalid_arguments", "/frames/0/method", "got 5"},
    {R"({"frames":[{"method":"getTree"}]})", "invalid_arguments", "/frames/0/method",
     "\"module.command\""},
    {R"({"frames":[{"method":"a.b.c"}]})", "invalid_arguments", "/frames/0/method",
     "got \"a.b.c\""},
    {R"({"frames":[{"method":"a. b"}]})", "invalid_arguments", "/frames/0/method", "a. b"},
    {R"({"frames":[{"method":"1a.b"}]})", "invalid_arguments", "/frames/0/method", "1a.b"},
    {R"({"frames":[{"method":"a.b","params":[]}]})", "invalid_arguments", "/frames/0/params",
     "\"params\" must be an object"},
    {R"({"frames":[{"method":"a.b","params":null}]})", "invalid_arguments", "/frames/0/params",
     "got null"},
    {R"({"frames":[{"method":"a.b","label":"x"},{"method":"a.b"},{"method":"a.b","label":"x"}]})",
     "invalid_arguments", "/frames/2/label", "already used by frame 0"},
    {R"({"frames":[{"method":"a.b","label":"9x"}]})", "invalid_arguments", "/frames/0/label",
     "a letter or underscore"},
    {R"({"frames":[{"method":"a.b","label":""}]})", "invalid_arguments", "/frames/0/label",
     "got \"\""},
    {R"({"frames":[{"method":"a.b","label":"a.b"}]})", "invalid_arguments", "/frames/0/label",
     "got \"a.b\""},
    {R"({"frames":[{"method":"a.b","label":"x2345678901234567890123456789012345678901234567890123456789012345"}]})",
     "invalid_arguments", "/frames/0/label", "1 to 64 characters"},
    {R"({"frames":[{"method":"a.b","label":true}]})", "invalid_arguments", "/frames/0/label",
     "got a boolean"},
    {R"({"frames":[{"method":"a.b","timeout_ms":0}]})", "invalid_arguments", "/frames/0/timeout_ms",
     "integer from 1 to 600000 (milliseconds), got 0"},
    {R"({"frames":[{"method":"a.b","timeout_ms":600001}]})", "invalid_arguments",
     "/frames/0/timeout_ms", "got 600001"},
    {R"({"frames":[{"method":"a.b","timeout_ms":1.5}]})", "invalid_arguments",
     "/frames/0/timeout_ms", "got 1.5E0"},
    {R"({"frames":[{"method":"a.b","timeout_ms":"10"}]})", "invalid_arguments",
     "/frames/0/timeout_ms", "got \"10\""},
    {R"({"frames":[{"method":"a.b","timeout_ms":-5}]})", "invalid_arguments",
     "/frames/0/timeout_ms", "got -5"},
    {R"({"frames":[{"method":"a.b","timeout_ms":18446744073709551615}]})", "invalid_arguments",
     "/frames/0/timeout_ms", "got 18446744073709551615"},
    {R"({"frames":[{"method":"a.b","pick":"result..value"}]})", "invalid_arguments",
     "/frames/0/pick", "got \"result..value\""},
    {R"({"frames":[{"method":"a.b","pick":""}]})", "invalid_arguments", "/frames/0/pick",
     "path into the result"},
    {R"({"frames":[{"method":"a.b","pick":"a[x]"}]})", "invalid_arguments", "/frames/0/pick",
     "a[x]"},
    {R"({"frames":[{"method":"a.b","pick":3}]})", "invalid_arguments", "/frames/0/pick", "got 3"},
    {R"({"frames":[{"method":"a.b","silent":"yes"}]})", "invalid_arguments", "/frames/0/silent",
     "true or false, got a string"},
    {R"({"frames":[{"method":"a.b"}],"on_error":"abort"})", "invalid_arguments", "/on_error",
     "\"stop\""},
    {R"({"frames":[{"method":"a.b"}],"on_error":null})", "invalid_arguments", "/on_error",
     "got null"},
    {R"({"frames":[{"method":"a.b"}],"extra":1})", "invalid_arguments", "/extra",
     "unknown key \"extra\"; the arguments may have \"frames\", \"on_error\""},
    {R"({"frames":[{"method":"a.b"}],"a/b~c":1})", "invalid_arguments", "/a~1b~0c",
     "unknown key \"a/b~c\""},
    {R"({"frames":[{"method":"a.b"},{"method":"a.b","lable":"x"}]})", "invalid_arguments",
     "/frames/1/lable", "unknown key \"lable\"; a frame may have \"method\", \"params\""},
    {R"({"frames":[{"method":"a.b","x/y":1}]})", "invalid_arguments", "/frames/0/x~1y",
     "unknown key"},
};

BOOST_AUTO_TEST_SUITE(batch_args)

BOOST_DATA_TEST_CASE(malformed_arguments_are_refused_with_pointer, kBadArgs, c) {
  const ToolError error = Refuse(c.json);
  BOOST_TEST(error.kind == c.kind);
  BOOST_TEST(error.at.value_or("<none>") == c.at);
  BOOST_TEST(error.message.find(c.message_part) != std::string::npos,
             "message \"" << error.message << "\" lacks \"" << c.message_part << "\"");
}

BOOST_AUTO_TEST_CASE(the_agent_and_its_settings_are_parsed_and_checked) {
  BOOST_TEST(Accept(R"({"frames":[{"method":"a.b"}]})").agent == "default");
  const BatchArgs named = Accept(
      R"({"agent":"sub-1","agent_settings":{"locale":"de-DE","viewport":{"width":800,"height":600}},"frames":[{"method":"a.b"}]})");
  BOOST_TEST(named.agent == "sub-1");
  BOOST_TEST(boost::json::serialize(*named.agent_settings) ==
             R"({"locale":"de-DE","viewport":{"width":800,"height":600}})");
  const ToolError name = Refuse(R"({"agent":"1st","frames":[{"method":"a.b"}]})");
  BOOST_TEST(*name.at == "/agent");
  BOOST_TEST(name.message ==
             "\"agent\" must be a name of 1 to 64 characters: a letter or underscore, then "
             "letters, digits, '_' or '-', got \"1st\"");
  const ToolError setting = Refuse(
      R"({"agent_settings":{"viewport":{"width":0,"height":1}},"frames":[{"method":"a.b"}]})");
  BOOST_TEST(*setting.at == "/agent_settings/viewport");
  BOOST_TEST(setting.message ==
             "\"agent_settings\" \"viewport\" must be {\"width\": W, \"height\": H} in CSS pixels");
  const ToolError unknown =
      Refuse(R"({"agent_settings":{"colour":"red"},"frames":[{"method":"a.b"}]})");
  BOOST_TEST(*unknown.at == "/agent_settings/colour");
  BOOST_TEST(unknown.message ==
             "\"agent_settings\" \"colour\" is not a setting; the settings are \"viewport\", "
             "\"locale\", \"timezone\", \"user_agent\", \"geolocation\", \"proxy\", "
             "\"accept_insecure_certs\"");
  const ToolError whole = Refuse(R"({"agent_settings":[],"frames":[{"method":"a.b"}]})");
  BOOST_TEST(*whole.at == "/agent_settings");
}

BOOST_AUTO_TEST_CASE(long_refused_values_are_shortened_in_messages) {
  const std::string method(100, 'm');
  const ToolError error = Refuse(R"({"frames":[{"method":")" + method + R"("}]})");
  BOOST_TEST(*error.at == "/frames/0/method");
  BOOST_TEST(error.message.substr(error.message.size() - 73) ==
             "got \"" + std::string(64, 'm') + "\"...");
  const ToolError key_error = Refuse(R"({"frames":[{"method":"a.b",")" + method + R"(":1}]})");
  BOOST_TEST(*key_error.at == "/frames/0/" + std::string(64, 'm') + "...");  // bounded too
  BOOST_TEST(key_error.message.find("unknown key \"" + std::string(64, 'm') + "\"...;") !=
             std::string::npos);
}

BOOST_AUTO_TEST_CASE(more_frames_than_the_limit_is_too_large) {
  Limits limits;
  limits.max_frames = 2;
  const ToolError error =
      Refuse(R"({"frames":[{"method":"a.b"},{"method":"a.b"},{"method":"a.b"}]})", limits);
  BOOST_TEST(error.kind == "too_large");
  BOOST_TEST(*error.at == "/frames");
  BOOST_TEST(error.message.find("\"frames\" has 3 frames; at most 2 are allowed") !=
             std::string::npos);
}

BOOST_AUTO_TEST_CASE(exactly_the_frame_limit_is_accepted) {
  Limits limits;
  limits.max_frames = 2;
  auto parsed = ParseBatchArgs(R"({"frames":[{"method":"a.b"},{"method":"a.b"}]})", limits);
  BOOST_TEST(std::get<BatchArgs>(parsed).frames.size() == 2u);
}

BOOST_AUTO_TEST_CASE(a_full_frame_is_parsed_into_fields) {
  const BatchArgs args =
      Accept(R"({"frames":[{"method":"script.evaluate","params":{"expression":"1 << 2"},)"
             R"("label":"val_1-x","timeout_ms":600000,"pick":"result.value","silent":true}],)"
             R"("on_error":"continue"})");
  BOOST_REQUIRE_EQUAL(args.frames.size(), 1u);
  const Frame& f = args.frames[0];
  BOOST_TEST(f.method == "script.evaluate");
  BOOST_TEST(boost::json::serialize(f.params) == R"({"expression":"1 << 2"})");
  BOOST_TEST(f.label == "val_1-x");
  BOOST_TEST(f.timeout->count() == 600000);
  BOOST_TEST(f.pick->text == "result.value");
  BOOST_TEST(f.pick->steps.size() == 2u);
  BOOST_TEST(f.silent);
  BOOST_TEST((args.on_error == OnError::kContinue));
}

BOOST_AUTO_TEST_CASE(defaults_apply_when_keys_are_omitted) {
  const BatchArgs args = Accept(R"({"frames":[{"method":"browsingContext.getTree"}]})");
  const Frame& f = args.frames[0];
  BOOST_TEST(f.params.empty());
  BOOST_TEST(f.label.empty());
  BOOST_TEST(!f.timeout.has_value());
  BOOST_TEST(!f.pick.has_value());
  BOOST_TEST(!f.silent);
  BOOST_TEST((args.on_error == OnError::kStop));
}

BOOST_AUTO_TEST_CASE(integral_double_timeout_counts_as_integer) {
  const BatchArgs args = Accept(R"({"frames":[{"method":"a.b","timeout_ms":1.0}]})");
  BOOST_TEST(args.frames[0].timeout->count() == 1);
}

BOOST_AUTO_TEST_CASE(sixty_four_character_label_is_accepted) {
  const BatchArgs args = Accept(
      R"({"frames":[{"method":"a.b","label":"_234567890123456789012345678901234567890123456789012345678901234"}]})");
  BOOST_TEST(args.frames[0].label.size() == 64u);
}

BOOST_AUTO_TEST_CASE(serialized_error_has_kind_message_and_at) {
  BOOST_TEST(SerializeToolError(ToolError{"invalid_arguments", "bad \"x\"", "/frames/0"}) ==
             R"({"error":{"kind":"invalid_arguments","message":"bad \"x\"","at":"/frames/0"}})");
  BOOST_TEST(SerializeToolError(ToolError{"invalid_arguments", "not JSON", std::nullopt}) ==
             R"({"error":{"kind":"invalid_arguments","message":"not JSON"}})");
}

BOOST_AUTO_TEST_CASE(json_pointer_escapes_tilde_before_slash) {
  BOOST_TEST(JsonPointerAppend("/a", "~/") == "/a/~0~1");
  BOOST_TEST(JsonPointerAppend("", "") == "/");
}

BOOST_AUTO_TEST_CASE(a_huge_key_is_echoed_only_as_a_bounded_prefix) {
  const std::string key = std::string(60, 'k') + "/~" + std::string(50 << 20, 'x');
  BOOST_TEST(JsonPointerAppend("/frames/0", key) ==
             "/frames/0/" + std::string(60, 'k') + "~1~0xx...");
  for (const std::string& args : {R"({"frames":[{"method":"a.b"}],")" + key + R"(":1})",
                                  R"({"frames":[{"method":"a.b",")" + key + R"(":1}]})"}) {
    const ToolError error = Refuse(args);
    BOOST_REQUIRE(error.at.has_value());
    BOOST_TEST(error.at->size() < 100u, *error.at);
    BOOST_TEST(error.message.size() < 1000u);
    BOOST_TEST(SerializeToolError(error).size() < 1200u);
  }
}

BOOST_AUTO_TEST_CASE(method_shape_is_module_dot_command) {
  BOOST_TEST(IsValidMethod("script.evaluate"));
  BOOST_TEST(IsValidMethod("_a1._B2"));
  BOOST_TEST(!IsValidMethod("script."));
  BOOST_TEST(!IsValidMethod(".evaluate"));
  BOOST_TEST(!IsValidMethod("script-x.evaluate"));
  BOOST_TEST(!IsValidMethod("script"));
}

BOOST_AUTO_TEST_CASE(mutated_arguments_are_accepted_or_refused_with_a_pointer) {
  // Deterministic byte mutations of a full batch: each must parse or be refused cleanly.
  const std::string seed =
      R"({"frames":[{"method":"script.evaluate","params":{"e":"<<a.b[0]>>"},"label":"a",)"
      R"("timeout_ms":5,"pick":"x[1].y","silent":false}],"on_error":"continue"})";
  const std::string alphabet = "{}[]\":,.0123456789aZ_-~/ \\<>\x80\xff";
  std::uint32_t state = 12345;
  auto next = [&state] {
    state = state * 1103515245u + 12345u;
    return state >> 8;
  };
  std::size_t accepted = 0, refused = 0;
  for (int round = 0; round < 3000; ++round) {
    std::string text = seed;
    for (int k = 0, n = 1 + next() % 3; k < n; ++k) {
      text[next() % text.size()] = alphabet[next() % alphabet.size()];
    }
    auto parsed = ParseBatchArgs(text, Limits{});
    if (auto* error = std::get_if<ToolError>(&parsed)) {
      ++refused;
      BOOST_TEST_REQUIRE(!error->message.empty());
      BOOST_TEST_REQUIRE((!error->at || error->at->empty() || (*error->at)[0] == '/'));
    } else {
      ++accepted;
      BOOST_TEST_REQUIRE(std::get<BatchArgs>(parsed).frames.size() == 1u);
    }
  }
  BOOST_TEST(accepted > 0u);
  BOOST_TEST(refused > 0u);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi

namespace firefox_bidi {
namespace {

BOOST_AUTO_TEST_SUITE(batch_args_helpers)

constexpr std::string_view kHelpers[] = {"page.eval", "page.goto"};

BOOST_AUTO_TEST_CASE(known_helpers_are_accepted) {
  auto parsed = ParseBatchArgs(
      R"({"frames":[{"method":"page.goto","params":{"url":"about:blank"}},{"method":"page.eval"}]})",
      Limits{}, kHelpers);
  BOOST_REQUIRE(std::holds_alternative<BatchArgs>(parsed));
  BOOST_TEST(std::get<BatchArgs>(parsed).frames[1].method == "page.eval");
}

BOOST_AUTO_TEST_CASE(an_unknown_helper_is_refused_with_the_list_of_helpers) {
  auto parsed = ParseBatchArgs(R"({"frames":[{"method":"page.eval"},{"method":"page.clik"}]})",
                               Limits{}, kHelpers);
  BOOST_REQUIRE(std::holds_alternative<ToolError>(parsed));
  const ToolError& error = std::get<ToolError>(parsed);
  BOOST_TEST(error.kind == "invalid_arguments");
  BOOST_TEST(*error.at == "/frames/1/method");
  BOOST_TEST(error.message ==
             "frame 1: unknown helper \"page.clik\"; the helpers are page.eval, page.goto "
             "(page.help describes them)");
  auto none = ParseBatchArgs(R"({"frames":[{"method":"page.eval"}]})", Limits{});
  BOOST_REQUIRE(std::holds_alternative<ToolError>(none));
  BOOST_TEST(std::get<ToolError>(none).message ==
             "frame 0: unknown helper \"page.eval\"; the helpers are none in this build "
             "(page.help describes them)");
}

BOOST_AUTO_TEST_CASE(the_label_tab_is_reserved) {
  auto parsed =
      ParseBatchArgs(R"({"frames":[{"method":"page.eval","label":"tab"}]})", Limits{}, kHelpers);
  BOOST_REQUIRE(std::holds_alternative<ToolError>(parsed));
  BOOST_TEST(*std::get<ToolError>(parsed).at == "/frames/0/label");
  BOOST_TEST(std::get<ToolError>(parsed).message ==
             "frame 0: the label \"tab\" is reserved (<<tab>> is the current tab's context id); "
             "choose another label");
  // Only exactly "tab".
  BOOST_TEST(std::holds_alternative<BatchArgs>(ParseBatchArgs(
      R"({"frames":[{"method":"a.b","label":"tabs"},{"method":"a.b","label":"Tab"}]})", Limits{})));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
