// Sans-I/O WebDriver BiDi message codec: command encoding, classification of incoming messages
// (success, error, event) and id correlation. No sockets: tested with strings.
#ifndef FIREFOX_BIDI_CORE_BIDI_PROTOCOL_H_
#define FIREFOX_BIDI_CORE_BIDI_PROTOCOL_H_

#include <boost/json/object.hpp>
#include <boost/json/parse_options.hpp>
#include <boost/json/value.hpp>
#include <cstdint>
#include <string>
#include <string_view>

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

// Classifies a message already parsed (e.g. by a boost::json::stream_parser fed while the
// message arrived, configured with BidiParseOptions()). Same checks and errors as the text
// overload; the members of `parsed` are moved into the result, keeping its storage. (A
// ClassifyMessage overload would make ClassifyMessage("literal") ambiguous.)
absl::StatusOr<IncomingMessage> ClassifyParsedMessage(boost::json::value parsed);

// The options every BiDi message is parsed with (a depth limit far above the default 32).
boost::json::parse_options BidiParseOptions();

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_BIDI_PROTOCOL_H_
