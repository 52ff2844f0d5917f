// page.tabs: list (default), new (optional url), select, close; the result is every open tab
// after the action, [{"tab","url","title","current"}]. The current tab is PageState's; when
// it closes, the most recently current open tab becomes current (page/tab_history.h).
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/json_fields.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"
#include "page/help_text.h"
#include "page/helper_error.h"
#include "page/helpers/helpers.h"
#include "page/helpers/navigation.h"

namespace firefox_bidi::page {
namespace json = boost::json;
namespace {

constexpr char kMethod[] = "page.tabs";

bool Contains(const std::vector<OpenTab>& tabs, std::string_view id) {
  for (const OpenTab& tab : tabs) {
    if (tab.id == id) return true;
  }
  return false;
}

absl::Status NoSuchTab(std::string_view id) {
  return HelperError(kNoSuchTab,
                     absl::StrCat(kMethod, ": \"", ToAbsl(id),
                                  "\" is not an open tab; {\"action\": \"list\"} lists them"));
}

// Loads `url` in the new tab and waits for it, as page.goto does.
absl::Status NavigateNewTab(PageContext& page, const std::string& tab, const std::string& url) {
  const absl::StatusOr<Loaded> navigated =
      NavigateAndWait(page, tab, url, LoadWait::kCompleteOrGrace,
                      absl::StrCat("\"", url, "\" to load in the new tab"));
  if (navigated.ok()) {
    // As page.goto, what the page draws right after its load event is waited for.
    if (*navigated == Loaded::kComplete) return GetSettledPageInfo(page, tab).status();
    return absl::OkStatus();
  }
  const std::optional<std::string> code = HelperErrorCode(navigated.status());
  if (!code || *code == FrameErrorName(kTimeout)) return navigated.status();
  return HelperError(*code, absl::StrCat(kMethod, ": the new tab (now current) could not open \"",
                                         url, "\": ", navigated.status().message(),
                                         "; check the URL (with its scheme, e.g. https://)"));
}

// The result: every open tab, with its URL and title (read in the tab's sandbox; getTree's
// URL and "" while a dialog blocks the page or the document cannot be read) and, where one
// is open, its dialog.
absl::StatusOr<json::value> List(PageContext& page) {
  ASSIGN_OR_RETURN(std::vector<OpenTab> tabs, page.OpenTabs());
  ASSIGN_OR_RETURN(const std::string current, page.CurrentTab());
  json::array out;
  for (const OpenTab& tab : tabs) {
    std::string url = tab.url;
    std::string title;
    const OpenDialog* dialog = page.state().dialogs.Find(tab.id);
    if (dialog == nullptr) {
      absl::StatusOr<PageInfo> info = GetPageInfo(page, tab.id);
      if (info.ok()) {
        // The document's own URL: getTree's lags while a new tab's first page commits.
        url = std::move(info->url);
        title = std::move(info->title);
      } else if (!HelperErrorCode(info.status())) {
        return info.status();  // the browser went away, the call was cancelled
      }
    }
    json::object entry{
        {"tab", tab.id}, {"url", url}, {"title", title}, {"current", tab.id == current}};
    if (dialog != nullptr) entry.emplace("dialog", DialogObject(*dialog));
    out.push_back(std::move(entry));
  }
  return out;
}

absl::StatusOr<json::value> Run(PageContext& page, const json::object& params) {
  ASSIGN_OR_RETURN(std::optional<std::string> action_param, StringParam(kMethod, params, "action"));
  ASSIGN_OR_RETURN(std::optional<std::string> url, StringParam(kMethod, params, "url"));
  ASSIGN_OR_RETURN(std::optional<std::string> tab, StringParam(kMethod, params, "tab"));
  const std::string action = action_param.value_or("list");
  if (action != "list" && action != "new" && action != "select" && action != "close") {
    return HelperError(kInvalidArgument,
                       absl::StrCat(kMethod,
                                    ": \"action\" is \"list\" (the default), \"new\", "
                                    "\"select\" or \"close\", got \"",
                                    action, "\""));
  }
  if (url) RETURN_IF_ERROR(RefuseJavascriptUrl(kMethod, *url));
  if (url && action != "new") {
    return HelperError(kInvalidArgument,
                       absl::StrCat(kMethod, ": \"url\" goes with \"action\": \"new\""));
  }
  if (tab && action != "select" && action != "close") {
    return HelperError(kInvalidArgument,
                       absl::StrCat(kMethod,
                                    ": \"tab\" goes with \"action\": \"select\" or "
                                    "\"close\""));
  }
  PageState& state = page.state();
  if (action == "new") {
    ASSIGN_OR_RETURN(
        json::value created,
        page.Command("browsingContext.create", state.agent.NewTab(false, state.current_tab)));
    const json::value* id =
        created.is_object() ? created.get_object().if_contains("context") : nullptr;
    if (id == nullptr || !id->is_string()) {
      return absl::InternalError("browsingContext.create returned no context");
    }
    state.tab_history.Select(state.current_tab, std::string(id->get_string()));
    if (url) {
      RETURN_IF_ERROR(NavigateNewTab(page, state.current_tab, *url));
    }
  } else if (action == "select") {
    if (!tab) {
      return HelperError(kInvalidArgument,
                         absl::StrCat(kMethod,
                                      ": \"select\" needs \"tab\": the id of an open "
                                      "tab (from {\"action\": \"list\"})"));
    }
    ASSIGN_OR_RETURN(std::vector<OpenTab> tabs, page.OpenTabs());
    if (!Contains(tabs, *tab)) return NoSuchTab(*tab);
    RETURN_IF_ERROR(page.Activate(*tab));
    state.tab_history.Select(state.current_tab, *tab);
  } else if (action == "close") {
    std::string closing;
    if (tab) {
      closing = *tab;
    } else {
      ASSIGN_OR_RETURN(closing, page.CurrentTab());
    }
    ASSIGN_OR_RETURN(std::vector<OpenTab> tabs, page.OpenTabs());
    if (!Contains(tabs, closing)) return NoSuchTab(closing);
    if (tabs.size() == 1) {
      return HelperError(kInvalidArgument,
                         absl::StrCat(kMethod, ": tab ", closing,
                                      " is the only open tab, and closing it would end the "
                                      "browser; open another first ({\"action\": \"new\"}) or "
                                      "load about:blank in it"));
    }
    RETURN_IF_ERROR(
        page.Command("browsingContext.close", json::object{{"context", closing}}).status());
    state.tab_history.Closed(state.current_tab, closing);
    if (state.current_tab.empty()) {
      // No remembered tab is open: the browser's first tab, made the browser's active one.
      ASSIGN_OR_RETURN(const std::string first, page.CurrentTab());
      RETURN_IF_ERROR(page.Activate(first));
    } else {
      RETURN_IF_ERROR(page.Activate(state.current_tab));
    }
  }
  return List(page);
}

constexpr Param kParams[] = {
    {.key = "action",
     .type = ParamType::kString,
     .default_value = R"~("list")~",
     .help =
         R"~("list" (default), "new" (opens a tab, loads url if given, makes it current), "select" (makes tab current), "close" (closes tab, default the current one))~"},
    {.key = "url", .type = ParamType::kString, .help = "for new"},
    {.key = "tab",
     .type = ParamType::kString,
     .help = R"~(a tab id (from this list or from "opened" of page.click) for select and close)~"},
    kTimeoutParam,
};

}  // namespace

const HelperSpec& TabsHelper() {
  static const HelperSpec spec{
      .method = kMethod,
      .synopsis =
          R"~({action: list|new|select|close, url?, tab?} -> [{tab, url, title, current}])~",
      .summary = "Lists, opens, selects or closes tabs. Helpers act on the current tab.",
      .params = kParams,
      .result =
          R"~(every open tab after the action: [{"tab": ID, "url", "title", "current": true|false}])~",
      .errors = R"~("no such tab" (the id is not an open tab: list the tabs), "invalid argument")~",
      .example =
          R"~({"frames":[{"method":"page.tabs","params":{"action":"new","url":"data:text/html,<title>Second</title>"}},{"method":"page.tabs","params":{"action":"close"}}]})~",
      .file = ResultFile::kJson,
      .run = &Run,
  };
  return spec;
}

}  // namespace firefox_bidi::page
