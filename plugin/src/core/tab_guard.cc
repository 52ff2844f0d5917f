#include "core/tab_guard.h"

#include <algorithm>
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <chrono>
#include <utility>

#include "absl/cleanup/cleanup.h"
#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/json_fields.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"

namespace firefox_bidi {
namespace json = boost::json;
namespace {

// Each command Contain sends waits at most this long.
constexpr std::chrono::milliseconds kCommandTimeout{10000};
// How long a page has to answer the probe before its tab counts as hung.
constexpr std::chrono::milliseconds kProbeTimeout{1000};
// Contain takes the work that arrives while it works too, but not forever (a page that keeps
// opening tabs): what is left waits for the next Contain.
constexpr int kMaxRounds = 4;
// Refused contexts remembered as handled, at most.
constexpr std::size_t kMaxHandled = 256;
// Events that carry the URL a browsing context loads.
constexpr std::string_view kUrlEvents[] = {
    "browsingContext.navigationStarted", "browsingContext.contextCreated",
    "browsingContext.domContentLoaded", "browsingContext.load"};

absl::StatusOr<json::value> Command(BidiTransport& transport, std::string_view method,
                                    json::object params, EventSink on_event) {
  ASSIGN_OR_RETURN(BidiReply reply, transport.Call(method, params, kCommandTimeout, on_event));
  if (!reply.ok) {
    return absl::FailedPreconditionError(
        absl::StrCat(ToAbsl(method), " failed: ", reply.error, ": ", reply.message));
  }
  RETURN_IF_ERROR(reply.result.status());
  return reply.result.value();
}

// Where each browsing context of the tree lives: its top-level context and user context.
struct TabOf {
  std::string top;
  std::string user_context;
};

void MapTree(const json::value& node, const std::string& top, const std::string& user_context,
             absl::flat_hash_map<std::string, TabOf>& out) {
  const json::object* context = node.if_object();
  if (context == nullptr) return;
  const std::string id(StringAt(context, "context"));
  if (!id.empty()) out.insert_or_assign(id, TabOf{top.empty() ? id : top, user_context});
  if (const json::value* children = context->if_contains("children");
      children != nullptr && children->is_array()) {
    for (const json::value& child : children->get_array()) {
      MapTree(child, top.empty() ? id : top, user_context, out);
    }
  }
}

}  // namespace

void TabGuard::BeginCall(std::uint64_t session_generation) {
  if (session_generation == generation_) return;
  generation_ = session_generation;
  refused_.clear();
  new_tabs_.clear();
  unanswered_.clear();
  handled_.clear();
  kept_.clear();
}

void TabGuard::NoteUnanswered(std::string_view context) {
  if (context.empty() ||
      std::find(unanswered_.begin(), unanswered_.end(), context) != unanswered_.end()) {
    return;
  }
  unanswered_.emplace_back(context);
}

std::optional<std::string> TabGuard::Observe(const json::value& event,
                                             absl::FunctionRef<std::string()> user_context) {
  const json::object* message = event.if_object();
  const std::string_view method = StringAt(message, "method");
  if (std::find(std::begin(kUrlEvents), std::end(kUrlEvents), method) == std::end(kUrlEvents)) {
    return std::nullopt;
  }
  const json::value* params_value = message->if_contains("params");
  const json::object* params = params_value != nullptr ? params_value->if_object() : nullptr;
  const std::string_view context = StringAt(params, "context");
  if (context.empty()) return std::nullopt;
  if (method == "browsingContext.contextCreated") {
    const json::value* parent = params->if_contains("parent");
    if (parent == nullptr || parent->is_null()) {
      new_tabs_.push_back(
          OpenedTab{std::string(context), std::string(StringAt(params, "userContext"))});
    }
  }
  if (policy_ == nullptr) return std::nullopt;
  const std::string_view url = StringAt(params, "url");
  absl::Status allowed = policy_->CheckUrl(url, "a navigation to");
  if (allowed.ok()) return std::nullopt;
  if (std::find(handled_.begin(), handled_.end(), context) != handled_.end()) return std::nullopt;
  std::string owner = user_context();
  const bool known = std::any_of(refused_.begin(), refused_.end(), [&](const Refused& r) {
    return r.context == context && r.url == url;
  });
  if (!known) {
    refused_.push_back(Refused{std::string(context), std::string(url),
                               std::string(ToStd(allowed.message())), owner});
  }
  return owner;
}

absl::StatusOr<TabGuard::Report> TabGuard::Contain(BidiTransport& transport, EventSink on_event,
                                                   std::string_view caller) {
  // What was kept for the caller, with what this Contain says of its tabs.
  const auto callers_report = [&] {
    Report report;
    if (auto kept = kept_.find(ToAbsl(caller)); kept != kept_.end()) {
      report = std::move(kept->second);
      kept_.erase(kept);
    }
    return report;
  };
  // Calls of other agents run while this one waits for the browser: one Contain at a time
  // does the work (what they note meanwhile is left for its next round or the next Contain).
  if (containing_) return callers_report();
  containing_ = true;
  const absl::Cleanup done = [this] { containing_ = false; };
  // What is said, by the user context of the agent it is for: the one whose tab it concerns
  // (the tab's user context in the tree, else the one its event was seen with); a caller
  // without agents is told everything.
  absl::flat_hash_map<std::string, std::vector<std::string>> said;
  absl::flat_hash_map<std::string, std::vector<std::string>> unresponsive_said;
  const auto owner = [caller](std::string_view in_tree, std::string_view observed) {
    if (caller.empty()) return std::string();
    return std::string(!in_tree.empty() ? in_tree : !observed.empty() ? observed : caller);
  };
  // Pages that do not answer: a reply of any kind (an error for a closed context included)
  // means the page's process is free. Taken out first: other calls may note more meanwhile.
  std::vector<std::string> probing = std::exchange(unanswered_, {});
  std::vector<std::string> hung;
  for (std::size_t i = 0; i < probing.size(); ++i) {
    absl::StatusOr<BidiReply> reply =
        transport.Call("browsingContext.locateNodes",
                       json::object{{"context", probing[i]},
                                    {"locator", json::object{{"type", "css"}, {"value", "html"}}},
                                    {"maxNodeCount", 1}},
                       kProbeTimeout, on_event);
    if (reply.ok()) continue;
    if (reply.status().code() != absl::StatusCode::kDeadlineExceeded) {
      unanswered_.insert(unanswered_.end(), probing.begin() + static_cast<std::ptrdiff_t>(i),
                         probing.end());  // the work stays for the next Contain
      return reply.status();
    }
    hung.push_back(probing[i]);
  }
  for (int round = 0; round < kMaxRounds && (HasTabsToSee() || !hung.empty()); ++round) {
    // Work that arrives while this round's commands run is left for the next round.
    const std::size_t refused_taken = refused_.size();
    const std::size_t tabs_taken = new_tabs_.size();
    ASSIGN_OR_RETURN(json::value tree, Command(transport, "browsingContext.getTree", {}, on_event));
    absl::flat_hash_map<std::string, TabOf> tab_of;
    // Open tabs per user context, in the tree's order.
    absl::flat_hash_map<std::string, std::vector<std::string>> open;
    if (const json::value* contexts =
            tree.is_object() ? tree.get_object().if_contains("contexts") : nullptr;
        contexts != nullptr && contexts->is_array()) {
      for (const json::value& top : contexts->get_array()) {
        const json::object* object = top.if_object();
        const std::string user_context(StringAt(object, "userContext"));
        MapTree(top, "", user_context, tab_of);
        if (object != nullptr && !StringAt(object, "context").empty()) {
          open[user_context].emplace_back(StringAt(object, "context"));
        }
      }
    }

    std::vector<std::string> close;  // tabs to close, in order
    for (std::size_t i = 0; i < refused_taken; ++i) {
      const Refused& refused = refused_[i];
      auto where = tab_of.find(refused.context);
      const bool still_open = where != tab_of.end();
      if (still_open && std::find(close.begin(), close.end(), where->second.top) == close.end()) {
        close.push_back(where->second.top);
      }
      std::string why = absl::StrCat(
          refused.why,
          still_open ? absl::StrCat("; the tool closed tab ", where->second.top,
                                    ", where it started, so nothing of it can be read")
                     : std::string("; the tab where it started is closed"),
          " (relative URLs, a page's <base>, links, redirects and scripts are judged by the URL "
          "the browser loads)");
      said[owner(still_open ? std::string_view(where->second.user_context) : "",
                 refused.user_context)]
          .push_back(std::move(why));
    }
    for (const std::string& context : std::exchange(hung, {})) {
      auto where = tab_of.find(context);
      if (where == tab_of.end()) continue;
      if (std::find(close.begin(), close.end(), where->second.top) == close.end()) {
        close.push_back(where->second.top);
      }
      unresponsive_said[owner(where->second.user_context, "")].push_back(absl::StrCat(
          "the page in tab ", where->second.top, " did not answer for another ",
          kProbeTimeout.count(),
          " ms either (a script that never yields, such as an endless loop, holds every command "
          "to it, and Firefox cannot stop it): the tool closed that tab so the browser stays "
          "usable; open the page again in a new tab (page.tabs {\"action\": \"new\"}) if "
          "you need it"));
    }
    // Tabs past max_tabs in a user context: the newest opened go.
    absl::flat_hash_map<std::string, std::size_t> kept;
    for (const auto& [user_context, tabs] : open) {
      kept[user_context] = static_cast<std::size_t>(
          std::count_if(tabs.begin(), tabs.end(), [&](const std::string& id) {
            return std::find(close.begin(), close.end(), id) == close.end();
          }));
    }
    absl::flat_hash_map<std::string, std::vector<std::string>> excess;  // by owner
    for (std::size_t i = tabs_taken; i-- > 0;) {
      const OpenedTab& tab = new_tabs_[i];
      const std::vector<std::string>& tabs = open[tab.user_context];
      std::size_t& count = kept[tab.user_context];
      if (count <= max_tabs_ || std::find(tabs.begin(), tabs.end(), tab.context) == tabs.end() ||
          std::find(close.begin(), close.end(), tab.context) != close.end()) {
        continue;
      }
      close.push_back(tab.context);
      excess[owner(tab.user_context, "")].push_back(tab.context);
      --count;
    }
    for (const auto& [who, tabs] : excess) {
      said[who].push_back(absl::StrCat(
          "a page or a frame opened more tabs than the config key \"max_tabs\" (", max_tabs_,
          ") allows in one browser; the tool closed the newest (", absl::StrJoin(tabs, ", "),
          "); close tabs you no longer need with page.tabs {\"action\": \"close\"}"));
    }

    for (const std::string& tab : close) {
      const TabOf& where = tab_of[tab];
      std::vector<std::string>& tabs = open[where.user_context];
      if (tabs.size() == 1 && tabs.front() == tab) {
        // The last tab of its user context: a fresh one first, so the browser stays usable. In
        // the background: a tab switch away from a page that never yields would wait for it
        // (measured: the close then got no reply for 10 s).
        json::object create{{"type", "tab"}, {"background", true}};
        if (!where.user_context.empty()) create["userContext"] = where.user_context;
        ASSIGN_OR_RETURN(json::value created,
                         Command(transport, "browsingContext.create", std::move(create), on_event));
        if (std::string_view id = StringAt(created.if_object(), "context"); !id.empty()) {
          tabs.emplace_back(id);
        }
      }
      absl::StatusOr<json::value> closed =
          Command(transport, "browsingContext.close", json::object{{"context", tab}}, on_event);
      // A tab that closed meanwhile ("no such frame") is what was wanted.
      if (!closed.ok() && closed.status().code() != absl::StatusCode::kFailedPrecondition) {
        return closed.status();
      }
      std::erase(tabs, tab);
    }
    if (handled_.size() + refused_taken > kMaxHandled) handled_.clear();
    for (std::size_t i = 0; i < refused_taken; ++i) handled_.push_back(refused_[i].context);
    refused_.erase(refused_.begin(), refused_.begin() + static_cast<std::ptrdiff_t>(refused_taken));
    new_tabs_.erase(new_tabs_.begin(), new_tabs_.begin() + static_cast<std::ptrdiff_t>(tabs_taken));
  }
  const auto keep = [](std::string& into, const std::vector<std::string>& lines) {
    for (const std::string& line : lines) {
      absl::StrAppend(&into, into.empty() ? "" : "; also ", line);
    }
  };
  for (const auto& [who, lines] : said) keep(kept_[who].refused, lines);
  for (const auto& [who, lines] : unresponsive_said) keep(kept_[who].unresponsive, lines);
  return callers_report();
}

}  // namespace firefox_bidi
