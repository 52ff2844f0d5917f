// page.press: key ("Enter", "Control+a", ...); optional target to focus first ->
// {"url","title","navigated"}.
#include <boost/json/object.hpp>

#include "absl/strings/str_cat.h"
#include "core/status_macros.h"
#include "page/actions.h"
#include "page/helper_error.h"
#include "page/helpers/helpers.h"
#include "page/helpers/input.h"
#include "page/keys.h"
#include "page/targets.h"

namespace firefox_bidi::page {
namespace json = boost::json;
namespace {

constexpr char kMethod[] = "page.press";

absl::StatusOr<json::value> Run(PageContext& page, const json::object& params) {
  ASSIGN_OR_RETURN(std::optional<std::string> key, StringParam(kMethod, params, "key"));
  if (!key.has_value()) {
    return HelperError(kInvalidArgument, absl::StrCat(kMethod,
                                                      " needs \"key\", e.g. \"Enter\", \"Escape\", "
                                                      "\"Tab\", \"ArrowDown\" or \"Control+a\""));
  }
  absl::StatusOr<KeyChord> chord = ParseKeyChord(*key);
  if (!chord.ok()) {
    return HelperError(kInvalidArgument, absl::StrCat(kMethod, ": ", chord.status().message()));
  }
  ASSIGN_OR_RETURN(const std::string tab, page.Tab(params));
  ASSIGN_OR_RETURN(const std::optional<Target> target, ParseTarget(kMethod, params));
  ASSIGN_OR_RETURN(const KeysFocus focus, FocusForKeys(page, kMethod, tab, target));
  // In the tab's own document, the page side watches what the key does.
  ASSIGN_OR_RETURN(
      const InputEffect effect,
      PerformAndFollow(page, tab, KeyActionsParams(focus.context, ChordKeyActions(*chord)),
                       absl::StrCat("the key ", *key), focus.context == tab));
  if (chord->key == kTabKey) RETURN_IF_ERROR(KeepFocusInPage(page, tab));
  ASSIGN_OR_RETURN(json::object result, AfterAction(page, tab, effect));
  if (focus.target) NoteMatches(*focus.target, result);
  return result;
}

constexpr Param kParams[] = {
    {.key = "key",
     .type = ParamType::kString,
     .help =
         R"~("Enter", "Escape", "Tab", "Backspace", "ArrowDown", "PageDown", "a", "Control+a", "Shift+Tab", ...)~"},
    {.key = "target",
     .type = ParamType::kTarget,
     .help = "optional, an element to focus first (default: whatever has focus, else the "
             "field page.fill just left)"},
    kTimeoutParam,
};

constexpr PageOp kOps[] = {ops::kInputFocus, ops::kInputPrepareClick, ops::kInputArm,
                           ops::kInputOutcome, ops::kPageFocused};

}  // namespace

const HelperSpec& PressHelper() {
  static const HelperSpec spec{
      .method = kMethod,
      .synopsis = R"~({key, target?} -> {url, title, navigated})~",
      .summary = "Presses a key or a key combination on the real keyboard.",
      .params = kParams,
      .ops = kOps,
      .result =
          R"~({"url","title","navigated"} as for page.click ("not_sent" too: an Enter whose form the browser refused to send; "invalid" and "alerts": what the page said of it, as for page.click); "matches": N when the target matched N elements (the first one took the key, or "chosen" says which))~",
      .errors =
          R"~("invalid argument" (unknown key name), "no such element", "stale ref", "element covered" (the target lies outside an open modal dialog or behind a modal's backdrop: no key sent, the message says nothing was pressed))~",
      .example =
          R"~({"frames":[{"method":"page.goto","params":{"url":"data:text/html,<form onsubmit=\"document.title='sent '+this.q.value;return false\"><input name=q></form>"},"silent":true},{"method":"page.fill","params":{"css":"input","value":"hi"}},{"method":"page.press","params":{"key":"Enter"}},{"method":"page.eval","params":{"expression":"document.title"}}]})~",
      .file = ResultFile::kJson,
      .run = &Run,
  };
  return spec;
}

}  // namespace firefox_bidi::page
