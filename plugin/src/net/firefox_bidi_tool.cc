#include "net/firefox_bidi_tool.h"

#include <unistd.h>

#include <algorithm>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <stop_token>
#include <thread>
#include <utility>
#include <variant>

#include "absl/cleanup/cleanup.h"
#include "absl/strings/str_cat.h"
#include "core/batch_args.h"
#include "core/batch_runner.h"
#include "core/call_lane.h"
#include "core/lane_transport.h"
#include "core/string_view_compat.h"
#include "core/tool_schema.h"
#include "io/directory_spool.h"
#include "page/help_text.h"
#include "page/helper_registry.h"

namespace firefox_bidi {

const char* ToolDescription() {
  static const std::string description = ComposeToolDescription(page::HelperSynopsisLines());
  return description.c_str();
}
namespace {

// How often a call that must restart the browser looks whether the other calls have left.
constexpr std::chrono::milliseconds kRestartPoll{50};

// {"error":{"kind":...,"message":...}} as the ABI's FAILED/REFUSED result.
ToolOutcome Error(ToolOutcome::Status status, std::string_view kind, std::string message) {
  ToolOutcome out;
  out.status = status;
  out.json = SerializeToolError({.kind = std::string(kind), .message = message});
  out.message = std::move(message);
  return out;
}

}  // namespace

FirefoxBidiTool::FirefoxBidiTool(InstanceConfig config, ToolCallbacks callbacks)
    : config_(std::move(config)), callbacks_(std::move(callbacks)) {
  agents_.default_agent().page.SetFileStore(&files_);
  if (config_.file_roots) {
    file_roots_ = *config_.file_roots;
  } else {
    std::unique_ptr<char, decltype(&std::free)> cwd(::getcwd(nullptr, 0), &std::free);
    if (cwd) file_roots_.emplace_back(cwd.get());
  }
  session_ = BrowserSession::Create(config_,
                                    [this](int level, std::string_view line) { Log(level, line); });
  if (session_ != nullptr) {
    // Calls of different agents share the one connection; an event goes to the call of the
    // agent it belongs to.
    session_->ShareAmongCalls(
        &baton_, [this](const boost::json::value& event) { return agents_.AgentOfEvent(event); });
    agents_.SetPostTransport(session_.get());
    // A closed agent's last spool files are no longer kept for its model.
    agents_.OnClosed([this](std::string_view name) {
      if (spool_ != nullptr) spool_->EndOwner(name);
    });
  }
  // A browser launched now must know where downloads go: the spool is opened first. If it
  // cannot be, the first call reports why.
  if (session_ != nullptr && config_.prelaunch.value_or(callbacks_.long_lived_host) &&
      OpenSpool().ok()) {
    session_->StartPrelaunch();
  }
}

void FirefoxBidiTool::CloseIdleAgents(std::stop_token stop) {
  const std::chrono::milliseconds period = std::clamp<std::chrono::milliseconds>(
      config_.agents.idle / 2, std::chrono::seconds(1), std::chrono::seconds(60));
  std::mutex mutex;
  std::condition_variable_any wake;
  std::unique_lock<std::mutex> lock(mutex);
  while (!wake.wait_for(lock, stop, period, [] { return false; }) && !stop.stop_requested()) {
    // A call that is starting or running closes idle agents itself; one that starts meanwhile
    // waits until this is done.
    if (calls_.size() != 0) continue;
    const std::lock_guard<std::mutex> closing(idle_closer_mutex_);
    if (calls_.size() != 0 || !agents_.has_named()) continue;
    // Without a lane: it holds the baton to the end, no call runs beside it.
    SessionBaton::Holder holder;
    const SessionBaton::Hold hold(baton_, &holder);
    for (const std::string& name :
         agents_.CloseIdle(session_->generation(), "", *session_, keep_for_next_call_)) {
      Log(1, absl::StrCat("closed agent \"", name, "\": idle for more than ",
                          config_.agents.idle.count(), " s (agents.idle_s)"));
    }
  }
}

void FirefoxBidiTool::StopClosingIdleAgents() {
  idle_closer_.request_stop();
  if (idle_closer_.joinable()) idle_closer_.join();
}

absl::Status FirefoxBidiTool::OpenSpool() {
  if (spool_ != nullptr) return absl::OkStatus();
  absl::StatusOr<std::unique_ptr<Spool>> spool =
      OpenDirectorySpool(config_.spool_dir, config_.spool_quota_bytes);
  if (!spool.ok()) return spool.status();
  if (const std::string notice = (*spool)->notice(); !notice.empty()) Log(2, notice);
  absl::StatusOr<std::string> downloads = OpenDownloadsDirectory((*spool)->directory());
  if (!downloads.ok()) return downloads.status();
  policy_ = std::make_unique<Policy>(PolicyOptions{.file_roots = file_roots_,
                                                   .allow_extensions = config_.allow_extensions,
                                                   .downloads_dir = *downloads});
  tab_guard_ = std::make_unique<TabGuard>(policy_.get(), config_.max_tabs);
  if (session_ != nullptr) session_->SetDownloadsDirectory(*downloads);
  spool_ = *std::move(spool);
  return absl::OkStatus();
}

FirefoxBidiTool::~FirefoxBidiTool() { Shutdown(); }

void FirefoxBidiTool::Log(int level, std::string_view line) {
  if (!callbacks_.log) return;
  std::lock_guard<std::mutex> lock(callback_mutex_);
  callbacks_.log(level, line);
}

ToolOutcome FirefoxBidiTool::Invoke(std::string_view args_json, void* call_context) {
  // A cancel that lands while the arguments are read (up to 64 MiB of them) is kept for the turn.
  const CallQueue::Arrival arrival(calls_, call_context);
  ToolErrorOr<BatchArgs> parsed = ParseBatchArgs(args_json, config_.limits, page::HelperMethods());
  if (const ToolError* error = std::get_if<ToolError>(&parsed)) {
    return {ToolOutcome::Status::kRefused, SerializeToolError(*error), error->message};
  }
  BatchArgs& args = std::get<BatchArgs>(parsed);
  // Calls of one agent run one after the other, in the order they came; calls of different
  // agents run at the same time.
  if (const std::size_t before = calls_.of_agent(args.agent); before > 0) {
    Log(0, absl::StrCat("a call waits for its turn behind ", before, " other"));
  }
  CallQueue::Turn turn(calls_, call_context, args.agent, &arrival);
  // Cancelled while it waited for its turn: nothing is sent, no browser started for it.
  if (turn.cancelled()) return {ToolOutcome::Status::kOk, CancelledBatch(args), ""};
  // Waits for the idle agents' closer if it is at work (a few commands at most).
  { const std::lock_guard<std::mutex> no_closer(idle_closer_mutex_); }
  const CallLane::Scope lane(&turn.lane());
  // The call runs the plugin's code only while it holds the baton; each time it gets the
  // baton back after a wait (another agent's call ran meanwhile), its agent is served again.
  page::Agent* running_agent = nullptr;
  SessionBaton::Holder holder{[&] {
    if (running_agent != nullptr) agents_.Resume(*running_agent);
  }};
  const SessionBaton::Hold hold(baton_, &holder);

  if (session_ == nullptr) {
    return Error(ToolOutcome::Status::kFailed, "browser_unavailable",
                 "this build of the plugin has no browser support");
  }
  LaneTransport transport(*session_, turn.lane());
  // The spool first: it is cheap, and an unusable spool_dir should not cost a browser launch.
  if (absl::Status opened = OpenSpool(); !opened.ok()) {
    return Error(ToolOutcome::Status::kFailed, "spool_unavailable",
                 std::string(ToStd(opened.message())));
  }
  RunOptions options;
  options.max_inline_bytes = config_.max_inline_bytes;
  options.max_result_bytes = config_.max_result_bytes;
  options.frame_timeout = config_.frame_timeout;
  options.limits = config_.limits;
  options.cancelled = &turn.cancel_flag();
  // A browser that must be (re)started waits for the calls still in the old one to leave it
  // (they fail fast once it is gone, read by one of them while this one lets the baton go):
  // none may hold an agent of the old browser when its agents are dropped.
  while (calls_in_session_ > 0 && session_->NeedsStart()) {
    baton_.Release();
    std::this_thread::sleep_for(kRestartPoll);
    baton_.Acquire(&holder);
  }
  absl::Status ready;
  {
    // Started by one call with the baton held throughout (without a lane, its waits do not
    // give it up): a start is not for two calls at once.
    const CallLane::Scope alone(nullptr);
    ready = session_->EnsureReady();
  }
  // A cancel that interrupts starting or reaching the browser ends the call as one during a
  // frame does: RunBatch reports the first frame cancelled before it was sent, the rest skipped.
  if (!ready.ok() && !turn.cancelled()) {
    return Error(ToolOutcome::Status::kFailed, "browser_unavailable",
                 std::string(ToStd(ready.message())));
  }
  ++calls_in_session_;
  const absl::Cleanup left_session = [this] { --calls_in_session_; };

  page::PageLayer& default_page = agents_.default_agent().page;
  default_page.BeginCall(session_->generation());
  // Collection of logs and dialogs starts with the session, not with the first helper. A
  // failure here shows again in the first helper that needs the subscription.
  if (absl::Status subscribed = default_page.Subscribe(transport);
      !subscribed.ok() && !turn.cancelled()) {
    Log(2, absl::StrCat("the plugin's own event subscription failed: ", subscribed.message()));
  }
  // The config's storage_state, once per browser session, before the batch's first frame. A
  // file that cannot be loaded fails the call: a session must not start signed out unnoticed.
  if (!config_.storage_state.empty() && storage_state_generation_ != session_->generation() &&
      !turn.cancelled()) {
    absl::StatusOr<std::string> path =
        policy_->CheckStateFile(config_.storage_state, "config storage_state");
    absl::Status loaded =
        path.ok() ? default_page.LoadStorageState(transport, *path, "config storage_state")
                  : path.status();
    if (!loaded.ok()) {
      return Error(ToolOutcome::Status::kFailed, "invalid_config",
                   absl::StrCat(loaded.message(),
                                "; the browser started without it (fix the config key "
                                "\"storage_state\")"));
    }
    storage_state_generation_ = session_->generation();
  }
  const absl::Cleanup not_running = [&] { agents_.EndRunning(args.agent); };
  absl::StatusOr<page::Agent*> agent = agents_.Begin(
      args.agent, args.agent_settings, session_->generation(), transport, keep_for_next_call_);
  // The cancel landed while the agent was being made: as one before the first frame, and no
  // agent's state is touched (this one may not exist).
  if (!agent.ok() && turn.cancelled()) return {ToolOutcome::Status::kOk, CancelledBatch(args), ""};
  if (!agent.ok()) {
    const bool too_many = agent.status().code() == absl::StatusCode::kResourceExhausted;
    const bool refused = too_many || agent.status().code() == absl::StatusCode::kInvalidArgument;
    return Error(refused ? ToolOutcome::Status::kRefused : ToolOutcome::Status::kFailed,
                 too_many  ? "too_many_agents"
                 : refused ? "invalid_arguments"
                           : "browser_unavailable",
                 std::string(ToStd(agent.status().message())));
  }
  running_agent = *agent;
  if (&(*agent)->page != &default_page) {
    (void)(*agent)->page.Subscribe(transport);
    // From the first agent besides "default" on, a thread closes those left idle.
    if (!idle_closer_.joinable()) {
      idle_closer_ = std::jthread([this](std::stop_token stop) { CloseIdleAgents(stop); });
    }
  }
  options.page_watch = &(*agent)->watch;
  options.executor = &agents_;
  options.confine = [this](std::string_view method, const boost::json::object& params,
                           std::optional<boost::json::object>* rewritten) {
    return agents_.Confine(method, params, rewritten);
  };
  options.policy = policy_.get();
  tab_guard_->BeginCall(session_->generation());
  options.tab_guard = tab_guard_.get();
  if (callbacks_.progress) {
    options.on_progress = [this, call_context](std::uint64_t done, std::uint64_t total,
                                               std::string_view message) {
      std::lock_guard<std::mutex> lock(callback_mutex_);
      callbacks_.progress(call_context, done, total, message);
    };
  }
  ToolOutcome out;
  out.json = RunBatch(args, transport, *spool_, (*agent)->labels, options);
  out.parts = ContentPartsOf(out.json);
  return out;
}

void FirefoxBidiTool::Cancel() { calls_.CancelAll(); }

void FirefoxBidiTool::CancelCall(void* call_context) { calls_.Cancel(call_context); }

void FirefoxBidiTool::ReleaseAgent(std::string_view name) {
  if (session_ == nullptr) return;
  // After the calls of that agent that came before it; a cancel does not stop it (its caller
  // is gone).
  CallQueue::Turn turn(calls_, nullptr, name, nullptr, /*cancellable=*/false);
  { const std::lock_guard<std::mutex> no_closer(idle_closer_mutex_); }
  const CallLane::Scope lane(&turn.lane());
  SessionBaton::Holder holder;
  const SessionBaton::Hold hold(baton_, &holder);
  LaneTransport transport(*session_, turn.lane());
  if (absl::Status released = agents_.Release(name, transport, keep_for_next_call_);
      !released.ok()) {
    Log(2, absl::StrCat("closing agent \"", ToAbsl(name), "\" failed: ", released.message()));
  }
}

void FirefoxBidiTool::Shutdown() {
  StopClosingIdleAgents();
  if (session_ != nullptr) session_->Shutdown();
}

}  // namespace firefox_bidi
