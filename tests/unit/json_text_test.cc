#include "core/json_text.h"

#include <array>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>
#include <boost/test/unit_test.hpp>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>

namespace firefox_bidi {
namespace {

std::string Rewritten(const std::string& text) { return JsonText(boost::json::parse(text)); }

BOOST_AUTO_TEST_SUITE(json_text)

BOOST_AUTO_TEST_CASE(numbers_with_a_fraction_are_written_as_javascript_writes_them) {
  BOOST_TEST(Rewritten("[81.5,0.1,1234.5678,100.25,-0.5,2.5e-3]") ==
             "[81.5,0.1,1234.5678,100.25,-0.5,0.0025]");
  // The shortest decimal that reads back as the same double.
  BOOST_TEST(Rewritten("[0.30000000000000004,1.7976931348623157e308,5e-324]") ==
             "[0.30000000000000004,1.7976931348623157e+308,5e-324]");
  BOOST_TEST(Rewritten("[1e21,1E-7,12e2]") == "[1e+21,1e-07,1200]");
  // Boost's own notation, which these replace.
  BOOST_TEST(boost::json::serialize(boost::json::parse("[81.5,0.1]")) == "[8.15E1,1E-1]");
}

// Every double reads back as itself, and is written as the shortest form writes it whenever
// that form has no exponent.
BOOST_AUTO_TEST_CASE(every_double_reads_back_as_itself_in_its_shortest_form) {
  std::mt19937_64 random(20261205);
  std::uniform_int_distribution<std::int64_t> mantissa(-99999999, 99999999);
  std::uniform_int_distribution<int> places(0, 9);
  std::uniform_int_distribution<std::uint64_t> bits;
  for (int i = 0; i < 200000; ++i) {
    double d = 0;
    if (i % 2 == 0) {
      d = static_cast<double>(mantissa(random)) / std::pow(10.0, places(random));
    } else {
      const std::uint64_t b = bits(random);
      std::memcpy(&d, &b, sizeof d);
      if (!std::isfinite(d)) continue;
    }
    const std::string text = JsonText(boost::json::value(d));
    // Read back by a correctly rounding reader (Boost 1.81's parser rounds some far decimals
    // off by one unit in the last place).
    double back = 0;
    std::from_chars(text.data(), text.data() + text.size(), back);
    BOOST_REQUIRE_MESSAGE(back == d, text << " does not read back as " << d);
    std::array<char, 32> shortest;
    char* end = std::to_chars(shortest.data(), shortest.data() + shortest.size(), d).ptr;
    const std::string general(shortest.data(), end);
    if (general.find('e') == std::string::npos) {
      BOOST_REQUIRE_MESSAGE(text == general, text << " is not " << general);
    }
  }
  BOOST_TEST(Rewritten("[1000000.0,-0.0,-0.0025,123456789012.345]") ==
             "[1000000,0,-0.0025,123456789012.345]");
}

BOOST_AUTO_TEST_CASE(integers_strings_and_structure_are_written_as_boost_writes_them) {
  const std::string text =
      R"({"i":-9223372036854775808,"u":18446744073709551615,"z":0,"t":true,"f":false,)"
      R"("n":null,"s":"q\"b\\c\b\f\n\r\t\u0001\u001f \u2028é/","a":[[],{},[1,[2]]],"e":""})";
  const boost::json::value value = boost::json::parse(text);
  BOOST_TEST(JsonText(value) == boost::json::serialize(value));
  BOOST_TEST(JsonText(value) ==
             "{\"i\":-9223372036854775808,\"u\":18446744073709551615,\"z\":0,\"t\":true,"
             "\"f\":false,\"n\":null,\"s\":\"q\\\"b\\\\c\\b\\f\\n\\r\\t\\u0001\\u001f "
             "\xE2\x80\xA8\xC3\xA9/\",\"a\":[[],{},[1,[2]]],\"e\":\"\"}");
}

BOOST_AUTO_TEST_CASE(appending_keeps_what_was_there) {
  std::string out = "x=";
  AppendJsonText(boost::json::parse("{\"k\":[1.5]}"), out);
  BOOST_TEST(out == "x={\"k\":[1.5]}");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
