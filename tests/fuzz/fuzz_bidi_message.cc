// The BiDi message classifier: any bytes from the socket must be classified or refused with a
// status, never crash. The same bytes inside a large result, handed on unchecked, must decide
// as the parse path decides the whole message.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/bidi_protocol.h"

namespace {

using firefox_bidi::ClassifyMessage;
using firefox_bidi::IncomingMessage;

void CheckUncheckedAgreesWithParsePath(std::string_view bytes) {
  // ["xxxx…",<bytes>] after Firefox's prefix: at least kUncheckedResultBytes, so unchecked.
  const std::string text = firefox_bidi::SuccessReplyPrefix(7) + "[\"" +
                           std::string(firefox_bidi::kUncheckedResultBytes, 'x') + "\"," +
                           std::string(bytes) + "]}";
  const auto unchecked = ClassifyMessage(text);
  const auto parsed = ClassifyMessage(text, firefox_bidi::ResultForm::kParsed);
  if (!unchecked.ok() || unchecked->kind != IncomingMessage::Kind::kSuccess || unchecked->id != 7) {
    std::abort();  // the prefix alone classifies it
  }
  const bool parsed_success = parsed.ok() && parsed->kind == IncomingMessage::Kind::kSuccess;
  if (unchecked->result.status().ok()) {
    if (!parsed_success || parsed->id != 7 || unchecked->result.text() != parsed->result.text()) {
      std::abort();
    }
  } else if (parsed_success && parsed->id == 7) {
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto message = ClassifyMessage(text);
  (void)message;
  CheckUncheckedAgreesWithParsePath(text);
  return 0;
}
