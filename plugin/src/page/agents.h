// Many isolated agents on one browser (DESIGN.md section 12). Each agent is a BiDi user
// context with its own page layer (tabs, current tab, refs, dialogs, logs, requests, routes),
// its own record of the model's subscriptions and its own label cache; "default" is the
// browser's default user context and behaves as the single-agent tool always did.
//
// Agents is the runner's FrameExecutor for a call: it hands frames to the calling agent's
// page layer, gives every event to the layer of the agent whose tab sent it (so another
// agent's logs and dialogs are collected while it is not running, and never shown to the
// caller), and judges raw frames so that none reaches another agent's tabs or user context
// (Confine). Calls of different agents may run at the same time, one thread at a time
// holding the session baton: the tool makes each call's agent the one served again whenever
// its call resumes (Resume), and an agent whose call runs is neither closed nor idle.
#ifndef FIREFOX_BIDI_PAGE_AGENTS_H_
#define FIREFOX_BIDI_PAGE_AGENTS_H_

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "core/agent_settings.h"
#include "core/batch_args.h"
#include "core/config.h"
#include "core/frame_executor.h"
#include "core/label_cache.h"
#include "core/page_watch.h"
#include "page/page_layer.h"

namespace firefox_bidi::page {

struct Agent {
  Agent(std::string agent_name, std::size_t label_cache_entries, bool hide_webdriver_flag)
      : name(std::move(agent_name)),
        labels(label_cache_entries),
        page(&watch, hide_webdriver_flag, /*record_network=*/true) {}

  std::string name;
  std::string user_context = "default";
  std::chrono::steady_clock::time_point last_call{};
  PageWatch watch;  // the model's own subscriptions
  LabelCache labels;
  PageLayer page;
};

class Agents final : public FrameExecutor, public AgentDirectory, public FocusTurns {
 public:
  using Clock = std::chrono::steady_clock;

  Agents(AgentsConfig config, std::size_t label_cache_entries, bool hide_webdriver_flag);

  // The agent "default" (always there).
  Agent& default_agent() { return *agents_.at("default"); }
  // Whether any agent besides "default" is live.
  bool has_named() const { return agents_.size() > 1; }

  // Before a call of agent `name`: a new browser session drops every other agent; agents idle
  // past the config's idle_s are closed; `name` is made on first use (its user context
  // created with config agents.defaults under `settings`), else refused: kResourceExhausted
  // past agents.max (the message names the idle agents), kInvalidArgument for settings
  // Firefox refused. The agent becomes the one the executor serves until the next Begin.
  // Events its commands read go to `keep`, not to the agents: what arrived between calls must
  // reach the batch (and its tab guard) as such (BrowserSession::KeepForNextPoll).
  absl::StatusOr<Agent*> Begin(std::string_view name,
                               const std::optional<boost::json::object>& settings,
                               std::uint64_t session_generation, BidiTransport& transport,
                               EventSink keep);

  // The agent `agent`'s call resumes (it holds the session baton again): the executor serves
  // it until another call resumes.
  void Resume(Agent& agent) { current_ = &agent; }
  // An agent with a call running is never closed (by page.agents or as idle): Begin marks its
  // agent running, and the call ends that with EndRunning (also when Begin failed).
  void EndRunning(std::string_view name);
  // The commands agents send on their own from OnEvent (a request other agents' intercepts
  // hold, continued) go through `transport`, which outlives the agents.
  void SetPostTransport(BidiTransport* transport);
  // Told the name of every agent that goes (closed, idle, released, or dropped with its
  // browser): what is kept for it elsewhere (its spool files) can go too.
  void OnClosed(std::function<void(std::string_view name)> closed) {
    on_closed_ = std::move(closed);
  }
  // The name of the agent an event belongs to, "" when none can be told (a session event, a
  // closed agent's): events of an agent whose call waits go to that call.
  std::string AgentOfEvent(const boost::json::value& event) const;

  // Closes the named agents idle past agents.idle_s, `except` aside (the agent about to call),
  // when `session_generation` is still the agents' browser (a new one has dropped them). A
  // failure leaves an agent in place, to be tried again. Events its commands read go to
  // `keep`, as in Begin. Returns the names closed.
  std::vector<std::string> CloseIdle(std::uint64_t session_generation, std::string_view except,
                                     BidiTransport& transport, EventSink keep);

  // Closes agent `name` between calls (the host's caller of that name is gone); OK when there
  // is no such agent. "default" stays. Events its commands read go to `keep`, as in Begin.
  absl::Status Release(std::string_view name, BidiTransport& transport, EventSink keep);

  // Judges a frame of the calling agent after the policy (DESIGN.md section 12): a frame
  // naming another agent's browsing context, realm or user context is refused; a named
  // agent's commands that act on the whole browser are confined to its user context
  // (`*rewritten` then holds the params to send) or refused. Refusals are kPermissionDenied.
  absl::Status Confine(std::string_view method, const boost::json::object& params,
                       std::optional<boost::json::object>* rewritten) const;

  // FrameExecutor, for the calling agent.
  bool Handles(std::string_view method) const override;
  absl::StatusOr<ExecutorReply> Execute(std::string_view method, const boost::json::object& params,
                                        std::chrono::milliseconds timeout, BidiTransport& transport,
                                        EventSink on_event) override;
  const boost::json::value* Reserved(std::string_view label, BidiTransport& transport,
                                     EventSink on_event, std::string* why) override;
  absl::StatusOr<std::string> ScaleImage(std::string_view base64, std::string_view mime,
                                         ImageSize size, std::string_view context,
                                         std::chrono::milliseconds timeout,
                                         BidiTransport& transport, EventSink on_event) override;
  std::string TabOf(const boost::json::object& params) const override;
  bool OnEvent(const boost::json::value& event) override;
  absl::StatusOr<BidiReply> SendRaw(std::string_view method, const boost::json::object& params,
                                    std::chrono::milliseconds timeout, BidiTransport& transport,
                                    EventSink on_event, const RawSend& send) override {
    return current().page.SendRaw(method, params, timeout, transport, on_event, send);
  }
  std::string UserContext() const override { return current().user_context; }
  std::string UserContextOfEvent(const boost::json::value& event) const override;

  // FocusTurns (PageContext::InInputTurn).
  bool TakeTurn(std::string_view agent, std::string* holder) override;
  void EndTurn(std::string_view agent) override;
  void Withdraw(std::string_view agent) override;
  std::string FocusedAgent() const override;
  void Activated(std::string_view agent) override;

  // AgentDirectory (page.agents).
  absl::StatusOr<boost::json::array> List(PageContext& page) override;
  absl::Status Close(PageContext& page, std::string_view name) override;

 private:
  Agent& current() const { return *current_; }
  // The agent whose user context holds browsing context `context` (nullptr: not known).
  Agent* OwnerOfContext(std::string_view context) const;
  Agent* OwnerOfUserContext(std::string_view user_context) const;
  // The browsing context an event is about: its context, its source's, or its realm's ("":
  // none, e.g. a session event).
  std::string_view ContextOfEvent(const boost::json::object& event) const;
  // The agent an event belongs to (nullptr: none can be told, e.g. a session event).
  Agent* OwnerOfEvent(const boost::json::object& event) const;
  // The live agent an event belongs to, a tab or frame being created included; nullptr for
  // none (a session event, a closed agent's).
  const Agent* AgentOf(const boost::json::value& event) const;
  // Creates agent `name`'s user context and applies its settings (events read: to `keep`).
  absl::StatusOr<std::unique_ptr<Agent>> Create(std::string_view name,
                                                const boost::json::object& settings,
                                                BidiTransport& transport, EventSink keep);
  // Removes agent `name` (its user context closes its tabs).
  absl::Status Remove(std::string_view name, PageContext& page);
  void Scope(Agent& agent);
  // A request of `owner`'s tab blocked only by other agents' intercepts (a route's intercept,
  // and a raw one the default agent's model added without contexts, cover every tab of the
  // browser) is continued unchanged at once.
  void ContinueIfBlockedByOthersOnly(const boost::json::object& params, const Agent& owner);
  // Learns the tabs that were open before the plugin's own subscription (a new browser's first
  // tab), once per browser session, when ownership first matters (a named agent, a list).
  absl::Status SeedTabs(PageContext& page);

  AgentsConfig config_;
  std::size_t label_cache_entries_;
  bool hide_webdriver_flag_;
  std::uint64_t generation_ = 0;
  bool seeded_ = false;                 // SeedTabs ran for this browser session
  BidiTransport* transport_ = nullptr;  // SetPostTransport: answers posted from OnEvent
  std::multiset<std::string, std::less<>> running_;  // agents whose calls run
  std::size_t being_made_ = 0;  // agents whose user context a running call is creating
  std::function<void(std::string_view)> on_closed_;
  // Agents whose user context is being removed (Remove waits for the browser meanwhile).
  std::vector<std::unique_ptr<Agent>> closing_;
  std::map<std::string, std::unique_ptr<Agent>, std::less<>> agents_;
  Agent* current_ = nullptr;
  Agent* focused_ = nullptr;  // whose tab was activated last (nullptr: none yet)
  // The agent whose input is being dispatched (its window has the focus meanwhile), "": none.
  std::string input_owner_;
  std::deque<std::string> input_queue_;  // agents waiting for the turn, first come first
  // Browsing context -> its user context, and realm -> its browsing context, from the
  // plugin's own events (contextCreated, realmCreated) and the agents' own tab creations.
  std::map<std::string, std::string, std::less<>> context_user_;
  std::map<std::string, std::string, std::less<>> realm_context_;
  std::set<std::string, std::less<>> tabs_;  // the top-level ones among context_user_'s
  // The browsing contexts of agents closed in this browser session, until Firefox says each is
  // destroyed: their events arrive after the agent went (or were kept for the next call), and
  // are nobody's to see.
  std::set<std::string, std::less<>> closed_contexts_;
};

}  // namespace firefox_bidi::page

#endif  // FIREFOX_BIDI_PAGE_AGENTS_H_
