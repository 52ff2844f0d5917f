#include "core/json_text.h"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <cstdint>
#include <limits>
#include <string>

namespace firefox_bidi {
namespace {

namespace bdata = boost::unit_test::data;

// Deterministic xorshift64, so a failure names a reproducible seed.
class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}
  std::uint64_t Next() {
    state_ ^= state_ << 13;
    state_ ^= state_ >> 7;
    state_ ^= state_ << 17;
    return state_;
  }
  std::size_t Below(std::size_t n) { return static_cast<std::size_t>(Next() % n); }

 private:
  std::uint64_t state_;
};

// A string mixing what JSON escapes with what it copies: controls, quotes, backslashes,
// DEL, UTF-8 (2 to 4 bytes, U+2028 included), stray continuation bytes, long plain runs.
std::string TrickyString(Random& random, std::size_t length) {
  static const std::string kPieces[] = {"\"",
                                        "\\",
                                        "\n",
                                        "\r",
                                        "\t",
                                        "\b",
                                        "\f",
                                        std::string(1, '\0'),
                                        "\x01",
                                        "\x1f",
                                        "\x7f",
                                        "/",
                                        " ",
                                        "\xC3\xA9",
                                        "\xE2\x80\xA8",
                                        "\xE2\x80\xA9",
                                        "\xF0\x9F\x98\x80",
                                        "\x80",
                                        "\xFF",
                                        "plain text of some length ",
                                        "0123456789abcdef"};
  std::string text;
  while (text.size() < length) text += kPieces[random.Below(std::size(kPieces))];
  return text;
}

boost::json::value RandomValue(Random& random, int depth) {
  switch (random.Below(depth > 4 ? 6 : 8)) {
    case 0:
      return nullptr;
    case 1:
      return random.Below(2) == 0;
    case 2:
      return static_cast<std::int64_t>(random.Next());
    case 3:
      return random.Next();
    case 4:
      return static_cast<double>(static_cast<std::int64_t>(random.Next())) / 1024.0;
    case 5:
      return boost::json::string(TrickyString(random, random.Below(300)));
    case 6: {
      boost::json::array array;
      for (std::size_t i = random.Below(5); i > 0; --i)
        array.push_back(RandomValue(random, depth + 1));
      return array;
    }
    default: {
      boost::json::object object;
      for (std::size_t i = random.Below(5); i > 0; --i) {
        object[TrickyString(random, random.Below(12))] = RandomValue(random, depth + 1);
      }
      return object;
    }
  }
}

BOOST_AUTO_TEST_SUITE(json_text)

BOOST_AUTO_TEST_CASE(escapes_exactly_like_boost_json) {
  BOOST_TEST(SerializeJson(boost::json::string("a\"b\\c\nd\x01\x1f\x7f/\xE2\x80\xA8")) ==
             "\"a\\\"b\\\\c\\nd\\u0001\\u001f\x7f/\xE2\x80\xA8\"");
}

BOOST_AUTO_TEST_CASE(every_byte_value_alone_and_inside_words_matches_boost_json) {
  for (int c = 0; c < 256; ++c) {
    // Each position of an 8-byte word and of the tail, for the word-at-a-time scan.
    for (std::size_t at = 0; at < 19; ++at) {
      std::string text(19, 'x');
      text[at] = static_cast<char>(c);
      const boost::json::value value = boost::json::string(text);
      BOOST_TEST(SerializeJson(value) == boost::json::serialize(value),
                 "byte " << c << " at " << at);
    }
  }
}

BOOST_AUTO_TEST_CASE(scalars_and_empty_containers_match_boost_json) {
  const boost::json::value values[] = {nullptr,
                                       true,
                                       false,
                                       0,
                                       -1,
                                       std::numeric_limits<std::int64_t>::min(),
                                       std::numeric_limits<std::uint64_t>::max(),
                                       1.5,
                                       -0.0,
                                       1e300,
                                       5e-324,
                                       boost::json::array{},
                                       boost::json::object{},
                                       boost::json::string{}};
  for (const boost::json::value& value : values) {
    BOOST_TEST(SerializeJson(value) == boost::json::serialize(value));
  }
  BOOST_TEST(SerializeJson(boost::json::value(1.5)) == "1.5E0");
}

BOOST_AUTO_TEST_CASE(nesting_beyond_the_recursion_limit_matches_boost_json) {
  const std::string text =
      std::string(5000, '[') + R"({"k\n":"v\"")" + "}" + std::string(5000, ']');
  boost::json::parse_options options;
  options.max_depth = 10000;
  const boost::json::value value = boost::json::parse(text, {}, options);
  const std::string written = SerializeJson(value);
  BOOST_TEST(written.size() == 10013u);
  BOOST_TEST(written == text);
}

BOOST_DATA_TEST_CASE(random_values_match_boost_json, bdata::xrange(1, 201), seed) {
  Random random(static_cast<std::uint64_t>(seed) * 0x9E3779B97F4A7C15ull);
  const boost::json::value value = RandomValue(random, 0);
  BOOST_TEST(SerializeJson(value) == boost::json::serialize(value));
}

BOOST_AUTO_TEST_CASE(long_string_with_escapes_throughout_matches_boost_json) {
  Random random(42);
  const boost::json::value value = boost::json::string(TrickyString(random, 300000));
  const std::string written = SerializeJson(value);
  BOOST_TEST(written == boost::json::serialize(value));
}

BOOST_AUTO_TEST_CASE(append_adds_to_what_is_there) {
  std::string out = "x=";
  AppendJson(boost::json::object{{"a", 1}, {"b", "\t"}}, out);
  AppendJsonString("q\"", out);
  BOOST_TEST(out == R"(x={"a":1,"b":"\t"}"q\"")");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
