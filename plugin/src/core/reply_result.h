// The "result" member of a BiDi success reply, held in whichever form arrived: its compact
// JSON text (when the reply's bytes were already exactly what boost::json::serialize writes,
// see canonical_json.h) or its parsed value. The other form is made on first use only, so a
// large result that is only spooled is never parsed, and one that arrived parsed is
// serialized once.
//
// A large result may also arrive unchecked: the reply's bytes, not yet scanned (see
// ClassifyMessage). The scan, and the parse should the bytes not be canonical, happen on first
// use, so that a caller can send its next command first and check while the browser works.
#ifndef FIREFOX_BIDI_CORE_REPLY_RESULT_H_
#define FIREFOX_BIDI_CORE_REPLY_RESULT_H_

#include <boost/json/value.hpp>
#include <cstdint>
#include <optional>
#include <string>

#include "absl/status/status.h"
#include "core/canonical_json.h"

namespace firefox_bidi {

// Thread safety: none (the lazy forms are built inside const accessors); one batch at a time.
class ReplyResult {
 public:
  ReplyResult() : value_(boost::json::value()) {}  // null
  explicit ReplyResult(boost::json::value value) : value_(std::move(value)) {}
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

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_REPLY_RESULT_H_
