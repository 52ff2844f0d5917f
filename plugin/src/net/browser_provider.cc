#include "net/browser_provider.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <boost/json/parse.hpp>
#include <cerrno>
#include <chrono>
#include <fstream>
#include <thread>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/policy.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"
#include "net/firefox_launcher.h"
#include "net/webdriver_client.h"

namespace firefox_bidi {
namespace {

using std::chrono::milliseconds;

constexpr milliseconds kWebDriverNewSessionTimeout{120000};  // a Grid may queue the request
constexpr milliseconds kWebDriverDeleteTimeout{10000};
// A DELETE that a cancel cut short is sent again when the instance ends, bounded by this: the
// endpoint did not answer it once already, and the host is waiting to exit.
constexpr milliseconds kOwedDeleteTimeout{2000};
constexpr milliseconds kWebDriverProbeTimeout{10000};
// How long a failed call waits for the watchdog to report a dead browser's exit status.
constexpr milliseconds kExitStatusWait{1000};
// A browser still running this long after its socket dropped is alive: it is ended at once
// instead of waited for.
constexpr milliseconds kAliveAfterDrop{200};

// Nothing reads a connection between calls, so a socket that drops then would leave the browser
// running without its session until the next call. A DropWatch waits on the socket in a thread
// of its own and calls `on_drop` once when the peer hangs up or the connection fails.
class DropWatch {
 public:
  DropWatch(int fd, std::function<void()> on_drop) {
    if (fd < 0 || ::pipe2(wake_, O_CLOEXEC) != 0) return;
    thread_ = std::thread([this, fd, on_drop = std::move(on_drop)] {
      pollfd fds[2] = {{fd, POLLRDHUP, 0}, {wake_[0], POLLIN, 0}};
      for (;;) {
        if (::poll(fds, 2, -1) < 0) {
          if (errno == EINTR) continue;
          return;
        }
        if (fds[1].revents != 0) return;
        if ((fds[0].revents & (POLLRDHUP | POLLHUP | POLLERR | POLLNVAL)) != 0) {
          on_drop();
          return;
        }
      }
    });
  }
  // Stops the thread (waiting for an `on_drop` under way).
  ~DropWatch() {
    if (thread_.joinable()) {
      const char byte = 0;
      [[maybe_unused]] const ssize_t n = ::write(wake_[1], &byte, 1);
      thread_.join();
    }
    for (const int fd : wake_) {
      if (fd >= 0) ::close(fd);
    }
  }
  DropWatch(const DropWatch&) = delete;
  DropWatch& operator=(const DropWatch&) = delete;

 private:
  int wake_[2] = {-1, -1};
  std::thread thread_;
};

// True while `pid` exists and has not exited (a zombie, not yet reaped by the watchdog, has).
bool ProcessRuns(int pid) {
  std::ifstream stat(absl::StrCat("/proc/", pid, "/stat"));
  std::string text;
  if (!std::getline(stat, text)) return false;
  // "PID (COMM) STATE ...": COMM may hold spaces and parentheses; STATE follows the last ')'.
  const std::size_t paren = text.rfind(')');
  if (paren == std::string::npos || paren + 2 >= text.size()) return false;
  const char state = text[paren + 2];
  return state != 'Z' && state != 'X';
}

// A private Firefox: launched with the quiet profile, ended with its process group.
class LaunchProvider final : public BrowserProvider {
 public:
  LaunchProvider(const InstanceConfig& config, LogFn log) : config_(config), log_(std::move(log)) {}

  absl::StatusOr<Endpoint> Acquire(const std::atomic<bool>* cancel) override {
    ASSIGN_OR_RETURN(process_, FirefoxProcess::Launch(LaunchConfig(), cancel));
    Log(1, absl::StrCat("Firefox ", process_->browser_pid(), " listening on ", process_->bidi_url(),
                        " (profile ", process_->profile_dir(), ")"));
    return Endpoint{process_->bidi_url() + "/session", /*needs_session_new=*/true,
                    /*replace_first_tab=*/true};
  }

  void Opened(int fd, const std::atomic<bool>& in_call) override {
    // A drop during a call is that call's to report (it releases everything); one between
    // calls ends the browser from the watch's thread, and the next call starts afresh.
    watch_ = std::make_unique<DropWatch>(fd, [this, &in_call, process = process_.get()] {
      if (in_call.load()) return;
      Log(2, "the BiDi socket dropped between calls; ending the browser now");
      process->Terminate();
    });
  }

  void StopWatching() override { watch_.reset(); }

  void Release(bool, const std::atomic<bool>*) override {
    watch_.reset();
    if (process_) {
      process_->Terminate();
      process_.reset();
    }
  }

  std::optional<std::string> WhyGone(bool wait) override {
    if (!process_) return std::nullopt;
    // The watchdog polls every 100 ms; give it a moment to report the exit status. A browser
    // that still runs once an exit would have shown lost only its socket.
    const auto start = std::chrono::steady_clock::now();
    for (;;) {
      if (std::optional<std::string> exited = process_->ExitDescription()) return exited;
      const auto waited = std::chrono::steady_clock::now() - start;
      if (!wait || waited >= kExitStatusWait) return std::nullopt;
      if (waited >= kAliveAfterDrop && ProcessRuns(process_->browser_pid())) return std::nullopt;
      std::this_thread::sleep_for(milliseconds(20));
    }
  }

  bool LaunchesBrowser() const override { return true; }
  void SetDownloadsDirectory(std::string dir) override { downloads_dir_ = std::move(dir); }
  std::string_view Restarting() const override { return "starting a fresh browser"; }
  std::string_view NextCallDoes() const override { return "the next call starts a fresh browser"; }

  std::optional<BrowserSession::LaunchedBrowser> launched_browser() const override {
    if (!process_) return std::nullopt;
    return BrowserSession::LaunchedBrowser{process_->process_group(), process_->browser_pid(),
                                           process_->profile_dir(), process_->bidi_url()};
  }

 private:
  void Log(int level, std::string_view line) const {
    if (log_) log_(level, line);
  }

  // The profile's default download directory is the private downloads directory, unless the
  // config's own prefs say otherwise.
  FirefoxConfig LaunchConfig() const {
    FirefoxConfig firefox = config_.firefox;
    if (downloads_dir_.empty()) return firefox;
    firefox.prefs.try_emplace("browser.download.dir", downloads_dir_);
    firefox.prefs.try_emplace("browser.download.folderList", 2);
    firefox.prefs.try_emplace("browser.download.useDownloadDir", true);
    firefox.prefs.try_emplace("browser.download.start_downloads_in_tmp_dir", false);
    firefox.prefs.try_emplace("browser.download.always_ask_before_handling_new_types", false);
    firefox.prefs.try_emplace("browser.download.panel.shown", true);
    return firefox;
  }

  const InstanceConfig& config_;
  const LogFn log_;
  std::string downloads_dir_;
  std::unique_ptr<FirefoxProcess> process_;
  // While a session is open: ends the browser when its socket drops between calls. Reset
  // before the process it refers to goes.
  std::unique_ptr<DropWatch> watch_;
};

// A running Firefox's BiDi endpoint: nothing to acquire or free but the session itself.
class ConnectProvider final : public BrowserProvider {
 public:
  explicit ConnectProvider(const InstanceConfig& config) : url_(config.connect) {}

  absl::StatusOr<Endpoint> Acquire(const std::atomic<bool>*) override {
    return Endpoint{url_, true};
  }
  void Release(bool, const std::atomic<bool>*) override {}
  std::string_view Restarting() const override { return "reconnecting"; }
  std::string_view NextCallDoes() const override { return "the next call reconnects"; }

 private:
  const std::string url_;
};

// A WebDriver endpoint (geckodriver, Selenium Grid): POST /session with webSocketUrl, the BiDi
// URL it returns, DELETE /session/<id> at the end.
class WebDriverProvider final : public BrowserProvider {
 public:
  WebDriverProvider(const InstanceConfig& config, LogFn log)
      : config_(config), log_(std::move(log)) {}

  absl::StatusOr<Endpoint> Acquire(const std::atomic<bool>* cancel) override {
    ASSIGN_OR_RETURN(WebDriverClient client, WebDriverClient::Create(config_.webdriver));
    boost::json::object firefox_options;
    if (config_.firefox.headless) firefox_options["args"] = boost::json::array{"-headless"};
    // browserName: a Grid with other browsers' nodes must pick a Firefox slot.
    // unhandledPromptBehavior, WebDriver classic's string form: "ignore" for every prompt
    // but beforeunload, which Firefox then accepts.
    boost::json::object always_match{{"browserName", "firefox"},
                                     {"webSocketUrl", true},
                                     {"unhandledPromptBehavior", "ignore"},
                                     {"moz:firefoxOptions", std::move(firefox_options)}};
    ASSIGN_OR_RETURN(WebDriverSession session,
                     client.NewSession({{"alwaysMatch", std::move(always_match)}},
                                       kWebDriverNewSessionTimeout, cancel));
    Log(1, absl::StrCat("WebDriver session ", session.session_id, " at ", client.ToString(), ": ",
                        RedactUrl(session.web_socket_url)));
    client_.emplace(std::move(client));
    session_id_ = session.session_id;
    return Endpoint{session.web_socket_url, /*needs_session_new=*/false};
  }

  void Release(bool shutting_down, const std::atomic<bool>* cancel) override {
    for (Owed& owed : std::exchange(owed_, {})) {
      Delete(std::move(owed.client), std::move(owed.session_id),
             shutting_down ? kOwedDeleteTimeout : kWebDriverDeleteTimeout, shutting_down, cancel);
    }
    if (client_) {
      Delete(*std::move(client_), std::exchange(session_id_, {}), kWebDriverDeleteTimeout,
             shutting_down, cancel);
      client_.reset();
    }
  }

  bool OwesWork() const override { return !owed_.empty(); }
  bool EndsWithSessionEnd() const override { return false; }

  // GET /session/{id}/timeouts, which any live WebDriver session answers. A non-2xx answer
  // means the session is gone (e.g. the Grid's node died): returns why.
  std::optional<std::string> SessionGone(const std::atomic<bool>* cancel) override {
    absl::StatusOr<HttpUrl> url = ParseHttpUrl(config_.webdriver);
    if (!url.ok() || !client_) return std::nullopt;
    const std::string target = absl::StrCat(url->path, "/session/", session_id_, "/timeouts");
    absl::StatusOr<HttpResponse> response =
        HttpRequest("GET", *url, target, "", kWebDriverProbeTimeout, cancel);
    if (!response.ok() || (response->status >= 200 && response->status <= 299)) {
      return std::nullopt;
    }
    // WebDriver errors are {"value":{"error","message"}}; the message's first line says it.
    std::string body = response->body;
    boost::system::error_code ec;
    const boost::json::value doc = boost::json::parse(response->body, ec);
    const boost::json::value* value =
        !ec && doc.is_object() ? doc.as_object().if_contains("value") : nullptr;
    if (value && value->is_object()) {
      const auto* error = value->as_object().if_contains("error");
      const auto* message = value->as_object().if_contains("message");
      if (error && error->is_string() && message && message->is_string()) {
        body = absl::StrCat(ToAbsl(error->get_string()), ": ", ToAbsl(message->get_string()));
      }
    }
    body = body.substr(0, std::min(body.find('\n'), std::size_t{300}));
    return absl::StrCat("WebDriver GET ", client_->ToString(), "/session/", session_id_,
                        "/timeouts answered HTTP ", response->status,
                        " (the session is gone): ", body);
  }

  std::string_view Restarting() const override { return "reconnecting"; }
  std::string_view NextCallDoes() const override { return "the next call reconnects"; }

 private:
  struct Owed {
    WebDriverClient client;
    std::string session_id;
  };

  void Log(int level, std::string_view line) const {
    if (log_) log_(level, line);
  }

  // DELETE /session/<id>. In a call it yields to a cancel within about 20 ms, and the session
  // is then owed: the next Release (the next call's start, or the instance's end) sends the
  // DELETE again. Nothing cancels the instance's end: there the DELETE runs to `timeout`.
  void Delete(WebDriverClient client, std::string session_id, milliseconds timeout,
              bool shutting_down, const std::atomic<bool>* cancel) {
    absl::Status deleted =
        client.DeleteSession(session_id, timeout, shutting_down ? nullptr : cancel);
    if (deleted.ok()) return;
    if (deleted.code() == absl::StatusCode::kCancelled) {
      Log(2, absl::StrCat("deleting the WebDriver session ", session_id,
                          " was cancelled; it is sent again when the next call starts or the "
                          "instance ends"));
      owed_.push_back({std::move(client), std::move(session_id)});
      return;
    }
    Log(2, absl::StrCat("deleting the WebDriver session: ", deleted.message()));
  }

  const InstanceConfig& config_;
  const LogFn log_;
  std::optional<WebDriverClient> client_;
  std::string session_id_;
  std::vector<Owed> owed_;  // DELETEs a cancel cut short, to send again
};

}  // namespace

std::unique_ptr<BrowserProvider> BrowserProvider::ForConfig(const InstanceConfig& config,
                                                            LogFn log) {
  if (!config.webdriver.empty()) return std::make_unique<WebDriverProvider>(config, std::move(log));
  if (!config.connect.empty()) return std::make_unique<ConnectProvider>(config);
  return std::make_unique<LaunchProvider>(config, std::move(log));
}

}  // namespace firefox_bidi
