#include "core/canonical_json.h"

#include <boost/beast/websocket/detail/utf8_checker.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/parse_options.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>
#include <boost/test/unit_test.hpp>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/json_text.h"

namespace firefox_bidi {
namespace {

using namespace std::string_literals;

// The options of the scanner's contract: whatever it accepts parses with these.
boost::json::parse_options DeepParseOptions() {
  boost::json::parse_options options;
  options.max_depth = 10000;
  return options;
}

// True when `text` parses and serializes back to exactly itself.
bool RoundTrips(std::string_view text) {
  boost::system::error_code ec;
  const boost::json::value value = boost::json::parse(text, ec, {}, DeepParseOptions());
  return !ec && JsonText(value) == text;
}

// True when `value` holds only what the scanner promises to accept: no doubles, integers of at
// most 18 digits, objects of at most kMaxCanonicalObjectKeys keys, at most kMaxCanonicalDepth
// non-empty containers open at once. `open` is the number of containers around `value`.
bool WithinAcceptedForms(const boost::json::value& value, std::size_t open) {
  constexpr std::int64_t kLimit = 1'000'000'000'000'000'000;  // 10^18: the first 19-digit value
  switch (value.kind()) {
    case boost::json::kind::double_:
    case boost::json::kind::uint64:  // only above INT64_MAX: 19 digits or more
      return false;
    case boost::json::kind::int64:
      return value.get_int64() > -kLimit && value.get_int64() < kLimit;
    case boost::json::kind::array:
      if (value.get_array().empty()) return true;
      if (open + 1 > kMaxCanonicalDepth) return false;
      for (const boost::json::value& element : value.get_array()) {
        if (!WithinAcceptedForms(element, open + 1)) return false;
      }
      return true;
    case boost::json::kind::object:
      if (value.get_object().empty()) return true;
      if (open + 1 > kMaxCanonicalDepth || value.get_object().size() > kMaxCanonicalObjectKeys) {
        return false;
      }
      for (const auto& member : value.get_object()) {
        if (!WithinAcceptedForms(member.value(), open + 1)) return false;
      }
      return true;
    default:
      return true;
  }
}

// True when the header promises that `text` is accepted: it round-trips and stays within the
// accepted forms.
bool MustBeAccepted(std::string_view text) {
  boost::system::error_code ec;
  const boost::json::value value = boost::json::parse(text, ec, {}, DeepParseOptions());
  return !ec && JsonText(value) == text && WithinAcceptedForms(value, 0);
}

std::string EncodeUtf8(char32_t code_point) {
  std::string out;
  if (code_point < 0x80) {
    out += static_cast<char>(code_point);
  } else if (code_point < 0x800) {
    out += static_cast<char>(0xC0 | (code_point >> 6));
    out += static_cast<char>(0x80 | (code_point & 0x3F));
  } else if (code_point < 0x10000) {
    out += static_cast<char>(0xE0 | (code_point >> 12));
    out += static_cast<char>(0x80 | ((code_point >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code_point & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (code_point >> 18));
    out += static_cast<char>(0x80 | ((code_point >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((code_point >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code_point & 0x3F));
  }
  return out;
}

std::string SerializeString(std::string_view s) {
  return boost::json::serialize(boost::json::value(boost::json::string(s)));
}

// What random strings are made of: plain ASCII and JSON punctuation, every class of byte that
// Boost escapes, DEL, and code points at the edges of each UTF-8 length, a BOM, U+2028, emoji.
std::vector<std::string> StringPieces() {
  static constexpr char kAscii[] = "aZ0 /u{}[]:,\"\\\b\f\n\r\t\x01\x0b\x1f\x7f\0";
  std::vector<std::string> pieces;
  for (const char c : std::string_view(kAscii, sizeof(kAscii) - 1)) pieces.emplace_back(1, c);
  for (const char32_t code_point : {0x80, 0xE9, 0x7FF, 0x800, 0x2028, 0xD7FF, 0xE000, 0xFEFF,
                                    0xFFFF, 0x10000, 0x1F600, 0x10FFFF}) {
    pieces.push_back(EncodeUtf8(code_point));
  }
  return pieces;
}

// Random JSON trees from a fixed seed. Only `rng_() % n` is used (no std distributions), so the
// trees are the same with every standard library.
class TreeGenerator {
 public:
  explicit TreeGenerator(std::uint32_t seed) : rng_(seed) {}

  boost::json::value Tree() {
    max_depth_ = Below(21);
    nodes_left_ = 1 + Below(300);
    return Value(0);
  }

  std::size_t Below(std::size_t n) { return rng_() % n; }

  std::string String(std::size_t max_pieces) {
    static const std::vector<std::string> kPieces = StringPieces();
    std::string out;
    for (std::size_t n = Below(max_pieces + 1); n > 0; --n) out += kPieces[Below(kPieces.size())];
    return out;
  }

  std::int64_t Integer() {
    constexpr std::int64_t kMax18Digits = 999'999'999'999'999'999;
    switch (Below(8)) {
      case 0:
        return kMax18Digits;
      case 1:
        return -kMax18Digits;
      case 2:
        return 0;
      default: {
        std::int64_t magnitude = 0;
        for (std::size_t digits = 1 + Below(18); digits > 0; --digits) {
          magnitude = magnitude * 10 + static_cast<std::int64_t>(Below(10));
        }
        return Below(2) == 0 ? magnitude : -magnitude;
      }
    }
  }

 private:
  boost::json::value Value(std::size_t depth) {
    const bool container = depth < max_depth_ && nodes_left_ > 0 && Below(3) != 0;
    if (nodes_left_ > 0) --nodes_left_;
    if (!container) {
      switch (Below(6)) {
        case 0:
          return nullptr;
        case 1:
          return Below(2) == 0;
        case 2:
        case 3:
          return Integer();
        default:
          return boost::json::string(String(12));
      }
    }
    const std::size_t size = Below(5);
    if (Below(2) == 0) {
      boost::json::array array;
      for (std::size_t k = 0; k < size; ++k) array.push_back(Value(depth + 1));
      return array;
    }
    boost::json::object object;
    for (std::size_t k = 0; k < size; ++k) {
      std::string key = String(4);  // generated before the value: a fixed order of rng_ calls
      object.emplace(key, Value(depth + 1));  // a repeated key is simply not added
    }
    return object;
  }

  std::mt19937 rng_;
  std::size_t max_depth_ = 0;
  std::size_t nodes_left_ = 0;
};

BOOST_AUTO_TEST_SUITE(canonical_json)

BOOST_AUTO_TEST_CASE(accepts_every_ascii_byte_as_boost_writes_it) {
  std::size_t accepted = 0;
  for (int byte = 0; byte < 0x80; ++byte) {
    const std::string alone = SerializeString(std::string(1, static_cast<char>(byte)));
    const std::string between = SerializeString("a"s + static_cast<char>(byte) + "z");
    if (IsCanonicalJson(alone) && CanonicalStringEnd(alone, 0) == alone.size() &&
        IsCanonicalJson(between) && RoundTrips(alone) && RoundTrips(between)) {
      ++accepted;
    } else {
      BOOST_ERROR("byte " << byte << " serialized as " << alone << " is refused");
    }
  }
  BOOST_TEST(accepted == 0x80u);
  // What Boost writes for the escape classes.
  BOOST_TEST(SerializeString("\0"s) == R"("\u0000")");
  BOOST_TEST(SerializeString("\x1f") == R"("\u001f")");
  BOOST_TEST(SerializeString("\x0b") == R"("\u000b")");
  BOOST_TEST(SerializeString("\b\f\n\r\t\"\\/") == R"("\b\f\n\r\t\"\\/")");
  BOOST_TEST(SerializeString("\x7f") == "\"\x7f\"");
}

BOOST_AUTO_TEST_CASE(refuses_every_lone_byte_from_0x80_as_boost_writes_it) {
  // boost::json::string holds any bytes and serialize copies them; such text is not valid JSON.
  std::size_t refused = 0;
  for (int byte = 0x80; byte < 0x100; ++byte) {
    const std::string text = SerializeString(std::string(1, static_cast<char>(byte)));
    if (text == "\""s + static_cast<char>(byte) + "\"" && !IsCanonicalJson(text) &&
        CanonicalStringEnd(text, 0) == kNotCanonical && !RoundTrips(text)) {
      ++refused;
    } else {
      BOOST_ERROR("lone byte " << byte << " is accepted");
    }
  }
  BOOST_TEST(refused == 0x80u);
}

BOOST_AUTO_TEST_CASE(every_byte_at_every_offset_of_a_long_string) {
  // Runs of plain bytes may be scanned many bytes at a time: put each byte at each position of
  // a 40-byte string whose other bytes are plain (whole blocks and the tail after them). A
  // string is accepted exactly when it round-trips; here when the byte is printable ASCII other
  // than '"' and '\\'.
  std::size_t accepted = 0;
  std::size_t mismatches = 0;
  for (std::size_t offset = 0; offset < 40; ++offset) {
    for (int byte = 0; byte < 0x100; ++byte) {
      std::string text = "\"" + std::string(40, 'x') + "\"";
      text[1 + offset] = static_cast<char>(byte);
      const bool plain = byte >= 0x20 && byte < 0x80 && byte != '"' && byte != '\\';
      const bool canonical = IsCanonicalJson(text);
      if (canonical) ++accepted;
      // Any single byte below 0x80 keeps the text valid UTF-8: both modes must agree.
      if (byte < 0x80 &&
          CanonicalValueEnd(text, 0, Utf8::kAlreadyValid) != CanonicalValueEnd(text, 0) &&
          ++mismatches <= 10) {
        BOOST_ERROR("modes differ on byte " << byte << " at offset " << offset);
      }
      if (canonical != plain || canonical != RoundTrips(text)) {
        if (++mismatches <= 10) BOOST_ERROR("byte " << byte << " at offset " << offset);
      }
      // Escaped as Boost writes it, every byte below 0x80 is accepted.
      if (byte < 0x80) {
        std::string raw(40, 'x');
        raw[offset] = static_cast<char>(byte);
        const std::string serialized = SerializeString(raw);
        if (!IsCanonicalJson(serialized) && ++mismatches <= 10) {
          BOOST_ERROR("escaped byte " << byte << " at offset " << offset);
        }
      }
    }
  }
  BOOST_TEST(mismatches == 0u);
  BOOST_TEST(accepted == 40u * (0x80 - 0x20 - 2));
  // Multi-byte sequences at every offset, valid and not.
  for (std::size_t offset = 0; offset < 40; ++offset) {
    for (const std::string& sequence :
         {"\xC3\xA9"s, "\xE2\x80\xA8"s, "\xF0\x9F\x98\x80"s, "\xF4\x8F\xBF\xBF"s}) {
      const std::string text =
          "\"" + std::string(offset, 'x') + sequence + std::string(30, 'y') + "\"";
      BOOST_TEST_INFO("offset " << offset);
      BOOST_TEST(IsCanonicalJson(text));
      BOOST_TEST(CanonicalValueEnd(text, 0, Utf8::kAlreadyValid) == text.size());
    }
    for (const std::string& sequence :
         {"\xC3"s, "\xE0\x80\x80"s, "\xED\xA0\x80"s, "\xF4\x90\x80\x80"s, "\xFF"s}) {
      const std::string text =
          "\"" + std::string(offset, 'x') + sequence + std::string(30, 'y') + "\"";
      BOOST_TEST_INFO("offset " << offset);
      BOOST_TEST(CanonicalValueEnd(text, 0) == kNotCanonical);
    }
  }
}

BOOST_AUTO_TEST_CASE(accepts_every_code_point_as_boost_writes_it) {
  std::size_t accepted = 0;
  std::size_t failures = 0;
  std::string all;
  for (char32_t code_point = 0; code_point <= 0x10FFFF; ++code_point) {
    if (code_point >= 0xD800 && code_point <= 0xDFFF) continue;
    const std::string utf8 = EncodeUtf8(code_point);
    all += utf8;
    const std::string text = SerializeString(utf8);
    if (IsCanonicalJson(text) && RoundTrips(text)) {
      ++accepted;
    } else if (++failures <= 10) {
      BOOST_ERROR("code point " << static_cast<std::uint32_t>(code_point) << " is refused");
    }
  }
  BOOST_TEST(failures == 0u);
  BOOST_TEST(accepted == 0x110000u - 0x800u);
  // All of them in one string, and as an object key.
  const std::string text = SerializeString(all);
  BOOST_TEST(CanonicalStringEnd(text, 0) == text.size());
  BOOST_TEST(CanonicalStringEnd(text, 0, Utf8::kAlreadyValid) == text.size());
  BOOST_TEST(IsCanonicalJson(text));
  BOOST_TEST(RoundTrips(text));
  const std::string object = "{" + text + ":1}";
  BOOST_TEST(IsCanonicalJson(object));
  BOOST_TEST(RoundTrips(object));
}

BOOST_AUTO_TEST_CASE(accepts_scalars_and_empty_containers) {
  for (const std::string_view text : {"true",
                                      "false",
                                      "null",
                                      "0",
                                      "7",
                                      "-1",
                                      "123456789012345678",
                                      "-123456789012345678",
                                      "999999999999999999",
                                      "-999999999999999999",
                                      R"("")",
                                      R"("a\"b\\c")",
                                      R"("\u0000")",
                                      R"("\u000b\u001f\b\f\n\r\t")",
                                      "\"\x7f\"",
                                      "[]",
                                      "{}",
                                      "[[]]",
                                      R"({"":{}})",
                                      R"([true,false,null,0,-5,"x",[],{}])",
                                      R"({"a":1,"b":[1,{"c":"d"}],"e":{}})"}) {
    BOOST_TEST_INFO("text: " << text);
    BOOST_TEST(CanonicalValueEnd(text, 0) == text.size());
    BOOST_TEST(IsCanonicalJson(text));
    BOOST_TEST(RoundTrips(text));
  }
}

BOOST_AUTO_TEST_CASE(accepts_what_boost_writes_for_random_trees) {
  TreeGenerator generator(20240601);
  std::size_t accepted = 0;
  std::size_t bytes = 0;
  for (int tree = 0; tree < 4000; ++tree) {
    const std::string text = boost::json::serialize(generator.Tree());
    bytes += text.size();
    if (CanonicalValueEnd(text, 0) == text.size() && IsCanonicalJson(text) && RoundTrips(text)) {
      ++accepted;
    } else {
      BOOST_ERROR("tree " << tree << " is refused: " << text);
    }
  }
  BOOST_TEST(accepted == 4000u);
  BOOST_TEST(bytes > 100000u);  // the trees are not trivially small
}

BOOST_AUTO_TEST_CASE(accepts_random_integers_of_up_to_18_digits) {
  TreeGenerator generator(7);
  std::size_t accepted = 0;
  for (int k = 0; k < 20000; ++k) {
    const std::string text = boost::json::serialize(boost::json::value(generator.Integer()));
    if (IsCanonicalJson(text) && RoundTrips(text)) {
      ++accepted;
    } else {
      BOOST_ERROR("refused: " << text);
    }
  }
  BOOST_TEST(accepted == 20000u);
}

BOOST_AUTO_TEST_CASE(mutated_texts_are_accepted_only_when_they_round_trip) {
  // The core safety property: every accepted text parses and serializes back to itself. Also
  // the other way: every text that round-trips within the accepted forms is accepted.
  TreeGenerator generator(424242);
  std::mt19937 rng(99);
  const auto below = [&](std::size_t n) { return rng() % n; };
  static constexpr std::string_view kInteresting = "\"\\{}[]:,-0123456789.eEtrufalsn ub/\x7f";
  const auto random_byte = [&]() {
    if (below(2) == 0) return kInteresting[below(kInteresting.size())];
    return static_cast<char>(below(256));
  };
  std::size_t accepted = 0;
  std::size_t refused = 0;
  std::size_t unsafe = 0;
  std::size_t missed = 0;
  std::size_t valid_utf8 = 0;
  std::size_t modes_differ = 0;
  for (int tree = 0; tree < 3000; ++tree) {
    const std::string original = boost::json::serialize(generator.Tree());
    for (int mutant = 0; mutant < 12; ++mutant) {
      std::string text = original;
      for (std::size_t edits = 1 + below(3); edits > 0; --edits) {
        const std::size_t at = below(text.size() + 1);
        switch (below(4)) {
          case 0:  // insert
            text.insert(text.begin() + static_cast<std::ptrdiff_t>(at), random_byte());
            break;
          case 1:  // delete
            if (at < text.size()) text.erase(at, 1);
            break;
          default:  // replace
            if (at < text.size()) text[at] = random_byte();
            break;
        }
      }
      // On valid UTF-8 (what Beast lets through), trusting it must change nothing.
      if (boost::beast::websocket::detail::check_utf8(text.data(), text.size())) {
        ++valid_utf8;
        if (CanonicalValueEnd(text, 0, Utf8::kAlreadyValid) != CanonicalValueEnd(text, 0) &&
            ++modes_differ <= 10) {
          BOOST_ERROR("modes differ: " << text);
        }
      }
      if (IsCanonicalJson(text)) {
        ++accepted;
        if (!RoundTrips(text) && ++unsafe <= 10) BOOST_ERROR("accepted, not canonical: " << text);
      } else {
        ++refused;
        if (MustBeAccepted(text) && ++missed <= 10) BOOST_ERROR("canonical, refused: " << text);
      }
    }
  }
  BOOST_TEST_MESSAGE("mutants: " << accepted << " accepted, " << refused << " refused");
  BOOST_TEST(unsafe == 0u);
  BOOST_TEST(missed == 0u);
  BOOST_TEST(modes_differ == 0u);
  BOOST_TEST(valid_utf8 > 20000u);
  BOOST_TEST(accepted + refused == 36000u);
  BOOST_TEST(accepted > 3000u);  // the property is not vacuous
  BOOST_TEST(refused > 10000u);
}

BOOST_AUTO_TEST_CASE(refuses_whitespace_between_tokens) {
  BOOST_TEST(CanonicalValueEnd("{ }", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("[ ]", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("[1, 2]", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("[ 1]", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("[1 ]", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"({"a" :1})", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"({"a": 1})", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"({"a":1 ,"b":2})", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(" 1", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("\n[]", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("[\t]", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("1 ", 0) == 1u);  // the value ends before the space
  BOOST_TEST(!IsCanonicalJson("1 "));
  BOOST_TEST(!IsCanonicalJson(" 1"));
}

BOOST_AUTO_TEST_CASE(refuses_escapes_boost_does_not_write) {
  BOOST_TEST(CanonicalValueEnd(R"("\/")", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"("\u0041")", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"("\u00e9")", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"("\u0020")", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"("\u0022")", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"("\u005c")", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"("\u001F")", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"("\u000B")", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"("\U001f")", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"("\u0008")", 0) == kNotCanonical);  // \b
  BOOST_TEST(CanonicalValueEnd(R"("\u0009")", 0) == kNotCanonical);  // \t
  BOOST_TEST(CanonicalValueEnd(R"("\u000a")", 0) == kNotCanonical);  // \n
  BOOST_TEST(CanonicalValueEnd(R"("\u000c")", 0) == kNotCanonical);  // \f
  BOOST_TEST(CanonicalValueEnd(R"("\u000d")", 0) == kNotCanonical);  // \r
  BOOST_TEST(CanonicalValueEnd(R"("\ud83d\ude00")", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"("\ud83d")", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"("\x41")", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"("\a")", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"("\u001")", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"("\u00)", 0) == kNotCanonical);
  // The escapes Boost writes.
  BOOST_TEST(CanonicalValueEnd(R"("\u001f")", 0) == 8u);
  BOOST_TEST(CanonicalValueEnd(R"("\u000b")", 0) == 8u);
  BOOST_TEST(CanonicalValueEnd(R"("\u0000")", 0) == 8u);
  BOOST_TEST(CanonicalValueEnd(R"("\b")", 0) == 4u);
}

BOOST_AUTO_TEST_CASE(refuses_fractions_and_exponents) {
  BOOST_TEST(CanonicalValueEnd("1.5", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("1.0", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("0.5", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("1e3", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("1E3", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("1E-1", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("[1.5]", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"({"a":2e0})", 0) == kNotCanonical);
}

BOOST_AUTO_TEST_CASE(refuses_non_canonical_integers) {
  BOOST_TEST(CanonicalValueEnd("-0", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("[-0]", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("01", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("00", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("-01", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("-", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("+1", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("--1", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("1234567890123456789", 0) == kNotCanonical);   // 19 digits
  BOOST_TEST(CanonicalValueEnd("-1000000000000000000", 0) == kNotCanonical);  // 19 digits
  BOOST_TEST(CanonicalValueEnd("9223372036854775807", 0) == kNotCanonical);   // INT64_MAX
  BOOST_TEST(CanonicalValueEnd("18446744073709551616", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("123456789012345678", 0) == 18u);  // 18 digits
  BOOST_TEST(CanonicalValueEnd("-123456789012345678", 0) == 19u);
  BOOST_TEST(CanonicalValueEnd("0x1", 0) == 1u);  // a value, then garbage
  BOOST_TEST(!IsCanonicalJson("0x1"));
}

BOOST_AUTO_TEST_CASE(refuses_partial_and_misspelled_literals) {
  BOOST_TEST(CanonicalValueEnd("tru", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("t", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("fals", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("nul", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("True", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("NULL", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("[tru]", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("undefined", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("truex", 0) == 4u);
  BOOST_TEST(!IsCanonicalJson("truex"));
}

BOOST_AUTO_TEST_CASE(value_end_stops_after_the_first_value) {
  BOOST_TEST(CanonicalValueEnd("1,2", 0) == 1u);
  BOOST_TEST(!IsCanonicalJson("1,2"));
  BOOST_TEST(CanonicalValueEnd("[1]]", 0) == 3u);
  BOOST_TEST(!IsCanonicalJson("[1]]"));
  BOOST_TEST(CanonicalValueEnd("{}x", 0) == 2u);
  BOOST_TEST(CanonicalValueEnd(R"("a""b")", 0) == 3u);
  BOOST_TEST(CanonicalValueEnd("null}", 0) == 4u);
}

BOOST_AUTO_TEST_CASE(refuses_misplaced_structure) {
  BOOST_TEST(CanonicalValueEnd("[1,]", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("[,1]", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("[1,,2]", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"({"a":1,})", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("{1:2}", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"({"a"1})", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"({"a"})", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"({"a":})", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("[1:2]", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("[}", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("{]", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("[1}", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"({"a":1])", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("]", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("}", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(",", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("'a'", 0) == kNotCanonical);
}

BOOST_AUTO_TEST_CASE(refuses_raw_control_bytes_in_strings) {
  BOOST_TEST(CanonicalValueEnd("\"\x1f\"", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("\"\0\""s, 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("\"a\tb\"", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("\"\n\"", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("{\"\x01\":1}", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("\"\x7f\"", 0) == 3u);  // DEL is written raw
}

BOOST_AUTO_TEST_CASE(refuses_invalid_utf8) {
  BOOST_TEST(CanonicalValueEnd("\"\x80\"", 0) == kNotCanonical);              // lone continuation
  BOOST_TEST(CanonicalValueEnd("\"\xC0\x80\"", 0) == kNotCanonical);          // overlong NUL
  BOOST_TEST(CanonicalValueEnd("\"\xC1\xBF\"", 0) == kNotCanonical);          // overlong
  BOOST_TEST(CanonicalValueEnd("\"\xE0\x80\x80\"", 0) == kNotCanonical);      // overlong
  BOOST_TEST(CanonicalValueEnd("\"\xE0\x9F\xBF\"", 0) == kNotCanonical);      // overlong U+07FF
  BOOST_TEST(CanonicalValueEnd("\"\xF0\x80\x80\x80\"", 0) == kNotCanonical);  // overlong
  BOOST_TEST(CanonicalValueEnd("\"\xF0\x8F\xBF\xBF\"", 0) == kNotCanonical);  // overlong U+FFFF
  BOOST_TEST(CanonicalValueEnd("\"\xED\xA0\x80\"", 0) == kNotCanonical);      // U+D800
  BOOST_TEST(CanonicalValueEnd("\"\xED\xBF\xBF\"", 0) == kNotCanonical);      // U+DFFF
  BOOST_TEST(CanonicalValueEnd("\"\xF4\x90\x80\x80\"", 0) == kNotCanonical);  // U+110000
  BOOST_TEST(CanonicalValueEnd("\"\xF5\x80\x80\x80\"", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("\"\xF8\x88\x80\x80\x80\"", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("\"\xFF\"", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("\"\xC3\"", 0) == kNotCanonical);          // truncated
  BOOST_TEST(CanonicalValueEnd("\"\xE2\x82\"", 0) == kNotCanonical);      // truncated
  BOOST_TEST(CanonicalValueEnd("\"\xF0\x9F\x98\"", 0) == kNotCanonical);  // truncated
  BOOST_TEST(CanonicalValueEnd("\"\xC3\x28\"", 0) == kNotCanonical);      // bad continuation
  BOOST_TEST(CanonicalValueEnd("\"\xC3", 0) == kNotCanonical);            // truncated at the end
  BOOST_TEST(CanonicalValueEnd("\"\xE2\x82", 0) == kNotCanonical);        // truncated at the end
  BOOST_TEST(CanonicalValueEnd("\"\xF0\x9F\x98", 0) == kNotCanonical);    // truncated at the end
  // The edges that are valid.
  BOOST_TEST(CanonicalValueEnd("\"\xED\x9F\xBF\"", 0) == 5u);      // U+D7FF
  BOOST_TEST(CanonicalValueEnd("\"\xEE\x80\x80\"", 0) == 5u);      // U+E000
  BOOST_TEST(CanonicalValueEnd("\"\xF4\x8F\xBF\xBF\"", 0) == 6u);  // U+10FFFF
  BOOST_TEST(CanonicalValueEnd("\"\xF0\x9F\x98\x80\"", 0) == 6u);  // U+1F600
}

BOOST_AUTO_TEST_CASE(refuses_repeated_keys_in_one_object) {
  BOOST_TEST(CanonicalValueEnd(R"({"a":1,"a":2})", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"({"a":1,"b":2,"a":3})", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"({"o":{"a":1,"a":2}})", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"([{"a":1,"a":2}])", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"({"a":{"x":1},"a":2})", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"({"x":[{"y":1}],"z":{"w":{"v":1,"v":1}}})", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"({"\n":1,"\n":2})", 0) == kNotCanonical);
}

BOOST_AUTO_TEST_CASE(accepts_the_same_key_in_distinct_objects) {
  for (const std::string_view text :
       {R"({"a":{"a":1}})", R"([{"a":1},{"a":1}])", R"({"a":{"x":1},"x":2})",
        R"({"x":1,"a":{"x":1}})", R"({"a":[{"b":1},{"b":2}],"b":3})", R"({"a\n":1,"a\\n":2})",
        R"({"a":1,"A":2,"a ":3})"}) {
    BOOST_TEST_INFO("text: " << text);
    BOOST_TEST(CanonicalValueEnd(text, 0) == text.size());
    BOOST_TEST(RoundTrips(text));
  }
}

std::string ObjectWithKeys(std::size_t count, std::string_view prefix = "k") {
  std::string text = "{";
  for (std::size_t k = 0; k < count; ++k) {
    if (k > 0) text += ',';
    text += '"' + std::string(prefix) + std::to_string(k) + "\":" + std::to_string(k);
  }
  return text + "}";
}

BOOST_AUTO_TEST_CASE(object_key_limit_is_exact) {
  const std::string at_limit = ObjectWithKeys(kMaxCanonicalObjectKeys);
  BOOST_TEST(CanonicalValueEnd(at_limit, 0) == at_limit.size());
  BOOST_TEST(RoundTrips(at_limit));
  BOOST_TEST(CanonicalValueEnd(ObjectWithKeys(kMaxCanonicalObjectKeys + 1), 0) == kNotCanonical);
  // The limit is per object: a full object inside a full object, and full siblings.
  std::string nested = ObjectWithKeys(kMaxCanonicalObjectKeys);
  nested.replace(nested.find("\"k0\":0"), 6, "\"k0\":" + ObjectWithKeys(kMaxCanonicalObjectKeys));
  BOOST_TEST(CanonicalValueEnd(nested, 0) == nested.size());
  BOOST_TEST(RoundTrips(nested));
  const std::string siblings = "[" + at_limit + "," + at_limit + "]";
  BOOST_TEST(CanonicalValueEnd(siblings, 0) == siblings.size());
  const std::string inner_over = "[" + ObjectWithKeys(kMaxCanonicalObjectKeys + 1) + "]";
  BOOST_TEST(CanonicalValueEnd(inner_over, 0) == kNotCanonical);
}

BOOST_AUTO_TEST_CASE(depth_limit_is_exact) {
  // kMaxCanonicalDepth counts the non-empty containers open at once: an innermost empty
  // container or scalar adds no level.
  const auto nested = [](std::size_t arrays, std::string_view inner) {
    return std::string(arrays, '[') + std::string(inner) + std::string(arrays, ']');
  };
  const std::string scalar_at_limit = nested(kMaxCanonicalDepth, "1");
  BOOST_TEST(CanonicalValueEnd(scalar_at_limit, 0) == scalar_at_limit.size());
  BOOST_TEST(RoundTrips(scalar_at_limit));
  BOOST_TEST(CanonicalValueEnd(nested(kMaxCanonicalDepth + 1, "1"), 0) == kNotCanonical);
  // kMaxCanonicalDepth + 1 pairs of brackets, the innermost empty.
  const std::string empty_at_limit = nested(kMaxCanonicalDepth, "[]");
  BOOST_TEST(CanonicalValueEnd(empty_at_limit, 0) == empty_at_limit.size());
  BOOST_TEST(RoundTrips(empty_at_limit));
  BOOST_TEST(CanonicalValueEnd(nested(kMaxCanonicalDepth + 1, "[]"), 0) == kNotCanonical);
  // Objects count the same.
  std::string objects;
  for (std::size_t k = 0; k < kMaxCanonicalDepth; ++k) objects += R"({"a":)";
  objects += "{}" + std::string(kMaxCanonicalDepth, '}');
  BOOST_TEST(CanonicalValueEnd(objects, 0) == objects.size());
  BOOST_TEST(RoundTrips(objects));
  BOOST_TEST(CanonicalValueEnd(R"({"a":)" + objects + "}", 0) == kNotCanonical);
  // Depth is the number open at once, not the total: many siblings at the limit are fine.
  const std::string deep_siblings =
      "[" + nested(kMaxCanonicalDepth - 1, "1") + "," + nested(kMaxCanonicalDepth - 1, "2") + "]";
  BOOST_TEST(CanonicalValueEnd(deep_siblings, 0) == deep_siblings.size());
}

BOOST_AUTO_TEST_CASE(refuses_unterminated_values) {
  BOOST_TEST(CanonicalValueEnd(R"("abc)", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"(")", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"("\)", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"("\")", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("[", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("[1", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("[1,", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("[[1]", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("{", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"({"a")", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"({"a":)", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"({"a":1)", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"({"a":1,)", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd(R"({"a":{"b":1})", 0) == kNotCanonical);
}

BOOST_AUTO_TEST_CASE(refuses_empty_input_and_positions_past_the_end) {
  BOOST_TEST(!IsCanonicalJson(""));
  BOOST_TEST(CanonicalValueEnd("", 0) == kNotCanonical);
  BOOST_TEST(CanonicalStringEnd("", 0) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("1", 1) == kNotCanonical);
  BOOST_TEST(CanonicalValueEnd("1", 5) == kNotCanonical);
  BOOST_TEST(CanonicalStringEnd(R"("a")", 3) == kNotCanonical);
  BOOST_TEST(CanonicalStringEnd(R"("a")", 9) == kNotCanonical);
}

BOOST_AUTO_TEST_CASE(string_end_at_an_offset) {
  const std::string_view text = R"(xx"a\"b"yy)";
  BOOST_TEST(CanonicalStringEnd(text, 2) == 8u);
  BOOST_TEST(text.substr(2, 6) == R"("a\"b")");
  BOOST_TEST(CanonicalStringEnd(text, 0) == kNotCanonical);  // not a quote
  BOOST_TEST(CanonicalStringEnd(text, 5) == 8u);             // the escaped quote read as "b"
  BOOST_TEST(CanonicalStringEnd(text, 7) == kNotCanonical);  // "yy has no closing quote
  BOOST_TEST(CanonicalStringEnd("1", 0) == kNotCanonical);
  // A key: the string ends at its closing quote, before the colon.
  BOOST_TEST(CanonicalStringEnd(R"({"key":"v"})", 1) == 6u);
  BOOST_TEST(CanonicalStringEnd(R"({"key":"v"})", 7) == 10u);
}

BOOST_AUTO_TEST_CASE(value_end_inside_a_bidi_reply) {
  const std::string_view text = R"({"type":"success","id":1,"result":{"a":[1,"x"]}})";
  const std::size_t result = text.find(R"("result":)") + 9;
  BOOST_TEST(result == 34u);
  const std::size_t end = CanonicalValueEnd(text, result);
  BOOST_TEST(end == text.size() - 1);
  BOOST_TEST(text[end] == '}');
  BOOST_TEST(text.substr(result, end - result) == R"({"a":[1,"x"]})");
  // The other members' values.
  BOOST_TEST(CanonicalValueEnd(text, 8) == 17u);   // "success"
  BOOST_TEST(CanonicalValueEnd(text, 23) == 24u);  // 1
  BOOST_TEST(text.substr(23, 1) == "1");
  // Inside the result: the array, and its elements.
  BOOST_TEST(CanonicalValueEnd(text, 39) == 46u);
  BOOST_TEST(text.substr(39, 7) == R"([1,"x"])");
  // Not at a value.
  BOOST_TEST(CanonicalValueEnd(text, 17) == kNotCanonical);  // the comma after "success"
  BOOST_TEST(CanonicalValueEnd(text, 33) == kNotCanonical);  // the colon
  // The whole reply.
  BOOST_TEST(IsCanonicalJson(text));
  // A result with a non-canonical tail elsewhere still scans up to its own end.
  const std::string_view spaced = R"({"type":"success","id":1,"result":{"a":1}, "x":1.5})";
  BOOST_TEST(CanonicalValueEnd(spaced, 34) == 41u);
  BOOST_TEST(!IsCanonicalJson(spaced));
}

// The end of `text`'s value with Utf8::kAlreadyValid, scanned both ways (canonical_json.h:
// StringScan): {runs, blocks}. The product's scan is left in place.
std::pair<std::size_t, std::size_t> BothScans(std::string_view text) {
  SetStringScan(StringScan::kRuns);
  const std::size_t runs = CanonicalValueEnd(text, 0, Utf8::kAlreadyValid);
  SetStringScan(StringScan::kBlocks);
  const std::size_t blocks = CanonicalValueEnd(text, 0, Utf8::kAlreadyValid);
  return {runs, blocks};
}

BOOST_AUTO_TEST_CASE(block_scan_decides_every_escape_at_every_offset_as_the_run_scan_does) {
  // Each escape, canonical or not, and each raw byte that matters, at every offset of a
  // string long enough for three 64-byte blocks and a partial one: across every 16- and
  // 64-byte boundary. The block scan must agree with the run scan, and accept exactly what
  // round-trips.
  const std::vector<std::string> pieces = {
      R"(\")",     R"(\\)",     R"(\b)",     R"(\f)",      R"(\n)",
      R"(\r)",     R"(\t)",     R"(\u0000)", R"(\u001f)",  R"(\u000b)",
      R"(\/)",     R"(\u0020)", R"(\u001F)", R"(\u0008)",  R"(\x)",
      R"(\U0001)", R"(\u00)",   R"(\)",      "\"",         "\x01",
      "\x1f",      "\t",        "\x7f",      "\xC3\xA9",   "\xF0\x9F\x98\x80",
      R"(\\\")",   R"(\\\\)",   R"(\\\\\")", R"(\\\\\\\)", "u",
      "\\\n"};
  std::size_t accepted = 0;
  std::size_t failures = 0;
  for (std::size_t offset = 0; offset < 210; ++offset) {
    for (const std::string& piece : pieces) {
      for (const std::size_t tail : {0, 1, 15, 16, 63, 64, 65}) {
        const std::string text =
            "\"" + std::string(offset, 'x') + piece + std::string(tail, 'y') + "\"";
        const auto [runs, blocks] = BothScans(text);
        const bool round_trips = RoundTrips(text);
        if (blocks == text.size()) ++accepted;
        if ((runs != blocks || (blocks == text.size()) != round_trips) && ++failures <= 10) {
          BOOST_ERROR("piece " << boost::json::serialize(boost::json::string(piece))
                               << " at offset " << offset << ", tail " << tail << ": runs " << runs
                               << ", blocks " << blocks << ", round-trips " << round_trips);
        }
      }
    }
  }
  BOOST_TEST(failures == 0u);
  // \" \\ \b \f \n \r \t \u0000 \u001f \u000b, three of the backslash runs, é, U+1F600, u, DEL.
  BOOST_TEST(accepted == 210u * 7u * 17u);
}

BOOST_AUTO_TEST_CASE(block_scan_runs_of_backslashes_across_block_boundaries) {
  // n backslashes ending just before, at and after each 64-byte boundary, then a quote: an
  // even run leaves the quote closing the string, an odd run escapes it.
  for (std::size_t n = 1; n <= 70; ++n) {
    for (std::size_t start = 0; start < 140; ++start) {
      const std::string text = "\"" + std::string(start, 'a') + std::string(n, '\\') + "\"";
      const auto [runs, blocks] = BothScans(text);
      BOOST_TEST_INFO(n << " backslashes at " << start);
      BOOST_TEST(blocks == runs);
      BOOST_TEST(blocks == (n % 2 == 0 ? text.size() : kNotCanonical));
      // Followed by more: the string ends at the quote after the run when the run is even,
      // and at the next quote when it is odd.
      const std::string more = text + "zz\"";
      const auto [more_runs, more_blocks] = BothScans("[" + more + "]");
      BOOST_TEST(more_blocks == more_runs);
      BOOST_TEST(more_blocks == (n % 2 == 0 ? kNotCanonical : more.size() + 2));
    }
  }
}

BOOST_AUTO_TEST_CASE(block_scan_ends_strings_inside_larger_values) {
  // Strings of every length from 0 to 200 as keys and values, so that each ends in every
  // position of a block and the scan goes on after it.
  for (std::size_t n = 0; n <= 200; ++n) {
    std::string s;
    for (std::size_t k = 0; k < n; ++k) s += "ab\"c\\d\n\x01\xC3\xA9"[k % 10];
    boost::json::value value = {{"k" + std::to_string(n), s}, {"tail", {s, n, true}}};
    const std::string text = boost::json::serialize(value);
    const auto [runs, blocks] = BothScans(text);
    BOOST_TEST_INFO("length " << n);
    BOOST_TEST(runs == text.size());
    BOOST_TEST(blocks == text.size());
  }
}

BOOST_AUTO_TEST_CASE(block_scan_agrees_on_long_mutated_strings) {
  // 1 MiB of what Boost writes for text dense in escapes, then one byte changed at random
  // places to each byte that matters to a scanner.
  std::mt19937_64 random(18);
  const std::vector<std::string> pieces = StringPieces();
  std::string raw;
  while (raw.size() < (1u << 20)) raw += pieces[random() % pieces.size()];
  const std::string text = SerializeString(raw);
  {
    const auto [runs, blocks] = BothScans(text);
    BOOST_TEST(runs == text.size());
    BOOST_TEST(blocks == text.size());
  }
  std::size_t refused = 0;
  for (int round = 0; round < 300; ++round) {
    std::string mutated = text;
    const std::size_t at = 1 + random() % (text.size() - 2);
    mutated[at] = "\"\\\x00\x1fu/x\xC3"[random() % 8];
    const auto [runs, blocks] = BothScans(mutated);
    BOOST_TEST_INFO("round " << round << ", byte " << at);
    BOOST_TEST(blocks == runs);
    if (blocks != mutated.size()) ++refused;
  }
  BOOST_TEST(refused > 100u);  // the mutations do reach what the scan refuses
}

BOOST_AUTO_TEST_CASE(block_scan_trusts_utf8_as_the_run_scan_does) {
  // With Utf8::kAlreadyValid neither scan looks at non-ASCII bytes (the caller vouches for
  // them); with Utf8::kCheck invalid UTF-8 is refused.
  for (std::size_t offset = 0; offset < 130; ++offset) {
    const std::string text = "\"" + std::string(offset, 'x') + "\xFF\xC3" + "\"";
    const auto [runs, blocks] = BothScans(text);
    BOOST_TEST(runs == text.size());
    BOOST_TEST(blocks == text.size());
    BOOST_TEST(CanonicalValueEnd(text, 0, Utf8::kCheck) == kNotCanonical);
  }
}

BOOST_AUTO_TEST_CASE(fuzz_seeds_are_canonical) {
  // The seed corpus of fuzz_canonical_json starts from accepted texts.
  const std::filesystem::path directory =
      std::filesystem::path(FIREFOX_BIDI_SOURCE_DIR) / "fixtures/fuzz/canonical_json";
  std::size_t seeds = 0;
  for (const auto& entry : std::filesystem::directory_iterator(directory)) {
    std::ifstream in(entry.path(), std::ios::binary);
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    BOOST_TEST_INFO("seed: " << entry.path().filename().string());
    BOOST_TEST(IsCanonicalJson(text));
    BOOST_TEST(RoundTrips(text));
    ++seeds;
  }
  BOOST_TEST(seeds == 6u);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
