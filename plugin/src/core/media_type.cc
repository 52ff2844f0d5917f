#include "core/media_type.h"

#include <algorithm>
#include <cmath>

namespace firefox_bidi {

std::optional<MediaType> SniffMediaType(std::string_view bytes) {
  using namespace std::string_view_literals;
  if (bytes.starts_with("\x89PNG\r\n\x1a\n"sv)) return MediaType{"png", "image/png"};
  if (bytes.starts_with("\xFF\xD8\xFF"sv)) return MediaType{"jpg", "image/jpeg"};
  if (bytes.size() >= 12 && bytes.starts_with("RIFF"sv) && bytes.substr(8, 4) == "WEBP"sv) {
    return MediaType{"webp", "image/webp"};
  }
  if (bytes.starts_with("%PDF-"sv)) return MediaType{"pdf", "application/pdf"};
  return std::nullopt;
}

namespace {

std::uint32_t Big16(std::string_view b, std::size_t at) {
  return static_cast<std::uint32_t>(static_cast<unsigned char>(b[at])) << 8 |
         static_cast<unsigned char>(b[at + 1]);
}

std::uint32_t Big32(std::string_view b, std::size_t at) {
  return Big16(b, at) << 16 | Big16(b, at + 2);
}

std::uint32_t Little(std::string_view b, std::size_t at, int count) {
  std::uint32_t v = 0;
  for (int i = count - 1; i >= 0; --i) {
    v = v << 8 | static_cast<unsigned char>(b[at + static_cast<std::size_t>(i)]);
  }
  return v;
}

std::optional<ImageSize> Checked(std::uint32_t width, std::uint32_t height) {
  if (width == 0 || height == 0) return std::nullopt;
  return ImageSize{width, height};
}

// JPEG: markers FF xx, each with a 16-bit length, up to a start-of-frame (SOF0..SOF15 but
// DHT C4, JPG C8 and DAC CC), whose payload is precision, height, width.
std::optional<ImageSize> JpegSize(std::string_view b) {
  std::size_t at = 2;
  while (at + 4 <= b.size()) {
    if (static_cast<unsigned char>(b[at]) != 0xFF) return std::nullopt;
    const unsigned char marker = static_cast<unsigned char>(b[at + 1]);
    if (marker == 0xFF) {  // fill byte
      ++at;
      continue;
    }
    const std::uint32_t length = Big16(b, at + 2);
    if (marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC) {
      if (at + 9 > b.size()) return std::nullopt;
      return Checked(Big16(b, at + 7), Big16(b, at + 5));
    }
    if (length < 2) return std::nullopt;
    at += 2 + length;
  }
  return std::nullopt;
}

std::optional<ImageSize> WebpSize(std::string_view b) {
  using namespace std::string_view_literals;
  if (b.size() < 30) return std::nullopt;
  const std::string_view chunk = b.substr(12, 4);
  if (chunk == "VP8 "sv) {  // lossy: 14-bit sizes after the frame tag and start code
    return Checked(Little(b, 26, 2) & 0x3FFF, Little(b, 28, 2) & 0x3FFF);
  }
  if (chunk == "VP8L"sv) {  // lossless: 14-bit width-1 and height-1 after the signature byte
    const std::uint32_t bits = Little(b, 21, 4);
    return Checked((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1);
  }
  if (chunk == "VP8X"sv) {  // extended: 24-bit canvas width-1 and height-1
    return Checked(Little(b, 24, 3) + 1, Little(b, 27, 3) + 1);
  }
  return std::nullopt;
}

}  // namespace

std::optional<ImageSize> ImageSizeOf(std::string_view bytes) {
  const std::optional<MediaType> type = SniffMediaType(bytes);
  if (!type) return std::nullopt;
  if (type->ext == "png") {
    if (bytes.size() < 24 || bytes.substr(12, 4) != "IHDR") return std::nullopt;
    return Checked(Big32(bytes, 16), Big32(bytes, 20));
  }
  if (type->ext == "jpg") return JpegSize(bytes);
  if (type->ext == "webp") return WebpSize(bytes);
  return std::nullopt;
}

std::optional<ImageSize> ModelImageSize(ImageSize size) {
  const double side = static_cast<double>(std::max(size.width, size.height)) / kModelImageMaxSide;
  const double pixels = std::sqrt(static_cast<double>(size.width) * size.height /
                                  static_cast<double>(kModelImageMaxPixels));
  const double ratio = std::max(side, pixels);
  if (ratio <= 1) return std::nullopt;
  // The epsilon keeps 4000 / (4000 / 1568) at 1568, not 1567.9999...
  auto scaled = [ratio](std::uint32_t n) {
    return std::max<std::uint32_t>(1, static_cast<std::uint32_t>(std::floor(n / ratio + 1e-9)));
  };
  return ImageSize{scaled(size.width), scaled(size.height)};
}

}  // namespace firefox_bidi
