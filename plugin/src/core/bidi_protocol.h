// Sans-I/O WebDriver BiDi message codec: command encoding, classification of incoming messages
// (success, error, event) and id correlation. No sockets: tested with strings.
#ifndef FIREFOX_BIDI_CORE_BIDI_PROTOCOL_H_
#define FIREFOX_BIDI_CORE_BIDI_PROTOCOL_H_

#include <cstdint>
#include <string>
#include <string_view>

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include "absl/status/statusor.h"

namespace firefox_bidi {

// {"id":<id>,"method":<method>,"params":<params>}
std::string EncodeCommand(std::uint64_t id, std::string_view method,
                          const boost::json::object& params);

struct IncomingMessage {
  enum class Kind { kSuccess, kError, kEvent };
  Kind kind = Kind::kEvent;
  std::uint64_t id = 0;       // kSuccess, kError (0 for an error without id)
  boost::json::value result;  // kSuccess: the "result" member
  std::string error;          // kError
  std::string message;        // kError
  boost::json::value event;   // kEvent: the whole message
};

// Parses one incoming text message, once. kInvalidArgument (with what was wrong) for a
// message that is not JSON or not a BiDi message.
absl::StatusOr<IncomingMessage> ClassifyMessage(std::string_view text);

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_BIDI_PROTOCOL_H_
