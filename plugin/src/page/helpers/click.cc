// page.click: target; button, count, modifiers -> {"url","title","navigated"}.
#include <algorithm>
#include <boost/json/object.hpp>
#include <cstdint>

#include "absl/strings/str_cat.h"
#include "core/status_macros.h"
#include "page/actions.h"
#include "page/helper_error.h"
#include "page/helpers/helpers.h"
#include "page/helpers/input.h"
#include "page/targets.h"

namespace firefox_bidi::page {
namespace json = boost::json;
namespace {

constexpr char kMethod[] = "page.click";

absl::StatusOr<json::value> Run(PageContext& page, const json::object& params) {
  absl::StatusOr<ClickSpec> spec = ParseClickSpec(params);
  if (!spec.ok()) {
    return HelperError(kInvalidArgument, absl::StrCat(kMethod, ": ", spec.status().message()));
  }
  ASSIGN_OR_RETURN(const std::string tab, page.Tab(params));
  ASSIGN_OR_RETURN(const Target target, RequireTarget(kMethod, params));
  // One call finds the element, scrolls it into view and checks what the click would hit; a
  // text target is clicked on its words.
  json::object prepare_input =
      target.kind == Target::Kind::kText ? json::object{{"text", target.value}} : json::object{};
  if (const json::value* position = params.if_contains("position")) {
    // A point of the element other than its middle (a canvas, a backdrop's edge).
    const std::optional<json::object> offset = PixelOffsetOf(*position);
    if (!offset) {
      return HelperError(kInvalidArgument,
                         absl::StrCat(kMethod,
                                      ": \"position\" is a point in the element, in pixels from "
                                      "its top left corner, e.g. {\"x\": 10, \"y\": 5}"));
    }
    prepare_input["position"] = *offset;
  }
  ASSIGN_OR_RETURN(ActedTarget prepared,
                   ActOnTarget(page, tab, target, ops::kInputPrepareClick, prepare_input));
  const ResolvedTarget& element = prepared.element;
  if (const json::object* data = prepared.data.if_object();
      data != nullptr && StringIs(data->if_contains("error"), FrameErrorName(kElementCovered))) {
    // A cover that goes once the mouse is on its way (a tooltip that hides when the mouse
    // leaves its button, a menu that closes): move the mouse onto the element as a user
    // would, let the page answer, and look again.
    RETURN_IF_ERROR(MoveMouseOnto(page, tab, element.context, element.shared_id, {}, kCoverAnswer));
    ASSIGN_OR_RETURN(SandboxResult again, page.Sandbox(element.context, ops::kInputPrepareClick,
                                                       prepare_input, {element.argument}));
    prepared.data = std::move(again.data);
    NoteFirstOfMatches(element, prepared.data);
  }
  if (const json::object* data = prepared.data.if_object();
      data != nullptr && StringIs(data->if_contains("error"), FrameErrorName(kElementDisabled))) {
    // Wait a little for the page to enable it before saying it is disabled.
    ASSIGN_OR_RETURN(const bool enabled, AwaitEnabled(page, element.context, element.argument));
    if (enabled) {
      ASSIGN_OR_RETURN(SandboxResult again, page.Sandbox(element.context, ops::kInputPrepareClick,
                                                         prepare_input, {element.argument}));
      prepared.data = std::move(again.data);
      NoteFirstOfMatches(element, prepared.data);
    }
  }
  RETURN_IF_ERROR(PageSideStatus(kMethod, prepared.data));
  // The page side watches the click in the tab's own document (not in a frame's).
  ASSIGN_OR_RETURN(const InputEffect effect,
                   PerformAndFollow(page, tab,
                                    ClickActionsParams(element.context, element.shared_id, *spec,
                                                       CentreOffsetOf(prepared.data)),
                                    "the click", element.context == tab));
  if (effect.missed) {
    return HelperError(
        kClickMissed,
        absl::StrCat(
            kMethod, ": the page moved the element as the click came: ", *effect.missed,
            " got the click instead, and the page may have acted on it (a layer it drew "
            "over the element on hover may pass the click on). Take a new page.snapshot to "
            "see what it did, and click again only if it did not act"));
  }
  ASSIGN_OR_RETURN(json::object result, AfterAction(page, tab, effect));
  NoteMatches(element, result);
  return result;
}

constexpr Param kParams[] = {
    {.key = "target", .type = ParamType::kTarget, .help = "the element to click"},
    {.key = "button",
     .type = ParamType::kString,
     .default_value = R"~("left")~",
     .help = R"~("left" (default), "middle" or "right")~"},
    {.key = "count",
     .type = ParamType::kInteger,
     .default_value = "1",
     .help = "1 (default), 2 (double click) or 3 (triple click)"},
    {.key = "modifiers",
     .type = ParamType::kArray,
     .help = R"~(keys held during the click, e.g. ["Shift"] ("Shift", "Control", "Alt", "Meta"))~"},
    {.key = "position",
     .type = ParamType::kAny,
     .help = R"~({x, y} from its top left, not its middle)~"},
    kTimeoutParam,
};

constexpr PageOp kOps[] = {ops::kInputPrepareClick, ops::kInputWaitEnabled, ops::kInputOutcome,
                           ops::kInputPointerSettled};

}  // namespace

const HelperSpec& ClickHelper() {
  static const HelperSpec spec{
      .method = kMethod,
      .synopsis = R"~({target, button?, count?} -> {url, title, navigated})~",
      .summary = "Clicks an element with the real mouse, after scrolling it into view.",
      .params = kParams,
      .ops = kOps,
      .result =
          R"~({"url","title","navigated"}: navigated is true when the click started a navigation, and the new page has then loaded ("waited": "interactive" when its load event had not come 3 s after DOM ready, as for page.goto); a click that would leave a page that asks first returns with that "dialog". "opened": ["TAB"] when the click opened a new tab (the current tab stays; page.tabs selects it). "matches": N when the target matched N elements (the first one was clicked, or "chosen" says which). "not_sent": ["textbox \"Email\": Please fill out this field."] when the click was to send a form and the browser refused it: the fields it found wanting (3 at most, then "and N more"), the page's message for each or the browser's; the page saw no submit. "invalid": ["textbox \"Email\": Not a valid email!"]: fields the page marked invalid (aria-invalid) since the click, its message for each, and "alerts": the texts of alerts it showed since (role=alert, aria-live=assertive; and messages newly shown in red in the form clicked in, beside a field, as Naive UI's, or in a list, as Fomantic UI's): a form's own check refusing the send (every field and alert of a form the click sent that the page kept, shown before or not; 3 of each at most). It returns once the page has settled: 150 ms with nothing new begun, and the transitions the click set off (a modal fading in) ended; 500 ms at most (up to 1.5 s while the page draws its frames late, as on a busy machine).)~",
      .errors =
          R"~("no such element", "stale ref" (take a new page.snapshot), "element covered" (another element, named in the message, is still on top once the mouse is there: close it first; nothing was clicked), "element disabled" (still disabled after 1 s: the page wants something first; nothing was clicked), "click missed" (the page moved the element as the click came and another element, named, got it), "element not visible" (no size, hidden, or the page scrolled it out of view again: reach it with keys), "timeout")~",
      .example =
          R"~({"frames":[{"method":"page.goto","params":{"url":"data:text/html,<button onclick=\"this.textContent='Done'\">Buy</button>"},"silent":true},{"method":"page.click","params":{"role":"button","name":"Buy"}},{"method":"page.text"}]})~",
      .file = ResultFile::kJson,
      .run = &Run,
  };
  return spec;
}

}  // namespace firefox_bidi::page
