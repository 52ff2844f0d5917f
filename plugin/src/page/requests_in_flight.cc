#include "page/requests_in_flight.h"

#include <algorithm>

#include "core/json_fields.h"
#include "page/log_lines.h"

namespace firefox_bidi::page {
namespace json = boost::json;

void RequestsInFlight::Observe(const json::object& event,
                               const std::function<std::string(std::string_view)>& tab_of) {
  const std::string_view method = StringAt(event, "method");
  const json::object* params = ObjectAt(event, "params");
  if (params == nullptr) return;
  // A tab that closed, or whose new document came: what its old documents asked for is
  // nobody's wait (Firefox cancels those requests, but their end may not be reported).
  if (method == "browsingContext.contextDestroyed" ||
      method == "browsingContext.navigationCommitted") {
    const std::string_view context = StringAt(*params, "context");
    std::erase_if(out_, [&](const auto& entry) { return entry.second.tab == context; });
    if (auto it = last_answer_.find(context); it != last_answer_.end()) last_answer_.erase(it);
    return;
  }
  const bool began = method == "network.beforeRequestSent";
  if (!began && method != "network.responseCompleted" && method != "network.fetchError") return;
  const std::string_view id = StringAt(ObjectAt(*params, "request"), "request");
  if (id.empty()) return;
  if (!began) {
    auto it = out_.find(id);
    if (it == out_.end()) return;
    if (it->second.scripted) last_answer_[it->second.tab] = Clock::now();
    out_.erase(it);
    return;
  }
  const json::value* navigation = params->if_contains("navigation");
  if (navigation != nullptr && navigation->is_string()) return;  // a document's own request
  // The icon the browser asks for on its own: nothing of the page waits on it.
  if (TabLogs::IsFaviconUrl(StringAt(ObjectAt(*params, "request"), "url"))) return;
  if (out_.contains(id)) return;  // a redirect: the same request goes on
  if (out_.size() >= kMaxTracked) {
    out_.erase(std::min_element(out_.begin(), out_.end(), [](const auto& a, const auto& b) {
      return a.second.order < b.second.order;
    }));
  }
  const std::string_view initiator = StringAt(ObjectAt(*params, "request"), "initiatorType");
  out_.emplace(std::string(id),
               Request{.tab = tab_of(StringAt(*params, "context")),
                       .began = Clock::now(),
                       .scripted = initiator == "fetch" || initiator == "xmlhttprequest",
                       .order = next_order_++});
}

std::size_t RequestsInFlight::Count(std::string_view tab, Clock::time_point since) const {
  return static_cast<std::size_t>(std::count_if(out_.begin(), out_.end(), [&](const auto& entry) {
    return entry.second.tab == tab && entry.second.began >= since;
  }));
}

RequestsInFlight::Clock::time_point RequestsInFlight::LastAnswer(std::string_view tab) const {
  auto it = last_answer_.find(tab);
  return it == last_answer_.end() ? Clock::time_point() : it->second;
}

}  // namespace firefox_bidi::page
