// page.drag: from (a target), to (a target or {x, y}); steps -> {"dropped","via"}. Real pointer
// input for what follows the pointer (sliders, canvases, pointer-driven lists); for an HTML5
// drag source, the page side's run of HTML's drag-and-drop model, because Firefox never drops
// a native drag started by WebDriver input (docs/browser.md).
#include <algorithm>
#include <boost/json/object.hpp>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <functional>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "core/json_fields.h"
#include "core/status_macros.h"
#include "page/actions.h"
#include "page/helper_error.h"
#include "page/helpers/helpers.h"
#include "page/helpers/input.h"
#include "page/targets.h"

namespace firefox_bidi::page {
namespace json = boost::json;
namespace {

constexpr char kMethod[] = "page.drag";
constexpr std::int64_t kDefaultSteps = 10;

// params' "to" as a viewport point {"x": N, "y": N}, nullopt when it is something else.
std::optional<json::object> PointOf(const json::value& to) {
  const json::object* object = to.if_object();
  if (object == nullptr || object->size() != 2) return std::nullopt;
  const json::value* x = object->if_contains("x");
  const json::value* y = object->if_contains("y");
  if (x == nullptr || y == nullptr || !x->is_number() || !y->is_number()) return std::nullopt;
  return *object;
}

bool DroppedIn(const json::value& data) {
  const json::object* o = data.if_object();
  const json::value* dropped = o != nullptr ? o->if_contains("dropped") : nullptr;
  return dropped != nullptr && dropped->is_bool() && dropped->get_bool();
}

// Files dropped at most, in all: they travel to the page as base64 in one script call.
constexpr std::size_t kMaxDropBytes = 8u << 20;

// A dropped file's media type, from its extension (what a file manager's drop carries).
std::string_view MediaTypeOf(std::string_view name) {
  const std::size_t dot = name.rfind('.');
  const std::string ext =
      absl::AsciiStrToLower(std::string(dot == std::string_view::npos ? "" : name.substr(dot + 1)));
  static constexpr std::pair<std::string_view, std::string_view> kTypes[] = {
      {"txt", "text/plain"},        {"csv", "text/csv"},        {"html", "text/html"},
      {"json", "application/json"}, {"pdf", "application/pdf"}, {"png", "image/png"},
      {"jpg", "image/jpeg"},        {"jpeg", "image/jpeg"},     {"gif", "image/gif"},
      {"svg", "image/svg+xml"},     {"webp", "image/webp"},     {"zip", "application/zip"}};
  for (const auto& [extension, type] : kTypes) {
    if (ext == extension) return type;
  }
  return "application/octet-stream";
}

// params' "files" (paths the policy judged to lie inside file_roots) as the page side takes
// them: [{name, type, base64}].
absl::StatusOr<json::array> FilesToDrop(const json::value& files) {
  if (!files.is_array() || files.get_array().empty()) {
    return HelperError(kInvalidArgument,
                       absl::StrCat(kMethod, ": \"files\" is an array of absolute paths"));
  }
  json::array out;
  std::size_t total = 0;
  for (std::size_t i = 0; i < files.get_array().size(); ++i) {
    const json::value& path = files.get_array()[i];
    if (!path.is_string() || !path.get_string().starts_with("/")) {
      return HelperError(kInvalidArgument,
                         absl::StrCat(kMethod, ": files[", i, "] is not an absolute path"));
    }
    const std::string name(path.get_string());
    std::ifstream in(name, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!in.good() && !in.eof()) {
      return HelperError(kInvalidArgument,
                         absl::StrCat(kMethod, ": files[", i, "] \"", name, "\" cannot be read"));
    }
    total += bytes.size();
    if (total > kMaxDropBytes) {
      return HelperError(kInvalidArgument,
                         absl::StrCat(kMethod, ": the files come to more than ",
                                      kMaxDropBytes >> 20, " MiB, more than a drop carries"));
    }
    const std::string base = name.substr(name.rfind('/') + 1);
    out.push_back(json::object{
        {"name", base}, {"type", MediaTypeOf(base)}, {"base64", absl::Base64Escape(bytes)}});
  }
  return out;
}

// page.drag with "files" or "data" instead of "from": a drop from outside the page.
absl::StatusOr<json::value> DropItems(PageContext& page, const json::object& params) {
  json::object input;
  if (const json::value* files = params.if_contains("files")) {
    ASSIGN_OR_RETURN(input["files"], FilesToDrop(*files));
  } else {
    const json::value& data = params.at("data");
    const json::object* types = data.if_object();
    const bool texts = types != nullptr && !types->empty() &&
                       std::all_of(types->begin(), types->end(),
                                   [](const auto& entry) { return entry.value().is_string(); });
    if (!texts) {
      return HelperError(kInvalidArgument, absl::StrCat(kMethod,
                                                        ": \"data\" maps types to text, e.g. "
                                                        "{\"text/plain\": \"Hello\"}"));
    }
    input["data"] = data;
  }
  const std::optional<json::object> to_point = PointOf(params.at("to"));
  ASSIGN_OR_RETURN(const std::string tab, page.Tab(params));
  std::string context = tab;
  std::vector<json::value> nodes;
  if (to_point) {
    input["to_point"] = *to_point;
  } else {
    ASSIGN_OR_RETURN(const Target target, NestedTarget(kMethod, params, "to"));
    ASSIGN_OR_RETURN(const ResolvedTarget to, ResolveTarget(page, tab, target));
    context = to.context;
    nodes.push_back(to.argument);
  }
  bool dropped = false;
  RETURN_IF_ERROR(DispatchAndFollow(
                      page, tab,
                      [&]() -> absl::Status {
                        ASSIGN_OR_RETURN(const SandboxResult outcome,
                                         page.Sandbox(context, ops::kDragDropItems, input, nodes));
                        RETURN_IF_ERROR(PageSideStatus(kMethod, outcome.data));
                        dropped = DroppedIn(outcome.data);
                        return absl::OkStatus();
                      },
                      "the drop")
                      .status());
  return json::object{{"dropped", dropped}, {"via", "html5"}};
}

absl::StatusOr<json::value> Run(PageContext& page, const json::object& params) {
  const int sources = params.contains("from") + params.contains("files") + params.contains("data");
  if (sources == 1 && params.contains("to") && !params.contains("from")) {
    return DropItems(page, params);
  }
  const int destinations = params.contains("to") + params.contains("by");
  if (sources != 1 || destinations != 1) {
    return HelperError(kInvalidArgument,
                       absl::StrCat(kMethod,
                                    " needs one of \"from\" (a target, e.g. {\"ref\": \"e5\"}, "
                                    "or a viewport point {\"x\": N, \"y\": N}), \"files\" or "
                                    "\"data\", and one of \"to\" (a target, or a viewport point) "
                                    "or \"by\" (an offset {\"x\": N, \"y\": N} from where the "
                                    "button goes down)"));
  }
  ASSIGN_OR_RETURN(const std::optional<std::int64_t> steps,
                   IntParam(kMethod, params, "steps", 1, 200));
  // How long the button is held before the pointer moves (a long press starts the drag).
  ASSIGN_OR_RETURN(const std::optional<std::int64_t> hold_ms,
                   IntParam(kMethod, params, "hold_ms", 0, 5000));
  const std::chrono::milliseconds press_hold(hold_ms.value_or(0));
  json::object prepare_input;
  // The source: a target, or a viewport point (what lies there is pressed there).
  const std::optional<json::object> from_point = PointOf(params.at("from"));
  std::optional<Target> from_target;
  if (from_point) {
    prepare_input["from_point"] = *from_point;
  } else {
    ASSIGN_OR_RETURN(from_target, NestedTarget(kMethod, params, "from"));
  }
  // The destination: a target, a viewport point, or an offset from the press.
  std::optional<Target> to_target;
  if (params.contains("by")) {
    const std::optional<json::object> by = PixelOffsetOf(params.at("by"));
    if (!by) {
      return HelperError(kInvalidArgument,
                         absl::StrCat(kMethod,
                                      ": \"by\" is an offset in pixels, e.g. {\"x\": "
                                      "100} or {\"x\": 100, \"y\": -20} (either may be left "
                                      "out: 0)"));
    }
    prepare_input["by"] = *by;
  } else if (const std::optional<json::object> to_point = PointOf(params.at("to"))) {
    prepare_input["to_point"] = *to_point;
  } else {
    absl::StatusOr<Target> nested = NestedTarget(kMethod, params, "to");
    if (!nested.ok()) {
      return HelperError(kInvalidArgument,
                         absl::StrCat(kMethod,
                                      ": \"to\" takes a target such as {\"text\": \"Done\"} or "
                                      "a viewport point {\"x\": N, \"y\": N}"));
    }
    to_target = *std::move(nested);
  }
  ASSIGN_OR_RETURN(const std::string tab, page.Tab(params));
  std::optional<ResolvedTarget> from;
  std::vector<json::value> nodes;
  if (from_target) {
    ASSIGN_OR_RETURN(from, ResolveTarget(page, tab, *from_target));
    nodes.push_back(from->argument);
    // Pressed on those words, as a click is: a word in a paragraph, not the paragraph's middle.
    if (from_target->kind == Target::Kind::kText) prepare_input["from_text"] = from_target->value;
  }
  // A point lies in the tab's own document.
  const std::string context = from ? from->context : tab;
  std::optional<ResolvedTarget> to;
  if (to_target) {
    ASSIGN_OR_RETURN(to, ResolveTarget(page, tab, *to_target));
    if (to->context != context) {
      return HelperError(kInvalidArgument,
                         absl::StrCat(kMethod,
                                      ": \"from\" and \"to\" lie in different frames; "
                                      "a drag stays within one document"));
    }
    nodes.push_back(to->argument);
  }
  ASSIGN_OR_RETURN(const SandboxResult prepared,
                   page.Sandbox(context, ops::kDragPrepare, prepare_input, nodes));
  RETURN_IF_ERROR(PageSideStatus(kMethod, prepared.data));
  const json::object& plan = prepared.data.as_object();
  const bool html5 = plan.at("via") == "html5";
  const std::vector<json::value> destination =
      to ? std::vector<json::value>{to->argument} : std::vector<json::value>{};
  bool dropped = false;
  bool completed_by_events = false;
  bool cancelled = false;  // the page cancelled the HTML5 drag's dragstart
  std::function<absl::Status()> dispatch;
  if (html5) {
    // The element the drag carries: the source or the draggable ancestor the page side found.
    const json::value* dragged_id =
        prepared.nodes.empty() ? nullptr : prepared.nodes[0].if_contains("sharedId");
    if (dragged_id == nullptr) {
      return HelperError(kJavascriptError,
                         absl::StrCat(kMethod, ": the page side named no element to drag"));
    }
    std::vector<json::value> drag_nodes{json::object{{"sharedId", *dragged_id}}};
    drag_nodes.insert(drag_nodes.end(), destination.begin(), destination.end());
    dispatch = [&, drag_nodes] {
      ASSIGN_OR_RETURN(const SandboxResult outcome,
                       page.Sandbox(context, ops::kDragHtml5,
                                    json::object{{"from", plan.at("from")},
                                                 {"to", plan.at("to")},
                                                 {"steps", steps.value_or(kDefaultSteps)},
                                                 {"hold_ms", press_hold.count()}},
                                    drag_nodes));
      dropped = DroppedIn(outcome.data);
      cancelled = BoolAt(outcome.data.as_object(), "cancelled");
      return absl::OkStatus();
    };
  } else {
    dispatch = [&] {
      // To a target, the button stays down at it while the page side looks whether it moved
      // (the page scrolled itself as the pointer came near the edge), then comes up where it
      // is now.
      const bool follow = to.has_value();
      const ViewportPoint aim = ViewportPointOf(plan.at("to"));
      RETURN_IF_ERROR(page.Command("input.performActions",
                                   DragActionsParams(
                                       context, ViewportPointOf(plan.at("from")), aim,
                                       static_cast<int>(steps.value_or(kDefaultSteps)), press_hold,
                                       /*release=*/!follow),
                                   "the drag's input events to be dispatched")
                          .status());
      if (follow) {
        ASSIGN_OR_RETURN(const SandboxResult reaimed,
                         page.Sandbox(context, ops::kDragReaim, json::object{{"to", plan.at("to")}},
                                      destination));
        RETURN_IF_ERROR(page.Command("input.performActions",
                                     DragReleaseParams(context, aim, ViewportPointOf(reaimed.data)),
                                     "the drag's release to be dispatched")
                            .status());
      }
      ASSIGN_OR_RETURN(const SandboxResult outcome,
                       page.Sandbox(context, ops::kDragPointerOutcome,
                                    json::object{{"to", plan.at("to")}}, destination));
      dropped = DroppedIn(outcome.data);
      // The input started a native drag (the page made its item draggable on the button
      // going down) that Firefox never ends: the page side ended it with drag events.
      completed_by_events = BoolAt(outcome.data.as_object(), "completed");
      return absl::OkStatus();
    };
  }
  // Settles as a click does, so what the drop set off (a reorder, a request) has happened.
  RETURN_IF_ERROR(
      DispatchAndFollow(page, tab, dispatch, "the drag", /*armed=*/context == tab).status());
  json::object result{{"dropped", dropped},
                      {"via", html5 || completed_by_events ? "html5" : "pointer"}};
  // A reorder within one list: where the item stood and stands now, once the page settled (a
  // drop the list did not take leaves it where it was, whatever "dropped" says); an item
  // dragged by the pointer out of what holds it: whether it left its place there.
  if (BoolAt(plan, "place")) {
    ASSIGN_OR_RETURN(const SandboxResult place,
                     page.Sandbox(context, ops::kDragPlace, json::object{}));
    if (const json::object* data = place.data.if_object(); data != nullptr && !data->empty()) {
      if (const json::value* moved = data->if_contains("moved")) {
        // Said where it tells what "dropped" (where the button came up) does not: over the
        // destination, and the page put the item back; elsewhere, and the page moved it.
        if (moved->is_bool() && moved->get_bool() != dropped) result["moved"] = *moved;
      } else {
        result["place"] = *data;
      }
    }
  }
  if (cancelled) {
    result["cancelled"] =
        "the page cancelled dragstart: no drag began, nothing moved (it may have begun a drag of "
        "its own by keys: a page.snapshot shows; page.press Escape ends one)";
  }
  // A target that matched several elements: which was taken, as page.click says.
  if (from) NoteMatches(*from, result);
  if (to) NoteMatches(*to, result, "to_");
  return result;
}

constexpr Param kParams[] = {
    {.key = "from", .type = ParamType::kAny, .help = R"~(a target object, or a point {"x","y"})~"},
    {.key = "to",
     .type = ParamType::kAny,
     .help = R"~(a target object or a viewport point {"x","y"}; steps: moves on the way)~"},
    {.key = "by", .type = ParamType::kAny, .help = R"~(instead of to: an offset {"x"?,"y"?})~"},
    {.key = "steps", .type = ParamType::kInteger, .default_value = "10"},
    {.key = "hold_ms", .type = ParamType::kInteger, .default_value = "0", .help = "ms held first"},
    {.key = "files",
     .type = ParamType::kArray,
     .help = R"~(instead of from: paths in file_roots dropped from outside)~"},
    {.key = "data", .type = ParamType::kAny, .help = R"~(or {"text/plain": "..."} dropped)~"},
};

constexpr PageOp kOps[] = {ops::kDragPrepare,        ops::kDragHtml5, ops::kDragReaim,
                           ops::kDragPointerOutcome, ops::kDragPlace, ops::kDragDropItems,
                           ops::kInputOutcome};

}  // namespace

const HelperSpec& DragHelper() {
  static const HelperSpec spec{
      .method = kMethod,
      .synopsis = R"~({from|files|data, to|by, steps?} -> {dropped, via})~",
      .summary =
          "Drags an element onto another element or a point: real pointer input, or an HTML5 "
          "drag and drop for a draggable source.",
      .params = kParams,
      .ops = kOps,
      .result =
          R"~({"dropped": bool, "via": "pointer" or "html5"}; "matches": N / "to_matches": N when from / to matched N elements (the first was taken, or "chosen" / "to_chosen" says which). A source marked draggable (draggable=true on it or an ancestor; not a canvas) is dragged through the page's HTML5 drag-and-drop events (pressed 2 px off its centre, dragstart, dragover a frame apart along the way and twice at the destination, drop, dragend; not isTrusted), because Firefox never drops a native drag started by WebDriver input: via "html5", dropped when the destination (or what the page drew in its place during the drag) got a drop after accepting it (a cancelled dragover); "cancelled": why nothing moved when the page cancelled dragstart. "place": {"before", "after", "of"} when from and to are items of one list (children of one element with one tag, three or more, side by side, not one over the other; or their parents are): where the dragged item stood among the list's children and stands once the page settled, from 1 (a reorder that did not happen shows after = before); such a reorder lets go a quarter past the destination's middle, as a hand overshoots it, except in a tree (role=tree), where a drop on a node's middle goes into it: drag to a point on its top or bottom quarter to put it before or after. Anything else gets real pointer input (down at the source's centre, or a slider's thumb where its value stands (a range input, or a role=slider element drawn across its track), "hold_ms" still, first moves of 1 to 10 px, "steps" moves a frame apart, a 100 ms hold, up at the destination; a link or an image the page lets the browser drag gets the drop completed as for a marked source): via "pointer", dropped when the button came up over the destination (for a point: over the page); "moved": false when it did but the dragged element stands where it stood (the page put it back: a board that found no list there, a grid whose item was dropped off it, a calendar that drew the event's image back before it showed the event again; not for a canvas, a slider or a range input), true when it did not and the page moved it all the same. With "files" or "data" instead of "from", they are dropped from outside the page (dragenter, dragover, drop at "to", one DataTransfer holding them): via "html5", dropped when the page accepted. dropped false is no error: look at what the page did.)~",
      .errors =
          R"~("no such element", "stale ref", "element covered" (something lies over the source or destination; nothing was dragged), "element not visible", "invalid argument")~",
      .example =
          R"~({"frames":[{"method":"page.goto","params":{"url":"data:text/html,<p draggable=true ondragstart=\"event.dataTransfer.setData('text/plain','Milk')\">Milk</p><div ondragover=\"event.preventDefault()\" ondrop=\"this.textContent='Cart: '+event.dataTransfer.getData('text/plain')\" style=\"height:50px\">Cart</div>"},"silent":true},{"method":"page.drag","params":{"from":{"text":"Milk"},"to":{"text":"Cart"}}},{"method":"page.text"}]})~",
      .file = ResultFile::kJson,
      .run = &Run,
  };
  return spec;
}

}  // namespace firefox_bidi::page
