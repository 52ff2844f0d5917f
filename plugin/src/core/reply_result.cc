#include "core/reply_result.h"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <cassert>
#include <utility>

#include "core/bidi_protocol.h"
#include "core/canonical_json.h"

namespace firefox_bidi {

ReplyResult ReplyResult::FromCanonicalText(std::string text) {
  assert(IsCanonicalJson(text));
  ReplyResult result;
  result.value_.reset();
  result.text_ = std::move(text);
  return result;
}

const boost::json::value& ReplyResult::value() const {
  if (!value_) {
    // Canonical text always parses (canonical_json.h); the error code only keeps a broken
    // invariant from throwing.
    boost::system::error_code ec;
    value_ = boost::json::parse(*text_, ec, {}, BidiParseOptions());
  }
  return *value_;
}

const std::string& ReplyResult::text() const {
  if (!text_) text_ = boost::json::serialize(*value_);
  return *text_;
}

std::string ReplyResult::TakeText() && {
  if (!text_) text_ = boost::json::serialize(*value_);
  std::string text = std::move(*text_);
  text_.reset();
  value_ = boost::json::value();
  return text;
}

}  // namespace firefox_bidi
