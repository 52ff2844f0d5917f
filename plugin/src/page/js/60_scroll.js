// page.scroll (OPS.scrollBox, OPS.scrollSettle, OPS.scrollUntil): scrolls the nearest scroll
// box of nodes[0] (when given) or the page, and reports where it came to rest.

import {
  OPS, defaultViewOf, flatElements, flatParentElement, nextFrame, ownerDocumentOf, rectOf, styleOf
} from "./00_common.js";
import {findFirst, matchedOnlyAriaHidden} from "./10_find.js";
import {
  inputClippedAway, inputClipperOf, inputHidesMore, inputScrollIntoViewAsUser, inputWheelList
} from "./50_input.js";

// Whether `el` scrolls its content on `axis`: "y" (down), "x" (across) or "xy" (either); an
// overflow that scrolls, and more content than fits. A data grid often scrolls its rows in one
// box and its columns in another inside it: scrolling down must find the first.
function scrolls(el, axis) {
  const style = styleOf(el);
  const can = (overflow) => overflow === "auto" || overflow === "scroll" || overflow === "overlay";
  return (axis !== "x" && can(style.overflowY) && el.scrollHeight > el.clientHeight) ||
      (axis !== "y" && can(style.overflowX) && el.scrollWidth > el.clientWidth);
}

// The scroll box of `el` on `axis`: itself, else the largest box inside it that scrolls (a
// data grid whose rows scroll in an inner element), else its nearest ancestor that scrolls
// (with `outside`, an ancestor only; or a list the wheel scrolls, inputWheelList), else the
// page's scrolling element. Boxes as drawn (the
// flat tree): what is slotted into a web component scrolls in the box of its shadow root that
// holds the slot (Ionic's ion-content).
function scrollBoxOf(el, outside, axis) {
  const doc = el ? ownerDocumentOf(el) : document;
  if (el && !outside && !scrolls(el, axis)) {
    const inner = largestScrollingInside(el, axis);
    if (inner) return inner;
  }
  for (let n = el && outside ? flatParentElement(el) : el; n; n = flatParentElement(n)) {
    if (n === doc.documentElement || n === doc.body) break;
    // A list the wheel scrolls down though it shows no scroll bar (Ant Design's select).
    if (scrolls(n, axis) || (el && axis !== "x" && inputWheelList(n, el))) return n;
  }
  return doc.scrollingElement || doc.documentElement;
}

function largestScrollingInside(el, axis, test = scrolls) {
  let best = null;
  let bestArea = 0;
  for (const n of flatElements(el)) {
    const area = n.clientWidth * n.clientHeight;
    if (area > bestArea && test(n, axis)) {
      best = n;
      bestArea = area;
    }
  }
  return best;
}

// The box of `el` that hides more on `axis` (inputHidesMore) where no box scrolls: itself,
// else the largest such box inside it, else its nearest such ancestor below the first that
// scrolls; null when none. A script moves it, if anything does: the wheel is the user's way in.
function wheelBoxOf(el, axis) {
  if (inputHidesMore(el, axis)) return el;
  const inner = largestScrollingInside(el, axis, inputHidesMore);
  if (inner) return inner;
  const doc = ownerDocumentOf(el);
  for (let n = flatParentElement(el); n; n = flatParentElement(n)) {
    if (n === doc.documentElement || n === doc.body || scrolls(n, axis)) return null;
    if (inputHidesMore(n, axis)) return n;
  }
  return null;
}

// The centre of the part of `el` a user sees in `box` and the viewport (of box's, when none of
// el is shown there): where a hand turns the wheel. Null when box itself is out of sight.
function wheelPointIn(box, el) {
  const win = defaultViewOf(ownerDocumentOf(box));
  const cut = (a, b) => ({left: Math.max(a.left, b.left), top: Math.max(a.top, b.top),
                          right: Math.min(a.right, b.right), bottom: Math.min(a.bottom, b.bottom)});
  const shown = cut(rectOf(box), {left: 0, top: 0, right: win.innerWidth, bottom: win.innerHeight});
  if (shown.right - shown.left < 1 || shown.bottom - shown.top < 1) return null;
  const part = cut(rectOf(el), shown);
  const area = part.right - part.left >= 1 && part.bottom - part.top >= 1 ? part : shown;
  return {x: Math.floor((area.left + area.right) / 2), y: Math.floor((area.top + area.bottom) / 2)};
}

// Where `el` lies in `box` (its offset from the box's corner): a box the page scrolls with a
// transform keeps its scrollTop, and moves its content; one that draws only the rows in view
// (Webix's grid) keeps both, and changes its text.
function offsetIn(box, el) {
  const a = rectOf(box);
  const b = rectOf(el);
  return {x: Math.round(b.left - a.left), y: Math.round(b.top - a.top)};
}

function positionOf(box) {
  return {x: Math.round(box.scrollLeft), y: Math.round(box.scrollTop)};
}

// Resolves after two animation frames (the page's scroll handlers and the rendering they
// start have run), then once no scroll event has come for 100 ms (at most 1 s in all).
function settle(doc) {
  const win = defaultViewOf(doc);
  return new Promise((resolve) => {
    win.requestAnimationFrame(() => win.requestAnimationFrame(() => {
      let quiet = null;
      const done = () => {
        doc.removeEventListener("scroll", onScroll, true);
        clearTimeout(quiet);
        clearTimeout(limit);
        resolve();
      };
      const onScroll = () => {
        clearTimeout(quiet);
        quiet = setTimeout(done, 100);
      };
      const limit = setTimeout(done, 1000);
      quiet = setTimeout(done, 100);
      doc.addEventListener("scroll", onScroll, true);
    }));
  });
}

// The box OPS.scrollBox scrolled last in this document, which OPS.scrollSettle reads: the
// element it was found from may be gone by then (a virtual list renders its rows again).
let scrolledBox = null;
// When the wheel scrolled scrolledBox: an element in it and its offset there before
// (offsetIn), the box's text before, and the page's scroll box and its position before.
let scrolledProbe = null;

// The wheel turned over `box`, which hides more than it shows (wheelBoxOf), by `delta` {x, y}
// at `el`: data {before, wheel: {x, y, dx, dy}} for the plugin's real wheel input, or null
// when box is out of sight.
function wheelOver(box, el, delta) {
  const at = wheelPointIn(box, el);
  if (!at) return null;
  scrolledBox = box;
  const page = ownerDocumentOf(box).scrollingElement;
  scrolledProbe = {el, was: offsetIn(box, el), text: box.textContent, page,
                   pageWas: page && positionOf(page)};
  return {before: positionOf(box),
          wheel: {x: at.x, y: at.y, dx: Math.round(delta.x), dy: Math.round(delta.y)}};
}

// How much further than the wheel turned a box the page moves on the wheel went, by box:
// rc-virtual-list (Ant Design's select) moves ten times the wheel's pixels in Firefox.
const WHEEL_SCALE = new WeakMap();

// After a wheel of `asked` pixels down moved `box` by `went`: when it went half as far again
// as meant (`asked` times the scale known for the box) or more, its scale (WHEEL_SCALE) and
// the wheel that takes it back to where it was meant to go (negative); else 0.
function wheelOvershoot(box, asked, went) {
  const meant = asked * (WHEEL_SCALE.get(box) || 1);
  if (!(asked > 0) || went < meant * 1.5) return 0;
  const scale = went / asked;
  WHEEL_SCALE.set(box, scale);
  return -Math.round((went - meant) / scale);
}

// input: {axis, to: "top"|"bottom"} | {axis, by: {x, y}} | {into_view: true, wheeled?} (nodes[0]
// scrolled into view in its nearest scroll box); axis: as scrolls() takes it. data: {before:
// {x, y}}, the box's position before; with `wheel` {x, y, dx, dy}, the page scrolls the box
// itself, and the plugin turns the wheel at x, y (viewport pixels) by dx, dy for it (then asks
// again with `wheeled`, into view).
OPS.scrollBox = function (input, nodes) {
  const el = nodes.length ? nodes[0] : null;
  const axis = input.axis || "xy";
  const box = scrollBoxOf(el, input.into_view === true, axis);
  if (!input.wheeled) {  // else the box the wheel was turned over is the one to report
    scrolledBox = box;
    scrolledProbe = null;
  }
  const before = positionOf(box);
  const doc = ownerDocumentOf(box);
  if (el && input.into_view !== true && (box === doc.scrollingElement ||
                                        box === doc.documentElement)) {
    // The target lies in no box that scrolls, but in one that hides more than it shows.
    const wheelBox = wheelBoxOf(el, axis);
    const wheeled = wheelBox && wheelOver(wheelBox, el, input.by || {
      x: 0, y: (input.to === "top" ? -1 : 1) * wheelBox.scrollHeight});
    if (wheeled) return {data: wheeled};
  }
  if (input.into_view === true) {
    inputScrollIntoViewAsUser(el, {block: "center", inline: "nearest"});
    // Out of sight in a box that only clips it (a carousel's other slide): the wheel over it
    // (once), as a page may move its content on the wheel; else no scroll brings it.
    const clipper = inputClipperOf(el);
    if (clipper && !input.wheeled && inputHidesMore(clipper, "xy")) {
      // As far as brings el to the middle of the box.
      const to = offsetIn(clipper, el);
      const size = rectOf(el);
      const wheeled = wheelOver(clipper, el, {
        x: inputHidesMore(clipper, "x") ? to.x - (clipper.clientWidth - size.width) / 2 : 0,
        y: inputHidesMore(clipper, "y") ? to.y - (clipper.clientHeight - size.height) / 2 : 0});
      if (wheeled) return {data: wheeled};
    }
    if (clipper) return {data: inputClippedAway(el, clipper, input.wheeled === true)};
  } else if (input.to === "top") {
    box.scrollTo({top: 0, behavior: "instant"});
  } else if (input.to === "bottom") {
    box.scrollTo({top: box.scrollHeight, behavior: "instant"});
  } else {
    box.scrollBy({left: input.by.x, top: input.by.y, behavior: "instant"});
  }
  return {data: {before}};
};

// After OPS.scrollBox: waits for the scroll to settle. data: {x, y, moved} of the box it
// scrolled (of the page's, should this document have scrolled none); `page` {x, y} when the
// wheel meant for a box moved the page instead.
OPS.scrollSettle = async function (input) {
  const box = scrolledBox || document.scrollingElement || document.documentElement;
  await settle(ownerDocumentOf(box));
  const at = positionOf(box);
  const data = {x: at.x, y: at.y, moved: at.x !== input.before.x || at.y !== input.before.y};
  if (scrolledProbe && scrolledProbe.el.isConnected) {
    const now = offsetIn(box, scrolledProbe.el);
    data.moved = data.moved || now.x !== scrolledProbe.was.x || now.y !== scrolledProbe.was.y ||
        box.textContent !== scrolledProbe.text;
  }
  // The wheel over a box the page does not scroll scrolls the page around it, as a user's does.
  const page = scrolledProbe && scrolledProbe.page;
  if (page && !data.moved) {
    const now = positionOf(page);
    if (now.x !== scrolledProbe.pageWas.x || now.y !== scrolledProbe.pageWas.y) data.page = now;
  }
  return {data};
};

// Scrolls the box of nodes[0] (or the page) down by about its height at a time until the
// element input.find names ({css} | {text} | {role, name?}) exists, for up to input.ms; then
// scrolls it into view. data: {found: true, x, y, start: {x, y}, page} | {end: true, ...}
// (the box's end came first; `unmoved`: the wheel over it moved nothing) | {found: false, ...}
// (the time ran out) | {clipped: {error, message}, ...} (found, in a box that clips it away);
// page: the box is the page's. In a box
// the page scrolls on the wheel (wheelBoxOf), {wheel: {x, y, dx, dy}, ...} asks the plugin to
// turn the wheel, then to ask again (`after_wheel`; `wheeled` after a wheel towards it, found).
OPS.scrollUntil = async function (input, nodes) {
  // The box the first slice found: a target inside a virtual list (a row) may be gone from
  // the page by a later slice, as the list drew other rows.
  const earlier = globalThis.__firefoxBidiScrollBox;
  let box = nodes.length && !nodes[0].isConnected && earlier && earlier.isConnected
      ? earlier : null;
  if (!box) {
    box = scrollBoxOf(nodes.length ? nodes[0] : null, false, "y");
    const pageBox = box === ownerDocumentOf(box).scrollingElement ||
        box === ownerDocumentOf(box).documentElement;
    // In no box that scrolls, but in one that hides more than it shows: the wheel moves it.
    if (nodes.length && pageBox) box = wheelBoxOf(nodes[0], "y") || box;
  }
  globalThis.__firefoxBidiScrollBox = box;
  const wheeling = !scrolls(box, "y") && inputHidesMore(box, "y");
  const doc = ownerDocumentOf(box);
  const win = defaultViewOf(doc);
  const page = box === doc.scrollingElement || box === doc.documentElement;
  const start = positionOf(box);
  const until = Date.now() + input.ms;
  // `page`: the page's own scroll was taken, the target lying in no box that scrolls.
  const report = (facts) => ({data: Object.assign(facts, positionOf(box), {start, page})});
  // A step the plugin takes with the wheel, over `over`: it asks again once it has.
  const wheelStep = (over, el, dy) => {
    const step = wheelOver(over, el, {x: 0, y: dy});
    if (!step) return null;
    globalThis.__firefoxBidiWheeled = {box: over, at: positionOf(over), el, was: offsetIn(over, el),
                                       text: over.textContent, dy: step.wheel.dy};
    return report({wheel: step.wheel});
  };
  // After the wheel's step, what it brought into view has its frames to render; a box that
  // neither scrolled nor moved its content on it is one the page does not move on the wheel.
  if (input.after_wheel) {
    for (let frame = 0; frame < 2; ++frame) await nextFrame(win);
    const {box: over, at, el, was, text, dy} = globalThis.__firefoxBidiWheeled;
    const now = positionOf(over);
    const moved = now.x !== at.x || now.y !== at.y || over.textContent !== text ||
        (el.isConnected && (offsetIn(over, el).x !== was.x || offsetIn(over, el).y !== was.y));
    if (wheeling && over === box && !moved) {
      // At its end, or a box that never moved on it.
      return report(globalThis.__firefoxBidiWheelMoved ? {end: true} : {end: true, unmoved: true});
    }
    if (moved) globalThis.__firefoxBidiWheelMoved = true;
    // A box that went further than the wheel turned skipped what lay between: back to where
    // the step meant to go, and the next steps turn the wheel less by as much.
    const back = wheeling && over === box ? wheelOvershoot(box, dy, now.y - at.y) : 0;
    if (back) {
      const step = wheelStep(box, box, back);
      if (step) return step;
    }
  } else {
    globalThis.__firefoxBidiWheelMoved = false;
  }
  let unchanged = 0;
  for (let atEnd = false; ; ) {
    const el = findFirst(input.find);
    if (el) {
      inputScrollIntoViewAsUser(el, {block: "center", inline: "nearest"});
      // Out of sight in a box that clips it: found, but not shown. The wheel over that box
      // (once) may bring it, as a page moves a box it scrolls itself.
      const clipper = inputClipperOf(el);
      if (clipper && !input.wheeled && inputHidesMore(clipper, "y")) {
        const centred = offsetIn(clipper, el).y - (clipper.clientHeight - rectOf(el).height) / 2;
        const step = wheelStep(clipper, el, centred);
        if (step) {
          step.data.found = true;
          return step;
        }
      }
      if (clipper) return report({clipped: inputClippedAway(el, clipper, input.wheeled === true)});
      await settle(doc);
      return report({found: true});
    }
    // What the page keeps from readers (Vaadin's calendar hides all months but the focused
    // one) never matches a role target however far the box scrolls.
    if (matchedOnlyAriaHidden(input.find)) return report({found: false, ariaHidden: true});
    if (atEnd) return report({end: true});
    const view = page ? defaultViewOf(doc).innerHeight : box.clientHeight;
    if (box.scrollTop + view >= box.scrollHeight - 1) {
      await settle(doc);  // what the last step rendered, looked at once more
      atEnd = true;
      continue;
    }
    if (Date.now() >= until) return report({found: false});
    if (wheeling) {
      const step = wheelStep(box, nodes.length && nodes[0].isConnected ? nodes[0] : box,
                             Math.max(1, Math.floor(view * 0.8 / (WHEEL_SCALE.get(box) || 1))));
      if (step) return step;
    }
    box.scrollBy({top: Math.max(1, Math.floor(view * 0.8)), behavior: "instant"});
    // A box whose content did not change over the last steps renders nothing as it scrolls
    // (all of it is there): the next steps wait a frame only.
    if (await rendered(box, doc, unchanged < 3 ? RENDER_WAIT_MS : 0)) {
      unchanged = 0;
    } else {
      unchanged++;
    }
  }
};

// The longest a step of page.scroll's until waits for the list to render the rows the scroll
// brought into view.
const RENDER_WAIT_MS = 150;

// Resolves once the content of `box` changed after a scroll (the rows in view rendered), or
// `patience` ms passed without a change; a frame at least. A list that renders on its scroll
// event does so by the next frame; one that waits for the scrolling to pause (Quasar's virtual
// scroll, 35 ms) would render nothing while the steps came a frame apart. True when it changed.
function rendered(box, doc, patience) {
  const win = defaultViewOf(doc);
  return new Promise((resolve) => {
    let changed = false;
    let framed = false;
    const observer = new win.MutationObserver(() => {
      changed = true;
      if (framed) finish();
    });
    const timer = patience > 0 ? setTimeout(() => finish(), patience) : null;
    function finish() {
      observer.disconnect();
      if (timer !== null) clearTimeout(timer);
      resolve(changed);
    }
    observer.observe(box === doc.scrollingElement ? doc.documentElement : box,
                     {childList: true, subtree: true, characterData: true});
    nextFrame(win).then(() => {
      framed = true;
      if (changed || patience === 0) finish();
    });
  });
}
