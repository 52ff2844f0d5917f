#include "page/actions.h"

#include <algorithm>
#include <boost/json/serialize.hpp>
#include <cmath>
#include <cstddef>

#include "absl/strings/str_cat.h"
#include "page/keys.h"

namespace firefox_bidi::page {
namespace {

namespace json = boost::json;

// A pause of one tick: a source keeping step with another's action.
json::object Pause() { return json::object{{"type", "pause"}}; }

json::object Pause(std::chrono::milliseconds ms) {
  return json::object{{"type", "pause"}, {"duration", ms.count()}};
}

// An element-origin pointerMove to the in-view centre (plus `offset`) of the element whose
// sharedId it is.
json::object PointerMoveTo(std::string_view shared_id, CentreOffset offset) {
  return json::object{{"type", "pointerMove"},
                      {"x", offset.dx},
                      {"y", offset.dy},
                      {"origin", {{"type", "element"}, {"element", {{"sharedId", shared_id}}}}}};
}

// A viewport-origin pointerMove to `at`.
json::object MoveTo(ViewportPoint at) {
  return json::object{{"type", "pointerMove"}, {"x", at.x}, {"y", at.y}, {"origin", "viewport"}};
}

// The mouse as an input source running `actions`.
json::object MouseSource(json::array actions) {
  return json::object{{"type", "pointer"},
                      {"id", kMouseSource},
                      {"parameters", {{"pointerType", "mouse"}}},
                      {"actions", std::move(actions)}};
}

// input.performActions params in `context` for the mouse alone.
json::object PointerActions(std::string_view context, json::array pointer) {
  json::array sources;
  sources.push_back(MouseSource(std::move(pointer)));
  return json::object{{"context", context}, {"actions", std::move(sources)}};
}

}  // namespace

absl::StatusOr<ClickSpec> ParseClickSpec(const json::object& params) {
  ClickSpec spec;
  if (const json::value* button = params.if_contains("button")) {
    const json::string* name = button->if_string();
    if (name != nullptr && *name == "left") {
      spec.button = 0;
    } else if (name != nullptr && *name == "middle") {
      spec.button = 1;
    } else if (name != nullptr && *name == "right") {
      spec.button = 2;
    } else {
      return absl::InvalidArgumentError("params.button must be \"left\", \"middle\" or \"right\"");
    }
  }
  if (const json::value* count = params.if_contains("count")) {
    if (!count->is_int64() || count->as_int64() < 1 || count->as_int64() > 3) {
      return absl::InvalidArgumentError(
          "params.count must be 1, 2 (a double click: selects a word) or 3 (a triple click: "
          "selects a paragraph)");
    }
    spec.count = static_cast<int>(count->as_int64());
  }
  if (const json::value* modifiers = params.if_contains("modifiers")) {
    constexpr absl::string_view kWhat =
        "params.modifiers must be an array of \"Shift\", \"Control\", \"Alt\", \"Meta\"";
    if (!modifiers->is_array()) return absl::InvalidArgumentError(kWhat);
    for (const json::value& m : modifiers->as_array()) {
      absl::StatusOr<std::string> value =
          m.is_string() ? KeyValue(m.as_string()) : absl::InvalidArgumentError("");
      if (!value.ok() || !IsModifierValue(*value)) {
        return absl::InvalidArgumentError(absl::StrCat(kWhat, "; got ", json::serialize(m)));
      }
      spec.modifiers.push_back(*std::move(value));
    }
  }
  return spec;
}

json::object ClickActionsParams(std::string_view context, std::string_view shared_id,
                                const ClickSpec& spec, CentreOffset offset) {
  const std::size_t held = spec.modifiers.size();
  json::array pointer;
  for (std::size_t i = 0; i < held; ++i) pointer.push_back(Pause());
  pointer.push_back(PointerMoveTo(shared_id, offset));
  for (int i = 0; i < spec.count; ++i) {
    pointer.push_back(json::object{{"type", "pointerDown"}, {"button", spec.button}});
    pointer.push_back(Pause(kClickHold));
    pointer.push_back(json::object{{"type", "pointerUp"}, {"button", spec.button}});
  }
  json::array sources;
  if (held > 0) {
    for (std::size_t i = 0; i < held; ++i) pointer.push_back(Pause());
    json::array keys;
    for (const std::string& m : spec.modifiers) {
      keys.push_back(json::object{{"type", "keyDown"}, {"value", m}});
    }
    for (int i = 0; i < 1 + 3 * spec.count; ++i) keys.push_back(Pause());
    for (auto m = spec.modifiers.rbegin(); m != spec.modifiers.rend(); ++m) {
      keys.push_back(json::object{{"type", "keyUp"}, {"value", *m}});
    }
    sources.push_back(
        json::object{{"type", "key"}, {"id", kKeyboardSource}, {"actions", std::move(keys)}});
  }
  sources.push_back(MouseSource(std::move(pointer)));
  return json::object{{"context", context}, {"actions", std::move(sources)}};
}

json::object HoverActionsParams(std::string_view context, std::string_view shared_id,
                                CentreOffset offset) {
  json::array pointer;
  // A pixel beside the point first: a mouse already there (left there before a reload, or by
  // the last hover) would move nowhere, and the page would hear nothing of it. Then a pixel
  // back from there: the first move's hover may have hidden the element (Leaflet's layers
  // button gives way to the panel it opens), which an element-origin move would not find. The
  // pixel back goes to the right, where a left-to-right page opens a submenu: a menu that keeps
  // its submenu open only while the pointer moves towards it judges the last move's way
  // (Radix's, as the pointer leaves the item for the submenu).
  pointer.push_back(PointerMoveTo(shared_id, {.dx = offset.dx - 1, .dy = offset.dy}));
  pointer.push_back(
      json::object{{"type", "pointerMove"}, {"x", 1}, {"y", 0}, {"origin", "pointer"}});
  return PointerActions(context, std::move(pointer));
}

json::object WheelActionsParams(std::string_view context, ViewportPoint at, int dx, int dy) {
  json::array sources;
  sources.push_back(json::object{
      {"type", "wheel"},
      {"id", kWheelSource},
      {"actions",
       json::array{json::object{
           {"type", "scroll"}, {"x", at.x}, {"y", at.y}, {"deltaX", dx}, {"deltaY", dy}}}}});
  return json::object{{"context", context}, {"actions", std::move(sources)}};
}

json::object MouseOntoParams(std::string_view context, std::string_view shared_id,
                             CentreOffset offset) {
  return PointerActions(context, json::array{PointerMoveTo(shared_id, offset)});
}

ViewportPoint ViewportPointOf(const json::value& point) {
  const json::object& o = point.as_object();
  return ViewportPoint{.x = static_cast<int>(o.at("x").to_number<double>()),
                       .y = static_cast<int>(o.at("y").to_number<double>())};
}

std::optional<json::object> PixelOffsetOf(const json::value& value) {
  const json::object* object = value.if_object();
  if (object == nullptr || object->empty()) return std::nullopt;
  json::object offset{{"x", 0}, {"y", 0}};
  for (const auto& [key, number] : *object) {
    if ((key != "x" && key != "y") || !number.is_number()) return std::nullopt;
    offset[key] = number;
  }
  return offset;
}

json::object DragActionsParams(std::string_view context, ViewportPoint from, ViewportPoint to,
                               int steps, std::chrono::milliseconds press_hold, bool release) {
  const auto move_to = [](int x, int y) { return MoveTo({.x = x, .y = y}); };
  json::array pointer;
  pointer.push_back(move_to(from.x, from.y));
  pointer.push_back(json::object{{"type", "pointerDown"}, {"button", 0}});
  if (press_hold.count() > 0) pointer.push_back(Pause(press_hold));
  // The hand's slow start (kDragFirstMoves).
  ViewportPoint start = from;
  const double length = std::hypot(to.x - from.x, to.y - from.y);
  for (const int px : kDragFirstMoves) {
    if (2 * px >= length) break;
    const ViewportPoint next = {
        .x = from.x + static_cast<int>(std::lround((to.x - from.x) * px / length)),
        .y = from.y + static_cast<int>(std::lround((to.y - from.y) * px / length))};
    if (next.x == start.x && next.y == start.y) continue;  // rounded onto the last one
    start = next;
    pointer.push_back(Pause(kDragStepPause));
    pointer.push_back(move_to(start.x, start.y));
  }
  steps = std::max(steps, 1);
  for (int i = 1; i <= steps; ++i) {
    // A frame apart: pages that follow the pointer once a frame (a board's cards, a map) see
    // every step, as they see a hand's.
    pointer.push_back(Pause(kDragStepPause));
    // Rounded to the nearest pixel; the last step lands on `to` exactly.
    pointer.push_back(move_to(
        start.x + static_cast<int>(std::lround(static_cast<double>(to.x - start.x) * i / steps)),
        start.y + static_cast<int>(std::lround(static_cast<double>(to.y - start.y) * i / steps))));
  }
  if (!release) return PointerActions(context, std::move(pointer));
  // Held still before the release, as a hand places a thing: the page has drawn the last step
  // (where it drops), and a map's fling reads no speed.
  pointer.push_back(Pause(kDragHold));
  pointer.push_back(json::object{{"type", "pointerUp"}, {"button", 0}});
  return PointerActions(context, std::move(pointer));
}

json::object DragReleaseParams(std::string_view context, ViewportPoint from, ViewportPoint to) {
  json::array pointer;
  if (to.x != from.x || to.y != from.y) {
    pointer.push_back(Pause(kDragStepPause));
    pointer.push_back(MoveTo(to));
  }
  pointer.push_back(Pause(kDragHold));
  pointer.push_back(json::object{{"type", "pointerUp"}, {"button", 0}});
  return PointerActions(context, std::move(pointer));
}

json::object KeyActionsParams(std::string_view context, json::array key_actions) {
  json::array sources;
  sources.push_back(
      json::object{{"type", "key"}, {"id", kKeyboardSource}, {"actions", std::move(key_actions)}});
  return json::object{{"context", context}, {"actions", std::move(sources)}};
}

}  // namespace firefox_bidi::page
