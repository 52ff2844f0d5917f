// One instance of the firefox_bidi tool: the config, the browser session, the spool (opened
// on the first call) and the label cache, tied to RunBatch. The C ABI layer (plugin_entry.cc)
// only translates to and from this class.
#ifndef FIREFOX_BIDI_NET_FIREFOX_BIDI_TOOL_H_
#define FIREFOX_BIDI_NET_FIREFOX_BIDI_TOOL_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "core/call_queue.h"
#include "core/config.h"
#include "core/content_parts.h"
#include "core/policy.h"
#include "core/session_baton.h"
#include "core/spool.h"
#include "core/tab_guard.h"
#include "io/local_file_store.h"
#include "net/browser_session.h"
#include "page/agents.h"

namespace firefox_bidi {

// What one invocation produced; maps 1:1 onto agent_tool_status.
struct ToolOutcome {
  enum class Status { kOk, kRefused, kFailed };
  Status status = Status::kOk;
  std::string json;                // the tool result, or {"error":{...}}
  std::string message;             // "" on kOk, the error message otherwise
  std::vector<ContentPart> parts;  // kOk only: what a host may show besides `json`
};

// Host callbacks. The tool serializes them (never two at once), as the ABI promises hosts.
struct ToolCallbacks {
  std::function<void(int level, std::string_view line)> log;  // 0 debug .. 3 error
  // (call_context, done, total, message)
  std::function<void(void*, std::uint64_t, std::uint64_t, std::string_view)> progress;
  // The host keeps the instance for many calls (AGENT_TOOL_HOST_HINT_LONG_LIVED): the browser
  // is then started at create unless the config says "prelaunch": false.
  bool long_lived_host = false;
};

// The tool description a host shows the model: core's text around one line per page helper,
// written from the helpers' declarations. Static storage: valid while the plugin is loaded.
const char* ToolDescription();

// Thread safety: Invoke, ReleaseAgent, Cancel and CancelCall from any thread at any time;
// invocations and releases of one agent run one at a time in the order they came (CallQueue),
// those of different agents at the same time, taking turns on the session baton between round
// trips (core/session_baton.h). Shutdown and the destructor must not run while one runs or
// waits. A thread of the instance's own closes agents idle past agents.idle_s between calls (a
// call that starts meanwhile waits for it, briefly).
class FirefoxBidiTool {
 public:
  FirefoxBidiTool(InstanceConfig config, ToolCallbacks callbacks);
  ~FirefoxBidiTool();
  FirefoxBidiTool(const FirefoxBidiTool&) = delete;
  FirefoxBidiTool& operator=(const FirefoxBidiTool&) = delete;

  // Runs one call. Calls made at the same time (from several threads) for one agent wait for
  // their turn and run one at a time in the order they came; calls of different agents run at
  // the same time.
  ToolOutcome Invoke(std::string_view args_json, void* call_context);
  // Stops the invocation in progress (frame in flight "cancelled", later frames skipped) and
  // every one waiting (first frame "cancelled", nothing sent); a no-op when there is none.
  void Cancel();
  // As Cancel, for the invocation(s) started with `call_context` only.
  void CancelCall(void* call_context);
  // Ends the browser session now.
  void Shutdown();
  // Closes agent `name` (its user context, tabs and state), as page.agents' close does: the
  // host's caller of that name is gone. Waits for the calls that came before it; a no-op for
  // "default" or an unknown agent.
  void ReleaseAgent(std::string_view name);

  // The browser this instance launched, while one runs (launch mode): for logs and tests.
  std::optional<BrowserSession::LaunchedBrowser> launched_browser() const {
    return session_ != nullptr ? session_->launched_browser() : std::nullopt;
  }

 private:
  void Log(int level, std::string_view line);
  // The idle agents' closer: wakes every half idle_s (1 to 60 s) and, while no call runs,
  // closes the agents idle past it. What its commands read is kept for the next call.
  void CloseIdleAgents(std::stop_token stop);
  void StopClosingIdleAgents();
  // Opens the spool, its private downloads directory and the policy that names it; tells the
  // session where downloads go. Idempotent once it succeeded.
  absl::Status OpenSpool();

  const InstanceConfig config_;
  ToolCallbacks callbacks_;
  std::mutex callback_mutex_;  // serializes host callbacks

  // Held by the thread that runs the plugin's code on the session: a call, a release or the
  // idle agents' closer.
  SessionBaton baton_;
  // Held by the idle agents' closer while it works; a call or release waits for it before it
  // takes the baton (the closer does not give the baton up in its waits).
  std::mutex idle_closer_mutex_;
  // The calls that have reached the browser session and not ended (a restart waits for them).
  int calls_in_session_ = 0;

  std::unique_ptr<BrowserSession> session_;
  // The calls and releases waiting or running, in arrival order; a cancel of a running one
  // interrupts its lane (and the session's start when it runs alone), and the next one to start
  // re-arms the session.
  CallQueue calls_{[this] {
                     if (session_ != nullptr) session_->Interrupt();
                   },
                   [this] {
                     if (session_ != nullptr) session_->ClearInterrupt();
                   },
                   &baton_};
  std::unique_ptr<Spool> spool_;  // opened lazily by the first call (at create with prelaunch)
  std::vector<std::string> file_roots_;  // config file_roots, or the working directory
  std::unique_ptr<Policy> policy_;       // made with the spool (it names the downloads dir)
  std::unique_ptr<TabGuard> tab_guard_;  // judges what the browser loads, with policy_
  LocalFileStore files_;                 // page.storage's files
  // The browser session that has loaded config storage_state (0: none yet).
  std::uint64_t storage_state_generation_ = 0;
  // The agents on this browser, each with its page.* helpers' state, label cache and record
  // of the model's subscriptions (page/agents.h).
  page::Agents agents_{config_.agents, config_.limits.label_cache_entries,
                       /*hide_webdriver_flag=*/!config_.webdriver_flag};
  // Where the agents' own commands outside a batch (making, focusing, closing agents) put the
  // events they read: the next batch sees them first (BrowserSession::KeepForNextPoll).
  const std::function<void(boost::json::value)> keep_for_next_call_ =
      [this](boost::json::value event) { session_->KeepForNextPoll(std::move(event)); };
  std::jthread idle_closer_;  // CloseIdleAgents, from the first named agent; stopped before the
                              // session is shut down
};

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_NET_FIREFOX_BIDI_TOOL_H_
