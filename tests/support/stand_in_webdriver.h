// A stand-in for geckodriver (not packaged in Debian), for tests of the `webdriver` mode.
// It works the way geckodriver does: POST /session launches a headless Firefox (through our
// launcher) with --marionette and marionette.port=0, reads the port Firefox picked from the
// profile's MarionetteActivePort, and sends Marionette's WebDriver:NewSession with
// webSocketUrl:true. Firefox's Remote Agent then serves that session's BiDi at
// ws://127.0.0.1:PORT/session/<id>, with no session.new needed. DELETE /session/<id> sends
// WebDriver:DeleteSession and ends that Firefox. GET /status answers ready, as geckodriver's
// does (a Selenium Grid node polls it before it sends POST /session); GET
// /session/<id>/timeouts answers for a live session (the tool's liveness probe).
// build/bin/fake-geckodriver serves it as a process that a Grid node starts in place of
// geckodriver.
#ifndef FIREFOX_BIDI_TESTS_SUPPORT_STAND_IN_WEBDRIVER_H_
#define FIREFOX_BIDI_TESTS_SUPPORT_STAND_IN_WEBDRIVER_H_

#include <sys/types.h>

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "core/config.h"
#include "support/test_http_server.h"

namespace firefox_bidi::testing {

// Thread safety: requests are served on the HTTP server's thread; accessors from any thread.
class StandInWebDriver {
 public:
  // `firefox` is the launch config for every session's browser; the server listens on
  // 127.0.0.1:`port` (0: a free port); `log` (may be empty) gets one line per request.
  static absl::StatusOr<std::unique_ptr<StandInWebDriver>> Start(
      FirefoxConfig firefox, std::uint16_t port = 0,
      std::function<void(std::string_view)> log = {});
  // Ends every remaining session and its browser.
  ~StandInWebDriver();

  // "http://127.0.0.1:PORT"
  std::string url() const { return http_->url(); }
  std::uint16_t port() const { return http_->port(); }
  // "POST /session", "DELETE /session/<id>", "GET /status" in order of arrival.
  std::vector<std::string> request_lines() const;
  std::size_t live_sessions() const;
  // Process groups of the browsers launched so far (ended ones included).
  std::vector<pid_t> launched_groups() const;

 private:
  struct Session;
  StandInWebDriver() = default;
  TestHttpReply Handle(const TestHttpRequest& request);
  TestHttpReply NewSession(const std::string& body);
  TestHttpReply DeleteSession(const std::string& id);

  FirefoxConfig firefox_;
  std::function<void(std::string_view)> log_;
  std::unique_ptr<TestHttpServer> http_;
  mutable std::mutex mu_;
  std::map<std::string, std::unique_ptr<Session>> sessions_;  // guarded by mu_
  std::vector<pid_t> groups_;                                 // guarded by mu_
};

}  // namespace firefox_bidi::testing

#endif  // FIREFOX_BIDI_TESTS_SUPPORT_STAND_IN_WEBDRIVER_H_
