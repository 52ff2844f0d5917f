#include "page/event_filter.h"

#include <algorithm>

#include "core/page_watch.h"

namespace firefox_bidi::page {

std::vector<std::string_view> PluginEvents() {
  std::vector<std::string_view> events;
  for (std::string_view name : kInternalEvents) {
    if (name != kRequestEvent) events.push_back(name);
  }
  for (std::string_view name : PageWatch::InternalEvents()) {
    if (std::find(events.begin(), events.end(), name) == events.end()) events.push_back(name);
  }
  return events;
}

void EventFilter::Reset() { internal_ = false; }

bool EventFilter::IsInternal(std::string_view event_method) {
  return std::find(std::begin(kInternalEvents), std::end(kInternalEvents), event_method) !=
         std::end(kInternalEvents);
}

bool EventFilter::Shows(std::string_view event_method) const {
  if (!internal_ || !IsInternal(event_method)) return true;
  // A prompt is always reported (DESIGN.md section 7), so a model learns why its page waits.
  if (event_method == "browsingContext.userPromptOpened") return true;
  return watch_ != nullptr && watch_->ModelSubscribed(event_method);
}

}  // namespace firefox_bidi::page
