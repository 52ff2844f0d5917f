// The shared pieces every helper uses, written once: the instance's page state (current tab,
// refs, the event filter and the plugin's own subscriptions) and, per helper frame, a
// PageContext that sends commands within the frame's deadline, calls the sandboxed library,
// names the tab to act on and waits for events.
#ifndef FIREFOX_BIDI_PAGE_PAGE_CONTEXT_H_
#define FIREFOX_BIDI_PAGE_PAGE_CONTEXT_H_

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "core/file_store.h"
#include "core/transport.h"
#include "page/dialogs.h"
#include "page/event_filter.h"
#include "page/log_lines.h"
#include "page/page_op.h"
#include "page/page_ops.h"
#include "page/refs.h"
#include "page/request_lines.h"
#include "page/requests_in_flight.h"
#include "page/routes.h"
#include "page/storage_state.h"
#include "page/tab_history.h"

namespace firefox_bidi::page {

// What the instance knows about its browser between calls. Reset when a new BiDi session
// starts (a new browser), except the ref counter: ref names are never reused.
// What the plugin set up once for the whole BiDi session, shared by every agent's PageState.
struct SessionSetUp {
  bool library_preloaded = false;      // the sandbox library is a preload script of the session
  bool webdriver_flag_hidden = false;  // navigator.webdriver's preload script is added
  std::string collector;               // the network data collector page.requests reads bodies from
  bool collector_tried = false;
};

class PageContext;

// page.agents' view of the agents of one tool instance (page/agents.h).
class AgentDirectory {
 public:
  virtual ~AgentDirectory() = default;
  // One entry per live agent: {"agent", "tabs", "idle_s"}.
  virtual absl::StatusOr<boost::json::array> List(PageContext& page) = 0;
  // Closes agent `name` (its user context and tabs); kInvalidArgument for "default" or one
  // that does not exist.
  virtual absl::Status Close(PageContext& page, std::string_view name) = 0;
};

// The focus of the browser's windows, shared by the agents whose calls run at the same time
// (page/agents.h): one window has the focus at a time, and keys only edit in a focused one, so
// each input is dispatched in its agent's turn, with its window activated.
class FocusTurns {
 public:
  virtual ~FocusTurns() = default;
  // Takes the turn for `agent` when nobody holds it and no agent asked before it; else queues
  // `agent` (first come, first served) and names in `*holder` the one that holds it. EndTurn
  // gives it back; Withdraw takes a queued agent that stopped waiting out of the queue.
  virtual bool TakeTurn(std::string_view agent, std::string* holder) = 0;
  virtual void EndTurn(std::string_view agent) = 0;
  virtual void Withdraw(std::string_view agent) = 0;
  // The agent whose window was the last one activated ("" for none yet); Activated records
  // that `agent`'s is.
  virtual std::string FocusedAgent() const = 0;
  virtual void Activated(std::string_view agent) = 0;
};

// Which agent a PageState is (DESIGN.md section 12): the user context its tabs live in.
struct AgentScope {
  std::string name = "default";
  std::string user_context = "default";
  // True for the user contexts whose tabs are this agent's (for "default": every one that is
  // no other agent's). Unset: all.
  std::function<bool(std::string_view user_context)> owns;
  // page.agents' view of all agents; null where there is none (benchmarks, tests).
  AgentDirectory* directory = nullptr;
  // The agents' turns on the focus; null where one agent runs alone (benchmarks, tests).
  FocusTurns* focus = nullptr;

  bool Owns(std::string_view user_context) const { return !owns || owns(user_context); }
  bool named() const { return name != "default"; }
  // browsingContext.create's params for a new tab of this agent (background or not), in the
  // window of tab `beside` ("" for none: the browser picks).
  boost::json::object NewTab(bool background, std::string_view beside) const;
  // The "partition" storage.* commands act on: this agent's user context.
  boost::json::object StoragePartition() const;
};

struct PageState {
  std::uint64_t generation = 0;
  const FileStore* files = nullptr;  // page.storage's files; kept across sessions
  std::shared_ptr<SessionSetUp> session = std::make_shared<SessionSetUp>();
  AgentScope agent;
  std::string current_tab;  // "" until first needed, or after the current tab closed
  EventFilter events;
  RefRegistry refs;
  TabHistory tab_history;      // the tabs current before this one, for when it closes
  TabLogs logs;                // what page.logs returns, per tab
  Dialogs dialogs;             // the dialog open in each tab
  TabRequests requests;        // what page.requests returns, per tab
  RequestsInFlight in_flight;  // what the settle waits ask of a tab's requests still out
  Routes routes;               // page.route's, and the plugin's intercept while there are any
  VisitedOrigins origins;      // whose localStorage page.storage keeps

  void Reset(std::uint64_t new_generation);
};

// A tab of the agent (a top-level browsing context of its user context).
struct OpenTab {
  std::string id;
  std::string url;
};

// What a sandboxed library operation returned.
struct SandboxResult {
  boost::json::value data;                 // the operation's plain data
  std::vector<boost::json::object> nodes;  // node RemoteValues ({"type":"node","sharedId",...})
  std::vector<std::string> windows;        // browsing context ids of returned WindowProxies
};

// OK when `input` holds only keys `op` takes (page/operations.json); else an internal error
// naming the key.
absl::Status CheckOpInput(const PageOp& op, const boost::json::object& input);

// One helper frame's view of the browser. Thread safety: the batch's thread only.
class PageContext {
 public:
  using Clock = std::chrono::steady_clock;

  // `on_event` (a FunctionRef) must outlive the PageContext: pass a named callable.
  PageContext(BidiTransport& transport, PageState& state, std::string_view method,
              std::chrono::milliseconds timeout, EventSink on_event);

  std::string_view method() const { return method_; }
  PageState& state() { return state_; }
  // How long this helper may wait on the page: the frame's timeout_ms, or its own
  // "timeout_ms" param when that is shorter (BoundByParam).
  std::chrono::milliseconds timeout() const { return wait_timeout_; }
  // Bounds the helper's waits (AwaitUntil, AwaitFor, a command sent with `waiting_for`) by
  // `limit` from now when that ends before the frame's deadline; their timeouts then name the
  // param. What it does after a wait (reporting where the tab is) has the frame's time.
  void BoundByParam(std::chrono::milliseconds limit);
  // What a timeout message tells the model to raise: `raise its "timeout_ms" param` or
  // `raise the frame's "timeout_ms"`, whichever bound the helper's waits.
  std::string_view RaiseTimeout() const;
  // Time left before the frame's deadline (zero when passed).
  std::chrono::milliseconds Remaining() const;
  // Time left for waiting on the page: before the frame's deadline or the param's bound.
  std::chrono::milliseconds WaitRemaining() const;

  // Sends one command within the remaining time. Transport failures as BidiTransport::Call;
  // kDeadlineExceeded becomes a "timeout" HelperError naming `waiting_for` when given.
  absl::StatusOr<BidiReply> Send(std::string_view method, const boost::json::object& params,
                                 std::string_view waiting_for = {});
  // Sends one command and waits at most `limit` (within the remaining time) for its reply,
  // for a command the browser may never answer. Transport failures as BidiTransport::Call.
  absl::StatusOr<BidiReply> SendWithin(std::string_view method, const boost::json::object& params,
                                       std::chrono::milliseconds limit);
  // As Send, and a BiDi error reply becomes a HelperError with BiDi's code and message.
  absl::StatusOr<boost::json::value> Command(std::string_view method,
                                             const boost::json::object& params,
                                             std::string_view waiting_for = {});
  // Sends a command that takes back what the helper set up for itself (its own tab, intercept,
  // subscription), bounded by kCleanupTimeout whatever time the frame has left: a helper that
  // ran out of time must not leave them behind. Errors as Command.
  absl::Status Cleanup(std::string_view method, const boost::json::object& params);
  static constexpr std::chrono::milliseconds kCleanupTimeout{1000};

  // Runs library operation `op` with `input` (and node arguments, e.g. {"sharedId": ID}) in
  // the sandbox realm of browsing context `context`. An operation the running helper does not
  // declare (HelperSpec::ops) or an input key `op` does not take (see page/operations.json) is
  // an internal error, sent nowhere. BiDi errors ("no such frame", "no
  // such node") come back as HelperErrors with BiDi's code; an exception thrown by the library is a
  // "javascript error" HelperError.
  absl::StatusOr<SandboxResult> Sandbox(std::string_view context, const PageOp& op,
                                        const boost::json::object& input,
                                        const std::vector<boost::json::value>& node_args = {});

  // The tab to act on: params' "tab" (a context id) when present, else the current tab (the
  // browser's first tab the first time). kInvalidArgument HelperError for a non-string tab.
  absl::StatusOr<std::string> Tab(const boost::json::object& params);
  absl::StatusOr<std::string> CurrentTab();
  // The agent's tabs, in the browser's order (one browsingContext.getTree).
  absl::StatusOr<std::vector<OpenTab>> OpenTabs();

  // The plugin's own event subscription (kInternalEvents), made once per session.
  absl::Status EnsureSubscribed();
  // The sandbox library as a preload script of the session, added once: every document from
  // then on has it from its start. Sandbox() adds it when a call finds a realm without the
  // library; a navigation adds it before it starts, so that its document is watched from its
  // start (OPS.loadSettled).
  absl::Status EnsureLibraryPreloaded();

  // Watches the events this frame receives from now on (during its commands and waits) for
  // one `done` holds for; each event goes on to the batch as well. One watch at a time.
  void Watch(std::function<bool(const boost::json::object&)> done);
  // True once a watched event has arrived.
  bool watched() const { return watched_; }
  // Waits, within the frame's deadline, until a watched event has arrived (at once if it has
  // already), then ends the watch. On the deadline: a "timeout" HelperError naming
  // `waiting_for`; when a dialog is open in `tab` (what is awaited will not happen before it
  // is answered): the "dialog open" HelperError.
  absl::Status AwaitWatched(std::string_view tab, std::string_view waiting_for);
  void Unwatch();
  // Waits, within the frame's deadline, until `done()` holds (at once if it already does),
  // with AwaitWatched's errors.
  absl::Status AwaitUntil(std::string_view tab, const std::function<bool()>& done,
                          std::string_view waiting_for);
  // The "timeout" HelperError of a wait for `waiting_for` that ran out of time.
  absl::Status TimedOut(std::string_view waiting_for) const;
  // Waits for events, within `limit` and the frame's deadline, until `settled()` holds (at
  // once if it already does). True when it held, false when the time ran out first (or the
  // transport cannot wait for events); the "dialog open" HelperError as soon as a dialog is
  // open in `tab`.
  absl::StatusOr<bool> AwaitFor(std::string_view tab, std::chrono::milliseconds limit,
                                const std::function<bool()>& settled);

  // When InInputTurn activates the input's tab first: whenever its window is not known to have
  // the focus (the helpers), or only when another agent's window took it (the model's raw
  // input, which acts on the tab it names as it did before agents ran at once).
  enum class ActivateFirst { kUnlessFocused, kIfTakenByAnother };
  // Runs `dispatch` (input the page must get in a focused window: keys, a click, a fill) in
  // the agent's turn on the focus, waiting for another agent's input to end (its events are
  // read meanwhile) and activating `tab` first as `when` says. The "timeout" HelperError,
  // naming the agent that holds the turn, when the wait outlasts the frame's time; "dialog
  // open" when a dialog opens in `tab` meanwhile.
  absl::Status InInputTurn(std::string_view tab, const std::function<absl::Status()>& dispatch,
                           ActivateFirst when = ActivateFirst::kUnlessFocused);
  // Selects `tab` and gives its window the focus (browsingContext.activate, sent by `activate`
  // when given: the model's own frame) in the agent's turn: two activations at once (of agents
  // whose calls run together) would leave one waiting on the other.
  absl::Status Activate(std::string_view tab,
                        const std::function<absl::Status()>& activate = nullptr);

  // Every event this frame receives goes through here to the batch.
  void Deliver(boost::json::value event);
  // Events of browsing context `context` (a tab the helper opened for itself and closes
  // before it returns) are watched but not passed on, except its contextCreated and
  // contextDestroyed: what it loads is the helper's business, that a tab came and went is not
  // hidden. A hidden tab is never in a result's "opened".
  void Hide(std::string context) { hidden_.push_back(std::move(context)); }
  const std::vector<std::string>& hidden() const { return hidden_; }

 private:
  BidiTransport& transport_;
  PageState& state_;
  std::string method_;
  std::chrono::milliseconds timeout_;
  Clock::time_point deadline_;
  std::chrono::milliseconds wait_timeout_;  // BoundByParam's limit, else timeout_
  Clock::time_point wait_deadline_;         // never after deadline_
  bool bound_by_param_ = false;
  EventSink on_event_;
  // Waits until the agent holds the turn on the focus (InInputTurn).
  absl::Status TakeInputTurn(std::string_view tab);
  // The "dialog open" HelperError for this frame, which `dialog` holds up.
  absl::Status DialogOpen(const OpenDialog& dialog) const;

  std::vector<std::string> hidden_;  // Hide's contexts
  // Set by Watch: sees each event before it is delivered.
  std::function<bool(const boost::json::object&)> watcher_;
  bool watched_ = false;
};

// True when `v` is a JSON string equal to `s`.
inline bool StringIs(const boost::json::value* v, std::string_view s) {
  return v != nullptr && v->is_string() && std::string_view(v->get_string()) == s;
}

}  // namespace firefox_bidi::page

#endif  // FIREFOX_BIDI_PAGE_PAGE_CONTEXT_H_
