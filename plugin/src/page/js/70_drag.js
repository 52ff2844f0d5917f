// page.drag (OPS.dragPrepare, OPS.dragPointerOutcome, OPS.dragHtml5): drags nodes[0] onto
// nodes[1] (or onto a viewport point), in the browsing context that holds both; with files or
// data (OPS.dragDropItems), drops them from outside the page.
//
// Two ways, chosen by the source:
//   pointer: the source is not marked draggable (a slider handle, a canvas, a list that follows
//     pointer events, a map's marker image). The C++ side sends real pointer input
//     (input.performActions); the page side arms a watch before it and reads afterwards
//     whether the button came up over the destination.
//   html5: the source is marked draggable (draggable=true on it or an ancestor).
//     Firefox starts a native drag session from such pointer input but never ends it (no drop,
//     no dragend after the button comes up: docs/browser.md), so the page side runs the
//     HTML drag-and-drop processing model itself: dragstart, drag/dragenter/dragleave/dragover
//     along the path, drop only when the last dragover was cancelled (the page accepts), then
//     dragend, all sharing one DataTransfer.

import {
  DOCUMENT_NODE, ELEMENT_NODE, OPS, attrOf, defaultViewOf, describeElement, flatClosest,
  flatElements, hasAttr, inShownOrder, isVisible, itemText, localNameOf, nextFrame, nodeTypeOf,
  ownerDocumentOf, parentElementOf, parentNodeOf, rectOf, roleOf, styleOf
} from "./00_common.js";
import {
  inputContains, inputElementFromPoint, inputInViewCentre, inputPrepareClick, inputReaches,
  inputScrollIntoViewAsUser, inputWatchOutcome
} from "./50_input.js";

// The element an HTML5 drag from `el` would carry when the page asks for one: `el` or its
// nearest ancestor (across shadow roots) marked draggable=true; null when there is none before
// an element that says draggable=false. A link or an image, which the browser drags unless
// the page says otherwise, gets pointer input: a page that moves it by the mouse (a map's
// marker) cancels the browser's drag, and one that does not gets the native drag, which
// OPS.dragPointerOutcome completes.
function dragSourceOf(el) {
  for (let n = el; n && nodeTypeOf(n) !== DOCUMENT_NODE; n = parentNodeOf(n) || n.host) {
    if (nodeTypeOf(n) !== ELEMENT_NODE) continue;
    const draggable = attrOf(n, "draggable");
    if (draggable === "false") return null;
    // A canvas draws what it holds and moves it by pointer events (fabric.js marks its canvas
    // draggable for drags out of it, and listens to nothing else).
    if (draggable === "true") return localNameOf(n) === "canvas" ? null : n;
  }
  return null;
}

function notVisible(el, why) {
  return {error: "element not visible", message: describeElement(el) + " " + why};
}

// `point` in whole pixels when it lies in `win`'s viewport, else an "invalid argument" whose
// message is says(the point as text) + " the viewport (W x H)": says gives '"to" {"x": -5,
// "y": 9} lies outside'.
function viewportPoint(win, point, says) {
  if (point.x < 0 || point.y < 0 || point.x >= win.innerWidth || point.y >= win.innerHeight) {
    const text = "{\"x\": " + point.x + ", \"y\": " + point.y + "}";
    return {error: "invalid argument", message: says(text) + " the viewport (" + win.innerWidth +
        " x " + win.innerHeight + ")"};
  }
  return {x: Math.floor(point.x), y: Math.floor(point.y)};
}

// Scrolls each box around `el` that scrolls and hides part of it (a list in a box of its own,
// the item below its visible part) just far enough to show it: as little as a user's wheel,
// so the source in the same box stays in view where it can.
function scrollBoxesToShow(el) {
  const scrolls = (overflow) => overflow === "auto" || overflow === "scroll";
  for (let p = parentElementOf(el); p && p !== ownerDocumentOf(el).body; p = parentElementOf(p)) {
    const style = styleOf(p);
    const r = rectOf(el);
    const box = rectOf(p);
    const top = box.top + p.clientTop;
    const left = box.left + p.clientLeft;
    if (scrolls(style.overflowY) && p.scrollHeight > p.clientHeight) {
      const by = r.bottom > top + p.clientHeight ? r.bottom - (top + p.clientHeight)
                 : r.top < top ? r.top - top : 0;
      if (by) p.scrollBy({top: by, behavior: "instant"});
    }
    if (scrolls(style.overflowX) && p.scrollWidth > p.clientWidth) {
      const by = r.right > left + p.clientWidth ? r.right - (left + p.clientWidth)
                 : r.left < left ? r.left - left : 0;
      if (by) p.scrollBy({left: by, behavior: "instant"});
    }
  }
}

// A page that scrolls itself while an item is dragged near the viewport's top or bottom
// (SortableJS, @hello-pangea/dnd) moves what lies under the pointer: a drop aimed at an element
// that bringing it into view left at the edge landed an item past it. When both ends fit
// between margins of DRAG_EDGE_PX, the page is scrolled to put the middle of the two in the
// middle of the view. Whether it scrolled.
const DRAG_EDGE_PX = 80;

function keepDragOffEdges(win, from, to) {
  const top = Math.min(from.top, to.top);
  const bottom = Math.max(from.bottom, to.bottom);
  const near = top < DRAG_EDGE_PX || bottom > win.innerHeight - DRAG_EDGE_PX;
  if (!near || bottom - top > win.innerHeight - 2 * DRAG_EDGE_PX) return false;
  const before = win.scrollY;
  win.scrollBy({top: Math.round((top + bottom) / 2 - win.innerHeight / 2), behavior: "instant"});
  return win.scrollY !== before;
}

// Where the destination is: its in-view centre (scrolled into view when needed, as long as the
// source stays in view), or `point` checked against the viewport.
function dragDestination(from, to, point) {
  const win = defaultViewOf(ownerDocumentOf(from));
  if (point) return viewportPoint(win, point, (text) => "\"to\" " + text + " lies outside");
  if (!to.isConnected) {
    return {error: "stale ref", message: "the \"to\" element is no longer in the page; take a new page.snapshot"};
  }
  scrollBoxesToShow(to);
  let centre = inputInViewCentre(to);
  if (centre === null) {
    inputScrollIntoViewAsUser(to, {block: "nearest", inline: "nearest"});
    centre = inputInViewCentre(to);
    if (centre === null) return notVisible(to, "(\"to\") cannot be scrolled into view");
    if (inputInViewCentre(from) === null) {
      return notVisible(from, "(\"from\") and " + describeElement(to) + " (\"to\") do not fit in " +
          "the viewport together; drag in steps (to a point near the edge first)");
    }
  }
  // Reached as a click's target is: also through what draws an element that takes no pointer
  // events (Ionic's segment button, whose host takes the drop), or its label.
  const hit = inputElementFromPoint(ownerDocumentOf(to), centre.x, centre.y);
  if (hit && !inputReaches(to, hit) && !inputContains(from, hit)) {
    return {error: "element covered", message: describeElement(to) + " (\"to\") is covered by " +
        describeElement(hit) + ", which would receive the drop; nothing was dragged"};
  }
  return centre;
}

// The watch of a pointer drag: the first pointerup or mouseup after it was armed, and the
// first trusted dragstart (a page that makes its item draggable only once the button is down,
// as SortableJS does, gets a native drag from the pointer input).
function pointerWatch(win) {
  let watch = globalThis.__firefoxBidiDragWatch;
  if (!watch) {
    watch = globalThis.__firefoxBidiDragWatch = {
      armed: false, up: null, upOverTo: false, dragStart: null, source: null, to: null,
      toHeldSource: false, endInSource: false};
    // Whether the button came up over the destination is judged as it comes up, before the
    // page's handlers move things: a tree that draws its nodes anew on the drop (jstree), a
    // zone whose box shifts once the item is in it (Draggable's Droppable).
    const record = (event) => {
      if (!watch.armed || watch.up) return;
      watch.up = event;
      watch.upOverTo = !!watch.to && watch.to.isConnected &&
          (upOver(watch.to, watch.source, event) || movedInto(watch) ||
           movedAsideFrom(watch, event));
      // Where an element dragged to a point is drawn as the button comes up: away from where
      // it stood when the page made it follow the pointer (dragMovedAcross).
      const place = globalThis.__firefoxBidiDragPlace;
      if (place && place.across && !place.to && place.item.isConnected) {
        place.upRect = rectOf(place.item);
      }
    };
    win.addEventListener("pointerup", record, true);
    win.addEventListener("mouseup", record, true);
    win.addEventListener("dragstart", (event) => {
      if (watch.armed && !watch.dragStart && event.isTrusted) watch.dragStart = event;
    }, true);
  }
  return watch;
}

// Brings the source (and the destination) into view and says how to drag:
// {"ok": true, "via": "pointer"|"html5", "from": {x, y}, "to": {x, y}} | {"error", "message"}.
// For "pointer" it arms the watch OPS.dragPointerOutcome reads; for "html5", nodes [the
// element the drag carries]. The source is nodes[0], pressed at its in-view centre (on the
// words input.from_text, a text target's, as a click is), or with input.from_point what lies
// at that point, pressed there (a box's edge that resizes it); the
// destination the next node, input.to_point, or input.by (an offset from the press).
OPS.dragPrepare = function (input, nodes) {
  let from;
  let start;
  if (input.from_point) {
    start = viewportPoint(globalThis, input.from_point,
                          (text) => "\"from\" " + text + " lies outside");
    if (start.error) return {data: start};
    from = inputElementFromPoint(document, start.x, start.y);
    if (!from) {
      return {data: {error: "no such element", message: "nothing of the page lies at \"from\" " +
          "{\"x\": " + start.x + ", \"y\": " + start.y + "}"}};
    }
  } else {
    from = nodes[0];
    const prepared = inputPrepareClick(from, true, false, input.from_text || null);
    if (prepared.error) return {data: prepared};
    start = rangeThumbPoint(from) || ariaThumbPoint(from) || {x: prepared.x, y: prepared.y};
  }
  const to = (input.from_point ? nodes[0] : nodes[1]) || null;
  const by = input.by;
  const win = defaultViewOf(ownerDocumentOf(from));
  const fromWas = rectOf(from);
  let end = by
      ? viewportPoint(win, {x: start.x + by.x, y: start.y + by.y},
                      (text) => "\"by\" {\"x\": " + by.x + ", \"y\": " + by.y + "} takes " +
                          "the pointer to " + text + ", outside")
      : dragDestination(from, to, input.to_point);
  if (end.error) return {data: end};
  if (to && !by && !input.to_point && !input.from_point &&
      keepDragOffEdges(win, rectOf(from), rectOf(to))) {
    end = inputInViewCentre(to) || end;
  }
  // Bringing the destination into view moved what the press was aimed at: pressed where it
  // was, the drag took whatever lay there then (a chapter four rows down, another column's
  // card). The point moves with the source.
  const fromIs = rectOf(from);
  if (fromIs.left !== fromWas.left || fromIs.top !== fromWas.top) {
    start = {x: Math.floor(start.x + fromIs.left - fromWas.left),
             y: Math.floor(start.y + fromIs.top - fromWas.top)};
    const inView = start.x >= 0 && start.y >= 0 && start.x < win.innerWidth &&
        start.y < win.innerHeight;
    // Moved partly out of view: pressed in the middle of the part that shows.
    if (!inView && !input.from_point) start = inputInViewCentre(from) || start;
    const hit = inputElementFromPoint(ownerDocumentOf(from), start.x, start.y);
    if (!hit || !inputReaches(from, hit)) {
      return {data: notVisible(from, "(\"from\") and the destination do not fit in the " +
                                     "viewport together; drag in steps (to a point near the edge " +
                                     "first)")};
    }
  }
  // What the drop sets off (a card's drop animation, the list re-drawn) is awaited as a
  // click's outcome is (OPS.inputOutcome), from the release.
  inputWatchOutcome(from, false);
  globalThis.__firefoxBidiInputWatch.dragging = true;
  // A reorder within one list: where its item stands before (OPS.dragPlace reads it after);
  // dragged to a point or by a distance, where it stood (an item dropped off its grid that the
  // page put back, as swapy does, stands there again).
  const place = input.from_point ? null : to ? dragPlaceOf(from, to) : dragLeftPlaceOf(from);
  globalThis.__firefoxBidiDragPlace = place;
  // A tree takes a drop on the middle of an item as one into it: aimed there, not past it.
  const tree = !!place && flatClosest(place.item, '[role="tree"]') !== null;
  const aim = place && !place.across && !input.to_point && !tree ? pastMiddle(to, start, end)
                                                                  : end;
  // What the button goes down on, and what the browser would drag from there.
  const doc = ownerDocumentOf(from);
  const source = dragSourceOf(inputElementFromPoint(doc, start.x, start.y) || from);
  if (source) {
    // A page that took an HTML5 drop says so by taking it: what became of the item is its own.
    if (place && place.across) globalThis.__firefoxBidiDragPlace = null;
    return {data: {ok: true, via: "html5", from: start, to: aim, place: !!place && !place.across},
            nodes: [source]};
  }
  const watch = pointerWatch(defaultViewOf(doc));
  watch.armed = true;
  watch.up = null;
  watch.dragStart = null;
  watch.source = from;
  watch.to = to;
  watch.toScrolled = to ? scrolledAround(to) : null;
  watch.toRect = to ? rectOf(to) : null;
  watch.toHeldSource = !!to && inputContains(to, from);
  watch.upOverTo = false;
  watch.endInSource = pointIn(from, aim);
  return {data: {ok: true, via: "pointer", from: start, to: aim, place: !!place}};
};

// Where a reorder within a list aims on its destination `to` (its in-view centre `end`): past
// its middle in the way the item moves, a quarter of its size, as a user's hand overshoots it.
// Lists that move an item once the pointer crosses the middle of the next (jQuery UI's
// sortable) left it where it was when the point, rounded down, lay just short of it.
function pastMiddle(to, start, end) {
  const r = rectOf(to);
  const win = defaultViewOf(ownerDocumentOf(to));
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  const aim = {x: end.x, y: end.y};
  if (Math.abs(dy) >= Math.abs(dx) && dy !== 0) {
    aim.y = Math.floor(Math.min(Math.max(end.y + Math.sign(dy) * r.height / 4, 0),
                                win.innerHeight - 1));
  } else if (dx !== 0) {
    aim.x = Math.floor(Math.min(Math.max(end.x + Math.sign(dx) * r.width / 4, 0),
                                win.innerWidth - 1));
  }
  return pointIn(to, aim) ? aim : end;
}

// The items of one list that a drag from `from` to `to` reorders: `from` and `to`, or their
// parents (a handle inside an item, a title inside another), that are children of one
// parent, alike (one tag) and among at least two more of their kind, the dragged one no
// slider's thumb (by its role, or lying on the destination) and no list: {item, parent,
// before: the item's place among the parent's children, from 1}. Else, when `to` lies outside
// what holds `from` (a card dragged to another column; no canvas), {across: true, ...} for
// dragMovedAcross; null otherwise (a block's grip beside the blocks, a slider's thumb onto a
// mark of its track, a grid's numbered row headers).
function dragPlaceOf(from, to) {
  const selfAndParent = (el) => [el, parentElementOf(el)].filter(Boolean);
  let across = null;
  for (const item of selfAndParent(from)) {
    const parent = parentElementOf(item);
    const tag = localNameOf(item);
    // A list is no item of one (the palette a copy is dragged from, beside its board).
    if (!parent || roleOf(item) === "slider" || LIST_TAGS.has(tag)) continue;
    const alike = Array.prototype.filter.call(parent.children, (el) => localNameOf(el) === tag);
    const place = {item, parent, before: placeAmong(parent, item), text: itemText(item)};
    // Dragged out of what holds it (a card to another column).
    if (!across && !inputContains(parent, to) && localNameOf(from) !== "canvas") {
      across = leftPlace(from, to);
    }
    if (alike.length < 3) continue;
    const other = selfAndParent(to).find((el) => el !== item && alike.includes(el));
    // Items that show only their place (a grid's row headers, numbered 1 to N, drawn anew in
    // place as the rows move: Handsontable's) say nothing of where the item went.
    if (other && alike.every((el, i) => itemText(el) === String(i + 1))) return null;
    // A slider's track, its filled part and its thumb, three divs side by side in its box
    // (Fomantic UI's): the thumb lies on the track.
    if (other && overlapping(item, other)) return null;
    if (other) return place;
  }
  return across;
}

const LIST_TAGS = new Set(["ul", "ol", "dl", "table", "tbody"]);

// Whether boxes `a` and `b` lie one over the other, the middle of one inside the other: parts
// of one thing (a slider's thumb on its track), not items of a list, which lie side by side.
function overlapping(a, b) {
  const inside = (r, s) => {
    const x = s.left + s.width / 2;
    const y = s.top + s.height / 2;
    return x > r.left && x < r.right && y > r.top && y < r.bottom;
  };
  const ra = rectOf(a);
  const rb = rectOf(b);
  return inside(ra, rb) || inside(rb, ra);
}

// Where `from`, dragged away from what holds it towards `to` (null: a point), stands before
// the drag, for dragMovedAcross.
function leftPlace(from, to) {
  return {across: true, item: from, before: placeAmong(parentElementOf(from), from),
          chain: ancestorsOf(from), rect: rectOf(from), to, text: from.textContent,
          copies: to ? copiesIn(to, from.textContent) : 0};
}

// dragPlaceOf for a drag to a point: where `from` stands, to tell whether the page put it back
// after it followed the pointer; not for what stays put as its value moves (a canvas drawn on,
// a slider or range input), nor the root.
function dragLeftPlaceOf(from) {
  const fixed = localNameOf(from) === "canvas" || roleOf(from) === "slider" ||
      (localNameOf(from) === "input" && from.type === "range");
  return fixed || !parentElementOf(from) ? null : leftPlace(from, null);
}

// Where a native range input's thumb stands, which a user grabs to drag it (a press on the
// middle of its track moves the value there first): along its box as its value lies between
// its min and max (right to left when its direction says so). Null for any other element, or
// a range laid out upright.
function rangeThumbPoint(el) {
  if (localNameOf(el) !== "input" || el.type !== "range") return null;
  const box = rectOf(el);
  if (box.height > box.width) return null;
  const min = Number(el.min || 0);
  const max = Number(el.max || 100);
  const value = Number(el.value);
  if (!(max > min) || Number.isNaN(value)) return null;
  let fraction = Math.min(1, Math.max(0, (value - min) / (max - min)));
  if (styleOf(el).direction === "rtl") fraction = 1 - fraction;
  // The thumb's centre travels between half a thumb from each end (Firefox's is 16 px wide).
  const half = Math.min(8, box.width / 2);
  return {x: Math.round(box.left + half + fraction * (box.width - 2 * half)),
          y: Math.round(box.top + box.height / 2)};
}

// Where the thumb of an ARIA slider drawn across its track stands (the element of role slider
// spans the track, as Quasar's and Fluent's do; a press on the track moves the value there
// first): the middle of the small box inside it nearest the point its value lies at along it,
// else that point. Null for a slider laid out upright, or one no wider than it is tall times
// three (the thumb itself: a handle of role slider, as noUiSlider's).
function ariaThumbPoint(el) {
  if (roleOf(el) !== "slider" || localNameOf(el) === "input" || !hasAttr(el, "aria-valuenow")) {
    return null;
  }
  const box = rectOf(el);
  if (box.width < 3 * box.height) return null;
  const min = Number(attrOf(el, "aria-valuemin") ?? 0);
  const max = Number(attrOf(el, "aria-valuemax") ?? 100);
  const value = Number(attrOf(el, "aria-valuenow"));
  if (!(max > min) || Number.isNaN(value)) return null;
  let fraction = Math.min(1, Math.max(0, (value - min) / (max - min)));
  if (styleOf(el).direction === "rtl") fraction = 1 - fraction;
  const at = {x: box.left + fraction * box.width, y: box.top + box.height / 2};
  // The thumb: a box inside it no wider than the slider is tall (or 48 px), within that much
  // of the point.
  const most = Math.max(box.height, 48);
  let thumb = null;
  for (const part of flatElements(el)) {
    const r = rectOf(part);
    const off = Math.abs(r.left + r.width / 2 - at.x);
    if (part === el || r.width === 0 || r.height === 0 || r.width > most || off > most) continue;
    if (!thumb || off < thumb.off) thumb = {off, r};
  }
  return thumb ? {x: Math.round(thumb.r.left + thumb.r.width / 2),
                  y: Math.round(thumb.r.top + thumb.r.height / 2)}
               : {x: Math.round(at.x), y: Math.round(at.y)};
}

// `item`'s place among `parent`'s element children, from 1: in the order they show (top to
// bottom, then left to right) when the list places them itself (absolutely positioned: Muuri's
// grid moves its tiles without reordering them), else in the document's.
function placeAmong(parent, item) {
  const children = shownItemsOf(parent, item);
  const placed = children.some((child) => styleOf(child).position === "absolute");
  return (placed ? inShownOrder(children) : children).indexOf(item) + 1;
}

// The children of `parent` a user sees that are items like `item` (its tag and role), in
// document order: a grid that filters its items hides the others (Muuri's), and a list that
// lays drop places between its items (PrimeReact's order list) holds them as other elements;
// neither takes a place a user counts.
function shownItemsOf(parent, item) {
  const tag = localNameOf(item);
  const role = roleOf(item);
  return Array.from(parent.children).filter((child) => localNameOf(child) === tag &&
      roleOf(child) === role && isVisible(child, false));
}

// After a drag that reorders a list (OPS.dragPrepare's `place`), once the page settled:
// {"before", "after", "of"}: the dragged item's place among its list's children before and
// now, and how many there are; {} when the page took it out of that list. The item is the
// element dragged while it still holds its text, else the first child that holds it now: a
// list that draws its items anew in place (React's keyed by index) moves the texts, not the
// elements.
OPS.dragPlace = async function () {
  const place = globalThis.__firefoxBidiDragPlace;
  globalThis.__firefoxBidiDragPlace = null;
  if (place && place.across) {
    await shownAgainWhereItStood(place);
    return {data: dragMovedAcross(place)};
  }
  if (!place || !place.parent.isConnected) return {data: {}};
  const children = place.parent.children;
  let item = place.item;
  if (parentElementOf(item) !== place.parent || itemText(item) !== place.text) {
    item = Array.prototype.find.call(children, (child) => itemText(child) === place.text);
  }
  if (!item) return {data: {}};
  return {data: {before: place.before, after: placeAmong(place.parent, item),
                 of: shownItemsOf(place.parent, item).length}};
};

// Whether the button came up (`up`) over the destination `to`: at a point inside one of its
// boxes, on what it holds, or on the item the list put in its place as the pointer came, a
// sibling of `to` that shows what was dragged from `from` (dragula's copy of it, under the
// image of it that follows the pointer).
function upOver(to, from, up) {
  if (pointIn(to, {x: up.clientX, y: up.clientY}) || inputContains(to, up.target)) return true;
  const list = parentElementOf(to);
  if (!list) return false;
  // The item dragged: `from`, or the item of the list it is the handle of (DevExtreme's list
  // is reordered by a handle inside each item).
  const source = itemOfList(list, from) || from;
  return ownerDocumentOf(to).elementsFromPoint(up.clientX, up.clientY).some((hit) => {
    const item = itemOfList(list, hit);
    if (!item || item === to) return false;
    // The item whose handle was dragged, which the list moved there as the pointer came, or a
    // copy of the item dragged standing in for it there.
    return (item === source && source !== from) ||
        (item !== source && item.textContent === source.textContent);
  });
}

// The element of `list`'s children that holds `el`, or null.
function itemOfList(list, el) {
  let item = el;
  while (item && parentElementOf(item) !== list) item = parentElementOf(item);
  return item;
}

// Whether the button came up where the destination stood as the drag began, the page having
// moved the destination aside since: a list that makes room there for the item as the pointer
// comes, hiding the item itself under the copy that follows the pointer (DevExtreme's).
function movedAsideFrom(watch, up) {
  const was = watch.toRect;
  if (!was) return false;
  const scrolled = scrolledSince(watch.toScrolled);
  const top = was.top - scrolled.y;
  const left = was.left - scrolled.x;
  const now = rectOf(watch.to);
  // Still drawn (not put away, as a tray that closes as the button goes down), elsewhere.
  if (now.width <= 0 || now.height <= 0) return false;
  const moved = Math.abs(now.top - top) > 2 || Math.abs(now.left - left) > 2;
  return moved && up.clientX >= left && up.clientX < left + was.width && up.clientY >= top &&
      up.clientY < top + was.height;
}

// Whether the dragged element now lies inside the destination, which did not hold it when the
// drag began: the page moved it there as the pointer came (Draggable's Droppable puts the item
// in the zone under the pointer, and the zone's box shifts with it).
function movedInto(watch) {
  return !watch.toHeldSource && watch.source.isConnected && inputContains(watch.to, watch.source);
}

// After an element was dragged out of what holds it (dragPlaceOf's `across`), once the page
// settled: {"moved": true} when it stands among other ancestors, {"moved": false} when it
// stands where it stood among the same ones and is drawn there (the page put it back: a board
// that found no column under the pointer) and no copy of it came to the destination's list;
// {} when the page drew it anew, or drew it elsewhere (a transform) among the same ancestors.
function dragMovedAcross(place) {
  const item = place.item;
  if (!item.isConnected) return {};  // drawn anew: where is not known
  if (!standsAmong(item, place.chain)) return {moved: true};
  // In the same place among the same ancestors, and drawn where it was: the page kept it or
  // put it back. Drawn elsewhere, it was moved by a transform or a position, unknown here.
  const near = (a, b) => Math.abs(a.left - b.left) <= 2 && Math.abs(a.top - b.top) <= 2;
  // Dragged to a point: put back only if it had followed the pointer there (what stood still
  // may have moved what it holds: a map pans its panes).
  if (!place.to && (!place.upRect || near(place.upRect, place.rect))) return {};
  const still = near(rectOf(item), place.rect);
  // A copy of it put where it was dropped (dragula's copy from a palette) is what moved.
  const copied = !!place.to && place.to.isConnected &&
      copiesIn(place.to, place.text) > place.copies;
  // Dragged to a point and drawn back where it was, it was put back also when the page
  // reordered what holds it to draw the same (Swiper's loop moves its slides round as a swipe
  // begins, and shifts its track to match).
  const samePlace = placeAmong(parentElementOf(item), item) === place.before;
  return (samePlace || !place.to) && still && !copied ? {moved: false} : {};
}

// How long a page that hid the dragged element while an image of it followed the pointer may
// take to show it again where it stood: it draws the image back there first (FullCalendar's
// revert, 500 ms by default).
const DRAG_PUT_BACK_MAX_MS = 1000;

// Waits, DRAG_PUT_BACK_MAX_MS at most, while the dragged element stands hidden among the
// ancestors it had: the page has not yet put it back, or drawn it anew elsewhere, and
// dragMovedAcross would judge it too early.
async function shownAgainWhereItStood(place) {
  const item = place.item;
  const win = defaultViewOf(ownerDocumentOf(item));
  const until = win.performance.now() + DRAG_PUT_BACK_MAX_MS;
  const standsHidden = () => item.isConnected && !isVisible(item, false) &&
      standsAmong(item, place.chain);
  while (standsHidden() && win.performance.now() < until) await nextFrame(win);
}

// How many elements show `text` in the destination `to` and among its siblings (its list).
function copiesIn(to, text) {
  const list = parentElementOf(to) || to;
  return Array.prototype.filter.call(list.querySelectorAll("*"), (el) => el.textContent === text)
      .length;
}

// `el`'s ancestors, nearest first, across shadow roots.
// Whether `el`'s ancestors are those of `chain` (ancestorsOf, taken before).
function standsAmong(el, chain) {
  const now = ancestorsOf(el);
  return now.length === chain.length && now.every((ancestor, i) => ancestor === chain[i]);
}

function ancestorsOf(el) {
  const chain = [];
  for (let n = parentNodeOf(el) || el.host; n; n = parentNodeOf(n) || n.host) chain.push(n);
  return chain;
}

// Whether the viewport point {x, y} lies inside one of `el`'s boxes.
function pointIn(el, {x, y}) {
  return Array.from(el.getClientRects()).some((r) =>
    x >= r.left && x < r.right && y >= r.top && y < r.bottom);
}

// After the pointer input: whether the button came up over the destination (nodes[0]; with
// none, over the page at all). The element a pointerup reaches may be one that captured the
// pointer (a slider's handle), and what was dragged may lie over the destination by then, so
// the point it came up at counts: inside one of the destination's boxes, or inside the dragged
// element's when it was not there before (a list that reorders as the pointer moves put the
// item where the destination was, and the destination moved aside).
// How far each box around `el` has scrolled, the page's included: [[box, left, top]].
function scrolledAround(el) {
  const out = [];
  for (let box = parentElementOf(el); box; box = parentElementOf(box)) {
    if (box.scrollTop !== 0 || box.scrollLeft !== 0 || box.scrollHeight > box.clientHeight ||
        box.scrollWidth > box.clientWidth) {
      out.push([box, box.scrollLeft, box.scrollTop]);
    }
  }
  return out;
}

// How far the boxes of `was` (scrolledAround) moved their content since: {x, y} pixels.
function scrolledSince(was) {
  let x = 0;
  let y = 0;
  for (const [box, left, top] of was) {
    x += box.scrollLeft - left;
    y += box.scrollTop - top;
  }
  return {x, y};
}

// Before a pointer drag's release, with the button held at input.to over its destination
// nodes[0]: where that point is now. A page that scrolled itself while the pointer came near
// the viewport's edge (@hello-pangea/dnd) moved the destination away from under it (the card
// was released below the list); once the scrolling has stopped for three frames
// (REAIM_CAP_MS at most), the point moves by as much as the boxes around the destination
// scrolled, as a hand follows what it aims at (not by how the page shifts the items around the
// one dragged, which is the drag's own doing). Data: {x, y}.
OPS.dragReaim = async function (input, nodes) {
  const to = nodes[0];
  const watch = globalThis.__firefoxBidiDragWatch;
  const was = watch && watch.to === to ? watch.toScrolled : null;
  if (!to || !was || was.length === 0) return {data: input.to};
  const win = defaultViewOf(ownerDocumentOf(to));
  const until = win.performance.now() + REAIM_CAP_MS;
  let last = scrolledSince(was);
  for (let still = 0; still < 3 && win.performance.now() < until;) {
    await nextFrame(win);
    const now = scrolledSince(was);
    still = now.x === last.x && now.y === last.y ? still + 1 : 0;
    last = now;
  }
  const x = Math.round(input.to.x - last.x);
  const y = Math.round(input.to.y - last.y);
  if (x < 0 || y < 0 || x >= win.innerWidth || y >= win.innerHeight) return {data: input.to};
  return {data: {x, y}};
};

const REAIM_CAP_MS = 1500;

OPS.dragPointerOutcome = async function (input, nodes) {
  const watch = globalThis.__firefoxBidiDragWatch;
  const up = watch && watch.armed ? watch.up : null;
  const dragStart = watch && watch.armed ? watch.dragStart : null;
  const source = watch && watch.armed ? watch.source : null;
  const movedUnderUp = !!source && !watch.endInSource && source.isConnected;
  const upOverTo = !!up && watch.upOverTo;
  // Put in the destination once the drop was taken (Draggable moves its item there then).
  const movedThere = !!up && !!watch.to && movedInto(watch);
  if (watch) {
    watch.armed = false;
    watch.up = null;
    watch.dragStart = null;
    watch.source = null;
    watch.to = null;
  }
  const to = nodes[0] || null;
  if (dragStart && !up) {
    return {data: Object.assign(await completeNativeDrag(dragStart, to, input.to),
                                {completed: true})};
  }
  if (!up) return {data: {dropped: false, completed: false}};
  if (!to) return {data: {dropped: true, completed: false}};
  const at = {x: up.clientX, y: up.clientY};
  const reached = upOverTo || movedThere ||
      (to.isConnected && (pointIn(to, at) || inputContains(to, up.target)));
  return {data: {dropped: reached || (movedUnderUp && pointIn(source, at)), completed: false}};
};

// Ends a native drag Firefox started but will never drop (the button came up and nothing
// followed): at `point`, dragover a few times 50 ms apart as while a user holds still there
// (a list that ignores dragover for a moment after it moved an item, as SortableJS does,
// catches up), the last of which the page must cancel to accept; then drop, then dragend at
// what dragstart carried, with the DataTransfer the page filled in dragstart.
async function completeNativeDrag(dragStart, to, point) {
  const source = dragStart.target;
  const doc = ownerDocumentOf(source);
  const win = defaultViewOf(doc);
  const transfer = dragStart.dataTransfer || new win.DataTransfer();
  const fire = (type, target) => !target.dispatchEvent(new win.DragEvent(type, {
    bubbles: true, cancelable: type !== "dragend", composed: true, view: win,
    clientX: point.x, clientY: point.y, button: 0, buttons: type === "dragover" ? 1 : 0,
    dataTransfer: transfer,
  }));
  let hit = null;
  let accepted = false;
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    hit = inputElementFromPoint(doc, point.x, point.y);
    accepted = !!hit && fire("dragover", hit);
  }
  let dropped = false;
  if (accepted) {
    fire("drop", hit);
    dropped = landedOn(to, source, hit);
  }
  fire("dragend", source);
  return {dropped};
}

// Whether a drop on `hit` is one on the destination `to` (any element for a point): inside it,
// or inside the dragged element when a list that reorders as the pointer moves put it there,
// or anything at the destination's point once the page drew its list anew during the drag
// (@formkit/drag-and-drop: `to` left the page, the drop reached the item drawn in its place).
function landedOn(to, source, hit) {
  return !to || !to.isConnected || inputContains(to, hit) || inputContains(source, hit);
}

// The drop effect a dragover starts with, from the source's effectAllowed (HTML's drag-and-drop
// processing model).
function initialDropEffect(allowed) {
  if (allowed === "none") return "none";
  if (allowed === "link" || allowed === "linkMove") return "link";
  if (allowed === "move") return "move";
  return "copy";
}

// Whether the page's `effect` is one `allowed` permits.
function effectAllowed(effect, allowed) {
  if (effect === "none") return false;
  if (allowed === "all" || allowed === "uninitialized") return true;
  return allowed.toLowerCase().includes(effect);
}

// The dragovers at a drag's destination before its drop, as while a hand holds still there.
const DRAG_HOLD_OVERS = 2;

// The press a drag begins with, on what lies at `point` (the source, or a grip inside it):
// pointerdown and mousedown, as a user's button comes down before the mouse moves. A page may
// prepare the drag there (Milkdown's block handle selects its block on mousedown, and its
// dragstart carries the selection: without it, the drop moved nothing).
function pressAt(win, point, source, screenLeft, screenTop) {
  const hit = inputElementFromPoint(win.document, point.x, point.y);
  const target = hit && inputContains(source, hit) ? hit : source;
  const init = {
    bubbles: true, cancelable: true, composed: true, view: win, detail: 1, clientX: point.x,
    clientY: point.y, screenX: point.x + screenLeft, screenY: point.y + screenTop, button: 0,
    buttons: 1,
  };
  target.dispatchEvent(new win.PointerEvent("pointerdown",
                                            {...init, pointerId: 1, pointerType: "mouse",
                                             isPrimary: true}));
  target.dispatchEvent(new win.MouseEvent("mousedown", init));
}

// HTML's drag-and-drop processing model, run by the page side: from nodes[0] (the element the
// drag carries) along input.steps points from input.from to input.to, dropping on what lies at
// input.to, whose element nodes[1] (if any) must hold it. The events are not trusted (the page
// can tell by isTrusted); everything else is as a user's drag: one DataTransfer from dragstart
// to dragend, dragover at the element under the pointer with dropEffect preset from
// effectAllowed, drop only when the last dragover was cancelled with an allowed effect,
// dragend with the drop effect the drop settled on. A frame between steps lets the page
// render what it does on dragover; at the destination, dragover twice more 50 ms apart.
// {"dropped": bool, "effect": the drop effect dragend carried}.
OPS.dragHtml5 = async function (input, nodes) {
  const source = nodes[0];
  const to = nodes[1] || null;
  const doc = ownerDocumentOf(source);
  const win = defaultViewOf(doc);
  const transfer = new win.DataTransfer();
  transfer.effectAllowed = "uninitialized";  // as a drag starts (a new DataTransfer says "none")
  const screenLeft = win.mozInnerScreenX || 0;
  const screenTop = win.mozInnerScreenY || 0;
  const fire = (type, target, point, buttons) => {
    const event = new win.DragEvent(type, {
      bubbles: true, cancelable: type !== "dragleave" && type !== "dragend", composed: true,
      view: win, detail: 0, clientX: point.x, clientY: point.y, screenX: point.x + screenLeft,
      screenY: point.y + screenTop, button: 0, buttons: buttons, dataTransfer: transfer,
    });
    return !target.dispatchEvent(event);  // true when cancelled
  };
  // A frame between events: a page that handles dragover once a frame (react-dnd) has handled
  // the last before the next comes, and has drawn it.
  const steps = Math.max(1, input.steps);
  // A hand never presses the exact centre of what it grabs: react-aria takes a press within
  // half a pixel of it for a screen reader's (Android TalkBack), cancels the drag and starts
  // its own keyboard drag instead. (input.from is the centre rounded down: 2 px clear it.)
  const offCentre = {x: input.from.x + 2, y: input.from.y + 2};
  const from = pointIn(source, offCentre) ? offCentre : input.from;
  pressAt(win, from, source, screenLeft, screenTop);
  // A long press before the drag starts (the page may start it only after one).
  if (input.hold_ms > 0) await new Promise((resolve) => setTimeout(resolve, input.hold_ms));
  if (fire("dragstart", source, from, 1)) {
    return {data: {dropped: false, effect: "none", cancelled: true}};
  }
  let current = null;
  let operation = "none";
  // One step of the drag at `point`: false when the page cancelled the drag.
  const dragAt = (point) => {
    if (fire("drag", source, point, 1)) {
      if (current) fire("dragleave", current, point, 1);
      current = null;
      operation = "none";
      return false;
    }
    const hit = inputElementFromPoint(doc, point.x, point.y);
    if (hit !== current) {
      if (hit) fire("dragenter", hit, point, 1);
      if (current) fire("dragleave", current, point, 1);
      current = hit;
    }
    operation = "none";
    if (current) {
      transfer.dropEffect = initialDropEffect(transfer.effectAllowed);
      if (fire("dragover", current, point, 1) &&
          effectAllowed(transfer.dropEffect, transfer.effectAllowed)) {
        operation = transfer.dropEffect;
      }
    }
    return true;
  };
  let going = true;
  for (let i = 1; i <= steps && going; i++) {
    await nextFrame(win);
    going = dragAt({
      x: Math.round(from.x + (input.to.x - from.x) * i / steps),
      y: Math.round(from.y + (input.to.y - from.y) * i / steps),
    });
  }
  // Held still at the destination, where a browser goes on firing dragover (every 50 ms or so)
  // until the button comes up.
  for (let i = 0; i < DRAG_HOLD_OVERS && going; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    going = dragAt(input.to);
  }
  await nextFrame(win);
  let dropped = false;
  if (current && operation !== "none") {
    transfer.dropEffect = operation;
    dropped = landedOn(to, source, current);
    operation = fire("drop", current, input.to, 0) ? transfer.dropEffect : "none";
  } else if (current) {
    fire("dragleave", current, input.to, 0);
  }
  transfer.dropEffect = operation;
  fire("dragend", source, input.to, 0);
  return {data: {dropped: dropped, effect: operation}};
};

// Bytes of a base64 text, for a File. The array is this realm's: the page's typed arrays
// cannot be written through the sandbox's view of them (Xrays), and File copies what it gets.
function bytesOf(base64) {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

// Files or text dropped from outside the page (a file manager, another application): one
// DataTransfer holding input.files ([{name, type, base64}]) or input.data ({type: text}),
// dragenter at the element under the destination, then, two frames later, dragover (twice, a
// frame apart; the last says whether the page accepts) at what lies there then (an area that draws a drop overlay over itself as the
// drag enters, which takes the drop: Quasar's uploader), then drop when the page cancelled
// dragover (it accepts), else dragleave. No dragstart or dragend: the drag began outside.
// {"dropped": bool} | {"error", "message"}.
OPS.dragDropItems = async function (input, nodes) {
  const to = nodes[0] || null;
  const doc = to ? ownerDocumentOf(to) : document;
  const win = defaultViewOf(doc);
  const end = dragDestination(to || doc.documentElement, to, input.to_point);
  if (end.error) return {data: end};
  const transfer = new win.DataTransfer();
  for (const file of input.files || []) {
    transfer.items.add(new win.File([bytesOf(file.base64)], file.name, {type: file.type}));
  }
  for (const [type, text] of Object.entries(input.data || {})) transfer.setData(type, text);
  transfer.effectAllowed = "all";
  const fire = (type, target) => !target.dispatchEvent(new win.DragEvent(type, {
    bubbles: true, cancelable: type !== "dragleave", composed: true, view: win,
    clientX: end.x, clientY: end.y, dataTransfer: transfer,
  }));
  const hit = inputElementFromPoint(doc, end.x, end.y);
  if (!hit) return {data: {dropped: false}};
  fire("dragenter", hit);
  await nextFrame(win);
  await nextFrame(win);
  let over = inputElementFromPoint(doc, end.x, end.y) || hit;
  if (over !== hit) {
    fire("dragenter", over);
    fire("dragleave", hit);
  }
  transfer.dropEffect = "copy";
  fire("dragover", over);
  await nextFrame(win);
  over = inputElementFromPoint(doc, end.x, end.y) || over;
  // The last dragover says whether the page accepts.
  if (!fire("dragover", over) || transfer.dropEffect === "none") {
    fire("dragleave", over);
    return {data: {dropped: false}};
  }
  fire("drop", over);
  return {data: {dropped: !to || inputContains(to, over) || inputContains(to, hit)}};
};
