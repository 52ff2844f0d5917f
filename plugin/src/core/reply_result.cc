#include "core/reply_result.h"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <cassert>
#include <utility>

#include "absl/strings/str_cat.h"
#include "core/bidi_protocol.h"

namespace firefox_bidi {

ReplyResult ReplyResult::FromCanonicalText(std::string text) {
  assert(IsCanonicalJson(text));
  ReplyResult result;
  result.value_.reset();
  result.text_ = std::move(text);
  return result;
}

ReplyResult ReplyResult::FromUncheckedText(std::string text, std::uint64_t id, Utf8 utf8) {
  ReplyResult result;
  result.value_.reset();
  result.text_ = std::move(text);
  result.unchecked_ = Unchecked{id, utf8};
  return result;
}

void ReplyResult::Check() const {
  if (!unchecked_) return;
  const Unchecked unchecked = *std::exchange(unchecked_, std::nullopt);
  if (!text_->empty() && CanonicalValueEnd(*text_, 0, unchecked.utf8) == text_->size()) return;
  // Not canonical: the whole message, rebuilt byte for byte, takes the parse path, which
  // decides exactly as it would have on arrival.
  absl::StatusOr<IncomingMessage> message =
      ClassifyMessage(absl::StrCat(SuccessReplyPrefix(unchecked.id), *text_, "}"),
                      ResultForm::kParsed, unchecked.utf8);
  text_.reset();
  if (message.ok() && message->kind == IncomingMessage::Kind::kSuccess &&
      message->id == unchecked.id) {
    value_ = std::move(message->result.value_);
    return;
  }
  value_ = boost::json::value();
  status_ = message.ok() ? absl::InvalidArgumentError(absl::StrCat(
                               "BiDi message: members after \"result\" change the reply to id ",
                               unchecked.id, " into another message"))
                         : message.status();
}

const absl::Status& ReplyResult::status() const {
  Check();
  return status_;
}

bool ReplyResult::has_text() const {
  Check();
  return text_.has_value();
}

const boost::json::value& ReplyResult::value() const {
  Check();
  if (!value_) {
    // Canonical text always parses (canonical_json.h); the error code only keeps a broken
    // invariant from throwing.
    boost::system::error_code ec;
    value_ = boost::json::parse(*text_, ec, {}, BidiParseOptions());
  }
  return *value_;
}

const std::string& ReplyResult::text() const {
  Check();
  if (!text_) text_ = boost::json::serialize(*value_);
  return *text_;
}

std::string ReplyResult::TakeText() && {
  Check();
  if (!text_) text_ = boost::json::serialize(*value_);
  std::string text = std::move(*text_);
  text_.reset();
  value_ = boost::json::value();
  return text;
}

}  // namespace firefox_bidi
