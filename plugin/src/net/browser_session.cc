#include "net/browser_session.h"

#include <algorithm>
#include <atomic>
#include <boost/json/parse.hpp>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "core/session_lifecycle.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"
#include "core/transport_error.h"
#include "net/bidi_connection.h"
#include "net/browser_provider.h"

namespace firefox_bidi {
namespace {

using std::chrono::milliseconds;

constexpr milliseconds kSessionEndTimeout{2000};
constexpr milliseconds kCloseTimeout{1000};

constexpr std::string_view kTooManySessions = "Maximum number of active sessions";
// Launches tried when each new browser's session is taken by someone else before ours.
constexpr int kLaunchAttempts = 3;

// User prompts (alert, confirm, prompt, beforeunload) stay open until the model answers them
// (browsingContext.handleUserPrompt, page.dialog) instead of being dismissed or accepted
// before it can see them. beforeUnload is named: left out, it would be accepted.
boost::json::object PromptCapabilities() {
  return {{"unhandledPromptBehavior", {{"default", "ignore"}, {"beforeUnload", "ignore"}}}};
}

// The session's lifecycle (core/session_lifecycle.h) driven over a BiDi connection, with the
// mode's BrowserProvider acquiring and releasing the browser.
class BrowserSessionImpl final : public BrowserSession {
 public:
  BrowserSessionImpl(const InstanceConfig& config, LogFn log)
      : config_(config),
        log_(std::move(log)),
        provider_(BrowserProvider::ForConfig(config_, log_)) {}

  ~BrowserSessionImpl() override { Shutdown(); }

  void StartPrelaunch() override {
    if (!provider_->LaunchesBrowser()) return;
    if (state_ == SessionState::kNone) Log(1, "prelaunch: starting Firefox in the background");
    Apply(SessionEvent::kPrelaunch).IgnoreError();
  }

  void SetDownloadsDirectory(std::string dir) override {
    provider_->SetDownloadsDirectory(std::move(dir));
  }

  absl::Status EnsureReady() override {
    if (state_ == SessionState::kPrelaunching) RETURN_IF_ERROR(Apply(SessionEvent::kCallBegins));
    return Apply(state_ == SessionState::kOpen && !Alive() ? SessionEvent::kFoundDead
                                                           : SessionEvent::kCallBegins);
  }

  std::uint64_t generation() const override { return generation_; }

  void ShareAmongCalls(SessionBaton* baton,
                       std::function<std::string(const boost::json::value&)> event_agent) override {
    baton_ = baton;
    event_agent_ = std::move(event_agent);
  }

  bool NeedsStart() override { return state_ != SessionState::kOpen || !Alive(); }

  using BidiTransport::Call;
  absl::StatusOr<BidiReply> Call(std::string_view method, const boost::json::object& params,
                                 milliseconds timeout, EventSink on_event,
                                 SentHook on_sent) override {
    if (interrupted_.load()) return absl::CancelledError("interrupted");
    switch (VerdictFor(state_)) {
      case CallVerdict::kClosedEarlier:
        return absl::UnavailableError(
            "browser disconnected: browser.close ended the browser earlier in this call; the "
            "next call starts a fresh browser");
      case CallVerdict::kLostEarlier:
        return absl::FailedPreconditionError(
            "the browser disconnected; EnsureReady must start a new session first");
      case CallVerdict::kNoSession:
        return absl::FailedPreconditionError(
            "no browser session (EnsureReady was not called or failed)");
      case CallVerdict::kSend:
        break;
    }
    // Until this call has handled a drop itself (it releases the browser with a message that
    // says why), the drop watch leaves it alone.
    const InCall in_call(*this);
    // Another call may lose (and release) this connection while this one waits in it.
    const std::shared_ptr<BidiConnection> connection = connection_;
    const std::uint64_t generation = generation_;
    absl::StatusOr<BidiReply> reply = connection->Call(method, params, timeout, on_event, on_sent);
    if (!reply.ok() && TransportErrorOf(reply.status()) == TransportError::kReplyTimeout) {
      if (std::optional<std::string> gone = provider_->SessionGone(&interrupted_)) {
        return Lost(absl::UnavailableError(
                        absl::StrCat("no reply within ", timeout.count(), " ms and ", *gone)),
                    generation);
      }
    }
    if (reply.ok()) {
      if (reply->ok && method == "browser.close") {
        // The session is over and the browser on its way out: no browser may outlive it.
        Log(1, "browser.close ended the session; releasing the browser now");
        Apply(SessionEvent::kBrowserClosed).IgnoreError();
      }
      return reply;
    }
    if (TransportErrorOf(reply.status()) != TransportError::kDisconnected) return reply;
    return Lost(reply.status(), generation);
  }

  absl::Status Post(std::string_view method, const boost::json::object& params) override {
    if (state_ != SessionState::kOpen || connection_ == nullptr) {
      return absl::FailedPreconditionError("no live browser session to post a command on");
    }
    return connection_->Post(method, params);
  }

  void PollEvents(EventSink on_event) override {
    if (state_ == SessionState::kOpen && !interrupted_.load()) {
      if (kept_generation_ == generation_) {
        for (boost::json::value& event : std::exchange(kept_, {})) on_event(std::move(event));
      }
      kept_.clear();
      const InCall in_call(*this);
      const std::shared_ptr<BidiConnection> connection = connection_;
      connection->PollEvents(on_event);
    }
  }

  void KeepForNextPoll(boost::json::value event) override {
    if (kept_generation_ != generation_) {
      kept_.clear();
      kept_generation_ = generation_;
    }
    kept_.push_back(std::move(event));
  }

  absl::Status WaitForEvents(milliseconds timeout, EventSink on_event) override {
    if (interrupted_.load()) return absl::CancelledError("interrupted");
    if (state_ != SessionState::kOpen) {
      return absl::FailedPreconditionError("no live browser session to wait for events on");
    }
    const InCall in_call(*this);
    const std::shared_ptr<BidiConnection> connection = connection_;
    const std::uint64_t generation = generation_;
    absl::Status status = connection->WaitForEvents(timeout, on_event);
    if (TransportErrorOf(status) != TransportError::kDisconnected) return status;
    return Lost(status, generation);
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
    return provider_->launched_browser();
  }

  void Shutdown() override { Apply(SessionEvent::kShutdown, /*shutting_down=*/true).IgnoreError(); }

 private:
  void Log(int level, std::string_view line) const {
    if (log_) log_(level, line);
  }

  // Moves the lifecycle on `event` and carries out what it says. A start's outcome is the next
  // event, and its status is returned.
  absl::Status Apply(SessionEvent event, bool shutting_down = false) {
    const SessionState before = state_;
    const SessionStep step = NextStep(state_, event);
    state_ = step.next;
    // Only an open session that the tool opened with session.new is ended with session.end.
    const bool end_session = before == SessionState::kOpen && provider_->EndsWithSessionEnd();
    switch (step.action) {
      case SessionAction::kNone:
        return absl::OkStatus();
      case SessionAction::kStartInBackground:
        prelaunch_ = std::thread([this] { prelaunch_status_ = StartSession(); });
        return absl::OkStatus();
      case SessionAction::kJoinBackground:
        prelaunch_.join();
        return Started(std::exchange(prelaunch_status_, absl::OkStatus()));
      case SessionAction::kStart:
        if (before != SessionState::kNone || provider_->OwesWork()) {
          Log(1, provider_->Restarting());
        }
        ReleaseAll(/*end_session=*/false, shutting_down);  // owed WebDriver DELETEs
        return Started(StartSession());
      case SessionAction::kDropAndStart:
        Log(1, provider_->Restarting());
        ReleaseAll(/*end_session=*/false, shutting_down);
        return Started(StartSession());
      case SessionAction::kRelease:
        ReleaseAll(end_session, shutting_down);
        return absl::OkStatus();
      case SessionAction::kDrop:
        ReleaseAll(/*end_session=*/false, shutting_down);
        return absl::OkStatus();
      case SessionAction::kCancelAndRelease: {
        // Nobody will use a browser that is still starting: cancel the start instead of
        // waiting it out, then restore the caller's interrupt state.
        const bool was_interrupted = interrupted_.exchange(true);
        {
          std::lock_guard lock(mu_);
          if (connection_) connection_->Interrupt();
        }
        prelaunch_.join();
        interrupted_.store(was_interrupted);
        // A start that finished opened a session the release below ends.
        const bool opened = std::exchange(prelaunch_status_, absl::OkStatus()).ok();
        ReleaseAll(opened && connection_ != nullptr && provider_->EndsWithSessionEnd(),
                   shutting_down);
        return absl::OkStatus();
      }
    }
    return absl::OkStatus();
  }

  // The outcome of a start as the lifecycle's next event.
  absl::Status Started(absl::Status status) {
    if (status.ok()) {
      ++generation_;
      Apply(SessionEvent::kStarted).IgnoreError();
    } else {
      Apply(SessionEvent::kStartFailed).IgnoreError();
    }
    return status;
  }

  // A command lost the browser: releases it at once (no browser outlives its socket) and
  // returns the error that says why and what the next call does. When `generation` is no
  // longer the session's, another call has dealt with the loss already (and a new browser may
  // run): only the error.
  absl::Status Lost(const absl::Status& cause, std::uint64_t generation) {
    absl::Status status = absl::UnavailableError(DescribeDisconnect(cause));
    if (generation == generation_ && state_ == SessionState::kOpen) {
      Apply(SessionEvent::kDisconnected).IgnoreError();
    }
    return status;
  }

  // An open session whose socket is open and whose launched browser has not exited.
  bool Alive() {
    if (!connection_ || !connection_->is_open()) return false;
    if (std::optional<std::string> exited = provider_->WhyGone(/*wait=*/false)) {
      Log(2, absl::StrCat("the browser died between calls: ", *exited));
      return false;
    }
    return true;
  }

  // Opens a session; a launched browser whose session was taken by someone else is ended and
  // replaced. On failure leaves whatever it got for the release that follows.
  absl::Status StartSession() {
    for (int attempt = 1;; ++attempt) {
      bool taken = false;
      absl::Status status = StartOnce(&taken);
      if (status.ok() || !taken || !provider_->LaunchesBrowser() || attempt == kLaunchAttempts ||
          interrupted_.load()) {
        return status;
      }
      Log(2, absl::StrCat("the launched browser's BiDi session was taken by another client "
                          "before ours (",
                          status.message(), "); ending that browser and launching a new one"));
      ReleaseAll(/*end_session=*/false, /*shutting_down=*/false);
    }
  }

  absl::Status StartOnce(bool* taken) {
    ConnectionOptions options;
    options.connect_timeout = config_.connect_timeout;
    options.max_message_bytes = config_.limits.max_message_bytes;
    options.log = log_;
    // Interrupt() cannot reach a connection that does not exist yet: Connect watches the flag.
    options.cancel = &interrupted_;
    options.baton = baton_;
    options.event_agent = event_agent_;
    ASSIGN_OR_RETURN(BrowserProvider::Endpoint endpoint, provider_->Acquire(&interrupted_));
    absl::StatusOr<std::unique_ptr<BidiConnection>> connection =
        BidiConnection::Connect(endpoint.url, options);
    if (!connection.ok()) return EnrichStartError(connection.status());
    {
      std::lock_guard lock(mu_);
      connection_ = *std::move(connection);
      if (interrupted_.load()) connection_->Interrupt();
    }
    if (endpoint.needs_session_new) RETURN_IF_ERROR(NewSession(taken));
    if (endpoint.replace_first_tab) RETURN_IF_ERROR(ReplaceFirstTab());
    provider_->Opened(connection_->native_handle(), in_call_);
    return absl::OkStatus();
  }

  // Marks the connection in use by a call (the drop watch leaves a drop then to the call) for
  // as long as one call or more is in it.
  class InCall {
   public:
    explicit InCall(BrowserSessionImpl& session) : session_(session) {
      session_.in_call_.store(++session_.calls_in_connection_ > 0);
    }
    ~InCall() { session_.in_call_.store(--session_.calls_in_connection_ > 0); }
    InCall(const InCall&) = delete;
    InCall& operator=(const InCall&) = delete;

   private:
    BrowserSessionImpl& session_;
  };

  // Opens a tab and closes the one the browser started with, which headless Firefox never
  // focuses (docs/browser.md, "Focus"): the new tab is the selected tab of a focused window.
  absl::Status ReplaceFirstTab() {
    const auto call = [this](std::string_view method,
                             boost::json::object params) -> absl::StatusOr<boost::json::value> {
      ASSIGN_OR_RETURN(BidiReply reply, connection_->Call(method, params, config_.frame_timeout,
                                                          [](boost::json::value) {}));
      if (!reply.ok) {
        return absl::UnavailableError(absl::StrCat("replacing the first tab: ", ToAbsl(method),
                                                   " failed: ", reply.error, ": ", reply.message));
      }
      RETURN_IF_ERROR(reply.result.status());
      return reply.result.value();
    };
    ASSIGN_OR_RETURN(const boost::json::value tree,
                     call("browsingContext.getTree", boost::json::object{{"maxDepth", 0}}));
    RETURN_IF_ERROR(call("browsingContext.create", boost::json::object{{"type", "tab"}}).status());
    const boost::json::value* contexts =
        tree.is_object() ? tree.get_object().if_contains("contexts") : nullptr;
    if (contexts == nullptr || !contexts->is_array()) return absl::OkStatus();
    for (const boost::json::value& context : contexts->get_array()) {
      const boost::json::value* id =
          context.is_object() ? context.get_object().if_contains("context") : nullptr;
      if (id == nullptr) continue;
      RETURN_IF_ERROR(
          call("browsingContext.close", boost::json::object{{"context", *id}}).status());
    }
    return absl::OkStatus();
  }

  // session.new; `*taken` when Firefox says the browser already has a session.
  absl::Status NewSession(bool* taken) {
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
      *taken = reply->error == "session not created";
      if (absl::StrContains(reply->message, ToAbsl(kTooManySessions))) {
        return absl::FailedPreconditionError(absl::StrCat(
            "session.new refused (", reply->message,
            "): this Firefox already has a BiDi session (Firefox allows one, and it survives its "
            "socket); end it or restart that Firefox, or let the tool launch its own browser"));
      }
      return absl::UnavailableError(
          absl::StrCat("session.new failed: ", reply->error, ": ", reply->message));
    }
    return absl::OkStatus();
  }

  absl::Status EnrichStartError(const absl::Status& status) {
    if (std::optional<std::string> exited = provider_->WhyGone(/*wait=*/false)) {
      return absl::Status(status.code(), absl::StrCat(status.message(), " (", *exited, ")"));
    }
    return status;
  }

  // The message for a call that lost the browser: why, and what happens next.
  std::string DescribeDisconnect(const absl::Status& status) {
    const std::optional<std::string> cause = provider_->WhyGone(/*wait=*/true);
    std::string_view detail = ToStd(status.message());
    std::string out = "browser disconnected: ";
    if (cause) {
      absl::StrAppend(&out, *cause, " (", ToAbsl(detail), ")");
    } else if (absl::StartsWith(ToAbsl(detail), "browser disconnected: ")) {
      absl::StrAppend(&out, ToAbsl(detail.substr(22)));
    } else {
      absl::StrAppend(&out, ToAbsl(detail));
    }
    absl::StrAppend(&out, "; ", ToAbsl(provider_->NextCallDoes()));
    Log(2, out);
    return out;
  }

  // Ends the session (session.end when `end_session` and the socket is open) and frees
  // everything; safe in any state.
  void ReleaseAll(bool end_session, bool shutting_down) {
    provider_->StopWatching();  // before the connection and the process it refers to go
    if (end_session && connection_ && connection_->is_open()) {
      connection_->ClearInterrupt();
      absl::StatusOr<BidiReply> reply =
          connection_->Call("session.end", {}, kSessionEndTimeout, [](boost::json::value) {});
      if (!reply.ok() || !reply->ok) {
        Log(2, absl::StrCat("session.end failed: ",
                            reply.ok() ? reply->message : std::string(reply.status().message())));
      }
    }
    std::shared_ptr<BidiConnection> connection;
    {
      std::lock_guard lock(mu_);
      connection = std::move(connection_);
    }
    if (connection) connection->Close(kCloseTimeout);
    connection.reset();
    provider_->Release(shutting_down, &interrupted_);
  }

  const InstanceConfig config_;
  const LogFn log_;
  const std::unique_ptr<BrowserProvider> provider_;  // refers to config_ and log_

  SessionState state_ = SessionState::kNone;
  std::uint64_t generation_ = 0;  // sessions started so far
  // KeepForNextPoll's events, in arrival order, and the session they came from.
  std::vector<boost::json::value> kept_;
  std::uint64_t kept_generation_ = 0;
  std::thread prelaunch_;          // the background start (kPrelaunching)
  absl::Status prelaunch_status_;  // written by prelaunch_, read after joining it
  std::mutex mu_;                  // guards the connection_ pointer for Interrupt
  // Shared with the calls waiting in it: one that loses the browser releases it while others
  // still wait (they then fail as disconnected).
  std::shared_ptr<BidiConnection> connection_;
  std::atomic<bool> in_call_{false};  // a call is using connection_ (read by the drop watch)
  int calls_in_connection_ = 0;       // how many (they hold the session baton to change it)
  SessionBaton* baton_ = nullptr;     // ShareAmongCalls
  std::function<std::string(const boost::json::value&)> event_agent_;
  std::atomic<bool> interrupted_{false};
};

}  // namespace

std::unique_ptr<BrowserSession> BrowserSession::Create(const InstanceConfig& config, LogFn log) {
  return std::make_unique<BrowserSessionImpl>(config, std::move(log));
}

}  // namespace firefox_bidi
