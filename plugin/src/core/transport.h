// The seam between the batch runner and the browser. The runner speaks only to this
// interface; the real implementation is a Beast WebSocket to Firefox (net/), tests use a fake
// BiDi peer or an in-process fake.
#ifndef FIREFOX_BIDI_CORE_TRANSPORT_H_
#define FIREFOX_BIDI_CORE_TRANSPORT_H_

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <chrono>
#include <string>
#include <string_view>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "core/bidi_protocol.h"

namespace firefox_bidi {

// The reply to one command: either the `result` member of a BiDi success message, or the
// `error`/`message` members of a BiDi error message. Both are normal outcomes of a frame.
struct BidiReply {
  bool ok = false;
  ReplyResult result;   // ok: the success reply's "result" member
  std::string error;    // !ok: BiDi error code, e.g. "no such frame"
  std::string message;  // !ok: BiDi error message
};

// Called with each event message (the whole {"type":"event","method","params"} object)
// received while a command waits for its reply.
using EventSink = absl::FunctionRef<void(boost::json::value event)>;

// Called once a command is on the socket, before the wait for its reply; never when the
// command was not sent. The caller's work placed here overlaps the browser's.
using SentHook = absl::FunctionRef<void()>;

// One BiDi session's command channel.
//
// Thread safety: Call() is used by one thread at a time. Interrupt() may be called from any
// thread at any time.
class BidiTransport {
 public:
  virtual ~BidiTransport() = default;

  // Sends `method` with `params` and waits at most `timeout` for the reply with the same id.
  // Failures of the channel, not of the command (each a TransportError, transport_error.h):
  //   kDeadlineExceeded  no reply in time ("reply timeout"); the channel stays usable and a late
  //                      reply is discarded by id.
  //   kUnavailable       the browser or the socket went away ("browser disconnected: ...").
  //   kCancelled         Interrupt() was called during the wait.
  //   kResourceExhausted a message larger than the configured maximum arrived.
  //
  // Implementations add `using BidiTransport::Call;` to keep the overload without a hook.
  virtual absl::StatusOr<BidiReply> Call(std::string_view method, const boost::json::object& params,
                                         std::chrono::milliseconds timeout, EventSink on_event,
                                         SentHook on_sent) = 0;
  absl::StatusOr<BidiReply> Call(std::string_view method, const boost::json::object& params,
                                 std::chrono::milliseconds timeout, EventSink on_event) {
    return Call(method, params, timeout, on_event, [] {});
  }

  // Hands every event that arrived while no command was in flight, and that can be read now,
  // to `on_event`, without waiting for more (a message still arriving is left for the next
  // Call). Called by the runner before its first frame, so that such events are told apart.
  // Channel failures are left for the next Call to report. Default: none.
  virtual void PollEvents(EventSink on_event) { (void)on_event; }

  // Waits with no command in flight until at least one event has arrived or `timeout` has
  // passed, handing every event read meanwhile to `on_event` (an event that was already read
  // counts). For helpers that wait for the page (a load, a navigation) between commands.
  //   OK                 at least one event was delivered.
  //   kDeadlineExceeded  none arrived within `timeout`.
  //   kCancelled, kUnavailable, kResourceExhausted as for Call().
  //   kUnimplemented     this transport cannot wait for events (the default).
  virtual absl::Status WaitForEvents(std::chrono::milliseconds timeout, EventSink on_event);

  // Sends `method` with `params` and does not wait for the reply (discarded when it comes).
  // May be called from an event sink while a Call or WaitForEvents runs (the command follows
  // any being written), and between calls. For answers the plugin owes the browser as soon as
  // it reads an event (a request blocked by the plugin's own intercept). Fails only when the
  // command cannot be sent: the channel's failures as for Call(), kUnimplemented when this
  // transport cannot post (the default).
  virtual absl::Status Post(std::string_view method, const boost::json::object& params);

  // Makes the Call() in progress, and every later one, return kCancelled promptly (within a
  // few milliseconds) until ClearInterrupt(). Sticky so that an interrupt that lands between
  // two calls is not lost. Thread-safe.
  virtual void Interrupt() = 0;
  // Re-arms the transport after Interrupt(); called at the start of each invocation.
  virtual void ClearInterrupt() = 0;
};

inline absl::Status BidiTransport::Post(std::string_view, const boost::json::object&) {
  return absl::UnimplementedError("this transport cannot post commands");
}

inline absl::Status BidiTransport::WaitForEvents(std::chrono::milliseconds, EventSink) {
  return absl::UnimplementedError("this transport cannot wait for events");
}

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_TRANSPORT_H_
