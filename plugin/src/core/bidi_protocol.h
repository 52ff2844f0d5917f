// Sans-I/O WebDriver BiDi message codec: command encoding, classification of incoming messages
// (success, error, event), and the result of a success reply (ReplyResult), which checks a
// result that arrived unchecked with the same classification. No sockets: tested with strings.
#ifndef FIREFOX_BIDI_CORE_BIDI_PROTOCOL_H_
#define FIREFOX_BIDI_CORE_BIDI_PROTOCOL_H_

#include <boost/json/object.hpp>
#include <boost/json/parse_options.hpp>
#include <boost/json/value.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "core/canonical_json.h"

namespace firefox_bidi {

// The "result" member of a BiDi success reply, held in whichever form arrived: its compact
// JSON text (when the reply's bytes were already exactly what boost::json::serialize writes,
// see canonical_json.h) or its parsed value. The other form is made on first use only, so a
// large result that is only spooled is never parsed, and one that arrived parsed is
// serialized once.
//
// A large result may also arrive unchecked: the reply's bytes, not yet scanned (see
// ClassifyMessage). The scan, and the parse should the bytes not be canonical, happen on first
// use, so that a caller can send its next command first and check while the browser works.
//
// Thread safety: none (the lazy forms are built inside const accessors); one batch at a time.
class ReplyResult {
 public:
  ReplyResult() : value_(boost::json::value()) {}  // null
  explicit ReplyResult(boost::json::value value) : value_(std::move(value)) {}
  // A large text's buffer goes back to the shared TextBufferPool for the next large result.
  ~ReplyResult();
  ReplyResult(ReplyResult&&) = default;
  ReplyResult& operator=(ReplyResult&&) = default;
  // `text` must satisfy IsCanonicalJson (checked only in debug builds).
  static ReplyResult FromCanonicalText(std::string text);
  // `text` is R of a message {"type":"success","id":<id>,"result":R} whose other bytes are
  // canonical; R itself is checked on first use. `utf8` as for the whole message.
  static ReplyResult FromUncheckedText(std::string text, std::uint64_t id, Utf8 utf8);

  // OK, unless the result arrived unchecked and its message turned out not to be a BiDi
  // success reply with this id (kInvalidArgument saying why): the result is then null.
  const absl::Status& status() const;
  // The parsed value; parses the text on first use.
  const boost::json::value& value() const;
  // The compact serialization; serializes the value on first use.
  const std::string& text() const;
  // True when the text form exists already (text() costs nothing). Checks an unchecked result.
  bool has_text() const;
  // The text, moved out; the result is null afterwards.
  std::string TakeText() &&;

  // The text as it is held now, without checking an unchecked result or serializing a value:
  // nullptr when the result is held only as a value. For a look at the first bytes.
  const std::string* text_as_held() const { return text_ ? &*text_ : nullptr; }
  // True while the result is held unchecked (before its first use).
  bool is_unchecked() const { return unchecked_.has_value(); }

 private:
  struct Unchecked {
    std::uint64_t id;
    Utf8 utf8;
  };
  // Turns unchecked text into canonical text, a parsed value or an error.
  void Check() const;

  mutable std::optional<boost::json::value> value_;
  mutable std::optional<std::string> text_;
  mutable std::optional<Unchecked> unchecked_;  // set while text_ holds R unchecked
  mutable absl::Status status_;
};

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
