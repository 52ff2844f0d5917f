// The instance's browser: a BiDi session obtained one of three ways (DESIGN.md section 6):
// a private Firefox launched lazily (default), `connect` to a running BiDi endpoint, or
// `webdriver` (geckodriver / Selenium Grid). Owns the browser's whole life: on destruction
// session.end, close, and for a launched browser terminate and reap the process group and
// remove the profile. If the browser dies, the call in flight fails with "browser
// disconnected" and the next EnsureReady() starts (or reconnects) a fresh one.
//
// A browser is never left running without this session (DESIGN.md section 10): when the
// socket drops during a call, or a `browser.close` command succeeds, everything is released at
// once (a launched browser's process group is ended, a WebDriver session deleted), later calls
// of the same invocation fail with kUnavailable, and the next EnsureReady() starts afresh. A
// launched browser's socket that drops between calls is seen by a thread waiting on it, which
// ends the process group at once. A launched browser whose session.new fails because its
// session was taken (another local user connected to its port first) is ended and replaced.
//
// Cancellation: Interrupt() ends, within about 20 ms, a launch waiting for Firefox's endpoint,
// the WebSocket connect, session.new, a call's wait, and the WebDriver requests of EnsureReady
// and of a release during a call (POST /session, DELETE /session/<id>). A DELETE cut short so is
// sent again by the next release (the next EnsureReady or Shutdown); Shutdown itself is not
// cancellable and bounds that DELETE by 2 s.
#ifndef FIREFOX_BIDI_NET_BROWSER_SESSION_H_
#define FIREFOX_BIDI_NET_BROWSER_SESSION_H_

#include <boost/json/value.hpp>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "core/config.h"
#include "core/session_baton.h"
#include "core/transport.h"

namespace firefox_bidi {

// Log sink: (level 0 debug .. 3 error, line).
using LogFn = std::function<void(int, std::string_view)>;

// Thread safety: EnsureReady/Call from one thread at a time, or, after ShareAmongCalls, from
// the thread that holds the baton; Interrupt from any thread.
class BrowserSession : public BidiTransport {
 public:
  static std::unique_ptr<BrowserSession> Create(const InstanceConfig& config, LogFn log);
  ~BrowserSession() override = default;

  // Where a launched browser saves downloads (its profile's default download directory):
  // the private downloads directory inside the spool directory. Set before the first launch.
  virtual void SetDownloadsDirectory(std::string /*dir*/) {}
  // Starts the browser in the background (config "prelaunch"); EnsureReady() then waits for it.
  virtual void StartPrelaunch() = 0;
  // Makes sure a live session exists: launches/connects when there is none or the last one
  // died. Errors: kUnavailable (browser would not start or endpoint unreachable, with the
  // tail of Firefox's stderr), kNotFound (no Firefox binary), kFailedPrecondition
  // ("Maximum number of active sessions", explained).
  virtual absl::Status EnsureReady() = 0;
  // Ends the session and releases the browser now (also done by the destructor).
  virtual void Shutdown() = 0;

  // An event that a command sent before a batch read (the commands that make or close an
  // agent): PollEvents hands it out first, so that the batch sees it as one that arrived between
  // calls (the tab guard judges a navigation among them). Dropped with the session it came
  // from.
  virtual void KeepForNextPoll(boost::json::value event) = 0;

  // Lets calls of different agents use the session at the same time, each on its own thread
  // holding `baton` with a CallLane (ConnectionOptions::baton, event_agent). Set before the
  // first start; the connection of a browser started later follows it.
  virtual void ShareAmongCalls(
      SessionBaton* baton, std::function<std::string(const boost::json::value&)> event_agent) = 0;
  // Whether EnsureReady() would start (or restart) a browser: none runs, or the one that ran has
  // died.
  virtual bool NeedsStart() = 0;

  // Counts the BiDi sessions EnsureReady() has started: a new value means a new browser or
  // session, so state kept about the old one (tabs, node references, subscriptions) is void.
  virtual std::uint64_t generation() const = 0;

  // The browser this session launched (launch mode, while one runs): for logs and tests.
  struct LaunchedBrowser {
    int process_group = -1;  // Firefox, its children and its watchdog
    int browser_pid = -1;    // Firefox's main process
    std::string profile_dir;
    std::string bidi_url;  // "ws://127.0.0.1:PORT"
  };
  virtual std::optional<LaunchedBrowser> launched_browser() const { return std::nullopt; }
};

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_NET_BROWSER_SESSION_H_
