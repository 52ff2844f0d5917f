// Where the instance's BiDi session comes from (DESIGN.md section 6), one provider per mode:
// a Firefox the tool launches (default), a running BiDi endpoint (`connect`), or a WebDriver
// endpoint such as geckodriver or Selenium Grid (`webdriver`). The browser session
// (browser_session.h) runs the lifecycle (core/session_lifecycle.h) and the BiDi connection;
// a provider only acquires a browser, says what it knows when one goes away, and releases it.
//
// Thread safety: used by the browser session's calling thread (or its prelaunch thread, never
// both at once). Cancellation: every wait takes the session's interrupt flag.
#ifndef FIREFOX_BIDI_NET_BROWSER_PROVIDER_H_
#define FIREFOX_BIDI_NET_BROWSER_PROVIDER_H_

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "core/config.h"
#include "net/browser_session.h"

namespace firefox_bidi {

class BrowserProvider {
 public:
  struct Endpoint {
    std::string url;                // the BiDi WebSocket URL to connect to
    bool needs_session_new = true;  // false: the endpoint created the BiDi session already
    // The browser's first tab is ours to replace: headless Firefox never gives that tab focus
    // (document.hasFocus() stays false and no blur fires), while a tab opened later has it.
    bool replace_first_tab = false;
  };

  // The provider for `config`'s mode. `downloads_dir` (may be empty) becomes a launched
  // browser's default download directory.
  static std::unique_ptr<BrowserProvider> ForConfig(const InstanceConfig& config, LogFn log);

  virtual ~BrowserProvider() = default;

  // Gets a browser (launches one, or asks the WebDriver endpoint for a session).
  virtual absl::StatusOr<Endpoint> Acquire(const std::atomic<bool>* cancel) = 0;
  // The session is open on the socket `fd`. A launched browser then watches the socket between
  // calls and ends the browser when it drops while `in_call` is false.
  virtual void Opened(int fd, const std::atomic<bool>& in_call) {
    (void)fd;
    (void)in_call;
  }
  // Stops watching the socket (before the connection closes).
  virtual void StopWatching() {}
  // Frees what Acquire got: ends a launched browser's process group, deletes a WebDriver
  // session (a DELETE a cancel cut short is owed and sent by the next Release; while
  // `shutting_down`, nothing cancels it and it is bounded by 2 s).
  virtual void Release(bool shutting_down, const std::atomic<bool>* cancel) = 0;
  // True while a Release has work left over (owed DELETEs).
  virtual bool OwesWork() const { return false; }

  // Why the browser is gone, when the provider knows (a launched browser's exit status,
  // waiting briefly for the watchdog to report it when `wait`). nullopt: nothing known.
  virtual std::optional<std::string> WhyGone(bool wait) {
    (void)wait;
    return std::nullopt;
  }
  // After a reply timeout: whether the endpoint says the session is gone (a Grid keeps the
  // relayed socket open when its node dies). nullopt: it is not, or cannot be asked.
  virtual std::optional<std::string> SessionGone(const std::atomic<bool>* cancel) {
    (void)cancel;
    return std::nullopt;
  }

  // Launch mode: the browser is the tool's own. It may be started early (prelaunch), and one
  // whose session another client took first is ended and replaced.
  virtual bool LaunchesBrowser() const { return false; }
  // The session ends with session.end (false: the WebDriver endpoint's DELETE ends it).
  virtual bool EndsWithSessionEnd() const { return true; }
  virtual void SetDownloadsDirectory(std::string dir) { (void)dir; }
  // "starting a fresh browser" or "reconnecting"; and what the next call does after a drop.
  virtual std::string_view Restarting() const = 0;
  virtual std::string_view NextCallDoes() const = 0;

  virtual std::optional<BrowserSession::LaunchedBrowser> launched_browser() const {
    return std::nullopt;
  }
};

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_NET_BROWSER_PROVIDER_H_
