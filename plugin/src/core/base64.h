// Standard base64 (RFC 4648 section 4, with padding) decoding, for the `data` member of
// screenshots and PDFs, which are spooled as decoded files.
#ifndef FIREFOX_BIDI_CORE_BASE64_H_
#define FIREFOX_BIDI_CORE_BASE64_H_

#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace firefox_bidi {

// Decodes `text`. Padding is optional; whitespace and the URL-safe alphabet are refused.
// kInvalidArgument naming the byte offset of the first bad character.
absl::StatusOr<std::string> DecodeBase64(std::string_view text);

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_BASE64_H_
