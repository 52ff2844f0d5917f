// Media types of the files the tool writes from base64 results (screenshots, PDFs), decided
// by the bytes themselves, not by what the command was asked for.
#ifndef FIREFOX_BIDI_CORE_MEDIA_TYPE_H_
#define FIREFOX_BIDI_CORE_MEDIA_TYPE_H_

#include <cstdint>
#include <optional>
#include <string_view>

namespace firefox_bidi {

struct MediaType {
  std::string_view ext;   // file extension without the dot: "png"
  std::string_view mime;  // "image/png"
};

// The type whose magic number starts `bytes`: PNG (\x89PNG\r\n\x1a\n), JPEG (\xFF\xD8\xFF),
// WebP (RIFF....WEBP), PDF (%PDF-). nullopt for anything else.
std::optional<MediaType> SniffMediaType(std::string_view bytes);

struct ImageSize {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  bool operator==(const ImageSize&) const = default;
};

// The pixel size a PNG (IHDR), JPEG (the first SOFn frame header) or WebP (VP8, VP8L or VP8X
// chunk) states in its header; nullopt when `bytes` is none of these or its header is cut
// short. Only the header is read, nothing is decoded.
std::optional<ImageSize> ImageSizeOf(std::string_view bytes);

// What a model is handed of a screenshot (DESIGN.md section 9): at most 1568 px on the long
// side and 1,150,000 px in all (the sizes vision models take without scaling them down
// themselves).
inline constexpr std::uint32_t kModelImageMaxSide = 1568;
inline constexpr std::uint64_t kModelImageMaxPixels = 1'150'000;

// The size a model's copy of an image of `size` gets: scaled down by the larger of the two
// ratios (long side, pixel count), keeping the aspect ratio, each side rounded down and at
// least 1. nullopt when the image is within both bounds (the file itself goes to the model).
std::optional<ImageSize> ModelImageSize(ImageSize size);

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_MEDIA_TYPE_H_
