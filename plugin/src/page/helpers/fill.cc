// page.fill: target; value; submit -> {"value"}, and "label" for a select, "maxlength" for
// text a field's maxlength cut, "options" (and "more") a suggesting field's list offers.
#include <algorithm>
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>

#include "absl/strings/numbers.h"
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

constexpr char kMethod[] = "page.fill";

// The value of the field `element` names, as page.fill reports it (OPS.inputValue); `drawn`:
// once the page has drawn what keys just did (two frames alike).
absl::StatusOr<json::value> ValueOf(PageContext& page, const ResolvedTarget& element,
                                    bool drawn = false) {
  json::object input;
  if (drawn) input["drawn"] = true;
  ASSIGN_OR_RETURN(SandboxResult read, page.Sandbox(element.context, ops::kInputValue,
                                                    std::move(input), {element.argument}));
  return std::move(read.data);
}

// A slider's value once its keys were drawn, with where the keys' focus went if it left the
// slider, and a range's other handle at the same value (OPS.inputValue's `kept`).
absl::StatusOr<json::object> SliderFacts(PageContext& page, const ResolvedTarget& element) {
  ASSIGN_OR_RETURN(SandboxResult read,
                   page.Sandbox(element.context, ops::kInputValue,
                                json::object{{"drawn", true}, {"kept", true}}, {element.argument}));
  return std::move(read.data.as_object());
}

// A slider's value as page.fill reports it (its aria-valuenow) and as a number.
struct SliderValue {
  std::string text;
  double number = 0;
};

// Presses `key` `count` times in `element`'s context, in the agent's turn on the focus, and
// reads the slider's value afterwards.
absl::StatusOr<SliderValue> PressOnSlider(PageContext& page, std::string_view tab,
                                          const ResolvedTarget& element, std::string_view key,
                                          int count) {
  json::array actions;
  for (int i = 0; i < count; ++i) {
    const json::array press = ChordKeyActions(KeyChord{{}, std::string(key)});
    actions.insert(actions.end(), press.begin(), press.end());
  }
  RETURN_IF_ERROR(DispatchInInputTurn(
      page, tab, KeyActionsParams(element.context, std::move(actions)), "the slider's keys"));
  ASSIGN_OR_RETURN(const json::object facts, SliderFacts(page, element));
  SliderValue value;
  if (const json::string* text = facts.at("value").if_string()) value.text = std::string(*text);
  if (const json::value* moved_to = facts.if_contains("moved_to")) {
    // A range slider's handle that passed the other gave the focus to that one, and the
    // presses after went there.
    return HelperError(
        kNotFillable,
        absl::StrCat(kMethod, ": as the slider came to ", value.text,
                     ", the page gave the keys' focus to ", std::string(moved_to->as_string()),
                     ", and the keys after went there: it now says ",
                     std::string(facts.at("now").as_string()),
                     " (a range's handles that cannot pass each other: move the other one "
                     "first, then this one); nothing more was pressed"));
  }
  if (!absl::SimpleAtod(value.text, &value.number)) {
    return HelperError(kNotFillable,
                       absl::StrCat(kMethod, ": the slider no longer says its value"));
  }
  return value;
}

// Steps to go beyond which a slider is first moved by its page keys (PageUp, PageDown), as a
// keyboard user moves a wide one: a price from 0 to 100,000 in steps of 1.
constexpr double kPageKeysWorth = 50;

// Moves a slider at `now` towards `target` by its page keys: one press tells how far they
// go; as many more as fit before the target follow. A slider whose page keys go the other
// way, or past the target, or nowhere, gets the other key once to undo it (or is left as it
// is) and is moved by its arrow keys from there. Its value afterwards.
absl::StatusOr<SliderValue> PageSlider(PageContext& page, std::string_view tab,
                                       const ResolvedTarget& element, double target,
                                       SliderValue now) {
  constexpr std::string_view kPageUp = "\xEE\x80\x8E";    // U+E00E, PageUp
  constexpr std::string_view kPageDown = "\xEE\x80\x8F";  // U+E00F, PageDown
  constexpr int kMaxPagePresses = 200;
  const bool up = target > now.number;
  const double left = std::abs(target - now.number);
  ASSIGN_OR_RETURN(const SliderValue moved,
                   PressOnSlider(page, tab, element, up ? kPageUp : kPageDown, 1));
  const double jump = (moved.number - now.number) * (up ? 1 : -1);
  if (jump <= 0 || jump > left) {
    // Not towards the target, or past it: undone (a slider without page keys did not move).
    if (jump == 0) return moved;
    return PressOnSlider(page, tab, element, up ? kPageDown : kPageUp, 1);
  }
  const int more = std::min(static_cast<int>((left - jump) / jump), kMaxPagePresses);
  if (more == 0) return moved;
  return PressOnSlider(page, tab, element, up ? kPageUp : kPageDown, more);
}

// A slider the page draws, focused by the page side ({"now", "target"}), moved by its arrow
// keys as a keyboard user moves it (a wide one first by its page keys, PageSlider): one press tells
// its step and its way (a vertical slider may lower its value on ArrowRight: the keys are swapped
// then, and the next press undoes that one), then as many presses as the rest needs, then single
// presses while that leaves it more than half a step away (a step that does not divide the value
// stops at the nearest). Its value afterwards.
absl::StatusOr<json::value> MoveSlider(PageContext& page, std::string_view tab,
                                       const ResolvedTarget& element, const json::object& slider) {
  constexpr std::string_view kRight = "\xEE\x80\x94";  // U+E014, ArrowRight
  constexpr std::string_view kLeft = "\xEE\x80\x92";   // U+E012, ArrowLeft
  constexpr int kMaxPresses = 1000;
  const double target = slider.at("target").to_number<double>();
  SliderValue now{.text = "", .number = slider.at("now").to_number<double>()};
  // Keys go where the focus is: a handle that did not take it with its grab (Arco's, whose
  // press the page cancels) is focused as by Tab; one that takes it no way would send them to
  // what had it, a radio button of another group.
  ASSIGN_OR_RETURN(json::object before, SliderFacts(page, element));
  if (before.contains("moved_to")) {
    RETURN_IF_ERROR(
        page.Sandbox(element.context, ops::kInputRefocus, json::object{}, {element.argument})
            .status());
    ASSIGN_OR_RETURN(before, SliderFacts(page, element));
  }
  if (const json::value* focused = before.if_contains("moved_to")) {
    return HelperError(
        kNotFillable,
        absl::StrCat(kMethod, ": the slider did not take the focus (",
                     std::string(focused->as_string()),
                     " has it), and its arrow keys would go there; nothing was pressed. Drag "
                     "its handle with page.drag (from the handle, \"by\" the distance)"));
  }
  double step = 0;
  bool swapped = false;  // ArrowRight lowers its value
  bool paged = false;    // its page keys were tried
  // Grabbed by a click first (a range's handle), and focused again once its keys did nothing.
  const bool grabbed = BoolAt(slider, "click");
  bool refocused = false;
  int presses = 0;
  constexpr int kRounds = 5;
  int round = 0;
  for (; round < kRounds; ++round) {
    const double left = std::abs(target - now.number);
    if (left == 0 || (step > 0 && left <= step / 2)) break;
    if (step > 0 && !paged && left / step > kPageKeysWorth) {
      paged = true;
      ASSIGN_OR_RETURN(now, PageSlider(page, tab, element, target, now));
      continue;
    }
    const int count =
        step > 0 ? std::clamp(static_cast<int>(std::lround(left / step)), 1, kMaxPresses) : 1;
    const bool up = (target > now.number) != swapped;
    ASSIGN_OR_RETURN(const SliderValue moved,
                     PressOnSlider(page, tab, element, up ? kRight : kLeft, count));
    presses += count;
    if (moved.number == now.number && step == 0 && grabbed && !refocused) {
      // A handle that takes keys only after a focus that came by no pointer (Quasar's range)
      // is focused again, as by Tab away and back.
      refocused = true;
      RETURN_IF_ERROR(
          page.Sandbox(element.context, ops::kInputRefocus, json::object{}, {element.argument})
              .status());
      continue;
    }
    if (moved.number == now.number) break;  // at its end, or it takes no keys
    const bool away = std::abs(target - moved.number) > left;
    const bool first = step == 0;
    if (first) {
      step = std::abs(moved.number - now.number);
      // The way it moved tells the keys' way: a first step past the value (Naive UI's slider in
      // steps of 10, 40 to 50 for 42) goes the right way, and only too far.
      swapped = (moved.number > now.number) != (target > now.number);
    }
    now = moved;
    if (away && !first) break;  // keys that do not keep to one way: no fill
  }
  const double left = std::abs(target - now.number);
  if (left == 0 || (step > 0 && left <= step / 2)) {
    if (now.text.empty()) return ValueOf(page, element);  // not moved: read as it is
    return json::value(now.text);
  }
  // A value it does not hold is no fill.
  ASSIGN_OR_RETURN(const json::object facts, SliderFacts(page, element));
  const json::value& shown = facts.at("value");
  if (const json::value* other = facts.if_contains("other_handle")) {
    // Stopped where the range's other handle stands, which it does not pass (Blueprint's).
    return HelperError(
        kNotFillable,
        absl::StrCat(kMethod, ": the slider stopped at ", json::serialize(shown),
                     ", where the range's other handle, ", std::string(other->as_string()),
                     ", stands: its handles do not pass each other; move that one first, then "
                     "this one"));
  }
  if (round == kRounds && step > 0) {
    // Still on its way when the presses ran out: a wide range in small steps whose page keys
    // do not move it (Mantine's).
    return HelperError(
        kNotFillable,
        absl::StrCat(kMethod, ": the slider moves by ", step, " a press, and ", presses,
                     " presses took it to ", json::serialize(shown), ", not ", target,
                     ", with more to go; drag its handle near the value with page.drag (from "
                     "the handle, \"by\" the distance), then fill it again to finish"));
  }
  return HelperError(
      kNotFillable,
      absl::StrCat(kMethod, ": the slider ",
                   step == 0 ? "did not move with its arrow keys" : "stopped short of the value",
                   ": it says ", json::serialize(shown), ", not ", target,
                   "; drag its handle with page.drag (from the handle, \"by\" the distance)"));
}

// How long a toggle's click may take to change its value after the click settled, and how
// often it is read meanwhile.
constexpr std::chrono::milliseconds kToggleAnswerWait{1500};
constexpr std::chrono::milliseconds kToggleAnswerPoll{100};

// A field whose page takes its keys itself (a mask, a formatted number) cancelled the first
// key the fill offered it, having taken it as a user's (OPS.inputFill's `keys`: the rest of
// the text): the rest goes in with real keys, as page.type sends them, and the fill is asked
// again with `typed`, to read the field and leave it. In the agent's turn on the focus.
absl::Status TypeByKeysWhenAsked(PageContext& page, ActedTarget& acted, json::object input) {
  const json::object* data = acted.data.if_object();
  const json::value* rest = data != nullptr ? data->if_contains("keys") : nullptr;
  if (rest == nullptr || !rest->is_string()) return absl::OkStatus();
  if (!rest->get_string().empty()) {
    ASSIGN_OR_RETURN(json::array keys, TypeTextKeyActions(rest->get_string()));
    RETURN_IF_ERROR(page.Command("input.performActions",
                                 KeyActionsParams(acted.element.context, std::move(keys)),
                                 "the fill's keys to be dispatched")
                        .status());
  }
  input["aim"] = false;
  input["typed"] = true;
  ASSIGN_OR_RETURN(SandboxResult again, page.Sandbox(acted.element.context, ops::kInputFill, input,
                                                     {acted.element.argument}));
  acted.data = std::move(again.data);
  return absl::OkStatus();
}

// page.fill of a list the page draws (OPS.inputFill's `pick`: a select drawn as a button or a
// custom element, a read-only field that opens a list), as a user fills it: a click opens it
// (unless the fill's own click did: `opened`), a click on the option named chooses it, and the
// field is read back; an option the page did not take is an error, never a value.
absl::StatusOr<json::value> PickFromList(PageContext& page, std::string_view tab,
                                         const ActedTarget& filled, const json::value& value) {
  const ResolvedTarget& element = filled.element;
  if (!BoolAt(filled.data.as_object(), "opened")) {
    RETURN_IF_ERROR(
        ClickElement(page, kMethod, tab, element.context, element.argument, ClickSpec{}).status());
  }
  const std::string text =
      value.is_string() ? std::string(value.get_string()) : json::serialize(value);
  ASSIGN_OR_RETURN(const SandboxResult found,
                   page.Sandbox(element.context, ops::kInputPickOption,
                                json::object{{"value", text}}, {element.argument}));
  RETURN_IF_ERROR(PageSideStatus(kMethod, found.data));
  const json::value* shared_id =
      found.nodes.empty() ? nullptr : found.nodes[0].if_contains("sharedId");
  if (shared_id == nullptr) {
    return absl::InternalError("inputPickOption returned no option node");
  }
  const json::object option{{"sharedId", *shared_id}};
  const json::object& picked = found.data.as_object();
  const json::value& name = picked.at("name");
  if (!BoolAt(picked, "kept")) {
    RETURN_IF_ERROR(
        ClickElement(page, kMethod, tab, element.context, option, ClickSpec{}).status());
  }
  // What the select showed before the click tells a choice taken from the text left as it was.
  json::object read_back{
      {"name", name}, {"before", picked.at("before")}, {"already", picked.at("already")}};
  // A dialog that takes the choice from its own button (an alert's OK) gets that click once
  // the option's click left it standing, as a user's hand goes there next.
  std::optional<json::value> confirmed;
  if (found.nodes.size() > 1) {
    const json::object confirm{{"sharedId", found.nodes[1].at("sharedId")}};
    ASSIGN_OR_RETURN(const SandboxResult stands,
                     page.Sandbox(element.context, ops::kInputPickedShows, read_back,
                                  {element.argument, option, confirm}));
    RETURN_IF_ERROR(PageSideStatus(kMethod, stands.data));
    if (BoolAt(stands.data.as_object(), "confirm")) {
      RETURN_IF_ERROR(
          ClickElement(page, kMethod, tab, element.context, confirm, ClickSpec{}).status());
      confirmed = picked.at("confirm");
      read_back["confirmed"] = true;
    }
  }
  ASSIGN_OR_RETURN(const SandboxResult shown, page.Sandbox(element.context, ops::kInputPickedShows,
                                                           read_back, {element.argument, option}));
  RETURN_IF_ERROR(PageSideStatus(kMethod, shown.data));
  json::object result{{"value", shown.data.as_object().at("value")}, {"label", name}};
  if (BoolAt(shown.data.as_object(), "expanded")) result["expanded"] = true;
  if (confirmed) result["confirmed"] = *std::move(confirmed);
  NoteMatches(element, result);
  return result;
}

absl::StatusOr<json::value> Run(PageContext& page, const json::object& params) {
  const json::value* value = params.if_contains("value");
  if (value == nullptr || !(value->is_string() || value->is_bool() || value->is_number())) {
    return HelperError(kInvalidArgument,
                       absl::StrCat(kMethod,
                                    " needs \"value\": text for inputs, textareas and "
                                    "contenteditable elements, an option's label or "
                                    "value for a select, true or false for a checkbox "
                                    "or radio button"));
  }
  ASSIGN_OR_RETURN(const std::optional<bool> submit, BoolParam(kMethod, params, "submit"));
  ASSIGN_OR_RETURN(const std::string tab, page.Tab(params));
  ASSIGN_OR_RETURN(const Target target, RequireTarget(kMethod, params));
  // One call finds the element and fills it.
  // The field keeps the focus when Enter follows: the key goes to it and submits its form.
  // Focused, typed into and left in the agent's turn on the focus (blur and change fire).
  std::optional<ActedTarget> acted;
  // The mouse goes onto the field first, as a user's hand does (MouseOntoFieldFirst).
  const json::object fill_input{
      {"value", *value}, {"leave", !submit.value_or(false)}, {"aim", true}};
  const PageContext::Clock::time_point began = PageContext::Clock::now();
  RETURN_IF_ERROR(page.InInputTurn(tab, [&]() -> absl::Status {
    ASSIGN_OR_RETURN(acted, ActOnTarget(page, tab, target, ops::kInputFill, fill_input));
    RETURN_IF_ERROR(MouseOntoFieldFirst(page, *acted, ops::kInputFill, fill_input));
    return TypeByKeysWhenAsked(page, *acted, fill_input);
  }));
  ActedTarget& filled = *acted;
  if (const json::object* data = filled.data.if_object();
      data != nullptr && BoolAt(*data, "disabled")) {
    // A field the page enables a moment later (a list once its options came): fill it then.
    ASSIGN_OR_RETURN(const bool enabled,
                     AwaitEnabled(page, filled.element.context, filled.element.argument));
    if (enabled) {
      RETURN_IF_ERROR(page.InInputTurn(tab, [&]() -> absl::Status {
        ASSIGN_OR_RETURN(SandboxResult again, page.Sandbox(filled.element.context, ops::kInputFill,
                                                           fill_input, {filled.element.argument}));
        filled.data = std::move(again.data);
        RETURN_IF_ERROR(MouseOntoFieldFirst(page, filled, ops::kInputFill, fill_input));
        return TypeByKeysWhenAsked(page, filled, fill_input);
      }));
    }
  }
  RETURN_IF_ERROR(PageSideStatus(kMethod, filled.data));
  if (BoolAt(filled.data.as_object(), "pick")) {
    // The choice is the option's click; an Enter after it would open the list again.
    if (submit.value_or(false)) {
      return HelperError(kInvalidArgument,
                         absl::StrCat(kMethod,
                                      ": submit does not apply to a list the page draws (the click "
                                      "on its option chooses it): fill it without submit, then "
                                      "click the form's button"));
    }
    return PickFromList(page, tab, filled, *value);
  }
  const ResolvedTarget& element = filled.element;
  json::value after = filled.data.as_object()["value"];
  if (const json::value* click = filled.data.as_object().if_contains("click");
      click != nullptr && click->is_bool() && click->get_bool()) {
    // A checkbox or radio button whose state must change is clicked for real; a mixed one may
    // come out of its click either way (a click clears indeterminate and toggles checked),
    // and is clicked once more if that was the other.
    int clicks = BoolAt(filled.data.as_object(), "mixed") ? 2 : 1;
    for (int i = 0; i < clicks && after != *value; ++i) {
      RETURN_IF_ERROR(
          ClickElement(page, kMethod, tab, element.context, element.argument, ClickSpec{})
              .status());
      ASSIGN_OR_RETURN(after, ValueOf(page, element));
      // A box whose clicks go through mixed on the way (Quasar's three-state checkbox:
      // unchecked, mixed, checked) is clicked once more.
      if (after != *value && i + 1 == clicks && clicks < 3) {
        ASSIGN_OR_RETURN(const SandboxResult mixed,
                         page.Sandbox(element.context, ops::kInputValue,
                                      json::object{{"mixed", true}}, {element.argument}));
        if (mixed.data.is_bool() && mixed.data.get_bool()) ++clicks;
      }
    }
    // A page that asks before it changes (Element Plus's switch with a before-change that
    // waits for a server's answer, 600 ms) changes it after the click settled: a second fill
    // then would click it back as the first change lands.
    for (const auto until = PageContext::Clock::now() + kToggleAnswerWait;
         after != *value && PageContext::Clock::now() < until;) {
      RETURN_IF_ERROR(page.AwaitFor(tab, kToggleAnswerPoll, [] { return false; }).status());
      ASSIGN_OR_RETURN(after, ValueOf(page, element));
    }
    if (after != *value) {
      // A value the box does not show is no fill: a second fill would click it again.
      return HelperError(
          kNotFillable,
          absl::StrCat(kMethod, ": it was clicked, but it reads ", json::serialize(after),
                       " afterwards: the page did not take the click as a change to ",
                       json::serialize(*value),
                       " (it may want something first); take a page.snapshot before trying "
                       "again"));
    }
  }
  if (const json::value* slider = filled.data.as_object().if_contains("slider")) {
    if (BoolAt(slider->as_object(), "click")) {
      // A range's handle, grabbed first (a click where it is), then moved by its keys.
      RETURN_IF_ERROR(
          ClickElement(page, kMethod, tab, element.context, element.argument, ClickSpec{})
              .status());
    }
    ASSIGN_OR_RETURN(after, MoveSlider(page, tab, element, slider->as_object()));
  }
  std::optional<json::value> refused;   // why the form refused to send what submit's Enter sent
  std::optional<json::array> not_sent;  // the fields it refused it for (the filled one or others)
  std::optional<json::array> alerts;    // alerts the page showed in answer to the Enter
  bool enter_taken = false;             // the option the Enter went to took it (OPS.inputValue)
  std::optional<json::value> shows;     // what the field's box shows after an Enter emptied it
  bool enter_made_tag = false;          // ... the text typed itself (a tag made of it)
  if (submit.value_or(false)) {
    const KeyChord enter{{}, "\xEE\x80\x86"};  // U+E006, Enter
    const absl::StatusOr<InputEffect> submitted =
        PerformAndFollow(page, tab, KeyActionsParams(element.context, ChordKeyActions(enter)),
                         "the Enter that submitted the field", element.context == tab);
    // Enter reached the page and opened a dialog (a submit handler that asks, a page that asks
    // before it is left): that is what it did, and the result carries the dialog (the page
    // layer adds it), as a click's does.
    if (!submitted.ok() && !IsHelperError(submitted.status(), kDialogOpen)) {
      return submitted.status();
    }
    // The value Enter left in a field that stays (a combobox that clears what matched no
    // option); a field the page replaced, left or put away keeps the value typed (a grid's
    // cell editor, put away on the Enter, holds the next cell's value as it waits for it:
    // Handsontable's).
    if (submitted.ok() && !submitted->navigated) {
      not_sent = submitted->not_sent;
      alerts = submitted->alerts;
      if (absl::StatusOr<SandboxResult> read = page.Sandbox(
              element.context, ops::kInputValue, json::object{{"shown", true}}, {element.argument});
          read.ok() && read->data.is_object()) {
        // An Enter that closed the field's popup and left it empty, nothing chosen: dropped.
        RETURN_IF_ERROR(PageSideStatus(kMethod, read->data));
        if (BoolAt(read->data.as_object(), "shown")) after = read->data.as_object().at("value");
        enter_taken = BoolAt(read->data.as_object(), "enter_taken");
        if (const json::value* shown = read->data.as_object().if_contains("shows")) shows = *shown;
        enter_made_tag = BoolAt(read->data.as_object(), "taken");
      }
      // A form that refused the Enter's submit for this field says why (its message).
      if (absl::StatusOr<SandboxResult> checked =
              page.Sandbox(element.context, ops::kInputInvalid, json::object{}, {element.argument});
          checked.ok() && checked->data.is_object()) {
        if (const json::value* why = checked->data.as_object().if_contains("invalid")) {
          refused = *why;
        }
      }
    }
  }
  // What the fill asked of the server (a check as the field is left, suggestions) is
  // answered in its result. Enter's own settle waited for what it began.
  if (!submit.value_or(false)) {
    RETURN_IF_ERROR(
        AwaitRequestsAnswered(page, tab, began, BoolAt(filled.data.as_object(), "reacted")));
  }
  json::object result{{"value", std::move(after)}};
  if (const json::value* label = filled.data.as_object().if_contains("label")) {
    result["label"] = *label;  // a select's chosen option, as the user sees it
  }
  if (const json::value* maxlength = filled.data.as_object().if_contains("maxlength")) {
    result["maxlength"] = *maxlength;  // the field kept only this many characters of the text
  }
  // What a suggesting field's list offers once the page answered the typing, or the option an
  // Enter (submit) went to; why the form holds the field invalid once it was left.
  for (const char* key : {"taken", "completion", "options", "more", "enter_on", "loading",
                          "expanded", "invalid", "alerts", "tabbed_to"}) {
    if (const json::value* offered = filled.data.as_object().if_contains(key)) {
      result[key] = *offered;
    }
  }
  if (shows) result["shows"] = *std::move(shows);
  if (enter_made_tag) result["taken"] = true;
  if (refused) result["invalid"] = *std::move(refused);
  if (not_sent) result["not_sent"] = *std::move(not_sent);
  if (alerts) result["alerts"] = *std::move(alerts);
  // The option the keys were on that the Enter did not choose: the field holds the text typed,
  // not the option's name (Mantine's select, its keys reset as its list opened, though it
  // still draws the option marked).
  if (const json::value* enter_on = result.if_contains("enter_on");
      enter_on != nullptr && !enter_taken && value->is_string() && result.at("value") == *value &&
      result.at("value") != *enter_on) {
    result["not_chosen"] = true;
  }
  NoteMatches(element, result);
  return result;
}

constexpr Param kParams[] = {
    {.key = "target",
     .type = ParamType::kTarget,
     .help = "an input, textarea, contenteditable element, select, checkbox or radio"},
    {.key = "value",
     .type = ParamType::kAny,
     .help = "text (replaces what was there); for a select an option's label or value; for a "
             "checkbox or radio true or false; for a slider a number"},
    {.key = "submit",
     .type = ParamType::kBoolean,
     .default_value = "false",
     .help =
         R"~(true presses Enter afterwards; a dialog that opens then (a submit handler that asks) is in the result as "dialog")~"},
    kTimeoutParam,
};

constexpr PageOp kOps[] = {ops::kInputFill,    ops::kInputWaitEnabled, ops::kInputValue,
                           ops::kInputRefocus, ops::kInputInvalid,     ops::kInputPrepareClick,
                           ops::kInputOutcome, ops::kInputPickOption,  ops::kInputPickedShows};

}  // namespace

const HelperSpec& FillHelper() {
  static const HelperSpec spec{
      .method = kMethod,
      .synopsis = R"~({target, value, submit?} -> {value, label?})~",
      .summary =
          "Sets a form field the way typing would, so the page's input and change handlers run.",
      .params = kParams,
      .ops = kOps,
      .result =
          R"~(A text field without the focus is clicked first, as by a user (a picker that opens on the click takes the typing after it). The text goes in as one input, the page's key listeners hearing a keydown of its first key and a keyup of its last (page.type presses every key; a field that cancels the input's beforeinput refused it: not fillable), and the field is left as by Tab. {"value"}: the field's value afterwards ("taken": true when the page emptied the field and shows the text beside it, as a tag input makes tags of it; a checkbox's true/false; text cut at the field's maxlength adds "maxlength": N), once the field lost the focus and its blur's handlers ran (a number clamped then reads clamped), or once submit's Enter settled; a field that suggests (a search box, a combobox, an autocomplete, or a field the page answered with a list floated beside it) keeps it, and the result (or submit's Enter) comes once the page has answered the typing (its suggestions or filtered results, 1 s at most; 5 s while its list says "Loading...", then "loading": true; a column's filter box in a grid's header is left, its result coming once the rows were filtered), with "options": the names its list then offers (10 at most, "more": N beyond), to click: the text typed is no choice yet ("completion": the end of "value" the field added after the text and selected, an inline completion only Enter accepts); for a select, "value" is the chosen option's value (what the form sends) and "label" its text (what the user and page.snapshot see), e.g. {"value":"de","label":"Deutsch"}; a select the page draws (a button, a custom element or a read-only field that opens a list of options, as Material UI's, Shoelace's, Select2's and Ionic's do) is clicked open and the option named is clicked, as by a user (its name or value, whole but for case, else the only one whose name holds the text; a long list is scrolled to it; a dialog's button that takes the choice is clicked next, "confirmed": its name, e.g. an alert's "OK"), then "value" is what the select shows and "label" the option's name ("expanded": true when its list stays open, as one of several choices does; an option such a list holds already is not clicked again), and an option the page did not take as the choice is not fillable (submit does not apply: the click chooses); with submit, the Enter comes once the page answered the typing (any field: its animations ended, its DOM still for 50 ms, 500 ms at most), and "shows": the text the field's box shows once the Enter emptied the field that it did not show before (a select's option chosen, beside its search field; "taken": true instead when that is the text typed, a tag), "enter_on": the option the list's keys were on as Enter came, which it chose (not a disabled one; "not_chosen": true when the field still holds the text typed and the option shows unchosen: the page took the Enter for nothing, click the option) (none marked: the "options" offered then; the value says whether the page chose one all the same, else click one); "tabbed_to": the field the page moved the focus to on the Tab that left this one (a grid's next cell's editor, open); "expanded": true when the field was left with its popup still open (aria-expanded, or a panel the page floats beside it: a date field's calendar, a time picker's columns; the value is not taken yet: submit takes it with Enter, or pick it there); "invalid": why the form holds the field invalid once it was left, or after submit's Enter (a form that refused to send it) (the page's message for it, aria-errormessage or aria-describedby of a field marked aria-invalid, else the browser's, e.g. "Please enter an email address."); "not_sent" as for page.click when the browser refused to send the form submit's Enter was for, this field's or others wanting; "alerts": alerts the page showed as the field was left with no "invalid", or in answer to submit's Enter, as for page.click)~",
      .errors =
          R"~("no such element", "stale ref", "element covered" (also: the field is outside an open modal dialog, behind a modal's backdrop, or in content an open menu or list made inert), "not fillable" (not a field, disabled, read-only, or the page removed what was typed, at once, as the field was left, or on submit's Enter), "no such option" (the select has no option so named, or several hold the text; the message lists what it offers, and the list of one the page draws stands open), "element disabled" (that option of a select the page draws), "invalid argument")~",
      .example =
          R"~({"frames":[{"method":"page.goto","params":{"url":"data:text/html,<input aria-label=Email><select aria-label=Size><option>S</option><option>M</option></select><label><input type=checkbox>Weekly</label>"},"silent":true},{"method":"page.fill","params":{"role":"textbox","name":"Email","value":"ada@example.com"}},{"method":"page.fill","params":{"css":"select","value":"M"}},{"method":"page.fill","params":{"role":"checkbox","name":"Weekly","value":true}}]})~",
      .file = ResultFile::kJson,
      .run = &Run,
  };
  return spec;
}

}  // namespace firefox_bidi::page
