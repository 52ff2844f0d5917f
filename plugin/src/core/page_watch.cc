#include "core/page_watch.h"

#include <algorithm>
#include <array>

#include "absl/strings/str_cat.h"
#include "core/frame_error.h"
#include "core/frame_hints.h"
#include "core/json_fields.h"
#include "core/string_view_compat.h"

namespace firefox_bidi {
namespace {

constexpr std::array<std::string_view, 3> kInternalEvents = {
    "browsingContext.userPromptOpened", "script.realmCreated", "script.realmDestroyed"};
// Realms remembered at most (each navigation makes one or two; destroyed ones are forgotten).
constexpr std::size_t kMaxRealms = 4096;

std::vector<std::string> Strings(const boost::json::object& params, std::string_view key) {
  std::vector<std::string> out;
  const boost::json::value* list = params.if_contains(key);
  if (list == nullptr || !list->is_array()) return out;
  for (const boost::json::value& item : list->get_array()) {
    if (item.is_string()) out.emplace_back(item.get_string());
  }
  return out;
}

// "script" covers "script.realmCreated", as in session.subscribe.
bool Covers(std::string_view subscribed, std::string_view method) {
  return subscribed == method ||
         (method.size() > subscribed.size() && method.starts_with(subscribed) &&
          method[subscribed.size()] == '.');
}

}  // namespace

std::span<const std::string_view> PageWatch::InternalEvents() { return kInternalEvents; }

bool PageWatch::PromptWaits(const boost::json::object& params) {
  const std::string_view handler = StringAt(&params, "handler");
  return handler != "accept" && handler != "dismiss";
}

void PageWatch::Reset() {
  subscriptions_.clear();
  intercepts_.clear();
  realm_context_.clear();
}

void PageWatch::NoteIntercept(const boost::json::value& result) {
  const std::string_view id = StringAt(result.if_object(), "intercept");
  if (!id.empty()) intercepts_.emplace_back(id);
}

void PageWatch::NoteInterceptRemoved(const boost::json::object& params) {
  std::erase(intercepts_, StringAt(params, "intercept"));
}

bool PageWatch::ModelIntercept(std::string_view id) const {
  return std::find(intercepts_.begin(), intercepts_.end(), id) != intercepts_.end();
}

void PageWatch::NoteSubscribe(const boost::json::object& params, const boost::json::value& result) {
  const boost::json::object* reply = result.if_object();
  subscriptions_.push_back(
      Subscription{std::string(StringAt(reply, "subscription")), Strings(params, "events")});
}

void PageWatch::NoteUnsubscribe(const boost::json::object& params) {
  const std::vector<std::string> ids = Strings(params, "subscriptions");
  const std::vector<std::string> events = Strings(params, "events");
  std::erase_if(subscriptions_, [&](Subscription& s) {
    if (!s.id.empty() && std::find(ids.begin(), ids.end(), s.id) != ids.end()) return true;
    std::erase_if(s.events, [&](const std::string& e) {
      return std::find(events.begin(), events.end(), e) != events.end();
    });
    return s.events.empty();
  });
}

bool PageWatch::Visible(std::string_view method) const {
  if (method != "script.realmCreated" && method != "script.realmDestroyed") return true;
  return ModelSubscribed(method);
}

bool PageWatch::ModelSubscribed(std::string_view method) const {
  for (const Subscription& s : subscriptions_) {
    for (const std::string& event : s.events) {
      if (Covers(event, method)) return true;
    }
  }
  return false;
}

bool PageWatch::HeldUpByPrompts(std::string_view method, const boost::json::object& params) {
  if (method == "browsingContext.close") {
    const boost::json::value* prompt = params.if_contains("promptUnload");
    return prompt != nullptr && prompt->is_bool() && prompt->get_bool();
  }
  return method == "script.evaluate" || method == "script.callFunction" ||
         method == "input.performActions" || method == "input.setFiles" ||
         method == "browsingContext.navigate" || method == "browsingContext.reload" ||
         method == "browsingContext.traverseHistory";
}

std::optional<PageWatch::WatchedFrame> PageWatch::Watch(std::string_view method,
                                                        const boost::json::object& params) {
  if (!HeldUpByPrompts(method, params)) return std::nullopt;
  const bool script = ReturnsEvaluateResult(method);
  // A script names its context or realm in "target", other commands their "context".
  const boost::json::value* target = script ? params.if_contains("target") : nullptr;
  const boost::json::object* names = !script             ? &params
                                     : target != nullptr ? target->if_object()
                                                         : nullptr;
  WatchedFrame frame{StringAt(names, "context"), script ? StringAt(names, "realm") : "", script};
  if (frame.context.empty() && frame.realm.empty()) return std::nullopt;
  return frame;
}

std::optional<PageWatch::Interruption> PageWatch::OnEvent(const boost::json::value& event,
                                                          const WatchedFrame* frame) {
  const boost::json::object* message = event.if_object();
  const std::string_view method = StringAt(message, "method");
  const boost::json::value* params_value = message ? message->if_contains("params") : nullptr;
  const boost::json::object* params = params_value ? params_value->if_object() : nullptr;
  if (params == nullptr) return std::nullopt;
  const std::string_view target_context = frame != nullptr ? frame->context : "";
  const std::string_view target_realm = frame != nullptr ? frame->realm : "";
  if (method == "script.realmCreated") {
    const std::string_view realm = StringAt(params, "realm");
    const std::string_view context = StringAt(params, "context");
    if (realm.empty() || context.empty()) return std::nullopt;
    if (realm_context_.size() >= kMaxRealms) realm_context_.clear();
    realm_context_.insert_or_assign(std::string(realm), std::string(context));
    return std::nullopt;
  }
  if (method == "script.realmDestroyed") {
    const std::string realm(StringAt(params, "realm"));
    std::string context;
    if (auto it = realm_context_.find(realm); it != realm_context_.end()) {
      context = std::move(it->second);
      realm_context_.erase(it);
    }
    if (frame != nullptr && frame->needs_realm &&
        ((!target_realm.empty() && target_realm == realm) ||
         (!target_context.empty() && target_context == context))) {
      // Firefox runs a command cut off by a navigation again in the new document, so a reply
      // may still come, from a second run; the frame does not wait for it.
      return Interruption{std::string(FrameErrorName(FrameError::kPageNavigated)),
                          "the page navigated away (or was closed) and the realm " + realm +
                              " the frame ran in was destroyed; the frame does not wait for "
                              "it (Firefox may run the script again in the new page)"};
    }
    return std::nullopt;
  }
  if (method == "browsingContext.userPromptOpened") {
    const std::string_view context = StringAt(params, "context");
    std::string_view realm_context;
    if (auto it = realm_context_.find(std::string(target_realm)); it != realm_context_.end()) {
      realm_context = it->second;
    }
    if (!context.empty() && PromptWaits(*params) &&
        (context == target_context || context == realm_context)) {
      const std::string_view type = StringAt(params, "type");
      return Interruption{
          std::string(FrameErrorName(FrameError::kUserPromptOpen)),
          absl::StrCat("a user prompt (", ToAbsl(type), ") opened in the page (\"",
                       ToAbsl(StringAt(params, "message")),
                       "\") and the page waits until it is answered: answer it with "
                       "browsingContext.handleUserPrompt {\"context\": \"",
                       ToAbsl(context), "\", \"accept\": true}",
                       type == "beforeunload"
                           ? " to leave the page (false stays on it and cancels the navigation)"
                           : "",
                       " (see \"events\")")};
    }
  }
  return std::nullopt;
}

}  // namespace firefox_bidi
