#include "core/base64.h"

#include <array>
#include <cstdint>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace firefox_bidi {
namespace {

constexpr std::uint8_t kInvalid = 0xff;

constexpr std::array<std::uint8_t, 256> MakeTable() {
  std::array<std::uint8_t, 256> table{};
  for (auto& entry : table) entry = kInvalid;
  constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  for (std::uint8_t i = 0; i < 64; ++i) table[static_cast<unsigned char>(kAlphabet[i])] = i;
  return table;
}

constexpr std::array<std::uint8_t, 256> kTable = MakeTable();

absl::Status BadCharacter(std::string_view text, std::size_t offset) {
  return absl::InvalidArgumentError(
      absl::StrCat("invalid base64: unexpected character at offset ", offset, " of ", text.size()));
}

}  // namespace

absl::StatusOr<std::string> DecodeBase64(std::string_view text) {
  std::size_t len = text.size();
  if (len % 4 == 0 && len >= 2) {
    if (text[len - 1] == '=') --len;
    if (text[len - 1] == '=') --len;
  }
  if (len % 4 == 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("invalid base64: length ", text.size(), " cannot be decoded"));
  }
  std::string out;
  out.resize(len / 4 * 3 + (len % 4 == 0 ? 0 : len % 4 - 1));
  const auto* in = reinterpret_cast<const unsigned char*>(text.data());
  char* dst = out.data();
  std::size_t i = 0;
  // Four characters at a time; kInvalid is the only table entry with the high bit set.
  for (; i + 4 <= len; i += 4) {
    const std::uint8_t a = kTable[in[i]], b = kTable[in[i + 1]], c = kTable[in[i + 2]],
                       d = kTable[in[i + 3]];
    if ((a | b | c | d) & 0x80) {
      for (std::size_t k = i;; ++k) {
        if (kTable[in[k]] == kInvalid) return BadCharacter(text, k);
      }
    }
    const std::uint32_t acc =
        (std::uint32_t{a} << 18) | (std::uint32_t{b} << 12) | (std::uint32_t{c} << 6) | d;
    *dst++ = static_cast<char>(acc >> 16);
    *dst++ = static_cast<char>(acc >> 8);
    *dst++ = static_cast<char>(acc);
  }
  if (i < len) {  // 2 or 3 characters left
    std::uint32_t acc = 0;
    for (std::size_t k = i; k < len; ++k) {
      const std::uint8_t v = kTable[in[k]];
      if (v == kInvalid) return BadCharacter(text, k);
      acc = (acc << 6) | v;
    }
    if (len - i == 2) {
      if (acc & 0xf) return BadCharacter(text, len - 1);  // non-zero unused bits
      *dst++ = static_cast<char>(acc >> 4);
    } else {
      if (acc & 0x3) return BadCharacter(text, len - 1);
      *dst++ = static_cast<char>(acc >> 10);
      *dst++ = static_cast<char>(acc >> 2);
    }
  }
  return out;
}

}  // namespace firefox_bidi
