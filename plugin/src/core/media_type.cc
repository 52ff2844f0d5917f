#include "core/media_type.h"

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

}  // namespace firefox_bidi
