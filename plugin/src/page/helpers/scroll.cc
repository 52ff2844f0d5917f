// page.scroll: optional target (its nearest scroll box, else the page); one of to ("top",
// "bottom" or a target), by {x, y}, until (a target to scroll down to until it exists)
// -> {"x","y","moved"} once the scroll has settled.
#include <algorithm>
#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>
#include <chrono>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/json_fields.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"
#include "page/actions.h"
#include "page/helper_error.h"
#include "page/helpers/helpers.h"
#include "page/helpers/input.h"
#include "page/targets.h"

namespace firefox_bidi::page {
namespace json = boost::json;
namespace {

constexpr char kMethod[] = "page.scroll";
// Kept back from the frame's deadline to report how far `until` came.
constexpr std::chrono::milliseconds kReportMargin{150};
// The longest single call of scrollUntil, so that a document that goes away costs at most this.
constexpr std::chrono::milliseconds kSlice{5000};

// scrollBox's `by` input from params' {"x", "y"} (either may be left out: 0).
absl::StatusOr<json::object> ScrollBy(const json::value& by) {
  std::optional<json::object> offset = PixelOffsetOf(by);
  if (!offset) {
    return HelperError(kInvalidArgument,
                       absl::StrCat(kMethod,
                                    ": \"by\" takes {\"x\": PIXELS, \"y\": PIXELS} "
                                    "(either may be left out; negative scrolls back)"));
  }
  return *std::move(offset);
}

// The axis a box must scroll on to take `by` (see scrolls() in 60_scroll.js): a data grid
// scrolls its rows in one box and its columns in another.
std::string_view ScrollAxis(const json::object& by) {
  const bool across = by.at("x").to_number<double>() != 0;
  const bool down = by.at("y").to_number<double>() != 0;
  if (across && down) return "xy";
  return across ? "x" : "y";
}

// scrollUntil's `find` input for a target (refs name an element that already exists).
absl::StatusOr<json::object> FindInput(const Target& target) {
  switch (target.kind) {
    case Target::Kind::kCss:
      return json::object{{"css", target.value}};
    case Target::Kind::kText:
      return json::object{{"text", target.value}};
    case Target::Kind::kRole: {
      json::object find{{"role", target.value}};
      if (target.name) find["name"] = *target.name;
      return find;
    }
    case Target::Kind::kRef:
      break;
  }
  return HelperError(kInvalidArgument,
                     absl::StrCat(kMethod,
                                  ": \"until\" takes css, text or role: a ref names an "
                                  "element that is there already (scroll \"to\" it)"));
}

// When scrollBox answered with `wheel` {x, y, dx, dy} (the box is one the page scrolls on the
// wheel's events), turns the wheel there for it in `context`; true when it did.
absl::StatusOr<bool> WheelIfAsked(PageContext& page, std::string_view context,
                                  const json::value& scrolled) {
  const json::value* wheel = scrolled.as_object().if_contains("wheel");
  if (wheel == nullptr) return false;
  const json::object& turn = wheel->as_object();
  RETURN_IF_ERROR(
      page.Command("input.performActions",
                   WheelActionsParams(context, ViewportPointOf(*wheel),
                                      static_cast<int>(turn.at("dx").to_number<double>()),
                                      static_cast<int>(turn.at("dy").to_number<double>())),
                   "the wheel's input events to be dispatched")
          .status());
  return true;
}

json::object Position(const json::object& data, const json::object& start) {
  return json::object{{"x", data.at("x")},
                      {"y", data.at("y")},
                      {"moved", data.at("x") != start.at("x") || data.at("y") != start.at("y")}};
}

// Scrolls down in `context` (the box of `nodes`, else the page) until `target` exists. At the
// end, a list that loads more as it is scrolled (a request of `tab` still out) is waited for,
// and scrolled on once it has grown.
absl::StatusOr<json::value> ScrollUntil(PageContext& page, std::string_view tab,
                                        std::string_view context,
                                        const std::vector<json::value>& nodes,
                                        const Target& target) {
  ASSIGN_OR_RETURN(const json::object find, FindInput(target));
  std::optional<json::object> start;
  json::value last_y = 0;
  bool after_wheel = false;  // the last call asked for the wheel, which was turned
  bool wheeled_to = false;   // towards the target it had found out of sight
  for (;;) {
    // The page layer bounds the helper's time by its timeout_ms param (ApplyTimeoutParam).
    const auto slice = std::min({page.Remaining() - kReportMargin, page.WaitRemaining(), kSlice});
    if (slice.count() <= 0) {
      // Still scrolling down when the time ran out: the box grew as it went (an endless feed
      // or calendar), where more time only goes further down.
      return HelperError(
          kTimeout,
          absl::StrCat(kMethod, " scrolled down for ", page.timeout().count(), " ms, from y ",
                       json::serialize(start ? start->at("y") : json::value(0)), " to y ",
                       json::serialize(last_y), ", without finding ", target.Describe(),
                       ". A box that grows as it is scrolled (an endless list or calendar) "
                       "only goes further down with more time: if the target lies above, "
                       "scroll up first (\"to\": \"top\", or \"by\" a negative y); else ",
                       ToAbsl(page.RaiseTimeout())));
    }
    json::object step_input{{"find", find}, {"ms", slice.count()}};
    if (after_wheel) step_input["after_wheel"] = true;
    if (wheeled_to) step_input["wheeled"] = true;
    ASSIGN_OR_RETURN(SandboxResult step,
                     page.Sandbox(context, ops::kScrollUntil, std::move(step_input), nodes));
    const json::object& data = step.data.as_object();
    if (!start) start = data.at("start").as_object();
    last_y = data.at("y");
    ASSIGN_OR_RETURN(after_wheel, WheelIfAsked(page, context, step.data));
    if (after_wheel) {
      wheeled_to = BoolAt(data, "found");
      continue;
    }
    if (const json::value* clipped = data.if_contains("clipped")) {
      return PageSideStatus(kMethod, *clipped);
    }
    if (data.contains("end")) {
      // The page's requests, this call's or one an earlier scroll began (the next page still
      // on its way).
      if (page.state().in_flight.Count(tab) > 0) {
        RETURN_IF_ERROR(AwaitRequestsAnswered(page, tab, {}, /*reacted=*/false));
        // Answered: the list may have grown. Still out (a long poll): it is not growing.
        if (page.state().in_flight.Count(tab) == 0) continue;
      }
      const bool page_box = BoolAt(data, "page");
      const bool unmoved = BoolAt(data, "unmoved");
      if (!nodes.empty() && ((page_box && data.at("y") == start->at("y")) || unmoved)) {
        // A code editor or a map moves what it shows on its keys, in a box that does not
        // scroll (Monaco's): nothing here scrolls it.
        return HelperError(
            kNoSuchElement,
            absl::StrCat(kMethod, ": the target lies in no box that scrolls, and ",
                         unmoved ? "the wheel turned over it moved nothing"
                                 : "the page did not scroll either",
                         ": nothing moved, and no visible element matches ", target.Describe(),
                         ". What moves its content on the wheel or keys of its own (a code "
                         "editor, a map) scrolls with page.press PageDown after a page.click "
                         "in it"));
      }
      return HelperError(
          kNoSuchElement,
          absl::StrCat(kMethod, ": scrolled to the end of ",
                       nodes.empty() || page_box ? "the page" : "the target's scroll box",
                       " and no visible element matches ", target.Describe(),
                       nodes.empty() ? "; a list that scrolls in a box of its own (a grid, a "
                                       "virtual list) is scrolled with a target inside that box"
                                     : ""));
    }
    if (BoolAt(data, "ariaHidden")) {
      return HelperError(
          kNoSuchElement,
          absl::StrCat(kMethod, ": what matches ", target.Describe(),
                       " is drawn inside content the page hides from readers (aria-hidden), "
                       "which a role target does not match however far it scrolls: scroll "
                       "\"until\" a text target (the words it shows) instead"));
    }
    const json::value* found = data.if_contains("found");
    if (found != nullptr && found->as_bool()) return Position(data, *start);
  }
}

absl::StatusOr<json::value> Run(PageContext& page, const json::object& params) {
  const int ways = params.contains("to") + params.contains("by") + params.contains("until");
  if (ways != 1) {
    return HelperError(kInvalidArgument,
                       absl::StrCat(kMethod,
                                    " takes exactly one of \"to\" (\"top\", \"bottom\" "
                                    "or a target), \"by\" {x, y} or \"until\" (a target)"));
  }
  ASSIGN_OR_RETURN(const std::optional<Target> box_target, ParseTarget(kMethod, params));
  ASSIGN_OR_RETURN(const std::string tab, page.Tab(params));
  const json::value* to = params.if_contains("to");
  if (to != nullptr && to->is_object()) {
    if (box_target) {
      return HelperError(kInvalidArgument,
                         absl::StrCat(kMethod,
                                      ": \"to\" a target scrolls the boxes around it; "
                                      "leave out the other target"));
    }
    ASSIGN_OR_RETURN(const Target to_target, NestedTarget(kMethod, params, "to"));
    const PageContext::Clock::time_point began = PageContext::Clock::now();
    ASSIGN_OR_RETURN(ActedTarget scrolled, ActOnTarget(page, tab, to_target, ops::kScrollBox,
                                                       json::object{{"into_view", true}}));
    const json::value before = scrolled.data.as_object().at("before");
    ASSIGN_OR_RETURN(const bool wheeled,
                     WheelIfAsked(page, scrolled.element.context, scrolled.data));
    if (wheeled) {
      // Clipped away in a box the wheel was turned over: shown now, or clipped for good.
      ASSIGN_OR_RETURN(scrolled, ActOnTarget(page, tab, to_target, ops::kScrollBox,
                                             json::object{{"into_view", true}, {"wheeled", true}}));
    }
    RETURN_IF_ERROR(PageSideStatus(kMethod, scrolled.data));  // clipped away: no scroll shows it
    ASSIGN_OR_RETURN(SandboxResult settled,
                     page.Sandbox(scrolled.element.context, ops::kScrollSettle,
                                  json::object{{"before", before}}, {}));
    RETURN_IF_ERROR(AwaitRequestsAnswered(page, tab, began, /*reacted=*/false));
    return std::move(settled.data);
  }
  std::string context = tab;
  std::vector<json::value> nodes;
  if (box_target) {
    ASSIGN_OR_RETURN(const ResolvedTarget box, ResolveTarget(page, tab, *box_target));
    context = box.context;
    nodes.push_back(box.argument);
  }
  if (params.contains("until")) {
    ASSIGN_OR_RETURN(const Target until, NestedTarget(kMethod, params, "until"));
    return ScrollUntil(page, tab, context, nodes, until);
  }
  json::object input;
  if (to != nullptr) {
    if (!to->is_string() || (to->get_string() != "top" && to->get_string() != "bottom")) {
      return HelperError(kInvalidArgument, absl::StrCat(kMethod,
                                                        ": \"to\" is \"top\", \"bottom\" "
                                                        "or a target"));
    }
    input["to"] = *to;
    input["axis"] = "y";
  } else {
    ASSIGN_OR_RETURN(json::object by, ScrollBy(params.at("by")));
    input["axis"] = ScrollAxis(by);
    input["by"] = std::move(by);
  }
  const PageContext::Clock::time_point began = PageContext::Clock::now();
  ASSIGN_OR_RETURN(const SandboxResult scrolled,
                   page.Sandbox(context, ops::kScrollBox, input, nodes));
  RETURN_IF_ERROR(WheelIfAsked(page, context, scrolled.data).status());
  ASSIGN_OR_RETURN(
      SandboxResult settled,
      page.Sandbox(context, ops::kScrollSettle,
                   json::object{{"before", scrolled.data.as_object().at("before")}}, {}));
  // What the scroll asked the server for (the next page of a list that loads as it is
  // scrolled) is there when it returns.
  RETURN_IF_ERROR(AwaitRequestsAnswered(page, tab, began, /*reacted=*/false));
  return std::move(settled.data);
}

constexpr Param kParams[] = {
    {.key = "target",
     .type = ParamType::kTarget,
     .help = "optional, an element whose nearest scroll box scrolls (default: the page)"},
    {.key = "to",
     .type = ParamType::kAny,
     .help = R"~("top", "bottom", or a target to bring into view)~"},
    {.key = "by", .type = ParamType::kAny, .help = "{x, y} in pixels"},
    {.key = "until", .type = ParamType::kAny, .help = "a target to scroll down to until it exists"},
    kTimeoutParam,
};

constexpr PageOp kOps[] = {ops::kScrollBox, ops::kScrollSettle, ops::kScrollUntil};

}  // namespace

const HelperSpec& ScrollHelper() {
  static const HelperSpec spec{
      .method = kMethod,
      .synopsis = R"~({target?, to|by|until} -> {x, y, moved})~",
      .summary = "Scrolls the page or a box and waits for it to settle.",
      .params = kParams,
      .ops = kOps,
      .result = R"~({"x","y","moved"}: the scroll box's position afterwards)~",
      .errors =
          R"~("no such element" (until reached the end without it, or a role target found it only aria-hidden), "timeout", "invalid argument")~",
      .example =
          R"~({"frames":[{"method":"page.goto","params":{"url":"data:text/html,<div style=height:3000px>Top</div><p>End</p>"},"silent":true},{"method":"page.scroll","params":{"to":"bottom"}}]})~",
      .file = ResultFile::kJson,
      .run = &Run,
  };
  return spec;
}

}  // namespace firefox_bidi::page
