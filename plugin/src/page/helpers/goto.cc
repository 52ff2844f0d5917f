// page.goto: url, or back / forward / reload; wait none | interactive | complete.
#include <boost/json/object.hpp>

#include "absl/cleanup/cleanup.h"
#include "absl/strings/str_cat.h"
#include "core/policy.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"
#include "page/helper_error.h"
#include "page/helpers/helpers.h"
#include "page/helpers/navigation.h"

namespace firefox_bidi::page {
namespace json = boost::json;
namespace {

constexpr char kMethod[] = "page.goto";

absl::StatusOr<bool> Flag(const json::object& params, std::string_view key) {
  ASSIGN_OR_RETURN(std::optional<bool> flag, BoolParam(kMethod, params, key));
  if (flag && !*flag) {
    return HelperError(
        kInvalidArgument,
        absl::StrCat(kMethod, ": \"", ToAbsl(key), "\" can only be true; leave it out otherwise"));
  }
  return flag.has_value();
}

// Back and forward: traverseHistory returns once the history step has been taken; the new
// document may still be loading, so its load events (or its readyState) are awaited.
absl::StatusOr<Loaded> TraverseAndWait(PageContext& page, const std::string& tab, int delta,
                                       LoadWait wait) {
  bool interactive = false;
  bool loaded = false;
  // Watched from before the step, so that a load during the command counts.
  page.Watch([&](const json::object& e) {
    const json::value* method = e.if_contains("method");
    const json::value* params = e.if_contains("params");
    if (method == nullptr || params == nullptr || !params->is_object() ||
        !StringIs(params->get_object().if_contains("context"), tab)) {
      return false;
    }
    if (StringIs(method, "browsingContext.domContentLoaded")) interactive = true;
    if (StringIs(method, "browsingContext.load")) loaded = interactive = true;
    return false;
  });
  const absl::Cleanup unwatch = [&page] { page.Unwatch(); };  // the watch refers to locals
  const absl::StatusOr<json::value> traversed = page.Command(
      "browsingContext.traverseHistory", json::object{{"context", tab}, {"delta", delta}});
  if (!traversed.ok()) {
    if (IsHelperError(traversed.status(), kNoSuchHistoryEntry)) {
      return HelperError(kNoSuchHistoryEntry,
                         absl::StrCat(kMethod, ": there is no page to go ",
                                      delta < 0 ? "back" : "forward", " to in this tab's history"));
    }
    return traversed.status();
  }
  if (wait == LoadWait::kNone) return Loaded::kComplete;
  ASSIGN_OR_RETURN(PageInfo info, GetPageInfo(page, tab));
  if (info.ready_state == "complete") return Loaded::kComplete;
  if (info.ready_state == "interactive") interactive = true;
  const std::string waiting_for =
      absl::StrCat("the page to load (wait \"",
                   wait == LoadWait::kInteractive ? "interactive" : "complete", "\")");
  switch (wait) {
    case LoadWait::kInteractive:
      RETURN_IF_ERROR(page.AwaitUntil(
          tab, [&] { return interactive; }, waiting_for));
      return Loaded::kComplete;
    case LoadWait::kComplete:
      RETURN_IF_ERROR(page.AwaitUntil(
          tab, [&] { return loaded; }, waiting_for));
      return Loaded::kComplete;
    default:
      return AwaitLoadOrGrace(
          page, tab, [&] { return loaded; }, [&] { return interactive; }, waiting_for);
  }
}

absl::StatusOr<json::value> Run(PageContext& page, const json::object& params) {
  ASSIGN_OR_RETURN(std::optional<std::string> url, StringParam(kMethod, params, "url"));
  ASSIGN_OR_RETURN(const bool back, Flag(params, "back"));
  ASSIGN_OR_RETURN(const bool forward, Flag(params, "forward"));
  ASSIGN_OR_RETURN(const bool reload, Flag(params, "reload"));
  if (url.has_value() + back + forward + reload != 1) {
    return HelperError(kInvalidArgument,
                       absl::StrCat(kMethod,
                                    " takes exactly one of \"url\", \"back\": true, "
                                    "\"forward\": true or \"reload\": true"));
  }
  ASSIGN_OR_RETURN(std::optional<std::string> wait_param, StringParam(kMethod, params, "wait"));
  const std::string wait = wait_param.value_or("complete");
  if (wait != "none" && wait != "interactive" && wait != "complete") {
    return HelperError(kInvalidArgument, absl::StrCat(kMethod,
                                                      ": \"wait\" is \"none\", \"interactive\" or "
                                                      "\"complete\" (the default), got \"",
                                                      wait, "\""));
  }
  // Left out, "complete" gives up on a subresource that never finishes (kLoadGrace).
  const LoadWait load_wait = !wait_param             ? LoadWait::kCompleteOrGrace
                             : wait == "none"        ? LoadWait::kNone
                             : wait == "interactive" ? LoadWait::kInteractive
                                                     : LoadWait::kComplete;
  if (url) RETURN_IF_ERROR(RefuseJavascriptUrl(kMethod, *url));
  ASSIGN_OR_RETURN(const std::string tab, page.Tab(params));
  Loaded loaded = Loaded::kComplete;
  if (url) {
    absl::StatusOr<Loaded> navigated =
        NavigateAndWait(page, tab, *url, load_wait, absl::StrCat("\"", *url, "\" to load"));
    if (!navigated.ok()) {
      const std::optional<std::string> code = HelperErrorCode(navigated.status());
      if (!code || *code == FrameErrorName(kTimeout) || *code == FrameErrorName(kDialogOpen))
        return navigated.status();
      return HelperError(*code, absl::StrCat(kMethod, " could not open \"", *url,
                                             "\": ", navigated.status().message(),
                                             "; check the URL (with its scheme, e.g. https://)"));
    }
    loaded = *navigated;
  } else if (reload) {
    ASSIGN_OR_RETURN(loaded, NavigateAndWait(page, tab, "", load_wait, "the page to reload"));
  } else {
    ASSIGN_OR_RETURN(loaded, TraverseAndWait(page, tab, back ? -1 : 1, load_wait));
  }
  // A wait for the load event also waits for what the page draws right after it.
  const bool settle = loaded == Loaded::kComplete &&
                      (load_wait == LoadWait::kComplete || load_wait == LoadWait::kCompleteOrGrace);
  ASSIGN_OR_RETURN(PageInfo info, settle ? GetSettledPageInfo(page, tab) : GetPageInfo(page, tab));
  json::object result = UrlAndTitle(info);
  NoteLoaded(loaded, info, result);
  return result;
}

constexpr Param kParams[] = {
    {.key = "url",
     .type = ParamType::kString,
     .help = "the address to load (http:, https:, data:, about:; file: only inside the file_roots "
             "config)"},
    {.key = "back",
     .type = ParamType::kBoolean,
     .default_value = "false",
     .help = "true instead of url",
     .label = "back / forward / reload"},
    {.key = "forward", .type = ParamType::kBoolean, .default_value = "false"},
    {.key = "reload", .type = ParamType::kBoolean, .default_value = "false"},
    {.key = "wait",
     .type = ParamType::kString,
     .default_value = R"~("complete")~",
     .help =
         R"~("complete" (default: loaded, or left out DOM ready + 3 s), "interactive" (DOM ready) or "none")~"},
    kTimeoutParam,
};

}  // namespace

const HelperSpec& GotoHelper() {
  static const HelperSpec spec{
      .method = kMethod,
      .synopsis = R"~({url} or {back|forward|reload: true} -> {url, title})~",
      .summary =
          "Loads a URL in the current tab, or goes back, forward or reloads, and waits for the "
          "page.",
      .params = kParams,
      .result =
          R"~({"url","title"} of the page once loaded; "waited": "interactive" when the default wait gave up on a subresource)~",
      .errors =
          R"~("timeout" (the page did not load within the frame's timeout_ms; raise it or use wait "none"), "unknown error" with the browser's reason (e.g. the host does not resolve), "not allowed" (a file: URL outside file_roots))~",
      .example =
          R"~({"frames":[{"method":"page.goto","params":{"url":"data:text/html,<title>Hello</title><h1>Hi</h1>"}},{"method":"page.goto","params":{"reload":true},"pick":"title"}]})~",
      .file = ResultFile::kJson,
      .run = &Run,
  };
  return spec;
}

}  // namespace firefox_bidi::page
