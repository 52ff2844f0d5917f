#include "page/helpers/input.h"

#include <algorithm>
#include <boost/json/serialize.hpp>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <system_error>

#include "absl/cleanup/cleanup.h"
#include "absl/strings/str_cat.h"
#include "core/json_fields.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"
#include "page/helper_error.h"
#include "page/helpers/navigation.h"
#include "page/keys.h"
#include "page/targets.h"

namespace firefox_bidi::page {
namespace json = boost::json;
namespace {

// Firefox refuses a pointer move to an element whose centre lies outside the viewport as the
// move is dispatched: the page moved it away after the page side scrolled it into view and
// found it reachable (a list that scrolls back to the item its keys are on, as Radix's Select
// does on the scroll). Nothing was dispatched; the model hears why, in the helper's terms.
absl::Status MovedOutOfView(PageContext& page, absl::Status status, std::string_view what) {
  if (HelperErrorCode(status) != "move target out of bounds") return status;
  return HelperError(
      kElementNotVisible,
      absl::StrCat(ToAbsl(page.method()), ": the page moved the element out of view again as it ",
                   "was scrolled into view, before ", ToAbsl(what),
                   " reached it; nothing was done (a list that scrolls back to the item its keys "
                   "are on, as Radix's Select does, or one that draws its items anew as it "
                   "scrolls: the same call once more may find the item in view, where the list "
                   "left it). Else reach it with the keys: page.type its text, or page.press "
                   "ArrowDown until page.snapshot shows it [active], then Enter"));
}

// What an input's download came to, from BiDi's downloadWillBegin and downloadEnd params.
json::object DownloadOf(const json::object& began, const std::optional<json::object>& ended) {
  const std::string url(StringAt(ended ? *ended : began, "url"));
  if (!ended) return json::object{{"url", url}, {"running", true}};
  const std::string_view file = StringAt(*ended, "filepath");
  if (StringAt(*ended, "status") != "complete" || file.empty()) {
    return json::object{{"url", url}, {"canceled", true}};
  }
  std::error_code error;
  const std::uintmax_t size = std::filesystem::file_size(std::string(file), error);
  json::object out{{"file", file}};
  if (!error) out["size"] = size;
  return out;
}

// Waits until nothing new has begun in `tab` for kSettleQuiet since `last_activity` (which the
// caller's watch moves on) and no request of the tab begun at `input_began` or later is still
// out (its response is what the page draws next), kSettleMax at most, or until `followed()`
// (the input started something the caller follows on its own). A dialog that opens: the
// "dialog open" HelperError.
absl::Status AwaitSettled(PageContext& page, std::string_view tab,
                          const PageContext::Clock::time_point& last_activity,
                          PageContext::Clock::time_point input_began,
                          const std::function<bool()>& followed) {
  const PageContext::Clock::time_point cap = PageContext::Clock::now() + kSettleMax;
  const auto requests_out = [&] { return page.state().in_flight.Count(tab, input_began) > 0; };
  while (!followed()) {
    const PageContext::Clock::time_point now = PageContext::Clock::now();
    const PageContext::Clock::time_point seen = last_activity;
    const bool waiting_on_requests = requests_out();
    const PageContext::Clock::time_point until =
        waiting_on_requests ? cap : std::min(seen + kSettleQuiet, cap);
    if (now >= until) return absl::OkStatus();
    ASSIGN_OR_RETURN(
        const bool moved,
        page.AwaitFor(tab, std::chrono::ceil<std::chrono::milliseconds>(until - now), [&] {
          return followed() || last_activity != seen || requests_out() != waiting_on_requests;
        }));
    if (!moved) return absl::OkStatus();  // quiet until `until` (or no time, or no events)
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<bool> AwaitEnabled(PageContext& page, std::string_view context,
                                  const json::object& element) {
  constexpr std::int64_t kWaitMs = 1000;
  const std::int64_t wait_ms = std::max<std::int64_t>(
      0, std::min<std::int64_t>(kWaitMs, page.WaitRemaining().count() - 200));
  ASSIGN_OR_RETURN(
      const SandboxResult waited,
      page.Sandbox(context, ops::kInputWaitEnabled, json::object{{"ms", wait_ms}}, {element}));
  const json::object* outcome = waited.data.if_object();
  const json::value* enabled = outcome != nullptr ? outcome->if_contains("enabled") : nullptr;
  return enabled != nullptr && enabled->is_bool() && enabled->get_bool();
}

absl::Status AwaitRequestsAnswered(PageContext& page, std::string_view tab,
                                   PageContext::Clock::time_point since, bool reacted) {
  const RequestsInFlight& requests = page.state().in_flight;
  const auto answered = [&] { return requests.Count(tab, since) == 0; };
  if (reacted) {
    RETURN_IF_ERROR(page.AwaitFor(tab, kRequestReportGrace, [&] { return !answered(); }).status());
  }
  if (answered()) return absl::OkStatus();
  ASSIGN_OR_RETURN(const bool all_answered, page.AwaitFor(tab, kSettleMax, answered));
  if (!all_answered) return absl::OkStatus();
  return page.AwaitFor(tab, kSettleQuiet, [] { return false; }).status();
}

absl::Status PageSideStatus(std::string_view method, const json::value& data) {
  const json::object* o = data.if_object();
  if (o == nullptr) {
    return HelperError(kJavascriptError, absl::StrCat(ToAbsl(method), ": the page side returned ",
                                                      json::serialize(data)));
  }
  const std::string_view code = StringAt(*o, "error");
  if (code.empty()) return absl::OkStatus();
  return HelperError(code, absl::StrCat(ToAbsl(method), ": ", ToAbsl(StringAt(*o, "message"))));
}

absl::StatusOr<CentreOffset> PrepareClick(PageContext& page, std::string_view method,
                                          std::string_view context, const json::object& node,
                                          bool at_text_end) {
  json::object input;
  if (at_text_end) input["at_text_end"] = true;
  ASSIGN_OR_RETURN(SandboxResult prepared,
                   page.Sandbox(context, ops::kInputPrepareClick, std::move(input), {node}));
  RETURN_IF_ERROR(PageSideStatus(method, prepared.data));
  return CentreOffsetOf(prepared.data);
}

absl::Status MoveMouseOnto(PageContext& page, std::string_view tab, std::string_view context,
                           std::string_view shared_id, CentreOffset offset,
                           std::chrono::milliseconds wait, std::chrono::milliseconds submenu_wait) {
  RETURN_IF_ERROR(page.InInputTurn(tab, [&] {
    return MovedOutOfView(
        page,
        page.Command("input.performActions", HoverActionsParams(context, shared_id, offset),
                     "the mouse move's events to be dispatched")
            .status(),
        "the mouse");
  }));
  return page
      .Sandbox(context, ops::kInputPointerSettled,
               json::object{{"wait_ms", wait.count()},
                            {"cap_ms", kSettleMax.count()},
                            {"submenu_ms", submenu_wait.count()}})
      .status();
}

CentreOffset CentreOffsetOf(const json::value& prepared) {
  const json::object* data = prepared.if_object();
  if (data == nullptr) return {};
  const std::optional<double> dx = NumberAt(*data, "dx");
  const std::optional<double> dy = NumberAt(*data, "dy");
  return {.dx = static_cast<int>(dx.value_or(0)), .dy = static_cast<int>(dy.value_or(0))};
}

absl::StatusOr<InputEffect> PerformAndFollow(PageContext& page, std::string_view tab,
                                             const json::object& action_params,
                                             std::string_view what, bool armed) {
  return DispatchAndFollow(
      page, tab,
      [&] {
        return MovedOutOfView(
            page,
            page.Command("input.performActions", action_params,
                         absl::StrCat(ToAbsl(what), "'s input events to be dispatched"))
                .status(),
            what);
      },
      what, armed);
}

absl::StatusOr<InputEffect> DispatchAndFollow(PageContext& page, std::string_view tab,
                                              const std::function<absl::Status()>& dispatch,
                                              std::string_view what, bool armed) {
  RETURN_IF_ERROR(page.EnsureSubscribed());
  bool started = false;
  bool interactive = false;    // the navigation's document fired DOMContentLoaded
  bool same_document = false;  // the tab's URL changed without a new document
  std::string navigation;
  std::optional<json::object> download_began;  // downloadWillBegin's params
  std::optional<json::object> download_ended;  // downloadEnd's params
  // When the page last set something off (for the settle window).
  PageContext::Clock::time_point last_activity = PageContext::Clock::now();
  page.Watch([&](const json::object& event) {
    const json::value* params = event.if_contains("params");
    if (params == nullptr || !params->is_object()) return false;
    const json::object& p = params->get_object();
    const std::string_view method = StringAt(event, "method");
    if (method == "browsingContext.contextCreated" && p.if_contains("parent") != nullptr &&
        p.at("parent").is_null()) {
      last_activity = PageContext::Clock::now();  // a new tab, perhaps the input's
      return false;
    }
    if (StringAt(p, "context") != tab) return false;
    if (method == "network.beforeRequestSent" || method == "network.responseCompleted" ||
        method == "network.fetchError") {
      last_activity = PageContext::Clock::now();
      return false;
    }
    if (method == "browsingContext.downloadWillBegin") {
      download_began = p;
      return false;
    }
    if (method == "browsingContext.downloadEnd" && download_began) {
      download_ended = p;
      return true;
    }
    if (method == "browsingContext.navigationStarted") {
      started = true;
      navigation = std::string(StringAt(p, "navigation"));
      return false;
    }
    if (method == "browsingContext.fragmentNavigated" ||
        method == "browsingContext.historyUpdated") {
      same_document = true;
      return false;
    }
    if (!started) return false;
    // A load of an earlier navigation (its events can trail its command's reply) is not ours.
    const bool ours = navigation.empty() || StringAt(p, "navigation") == navigation;
    if (method == "browsingContext.domContentLoaded") {
      interactive = interactive || ours;
      return false;
    }
    if (method != "browsingContext.load" && method != "browsingContext.navigationFailed" &&
        method != "browsingContext.navigationAborted") {
      return false;
    }
    return ours;
  });
  const absl::Cleanup unwatch = [&page] { page.Unwatch(); };  // the watch refers to locals
  const PageContext::Clock::time_point input_began = PageContext::Clock::now();
  // In the agent's turn on the focus; the settle window below is not (other agents' input may
  // take the focus meanwhile).
  RETURN_IF_ERROR(page.InInputTurn(tab, dispatch));
  // The page has run the input's handlers by now: the quiet window counts from here, or from
  // the input's click as the page timed it (below).
  const PageContext::Clock::time_point dispatched = PageContext::Clock::now();
  last_activity = dispatched;
  InputEffect effect;
  if (!started && armed) {
    // What the handlers set off from a timer soon after is due within the settle window of the
    // page's own time, which a busy machine stretches: the outcome is read at its end (the
    // quiet window has passed by then unless something began), or at once when a new document
    // is pending.
    const absl::StatusOr<SandboxResult> outcome = page.Sandbox(
        tab, ops::kInputOutcome,
        same_document
            ? json::object{}
            : json::object{{"settle_ms", kSettleQuiet.count()}, {"cap_ms", kSettleMax.count()}});
    // A dialog the input opened is its outcome; a document it left ends the call, and the
    // navigation is followed below.
    if (!outcome.ok() &&
        (IsHelperError(outcome.status(), kDialogOpen) || !HelperErrorCode(outcome.status()))) {
      return outcome.status();
    }
    const json::object* data = outcome.ok() ? outcome->data.if_object() : nullptr;
    const json::value* pending = data != nullptr ? data->if_contains("pending") : nullptr;
    if (pending != nullptr && pending->is_bool() && pending->get_bool()) {
      RETURN_IF_ERROR(
          page.AwaitFor(tab, kNavigationStartWait,
                        [&] { return started || same_document || download_began.has_value(); })
              .status());
    } else if (outcome.ok() && !started && !download_began) {
      effect.info = PageInfoOf(outcome->data);
      if (const json::value* missed = data != nullptr ? data->if_contains("missed") : nullptr;
          missed != nullptr && missed->is_string()) {
        effect.missed = std::string(missed->get_string());
      }
      if (const json::value* refused = data != nullptr ? data->if_contains("not_sent") : nullptr;
          refused != nullptr && refused->is_array()) {
        effect.not_sent = refused->get_array();
      }
      for (auto [key, said] : {std::pair{"invalid", &effect.invalid}, {"alerts", &effect.alerts}}) {
        if (const json::value* text = data != nullptr ? data->if_contains(key) : nullptr;
            text != nullptr && text->is_array()) {
          *said = text->get_array();
        }
      }
      // Nothing began since the input: its quiet window counts from its last key or its
      // click, as the page's own settle window did.
      if (const std::optional<double> since =
              data != nullptr ? NumberAt(*data, "since_input_ms") : std::nullopt;
          since && *since >= 0 && last_activity == dispatched) {
        last_activity =
            std::min(dispatched, PageContext::Clock::now() -
                                     std::chrono::duration_cast<PageContext::Clock::duration>(
                                         std::chrono::duration<double, std::milli>(*since)));
      }
    }
  }
  if (!started && !download_began) {
    RETURN_IF_ERROR(AwaitSettled(page, tab, last_activity, input_began,
                                 [&] { return started || download_began.has_value(); }));
  }
  if (started) effect.info.reset();  // read before the navigation
  if (started && !download_began) {
    // A navigation whose response the browser saves ends in a download, not a document.
    RETURN_IF_ERROR(
        page.AwaitFor(tab, page.WaitRemaining(),
                      [&] { return page.watched() || interactive || download_began.has_value(); })
            .status());
  }
  if (download_began) {
    RETURN_IF_ERROR(
        page.AwaitFor(tab, kDownloadEndWait, [&] { return download_ended.has_value(); }).status());
    effect.download = DownloadOf(*download_began, download_ended);
    return effect;
  }
  if (!started) return effect;
  ASSIGN_OR_RETURN(effect.loaded,
                   AwaitLoadOrGrace(
                       page, tab, [&] { return page.watched(); }, [&] { return interactive; },
                       absl::StrCat("the page ", ToAbsl(what), " opened to load (", ToAbsl(what),
                                    " itself was done)")));
  effect.navigated = true;
  return effect;
}

absl::Status MouseOntoFieldFirst(PageContext& page, ActedTarget& acted, const PageOp& op,
                                 json::object input) {
  const json::object* data = acted.data.if_object();
  const json::value* aim = data != nullptr ? data->if_contains("aim") : nullptr;
  if (aim == nullptr) return absl::OkStatus();
  const ResolvedTarget& field = acted.element;
  const bool press = BoolAt(*data, "press");
  const CentreOffset offset = CentreOffsetOf(*aim);
  RETURN_IF_ERROR(MovedOutOfView(
      page,
      page.Command("input.performActions",
                   press ? ClickActionsParams(field.context, field.shared_id, ClickSpec{}, offset)
                         : MouseOntoParams(field.context, field.shared_id, offset),
                   press ? "the click on the field to be dispatched"
                         : "the mouse's move onto the field to be dispatched")
          .status(),
      "the mouse"));
  input["aim"] = false;
  if (press) input["pressed"] = true;
  ASSIGN_OR_RETURN(SandboxResult again, page.Sandbox(field.context, op, input, {field.argument}));
  acted.data = std::move(again.data);
  return absl::OkStatus();
}

absl::StatusOr<KeysFocus> FocusForKeys(PageContext& page, std::string_view method,
                                       std::string_view tab, const std::optional<Target>& target) {
  if (target) {
    // Typed text goes where a user clicked first (MouseOntoFieldFirst); pressed keys go where
    // the focus is, as a keyboard user's Tab put it.
    const bool typed = method == "page.type";
    const json::object focus_input{{"done", typed ? "typed" : "pressed"}, {"aim", typed}};
    std::optional<ActedTarget> acted;
    RETURN_IF_ERROR(page.InInputTurn(tab, [&]() -> absl::Status {
      ASSIGN_OR_RETURN(acted, ActOnTarget(page, tab, *target, ops::kInputFocus, focus_input));
      return MouseOntoFieldFirst(page, *acted, ops::kInputFocus, focus_input);
    }));
    ActedTarget& focused = *acted;
    RETURN_IF_ERROR(PageSideStatus(method, focused.data));
    if (BoolAt(focused.data.as_object(), "click")) {
      // An editor's block: clicked just past the end of its text, as a user puts the caret
      // there; an item of a tree, tab list or grid: clicked, as a user gives it the keys.
      // Then the page side watches what the keys do.
      const bool item = BoolAt(focused.data.as_object(), "item");
      RETURN_IF_ERROR(ClickElement(page, method, tab, focused.element.context,
                                   focused.element.argument, ClickSpec{}, /*at_text_end=*/!item)
                          .status());
      ASSIGN_OR_RETURN(const SandboxResult armed,
                       page.Sandbox(focused.element.context, ops::kInputArm, json::object{}));
      RETURN_IF_ERROR(PageSideStatus(method, armed.data));
    }
    if (BoolAt(focused.data.as_object(), "to_end")) {
      // A code editor focused through its hidden field: its caret goes to the end of its text.
      const KeyChord to_end{{std::string(kControlKey)}, std::string(kEndKey)};
      RETURN_IF_ERROR(DispatchInInputTurn(
          page, tab, KeyActionsParams(focused.element.context, ChordKeyActions(to_end)),
          "the Control+End to the end of the code editor's text"));
    }
    return KeysFocus{.context = focused.element.context, .target = std::move(focused.element)};
  }
  // One more call to arm the page side (focusing a target did that).
  ASSIGN_OR_RETURN(const SandboxResult armed, page.Sandbox(tab, ops::kInputArm, json::object{}));
  RETURN_IF_ERROR(PageSideStatus(method, armed.data));
  return KeysFocus{.context = std::string(tab)};
}

absl::StatusOr<bool> ClickElement(PageContext& page, std::string_view method, std::string_view tab,
                                  std::string_view context, const json::object& node,
                                  const ClickSpec& spec, bool at_text_end) {
  ASSIGN_OR_RETURN(const CentreOffset offset,
                   PrepareClick(page, method, context, node, at_text_end));
  const json::value* shared_id = node.if_contains("sharedId");
  ASSIGN_OR_RETURN(
      const InputEffect effect,
      PerformAndFollow(page, tab,
                       ClickActionsParams(context,
                                          shared_id != nullptr && shared_id->is_string()
                                              ? std::string_view(shared_id->get_string())
                                              : std::string_view(),
                                          spec, offset),
                       "the click"));
  return effect.navigated;
}

absl::Status DispatchInInputTurn(PageContext& page, std::string_view tab,
                                 const json::object& action_params, std::string_view what) {
  return page.InInputTurn(tab, [&] {
    return page
        .Command("input.performActions", action_params,
                 absl::StrCat(ToAbsl(what), " to be dispatched"))
        .status();
  });
}

absl::Status KeepFocusInPage(PageContext& page, std::string_view tab) {
  ASSIGN_OR_RETURN(const SandboxResult read, page.Sandbox(tab, ops::kPageFocused, json::object{}));
  if (const json::object* data = read.data.if_object();
      data == nullptr || BoolAt(*data, "focused")) {
    return absl::OkStatus();
  }
  ASSIGN_OR_RETURN(const json::value created,
                   page.Command("browsingContext.create", page.state().agent.NewTab(true, tab)));
  const std::string other(StringAt(created.if_object(), "context"));
  if (other.empty()) return absl::InternalError("browsingContext.create returned no context");
  page.Hide(other);
  absl::Status status = page.Activate(other);
  if (status.ok()) status = page.Activate(tab);
  (void)page.Cleanup("browsingContext.close", json::object{{"context", other}});
  return status;
}

absl::StatusOr<json::object> AfterAction(PageContext& page, std::string_view tab,
                                         const InputEffect& effect) {
  PageInfo info;
  if (effect.info) {
    info = *effect.info;
  } else if (effect.navigated && effect.loaded == Loaded::kComplete) {
    ASSIGN_OR_RETURN(info, GetSettledPageInfo(page, tab));  // as page.goto's
  } else {
    ASSIGN_OR_RETURN(info, GetPageInfo(page, tab));
  }
  json::object result = UrlAndTitle(info);
  result["navigated"] = effect.navigated;
  NoteLoaded(effect.loaded, info, result);
  if (effect.download) result["download"] = *effect.download;
  if (effect.not_sent) result["not_sent"] = *effect.not_sent;
  if (effect.invalid) result["invalid"] = *effect.invalid;
  if (effect.alerts) result["alerts"] = *effect.alerts;
  return result;
}

}  // namespace firefox_bidi::page
