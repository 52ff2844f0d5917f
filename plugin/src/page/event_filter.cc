#include "page/event_filter.h"

#include <algorithm>

#include "core/page_watch.h"

namespace firefox_bidi::page {
namespace json = boost::json;

std::vector<std::string_view> PluginEvents() {
  std::vector<std::string_view> events(std::begin(kInternalEvents), std::end(kInternalEvents));
  for (std::string_view name : PageWatch::InternalEvents()) {
    if (std::find(events.begin(), events.end(), name) == events.end()) events.push_back(name);
  }
  return events;
}

void EventFilter::Reset() {
  internal_ = false;
  model_names_.clear();
  model_subscriptions_.clear();
}

bool EventFilter::IsInternal(std::string_view event_method) {
  return std::find(std::begin(kInternalEvents), std::end(kInternalEvents), event_method) !=
         std::end(kInternalEvents);
}

bool EventFilter::Shows(std::string_view event_method) const {
  if (!internal_ || !IsInternal(event_method)) return true;
  // A prompt is always reported (DESIGN.md section 7), so a model learns why its page waits.
  if (event_method == "browsingContext.userPromptOpened") return true;
  if (model_names_.contains(std::string(event_method))) return true;
  const std::string_view module = event_method.substr(0, event_method.find('.'));
  return model_names_.contains(std::string(module));
}

void EventFilter::AfterCommand(std::string_view method, const json::object& params,
                               const BidiReply& reply) {
  if (!reply.ok) return;
  if (method == "session.subscribe") {
    const json::value* events = params.if_contains("events");
    if (events == nullptr || !events->is_array()) return;
    std::vector<std::string> names;
    for (const json::value& name : events->get_array()) {
      if (!name.is_string()) continue;
      names.emplace_back(name.get_string());
      ++model_names_[names.back()];
    }
    const json::object* result = reply.result.value().if_object();
    const json::value* id = result != nullptr ? result->if_contains("subscription") : nullptr;
    if (id != nullptr && id->is_string()) {
      model_subscriptions_[std::string(id->get_string())] = std::move(names);
    }
    return;
  }
  if (method != "session.unsubscribe") return;
  auto forget = [this](const std::string& name) {
    auto it = model_names_.find(name);
    if (it != model_names_.end() && --it->second <= 0) model_names_.erase(it);
  };
  if (const json::value* ids = params.if_contains("subscriptions"); ids && ids->is_array()) {
    for (const json::value& id : ids->get_array()) {
      if (!id.is_string()) continue;
      auto it = model_subscriptions_.find(std::string(id.get_string()));
      if (it == model_subscriptions_.end()) continue;
      for (const std::string& name : it->second) forget(name);
      model_subscriptions_.erase(it);
    }
  }
  if (const json::value* events = params.if_contains("events"); events && events->is_array()) {
    for (const json::value& name : events->get_array()) {
      if (name.is_string()) model_names_.erase(std::string(name.get_string()));
    }
  }
}

}  // namespace firefox_bidi::page
