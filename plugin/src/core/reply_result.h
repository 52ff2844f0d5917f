// The "result" member of a BiDi success reply, held in whichever form arrived: its compact
// JSON text (when the reply's bytes were already exactly what boost::json::serialize writes,
// see canonical_json.h) or its parsed value. The other form is made on first use only, so a
// large result that is only spooled is never parsed, and one that arrived parsed is
// serialized once.
#ifndef FIREFOX_BIDI_CORE_REPLY_RESULT_H_
#define FIREFOX_BIDI_CORE_REPLY_RESULT_H_

#include <boost/json/value.hpp>
#include <optional>
#include <string>

namespace firefox_bidi {

// Thread safety: none (the lazy forms are built inside const accessors); one batch at a time.
class ReplyResult {
 public:
  ReplyResult() : value_(boost::json::value()) {}  // null
  explicit ReplyResult(boost::json::value value) : value_(std::move(value)) {}
  // `text` must satisfy IsCanonicalJson (checked only in debug builds).
  static ReplyResult FromCanonicalText(std::string text);

  // The parsed value; parses the text on first use.
  const boost::json::value& value() const;
  // The compact serialization; serializes the value on first use.
  const std::string& text() const;
  // True when the text form exists already (text() costs nothing).
  bool has_text() const { return text_.has_value(); }
  // The text, moved out; the result is null afterwards.
  std::string TakeText() &&;

 private:
  mutable std::optional<boost::json::value> value_;
  mutable std::optional<std::string> text_;
};

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_REPLY_RESULT_H_
