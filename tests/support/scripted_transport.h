// An in-process fake BidiTransport scripted per call, for runner tests without sockets:
//
//   ScriptedTransport t;
//   t.Reply(R"({"contexts":[]})")           // call 0 succeeds with this result
//    .Event(R"({"type":"event","method":"log.entryAdded","params":{}})")
//    .Error("no such frame", "...")          // call 1: the event, then a BiDi error reply
//    .Timeout()                              // call 2: kDeadlineExceeded
//    .Disconnect();                          // call 3 and every later one: kUnavailable
//
// WaitForEvents() takes steps too: `.Event(...).Idle()` delivers the event to a wait and
// returns OK; `.IdleTimeout()` makes a wait return kDeadlineExceeded. A wait that meets a
// command's step, or a command that meets a wait's step, fails with kInternal (a test bug).
// A wait is recorded with method "(wait)" and params "{}".
//
// Events are delivered, in order, during the call of the next scripted step; one that makes
// the sink call Interrupt() ends that call with kCancelled instead of its reply. A call with no
// step left fails with kUnavailable ("no scripted reply"). Every call is recorded with its
// method, compact params and timeout so tests can assert the exact interpolated params.
#ifndef FIREFOX_BIDI_TESTS_SUPPORT_SCRIPTED_TRANSPORT_H_
#define FIREFOX_BIDI_TESTS_SUPPORT_SCRIPTED_TRANSPORT_H_

#include <atomic>
#include <boost/json/value.hpp>
#include <chrono>
#include <cstddef>
#include <deque>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "core/bidi_protocol.h"
#include "core/transport.h"

namespace firefox_bidi::testing {

class ScriptedTransport : public BidiTransport {
 public:
  struct Received {
    std::string method;
    std::string params;  // compact JSON, as sent
    std::chrono::milliseconds timeout{0};
  };

  // Replies carry their results as BidiConnection does: with kCanonicalText a canonical
  // `result_json` stays text (canonical_json.h), anything else is parsed.
  explicit ScriptedTransport(ResultForm form = ResultForm::kCanonicalText) : form_(form) {}

  // Success with `result_json` (an unparsable text is a test bug and aborts), classified as
  // BidiConnection classifies {"type":"success","id":N,"result":<result_json>}: a large one
  // arrives unchecked.
  ScriptedTransport& Reply(std::string_view result_json);
  // Success with `result_bytes` unchecked, whatever they are (ReplyResult::FromUncheckedText).
  ScriptedTransport& ReplyUnchecked(std::string_view result_bytes);
  // Success with a parsed result.
  ScriptedTransport& ReplyValue(boost::json::value result);
  // A BiDi error reply.
  ScriptedTransport& Error(std::string error, std::string message);
  // An event delivered before the next step's outcome.
  ScriptedTransport& Event(std::string_view event_json);
  // An event that arrived between calls: delivered by the next PollEvents.
  ScriptedTransport& EventBetweenCalls(std::string_view event_json);
  ScriptedTransport& Timeout();     // kDeadlineExceeded
  ScriptedTransport& Disconnect();  // kUnavailable, for this call and all later ones
  ScriptedTransport& Fail(absl::Status status);
  ScriptedTransport& Idle();         // a WaitForEvents() that delivers the pending events
  ScriptedTransport& IdleTimeout();  // a WaitForEvents() that times out

  // Runs at the start of every call with the call's number (e.g. to set a cancel flag).
  std::function<void(std::size_t)> on_call;

  const std::vector<Received>& received() const { return received_; }
  std::size_t steps_left() const { return steps_.size(); }

  // Replies, errors and events come as scripted; `on_sent` runs for every call that has a
  // step, before its events (a disconnect or timeout may still follow a sent command).
  using BidiTransport::Call;
  absl::StatusOr<BidiReply> Call(std::string_view method, const boost::json::object& params,
                                 std::chrono::milliseconds timeout, EventSink on_event,
                                 SentHook on_sent) override;
  void PollEvents(EventSink on_event) override;
  absl::Status WaitForEvents(std::chrono::milliseconds timeout, EventSink on_event) override;
  void Interrupt() override { interrupted_ = true; }
  void ClearInterrupt() override { interrupted_ = false; }

 private:
  struct Step {
    std::vector<boost::json::value> events;
    absl::StatusOr<BidiReply> outcome;
    bool wait = false;  // a WaitForEvents() step
  };
  ScriptedTransport& Push(absl::StatusOr<BidiReply> outcome);

  const ResultForm form_;
  std::deque<Step> steps_;
  std::vector<boost::json::value> pending_events_;
  std::vector<boost::json::value> between_events_;
  std::vector<Received> received_;
  bool disconnected_ = false;
  std::atomic<bool> interrupted_{false};
};

}  // namespace firefox_bidi::testing

#endif  // FIREFOX_BIDI_TESTS_SUPPORT_SCRIPTED_TRANSPORT_H_
