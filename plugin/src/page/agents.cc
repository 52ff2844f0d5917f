#include "page/agents.h"

#include <algorithm>
#include <boost/json/array.hpp>
#include <boost/json/serialize.hpp>
#include <utility>
#include <vector>

#include "absl/cleanup/cleanup.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/json_fields.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"
#include "page/helper_error.h"

namespace firefox_bidi::page {
namespace json = boost::json;
namespace {

// Bounds each command that makes, sets up or removes a user context.
constexpr std::chrono::milliseconds kAgentCommandTimeout{10000};
// How long a call waits for the agents other calls are making before it makes its own, and how
// often it looks.
constexpr std::chrono::milliseconds kAgentQueueTimeout{120000};
constexpr std::chrono::milliseconds kAgentQueuePoll{20};

// The BiDi command and params that apply setting `key` to `user_context`.
std::pair<std::string_view, json::object> SettingCommand(std::string_view key,
                                                         const json::value& value,
                                                         std::string_view user_context) {
  json::array contexts{json::string(user_context)};
  if (key == "viewport") {
    return {"browsingContext.setViewport",
            json::object{{"viewport", value}, {"userContexts", contexts}}};
  }
  if (key == "locale") {
    return {"emulation.setLocaleOverride",
            json::object{{"locale", value}, {"userContexts", contexts}}};
  }
  if (key == "timezone") {
    return {"emulation.setTimezoneOverride",
            json::object{{"timezone", value}, {"userContexts", contexts}}};
  }
  if (key == "user_agent") {
    return {"emulation.setUserAgentOverride",
            json::object{{"userAgent", value}, {"userContexts", contexts}}};
  }
  if (key == "geolocation") {
    return {"emulation.setGeolocationOverride",
            json::object{{"coordinates", value}, {"userContexts", contexts}}};
  }
  return {"", json::object{}};  // proxy, accept_insecure_certs: given at creation
}

absl::Status NotAllowed(std::string_view agent, std::string_view message) {
  return absl::PermissionDeniedError(
      absl::StrCat(ToAbsl(message), "; agent \"", ToAbsl(agent),
                   "\" acts only on its own tabs and user context (page.tabs lists its tabs)"));
}

// A browser-wide command a named agent may not send, with what to use instead.
std::string_view WholeBrowserCommand(std::string_view method) {
  if (method == "browser.close") return "it would end every agent's browser";
  if (method == "browser.createUserContext" || method == "browser.removeUserContext") {
    return "an agent is one user context; page.agents opens and closes agents";
  }
  if (method == "browser.getUserContexts" || method == "browser.getClientWindows" ||
      method == "browser.setClientWindowState") {
    return "it acts on every agent's windows and user contexts";
  }
  if (method == "session.end" || method == "session.new") return "the session is every agent's";
  if (method == "webExtension.install" || method == "webExtension.uninstall") {
    return "an extension runs in every agent's pages";
  }
  return "";
}

}  // namespace

Agents::Agents(AgentsConfig config, std::size_t label_cache_entries, bool hide_webdriver_flag)
    : config_(std::move(config)),
      label_cache_entries_(label_cache_entries),
      hide_webdriver_flag_(hide_webdriver_flag) {
  auto made = std::make_unique<Agent>("default", label_cache_entries_, hide_webdriver_flag_);
  current_ = made.get();
  agents_.emplace("default", std::move(made));
  Scope(*current_);
}

void Agents::Scope(Agent& agent) {
  AgentScope scope;
  scope.name = agent.name;
  scope.user_context = agent.user_context;
  scope.directory = this;
  scope.focus = this;
  if (agent.name == "default") {
    scope.owns = [this](std::string_view user_context) {
      const Agent* owner = OwnerOfUserContext(user_context);
      return owner == nullptr || owner->name == "default";
    };
  } else {
    scope.owns = [user_context = agent.user_context](std::string_view other) {
      return other == user_context;
    };
  }
  agent.page.SetAgent(std::move(scope));
}

Agent* Agents::OwnerOfUserContext(std::string_view user_context) const {
  for (const auto& [name, agent] : agents_) {
    if (agent->name != "default" && agent->user_context == user_context) return agent.get();
  }
  for (const std::unique_ptr<Agent>& agent : closing_) {
    if (agent != nullptr && agent->user_context == user_context) return agent.get();
  }
  return user_context == "default" || user_context.empty() ? agents_.at("default").get() : nullptr;
}

Agent* Agents::OwnerOfContext(std::string_view context) const {
  auto it = context_user_.find(context);
  if (it == context_user_.end()) return nullptr;
  Agent* owner = OwnerOfUserContext(it->second);
  // A user context no agent made (the model's own, made by "default" with a raw command)
  // belongs to "default".
  return owner != nullptr ? owner : agents_.at("default").get();
}

std::string_view Agents::ContextOfEvent(const json::object& event) const {
  const json::object* params = ObjectAt(event, "params");
  if (params == nullptr) return {};
  std::string_view context = StringAt(*params, "context");
  if (context.empty()) context = StringAt(ObjectAt(*params, "source"), "context");
  if (context.empty()) {
    if (auto it = realm_context_.find(StringAt(*params, "realm")); it != realm_context_.end()) {
      context = it->second;
    }
  }
  return context;
}

void Agents::SetPostTransport(BidiTransport* transport) {
  transport_ = transport;
  for (const auto& [name, agent] : agents_) agent->page.SetPostTransport(transport);
}

std::string Agents::AgentOfEvent(const json::value& event) const {
  const Agent* owner = AgentOf(event);
  return owner != nullptr ? owner->name : "";
}

std::string Agents::UserContextOfEvent(const json::value& event) const {
  const Agent* owner = AgentOf(event);
  return owner != nullptr ? owner->user_context : "";
}

const Agent* Agents::AgentOf(const json::value& event) const {
  const json::object* object = event.if_object();
  if (object == nullptr || closed_contexts_.contains(ContextOfEvent(*object))) return nullptr;
  const Agent* owner = OwnerOfEvent(*object);
  // A tab or frame being created is not known yet: its user context or parent tells.
  if (owner == nullptr && StringAt(*object, "method") == "browsingContext.contextCreated") {
    const json::object* params = ObjectAt(*object, "params");
    const std::string_view user_context = StringAt(params, "userContext");
    owner = !user_context.empty() ? OwnerOfUserContext(user_context)
                                  : OwnerOfContext(StringAt(params, "parent"));
  }
  return owner;
}

void Agents::EndRunning(std::string_view name) {
  if (auto it = running_.find(name); it != running_.end()) running_.erase(it);
}

Agent* Agents::OwnerOfEvent(const json::object& event) const {
  const std::string_view context = ContextOfEvent(event);
  return context.empty() ? nullptr : OwnerOfContext(context);
}

absl::StatusOr<Agent*> Agents::Begin(std::string_view name,
                                     const std::optional<json::object>& settings,
                                     std::uint64_t session_generation, BidiTransport& transport,
                                     EventSink keep) {
  // Running from here (the caller ends it with EndRunning): while this call waits for the
  // browser below, no other call closes the agent.
  running_.emplace(name);
  if (session_generation != generation_) {
    // A new browser: the other agents' user contexts went with the old one.
    std::erase_if(agents_, [this](const auto& entry) {
      if (entry.first == "default") return false;
      if (on_closed_) on_closed_(entry.first);
      return true;
    });
    current_ = &default_agent();
    context_user_.clear();
    realm_context_.clear();
    tabs_.clear();
    closed_contexts_.clear();
    generation_ = session_generation;
    default_agent().last_call = Clock::now();
    seeded_ = false;
    focused_ = nullptr;
    input_owner_.clear();
    input_queue_.clear();
  }
  (void)CloseIdle(session_generation, name, transport, keep);
  const Clock::time_point now = Clock::now();
  auto it = agents_.find(name);
  if (it == agents_.end()) {
    // One agent is made at a time: a user context and a window are the browser's heaviest
    // work, and 32 made at once took Firefox's answers past kAgentCommandTimeout.
    if (being_made_ > 0) {
      PageContext waiting(transport, default_agent().page.mutable_state(), "agent",
                          kAgentQueueTimeout, keep);
      while (being_made_ > 0) {
        if (waiting.WaitRemaining().count() <= 0) {
          return absl::DeadlineExceededError(absl::StrCat("agent \"", ToAbsl(name), "\": waited ",
                                                          kAgentQueueTimeout.count() / 1000,
                                                          " s while other agents were being made"));
        }
        RETURN_IF_ERROR(waiting.AwaitFor("", kAgentQueuePoll, [] { return false; }).status());
      }
    }
    // Agents being made by calls running meanwhile count too.
    if (agents_.size() + being_made_ >= config_.max) {
      std::vector<std::pair<Clock::duration, std::string>> by_idle;
      for (const auto& [agent_name, agent] : agents_) {
        if (agent_name != "default") by_idle.emplace_back(now - agent->last_call, agent_name);
      }
      std::sort(by_idle.rbegin(), by_idle.rend());
      std::vector<std::string> shown;
      for (const auto& [idle_for, agent_name] : by_idle) {
        if (shown.size() == 5) break;
        shown.push_back(absl::StrCat(
            "\"", agent_name, "\" (idle ",
            std::chrono::duration_cast<std::chrono::seconds>(idle_for).count(), " s)"));
      }
      return absl::ResourceExhaustedError(absl::StrCat(
          "too many agents: ", agents_.size(), " are live, agents.max is ", config_.max,
          "; the longest idle: ", absl::StrJoin(shown, ", "),
          "; close one with page.agents {\"action\": \"close\", \"agent\": NAME}, or raise the "
          "config key agents.max"));
    }
    ++being_made_;
    const absl::Cleanup made_or_not = [this] { --being_made_; };
    {
      PageContext page(transport, default_agent().page.mutable_state(), "agent",
                       kAgentCommandTimeout, keep);
      RETURN_IF_ERROR(SeedTabs(page));
    }
    ASSIGN_OR_RETURN(
        std::unique_ptr<Agent> made,
        Create(name, MergeAgentSettings(config_.defaults, settings.value_or(json::object{})),
               transport, keep));
    if (transport_ != nullptr) made->page.SetPostTransport(transport_);
    it = agents_.emplace(std::string(name), std::move(made)).first;
  }
  Agent& agent = *it->second;
  agent.last_call = now;
  current_ = &agent;
  Scope(agent);
  PageContext page(transport, agent.page.mutable_state(), "agent", kAgentCommandTimeout, keep);
  if (agent.name != "default") {
    agent.page.JoinSession(session_generation, default_agent().page.state());
    // A new agent starts with one tab, in a window of its own: the selected tab of a window
    // is visible (timers and requestAnimationFrame run at full rate), a background tab is not.
    if (agent.page.state().current_tab.empty()) RETURN_IF_ERROR(page.CurrentTab().status());
  }
  // The window of the agent whose call runs has the focus (document.hasFocus(), blur and
  // focus events, caret keys), as the one a user works in; activated in its turn on the focus
  // (after the input of another agent's call that runs meanwhile).
  // When other agents' input waits for the turn, this call's own input activates it then.
  const bool to_activate = focused_ != &agent && (focused_ != nullptr || agent.name != "default") &&
                           !agent.page.state().current_tab.empty();
  if (!to_activate) {
    focused_ = &agent;
  } else if (input_owner_.empty() && input_queue_.empty()) {
    RETURN_IF_ERROR(page.Activate(agent.page.state().current_tab));  // records focused_
  }
  // Again: another agent's call may have run while this one waited for the browser above.
  current_ = &agent;
  return &agent;
}

absl::StatusOr<std::unique_ptr<Agent>> Agents::Create(std::string_view name,
                                                      const json::object& settings,
                                                      BidiTransport& transport, EventSink keep) {
  auto agent =
      std::make_unique<Agent>(std::string(name), label_cache_entries_, hide_webdriver_flag_);
  if (name == "default") return agent;
  json::object create;
  if (const json::value* v = settings.if_contains("accept_insecure_certs")) {
    create["acceptInsecureCerts"] = *v;
  }
  if (const json::value* v = settings.if_contains("proxy")) create["proxy"] = *v;
  PageContext page(transport, default_agent().page.mutable_state(), "agent", kAgentCommandTimeout,
                   keep);
  absl::StatusOr<json::value> made = page.Command("browser.createUserContext", create);
  if (!made.ok()) {
    if (!HelperErrorCode(made.status())) return made.status();
    return absl::InvalidArgumentError(
        absl::StrCat("agent \"", ToAbsl(name),
                     "\": Firefox refused its user context: ", made.status().message()));
  }
  agent->user_context = std::string(StringAt(made->if_object(), "userContext"));
  if (agent->user_context.empty()) {
    return absl::InternalError("browser.createUserContext returned no userContext");
  }
  for (const auto& [key, value] : settings) {
    auto [method, params] = SettingCommand(key, value, agent->user_context);
    if (method.empty()) continue;
    if (absl::Status applied = page.Command(method, params).status(); !applied.ok()) {
      (void)page.Command("browser.removeUserContext",
                         json::object{{"userContext", agent->user_context}});
      if (!HelperErrorCode(applied)) return applied;
      return absl::InvalidArgumentError(absl::StrCat("agent \"", ToAbsl(name), "\": setting \"",
                                                     ToAbsl(key), "\" was refused by Firefox (",
                                                     ToAbsl(method), "): ", applied.message()));
    }
  }
  return agent;
}

absl::Status Agents::Remove(std::string_view name, PageContext& page) {
  auto it = agents_.find(name);
  if (it == agents_.end() || name == "default") return absl::OkStatus();
  // Out of the table before the browser is asked, into closing_ (its tabs stay its own): a call
  // of this agent that starts while the user context is being removed makes the agent anew
  // instead of acting on one that is going.
  const std::string key = it->first;
  Agent* const agent = it->second.get();
  closing_.push_back(std::move(it->second));
  agents_.erase(it);
  const absl::Cleanup gone = [&] {
    std::erase_if(closing_, [&](const std::unique_ptr<Agent>& a) { return a.get() == agent; });
  };
  if (current_ == agent) current_ = &default_agent();
  if (focused_ == agent) focused_ = nullptr;
  absl::Status removed =
      page.Command("browser.removeUserContext", json::object{{"userContext", agent->user_context}})
          .status();
  // A user context that is gone already (its browser restarted) is removed all the same.
  if (!removed.ok() && !HelperErrorCode(removed)) {
    // Still there: back in the table, unless its name was made anew meanwhile.
    for (auto& held : closing_) {
      if (held.get() == agent) agents_.try_emplace(key, std::move(held));
    }
    return removed;
  }
  std::erase_if(context_user_, [&](const auto& entry) {
    if (entry.second != agent->user_context) return false;
    closed_contexts_.insert(entry.first);
    return true;
  });
  std::erase_if(tabs_, [&](const auto& entry) { return !context_user_.contains(entry); });
  if (on_closed_) on_closed_(key);
  return absl::OkStatus();
}

std::vector<std::string> Agents::CloseIdle(std::uint64_t session_generation,
                                           std::string_view except, BidiTransport& transport,
                                           EventSink keep) {
  std::vector<std::string> idle;
  if (session_generation != generation_) return idle;
  const Clock::time_point now = Clock::now();
  for (const auto& [agent_name, agent] : agents_) {
    if (agent_name != "default" && agent_name != except && !running_.contains(agent_name) &&
        now - agent->last_call > config_.idle) {
      idle.push_back(agent_name);
    }
  }
  if (idle.empty()) return idle;
  PageContext page(transport, default_agent().page.mutable_state(), "agent", kAgentCommandTimeout,
                   keep);
  std::erase_if(idle,
                [&](const std::string& agent_name) { return !Remove(agent_name, page).ok(); });
  return idle;
}

absl::Status Agents::Release(std::string_view name, BidiTransport& transport, EventSink keep) {
  if (name == "default" || !agents_.contains(name)) return absl::OkStatus();
  PageContext page(transport, default_agent().page.mutable_state(), "agent", kAgentCommandTimeout,
                   keep);
  return Remove(name, page);
}

absl::Status Agents::SeedTabs(PageContext& page) {
  if (seeded_) return absl::OkStatus();
  ASSIGN_OR_RETURN(const json::value tree,
                   page.Command("browsingContext.getTree", json::object{{"maxDepth", 0}}));
  const json::object* object = tree.if_object();
  const json::value* contexts = object != nullptr ? object->if_contains("contexts") : nullptr;
  if (contexts != nullptr && contexts->is_array()) {
    for (const json::value& context : contexts->get_array()) {
      const json::object* c = context.if_object();
      if (c == nullptr || StringAt(*c, "context").empty()) continue;
      const std::string id(StringAt(*c, "context"));
      const std::string_view user_context = StringAt(*c, "userContext");
      context_user_.insert_or_assign(
          id, user_context.empty() ? std::string("default") : std::string(user_context));
      tabs_.insert(id);
    }
  }
  seeded_ = true;
  return absl::OkStatus();
}

absl::StatusOr<json::array> Agents::List(PageContext& page) {
  RETURN_IF_ERROR(SeedTabs(page));
  const Clock::time_point now = Clock::now();
  json::array out;
  for (const auto& [name, agent] : agents_) {
    std::int64_t tabs = 0;
    for (const std::string& tab : tabs_) {
      auto it = context_user_.find(tab);
      if (it != context_user_.end() && OwnerOfUserContext(it->second) == agent.get()) ++tabs;
    }
    const std::int64_t idle_s =
        agent.get() == current_
            ? 0
            : std::chrono::duration_cast<std::chrono::seconds>(now - agent->last_call).count();
    out.push_back(json::object{{"agent", name}, {"tabs", tabs}, {"idle_s", idle_s}});
  }
  return out;
}

absl::Status Agents::Close(PageContext& page, std::string_view name) {
  if (name == "default") {
    return HelperError(kInvalidArgument,
                       "page.agents: \"default\" is the browser's own user context and stays");
  }
  if (!agents_.contains(name)) {
    return HelperError(kInvalidArgument,
                       absl::StrCat("page.agents: no agent \"", ToAbsl(name),
                                    "\"; {\"action\": \"list\"} names the live ones"));
  }
  if (current_->name == name) {
    return HelperError(kInvalidArgument,
                       absl::StrCat("page.agents: agent \"", ToAbsl(name),
                                    "\" is the one calling; close it from another agent"));
  }
  if (running_.contains(name)) {
    return HelperError(kInvalidArgument,
                       absl::StrCat("page.agents: agent \"", ToAbsl(name),
                                    "\" has a call running; close it once that call has returned"));
  }
  return Remove(name, page);
}

bool Agents::Handles(std::string_view method) const { return current().page.Handles(method); }

absl::StatusOr<ExecutorReply> Agents::Execute(std::string_view method, const json::object& params,
                                              std::chrono::milliseconds timeout,
                                              BidiTransport& transport, EventSink on_event) {
  return current().page.Execute(method, params, timeout, transport, on_event);
}

bool Agents::TakeTurn(std::string_view agent, std::string* holder) {
  if (input_owner_ == agent) return true;
  const bool first = input_queue_.empty() || input_queue_.front() == agent;
  if (input_owner_.empty() && first) {
    if (!input_queue_.empty()) input_queue_.pop_front();
    input_owner_ = std::string(agent);
    return true;
  }
  if (std::find(input_queue_.begin(), input_queue_.end(), agent) == input_queue_.end()) {
    input_queue_.emplace_back(agent);
  }
  *holder = !input_owner_.empty() ? input_owner_ : input_queue_.front();
  return false;
}

void Agents::EndTurn(std::string_view agent) {
  if (input_owner_ == agent) input_owner_.clear();
}

void Agents::Withdraw(std::string_view agent) { std::erase(input_queue_, agent); }

std::string Agents::FocusedAgent() const { return focused_ != nullptr ? focused_->name : ""; }

void Agents::Activated(std::string_view agent) {
  auto it = agents_.find(agent);
  focused_ = it != agents_.end() ? it->second.get() : nullptr;
}

const json::value* Agents::Reserved(std::string_view label, BidiTransport& transport,
                                    EventSink on_event, std::string* why) {
  return current().page.Reserved(label, transport, on_event, why);
}

absl::StatusOr<std::string> Agents::ScaleImage(std::string_view base64, std::string_view mime,
                                               ImageSize size, std::string_view context,
                                               std::chrono::milliseconds timeout,
                                               BidiTransport& transport, EventSink on_event) {
  return current().page.ScaleImage(base64, mime, size, context, timeout, transport, on_event);
}

std::string Agents::TabOf(const json::object& params) const { return current().page.TabOf(params); }

bool Agents::OnEvent(const json::value& event) {
  const json::object* object = event.if_object();
  if (object == nullptr) return current().page.OnEvent(event);
  const std::string_view method = StringAt(*object, "method");
  const json::object* params = ObjectAt(*object, "params");
  if (const auto closed = closed_contexts_.find(ContextOfEvent(*object));
      closed != closed_contexts_.end()) {
    if (method == "browsingContext.contextDestroyed") closed_contexts_.erase(closed);
    if (method == "script.realmDestroyed") {
      realm_context_.erase(std::string(StringAt(params, "realm")));
    }
    return false;
  }
  if (params != nullptr) {
    const std::string context(StringAt(*params, "context"));
    if (method == "browsingContext.contextCreated" && !context.empty()) {
      std::string_view user_context = StringAt(*params, "userContext");
      if (user_context.empty()) {
        // An iframe's lives where its parent does.
        auto parent = context_user_.find(StringAt(*params, "parent"));
        user_context = parent != context_user_.end() ? std::string_view(parent->second)
                                                     : std::string_view("default");
      }
      context_user_.insert_or_assign(context, std::string(user_context));
      const json::value* parent = params->if_contains("parent");
      if (parent == nullptr || parent->is_null()) tabs_.insert(context);
    } else if (method == "script.realmCreated" && !context.empty()) {
      realm_context_.insert_or_assign(std::string(StringAt(*params, "realm")), context);
    }
  }
  Agent* owner = OwnerOfEvent(*object);
  bool shown = true;
  if (owner == nullptr || owner == current_) {
    shown = current().page.OnEvent(event);
  } else {
    // Collected for its agent (logs, dialogs, requests); never the caller's to see.
    (void)owner->page.OnEvent(event);
    shown = false;
  }
  if (method == "network.beforeRequestSent" && params != nullptr) {
    ContinueIfBlockedByOthersOnly(*params, owner != nullptr ? *owner : current());
  }
  if (params != nullptr) {
    if (method == "browsingContext.contextDestroyed") {
      const std::string context(StringAt(*params, "context"));
      context_user_.erase(context);
      tabs_.erase(context);
    } else if (method == "script.realmDestroyed") {
      realm_context_.erase(std::string(StringAt(*params, "realm")));
    }
  }
  return shown;
}

}  // namespace firefox_bidi::page

namespace firefox_bidi::page {
namespace {

bool Lacks(const json::object& params, std::string_view a, std::string_view b = {}) {
  return !params.contains(a) && (b.empty() || !params.contains(b));
}

// Commands that take "contexts"/"userContexts" and act on every user context without them.
bool ScopedByUserContexts(std::string_view method) {
  return method == "session.subscribe" || method == "script.addPreloadScript" ||
         method == "network.addDataCollector" || method == "browsingContext.setViewport" ||
         method == "browser.setDownloadBehavior" || method.starts_with("emulation.");
}

}  // namespace

void Agents::ContinueIfBlockedByOthersOnly(const json::object& params, const Agent& owner) {
  const json::value* blocked = params.if_contains("isBlocked");
  const json::value* intercepts = params.if_contains("intercepts");
  if (transport_ == nullptr || blocked == nullptr || !blocked->is_bool() || !blocked->get_bool() ||
      intercepts == nullptr || !intercepts->is_array() || intercepts->get_array().empty()) {
    return;
  }
  // An agent's intercepts: its page.route one and those its model added with raw frames (a
  // named agent's are confined to its own tabs; the default agent's may cover every tab).
  const auto holds = [](const Agent& agent, std::string_view id) {
    const std::string& routes = agent.page.state().routes.intercept;
    return (!routes.empty() && id == routes) || agent.watch.ModelIntercept(id);
  };
  for (const json::value& id : intercepts->get_array()) {
    const bool another_agents =
        id.is_string() && !holds(owner, id.get_string()) &&
        std::any_of(agents_.begin(), agents_.end(), [&](const auto& entry) {
          return entry.second.get() != &owner && holds(*entry.second, id.get_string());
        });
    if (!another_agents) return;  // the owner's own intercept (or one nobody is known to hold)
  }
  // Only other agents' intercepts hold it: they are not for this agent's pages, so it goes on
  // unchanged.
  (void)transport_->Post(
      "network.continueRequest",
      json::object{{"request", StringAt(ObjectAt(params, "request"), "request")}});
}

absl::Status Agents::Confine(std::string_view method, const json::object& params,
                             std::optional<json::object>* rewritten) const {
  const Agent& agent = current();
  const bool named = agent.name != "default";
  const std::string_view name = agent.name;
  // Whether `context` is someone else's: for a named agent, also one it has never seen.
  const auto foreign = [&](std::string_view context) {
    const Agent* owner = OwnerOfContext(context);
    return owner == nullptr ? named : owner != &agent;
  };
  const auto check_context = [&](std::string_view key, const json::value* v) -> absl::Status {
    if (v == nullptr || !v->is_string() || !foreign(v->get_string())) return absl::OkStatus();
    return NotAllowed(
        name, absl::StrCat(ToAbsl(method), ": ", ToAbsl(key), " \"", ToAbsl(v->get_string()),
                           "\" is not a browsing context of this agent"));
  };
  const auto check_user_context = [&](const json::value* v) -> absl::Status {
    if (v == nullptr || !v->is_string()) return absl::OkStatus();
    const Agent* owner = OwnerOfUserContext(v->get_string());
    if (owner == &agent || (!named && owner == nullptr)) return absl::OkStatus();
    return NotAllowed(name,
                      absl::StrCat(ToAbsl(method), ": user context \"", ToAbsl(v->get_string()),
                                   "\" is not this agent's (\"", agent.user_context, "\")"));
  };
  if (method.starts_with(kHelperPrefix)) return check_context("\"tab\"", params.if_contains("tab"));
  if (named) {
    if (const std::string_view why = WholeBrowserCommand(method); !why.empty()) {
      return NotAllowed(name, absl::StrCat(ToAbsl(method), " is refused: ", ToAbsl(why)));
    }
  }
  RETURN_IF_ERROR(check_context("context", params.if_contains("context")));
  RETURN_IF_ERROR(check_context("root", params.if_contains("root")));
  if (const json::object* target = ObjectAt(params, "target")) {
    RETURN_IF_ERROR(check_context("target.context", target->if_contains("context")));
    if (const std::string_view realm = StringAt(*target, "realm"); !realm.empty()) {
      auto it = realm_context_.find(realm);
      if (it == realm_context_.end() ? named : foreign(it->second)) {
        return NotAllowed(name, absl::StrCat(ToAbsl(method), ": realm \"", ToAbsl(realm),
                                             "\" is not in a browsing context of this agent"));
      }
    }
  }
  if (const json::object* partition = ObjectAt(params, "partition")) {
    RETURN_IF_ERROR(check_context("partition.context", partition->if_contains("context")));
    RETURN_IF_ERROR(check_user_context(partition->if_contains("userContext")));
  }
  for (std::string_view key : {"contexts", "userContexts"}) {
    const json::value* list = params.if_contains(key);
    if (list == nullptr || !list->is_array()) continue;
    for (const json::value& item : list->get_array()) {
      RETURN_IF_ERROR(key == "contexts" ? check_context("contexts[]", &item)
                                        : check_user_context(&item));
    }
  }
  RETURN_IF_ERROR(check_user_context(params.if_contains("userContext")));
  if (!named) return absl::OkStatus();

  // A named agent's commands that would act on every user context: confined to its own.
  const json::string own(agent.user_context);
  if (method == "browsingContext.getTree" && Lacks(params, "root")) {
    return NotAllowed(name,
                      "browsingContext.getTree without \"root\" lists every agent's tabs; "
                      "give \"root\": \"<<tab>>\"");
  }
  if ((method == "network.addIntercept" || method == "network.setCacheBehavior") &&
      Lacks(params, "contexts")) {
    return NotAllowed(name, absl::StrCat(ToAbsl(method),
                                         " without \"contexts\" acts on every agent's requests; "
                                         "give \"contexts\": [\"<<tab>>\"]"));
  }
  json::object confined = params;
  bool changed = false;
  if ((method == "browsingContext.create" || method == "permissions.setPermission") &&
      Lacks(params, "userContext")) {
    confined["userContext"] = own;
    changed = true;
  } else if (ScopedByUserContexts(method) && Lacks(params, "contexts", "userContexts")) {
    confined["userContexts"] = json::array{own};
    changed = true;
  } else if (method.starts_with("storage.")) {
    json::object* partition = confined.contains("partition")
                                  ? confined["partition"].if_object()
                                  : &confined["partition"].emplace_object();
    if (partition != nullptr && !partition->contains("context") &&
        !partition->contains("userContext")) {
      if (!partition->contains("type")) (*partition)["type"] = "storageKey";
      (*partition)["userContext"] = own;
      changed = true;
    }
  }
  if (changed) *rewritten = std::move(confined);
  return absl::OkStatus();
}

}  // namespace firefox_bidi::page
