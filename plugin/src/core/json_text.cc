#include "core/json_text.h"

#include <array>
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/string.hpp>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <string_view>

namespace firefox_bidi {
namespace {

// Whether a byte must be escaped in a JSON string: a control character, a quote or a backslash.
constexpr std::array<bool, 256> kNeedsEscape = [] {
  std::array<bool, 256> table{};
  for (int c = 0; c < 0x20; ++c) table[c] = true;
  table['"'] = true;
  table['\\'] = true;
  return table;
}();

// A string's escapes are Boost's: \" \\ \b \f \n \r \t, other code points below 0x20 as \u00xx
// with lowercase hex; everything else as it is (what canonical_json.h accepts as canonical).
// Runs that need no escape are copied whole.
void AppendString(std::string_view s, std::string& out) {
  static constexpr char kHex[] = "0123456789abcdef";
  out.reserve(out.size() + s.size() + 2);
  out.push_back('"');
  const char* run = s.data();  // the first byte not yet copied
  const char* const end = s.data() + s.size();
  for (const char* p = run; p != end; ++p) {
    const auto c = static_cast<unsigned char>(*p);
    if (!kNeedsEscape[c]) continue;
    out.append(run, p);
    run = p + 1;
    switch (c) {
      case '"':
        out.append("\\\"");
        break;
      case '\\':
        out.append("\\\\");
        break;
      case '\b':
        out.append("\\b");
        break;
      case '\f':
        out.append("\\f");
        break;
      case '\n':
        out.append("\\n");
        break;
      case '\r':
        out.append("\\r");
        break;
      case '\t':
        out.append("\\t");
        break;
      default: {
        const char escape[] = {'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 0xF]};
        out.append(escape, sizeof escape);
      }
    }
  }
  out.append(run, end);
  out.push_back('"');
}

template <typename Integer>
void AppendInteger(Integer n, std::string& out) {
  std::array<char, 24> buffer;
  const std::to_chars_result written =
      std::to_chars(buffer.data(), buffer.data() + buffer.size(), n);
  out.append(buffer.data(), written.ptr);
}

// Appends `d` with 0 to 6 digits after the point when that reads back as `d`, the fewest that
// do: a page's coordinates and sizes (81.5, 18.75, 0.1) in a few instructions, where the
// general shortest form costs hundreds, and a whole number below 1e15 in full, as JavaScript
// writes it (1000000, not 1e+06). False when none does (the caller writes the general form).
bool AppendFewDecimals(double d, std::string& out) {
  static constexpr double kScale[] = {1, 10, 100, 1e3, 1e4, 1e5, 1e6};
  if (!(std::fabs(d) < 1e15)) return false;
  for (int digits = 0; digits < 7; ++digits) {
    const double scaled = d * kScale[digits];
    // An integer m with m / 10^digits == d: the decimal m * 10^-digits reads back as d (the
    // division rounds its exact quotient, as reading the decimal does).
    if (std::fabs(scaled) >= 9007199254740992.0 || scaled != std::trunc(scaled) ||
        scaled / kScale[digits] != d) {
      continue;
    }
    const auto m = static_cast<std::int64_t>(scaled);
    std::array<char, 24> buffer;
    const char* const first = buffer.data();
    const char* last =
        std::to_chars(buffer.data(), buffer.data() + buffer.size(), m < 0 ? -m : m).ptr;
    // A product that missed a whole number at fewer digits leaves trailing zeros here.
    int decimals = digits;
    while (decimals > 0 && last - first > 1 && last[-1] == '0') {
      --decimals;
      --last;
    }
    if (m < 0) out.push_back('-');  // -0 is written 0, as JavaScript writes it
    const int length = static_cast<int>(last - first);
    if (length <= decimals) {  // |d| < 1: 0.0025
      out.append("0.");
      out.append(static_cast<std::size_t>(decimals - length), '0');
      out.append(first, last);
    } else {
      out.append(first, last - decimals);
      if (decimals > 0) {
        out.push_back('.');
        out.append(last - decimals, last);
      }
    }
    return true;
  }
  return false;
}

void AppendDouble(double d, std::string& out) {
  if (!std::isfinite(d)) {  // parsed JSON holds none; JSON has no text for them
    out.append("null");
    return;
  }
  if (AppendFewDecimals(d, out)) return;
  std::array<char, 32> buffer;
  const std::to_chars_result written =
      std::to_chars(buffer.data(), buffer.data() + buffer.size(), d);
  out.append(buffer.data(), written.ptr);
}

}  // namespace

void AppendJsonText(const boost::json::value& value, std::string& out) {
  switch (value.kind()) {
    case boost::json::kind::null:
      out.append("null");
      return;
    case boost::json::kind::bool_:
      out.append(value.get_bool() ? "true" : "false");
      return;
    case boost::json::kind::int64:
      AppendInteger(value.get_int64(), out);
      return;
    case boost::json::kind::uint64:
      AppendInteger(value.get_uint64(), out);
      return;
    case boost::json::kind::double_:
      AppendDouble(value.get_double(), out);
      return;
    case boost::json::kind::string: {
      const boost::json::string& s = value.get_string();
      AppendString(std::string_view(s.data(), s.size()), out);
      return;
    }
    case boost::json::kind::array: {
      out.push_back('[');
      bool first = true;
      for (const boost::json::value& element : value.get_array()) {
        if (!first) out.push_back(',');
        first = false;
        AppendJsonText(element, out);
      }
      out.push_back(']');
      return;
    }
    case boost::json::kind::object: {
      out.push_back('{');
      bool first = true;
      for (const boost::json::key_value_pair& member : value.get_object()) {
        if (!first) out.push_back(',');
        first = false;
        AppendString(std::string_view(member.key().data(), member.key().size()), out);
        out.push_back(':');
        AppendJsonText(member.value(), out);
      }
      out.push_back('}');
      return;
    }
  }
}

std::string JsonText(const boost::json::value& value) {
  std::string out;
  AppendJsonText(value, out);
  return out;
}

}  // namespace firefox_bidi
