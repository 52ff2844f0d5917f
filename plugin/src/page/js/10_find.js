// Target resolution inside one document (see targets.h): ref, css, text, role + name.
// Matching sees through open shadow roots; iframes are reported as windows, with how many
// matches precede each, so that the plugin can search them in their own browsing contexts
// and keep document order.

import {
  ELEMENT_NODE, OPS, accessibleName, ariaHidingHolder, attrOf, collapse, controlledIds,
  defaultViewOf, describeElement, editorKeysFieldOf, flatChildren, flatElements, flatParentElement,
  focusedElement, isEditable, isInteractive, isTextField, isVisible, localNameOf, matchesOf,
  modalDialogOf, nodeOfRef, nodeTypeOf, outsideModal, ownerDocumentOf, readingPass, rectOf,
  redrawnSince, roleOf, seenText, shownName, styleFacts, styleOf, textMatcher, truncate
} from "./00_common.js";

export function isFrame(el) {
  if (nodeTypeOf(el) !== ELEMENT_NODE) return false;
  const tag = localNameOf(el);
  return tag === "iframe" || tag === "frame";
}

// Keeps only the candidates none of whose flat descendants is a candidate too.
function innermost(candidates) {
  const set = new Set(candidates);
  const outer = new Set();
  for (const el of candidates) {
    for (let p = flatParentElement(el); p; p = flatParentElement(p)) {
      if (outer.has(p)) break;
      if (set.has(p)) outer.add(p);
    }
  }
  return candidates.filter((el) => !outer.has(el));
}

// input: {css} | {text, mode: "exact"|"contains"|"named"} | {role, name?, mode}; visible (default
// true): only elements that are seen count; then/thenInput: see thenOn. Returns data {count,
// frames: [{before}], then?}, nodes [the first match], windows [each iframe's WindowProxy, in
// document order]. The search is a reading pass (see readingPass); input.then runs after it.
OPS.find = async function (input, nodes) {
  let found = readingPass(() => search(input, nodes));
  // Nothing shown, and matches drawn but inside content marked aria-hidden while no dialog or
  // list is open: a page that keeps the rest hidden a moment after its dialog closed (Fluent's,
  // 500 ms). Looked for again every 50 ms, a second at most (once: not again for "contains").
  const until = Date.now() + ARIA_HIDDEN_WAIT_MS;
  while (found.data.count === 0 && found.data.hiddenByAria && input.mode !== "contains" &&
         Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    found = readingPass(() => search(input, nodes));
  }
  if (found.first && input.mode === "contains") {
    // Taken for containing the text or name (nothing matched it exactly): what it shows, for
    // the result to say ("Row 30" for "Row 3").
    const el = found.first;
    found.data.shown = readingPass(() => truncate(input.text !== undefined
        ? collapse(seenText(el, new Map()))
        : shownName(el, input.role.trim().toLowerCase(), new Map()), 100));
  }
  if (found.first && input.mode === "named") {
    // Taken for its name, which no text on screen shows: its line in page.snapshot.
    const el = found.first;
    found.data.shown = readingPass(() => {
      const role = roleOf(el) || "generic";
      return role + " " + JSON.stringify(truncate(shownName(el, role, new Map()), 100));
    });
  }
  if (found.first) await thenOn(input, found.first, found.data);
  return {data: found.data, nodes: found.nodes, windows: found.windows};
};

const ARIA_HIDDEN_WAIT_MS = 1000;

// textMatcher(value), or {error} for the caller's data when it is no valid pattern.
function patternOf(value) {
  try {
    return textMatcher(value);
  } catch (e) {
    return {error: {code: "invalid argument", message: e.message}};
  }
}

// A matched element that is not drawn now, for a message: the element described, and why
// (display: none, visibility: hidden, no size); null for one that is drawn but left out
// otherwise (hidden from readers, a select a widget replaces).
function hiddenDescription(el) {
  const style = styleFacts(el);
  const rect = rectOf(el);
  const parent = flatParentElement(el);
  const hider = parent ? ariaHidingHolder(parent) : null;
  const why = el.getClientRects().length === 0 ? "not rendered: display none, here or above" :
      style.visibility === "hidden" || style.visibility === "collapse" ? "visibility: hidden" :
      rect.width <= 0 || rect.height <= 0 ? "no size" :
      // Drawn, but hidden from the accessibility tree: a page does that while a dialog opens or
      // closes (Fluent's leaves its root aria-hidden for a moment after its dialog closed).
      hider !== null ? "inside " + describeElement(hider) + ", which is aria-hidden" : null;
  return why === null ? null : describeElement(el) + ", " + why;
}

// Whether `el` is drawn (rendered, visible, of a size) and hidden only by an aria-hidden
// ancestor.
function drawnButAriaHidden(el) {
  const rect = rectOf(el);
  const parent = flatParentElement(el);
  return el.getClientRects().length > 0 && styleFacts(el).visibility === "visible" &&
      rect.width > 0 && rect.height > 0 && !!parent && ariaHidingHolder(parent) !== null;
}

// Whether `doc` shows a modal dialog: a <dialog> shown modally, or a visible element with
// aria-modal="true" or the role of a dialog (Radix's is modal by hiding the rest of the page
// with aria-hidden, without aria-modal).
function openModalIn(doc) {
  return modalDialogOf(doc) !== null ||
      Array.from(doc.querySelectorAll('[aria-modal="true"], [role="dialog"], [role="alertdialog"]'))
          .some((el) => isVisible(el, true));
}

// Whether `doc` shows a listbox or menu popup that the rest of the page was hidden around
// (react-aria hides all but its combobox's open list with aria-hidden): one shown outside any
// aria-hidden content.
function openPopupIn(doc) {
  return Array.from(doc.querySelectorAll('[role="listbox"], [role="menu"]'))
      .some((el) => isVisible(el) && ariaHidingHolder(el) === null);
}

// The label of `el`, an option of a native select (whose closed list draws no text of it a
// target could match), or null for any other element.
function selectOptionLabel(el) {
  return localNameOf(el) === "option" && el.closest("select") ? collapse(el.label) : null;
}

function search(input, nodes) {
  const scope = nodes.length ? nodes[0] : document.documentElement;
  const visibleOnly = input.visible !== false;
  const all = flatElements(scope);
  let test;
  if (input.css !== undefined) {
    try {
      ownerDocumentOf(scope).createDocumentFragment().querySelector(input.css);
    } catch {
      return {data: {error: {code: "invalid argument",
                             message: "css " + JSON.stringify(input.css) +
                                      " is not a valid CSS selector"}}};
    }
    test = (el) => matchesOf(el, input.css);
  } else if (input.text !== undefined && input.mode === "named") {
    // Text that nothing on screen shows, but that names an element the snapshot lists, whole
    // (DataTables' pager link "Next", drawn as "›" with its name for readers only): the line a
    // model read it from. An element named by its own text matched it already.
    const matcher = patternOf(input.text);
    if (matcher.error) return {data: {error: matcher.error}};
    const memo = new Map();
    test = (el) => {
      const role = roleOf(el) || (isInteractive(el, null) ? "generic" : null);
      return role !== null && matcher.exact(shownName(el, role, memo));
    };
  } else if (input.text !== undefined) {
    const matcher = patternOf(input.text);
    if (matcher.error) return {data: {error: matcher.error}};
    const matches = input.mode === "exact" ? matcher.exact : matcher.contains;
    const memo = new Map();
    // An element with no box of its own (display: contents, as react-aria's grid cells) is
    // no place to click its words: what draws it, around it, is.
    test = (el) => styleFacts(el).display !== "contents" &&
        matches(collapse(selectOptionLabel(el) ?? seenText(el, memo)));
  } else {
    const matcher = input.name === undefined ? null : patternOf(input.name);
    if (matcher && matcher.error) return {data: {error: matcher.error}};
    const memo = new Map();
    const wantedRole = input.role.trim().toLowerCase();
    test = (el) => {
      // An element without a role that the snapshot lists (it can be acted on) shows as
      // "generic".
      const role = roleOf(el) || (isInteractive(el, null) ? "generic" : null);
      if (role !== wantedRole && !(role === "generic" && isItemsOnlyBox(el, wantedRole))) {
        return false;
      }
      if (!matcher) return true;
      // As page.snapshot shows it: an element without a name of its own (a list item of
      // plain text) is named by its text.
      const own = selectOptionLabel(el) ?? shownName(el, role, memo);
      return input.mode === "exact" ? matcher.exact(own) : matcher.contains(own);
    };
  }
  let matches = [];
  const frames = [];
  const windows = [];
  const unseen = [];  // matches left out as not visible
  all.forEach((el, position) => {
    // An iframe element can match itself (css "iframe", role "iframe"); its content comes
    // right after it.
    const frame = isFrame(el) && !!el.contentWindow;
    const matched = test(el);
    if (!matched && !frame) return;
    // Text and selectors match what is drawn: aria-hidden content on screen counts (a code
    // editor's lines); a role, which aria-hidden takes away, does not.
    if (visibleOnly && !isVisible(el, input.role !== undefined || input.mode === "named")) {
      if (matched) unseen.push(el);
      return;
    }
    if (matched) matches.push({position, el});
    if (frame) frames.push({position, el});
  });
  if (input.text !== undefined && input.mode !== "named") {
    const kept = new Set(innermost(matches.map((m) => m.el)));
    matches = matches.filter((m) => kept.has(m.el));
  } else if (input.role !== undefined && matches.length > 1) {
    matches = outermostOfEachName(matches, input.role.trim().toLowerCase());
  }
  for (const frame of frames) {
    frame.before = matches.filter((m) => m.position <= frame.position).length;
  }
  for (const frame of frames) windows.push(frame.el.contentWindow);
  const data = {count: matches.length, frames: frames.map((f) => ({before: f.before}))};
  // None seen: how many are drawn but inside content the page made inert (everything but an
  // open menu, listbox or dialog), or hid from the accessibility tree while a modal dialog or
  // a popup list is open (Chakra's modal, react-aria's combobox set aria-hidden on the rest of
  // the page), which the error then names.
  if (!matches.length && unseen.length) {
    const doc = ownerDocumentOf(scope);
    const modal = input.role !== undefined && (openModalIn(doc) || openPopupIn(doc));
    const inert = unseen.filter((el) => {
      const rect = rectOf(el);
      return rect.width > 0 && rect.height > 0 &&
          (el.closest("[inert]") !== null || outsideModal(el) ||
           (modal && ariaHidingHolder(el) !== null));
    });
    data.inert = inert.length;
    // An option of a native select, which its list shows only while open, outside the page
    // (ons-select's): a click does not choose it, a fill of the select does.
    const option = unseen.find((el) => localNameOf(el) === "option" && el.closest("select"));
    if (option) {
      data.selectOption = "it is an option of " + describeElement(option.closest("select")) +
          ", which the browser draws outside the page: choose it with page.fill on that select " +
          "(\"value\": " + JSON.stringify(collapse(option.label || option.textContent)) + ")";
    }
    // The others are hidden for now (a handle shown on hover, an item of a closed menu): the
    // error names the first and why.
    const hidden = unseen.filter((el) => !inert.includes(el) && hiddenDescription(el) !== null);
    if (hidden.length) {
      data.hidden = hidden.length;
      data.hiddenFirst = hiddenDescription(hidden[0]);
      // The field a code editor takes its keys through (Monaco's textarea "Editor content",
      // of no size): no hover shows it; the editor's text is what a user clicks.
      if (editorKeysFieldOf(hidden[0]) === hidden[0]) data.hiddenKeysField = true;
      data.hiddenByAria = hidden.some(drawnButAriaHidden);
    }
  }
  // Of several, the one a user means (preferredMatch) is taken, whatever the iframes hold;
  // else the first here is the first of the whole search when no iframe comes before it.
  const preferred = input.css === undefined && matches.length > 1
                        ? preferredMatch(matches, ownerDocumentOf(scope), input.role !== undefined)
                        : null;
  if (preferred) data.chosen = preferred.why;
  const taken = preferred ? preferred.match : matches[0];
  const first = taken && (preferred || !frames.some((f) => f.position < taken.position))
                    ? taken.el : null;
  return {data, nodes: taken ? [taken.el] : [], windows, first};
}

// Of several matches of a role or a text, the one a user means where the first is not: for a
// role, the match that is or holds the text field with the focus (Select2's open search box,
// not another widget's unnamed box above it: the snapshot marks it [active]); else the first
// inside the dialog or popup list that holds the focus (MUI's date picker popup, not the
// calendar drawn in the page above it), or in the list the focused control has open (PrimeVue's
// select keeps the focus on itself) or that holds the focus; else, when the first has no
// size, the first that has one (shownPreferred); else, when the first is disabled, the first
// that is not (enabledPreferred); a popup floating over the page that holds the focused item
// or opens beside the focused element comes after the list and the dialog; of a text's
// matches, when the first is aria-hidden, the first that is not (readablePreferred); a
// calendar's day of another month gives way to the month's own (monthPreferred). {match, why:
// "focused" | "in the open list" | "in the open dialog" | "in the open popup" | "shown" |
// "enabled" | "of the month shown" | "not aria-hidden"}, or null for the first. A css selector
// keeps querySelector's order.
function preferredMatch(matches, doc, byRole) {
  return focusPreferred(matches, doc, byRole) || shownPreferred(matches) ||
         enabledPreferred(matches) || monthPreferred(matches) ||
         (!byRole && readablePreferred(matches));
}

// preferredMatch by the focus. A focused button alone (the last one clicked) is no preference:
// a user's focus says where the keys go, not what to click.
function focusPreferred(matches, doc, byRole) {
  const focused = focusedElement(doc);
  if (!focused) return null;
  if (byRole && (isTextField(focused) || isEditable(focused))) {
    const byElement = new Map(matches.map((m) => [m.el, m]));
    for (let el = focused; el; el = flatParentElement(el)) {
      if (!byElement.has(el)) continue;
      return el === matches[0].el ? null : {match: byElement.get(el), why: "focused"};
    }
  }
  // The list the focused control has open, then the dialog or list that holds the focus.
  let layer = focused;
  while (layer && !matchesOf(layer, LAYER_SELECTOR)) layer = flatParentElement(layer);
  const popup = openedPopupOf(focused) || popupHolding(doc, focused);
  // Then a popup floating over the page that holds the focused item or text field (Element
  // Plus's cascader keeps the focus on the item last clicked, in its portal; Trix's link
  // dialog on its URL field, beside its own "Link" button, which the toolbar's matched first).
  const floating = POPUP_ITEM_ROLES.has(roleOf(focused)) || isTextField(focused)
                       ? floatingLayerOf(focused) : null;
  const layers = [[popup, "in the open list"], [layer, "in the open dialog"],
                  [floating, "in the open popup"]];
  for (const [box, why] of layers) {
    if (!box) continue;
    if (holdsFlat(box, matches[0].el)) return null;
    const inside = matches.find((m) => holdsFlat(box, m.el));
    if (inside) return {match: inside, why};
  }
  // Else one floating beside the focused element, as opened from it (Ant Design's time picker
  // keeps the focus in its field, its columns of plain items just below it).
  const beside = matches.find((m) => {
    const box = floatingLayerOf(m.el);
    return box !== null && opensBeside(box, focused);
  });
  if (!beside || beside === matches[0]) return null;
  return {match: beside, why: "in the open popup"};
}

// Roles of the items a popup's keys move over.
const POPUP_ITEM_ROLES = new Set(["menuitem", "menuitemcheckbox", "menuitemradio", "option",
                                  "treeitem", "gridcell"]);

// The nearest box around `el` (itself included) that floats over the page: placed absolutely or
// fixed, stacked above it by a z-index, as popups drawn in a portal are; null when none is.
function floatingLayerOf(el) {
  const body = ownerDocumentOf(el).body;
  for (let box = el; box && box !== body; box = flatParentElement(box)) {
    const style = styleOf(box);
    if ((style.position === "absolute" || style.position === "fixed") &&
        Number(style.zIndex) > 0) {
      return box;
    }
  }
  return null;
}

// Whether floating box `layer` lies as a popup opened from `el` does: just below or just above
// it (24 px at most between them), across part of its width, narrower than the viewport.
function opensBeside(layer, el) {
  const box = rectOf(layer);
  const from = rectOf(el);
  const GAP = 24;
  const across = box.left < from.right && box.right > from.left &&
      box.width < 0.9 * defaultViewOf(ownerDocumentOf(el)).innerWidth;
  const below = box.top >= from.bottom - 2 && box.top - from.bottom <= GAP;
  const above = box.bottom <= from.top + 2 && from.top - box.bottom <= GAP;
  return across && (below || above);
}

// The popup a control has open (openedPopupOf) that holds `focused`: the focus moved into it
// (the select-all box of PrimeVue's multiple select, in its overlay's header); null when none.
function popupHolding(doc, focused) {
  const controls = doc.querySelectorAll('[aria-expanded="true"][aria-controls], ' +
                                        '[aria-expanded="true"][aria-owns]');
  for (const control of controls) {
    const popup = openedPopupOf(control);
    if (popup && holdsFlat(popup, focused)) return popup;
  }
  return null;
}

// The popup `el` has open (aria-expanded="true", naming it by aria-controls or aria-owns), with
// the overlay it is drawn in: its nearest box placed absolutely or fixed, up to three levels
// above (PrimeVue keeps the focus on its select while its list shows, in an overlay whose
// header holds the multiple select's select-all box); null when it has none open.
function openedPopupOf(el) {
  if (attrOf(el, "aria-expanded") !== "true") return null;
  const root = el.getRootNode();
  for (const id of controlledIds(el)) {
    const popup = root.getElementById ? root.getElementById(id) : null;
    if (!popup || !isVisible(popup)) continue;
    let box = popup;
    for (let level = 0; box && level < 3; ++level, box = flatParentElement(box)) {
      const position = styleOf(box).position;
      if (position === "absolute" || position === "fixed") return box;
    }
    return popup;
  }
  return null;
}

// When the first match has no size (an element with a role and a name is found so: an alert
// of no height), the first that has one, which is what a user sees: react-datepicker keeps the
// day cells of the next month in an empty row of no height, named as the cells that show them.
// {match, why: "shown"}, or null.
function shownPreferred(matches) {
  const sized = (m) => {
    const r = rectOf(m.el);
    return r.width > 0 && r.height > 0;
  };
  if (sized(matches[0])) return null;
  const shown = matches.find(sized);
  return shown ? {match: shown, why: "shown"} : null;
}

// When the first match is a calendar's day of the month before or after the one it shows,
// dimmed beside that month's own days (flatpickr's April opens on March 30 and 31, and has its
// own 30 after them), the first that is not: a day a user reads in that month. Such a day
// says so by a class of its own or of the cell holding it (ADJACENT_DAY_CLASS). {match, why:
// "of the month shown"}, or null.
function monthPreferred(matches) {
  const adjacent = (m) => {
    for (let el = m.el, level = 0; el && level < 4; el = flatParentElement(el), ++level) {
      if (ADJACENT_DAY_CLASS.test(attrOf(el, "class") || "")) return true;
    }
    return false;
  };
  if (!adjacent(matches[0])) return null;
  const own = matches.find((m) => !adjacent(m));
  return own ? {match: own, why: "of the month shown"} : null;
}

// The classes date pickers mark another month's days with: flatpickr's prevMonthDay and
// nextMonthDay, jQuery UI's, Kendo's and Air Datepicker's other-month, Pikaday's
// is-outside-current-month, react-datepicker's and MUI's outside-month, Element Plus's
// prev-month and next-month, FullCalendar's fc-day-other, Vuetify's --adjacent, Naive UI's
// --excluded, Quasar's calendar-item--out.
const ADJACENT_DAY_CLASS = new RegExp(
    "(?:prev|next|other|outside)[-_]?(?:current[-_]?)?month|month[-_]?(?:day[-_]?)?outside|" +
    "day[-_]other|[-_](?:adjacent|excluded)(?![-\\w])|calendar-item--out(?![-\\w])", "i");

// When the first match is disabled (a calendar's day of the month before, which Ark's date
// picker shows disabled: "29" twice), the first that is not, which a user can act on.
// {match, why: "enabled"}, or null.
function enabledPreferred(matches) {
  const disabled = (m) => m.el.closest(':disabled, [aria-disabled="true"]') !== null;
  if (!disabled(matches[0])) return null;
  const enabled = matches.find((m) => !disabled(m));
  return enabled ? {match: enabled, why: "enabled"} : null;
}

// Of a text's matches, when the first is aria-hidden and another is not, that one: a group's
// heading a command palette hides from readers ("Settings", aria-hidden, over its item
// "Settings", as cmdk's) is no item to act on. {match, why: "not aria-hidden"}, or null.
function readablePreferred(matches) {
  const hidden = (m) => ariaHidingHolder(m.el) !== null;
  if (!hidden(matches[0])) return null;
  const readable = matches.find((m) => !hidden(m));
  return readable ? {match: readable, why: "not aria-hidden"} : null;
}

// What a user works in while it holds the focus: a dialog, or a popup list or menu.
const LAYER_SELECTOR = 'dialog[open], [role="dialog"], [role="alertdialog"], [aria-modal="true"], ' +
    '[role="listbox"], [role="menu"]';

// Whether `node` is `box` or lies inside it in the flat tree.
function holdsFlat(box, node) {
  for (let n = node; n; n = flatParentElement(n)) {
    if (n === box) return true;
  }
  return false;
}

// Whether `el`, a box to act on without a role, is all that an item of `role` holds, an item
// with a ref and no name of its own: the snapshot shows the two as one line, the item's role
// with the box's name and ref (Kendo's calendar cell over the focusable day its title names:
// `gridcell "Tuesday, February 20, 2024"`), which a role target then finds by that name.
function isItemsOnlyBox(el, role) {
  const item = flatParentElement(el);
  if (!item || roleOf(item) !== role || !isInteractive(item, role) || accessibleName(item, role)) {
    return false;
  }
  const inside = flatChildren(item).filter((n) => nodeTypeOf(n) === ELEMENT_NODE);
  return inside.length === 1 && inside[0] === el;
}

// Role matches without those inside another match of the same name: the field a combobox
// draws around itself (Vuetify's) is that combobox, which the snapshot lists, not a second
// match. Nested matches of other names (a tree's items) all stay.
function outermostOfEachName(matches, role) {
  const memo = new Map();
  const names = new Map(matches.map((m) => [m.el, shownName(m.el, role, memo)]));
  // Whose name is its own (an author's, or its content's for a role named by it), not the text
  // of what it holds: page.snapshot shows the name on its line.
  const own = (el) => accessibleName(el, role) === names.get(el);
  const dropped = new Set();
  for (const m of matches) {
    for (let p = flatParentElement(m.el); p; p = flatParentElement(p)) {
      if (!names.has(p) || names.get(p) !== names.get(m.el)) continue;
      // The inner one names the outer only by its text (Tagify's box, focusable, around its
      // one tag "Python"): the inner one is what the name names.
      dropped.add(!own(p) && own(m.el) ? p : m.el);
    }
  }
  return matches.filter((m) => !dropped.has(m.el));
}

// The first visible element of this document (no iframes), or inside `scope` (an iframe's
// document's root, reached from here), that target input {css} | {text} | {role, name?}
// names, as a target resolves: exact text or name first, else containing it.
export function findFirst(input, scope = null) {
  const nodes = scope ? [scope] : [];
  const exact = readingPass(() => search(Object.assign({mode: "exact"}, input), nodes));
  if (exact.nodes && exact.nodes.length) return exact.nodes[0];
  if (input.css !== undefined || (input.role !== undefined && input.name === undefined)) return null;
  const contains = readingPass(() => search(Object.assign({mode: "contains"}, input), nodes));
  return contains.nodes && contains.nodes.length ? contains.nodes[0] : null;
}

// Whether `input` (a role target, as findFirst takes it) matches only what is drawn inside
// content the page hides from readers (aria-hidden), which a role target never acts on.
export function matchedOnlyAriaHidden(input) {
  if (input.role === undefined) return false;
  const modes = input.name === undefined ? ["exact"] : ["exact", "contains"];
  return modes.some((mode) =>
    readingPass(() => search(Object.assign({mode}, input), [])).data.hiddenByAria === true);
}

// With input.then (an operation's name), runs it with input.thenInput on the element found,
// in the same call, and keeps its data as data.then: the plugin then needs no second call.
// An operation that waits for the page (page.fill on a search box) is awaited.
async function thenOn(input, el, data) {
  if (input.then === undefined) return;
  const out = await OPS[input.then](Object.assign({next: input.next}, input.thenInput), [el]);
  data.then = out.data === undefined ? null : out.data;
  if (data.then && data.then.next !== undefined) data.next = data.then.next;
}

// input: {ref}. The named node (nodes[0]) if it is still in this document; else data.stale.
OPS.ref = async function (input) {
  const el = nodeOfRef(input.ref);
  if (!el) return {data: {stale: true}};
  const redrawn = redrawnSince(el);
  if (redrawn) return {data: {stale: true, redrawn}};
  const data = {stale: false};
  await thenOn(input, el, data);
  return {data, nodes: [el]};
};
