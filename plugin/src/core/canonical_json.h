// Recognizes JSON text that is already exactly what JsonText (json_text.h: boost::json::serialize's
// form, but for numbers with a fraction) writes for the value it parses to, so that the text itself
// can serve as the result's serialization: no parse and no second serialization. Firefox sends
// compact JSON (JSON.stringify), so big results — strings of page text, node trees — almost always
// qualify.
//
// "Canonical" here is deliberately narrower than "what JsonText writes": whatever is accepted
// satisfies JsonText(parse(text)) == text byte for byte; whatever is refused simply takes the
// parse-and-serialize path. Accepted:
//   - no whitespace outside strings;
//   - true, false, null;
//   - integers -?(0|[1-9][0-9]*) of at most 18 digits, not -0 (fractions and exponents are
//     refused: a double's shortest form is not checked here);
//   - strings of strictly valid UTF-8 (Unicode table 3-7) with no raw control characters,
//     escaping only \" \\ \b \f \n \r \t and the other code points below 0x20 as \u00xx with
//     lowercase hex (no \/, no other \u escapes, no surrogate escapes);
//   - objects with at most kMaxCanonicalObjectKeys keys, none repeated (Boost keeps the last
//     of repeated keys, at the first one's place);
//   - nesting at most kMaxCanonicalDepth deep (far below the parse limit, so the text always
//     parses).
#ifndef FIREFOX_BIDI_CORE_CANONICAL_JSON_H_
#define FIREFOX_BIDI_CORE_CANONICAL_JSON_H_

#include <cstddef>
#include <string_view>

namespace firefox_bidi {

inline constexpr std::size_t kNotCanonical = std::string_view::npos;

// kAlreadyValid: the caller guarantees that the whole text is valid UTF-8 (a WebSocket text
// message is, Beast checks it), so strings' non-ASCII bytes are not checked again. Any other
// text must be scanned with kCheck.
enum class Utf8 { kCheck, kAlreadyValid };
inline constexpr std::size_t kMaxCanonicalDepth = 1000;
inline constexpr std::size_t kMaxCanonicalObjectKeys = 64;

// How strings are scanned with Utf8::kAlreadyValid. kBlocks (the default) classifies 64 bytes
// at a time and finds the escapes from bit masks (SSE2; elsewhere it is kRuns); kRuns, the scan
// before it, stops at every escape. Both accept exactly the same texts. kRuns stays only as the
// benchmark baseline (bench-micro --compare scan) and for the tests that compare the two.
// Process-wide; set it only while no scan runs.
enum class StringScan { kRuns, kBlocks };
void SetStringScan(StringScan scan);

// The end (one past the last byte) of the canonical JSON value that starts at text[pos], or
// kNotCanonical when the text there is not a canonical value (or not JSON at all).
std::size_t CanonicalValueEnd(std::string_view text, std::size_t pos, Utf8 utf8 = Utf8::kCheck);

// The end of the canonical JSON string whose opening quote is text[pos], or kNotCanonical.
std::size_t CanonicalStringEnd(std::string_view text, std::size_t pos, Utf8 utf8 = Utf8::kCheck);

// True when all of `text` is one canonical JSON value.
inline bool IsCanonicalJson(std::string_view text) {
  return !text.empty() && CanonicalValueEnd(text, 0) == text.size();
}

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_CANONICAL_JSON_H_
