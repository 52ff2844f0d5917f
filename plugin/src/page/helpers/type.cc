// page.type: text; optional target to focus first; delay_ms -> {"value"} of the focused field
// (or {"focused"}: what has the focus, no field): a real key press per character, as a user
// types.
#include <boost/json/object.hpp>
#include <cstdint>

#include "absl/strings/match.h"
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

constexpr char kMethod[] = "page.type";

// `keys` (keyDown/keyUp per character) with a pause of `delay_ms` after each character's keyUp
// but the last.
json::array WithPauses(const json::array& keys, std::int64_t delay_ms) {
  json::array out;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    out.push_back(keys[i]);
    const bool key_up = keys[i].as_object().at("type").as_string() == "keyUp";
    if (key_up && i + 1 < keys.size()) {
      out.push_back(json::object{{"type", "pause"}, {"duration", delay_ms}});
    }
  }
  return out;
}

absl::StatusOr<json::value> Run(PageContext& page, const json::object& params) {
  ASSIGN_OR_RETURN(std::optional<std::string> text, StringParam(kMethod, params, "text"));
  if (!text.has_value() || text->empty()) {
    return HelperError(kInvalidArgument,
                       absl::StrCat(kMethod,
                                    " needs \"text\": the characters to type (\"\\n\" "
                                    "presses Enter, \"\\t\" Tab)"));
  }
  ASSIGN_OR_RETURN(const std::optional<std::int64_t> delay_ms,
                   IntParam(kMethod, params, "delay_ms", 0, 5000));
  absl::StatusOr<json::array> keys = TypeTextKeyActions(*text);
  if (!keys.ok()) {
    return HelperError(kInvalidArgument, absl::StrCat(kMethod, ": ", keys.status().message()));
  }
  if (delay_ms.value_or(0) > 0) *keys = WithPauses(*keys, *delay_ms);
  ASSIGN_OR_RETURN(const std::string tab, page.Tab(params));
  // "text" is what to type: a text target comes in a "target" object.
  json::object target_params = params;
  target_params.erase("text");
  ASSIGN_OR_RETURN(const std::optional<Target> target, ParseTarget(kMethod, target_params));
  ASSIGN_OR_RETURN(const KeysFocus focus, FocusForKeys(page, kMethod, tab, target));
  ASSIGN_OR_RETURN(const InputEffect effect,
                   PerformAndFollow(page, tab, KeyActionsParams(focus.context, *std::move(keys)),
                                    "the typing", focus.context == tab));
  if (absl::StrContains(*text, '\t')) RETURN_IF_ERROR(KeepFocusInPage(page, tab));
  json::value result;
  if (effect.navigated) {
    // An Enter in the text submitted a form: the field is gone with its page.
    ASSIGN_OR_RETURN(result, AfterAction(page, tab, effect));
  } else {
    ASSIGN_OR_RETURN(SandboxResult focused,
                     page.Sandbox(focus.context, ops::kInputActiveValue, json::object{}));
    result = std::move(focused.data);
    if (result.is_object()) {
      if (effect.not_sent) result.as_object()["not_sent"] = *effect.not_sent;
      if (effect.invalid) result.as_object()["invalid"] = *effect.invalid;
      if (effect.alerts) result.as_object()["alerts"] = *effect.alerts;
    }
  }
  if (focus.target && result.is_object()) NoteMatches(*focus.target, result.as_object());
  return result;
}

constexpr Param kParams[] = {
    {.key = "text",
     .type = ParamType::kString,
     .help = R"~(what to type, a key press per character)~"},
    {.key = "target",
     .type = ParamType::kTarget,
     .help = R"~(optional, an element to focus first (text targets in a "target" object))~"},
    {.key = "delay_ms",
     .type = ParamType::kInteger,
     .default_value = "0",
     .help = "a pause between characters, at most 5000"},
    kTimeoutParam,
};

constexpr PageOp kOps[] = {ops::kInputFocus,   ops::kInputPrepareClick, ops::kInputArm,
                           ops::kInputOutcome, ops::kInputActiveValue,  ops::kPageFocused};

}  // namespace

const HelperSpec& TypeHelper() {
  static const HelperSpec spec{
      .method = kMethod,
      .synopsis = R"~({text, target?, delay_ms?} -> {value})~",
      .summary =
          "Types text key by key at the caret of the focused element (or of target); "
          "page.fill replaces a field's value instead.",
      .params = kParams,
      .ops = kOps,
      .result =
          R"~({"value"} of the focused field (a date segment's: the whole date field's text), with "moved_to": that field's name when the keys moved the focus there from a field of another name (a code's boxes that move on per digit: the value is the box the focus came to); when the focus is on no field, {"focused": what has it} (no field has the focus: "body" when nothing has it, with "page_changed": whether the page changed its text or elements as the keys came, its own listeners taking them (a spreadsheet's cell); if false, click or target the field; a code editor is named); after an Enter that loaded a page or opened a dialog, {"url","title","navigated"} (and "dialog"); after an Enter whose form the browser refused to send, "not_sent" as for page.click; "invalid" and "alerts" as for page.click (a field checked as it is typed into); "matches": N when the target matched N elements (the first one took the keys, or "chosen" says which))~",
      .errors =
          R"~("invalid argument" (a control character), "no such element", "stale ref", "element covered" (the target lies outside an open modal dialog or behind a modal's backdrop: nothing typed))~",
      .example =
          R"~({"frames":[{"method":"page.goto","params":{"url":"data:text/html,<input id=q>"},"silent":true},{"method":"page.type","params":{"css":"#q","text":"hello"}}]})~",
      .file = ResultFile::kJson,
      .run = &Run,
  };
  return spec;
}

}  // namespace firefox_bidi::page
