#include "support/scripted_transport.h"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <cstdio>
#include <cstdlib>
#include <utility>

#include "absl/strings/str_cat.h"
#include "core/canonical_json.h"
#include "core/string_view_compat.h"

namespace firefox_bidi::testing {
namespace {

boost::json::value ParseOrDie(std::string_view text) {
  boost::system::error_code ec;
  boost::json::value v = boost::json::parse(text, ec, {}, BidiParseOptions());
  if (ec) {
    std::fprintf(stderr, "ScriptedTransport: bad JSON in script: %.*s\n",
                 static_cast<int>(text.size()), text.data());
    std::abort();
  }
  return v;
}

}  // namespace

ScriptedTransport& ScriptedTransport::Push(absl::StatusOr<BidiReply> outcome) {
  steps_.push_back(Step{std::move(pending_events_), std::move(outcome)});
  pending_events_.clear();
  return *this;
}

ScriptedTransport& ScriptedTransport::Reply(std::string_view result_json) {
  // A script bug aborts here, apart from the reply, whose large result stays unchecked.
  ParseOrDie(result_json);
  const std::uint64_t id = steps_.size() + 1;
  absl::StatusOr<IncomingMessage> message =
      ClassifyMessage(absl::StrCat(SuccessReplyPrefix(id), ToAbsl(result_json), "}"), form_);
  BidiReply reply;
  reply.ok = true;
  reply.result = std::move(message->result);
  return Push(std::move(reply));
}

ScriptedTransport& ScriptedTransport::ReplyUnchecked(std::string_view result_bytes) {
  BidiReply reply;
  reply.ok = true;
  reply.result =
      ReplyResult::FromUncheckedText(std::string(result_bytes), steps_.size() + 1, Utf8::kCheck);
  return Push(std::move(reply));
}

ScriptedTransport& ScriptedTransport::ReplyValue(boost::json::value result) {
  BidiReply reply;
  reply.ok = true;
  reply.result = ReplyResult(std::move(result));
  return Push(std::move(reply));
}

ScriptedTransport& ScriptedTransport::Error(std::string error, std::string message) {
  BidiReply reply;
  reply.error = std::move(error);
  reply.message = std::move(message);
  return Push(std::move(reply));
}

ScriptedTransport& ScriptedTransport::EventBetweenCalls(std::string_view event_json) {
  between_events_.push_back(ParseOrDie(event_json));
  return *this;
}

void ScriptedTransport::PollEvents(EventSink on_event) {
  for (boost::json::value& event : std::exchange(between_events_, {})) on_event(std::move(event));
}

ScriptedTransport& ScriptedTransport::Event(std::string_view event_json) {
  pending_events_.push_back(ParseOrDie(event_json));
  return *this;
}

ScriptedTransport& ScriptedTransport::Timeout() {
  return Push(absl::DeadlineExceededError("reply timeout"));
}

ScriptedTransport& ScriptedTransport::Disconnect() {
  return Push(absl::UnavailableError("browser disconnected: connection reset by peer"));
}

ScriptedTransport& ScriptedTransport::Fail(absl::Status status) { return Push(std::move(status)); }

ScriptedTransport& ScriptedTransport::Idle() {
  Push(BidiReply{});
  steps_.back().wait = true;
  return *this;
}

ScriptedTransport& ScriptedTransport::IdleTimeout() {
  Push(absl::DeadlineExceededError("no event"));
  steps_.back().wait = true;
  return *this;
}

absl::Status ScriptedTransport::WaitForEvents(std::chrono::milliseconds timeout,
                                              EventSink on_event) {
  received_.push_back(Received{"(wait)", "{}", timeout});
  if (interrupted_) return absl::CancelledError("interrupted");
  if (disconnected_) return absl::UnavailableError("browser disconnected: socket closed");
  if (steps_.empty()) return absl::DeadlineExceededError("no scripted event for this wait");
  if (!steps_.front().wait)
    return absl::InternalError("script: a command was expected, not a wait");
  Step step = std::move(steps_.front());
  steps_.pop_front();
  for (boost::json::value& event : step.events) on_event(std::move(event));
  return step.outcome.status();
}

absl::StatusOr<BidiReply> ScriptedTransport::Call(std::string_view method,
                                                  const boost::json::object& params,
                                                  std::chrono::milliseconds timeout,
                                                  EventSink on_event, SentHook on_sent) {
  const std::size_t call = received_.size();
  received_.push_back(Received{std::string(method), boost::json::serialize(params), timeout});
  if (on_call) on_call(call);
  if (interrupted_) return absl::CancelledError("interrupted");
  if (disconnected_) return absl::UnavailableError("browser disconnected: socket closed");
  if (steps_.empty()) {
    return absl::UnavailableError("browser disconnected: no scripted reply for this call");
  }
  if (steps_.front().wait) {
    return absl::InternalError(absl::StrCat("script: a wait was expected, not ", ToAbsl(method)));
  }
  Step step = std::move(steps_.front());
  steps_.pop_front();
  on_sent();
  for (boost::json::value& event : step.events) on_event(std::move(event));
  if (step.outcome.status().code() == absl::StatusCode::kUnavailable) disconnected_ = true;
  // An event that interrupted the call ends it, as a real transport's wait would end.
  if (interrupted_) return absl::CancelledError("interrupted");
  return std::move(step.outcome);
}

}  // namespace firefox_bidi::testing
