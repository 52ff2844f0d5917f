// The BiDi message classifier: any bytes from the socket must be classified or refused with a
// status, never crash; an encoded command must classify back as a non-reply.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/bidi_protocol.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto message = firefox_bidi::ClassifyMessage(text);
  (void)message;
  return 0;
}
