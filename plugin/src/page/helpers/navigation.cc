#include "page/helpers/navigation.h"

#include <algorithm>
#include <chrono>
#include <vector>

#include "absl/cleanup/cleanup.h"
#include "absl/strings/str_cat.h"
#include "core/json_fields.h"
#include "core/policy.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"
#include "page/helper_error.h"

namespace firefox_bidi::page {
namespace json = boost::json;

absl::StatusOr<PageInfo> GetPageInfo(PageContext& page, std::string_view context) {
  ASSIGN_OR_RETURN(SandboxResult result, page.Sandbox(context, ops::kInfo, {}));
  return PageInfoOf(result.data);
}

absl::StatusOr<PageInfo> GetSettledPageInfo(PageContext& page, std::string_view context) {
  json::object input{{"quiet_ms", kLoadQuiet.count()},
                     {"busy_quiet_ms", kLoadBusyQuiet.count()},
                     {"cap_ms", kLoadQuietMax.count()}};
  const RequestsInFlight& requests = page.state().in_flight;
  const auto requests_out = [&] { return requests.Count(context) > 0; };
  for (;;) {
    ASSIGN_OR_RETURN(SandboxResult result, page.Sandbox(context, ops::kLoadSettled, input));
    PageInfo info = PageInfoOf(result.data);
    // Data the page fetches as it starts is drawn when its response comes: wait for the
    // requests still out, within what is left of the cap, then for the page to draw what came
    // (or came a moment ago). A document still loading has had its grace.
    const json::object* data = result.data.if_object();
    const double left = data != nullptr ? NumberAt(*data, "left_ms").value_or(0) : 0;
    const auto answered_lately = [&] {
      return PageContext::Clock::now() - requests.LastAnswer(context) < kLoadBusyQuiet;
    };
    if (info.ready_state != "complete" || left < 1 || (!requests_out() && !answered_lately())) {
      return info;
    }
    ASSIGN_OR_RETURN(const bool answered,
                     page.AwaitFor(context, std::chrono::milliseconds(static_cast<long>(left)),
                                   [&] { return !requests_out(); }));
    if (!answered) return info;
    input["after_requests"] = true;
  }
}

PageInfo PageInfoOf(const json::value& value) {
  PageInfo info;
  if (const json::object* data = value.if_object()) {
    auto text = [&](std::string_view key) {
      const json::value* v = data->if_contains(key);
      return v != nullptr && v->is_string() ? std::string(v->get_string()) : std::string();
    };
    info.url = text("url");
    info.title = text("title");
    info.ready_state = text("readyState");
  }
  return info;
}

json::object UrlAndTitle(const PageInfo& info) {
  return json::object{{"url", info.url}, {"title", info.title}};
}

absl::StatusOr<Loaded> AwaitLoadOrGrace(PageContext& page, std::string_view tab,
                                        const std::function<bool()>& loaded,
                                        const std::function<bool()>& interactive,
                                        std::string_view waiting_for) {
  RETURN_IF_ERROR(page.AwaitUntil(
      tab, [&] { return loaded() || interactive(); }, waiting_for));
  if (loaded()) return Loaded::kComplete;
  ASSIGN_OR_RETURN(const bool complete, page.AwaitFor(tab, kLoadGrace, loaded));
  return complete ? Loaded::kComplete : Loaded::kInteractive;
}

absl::StatusOr<Loaded> NavigateAndWait(PageContext& page, const std::string& tab,
                                       const std::string& url, LoadWait wait,
                                       std::string_view waiting_for) {
  // The new document gets the library as it starts, to watch its first moments.
  RETURN_IF_ERROR(page.EnsureLibraryPreloaded());
  const std::string_view method =
      url.empty() ? "browsingContext.reload" : "browsingContext.navigate";
  json::object params{{"context", tab}};
  if (!url.empty()) params["url"] = url;
  switch (wait) {
    case LoadWait::kNone:
      params["wait"] = "none";
      break;
    case LoadWait::kInteractive:
    case LoadWait::kCompleteOrGrace:
      params["wait"] = "interactive";
      break;
    case LoadWait::kComplete:
      params["wait"] = "complete";
      break;
  }
  if (wait != LoadWait::kCompleteOrGrace) {
    RETURN_IF_ERROR(page.Command(method, params, waiting_for).status());
    return Loaded::kComplete;
  }
  // The tab's navigations that have loaded (or moved within the document) since the command
  // was sent; the reply names the command's own.
  std::vector<std::string> done;
  bool done_without_id = false;
  page.Watch([&](const json::object& event) {
    const json::value* name = event.if_contains("method");
    const json::value* event_params = event.if_contains("params");
    if (name == nullptr || event_params == nullptr || !event_params->is_object()) return false;
    const json::object& p = event_params->get_object();
    if (!StringIs(p.if_contains("context"), tab) ||
        (!StringIs(name, "browsingContext.load") &&
         !StringIs(name, "browsingContext.fragmentNavigated"))) {
      return false;
    }
    const json::value* navigation = p.if_contains("navigation");
    if (navigation != nullptr && navigation->is_string()) {
      done.emplace_back(navigation->get_string());
    } else {
      done_without_id = true;
    }
    return false;
  });
  const absl::Cleanup unwatch = [&page] { page.Unwatch(); };  // the watch refers to locals
  ASSIGN_OR_RETURN(const json::value reply, page.Command(method, params, waiting_for));
  const json::object* result = reply.if_object();
  const json::value* id = result != nullptr ? result->if_contains("navigation") : nullptr;
  const std::string navigation =
      id != nullptr && id->is_string() ? std::string(id->get_string()) : std::string();
  return AwaitLoadOrGrace(
      page, tab,
      [&] {
        return done_without_id || (navigation.empty() && !done.empty()) ||
               std::find(done.begin(), done.end(), navigation) != done.end();
      },
      [] { return true; }, waiting_for);
}

void NoteLoaded(Loaded loaded, const PageInfo& info, json::object& result) {
  if (loaded == Loaded::kInteractive && info.ready_state != "complete") {
    result["waited"] = "interactive";
  }
}

absl::Status RefuseJavascriptUrl(std::string_view method, std::string_view url) {
  if (UrlScheme(url) != "javascript") return absl::OkStatus();
  return HelperError(kInvalidArgument,
                     absl::StrCat(ToAbsl(method),
                                  " does not open javascript: URLs (they load no page); to run "
                                  "script in the page, use page.eval with {\"expression\": "
                                  "\"...\"}"));
}

}  // namespace firefox_bidi::page
