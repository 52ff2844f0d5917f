// page.dialog: answers the alert, confirm, prompt or beforeunload dialog open in the tab.
// Dialogs are learnt from the plugin's own browsingContext.userPromptOpened/Closed events
// (PageState::dialogs); they stay open until answered (the session does not dismiss them).
#include <boost/json/object.hpp>

#include "absl/strings/str_cat.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"
#include "page/help_text.h"
#include "page/helper_error.h"
#include "page/helpers/helpers.h"
#include "page/helpers/input.h"

namespace firefox_bidi::page {
namespace json = boost::json;
namespace {

constexpr char kMethod[] = "page.dialog";

absl::Status NoDialog(std::string_view tab) {
  return HelperError(kNoDialog,
                     absl::StrCat(kMethod, ": no dialog is open in tab ", ToAbsl(tab),
                                  "; alerts, confirms and prompts show up as \"dialog\" in "
                                  "helper results while they are open. A dialog the page draws "
                                  "itself (in page.snapshot, as \"alerts\" in a click's "
                                  "result) is answered by page.click on its buttons, or "
                                  "page.press Escape"));
}

absl::StatusOr<json::value> Run(PageContext& page, const json::object& params) {
  ASSIGN_OR_RETURN(std::optional<bool> accept, BoolParam(kMethod, params, "accept"));
  ASSIGN_OR_RETURN(std::optional<std::string> text, StringParam(kMethod, params, "text"));
  ASSIGN_OR_RETURN(const std::string tab, page.Tab(params));
  // A dialog that opened just before this frame: its event is read by this round trip.
  if (page.state().dialogs.Find(tab) == nullptr) {
    RETURN_IF_ERROR(
        page.Command("browsingContext.getTree", json::object{{"root", tab}, {"maxDepth", 0}})
            .status());
  }
  const OpenDialog* open = page.state().dialogs.Find(tab);
  if (open == nullptr) return NoDialog(tab);
  const OpenDialog dialog = *open;
  if (text && dialog.type != "prompt") {
    return HelperError(kInvalidArgument,
                       absl::StrCat(kMethod,
                                    ": \"text\" answers a prompt, but the open dialog "
                                    "is a",
                                    dialog.type == "alert" ? "n " : " ", dialog.type));
  }
  json::object handle{{"context", tab}, {"accept", accept.value_or(true)}};
  if (text) handle.emplace("userText", *text);
  absl::StatusOr<json::value> handled = page.Command("browsingContext.handleUserPrompt", handle);
  if (!handled.ok()) {
    if (IsHelperError(handled.status(), kNoSuchAlert)) {
      page.state().dialogs.Answered(tab);
      return NoDialog(tab);
    }
    return handled.status();
  }
  page.state().dialogs.Answered(tab);
  // Answering one dialog may open the next (a page's second alert): it is then in this
  // result's "dialog" (the page layer adds it), not left for a later helper to run into. A
  // page timer fires only once the code the answer resumed has run to its end or into the
  // next dialog (a modal dialog holds the page's timers), so this zero-delay one sees a
  // dialog that code opens however slow the machine is; the settle window then sees one
  // opened soon after. (Leaving a page resumes no code of it.)
  if (dialog.type != "beforeunload") {
    const absl::StatusOr<SandboxResult> resumed =
        page.Sandbox(tab, ops::kInputSettle, json::object{{"ms", 0}});
    if (!resumed.ok() && !HelperErrorCode(resumed.status())) return resumed.status();
  }
  absl::StatusOr<bool> next = page.AwaitFor(tab, kSettleQuiet, [] { return false; });
  if (!next.ok() && !IsHelperError(next.status(), kDialogOpen)) return next.status();
  return json::object{{"type", dialog.type}, {"message", dialog.message}};
}

constexpr Param kParams[] = {
    {.key = "accept",
     .type = ParamType::kBoolean,
     .default_value = "true",
     .help = "true (OK; for beforeunload: leave the page) or false (Cancel; stay)"},
    {.key = "text", .type = ParamType::kString, .help = "the answer to a prompt"},
};

constexpr PageOp kOps[] = {ops::kInputSettle};

}  // namespace

const HelperSpec& DialogHelper() {
  static const HelperSpec spec{
      .method = kMethod,
      .synopsis = R"~({accept, text?} -> {type, message})~",
      .summary =
          "Answers the open alert, confirm, prompt or beforeunload dialog. While one is open, "
          "every "
          "helper result carries \"dialog\": {type, message}.",
      .params = kParams,
      .ops = kOps,
      .result =
          R"~({"type": "alert"|"confirm"|"prompt"|"beforeunload", "message"} of the dialog answered)~",
      .errors = R"~("no dialog" (none is open))~",
      .example =
          R"~({"frames":[{"method":"page.goto","params":{"url":"data:text/html,<button onclick=\"this.textContent=prompt('Your name?')\">Ask</button>"},"silent":true},{"method":"page.click","params":{"text":"Ask"}},{"method":"page.dialog","params":{"accept":true,"text":"Ada"}},{"method":"page.text"}]})~",
      .file = ResultFile::kJson,
      .run = &Run,
  };
  return spec;
}

}  // namespace firefox_bidi::page
