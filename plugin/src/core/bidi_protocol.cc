#include "core/bidi_protocol.h"

#include <algorithm>
#include <boost/json/parse.hpp>
#include <boost/json/parse_options.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/serializer.hpp>
#include <boost/json/string.hpp>
#include <cassert>
#include <optional>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/canonical_json.h"
#include "core/json_kind.h"
#include "core/json_text.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"
#include "core/text_buffers.h"

namespace firefox_bidi {
namespace {

// Appends what `serializer` produces (it was reset on the thing to write) to `out`, so the
// command text is built in one buffer without an intermediate copy of params.
void AppendSerialized(boost::json::serializer& serializer, std::string& out) {
  while (!serializer.done()) {
    const std::size_t used = out.size();
    // Grow geometrically; resize then shrink keeps the written prefix.
    out.resize(used + std::max<std::size_t>(256, used));
    const boost::json::string_view chunk = serializer.read(out.data() + used, out.size() - used);
    out.resize(used + chunk.size());
  }
}

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The code unit of a `\uXXXX` escape starting at text[i] (the backslash), or -1.
int EscapedCodeUnit(std::string_view text, std::size_t i) {
  if (i + 6 > text.size() || text[i] != '\\' || text[i + 1] != 'u') return -1;
  int unit = 0;
  for (std::size_t k = i + 2; k < i + 6; ++k) {
    const int digit = HexValue(text[k]);
    if (digit < 0) return -1;
    unit = unit * 16 + digit;
  }
  return unit;
}

// JavaScript strings may hold lone UTF-16 surrogates, which JSON.stringify escapes as
// `\uD800`; Boost.JSON 1.81 refuses them. Returns a copy of `text` with every unpaired
// surrogate escape replaced by `\uFFFD` (same length), or nullopt when there is none.
std::optional<std::string> ReplaceLoneSurrogates(std::string_view text) {
  std::optional<std::string> fixed;
  for (std::size_t i = 0; i + 1 < text.size(); ++i) {
    if (text[i] != '\\') continue;
    if (text[i + 1] != 'u') {
      ++i;  // skips the escaped character, e.g. the second backslash of "\\"
      continue;
    }
    const int unit = EscapedCodeUnit(text, i);
    if (unit < 0xD800 || unit > 0xDFFF) continue;
    if (unit <= 0xDBFF) {
      const int next = EscapedCodeUnit(text, i + 6);
      if (next >= 0xDC00 && next <= 0xDFFF) {
        i += 11;  // a valid pair
        continue;
      }
    }
    if (!fixed) fixed.emplace(text);
    fixed->replace(i + 2, 4, "FFFD");
    i += 5;
  }
  return fixed;
}

absl::StatusOr<boost::json::value> ParseJson(std::string_view text) {
  boost::system::error_code ec;
  boost::json::value parsed = boost::json::parse(text, ec, {}, BidiParseOptions());
  if (!ec) return parsed;
  if (std::optional<std::string> fixed = ReplaceLoneSurrogates(text)) {
    boost::system::error_code retry_ec;
    parsed = boost::json::parse(*fixed, retry_ec, {}, BidiParseOptions());
    if (!retry_ec) return parsed;
  }
  return absl::InvalidArgumentError(absl::StrCat("BiDi message is not valid JSON: ", ec.message()));
}

// A BiDi id is a JSON integer in [0, 2^53-1].
absl::StatusOr<std::uint64_t> IdOf(const boost::json::value& id, const char* type) {
  constexpr std::uint64_t kMaxId = (1ull << 53) - 1;
  if (id.is_int64() && id.get_int64() >= 0 &&
      static_cast<std::uint64_t>(id.get_int64()) <= kMaxId) {
    return static_cast<std::uint64_t>(id.get_int64());
  }
  if (id.is_uint64() && id.get_uint64() <= kMaxId) return id.get_uint64();
  return absl::InvalidArgumentError(
      absl::StrCat("BiDi ", type, " message: \"id\" must be an integer in [0, 2^53-1], got ",
                   id.is_number() ? JsonText(id) : JsonKindName(id)));
}

absl::StatusOr<std::string> StringMember(const boost::json::object& object, const char* name,
                                         const char* type) {
  const boost::json::value* member = object.if_contains(name);
  if (member == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat("BiDi ", type, " message has no \"", name, "\""));
  }
  if (!member->is_string()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "BiDi ", type, " message: \"", name, "\" must be a string, got ", JsonKindName(*member)));
  }
  return std::string(member->get_string());
}

// Firefox's member order for a success reply: kSuccessType, the id, kSuccessResult, R, "}".
constexpr std::string_view kSuccessType = R"({"type":"success","id":)";
constexpr std::string_view kSuccessResult = R"(,"result":)";

// The id written as digits only, without a leading zero, in [0, 2^53-1]; nullopt for anything
// else, which the parse path then accepts or refuses with its error.
std::optional<std::uint64_t> PlainId(std::string_view digits) {
  if (digits.empty() || digits.size() > 16 || (digits.size() > 1 && digits[0] == '0')) {
    return std::nullopt;
  }
  std::uint64_t id = 0;
  for (const char digit : digits) {
    if (digit < '0' || digit > '9') return std::nullopt;
    id = id * 10 + static_cast<std::uint64_t>(digit - '0');
  }
  if (id > (1ull << 53) - 1) return std::nullopt;
  return id;
}

// A success reply whose members are all canonical JSON, with its result kept as text:
// {"type":"success","id":N,"result":R} in any member order, other members ignored as the parse
// path ignores them. nullopt for anything else, which the parse path then decides (with its
// errors). Only whole-text checks: nothing is parsed or copied except R.
std::optional<IncomingMessage> CanonicalSuccess(std::string_view text, Utf8 utf8) {
  if (text.size() < 2 || text.front() != '{' || text[1] == '}') return std::nullopt;
  std::string_view type;
  std::string_view id;
  std::string_view result;
  std::size_t i = 1;
  for (;;) {
    const std::size_t key_end = CanonicalStringEnd(text, i, utf8);
    if (key_end == kNotCanonical || key_end >= text.size() || text[key_end] != ':') {
      return std::nullopt;
    }
    const std::string_view key = text.substr(i, key_end - i);
    const std::size_t value_end = CanonicalValueEnd(text, key_end + 1, utf8);
    if (value_end == kNotCanonical || value_end >= text.size()) return std::nullopt;
    const std::string_view value = text.substr(key_end + 1, value_end - key_end - 1);
    std::string_view* member = key == R"("type")"     ? &type
                               : key == R"("id")"     ? &id
                               : key == R"("result")" ? &result
                                                      : nullptr;
    if (member != nullptr) {
      if (!member->empty()) return std::nullopt;  // repeated: the parse path keeps the last
      *member = value;
    }
    i = value_end + 1;
    if (text[value_end] == '}') break;
    if (text[value_end] != ',') return std::nullopt;
  }
  if (i != text.size() || type != R"("success")" || result.empty()) return std::nullopt;
  const std::optional<std::uint64_t> id_value = PlainId(id);
  if (!id_value) return std::nullopt;
  IncomingMessage message;
  message.kind = IncomingMessage::Kind::kSuccess;
  message.id = *id_value;
  message.result = ReplyResult::FromCanonicalText(std::string(result));
  return message;
}

// A success reply in Firefox's member order with a large result: SuccessReplyPrefix(id) + R +
// "}". Only the prefix is read; R is copied, unchecked.
std::optional<IncomingMessage> UncheckedSuccess(std::string_view text, Utf8 utf8) {
  if (!text.starts_with(kSuccessType) || !text.ends_with('}')) return std::nullopt;
  // The id ends at the first byte that is not a digit (at most 17 are looked at).
  const std::size_t id_begin = kSuccessType.size();
  std::size_t id_end = id_begin;
  while (id_end < text.size() && id_end - id_begin <= 16 && text[id_end] >= '0' &&
         text[id_end] <= '9') {
    ++id_end;
  }
  const std::optional<std::uint64_t> id = PlainId(text.substr(id_begin, id_end - id_begin));
  if (!id || text.substr(id_end, kSuccessResult.size()) != kSuccessResult) return std::nullopt;
  const std::size_t result_begin = id_end + kSuccessResult.size();
  if (text.size() < result_begin + kUncheckedResultBytes + 1) return std::nullopt;
  IncomingMessage message;
  message.kind = IncomingMessage::Kind::kSuccess;
  message.id = *id;
  // The result's own buffer: a recycled one for a large result (text_buffers.h).
  const std::string_view result = text.substr(result_begin, text.size() - 1 - result_begin);
  std::string owned = TakeTextBuffer(result.size());
  owned.assign(result);
  message.result = ReplyResult::FromUncheckedText(std::move(owned), *id, utf8);
  return message;
}

absl::StatusOr<IncomingMessage> ClassifyParsedMessage(boost::json::value parsed);

}  // namespace

std::string SuccessReplyPrefix(std::uint64_t id) {
  return absl::StrCat(ToAbsl(kSuccessType), id, ToAbsl(kSuccessResult));
}

std::string EncodeCommand(std::uint64_t id, std::string_view method,
                          const boost::json::object& params) {
  std::string out = absl::StrCat(R"({"id":)", id, R"(,"method":)");
  boost::json::serializer serializer;
  serializer.reset(boost::json::string_view(method.data(), method.size()));
  AppendSerialized(serializer, out);
  out += R"(,"params":)";
  serializer.reset(&params);
  AppendSerialized(serializer, out);
  out += '}';
  return out;
}

// Results nest deeply (each level of a serialized remote value is 2-3 JSON levels), so the
// default depth of 32 would refuse legitimate replies.
boost::json::parse_options BidiParseOptions() {
  boost::json::parse_options options;
  options.max_depth = 10000;
  return options;
}

absl::StatusOr<IncomingMessage> ClassifyMessage(std::string_view text, ResultForm form, Utf8 utf8) {
  if (form == ResultForm::kCanonicalText) {
    if (std::optional<IncomingMessage> message = UncheckedSuccess(text, utf8)) {
      return std::move(*message);
    }
    if (std::optional<IncomingMessage> message = CanonicalSuccess(text, utf8)) {
      return std::move(*message);
    }
  }
  ASSIGN_OR_RETURN(boost::json::value parsed, ParseJson(text));
  return ClassifyParsedMessage(std::move(parsed));
}

namespace {

// Classifies a parsed message; its members are moved into the result.
absl::StatusOr<IncomingMessage> ClassifyParsedMessage(boost::json::value parsed) {
  boost::json::object* object = parsed.if_object();
  if (object == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat("BiDi message must be a JSON object, got ", JsonKindName(parsed)));
  }
  const boost::json::value* type = object->if_contains("type");
  if (type == nullptr) return absl::InvalidArgumentError("BiDi message has no \"type\"");
  if (!type->is_string()) {
    return absl::InvalidArgumentError(
        absl::StrCat("BiDi message: \"type\" must be a string, got ", JsonKindName(*type)));
  }

  IncomingMessage message;
  const boost::json::string& type_name = type->get_string();
  if (type_name == "success") {
    const boost::json::value* id = object->if_contains("id");
    if (id == nullptr) return absl::InvalidArgumentError("BiDi success message has no \"id\"");
    ASSIGN_OR_RETURN(message.id, IdOf(*id, "success"));
    boost::json::value* result = object->if_contains("result");
    if (result == nullptr) {
      return absl::InvalidArgumentError("BiDi success message has no \"result\"");
    }
    message.kind = IncomingMessage::Kind::kSuccess;
    message.result = ReplyResult(std::move(*result));
    return message;
  }
  if (type_name == "error") {
    // The id is null when the browser could not read the command's id.
    const boost::json::value* id = object->if_contains("id");
    if (id != nullptr && !id->is_null()) {
      ASSIGN_OR_RETURN(message.id, IdOf(*id, "error"));
    }
    ASSIGN_OR_RETURN(message.error, StringMember(*object, "error", "error"));
    ASSIGN_OR_RETURN(message.message, StringMember(*object, "message", "error"));
    message.kind = IncomingMessage::Kind::kError;
    return message;
  }
  if (type_name == "event") {
    RETURN_IF_ERROR(StringMember(*object, "method", "event").status());
    const boost::json::value* params = object->if_contains("params");
    if (params == nullptr || !params->is_object()) {
      return absl::InvalidArgumentError(
          absl::StrCat("BiDi event message: \"params\" must be an object, got ",
                       params == nullptr ? "nothing" : JsonKindName(*params)));
    }
    message.kind = IncomingMessage::Kind::kEvent;
    message.event = std::move(parsed);
    return message;
  }
  return absl::InvalidArgumentError(
      absl::StrCat("BiDi message: unknown \"type\" \"", std::string(type_name),
                   "\" (expected \"success\", \"error\" or \"event\")"));
}

}  // namespace

ReplyResult ReplyResult::FromCanonicalText(std::string text) {
  assert(IsCanonicalJson(text));
  ReplyResult result;
  result.value_.reset();
  result.text_ = std::move(text);
  return result;
}

ReplyResult::~ReplyResult() {
  if (text_) GiveTextBuffer(std::move(*text_));
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
  if (!text_) text_ = JsonText(*value_);
  return *text_;
}

std::string ReplyResult::TakeText() && {
  Check();
  if (!text_) text_ = JsonText(*value_);
  std::string text = std::move(*text_);
  text_.reset();
  value_ = boost::json::value();
  return text;
}

}  // namespace firefox_bidi
