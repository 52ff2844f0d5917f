#include "net/browser_session.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <boost/json/parse.hpp>
#include <cerrno>
#include <fstream>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "core/policy.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"
#include "core/transport_error.h"
#include "net/bidi_connection.h"
#include "net/firefox_launcher.h"
#include "net/webdriver_client.h"

namespace firefox_bidi {
namespace {

using std::chrono::milliseconds;

constexpr milliseconds kSessionEndTimeout{2000};
constexpr milliseconds kCloseTimeout{1000};
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

constexpr std::string_view kTooManySessions = "Maximum number of active sessions";
// Launches tried when each new browser's session is taken by someone else before ours.
constexpr int kLaunchAttempts = 3;

// User prompts (alert, confirm, prompt, beforeunload) stay open until the model answers them
// (browsingContext.handleUserPrompt, page.dialog) instead of being dismissed or accepted
// before it can see them. beforeUnload is named: left out, it would be accepted.
boost::json::object PromptCapabilities() {
  return {{"unhandledPromptBehavior", {{"default", "ignore"}, {"beforeUnload", "ignore"}}}};
}

enum class Mode { kLaunch, kConnect, kWebDriver };

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

class BrowserSessionImpl final : public BrowserSession {
 public:
  BrowserSessionImpl(const InstanceConfig& config, LogFn log)
      : config_(config),
        log_(std::move(log)),
        mode_(!config.webdriver.empty() ? Mode::kWebDriver
              : !config.connect.empty() ? Mode::kConnect
                                        : Mode::kLaunch) {}

  ~BrowserSessionImpl() override { Shutdown(); }

  void StartPrelaunch() override {
    if (mode_ != Mode::kLaunch || prelaunch_.joinable() || connection_) return;
    Log(1, "prelaunch: starting Firefox in the background");
    prelaunch_ = std::thread([this] { prelaunch_status_ = Start(); });
  }

  void SetDownloadsDirectory(std::string dir) override { downloads_dir_ = std::move(dir); }

  absl::Status EnsureReady() override {
    const bool lost = std::exchange(lost_, false);
    const bool closed = std::exchange(closed_by_command_, false);
    const bool released = lost || closed;
    if (prelaunch_.joinable()) {
      prelaunch_.join();
      const absl::Status status = std::exchange(prelaunch_status_, absl::OkStatus());
      if (!status.ok()) {
        Release();
        return status;
      }
      ++generation_;
    }
    if (connection_ && !dead_ && connection_->is_open()) {
      std::optional<std::string> exited = process_ ? process_->ExitDescription() : std::nullopt;
      if (!exited) return absl::OkStatus();
      Log(2, absl::StrCat("the browser died between calls: ", *exited));
    }
    if (connection_ || process_ || released || !owed_deletes_.empty()) {
      Log(1, mode_ == Mode::kLaunch ? "starting a fresh browser" : "reconnecting");
      Release();
    }
    absl::Status status = Start();
    if (!status.ok()) {
      Release();
    } else {
      ++generation_;
    }
    return status;
  }

  std::uint64_t generation() const override { return generation_; }

  using BidiTransport::Call;
  absl::StatusOr<BidiReply> Call(std::string_view method, const boost::json::object& params,
                                 milliseconds timeout, EventSink on_event,
                                 SentHook on_sent) override {
    if (interrupted_.load()) return absl::CancelledError("interrupted");
    if (closed_by_command_) {
      return absl::UnavailableError(
          "browser disconnected: browser.close ended the browser earlier in this call; the "
          "next call starts a fresh browser");
    }
    if (dead_ || lost_) {
      return absl::FailedPreconditionError(
          "the browser disconnected; EnsureReady must start a new session first");
    }
    if (!connection_) {
      return absl::FailedPreconditionError(
          "no browser session (EnsureReady was not called or failed)");
    }
    // Until this call has handled a drop itself (it releases the browser with a message that
    // says why), the drop watch leaves it alone.
    const InCall in_call(in_call_);
    absl::StatusOr<BidiReply> reply = connection_->Call(method, params, timeout, on_event, on_sent);
    if (!reply.ok() && TransportErrorOf(reply.status()) == TransportError::kReplyTimeout &&
        mode_ == Mode::kWebDriver) {
      // A Grid keeps the relayed socket open when the node behind it dies: ask the endpoint
      // whether the session still exists.
      if (std::optional<std::string> gone = WebDriverSessionGone()) {
        dead_ = true;
        absl::Status status = absl::UnavailableError(DescribeDisconnect(absl::UnavailableError(
            absl::StrCat("no reply within ", timeout.count(), " ms and ", *gone))));
        Release();
        lost_ = true;
        return status;
      }
    }
    if (reply.ok()) {
      if (reply->ok && method == "browser.close") {
        // The session is over and the browser on its way out: no browser may outlive it.
        Log(1, "browser.close ended the session; releasing the browser now");
        dead_ = true;
        Release();
        closed_by_command_ = true;
      }
      return reply;
    }
    if (TransportErrorOf(reply.status()) != TransportError::kDisconnected) return reply;
    dead_ = true;
    absl::Status status = absl::UnavailableError(DescribeDisconnect(reply.status()));
    // The session may live on in the browser without its socket: end the browser at once.
    Release();
    lost_ = true;
    return status;
  }

  void PollEvents(EventSink on_event) override {
    if (!dead_ && connection_ && !interrupted_.load()) {
      const InCall in_call(in_call_);
      connection_->PollEvents(on_event);
    }
  }

  absl::Status WaitForEvents(milliseconds timeout, EventSink on_event) override {
    if (interrupted_.load()) return absl::CancelledError("interrupted");
    if (dead_ || !connection_) {
      return absl::FailedPreconditionError("no live browser session to wait for events on");
    }
    const InCall in_call(in_call_);
    absl::Status status = connection_->WaitForEvents(timeout, on_event);
    if (TransportErrorOf(status) != TransportError::kDisconnected) return status;
    dead_ = true;
    absl::Status lost = absl::UnavailableError(DescribeDisconnect(status));
    // As in Call: no browser outlives its socket.
    Release();
    lost_ = true;
    return lost;
  }

  void Interrupt() override {
    std::lock_guard lock(mu_);
    interrupted_.store(true);
    if (connection_) connection_->Interrupt();
  }

  void ClearInterrupt() override {
    std::lock_guard lock(mu_);
    interrupted_.store(false);
    if (connection_) connection_->ClearInterrupt();
  }

  std::optional<LaunchedBrowser> launched_browser() const override {
    if (!process_) return std::nullopt;
    return LaunchedBrowser{process_->process_group(), process_->browser_pid(),
                           process_->profile_dir(), process_->bidi_url()};
  }

  void Shutdown() override {
    if (prelaunch_.joinable()) {
      // Nobody will use a browser that is still starting: cancel the start instead of waiting
      // it out, then restore the caller's interrupt state.
      const bool was_interrupted = interrupted_.exchange(true);
      {
        std::lock_guard lock(mu_);
        if (connection_) connection_->Interrupt();
      }
      prelaunch_.join();
      interrupted_.store(was_interrupted);
    }
    prelaunch_status_ = absl::OkStatus();
    shutting_down_ = true;
    Release();
    shutting_down_ = false;
  }

 private:
  void Log(int level, std::string_view line) const {
    if (log_) log_(level, line);
  }

  // Opens a session per mode; on failure leaves whatever it got for Release(). A launched
  // browser whose session was taken by someone else is ended and replaced.
  absl::Status Start() {
    for (int attempt = 1;; ++attempt) {
      absl::Status status = StartOnce();
      if (status.ok() || mode_ != Mode::kLaunch || !session_taken_ || attempt == kLaunchAttempts ||
          interrupted_.load()) {
        return status;
      }
      Log(2, absl::StrCat("the launched browser's BiDi session was taken by another client "
                          "before ours (",
                          status.message(), "); ending that browser and launching a new one"));
      Release();
    }
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

  absl::Status StartOnce() {
    dead_ = false;
    session_taken_ = false;
    ConnectionOptions options;
    options.connect_timeout = config_.connect_timeout;
    options.max_message_bytes = config_.limits.max_message_bytes;
    options.log = log_;
    // Interrupt() cannot reach a connection that does not exist yet: Connect watches the flag.
    options.cancel = &interrupted_;
    std::string url;
    switch (mode_) {
      case Mode::kLaunch: {
        ASSIGN_OR_RETURN(process_, FirefoxProcess::Launch(LaunchConfig(), &interrupted_));
        Log(1, absl::StrCat("Firefox ", process_->browser_pid(), " listening on ",
                            process_->bidi_url(), " (profile ", process_->profile_dir(), ")"));
        url = process_->bidi_url() + "/session";
        break;
      }
      case Mode::kConnect:
        url = config_.connect;
        break;
      case Mode::kWebDriver: {
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
                                           kWebDriverNewSessionTimeout, &interrupted_));
        Log(1, absl::StrCat("WebDriver session ", session.session_id, " at ", client.ToString(),
                            ": ", RedactUrl(session.web_socket_url)));
        webdriver_.emplace(std::move(client));
        webdriver_session_id_ = session.session_id;
        url = session.web_socket_url;
        break;
      }
    }
    absl::StatusOr<std::unique_ptr<BidiConnection>> connection =
        BidiConnection::Connect(url, options);
    if (!connection.ok()) return EnrichStartError(connection.status());
    {
      std::lock_guard lock(mu_);
      connection_ = *std::move(connection);
      if (interrupted_.load()) connection_->Interrupt();
    }
    // geckodriver and Grid created the BiDi session already.
    if (mode_ != Mode::kWebDriver) RETURN_IF_ERROR(NewSession());
    if (mode_ == Mode::kLaunch) {
      // A drop during a call is that call's to report (Call releases everything); one between
      // calls ends the browser from the watch's thread, and the next call starts afresh.
      watch_ = std::make_unique<DropWatch>(
          connection_->native_handle(), [this, process = process_.get()] {
            if (in_call_.load()) return;
            Log(2, "the BiDi socket dropped between calls; ending the browser now");
            process->Terminate();
          });
    }
    return absl::OkStatus();
  }

  // Marks the connection in use by a call (the drop watch leaves a drop then to the call).
  struct InCall {
    explicit InCall(std::atomic<bool>& flag) : flag_(flag) { flag_.store(true); }
    ~InCall() { flag_.store(false); }
    std::atomic<bool>& flag_;
  };

  absl::Status NewSession() {
    boost::json::object params{{"capabilities", {{"alwaysMatch", PromptCapabilities()}}}};
    // session.new waits for the browser's delayed start-up (about 2 s on 2 cores).
    const milliseconds timeout = std::max(config_.firefox.start_timeout, config_.frame_timeout);
    absl::StatusOr<BidiReply> reply =
        connection_->Call("session.new", params, timeout, [](boost::json::value) {});
    if (!reply.ok()) {
      return absl::Status(reply.status().code(),
                          absl::StrCat("session.new failed: ", reply.status().message()));
    }
    if (!reply->ok) {
      if (reply->error == "session not created") session_taken_ = true;
      if (absl::StrContains(reply->message, ToAbsl(kTooManySessions))) {
        return absl::FailedPreconditionError(absl::StrCat(
            "session.new refused (", reply->message,
            "): this Firefox already has a BiDi session (Firefox allows one, and it survives its "
            "socket); end it or restart that Firefox, or let the tool launch its own browser"));
      }
      return absl::UnavailableError(
          absl::StrCat("session.new failed: ", reply->error, ": ", reply->message));
    }
    session_open_ = true;
    return absl::OkStatus();
  }

  absl::Status EnrichStartError(const absl::Status& status) {
    if (process_) {
      if (std::optional<std::string> exited = process_->ExitDescription()) {
        return absl::Status(status.code(), absl::StrCat(status.message(), " (", *exited, ")"));
      }
    }
    return status;
  }

  // The message for a call that lost the browser: why, and what happens next.
  std::string DescribeDisconnect(const absl::Status& status) {
    std::string cause;
    if (process_) {
      // The watchdog polls every 100 ms; give it a moment to report the exit status. A
      // browser that still runs once an exit would have shown lost only its socket.
      const auto start = std::chrono::steady_clock::now();
      for (;;) {
        if (std::optional<std::string> exited = process_->ExitDescription()) {
          cause = *std::move(exited);
          break;
        }
        const auto waited = std::chrono::steady_clock::now() - start;
        if (waited >= kExitStatusWait) break;
        if (waited >= kAliveAfterDrop && ProcessRuns(process_->browser_pid())) break;
        std::this_thread::sleep_for(milliseconds(20));
      }
    }
    std::string_view detail = ToStd(status.message());
    std::string out = "browser disconnected: ";
    if (!cause.empty())
      absl::StrAppend(&out, cause, " (", ToAbsl(detail), ")");
    else if (absl::StartsWith(ToAbsl(detail), "browser disconnected: ")) {
      absl::StrAppend(&out, ToAbsl(detail.substr(22)));
    } else {
      absl::StrAppend(&out, ToAbsl(detail));
    }
    absl::StrAppend(&out, mode_ == Mode::kLaunch ? "; the next call starts a fresh browser"
                                                 : "; the next call reconnects");
    Log(2, out);
    return out;
  }

  // Webdriver mode: GET /session/{id}/timeouts, which any live WebDriver session answers. A
  // non-2xx answer means the session is gone (e.g. the Grid's node died): returns why.
  // nullopt when it answers 2xx or cannot be asked (then nothing is known).
  std::optional<std::string> WebDriverSessionGone() {
    absl::StatusOr<HttpUrl> url = ParseHttpUrl(config_.webdriver);
    if (!url.ok() || !webdriver_) return std::nullopt;
    const std::string target =
        absl::StrCat(url->path, "/session/", webdriver_session_id_, "/timeouts");
    absl::StatusOr<HttpResponse> response =
        HttpRequest("GET", *url, target, "", kWebDriverProbeTimeout, &interrupted_);
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
    return absl::StrCat("WebDriver GET ", webdriver_->ToString(), "/session/",
                        webdriver_session_id_, "/timeouts answered HTTP ", response->status,
                        " (the session is gone): ", body);
  }

  // Ends the session and frees everything; safe to call in any state.
  void Release() {
    watch_.reset();  // before the connection and the process it refers to go
    if (connection_ && session_open_ && !dead_ && connection_->is_open()) {
      connection_->ClearInterrupt();
      absl::StatusOr<BidiReply> reply =
          connection_->Call("session.end", {}, kSessionEndTimeout, [](boost::json::value) {});
      if (!reply.ok() || !reply->ok) {
        Log(2, absl::StrCat("session.end failed: ",
                            reply.ok() ? reply->message : std::string(reply.status().message())));
      }
    }
    session_open_ = false;
    std::unique_ptr<BidiConnection> connection;
    {
      std::lock_guard lock(mu_);
      connection = std::move(connection_);
    }
    if (connection) connection->Close(kCloseTimeout);
    connection.reset();
    for (OwedDelete& owed : std::exchange(owed_deletes_, {})) {
      DeleteWebDriverSession(std::move(owed.client), std::move(owed.session_id),
                             shutting_down_ ? kOwedDeleteTimeout : kWebDriverDeleteTimeout);
    }
    if (webdriver_) {
      DeleteWebDriverSession(*std::move(webdriver_), std::exchange(webdriver_session_id_, {}),
                             kWebDriverDeleteTimeout);
      webdriver_.reset();
    }
    if (process_) {
      process_->Terminate();
      process_.reset();
    }
    dead_ = false;
  }

  // DELETE /session/<id>. In a call it yields to a cancel within about 20 ms, and the session
  // is then owed: the next Release (the next call's start, or the instance's end) sends the
  // DELETE again. Nothing cancels the instance's end: there the DELETE runs to `timeout`.
  void DeleteWebDriverSession(WebDriverClient client, std::string session_id,
                              milliseconds timeout) {
    absl::Status deleted =
        client.DeleteSession(session_id, timeout, shutting_down_ ? nullptr : &interrupted_);
    if (deleted.ok()) return;
    if (deleted.code() == absl::StatusCode::kCancelled) {
      Log(2, absl::StrCat("deleting the WebDriver session ", session_id,
                          " was cancelled; it is sent again when the next call starts or the "
                          "instance ends"));
      owed_deletes_.push_back({std::move(client), std::move(session_id)});
      return;
    }
    Log(2, absl::StrCat("deleting the WebDriver session: ", deleted.message()));
  }

  const InstanceConfig config_;
  const LogFn log_;
  const Mode mode_;

  std::thread prelaunch_;
  absl::Status prelaunch_status_;  // written by prelaunch_, read after joining it

  std::unique_ptr<FirefoxProcess> process_;   // launch mode
  std::optional<WebDriverClient> webdriver_;  // webdriver mode
  std::string webdriver_session_id_;
  struct OwedDelete {
    WebDriverClient client;
    std::string session_id;
  };
  std::vector<OwedDelete> owed_deletes_;  // DELETEs a cancel cut short, to send again
  bool shutting_down_ = false;            // in Shutdown(): DELETEs are not cancellable
  std::uint64_t generation_ = 0;          // sessions started so far
  std::mutex mu_;                         // guards the connection_ pointer for Interrupt
  std::unique_ptr<BidiConnection> connection_;
  std::atomic<bool> in_call_{false};  // a call is using connection_ (read by watch_'s thread)
  bool session_open_ = false;         // session.new succeeded: session.end is owed
  bool dead_ = false;                 // a call saw the browser go away
  // Released at once during this invocation, so later calls fail without a socket:
  bool lost_ = false;               // the socket dropped
  bool closed_by_command_ = false;  // a browser.close succeeded
  bool session_taken_ = false;      // the last session.new failed with "session not created"
  std::string downloads_dir_;       // the launched browser's default download directory
  std::atomic<bool> interrupted_{false};
  // Launch mode, while a session is open: ends the browser when its socket drops between
  // calls. Destroyed first (declared last) and at the start of every Release().
  std::unique_ptr<DropWatch> watch_;
};

}  // namespace

std::unique_ptr<BrowserSession> BrowserSession::Create(const InstanceConfig& config, LogFn log) {
  return std::make_unique<BrowserSessionImpl>(config, std::move(log));
}

}  // namespace firefox_bidi
