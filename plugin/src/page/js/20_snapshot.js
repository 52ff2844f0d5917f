// page.snapshot inside one document: one line per meaningful node, indented by depth,
//   - ROLE "NAME" [ref=eN] STATES
// Interactive elements get refs; headings, landmarks, lists, images with alt text and short
// text runs appear without one. Hidden nodes are left out (and, with viewport_only, what is
// off screen). Open shadow roots are walked as rendered; each visible iframe is a line whose
// content the plugin fills in from the iframe's own browsing context (data.frames gives the
// line after which it goes and its depth; windows the iframe's WindowProxy).

import {
  CELL_ROLES, ELEMENT_NODE, LIVE_ROLES, NAME_FROM_CONTENT, OPS, TEXT_NODE, TEXT_TAGS_SKIPPED,
  accessibleName, ariaHides, attrOf, authorName, clipAcrossOf, collapse, controlledIds, counterFrom,
  dataOf, defaultViewOf, drawnToggleOf, editableText, flatChildren, flatElements, flatParentElement,
  flatText, focusedElement, frameClip, hasAttr, holdsSlideBeside, inViewport, isBesideClip,
  isChecked, isClipped, isEditable, isHiddenSubtree, isInteractive, isLeftOut, isMovableSeparator,
  isNamedZeroSize, isParkedAway, isReadersOnly, isTurnedOff, isUnrendered, isVisible, localNameOf,
  matchesOf, nodeTypeOf, ownerDocumentOf, parentElementOf, passTextMemo, readingPass, rectOf, refOf,
  rememberShownText, roleOf, seenText, shownActiveOf, shownChildren, shownName, shownRegion,
  standInOf, standsApart, styleFacts, submenusOf, tagNameOf, textMatcher, toggleBeside, truncate
} from "./00_common.js";
import {isFrame} from "./10_find.js";

// Roles whose content is their name: their children are not listed.
const LEAF_ROLES = new Set(["button", "link", "textbox", "searchbox", "checkbox", "radio",
                            "switch", "slider", "spinbutton", "img", "heading", "option",
                            "menuitem", "menuitemcheckbox", "menuitemradio", "tab",
                            "progressbar", "meter", "separator", "combobox"]);
const MAX_NAME = 100;
// The elements editors write for bold and italic, by the ARIA role of <strong> and <em>
// (listEmphasis also lists an editor's headings, list items and links).
const EMPHASIS_ROLES = {b: "strong", strong: "strong", i: "emphasis", em: "emphasis"};
// A table row is named by its cells' text, " | " between cells, and lists only what its cells
// hold beyond text (a button, a link, a cell with a state): one line per plain row.
const MAX_ROW_NAME = 300;
const MAX_TEXT = 100;
const MAX_VALUE = 100;
// Elements that never render: a page of only these is empty, not still upgrading.
const UNRENDERED_TAGS = new Set(["script", "style", "template", "noscript", "link", "meta"]);

// A field's value as the outline shows it: its line breaks kept (a textarea's lines, an
// editor's paragraphs and code lines), each line's indentation kept and other runs of white
// space collapsed, blank lines left out.
function valueLines(text) {
  return text.split("\n")
      .map((line) => line.replace(/\s+$/, "").replace(/(\S)\s+/g, "$1 "))
      .filter(Boolean).join("\n");
}

function quoted(text, max) {
  return JSON.stringify(truncate(text, max));
}

// Items chosen from a list or menu, which a checkbox inside may mark.
const CHOICE_ROLES = new Set(["menuitem", "option", "treeitem"]);

// Tags whose elements have the disabled, required or readOnly properties (other elements have
// none of them).
const DISABLED_TAGS = new Set(["button", "fieldset", "input", "link", "optgroup", "option",
                               "select", "style", "textarea"]);
const REQUIRED_TAGS = new Set(["input", "select", "textarea"]);
// Inputs that hold no text a snapshot would show as their value.
const NO_TEXT_INPUT_TYPES = new Set(["checkbox", "radio", "button", "submit", "reset", "image",
                                     "file", "hidden"]);

// How deep inside a table of editable content `editable` element `el` is listed (listEmphasis):
// one level for each table, row and cell around it there, and one more inside a cell; a table,
// row or cell itself at the level of what holds it.
function editorTableDepth(el, editable) {
  let levels = 0;
  for (let p = parentElementOf(el); p && p !== editable; p = parentElementOf(p)) {
    if (EDITOR_TABLE_TAGS.has(localNameOf(p))) ++levels;
  }
  return levels;
}
const EDITOR_TABLE_TAGS = new Set(["table", "tr", "td", "th"]);

// What a menu item holds that is listed below it: its open submenus, else the controls of an
// item that is a small form (a table's filter by value: a search box, a checkbox per value, OK
// and Cancel), each with its own ref and state. One checkbox or radio button in an item only
// marks it (statesOf): none.
function menuItemParts(item) {
  const submenus = submenusOf(item);
  if (submenus.length) return submenus;
  const controls = flatElements(item).filter(
      (el) => el !== item && FORM_PART_ROLES.has(roleOf(el)) && isVisible(el));
  const marks = controls.length === 1 && MARK_ROLES.has(roleOf(controls[0]));
  return marks ? [] : controls;
}
const FORM_PART_ROLES = new Set(["button", "checkbox", "radio", "switch", "textbox", "searchbox",
                                 "combobox", "listbox", "slider", "spinbutton"]);
const MARK_ROLES = new Set(["checkbox", "radio"]);

// The states a line shows after its name; `parts`: what a combobox that is no form field
// holds and shows (wrappedParts), left out of its value, or what a menu item lists below it.
function statesOf(el, role, parts) {
  const states = [];
  const aria = (name) => attrOf(el, name);
  const tag = localNameOf(el);
  if (role === "heading") {
    const level = aria("aria-level") || (/^h([1-6])$/.exec(tag) || [])[1];
    if (level) states.push("level=" + level);
  } else if (role === "treeitem") {
    // Where it sits in a tree the page draws flat (react-arborist's rows are siblings).
    const level = aria("aria-level");
    if (level) states.push("level=" + level);
  }
  // A tree item or an option that says it is checked (a tree of checkboxes, Syncfusion's) is.
  if (role === "checkbox" || role === "radio" || role === "switch" ||
      role === "menuitemcheckbox" || role === "menuitemradio" ||
      ((role === "treeitem" || role === "option") && hasAttr(el, "aria-checked"))) {
    // Mixed is neither checked nor not (Carbon's select-all box is checked and indeterminate;
    // Vuetify's tree says it of its native box only by aria-checked, drawing a minus box).
    if ((tag === "input" && el.indeterminate) || aria("aria-checked") === "mixed") {
      states.push("mixed");
    } else if (isChecked(el)) {
      states.push("checked");
    }
  }
  // A menu item or option drawn with a checkbox in it (a table's filter menu): the
  // checkbox's state is the item's, unless the item lists what it holds (menuItemParts).
  if (CHOICE_ROLES.has(role) && !hasAttr(el, "aria-checked") && !hasAttr(el, "aria-selected") &&
      parts.length === 0) {
    const box = el.querySelector("input[type=checkbox], input[type=radio], [role=checkbox]");
    if (box && isChecked(box)) {
      states.push("checked");
    }
  }
  if (aria("aria-pressed") === "true") states.push("pressed");
  if (aria("aria-selected") === "true" || (tag === "option" && el.selected)) {
    states.push("selected");
  }
  if (aria("aria-expanded") === "true") states.push("expanded");
  if (aria("aria-expanded") === "false") states.push("collapsed");
  // A details element shows as its summary, which opens and closes it.
  if (tag === "summary" && parentElementOf(el) &&
      localNameOf(parentElementOf(el)) === "details" && !hasAttr(el, "aria-expanded")) {
    states.push(parentElementOf(el).open ? "expanded" : "collapsed");
  }
  if (aria("aria-busy") === "true") states.push("busy");  // still loading: wait, then look
  const current = aria("aria-current");
  if (current && current !== "false") states.push("current");
  const sort = aria("aria-sort");
  if (sort === "ascending" || sort === "descending") states.push("sort=" + sort);
  if (role === "dialog" && (aria("aria-modal") === "true" ||
                            (tag === "dialog" && matchesOf(el, ":modal")))) {
    states.push("modal");
  }
  const drawnFor = drawnToggleOf(el);
  if ((DISABLED_TAGS.has(tag) && el.disabled) || aria("aria-disabled") === "true" ||
      (drawnFor && drawnFor.disabled) || isTurnedOff(el)) {
    states.push("disabled");
  }
  const field = REQUIRED_TAGS.has(tag);
  if ((field && el.required) || aria("aria-required") === "true") states.push("required");
  // Invalid as the page says (aria-invalid), or as the browser judged a field the user
  // filled in or tried to submit (its own message is a tooltip outside the page).
  const invalid = aria("aria-invalid");
  if ((invalid && invalid !== "false") || (field && matchesOf(el, ":user-invalid"))) {
    states.push("invalid");
  }
  if (field && el.readOnly && (role === "textbox" || role === "searchbox")) {
    states.push("readonly");
  }
  let value = null;
  const valueText = aria("aria-valuetext");
  const valueNow = aria("aria-valuenow");
  const separator = role === "separator" && isMovableSeparator(el);
  if ((role === "slider" || role === "spinbutton" || separator) && (valueText || valueNow)) {
    // What the page says it holds; its words (valuetext: "Medium") before the number. A
    // segment of a field that shows its words as text says them there (MUI's "AM" over
    // aria-valuenow 0).
    const words = !valueText && role === "spinbutton" && isEditable(el) ? editableText(el) : "";
    value = valueText || words || valueNow;
  } else if (role === "combobox" && (!("value" in el) || tag === "button")) {
    // No form field (a <button>'s value is no choice: Radix draws its select as one).
    value = customComboboxValue(el, parts);
  } else if (role === "textbox" || role === "searchbox" || role === "spinbutton" ||
             role === "slider" || role === "combobox" ||
             // A text field the page gives another role (Carbon's role="alert" number field).
             ((tag === "input" || tag === "textarea") && !NO_TEXT_INPUT_TYPES.has(el.type))) {
    if (tag === "select") {
      const option = el.selectedOptions && el.selectedOptions[0];
      value = option ? collapse(option.label || option.textContent) : "";
    } else if ("value" in el && tag !== "button") {
      value = el.type === "password" ? (el.value ? "••••" : "") : el.value;
    } else if (isEditable(el)) {
      value = editableText(el);
    }
  }
  const shown = value ? valueLines(value) : "";
  if (shown) states.push("value=" + quoted(shown, MAX_VALUE));
  // A slider's range (a splitter's), so that a model can tell where on its track a value lies.
  if (role === "slider" || separator) {
    const range = tag === "input" && el.type === "range";
    const min = aria("aria-valuemin") ?? (range ? el.min || "0" : null);
    const max = aria("aria-valuemax") ?? (range ? el.max || "100" : null);
    if (min !== null) states.push("min=" + min);
    if (max !== null) states.push("max=" + max);
  }
  if (role === "slider") {
    // Which way it moves, for a drag along it: as the page says, else as its box is drawn (a
    // colour picker's hue bar, taller than wide).
    const orientation = aria("aria-orientation");
    const box = rectOf(el);
    if (orientation === "vertical" || (orientation === null && box.height > 2 * box.width)) {
      states.push("vertical");
    }
  }
  return states;
}

// What a combobox that is no form field shows as chosen: while its list is closed, the
// selected options of the listbox it controls (aria-controls, aria-owns); else its own text
// outside `parts`. While the list is open, "selected" often marks the option the keys have
// reached (Select2 marks the first before anything was chosen), so the box's text says it.
export function customComboboxValue(el, parts) {
  if (attrOf(el, "aria-expanded") !== "true") {
    const root = el.getRootNode();
    for (const id of controlledIds(el)) {
      const popup = root.getElementById ? root.getElementById(id)
                                        : ownerDocumentOf(el).getElementById(id);
      // Every one chosen, for a list that takes several (Ariakit's multiple select).
      const chosen = popup ? popup.querySelectorAll('[role="option"][aria-selected="true"]') : [];
      if (chosen.length) {
        return Array.from(chosen, (option) => collapse(textForReaders(option))).join(", ");
      }
    }
  }
  // A box named by its own text (the placeholder it labels itself with) shows no value; one
  // whose label floats inside it (Material's select: "Plan Pro") shows what follows it.
  const text = collapse(textOutside(el, parts));
  const name = accessibleName(el, "combobox");
  if (text === name) return "";
  return name && text.startsWith(name + " ") ? text.slice(name.length + 1) : text;
}

// The text of `el` a reader is given, drawn or not (a closed list's option): its text without
// what it keeps from readers (aria-hidden: Ark's "✓" beside a chosen option).
function textForReaders(el) {
  let text = "";
  for (const node of el.childNodes) {
    if (nodeTypeOf(node) === TEXT_NODE) {
      text += node.data;
    } else if (nodeTypeOf(node) === ELEMENT_NODE && !ariaHides(node)) {
      text += textForReaders(node);
    }
  }
  return text;
}

// Roles of what a custom combobox may hold (an ARIA 1.0 combobox, as Choices.js writes it: a
// box that wraps its search field and its list of options).
const WRAPPED_ROLES = new Set(["textbox", "searchbox", "listbox", "option", "tree", "grid", "menu",
                               "button"]);

// The fields and lists a combobox that is no form field holds and shows: listed below its
// line (where a model types and picks), and not part of its value.
export function wrappedParts(el) {
  const tag = localNameOf(el);
  if (tag === "input" || tag === "select" || tag === "textarea") return [];
  return flatElements(el).filter((e) => e !== el && WRAPPED_ROLES.has(roleOf(e)) && isVisible(e));
}

// The text of `el` outside the elements `parts` (and what they hold).
function textOutside(el, parts) {
  if (parts.length === 0) return flatText(el);
  const holdsPart = (node) => parts.some((part) => part !== node && flatContains(node, part));
  let text = "";
  for (const child of flatChildren(el)) {
    if (parts.includes(child)) continue;
    text += " " + (holdsPart(child) ? textOutside(child, parts) : flatText(child));
  }
  return text;
}

// Whether `node` is `ancestor` or lies inside it in the flat tree.
function flatContains(ancestor, node) {
  for (let n = node; n; n = flatParentElement(n)) {
    if (n === ancestor) return true;
  }
  return false;
}

// Class and id names made of words joined by "-" or "_" ("flatpickr-next-month",
// "close_button"; a library's one-letter prefix before them, "n-tree-node-switcher"; words in
// camel case, "mantine-Modal-close"), 60 characters at most; what a build tool makes up
// (css-1x2y3z, sc-bdVaJa, :r1:) does not read so.
const HINT_WORD = "(?:[a-z]{2,}(?:[A-Z][a-z]{2,})*|(?:[A-Z][a-z]{2,})+)";
const HINT_WORDS = new RegExp("^(?:" + HINT_WORD + "|[a-z](?=[-_]))(?:[-_]+(?:" + HINT_WORD +
                              "|[0-9]{1,2}))*$");
// Words of layout and state classes that say nothing of what an element does: as the first
// word (past a prefix), or anywhere for a state ("mantine-focus-auto", on every button).
const HINT_SAYS_NOTHING = new Set([
  "flex", "grid", "block", "inline", "hidden", "items", "justify", "content", "self", "cursor",
  "text", "bg", "border", "rounded", "shadow", "font", "gap", "space", "absolute", "relative",
  "fixed", "sticky", "overflow", "opacity", "transition", "select", "pointer", "mt", "mb", "ml",
  "mr", "mx", "my", "pt", "pb", "pl", "pr", "px", "py", "min", "max", "top", "left", "right",
  "bottom", "inset", "col", "row", "container", "clearfix", "pull", "float", "btn", "icon",
  "active", "selected", "disabled", "show", "open", "clickable", "visible", "focus", "hover"]);
const HINT_STATES = new Set(["active", "selected", "disabled", "focus", "focused", "hover",
                             "visible", "auto"]);

function saysSomething(word) {
  if (word.length > 60 || !HINT_WORDS.test(word)) return false;
  const words = word.split(/[-_]+/);
  const first = words[0].length === 1 ? words[1] : words[0];  // past a library's prefix
  return !HINT_SAYS_NOTHING.has(first) && !words.some((w) => HINT_STATES.has(w));
}

// What a date picker says of a day by its class only, to a day that says nothing of it to
// readers (no aria-selected, aria-pressed or aria-current): "selected", "in range", "range
// start", "range end", from its own classes or its cell's (Air Datepicker's -selected- and
// -in-range-, flatpickr's selected and inRange, Pikaday's is-selected, jQuery UI's
// ui-state-active and ui-datepicker-current-day). Else a click on a day changed nothing the
// snapshot showed. Not "today": the page knows the date, and it moves.
const CALENDAR_CLASS = /calendar|date-?picker|flatpickr|pika-/i;
const DAY_CLASS_STATES = [
  [/(?:^|[-_])(?:range-?(?:from|start)|start-?range)(?:[-_]|$)|^startRange$/i, "range start"],
  [/(?:^|[-_])(?:range-?(?:to|end)|end-?range)(?:[-_]|$)|^endRange$/i, "range end"],
  [/(?:^|[-_])in-?range(?:[-_]|$)|^inRange$/i, "in range"],
  [/(?:^|[-_])(?:selected|active|current-day)(?:[-_]|$)/i, "selected"],
];

function dayStatesByClass(el) {
  if (["aria-selected", "aria-pressed", "aria-current"].some((name) => hasAttr(el, name))) {
    return [];
  }
  let calendar = false;
  for (let p = flatParentElement(el), level = 0; p && level < 6 && !calendar;
       p = flatParentElement(p), ++level) {
    calendar = CALENDAR_CLASS.test(attrOf(p, "class") || "");
  }
  if (!calendar) return [];
  const cell = flatParentElement(el);
  const classes = (attrOf(el, "class") || "").split(/\s+/);
  if (cell && (localNameOf(cell) === "td" || roleOf(cell) === "gridcell")) {
    classes.push(...(attrOf(cell, "class") || "").split(/\s+/));
  }
  const states = [];
  for (const name of classes) {
    const rule = DAY_CLASS_STATES.find(([pattern]) => pattern.test(name));
    if (rule && !states.includes(rule[1])) states.push(rule[1]);
  }
  // The ends of a range are in it.
  return states.includes("range start") || states.includes("range end")
      ? states.filter((state) => state !== "in range") : states;
}

// The data attributes a widget's own script reads to tell its controls apart where they share
// a class: a calendar's arrows (Mantine's data-direction), an editor's toolbar buttons
// (Editor.js's data-item-name).
const HINT_DATA = ["data-action", "data-item-name", "data-direction", "data-command",
                   "data-tool"];

// "#ID", '[data-date="YYYY-MM-DD"]', "[data-ATTR=VALUE]" (HINT_DATA) or ".CLASS" (the first
// that saysSomething), or null: each a CSS selector.
function hintOf(el) {
  const id = attrOf(el, "id");
  if (id && saysSomething(id)) return "#" + id;
  // A calendar's day cell that says its date there only (FullCalendar's week view).
  const date = attrOf(el, "data-date");
  if (date && /^\d{4}-\d{2}-\d{2}$/.test(date)) return "[data-date=\"" + date + "\"]";
  for (const name of HINT_DATA) {
    const value = attrOf(el, name);
    if (value && saysSomething(value)) return "[" + name + "=" + value + "]";
  }
  const classes = (attrOf(el, "class") || "").split(/\s+/);
  const word = classes.find(saysSomething);
  return word ? "." + word : null;
}

function namesItsParent(el) {
  switch (localNameOf(el)) {
    case "label": {
      // Only when the control is listed with that name: a label of a select a widget replaced
      // (and hid) is the only place its words show, and one around a control its author named
      // otherwise (Quasar's field: aria-label, and the label holds the chips of what was
      // chosen) is listed when it says more than that name.
      const control = el.control || toggleBeside(el);
      if (!control || !isVisible(control)) return false;
      if (!attrOf(control, "aria-label") && !attrOf(control, "aria-labelledby")) return true;
      return accessibleName(control, roleOf(control)).includes(collapse(flatText(el)));
    }
    case "legend": {
      const parent = parentElementOf(el);
      return !!parent && localNameOf(parent) === "fieldset" &&
             parent.querySelector(":scope > legend") === el;
    }
    case "caption": {
      const parent = parentElementOf(el);
      return !!parent && localNameOf(parent) === "table";
    }
    default:
      return false;
  }
}

// Whether the element is a label or holds one.
function holdsLabel(el) {
  return localNameOf(el) === "label" || !!el.querySelector("label");
}

// A reading pass (see readingPass): each node's style, box, role and text asked once.
OPS.snapshot = function (input, nodes) {
  return readingPass(() => outline(input, nodes));
};

function outline(input, nodes) {
  const counter = counterFrom(input);
  // page.find: which lines to report.
  let matcher = null;
  if (typeof input.match === "string") {
    try {
      matcher = textMatcher(input.match);
    } catch (e) {
      return {data: {error: {code: "invalid argument", message: e.message}, next: counter.next}};
    }
  }
  const base = input.depth || 0;
  const viewportOnly = !!input.viewport_only;
  const root = nodes.length ? nodes[0] : (document.body || document.documentElement);
  // With viewport_only: what of this document is on the top-level viewport (input.clip: the
  // part of an iframe's viewport its parents show).
  const shown = viewportOnly ? shownRegion(defaultViewOf(ownerDocumentOf(root)), input.clip)
                             : null;
  const records = [];
  const frames = [];
  const windows = [];
  const memo = passTextMemo();    // flat text per node, shared with the names
  const focused = focusedElement(ownerDocumentOf(root));
  const highlighted = shownActiveOf(focused);
  const meaningful = new Map();   // element -> has a line of its own or below it

  // The element standing apart (standsApart) that the walk is inside, if any: text lines are
  // joined only within one (compactLines).
  let apart = null;
  // The outline's lines as records, written out once compacted (compactLines).
  const emit = (depth, role, name, ref, states) => {
    const record = {depth, role, name, ref, states, apart};
    records.push(record);
    return record;
  };

  const hasLine = (el) => isFrame(el) || !!roleOf(el) || isInteractive(el, roleOf(el));
  const body = ownerDocumentOf(root).body;
  const apartOf = new Map();  // element -> standsApart
  const isApart = (el) => {
    let result = apartOf.get(el);
    if (result === undefined) {
      result = standsApart(el, body);
      apartOf.set(el, result);
    }
    return result;
  };
  // An element standing apart is walked into (not read as one text with what is around it),
  // so that its text keeps to itself.
  const isMeaningful = (el) => {
    if (meaningful.has(el)) return meaningful.get(el);
    const result = hasLine(el) || isApart(el) || hasMeaningfulChild(el);
    meaningful.set(el, result);
    return result;
  };

  // What is not rendered (a calendar event's resize handle, shown on hover) means nothing here.
  const hasMeaningfulChild = (el) => {
    const children = flatChildren(el);
    for (let i = 0; i < children.length; ++i) {
      const child = children[i];
      if (nodeTypeOf(child) === ELEMENT_NODE && !isHiddenSubtree(child) && isMeaningful(child)) {
        return true;
      }
    }
    return false;
  };

  const walkChildren = (el, depth, showText) => {
    const children = shownChildren(el);
    for (let i = 0; i < children.length; ++i) {
      const child = children[i];
      const type = nodeTypeOf(child);
      if (type === TEXT_NODE) {
        if (!showText) continue;
        const text = collapse(dataOf(child));
        if (text) emit(depth, "text", truncate(text, MAX_TEXT));
      } else if (type === ELEMENT_NODE) {
        walk(child, depth, showText);
      }
    }
  };

  // What editable content holds beyond its text, which its value does not show, a line each
  // in document order: its bold and italic runs as playwright's aria snapshot writes them
  // ("- strong: TEXT"), its list items ("- listitem: TEXT"), headings ("- heading "TEXT"
  // level=2") and links ("- link "TEXT""), as an editor's toolbar made them.
  // Its tables as a table of rows of cells, each cell with a ref (a click there puts the
  // caret in it), what is inside a cell below the cell. A part the editor lets no one edit
  // (contenteditable="false": Tagify's mention with its remove button, a widget) is listed as
  // the page outside is, its controls with refs.
  const listEmphasis = (editable, depth) => {
    let island = null;
    for (const el of flatElements(editable)) {
      if (island && island.contains(el)) continue;
      const tag = localNameOf(el);
      if (!isVisible(el)) continue;
      const level = depth + editorTableDepth(el, editable);
      if (attrOf(el, "contenteditable") === "false") {
        island = el;
        walk(el, level, true);
        continue;
      }
      if (tag === "table" || tag === "tr") {
        emit(level, tag === "table" ? "table" : "row", "");
        continue;
      }
      if (tag === "td" || tag === "th") {
        const role = tag === "th" ? "columnheader" : "cell";
        emit(level, role, truncate(collapse(flatText(el, memo)), MAX_TEXT), refOf(el, counter));
        continue;
      }
      const role = EMPHASIS_ROLES[tag];
      const heading = !role && /^h[1-6]$/.test(tag);
      if (!role && !heading && tag !== "li" && tag !== "a") continue;
      const text = collapse(flatText(el, memo));
      if (!text) continue;
      if (role || tag === "li") {
        emit(level, role || "listitem", truncate(text, MAX_TEXT)).plain = true;
      } else {
        emit(level, heading ? "heading" : "link", text, null, heading ? ["level=" + tag[1]] : []);
      }
    }
  };

  // Inside a box of a pixel that clips what it holds (visually hidden: only screen readers
  // read it, as a popover's "Dismiss" button): nothing is listed but a field a widget draws
  // (standInOf).
  let readersOnly = false;
  // Inside a box that clips its overflow across (a carousel's track): a slide wholly beside it
  // is out of sight, as a click finds it, and is left out with what it holds
  // (isBesideClip). {left, right} of the part that shows, or null.
  let clipAcross = null;
  const walk = (el, depth, showText) => {
    const outerClip = clipAcross;
    if (clipAcross && isBesideClip(el, clipAcross)) return;
    clipAcross = clipAcrossOf(el, clipAcross);
    const hides = !readersOnly && isReadersOnly(el);
    if (hides) readersOnly = true;
    try {
      if (!isApart(el)) {
        walkElement(el, depth, showText);
        return;
      }
      const outer = apart;
      apart = el;
      try {
        walkElement(el, depth, showText);
      } finally {
        apart = outer;
      }
    } finally {
      if (hides) readersOnly = false;
      clipAcross = outerClip;
    }
  };

  const walkElement = (el, depth, showText) => {
    // Inert content, closed popups, replaced selects: as good as absent (isLeftOut).
    if (TEXT_TAGS_SKIPPED.has(tagNameOf(el)) || isHiddenSubtree(el) || isLeftOut(el)) return;
    const style = styleFacts(el);
    const contents = style.display === "contents";
    // No box at all (e.g. the content of a closed <details>): nothing below is rendered.
    if (isUnrendered(el, style)) return;
    const rect = contents ? null : rectOf(el);
    const zeroNamed = !contents && (rect.width <= 0 || rect.height <= 0) && isNamedZeroSize(el);
    if (!contents && isParkedAway(el)) return;
    const sized = contents || (rect.width > 0 && rect.height > 0) || zeroNamed ||
        !!standInOf(el);
    if (!sized && isClipped(el)) return;
    const visible = style.visibility !== "hidden" && style.visibility !== "collapse";
    // With viewport_only an element off screen is not listed, nor its own text; its
    // descendants are still walked (a fixed or overflowing one can be on screen).
    const offscreen = viewportOnly && !contents && sized && el !== root && !inViewport(el, shown);
    const seen = visible && sized && !offscreen && (!readersOnly || !!standInOf(el));
    const role = roleOf(el);
    const interactive = isInteractive(el, role);
    if (isFrame(el)) {
      if (!seen) return;
      const line = emit(depth, "iframe", accessibleName(el, "iframe"),
                        interactive ? refOf(el, counter) : null);
      // With viewport_only, its content is judged against the part of its viewport that is
      // on screen (clip); none on screen, none listed.
      const clip = viewportOnly ? frameClip(el, shown) : null;
      if (el.contentWindow && (!viewportOnly || clip)) {
        frames.push(clip ? {after: line, depth: depth + 1, clip}
                         : {after: line, depth: depth + 1});
        windows.push(el.contentWindow);
      }
      return;
    }
    // A label's, legend's or caption's text names its control, group or table: not listed
    // again.
    const textShown = showText && visible && !offscreen && !readersOnly && !namesItsParent(el);
    if (!seen || (!role && !interactive)) {
      // A box that holds a carousel's slide out of sight has its text read child by child.
      const slides = clipAcross !== null && holdsSlideBeside(el, clipAcross);
      if (!seen || isMeaningful(el) || slides) {
        walkChildren(el, depth, textShown);
      } else if (textShown) {
        const text = collapse(flatText(el, memo));
        if (!text) return;
        const line = emit(depth, "text", truncate(text, MAX_TEXT));
        // A label's text is a line of its own, not joined to the text before it (the
        // placeholder drawn in the field above) or after it.
        if (holdsLabel(el)) line.apart = el;
      }
      return;
    }
    // What a combobox that is no form field holds and shows (listed below it; not its value).
    // An open menu item's submenu, or the controls of one that is a small form: listed below
    // it.
    const parts = role === "combobox" ? wrappedParts(el)
                : role === "menuitem" ? menuItemParts(el) : [];
    const states = statesOf(el, role, parts);
    if (interactive) states.push(...dayStatesByClass(el));
    if (el === focused || el === highlighted) states.unshift("[active]");
    // A plain cell of a row: its text is in the row's name; what it holds beyond text is
    // listed where the cell would have been.
    if (CELL_ROLES.has(role) && !interactive && states.length === 0 && !authorName(el)) {
      const parent = flatParentElement(el);
      if (parent && roleOf(parent) === "row") {
        walkChildren(el, depth, false);
        return;
      }
    }
    const shownRole = role || "generic";
    const leaf = LEAF_ROLES.has(shownRole) && parts.length === 0;
    let below = !leaf;
    let name = shownRole === "row" ? shownName(el, "row", memo) : accessibleName(el, shownRole);
    // Only text inside (a list item or cell of plain text): the text is its name, unless an
    // author's name stands in for it.
    if (!leaf && (!name || NAME_FROM_CONTENT.has(shownRole)) && !hasMeaningfulChild(el)) {
      name = shownName(el, shownRole, memo);
      below = false;
    }
    if (zeroNamed) {
      name = name || shownName(el, shownRole, memo);
      // What it holds overflows its empty box: an alert's text is its name, the options of a
      // menu drawn out of an empty host (Material's select, as it opens) are listed below it.
      below = below && hasMeaningfulChild(el);
    }
    // An author's name that already says what the text inside says (a calendar's day
    // "March 14, 2026" over "14"): the text is not listed again.
    if (below && name && !hasMeaningfulChild(el)) {
      const text = collapse(flatText(el, memo));
      if (text && name.includes(text)) below = false;
    }
    // A heading that is one link (a card's title) is one line, with the link's ref; a heading
    // holding other things a helper can act on lists them below it (an accordion's button,
    // whose role and expanded state the heading's line would hide).
    let ref = interactive ? refOf(el, counter) : null;
    if (ref) rememberShownText(el, shownRole);
    if (shownRole === "heading" && !ref) {
      const inside = flatElements(el).filter((e) => e !== el && isInteractive(e, roleOf(e)));
      if (inside.length === 1 && roleOf(inside[0]) === "link" &&
          accessibleName(inside[0], "link") === name) {
        ref = refOf(inside[0], counter);
      } else if (inside.length) {
        below = true;
      }
    }
    // Something to act on with nothing to call it by (an icon's arrow, a calendar's header
    // cell drawn as an arrow): what its id or class says, so that a model can tell such
    // elements apart.
    if (ref && !name) {
      const hint = hintOf(el);
      if (hint) states.unshift(hint);
    }
    emit(depth, shownRole, name, ref, states);
    // A name its author gave in place of the words it shows (a calendar's button "Choose a
    // month" showing "Dec", a box "Price" showing its choice, a date picker's button named by
    // its <label for> showing the date): the words are a line below it. Not a one-character
    // glyph ("X" on a close button).
    const namedApart = hasAttr(el, "aria-label") || hasAttr(el, "aria-labelledby") ||
        (localNameOf(el) === "button" && el.labels && el.labels.length > 0);
    if (leaf && name && NAME_FROM_CONTENT.has(shownRole) && namedApart) {
      const shows = collapse(seenText(el));
      if (/[\p{L}\p{N}].*[\p{L}\p{N}]/u.test(shows) &&
          !name.toLowerCase().includes(shows.toLowerCase())) {
        emit(depth + 1, "text", truncate(shows, MAX_TEXT));
      }
    }
    if (leaf && isEditable(el)) {
      listEmphasis(el, depth + 1);
      return;
    }
    if (localNameOf(el) === "select") {
      for (const option of el.options) {
        emit(depth + 1, "option", collapse(option.label || option.textContent), null,
             option.selected ? ["selected"] : []);
      }
      return;
    }
    if (below) walkChildren(el, depth + 1, showText);
  };

  try {
    if (nodeTypeOf(root) === ELEMENT_NODE) {
      // A body that is itself a field (an editor's iframe: a contenteditable body) or has a
      // role of its own is a line; any other body only holds the page's lines.
      const bodyLine = root === document.body && (isEditable(root) || hasAttr(root, "role"));
      if ((root === document.body || root === document.documentElement) && !bodyLine) {
        walkChildren(root, base, true);
      } else {
        walk(root, base, true);
      }
    }
  } catch (e) {
    // Names given so far stay given: data.next still moves the plugin's counter past them, so
    // that no number names two nodes.
    return {data: {error: {code: "javascript error",
                           message: "the outline failed on this page: " + e},
                   next: counter.next}};
  }
  const kept = compactLines(records);
  const lines = kept.map(formatLine);
  for (const frame of frames) frame.after = kept.indexOf(frame.after);
  const data = {lines, frames, next: counter.next};
  if (matcher) data.matched = matchedLines(kept, matcher);
  // Elements that show nothing yet (components that upgrade a moment after the load event):
  // the plugin looks again before it calls the page empty.
  if (kept.length === 0) {
    data.unshown = flatElements(root).some(
        (el) => el !== root && !UNRENDERED_TAGS.has(localNameOf(el)));
  }
  return {data, windows};
}

// The words of a line's state that is a hint (hintOf), or null.
function hintWords(state) {
  if (state.startsWith("#") || state.startsWith(".")) return state.slice(1);
  const action = /^\[data-action=(.*)\]$/.exec(state);
  return action ? action[1] : null;
}

// The indices of the lines whose name, value (a field's value="...") or hint (an unnamed
// element's #id, [data-action] or .class) `matcher` finds its text in (matcher.contains: a plain text ignores
// case, a regex tests).
function matchedLines(records, matcher) {
  const matched = [];
  records.forEach((record, i) => {
    const states = record.states || [];
    const value = states.find((state) => state.startsWith("value="));
    // The hint's words, or the hint as the line shows it (".n-slider-handle-wrapper").
    const hint = states.find((state) => hintWords(state) !== null);
    if ((record.name && matcher.contains(record.name)) ||
        (value && matcher.contains(JSON.parse(value.slice(6)))) ||
        (hint && (matcher.contains(hintWords(hint)) || matcher.contains(hint)))) {
      matched.push(i);
    }
  });
  return matched;
}

function formatLine(record) {
  const {depth, role, name, ref, states} = record;
  if (record.plain) return "  ".repeat(depth) + "- " + role + ": " + name;
  let line = "  ".repeat(depth) + "- " + role;
  if (name) line += " " + quoted(name, role === "row" ? MAX_ROW_NAME : MAX_NAME);
  if (ref) line += " [ref=" + ref + "]";
  if (states && states.length) line += " " + states.join(" ");
  return line;
}

// Roles of the boxes a card is made of: a list item holding only one of these is the card.
const CARD_ROLES = new Set(["article", "group", "generic", "region"]);

// A line that says nothing of its own: no name, ref or state.
function bare(record) {
  return !record.name && !record.ref && !(record.states && record.states.length) &&
         !record.plain;
}

// What repeats in a page of cards, said once (DESIGN.md section 9: a 40-card shop page's whole
// snapshot under 7 KB): a list item that only holds a card is the card (one line, and one
// level less for all inside it); an item named only by a hint over its text's focusable box is
// one line (wrapsOneNamedBox); an image without a ref named as a line beside it (a product
// photo whose alt text is the product's title) is not listed again, nor a text that says again
// the name of the line it stands under (a chip titled "Food" over its text "Food"); and text
// runs one after the other at one level are one text line, when it stays within MAX_TEXT and
// neither stands apart from the other (a toast's message beside the page's text).
function compactLines(records) {
  const out = [];
  const dropped = [];  // depths of the list items dropped above the current line
  for (let i = 0; i < records.length; ++i) {
    const record = records[i];
    while (dropped.length && record.depth <= dropped[dropped.length - 1]) dropped.pop();
    if (isCardItem(records, i)) {
      dropped.push(record.depth);
      continue;
    }
    if (wrapsOneNamedBox(records, i)) {
      const box = records[++i];
      const role = box.role === "generic" ? record.role : box.role;
      Object.assign(record, {role, name: box.name, ref: box.ref, states: box.states});
    }
    record.depth -= dropped.length;
    const last = out[out.length - 1];
    if (record.role === "text" && last && last.role === "text" && last.depth === record.depth &&
        last.apart === record.apart && last.name.length + 1 + record.name.length <= MAX_TEXT) {
      last.name += " " + record.name;
      continue;
    }
    out.push(record);
  }
  const above = [];  // above[d]: the last line at depth d, the parent of a line at depth d + 1
  return out.filter((record, i) => {
    const parent = record.depth > 0 ? above[record.depth - 1] : null;
    above.length = record.depth;
    above.push(record);
    if (record.role === "img" && !record.ref && namedBeside(out, i)) return false;
    // A live region with nothing to say yet (a field's place for its messages).
    if (LIVE_ROLES.has(record.role) && !record.name && !record.ref &&
        !(record.states || []).length && !(out[i + 1] && out[i + 1].depth > record.depth)) {
      return false;
    }
    return !(record.role === "text" && parent && parent.name === record.name);
  });
}

// Whether line `i` is something to act on with nothing to call it by but a hint, whose one
// line below is a named box with a ref and nothing under it: a menu item whose text sits in a
// focusable wrapper (jQuery UI's `listitem .ui-menu-item` over `generic "Java"`). One line says
// both: the item's role, the box's name, ref and states. A role-less wrapper over a named line
// of a role (Material's option element, focusable, over the `option` inside it) is that line.
function wrapsOneNamedBox(records, i) {
  const outer = records[i];
  const box = records[i + 1];
  if (!outer.ref || outer.name || outer.plain || !box || box.depth !== outer.depth + 1 ||
      !(outer.states || []).every((state) => hintWords(state) !== null)) {
    return false;
  }
  if (!box.name || !box.ref || box.plain) return false;
  if (box.role !== "generic" && outer.role !== "generic") return false;
  const next = records[i + 2];
  return !next || next.depth <= outer.depth;
}

// Whether line `i` is a bare list item with one line below it, itself a bare card box.
function isCardItem(records, i) {
  const item = records[i];
  const card = records[i + 1];
  if (item.role !== "listitem" || !bare(item) || !card || card.depth !== item.depth + 1 ||
      !CARD_ROLES.has(card.role) || !bare(card)) {
    return false;
  }
  for (let k = i + 2; k < records.length && records[k].depth > item.depth; ++k) {
    if (records[k].depth === card.depth) return false;  // a second line below the item
  }
  return true;
}

// Whether another line at the same level under the same parent as line `i` has its name.
function namedBeside(lines, i) {
  const {depth, name} = lines[i];
  if (!name) return false;
  for (const step of [-1, 1]) {
    for (let k = i + step; k >= 0 && k < lines.length && lines[k].depth >= depth; k += step) {
      if (lines[k].depth === depth && lines[k].name === name && lines[k] !== lines[i]) return true;
    }
  }
  return false;
}

// input: {clip} (as for snapshot). For each iframe of this document with a window, in
// document order: the part of its viewport the top-level viewport shows (frameClip), or null;
// windows: their WindowProxies. The plugin measures an iframe root's clip down its parents.
OPS.frameClips = function (input) {
  return readingPass(() => {
    const shown = shownRegion(window, input.clip);
    const clips = [];
    const windows = [];
    for (const el of flatElements(document.documentElement)) {
      if (!isFrame(el) || !el.contentWindow) continue;
      clips.push(frameClip(el, shown));
      windows.push(el.contentWindow);
    }
    return {data: {clips}, windows};
  });
};
