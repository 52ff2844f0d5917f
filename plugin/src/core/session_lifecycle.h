// The life of a tool instance's BiDi session (DESIGN.md sections 6 and 10) as one state
// machine, without I/O: the browser session (net/browser_session.cc) tells it what happened,
// NextStep says what the session is now and what to do, and the session does it. The whole
// table is tested in tests/unit/session_lifecycle_test.cc.
//
// The rules it encodes:
//   - A session is started lazily by the first call, or in the background at create
//     (prelaunch), which the first call then waits for.
//   - A session whose socket drops, or whose browser the model closes (browser.close), is
//     released at once: no browser outlives its session. The rest of that invocation's calls
//     fail; the next call starts afresh.
//   - A launched browser that exited between calls is released and replaced by the next call.
//   - A start that fails releases whatever it got (a process, a WebDriver session).
//   - Shutdown releases everything in any state, cancelling a background start.
//
// Per-user-context state (agents) hangs off the open session as values; it is not a state here.
#ifndef FIREFOX_BIDI_CORE_SESSION_LIFECYCLE_H_
#define FIREFOX_BIDI_CORE_SESSION_LIFECYCLE_H_

#include <cstdint>
#include <string_view>

namespace firefox_bidi {

enum class SessionState : std::uint8_t {
  kNone,           // no session: none started yet, released, or a start failed
  kPrelaunching,   // a start runs in the background
  kOpen,           // a live session: calls go to it
  kLost,           // released during this invocation: the socket dropped or the session is gone
  kClosedByModel,  // released during this invocation: the model's browser.close succeeded
};

enum class SessionEvent : std::uint8_t {
  kPrelaunch,      // the host asked for an early start (config "prelaunch")
  kCallBegins,     // a call is about to run (EnsureReady), the session looks alive
  kFoundDead,      // a call is about to run, but the launched browser exited or the socket closed
  kStarted,        // a start, in the foreground or the background, opened the session
  kStartFailed,    // it did not
  kDisconnected,   // a command saw the socket drop, or the WebDriver session gone
  kBrowserClosed,  // the model's browser.close succeeded
  kShutdown,       // the instance ends
};

enum class SessionAction : std::uint8_t {
  kNone,
  kStartInBackground,  // start on a thread of its own; its outcome is kStarted / kStartFailed
  kJoinBackground,     // wait for the background start; its outcome is the next event
  kStart,              // release what is left (owed WebDriver DELETEs), then start; its outcome
                       // is the next event
  kDropAndStart,       // release a dead session without session.end, then start
  kRelease,            // session.end if a session is open, then free everything
  kDrop,               // free everything without session.end (the session is gone)
  kCancelAndRelease,   // cancel a background start, wait for it, then kRelease
};

struct SessionStep {
  SessionState next;
  SessionAction action;
  bool operator==(const SessionStep&) const = default;
};

// What happens on `event` in `state`. Events that cannot happen in a state (a disconnect
// with no session) leave it as it is and do nothing.
SessionStep NextStep(SessionState state, SessionEvent event);

// What a command sent in `state` meets.
enum class CallVerdict : std::uint8_t {
  kSend,           // kOpen
  kNoSession,      // kNone, kPrelaunching: EnsureReady was not called or failed
  kLostEarlier,    // kLost: the browser went away earlier in this invocation
  kClosedEarlier,  // kClosedByModel: browser.close ended it earlier in this invocation
};
CallVerdict VerdictFor(SessionState state);

std::string_view StateName(SessionState state);
std::string_view EventName(SessionEvent event);

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_SESSION_LIFECYCLE_H_
