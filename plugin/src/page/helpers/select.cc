// page.select: target; optional text -> {"selected"}: a real selection of the target's text (or
// of the first match of `text` in it), made through the Selection API (a field's selection
// range in an input or textarea), so that selectionchange fires and an editor's toolbar then
// acts on it, then ended as a keyboard user's selection ends, Shift coming up; by a mouse drag
// over it in a code editor that draws its text beside a hidden field and ignores the
// document's selection.
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/json_fields.h"
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

constexpr char kMethod[] = "page.select";
// The moves of a selecting mouse drag: the editor sees the button held as the mouse goes.
constexpr int kMouseSelectionSteps = 2;

absl::StatusOr<json::value> Run(PageContext& page, const json::object& params) {
  ASSIGN_OR_RETURN(const std::optional<std::string> text, StringParam(kMethod, params, "text"));
  if (text && text->find_first_not_of(" \t\n\r") == std::string::npos) {
    return HelperError(kInvalidArgument,
                       absl::StrCat(kMethod,
                                    ": \"text\" is the text to select inside the target; leave "
                                    "it out to select all of the target's text"));
  }
  ASSIGN_OR_RETURN(const std::string tab, page.Tab(params));
  // "text" is what to select: a text target comes in a "target" object.
  json::object target_params = params;
  target_params.erase("text");
  ASSIGN_OR_RETURN(const Target target, RequireTarget(kMethod, target_params));
  json::object input;
  if (text) input["text"] = *text;
  // Two calls: the selection waits for the page's selectionchange, which a target's search
  // (ActOnTarget's one call) cannot.
  ASSIGN_OR_RETURN(const ResolvedTarget element, ResolveTarget(page, tab, target));
  ASSIGN_OR_RETURN(SandboxResult selected,
                   page.Sandbox(element.context, ops::kSelectText, input, {element.argument}));
  RETURN_IF_ERROR(PageSideStatus(kMethod, selected.data));
  if (BoolAt(selected.data.as_object(), "select_all")) {
    // All of a code editor's text: Control+a in its keys field, which the page side focused,
    // then what the editor selected.
    const KeyChord select_all{{std::string(kControlKey)}, "a"};
    RETURN_IF_ERROR(DispatchInInputTurn(
        page, tab, KeyActionsParams(element.context, ChordKeyActions(select_all)),
        "the Control+a that selects the code editor's text"));
    ASSIGN_OR_RETURN(selected, page.Sandbox(element.context, ops::kSelectRead,
                                            json::object{{"all", true}}, {element.argument}));
    RETURN_IF_ERROR(PageSideStatus(kMethod, selected.data));
    // Its keys field holds a part of the text at most (the lines near the caret): no reading
    // of what was selected.
    json::object result{{"selected_all", true}};
    NoteMatches(element, result);
    return result;
  } else if (const json::value* mouse = selected.data.as_object().if_contains("mouse")) {
    // A code editor takes its selection from the mouse: press on the first character, drag to
    // the last, and read what the page selected.
    // Real input, in the agent's turn on the focus (a mouse drag in a window that has it).
    RETURN_IF_ERROR(DispatchInInputTurn(
        page, tab,
        DragActionsParams(element.context, ViewportPointOf(mouse->as_object().at("from")),
                          ViewportPointOf(mouse->as_object().at("to")), kMouseSelectionSteps),
        "the selection's mouse drag"));
    ASSIGN_OR_RETURN(selected,
                     page.Sandbox(element.context, ops::kSelectRead,
                                  json::object{{"wanted", selected.data.as_object().at("wanted")}},
                                  {element.argument}));
    RETURN_IF_ERROR(PageSideStatus(kMethod, selected.data));
  } else {
    // A selection made with keys ends as Shift comes up: an editor that looks at the selection
    // only on a key or a mouse button coming up (medium-editor's toolbar) sees it then. What
    // the page then shows for it (a toolbar a moment later) is awaited as a key's answer is; the
    // page side armed the watch in the element's document.
    const json::array shift{json::object{{"type", "keyDown"}, {"value", "\xEE\x80\x88"}},
                            json::object{{"type", "keyUp"}, {"value", "\xEE\x80\x88"}}};
    RETURN_IF_ERROR(PerformAndFollow(page, tab, KeyActionsParams(element.context, shift),
                                     "the Shift that ends the selection", element.context == tab)
                        .status());
  }
  json::object result{{"selected", selected.data.as_object().at("selected")}};
  NoteMatches(element, result);
  return result;
}

constexpr Param kParams[] = {
    {.key = "target",
     .type = ParamType::kTarget,
     .help = R"~(the element (a text target goes in "target"))~"},
    {.key = "text", .type = ParamType::kString, .help = "what to select in it (default: all)"},
};

constexpr PageOp kOps[] = {ops::kSelectText, ops::kSelectRead, ops::kInputOutcome};

}  // namespace

const HelperSpec& SelectHelper() {
  static const HelperSpec spec{
      .method = kMethod,
      .synopsis = R"~({target, text?} -> {selected})~",
      .summary =
          "Selects text (not an option: page.fill chooses those) in a field, an editor or any "
          "text, as a user would, so that the page's toolbar acts on it.",
      .params = kParams,
      .ops = kOps,
      .result =
          R"~({"selected": "TEXT"}: the selection as the page reads it afterwards (an input's or textarea's selected part, else window.getSelection()); all of a code editor's text (Control+a in it): {"selected_all": true}; "matches": N when the target matched N elements. text: its first match inside the target (a run of spaces matches any white space, or none where two blocks' texts meet); the page gets selectionchange (and select in a field), so a toolbar then acts on it.)~",
      .errors =
          R"~("no such element" (no such target, or no such text inside it: the message shows its text), "stale ref", "not selectable" (the page moved or dropped the selection, as a code editor that keeps its own does: select with keys), "element covered" (behind an open modal or a modal's backdrop), "invalid argument")~",
      .example =
          R"~({"frames":[{"method":"page.goto","params":{"url":"data:text/html,<p contenteditable>Ship it on Friday</p>"},"silent":true},{"method":"page.select","params":{"css":"p","text":"Friday"}},{"method":"page.eval","params":{"expression":"document.queryCommandEnabled('bold') && document.execCommand('bold') && document.querySelector('p').innerHTML"}}]})~",
      .file = ResultFile::kJson,
      .run = &Run,
  };
  return spec;
}

}  // namespace firefox_bidi::page
