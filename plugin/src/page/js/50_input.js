// The in-page side of page.click, page.fill and page.press (OPS.inputPrepareClick,
// OPS.inputFill, OPS.inputFocus, OPS.inputArm, OPS.inputOutcome), run in the browsing context
// that holds the element, which comes as nodes[0].
//
// Their data: {"ok": true, ...} when the C++ side may go on, or {"error": CODE, "message":
// TEXT} with a message that says what to do next.

import {
  DOCUMENT_NODE, ELEMENT_NODE, OPS, SVG_NS, TEXT_NODE, accessibleName, activeDescendantOf,
  ariaHidingHolder, attrOf, collapse, controlledIds, dataOf, defaultViewOf, describeElement,
  drawnListFor, drawnOptions, drawnToggleOf, editableText, editorBoxOf, editorKeysFieldOf,
  flatChildren, flatClosest, flatElements, flatParentElement, focusedElement, hasAttr,
  hiddenByPixelBox, holdsFixed, idRefsText, innerFieldOf, isChecked, isEditable, isEditableRoot,
  isInteractive, isMovableSeparator, isParkedAway, isSeeThroughTextField, isTextField, isTurnedOff,
  isVisible, localNameOf, matchesOf, modalDialogOf, namespaceOf, nextFrame, nodeTypeOf,
  ownerDocumentOf, parentElementOf, parentNodeOf, rectOf, roleOf, seenText, shadowRootOf,
  shownActiveOf, standInOf, styleFacts, styleOf, tagNameOf, textMatcher, toggleBeside, truncate,
  viewSizeOf
} from "./00_common.js";
import {findFirst, isFrame} from "./10_find.js";
import {customComboboxValue, wrappedParts} from "./20_snapshot.js";

// The cover as the model can target it: the element hit, and when that has no id, the
// nearest ancestor (across shadow roots) that has one.
function inputDescribeCover(hit) {
  let text = describeElement(hit);
  if (hit.id) return text;
  for (let n = parentNodeOf(hit) || hit.host; n && nodeTypeOf(n) !== DOCUMENT_NODE; n = parentNodeOf(n) || n.host) {
    if (nodeTypeOf(n) === ELEMENT_NODE && n.id) return text + ' (inside ' + tagNameOf(n).toLowerCase() + '#' + n.id + ')';
  }
  return text;
}

// Whether `node` is `el` or inside it, crossing shadow-root boundaries upwards.
export function inputContains(el, node) {
  for (let n = node; n; n = parentNodeOf(n) || n.host) {
    if (n === el) return true;
  }
  // A slotted node is inside the element that holds its slot, as the pointer sees it (an
  // event's path goes through the slot): a Material option's label, slotted into its list item.
  for (let n = node; n; n = flatParentElement(n)) {
    if (n === el) return true;
  }
  return false;
}

// The innermost element at viewport point (x, y) of el's document, looking into open shadow
// roots as a real pointer event would hit them.
export function inputElementFromPoint(doc, x, y) {
  let hit = doc.elementFromPoint(x, y);
  while (hit && shadowRootOf(hit)) {
    const inner = shadowRootOf(hit).elementFromPoint(x, y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  return hit;
}

// The in-view centre of the element's first box that has an area (inputFirstBox), where a
// click aims. Null when no part of it is in view (a box of no size has its corner as its
// centre, when that is in view).
export function inputInViewCentre(el) {
  return inViewCentreOf(el, inputFirstBox(el));
}

// The first of el's boxes that has an area, else its first: an inline element split around a
// block inside it has empty boxes on the lines around that block (Ark's radio button label
// begins with one at the end of the line above, over the item before it).
function inputFirstBox(el) {
  const rects = el.getClientRects();
  for (const r of rects) {
    if (r.width > 0 && r.height > 0) return r;
  }
  return rects.length ? rects[0] : null;
}

// The one control of a web component's host that has no role or focus of its own, which a
// css target named (inputFieldOf: its one field, or the one button that opens its list), or
// null. Its host may be drawn elsewhere than the control: inline, its first box the line of
// its label (Carbon's cds-dropdown), or wider than what it draws (cds-checkbox).
function inputHostControlOf(el) {
  const shadow = localNameOf(el).includes('-') ? shadowRootOf(el) : null;
  if (!shadow || attrOf(el, 'role') !== null || hasAttr(el, 'tabindex')) return null;
  const control = inputFieldOf(el);
  return control !== el && control.getRootNode() === shadow ? control : null;
}

// The point an element-origin pointer move to `el` starts from: the in-view centre of its
// first box that has an area, as Firefox takes it (measured: a link around a block has an
// empty box at the end of the line before it, passed over); offsets are given from there.
function inputOriginCentre(el) {
  const box = inputFirstBox(el);
  return box ? inViewCentreOf(el, box) : null;
}

function inViewCentreOf(el, r) {
  if (!r) return null;
  const view = viewSizeOf(defaultViewOf(ownerDocumentOf(el)));
  const left = Math.max(0, Math.min(r.x, r.x + r.width));
  const right = Math.min(view.width, Math.max(r.x, r.x + r.width));
  const top = Math.max(0, Math.min(r.y, r.y + r.height));
  const bottom = Math.min(view.height, Math.max(r.y, r.y + r.height));
  const empty = r.width === 0 || r.height === 0;
  if (empty ? right < left || bottom < top : right <= left || bottom <= top) return null;
  return {x: Math.floor((left + right) / 2), y: Math.floor((top + bottom) / 2)};
}

function inputNotVisible(el, why) {
  return {
    error: 'element not visible',
    message: describeElement(el) + ' ' + why +
        '; take a new page.snapshot to find what is shown, or page.waitFor it first',
  };
}

// The element that makes `el` disabled: itself or an ancestor that is a disabled form control
// (a disabled fieldset disables what it holds) or says aria-disabled="true", or itself when
// the page turned it off by its pointer events or its cursor alone (isTurnedOff); null when
// none.
function inputDisabledBy(el) {
  return el.closest(':disabled, [aria-disabled="true"]') || (isTurnedOff(el) ? el : null);
}

function inputDisabled(el, off) {
  return {
    error: 'element disabled',
    message: describeElement(el) + (off === el ? '' : ' (inside ' + describeElement(off) + ')') +
        ' is disabled: the page does not offer it now, and nothing was clicked. A page.snapshot ' +
        'shows why: a form\'s button waits for the fields shown "required" or "invalid" and ' +
        'the page\'s messages; a pager\'s Next is disabled on the last page, a calendar\'s ' +
        'day outside the dates it allows',
  };
}

// The open modal dialog of el's document that el lies outside of (everything outside it is
// inert: no click, no typing reaches it), an inert ancestor, a dialog the page hid el beside
// (inputHiddenBesideDialog), or a modal's backdrop over it (inputBackdropOver); null when
// there is none.
function inputInertBy(el) {
  const inert = el.closest('[inert]');
  if (inert) return inert;
  const modal = modalDialogOf(ownerDocumentOf(el));
  if (modal) return inputContains(modal, el) ? null : modal;
  return inputHiddenBesideDialog(el) || inputBackdropOver(el);
}

// A dialog shown while el lies in a part of the page hidden beside it (aria-hidden on a
// sibling of the dialog or of what holds it): a modal as Radix draws it, which hides the rest
// of the page so, turns the body's pointer events off and keeps the focus inside, without
// aria-modal (cmdk's palette). Null when there is none.
function inputHiddenBesideDialog(el) {
  const hidden = ariaHidingHolder(el);
  const holder = hidden && flatParentElement(hidden);
  if (!holder) return null;
  const dialogs = holder.querySelectorAll(
      '[role="dialog"], [role="alertdialog"], [aria-modal="true"], dialog[open]');
  return Array.from(dialogs).find((d) => !hidden.contains(d) && isVisible(d)) || null;
}

// Whether `el` is a dialog (a <dialog>, or an element with the role of one).
function inputIsDialog(el) {
  const role = roleOf(el);
  return localNameOf(el) === 'dialog' || role === 'dialog' || role === 'alertdialog';
}

// An element fixed in place over nearly all of the viewport that lies over el's centre and
// does not hold el: a modal's backdrop, as libraries draw their modals without <dialog>
// (Mantine's overlay, UIkit's and Carbon's modal); null when el's centre cannot be brought
// into view or nothing such covers it. A user's click and typing cannot reach el then, though
// a script's focus() still can.
function inputBackdropOver(el) {
  const doc = ownerDocumentOf(el);
  const win = defaultViewOf(doc);
  const outOfView = (r) => {
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    return x < 0 || y < 0 || x >= win.innerWidth || y >= win.innerHeight;
  };
  // Brought into view as its focus would bring it (a modal locks the page's scrolling: UIkit's
  // left the field below the fold).
  if (outOfView(rectOf(el))) inputScrollIntoViewAsUser(el, {block: 'center'});
  const r = rectOf(el);
  if (outOfView(r)) return null;
  const x = r.left + r.width / 2;
  const y = r.top + r.height / 2;
  const hit = inputElementFromPoint(doc, x, y);
  for (let n = hit; n && nodeTypeOf(n) === ELEMENT_NODE; n = flatParentElement(n)) {
    if (inputContains(n, el)) return null;  // el's own widget, or what holds both
    if (styleOf(n).position !== 'fixed') continue;
    const b = rectOf(n);
    const shown = Math.max(0, Math.min(b.right, win.innerWidth) - Math.max(b.left, 0)) *
        Math.max(0, Math.min(b.bottom, win.innerHeight) - Math.max(b.top, 0));
    if (shown >= 0.9 * win.innerWidth * win.innerHeight) return n;
  }
  return null;
}

// Scrolls each box around `el` that a user scrolls (overflow auto or scroll) and that hides
// part of it, innermost first, until el's centre shows in it: an option below the visible
// part of a menu's list, though the list itself is in the window. At once, also in a box that
// scrolls smoothly (MUI's time picker's columns), which would still hide it when it is
// hit-tested. A box that clips without scrolling (a carousel's track) is left as it is, as a
// user's wheel would leave it.
function inputScrollIntoBoxes(el) {
  const doc = ownerDocumentOf(el);
  const scrollable = (overflow) => overflow === 'auto' || overflow === 'scroll';
  // Boxes as drawn (the flat tree): what is slotted into a web component scrolls in the box
  // of its shadow root that holds the slot (Ionic's ion-content).
  for (let p = flatParentElement(el); p; p = flatParentElement(p)) {
    if (p === doc.documentElement || p === doc.body) continue;
    const style = styleOf(p);
    const alongY = (scrollable(style.overflowY) || inputWheelList(p, el)) &&
        p.scrollHeight > p.clientHeight;
    const alongX = scrollable(style.overflowX) && p.scrollWidth > p.clientWidth;
    if (!alongY && !alongX) continue;
    const r = rectOf(el);
    const box = rectOf(p);
    const top = box.top + p.clientTop;
    const left = box.left + p.clientLeft;
    const middleY = r.top + r.height / 2;
    const middleX = r.left + r.width / 2;
    if (alongY && (middleY < top || middleY > top + p.clientHeight)) {
      p.scrollBy({top: middleY - (top + p.clientHeight / 2), behavior: 'instant'});
    }
    if (alongX && (middleX < left || middleX > left + p.clientWidth)) {
      p.scrollBy({left: middleX - (left + p.clientWidth / 2), behavior: 'instant'});
    }
  }
}

// Scrolls the element into view when it is not wholly in view, then checks that a pointer at
// its in-view centre would hit it (or something inside it, or a label of it). With
// `hover` (page.hover): a disabled element too, and nothing is armed for a click's outcome.
// With `atTextEnd`, the point is past the end of its text (inputTextEnd); with `text` (a text
// target's value), on those words (inputTextPoint).
// {"ok": true, "x", "y", "dx"?, "dy"?} | {"error": "element covered" | "element not visible" |
// "element disabled", "message"}.
export function inputPrepareClick(el, hover, atTextEnd = false, text = null, position = null) {
  if (!el.isConnected) {
    return {error: 'stale ref', message: 'the element is no longer in the page; take a new page.snapshot'};
  }
  // Where on the animation timeline the pointer's move begins, and onto what
  // (OPS.inputPointerSettled).
  globalThis.__firefoxBidiPointerMark = {
    at: defaultViewOf(ownerDocumentOf(el)).document.timeline.currentTime, el};
  const off = hover ? null : inputDisabledBy(el);
  if (off) return inputDisabled(el, off);
  const style = styleOf(el);
  if (style.visibility === 'hidden' || style.visibility === 'collapse') {
    return inputNotVisible(el, 'is hidden (visibility: ' + style.visibility + ')');
  }
  // A field the user does not see is clicked where it is drawn (standInOf): a checkbox kept at
  // no size on its label, whose click checks it, or on the box that draws it; a field kept for
  // screen readers on the widget around it. A web component's host stands for the control its
  // shadow root holds (inputHostControlOf).
  const standIn = inputHostControlOf(el) || standInOf(el);
  if (standIn) return inputPreparedThrough(el, standIn, hover);
  const rect = rectOf(el);
  if (el.getClientRects().length === 0 || rect.width === 0 || rect.height === 0) {
    return inputNotVisible(el, 'has no size on the page (display: none, or zero width or height)');
  }
  const win = defaultViewOf(ownerDocumentOf(el));
  inputScrollIntoBoxes(el);
  // A box that clips it away without scrolling (a carousel's track) is left as it is: scrolling
  // the window to the element would scroll that box too, and draw a slide the page has not
  // moved to.
  const clipper = inputClipperOf(el);
  if (clipper) return inputClippedAway(el, clipper);
  const inBoxes = rectOf(el);
  const view = viewSizeOf(win);
  if (inBoxes.top < 0 || inBoxes.left < 0 || inBoxes.bottom > view.height ||
      inBoxes.right > view.width) {
    inputScrollIntoViewAsUser(el, {block: 'center', inline: 'center'});
  } else if (win !== win.top) {
    // In view in its frame, but the frame may lie outside the tab's viewport, where pointer
    // input lands on nothing: 'nearest' scrolls each document up the chain only as far as
    // needed (not at all when the element is in view).
    inputScrollIntoViewAsUser(el, {block: 'nearest', inline: 'nearest'});
  }
  const point = inputInViewCentre(el);
  if (point === null) return inputNotVisible(el, 'cannot be scrolled into view');
  if (position) return inputPreparedAt(el, position, hover);
  let hit = inputElementFromPoint(ownerDocumentOf(el), point.x, point.y);
  let reached = !hit || inputContains(el, hit);
  // An element wider than the box that clips it (a code editor's line is a million pixels
  // wide): its centre is clipped away, the centre of the part that shows is not. There, an
  // element that takes no pointer events (that line of text) is reached through the ancestor
  // that gets them in its place.
  let shown = null;
  if (!reached) {
    const centre = inputClippedCentre(el);
    const centreHit = centre && inputElementFromPoint(ownerDocumentOf(el), centre.x, centre.y);
    if (centreHit && (inputContains(el, centreHit) || inputDrawnBy(centreHit, el))) {
      hit = centreHit;
      reached = true;
      shown = centre;
    }
  }
  // A shape whose middle lies outside it (an L-shaped polygon on a Leaflet map): a point of its
  // own fill, the nearest to the middle.
  if (!reached && !inputReaches(el, hit)) {
    const inside = inputPointOfShape(el, point);
    if (inside) {
      hit = el;
      reached = true;
      shown = inside;
    }
  }
  if (!reached && !inputReaches(el, hit)) {
    const drawing = inputDrawingLabel(el, hit) || inputDrawingHost(el, hit);
    if (drawing) return inputPreparedThrough(el, drawing, hover);
    return {error: 'element covered', message: inputCoveredMessage(el, hit, hover)};
  }
  if (!hover) {
    inputWatchOutcome(el, inputFollowedLink(el));
    globalThis.__firefoxBidiInputWatch.aimed = el;  // OPS.inputOutcome's `missed`
  }
  // The pointer goes to the in-view centre of the element's first box plus an offset.
  const origin = inputOriginCentre(el) || point;
  if (shown) {
    return {ok: true, x: shown.x, y: shown.y, dx: shown.x - origin.x, dy: shown.y - origin.y};
  }
  // An open branch of a tree (or a menu item showing its submenu inline) holds its children's
  // items in its box: its centre is one of them, and the click would act on that child; a
  // column header's centre can be its filter box, which a click focuses instead of sorting.
  const own = !atTextEnd && !text && hit && inputNestedTaker(el, hit) ? inputOwnTextPoint(el)
                                                                      : null;
  const end = own || (atTextEnd ? inputTextEnd(el) : (text ? inputTextPoint(el, text) : null)) ||
      point;
  if (end.x === origin.x && end.y === origin.y) return {ok: true, x: end.x, y: end.y};
  return {ok: true, x: end.x, y: end.y, dx: end.x - origin.x, dy: end.y - origin.y};
}

// inputPrepareClick at `position` ({x, y} CSS pixels from the top left of el's padding box,
// inside its border) in place of its centre: a point of a canvas, a cell of a grid drawn as one element, the edge of a
// backdrop that its dialog covers in the middle.
function inputPreparedAt(el, position, hover) {
  const box = rectOf(el);
  const size = Math.round(box.width) + 'x' + Math.round(box.height) + ' px';
  if (position.x < 0 || position.y < 0 || position.x >= box.width || position.y >= box.height) {
    return {error: 'invalid argument', message: '"position" {"x": ' + position.x + ', "y": ' +
        position.y + '} lies outside ' + describeElement(el) + ', ' + size};
  }
  // From the top left of its padding box, inside its border, as Playwright's position.
  const x = Math.floor(box.left + (el.clientLeft || 0) + position.x);
  const y = Math.floor(box.top + (el.clientTop || 0) + position.y);
  const view = viewSizeOf(defaultViewOf(ownerDocumentOf(el)));
  if (x < 0 || y < 0 || x >= view.width || y >= view.height) {
    return inputNotVisible(el, '(' + size + ') does not show "position" in the viewport');
  }
  const hit = inputElementFromPoint(ownerDocumentOf(el), x, y);
  if (hit && !inputReaches(el, hit)) {
    return {error: 'element covered', message: inputCoveredMessage(el, hit, hover)};
  }
  if (!hover) {
    inputWatchOutcome(el, inputFollowedLink(el));
    globalThis.__firefoxBidiInputWatch.aimed = el;  // OPS.inputOutcome's `missed`
  }
  const origin = inputOriginCentre(el) || {x, y};
  return {ok: true, x, y, dx: x - origin.x, dy: y - origin.y};
}

// inputPrepareClick of `other`, an element that stands for `el` (its label, the control of
// its host), as an offset from `el`'s in-view centre, where an element-origin move to `el`
// starts.
function inputPreparedThrough(el, other, hover) {
  const prepared = inputPrepareClick(other, hover);
  const origin = inputOriginCentre(el);
  if (!prepared.ok || !origin) return prepared;
  return {ok: true, x: prepared.x, y: prepared.y, dx: prepared.x - origin.x,
          dy: prepared.y - origin.y};
}

// The label that draws see-through checkbox or radio button `el` over it, the element `hit`
// at its middle is in: a label beside it, naming no control, whose click the page takes to
// toggle the box (Fomantic's checkbox, toggle and radio), or null.
function inputDrawingLabel(el, hit) {
  if (localNameOf(el) !== 'input' || (el.type !== 'checkbox' && el.type !== 'radio') || !hit ||
      styleOf(el).opacity !== '0') {
    return null;
  }
  const label = hit.closest('label');
  return label && parentElementOf(label) === parentElementOf(el) && !label.control ? label : null;
}

// The custom element that draws checkbox or radio button `el`, its one box, over it, the
// element `hit` at its middle being part of that drawing (Onsen's ons-switch lays its handle's
// touch layer over its input): a user clicks the widget, which toggles the box; or null.
function inputDrawingHost(el, hit) {
  if (localNameOf(el) !== 'input' || (el.type !== 'checkbox' && el.type !== 'radio') || !hit) {
    return null;
  }
  let host = flatParentElement(el);
  for (let level = 0; host && level < 3 && !localNameOf(host).includes('-'); ++level) {
    host = flatParentElement(host);
  }
  if (!host || !localNameOf(host).includes('-') || !inputContains(host, hit)) return null;
  return host.querySelectorAll('input').length === 1 ? host : null;
}

// Roles of elements that hold a field of their own that a click on them is not meant for: a
// column header's filter box (Tabulator's), a tab's or an item's inline rename box.
const INPUT_FIELD_HOLDERS = new Set(['columnheader', 'rowheader', 'tab', 'treeitem', 'option',
                                     'menuitem', 'button', 'link']);

// The element inside `el` that `node` lies in and that takes a click for itself: one with el's
// own role (a child item of a tree's branch, a submenu's item), or a field that el, a header,
// tab or item, holds (a column's filter box); null when none does.
function inputNestedTaker(el, node) {
  const role = roleOf(el);
  if (!role) return null;
  const holdsFields = INPUT_FIELD_HOLDERS.has(role);
  for (let n = node; n && n !== el; n = flatParentElement(n)) {
    if (nodeTypeOf(n) !== ELEMENT_NODE) continue;
    if (roleOf(n) === role) return n;
    if (holdsFields && (isTextField(n) || localNameOf(n) === 'select' || isEditable(n))) return n;
  }
  return null;
}

// The middle of el's first words that are its own, none of an element inside it that takes a
// click for itself (a branch's label, not its children's; a header's title, not its filter
// box's placeholder), when a pointer there reaches it; null otherwise.
function inputOwnTextPoint(el) {
  const doc = ownerDocumentOf(el);
  const win = defaultViewOf(doc);
  const walker = doc.createTreeWalker(el, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.data.trim() === '' || inputNestedTaker(el, parentNodeOf(node))) continue;
    const range = doc.createRange();
    range.selectNodeContents(node);
    const box = Array.from(range.getClientRects()).find((r) => r.width > 0 && r.height > 0);
    if (!box) continue;
    const point = {x: Math.floor(box.left + box.width / 2),
                   y: Math.floor(box.top + box.height / 2)};
    if (point.x < 0 || point.y < 0 || point.x >= win.innerWidth || point.y >= win.innerHeight) {
      return null;
    }
    const hit = inputElementFromPoint(doc, point.x, point.y);
    return hit && inputContains(el, hit) && !inputNestedTaker(el, hit) ? point : null;
  }
  return null;
}

// The middle of where `text` (a text target's value) shows inside `el`, when el shows more
// than it: a text target clicks its words, as a user aims at them (a word in an editor's
// paragraph, where the caret then goes; a line of a block split by <br>). Null when el shows
// just that text, or the words are out of view or under something else.
function inputTextPoint(el, text) {
  // The text as collapse() makes it, each character's node and offset beside it.
  let flat = '';
  const at = [];
  const walker = ownerDocumentOf(el).createTreeWalker(el, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const data = node.data;
    for (let i = 0; i < data.length; ++i) {
      const space = /\s/.test(data[i]);
      if (space && (flat === '' || flat.endsWith(' '))) continue;
      flat += space ? ' ' : data[i];
      at.push([node, i]);
    }
  }
  if (flat.endsWith(' ')) flat = flat.slice(0, -1);
  const found = textMatcher(text).find(flat);
  if (!found || found.end <= found.start || (found.start === 0 && found.end === flat.length)) {
    return null;
  }
  const range = ownerDocumentOf(el).createRange();
  range.setStart(at[found.start][0], at[found.start][1]);
  range.setEnd(at[found.end - 1][0], at[found.end - 1][1] + 1);
  const box = Array.from(range.getClientRects()).find((r) => r.width > 0 && r.height > 0);
  if (!box) return null;
  const win = defaultViewOf(ownerDocumentOf(el));
  const point = {x: Math.floor(box.left + box.width / 2), y: Math.floor(box.top + box.height / 2)};
  if (point.x < 0 || point.y < 0 || point.x >= win.innerWidth || point.y >= win.innerHeight) {
    return null;
  }
  const hit = inputElementFromPoint(ownerDocumentOf(el), point.x, point.y);
  return hit && inputContains(el, hit) ? point : null;
}

// What takes the pointer in place of `el`, and what to do about it. Content the page made
// inert while a menu, a listbox or a modal dialog is open (Headless UI's list sets inert on the
// rest of the page) passes the pointer to what holds it: that is no cover to click or wait out.
function inputCoveredMessage(el, hit, hover) {
  const inert = inputInertBy(el);
  if (inert) return inputKeptFromInput(el, inert, hover ? 'hovered' : 'clicked');
  // The pointer reaches nothing but the page's root: the page turned pointer events off for
  // all of its body while a menu or dialog of its own is open (Radix's dropdown menu).
  const doc = ownerDocumentOf(el);
  if ((hit === doc.documentElement || hit === doc.body) && inputBodyTakesNoPointer(el)) {
    return describeElement(el) + ' takes no pointer input now: the page turned it off for ' +
        'all of its body (pointer-events: none), as it does while a menu or dialog of its own ' +
        'is open; nothing was ' + (hover ? 'hovered' : 'clicked') + '. Close that first (e.g. ' +
        'page.press Escape), or act inside it';
  }
  // A cover smaller than the element, over its middle (a dialog over its backdrop): the rest
  // of the element shows around it.
  const box = rectOf(el);
  const cover = hit ? rectOf(hit) : null;
  const around = !hover && cover && cover.width * cover.height < box.width * box.height / 2 &&
      cover.left >= box.left && cover.top >= box.top && cover.right <= box.right &&
      cover.bottom <= box.bottom;
  return describeElement(el) + ' is covered by ' + inputDescribeCover(hit) +
      ', which would receive the ' + (hover ? 'mouse' : 'click') + '; nothing was ' +
      (hover ? 'hovered' : 'clicked') + '. Close or wait out the cover (e.g. page.waitFor its ' +
      'text with gone: true), or click it instead' + (around ? ', or click the part of ' +
      'the element it leaves free with "position": {"x": 5, "y": 5} (from its top left)' : '');
}

// An "element covered" error when a modal, an inert ancestor or a modal's backdrop keeps `el`
// from a user's input (inputInertBy), saying nothing was `done`; null when nothing does.
export function inputKeptAway(el, done) {
  const inert = inputInertBy(el);
  return inert ? {error: 'element covered', message: inputKeptFromInput(el, inert, done)} : null;
}

// Why `el` takes no input while `inert` (inputInertBy) keeps it from it; nothing was `done`.
function inputKeptFromInput(el, inert, done) {
  let why;
  if (hasAttr(inert, 'inert')) {
    why = ' lies in content the page has made inert, as pages do while a menu, a listbox or a ' +
        'modal dialog is open';
  } else if (inputIsDialog(inert)) {
    why = ' is outside the open modal ' + describeElement(inert) + ', which keeps the rest of ' +
        'the page from input';
  } else {
    why = ' lies behind ' + describeElement(inert) + ', which covers the page as a modal\'s ' +
        'backdrop does: the pointer and keys go to the modal, not to it';
  }
  // Keys go where the focus is: left behind the modal (on the button that opened it, as Kendo's
  // window leaves it), an Escape pressed there does not reach the modal.
  const focus = focusedElement(ownerDocumentOf(el));
  const close = focus && inputInertBy(focus)
      ? 'the focus is on ' + describeElement(focus) + ', outside it: page.press Escape with a ' +
        'target inside it, or click its close button'
      : 'e.g. page.press Escape';
  return describeElement(el) + why + '; nothing was ' + done + '. Close or finish that first (' +
      close + '), or act inside it';
}

// A point just past the end of the text of editable `el`, where a click leaves the caret at its
// end; null when it shows no text there, or something else is drawn there.
function inputTextEnd(el) {
  const range = ownerDocumentOf(el).createRange();
  range.selectNodeContents(el);
  const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0);
  if (rects.length === 0) return null;
  const last = rects[rects.length - 1];
  const box = rectOf(el);
  const end = {x: Math.floor(Math.min(last.right + 2, box.right - 1)),
               y: Math.floor(last.top + last.height / 2)};
  const hit = inputElementFromPoint(ownerDocumentOf(el), end.x, end.y);
  return hit && inputContains(el, hit) ? end : null;
}

// Whether a pointer on `hit` reaches `el`: `hit` is in it (or slotted into it), an ancestor
// that takes the pointer in its place (inputDrawnBy), a plain part of the small box that takes
// its clicks (inputPartOfSameBox), or in a label of it (or one beside it: toggleBeside).
export function inputReaches(el, hit) {
  if (inputContains(el, hit) || inputDrawnBy(hit, el) || inputPartOfSameBox(el, hit) ||
      inputSeeThroughHitArea(el, hit)) {
    return true;
  }
  // Its label, found across shadow roots: Shoelace's checkbox draws its check mark with an
  // icon of its own shadow root inside the label of its input.
  for (let n = hit; n; n = flatParentElement(n)) {
    if (localNameOf(n) === 'label') return (n.control || toggleBeside(n)) === el;
  }
  return false;
}

// Whether el's document's body takes no pointer events (pointer-events: none on it or the
// root element, which a modal sets while it is open).
function inputBodyTakesNoPointer(el) {
  const doc = ownerDocumentOf(el);
  return [doc.body, doc.documentElement].some((n) => n && styleOf(n).pointerEvents === 'none');
}

// Whether `hit` is an ancestor that takes the pointer in place of `el`, which takes none
// itself: `el` has pointer-events: none, or is visually hidden (clipped away, or a pixel wide)
// inside the widget that draws it, as a custom slider's thumb holds its range input. A user
// presses what is there.
function inputDrawnBy(hit, el) {
  if (!hit || hit === el || !inputContains(hit, el)) return false;
  const style = styleOf(el);
  const rect = rectOf(el);
  // Taking no pointer events, it passes a user's press there to what holds it, whatever that is
  // (react-aria's drag handle, to its row, which starts the drag); not when the page turned
  // them off for all of the body (a modal does so, as Radix's: the press reaches nothing).
  if (style.pointerEvents === 'none') return !inputBodyTakesNoPointer(el);
  if (!(style.clip !== 'auto' || style.clipPath !== 'none' || rect.width <= 1 ||
        rect.height <= 1)) {
    return false;
  }
  // The widget that draws it is the nearest that takes input: a page's far container that holds
  // that widget (hit beside the widget) is not it.
  return !inputTakesInputBetween(flatParentElement(el), hit);
}

// Whether `hit`, over `el`, is a plain part of the small box that takes the clicks for both:
// a placeholder drawn over a select's field inside the wrapper that opens its list (Element
// Plus). The nearest ancestor of `el` that takes input, at most 3 levels up and no taller than
// a control (INPUT_SAME_BOX_HEIGHTS times el's height), holds `hit`, and nothing from `hit` up
// to it takes input of its own (a label of a control does). A user's click there reaches the
// same control; an overlay, a menu or a button over the field does not pass, nor a map's
// control or popup over a marker (Leaflet's map takes the focus: a box far taller than the
// marker).
function inputPartOfSameBox(el, hit) {
  let box = flatParentElement(el);
  for (let level = 1; box && !isInteractive(box, roleOf(box)); ++level) {
    if (level === 3) return false;
    box = flatParentElement(box);
  }
  if (!box || rectOf(box).height > INPUT_SAME_BOX_HEIGHTS * Math.max(rectOf(el).height, 24)) {
    return false;
  }
  if (!inputContains(box, hit) || inputTakesInputBetween(hit, box)) return false;
  for (let n = hit; n && n !== box; n = flatParentElement(n)) {
    if (localNameOf(n) === 'label' && n.control && n.control !== el) return false;
  }
  return true;
}

const INPUT_SAME_BOX_HEIGHTS = 3;

// Whether `hit`, over `el`, is the see-through area that takes the clicks of the item they
// are part of (Plotly's legend lays a rect of no fill over each entry's name, which hides or
// shows the trace): it draws nothing and holds nothing, takes input (a pointer cursor), and
// is el's near kin (a sibling, its parent's, its wrapper's). A user's click on the name lands
// there. So is a see-through layer, near kin as well, laid over an element that takes no input
// of its own (a calendar's layer of events over its time slots: it holds the events, drawn
// elsewhere, and the page reads the point of a click on a slot from it): a user's click on the
// slot is the layer's to take.
function inputSeeThroughHitArea(el, hit) {
  // Near kin: one of the two nearest ancestors of each is one of the other's (a layer may come
  // in a wrapper of its own, as react-big-calendar's drag and drop wraps its events layer).
  const twoUp = (n) => {
    const parent = n ? flatParentElement(n) : null;
    return parent ? [parent, flatParentElement(parent)].filter(Boolean) : [];
  };
  const around = twoUp(el);
  if (!hit || !twoUp(hit).some((n) => around.includes(n))) return false;
  const empty = !hit.firstElementChild && (hit.textContent || '').trim() === '';
  const area = empty && isInteractive(hit, roleOf(hit));
  const layer = !isInteractive(el, roleOf(el)) && styleOf(hit).position === 'absolute';
  if (!area && !layer) return false;
  return inputDrawsNothing(hit);
}

// Whether `el` draws nothing of its own: see-through, or of no fill, stroke, background or
// border.
function inputDrawsNothing(el) {
  const style = styleOf(el);
  const clear = (colour, opacity) => colour === 'none' || opacity === '0' ||
      colour === 'transparent' || /^rgba\(.*,\s*0\)$/.test(colour);
  if (style.opacity === '0') return true;
  if (namespaceOf(el) === SVG_NS) {
    return clear(style.fill, style.fillOpacity) && clear(style.stroke, style.strokeOpacity);
  }
  return clear(style.backgroundColor, null) && style.backgroundImage === 'none' &&
      ['Top', 'Right', 'Bottom', 'Left'].every((side) => style['border' + side + 'Style'] === 'none');
}

// Whether an element from `from` up to `above` (its flat ancestor, itself left out) takes
// input of its own.
function inputTakesInputBetween(from, above) {
  for (let n = from; n && n !== above; n = flatParentElement(n)) {
    if (isInteractive(n, roleOf(n))) return true;
  }
  return false;
}

// For an SVG shape (a path, polygon, circle...) whose in-view centre `centre` is not its own: a
// point of its box where a pointer reaches the shape itself, the nearest to the centre of the
// inner points of a grid cutting the box in SHAPE_GRID parts each way; null when none does
// (another element covers it).
function inputPointOfShape(el, centre) {
  if (namespaceOf(el) !== SVG_NS || typeof el.isPointInFill !== 'function') return null;
  const box = rectOf(el);
  const view = viewSizeOf(defaultViewOf(ownerDocumentOf(el)));
  const left = Math.max(0, box.left);
  const right = Math.min(view.width, box.right);
  const top = Math.max(0, box.top);
  const bottom = Math.min(view.height, box.bottom);
  const points = [];
  for (let i = 1; i < SHAPE_GRID; ++i) {
    for (let j = 1; j < SHAPE_GRID; ++j) {
      points.push({x: Math.round(left + (right - left) * i / SHAPE_GRID),
                   y: Math.round(top + (bottom - top) * j / SHAPE_GRID)});
    }
  }
  const away = (p) => Math.hypot(p.x - centre.x, p.y - centre.y);
  points.sort((a, b) => away(a) - away(b));
  const doc = ownerDocumentOf(el);
  return points.find((p) => inputElementFromPoint(doc, p.x, p.y) === el) || null;
}

const SHAPE_GRID = 8;

// The centre of the part of the element's first box that shows: inside the viewport and
// inside the client box of every ancestor in its document that clips its overflow. Null when
// none shows.
function inputClippedCentre(el) {
  const r = inputFirstBox(el);
  if (!r) return null;
  const view = viewSizeOf(defaultViewOf(ownerDocumentOf(el)));
  let left = Math.max(0, r.left);
  let right = Math.min(view.width, r.right);
  let top = Math.max(0, r.top);
  let bottom = Math.min(view.height, r.bottom);
  for (const clip of inputClipsAround(el)) {
    if (clip.clipsX) {
      left = Math.max(left, clip.left);
      right = Math.min(right, clip.right);
    }
    if (clip.clipsY) {
      top = Math.max(top, clip.top);
      bottom = Math.min(bottom, clip.bottom);
    }
  }
  if (right <= left || bottom <= top) return null;
  return {x: Math.floor((left + right) / 2), y: Math.floor((top + bottom) / 2)};
}

// `wheeled`: page.scroll turned the wheel over the clipper, and it still clips el away; else a
// clipper that hides more than it shows may be one the page scrolls on the wheel (DevExtreme's
// scroll view), which page.scroll "to" tries.
export function inputClippedAway(el, clipper, wheeled = false) {
  // A submenu drawn beside a menu that clips it (its overflow hidden) is reached by the keys.
  const inMenu = el.closest('[role=menu], [role=menubar]') !== null;
  const wheel = wheeled ? ', and the wheel over it did not bring it' : '';
  const scroll = !wheeled && !inMenu && inputHidesMore(clipper, 'xy')
      ? 'page.scroll "to" it, which turns the wheel over that box; ' : '';
  return inputNotVisible(el, 'is out of sight in ' + describeElement(clipper) + ', which clips ' +
      'it' + wheel + ' (as a carousel hides its other slides): bring it into view as a user ' +
      'would (' + scroll + 'the page\'s next button, a tab, a page.drag across it' +
      (inMenu ? '; in a menu, its keys: ArrowRight opens a submenu, ArrowDown and Enter ' +
                'choose in it' : '') + ')');
}

// Whether `el` hides its overflow on `axis` ("x", "y" or "xy": either) while holding more than
// it shows: a box a page scrolls itself on the wheel's events (DevExtreme's scroll view), or
// one that only clips (a carousel, a cut-off excerpt).
export function inputHidesMore(el, axis) {
  const style = styleOf(el);
  const hides = (overflow) => overflow === 'hidden' || overflow === 'clip';
  return (axis !== 'x' && hides(style.overflowY) &&
          el.scrollHeight - el.clientHeight >= INPUT_HIDDEN_MIN_PX) ||
      (axis !== 'y' && hides(style.overflowX) &&
       el.scrollWidth - el.clientWidth >= INPUT_HIDDEN_MIN_PX);
}

// What a box must hide to hide more than it shows: a cell whose text overflows it by a pixel
// (Webix's) is no box to scroll.
const INPUT_HIDDEN_MIN_PX = 4;

// The nearest ancestor of `el` that clips it away wholly (its overflow is not visible, and
// none of el's box lies in its client box); null when none does.
export function inputClipperOf(el) {
  const r = rectOf(el);
  for (const clip of inputClipsAround(el)) {
    if (r.right <= clip.left || r.left >= clip.right || r.bottom <= clip.top ||
        r.top >= clip.bottom) {
      return clip.el;
    }
  }
  return null;
}

// The ancestors of `el` in its document (across shadow roots) that clip their overflow, nearest
// first: {el, clipsX, clipsY, left, right, top, bottom}, the edges those of its client box.
// Ancestors as drawn (the flat tree): what is slotted into a web component is drawn in its
// slot's box (Shoelace's submenu, slotted into a popup fixed in place, is not clipped by the
// menu that holds it in the DOM).
function inputClipsAround(el) {
  const clips = [];
  // Below an element fixed in place, up to what holds it (a transform...), nothing clips: the
  // viewport places it (a menu fixed in place inside a card that hides its overflow).
  let fixed = styleOf(el).position === 'fixed';
  for (let p = flatParentElement(el); p; p = flatParentElement(p)) {
    if (inputOverflowIsViewports(p)) continue;
    const style = styleOf(p);
    if (fixed && holdsFixed(style)) fixed = false;
    const escaped = fixed;
    if (style.position === 'fixed') fixed = true;
    const clipsX = style.overflowX !== 'visible';
    const clipsY = style.overflowY !== 'visible';
    if ((!clipsX && !clipsY) || escaped) continue;
    const box = rectOf(p);
    const left = box.left + p.clientLeft;
    const top = box.top + p.clientTop;
    clips.push({el: p, clipsX, clipsY, left, right: left + p.clientWidth, top,
                bottom: top + p.clientHeight});
  }
  return clips;
}

// Item roles: what a list that scrolls down holds, and a carousel's track (which slides across)
// does not.
const INPUT_ITEM_ROLES = new Set(['option', 'listitem', 'menuitem', 'menuitemcheckbox',
                                  'menuitemradio', 'treeitem', 'row', 'gridcell', 'cell']);

// Whether `box`, around `el`, is a list a user scrolls down with the wheel though it shows no
// scroll bar: it hides its overflow down (overflow-y hidden) while holding more than it shows,
// and el is, or lies in, one of its items. Ant Design's select list moves on the wheel's
// events (rc-virtual-list), its time picker's columns take a scroll bar on hover. It follows
// its scroll position, set as a wheel sets it.
export function inputWheelList(box, el) {
  if (styleOf(box).overflowY !== 'hidden' || box.scrollHeight <= box.clientHeight) return false;
  for (let n = el; n && n !== box; n = flatParentElement(n)) {
    if (INPUT_ITEM_ROLES.has(roleOf(n))) return true;
  }
  return false;
}

// Scrolls `el` into view (scrollIntoView `options`) as a user can: the boxes around it that
// scroll and the page move, but a box that only clips it on an axis (overflow hidden or
// clip: a carousel's track) keeps its place there, as a wheel leaves it; a script's
// scrollIntoView scrolls those too, and left Swiper's box showing a slide it had not moved to.
// A list that the wheel scrolls down (inputWheelList) moves down as a wheel moves it.
export function inputScrollIntoViewAsUser(el, options) {
  const kept = [];
  const clips = (overflow) => overflow === 'hidden' || overflow === 'clip';
  for (let p = flatParentElement(el); p; p = flatParentElement(p)) {
    if (inputOverflowIsViewports(p)) continue;
    const style = styleOf(p);
    const keptY = clips(style.overflowY) && !inputWheelList(p, el);
    if (clips(style.overflowX) || keptY) {
      kept.push({p, x: clips(style.overflowX), y: keptY, left: p.scrollLeft, top: p.scrollTop});
    }
  }
  el.scrollIntoView(Object.assign({behavior: 'instant'}, options));
  for (const {p, x, y, left, top} of kept) {
    if (x && p.scrollLeft !== left) p.scrollTo({left, behavior: 'instant'});
    if (y && p.scrollTop !== top) p.scrollTo({top, behavior: 'instant'});
  }
}

// Whether el's overflow is the viewport's (CSS Overflow: the root's, or the body's while the
// root's is visible, is the viewport's and clips nothing of its own; Fomantic's body hides its
// overflow across, and scrolls the page down): the window's bounds stand for it.
function inputOverflowIsViewports(el) {
  const doc = ownerDocumentOf(el);
  if (el === doc.documentElement) return true;
  if (el !== doc.body) return false;
  const root = styleOf(doc.documentElement);
  return root.overflowX === 'visible' && root.overflowY === 'visible';
}

// Whether a plain click on `el` follows a link that loads another document in el's own
// browsing context: `el` is, or is inside (across shadow roots), an <a href> or <area href>
// whose target is its own context, which is not a download, a javascript: URL or a #fragment
// of the document it is in.
function inputFollowedLink(el) {
  let link = null;
  for (let n = el; n && !link; n = parentNodeOf(n) || n.host) {
    if (nodeTypeOf(n) === ELEMENT_NODE && (localNameOf(n) === 'a' || localNameOf(n) === 'area') &&
        hasAttr(n, 'href')) {
      link = n;
    }
  }
  if (!link || hasAttr(link, 'download') || !inputTargetsItself(link, link.target)) {
    return false;
  }
  let url;
  try {
    url = new URL(link.href);
  } catch {
    return false;
  }
  if (url.protocol === 'javascript:') return false;
  const here = new URL(ownerDocumentOf(link).URL);
  if (url.hash !== '' || link.href.endsWith('#')) {
    url.hash = '';
    here.hash = '';
    if (url.href === here.href) return false;  // a fragment navigation: same document
  }
  return true;
}

// Whether a link or form of el's document with target `target` ("" when it has none) loads
// in el's own browsing context (the document's <base target> applies to an empty one).
function inputTargetsItself(el, target) {
  const doc = ownerDocumentOf(el);
  const base = doc.querySelector('base[target]');
  const name = (target || (base ? base.target : '')).toLowerCase();
  const win = defaultViewOf(doc);
  return name === '' || name === '_self' ||
      ((name === '_top' || name === '_parent') && win === win.top);
}

// Firefox starts the navigation a link click or a form submission asks for only after the
// input's events have been dispatched (and on a page that asks before it is left, opens that
// dialog later still), so the input's command returns before anything shows that the tab is
// about to navigate. The page does know: it saw the click on the link, the submit event, the
// Navigation API's navigate event. inputWatchOutcome arms listeners (capture phase, on the
// window: they see the events first and read, afterwards, whether the page cancelled them)
// before an input; OPS.inputOutcome reads them after it. `link`: a click on the element
// follows a link (inputFollowedLink).
export function inputWatchOutcome(el, link) {
  const win = defaultViewOf(ownerDocumentOf(el));
  let watch = globalThis.__firefoxBidiInputWatch;
  if (!watch) {
    // Once per document; the listeners record only while armed.
    watch = globalThis.__firefoxBidiInputWatch = {armed: false};
    const record = (name) => (event) => {
      if (watch.armed && !watch[name]) watch[name] = event;
    };
    win.addEventListener('click', record('click'), true);
    // The animation timeline's time at the press: what its handlers start (a menu that opens
    // on the press, as Vuetify's select does) begins then, before the click. And what the
    // press went to (OPS.inputOutcome's `missed`), judged before the page's handlers run (one
    // may close a menu, and move what was pressed). The pointer's events, not the mouse's: a
    // page that cancels the pointerdown (Radix's select, which opens on the press) gets no
    // mousedown or mouseup, but its click all the same.
    win.addEventListener('pointerdown', (event) => {
      if (watch.armed && watch.pressTimeline === null) {
        watch.pressTimeline = win.document.timeline.currentTime;
      }
      if (watch.armed && !watch.pressTarget) {
        watch.pressTarget = event.composedPath()[0];
        watch.pressReached = inputReachedAimed(watch, watch.pressTarget);
        watch.pressedAimed = !!watch.aimed && watch.aimed.isConnected;
      }
    }, true);
    // When the button came up: what a drag's release set off counts from there. Whether the
    // element pressed moved away from under the button meanwhile (a section collapsing above
    // it; or a menu the press closed, as it closes on a press outside it, while the press was
    // being dispatched): the button came up outside its box.
    win.addEventListener('pointerup', (event) => {
      if (!watch.armed) return;
      watch.upAt = event.timeStamp;
      const now = watch.pressedAimed && watch.aimed.isConnected ? rectOf(watch.aimed) : null;
      // Gone from sight as the button came up, it was taken on the press, as a user's is (a
      // list that acts on the press and closes: Handsontable's dropdown), not moved away.
      const gone = !!now && !isVisible(watch.aimed, false);
      watch.movedUnderPress = !!now && !gone && inputOutsideBox(now, event.clientX, event.clientY);
    }, true);
    // The animation timeline's time at the click: what its handlers start begins then (the
    // timeline moves once a frame, so it can be a few ms before the event's timeStamp).
    win.addEventListener('click', (event) => {
      if (watch.armed && watch.clickTimeline === null) {
        watch.clickTimeline = win.document.timeline.currentTime;
        // What got it, inside open shadow roots too (the path is gone after dispatch), judged
        // before the page's handlers run (one may replace the icon that got it).
        watch.clickTarget = event.composedPath()[0];
        watch.clickReached = inputReachedAimed(watch, watch.clickTarget);
      }
    }, true);
    // The last key the user pressed since the arming (submit's Enter after a fill's click:
    // what it sets off counts from there, not from the click). A page's own key events are no
    // input; a click arms the watch anew, so a key recorded here came after the watch's click.
    win.addEventListener('keydown', (event) => {
      if (watch.armed && event.isTrusted) watch.keyAt = event.timeStamp;
    }, true);
    win.addEventListener('submit', record('submit'), true);
    // A form the browser refused to send: its check fires `invalid` at every field it found
    // wanting, and no `submit` follows (OPS.inputOutcome's `not_sent`).
    win.addEventListener('invalid', (event) => {
      if (watch.armed) watch.invalid.push(event.target);
    }, true);
    if (win.navigation) {
      win.navigation.addEventListener('navigate', (event) => {
        if (!event.destination.sameDocument) record('navigate')(event);
      });
    }
  }
  watch.armed = true;
  watch.armedTimeline = win.document.timeline.currentTime;
  watch.armedAt = win.performance.now();
  watch.clickTimeline = null;
  watch.pressTimeline = null;
  watch.clickTarget = null;
  watch.leftBehind = null;
  watch.pressedAimed = false;
  watch.movedUnderPress = false;
  watch.clickReached = true;
  watch.pressTarget = null;
  watch.pressReached = true;
  watch.upAt = null;
  watch.keyAt = null;
  watch.view = win;
  watch.aimed = null;
  watch.dragging = false;
  watch.focused = el;
  // The value before the input of a field whose typing the page answers
  // (inputTypedIntoSuggesting): one that suggests, or a column's filter.
  watch.filterHeader = inputFilterHeaderOf(el);
  watch.valueBefore = inputSuggests(el) || watch.filterHeader ? inputFieldValue(el) : undefined;
  // And what a suggesting field's list offered then (inputStaleOptions).
  watch.optionsBefore = inputSuggests(el) ? inputSuggestionsOf(el).options : undefined;
  watch.link = link;
  watch.click = null;
  watch.submit = null;
  watch.invalid = [];
  watch.navigate = null;
  watch.document = win.document;
  watch.alertsBefore = new Set(inputAlertsShown(win.document).map((alert) => alert.text));
  watch.invalidBefore = new Set(inputMarkedInvalid(win.document));
  watch.form = el && nodeTypeOf(el) === ELEMENT_NODE ? el.closest('form') : null;
  watch.formTexts = new Set(inputOwnTexts(watch.form).map(([, own]) => own));
  inputWatchChanges(watch, win);
}

// What a page shows as alerts: a form's messages for the fields it refused (Ant Design's, with
// no aria-invalid on the field), an error it pops up. Regions marked role=alert or
// aria-live=assertive, shown (not kept for screen readers in a box of a pixel: jQuery UI's
// count of suggestions), the outermost of nested ones, by their text.
const INPUT_ALERTS = '[role=alert], [aria-live=assertive]';
const INPUT_ALERT_CONTROLS = 'a[href], button, input, select, textarea, [role=button], [role=link]';

function inputAlertsShown(doc) {
  const seen = (el) => {
    const rect = rectOf(el);
    return rect.width > 1 && rect.height > 1 && isVisible(el) && !hiddenByPixelBox(el);
  };
  return Array.from(doc.querySelectorAll(INPUT_ALERTS))
      .filter((el) => !(parentElementOf(el) && parentElementOf(el).closest(INPUT_ALERTS)) &&
                      seen(el))
      .map((el) => {
        // A dialog that speaks (SweetAlert2's is aria-live): its message, not the words of its
        // buttons and fields, which page.snapshot lists ("Delete account? ... Yes, delete it
        // Cancel").
        const memo = new Map();
        if (inputChoiceDialog(el)) {
          for (const control of el.querySelectorAll(INPUT_ALERT_CONTROLS)) memo.set(control, '');
        }
        return {el, text: collapse(seenText(el, memo))};
      })
      .filter((alert) => alert.text !== '');
}

// The field alert `el` speaks of: the one that names it (aria-describedby, aria-errormessage:
// Vuetify's), else the one field of the box around it, three levels up at most (Ant Design
// Vue's form item); null when none.
function inputFieldOfAlert(el) {
  const doc = ownerDocumentOf(el);
  if (el.id) {
    const id = defaultViewOf(doc).CSS.escape(el.id);
    const naming = doc.querySelector(`[aria-describedby~="${id}"], [aria-errormessage~="${id}"]`);
    if (naming) return naming;
  }
  const fields = 'input:not([type=hidden]), textarea, select, [role=combobox], [role=textbox]';
  for (let p = parentElementOf(el), level = 0; p && level < 3; p = parentElementOf(p), ++level) {
    const inside = p.querySelectorAll(fields);
    if (inside.length === 1) return inside[0];
    if (inside.length > 1) break;
  }
  return null;
}

// What a form says in red, and no other way (Naive UI's form marks no field aria-invalid and
// gives its messages no role; Fomantic UI's lists them in a box at the form's end): the texts
// of `form` drawn in a red that were not shown as the input came (`before`: the texts of
// inputOwnTexts then; a field's label that turns red says nothing new, nor a message the page
// draws anew as it checks again), each with the one field beside it (inputFieldOfAlert) or
// none; not a part to click (the options of a field drawn in error's red as its list opens);
// [{el, field, text}].
function inputRedMessages(form, before) {
  const out = [];
  for (const [el, own] of inputOwnTexts(form)) {
    if (before.has(own) || !inputIsRed(styleOf(el).color) || !isVisible(el, false) ||
        styleFacts(el).cursor === 'pointer' || flatClosest(el, INPUT_CHOICE_PARTS) !== null) {
      continue;
    }
    out.push({el, field: inputFieldOfAlert(el), text: collapse(seenText(el, new Map()))});
  }
  return out;
}

const INPUT_CHOICE_PARTS = '[role=option], [role=listbox], [role=menu], [role=menuitem]';

// The elements of `form` rendered with text of their own (letters), each with that text:
// [[el, text]], of the first INPUT_RED_LOOKED_AT elements; none without a form. (A message kept
// in the form as display: none until it is shown, as Bootstrap's, is not among them before.)
function inputOwnTexts(form) {
  if (!form) return [];
  const out = [];
  const elements = form.querySelectorAll('*');
  for (let i = 0; i < elements.length && i < INPUT_RED_LOOKED_AT; ++i) {
    const el = elements[i];
    const own = Array.from(el.childNodes)
        .filter((node) => nodeTypeOf(node) === TEXT_NODE)
        .map((node) => dataOf(node))
        .join('');
    if (/\p{L}/u.test(own) && el.getClientRects().length > 0) out.push([el, own]);
  }
  return out;
}

const INPUT_RED_LOOKED_AT = 2000;

// Whether a computed colour ("rgb(208, 48, 80)") is a red, as forms draw their errors (or an
// orange, which warns as much).
function inputIsRed(color) {
  const rgb = /^rgba?\((\d+), (\d+), (\d+)/.exec(color);
  if (!rgb) return false;
  const [r, g, b] = rgb.slice(1).map(Number);
  return r >= 150 && r - Math.max(g, b) >= 90;
}

// The fields a page marks invalid (aria-invalid, but "false").
function inputMarkedInvalid(doc) {
  return Array.from(doc.querySelectorAll('[aria-invalid]:not([aria-invalid="false"])'));
}

// What a page said of an input once it settled that it did not say as the input came
// (OPS.inputOutcome): {invalid: the fields it marked invalid since, as `ROLE "NAME": why`
// (Ant Design's form refusing its send: its own check, no browser's), alerts: the texts of
// alerts it showed since (INPUT_ALERTS; Ant Design Vue's form shows its messages so, with no
// aria-invalid), those a field's message names already aside}, each INPUT_REFUSED_SHOWN at
// most, or empty. A form the input sent (its `submit` event) that the page kept says all it
// holds invalid, before or not: a second send refused for what it refused before.
function inputNewVerdicts(watch) {
  const form = watch.submit && watch.submit.target;
  const news = (el) => !!form && inputContains(form, el);
  const marked = inputMarkedInvalid(watch.document).filter(
      (el) => (!watch.invalidBefore.has(el) || news(el)) && isVisible(el, false));
  const messages = marked.map((el) => inputInvalidMessage(el) || 'invalid');
  const invalid = inputFieldVerdicts(marked, messages);
  const shown = inputAlertsShown(watch.document)
      .filter((alert) => (!watch.alertsBefore.has(alert.text) || news(alert.el)) &&
                         !messages.includes(alert.text))
      .map((alert) => ({field: inputFieldOfAlert(alert.el), text: alert.text}));
  const said = new Set(messages.concat(shown.map((alert) => alert.text)));
  const red = inputRedMessages(watch.form, watch.formTexts)
      .filter((message) => !said.has(message.text));
  const alerts = shown.concat(red).map((alert) =>
    (alert.field ? inputRoleAndName(alert.field) + ': ' : '') + truncate(alert.text, 200));
  const out = {};
  if (invalid.length) out.invalid = invalid;
  if (alerts.length) out.alerts = alerts.slice(0, INPUT_REFUSED_SHOWN);
  return out;
}

// Records in watch.lastChange when the page last changed its DOM (page time) since the input,
// until OPS.inputOutcome is done: a script that animates (a tour moving its highlight frame
// by frame, then showing its next step) changes it every frame, which no CSS animation shows.
// What changes inside the control acted on is its own feedback (a ripple, a pressed look) and
// does not count, but a script's styling of the control itself does: a toast the click
// dismisses fades itself out, frame by frame, before the page removes it.
function inputWatchChanges(watch, win) {
  if (watch.changes) watch.changes.disconnect();
  watch.lastChange = null;
  let acted;  // found at the first change: the click has happened by then
  const counts = (record) => !acted || !inputContains(acted, record.target) ||
      (record.target === acted && record.attributeName === 'style');
  watch.lastListChange = null;
  watch.changes = new MutationObserver((records) => {
    if (acted === undefined) acted = inputActedOn(watch);
    if (!records.some(counts)) return;
    watch.lastChange = win.performance.now();
    // A field the page answers: whether a list changed (inputAnswerSettled); a filter's own
    // header cell is no list of results.
    if (watch.valueBefore !== undefined && watch.lastListChange === null &&
        records.some((record) => inputChangesAList(record) &&
                                 !inputChangesOthersList(record, watch.focused) &&
                                 !inputLeftBehindChanged(watch, record) &&
                                 !(watch.filterHeader && inputFilterOwnChange(watch, record)))) {
      watch.lastListChange = watch.lastChange;
    }
  });
  const options = {subtree: true, childList: true, attributes: true, characterData: true};
  watch.changes.observe(win.document, options);
  for (const root of inputShadowRoots(win.document)) watch.changes.observe(root, options);
  inputWatchFrames(watch, win);
}

// How late the page's frames ran since the input (watch.lateMs): each frame drawn more than
// INPUT_LATE_FRAME_MS after the one before it adds the rest. A busy machine draws a page's
// animations late, and what they end in (a tour's next step once its highlight has moved)
// comes late by as much: the settle's cap moves on by that (inputSettleDeadline).
const INPUT_LATE_FRAME_MS = 50;
const INPUT_FRAMES_WATCHED_MS = 5000;

function inputWatchFrames(watch, win) {
  const changes = watch.changes;
  watch.lateMs = 0;
  watch.frameMs = 0;  // the last frame's time since the one before
  watch.frameAt = [null, null];  // when the last two frames began, the last first
  let last = null;
  const armedAt = win.performance.now();
  const frame = (time) => {
    // The outcome was read, or a new input armed; or the input never came to it (its helper
    // failed): no page is kept drawing frames for nothing.
    if (watch.changes !== changes || time - armedAt > INPUT_FRAMES_WATCHED_MS) return;
    if (last !== null) {
      watch.frameMs = time - last;
      watch.lateMs += Math.max(0, watch.frameMs - INPUT_LATE_FRAME_MS);
    }
    last = time;
    watch.frameAt = [time, watch.frameAt[0]];
    win.requestAnimationFrame(frame);
  };
  win.requestAnimationFrame(frame);
}

// The settle's end, page time: `cap` ms after the input at `inputAt`, moved on by how late the
// page's frames have run since (up to twice `cap` more), asked again as the wait goes on.
function inputSettleDeadline(watch, inputAt, cap) {
  return () => inputAt + cap + Math.min(watch.lateMs || 0, 2 * cap);
}

// Where a page answers typing into a field that suggests: a list of options or results.
const INPUT_LIST_SELECTOR = '[role=listbox], [role=option], [role=grid], [role=row], ' +
    '[role=table], [role=list], [role=listitem], [role=menu], [role=tree], ul, ol, table';

// Whether mutation `record` changed a list (inside one, or one added or removed): the page's
// answer to what was typed, not the field's own look redrawn around it (PrimeReact marks its
// wrapper filled at once, and shows its matches 300 ms later).
function inputChangesAList(record) {
  const target = nodeTypeOf(record.target) === ELEMENT_NODE ? record.target
                                                              : parentNodeOf(record.target);
  if (target && target.closest && target.closest(INPUT_LIST_SELECTOR)) return true;
  const listy = (node) => nodeTypeOf(node) === ELEMENT_NODE &&
      (matchesOf(node, INPUT_LIST_SELECTOR) || !!node.querySelector(INPUT_LIST_SELECTOR));
  return Array.prototype.some.call(record.addedNodes, listy) ||
      Array.prototype.some.call(record.removedNodes, listy);
}

// Whether mutation `record` is a grid filter's own, not its rows filtered: inside the filter's
// header, or a mark on the grid's boxes outside its rows and cells (Webix marks its grid
// focused as its filter takes the focus).
function inputFilterOwnChange(watch, record) {
  if (inputContains(watch.filterHeader, record.target)) return true;
  return record.type === 'attributes' &&
      !flatClosest(record.target, 'tr, td, [role=row], [role=gridcell], [role=cell]');
}

// Whether mutation `record` changed what had the focus before the fill took it (leftBehind),
// or only where a widget keeps the focus (a tree's tabindex moved back to its root, as jstree
// does once its item lost the focus).
function inputLeftBehindChanged(watch, record) {
  if (record.attributeName === 'tabindex' || record.attributeName === 'aria-activedescendant') {
    return true;
  }
  return !!watch.leftBehind && inputContains(watch.leftBehind, record.target);
}

// Whether mutation `record` changed a list that another field than `field` names as its own
// (aria-controls, aria-owns): that list closing as the focus moved on (Awesomplete hides its
// list a moment after its field's blur) is no answer to what was typed into `field`.
function inputChangesOthersList(record, field) {
  const doc = ownerDocumentOf(field);
  let el = nodeTypeOf(record.target) === ELEMENT_NODE ? record.target : parentNodeOf(record.target);
  for (let depth = 0; el && nodeTypeOf(el) === ELEMENT_NODE && depth < 4;
       el = parentNodeOf(el), ++depth) {
    const id = attrOf(el, 'id');
    if (!id) continue;
    const quoted = '"' + defaultViewOf(doc).CSS.escape(id) + '"';
    // The ids of a shadow root are its own.
    const root = el.getRootNode();
    const owner = (root.querySelector ? root : doc)
        .querySelector('[aria-controls~=' + quoted + '], [aria-owns~=' + quoted + ']');
    if (owner) return owner !== field && !inputContains(owner, field) && !inputContains(field, owner);
  }
  return false;
}

// The open shadow roots in `doc`, nested ones included: a document's MutationObserver and
// its getAnimations() do not see into them (a web component's toast sliding in).
function inputShadowRoots(doc) {
  const roots = [];
  const scan = (scope) => {
    for (const el of scope.querySelectorAll('*')) {
      const root = shadowRootOf(el);
      if (root) {
        roots.push(root);
        scan(root);
      }
    }
  };
  scan(doc);
  return roots;
}

// Whether what the armed input did asks for a new document in this browsing context: a
// followed link, a form submitted to this context (not method=dialog), a navigate event for
// another document; none of them cancelled by the page.
function inputNavigationPending() {
  const watch = globalThis.__firefoxBidiInputWatch;
  if (!watch || !watch.armed) return false;
  watch.armed = false;
  if (watch.link && watch.click && !watch.click.defaultPrevented) return true;
  if (watch.navigate && !watch.navigate.defaultPrevented) return true;
  const submit = watch.submit;
  if (submit && !submit.defaultPrevented) {
    const form = submit.target;
    const submitter = submit.submitter;
    const method = (submitter && hasAttr(submitter, 'formmethod') ? submitter.formMethod :
                                                                        form.method);
    const target = submitter && hasAttr(submitter, 'formtarget') ? submitter.formTarget :
                                                                       form.target;
    if (method !== 'dialog' && inputTargetsItself(form, target)) return true;
  }
  return false;
}

const INPUT_TYPED_TYPES = new Set(
    ['', 'text', 'search', 'email', 'url', 'tel', 'password', 'number']);
const INPUT_SET_TYPES =
    new Set(['date', 'time', 'datetime-local', 'month', 'week', 'color', 'range']);

function inputFireInputAndChange(el) {
  const win = defaultViewOf(ownerDocumentOf(el));
  el.dispatchEvent(new win.Event('input', {bubbles: true, composed: true}));
  el.dispatchEvent(new win.Event('change', {bubbles: true}));
}

// The field's value as page.fill reports it: a select's option value, a checkbox's or radio's
// checked state, a contenteditable element's text, else its value.
function inputFieldValue(el) {
  const tag = tagNameOf(el).toLowerCase();
  if ((tag === 'input' && (el.type === 'checkbox' || el.type === 'radio')) ||
      (tag !== 'input' && INPUT_TOGGLE_ROLES[roleOf(el)])) {
    return isChecked(el);
  }
  if (tag === 'input' || tag === 'textarea' || tag === 'select') return el.value;
  if (roleOf(el) === 'slider' || isMovableSeparator(el)) return attrOf(el, 'aria-valuenow') || '';
  return editableText(el);
}

// Why the page or the browser holds field `el` invalid, "" when neither does: the text of the
// page's error message for it (aria-errormessage, else aria-describedby, as form libraries
// point to their message), else the browser's own (a type=email field holding no address,
// outside a form with novalidate).
function inputInvalidMessage(el) {
  const marked = attrOf(el, 'aria-invalid');
  const byPage = marked !== null && marked !== 'false';
  // A form that turned the browser's checks off (novalidate) checks its fields itself, and
  // shows nothing of the browser's.
  const byBrowser = el.willValidate && el.validity && !el.validity.valid &&
      !(el.form && el.form.noValidate);
  if (!byPage && !byBrowser) return '';
  return (byPage && (idRefsText(el, 'aria-errormessage') || idRefsText(el, 'aria-describedby'))) ||
         (byBrowser && collapse(el.validationMessage)) || 'invalid';
}

function inputFillError(el, what) {
  return {error: 'not fillable', message: describeElement(el) + ' ' + what};
}

// A field the page has disabled (its own `disabled`, or a disabled fieldset's): page.fill
// waits a moment for the page to enable it, then gives this.
function inputFillDisabled(el) {
  return {
    error: 'not fillable',
    message: describeElement(el) + ' is disabled: the page does not take input there now, and ' +
        'nothing was filled. A page.snapshot shows what the form needs first',
    disabled: true,
  };
}

// True for a field whose typing drives a list to pick from: a combobox (by role, or by
// aria-autocomplete or aria-expanded on the field), or an input with a datalist.
function inputPicksFromList(el) {
  const popup = attrOf(el, 'aria-haspopup');
  // A date field that opens a calendar (a dialog or a grid: PrimeReact's, Blueprint's) takes
  // its text as a field does: what it makes of it shows once it was left.
  if ((popup === 'dialog' || popup === 'grid') && attrOf(el, 'list') === null) return false;
  return attrOf(el, 'role') === 'combobox' || attrOf(el, 'aria-autocomplete') !== null ||
      attrOf(el, 'aria-expanded') !== null || attrOf(el, 'list') !== null ||
      popup === 'listbox' || popup === 'true';
}

// What a target names to fill: a label stands for its field, and a combobox drawn around a
// combobox field (innerFieldOf) for that field.
function inputFieldOf(el) {
  // A label's words, or what holds them inside it (Chakra's span), name its field.
  const label = localNameOf(el) === 'label' ? el : !isInteractive(el) && el.closest('label');
  if (label && label.control) return label.control;
  // A custom element that draws its one field in its shadow root (Spectrum's sp-textfield and
  // sp-checkbox, named by a css target): that field, as a role target finds it.
  const shadow = localNameOf(el).includes('-') ? shadowRootOf(el) : null;
  if (shadow) {
    const fields = shadow.querySelectorAll('input:not([type=hidden]), textarea, select, ' +
                                           '[contenteditable]:not([contenteditable=false])');
    if (fields.length === 1) return fields[0];
    // No field, but one button that opens a list (Spectrum's sp-picker): the control.
    const openers = shadow.querySelectorAll('[aria-haspopup]:not([aria-haspopup=false]), ' +
                                            '[role=combobox]');
    if (fields.length === 0 && openers.length === 1) return openers[0];
  }
  return (roleOf(el) === 'combobox' && innerFieldOf(el)) || el;
}

// True for a field whose typing the page answers as it goes, with suggestions or results: one
// that picks from a list, a search box (also a text field inside a listbox: Preline's select
// draws its search so), or jQuery UI's autocomplete, which marks its field with nothing but its
// class and autocomplete=off (which many plain form fields have too).
function inputSuggests(el) {
  if (inputPicksFromList(el) || attrOf(el, 'role') === 'searchbox') return true;
  const holder = flatParentElement(el);
  if (isTextField(el) && holder && holder.closest('[role=listbox]')) return true;
  // The one field of a box the page marks as its combobox (Blueprint's MultiSelect: the field
  // of its tag input, in a wrapper with the role, filters the list the wrapper opens).
  const box = holder && holder.closest('[role=combobox]');
  if (isTextField(el) && box &&
      box.querySelectorAll('input:not([type=hidden]), textarea').length === 1) {
    return true;
  }
  return localNameOf(el) === 'input' &&
      (el.type === 'search' || el.classList.contains('ui-autocomplete-input') ||
       inputHasResultsBox(el));
}

// Whether text field `el` lies beside a box the page fills with what it finds for the text (a
// child of its parent or grandparent that does not hold it, of a class that names it so):
// Fomantic UI's search draws its results in div.results, empty until it answers, after its
// search delay (a fill that left the field at once closed them before they came).
const INPUT_RESULTS_CLASS = /(^|[-_])(results|suggestions)$/i;

function inputHasResultsBox(el) {
  let box = flatParentElement(el);
  for (let level = 0; box && level < 2; ++level, box = flatParentElement(box)) {
    for (const child of box.children) {
      if (!inputContains(child, el) &&
          Array.from(child.classList).some((name) => INPUT_RESULTS_CLASS.test(name))) {
        return true;
      }
    }
  }
  return false;
}

// Whether field `el`, a combobox by its role, promises no list of suggestions for what is
// typed: it says its typing completes nothing (aria-autocomplete="none": DevExtreme's date
// box), or it says nothing of a list (no aria-autocomplete, no listbox popup, no datalist:
// Syncfusion's date picker); one that says its popup is open has one.
function inputPromisesNoList(el) {
  // A field that suggests by other signs (jQuery UI's autocomplete, by its class) has its list.
  if (attrOf(el, 'role') !== 'combobox' || attrOf(el, 'aria-expanded') === 'true') return false;
  const autocomplete = attrOf(el, 'aria-autocomplete');
  if (autocomplete === 'none') return true;
  const popup = attrOf(el, 'aria-haspopup');
  return autocomplete === null && attrOf(el, 'list') === null &&
      (popup === null || popup === 'false' || popup === 'dialog' || popup === 'grid');
}

// The header cell of a table's or grid's column whose filter `el` is (AG Grid's floating
// filter, in a row of its own below the column headers; Tabulator's and MUI's, inside the
// column header; vaadin-grid's, slotted into one), or null: the page answers typing there by
// filtering the rows, often a moment later (AG Grid's after 500 ms).
function inputFilterHeaderOf(el) {
  if (!isTextField(el) && !isEditable(el)) return null;
  // In the flat tree: vaadin-grid's filter is slotted into a header cell of its shadow root.
  const header = flatClosest(el, 'th, [role=columnheader]');
  if (header) return header;
  const cell = flatClosest(el, 'td, [role=gridcell], [role=cell]');
  const row = cell && flatClosest(cell, 'tr, [role=row]');
  const headerRow = (r) => !!r && r.querySelector('th, [role=columnheader]') !== null;
  if (cell) {
    return row && (localNameOf(parentElementOf(row)) === 'thead' ||
                   headerRow(row.previousElementSibling)) ? cell : null;
  }
  // Above the cells of the grid that holds it, in no row or cell of its own: a header the page
  // marks with no role (Webix's filter, in its header's plain boxes), that box its own.
  const grid = flatClosest(el, '[role=grid], [role=treegrid]');
  const first = grid && !flatClosest(el, '[role=row]') && grid.querySelector('[role=gridcell]');
  return first && rectOf(el).bottom <= rectOf(first).top + 1 ? flatParentElement(el) : null;
}

// The cell of a grid (by its role) that lies under the middle of `el`, a cell's editor laid
// over it, or null.
function inputCellUnder(el) {
  if (flatClosest(el, INPUT_GRID_SELECTOR) === null) return null;
  const box = rectOf(el);
  const hits = ownerDocumentOf(el).elementsFromPoint(box.left + box.width / 2,
                                                     box.top + box.height / 2);
  return hits.find((hit) => roleOf(hit) === 'gridcell' && !inputContains(hit, el)) || null;
}

// The text fields beside `el`, a text field, in what holds it that are not rendered now: the
// twin a widget swaps in for it as it takes the focus.
function inputHiddenTwinsOf(el) {
  const parent = flatParentElement(el);
  if (!parent || !isTextField(el)) return [];
  return flatChildren(parent).filter((n) => n !== el && nodeTypeOf(n) === ELEMENT_NODE &&
      isTextField(n) && n.getClientRects().length === 0);
}

// Roles of elements a click checks and unchecks: 'radio' for those a click cannot uncheck.
const INPUT_TOGGLE_ROLES = {checkbox: 'checkbox', switch: 'checkbox', menuitemcheckbox: 'checkbox',
                            radio: 'radio', menuitemradio: 'radio'};

// Fills the element with `value`; an element that an open modal dialog keeps from input is
// "element covered".
//   text fields (input, textarea, contenteditable): focus, select what was there and replace
//     it through the browser's editor (document.execCommand "insertText", or "delete" for an
//     empty value), which fires a trusted input event as typing does (no beforeinput in
//     Firefox: the field, or an editor that takes its input from those, is offered one
//     first, inputEditorTook; a field that cancels it and keeps its value refused the
//     text); then, with
//     `leave`, the field loses the focus as when the user moves on: blur and focusout, and
//     the browser's own change event when the value changed. A field that suggests
//     (inputSuggests: a combobox, a search box, an autocomplete) keeps the focus, so its list
//     opens and stays open (jQuery UI's autocomplete cancels its search on blur).
//   select: the option whose label (visible text) or value is `value`; input + change.
//   date/time/color/range inputs: the value set directly; input + change.
//   checkbox/radio: {"ok": true, "click": true} when the state must change (the caller clicks
//     it for real), else the state as it is.
// {"ok": true, "value"} | {"ok": true, "click": true} | {"error", "message"}.
// What a field held before the plugin typed into it key by key (inputFill's `keys`).
const INPUT_BEFORE_KEYS = new WeakMap();

async function inputFill(el, value, leave, aimFrom = null, typedByKeys = false) {
  if (!el.isConnected) {
    return {error: 'stale ref', message: 'the element is no longer in the page; take a new page.snapshot'};
  }
  const kept = inputKeptAway(el, 'filled');
  if (kept) return kept;
  const tag = tagNameOf(el).toLowerCase();
  // The type the browser gives it: an unknown or missing type attribute is a text field.
  const type = tag === 'input' ? el.type : '';
  // A native checkbox or radio button, or an element the page gives such a role (Radix's
  // buttons with role="radio" or "switch"), which a click toggles.
  const toggle = tag === 'input' ? (type === 'checkbox' || type === 'radio' ? type : null)
                                 : INPUT_TOGGLE_ROLES[roleOf(el)] || null;
  if (toggle) {
    if (typeof value !== 'boolean') {
      const kind = tag === 'input' ? type : roleOf(el);
      return inputFillError(el, 'is a ' + kind + ': give value true or false');
    }
    const drawnFor = drawnToggleOf(el);  // a label drawing a box hidden outright
    if (matchesOf(el, ':disabled') || attrOf(el, 'aria-disabled') === 'true' ||
        (drawnFor && drawnFor.disabled)) {
      return inputFillDisabled(el);
    }
    // Mixed (a select-all box over some rows, Carbon's both checked and indeterminate) is
    // neither: a click settles it, and the value read afterwards says which way.
    const mixed = tag === 'input' ? el.indeterminate : attrOf(el, 'aria-checked') === 'mixed';
    // A box with the role that says no state (no aria-checked, no native box inside, as
    // Fancytree's): what a click made of it cannot be read back, and a second fill would undo it.
    if (tag !== 'input' && attrOf(el, 'aria-checked') === null && !drawnFor &&
        el.querySelectorAll('input[type="checkbox"], input[type="radio"]').length !== 1) {
      return inputFillError(el, 'has the role ' + roleOf(el) + ' but says no state (no ' +
          'aria-checked), so what a click does to it cannot be read back; page.click it and ' +
          'check what the page shows then (e.g. its row selected)');
    }
    if (!mixed && isChecked(el) === value) return {ok: true, value: value};
    inputRememberPlace(el);  // the click's outcome is read there, should the page draw it anew
    if (mixed) return {ok: true, click: true, mixed: true};
    if (toggle === 'radio' && !value) {
      return inputFillError(el, 'is a checked radio button, which a click cannot uncheck; ' +
          'fill another radio button of its group with true');
    }
    return {ok: true, click: true};
  }
  if (typeof value === 'boolean') {
    // A field takes text; anything else may be what a page draws for a switch it keeps out of
    // sight (Carbon's toggle): a click toggles it there.
    const field = tag === 'input' || tag === 'textarea' || tag === 'select' || isEditable(el);
    return inputFillError(el, field ? 'is not a checkbox or radio button: give value as text'
                                    : 'is not a checkbox, radio button or switch: if it draws ' +
                                          'one, click it (page.click) to toggle it');
  }
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string') {
    return inputFillError(el, 'takes a string value');
  }
  if (tag !== 'input' && (roleOf(el) === 'slider' || isMovableSeparator(el))) {
    return inputSliderFill(el, text);
  }
  if (tag === 'select') {
    if (matchesOf(el, ':disabled')) return inputFillDisabled(el);
    const options = Array.from(el.options);
    const option = options.find((o) => o.label.trim() === text.trim()) ||
        options.find((o) => o.value === text);
    if (!option) {
      const names = options.slice(0, 20).map((o) => JSON.stringify(o.label.trim()));
      return {
        error: 'no such option',
        message: describeElement(el) + ' has no option labelled or valued ' +
            JSON.stringify(text) + '; its options are ' + names.join(', ') +
            (options.length > 20 ? ' and ' + (options.length - 20) + ' more' : ''),
      };
    }
    if (el.multiple) {
      for (const o of options) o.selected = o === option;
    } else {
      el.selectedIndex = options.indexOf(option);
    }
    inputFireInputAndChange(el);
    // The option's value (what the form sends) and its label, the text the user sees and
    // page.snapshot shows as the select's value (read again once the select was left:
    // inputSelectKept).
    INPUT_CHOSEN.set(el, option);
    return {ok: true, value: el.value, label: collapse(option.label || option.textContent)};
  }
  if (tag === 'input' && type === 'file') {
    return inputFillError(el, 'is a file input: use page.upload');
  }
  if (tag === 'input' && INPUT_SET_TYPES.has(type)) {
    if (matchesOf(el, ':disabled')) return inputFillDisabled(el);
    if (type === 'range') {
      // A range input holds a number between its ends, on its step: one between steps is taken
      // as the nearest step, as a drag along it would land (the value read back says which).
      const n = Number(text);
      const min = el.min === '' ? 0 : Number(el.min);
      const max = el.max === '' ? 100 : Number(el.max);
      if (text.trim() === '' || !Number.isFinite(n)) {
        return inputFillError(el, 'is a slider: give its value as a number');
      }
      if (n < min || n > max) {
        return inputFillError(el, 'takes values from ' + min + ' to ' + max + ', not ' + text);
      }
    }
    const before = el.value;
    // As a user's hand: the field has the focus while it takes the value.
    if (leave) el.focus({preventScroll: true});
    el.value = text;
    if (el.value !== text && text !== '' && type !== 'range') {
      el.value = before;
      return inputFillError(el, 'did not take ' + JSON.stringify(text) + ' (for type=' + type +
          ' use the format the browser expects, e.g. 2024-05-31 for a date, 13:45 for a time)');
    }
    inputFireInputAndChange(el);
    const value = el.value;
    // Then it is left: a grid's date editor (Tabulator's) takes its value on the blur, and
    // takes the editor away.
    if (leave) await inputLeaveAsByTab(el);
    return {ok: true, value: el.isConnected ? el.value : value};
  }
  const editable = tag === 'textarea' || (tag === 'input' && INPUT_TYPED_TYPES.has(type));
  if (!editable && !isEditable(el)) {
    // A select the page draws (a button or a custom element that opens its list) takes no
    // text: a user opens it and picks.
    const popup = attrOf(el, 'aria-haspopup');
    if (inputPicksFromList(el) || (popup !== null && popup !== 'false') ||
        roleOf(el) === 'listbox' || inputHoldsClosedList(el)) {
      return inputPickFill(el);
    }
    // A code editor that draws its lines beside the hidden textarea it takes keys through.
    if (editorKeysFieldOf(el)) {
      return inputFillError(el, 'is a code editor, which takes keys through a hidden field: ' +
          'click its text (page.click), then page.press Control+a and page.type the new text ' +
          '(it indents new lines itself, as for a user)');
    }
    // A group of radio buttons (Vaadin's radio group): one of them is filled with true.
    const radios = flatElements(el).filter((n) => n !== el && roleOf(n) === 'radio' && isVisible(n));
    if (radios.length > 1) {
      const wanted = radios.find((n) =>
        collapse(accessibleName(n, 'radio')).toLowerCase() === collapse(text).toLowerCase());
      const name = collapse(accessibleName(wanted || radios[0], 'radio'));
      return inputFillError(el, 'is a group of radio buttons: fill the one to choose with true ' +
          '({"role": "radio", "name": ' + JSON.stringify(name) + ', "value": true})');
    }
    // A field drawn as segments that take keys (a date: React Aria's, MUI X's), typed into
    // from its first segment, which moves on by itself.
    const segment = flatElements(el).find((n) => n !== el && roleOf(n) === 'spinbutton');
    if (segment) {
      const name = accessibleName(segment, 'spinbutton');
      // The target of that segment; without a name, its ref from a snapshot.
      const target = name ? JSON.stringify({role: 'spinbutton', name}) : '{"ref": ...}';
      // A date's digits alone: each segment takes its own and moves on.
      const keys = /^[\d\s/.:-]+$/.test(text) ? text.replace(/\D/g, '') : text;
      return inputFillError(el, 'is a field drawn as segments that take keys, not text: type ' +
          'into its first segment with page.type ({"target": ' + target + ', "text": ' +
          JSON.stringify(keys) + '})');
    }
    return inputFillError(el, 'is not an input, textarea, select or contenteditable element; ' +
        'target the field itself');
  }
  if (matchesOf(el, ':disabled')) return inputFillDisabled(el);
  // A date field drawn as editable segments (React Aria's: role=spinbutton, contenteditable)
  // keeps its value apart from the text it shows, and takes keys only: replaced text would
  // show a value it does not hold.
  if (!editable && roleOf(el) === 'spinbutton') {
    return inputFillError(el, 'is a segment of a field that takes keys, not text: type into ' +
        'it with page.type (e.g. {"target": ..., "text": "06202025"} for a date), or press ' +
        'ArrowUp and ArrowDown');
  }
  // A combobox's field that takes no typing: read-only, or asking for no keyboard (Vuetify's
  // select, whose keys jump to the option they begin).
  if ((el.readOnly || attrOf(el, 'inputmode') === 'none') && inputPicksFromList(el)) {
    return inputPickFill(el);
  }
  // Words inside an editor (a paragraph, a table's cell) are no field of their own: a fill
  // replaces all of a field's text, and the editor's would go.
  if (isEditable(el) && !isEditableRoot(el)) {
    let editor = parentElementOf(el);
    while (!isEditableRoot(editor)) editor = parentElementOf(editor);
    return inputFillError(el, 'is part of the text of the editor ' + describeElement(editor) +
        ', not a field of its own; page.fill replaces all of a field\'s text: target the ' +
        'editor to replace it all, or page.select these words (its "text") and page.type ' +
        'over them');
  }
  if (aimFrom) {
    // A user clicks a field, then types: a picker that opens on the click and sets its text
    // as it opens (Arco's time picker) takes only typing that comes after, and a field may be
    // writable only once focused (antd's date picker drops readonly then). The plugin presses
    // where the mouse goes, unless that press would land on something else.
    const aim = inputAimBeforeTyping(el, aimFrom);
    if (aim) return {ok: true, aim, press: inputPressFits(el)};
  }
  // Still read-only once clicked: what the page offers instead is its panel beside the field
  // (Arco's select, its list open since the click), or some other way.
  if (el.readOnly) {
    // A list it opened: the option named is clicked there.
    if (await inputPopupOpenWithin(el, true, INPUT_POPUP_OPEN_MS)) {
      return {ok: true, pick: true, opened: true};
    }
    // Or elsewhere: a picker's sheet at the bottom of the view.
    const opened = inputPanelOpenedSince(el);
    return inputFillError(el, opened
        ? 'is read-only, and the click on it opened ' + describeElement(opened) + ' (a picker ' +
          'or list, apart from the field): pick your choice there (page.snapshot with it as ' +
          'root shows it)'
        : 'is read-only: the page sets its value some other way (a picker, or buttons ' +
          'beside it), or not at all');
  }
  const doc = ownerDocumentOf(el);
  const win = defaultViewOf(doc);
  // A field shown in place of a twin until it takes the focus (Kendo's numeric box shows its
  // value formatted in one input, and swaps in the one that takes the typing from a timer as
  // that one is focused): the page's timers run first, and the text goes where the focus went
  // (typed into the first, it went nowhere the widget reads).
  const twins = inputFocusedIn(doc) === el ? [] : inputHiddenTwinsOf(el);
  if (twins.length) {
    el.focus();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const swapped = inputFocusedIn(doc);
    if (twins.includes(swapped) && isVisible(swapped)) {
      return Object.assign(await inputFill(swapped, value, leave), {field: swapped});
    }
  }
  // Typed key by key, the field held its value from before the keys.
  const before = typedByKeys && INPUT_BEFORE_KEYS.has(el) ? INPUT_BEFORE_KEYS.get(el)
                                                           : inputFieldValue(el);
  const holder = inputHolderOf(el);
  const holderBefore = holder ? collapse(holder.textContent || '') : '';
  const focusedBefore = inputFocusedIn(doc) === el;
  // What had the focus: its own changes as it loses it (a tree's item dropping its focus
  // marks, a moment later) are no answer to the typing (inputWatchChanges).
  const watch = globalThis.__firefoxBidiInputWatch;
  if (watch) {
    const away = focusedBefore ? null : inputFocusedIn(doc);
    watch.leftBehind = away && away !== doc.body && away !== doc.documentElement ? away : null;
  }
  el.focus();
  if (!focusedBefore) {
    // A user's first key comes a moment after the focus: what the page does as a field takes
    // the focus runs first (Vuetify's autocomplete resets its search text then, in a
    // microtask its focus handler queued, which would wipe text typed at once). A task's
    // wait (setTimeout 0) cost every fill 2 ms more (docs/benchmarks.md).
    await null;
    if (!el.isConnected) {
      return {error: 'stale ref', message: 'the page replaced the field as it took the focus; ' +
          'take a new page.snapshot'};
    }
  }
  const trapped = inputFocusKeptFrom(el, 'filled');
  if (trapped) return trapped;
  // What the focus moving here changed (a widget that closes its list on blur) is not what
  // the typing set off.
  if (watch && watch.changes) watch.changes.takeRecords();
  // An editor that took a user's Control+a keeps keys of its own: its Enter, offered the same
  // way, makes its new line (inputEditableInsert).
  let ownKeys = false;
  if (typedByKeys) {
    // The plugin typed the text with real keys (below): what follows reads and leaves it.
  } else if (editable) {
    el.select();
  } else if (!(ownKeys = await inputSelectedAllItself(el))) {
    const range = doc.createRange();
    range.selectNodeContents(el);
    const selection = win.getSelection();
    const settled = inputSelectionSettled(doc);
    selection.removeAllRanges();
    selection.addRange(range);
    // An editor that keeps a selection of its own (Lexical) takes it from the page's
    // selectionchange, which comes after a task: the text then replaces what it holds.
    await settled;
  }
  if (!el.isConnected) {
    return {error: 'stale ref', message: 'the page replaced the field as it was selected; ' +
        'take a new page.snapshot'};
  }
  // The keys of the typing as the page's key listeners see them (inputTypingKey).
  const firstKey = typedByKeys ? null : inputTypingKey(text, 0, before);
  if (firstKey) {
    const beforeKey = inputFieldValue(el);
    const cancelled = !inputDispatchKey(el, 'keydown', firstKey);
    if (!el.isConnected) {
      return {error: 'stale ref', message: 'the page replaced the field as it took a key; ' +
          'take a new page.snapshot'};
    }
    // A field whose page takes its keys itself (a mask, a formatted number: DevExtreme's time
    // box, PrimeReact's currency field) makes something else of one input of the whole text
    // than of its keys. It took this first key over its selected text as a user's: the plugin
    // types the rest with real keys, and asks again with `typed`.
    if (cancelled && editable && text !== '') {
      INPUT_BEFORE_KEYS.set(el, before);
      return {ok: true, keys: Array.from(text).slice(1).join('')};
    }
    // A page that typed the key itself: the text replaces what it made of it.
    if (inputFieldValue(el) !== beforeKey && editable) el.select();
  }
  if (typedByKeys) {
    // Typed already.
  } else if (!editable) {
    await inputEditableInsert(el, text, ownKeys);
  } else if (text === '') {
    doc.execCommand('delete', false, null);
  } else {
    // Offered as typing offers it first (Firefox's editing fires no beforeinput): a field
    // that takes only some characters cancels what it refuses (Vaadin's allowed-char-pattern),
    // one that masks its value cancels it too and sets the value itself.
    const valueBefore = inputFieldValue(el);
    if (!inputEditorTook(el, 'insertText', text)) {
      doc.execCommand('insertText', false, text);
    } else if (el.isConnected && inputFieldValue(el) === valueBefore) {
      return inputFillError(el, 'refused ' + JSON.stringify(text) + ' as one input (the page ' +
          'cancelled its beforeinput, as a field that takes only some characters does): ' +
          'page.type it key by key, as a user types, and read what it kept');
    }
  }
  const lastKey = typedByKeys ? null : inputTypingKey(text, -1, before);
  if (lastKey && el.isConnected) inputDispatchKey(el, 'keyup', lastKey);
  let typed = inputFieldValue(el);
  if (collapse(typed) !== collapse(text)) {
    // A framework's controlled field may show its old value until it has drawn its new state
    // (Downshift's combobox with its text in a React state): looked at again once it has.
    await nextFrame(win);
    if (el.isConnected) typed = inputFieldValue(el);
  }
  let after = typed;
  let popupAtLeave = false;
  let leaving = leave && !inputSuggests(el);
  if (leaving) {
    // The page has taken the input first, as it has before a user's Tab: a widget that
    // updates its state from the input a task later (Ark's number input, by its state
    // machine) clamps or formats on the blur what it holds then.
    await nextFrame(win);
    if (!el.isConnected) {
      return {error: 'stale ref', message: 'the page replaced the field as it took the text; ' +
          'take a new page.snapshot'};
    }
    // A field the page answered with a list of what it suggests beside it keeps the focus, as
    // one that says it suggests does: leaving it would close the list.
    const list = isTextField(el) || isEditable(el) ? await inputListBesideDrawn(el, text) : null;
    if (list) INPUT_LIST_BESIDE.set(el, list);
    leaving = !list;
  }
  if (leaving) {
    // What the typing changed (a controlled field's echo, a character count) is not what
    // leaving the field set off (OPS.inputFill's `reacted`).
    if (watch && watch.changes) watch.changes.takeRecords();
    const holders = [];
    for (let p = parentNodeOf(el); p && nodeTypeOf(p) === ELEMENT_NODE; p = parentNodeOf(p)) {
      holders.push(p);
    }
    // The cell a grid's editor lies over, which shows what it saved once the editor is put away.
    const cellUnder = inputCellUnder(el);
    // A picker's panel open as the field is left: one that drops typing not confirmed
    // (antd's date picker with a time) empties the field then.
    popupAtLeave = inputPopupOpenAt(el);
    // What the page does as the field is left is part of its value (a number clamped to its
    // range, a date it refuses cleared).
    await inputLeaveAsByTab(el);
    // An editor the page keeps, put away out of sight once it saved what it held
    // (Handsontable's, folded see-through and emptied for the next cell), is as one taken away.
    const putAway = !el.isConnected || isSeeThroughTextField(el);
    if (!putAway) {
      after = inputFieldValue(el);
      // A widget that draws its field from its state once it has taken the blur does so in
      // the frames after (Chakra's number input, by zag: its old value showed for two).
      for (let frame = 0; frame < 3 && collapse(after) !== collapse(typed); ++frame) {
        await nextFrame(win);
        if (!el.isConnected) break;
        after = inputFieldValue(el);
      }
    } else if (text !== '') {
      // An editor shown in place of a text (a tree's rename box) that the page took away as it
      // lost the focus: it saved the value when the text shows it where the field was.
      const holder = (el.isConnected && cellUnder) || holders.find((h) => h.isConnected);
      const shows = holder ? collapse(holder.innerText || '') : '';
      if (!shows.includes(collapse(text))) {
        // What shows there says which: the old text (the edit dropped), or another value (a
        // grid's number cell that could not read the text saved it empty, as w2ui's does).
        return inputFillError(el, 'took ' + JSON.stringify(text) + ' as typed, but the page ' +
            'removed the field once it was left and shows ' +
            (shows ? JSON.stringify(truncate(shows, 60)) : 'nothing') + ' where it was, not ' +
            JSON.stringify(truncate(text, 60)) + ': it dropped the edit, or took another value. ' +
            'A field that saves on Enter takes the value with "submit": true');
      }
    }
  }
  if (after === '' && text !== '' && inputShowsBeside(holder, holderBefore, text)) {
    return {ok: true, value: '', taken: true};
  }
  if (collapse(after) !== collapse(text) && (after === before || after === '')) {
    if (collapse(typed) === collapse(text) && popupAtLeave) {
      return inputFillError(el, 'took ' + JSON.stringify(text) + ' as typed, but its value is ' +
          JSON.stringify(truncate(after, 60)) + ' once the field was left with its popup open: ' +
          'the page refused the value (e.g. the format it allows), or its picker wants the ' +
          'choice confirmed: "submit": true (its Enter), or a click on its OK');
    }
    if (collapse(typed) === collapse(text)) {
      return inputFillError(el, 'took ' + JSON.stringify(text) + ' as typed, but its value is ' +
          JSON.stringify(truncate(after, 60)) + ' once the field was left: the page refused ' +
          'the value (e.g. outside the range or the format it allows)' + (after === '' ?
          ', or it is a list\'s search box, which empties as it is left: then page.type into ' +
          'it and click the option it shows' : ''));
    }
    // Nothing the browser typed stayed: the page undid it, or the field takes no typing.
    if (!editable && before !== '' && after === '') {
      // An editor that keeps blocks of its own may drop text put in over several of them.
      return inputFillError(el, 'did not take ' + JSON.stringify(text) + ': it holds "" ' +
          'afterwards (an editor that keeps blocks of its own drops text put in over several ' +
          'of them): select its text with page.press Control+a, then page.type the text');
    }
    // The browser's own refusal: a number field shows text it cannot read as a number but
    // holds "" for it, and the page sees no value.
    if (localNameOf(el) === 'input' && el.type === 'number' && el.validity.badInput) {
      return inputFillError(el, 'did not take ' + JSON.stringify(text) + ': it is a number ' +
          'field, which shows the text but holds "" for text it cannot read as a number (the ' +
          'field is invalid and the page sees no value): give it a number, such as "12" or "1.5"');
    }
    return inputFillError(el, 'did not take ' + JSON.stringify(text) + ': its value is ' +
        JSON.stringify(truncate(after, 60)) + ' afterwards, so the page refused the typing ' +
        '(e.g. it only takes certain characters, or something else must be done first)');
  }
  // An editor that took the lines but none of the breaks between them (SunEditor refuses the
  // browser's new paragraph and a page-made Enter alike): its text joins them, which is no fill
  // of what was asked.
  if (!editable && inputLineBreaksLost(text, after)) {
    return inputFillError(el, 'took the text but joined its lines (the editor makes its ' +
        'paragraphs from a real Enter only): select its text with page.press Control+a, then ' +
        'page.type the text ("\\n" presses Enter)');
  }
  // Cut at the field's maxlength: say so beside the value.
  if (editable && el.maxLength >= 0 && Array.from(text).length > el.maxLength &&
      after.length <= el.maxLength) {
    return {ok: true, value: after, maxlength: el.maxLength};
  }
  return {ok: true, value: after};
}

// The key a user's typing of `text` over a field holding `before` presses first (`at` 0) or
// last (-1), as {key, code, keyCode, shiftKey}: a character of the text, Backspace for an
// empty text, none for a line break or tab (an Enter or Tab key means more than typing) or when
// an empty field stays empty. page.fill puts the text in through the browser's editor, which
// fires no key events; it tells the page's key listeners of the typing with a keydown of the
// first key before and a keyup of the last after (made by the page side: isTrusted false), as
// widgets that act on keys rather than on input want (Fluent's combobox opens its list on a
// keydown, a tree's search runs on keyup).
function inputTypingKey(text, at, before) {
  if (text === '') {
    return before === '' ? null : {key: 'Backspace', code: 'Backspace', keyCode: 8, shiftKey: false};
  }
  const chars = Array.from(text);
  const ch = chars[at < 0 ? chars.length + at : at];
  if (/[\n\r\t]/.test(ch)) return null;
  const upper = ch.toUpperCase();
  const letter = /^[a-z]$/i.test(ch);
  const digit = /^[0-9]$/.test(ch);
  return {
    key: ch,
    code: letter ? 'Key' + upper : digit ? 'Digit' + ch : ch === ' ' ? 'Space' : '',
    keyCode: letter || digit || ch === ' ' ? upper.charCodeAt(0) : 0,
    shiftKey: ch !== ch.toLowerCase(),
  };
}

const INPUT_TAB_KEY = {key: 'Tab', code: 'Tab', keyCode: 9, shiftKey: false};

// A grid, or a cell of one, by its role: a field inside it edits a cell.
const INPUT_GRID_SELECTOR = '[role=grid], [role=treegrid], [role=gridcell]';

// Where the page took the focus on the Tab inputLeaveAsByTab gave a field: a grid opens its
// next cell's editor (Tabulator's), a form moves on to its next field; null when it did not.
let inputTabbedTo = null;

// Leaves field `el` as a user does by Tab (or a click elsewhere): a page that takes what was
// typed on Tab's keydown (vanillajs-datepicker parses its date then and closes its picker; a
// bare blur left it open over the form, holding no date) hears that key first, then the blur.
// Not the key for a textarea, where a page's Tab may indent, unless it edits a grid's cell
// (Handsontable's editor, which takes what was typed on Tab or Enter and ignores the blur).
// Resolves once the blur's handlers, and a task they set, have run.
async function inputLeaveAsByTab(el) {
  if (localNameOf(el) === 'input' || flatClosest(el, INPUT_GRID_SELECTOR) !== null) {
    inputDispatchKey(el, 'keydown', INPUT_TAB_KEY);
    const doc = ownerDocumentOf(el);
    const now = inputFocusedIn(doc);
    if (now && now !== el && now !== doc.body) inputTabbedTo = now;
  }
  el.blur();
  inputRememberLeft(el);
  await new Promise((resolve) => setTimeout(resolve, 0));
}

// Dispatches a keyboard event of `type` with `key` (inputTypingKey) at `el`.
// False when a listener cancelled it.
function inputDispatchKey(el, type, key) {
  const win = defaultViewOf(ownerDocumentOf(el));
  return el.dispatchEvent(new win.KeyboardEvent(type, {
    key: key.key, code: key.code, keyCode: key.keyCode, shiftKey: key.shiftKey, bubbles: true,
    cancelable: true, composed: true}));
}

// Whether `shown`, the text an editor holds after a fill of `text`, lost line breaks the text
// had: the same characters but fewer lines.
function inputLineBreaksLost(text, shown) {
  const lines = (t) => t.split(/\r\n|\r|\n/).length;
  return lines(shown) < lines(text) && shown.replace(/\s+/g, '') === text.replace(/\s+/g, '');
}

// Whether editable `el` selected all its text itself when offered a user's Control+a: an
// editor that keeps a document of its own (ProseMirror's, Tiptap's) selects all of it in its
// model then, and takes the text typed next as replacing it. A range the page side set over
// its blocks it reads its own way instead: Tiptap kept a list item's structure from it and
// drew the new text twice while its model held it once. A key nobody cancels does nothing.
async function inputSelectedAllItself(el) {
  const doc = ownerDocumentOf(el);
  const win = defaultViewOf(doc);
  const key = new win.KeyboardEvent('keydown', {
    key: 'a', code: 'KeyA', ctrlKey: true, bubbles: true, cancelable: true, composed: true});
  if (el.dispatchEvent(key)) return false;
  // An editor that draws its selection from its model once it has updated (Lexical) does so
  // after the key's handlers.
  if (!inputSelectionHoldsAll(el)) await inputSelectionSettled(doc);
  return el.isConnected && inputSelectionHoldsAll(el);
}

// Whether the document's selection lies in `el` and holds all the text it shows.
function inputSelectionHoldsAll(el) {
  const selection = defaultViewOf(ownerDocumentOf(el)).getSelection();
  if (selection.rangeCount !== 1) return false;
  const range = selection.getRangeAt(0);
  return el.contains(range.commonAncestorContainer) &&
      collapse(range.toString()) === collapse(el.textContent);
}

// What holds a field and what the page shows beside it: its ancestor three levels up, or the
// highest below the body (the whole page is no place beside the field, and costly to read);
// null when the field's parent is the body.
function inputHolderOf(el) {
  const doc = ownerDocumentOf(el);
  let holder = null;
  for (let p = flatParentElement(el), i = 0; p && i < 3; p = flatParentElement(p), ++i) {
    if (p === doc.body || p === doc.documentElement) break;
    holder = p;
  }
  return holder;
}

// Whether `holder` now shows each part of `text` (split at commas, semicolons and line
// breaks) that it did not show before (`shownBefore`): a tag input that made tags of the text
// and emptied its field took it (Tagify).
function inputShowsBeside(holder, shownBefore, text) {
  if (!holder || !holder.isConnected) return false;
  const now = collapse(holder.textContent || '');
  const parts = text.split(/[,;\n]+/).map(collapse).filter(Boolean);
  return parts.length > 0 &&
      parts.every((part) => now.includes(part) && !shownBefore.includes(part));
}

// Types `text` over the selection in contenteditable `el` as a user's keys do: each line break
// an Enter that makes a new paragraph (the browser's insertText makes "\n" a <br> inside one
// paragraph, which an editor's model reads as one line: Toast UI joined a heading with the
// lines below it). Each step goes through inputEditorTook; with `ownKeys` (an editor that
// selected all itself on Control+a) each Enter is first offered as its key
// (inputEditorTookEnter), and so is one whose paragraph the editor refused to make.
async function inputEditableInsert(el, text, ownKeys) {
  const doc = ownerDocumentOf(el);
  const win = defaultViewOf(doc);
  const lines = text.split(/\r\n|\r|\n/);
  const step = async (inputType, data, command) => {
    if (inputEditorTook(el, inputType, data)) {
      // It changed its own model: its view and selection follow when it next draws, before
      // the next step is offered where the selection is.
      await nextFrame(win);
    } else {
      doc.execCommand(command, false, data);
      // An editor that reads what the browser's editing did back into its model (CodeMirror,
      // ProseMirror) does so before the next step: read after two new empty paragraphs at
      // once, CodeMirror's made one line break of them and dropped the blank line.
      if (lines.length > 1) await nextFrame(win);
    }
  };
  if (text === '') return step('deleteContentBackward', null, 'delete');
  for (let i = 0; i < lines.length && el.isConnected; ++i) {
    if (i > 0 && ownKeys && inputEditorTookEnter(el)) {
      await nextFrame(win);
      // A code editor indents the new line itself (CodeMirror's Enter): the line's own
      // white space replaces that, so the text comes out as given.
      inputSelectIndentBefore(win.getSelection());
      if (lines[i] === '' && !win.getSelection().isCollapsed) {
        await step('deleteContentBackward', null, 'delete');
      }
    } else if (i > 0) {
      const drawn = el.innerHTML;
      await step('insertParagraph', null, 'insertParagraph');
      // An editor that cancelled the new paragraph's beforeinput yet made none may make its
      // paragraphs on Enter's keydown: offered that, as a user's Enter (one that takes only a
      // real Enter, as SunEditor, is left joining the lines: inputLineBreaksLost).
      if (el.isConnected && el.innerHTML === drawn && inputEditorTookEnter(el)) {
        await nextFrame(win);
      }
    }
    if (lines[i] !== '') await step('insertText', lines[i], 'insertText');
  }
}

// Extends a collapsed `selection` back to the start of its line when only white space lies
// between (the indent an editor's Enter put there); leaves it as it is otherwise.
function inputSelectIndentBefore(selection) {
  if (selection.rangeCount !== 1 || !selection.isCollapsed) return;
  const node = selection.focusNode;
  const offset = selection.focusOffset;
  selection.modify('extend', 'backward', 'lineboundary');
  const before = selection.toString();
  if (before === '' || /\S/.test(before)) selection.collapse(node, offset);
}

// Whether an editor with keys of its own took an Enter (a keydown, not trusted) and cancelled
// it: it made its new line itself, as a user's Enter does (CodeMirror's keeps a blank line that
// the browser's new paragraph there lost; a code block keeps its line breaks).
function inputEditorTookEnter(el) {
  const win = defaultViewOf(ownerDocumentOf(el));
  const target = inputFocusedIn(ownerDocumentOf(el)) || el;
  return !target.dispatchEvent(new win.KeyboardEvent('keydown', {
    key: 'Enter', code: 'Enter', bubbles: true, cancelable: true, composed: true}));
}

// An editor that applies input to a model of its own and draws the model (Slate, CKEditor 5)
// cancels each beforeinput event and acts on it; document.execCommand's editing fires none in
// Firefox, so there it would change the text shown while the editor holds none. Such an editor
// is offered each step of the input first, as the beforeinput event of typing it over the
// selection made; true when it took it (canceled the event), false when the browser's editing
// is to do it.
function inputEditorTook(el, inputType, data) {
  const win = defaultViewOf(ownerDocumentOf(el));
  const selection = win.getSelection();
  const targetRanges = [];
  if (selection.rangeCount > 0) {
    const r = selection.getRangeAt(0);
    targetRanges.push(new win.StaticRange({startContainer: r.startContainer,
                                           startOffset: r.startOffset,
                                           endContainer: r.endContainer, endOffset: r.endOffset}));
  }
  const event = new win.InputEvent('beforeinput', {
    bubbles: true, cancelable: true, composed: true, inputType, data, targetRanges});
  return !el.dispatchEvent(event);
}

// A slider the page draws (role=slider, not a range input) moves by its keys, as a keyboard
// user moves it: focused here, {"ok": true, "slider": {"now", "target"}} for the plugin, which
// presses the arrow keys and reads where it came to (its aria-valuenow).
function inputSliderFill(el, text) {
  const target = Number(text);
  if (text.trim() === '' || !Number.isFinite(target)) {
    return inputFillError(el, 'is a slider: give its value as a number');
  }
  const now = Number(attrOf(el, 'aria-valuenow'));
  if (attrOf(el, 'aria-valuenow') === null || !Number.isFinite(now)) {
    return inputFillError(el, 'is a slider that says no value (aria-valuenow): drag its ' +
        'handle with page.drag');
  }
  if (attrOf(el, 'aria-disabled') === 'true') return inputFillDisabled(el);
  const min = attrOf(el, 'aria-valuemin');
  const max = attrOf(el, 'aria-valuemax');
  if ((min !== null && target < Number(min)) || (max !== null && target > Number(max))) {
    const range = min === null ? 'up to ' + max :
        max === null ? 'from ' + min : 'from ' + min + ' to ' + max;
    return inputFillError(el, 'takes values ' + range + ', not ' + text);
  }
  // A handle of a range that has not the keys is grabbed first, as a user takes the one to
  // move: a range that knows its handle by the press (Syncfusion's) moved the other one.
  if (inputFocusedIn(ownerDocumentOf(el)) !== el && inputHandlesBeside(el).length > 1) {
    return {ok: true, slider: {now, target, click: true}};
  }
  el.focus();
  return {ok: true, slider: {now, target}};
}

OPS.inputRefocus = function (input, nodes) {
  const el = nodes[0];
  el.blur();
  el.focus({preventScroll: true});
  return {data: {}};
};

// The handles of the range slider `handle` belongs to (a slider in its box, up to three levels
// up, on one line with it: a track's handles share their middle's height, or an upright
// track's their middle's left), itself among them; [handle] when it stands alone (a slider
// above or below it is another: Quasar's slider, a track, stands over its range).
function inputHandlesBeside(handle) {
  const middle = (el) => {
    const box = rectOf(el);
    return {x: box.left + box.width / 2, y: box.top + box.height / 2};
  };
  const at = middle(handle);
  const inLine = (el) => {
    const other = middle(el);
    return Math.abs(other.y - at.y) <= 2 || Math.abs(other.x - at.x) <= 2;
  };
  let box = parentElementOf(handle);
  for (let level = 0; box && level < 3; ++level, box = parentElementOf(box)) {
    const handles = Array.from(box.querySelectorAll('[role=slider], input[type=range]'))
                        .filter((el) => el === handle || inLine(el));
    if (handles.length > 1) return handles;
  }
  return [handle];
}

// Resolves once the page has had its selectionchange (at most 200 ms), then one task later
// (what a listener started in a microtask or timer of its own has run).
export function inputSelectionSettled(doc) {
  return new Promise((resolve) => {
    const done = () => {
      doc.removeEventListener('selectionchange', done, true);
      clearTimeout(limit);
      setTimeout(resolve, 0);
    };
    const limit = setTimeout(done, 200);
    doc.addEventListener('selectionchange', done, true);
  });
}

// Focuses the element before page.press or page.type sends its keys; `done` says what a
// refusal did not do ("pressed", "typed").
function inputFocus(el, done, aim) {
  if (!el.isConnected) {
    return {error: 'stale ref', message: 'the element is no longer in the page; take a new page.snapshot'};
  }
  // Behind a modal, the keys would go to the modal (its focus trap takes the focus back).
  const kept = inputKeptAway(el, done);
  if (kept) return kept;
  // An editor's block takes keys once a user clicked it (Editor.js knows its current block by
  // the click, and made no block of an Enter after a focus()): the plugin clicks it.
  const tag = localNameOf(el);
  if (isEditable(el) && tag !== 'input' && tag !== 'textarea') {
    // Its keys go there already, at a caret or over a selection a user made (page.select): they
    // go on there, where a click would put the caret at the end of the text.
    if (inputKeysGoInto(el)) {
      inputWatchOutcome(el, null);
      return {ok: true};
    }
    return {ok: true, click: true};
  }
  // A code editor takes them through its hidden field (a focus() on its box reaches none), at
  // its own caret: the plugin sends it to the end of the text first (Control+End), unless the
  // field has the focus already (a selection made there stays, as above).
  const keysField = editorKeysFieldOf(el);
  if (keysField && inputFocusedIn(ownerDocumentOf(keysField)) === keysField) {
    inputWatchOutcome(keysField, null);
    return {ok: true};
  }
  if (keysField) {
    keysField.focus();
    inputWatchOutcome(keysField, null);
    return {ok: true, to_end: true};
  }
  // An item of a widget that knows one of its items as focused (a tree, a tab list, a grid, a
  // spreadsheet's table) takes keys where a user's click put them: the widget acts on the
  // item it knows, which a click moves and a script's focus() does not (Syncfusion's tree
  // checked the item clicked before; Kendo's tab list keeps the focus on the list, and the
  // item takes none; jspreadsheet's cells take none, its keys going to the cell selected
  // last). The plugin
  // clicks it, unless the keys are on it already.
  const focused = inputFocusedIn(ownerDocumentOf(el));
  if (INPUT_KEYS_BY_CLICK_ROLES.has(roleOf(el)) && focused !== el &&
      activeDescendantOf(focused) !== el) {
    return {ok: true, click: true, item: true};
  }
  // A box that takes no focus itself hands the keys to what it holds that does, as a Tab
  // reaches it (Blueprint's select: its combobox box holds a button; PrimeReact's dropdown, a
  // field kept for screen readers that it listens on).
  if (!inputTakesFocus(el)) el = inputKeysTakerIn(el) || el;
  if (aim && (localNameOf(el) === 'input' || localNameOf(el) === 'textarea')) {
    const at = inputAimBeforeTyping(el, aim);
    if (at) return {ok: true, aim: at};
  }
  inputScrollIntoViewAsUser(el, {block: 'nearest', inline: 'nearest'});
  const focusedBefore = inputFocusedIn(ownerDocumentOf(el)) === el;
  el.focus();
  const trapped = inputFocusKeptFrom(el, done);
  if (trapped) return trapped;
  // A field focused here has its caret at the end of its text, where a user who clicks past it
  // types on (focus() leaves it at the start of a field never focused: typed text came first).
  const field = localNameOf(el);  // the box's, or what it handed the keys to
  if (!focusedBefore && (field === 'input' || field === 'textarea')) inputCaretToEnd(el);
  inputWatchOutcome(el, inputFollowedLink(el));  // a key may follow a focused link
  return {ok: true};
}

// Roles of the items page.press and page.type click before their keys (inputFocus).
const INPUT_KEYS_BY_CLICK_ROLES = new Set(['tab', 'treeitem', 'gridcell', 'cell']);

// Whether `el` takes the focus: natively (a button, a field, a link), by its tabindex, or as
// editable content.
function inputTakesFocus(el) {
  return el.tabIndex >= 0 || hasAttr(el, 'tabindex') || isEditable(el);
}

// The first element inside `el` (as drawn, through shadow roots) that takes the focus, is not
// disabled and is rendered (a field clipped to a pixel for screen readers counts); null if none.
function inputKeysTakerIn(el) {
  for (const n of flatElements(el)) {
    if (n !== el && inputTakesFocus(n) && !matchesOf(n, ':disabled') &&
        n.getClientRects().length > 0) {
      return n;
    }
  }
  return null;
}

// Whether the keys go into editable element `el` now: the focus is in it (or it is the
// focused editing host's own content) and so is the selection.
function inputKeysGoInto(el) {
  const doc = ownerDocumentOf(el);
  const focused = inputFocusedIn(doc);
  if (!focused || !(focused === el || el.contains(focused) || focused.contains(el))) return false;
  const selection = defaultViewOf(doc).getSelection();
  return !!selection && selection.rangeCount > 0 && el.contains(selection.anchorNode) &&
      el.contains(selection.focusNode);
}

// Puts the caret of text field `el` at the end of its value (fields without a caret, such as
// number and email inputs, keep theirs).
function inputCaretToEnd(el) {
  if (typeof el.selectionStart !== 'number') return;
  try {
    el.setSelectionRange(el.value.length, el.value.length);
  } catch {
    // A type without a selection: nothing to move.
  }
}

// After el.focus(): an "element covered" error when `el`, which takes the focus, does not
// hold it, something else having taken it back (a modal's focus trap, as Radix's); the keys
// would go there. Nothing was `done`.
function inputFocusKeptFrom(el, done) {
  const focusable = inputTakesFocus(el);
  const active = inputFocusedIn(ownerDocumentOf(el));
  // Not rendered (a ref taken while it showed: the editor of a mode left, display: none), it
  // takes no keys a user could give it, the focus it kept as it was hidden aside, and no
  // other widget's field took the focus from it.
  if (focusable && el.getClientRects().length === 0) {
    return inputNotVisible(el, 'is not shown now (no box: display none, or inside what hides ' +
                               'it): no keys reach it; nothing was ' + done);
  }
  if (!focusable || !active || active === el || inputContains(el, active) ||
      nodeTypeOf(active) !== ELEMENT_NODE || localNameOf(active) === 'body') {
    return null;
  }
  // A field is described by its tag alone: its name says which.
  const name = collapse(accessibleName(active, roleOf(active)));
  const holder = describeElement(active) +
      (name && !describeElement(active).includes('"') ? ' "' + truncate(name, 60) + '"' : '');
  if (inputHandsKeysTo(el, active)) {
    return inputFillError(el, 'hands the keys to ' + holder + ', a text field of its own ' +
        'widget (its search box), as it takes the focus; nothing was ' + done + ': click it ' +
        '(page.click), page.type the text, then click the option it shows');
  }
  return {error: 'element covered', message: describeElement(el) + ' did not keep the focus: ' +
      holder + ' took it back, as a modal\'s focus trap does, and the keys ' +
      'would go there; nothing was ' + done + '. Close or finish what holds it first (e.g. ' +
      'page.press Escape), or act inside it'};
}

// Whether `active`, which took the focus from `el`, is a text field of el's own widget: a field
// that shares an ancestor with el three levels up at most, outside any dialog el is not in
// (w2ui's list field hands its keys to its search box; a modal's focus trap is no such).
function inputHandsKeysTo(el, active) {
  if (!isTextField(active) && !isEditable(active)) return false;
  const dialog = active.closest('dialog, [role=dialog], [role=alertdialog], [aria-modal=true]');
  if (dialog && !inputContains(dialog, el)) return false;
  let box = flatParentElement(el);
  for (let level = 0; box && level < 3; ++level, box = flatParentElement(box)) {
    if (inputContains(box, active)) return true;
  }
  return false;
}

// A click that follows one on the same element sooner than this (page time) is held back to
// it: a page that counts two clicks there as a double click (w2ui's grid, 350 ms apart, made one
// row's second click select that row alone) hears two single clicks, as a user's are.
const INPUT_CLICKS_APART_MS = 500;

// These act on nodes[0], the element the target named (see OPS.find's "then").
OPS.inputPrepareClick = async function (input, nodes) {
  const clock = defaultViewOf(ownerDocumentOf(nodes[0])).performance;
  const last = globalThis.__firefoxBidiLastClick;
  const since = last && last.el === nodes[0] ? clock.now() - last.at : Infinity;
  if (since < INPUT_CLICKS_APART_MS) {
    await new Promise((resolve) => setTimeout(resolve, INPUT_CLICKS_APART_MS - since));
  }
  await inputStandsStill(nodes[0]);
  const prepared = inputPrepareClick(nodes[0], false, input.at_text_end === true,
                                     input.text || null, input.position || null);
  if (prepared.ok) globalThis.__firefoxBidiLastClick = {el: nodes[0], at: clock.now()};
  return {data: prepared};
};

// How long a click waits for its element to stand still while an animation moves it.
const INPUT_STILL_MAX_MS = 500;

// Resolves once `el` stands still, when an animation of it or of what holds it runs (a chip
// scaling in as it is added, Slim Select's: its remove button grew under the pointer between
// the press and the release, and the click went to the chip): its box the same two frames in
// a row, INPUT_STILL_MAX_MS at most. At once when nothing animates it.
async function inputStandsStill(el) {
  const doc = ownerDocumentOf(el);
  const win = defaultViewOf(doc);
  const moving = () => doc.getAnimations().some((animation) => {
    const target = animation.effect && animation.effect.target;
    return animation.playState === 'running' && !!target && inputContains(target, el);
  });
  if (!el.isConnected || !moving()) return;
  const until = win.performance.now() + INPUT_STILL_MAX_MS;
  const sameBox = (a, b) => a.left === b.left && a.top === b.top && a.width === b.width &&
      a.height === b.height;
  let was = rectOf(el);
  let still = 0;  // frames in a row its box stayed the same
  while (win.performance.now() < until) {
    await nextFrame(win);
    if (!el.isConnected) return;
    const box = rectOf(el);
    still = sameBox(box, was) ? still + 1 : 0;
    was = box;
    // Once its animations ended, or still for two frames while one goes on (a colour fading).
    if (still >= 2 || (still === 1 && !moving())) return;
  }
}

OPS.inputPrepareHover = function (input, nodes) {
  return {data: inputPrepareClick(nodes[0], true)};
};

// After a hover settled: whether what it opened moved the element away from under the mouse at
// viewport point (input.x, input.y) (a menu that closed above it as the mouse left the menu's
// button, its space given back). What covers the element where it was (the menu the hover
// opened over it) is no move.
OPS.inputMovedAway = function (input, nodes) {
  const el = nodes[0];
  if (!el.isConnected || !isVisible(el)) return {data: {moved: false}};
  return {data: {moved: inputOutsideBox(rectOf(el), input.x, input.y)}};
};

// Whether viewport point (x, y) lies outside `box` (a pixel of rounding aside).
function inputOutsideBox(box, x, y) {
  return x < box.left - 1 || x > box.right + 1 || y < box.top - 1 || y > box.bottom + 1;
}

// After the mouse moved onto an element (inputPrepareClick, then input.performActions): waits
// input.wait_ms of the page's time for what the move set off from a timer (a tooltip shown
// after a short delay, or hidden once the mouse left its button), then for the transitions it
// started to end (that tooltip fading in or out), and for a cover over the element that is on
// its way out (inputCoverLeaves), input.cap_ms at most in all.
OPS.inputPointerSettled = async function (input) {
  const mark = globalThis.__firefoxBidiPointerMark;
  if (!mark || typeof mark.at !== 'number' || document.timeline.currentTime === null) {
    return {data: {}};
  }
  const deadline = globalThis.performance.now() + input.cap_ms;
  await new Promise((resolve) => setTimeout(resolve, input.wait_ms));
  await inputAnimationsEnd(globalThis, mark.at, deadline, mark.el);
  if (mark.el) await inputCoverLeaves(mark.el, deadline);
  if (input.submenu_ms > 0 && mark.el && inputClosedSubmenuOf(mark.el)) {
    await inputSubmenuOpens(mark.el, input.submenu_ms, input.cap_ms);
  }
  return {data: {}};
};

// Whether `el` is a menu item whose submenu is closed (aria-haspopup, aria-expanded false),
// which menus open on hover, many after a delay.
function inputClosedSubmenuOf(el) {
  const popup = attrOf(el, 'aria-haspopup');
  return roleOf(el) === 'menuitem' && popup !== null && popup !== 'false' &&
      attrOf(el, 'aria-expanded') === 'false';
}

// Waits up to `ms` for menu item `el` to say its submenu is open (aria-expanded true), then up
// to `capMs` for the transitions that began then (the submenu fading in).
function inputSubmenuOpens(el, ms, capMs) {
  const win = defaultViewOf(ownerDocumentOf(el));
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(limit);
      const start = win.document.timeline.currentTime;
      inputAnimationsEnd(win, start, win.performance.now() + capMs, el).then(resolve);
    };
    const observer = new MutationObserver(() => {
      if (attrOf(el, 'aria-expanded') === 'true') done();
    });
    observer.observe(el, {attributes: true, attributeFilter: ['aria-expanded']});
    const limit = setTimeout(() => {
      observer.disconnect();
      resolve();
    }, ms);
  });
}

// Waits, until `deadline` (performance.now() time), while what lies over `el`'s centre runs an
// animation or transition of its own or of what holds it, whenever that began: a modal fading
// out after the Escape that closed it still takes the pointer until it is gone; and for
// INPUT_COVER_GRACE_MS at least, for a cover that goes without an animation the page shows
// (Spectrum's closed modal keeps its underlay over the page for some 230 ms).
async function inputCoverLeaves(el, deadline) {
  const doc = ownerDocumentOf(el);
  const win = defaultViewOf(doc);
  const graceUntil = Math.min(deadline, win.performance.now() + INPUT_COVER_GRACE_MS);
  // Found once, as inputAnimationsEnd does: a scan of the page, not for every poll.
  const roots = inputShadowRoots(doc);
  for (;;) {
    const point = el.isConnected ? inputInViewCentre(el) : null;
    const hit = point && inputElementFromPoint(doc, point.x, point.y);
    if (!hit || inputContains(el, hit) || inputReaches(el, hit)) return;
    const animations = Array.from(doc.getAnimations());
    for (const root of roots) animations.push(...root.getAnimations());
    const leaving = animations.some((animation) => {
      const effect = animation.effect;
      return animation.playState === 'running' && effect && effect.target &&
          inputContains(effect.target, hit) &&
          Number.isFinite(effect.getComputedTiming().endTime);
    });
    const now = win.performance.now();
    if (now >= (leaving ? deadline : graceUntil)) return;
    await new Promise((resolve) => setTimeout(resolve, 16));
  }
}

const INPUT_COVER_GRACE_MS = 300;

// After an input armed by inputWatchOutcome: {"pending": whether it asked for a new document
// in this browsing context that may not have started yet, "url", "title", "readyState",
// "since_input_ms": how long ago its last key or its click was, null for neither}. With
// input.settle_ms, an input that asks for no new document is answered once that much of the
// page's own time has passed since the input (its last key, else its click: the handlers'
// timers count from there; else since this call), as OPS.inputSettle, with the page's facts
// as they are then: one call instead of two after every input.
OPS.inputOutcome = async function (input) {
  const watch = globalThis.__firefoxBidiInputWatch;
  const click = watch && watch.armed ? watch.click : null;
  // A key pressed after the click (submit's Enter after the fill's click, and the wait for the
  // page's answer to the typing between them) is the input the settle counts from: counted
  // from the click, the Enter's window had passed before a menu it closed was gone (Fomantic
  // UI's dropdown, whose menu blurs its search box at the end of its closing slide, emptying
  // what the next fill typed into it).
  const keyAt = watch && watch.armed ? watch.keyAt ?? null : null;
  // Read on the clock of the input's own window (a frame's starts later than its page's).
  const view = keyAt !== null ? watch.view : click ? click.view : null;
  // Where on the animation timeline what the input set off begins (read before the watch is
  // disarmed below).
  const startedAt = !watch || !watch.armed ? null :
      watch.clickTimeline !== null ? watch.pressTimeline ?? watch.clickTimeline :
                                     watch.armedTimeline;
  // When the input was, on the clock of `view || globalThis`: its last key, else its click,
  // else the button's release (a drag's), else the arming.
  const inputAt = keyAt !== null ? keyAt : click ? click.timeStamp :
                                  watch ? (watch.upAt ?? watch.armedAt) : null;
  const answered = watch && watch.armed && inputTypedIntoSuggesting(watch);
  const notSent = watch && watch.armed && !watch.submit ? inputRefusedFields(watch.invalid) : [];
  const armed = !!watch && watch.armed;  // read before inputNavigationPending disarms it
  const pending = inputNavigationPending();
  const sinceInput = () => (view ? view.performance.now() - inputAt : null);
  const missed = click ? inputMissed(watch) : null;
  const outcome = () => {
    if (watch && watch.changes) {
      watch.changes.disconnect();
      watch.changes = null;
    }
    const data = Object.assign({pending, since_input_ms: sinceInput()}, OPS.info().data);
    if (missed) data.missed = missed;
    if (notSent.length) data.not_sent = notSent;
    if (armed) Object.assign(data, inputNewVerdicts(watch));
    return {data};
  };
  if (pending || !input.settle_ms) return outcome();
  const since = view ? sinceInput() : 0;
  const wait = Math.min(Math.max(input.settle_ms - since, 0), input.settle_ms);
  await new Promise((resolve) => setTimeout(resolve, wait));
  if (input.cap_ms && startedAt !== null) {
    if (answered) await inputAnswerSettled(globalThis, watch);
    const win = view || globalThis;
    const deadline = inputSettleDeadline(watch, inputAt, input.cap_ms);
    // What the input set off shows at the page's next frames: a page drawn late (a busy
    // machine) may not have drawn two since the watch was armed for it (on the clock of the
    // window watched), and has changed nothing yet for that alone.
    while (watch.changes && !(watch.frameAt[1] > watch.armedAt) &&
           win.performance.now() < inputDueAt(deadline)) {
      await new Promise((resolve) => setTimeout(resolve, 16));
    }
    await inputAnimationsEnd(win, startedAt, deadline, inputActedOn(watch));
    await inputChangesEnd(win, watch, deadline);
  }
  return outcome();
};

// `ROLE "NAME"` of `el`, as a snapshot line names it (its tag and classes when it has no role).
function inputRoleAndName(el) {
  const role = roleOf(el);
  if (!role) return describeElement(el);
  const name = collapse(accessibleName(el, role));
  return name ? role + ' ' + JSON.stringify(truncate(name, 60)) : role;
}

// The fields of a form the browser found wanting as it was to be sent (`invalid` events with
// no `submit` after them), as `ROLE "NAME": why` (inputInvalidMessage): the form was not sent,
// and its page may show nothing but a bubble the snapshot cannot see. The first
// INPUT_REFUSED_SHOWN of them.
const INPUT_REFUSED_SHOWN = 3;

function inputRefusedFields(invalid) {
  const fields = [...new Set(invalid)].filter((el) => el.isConnected && el.form);
  return inputFieldVerdicts(fields, fields.map((el) => inputInvalidMessage(el) || 'invalid'));
}

// `fields` with what was said of each (`messages`, by index) as `ROLE "NAME": why`, the first
// INPUT_REFUSED_SHOWN of them and "and N more".
function inputFieldVerdicts(fields, messages) {
  const shown = fields.slice(0, INPUT_REFUSED_SHOWN).map((el, i) =>
    inputRoleAndName(el) + ': ' + truncate(messages[i], 120));
  if (fields.length > shown.length) shown.push('and ' + (fields.length - shown.length) + ' more');
  return shown;
}

// What got a click aimed at an element (watch.aimed, set by inputPrepareClick) when that was
// not the element: the page moved it, or moved something over it, between the hit test and
// the press (a banner pushing the content down as the mouse came). Null when the press
// reached it (the button may come up on something the press opened, such as a menu's
// backdrop: the click then goes to what holds both) or the click did, or when the element is
// gone (the page re-drew it under the mouse).
function inputMissed(watch) {
  const aimed = watch.aimed;
  const target = watch.clickTarget;
  if (!aimed || !target || !aimed.isConnected || nodeTypeOf(target) !== ELEMENT_NODE) {
    return null;
  }
  // A press that reached it counts (the button may come up on a backdrop the press opened),
  // unless the element moved away under the button before it came up: then the click that
  // went elsewhere is all the page saw.
  if (watch.clickReached ||
      (watch.pressTarget && watch.pressReached && !watch.movedUnderPress)) {
    return null;
  }
  return inputDescribeCover(target);
}

// Whether an event's target reached the element the click was aimed at, judged as the event
// came (what the page's handlers then do to the DOM does not change it). True when nothing was
// aimed at or the target is no element.
function inputReachedAimed(watch, target) {
  return !watch.aimed || !target || nodeTypeOf(target) !== ELEMENT_NODE ||
      inputReaches(watch.aimed, target);
}

// A new document's first moments after its load event: a framework's first render, a grid
// that draws its rows from a throttled promise (Grid.js: 80 ms after the load event),
// components that upgrade themselves, transitions they began (inputAnimationsEnd). Answers as
// OPS.info once those have ended and the document's DOM (its open
// shadow roots included) has stayed unchanged for input.busy_quiet_ms since its last change
// when it changed after the load event (the page is still at work), else once input.quiet_ms
// have passed since the load event without a change (since this call, in a document
// loadWatch did not watch); input.cap_ms after the load event at most. With
// input.after_requests (responses to the page's own requests came in since the last answer:
// their data is drawn next), this call counts as a change. left_ms: what is left of the cap.
// The next frame's snapshot sees the page drawn.
OPS.loadSettled = async function (input) {
  const clock = globalThis.performance;
  const timing = clock.getEntriesByType('navigation')[0];
  const loadedAt = timing && timing.loadEventEnd > 0 ? timing.loadEventEnd : clock.now();
  const since = loadWatch.lastChange;
  const watch = {lastChange: since !== null && since >= loadedAt ? since : null};
  if (input.after_requests) watch.lastChange = clock.now();
  const quietFrom = loadWatch.watched ? loadedAt : clock.now();
  const observer = new MutationObserver(() => {
    watch.lastChange = clock.now();
  });
  const options = {subtree: true, childList: true, attributes: true, characterData: true};
  observer.observe(document, options);
  for (const root of inputShadowRoots(document)) observer.observe(root, options);
  const cap = Math.max(loadedAt + input.cap_ms, input.after_requests ? clock.now() + input.quiet_ms : 0);
  const still = Math.min(quietFrom + input.quiet_ms, cap) - clock.now();
  if (watch.lastChange === null && still > 0) {
    await new Promise((resolve) => setTimeout(resolve, still));
  }
  // What the page set moving as it started (a dialog fading out, a panel sliding in) ends
  // first: the snapshot then shows where it came to rest.
  await inputAnimationsEnd(globalThis, 0, cap, null);
  await inputChangesEnd(globalThis, watch, cap, input.busy_quiet_ms);
  observer.disconnect();
  const info = OPS.info();
  info.data.left_ms = Math.max(0, loadedAt + input.cap_ms - clock.now());
  return info;
};

// When this document last changed, from its DOMContentLoaded until 2 s after its load event:
// the library is set up as a document starts (a preload script), so OPS.loadSettled knows
// whether the page was still at work in the moments after its load event, before it was
// asked. A document the library came to later is not watched.
const loadWatch = {lastChange: null, watched: document.readyState === 'loading'};
if (loadWatch.watched) {
  const clock = globalThis.performance;
  const observer = new MutationObserver(() => {
    loadWatch.lastChange = clock.now();
  });
  document.addEventListener('DOMContentLoaded', () => {
    observer.observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
  }, {once: true});
  globalThis.addEventListener('load', () => {
    setTimeout(() => observer.disconnect(), 2000);
  }, {once: true});
}

// How long the DOM must stay unchanged for a script's animation to count as over: three
// frames; three of the page's last frame when it drew them late (a busy machine: a script that
// moves something once a frame changes the DOM that seldom), INPUT_QUIET_CAP_MS at most (three
// frames at 8 a second: a machine busy with other browsers drew frames 250 ms and more apart).
const INPUT_QUIET_MS = 50;
const INPUT_QUIET_CAP_MS = 400;

// `deadline` as page time: a number, or a function that gives it (inputSettleDeadline).
function inputDueAt(deadline) {
  return typeof deadline === 'function' ? deadline() : deadline;
}

// Waits, until `deadline` (page time, inputDueAt) at most, for `quiet` ms without a change to
// the page (inputWatchChanges). A page that changed nothing lately, or only at the input, does
// not wait.
async function inputChangesEnd(win, watch, due, least = INPUT_QUIET_MS) {
  for (;;) {
    const now = win.performance.now();
    const deadline = inputDueAt(due);
    const quiet = Math.max(least, Math.min(3 * (watch.frameMs || 0), INPUT_QUIET_CAP_MS));
    if (watch.lastChange === null || now - watch.lastChange >= quiet || now >= deadline) {
      return;
    }
    const wait = Math.min(quiet - (now - watch.lastChange), deadline - now);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

// Typing into a field that suggests is answered a moment later: a debounced search (Grid.js waits
// 250 ms), jQuery UI's autocomplete (300 ms), a request for suggestions; so is a column's filter
// (inputFilterHeaderOf), by the rows. Such an input waits up to INPUT_ANSWER_MS (a filter, or a
// field whose list still shows, INPUT_ANSWER_CAP_MS) for the page to change a list (of options or results: the field's own look
// redrawn at once, as PrimeReact marks its wrapper filled, is no answer), then, when it changed
// anything, until the page has changed nothing for INPUT_ANSWER_QUIET_MS (a click's settle window:
// the answer's own timers, such as jQuery UI's screen-reader message 100 ms after its list, are
// part of it, not of the next input's answer), INPUT_ANSWER_CAP_MS after the input in all: what the
// page answered is in the next frame's snapshot. A field the page does not answer costs
// INPUT_ANSWER_MS.
const INPUT_ANSWER_MS = 600;
const INPUT_ANSWER_QUIET_MS = 150;
const INPUT_ANSWER_CAP_MS = 1000;
// While the page says the answer is on its way (inputAnswerPending), the wait goes on to this
// long after the input.
const INPUT_LOADING_CAP_MS = 5000;

// Whether the watched input changed the value of a field that suggests (keys or a fill; not a
// click, not a key that only moved in its list).
function inputTypedIntoSuggesting(watch) {
  const field = watch.focused;
  return watch.valueBefore !== undefined && !watch.click && field.isConnected &&
      inputFieldValue(field) !== watch.valueBefore;
}

// The wait above, on `win`'s clock (the one watch.lastChange is read on).
async function inputAnswerSettled(win, watch) {
  const start = watch.armedAt;
  // A list shown still (the previous query's answer) is no answer to this one: its answer may
  // take longer (PrimeVue searches 300 ms after the typing, and a server answers after that).
  const shownBefore = (inputSuggestionLists(watch.focused) || []).length > 0;
  // A grid filters its rows once its filter's debounce ran out (AG Grid's 500 ms, the fill's
  // own time included).
  const answerBy = start + (shownBefore || watch.filterHeader ? INPUT_ANSWER_CAP_MS : INPUT_ANSWER_MS);
  // The answer is a list that changed; other changes (the field's own look) come first.
  while (watch.lastListChange === null) {
    const left = answerBy - win.performance.now();
    // No change, but a list that still says its answer is on the way (Select2's "Searching…"
    // from the search its opening began, shown on while it waits to search for the text).
    if (left <= 0 && !inputAnswerPending(watch.focused)) return;
    if (left <= 0) break;
    await new Promise((resolve) => setTimeout(resolve, Math.min(left, 16)));
  }
  if (watch.lastListChange !== null) {
    const cap = start + INPUT_ANSWER_CAP_MS;
    await inputAnimationsEnd(win, watch.armedTimeline, cap, watch.focused);
    await inputChangesEnd(win, watch, cap, INPUT_ANSWER_QUIET_MS);
  }
  // A list shown still that marked its items anew as the text came but offers what it offered
  // before, none of it holding the text: its search runs later (DevExtreme's 500 ms after the
  // typing), and is waited for, to the cap.
  if (shownBefore) {
    const cap = start + INPUT_ANSWER_CAP_MS;
    const text = inputFieldValue(watch.focused);
    const asBefore = () => inputOffersAsBefore(
        watch, inputSuggestionsOf(watch.focused).options, text);
    if (asBefore()) {
      do {
        await new Promise((resolve) => setTimeout(resolve, 16));
      } while (asBefore() && win.performance.now() < cap);
      await inputChangesEnd(win, watch, cap, INPUT_ANSWER_QUIET_MS);
    }
  }
  // A list that offered options before the typing and offers none now may have emptied as it
  // began to draw its answer (Kendo's autocomplete, open with every city, shows none for a
  // moment, and its matches 200 ms after the typing): waited for, to the cap.
  const emptied = () => {
    const options = inputSuggestionsOf(watch.focused).options;
    return !!options && options.length === 0 && (watch.optionsBefore || []).length > 0;
  };
  if (emptied()) {
    const cap = start + INPUT_ANSWER_CAP_MS;
    do {
      await new Promise((resolve) => setTimeout(resolve, 16));
    } while (emptied() && win.performance.now() < cap);
    await inputChangesEnd(win, watch, cap, INPUT_ANSWER_QUIET_MS);
  }
  // The first answer may be a notice that the real one is on its way.
  const loadingCap = start + INPUT_LOADING_CAP_MS;
  if (!inputAnswerPending(watch.focused)) return;
  do {
    await new Promise((resolve) => setTimeout(resolve, 16));
  } while (inputAnswerPending(watch.focused) && win.performance.now() < loadingCap);
  await inputChangesEnd(win, watch, loadingCap, INPUT_ANSWER_QUIET_MS);
}

// Whether the options a suggesting field's list offers after `text` was typed are those it
// offered before, in a list the page has not changed since, and none of them holds the text:
// its answer to the text before (a search not answered yet), none to this one. A list that
// shows the same options whatever is typed still offers them.
function inputStaleOptions(watch, options, text) {
  return watch.lastListChange === null && inputOffersAsBefore(watch, options, text);
}

// Whether a suggesting field's list offers `options` as before the typing, none of them holding
// `text`, whatever else in it changed.
function inputOffersAsBefore(watch, options, text) {
  const before = watch.optionsBefore;
  const typed = String(text).toLowerCase();
  return !!options && options.length > 0 && !!before &&
      before.length === options.length && before.every((name, i) => name === options[i]) &&
      !options.some((name) => name.toLowerCase().includes(typed));
}

// What a page does a moment after a field was left: a form's check that shows or clears its
// message once its promise resolved (react-hook-form's), a value reformatted from a short
// timer. INPUT_QUIET_MS of the page's time and two frames for it to begin; when the page
// changed anything (inputWatchChanges), until it has changed nothing for INPUT_QUIET_MS, then
// until the transitions and animations begun since the input have ended (and it has changed
// nothing again for INPUT_QUIET_MS), INPUT_LEFT_CAP_MS after it was left at most.
const INPUT_LEFT_CAP_MS = 500;

async function inputLeftSettled(win, watch) {
  const left = win.performance.now();
  for (let frame = 0; frame < 2; ++frame) await nextFrame(win);
  const waited = win.performance.now() - left;
  if (waited < INPUT_QUIET_MS) {
    await new Promise((resolve) => setTimeout(resolve, INPUT_QUIET_MS - waited));
  }
  await inputChangesEnd(win, watch, left + INPUT_LEFT_CAP_MS);
  // Then what that set moving (a form's old message on its way out, which Ant Design removes
  // once it has faded: read at once, it was still a part of the field's "invalid"), and what
  // the page changed as that ended.
  if (watch.lastChange === null) return;
  const moved = watch.lastChange;
  await inputAnimationsEnd(win, watch.armedTimeline, left + INPUT_LEFT_CAP_MS, watch.focused);
  if (watch.lastChange !== moved) await inputChangesEnd(win, watch, left + INPUT_LEFT_CAP_MS);
}

function inputNamesItsList(field) {
  return controlledIds(field).length > 0;
}

// The elements a field says it controls or owns, found in the shadow root it hosts (Fluent's
// select, a custom element with the combobox role, draws its listbox there), or the shadow root
// or document it lies in, else in a root around it (Lion's combobox names a list its host's
// tree holds).
function inputControlledBy(field) {
  const found = [];
  const own = shadowRootOf(field);
  for (const id of controlledIds(field)) {
    const inside = own && own.getElementById(id);
    if (inside) {
      found.push(inside);
      continue;
    }
    for (let root = field.getRootNode(); root; root = root.host ? root.host.getRootNode() : null) {
      const el = root.getElementById ? root.getElementById(id) : null;
      if (el) {
        found.push(el);
        break;
      }
    }
  }
  return found;
}

// The options a suggesting field's list shows once the page answered the typing, so that the
// result says what there is to pick (the text typed is no choice yet): {options: [names], more:
// N beyond INPUT_OPTIONS_SHOWN} from the lists it controls (aria-controls, aria-owns), else
// from the one listbox shown; {} when it shows none.
const INPUT_OPTIONS_SHOWN = 10;

const INPUT_MENU_ITEM_ROLES = new Set(['menuitem', 'menuitemcheckbox', 'menuitemradio']);

function inputSuggestionsOf(field) {
  const lists = inputSuggestionLists(field);
  if (lists === null) return {};
  // A search box that shows no list, filtering what it controls (DataTables' box, a table's
  // rows), offers nothing to pick: no "options" at all, where a combobox's none says that
  // nothing matched.
  if (lists.length === 0 && !inputPicksFromList(field)) return {};
  return inputOptionNames(lists.flatMap(inputOffersOf));
}

// What a suggesting field's list offers: its options (a menu's items); in a listbox that marks
// none, the items it shows (Preline's combobox draws its matches as plain elements in its
// listbox).
function inputOffersOf(list) {
  if (roleOf(list) === 'menu') {
    return flatElements(list).filter((el) => INPUT_MENU_ITEM_ROLES.has(roleOf(el)) && isVisible(el));
  }
  const options = drawnOptions(list, isVisible(list));
  if (options.length || roleOf(list) !== 'listbox') return options;
  // Not a notice that it found none (react-select's "No options").
  return flatChildren(list).filter((item) => {
    if (nodeTypeOf(item) !== ELEMENT_NODE || !isVisible(item)) return false;
    const text = collapse(seenText(item, new Map()));
    return text !== '' && !INPUT_NONE_NOTICE.test(text);
  });
}

const INPUT_NONE_NOTICE = /^(no (options|results|matches|data)|nothing found)\b/i;

// The option of a suggesting field's list that an Enter goes to: the one its keys are on
// (aria-activedescendant), else the one option of a single-choice list marked aria-selected, as
// lists whose keys keep the focus in the field mark it (Tagify's, cmdk's); null when none.
function inputEnterOption(field) {
  if (activeDescendantOf(field)) return shownActiveOf(field);
  for (const list of inputSuggestionLists(field) || []) {
    if (attrOf(list, 'aria-multiselectable') === 'true') continue;
    const marked = drawnOptions(list).filter((o) => attrOf(o, 'aria-selected') === 'true');
    if (marked.length === 1) return marked[0];
  }
  return null;
}


// The shown lists that offer what a suggesting field suggests: those it names, or else the one
// its active option is in, or the listbox it lies in, or the one shown in the combobox drawn
// around it, or else the one listbox shown; null when it names none and none or several are
// shown.
function inputSuggestionLists(field) {
  if (!field.isConnected) return null;
  // A search box may control what it filters (a table): only lists count, the popup it
  // controls or one inside it (Vuetify's menu holds its list). A field that names its own
  // list (shown or not, found or not) offers no other list's options.
  // Lists and options are looked for in the flat tree: a web component's list in its shadow
  // root shows the options slotted into it from the page (Carbon's and Fluent's comboboxes).
  const listsIn = (root) => flatElements(root).filter((el) => roleOf(el) === 'listbox');
  // A menu the field controls is its list too (Fluent's combobox of several choices draws them
  // as a menu's checkable items).
  const controlledListsIn = (root) => flatElements(root).filter((el) =>
    roleOf(el) === 'listbox' || roleOf(el) === 'menu');
  let lists = [];
  for (const popup of inputControlledBy(field)) lists.push(...controlledListsIn(popup));
  // One list both controlled and owned (Awesomplete names it twice) is offered once.
  // A list kept for screen readers offers the options drawn beside it (Ant Design's).
  // A list the page hides from readers while it draws it (Kendo's autocomplete marks its list
  // aria-hidden as it filters it) offers what a user sees.
  lists = [...new Set(lists.map((list) => drawnListFor(list) || list))]
              .filter((list) => isVisible(list, false));
  if (lists.length === 0 && !inputNamesItsList(field)) {
    // The list its keys are on (aria-activedescendant), when it names none (Choices.js's
    // search field, beside the list of what was chosen).
    const active = activeDescendantOf(field);
    const own = active && active.closest('[role=listbox]');
    if (own && isVisible(own)) return [own];
    // The listbox it is the search box of (Preline's select).
    const holding = flatParentElement(field) && flatParentElement(field).closest('[role=listbox]');
    if (holding && isVisible(holding)) return [holding];
    // The one list shown in the combobox drawn around it (Choices.js's multiple select).
    const around = flatParentElement(field) && flatParentElement(field).closest('[role=combobox]');
    const inside = around ? listsIn(around).filter((list) => isVisible(list)) : [];
    if (inside.length === 1) return inside;
    const shown = listsIn(ownerDocumentOf(field).documentElement).filter((list) => isVisible(list));
    return shown.length === 1 ? shown : null;
  }
  return lists;
}

const INPUT_LOADING_NOTICE = /^\s*(loading|searching|fetching)\b/i;
// Spinners as libraries mark them: Tom Select's, Element Plus's icon (is-loading), Ant Design's
// Spin (busy), a progress bar.
const INPUT_SPINNER = '[class~="spinner"], [class~="loading"], [class~="is-loading"], ' +
    '[aria-busy="true"], [role="progressbar"]';

// Whether a suggesting field's list says its answer is still on the way: the field (or its
// widget) or a list it controls (aria-controls, aria-owns) is busy, or that list holds no option yet,
// only a notice such as react-select's "Loading..." (its options come from a request or a
// timer), or as a disabled option, Select2's "Searching…", or a spinner, or the popup around it
// (up to three levels) says such a notice.
function inputAnswerPending(field) {
  if (!field.isConnected) return false;
  // The field, or the widget around it up to three levels (across its shadow root), says so
  // with an attribute as it shows its spinner (Vaadin's combo box: loading; Spectrum's:
  // pending) or is busy.
  for (let n = field, level = 0; n && level < 4; n = parentElementOf(n) || n.getRootNode().host,
       ++level) {
    if (attrOf(n, 'aria-busy') === 'true' || hasAttr(n, 'loading') || hasAttr(n, 'pending')) {
      return true;
    }
  }
  for (const list of inputControlledBy(field)) {
    if (attrOf(list, 'aria-busy') === 'true') return true;
    // A notice may stand as an option the list disables (Select2's "Searching…").
    const items = list.querySelectorAll(
        '[role=option], [role=treeitem], [role=row], [role=menuitem], option');
    const notice = (item) => attrOf(item, 'aria-disabled') === 'true' &&
        INPUT_LOADING_NOTICE.test(item.textContent);
    if (Array.prototype.some.call(items, (item) => !notice(item))) continue;
    if (INPUT_LOADING_NOTICE.test(list.textContent)) return true;
    // A spinner and no text (Tom Select's).
    if (list.querySelector(INPUT_SPINNER)) return true;
    // The notice in the popup that holds the list, beside it (Element Plus's select hides its
    // empty list and shows "Loading" below it).
    for (let up = parentElementOf(list), level = 0; up && level < 3;
         up = parentElementOf(up), ++level) {
      if (INPUT_LOADING_NOTICE.test(up.textContent) && isVisible(up)) return true;
    }
  }
  return false;
}

// What the watched input acted on: the control clicked (the button around the icon hit), else
// what had the keys' focus.
function inputActedOn(watch) {
  if (watch.dragging) return null;  // what the drop moves is what it set off
  // Where the click landed inside a web component (its target as the window saw it is the
  // component's host: a whole sl-details, whose opening was then taken for the feedback of
  // what was clicked).
  return watch.click ? inputControlOf(watch.clickTarget || watch.click.target) : watch.focused;
}

// The control an event's target belongs to: itself or the nearest ancestor the snapshot gives
// a ref (the button around the icon hit).
function inputControlOf(target) {
  for (let n = target; n && nodeTypeOf(n) === ELEMENT_NODE; n = flatParentElement(n)) {
    if (isInteractive(n, roleOf(n))) return n;
  }
  return target;
}

// CSS properties whose transitions change what a snapshot shows (whether and where a thing
// is), unlike a colour or a shadow: a modal fading in, a panel sliding open.
const INPUT_SHOWING_PROPERTIES = new Set([
  'opacity', 'visibility', 'display', 'transform', 'translate', 'scale', 'height', 'width',
  'max-height', 'max-width', 'top', 'right', 'bottom', 'left', 'margin-top', 'margin-left',
  'clip-path', 'content-visibility']);

// What holds one of these holds controls of its own.
const INPUT_CONTROLS = 'a[href], button, input, select, textarea, [tabindex], [contenteditable], ' +
    '[role="button"], [role="link"], [role="checkbox"], [role="option"], [role="menuitem"]';

// The transitions and animations that began at or after `start` (timeline time) in `win`'s
// document or its shadow roots `roots`, run once or a few times (not a spinner's endless
// loop), that change what is shown, and have not finished; not those of `acted` (the control
// the input went to) or what it holds: a button's own hover or press effect is feedback, not
// what it set off.
function inputRunningAnimations(win, roots, start, acted) {
  const animations = Array.from(win.document.getAnimations());
  for (const root of roots) animations.push(...root.getAnimations());
  return animations.filter((animation) => {
    if (animation.playState !== 'running') return false;
    if (animation.startTime !== null && animation.startTime < start) return false;
    const effect = animation.effect;
    if (!effect || !Number.isFinite(effect.getComputedTiming().endTime)) return false;
    const target = effect.target;
    if (acted && target && inputContains(acted, target)) return false;
    const property = animation.transitionProperty;
    return typeof property !== 'string' || INPUT_SHOWING_PROPERTIES.has(property);
  });
}

// Waits, until `deadline` (win.performance.now() time, inputDueAt) at most, for the
// transitions and animations the input on `acted` set off (since `start`, timeline time) to
// end, and for those their ends set off (a backdrop that fades in, then the modal it is for):
// what they show is there when the outcome is read. Nothing running: no wait.
//
// The timeline's time is that of the page's last frame, and a page that draws nothing has
// none: it stood 900 ms behind performance.now() on an idle page, so deadlines are read on the
// page's clock, and the timeline only tells which animations began since the input.
async function inputAnimationsEnd(win, start, deadline, acted) {
  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const roots = inputShadowRoots(win.document);
  // A box that holds controls of its own is no control whose feedback that is: a modal that
  // has the keys' focus and fades out on Escape (UIkit's) set that off.
  if (acted && (acted.querySelector(INPUT_CONTROLS) ||
                (shadowRootOf(acted) && shadowRootOf(acted).querySelector(INPUT_CONTROLS)))) {
    acted = null;  // also a web component's (the focus on sl-dialog's host: its panel)
  }
  let waited = false;
  for (;;) {
    if (win.document.timeline.currentTime === null) return;  // the document is no longer shown
    const left = inputDueAt(deadline) - win.performance.now();
    if (left <= 0) return;
    if (inputRunningAnimations(win, roots, start, acted).length === 0) {
      if (!waited) return;
      // A transitionend handler (or its fallback timer a few ms after) may start the next.
      waited = false;
      await pause(Math.min(left, 30));
      continue;
    }
    waited = true;
    await pause(Math.min(left, 16));
  }
}

// After an input: resolves once input.ms of the page's own time have passed. Timers the
// input's handlers set for sooner fire first (timers run in the order they are due), so a
// dialog one opens holds this call up (a modal dialog suspends the page's timers) and the
// plugin reports it, however slowly a busy machine runs the page.
OPS.inputSettle = function (input) {
  return new Promise((resolve) => setTimeout(() => resolve({data: {}}), input.ms));
};

// Waits up to input.ms for nodes[0] to be enabled (see inputDisabledBy), re-checking on every
// attribute change in its document. Data: {"enabled": true|false}.
OPS.inputWaitEnabled = function (input, nodes) {
  const el = nodes[0];
  if (!inputDisabledBy(el)) return {data: {enabled: true}};
  return new Promise((resolve) => {
    const finish = (enabled) => {
      observer.disconnect();
      clearTimeout(limit);
      resolve({data: {enabled}});
    };
    const observer = new MutationObserver(() => {
      if (!inputDisabledBy(el)) finish(true);
    });
    const limit = setTimeout(() => finish(!inputDisabledBy(el)), input.ms);
    observer.observe(ownerDocumentOf(el), {subtree: true, attributes: true,
                                        attributeFilter: ['disabled', 'aria-disabled', 'class',
                                                          'style']});
  });
};

// The field page.fill last left in this document (it took the focus away, as a user moving
// on), until the focus goes anywhere or the pointer goes down: keys sent without a target
// while nothing has the focus go to it, where the user who typed would have pressed them
// (fill, then Enter submits the form or commits a grid's cell editor).
let inputLeftField = null;

function inputRememberLeft(el) {
  const doc = ownerDocumentOf(el);
  const forget = () => {
    if (inputLeftField === el) inputLeftField = null;
    doc.removeEventListener('focusin', forget, true);
    doc.removeEventListener('pointerdown', forget, true);
  };
  inputLeftField = el;
  doc.addEventListener('focusin', forget, true);
  doc.addEventListener('pointerdown', forget, true);
}

// Before page.press or page.type without a target: arms the watch on the element that has
// the focus, which receives the keys (Enter on a focused link follows it, in a form field
// submits the form); with nothing focused, the field page.fill left gets the focus back.
OPS.inputArm = function () {
  let el = document.activeElement || document.documentElement;
  const nothingFocused = el === document.body || el === document.documentElement;
  if (nothingFocused && inputLeftField && inputLeftField.isConnected &&
      ownerDocumentOf(inputLeftField) === document && isVisible(inputLeftField)) {
    el = inputLeftField;
    el.focus();
  }
  inputWatchKeysToPage(el === document.body || el === document.documentElement);
  inputWatchOutcome(el, inputFollowedLink(el));
  return {data: {ok: true}};
};

// The end of what `field` shows that the page added after the text typed and selected, as a
// field that completes inline does (Fluent's combobox: "Bl" shows "Blue", "ue" selected): a
// suggestion an Enter accepts, no choice yet. Null when it shows no such thing.
function inputCompletionOf(field, typed) {
  if (typeof typed !== 'string' || typed === '' || typeof field.selectionStart !== 'number') {
    return null;
  }
  const value = field.value;
  const start = field.selectionStart;
  if (start !== typed.length || field.selectionEnd !== value.length || start >= value.length ||
      value.slice(0, start).toLowerCase() !== typed.toLowerCase()) {
    return null;
  }
  return value.slice(start);
}

OPS.inputFill = async function (input, nodes) {
  let field = inputFieldOf(nodes[0]);
  // Pressed by the plugin (inputFill's `press`): the page's answer to the click (a picker that
  // opens and sets its text) comes before the typing. A field that swapped in a twin as the
  // click focused it (inputHiddenTwinsOf: Kendo's numeric box), itself put away, is filled
  // through the twin.
  if (input.pressed) {
    await nextFrame(defaultViewOf(ownerDocumentOf(field)));
    const twin = inputFocusedIn(ownerDocumentOf(field));
    if (twin && twin !== field && field.getClientRects().length === 0 && isTextField(twin) &&
        flatParentElement(twin) === flatParentElement(field)) {
      field = twin;
    }
  }
  // As the fill begins (asked to aim), popups standing at a field that has not the focus are
  // none of its own.
  if (input.aim) {
    const focused = inputFocusedIn(ownerDocumentOf(field)) === field;
    INPUT_POPUPS_NOT_ITS_OWN.set(field, new Set(focused ? [] : inputPopupsAt(field)));
    INPUT_PANELS_BEFORE.set(field, new Set(inputPanelsInView(field)));
  }
  // An Enter after the fill may submit the form. Typed key by key since the call that asked
  // for the keys, the field is watched from before them: what they typed is the typing.
  if (!input.typed) inputWatchOutcome(field, false);
  INPUT_ENTER_ON.delete(field);
  inputTabbedTo = null;
  const filled = await inputFill(field, input.value, input.leave, input.aim ? nodes[0] : null,
                                 !!input.typed);
  if (filled.aim || filled.keys) return {data: filled};
  if (filled.field) {
    // Filled through the twin the page swapped in as the field took the focus.
    field = filled.field;
    delete filled.field;
  }
  // The page's answer to what was typed, also before an Enter that follows (a list filtered in
  // a React transition draws its matches after the input: an Enter at once chose the first of
  // the unfiltered list); the value as the answer left it (an autocomplete that completed the
  // word typed).
  const watch = globalThis.__firefoxBidiInputWatch;
  const suggesting = filled.ok && inputTypedIntoSuggesting(watch);
  let leftSuggesting = false;  // a suggesting field offered no list, and was left
  if (suggesting) {
    await inputAnswerSettled(globalThis, watch);
    if ('value' in filled && field.isConnected) {
      filled.value = inputFieldValue(field);
      // An Enter (submit) that follows accepts it.
      const completion = input.leave && inputCompletionOf(field, input.value);
      if (completion) filled.completion = completion;
    }
    // Before an Enter (submit): the option it goes to, the one the keys are on; else what the
    // list offers, none of it marked for Enter. A filter offers none: it filtered the rows.
    // An option the list disables takes no Enter (react-select's says so in its live region).
    const active = input.leave ? null : inputEnterOption(field);
    if (watch.filterHeader) {
      if (watch.lastChange !== null) filled.reacted = true;
    } else if (active && !inputDisabledBy(active)) {
      filled.enter_on = collapse(accessibleName(active, roleOf(active)));
      INPUT_ENTER_ON.set(field, {option: active, marked: inputMarkedChosen(active)});
    } else if (inputAnswerPending(field)) {
      // Still "Loading..." when the wait gave up: no options yet, which is no "none".
      filled.loading = true;
    } else {
      let offered = inputSuggestionsOf(field);
      // A list marked for readers that offers nothing while the page draws its matches beside
      // the field in items of its own (Ant Design's cascader, in a menu of checkable items), or
      // none marked at all (Fomantic UI's search results).
      const beside = (!offered.options || offered.options.length === 0) &&
          inputListBeside(field, input.value).box;
      if (beside) offered = inputListBesideOffers(beside);
      if (!inputStaleOptions(watch, offered.options, input.value)) Object.assign(filled, offered);
      // No list at all, from a combobox that promises none for the text typed (a date field
      // that opens its calendar on a button: Syncfusion's, DevExtreme's): it takes the text
      // as a text field does, once it is left.
      if (!('options' in offered) && input.leave && 'value' in filled && field.isConnected &&
          inputFocusedIn(ownerDocumentOf(field)) === field && inputPromisesNoList(field)) {
        await inputLeaveAsByTab(field);
        leftSuggesting = true;
      }
    }
  }
  // Before an Enter (submit) into a field that says nothing of a list: the page's answer to
  // the typing first (Fomantic UI's dropdown filters its open menu 20 ms after the keys: an
  // Enter at once chose the option its keys were on before, Germany for "Spa"), and a popup
  // still opening from the click that focused the field (its menu slides down for 200 ms, and
  // takes no Enter before it stands).
  if (filled.ok && !input.leave && !suggesting && watch && field.isConnected) {
    const win = defaultViewOf(ownerDocumentOf(field));
    await inputAnimationsEnd(win, -Infinity, win.performance.now() + INPUT_LEFT_CAP_MS, null);
    await inputLeftSettled(win, watch);
  }
  // A field that says nothing of its list, answered with one beside it (inputFill kept the
  // focus in it): what that list offers.
  const listBeside = filled.ok && INPUT_LIST_BESIDE.get(field);
  INPUT_LIST_BESIDE.delete(field);
  if (listBeside) Object.assign(filled, inputListBesideOffers(listBeside));
  if (filled.ok && input.leave && 'value' in filled && !listBeside &&
      (leftSuggesting || !suggesting)) {
    // Whether the page changed something outside the field as it was left (a check shown
    // then), or as a select or a date took its value, or a moment later: the plugin then looks
    // for a request it began. The value is read again once that settled (a text reformatted
    // from a timer).
    await inputLeftSettled(defaultViewOf(ownerDocumentOf(field)), watch);
    if (watch.lastChange !== null) filled.reacted = true;
    if ('label' in filled && field.isConnected) {
      const kept = await inputSelectKept(field);
      if (kept.error) return {data: kept};
      Object.assign(filled, kept);
    }
    // A field put away once left (inputFill's putAway) keeps the value it was left with.
    if (!filled.click && !filled.slider && !('label' in filled) && field.isConnected &&
        !isSeeThroughTextField(field)) {
      filled.value = inputFieldValue(field);
      // A date field whose calendar stayed open, its date not taken as the field was left
      // (Vaadin's date picker takes it on Enter, and keeps the focus in its calendar; Arco's
      // time picker says nothing of its panel, which waits for Enter or its OK).
      if (attrOf(field, 'aria-expanded') === 'true' ||
          await inputPopupOpenWithin(field, false, INPUT_POPUP_CLOSE_MS)) {
        filled.expanded = true;
      }
    }
  }
  // Once left, what the form's check says of it (a message shown on blur).
  if (filled.ok && input.leave && !filled.click && !filled.slider && field.isConnected) {
    const invalid = inputInvalidMessage(field);
    if (invalid) filled.invalid = truncate(invalid, 200);
    // Or the alerts the page showed as it was left (Ant Design Vue's check of the field marks
    // it no way but so).
    const {alerts} = invalid || !watch ? {} : inputNewVerdicts(watch);
    if (alerts) filled.alerts = alerts;
  }
  // The page moved the focus on that Tab to a field, and it is there still (a grid's next
  // editor, open, which takes the keys and may cover what the next click aims at).
  const tabbed = inputTabbedTo;
  if (filled.ok && tabbed && tabbed.isConnected && (isTextField(tabbed) || isEditable(tabbed)) &&
      inputFocusedIn(ownerDocumentOf(tabbed)) === tabbed) {
    // A grid's editor has no name of its own: its value says which cell it edits.
    const value = isTextField(tabbed) ? inputFieldValue(tabbed) : '';
    filled.tabbed_to = inputRoleAndName(tabbed) +
        (value && !accessibleName(tabbed, roleOf(tabbed)) ?
             ' value=' + JSON.stringify(truncate(collapse(value), 60)) : '');
  }
  // Kept for submit's Enter: whether a popup stood open at the field, and what its holder
  // showed (inputEnterOutcome).
  if (filled.ok && !input.leave && typeof input.value === 'string' && input.value !== '' &&
      isTextField(field)) {
    const name = collapse(accessibleName(field, roleOf(field)));
    INPUT_BEFORE_ENTER.set(field, {text: input.value, popup: inputPopupOpenAt(field), name,
                                   lines: inputHolderLines(field, name)});
  }
  return {data: filled};
};

// A text field's state as submit's Enter came (OPS.inputFill), by field.
const INPUT_BEFORE_ENTER = new WeakMap();

// The lines of text the box around text field `el` shows (inputHolderOf), collapsed: a
// select's chosen option shown beside its search field, a tag made; but `name`, the field's
// name as the Enter came, which a page may draw as its placeholder while the field is empty
// (Naive UI's), and which one that shows its choice as the placeholder changes (Arco's).
function inputHolderLines(el, name) {
  const holder = inputHolderOf(el);
  const linesOf = (box) => (box.innerText || '').split('\n')
      .map((line) => collapse(name ? line.split(name).join(' ') : line)).filter(Boolean);
  if (!holder) return [];
  const lines = linesOf(holder);
  // Not those of a list it floats inside it, open or fading out (Fomantic UI's dropdown keeps
  // its menu of options open beside the tags a multiple choice made): its options are not what
  // it shows. (Rendered, as innerText reads it: a box fading out is no longer visible.)
  const floated = Array.from(holder.querySelectorAll('*')).filter((box) =>
      !inputContains(box, el) && INPUT_FLOATED.has(styleOf(box).position) &&
      box.getClientRects().length > 0 &&
      (inputPopupHasChoices(box) || inputPointerItems(box) >= 2));
  for (const box of floated) {
    if (floated.some((other) => other !== box && inputContains(other, box))) continue;
    for (const line of linesOf(box)) {
      const at = lines.indexOf(line);
      if (at >= 0) lines.splice(at, 1);
    }
  }
  return lines;
}

const INPUT_FLOATED = new Set(['absolute', 'fixed']);

// How many children of `box` the pointer's cursor says to click (a menu of plain divs).
function inputPointerItems(box) {
  return Array.prototype.filter.call(box.children, (item) => styleFacts(item).cursor === 'pointer')
      .length;
}

// What submit's Enter made of the text typed into `field`, by how things stood as it came
// (OPS.inputFill). The field holds "" now: when its holder shows other lines than then,
// {taken: true} when the new ones hold the text typed (a tag made of it), else {shows}: the
// text added (a select that chose an option shows it beside its search field, as Naive UI's
// and Arco's, where "" alone read as nothing done; not when the Enter went to an option the
// fill named, `enter_on`); when it shows the same and the popup that stood open at the field
// has closed, an error: the Enter dropped the text (Naive UI's date range reverts a start
// date so, wanting both dates and its confirm). Else {}.
function inputEnterOutcome(field, value) {
  const before = INPUT_BEFORE_ENTER.get(field);
  INPUT_BEFORE_ENTER.delete(field);
  if (!before || value !== '') return {};
  // The lines it shows that it did not, and those it no longer shows (a line that showed
  // before is no news; the box may hold a whole section).
  const gone = [...before.lines];
  const added = inputHolderLines(field, before.name).filter((line) => {
    const at = gone.indexOf(line);
    if (at >= 0) gone.splice(at, 1);
    return at < 0;
  });
  if (added.length || gone.length) {
    // What a line that changed shows beside what it showed (a heading before the choice).
    const news = collapse(added.map((line) => {
      const was = gone.find((old) => line.includes(old));
      return was ? line.replace(was, ' ') : line;
    }).join(' '));
    // The text typed itself, whole, made a tag (Arco's tag input): taken, as when left (a
    // select's option the text began is no tag of it).
    if ((' ' + news + ' ').includes(' ' + collapse(before.text) + ' ')) return {taken: true};
    return news && !INPUT_ENTER_ON.has(field) ? {shows: truncate(news, 60)} : {};
  }
  // A field the Enter put out of sight was answered, not dropped (Arco's select hides its
  // search field as it shows the option chosen).
  if (!before.popup || inputPopupOpenAt(field) || !isVisible(field)) return {};
  return inputFillError(field, 'took ' + JSON.stringify(before.text) + ' as typed, but its ' +
      'value is "" after the Enter, which closed its popup with nothing beside the field ' +
      'showing the text: the page dropped it (a picker that wants more first, as a range ' +
      'picker both dates and its confirm button: pick them in its panel)');
}

// How far from a field a popup the page opened for it begins (above or below it), in CSS
// pixels, how deep under the body floating boxes are looked for (a portal's container, its
// popup, the popup's wrapper), and how much of the view's width one spans at most.
const INPUT_POPUP_GAP = 40;
const INPUT_POPUP_DEPTH = 3;
const INPUT_POPUP_MAX_WIDTH = 0.9;
const INPUT_POPUP_CONTENT = 'button, a[href], input, [tabindex], li, td, [role=option], ' +
    '[role=gridcell], [role=menuitem]';
// A panel of boxes drawn as divs (Arco's range calendar) has this many elements at least; a
// message has a few.
const INPUT_POPUP_PANEL_ELEMENTS = 20;

// How long a popup open at a field that was left may take to close (a popover that hides
// from a timer, after the blur), and one a click opened may take to show (it fades in:
// Arco's).
const INPUT_POPUP_CLOSE_MS = 300;
const INPUT_POPUP_OPEN_MS = 500;

// Whether a popup stands open at `field` (inputPopupOpenAt) once it stands `open` (true or
// false), or `ms` went by, read each frame.
async function inputPopupOpenWithin(field, open, ms) {
  const win = defaultViewOf(ownerDocumentOf(field));
  const until = win.performance.now() + ms;
  let now = inputPopupOpenAt(field);
  while (now !== open && win.performance.now() < until) {
    await nextFrame(win);
    now = inputPopupOpenAt(field);
  }
  return now;
}

// Whether floating `box` offers something to pick or press.
function inputPopupHasChoices(box) {
  return attrOf(box, 'role') !== 'tooltip' && (!!box.querySelector(INPUT_POPUP_CONTENT) ||
      box.getElementsByTagName('*').length >= INPUT_POPUP_PANEL_ELEMENTS);
}

// The popups that stand open at `field`: boxes the page floats under its body (position
// absolute or fixed, up to INPUT_POPUP_DEPTH levels down, in a portal's holder of no size
// too), shown just below or above the field and across it, narrower than the view (a fixed
// header is none), with something to pick or press in them (inputPopupHasChoices: a tooltip
// with a message is none), fading in or out or not (inputPopupOpenWithin waits for one
// closing).
function inputPopupsAt(field) {
  const at = rectOf(field);
  if (at.width === 0) return [];
  const wide = viewSizeOf(defaultViewOf(ownerDocumentOf(field))).width * INPUT_POPUP_MAX_WIDTH;
  return inputFloatingPanels(field, (r) => r.width < wide && inputBoxBeside(r, at));
}

// The boxes the page floats under its body that do not hold `field` (position absolute or
// fixed, up to INPUT_POPUP_DEPTH levels down from the body or from a box that holds the field:
// Fomantic UI's calendar floats its popup beside the input, in the input's own box) whose rect
// `fits`, shown, with something to pick or press in them (inputPopupHasChoices).
function inputFloatingPanels(field, fits) {
  const doc = ownerDocumentOf(field);
  const found = [];
  if (!doc.body) return found;
  // [box, levels down from the body or from the nearest box that holds the field]
  let level = Array.from(doc.body.children, (box) => [box, 0]);
  while (level.length) {
    const next = [];
    for (const [box, depth] of level) {
      const holds = inputContains(box, field);
      const position = holds ? '' : styleOf(box).position;
      if ((position === 'absolute' || position === 'fixed') && fits(rectOf(box)) &&
          isVisible(box) && inputPopupHasChoices(box)) {
        found.push(box);
      } else if (holds || depth + 1 < INPUT_POPUP_DEPTH) {
        for (const child of box.children) next.push([child, holds ? 0 : depth + 1]);
      }
    }
    level = next;
  }
  return found;
}

// The floating panels in the view (inputFloatingPanels) as a fill of a field began, by field:
// one shown since, wherever it stands, the fill's click opened (Framework7's calendar, a sheet
// at the bottom of the view).
const INPUT_PANELS_BEFORE = new WeakMap();

function inputPanelsInView(field) {
  const view = viewSizeOf(defaultViewOf(ownerDocumentOf(field)));
  const inView = (r) => r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 &&
      r.top < view.height && r.left < view.width;
  return inputFloatingPanels(field, inView);
}

// A panel in the view that the fill of `field` did not find there as it began; null when none.
function inputPanelOpenedSince(field) {
  const before = INPUT_PANELS_BEFORE.get(field);
  return before ? inputPanelsInView(field).find((box) => !before.has(box)) || null : null;
}

// The list the page answered the typing into a field with (inputListBeside), by field, as
// inputFill found it: OPS.inputFill says what it offers.
const INPUT_LIST_BESIDE = new WeakMap();

// Whether box `r` (a rect) shows just below or above `at` (a field's), across it.
function inputBoxBeside(r, at) {
  return r.width > 0 && r.height > 0 && r.left < at.right && r.right > at.left &&
      ((r.top >= at.bottom - 2 && r.top <= at.bottom + INPUT_POPUP_GAP) ||
       (r.bottom <= at.top + 2 && r.bottom >= at.top - INPUT_POPUP_GAP));
}

// Whether box `r` (a rect) shows beside `at` (a field's) as inputBoxBeside says, or begins or
// ends over the field, across it: a list placed at the caret (Naive UI's mention opens its
// menu at the caret's line, over the field's padding or inside a textarea of several lines).
function inputBoxAtCaret(r, at) {
  return inputBoxBeside(r, at) || (r.width > 0 && r.height > 0 && r.left < at.right &&
      r.right > at.left && ((r.top >= at.top && r.top <= at.bottom) ||
                            (r.bottom >= at.top && r.bottom <= at.bottom)));
}

// Items of a list a page draws: by role (INPUT_ITEM_ROLES), an `li`, or by a class that names
// them so (Naive UI's options are divs of class n-base-select-option; not
// n-base-select-option__content inside one, nor a list's v-vl-items; Fomantic UI's search
// results, of class result).
const INPUT_ITEM_CLASS = /[-_](option|item)$|^(result|suggestion)$/i;
// What may be one, for querySelectorAll (inputIsListItem tells).
const INPUT_LIST_ITEMS = 'li, [role], [class*="option"], [class*="item"], [class~="result"], ' +
    '[class~="suggestion"]';

function inputIsListItem(el) {
  return localNameOf(el) === 'li' || INPUT_ITEM_ROLES.has(roleOf(el)) ||
      Array.from(el.classList).some((name) => INPUT_ITEM_CLASS.test(name));
}

// The list the page floats beside text field `field` in answer to `text` typed into it, where
// nothing marks the field as one that suggests (no combobox role: Arco's select and
// auto-complete, Ant Design's mentions, Framework7's autocomplete): a box positioned absolute
// or fixed that does not hold the field, shown just below or above it and across it, or
// beginning or ending over it (inputBoxAtCaret), wide or not (Framework7's is as wide as the
// field), with a shown item (inputIsListItem) that holds the text typed or its last word (the
// name after a mention's @). A box that stood at the field before a fill of it began is none
// of its answers. {box}, or {coming: true} when such an
// item lies in a floating box not shown yet, or not placed yet (Ant Design's mentions draws
// its list out of the view first, and beside the field a frame or two later), or {}.
function inputListBeside(field, text) {
  const whole = collapse(text).toLowerCase();
  // The last word, without the sign that began a mention or a tag; a time's parts are none.
  const words = whole.split(' ');
  const lastWord = words[words.length - 1].replace(/^[@#]+/, '');
  const last = words.length > 1 && lastWord.length > 1 ? lastWord : '';
  const doc = ownerDocumentOf(field);
  if (whole === '' || !doc.body) return {};
  const at = rectOf(field);
  const others = INPUT_POPUPS_NOT_ITS_OWN.get(field);
  const floating = new Map();  // ancestor -> whether positioned absolute or fixed
  const floats = (el) => {
    if (!floating.has(el)) {
      const position = styleOf(el).position;
      floating.set(el, position === 'absolute' || position === 'fixed');
    }
    return floating.get(el);
  };
  let coming = false;
  for (const item of doc.body.querySelectorAll(INPUT_LIST_ITEMS)) {
    if (!inputIsListItem(item)) continue;
    const shows = collapse(item.textContent || '').toLowerCase();
    if (!shows.includes(whole) && !(last && shows.includes(last))) continue;
    if (inputContains(item, field)) continue;
    const shown = isVisible(item);
    for (let p = item; p && p !== doc.body && !inputContains(p, field); p = parentElementOf(p)) {
      if (!floats(p) || (others && others.has(p))) continue;
      const r = rectOf(p);
      if (shown && inputBoxAtCaret(r, at)) return {box: p};
      // Not drawn yet, or drawn out of the view where a popup is measured before it is
      // placed (Ant Design's, at -1000 px).
      if (!shown || r.right <= 0 || r.bottom <= 0) coming = true;
    }
  }
  return coming ? {coming} : {};
}

// The list inputListBeside finds, waiting up to INPUT_LIST_COMING_FRAMES for one it says is
// coming; null when none.
async function inputListBesideDrawn(field, text) {
  const win = defaultViewOf(ownerDocumentOf(field));
  let found = inputListBeside(field, text);
  for (let frame = 0; found.coming && frame < INPUT_LIST_COMING_FRAMES; ++frame) {
    await nextFrame(win);
    found = field.isConnected ? inputListBeside(field, text) : {};
  }
  return found.box || null;
}
const INPUT_LIST_COMING_FRAMES = 4;

// The name of `item`, an option or an item of a list the page draws as one.
function inputOptionName(item) {
  return collapse(accessibleName(item, 'option'));
}

// The names of `items` (options), as a suggesting field's result gives them: {options: [the
// first INPUT_OPTIONS_SHOWN], more: how many beyond}.
function inputOptionNames(items) {
  const names = items.map(inputOptionName);
  const out = {options: names.slice(0, INPUT_OPTIONS_SHOWN)};
  if (names.length > INPUT_OPTIONS_SHOWN) out.more = names.length - INPUT_OPTIONS_SHOWN;
  return out;
}

// What list `box` (inputListBeside) offers: its shown items, the outermost of nested ones.
function inputListBesideOffers(box) {
  const inItem = (el) => {
    for (let p = parentElementOf(el); p && p !== box; p = parentElementOf(p)) {
      if (inputIsListItem(p)) return true;
    }
    return false;
  };
  return inputOptionNames(Array.from(box.querySelectorAll(INPUT_LIST_ITEMS)).filter(
      (item) => inputIsListItem(item) && !inItem(item) && isVisible(item)));
}

// The popups that stood at a field as a fill of it began while another element had the focus
// (OPS.inputFill), by field: none is the field's own (page chrome, another field's list).
const INPUT_POPUPS_NOT_ITS_OWN = new WeakMap();

// Whether a popup of `field`'s own stands open at it (inputPopupsAt, but those that stood there
// before the fill focused it). A picker that says nothing of its panel (no aria-expanded)
// keeps it so, once the field was left, while its typed value waits to be confirmed.
function inputPopupOpenAt(field) {
  const others = INPUT_POPUPS_NOT_ITS_OWN.get(field);
  return inputPopupsAt(field).some((box) => !others || !others.has(box));
}

// Another handle of the range slider `handle` belongs to (a slider in its box, up to three
// levels up) that stands at `value`, as `ROLE "NAME"`: the one a handle stopped at, which
// it cannot pass (Blueprint's range keeps its handles in order so); null when none does.
function inputOtherHandleAt(handle, value) {
  const other = inputHandlesBeside(handle).find(
      (el) => el !== handle && String(inputFieldValue(el)) === String(value));
  return other ? inputRoleAndName(other) : null;
}

// The option page.fill chose in a select, until the select was left.
const INPUT_CHOSEN = new WeakMap();
// How long a select that shows another option once left may take to show the one chosen: a
// page that keeps the select's value in its state puts the old one back as the change comes
// (React's controlled select) and the new one when its state has taken it (a frame or two
// later, as Lexical's toolbar does).
const INPUT_SELECT_BACK_MS = 500;

// {value, label} of select `el` once it shows the option page.fill chose; an error when the
// page put another one back and kept it (it refused the choice).
async function inputSelectKept(el) {
  const chosen = INPUT_CHOSEN.get(el);
  INPUT_CHOSEN.delete(el);
  const win = defaultViewOf(ownerDocumentOf(el));
  const until = win.performance.now() + INPUT_SELECT_BACK_MS;
  while (chosen && !chosen.selected && el.isConnected && win.performance.now() < until) {
    await nextFrame(win);
  }
  const shown = el.selectedOptions[0];
  const label = shown ? collapse(shown.label || shown.textContent) : '';
  if (chosen && !chosen.selected) {
    return inputFillError(el, 'shows ' + JSON.stringify(label) + ' again: the page put it ' +
        'back as it took ' + JSON.stringify(collapse(chosen.label || chosen.textContent)) +
        ' (it may want something first); take a page.snapshot before trying again');
  }
  return {value: el.value, label};
}

// page.fill of a list the page draws (a select drawn as a button or a custom element, a
// read-only field that opens a list: OPS.inputFill's `pick`) does what a user does: the plugin
// clicks it open, asks for the option named (OPS.inputPickOption), clicks that one, and reads
// the choice back (OPS.inputPickedShows). How long the list may take to show the option once
// the click on the field settled (a list fading in, options fetched as it opens).
const INPUT_PICK_OPEN_MS = 1000;

// The option lists field `field` opened, each as the options it offers, nearest first: those
// of the lists it controls or the one listbox shown (inputSuggestionLists); the items of the
// popups floated beside it (inputPopupsAt); those of a menu it holds floated over what
// follows it (Fomantic UI's dropdown holds its menu).
function inputPickableLists(field) {
  const found = (inputSuggestionLists(field) || []).map(inputOffersOf);
  const held = Array.from(field.querySelectorAll('*')).filter((box) =>
      INPUT_FLOATED.has(styleOf(box).position) && isVisible(box));
  for (const box of [...inputPopupsAt(field), ...held]) found.push(inputItemsOf(box));
  const lists = found.filter((items) => items.length > 0);
  if (lists.length) return lists;
  // Else the choices of a dialog it opened: Ionic's select opens a popover or an alert of
  // radio buttons, an alert of checkboxes (several choices), or an action sheet of buttons
  // (those that answer the dialog aside).
  const dialogs = flatElements(ownerDocumentOf(field).documentElement).filter((el) =>
      inputChoiceDialog(el) && !inputContains(el, field) && isVisible(el));
  return dialogs.map((dialog) => {
    const shown = flatElements(dialog).filter(isVisible);
    const picked = shown.filter((el) => INPUT_PICKED_ROLES.has(roleOf(el)));
    return picked.length ? picked : shown.filter((el) => roleOf(el) === 'button' &&
        !inputAnswersDialog(collapse(accessibleName(el, 'button'))));
  }).filter((items) => items.length > 0);
}

// A dialog a select may open: one by its tag or role, or a box marked modal.
function inputChoiceDialog(el) {
  return inputIsDialog(el) || attrOf(el, 'aria-modal') === 'true';
}

// The roles of what a dialog a select opened offers to pick.
const INPUT_PICKED_ROLES =
    new Set(['option', 'radio', 'menuitemradio', 'menuitem', 'checkbox', 'menuitemcheckbox']);

// The names of a dialog's buttons that confirm the choice made in it (Ionic's alert: its radio
// buttons choose, its OK takes it); those and the ones that dismiss it answer it rather than
// choose in it.
const INPUT_DIALOG_CONFIRM = /^(ok|okay|done|confirm|apply|select|choose|save|set)$/i;

function inputAnswersDialog(name) {
  return INPUT_DIALOG_CONFIRM.test(name) || /^(cancel|close)$/i.test(name);
}

// The button that confirms the choice of `option` in the dialog that holds it (a select that
// opened an alert with OK and Cancel), or null: no dialog, or none named so, enabled, shown.
function inputConfirmOf(option) {
  let dialog = flatParentElement(option);
  while (dialog && !inputChoiceDialog(dialog)) dialog = flatParentElement(dialog);
  if (!dialog) return null;
  return flatElements(dialog).find((el) => roleOf(el) === 'button' && isVisible(el) &&
      !inputDisabledBy(el) &&
      INPUT_DIALOG_CONFIRM.test(collapse(accessibleName(el, 'button')))) || null;
}

// The items popup `box` offers: its options or menu items; else its outermost shown list items
// (inputIsListItem); else its children the pointer's cursor says to click (a menu of plain
// divs).
function inputItemsOf(box) {
  const roled = flatElements(box).filter((el) =>
      (roleOf(el) === 'option' || INPUT_MENU_ITEM_ROLES.has(roleOf(el))) && isVisible(el));
  if (roled.length) return roled;
  const inItem = (el) => {
    for (let p = parentElementOf(el); p && p !== box; p = parentElementOf(p)) {
      if (inputIsListItem(p)) return true;
    }
    return false;
  };
  const items = Array.from(box.querySelectorAll(INPUT_LIST_ITEMS)).filter(
      (item) => inputIsListItem(item) && !inItem(item) && isVisible(item));
  if (items.length) return items;
  return Array.prototype.filter.call(box.children, (item) =>
      styleFacts(item).cursor === 'pointer' && isVisible(item));
}

// The option of `options` that `text` names: by its name or its value (a value attribute or
// property, data-value), exactly but for case and spaces; else the only one whose name holds
// the text. {option} or {several: [names]} or {}.
function inputOptionNamed(options, text) {
  const wanted = collapse(text).toLowerCase();
  const nameOf = (o) => inputOptionName(o).toLowerCase();
  const valueOf = (o) => String(('value' in o && typeof o.value === 'string' ? o.value : '') ||
                                attrOf(o, 'value') || attrOf(o, 'data-value') || '');
  const exact = options.find((o) => nameOf(o) === wanted || (text !== '' && valueOf(o) === text));
  if (exact) return {option: exact};
  const holding = options.filter((o) => wanted !== '' && nameOf(o).includes(wanted));
  if (holding.length === 1) return {option: holding[0]};
  return holding.length ? {several: holding.map(inputOptionName)} : {};
}

// OPS.inputFill's data for a list the page draws (`pick`): `opened` when its list stands open
// already (a list of several choices stays open after one), which a click would close.
function inputPickFill(el) {
  return attrOf(el, 'aria-expanded') === 'true' ? {ok: true, pick: true, opened: true}
                                                 : {ok: true, pick: true};
}

// Whether `el`, which takes the focus or the click, holds the list of options it opens, closed
// (a select drawn of plain elements, that says nothing of its list: Fomantic UI's dropdown
// holds its menu of items, hidden, beside the hidden input that keeps its value): a box of its
// not shown, with two items or more (inputIsListItem, or items that keep a value: data-value).
function inputHoldsClosedList(el) {
  if (!hasAttr(el, 'tabindex') && styleFacts(el).cursor !== 'pointer') return false;
  return Array.from(el.querySelectorAll('*')).some((box) => !isVisible(box) &&
      Array.prototype.filter.call(box.children, (item) =>
          inputIsListItem(item) || hasAttr(item, 'data-value')).length >= 2);
}

// Whether list option `option`, which `field` opened, is one of several a list keeps chosen at
// once: its list says so (aria-multiselectable), or its options are checkable items, or the
// field says so, or the box of the field's select names itself multiple, up to four levels
// (Ant Design's ant-select-multiple, Select2's select2-selection--multiple, whose lists say
// nothing).
const INPUT_MULTIPLE_CLASS = /(^|[-_])multi(ple)?([-_]|$)|multiselect/i;

function inputInMultipleChoice(option, field) {
  const list = flatClosest(option, '[role=listbox], [role=menu]');
  if ((list && attrOf(list, 'aria-multiselectable') === 'true') ||
      roleOf(option) === 'menuitemcheckbox' || roleOf(option) === 'checkbox' ||
      attrOf(field, 'aria-multiselectable') === 'true') {
    return true;
  }
  let box = field;
  for (let level = 0; box && level < 4; ++level, box = flatParentElement(box)) {
    if (Array.from(box.classList).some((name) => INPUT_MULTIPLE_CLASS.test(name))) return true;
  }
  return false;
}

// The box that scrolls the list `option` is in (overflow-y auto or scroll, or a list the wheel
// scrolls: inputWheelList), holding more than it shows; null when none does, up to the body.
function inputListScroller(option) {
  const doc = ownerDocumentOf(option);
  for (let p = flatParentElement(option); p && p !== doc.body; p = flatParentElement(p)) {
    const overflow = styleOf(p).overflowY;
    if (((overflow === 'auto' || overflow === 'scroll') && p.scrollHeight > p.clientHeight) ||
        inputWheelList(p, option)) {
      return p;
    }
  }
  return null;
}

// How far down a long list (a virtualised one draws only the options in view) is searched
// for the option named, at most: so many boxes' heights.
const INPUT_PICK_SCROLLS = 200;

OPS.inputPickOption = async function (input, nodes) {
  const target = nodes[0];
  const field = inputFieldOf(target);
  const win = defaultViewOf(ownerDocumentOf(field));
  const until = win.performance.now() + INPUT_PICK_OPEN_MS;
  const find = () => {
    let lists = inputPickableLists(field);
    if (field !== target && lists.length === 0) lists = inputPickableLists(target);
    for (const options of lists) {
      const named = inputOptionNamed(options, input.value);
      if (named.option || named.several) return {lists, named};
    }
    return {lists, named: {}};
  };
  let {lists, named} = find();
  while (!named.option && !named.several && win.performance.now() < until) {
    await nextFrame(win);
    ({lists, named} = find());
  }
  // What it offers, for an error: the names of its options (not a placeholder's empty one),
  // an option once though found in a list it controls and in the popup that holds it.
  const seen = new Set(lists.flat().map(inputOptionName));
  // A long list holds it further down, as a user scrolls to it: the box is scrolled a height
  // at a time, and looked through once it drew what came into view (two frames).
  const first = lists.length ? lists[0][0] : null;
  const scroller = !named.option && !named.several && first ? inputListScroller(first) : null;
  for (let step = 0; scroller && step < INPUT_PICK_SCROLLS && !named.option && !named.several;
       ++step) {
    const top = scroller.scrollTop;
    // From its top (it may open where it was left), then down.
    scroller.scrollTop = step === 0 ? 0 : top + Math.max(1, scroller.clientHeight - 1);
    if (step === 0 && top === 0) continue;
    await nextFrame(win);
    await nextFrame(win);
    ({lists, named} = find());
    for (const option of lists.flat()) seen.add(inputOptionName(option));
    if (step > 0 && scroller.scrollTop === top) break;
  }
  seen.delete('');
  // Found in a list that scrolls but not whole in its view: brought to the middle of it first,
  // where the click's own scrolling leaves it be (a list that draws its options anew as it
  // scrolls would draw another in its place), and found again there.
  const holder = named.option && inputListScroller(named.option);
  if (holder) {
    const r = rectOf(named.option);
    const box = rectOf(holder);
    if (r.top < box.top || r.bottom > box.bottom) {
      holder.scrollTop += (r.top + r.bottom) / 2 - (box.top + box.bottom) / 2;
      await nextFrame(win);
      await nextFrame(win);
      ({lists, named} = find());
    }
  }
  const names = [...seen];
  const offered = names.slice(0, INPUT_OPTIONS_SHOWN);
  if (named.several) {
    return {data: {error: 'no such option', message: describeElement(target) + '\'s list has ' +
        'several options holding ' + JSON.stringify(input.value) + ' (' +
        named.several.map((name) => JSON.stringify(name)).join(', ') + ') and none named so: ' +
        'give one\'s whole name (its list stands open: page.press Escape closes it)'}};
  }
  if (!named.option) {
    return {data: {error: 'no such option', message: offered.length
        ? describeElement(target) + '\'s list has no option named or valued ' +
          JSON.stringify(input.value) + '; it offers ' +
          offered.map((name) => JSON.stringify(name)).join(', ') +
          (names.length > offered.length ? ' and ' + (names.length - offered.length) + ' more'
                                          : '') +
          ' (its list stands open: page.press Escape closes it)'
        : 'the click on ' + describeElement(target) + ' opened no list of options beside it ' +
          'in ' + INPUT_PICK_OPEN_MS + ' ms; take a page.snapshot to see what it did'}};
  }
  const option = named.option;
  const name = inputOptionName(option);
  if (inputDisabledBy(option)) {
    return {data: {error: 'element disabled', message: 'the option ' + JSON.stringify(name) +
        ' of ' + describeElement(target) + ' is disabled: the page does not offer it now, ' +
        'and nothing was chosen (its list stands open: page.press Escape closes it)'}};
  }
  // One a list of several choices holds already stays: a click would take it out. So does one
  // marked chosen that the field shows (a list that says nothing of taking several: Element
  // Plus's; a list of one choice would take the click for the same choice).
  const before = inputShownChoice(field, option);
  const shownAlready = before.toLowerCase().includes(name.toLowerCase());
  const chosen = inputMarkedChosen(option);
  const kept = chosen && (inputInMultipleChoice(option, field) || shownAlready);
  // What the field shows before the click, and whether the option is its choice already (marked
  // chosen, or shown as the whole of it): OPS.inputPickedShows tells a choice taken from the
  // same text left as it was (an option "Large" refused while "Extra large" shows).
  const already = chosen || before.toLowerCase() === name.toLowerCase();
  // The dialog's button that takes the choice, clicked once the option was (inputPickedShows).
  const confirm = inputConfirmOf(option);
  const data = {ok: true, name, kept, before, already};
  if (!confirm) return {data, nodes: [option]};
  data.confirm = collapse(accessibleName(confirm, 'button'));
  return {data, nodes: [option, confirm]};
};

// What field `field` shows as its choice: a field's value, else the text drawn beside it; a
// control's text drawn, without the list that holds `option` (inputTextBeside), else its
// name.
function inputShownChoice(field, option) {
  const tag = localNameOf(field);
  // A control that draws no text of its own names its choice (Ionic's select's button, named
  // "Room, Suite" beside the text it draws outside it).
  if (tag !== 'input' && tag !== 'textarea') {
    return collapse(inputTextBeside(field, option)) || accessibleName(field, roleOf(field));
  }
  if (field.value) return field.value;
  // An empty field shows the choice beside it (Arco's select: a span after its read-only
  // input): the text of the nearest box around it that draws some, up to three levels.
  let box = flatParentElement(field);
  for (let level = 0; box && level < 3; ++level, box = flatParentElement(box)) {
    const text = collapse(inputTextBeside(box, option));
    if (text) return text;
  }
  return '';
}

// The text of `el` drawn (not display: none or visibility: hidden; a box a snapshot leaves out
// as repeating its name counts, and a slot's assigned nodes), but that of the list it holds
// `option` in (Fomantic UI's menu, inside the dropdown, fading out): a box floated over what
// follows, or a listbox or menu.
function inputTextBeside(el, option) {
  let text = '';
  for (const child of flatChildren(el)) {
    if (nodeTypeOf(child) === TEXT_NODE) {
      text += ' ' + child.data;
    } else if (nodeTypeOf(child) === ELEMENT_NODE && child !== option &&
               (child.getClientRects().length > 0 || styleOf(child).display === 'contents') &&
               styleOf(child).visibility !== 'hidden') {
      const list = inputContains(child, option) &&
          (INPUT_FLOATED.has(styleOf(child).position) || roleOf(child) === 'listbox' ||
           roleOf(child) === 'menu');
      if (!list) text += ' ' + inputTextBeside(child, option);
    }
  }
  return text;
}

// With nodes[2], the button that confirms a choice in the dialog that holds the option (an
// alert's OK): {"confirm": true} while it stands to be clicked, as a user clicks it, before
// the choice is read (without it, and with input.confirmed once it was clicked).
OPS.inputPickedShows = async function (input, nodes) {
  const [target, option, confirm] = nodes;
  if (confirm && confirm.isConnected && isVisible(confirm)) return {data: {confirm: true}};
  // The field is looked for again at each reading: a select's search field, open with its list
  // (Select2's), goes with it.
  const field = () => inputFieldOf(target);
  const wanted = collapse(input.name).toLowerCase();
  // Taken when the field shows the option's name, in a text changed by the click unless the
  // option was its choice already; or, for a list that stays open (several choices), once the
  // option is marked chosen there. A dialog whose button took the choice (input.confirmed)
  // closes, whatever it offered.
  const several = !input.confirmed && inputInMultipleChoice(option, inputFieldOf(target));
  const inSight = () => option.isConnected && isVisible(option);
  const shows = () => inputShownChoice(field(), option);
  const taken = () => (shows().toLowerCase().includes(wanted) &&
                       (input.already || shows() !== input.before)) ||
      (several && inSight() && inputMarkedChosen(option));
  const win = defaultViewOf(ownerDocumentOf(target));
  const until = win.performance.now() + INPUT_SELECT_BACK_MS;
  while (!taken() && target.isConnected && win.performance.now() < until) await nextFrame(win);
  // A list of one choice closes once it took it (fading out: Fomantic UI's).
  while (!several && inSight() && target.isConnected && win.performance.now() < until) {
    await nextFrame(win);
  }
  let shown = target.isConnected ? shows() : '';
  // As page.snapshot reads a combobox's value, without its label ("Plan Pro": "Pro").
  if (roleOf(field()) === 'combobox' && !('value' in field())) {
    const read = collapse(customComboboxValue(field(), wrappedParts(field())));
    if (read.toLowerCase().includes(wanted)) shown = read;
  }
  if (!taken()) {
    return {data: inputFillError(target, 'took the click on its option ' +
        JSON.stringify(input.name) + ', but shows ' + JSON.stringify(shown) + ' afterwards: the ' +
        'page did not take it as the choice (it may want something first); take a ' +
        'page.snapshot before trying again')};
  }
  const data = {ok: true, value: shown};
  if (inSight()) data.expanded = true;
  return {data};
};

OPS.inputFocus = function (input, nodes) {
  return {data: inputFocus(nodes[0], input.done, input.aim ? nodes[0] : null)};
};

// A user who types into a field clicked it first: the mouse lies over the field, not where the
// last click left it. A page that opens a popup as the field takes the focus opens it beside
// the field; under a mouse left elsewhere, it would take the mouse's hover for a choice
// (Blueprint's date range picker writes the hovered day into the field). Where the mouse goes
// first, as an offset from the in-view centre of `from` (the element an element-origin move
// starts from); null when the field has the focus already (the mouse stays where the click
// that focused it left it) or shows nowhere to move to.
function inputAimBeforeTyping(el, from) {
  if (inputFocusedIn(ownerDocumentOf(el)) === el || !isVisible(el, false)) return null;
  inputScrollIntoViewAsUser(el, {block: 'nearest', inline: 'nearest'});
  const point = inputInViewCentre(el);
  const origin = inputOriginCentre(from);
  if (!point || !origin) return null;
  return {dx: point.x - origin.x, dy: point.y - origin.y};
}

// Whether the fill may press `el` at its in-view centre, where inputAimBeforeTyping puts the
// mouse, before it types: the press reaches it (not a cover over it), and the focus is in no
// dialog that does not hold it (a press outside a dialog closes many, as cmdk's palette: a
// focus trap's refusal, once the field is focused, says more than a dialog gone).
function inputPressFits(el) {
  const doc = ownerDocumentOf(el);
  const focused = inputFocusedIn(doc);
  const dialog = focused && flatClosest(focused, 'dialog, [role=dialog], [role=alertdialog]');
  if (dialog && !inputContains(dialog, el)) return false;
  const point = inputInViewCentre(el);
  const hit = point && inputElementFromPoint(doc, point.x, point.y);
  return !!hit && inputReaches(el, hit);
}

// Where a box a fill clicks was drawn: a page that draws it anew on its change (Handsontable's
// checkbox cell) puts another in its place, and the one clicked, gone, still reads as before.
// el -> [{holder, index, count}]: its ancestors up to INPUT_PLACE_LEVELS, nearest first, and
// where it came among their elements of its kind.
const INPUT_PLACES = new WeakMap();
const INPUT_PLACE_LEVELS = 3;

function inputKindSelector(el) {
  const tag = localNameOf(el);
  if (tag === 'input') return 'input[type="' + el.type + '"]';
  const role = attrOf(el, 'role');
  return role ? tag + '[role="' + role + '"]' : tag;
}

function inputRememberPlace(el) {
  const selector = inputKindSelector(el);
  const places = [];
  for (let holder = parentElementOf(el), level = 0; holder && level < INPUT_PLACE_LEVELS;
       holder = parentElementOf(holder), ++level) {
    const kind = Array.from(holder.querySelectorAll(selector));
    places.push({holder, index: kind.indexOf(el), count: kind.length});
  }
  INPUT_PLACES.set(el, places);
}

// `el`, or the element of its kind the page drew in its place since inputRememberPlace: in
// the nearest of its holders still in the page, at its index among as many of its kind.
function inputInPlaceOf(el) {
  const places = INPUT_PLACES.get(el);
  if (el.isConnected || places === undefined) return el;
  const place = places.find((p) => p.holder.isConnected);
  if (!place) return el;
  const kind = place.holder.querySelectorAll(inputKindSelector(el));
  return kind.length === place.count ? kind[place.index] : el;
}

// The option an Enter after a fill went to (OPS.inputFill's `enter_on`), by field, and whether
// it was marked chosen then: read again once the Enter came (OPS.inputValue's `enter_taken`).
const INPUT_ENTER_ON = new WeakMap();

function inputMarkedChosen(option) {
  return attrOf(option, 'aria-selected') === 'true' || attrOf(option, 'aria-checked') === 'true';
}

OPS.inputValue = async function (input, nodes) {
  const field = inputInPlaceOf(inputFieldOf(nodes[0]));
  // With `mixed`: whether a checkbox shows neither checked nor unchecked.
  if (input.mixed) {
    return {data: (localNameOf(field) === 'input' && field.indeterminate) ||
                  attrOf(field, 'aria-checked') === 'mixed'};
  }
  let value = inputFieldValue(field);
  // With `shown` (after submit's Enter): whether the field is still in sight, beside its
  // value, and what the Enter made of the text typed (inputEnterOutcome).
  if (input.shown) {
    const outcome = inputEnterOutcome(field, value);
    if (outcome.error) return {data: outcome};
    const data = Object.assign({value, shown: field.isConnected && isVisible(field)}, outcome);
    // Whether the option the Enter went to took it: it is gone from sight with its list, or
    // marked chosen since (bootstrap-select keeps the text typed in its search box after
    // either; a list that marks the option the keys are on aria-selected, as Mantine's, marked
    // it before).
    const enter = INPUT_ENTER_ON.get(field);
    if (enter) {
      const option = enter.option;
      data.enter_taken = !option.isConnected || !isVisible(option, false) ||
          (!enter.marked && inputMarkedChosen(option));
    }
    return {data};
  }
  if (input.drawn) {
    // After keys: a widget that draws its state a frame later (UI5's slider sets its
    // aria-valuenow then) is read once two frames in a row show the same.
    const win = defaultViewOf(ownerDocumentOf(field));
    for (let frame = 0; frame < 4 && field.isConnected; ++frame) {
      await nextFrame(win);
      const again = inputFieldValue(field);
      if (again === value && frame > 0) break;
      value = again;
    }
  }
  if (input.kept) {
    // Whether the keys' focus stayed: a range slider whose handle passed the other gives
    // the focus to that one (Radix's), and the keys after went there.
    const focused = inputFocusedIn(ownerDocumentOf(field));
    if (focused && focused !== field && !inputContains(field, focused) &&
        focused !== ownerDocumentOf(field).body) {
      return {data: {value, moved_to: inputRoleAndName(focused),
                     now: String(inputFieldValue(inputFieldOf(focused)))}};
    }
    const other = inputOtherHandleAt(field, value);
    return {data: other ? {value, other_handle: other} : {value}};
  }
  return {data: value};
};

OPS.inputInvalid = function (input, nodes) {
  const field = inputFieldOf(nodes[0]);
  const invalid = field.isConnected ? inputInvalidMessage(field) : '';
  return {data: invalid ? {invalid: truncate(invalid, 200)} : {}};
};

// The element that has the focus in document `doc`, through open shadow roots; null when none.
export function inputFocusedIn(doc) {
  let el = doc.activeElement;
  while (el && shadowRootOf(el) && shadowRootOf(el).activeElement) el = shadowRootOf(el).activeElement;
  return el;
}

// Keys that go to no element still reach the page's own listeners (a spreadsheet that takes
// them on the document): whether it changed its content as they came is page.type's sign that
// it took them (OPS.inputActiveValue's `page_changed`).
let inputKeysToPage = null;

function inputWatchKeysToPage(nothingFocused) {
  if (inputKeysToPage) inputKeysToPage.observer.disconnect();
  inputKeysToPage = null;
  if (!nothingFocused) return;
  const watch = {changed: false};
  watch.observer = new MutationObserver(() => { watch.changed = true; });
  watch.observer.observe(document, {subtree: true, childList: true, characterData: true});
  inputKeysToPage = watch;
}

// How a field is named to the model: as a snapshot's line shows it, `textbox "Digit 4"`, which
// resolves as a target {role, name}; an unnamed one as describeElement says.
function inputFieldName(el) {
  const name = accessibleName(el);
  return name ? roleOf(el) + ' ' + JSON.stringify(name) : describeElement(el);
}

// page.type's result: the value of the field that has the focus in this document (through
// open shadow roots; a date segment's field's text), and "moved_to": its name when the keys
// moved the focus there from a field of another name (a code box that moves on to the next box
// as a digit goes in: the value is the next box's); when the focus is on no field, what has it
// (the keys went there: "body" when nothing has it, and whether the page changed its text or
// elements as they came). A code editor's hidden keys field holds none of its text (a line,
// the last input): the editor is named instead.
OPS.inputActiveValue = function () {
  let el = inputFocusedIn(document);
  // Into the frame that has it, where the page's script may reach (an editor's frame, as
  // TinyMCE's: its body takes the keys).
  const frames = [];
  for (let depth = 0; el && isFrame(el) && depth < 3; ++depth) {
    let inner = null;
    try {
      inner = el.contentDocument;
    } catch {
      inner = null;  // another origin's
    }
    const focused = inner ? inputFocusedIn(inner) : null;
    if (!focused) break;
    frames.push(el);
    el = focused;
  }
  // Where the keys began: the element the input was armed on (inputWatchOutcome).
  const watch = globalThis.__firefoxBidiInputWatch;
  const keysFrom = watch ? watch.focused : null;
  const keysToPage = inputKeysToPage;
  if (keysToPage) {
    keysToPage.changed = keysToPage.changed || keysToPage.observer.takeRecords().length > 0;
    keysToPage.observer.disconnect();
    inputKeysToPage = null;
  }
  // A body that is no editor (an editor's frame's is) takes no typing.
  if (!el || (el === ownerDocumentOf(el).body && !isEditable(el))) {
    return {data: keysToPage ? {focused: 'body', page_changed: keysToPage.changed}
                             : {focused: 'body'}};
  }
  const tag = localNameOf(el);
  if (tag === 'textarea' && editorKeysFieldOf(el) === el) {
    return {data: {focused: 'the code editor ' + describeElement(editorBoxOf(el))}};
  }
  // A segment of a date field drawn as editable segments (React Aria's) says the field's
  // whole text, not its own part ("2026" of "12/25/2026").
  const group = isEditable(el) && roleOf(el) === 'spinbutton' ? el.closest('[role=group]') : null;
  if (group) return {data: {value: collapse(seenText(group))}};
  const field = tag === 'input' || tag === 'textarea' || tag === 'select' || isEditable(el);
  // A field no user sees (Toast UI Grid's clipboard box, parked off screen, takes the keys
  // while a cell is only selected): what was typed shows nowhere, and is no value to report.
  if (field && (isParkedAway(el) || !isVisible(el, false))) {
    return {data: {focused: describeElement(el) + ', a field out of sight: what was typed ' +
        'shows nowhere; click the field to type into, or give it as the target'}};
  }
  if (!field) return {data: {focused: describeElement(el)}};
  const data = {value: inputFieldValue(el)};
  // A field of the same name says nothing new (a block editor's Enter moves on to a new block).
  if (keysFrom && keysFrom.isConnected && !inputContains(keysFrom, el) &&
      !frames.includes(keysFrom) &&
      keysFrom !== document.body && keysFrom !== document.documentElement &&
      inputFieldName(keysFrom) !== inputFieldName(el)) {
    data.moved_to = inputFieldName(el);
  }
  return {data};
};

OPS.pageFocused = function () {
  return {data: {focused: document.hasFocus()}};
};

// page.waitFor's condition, checked in this document: input.kind "text" (the visible text of
// the page, through open shadow roots and same-origin iframes, contains input.value, spaces
// collapsed), "css" (a visible element matches input.value there), "role" (a visible element
// of this document has role input.value and, with input.name, that name, as a target
// {role, name} finds it) or "url" (the document's URL contains input.value).
function inputConditionHolds(input) {
  if (input.kind === 'url') return location.href.includes(input.value);
  const docs = [document];
  for (let i = 0; i < docs.length; i++) {
    for (const frame of docs[i].querySelectorAll('iframe, frame')) {
      let inner = null;
      try {
        inner = frame.contentDocument;
      } catch {
        inner = null;  // cross-origin
      }
      if (inner && inner.documentElement) docs.push(inner);
    }
  }
  if (input.kind === 'text') {
    const wanted = textMatcher(input.value);
    return docs.some((doc) => doc.body && wanted.includes(collapse(seenText(doc.body))));
  }
  if (input.kind === 'role') {
    const target = input.name === undefined ? {role: input.value} : {role: input.value, name: input.name};
    return docs.some((doc) => findFirst(target, doc.documentElement) !== null);
  }
  for (const doc of docs) {
    if (!doc.documentElement) continue;
    for (const el of flatElements(doc.documentElement)) {
      let matches = false;
      try {
        matches = matchesOf(el, input.value);
      } catch {
        throw new Error('invalid CSS selector ' + JSON.stringify(input.value));
      }
      if (matches && isVisible(el, false)) return true;  // drawn, aria-hidden or not
    }
  }
  return false;
}

// Waits up to input.ms for inputConditionHolds(input) to be input.want, re-checking on every
// DOM change and every 50 ms (for URL changes without one). Data: {"done": true} when it
// holds, {"done": false} when the time is up or the document is being left (pagehide: the
// caller checks again in the next document).
OPS.inputWaitFor = function (input) {
  if (inputConditionHolds(input) === input.want) return {data: {done: true}};
  return new Promise((resolve) => {
    let finished = false;
    let pending = false;
    const observer = new MutationObserver(() => {
      if (pending) return;
      pending = true;
      setTimeout(() => {
        pending = false;
        check();
      }, 10);
    });
    const tick = setInterval(() => check(), 50);
    const finish = (done) => {
      if (finished) return;
      finished = true;
      observer.disconnect();
      clearInterval(tick);
      clearTimeout(limit);
      window.removeEventListener('pagehide', leave);
      resolve({data: {done: done}});
    };
    const check = () => {
      try {
        if (inputConditionHolds(input) === input.want) finish(true);
      } catch {
        finish(false);
      }
    };
    const leave = () => finish(false);
    const limit = setTimeout(() => finish(false), input.ms);
    window.addEventListener('pagehide', leave);
    observer.observe(document, {subtree: true, childList: true, characterData: true,
                                attributes: true});
  });
};

// page.upload: the file input whose chooser the target opens (inputFileChooserOf), whether it
// takes several files. {"ok": true, "multiple"} | {"error": "invalid argument", "message"}.
OPS.inputFileInput = async function (input, nodes) {
  const el = await inputFileChooserOf(nodes[0]);
  if (el === null) {
    return {data: {error: 'invalid argument',
                   message: describeElement(nodes[0]) + ' is not a file input (<input ' +
                       'type=file>) and a click on it opens no file chooser; target the input, ' +
                       'or drop the files on it with page.drag {"to": TARGET, "files": [...]}'}};
  }
  if (el.disabled) {
    return {data: {error: 'invalid argument', message: describeElement(el) + ' is disabled'}};
  }
  inputWatchFilesSet(el);
  return {data: {ok: true, multiple: el.multiple}, nodes: [el]};
};

// How many files the file input held as its change event came, before the page's handlers
// ran (OPS.inputFileCount): a page that reads them and empties the input, so that the same
// file can be chosen again (PrimeReact's upload), took them all the same.
let inputFilesSet = null;

function inputWatchFilesSet(el) {
  const watch = {el, files: null};
  const record = () => {
    if (watch.files === null) watch.files = el.files.length;
  };
  // On the input itself: `change` does not leave a shadow root (Carbon's uploader button
  // keeps its input in one), and a capturing listener there runs before the page's own.
  el.addEventListener('change', record, true);
  watch.stop = () => el.removeEventListener('change', record, true);
  if (inputFilesSet) inputFilesSet.stop();
  inputFilesSet = watch;
}

const inputIsFileInput = (el) => localNameOf(el) === 'input' && el.type === 'file';

// The file input a user's click on `el` opens the chooser of: `el` itself, the control of a
// label, the one file input inside it, or the one its click handlers click (an upload area or
// a styled button that forwards the click to a hidden input, as Dropzone does). That click is
// made, and the chooser it would open is cancelled; one a handler clicks a frame later
// (zag's, Chakra's upload trigger) is waited for, two frames at most. Null when there is none.
async function inputFileChooserOf(el) {
  el = inputFieldOf(el);
  if (inputIsFileInput(el)) return el;
  const inside = flatElements(el).filter(inputIsFileInput);
  if (inside.length === 1) return inside[0];
  // A see-through file input laid over it (UIkit's form-custom): what a user's click there hits.
  inputScrollIntoViewAsUser(el, {block: 'nearest', inline: 'nearest'});
  const point = inputInViewCentre(el);
  const hit = point && ownerDocumentOf(el).elementFromPoint(point.x, point.y);
  if (hit && inputIsFileInput(hit)) return hit;
  let opened = null;
  const win = defaultViewOf(ownerDocumentOf(el));
  // Where the click began: a file input in a shadow root (vaadin-upload's, hidden, which its
  // button clicks) reaches the window's listener as its host.
  const catchChooser = (event) => {
    const origin = event.composedPath()[0] || event.target;
    if (!inputIsFileInput(origin)) return;
    if (opened === null) opened = origin;
    event.preventDefault();  // no chooser opens, for this one or another
  };
  win.addEventListener('click', catchChooser, true);
  try {
    // The press first: a toolbar that acts on it (Trix's "Attach Files" opens its chooser
    // on mousedown), then the click.
    for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup']) {
      const Event = type.startsWith('pointer') ? win.PointerEvent : win.MouseEvent;
      el.dispatchEvent(new Event(type, {bubbles: true, cancelable: true, composed: true,
                                        button: 0, view: win}));
    }
    if (opened === null) el.click();
    for (let frame = 0; frame < 2 && opened === null; ++frame) await nextFrame(win);
  } finally {
    win.removeEventListener('click', catchChooser, true);
  }
  return opened;
}

OPS.inputFileCount = function (input, nodes) {
  const watch = inputFilesSet;
  inputFilesSet = null;
  if (watch) watch.stop();
  const set = watch && watch.el === nodes[0] ? watch.files : null;
  return {data: {files: set === null ? nodes[0].files.length : set}};
};
