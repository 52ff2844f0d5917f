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
#include "core/canonical_json.h"
#include "core/reply_result.h"

namespace firefox_bidi {

// {"id":<id>,"method":<method>,"params":<params>}
std::string EncodeCommand(std::uint64_t id, std::string_view method,
                          const boost::json::object& params);

struct IncomingMessage {
  enum class Kind { kSuccess, kError, kEvent };
  Kind kind = Kind::kEvent;
  std::uint64_t id = 0;      // kSuccess, kError (0 for an error without id)
  ReplyResult result;        // kSuccess: the "result" member
  std::string error;         // kError
  std::string message;       // kError
  boost::json::value event;  // kEvent: the whole message
};

// How a success reply's result is handed on.
enum class ResultForm {
  // As its text, unparsed, when the reply is canonical JSON (canonical_json.h); otherwise
  // parsed. The product's form: a result that is only spooled is never parsed.
  kCanonicalText,
  // Always parsed (the benchmark baseline).
  kParsed,
};

// Results at least this large are handed on unchecked (kCanonicalText only).
inline constexpr std::size_t kUncheckedResultBytes = 16 * 1024;

// Classifies one incoming text message, parsing it at most once. kInvalidArgument (with what
// was wrong) for a message that is not JSON or not a BiDi message. `utf8`: kAlreadyValid only
// for text known to be valid UTF-8 (see canonical_json.h).
//
// With kCanonicalText, a message that is SuccessReplyPrefix(id) + R + "}" — the way Firefox
// writes every success reply — with R of at least kUncheckedResultBytes is classified from
// that prefix alone: R is handed on unchecked (ReplyResult::FromUncheckedText), and its first
// use decides it exactly as this function would have.
absl::StatusOr<IncomingMessage> ClassifyMessage(std::string_view text,
                                                ResultForm form = ResultForm::kCanonicalText,
                                                Utf8 utf8 = Utf8::kCheck);

// {"type":"success","id":<id>,"result":
std::string SuccessReplyPrefix(std::uint64_t id);

// The options every BiDi message is parsed with (a depth limit far above the default 32).
boost::json::parse_options BidiParseOptions();

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_BIDI_PROTOCOL_H_
