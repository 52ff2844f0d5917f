#include "core/interpolate.h"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <string>

namespace firefox_bidi {
namespace {

const boost::json::value kTree = boost::json::parse(
    R"({"contexts":[{"context":"C1","url":"about:blank"}],"n":42,"obj":{"a":[1,true,null]},)"
    R"("q":"say \"hi\"\n"})");
const boost::json::value kNum = 7;

const boost::json::value* Lookup(std::string_view label, std::string* why) {
  if (label == "tree") return &kTree;
  if (label == "num") return &kNum;
  if (label == "failed") *why = "frame 3, which has this label, failed";
  return nullptr;
}

// Interpolates `params_json` and returns the params, or the error message.
std::string Run(std::string_view params_json) {
  boost::json::object params = boost::json::parse(params_json).as_object();
  const absl::Status status = InterpolateInPlace(params, Lookup);
  return status.ok() ? boost::json::serialize(params) : std::string(status.message());
}

BOOST_AUTO_TEST_SUITE(interpolate)

BOOST_AUTO_TEST_CASE(whole_string_reference_keeps_the_value_type) {
  BOOST_TEST(Run(R"({"c":"<<tree.contexts[0].context>>"})") == R"({"c":"C1"})");
  BOOST_TEST(Run(R"({"n":"<<tree.n>>"})") == R"({"n":42})");
  BOOST_TEST(Run(R"({"o":"<<tree.obj>>"})") == R"({"o":{"a":[1,true,null]}})");
  BOOST_TEST(Run(R"({"x":"<<num>>"})") == R"({"x":7})");
  BOOST_TEST(Run(R"({"x":"<<tree.obj.a[2]>>"})") == R"({"x":null})");
}

BOOST_AUTO_TEST_CASE(embedded_reference_is_replaced_by_text) {
  BOOST_TEST(Run(R"({"e":"ctx=<<tree.contexts.0.context>>;"})") == R"({"e":"ctx=C1;"})");
  BOOST_TEST(Run(R"({"e":"n=<<tree.n>> o=<<tree.obj>>"})") ==
             R"({"e":"n=42 o={\"a\":[1,true,null]}"})");
  // A string's raw characters, not its JSON form.
  BOOST_TEST(Run(R"({"e":"[<<tree.q>>]"})") == R"({"e":"[say \"hi\"\n]"})");
  BOOST_TEST(Run(R"({"e":"<<num>><<num>>"})") == R"({"e":"77"})");
}

BOOST_AUTO_TEST_CASE(references_are_found_at_any_depth_but_never_in_keys) {
  BOOST_TEST(Run(R"({"<<num>>":{"a":["x","<<num>>",{"b":"<<tree.n>>"}]}})") ==
             R"({"<<num>>":{"a":["x",7,{"b":42}]}})");
}

BOOST_AUTO_TEST_CASE(malformed_references_stay_literal) {
  for (const char* literal :
       {R"({"s":"1 << 2"})", R"({"s":"a<<b"})", R"({"s":"<<1abc>>"})", R"({"s":"<<>>"})",
        R"({"s":"<< num>>"})", R"({"s":"<<num >>"})", R"({"s":"<<num.>>"})",
        R"({"s":"x << y >> z"})", R"({"s":"<<"})", R"({"s":"<<num"})"}) {
    BOOST_TEST(Run(literal) == literal);
  }
  BOOST_TEST(Run(R"({"s":"1 << 2 and <<num>>"})") == R"({"s":"1 << 2 and 7"})");
  BOOST_TEST(Run(R"({"s":"<<<num>>>"})") == R"({"s":"<7>"})");
}

BOOST_AUTO_TEST_CASE(unknown_label_names_the_reference) {
  BOOST_TEST(Run(R"({"s":"x <<nope.a>>"})") ==
             "<<nope.a>>: unknown label \"nope\" (no earlier frame of this call, and no kept "
             "result of an earlier call, has this label)");
  BOOST_TEST(Run(R"({"s":"<<failed>>"})") ==
             "<<failed>>: unknown label \"failed\" (frame 3, which has this label, failed)");
}

BOOST_AUTO_TEST_CASE(unresolvable_path_says_where_it_broke) {
  BOOST_TEST(Run(R"({"c":"<<tree.contexts[5].context>>"})") ==
             "<<tree.contexts[5].context>>: index 5 out of range at tree.contexts[5] (array "
             "has 1 element)");
  BOOST_TEST(Run(R"({"c":["<<tree.n.x>>"]})") ==
             "<<tree.n.x>>: cannot take member \"x\" of tree.n: it is a number, not an object");
}

BOOST_AUTO_TEST_CASE(needs_interpolation_only_for_well_formed_references) {
  BOOST_TEST(!NeedsInterpolation(
      boost::json::parse(R"({"s":"1 << 2","t":[1,{"u":"<<1x>>"}]})").as_object()));
  BOOST_TEST(NeedsInterpolation(boost::json::parse(R"({"t":[1,{"u":"a<<x>>"}]})").as_object()));
  BOOST_TEST(!NeedsInterpolation(boost::json::parse(R"({"<<x>>":1})").as_object()));
}

BOOST_AUTO_TEST_CASE(strings_without_references_keep_their_buffer) {
  boost::json::object params =
      boost::json::parse(R"({"plain":"no refs here","lit":"1 << 2","r":"<<num>>"})").as_object();
  const char* plain = params["plain"].as_string().data();
  const char* lit = params["lit"].as_string().data();
  BOOST_REQUIRE(InterpolateInPlace(params, Lookup).ok());
  BOOST_TEST(params["plain"].as_string().data() == plain);
  BOOST_TEST(params["lit"].as_string().data() == lit);
  BOOST_TEST(params["r"].as_int64() == 7);
}

BOOST_AUTO_TEST_CASE(an_index_too_large_is_an_interpolation_error_not_text) {
  BOOST_TEST(NeedsInterpolation(
      boost::json::parse(R"({"x":"<<tree.contexts[99999999999999999999999]>>"})").as_object()));
  BOOST_TEST(Run(R"({"x":"<<tree.contexts[99999999999999999999999]>>"})") ==
             "<<tree.contexts[99999999999999999999999]>>: an index is too large (at most "
             "18446744073709551615)");
  BOOST_TEST(Run(R"({"x":"a <<tree.contexts[99999999999999999999999].context>> b"})") ==
             "<<tree.contexts[99999999999999999999999].context>>: an index is too large (at "
             "most 18446744073709551615)");
  // As `.INDEX` it is also a member name, so it is looked up as one.
  BOOST_TEST(Run(R"({"x":"<<tree.99999999999999999999999>>"})") ==
             "<<tree.99999999999999999999999>>: no member \"99999999999999999999999\" at "
             "tree.99999999999999999999999 (members: \"contexts\", \"n\", \"obj\", \"q\")");
}

// Interpolates with a bound of `max_bytes`; the params, or the error message.
std::string RunBounded(std::string_view params_json, std::uint64_t max_bytes) {
  boost::json::object params = boost::json::parse(params_json).as_object();
  const absl::Status status = InterpolateInPlace(params, Lookup, max_bytes);
  if (!status.ok()) {
    BOOST_TEST(status.code() == absl::StatusCode::kResourceExhausted);
    return std::string(status.message());
  }
  return boost::json::serialize(params);
}

BOOST_AUTO_TEST_CASE(expansion_is_bounded_to_the_exact_serialized_size) {
  // {"o":{"a":[1,true,null]}} is 25 bytes; one byte less fails.
  BOOST_TEST(RunBounded(R"({"o":"<<tree.obj>>"})", 25) == R"({"o":{"a":[1,true,null]}})");
  BOOST_TEST(RunBounded(R"({"o":"<<tree.obj>>"})", 24) ==
             "<<tree.obj>>: the frame's params would expand past 24 bytes of JSON; reference "
             "smaller parts (a path into the label), or fewer times");
  // Embedded: the value's text counted as escaped. {"e":"[say \"hi\"\n]"} is 22 bytes.
  BOOST_TEST(RunBounded(R"({"e":"[<<tree.q>>]"})", 22) == R"({"e":"[say \"hi\"\n]"})");
  BOOST_TEST(RunBounded(R"({"e":"[<<tree.q>>]"})", 21).starts_with("<<tree.q>>: "));
  // {"e":"{\"a\":[1,true,null]} "} is 30 bytes.
  BOOST_TEST(RunBounded(R"({"e":"<<tree.obj>> "})", 30) == R"({"e":"{\"a\":[1,true,null]} "})");
  BOOST_TEST(RunBounded(R"({"e":"<<tree.obj>> "})", 29).starts_with("<<tree.obj>>: "));
  BOOST_TEST(RunBounded(R"({"x":"<<num>>","y":"zzzz"})", 10) ==
             "the frame's params are larger than 10 bytes of JSON");
}

BOOST_AUTO_TEST_CASE(amplification_fails_before_building_the_expansion) {
  // 1 MiB bound to a label, referenced 4000 times (64 KB of params): 4 GB if expanded.
  const boost::json::value big = boost::json::string(std::string(1 << 20, 'x'));
  auto lookup = [&](std::string_view label, std::string*) -> const boost::json::value* {
    return label == "big" ? &big : nullptr;
  };
  for (const bool whole : {true, false}) {
    boost::json::array list;
    for (int i = 0; i < 4000; ++i) list.emplace_back(whole ? "<<big>>" : "x<<big>>x");
    boost::json::object params{{"args", std::move(list)}};
    const absl::Status status = InterpolateInPlace(params, lookup);
    BOOST_TEST(status.code() == absl::StatusCode::kResourceExhausted);
    BOOST_TEST(std::string(status.message()) ==
               "<<big>>: the frame's params would expand past 16777216 bytes of JSON; reference "
               "smaller parts (a path into the label), or fewer times");
    // Each copy adds 1048569 bytes to about 40 KB: the 16th would pass 16 MiB.
    std::size_t expanded = 0;
    for (const auto& v : params["args"].as_array()) expanded += v.as_string().size() > 100;
    BOOST_TEST(expanded == 15u);
  }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
