#include "core/canonical_json.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace firefox_bidi {
namespace {

std::atomic<StringScan> string_scan{StringScan::kBlocks};

bool IsLowerHex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); }

// The length of the strictly valid UTF-8 sequence of 2-4 bytes at text[i] (whose first byte
// is >= 0x80), or 0. Unicode table 3-7: no overlong forms, no surrogates, nothing past U+10FFFF.
std::size_t Utf8SequenceLength(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[i + k]); };
  const auto continuation = [&](std::size_t k) { return (byte(k) & 0xC0) == 0x80; };
  const unsigned char lead = byte(0);
  const std::size_t left = text.size() - i;
  if (lead >= 0xC2 && lead <= 0xDF) return left >= 2 && continuation(1) ? 2 : 0;
  if (lead >= 0xE0 && lead <= 0xEF) {
    if (left < 3 || !continuation(1) || !continuation(2)) return 0;
    if (lead == 0xE0 && byte(1) < 0xA0) return 0;  // overlong
    if (lead == 0xED && byte(1) > 0x9F) return 0;  // UTF-16 surrogate
    return 3;
  }
  if (lead >= 0xF0 && lead <= 0xF4) {
    if (left < 4 || !continuation(1) || !continuation(2) || !continuation(3)) return 0;
    if (lead == 0xF0 && byte(1) < 0x90) return 0;  // overlong
    if (lead == 0xF4 && byte(1) > 0x8F) return 0;  // past U+10FFFF
    return 4;
  }
  return 0;
}

// Bytes a string may hold as they are: everything but '"', '\\' and the control characters,
// and with Utf8::kCheck only ASCII (the rest goes through Utf8SequenceLength).
constexpr std::array<bool, 256> PlainBytes(Utf8 utf8) {
  std::array<bool, 256> plain{};
  const int end = utf8 == Utf8::kCheck ? 0x80 : 0x100;
  for (int c = 0x20; c < end; ++c) plain[c] = c != '"' && c != '\\';
  return plain;
}
constexpr std::array<bool, 256> kPlainAscii = PlainBytes(Utf8::kCheck);
constexpr std::array<bool, 256> kPlainUtf8 = PlainBytes(Utf8::kAlreadyValid);

// The end of the run of plain bytes from text[i]. Large results are mostly such runs, so
// this loop is where the scan spends its time: 16 bytes at a time where SSE2 exists (every
// x86-64), the first byte that is not plain found from the comparison mask.
std::size_t PlainRunEnd(std::string_view text, std::size_t i, Utf8 utf8) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
#if defined(__SSE2__)
  const __m128i space = _mm_set1_epi8(0x20);
  const __m128i below_space = _mm_set1_epi8(0x1F);
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i backslash = _mm_set1_epi8('\\');
  while (i + 16 <= text.size()) {
    const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i*>(bytes + i));
    // Signed, bytes below 0x20 are the control characters and every byte >= 0x80; unsigned,
    // max(byte, 0x1F) == 0x1F only for the control characters.
    const __m128i control = utf8 == Utf8::kCheck
                                ? _mm_cmplt_epi8(chunk, space)
                                : _mm_cmpeq_epi8(_mm_max_epu8(chunk, below_space), below_space);
    const __m128i special = _mm_or_si128(
        control, _mm_or_si128(_mm_cmpeq_epi8(chunk, quote), _mm_cmpeq_epi8(chunk, backslash)));
    const int mask = _mm_movemask_epi8(special);
    if (mask != 0) return i + static_cast<std::size_t>(__builtin_ctz(static_cast<unsigned>(mask)));
    i += 16;
  }
#endif
  const std::array<bool, 256>& plain = utf8 == Utf8::kCheck ? kPlainAscii : kPlainUtf8;
  while (i < text.size() && plain[bytes[i]]) ++i;
  return i;
}

// The length of the escape at text[i] (a backslash) when it is one Boost.JSON writes, else 0.
std::size_t CanonicalEscapeLength(std::string_view text, std::size_t i) {
  if (i + 1 >= text.size()) return 0;
  switch (text[i + 1]) {
    case '"':
    case '\\':
    case 'b':
    case 'f':
    case 'n':
    case 'r':
    case 't':
      return 2;
    case 'u': {
      // Only \u0000-\u001f, lowercase, and not the five that have a short form.
      if (i + 6 > text.size() || text[i + 2] != '0' || text[i + 3] != '0') return 0;
      const char high = text[i + 4];
      const char low = text[i + 5];
      if ((high != '0' && high != '1') || !IsLowerHex(low)) return 0;
      if (high == '0' && (low == '8' || low == '9' || low == 'a' || low == 'c' || low == 'd')) {
        return 0;  // \b \t \n \f \r
      }
      return 6;
    }
    default:
      return 0;
  }
}

// The end of the canonical integer at text[pos] ('-' or a digit), or kNotCanonical.
std::size_t CanonicalIntegerEnd(std::string_view text, std::size_t pos) {
  std::size_t i = pos;
  if (text[i] == '-') ++i;
  const std::size_t digits_begin = i;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
  const std::size_t digits = i - digits_begin;
  if (digits == 0 || digits > 18) return kNotCanonical;
  if (text[digits_begin] == '0' && (digits > 1 || digits_begin > pos)) {
    return kNotCanonical;  // a leading zero, or -0
  }
  if (i < text.size() && (text[i] == '.' || text[i] == 'e' || text[i] == 'E')) return kNotCanonical;
  return i;
}

std::size_t LiteralEnd(std::string_view text, std::size_t pos, std::string_view literal) {
  return text.substr(pos, literal.size()) == literal ? pos + literal.size() : kNotCanonical;
}

// The end of the string whose bytes go on at text[i], run by run: plain runs 16 bytes at a
// time, every escape and non-ASCII sequence on its own.
std::size_t CanonicalStringEndRuns(std::string_view text, std::size_t i, Utf8 utf8) {
  while (i < text.size()) {
    i = PlainRunEnd(text, i, utf8);
    if (i == text.size()) break;
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '"') return i + 1;
    if (c == '\\') {
      const std::size_t length = CanonicalEscapeLength(text, i);
      if (length == 0) return kNotCanonical;
      i += length;
    } else if (c < 0x80) {
      return kNotCanonical;  // a control character
    } else {
      const std::size_t length = Utf8SequenceLength(text, i);
      if (length == 0) return kNotCanonical;
      i += length;
    }
  }
  return kNotCanonical;
}

#if defined(__SSE2__)
// Bit k of each mask describes byte k of a 64-byte block.
struct BlockMasks {
  std::uint64_t quote;
  std::uint64_t backslash;
  std::uint64_t control;       // below 0x20
  std::uint64_t short_escape;  // what may follow a backslash as a two-byte escape: " \ b f n r t
};

// The masks of the 16 bytes at `bytes`, at bit `shift`.
__attribute__((always_inline)) inline void ClassifyChunk(const unsigned char* bytes, int shift,
                                                         BlockMasks& masks) {
  const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i*>(bytes));
  const auto eq = [&](char c) { return _mm_cmpeq_epi8(chunk, _mm_set1_epi8(c)); };
  const auto bits = [shift](__m128i m) {
    return static_cast<std::uint64_t>(static_cast<unsigned>(_mm_movemask_epi8(m))) << shift;
  };
  const __m128i quote = eq('"');
  const __m128i backslash = eq('\\');
  const __m128i below_space = _mm_set1_epi8(0x1F);
  masks.quote |= bits(quote);
  masks.backslash |= bits(backslash);
  // Unsigned max(byte, 0x1F) == 0x1F only for the control characters.
  masks.control |= bits(_mm_cmpeq_epi8(_mm_max_epu8(chunk, below_space), below_space));
  const __m128i letters = _mm_or_si128(_mm_or_si128(eq('b'), eq('f')),
                                       _mm_or_si128(_mm_or_si128(eq('n'), eq('r')), eq('t')));
  masks.short_escape |= bits(_mm_or_si128(_mm_or_si128(quote, backslash), letters));
}

__attribute__((always_inline)) inline BlockMasks ClassifyBlock(const unsigned char* block) {
  BlockMasks masks{0, 0, 0, 0};
  ClassifyChunk(block, 0, masks);
  ClassifyChunk(block + 16, 16, masks);
  ClassifyChunk(block + 32, 32, masks);
  ClassifyChunk(block + 48, 48, masks);
  return masks;
}

// The bytes a block's backslashes escape: a backslash escapes the next byte unless it is
// escaped itself, so in a run of backslashes every second one escapes. `carry` says whether
// the block's first byte is escaped (a run at the end of the previous block), and is set for
// the next block. The branch-free method of simdjson (Langdale and Lemire, "Parsing gigabytes
// of JSON per second", 2019): runs that start on an odd bit, added to the backslash mask,
// carry out past their ends; the parity of where each run starts decides what it escapes.
std::uint64_t EscapedBytes(std::uint64_t backslash, std::uint64_t& carry) {
  constexpr std::uint64_t kEvenBits = 0x5555555555555555ULL;
  backslash &= ~carry;  // an escaped backslash escapes nothing
  const std::uint64_t follows_escape = (backslash << 1) | carry;
  const std::uint64_t odd_starts = backslash & ~kEvenBits & ~follows_escape;
  std::uint64_t even_starts_carried;
  carry = __builtin_add_overflow(odd_starts, backslash, &even_starts_carried) ? 1 : 0;
  const std::uint64_t invert = even_starts_carried << 1;
  return (kEvenBits ^ invert) & follows_escape;
}

// CanonicalStringEnd with Utf8::kAlreadyValid, 64 bytes at a time, without a branch per
// escape: each block's bytes are classified into masks (quote, backslash, control, what may
// follow a backslash in a two-byte escape); the escaped bytes follow from the backslash mask,
// the closing quote is the first quote not escaped; before it, a control byte refuses the
// string, and so does an escaped byte that no two-byte escape allows unless it is the 'u' of
// a \u00xx escape as Boost writes it. Only those, rare, are looked at one by one. Non-ASCII bytes
// need no look (the UTF-8 is valid), so text dense in escapes costs about as much as plain text.
// `base` is where the string's bytes go on, after a run of plain bytes (or its opening quote).
std::size_t CanonicalStringEndBlocks(std::string_view text, std::size_t base) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
  std::uint64_t carry = 0;
  while (base < text.size()) {
    if (text.size() - base < 64) {
      // Less than a block left: run by run, from the escape the carry is in the middle of.
      return CanonicalStringEndRuns(text, base - carry, Utf8::kAlreadyValid);
    }
    const BlockMasks masks = ClassifyBlock(bytes + base);
    const std::uint64_t escaped = EscapedBytes(masks.backslash, carry);
    const std::uint64_t closing = masks.quote & ~escaped;
    // The bytes of this string in the block: below its closing quote, or all of them.
    const std::uint64_t inside = closing != 0 ? (closing & (0 - closing)) - 1 : ~std::uint64_t{0};
    if ((masks.control & inside) != 0) return kNotCanonical;
    // Escapes other than the two-byte ones are rare (Boost writes \u00xx only for the control
    // characters without a short form): each is looked at on its own.
    for (std::uint64_t e = escaped & inside & ~masks.short_escape; e != 0; e &= e - 1) {
      const std::size_t at = base + static_cast<std::size_t>(__builtin_ctzll(e));
      if (bytes[at] != 'u' || CanonicalEscapeLength(text, at - 1) != 6) return kNotCanonical;
    }
    if (closing != 0) return base + static_cast<std::size_t>(__builtin_ctzll(closing)) + 1;
    base += 64;
  }
  return kNotCanonical;
}
#endif

}  // namespace

void SetStringScan(StringScan scan) { string_scan.store(scan, std::memory_order_relaxed); }

std::size_t CanonicalStringEnd(std::string_view text, std::size_t pos, Utf8 utf8) {
  if (pos >= text.size() || text[pos] != '"') return kNotCanonical;
  std::size_t i = pos + 1;
#if defined(__SSE2__)
  if (utf8 == Utf8::kAlreadyValid &&
      string_scan.load(std::memory_order_relaxed) == StringScan::kBlocks) {
    // Short strings (keys, small values) end with their first plain run: no blocks for them.
    // A plain run holds no escape, so the blocks start where it ends.
    i = PlainRunEnd(text, i, utf8);
    if (i < text.size() && text[i] == '"') return i + 1;
    return CanonicalStringEndBlocks(text, i);
  }
#endif
  return CanonicalStringEndRuns(text, i, utf8);
}

std::size_t CanonicalValueEnd(std::string_view text, std::size_t pos, Utf8 utf8) {
  // One entry per open container. The keys of every open object are kept in `keys`, each
  // object's from its `first_key`, to refuse a repeated key.
  struct Open {
    bool object;
    std::size_t first_key;
  };
  std::vector<Open> open;
  std::vector<std::string_view> keys;
  std::size_t i = pos;

  // Reads a key and its colon at text[i]; false when not canonical.
  const auto read_key = [&]() {
    const std::size_t end = CanonicalStringEnd(text, i, utf8);
    if (end == kNotCanonical || end >= text.size() || text[end] != ':') return false;
    const std::string_view key = text.substr(i, end - i);
    const auto object_keys = keys.begin() + static_cast<std::ptrdiff_t>(open.back().first_key);
    if (keys.end() - object_keys >= static_cast<std::ptrdiff_t>(kMaxCanonicalObjectKeys) ||
        std::find(object_keys, keys.end(), key) != keys.end()) {
      return false;
    }
    keys.push_back(key);
    i = end + 1;
    return true;
  };

  for (;;) {
    // A value starts at text[i].
    if (i >= text.size()) return kNotCanonical;
    std::size_t end = kNotCanonical;
    switch (text[i]) {
      case '{':
      case '[': {
        const bool object = text[i] == '{';
        if (i + 1 < text.size() && text[i + 1] == (object ? '}' : ']')) {
          end = i + 2;
          break;
        }
        if (open.size() == kMaxCanonicalDepth) return kNotCanonical;
        open.push_back(Open{object, keys.size()});
        ++i;
        if (object && !read_key()) return kNotCanonical;
        continue;  // the first member's value
      }
      case '"':
        end = CanonicalStringEnd(text, i, utf8);
        break;
      case 't':
        end = LiteralEnd(text, i, "true");
        break;
      case 'f':
        end = LiteralEnd(text, i, "false");
        break;
      case 'n':
        end = LiteralEnd(text, i, "null");
        break;
      default:
        if (text[i] == '-' || (text[i] >= '0' && text[i] <= '9')) {
          end = CanonicalIntegerEnd(text, i);
        }
        break;
    }
    if (end == kNotCanonical) return kNotCanonical;
    i = end;

    // After a value: close containers, or go on to the next member.
    for (;;) {
      if (open.empty()) return i;
      if (i >= text.size()) return kNotCanonical;
      const Open top = open.back();
      if (text[i] == (top.object ? '}' : ']')) {
        ++i;
        if (top.object) keys.resize(top.first_key);
        open.pop_back();
        continue;
      }
      if (text[i] != ',') return kNotCanonical;
      ++i;
      if (top.object && !read_key()) return kNotCanonical;
      break;  // the next member's value
    }
  }
}

}  // namespace firefox_bidi
