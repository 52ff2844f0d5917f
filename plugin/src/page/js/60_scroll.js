// page.scroll (OPS.scrollBox, OPS.scrollSettle, OPS.scrollUntil): scrolls the nearest scroll
// box of nodes[0] (when given) or the page, and reports where it came to rest.

import {
  OPS, defaultViewOf, flatElements, flatParentElement, nextFrame, ownerDocumentOf, styleOf
} from "./00_common.js";
import {findFirst, matchedOnlyAriaHidden} from "./10_find.js";
import {
  inputClippedAway, inputClipperOf, inputScrollIntoViewAsUser, inputWheelList
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

function largestScrollingInside(el, axis) {
  let best = null;
  let bestArea = 0;
  for (const n of flatElements(el)) {
    const area = n.clientWidth * n.clientHeight;
    if (area > bestArea && scrolls(n, axis)) {
      best = n;
      bestArea = area;
    }
  }
  return best;
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

// input: {axis, to: "top"|"bottom"} | {axis, by: {x, y}} | {into_view: true} (nodes[0]
// scrolled into view in its nearest scroll box); axis: as scrolls() takes it. data: {before:
// {x, y}}, the box's position before.
OPS.scrollBox = function (input, nodes) {
  const el = nodes.length ? nodes[0] : null;
  const box = scrollBoxOf(el, input.into_view === true, input.axis || "xy");
  scrolledBox = box;
  const before = positionOf(box);
  if (input.into_view === true) {
    inputScrollIntoViewAsUser(el, {block: "center", inline: "nearest"});
    // Out of sight in a box that only clips it (a carousel's other slide): no scroll brings it.
    const clipper = inputClipperOf(el);
    if (clipper) return {data: inputClippedAway(el, clipper)};
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
// scrolled (of the page's, should this document have scrolled none).
OPS.scrollSettle = async function (input) {
  const box = scrolledBox || document.scrollingElement || document.documentElement;
  await settle(ownerDocumentOf(box));
  const at = positionOf(box);
  return {data: {x: at.x, y: at.y, moved: at.x !== input.before.x || at.y !== input.before.y}};
};

// Scrolls the box of nodes[0] (or the page) down by about its height at a time until the
// element input.find names ({css} | {text} | {role, name?}) exists, for up to input.ms; then
// scrolls it into view. data: {found: true, x, y, start: {x, y}, page} | {end: true, ...}
// (the box's end came first) | {found: false, ...} (the time ran out); page: the box is the
// page's.
OPS.scrollUntil = async function (input, nodes) {
  // The box the first slice found: a target inside a virtual list (a row) may be gone from
  // the page by a later slice, as the list drew other rows.
  const earlier = globalThis.__firefoxBidiScrollBox;
  const box = nodes.length && !nodes[0].isConnected && earlier && earlier.isConnected
      ? earlier : scrollBoxOf(nodes.length ? nodes[0] : null, false, "y");
  globalThis.__firefoxBidiScrollBox = box;
  const doc = ownerDocumentOf(box);
  const page = box === doc.scrollingElement || box === doc.documentElement;
  const start = positionOf(box);
  const until = Date.now() + input.ms;
  // `page`: the page's own scroll was taken, the target lying in no box that scrolls.
  const report = (facts) => ({data: Object.assign(facts, positionOf(box), {start, page})});
  let unchanged = 0;
  for (let atEnd = false; ; ) {
    const el = findFirst(input.find);
    if (el) {
      inputScrollIntoViewAsUser(el, {block: "center", inline: "nearest"});
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
