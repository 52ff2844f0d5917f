// Media types of the files the tool writes from base64 results (screenshots, PDFs), decided
// by the bytes themselves, not by what the command was asked for.
#ifndef FIREFOX_BIDI_CORE_MEDIA_TYPE_H_
#define FIREFOX_BIDI_CORE_MEDIA_TYPE_H_

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

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_MEDIA_TYPE_H_
