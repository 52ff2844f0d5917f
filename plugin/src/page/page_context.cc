#include "page/page_context.h"

#include <algorithm>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <utility>

#include "absl/cleanup/cleanup.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/bidi_protocol.h"
#include "core/json_fields.h"
#include "core/page_watch.h"
#include "core/ref_path.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"
#include "core/transport_error.h"
#include "page/helper_error.h"
#include "page/helper_registry.h"
#include "page/js_library.h"

namespace firefox_bidi::page {

namespace json = boost::json;
namespace {

// What the page library throws when the frame's deadline passes (00_common.js).
constexpr std::string_view kDeadlinePassed = "firefox_bidi: the frame's deadline passed";
// How often an input waiting for another agent's turn on the focus looks again.
constexpr std::chrono::milliseconds kInputTurnPoll{5};

}  // namespace

json::object AgentScope::NewTab(bool background, std::string_view beside) const {
  json::object params{{"type", "tab"}};
  if (background) params["background"] = true;
  if (named()) {
    params["userContext"] = user_context;
    if (!beside.empty()) params["referenceContext"] = beside;
  }
  return params;
}

json::object AgentScope::StoragePartition() const {
  return json::object{{"type", "storageKey"}, {"userContext", user_context}};
}

void PageState::Reset(std::uint64_t new_generation) {
  generation = new_generation;
  current_tab.clear();
  *session = SessionSetUp{};
  events.Reset();
  refs.Clear();
  tab_history.Clear();
  logs = TabLogs();
  dialogs.Clear();
  requests = TabRequests();
  in_flight = RequestsInFlight();
  routes = Routes();
  origins = VisitedOrigins();
}

PageContext::PageContext(BidiTransport& transport, PageState& state, std::string_view method,
                         std::chrono::milliseconds timeout, EventSink on_event)
    : transport_(transport),
      state_(state),
      method_(method),
      timeout_(timeout),
      deadline_(Clock::now() + timeout),
      wait_timeout_(timeout),
      wait_deadline_(deadline_),
      on_event_(on_event) {}

void PageContext::BoundByParam(std::chrono::milliseconds limit) {
  const Clock::time_point deadline = Clock::now() + limit;
  if (deadline >= deadline_) return;
  wait_deadline_ = deadline;
  wait_timeout_ = limit;
  bound_by_param_ = true;
}

std::string_view PageContext::RaiseTimeout() const {
  return bound_by_param_ ? "raise its \"timeout_ms\" param" : "raise the frame's \"timeout_ms\"";
}

namespace {

std::chrono::milliseconds Until(PageContext::Clock::time_point deadline) {
  const PageContext::Clock::time_point now = PageContext::Clock::now();
  if (now >= deadline) return std::chrono::milliseconds(0);
  // Rounded up, so that a little time left is never a zero timeout.
  return std::chrono::ceil<std::chrono::milliseconds>(deadline - now);
}

}  // namespace

std::chrono::milliseconds PageContext::Remaining() const { return Until(deadline_); }

std::chrono::milliseconds PageContext::WaitRemaining() const { return Until(wait_deadline_); }

void PageContext::Deliver(json::value event) {
  const json::object* object = event.if_object();
  if (watcher_ && !watched_ && object != nullptr) watched_ = watcher_(*object);
  // A tab's opening and closing are not hidden: the tab guard, the logs and the model's own
  // subscriptions see that a tab came and went.
  if (!hidden_.empty() && object != nullptr &&
      !StringIs(object->if_contains("method"), "browsingContext.contextCreated") &&
      !StringIs(object->if_contains("method"), "browsingContext.contextDestroyed")) {
    const json::value* params = object->if_contains("params");
    const json::value* context = params != nullptr && params->is_object()
                                     ? params->get_object().if_contains("context")
                                     : nullptr;
    if (context != nullptr && context->is_string() &&
        std::find(hidden_.begin(), hidden_.end(), context->get_string()) != hidden_.end()) {
      return;
    }
  }
  on_event_(std::move(event));
}

namespace {

// The tab in which `method` waits on the page, "" for a command a dialog does not hold up
// (PageWatch::Watch decides, for raw frames and helpers alike; Firefox answers such a command
// only once the dialog in that tab has been closed).
std::string BlockableTab(const PageState& state, std::string_view method,
                         const json::object& params) {
  const std::optional<PageWatch::WatchedFrame> frame = PageWatch::Watch(method, params);
  if (!frame || frame->context.empty()) return "";
  return state.logs.TabOf(frame->context);
}

bool IsPromptOpened(const json::value& event) {
  const json::object* object = event.if_object();
  return object != nullptr &&
         StringIs(object->if_contains("method"), "browsingContext.userPromptOpened");
}

}  // namespace

absl::StatusOr<BidiReply> PageContext::Send(std::string_view method, const json::object& params,
                                            std::string_view waiting_for) {
  // A command the helper waits on (a navigation, input) is bounded as its waits are.
  const bool waits = !waiting_for.empty();
  const std::chrono::milliseconds remaining = waits ? WaitRemaining() : Remaining();
  absl::StatusOr<BidiReply> reply =
      TransportErrorStatus(TransportError::kReplyTimeout, "no time left");
  const std::string blockable_tab = BlockableTab(state_, method, params);
  // Input waits for the dialog to close (scripts do not: an open dialog spins its page's
  // event loop): say so now, not at the deadline.
  if (method == "input.performActions" && !blockable_tab.empty()) {
    if (const OpenDialog* open = state_.dialogs.Find(blockable_tab)) return DialogOpen(*open);
  }
  std::optional<OpenDialog> dialog;
  if (remaining.count() > 0) {
    reply = transport_.Call(method, params, remaining, [&](json::value event) {
      const bool prompt = IsPromptOpened(event);
      Deliver(std::move(event));
      // The command will not be answered while the dialog is open: abandon it (its late
      // reply is discarded) and let the helper report the dialog.
      if (prompt && !dialog && !blockable_tab.empty()) {
        if (const OpenDialog* open = state_.dialogs.Find(blockable_tab)) {
          dialog = *open;
          transport_.Interrupt();
        }
      }
    });
  }
  if (dialog) {
    transport_.ClearInterrupt();
    if (!reply.ok() && TransportErrorOf(reply.status()) == TransportError::kCancelled) {
      return DialogOpen(*dialog);
    }
  }
  if (reply.ok() || TransportErrorOf(reply.status()) != TransportError::kReplyTimeout) return reply;
  return HelperError(
      kTimeout,
      absl::StrCat(method_, " did not finish within ", (waits ? wait_timeout_ : timeout_).count(),
                   " ms", waits ? " while waiting for " : "", ToAbsl(waiting_for), "; ",
                   waits ? ToAbsl(RaiseTimeout()) : "raise the frame's \"timeout_ms\"",
                   " if the page is slow"));
}

absl::StatusOr<BidiReply> PageContext::SendWithin(std::string_view method,
                                                  const json::object& params,
                                                  std::chrono::milliseconds limit) {
  const std::chrono::milliseconds remaining = std::min(limit, Remaining());
  if (remaining.count() <= 0) {
    return TransportErrorStatus(TransportError::kReplyTimeout, "no time left");
  }
  return transport_.Call(method, params, remaining,
                         [this](json::value event) { Deliver(std::move(event)); });
}

absl::Status PageContext::DialogOpen(const OpenDialog& dialog) const {
  return HelperError(kDialogOpen,
                     absl::StrCat(method_, ": a", dialog.type == "alert" ? "n " : " ", dialog.type,
                                  " dialog opened (\"", dialog.message,
                                  "\") and blocks the page; answer it with page.dialog",
                                  dialog.type == "beforeunload"
                                      ? " ({\"accept\": true} leaves the page, false stays on it)"
                                      : ""));
}

absl::StatusOr<json::value> PageContext::Command(std::string_view method,
                                                 const json::object& params,
                                                 std::string_view waiting_for) {
  ASSIGN_OR_RETURN(BidiReply reply, Send(method, params, waiting_for));
  if (!reply.ok)
    return HelperError(reply.error.empty() ? FrameErrorName(kUnknownError) : reply.error,
                       reply.message);
  RETURN_IF_ERROR(reply.result.status());
  return reply.result.value();
}

absl::Status PageContext::Cleanup(std::string_view method, const json::object& params) {
  ASSIGN_OR_RETURN(const BidiReply reply,
                   transport_.Call(method, params, kCleanupTimeout,
                                   [this](json::value event) { Deliver(std::move(event)); }));
  if (!reply.ok)
    return HelperError(reply.error.empty() ? FrameErrorName(kUnknownError) : reply.error,
                       reply.message);
  return absl::OkStatus();
}

absl::Status CheckOpInput(const PageOp& op, const json::object& input) {
  for (const auto& [key, value] : input) {
    if (!op.TakesInput(key)) {
      return absl::InternalError(absl::StrCat("page operation ", std::string(op.name()),
                                              " takes no input \"", std::string(key),
                                              "\" (see page/operations.json)"));
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<SandboxResult> PageContext::Sandbox(std::string_view context, const PageOp& op,
                                                   const json::object& input,
                                                   const std::vector<json::value>& node_args) {
  RETURN_IF_ERROR(CheckOpDeclared(method_, op));
  RETURN_IF_ERROR(CheckOpInput(op, input));
  json::array arguments;
  arguments.reserve(2 + node_args.size());
  arguments.push_back(json::object{{"type", "string"}, {"value", op.name()}});
  // Every operation may give new ref names; they start at the registry's next number.
  json::object with_next = input;
  with_next["next"] = state_.refs.next();
  // The page's side gives up when the frame does (00_common.js, DEADLINE).
  with_next["deadline_ms"] = Remaining().count();
  arguments.push_back(json::object{{"type", "string"}, {"value", json::serialize(with_next)}});
  for (const json::value& node : node_args) arguments.push_back(node);
  json::object params{
      {"functionDeclaration", SandboxCallFunction()},
      {"awaitPromise", true},
      {"target", json::object{{"context", context}, {"sandbox", kSandbox}}},
      {"arguments", std::move(arguments)},
      {"resultOwnership", "none"},
      {"serializationOptions", json::object{{"maxDomDepth", 0}, {"maxObjectDepth", 2}}}};
  ASSIGN_OR_RETURN(json::value result, Command("script.callFunction", params));
  const json::object* object = result.if_object();
  if (object == nullptr) return absl::InternalError("script.callFunction: result is not an object");
  if (const json::value* remote = object->if_contains("result");
      remote != nullptr && remote->is_object() &&
      StringIs(remote->get_object().if_contains("type"), "null")) {
    // This realm (a new document) has no library yet: send it along, and have every later
    // document of the session set it up as it starts.
    RETURN_IF_ERROR(EnsureLibraryPreloaded());
    params["functionDeclaration"] = SandboxFunction();
    ASSIGN_OR_RETURN(result, Command("script.callFunction", params));
    object = result.if_object();
    if (object == nullptr) {
      return absl::InternalError("script.callFunction: result is not an object");
    }
  }
  if (const json::value* type = object->if_contains("type"); StringIs(type, "exception")) {
    std::string text = "unknown exception";
    if (const json::value* details = object->if_contains("exceptionDetails");
        details != nullptr && details->is_object()) {
      if (const json::value* t = details->get_object().if_contains("text"); t && t->is_string()) {
        text = std::string(t->get_string());
      }
    }
    if (text.find(kDeadlinePassed) != std::string::npos) {
      return HelperError(
          kTimeout, absl::StrCat(method_, " did not finish within the frame's ", timeout_.count(),
                                 " ms: the page is too large to go through in that time; raise "
                                 "timeout_ms, or narrow it (a root, max_lines, a target)"));
    }
    return HelperError(kJavascriptError,
                       absl::StrCat(method_, ": the helper's script failed in the page: ", text));
  }
  const json::value* remote = object->if_contains("result");
  const json::object* array = remote != nullptr ? remote->if_object() : nullptr;
  const json::value* items = array != nullptr ? array->if_contains("value") : nullptr;
  if (items == nullptr || !items->is_array() || items->get_array().size() != 3) {
    return absl::InternalError(
        absl::StrCat("the helper library returned an unexpected value: ", json::serialize(result)));
  }
  const json::array& parts = items->get_array();
  SandboxResult out;
  const json::object* data = parts[0].if_object();
  const json::value* data_text = data != nullptr ? data->if_contains("value") : nullptr;
  if (data_text == nullptr || !data_text->is_string()) {
    return absl::InternalError("the helper library returned no data");
  }
  boost::system::error_code ec;
  out.data = json::parse(data_text->get_string(), ec);
  if (ec) return absl::InternalError("the helper library returned data that is not JSON");
  auto list = [](const json::value& remote) -> const json::array* {
    const json::object* o = remote.if_object();
    const json::value* v = o != nullptr ? o->if_contains("value") : nullptr;
    return v != nullptr ? v->if_array() : nullptr;
  };
  if (const json::array* nodes = list(parts[1])) {
    for (const json::value& node : *nodes) {
      if (const json::object* n = node.if_object()) out.nodes.push_back(*n);
    }
  }
  if (const json::array* windows = list(parts[2])) {
    for (const json::value& window : *windows) {
      const json::object* w = window.if_object();
      const json::value* value = w != nullptr ? w->if_contains("value") : nullptr;
      const json::object* v = value != nullptr ? value->if_object() : nullptr;
      const json::value* id = v != nullptr ? v->if_contains("context") : nullptr;
      out.windows.push_back(id != nullptr && id->is_string() ? std::string(id->get_string())
                                                             : std::string());
    }
  }
  // Whatever the operation did with ref names, the counter moves on past them.
  if (const json::object* d = out.data.if_object()) {
    if (const json::value* next = d->if_contains("next"); next != nullptr && next->is_int64()) {
      state_.refs.Assigned(state_.refs.next(), static_cast<std::uint64_t>(next->get_int64()),
                           context);
    }
  }
  return out;
}

absl::StatusOr<std::vector<OpenTab>> PageContext::OpenTabs() {
  ASSIGN_OR_RETURN(json::value tree,
                   Command("browsingContext.getTree", json::object{{"maxDepth", 0}}));
  const json::object* object = tree.if_object();
  const json::value* contexts = object != nullptr ? object->if_contains("contexts") : nullptr;
  if (contexts == nullptr || !contexts->is_array()) {
    return absl::InternalError("browsingContext.getTree returned no contexts");
  }
  std::vector<OpenTab> tabs;
  for (const json::value& context : contexts->get_array()) {
    const json::object* c = context.if_object();
    if (c == nullptr || StringAt(*c, "context").empty() ||
        !state_.agent.Owns(StringAt(*c, "userContext"))) {
      continue;
    }
    tabs.push_back(OpenTab{std::string(StringAt(*c, "context")), std::string(StringAt(*c, "url"))});
  }
  return tabs;
}

absl::StatusOr<std::string> PageContext::CurrentTab() {
  if (!state_.current_tab.empty()) return state_.current_tab;
  ASSIGN_OR_RETURN(const std::vector<OpenTab> tabs, OpenTabs());
  if (!tabs.empty()) {
    state_.current_tab = tabs.front().id;
    return state_.current_tab;
  }
  if (!state_.agent.named()) return HelperError(kNoSuchFrame, "the browser has no open tab");
  // A new agent, or one whose last tab closed: its first tab, in a window of its own. The
  // selected tab of a window is visible; a background tab of a shared one is throttled (its
  // requestAnimationFrame and timers at about one a second: docs/agents.md).
  json::object first = state_.agent.NewTab(false, "");
  first["type"] = "window";
  ASSIGN_OR_RETURN(const json::value created, Command("browsingContext.create", first));
  const json::object* made = created.if_object();
  if (made == nullptr || StringAt(*made, "context").empty()) {
    return absl::InternalError("browsingContext.create returned no context");
  }
  state_.current_tab = std::string(StringAt(*made, "context"));
  return state_.current_tab;
}

absl::StatusOr<std::string> PageContext::Tab(const json::object& params) {
  ASSIGN_OR_RETURN(std::optional<std::string> tab, StringParam(method_, params, "tab"));
  if (tab) return *tab;
  return CurrentTab();
}

absl::Status PageContext::EnsureLibraryPreloaded() {
  if (state_.session->library_preloaded) return absl::OkStatus();
  state_.session->library_preloaded = true;
  return Command(
             "script.addPreloadScript",
             json::object{{"functionDeclaration", SandboxPreloadFunction()}, {"sandbox", kSandbox}})
      .status();
}

absl::Status PageContext::EnsureSubscribed() {
  if (state_.events.internal_subscribed()) return absl::OkStatus();
  json::array events;
  for (std::string_view name : PluginEvents()) events.emplace_back(name);
  // Set first: Firefox answers a subscription to contextCreated with an event per existing
  // context, and those must be hidden too.
  state_.events.SetInternalSubscribed(true);
  absl::StatusOr<json::value> subscribed =
      Command("session.subscribe", json::object{{"events", std::move(events)}});
  if (!subscribed.ok()) state_.events.SetInternalSubscribed(false);
  return subscribed.status();
}

void PageContext::Watch(std::function<bool(const json::object&)> done) {
  watcher_ = std::move(done);
  watched_ = false;
}

void PageContext::Unwatch() { watcher_ = nullptr; }

absl::Status PageContext::AwaitWatched(std::string_view tab, std::string_view waiting_for) {
  const absl::Status status = AwaitUntil(
      tab, [this] { return watched_; }, waiting_for);
  Unwatch();
  return status;
}

absl::Status PageContext::AwaitUntil(std::string_view tab, const std::function<bool()>& done,
                                     std::string_view waiting_for) {
  while (!done()) {
    if (const OpenDialog* dialog = state_.dialogs.Find(tab)) return DialogOpen(*dialog);
    const std::chrono::milliseconds remaining = WaitRemaining();
    absl::Status status = TransportErrorStatus(TransportError::kReplyTimeout, "no time left");
    if (remaining.count() > 0) {
      status = transport_.WaitForEvents(remaining,
                                        [this](json::value event) { Deliver(std::move(event)); });
    }
    if (status.ok()) continue;
    if (TransportErrorOf(status) != TransportError::kReplyTimeout) return status;
    return TimedOut(waiting_for);
  }
  return absl::OkStatus();
}

absl::Status PageContext::TimedOut(std::string_view waiting_for) const {
  return HelperError(kTimeout, absl::StrCat(method_, " waited ", wait_timeout_.count(), " ms for ",
                                            ToAbsl(waiting_for), "; ", ToAbsl(RaiseTimeout()),
                                            " if the page is slow"));
}

absl::Status PageContext::TakeInputTurn(std::string_view tab) {
  FocusTurns* const turns = state_.agent.focus;
  std::string holder;
  bool taken = false;
  const absl::Cleanup leave_queue = [&] {
    if (!taken) turns->Withdraw(state_.agent.name);
  };
  while (!(taken = turns->TakeTurn(state_.agent.name, &holder))) {
    if (WaitRemaining().count() <= 0) {
      return HelperError(kTimeout,
                         absl::StrCat(ToAbsl(method_), ": waited ", wait_timeout_.count(),
                                      " ms for agent \"", holder,
                                      "\" to finish its input (one window has the focus at a "
                                      "time); ",
                                      ToAbsl(RaiseTimeout())));
    }
    // Reads for every call meanwhile; the other agent's turn ends without an event to tell.
    RETURN_IF_ERROR(AwaitFor(tab, kInputTurnPoll, [] { return false; }).status());
  }
  return absl::OkStatus();
}

absl::Status PageContext::InInputTurn(std::string_view tab,
                                      const std::function<absl::Status()>& dispatch,
                                      ActivateFirst when) {
  FocusTurns* const turns = state_.agent.focus;
  if (turns == nullptr) return dispatch();
  RETURN_IF_ERROR(TakeInputTurn(tab));
  const absl::Cleanup turn_over = [&] { turns->EndTurn(state_.agent.name); };
  const std::string focused = turns->FocusedAgent();
  if (when == ActivateFirst::kUnlessFocused ? focused != state_.agent.name
                                            : !focused.empty() && focused != state_.agent.name) {
    RETURN_IF_ERROR(Command("browsingContext.activate", json::object{{"context", tab}}).status());
    turns->Activated(state_.agent.name);
  }
  return dispatch();
}

absl::Status PageContext::Activate(std::string_view tab,
                                   const std::function<absl::Status()>& activate) {
  FocusTurns* const turns = state_.agent.focus;
  if (turns != nullptr) RETURN_IF_ERROR(TakeInputTurn(tab));
  const absl::Cleanup turn_over = [&] {
    if (turns != nullptr) turns->EndTurn(state_.agent.name);
  };
  if (activate) {
    RETURN_IF_ERROR(activate());
  } else {
    RETURN_IF_ERROR(Command("browsingContext.activate", json::object{{"context", tab}}).status());
  }
  if (turns != nullptr) turns->Activated(state_.agent.name);
  return absl::OkStatus();
}

absl::StatusOr<bool> PageContext::AwaitFor(std::string_view tab, std::chrono::milliseconds limit,
                                           const std::function<bool()>& settled) {
  const Clock::time_point until = Clock::now() + limit;
  while (!settled()) {
    if (const OpenDialog* dialog = state_.dialogs.Find(tab)) return DialogOpen(*dialog);
    const Clock::time_point now = Clock::now();
    const std::chrono::milliseconds left =
        std::min(WaitRemaining(),
                 std::chrono::ceil<std::chrono::milliseconds>(until - std::min(now, until)));
    if (left.count() <= 0) return false;
    const absl::Status status =
        transport_.WaitForEvents(left, [this](json::value event) { Deliver(std::move(event)); });
    if (status.ok() || TransportErrorOf(status) == TransportError::kReplyTimeout) continue;
    if (status.code() == absl::StatusCode::kUnimplemented) return false;
    return status;
  }
  return true;
}

}  // namespace firefox_bidi::page
