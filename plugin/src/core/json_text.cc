#include "core/json_text.h"

#include <boost/json/serializer.hpp>
#include <cstdint>
#include <cstring>

namespace firefox_bidi {
namespace {

// Deeper containers are left to Boost.JSON's own (non-recursive) serializer: results may nest
// thousands of levels, and this writer recurses.
constexpr int kMaxRecursion = 64;

constexpr std::uint64_t kOnes = 0x0101010101010101ull;
constexpr std::uint64_t kHighs = 0x8080808080808080ull;

bool NeedsEscape(unsigned char c) { return c < 0x20 || c == '"' || c == '\\'; }

// Length of the prefix of `text` that is copied unescaped. Eight bytes at a time: a word with
// no byte below 0x20 and no '"' or '\' is skipped whole (the tests may report a false hit,
// never a miss; a hit is settled byte by byte).
std::size_t UnescapedRun(std::string_view text) {
  const char* const p = text.data();
  const std::size_t n = text.size();
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    std::uint64_t word;
    std::memcpy(&word, p + i, 8);
    const std::uint64_t quote = word ^ (kOnes * '"');
    const std::uint64_t backslash = word ^ (kOnes * '\\');
    const std::uint64_t control = (word - kOnes * 0x20) & ~word;
    const std::uint64_t quotes = (quote - kOnes) & ~quote;
    const std::uint64_t backslashes = (backslash - kOnes) & ~backslash;
    if (((control | quotes | backslashes) & kHighs) != 0) break;
  }
  while (i < n && !NeedsEscape(static_cast<unsigned char>(p[i]))) ++i;
  return i;
}

void AppendEscaped(unsigned char c, std::string& out) {
  static constexpr char kHex[] = "0123456789abcdef";
  switch (c) {
    case '"':
      out.append("\\\"");
      return;
    case '\\':
      out.append("\\\\");
      return;
    case '\b':
      out.append("\\b");
      return;
    case '\t':
      out.append("\\t");
      return;
    case '\n':
      out.append("\\n");
      return;
    case '\f':
      out.append("\\f");
      return;
    case '\r':
      out.append("\\r");
      return;
    default: {
      const char unit[] = {'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 15]};
      out.append(unit, sizeof unit);
      return;
    }
  }
}

// Writes what Boost.JSON's serializer produces for `value` (scalars, deep containers).
void AppendByBoost(const boost::json::value& value, boost::json::serializer& serializer,
                   std::string& out) {
  serializer.reset(&value);
  char buffer[256];
  while (!serializer.done()) {
    const boost::json::string_view chunk = serializer.read(buffer, sizeof buffer);
    out.append(chunk.data(), chunk.size());
  }
}

void AppendValue(const boost::json::value& value, int depth, boost::json::serializer& serializer,
                 std::string& out);

void AppendObject(const boost::json::object& object, int depth, boost::json::serializer& serializer,
                  std::string& out) {
  out.push_back('{');
  bool first = true;
  for (const boost::json::key_value_pair& member : object) {
    if (!first) out.push_back(',');
    first = false;
    AppendJsonString(std::string_view(member.key().data(), member.key().size()), out);
    out.push_back(':');
    AppendValue(member.value(), depth + 1, serializer, out);
  }
  out.push_back('}');
}

void AppendValue(const boost::json::value& value, int depth, boost::json::serializer& serializer,
                 std::string& out) {
  switch (value.kind()) {
    case boost::json::kind::string: {
      const boost::json::string& text = value.get_string();
      AppendJsonString(std::string_view(text.data(), text.size()), out);
      return;
    }
    case boost::json::kind::object:
      if (depth >= kMaxRecursion) break;
      AppendObject(value.get_object(), depth, serializer, out);
      return;
    case boost::json::kind::array: {
      if (depth >= kMaxRecursion) break;
      out.push_back('[');
      bool first = true;
      for (const boost::json::value& element : value.get_array()) {
        if (!first) out.push_back(',');
        first = false;
        AppendValue(element, depth + 1, serializer, out);
      }
      out.push_back(']');
      return;
    }
    default:
      break;
  }
  AppendByBoost(value, serializer, out);
}

}  // namespace

void AppendJsonString(std::string_view text, std::string& out) {
  out.reserve(out.size() + text.size() + 2);
  out.push_back('"');
  while (!text.empty()) {
    const std::size_t run = UnescapedRun(text);
    out.append(text.data(), run);
    if (run == text.size()) break;
    AppendEscaped(static_cast<unsigned char>(text[run]), out);
    text.remove_prefix(run + 1);
  }
  out.push_back('"');
}

void AppendJson(const boost::json::value& value, std::string& out) {
  boost::json::serializer serializer;
  AppendValue(value, 0, serializer, out);
}

void AppendJson(const boost::json::object& object, std::string& out) {
  boost::json::serializer serializer;
  AppendObject(object, 0, serializer, out);
}

std::string SerializeJson(const boost::json::value& value) {
  std::string out;
  AppendJson(value, out);
  return out;
}

}  // namespace firefox_bidi
