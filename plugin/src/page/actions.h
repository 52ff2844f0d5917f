// Parameters of input.performActions for the helpers' real input: a click on an element (its
// in-view centre, through an element origin), key chords and typed text.
//
// Input sources are named "page.mouse", "page.wheel" and "page.keyboard", so the helpers' input
// state (held buttons, click counting) stays apart from sources a batch's raw frames create. Pure
// functions, no I/O; thread-safe.
#ifndef FIREFOX_BIDI_PAGE_ACTIONS_H_
#define FIREFOX_BIDI_PAGE_ACTIONS_H_

#include <array>
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace firefox_bidi::page {

inline constexpr std::string_view kMouseSource = "page.mouse";
inline constexpr std::string_view kKeyboardSource = "page.keyboard";
inline constexpr std::string_view kWheelSource = "page.wheel";

struct ClickSpec {
  int button = 0;                      // WebDriver button: 0 left, 1 middle, 2 right
  int count = 1;                       // 1, 2 (a double click) or 3 (a triple click)
  std::vector<std::string> modifiers;  // WebDriver key values held during the click
};

// Reads `button` ("left", "middle", "right"; default left), `count` (1, 2 or 3; default 1) and
// `modifiers` (an array of "Shift", "Control", "Alt", "Meta"; default none) from a helper's
// params. kInvalidArgument names the member and what it may be.
absl::StatusOr<ClickSpec> ParseClickSpec(const boost::json::object& params);

// Where the pointer goes on an element: its in-view centre moved by (dx, dy) CSS pixels, which
// the page side asks for when that centre is clipped away (OPS.inputPrepareClick's dx, dy).
struct CentreOffset {
  int dx = 0;
  int dy = 0;
};

// How long a click holds the button down, as a hand does briefly: a page that begins to
// listen for the release only once it has handled the press (TUI Calendar's React code adds
// its mouseup listener in an effect after the press's render) sees a release that comes with
// the press no more, and is left mid-drag.
inline constexpr std::chrono::milliseconds kClickHold{30};

// {"context":C,"actions":[...]} that clicks the element whose sharedId is `shared_id` at its
// in-view centre plus `offset` (an element-origin pointerMove): modifiers go down first, then
// the pointer moves, presses, holds kClickHold and releases `count` times, then the modifiers
// go up. The sources advance tick by tick, so the key source pauses while the pointer acts and
// vice versa.
boost::json::object ClickActionsParams(std::string_view context, std::string_view shared_id,
                                       const ClickSpec& spec, CentreOffset offset = {});

// {"context":C,"actions":[...]} that moves the mouse to the in-view centre (plus `offset`) of
// the element whose sharedId is `shared_id`, from a pixel to its right, pressing nothing.
boost::json::object HoverActionsParams(std::string_view context, std::string_view shared_id,
                                       CentreOffset offset = {});

// {"context":C,"actions":[...]} that moves the mouse straight to the in-view centre (plus
// `offset`) of the element whose sharedId is `shared_id`, pressing nothing: where a hand goes
// before it types into a field.
boost::json::object MouseOntoParams(std::string_view context, std::string_view shared_id,
                                    CentreOffset offset);

// A point in a browsing context's viewport, in CSS pixels.
struct ViewportPoint {
  int x = 0;
  int y = 0;
};

// A point the page side computed, {"x": N, "y": N} (numbers, truncated to whole pixels).
ViewportPoint ViewportPointOf(const boost::json::value& point);

// An offset in CSS pixels a model gave, {"x": N, "y": N} with either left out (0) and no other
// key; nullopt when `value` is something else.
std::optional<boost::json::object> PixelOffsetOf(const boost::json::value& value);

// The pause before each step of a drag: one frame (60 per second).
inline constexpr std::chrono::milliseconds kDragStepPause{16};
// A drag's first moves, in CSS pixels from the press along the way, each taken while the drag
// is more than twice as long: a hand's slow start. A page that starts its drag once the pointer
// has passed a threshold, and measures the drag from there, loses only the pixels up to it
// (React Flow after 1, Gridstack after a few, Kendo UI's Draggable past 9).
inline constexpr std::array<int, 7> kDragFirstMoves = {1, 2, 3, 4, 6, 8, 10};
// How long a drag holds still at its destination before it releases the button.
inline constexpr std::chrono::milliseconds kDragHold{100};

// {"context":C,"actions":[...]} that presses the left button at `from`, holds it still for
// `press_hold` (a list that drags after a long press), moves the mouse kDragFirstMoves towards
// `to`, then in `steps` equal steps (at least 1) to `to`, each move
// kDragStepPause after the last, holds still kDragHold, and releases it there: a drag by real
// pointer input, viewport-origin moves in context C. With `release` false it stops at `to`,
// the button still down, for DragReleaseParams.
boost::json::object DragActionsParams(std::string_view context, ViewportPoint from,
                                      ViewportPoint to, int steps,
                                      std::chrono::milliseconds press_hold = {},
                                      bool release = true);

// {"context":C,"actions":[...]} that ends a drag DragActionsParams left at `from` with the
// button down: a move to `to` a step's pause later when it lies elsewhere (the destination
// the page scrolled meanwhile), then kDragHold still and the release.
boost::json::object DragReleaseParams(std::string_view context, ViewportPoint from,
                                      ViewportPoint to);

// {"context":C,"actions":[...]} that turns the mouse's wheel at `at` by (dx, dy) CSS pixels
// (positive: down and right), as a hand scrolls what lies under the pointer.
boost::json::object WheelActionsParams(std::string_view context, ViewportPoint at, int dx, int dy);

// {"context":C,"actions":[{"type":"key","id":"page.keyboard","actions":KEY_ACTIONS}]}.
boost::json::object KeyActionsParams(std::string_view context, boost::json::array key_actions);

}  // namespace firefox_bidi::page

#endif  // FIREFOX_BIDI_PAGE_ACTIONS_H_
