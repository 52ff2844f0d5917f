// Shared by every operation. Each file here is a module (import/export), linked in name order
// into one function run in the "firefox_bidi" sandbox realm (see js_library.h); OPS holds the
// operations, each declared in ../operations.json. Each operation takes (input, nodes) and
// returns {data, nodes, windows}; input.next is the number the next new ref name gets, and an
// operation that gives names returns data.next.

// The operations, by name (declared in ../operations.json).
export const OPS = {};

// Ref names live with their document: node -> name and name -> WeakRef(node).
const REFS = globalThis.__firefoxBidiRefs ||
    (globalThis.__firefoxBidiRefs = {names: new WeakMap(), nodes: new Map()});
// The text an item of a list or grid showed when the snapshot listed it with its ref
// (rememberShownText).
REFS.shown = REFS.shown || new WeakMap();

// Roles of the items a list, tree or grid may draw anew in the same elements: a grid that
// reuses its row elements as it scrolls or sorts shows another row in the element a ref names.
const REUSED_ROLES = new Set(["row", "gridcell", "cell", "rowheader", "option", "treeitem"]);

// Controls of an item whose text the user may change (a row's status picked in its combobox
// as the row is edited): what they hold is no part of what the item shows (itemText), the
// row being still the same row.
const ITEM_CONTROLS = '[role="combobox"], [role="textbox"], [role="spinbutton"], ' +
    '[contenteditable=""], [contenteditable="true"]';

// What an item shows, without what its controls hold (ITEM_CONTROLS): its text, or, when it
// holds none of its own, what is slotted into its shadow root's cells (vaadin-grid's rows
// draw their cells' content so); truncated.
export function itemText(el) {
  if (!(el.textContent || "").trim()) return truncate(collapse(seenText(el)), 200);
  // A tree's item holds the items of its branch once it is expanded: they are no part of what
  // it shows (DevExtreme's tree, its item "Phones" showing "Android" and "iPhone" below).
  const tree = roleOf(el) === "treeitem";
  if (!el.querySelector(tree ? ITEM_CONTROLS + ", " + ITEM_BRANCH : ITEM_CONTROLS)) {
    return truncate(collapse(el.textContent || ""), 200);
  }
  let text = "";
  const walker = ownerDocumentOf(el).createTreeWalker(el, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = parentElementOf(node);
    const branch = tree && parent ? parent.closest(ITEM_BRANCH) : null;
    if (!parent || (!parent.closest(ITEM_CONTROLS) && (!branch || branch === el))) {
      text += node.data;
    }
  }
  return truncate(collapse(text), 200);
}
const ITEM_BRANCH = '[role="group"], [role="treeitem"]';

// Keeps what an item with a ref shows, so that a ref used later to an element the page has
// since filled with another item's content is known (redrawnSince); for a control inside a
// table's row (a row's checkbox or button), what that row shows: a table that draws its rows
// anew in the same elements after a sort moved the control to another row (Element Plus's).
export function rememberShownText(el, role) {
  const item = REUSED_ROLES.has(role) ? el : el.closest('tr, [role="row"]');
  if (!item) return;
  const key = itemKeyOf(item);
  // A row named by its place alone: what its cells show, to tell an edit from a sort.
  const row = key !== null && ITEM_PLACE_KEYS.has(key.slice(0, key.indexOf("="))) ?
      item.closest('tr, [role="row"]') : null;
  REFS.shown.set(el, {item, text: itemText(item), key, cells: row && cellTextsOf(row)});
}

// Attributes in which grids name the data row an element shows (AG Grid's row-id, a virtual
// list's data-index, aria-rowindex): the same value, the same row, whatever its text became.
const ITEM_KEY_ATTRIBUTES = ["row-id", "data-id", "data-key", "data-row-key", "data-index",
                             "aria-rowindex"];
// Those of them that name a place in the list, not the data shown there: a grid that sorts
// its rows in place (Handsontable's) shows another data row at the same aria-rowindex.
const ITEM_PLACE_KEYS = new Set(["data-index", "aria-rowindex"]);

// Read once a pass: the snapshot remembers every cell of a row.
function cellTextsOf(row) {
  return remembered("cells", row, () => Array.from(row.children, (cell) => itemText(cell)));
}

// Whether the row around remembered item `shown`, named by its place, now shows another data
// row: more than one of its cells shows other text (an edit changes one cell; a sort, all).
function otherRowInPlace(shown) {
  if (!shown.cells) return false;
  const row = shown.item.closest('tr, [role="row"]');
  if (!row) return true;
  const now = cellTextsOf(row);
  if (now.length !== shown.cells.length) return true;
  return now.filter((text, index) => text !== shown.cells[index]).length > 1;
}

// The row key of `item` or of the row that holds it (a cell's); null when it has none.
function itemKeyOf(item) {
  const row = item.closest('tr, [role="row"]') || item;
  for (const name of ITEM_KEY_ATTRIBUTES) {
    const value = attrOf(row, name);
    if (value !== null) return name + "=" + value;
  }
  return null;
}

// {was, now}: the text the item (or the row around the control) showed when its ref was given
// and the text it shows now, when they differ and it names no row key, or another one; null
// otherwise (a row edited in place keeps its key: AG Grid's after a cell edit; one keyed by its
// place alone keeps all but one of its cells' texts).
export function redrawnSince(el) {
  const shown = REFS.shown.get(el);
  if (shown === undefined) return null;
  const now = itemText(shown.item);
  // Emptied (its text gave way to a field editing it, as a grid's cell does) is no other item.
  if (now === shown.text || now === "") return null;
  if (shown.key !== null && itemKeyOf(shown.item) === shown.key && !otherRowInPlace(shown)) {
    return null;
  }
  return shown.item === el ? {was: shown.text, now} : {was: shown.text, now, row: true};
}

// A counter over input.next; the operation returns counter.next as data.next.
export function counterFrom(input) {
  return {next: input.next};
}

export function refOf(el, counter) {
  let name = REFS.names.get(el);
  if (name === undefined) {
    name = "e" + counter.next++;
    REFS.names.set(el, name);
    REFS.nodes.set(name, new WeakRef(el));
  }
  return name;
}

// The node a ref names in this document, or null once it is gone (removed, or the document
// is not the one the name was given in: Firefox's back-forward cache keeps old documents).
export function nodeOfRef(name) {
  const ref = REFS.nodes.get(name);
  const el = ref && ref.deref();
  if (!el || !el.isConnected || ownerDocumentOf(el) !== document) return null;
  return el;
}

// ---- Native DOM access ----
// Reading a property of a page node from this sandbox goes through the node's Xray wrapper,
// which looks the name up along the prototype chain on every read: about 0.7 µs, some 15
// times what calling the native getter itself costs. An outline reads tens of thousands of
// them, so the frequent ones are taken from the prototypes once and called directly (still
// the browser's own getters and methods: nothing the page's scripts define is seen).

// The getter of `name` on `proto` or up its chain; a plain read should no getter be found
// (a browser that moved or dropped it), so that the library still sets itself up.
function nativeGetter(proto, name) {
  for (let p = proto; p; p = Object.getPrototypeOf(p)) {
    const descriptor = Object.getOwnPropertyDescriptor(p, name);
    if (descriptor && descriptor.get) {
      const get = descriptor.get;
      return (node) => get.call(node);
    }
  }
  return (node) => node[name];
}

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;
export const DOCUMENT_NODE = 9;
const DOCUMENT_FRAGMENT_NODE = 11;
const HTML_NS = "http://www.w3.org/1999/xhtml";
export const SVG_NS = "http://www.w3.org/2000/svg";

export const nodeTypeOf = nativeGetter(Node.prototype, "nodeType");
export const parentNodeOf = nativeGetter(Node.prototype, "parentNode");
export const parentElementOf = nativeGetter(Node.prototype, "parentElement");
const firstChildOf = nativeGetter(Node.prototype, "firstChild");
const nextSiblingOf = nativeGetter(Node.prototype, "nextSibling");
export const ownerDocumentOf = nativeGetter(Node.prototype, "ownerDocument");
export const defaultViewOf = nativeGetter(Document.prototype, "defaultView");
export const dataOf = nativeGetter(CharacterData.prototype, "data");
const textSlotOf = nativeGetter(Text.prototype, "assignedSlot");
export const localNameOf = nativeGetter(Element.prototype, "localName");
export const tagNameOf = nativeGetter(Element.prototype, "tagName");
export const namespaceOf = nativeGetter(Element.prototype, "namespaceURI");
export const shadowRootOf = nativeGetter(Element.prototype, "shadowRoot");
const elementSlotOf = nativeGetter(Element.prototype, "assignedSlot");
const contentEditableOf = nativeGetter(HTMLElement.prototype, "isContentEditable");
const rectWidth = nativeGetter(DOMRectReadOnly.prototype, "width");
const rectHeight = nativeGetter(DOMRectReadOnly.prototype, "height");
const rectTop = nativeGetter(DOMRectReadOnly.prototype, "top");
const rectRight = nativeGetter(DOMRectReadOnly.prototype, "right");
const rectBottom = nativeGetter(DOMRectReadOnly.prototype, "bottom");
const rectLeft = nativeGetter(DOMRectReadOnly.prototype, "left");
// Method `name` of `proto` itself, as the browser defines it (undefined when it has none).
function nativeMethod(proto, name) {
  const descriptor = Object.getOwnPropertyDescriptor(proto, name);
  return descriptor ? descriptor.value : undefined;
}

const GET_ATTRIBUTE = nativeMethod(Element.prototype, "getAttribute");
const HAS_ATTRIBUTE = nativeMethod(Element.prototype, "hasAttribute");
const BOUNDING_RECT = nativeMethod(Element.prototype, "getBoundingClientRect");
const CHECK_VISIBILITY = nativeMethod(Element.prototype, "checkVisibility");
const MATCHES = nativeMethod(Element.prototype, "matches");
const PROPERTY_VALUE = nativeMethod(CSSStyleDeclaration.prototype, "getPropertyValue");

export function attrOf(el, name) {
  return GET_ATTRIBUTE.call(el, name);
}

export function hasAttr(el, name) {
  return HAS_ATTRIBUTE.call(el, name);
}

export function matchesOf(el, selector) {
  return MATCHES.call(el, selector);
}

// isContentEditable, which only HTML elements have.
export function isEditable(el) {
  return namespaceOf(el) === HTML_NS && contentEditableOf(el);
}

// The child nodes as an array.
function childList(node) {
  const out = [];
  for (let child = firstChildOf(node); child; child = nextSiblingOf(child)) out.push(child);
  return out;
}

// Runs of white space as one space, and no zero-width space or word joiner (a widget's
// placeholder for "empty", a line-break hint inside a word): text as a user reads it.
export function collapse(text) {
  return String(text).replace(/[\u200B\u2060]/g, "").replace(/\s+/g, " ").trim();
}

// What a text target, a name or page.waitFor's text looks for: "/PATTERN/FLAGS" is a regular
// expression tested against the collapsed text; anything else, white space collapsed, is
// compared (exact), looked for case-insensitively (contains, for targets) or as written
// (includes, for page.waitFor). Throws an Error naming the pattern when it is no valid
// regular expression.
export function textMatcher(value) {
  const regex = /^\/(.+)\/([a-z]*)$/s.exec(value);
  if (regex) {
    let re;
    try {
      // g and y would make test() remember where it stopped: one test is one question.
      re = new RegExp(regex[1], regex[2].replace(/[gy]/g, ""));
    } catch (e) {
      throw new Error(JSON.stringify(value) + " is no valid regular expression: " + e.message);
    }
    const test = (text) => re.test(text);
    const find = (text) => {
      const match = re.exec(text);
      return match ? {start: match.index, end: match.index + match[0].length} : null;
    };
    return {exact: test, contains: test, includes: test, find};
  }
  const needle = collapse(value);
  const lower = needle.toLowerCase();
  // Where in `text` the match lies, as contains() finds it: {start, end}, or null.
  const find = (text) => {
    const start = text.toLowerCase().indexOf(lower);
    return start < 0 ? null : {start, end: start + lower.length};
  };
  return {exact: (text) => text === needle, contains: (text) => text.toLowerCase().includes(lower),
          includes: (text) => text.includes(needle), find};
}

export function truncate(text, max) {
  if (text.length <= max) return text;  // no more code points than UTF-16 units
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max - 1).join("") + "…";
}

// What a pass that only reads the page learns once per node: computed style facts, boxes,
// flat children, roles, text. Set up by readingPass() for the length of one such pass (the
// page cannot change meanwhile: nothing in it runs page script or mutates the DOM); outside
// one, every question is asked afresh.
let PASS = null;

// compute(key, arg), remembered in the pass's table `name` while a pass runs.
function remembered(name, key, compute, arg) {
  if (!PASS) return compute(key, arg);
  const table = PASS[name];
  let value = table.get(key);
  if (value === undefined) table.set(key, value = compute(key, arg));
  return value;
}

// When the frame that runs an operation gives up (Date.now() past it; Infinity: never). A
// walk over a huge page stops there instead of keeping the page's process busy after its
// frame has failed, which would hold up the next call.
let DEADLINE = Infinity;
let deadlineTicks = 0;
// The message C++ recognises (page_context.cc) as the frame's time running out.
const DEADLINE_PASSED = "firefox_bidi: the frame's deadline passed";

function setDeadline(ms) {
  DEADLINE = typeof ms === "number" ? Date.now() + ms : Infinity;
  deadlineTicks = 0;
}

// Runs operation `op` on `input` (the call's JSON text) and the node arguments: [JSON text of
// its data, its nodes, its windows] (see js_library.h).
export async function runOperation(op, input, nodes) {
  const parsed = JSON.parse(input);
  setDeadline(parsed.deadline_ms);
  if (!Object.hasOwn(OPS, op)) throw new Error("no page operation " + op);
  const out = (await OPS[op](parsed, nodes)) || {};
  return [JSON.stringify(out.data === undefined ? null : out.data), out.nodes || [],
          out.windows || []];
}

// Called once per node a pass visits; looks at the clock every 256 nodes.
function checkDeadline() {
  if ((++deadlineTicks & 255) === 0 && Date.now() > DEADLINE) throw new Error(DEADLINE_PASSED);
}

// The flat text of nodes kept by the reading pass under way.
export function passTextMemo() {
  return PASS.text;
}

export function readingPass(fn) {
  const outer = PASS;
  PASS = {style: new Map(), rect: new Map(), rendered: new Map(), children: new Map(),
          role: new Map(), interactive: new Map(), text: new Map(), nameText: new Map(),
          leftOut: new Map(), collapsed: new Map(), modal: new Map(), cells: new Map(),
          ariaHiddenControl: new Map()};
  try {
    return fn();
  } finally {
    PASS = outer;
  }
}


export const TEXT_TAGS_SKIPPED = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "HEAD", "TITLE",
                                   "META", "LINK"]);

// Children in the rendered (flat) tree: an open shadow root's children instead of the
// host's, a slot's assigned nodes (or its fallback children).
export function flatChildren(node) {
  checkDeadline();
  return remembered("children", node, ownFlatChildren);
}

function ownFlatChildren(node) {
  if (nodeTypeOf(node) === ELEMENT_NODE) {
    const shadow = shadowRootOf(node);
    if (shadow) return childList(shadow);
    if (localNameOf(node) === "slot") {
      const assigned = node.assignedNodes({flatten: true});
      if (assigned.length) return assigned;
    }
  }
  return childList(node);
}

// The children of `node` in the flat tree as a reader meets them: when every element among
// them is placed by the page itself (absolutely positioned: a code editor's lines, each at its
// own top, which Monaco keeps out of document order; a grid's tiles), top to bottom, then left
// to right, without the blanks between them; else in document order.
export function shownChildren(node) {
  const children = flatChildren(node);
  if (children.length < 2) return children;
  const elements = [];
  for (const child of children) {
    if (nodeTypeOf(child) === ELEMENT_NODE) {
      // Read here, not in every element's style facts: most boxes stop at their first child.
      if (PROPERTY_VALUE.call(styleOf(child), "position") !== "absolute") return children;
      elements.push(child);
    } else if (nodeTypeOf(child) === TEXT_NODE && /\S/.test(dataOf(child))) {
      return children;
    }
  }
  return elements.length < 2 ? children : inShownOrder(elements);
}

// `elements` in the order they show: top to bottom, then left to right (tops in whole pixels).
export function inShownOrder(elements) {
  const boxes = new Map(elements.map((el) => [el, rectOf(el)]));
  return elements.slice().sort((a, b) =>
    Math.round(boxes.get(a).top) - Math.round(boxes.get(b).top) ||
    boxes.get(a).left - boxes.get(b).left);
}

// The ids of what `el` says it controls or owns (aria-controls, aria-owns: a field's list, a
// button's popup).
export function controlledIds(el) {
  return ((attrOf(el, "aria-controls") || "") + " " + (attrOf(el, "aria-owns") || ""))
      .split(/\s+/).filter(Boolean);
}

// `el` or its nearest ancestor in the flat tree (through the slots it is assigned to and the
// hosts of shadow roots) that matches `selector`, or null: Element.closest stops at a shadow
// root's edge.
export function flatClosest(el, selector) {
  for (let n = el; n; n = flatParentElement(n)) {
    if (nodeTypeOf(n) === ELEMENT_NODE && matchesOf(n, selector)) return n;
  }
  return null;
}

// Every element under `root` (itself included) in flat-tree order.
export function flatElements(root) {
  const out = [];
  const walk = (node) => {
    if (nodeTypeOf(node) === ELEMENT_NODE) out.push(node);
    const children = flatChildren(node);
    for (let i = 0; i < children.length; ++i) {
      if (nodeTypeOf(children[i]) === ELEMENT_NODE) walk(children[i]);
    }
  };
  walk(root);
  return out;
}

// Text of a subtree as rendered roughly (flat tree; hidden subtrees, text under
// visibility:hidden and what a zero-sized box clips away left out), for accessible names:
// aria-hidden text is left out too. Inline elements join without a space ("<b>Fra</b>nce"
// is "France"); a block stands apart from its neighbours. Not collapsed.
// `skip`: an element whose own text is left out (a control inside the label that names it).
export function flatText(node, memo, skip) {
  if (!memo && skip === undefined && PASS) memo = PASS.text;
  return subtreeText(node, memo, skip, "plain");
}

// The text a name from content is made of (accname): as flatText, but an element inside that
// its author named stands for its name (a calendar's "‹" in a span labelled "Previous
// month"). `skip` as flatText's.
export function nameText(node, skip) {
  return subtreeText(node, skip === undefined && PASS ? PASS.nameText : undefined, skip, "name");
}

// The text a reader sees, as page.text shows it: as flatText, with text under aria-hidden
// that is on screen included. Text targets and page.waitFor {text} match this. `memo`: a Map
// of its own (not flatText's).
export function seenText(node, memo) {
  return subtreeText(node, memo, undefined, "seen");
}

// Fields a name from content reads by their value, not by an author's name.
const FORM_FIELD_TAGS = new Set(["input", "select", "textarea"]);

// `mode`: "plain" (flatText), "name" (nameText) or "seen" (seenText). `top`: `node` is the one
// whose text is asked for, whose own left-out state (isLeftOut: the page made it inert) does
// not blank it, nor its own aria-label stand for it; such a value is not memoized, as it would
// be wrong for `node` inside another's text.
function subtreeText(node, memo, skip, mode, top = true) {
  // A tree item's name is its own label, not its children's: a tree item nested in it (its
  // group) is left out (Fluent's expanded "Documents" held "Reports Q1.xlsx ...").
  if (mode === "name" && !top && nodeTypeOf(node) === ELEMENT_NODE &&
      attrOf(node, "role") === "treeitem") {
    return "";
  }
  if (memo && memo.has(node)) return memo.get(node);
  const ariaHiddenShown = mode === "seen";
  let text = "";
  if (node === skip) return text;
  const type = nodeTypeOf(node);
  let ownLeftOut = false;
  let namedInside = "";
  if (type === TEXT_NODE) {
    const parent = flatParentElement(node);
    if (!parent || styleFacts(parent).visibility === "visible") text = dataOf(node);
  } else if (type === ELEMENT_NODE) {
    const tag = localNameOf(node);
    ownLeftOut = top && isLeftOut(node);
    namedInside = mode !== "name" || FORM_FIELD_TAGS.has(tag)
                      ? "" : collapse(attrOf(node, "aria-label") || "");
    if (TEXT_TAGS_SKIPPED.has(tagNameOf(node)) ||
        (ariaHiddenShown ? styleFacts(node).display === "none" : isHiddenSubtree(node)) ||
        isUnrendered(node) || isClipped(node) || (!top && isLeftOut(node))) {
      text = "";
    } else if (namedInside && !top) {
      text = " " + namedInside + " ";
    } else if (tag === "img" || (tag === "input" && node.type === "image")) {
      text = attrOf(node, "alt") || "";
    } else if (!ariaHiddenShown && attrOf(node, "role") === "img" && authorName(node)) {
      // An icon drawn as an image with a name ("filter", "star") is its name, as an <img>'s
      // alt is: a button of nothing but an icon is named by it. Not text a reader sees.
      text = " " + authorName(node) + " ";
    } else if (tag === "select") {
      // What it shows: the chosen option (not every option's text).
      const option = node.selectedOptions && node.selectedOptions[0];
      text = option ? " " + option.label + " " : "";
    } else if (tag === "textarea") {
      text = "";
    } else if (tag === "br") {
      text = " ";
    } else if (isInputButton(node)) {
      text = " " + inputButtonLabel(node) + " ";  // what the button shows
    } else {
      const children = shownChildren(node);
      const parts = [];
      for (let i = 0; i < children.length; ++i) {
        parts.push(subtreeText(children[i], memo, skip, mode, false));
      }
      text = parts.join("");
      if (isBlockLike(node)) text = " " + text + " ";
    }
  } else if (type === DOCUMENT_FRAGMENT_NODE) {
    text = flatChildren(node).map((c) => subtreeText(c, memo, skip, mode, false)).join("");
  }
  if (memo && !ownLeftOut && !(top && namedInside)) memo.set(node, text);
  return text;
}

// Not rendered at all: no box (an ancestor is display:none, or it is the content of a closed
// <details>, content-visibility:hidden ...). display:contents has no box of its own but its
// children may be rendered.
export function isUnrendered(el, style) {
  if ((style || styleFacts(el)).display === "contents") return false;
  let unrendered = PASS ? PASS.rendered.get(el) : undefined;
  if (unrendered === undefined) {
    unrendered = CHECK_VISIBILITY ? !CHECK_VISIBILITY.call(el) : el.getClientRects().length === 0;
    if (PASS) PASS.rendered.set(el, unrendered);
  }
  return unrendered;
}

export function isInputButton(el) {
  return localNameOf(el) === "input" && ["button", "submit", "reset"].includes(el.type);
}

export function inputButtonLabel(el) {
  return el.value || (el.type === "submit" ? "Submit" : el.type === "reset" ? "Reset" : "");
}

// A zero-sized element the page gave a role (a role attribute) and that has a name or text:
// a live region kept at zero height until it speaks (seen as a screen reader hears it, its
// line only: what it holds is clipped away), or a host its content overflows (a menu drawn
// out of an empty box). Listed, and found as a target. A zero-sized box that clips what it
// holds and is no live region (a list kept for screen readers beside the one drawn) is not.
export function isNamedZeroSize(el) {
  if (!hasAttr(el, "role") || !roleOf(el)) return false;
  const rect = rectOf(el);
  if (rect.width > 0 && rect.height > 0) return false;
  if (isClipped(el) && !isLiveRegion(el)) return false;
  return !!(authorName(el) || collapse(textInside(el)));
}

export const LIVE_ROLES = new Set(["alert", "status", "log", "marquee", "timer"]);

// What a screen reader reads out when it changes: a live role or aria-live.
function isLiveRegion(el) {
  const live = attrOf(el, "aria-live");
  return LIVE_ROLES.has(roleOf(el)) || live === "polite" || live === "assertive";
}

// The text of what `el` holds, its own box not considered (a zero-sized box clips it away).
function textInside(el, memo) {
  return flatChildren(el).map((child) => flatText(child, memo)).join("");
}

// A zero-sized box whose overflow is not visible: nothing in it is seen.
export function isClipped(el) {
  const style = styleFacts(el);
  if (style.display === "contents" || style.overflow === "visible") return false;
  const rect = rectOf(el);
  return (rect.width <= 0 || rect.height <= 0) && !isFrameForFixed(el);
}

// An open <dialog> of no size whose content is fixed in place (Lion's date picker lays its
// calendar out so): the viewport places that content, and no clip of the dialog's applies.
function isFrameForFixed(el) {
  if (localNameOf(el) !== "dialog" || !hasAttr(el, "open")) return false;
  const first = el.firstElementChild;
  return !!first && PROPERTY_VALUE.call(styleOf(first), "position") === "fixed";
}

// The "visually hidden" box of what only screen readers read (a popover's "Dismiss" button):
// a pixel across, its overflow not visible. Not seen, though its words are part of the names
// around it (an icon button's "Close"), as a screen reader reads them. A live region's words
// are read out as news: it is not one.
export function isReadersOnly(el) {
  const style = styleFacts(el);
  if (style.display === "contents" || style.overflow === "visible" || isLiveRegion(el)) {
    return false;
  }
  const rect = rectOf(el);
  return rect.width <= 1 && rect.height <= 1 && !isFrameForFixed(el);
}

// Fixed in place wholly beyond the viewport's top or left edge, where no scrolling brings it
// (a field parked at -1000px to take pasted text, as Toast UI's clipboard): no user sees it.
// A box of no size at the top-left corner is no such place: a portal's fixed 0×0 holder
// places what it holds anywhere on screen (Spectrum's overlays, SurveyJS's popups).
export function isParkedAway(el) {
  // Not the page's root or body: a dialog's scroll lock fixes them in place, moved up by as
  // far as the page was scrolled (Vuetify's), and they still show the page.
  const doc = ownerDocumentOf(el);
  if (el === doc.documentElement || el === doc.body) return false;
  const rect = rectOf(el);
  const beyond = rect.right < 0 || rect.bottom < 0 ||
      (rect.width > 0 && rect.height > 0 && (rect.right <= 0 || rect.bottom <= 0));
  return beyond && PROPERTY_VALUE.call(styleOf(el), "position") === "fixed";
}

// The <dialog> of `doc` shown modally (showModal: everything outside it is inert), or null.
export function modalDialogOf(doc) {
  return doc.querySelector("dialog:modal");
}

// The field a widget takes its keys through while it draws its text elsewhere (a code editor's
// textarea in a box of a pixel or an invisible one, beside the lines it draws): the first in
// the closest ancestor of `node` that holds one; null when none. Such an editor takes its
// selection from the mouse, not from the document's selection.
export function keysFieldOf(node) {
  // A box of a few pixels (CodeMirror 5 clips its textarea in a 3 x 0 one).
  const tiny = (el) => {
    const box = rectOf(el);
    return box.width <= 4 || box.height <= 4;
  };
  let el = nodeTypeOf(node) === TEXT_NODE ? parentElementOf(node) : node;
  const body = ownerDocumentOf(node).body;
  const judged = new Set();  // each ancestor's textareas hold its child's, judged already
  for (; el && el !== body; el = parentElementOf(el)) {
    for (const field of el.querySelectorAll("textarea")) {
      if (judged.has(field)) continue;
      judged.add(field);
      // In a tiny box that clips it (not one it overflows: Excalidraw's text box, which shows
      // what is typed, grows out of a box of no size).
      const parent = parentElementOf(field);
      const hidden = tiny(field) || (tiny(parent) && styleFacts(parent).overflow !== "visible") ||
          defaultViewOf(ownerDocumentOf(field)).getComputedStyle(field).opacity === "0";
      if (hidden) return field;
    }
  }
  return null;
}

// The keys field (keysFieldOf) of the code editor that `el` is or lies in: the editor's box,
// at most 3 levels above the field, holds el (not a page's container that holds an editor
// among other things); null when el is no part of such an editor.
export function editorKeysFieldOf(el) {
  const field = keysFieldOf(el);
  let box = field;
  for (let level = 0; box && level < 3; ++level) {
    box = parentElementOf(box);
    if (box && box.contains(el)) return field;
  }
  return null;
}

// The box of the code editor whose keys field is `field`: the nearest of its three closest
// ancestors that shows text (its lines), else its parent.
export function editorBoxOf(field) {
  let box = parentElementOf(field);
  for (let level = 0, p = box; p && level < 3; ++level, p = parentElementOf(p)) {
    if (p.innerText.trim() !== "") return p;
  }
  return box;
}

// A short description of an element for messages: tag, then #id or .classes, then up to 60
// characters of its visible text in quotes. `div#overlay "Please wait"`.
export function describeElement(el) {
  const tag = localNameOf(el);
  let text = tag;
  if (el.id) {
    text += "#" + el.id;
  } else if (typeof el.className === "string" && el.className.trim() !== "") {
    text += "." + el.className.trim().split(/\s+/).join(".");
  }
  const content = FIELD_TAGS.has(tag) ? "" :
      (el.innerText || el.textContent || "").replace(/\s+/g, " ").trim();
  if (content !== "") text += ' "' + truncate(content, 60) + '"';
  return text;
}
const FIELD_TAGS = new Set(["select", "textarea", "input"]);

// The blocks an editor draws one line or paragraph of its text in.
const LINE_BLOCK_TAGS = new Set(["div", "p", "h1", "h2", "h3", "h4", "h5", "h6"]);

// The text a contenteditable element holds, its paragraphs and lines apart as they are drawn
// (innerText; an editor's lines drawn as blocks, one line each), without what an editor draws in it
// that is none of its text: a placeholder shown while it is empty (a box that takes no edits, out
// of the flow and of the pointer's way: Slate's) and the zero-width no-break spaces that anchor its
// caret.
export function editableText(el) {
  let text = el.innerText;
  // An editor that draws each line as a block of its own (CodeMirror's lines, ProseMirror's and
  // TipTap's paragraphs): its lines, each without the line break innerText gives the <br> that
  // holds an empty line open (a blank line read as two), and without the blank line innerText
  // puts between paragraphs set apart by a margin ("One.\n\nTwo." for two, where page.text
  // shows none).
  const lines = Array.from(el.children);
  if (lines.length > 1 && lines.every((line) => LINE_BLOCK_TAGS.has(localNameOf(line))) &&
      Array.from(el.childNodes).every((n) => nodeTypeOf(n) !== 3 || n.data.trim() === "")) {
    text = lines.map((line) => line.innerText.replace(/\n$/, "")).join("\n");
  }
  for (const drawn of el.querySelectorAll('[contenteditable="false"]')) {
    const style = styleOf(drawn);
    if (style.position === "absolute" && style.pointerEvents === "none") {
      text = text.replace(drawn.innerText, "");
    }
  }
  text = text.replace(/\uFEFF/g, "");
  return text.trim() === "" ? "" : text;
}

// Resolves after the next animation frame of window `win` and the tasks queued by then: what
// the page does once a frame (renders the rows in view, handles the last event, draws a
// model) is done.
export function nextFrame(win) {
  return new Promise((resolve) => win.requestAnimationFrame(() => setTimeout(resolve, 0)));
}

// The window last asked for a computed style and its getComputedStyle.
let styleView = null;
let styleFunction = null;

export function styleOf(el, pseudo) {
  const view = defaultViewOf(ownerDocumentOf(el));
  if (view !== styleView) {
    styleFunction = view.getComputedStyle;
    styleView = view;
  }
  return pseudo ? styleFunction.call(view, el, pseudo) : styleFunction.call(view, el);
}

// The words a style sheet draws in `el` itself, its ::before and ::after content: a string, or
// an attribute's value (attr(data-label)). Quill's heading picker draws its items' names so,
// and its link tooltip its "Edit" and "Save". Quoted strings only as CSS writes them (escapes
// such as \2014 are not decoded: they draw symbols, not words).
function generatedText(el) {
  let text = "";
  for (const pseudo of ["::before", "::after"]) {
    const content = PROPERTY_VALUE.call(styleOf(el, pseudo), "content");
    const quoted = /^"((?:[^"\\]|\\.)*)"$/.exec(content);
    const attribute = /^attr\(([\w-]+)\)$/.exec(content);
    if (quoted) text += " " + quoted[1].replace(/\\(.)/g, "$1");
    else if (attribute) text += " " + (attrOf(el, attribute[1]) || "");
  }
  // An icon font's glyph (a character of the private use area) says nothing.
  text = collapse(text.replace(/[\uE000-\uF8FF]/g, ""));
  return /[\p{L}\p{N}]/u.test(text) ? text : "";
}

// Whether the element stands apart from the page's flow of text: an aria-live region (a toast,
// a notice the page announces), or a box the body holds out of the flow (position fixed or
// absolute: a toast container, a popup). Its text is never joined to text around it.
// `body`: the element's document's body, which the caller has at hand.
export function standsApart(el, body) {
  const live = attrOf(el, "aria-live");
  if (live === "polite" || live === "assertive") return true;
  if (parentElementOf(el) !== body) return false;
  const position = PROPERTY_VALUE.call(styleOf(el), "position");
  return position === "fixed" || position === "absolute";
}

// The computed display, visibility, overflow and cursor (kept for the pass).
export function styleFacts(el) {
  let facts = PASS ? PASS.style.get(el) : undefined;
  if (facts === undefined) {
    const style = styleOf(el);
    facts = {display: PROPERTY_VALUE.call(style, "display"),
             visibility: PROPERTY_VALUE.call(style, "visibility"),
             overflow: PROPERTY_VALUE.call(style, "overflow"),
             cursor: PROPERTY_VALUE.call(style, "cursor")};
    if (PASS) PASS.style.set(el, facts);
  }
  return facts;
}

// The element's border box as a plain object (kept for the pass).
export function rectOf(el) {
  let box = PASS ? PASS.rect.get(el) : undefined;
  if (box === undefined) {
    const rect = BOUNDING_RECT.call(el);
    box = {width: rectWidth(rect), height: rectHeight(rect), top: rectTop(rect),
           right: rectRight(rect), bottom: rectBottom(rect), left: rectLeft(rect)};
    if (PASS) PASS.rect.set(el, box);
  }
  return box;
}

function isBlockLike(el) {
  const display = styleFacts(el).display;
  return display !== "inline" && display !== "contents" && display !== "inline-block";
}

// A subtree nobody sees: display:none, aria-hidden="true" (ariaHides), <template>, hidden
// attribute.
export function isHiddenSubtree(el) {
  if (ariaHides(el)) return true;
  return styleFacts(el).display === "none";
}

// Whether aria-hidden="true" on `el` hides it. Not on a control the page draws for the pointer
// and keeps from readers only (Ant Design's "x" on a tag, Handsontable's column menu button,
// Syncfusion's filter icon): a user sees and clicks it, so a model must find it too. What is
// marked aria-hidden inside such a control is hidden as ever.
export function ariaHides(el) {
  return attrOf(el, "aria-hidden") === "true" &&
         !remembered("ariaHiddenControl", el, isAriaHiddenControl);
}

// The nearest of `el` and its ancestors that aria-hidden hides (ariaHides), or null.
export function ariaHidingHolder(el) {
  for (let p = el.closest('[aria-hidden="true"]'); p;
       p = parentElementOf(p) && parentElementOf(p).closest('[aria-hidden="true"]')) {
    if (ariaHides(p)) return p;
  }
  return null;
}

// A control marked aria-hidden itself that a user sees and clicks: a button, a link or an
// element where a pointer cursor begins, drawn at more than a pixel, opaque and taking pointer
// events (a native field a widget keeps under itself for its form is none of that). Not one
// inside a combobox: its arrow (Vuetify's autocomplete's), which opens the list as a click on
// the combobox does. Not one behind a modal dialog the page shows (aria-modal), which marks
// the rest of the page so while it stands (SweetAlert2 marks each child of the body: a button
// there was listed, and a click on it found the dialog over it).
function isAriaHiddenControl(el) {
  const tag = localNameOf(el);
  // (Not an icon of isIconOfControlHolder: whether its parent holds a control asks whether
  // it is hidden.)
  const control = tag === "button" || (tag === "a" && hasAttr(el, "href")) ||
                  startsPointerCursor(el, false);
  if (!control || flatClosest(el, '[role="combobox"]') !== null) return false;
  // (Held in the modal across shadow roots: its own close button.)
  const heldBy = (modal) => {
    for (let n = el; n; n = parentNodeOf(n) || n.host) {
      if (n === modal) return true;
    }
    return false;
  };
  const modals = ownerDocumentOf(el).querySelectorAll('[aria-modal="true"]');
  if (Array.prototype.some.call(modals, (modal) => !heldBy(modal) &&
                                                   modal.getClientRects().length > 0)) {
    return false;
  }
  const rect = rectOf(el);
  const style = styleOf(el);
  return rect.width > 1 && rect.height > 1 && PROPERTY_VALUE.call(style, "opacity") !== "0" &&
         PROPERTY_VALUE.call(style, "pointer-events") !== "none";
}

// Whether a checkbox, radio button or switch is checked: an input's own state, unless the page
// says otherwise with aria-checked (Element Plus's switch keeps its input unchecked, the
// click that toggled it prevented, and says "true" there as it draws it on).
export function isChecked(el) {
  const toggle = drawnToggleOf(el);
  if (toggle) return toggle.checked;
  const aria = attrOf(el, "aria-checked");
  if (localNameOf(el) === "input" && (aria === null || aria === "mixed")) return el.checked;
  if (aria === null) {
    // A box with the role of a checkbox that says no state but holds the native one it draws
    // (PrimeReact's row checkbox): that one's state is its state.
    const inputs = el.querySelectorAll('input[type="checkbox"], input[type="radio"]');
    if (inputs.length === 1) return inputs[0].checked;
  }
  return aria === "true";
}

// The checkbox or radio button label `el` draws in its place: its control, an <input> the page
// hides outright (display: none), as Framework7's lists and CSS-only toggles do, drawing the box
// as the label's icon; a click on the label toggles it, and the label stands for it (roleOf):
// `checkbox "Audi" checked`. Null for any other element.
export function drawnToggleOf(el) {
  if (localNameOf(el) !== "label") return null;
  const control = el.control;
  if (!control || localNameOf(control) !== "input" ||
      (control.type !== "checkbox" && control.type !== "radio")) {
    return null;
  }
  return styleFacts(control).display === "none" ? control : null;
}

// What draws a field the user does not see: a checkbox or radio button kept at no size or
// clipped to a pixel (Element Plus keeps the input at 0×0, Chakra at 1×1, inside the label or
// box that draws it: the label around
// it, else a label of it, else the element holding it, whichever has a size), or a field kept
// for screen readers inside a box that clips it to a pixel (PrimeVue's multiselect: the
// nearest box above that one, the widget a user sees). A user sees and clicks that; null for
// any other element, or one without a box at all (display: none).
export function standInOf(el) {
  if (localNameOf(el) !== "input" || el.getClientRects().length === 0) return null;
  const rect = rectOf(el);
  const toggle = el.type === "checkbox" || el.type === "radio";
  const hider = hiddenByPixelBox(el);
  // A checkbox or radio button at no size, or clipped to a pixel itself (Chakra's); a
  // combobox's field a pixel wide or see-through, which takes the focus for the widget drawn
  // around it (Quasar's select).
  const unseen = rect.width <= 0 || rect.height <= 0 || (rect.width <= 1 && rect.height <= 1);
  const focusTarget = attrOf(el, "role") === "combobox" &&
      (rect.width <= 1 || rect.height <= 1 || PROPERTY_VALUE.call(styleOf(el), "opacity") === "0");
  if (!hider && !(toggle && unseen) && !focusTarget) return null;
  const drawn = (box) => {
    const r = rectOf(box);
    return r.width > 1 && r.height > 1 && isVisible(box);
  };
  if (toggle) {
    const around = el.closest("label");
    if (around && drawn(around)) return around;
    const labels = el.labels || [];
    for (let i = 0; i < labels.length; ++i) {
      if (drawn(labels[i])) return labels[i];
    }
  }
  const parent = flatParentElement(hider || el);
  if (focusTarget && !hider) {
    // The box a user clicks to open it: where the pointer cursor the field shows begins, up to
    // four levels up, which holds what the widget draws beside the field too (Ant Design's
    // chosen value, over its field's box once chosen).
    let box = parent;
    for (let level = 0; box && level < 4 && styleFacts(box).cursor === "pointer"; ++level) {
      const up = flatParentElement(box);
      if (!up || styleFacts(up).cursor !== "pointer") {
        if (drawn(box)) return box;
        break;
      }
      box = up;
    }
  }
  return parent && drawn(parent) ? parent : null;
}

// The parent or grandparent of `el` that clips it to a pixel or less (overflow hidden, at most
// 1×1: the "visually hidden" box of screen-reader-only content), or null.
export function hiddenByPixelBox(el) {
  let box = flatParentElement(el);
  for (let level = 0; box && level < 2; ++level, box = flatParentElement(box)) {
    const r = rectOf(box);
    if (styleFacts(box).overflow !== "visible" && r.width <= 1 && r.height <= 1) return box;
  }
  return null;
}

// The element itself is seen: not hidden, not visibility:hidden, not zero-sized, and no
// ancestor (in the flat tree) hides it with aria-hidden or clips it away with a zero-sized
// box whose overflow is not visible (display:none ancestors leave it without a box at all).
// ariaHiddenHides false: aria-hidden does not count (text a reader sees, as page.text).
export function isVisible(el, ariaHiddenHides = true) {
  if (ariaHiddenHides ? isHiddenSubtree(el) : styleFacts(el).display === "none") return false;
  const style = styleFacts(el);
  if (style.visibility === "hidden" || style.visibility === "collapse") return false;
  if (isUnrendered(el, style)) return false;
  // A field kept for screen readers that a widget draws (standInOf) is seen there.
  const standIn = standInOf(el);
  if (style.display !== "contents") {
    const rect = rectOf(el);
    if ((rect.width <= 0 || rect.height <= 0) && !isNamedZeroSize(el) && !standIn) {
      return false;
    }
    if (isParkedAway(el)) return false;
    if (!standIn && isReadersOnly(el)) return false;
  }
  if (isLeftOut(el)) return false;
  for (let p = flatParentElement(el); p; p = flatParentElement(p)) {
    if ((ariaHiddenHides && ariaHides(p)) || isLeftOut(p) ||
        isParkedAway(p) ||
        ((isClipped(p) || (isReadersOnly(p) && !standIn)) && !escapesClip(el, p))) {
      return false;
    }
  }
  return true;
}

// A text field a widget keeps out of sight in a holder folded to a pixel and drawn
// see-through (opacity 0): it takes keys for a widget that shows them elsewhere (a data grid's
// cell editor waiting, as Handsontable's), and what is typed there shows nowhere until the
// widget opens it. A field only see-through is no such (Material's text field shows its input
// once focused), nor a combobox's field folded so itself, which takes the focus for the
// widget drawn around it (Quasar's select); one in a folded holder is (Handsontable's dropdown
// cell editor, left there once it was used).
export function isSeeThroughTextField(el) {
  if (!isTextField(el)) return false;
  const combobox = attrOf(el, "role") === "combobox";
  for (let p = el; p; p = flatParentElement(p)) {
    if (PROPERTY_VALUE.call(styleOf(p), "opacity") !== "0" || (combobox && p === el)) continue;
    const box = rectOf(p);
    if (box.width <= 1 || box.height <= 1) return true;
  }
  return false;
}

// A <textarea>, or an <input> that takes text (page.snapshot's textbox, searchbox, spinbutton
// or combobox).
export function isTextField(el) {
  const tag = localNameOf(el);
  if (tag === "textarea") return true;
  if (tag !== "input") return false;
  const role = INPUT_ROLES[el.type];
  return !role || role === "textbox" || role === "searchbox" || role === "spinbutton";
}

// Whether `el` is drawn outside the clip of its ancestor `clipper`: it, or an element between,
// is fixed in place, and nothing from there up to the clipper holds fixed elements (a
// transform, a filter, contain), so the viewport places and clips it (a menu fixed in place
// inside a card that hides its overflow).
function escapesClip(el, clipper) {
  let fixed = false;
  for (let n = el; n && n !== clipper; n = flatParentElement(n)) {
    const style = styleOf(n);
    if (fixed && holdsFixed(style)) return false;
    if (PROPERTY_VALUE.call(style, "position") === "fixed") fixed = true;
  }
  return fixed && !holdsFixed(styleOf(clipper));
}

// Whether an element of computed `style` is what its fixed descendants are placed in.
export function holdsFixed(style) {
  return PROPERTY_VALUE.call(style, "transform") !== "none" ||
      PROPERTY_VALUE.call(style, "filter") !== "none" ||
      PROPERTY_VALUE.call(style, "perspective") !== "none" ||
      /paint|layout|strict|content/.test(PROPERTY_VALUE.call(style, "contain"));
}

// ---- Rendered, but not there for the user ----

// Roles of the popups a control opens.
const POPUP_ROLES = new Set(["listbox", "menu", "tree", "grid", "dialog", "tooltip"]);

// Left out of the snapshot, of targets and of text though rendered (DESIGN.md section 9,
// "State in the snapshot"): inert content (it can be neither focused nor clicked), a closed
// popup, and a native select that a custom widget stands in for. Its subtree goes with it.
export function isLeftOut(el) {
  return remembered("leftOut", el, ownIsLeftOut);
}

function ownIsLeftOut(el) {
  if (hasAttr(el, "inert") || outsideModal(el)) return true;
  const tag = localNameOf(el);
  if ((tag === "select" || (tag === "input" && REPLACEABLE_INPUT_TYPES.has(el.type))) &&
      isReplacedField(el)) {
    return true;
  }
  if (isSeeThroughTextField(el)) return true;
  // A popup has a role attribute (or is a dialog), or a control names it by its id.
  const role = hasAttr(el, "role") || tag === "dialog" ? roleOf(el) : null;
  const popup = !!role && POPUP_ROLES.has(role);
  const id = attrOf(el, "id");
  const controller = id ? collapsedControllers(el).get(id) : undefined;
  // A rendered control that says it is collapsed (aria-expanded="false") has its popup
  // closed, wherever the page parks it (off screen, behind another element), unless a popup
  // of its role is drawn on top in view all the same (Kendo's multiselect leaves its field
  // collapsed while its list is open; what else it controls, Select2's box its chosen value
  // shows in, stays left out). A control that is not rendered says nothing (a menu button of
  // the narrow layout, while the menu shows).
  if (controller && (popup || (attrOf(controller, "aria-haspopup") || "false") !== "false") &&
      styleFacts(controller).display !== "none" && !isUnrendered(controller) &&
      !(popup && drawnOnTop(el))) {
    return true;
  }
  // A popup faded out (opacity 0) is closed, whatever says so.
  return popup && PROPERTY_VALUE.call(styleOf(el), "opacity") === "0";
}

// Whether `el` is drawn on top where it stands: its middle in view, nothing from it up
// see-through (opacity 0), and what a pointer there would hit inside it.
function drawnOnTop(el) {
  const rect = rectOf(el);
  const view = defaultViewOf(ownerDocumentOf(el));
  const x = rect.left + rect.width / 2;
  const y = rect.top + rect.height / 2;
  if (rect.width <= 0 || rect.height <= 0 || x < 0 || y < 0 || x >= view.innerWidth ||
      y >= view.innerHeight) {
    return false;
  }
  for (let n = el; n; n = flatParentElement(n)) {
    if (PROPERTY_VALUE.call(styleOf(n), "opacity") === "0") return false;
  }
  const root = el.getRootNode();
  let hit = root.elementFromPoint ? root.elementFromPoint(x, y) : null;
  for (; hit; hit = flatParentElement(hit)) {
    if (hit === el) return true;
  }
  return false;
}

// Whether `el` lies outside the <dialog> its document shows modally (the browser makes all
// else inert) and holds no part of it.
export function outsideModal(el) {
  const doc = ownerDocumentOf(el);
  let modal = PASS ? PASS.modal.get(doc) : undefined;
  if (modal === undefined) {
    const dialog = modalDialogOf(doc);
    // The dialog and what holds it, across shadow roots.
    modal = dialog ? {dialog, chain: new Set()} : null;
    for (let n = dialog; n; n = parentNodeOf(n) || n.host) modal.chain.add(n);
    if (PASS) PASS.modal.set(doc, modal);
  }
  if (modal === null || modal.chain.has(el)) return false;
  for (let n = parentNodeOf(el) || el.host; n; n = parentNodeOf(n) || n.host) {
    if (modal.chain.has(n)) return n !== modal.dialog;
  }
  return true;
}

// The collapsed controls of `el`'s document or shadow root by the ids they control
// (aria-controls, aria-owns): Map id -> control.
function collapsedControllers(el) {
  const root = el.getRootNode();
  let controllers = PASS ? PASS.collapsed.get(root) : undefined;
  if (controllers === undefined) {
    controllers = new Map();
    const found = root.querySelectorAll ? root.querySelectorAll('[aria-expanded="false"]') : [];
    for (const control of found) {
      for (const id of controlledIds(control)) controllers.set(id, control);
    }
    if (PASS) PASS.collapsed.set(root, controllers);
  }
  return controllers;
}

// A native select or text field that a script replaced with a widget of its own (Select2, Tom
// Select, bootstrap-select; Choices.js hides its select outright, and keeps its text field
// transparent) stays in the page for its form, out of the tab order (tabindex -1) or of the
// accessibility tree (aria-hidden), and out of sight: shrunk to a pixel or less, clipped away,
// or transparent. A field a user can reach is never all of that (a transparent select laid
// over a styled box keeps its place in the tab order). Filled, such a field would hold what
// the widget never saw.
function isReplacedField(el) {
  const rect = rectOf(el);
  // A select at a pixel or less and see-through is seen by no one, in the tab order or not
  // (bootstrap-select keeps its select there, half a pixel wide, under its button).
  if (localNameOf(el) === "select" && (rect.width <= 1 || rect.height <= 1) &&
      PROPERTY_VALUE.call(styleOf(el), "opacity") === "0") {
    return true;
  }
  if (!(el.tabIndex < 0 || attrOf(el, "aria-hidden") === "true")) return false;
  if (rect.width <= 1 || rect.height <= 1) return true;
  const style = styleOf(el);
  const clip = PROPERTY_VALUE.call(style, "clip");
  if (PROPERTY_VALUE.call(style, "opacity") === "0") {
    // A see-through select laid over the words it stands for, the top of what a pointer hits
    // there, is what a user clicks (Pikaday's month and year selects over its title).
    return !(localNameOf(el) === "select" && hitAtMiddle(el));
  }
  return (!!clip && clip !== "auto") ||
         PROPERTY_VALUE.call(style, "clip-path").startsWith("inset(50%");
}

// Whether a pointer at the middle of `el` (in view) hits `el` itself.
function hitAtMiddle(el) {
  const rect = rectOf(el);
  const view = defaultViewOf(ownerDocumentOf(el));
  const x = rect.left + rect.width / 2;
  const y = rect.top + rect.height / 2;
  if (x < 0 || y < 0 || x >= view.innerWidth || y >= view.innerHeight) return false;
  const root = el.getRootNode();
  return !!root.elementFromPoint && root.elementFromPoint(x, y) === el;
}

// Input types that hold text a widget may stand in for (tags, a picked date kept as text).
const REPLACEABLE_INPUT_TYPES = new Set(["text", "search", "email", "url", "tel", "number",
                                          "date", "datetime-local", "month", "week", "time"]);

// The element above in the flat tree: a slotted node's slot, a shadow root's host.
export function flatParentElement(node) {
  const type = nodeTypeOf(node);
  const slot = type === ELEMENT_NODE ? elementSlotOf(node)
               : type === TEXT_NODE  ? textSlotOf(node)
                                     : null;  // only elements and text are slotted
  if (slot) return slot;
  const parent = parentNodeOf(node);
  if (!parent) return null;
  const parentType = nodeTypeOf(parent);
  if (parentType === DOCUMENT_FRAGMENT_NODE) return parent.host || null;
  return parentType === ELEMENT_NODE ? parent : null;
}

// The focused element of `doc` (inside open shadow roots), or null when nothing is. A
// document inside an iframe keeps its focused element when the focus leaves it; only a
// document that has the focus shows one.
export function focusedElement(doc) {
  if (defaultViewOf(doc) !== defaultViewOf(doc).top && !doc.hasFocus()) return null;
  let el = doc.activeElement;
  if (!el || el === doc.body || el === doc.documentElement) return null;
  for (let shadow = shadowRootOf(el); shadow && shadow.activeElement;
       shadow = shadowRootOf(el)) {
    el = shadow.activeElement;
  }
  return el;
}

// The part across that `el`'s box shows of what it holds, within `clip` (the part its
// ancestors show): its client box when its overflow across is hidden or clipped (not the
// page's root or body, whose overflow is the viewport's), else `clip`.
export function clipAcrossOf(el, clip) {
  const facts = styleFacts(el);
  const across = facts.overflow.split(" ")[0];
  if ((across !== "hidden" && across !== "clip") || facts.display === "contents") return clip;
  const doc = ownerDocumentOf(el);
  if (el === doc.documentElement || el === doc.body) return clip;
  // A box of a pixel (visually hidden: what only screen readers read) is no carousel's track:
  // what it holds is judged as such (isReadersOnly; a field a widget draws, standInOf).
  if (el.clientWidth <= 1) return clip;
  const left = rectOf(el).left + el.clientLeft;
  const shown = {left, right: left + el.clientWidth};
  return clip ? {left: Math.max(shown.left, clip.left), right: Math.min(shown.right, clip.right)}
              : shown;
}

// Whether `el` is a slide of a carousel that shows another: as wide as the part `clip`
// (clipAcrossOf) shows, and lying wholly beside it with what it holds (a track moved aside by
// a transform still shows the slide that overflows it). Narrower things beside a clip are
// left as they are: a grid's column headers beyond its header's box come into view as its
// rows scroll across. An element fixed in place is placed by the viewport, which no box clips.
export function isBesideClip(el, clip) {
  const rect = rectOf(el);
  if (rect.width < clip.right - clip.left - 2) return false;
  if (rect.right > clip.left && rect.left < clip.right) return false;
  if (styleFacts(el).overflow === "visible" && el.scrollWidth > el.clientWidth + 1) return false;
  return PROPERTY_VALUE.call(styleOf(el), "position") !== "fixed";
}

// Whether an element `el` holds is a slide beside `clip` (isBesideClip).
export function holdsSlideBeside(el, clip) {
  return flatChildren(el).some((child) => nodeTypeOf(child) === ELEMENT_NODE &&
                                          isBesideClip(child, clip));
}

// Whether any of the element's box lies in `shown` (see shownRegion).
export function inViewport(el, shown) {
  if (styleFacts(el).display === "contents") return true;
  const rect = rectOf(el);
  return rect.bottom > shown.top && rect.right > shown.left && rect.top < shown.bottom &&
         rect.left < shown.right;
}

// The width and height of window `win`'s viewport that content shows in: its scroll bars'
// strips are not (a point under one hits the scroll bar, which the page sees as its root).
export function viewSizeOf(win) {
  const visual = win.visualViewport;
  return {width: visual ? Math.min(win.innerWidth, visual.width) : win.innerWidth,
          height: visual ? Math.min(win.innerHeight, visual.height) : win.innerHeight};
}

// The part of this document's viewport that is on the screen, in its own coordinates
// ({left, top, right, bottom}): the whole viewport, cut to `clip` (the part of an iframe's
// viewport its parents show on the top-level viewport) when one is given.
export function shownRegion(view, clip) {
  const shown = {left: 0, top: 0, right: view.innerWidth, bottom: view.innerHeight};
  if (clip) {
    shown.left = Math.max(shown.left, clip.left);
    shown.top = Math.max(shown.top, clip.top);
    shown.right = Math.min(shown.right, clip.right);
    shown.bottom = Math.min(shown.bottom, clip.bottom);
  }
  return shown;
}

// The part of iframe `el`'s own viewport (its content box) that lies in `shown`, in the
// iframe document's coordinates; null when none does.
export function frameClip(el, shown) {
  const rect = rectOf(el);
  const style = styleOf(el);
  const pad = (side) => parseFloat(PROPERTY_VALUE.call(style, "padding-" + side)) || 0;
  const left = rect.left + el.clientLeft + pad("left");
  const top = rect.top + el.clientTop + pad("top");
  const right = left + el.clientWidth - pad("left") - pad("right");
  const bottom = top + el.clientHeight - pad("top") - pad("bottom");
  const clip = {left: Math.max(left, shown.left) - left, top: Math.max(top, shown.top) - top,
                right: Math.min(right, shown.right) - left,
                bottom: Math.min(bottom, shown.bottom) - top};
  return clip.right > clip.left && clip.bottom > clip.top ? clip : null;
}

// ---- Roles and names (a compact take on HTML-AAM and accname) ----

const INPUT_ROLES = {
  button: "button", submit: "button", reset: "button", image: "button", checkbox: "checkbox",
  radio: "radio", range: "slider", number: "spinbutton", search: "searchbox",
  email: "textbox", tel: "textbox", text: "textbox", url: "textbox", password: "textbox",
  date: "textbox", "datetime-local": "textbox", month: "textbox", time: "textbox",
  week: "textbox", color: "button", file: "button",
};

const LANDMARK_TAGS = {
  main: "main", nav: "navigation", aside: "complementary", article: "article",
  dialog: "dialog", ul: "list", ol: "list", menu: "list", li: "listitem", table: "table",
  tr: "row", td: "cell", th: "columnheader", textarea: "textbox", button: "button",
  option: "option", fieldset: "group", progress: "progressbar", meter: "meter",
  figure: "figure", summary: "button", hr: "separator", output: "status",
};

export function roleOf(el) {
  return remembered("role", el, ownRoleOf);
}

function ownRoleOf(el) {
  const attribute = attrOf(el, "role");
  const explicit = attribute ? attribute.trim().split(/\s+/)[0].toLowerCase() : "";
  if (explicit === "none" || explicit === "presentation") {
    // Presentational: no role, unless it can take focus (then the role stands, as ARIA says).
    if (!hasAttr(el, "tabindex") && !isNativelyFocusable(el)) return null;
  } else if (explicit === "menuitem" && isDrawnSeparator(el)) {
    return "separator";
  } else if (explicit && explicit !== "generic") {
    return explicit;
  }
  const tag = localNameOf(el);
  if (/^h[1-6]$/.test(tag)) return "heading";
  switch (tag) {
    case "a":
    case "area":
      return hasAttr(el, "href") ? "link" : null;
    case "input": {
      const type = el.type;
      if (type === "hidden") return null;
      const role = INPUT_ROLES[type] || "textbox";
      return role === "textbox" && hasAttr(el, "list") ? "combobox" : role;
    }
    case "select":
      return el.multiple || el.size > 1 ? "listbox" : "combobox";
    case "img":
      return attrOf(el, "alt") ? "img" : null;
    // Named only by their author (aria-labelledby, aria-label, title): asking accessibleName
    // here would ask roleOf again.
    case "form":
      return authorName(el) ? "form" : null;
    case "section":
      return authorName(el) ? "region" : null;
    case "header":
      return el.closest("article, aside, main, nav, section") ? null : "banner";
    case "footer":
      return el.closest("article, aside, main, nav, section") ? null : "contentinfo";
    case "iframe":
    case "frame":
      return "iframe";
    case "label": {
      const toggle = drawnToggleOf(el);
      return toggle ? INPUT_ROLES[toggle.type] : null;
    }
    default:
      if (LANDMARK_TAGS[tag]) return LANDMARK_TAGS[tag];
      // Marked selected or not, it is a choice (a library's drawn list items beside the
      // listbox it keeps for screen readers).
      if (hasAttr(el, "aria-selected")) return "option";
      // The editable root of contenteditable content is a text field.
      return isEditableRoot(el) ? "textbox" : null;
  }
}

// A menu item drawn as the line between groups of items (Handsontable's, named "---------"):
// its name holds no letter or digit and its box is at most two pixels high.
function isDrawnSeparator(el) {
  return !/[\p{L}\p{N}]/u.test(ariaName(el) + el.textContent) && rectOf(el).height <= 2;
}

// Editable, and not inside other editable content: the root of contenteditable content.
export function isEditableRoot(el) {
  if (!isEditable(el)) return false;
  const parent = parentElementOf(el);
  return !(parent && isEditable(parent));
}

function isNativelyFocusable(el) {
  const tag = localNameOf(el);
  if (tag === "a" || tag === "area") return hasAttr(el, "href");
  return ["button", "input", "select", "textarea", "iframe", "summary"].includes(tag);
}

export const NAME_FROM_CONTENT = new Set(["button", "link", "heading", "cell", "columnheader",
                                   "rowheader", "checkbox", "radio", "switch", "tab",
                                   "menuitem", "menuitemcheckbox", "menuitemradio", "option",
                                   "treeitem", "tooltip", "row"]);

export function idRefsText(el, attr) {
  const ids = (attrOf(el, attr) || "").split(/\s+/).filter(Boolean);
  const root = el.getRootNode();
  const parts = [];
  for (const id of ids) {
    const target = root.getElementById ? root.getElementById(id)
                                       : ownerDocumentOf(el).getElementById(id);
    // An element among its own labels is named there by its aria-label (accname: react-aria's
    // list is aria-labelledby itself and its field's label). A hidden element still names
    // what points at it: then its plain text.
    if (target === el && attrOf(el, "aria-label")) {
      parts.push(attrOf(el, "aria-label"));
    } else if (target) {
      parts.push(collapse(nameText(target)) || target.textContent || "");
    }
  }
  return collapse(parts.join(" "));
}

// The option (or other item) the focused element says the keys are on, aria-activedescendant:
// what Enter would choose in a combobox's list while the focus stays in its field.
export function activeDescendantOf(focused) {
  const id = focused ? attrOf(focused, "aria-activedescendant") : null;
  if (!id) return null;
  const root = focused.getRootNode();
  return root.getElementById ? root.getElementById(id) : null;
}

// The element the keys are on (activeDescendantOf) as the page draws it: an option of a list
// kept for screen readers only stands for the option of its name drawn beside that list
// (drawnListFor).
export function shownActiveOf(focused) {
  const active = activeDescendantOf(focused);
  if (!active || isVisible(active)) return active;
  const list = active.closest("[role=listbox]");
  const drawn = list && drawnListFor(list);
  if (!drawn) return null;
  const name = collapse(accessibleName(active, "option"));
  return drawnOptions(drawn).find((o) => collapse(accessibleName(o, "option")) === name) || null;
}

// For a list laid out at no size, kept for screen readers (rc-select's, which Ant Design's
// select names as its own, beside the options it draws as plain elements marked
// aria-selected): the nearest box around it, three levels up at most and below the body, that
// shows options outside it; null for a list that is drawn or not laid out, or none found.
export function drawnListFor(list) {
  // Laid out at no size: a list hidden outright (display: none) is no such stand-in.
  const rect = rectOf(list);
  if (list.getClientRects().length === 0 || (rect.width > 1 && rect.height > 1)) return null;
  const doc = ownerDocumentOf(list);
  let box = flatParentElement(list);
  for (let level = 0; box && level < 3; ++level, box = flatParentElement(box)) {
    if (box === doc.body || box === doc.documentElement) break;
    if (isVisible(box) && drawnOptions(box).length > 0) return box;
  }
  return null;
}

// Whether the page turned `el` off with no disabled attribute: it shows the pointer as not
// allowed where what holds it does not (Tempus Dominus's days out of range); or it is a
// control (a button, a link, an item) that takes no pointer events (Pikaday's days out of
// range) while nothing that holds it, up to three levels, takes input in its place, or while
// others like it (its tag and classes) in the table or list that holds them take pointer
// events. A click there reaches nothing that acts. A control whose holder takes the press (a
// row's drag handle, a custom element's host) is no such.
export function isTurnedOff(el) {
  const parent = flatParentElement(el);
  if (styleFacts(el).cursor === "not-allowed" &&
      !(parent && styleFacts(parent).cursor === "not-allowed")) {
    return true;
  }
  const takesNone = (n) => PROPERTY_VALUE.call(styleOf(n), "pointer-events") === "none";
  // Its own: not what it inherits (a modal turning off the page's body behind it); a control
  // (a toast's host lets the clicks through it to the page).
  if (!takesNone(el) || (parent && takesNone(parent)) || !OFF_CONTROL_ROLES.has(roleOf(el))) {
    return false;
  }
  // A field its label or its widget takes the press for (a custom checkbox's hidden box).
  if ((el.labels && el.labels.length > 0) || standInOf(el)) return false;
  // Drawn see-through too: shown, and given its pointer events, as the pointer comes over what
  // holds it (Naive UI's transfer list shows an item's remove button on the item's hover).
  if (PROPERTY_VALUE.call(styleOf(el), "opacity") === "0") return false;
  let held = false;
  for (let n = parent, level = 0; n && level < 3 && !held;
       n = flatParentElement(n), ++level) {
    // A custom element that draws the control in its shadow root takes the press there itself
    // (Ionic's segment button turns its inner button's pointer events off).
    held = isInteractive(n, roleOf(n)) || (localNameOf(n).includes("-") && !takesNone(n) &&
                                           shadowRootOf(n) !== null && shadowRootOf(n).contains(el));
  }
  if (!held) return true;
  const holder = el.closest("table, ul, ol, [role=grid], [role=listbox], [role=menu]");
  if (!holder) return false;
  const kind = localNameOf(el);
  const classes = attrOf(el, "class") || "";
  let looked = 0;
  for (const peer of holder.querySelectorAll(kind)) {
    if (peer === el || (attrOf(peer, "class") || "") !== classes) continue;
    if (!takesNone(peer)) return true;
    if (++looked >= OFF_PEERS_LOOKED_AT) break;
  }
  return false;
}

const OFF_PEERS_LOOKED_AT = 50;
const OFF_CONTROL_ROLES = new Set(["button", "link", "option", "gridcell", "menuitem", "tab",
                                   "checkbox", "radio", "switch", "treeitem"]);

// Whether `el` is a separator a user moves (a focusable one with a value: a splitter between
// panes), which holds and takes a value as a slider does.
export function isMovableSeparator(el) {
  return roleOf(el) === "separator" && hasAttr(el, "aria-valuenow") && el.tabIndex >= 0;
}

// The options shown inside `box` (its flat tree), in order.
export function drawnOptions(box, ariaHiddenHides = true) {
  return flatElements(box).filter((el) =>
      (roleOf(el) === "option" || localNameOf(el) === "option") && isVisible(el, ariaHiddenHides));
}

// The name an author gave: aria-labelledby, else aria-label, else title.
export function authorName(el) {
  return ariaName(el) || collapse(attrOf(el, "title") || "");
}

function ariaName(el) {
  if (hasAttr(el, "aria-labelledby")) {
    const text = idRefsText(el, "aria-labelledby");
    if (text) return text;
  }
  const label = attrOf(el, "aria-label");
  return label ? collapse(label) : "";
}

export function accessibleName(el, role) {
  const label = ariaName(el);
  if (label) return label;
  const tag = localNameOf(el);
  if (tag === "input" || tag === "textarea" || tag === "select" || tag === "meter" ||
      tag === "progress" || tag === "output") {
    if (isInputButton(el)) return collapse(inputButtonLabel(el));
    if (tag === "input" && el.type === "image") return collapse(el.alt || el.value || "");
    const labels = el.labels;
    const parts = [];
    // A label hidden from the accessibility tree still names its field (accname: as one
    // aria-labelledby points at): Headless UI's open combobox hides the rest of the page, its
    // label included, with aria-hidden and inert. Then its text as shown.
    for (let i = 0; labels && i < labels.length; ++i) {
      parts.push(nameText(labels[i], el) || subtreeText(labels[i], undefined, el, "seen"));
    }
    const text = collapse(parts.join(" ")) || hostLabelText(el) || besideLabelText(el);
    if (text) return text;
    const placeholder = collapse(attrOf(el, "placeholder") || "");
    if (placeholder) return placeholder;
    return collapse(attrOf(el, "title") || "");
  }
  // A button is labelable too (a switch drawn as a button, with a <label for> beside it).
  if (tag === "button" && el.labels && el.labels.length) {
    const text = collapse(Array.from(el.labels, (label) => nameText(label, el)).join(" "));
    if (text) return text;
  }
  if (tag === "img") return collapse(attrOf(el, "alt") || attrOf(el, "title") || "");
  if (tag === "fieldset") {
    const legend = el.querySelector(":scope > legend");
    if (legend) return collapse(nameText(legend));
  }
  if (tag === "table") {
    const caption = el.querySelector(":scope > caption");
    if (caption) return collapse(nameText(caption));
  }
  if (tag === "iframe" || tag === "frame") return collapse(attrOf(el, "title") || "");
  const shownRole = role || roleOf(el);
  // A combobox drawn around the combobox field it holds (Vuetify's select) is named as that
  // field.
  if (shownRole === "combobox") {
    const field = innerFieldOf(el);
    if (field) return accessibleName(field);
  }
  if (NAME_FROM_CONTENT.has(shownRole)) {
    // Its text (a menu item's without the submenu it holds open), else the words its style
    // sheet draws in it (generatedText).
    const submenu = shownRole === "menuitem" ? submenusOf(el)[0] : undefined;
    const text = collapse(nameText(el, submenu)) || generatedText(el);
    if (text) return text;
  }
  const title = attrOf(el, "title");
  return title ? collapse(title) : "";
}

// The open submenus a menu item holds (Kendo's menu nests each inside its item), the outermost
// only: listed below the item's line, and no part of its name.
export function submenusOf(item) {
  const menus = flatElements(item).filter((el) => el !== item && roleOf(el) === "menu" &&
                                                 isVisible(el));
  return menus.filter((menu) => !menus.some((other) => {
    for (let n = flatParentElement(menu); n && n !== item; n = flatParentElement(n)) {
      if (n === other) return true;
    }
    return false;
  }));
}

// The combobox field a combobox that is no form field draws around itself: the first <input>
// inside it, when that is a combobox too (Vuetify's select and autocomplete), or null. (A
// search box inside a combobox, as Choices.js and Select2 draw one, is a part of it, listed
// below it.)
export function innerFieldOf(el) {
  if ("value" in el || isEditable(el)) return null;
  const field = el.querySelector("input:not([type=hidden])");
  return field && roleOf(field) === "combobox" ? field : null;
}

// The text of the labels of the custom element whose shadow root holds field `el` (a <label>
// around the host, or for its id): a form-associated element's field is named by them
// (Material's checkbox inside "<label><md-checkbox></md-checkbox> Newsletter</label>").
function hostLabelText(el) {
  const host = el.getRootNode().host;
  if (!host) return "";
  const labels = [];
  const around = host.closest("label");
  if (around) labels.push(around);
  const id = attrOf(host, "id");
  const root = host.getRootNode();
  if (id && root.querySelectorAll) {
    for (const label of root.querySelectorAll("label[for]")) {
      if (attrOf(label, "for") === id && label !== around) labels.push(label);
    }
  }
  const parts = labels.filter((label) => label.control === host)
                      .map((label) => nameText(label, host));
  return collapse(parts.join(" "));
}

// The checkbox or radio button that label `label`, which labels no control (no `for`, none
// inside), stands beside as the only other element of its parent (Fomantic UI's
// `<div class="ui checkbox"><input type="checkbox"><label>Weekly</label></div>`, whose
// script turns a click on the label into one on the box); or null.
export function toggleBeside(label) {
  if (label.control) return null;
  const parent = parentElementOf(label);
  if (!parent || parent.childElementCount !== 2) return null;
  const other = parent.firstElementChild === label ? parent.lastElementChild
                                                   : parent.firstElementChild;
  return localNameOf(other) === "input" && TOGGLE_TYPES.has(other.type) && !other.labels.length
             ? other : null;
}
const TOGGLE_TYPES = new Set(["checkbox", "radio"]);

// The text of the label that stands beside checkbox or radio button `el` (toggleBeside).
function besideLabelText(el) {
  const parent = parentElementOf(el);
  if (!parent || parent.childElementCount !== 2) return "";
  for (const label of parent.children) {
    if (localNameOf(label) === "label" && toggleBeside(label) === el) {
      return collapse(nameText(label, el));
    }
  }
  return "";
}

export const CELL_ROLES = new Set(["cell", "gridcell", "columnheader", "rowheader"]);

// The name page.snapshot shows and a {role, name} target matches: the accessible name; a
// table row without an author's name is named by its cells' text, " | " between cells; an
// element with no name of its own (a list item of plain text) is named by its text.
export function shownName(el, role, memo) {
  if (role === "row" && !authorName(el)) {
    const cells = [];
    const children = flatChildren(el);
    for (let i = 0; i < children.length; ++i) {
      const child = children[i];
      if (nodeTypeOf(child) === ELEMENT_NODE && CELL_ROLES.has(roleOf(child))) {
        cells.push(collapse(flatText(child, memo)));
      }
    }
    if (cells.length) return cells.join(" | ");
  }
  return accessibleName(el, role) || collapse(flatText(el, memo)) ||
         (isNamedZeroSize(el) ? collapse(textInside(el, memo)) : "") ||
         // A control that shows no text but what its style sheet draws in it.
         (isInteractive(el, role === "generic" ? null : role) ? generatedText(el) : "");
}

const INTERACTIVE_ROLES = new Set(["button", "link", "checkbox", "radio", "switch", "textbox",
                                   "searchbox", "combobox", "listbox", "slider", "spinbutton",
                                   "tab", "menuitem", "menuitemcheckbox", "menuitemradio",
                                   "treeitem", "option", "gridcell"]);
// Elements that take input whatever role the page gives them.
const FORM_CONTROL_TAGS = new Set(["input", "textarea", "select", "button"]);

// Interactive elements get refs: links, buttons, form fields, interactive roles, a sortable
// column's header, a tabindex, contenteditable, draggable="true" (items of a sortable list: a
// script's listeners cannot be seen, the attribute can), a click handler in its attributes,
// and where a pointer, grab or move cursor begins (a date picker's month arrows, a card a
// script made clickable, a sortable list's items: the page's own sign that a click or drag
// does something).
export function isInteractive(el, role) {
  return remembered("interactive", el, ownIsInteractive, role);
}

function ownIsInteractive(el, role) {
  if (role && INTERACTIVE_ROLES.has(role)) {
    // An <option> inside a <select> is chosen through the select (page.fill).
    return !(localNameOf(el) === "option" && el.closest("select"));
  }
  // A header that says how its column sorts (aria-sort, "none" included) sorts it on a click,
  // unless a button inside it is what to click; a field inside it is the column's filter
  // (Tabulator's), no part of the sorting.
  if ((role === "columnheader" || role === "rowheader") && hasAttr(el, "aria-sort")) {
    return !holdsControl(el, true);
  }
  // A form control takes input whatever role the page gives it (Carbon's number field says
  // role="alert", its table's search box role="search").
  const tag = localNameOf(el);
  if (FORM_CONTROL_TAGS.has(tag) && !(tag === "input" && el.type === "hidden")) return true;
  return hasAttr(el, "tabindex") || isEditableRoot(el) || attrOf(el, "draggable") === "true" ||
         startsPointerCursor(el) || declaresClick(el) || namedAsButton(el);
}

// A custom element its author named a button (Onsen's ons-back-button, ons-fab: a floating
// action button) that draws no control inside: its own listeners take the click, and neither a
// role nor a cursor says so.
const BUTTON_ELEMENT_NAME = /-(button|fab)$/;

function namedAsButton(el) {
  return BUTTON_ELEMENT_NAME.test(localNameOf(el)) && !holdsControl(el);
}

// A click handler the page wrote in the element's attributes: an onclick, or jQuery UI's
// data-event="click" (its date picker's Prev and Next are <a> without href or cursor); not on
// a wrapper around a control, whose own ref takes the click.
function declaresClick(el) {
  return (hasAttr(el, "onclick") || attrOf(el, "data-event") === "click") && !holdsControl(el);
}

// A pointer says "click me"; grab and move say "drag me" (a sortable list's items), and so do
// the resize cursors (the gutter between two panes, a column's edge, a box's corner) and the
// crosshair (a diagram's connection handle, a drawing area).
const ACTION_CURSORS = new Set([
  "pointer", "grab", "move", "crosshair", "col-resize", "row-resize", "ew-resize", "ns-resize",
  "nesw-resize", "nwse-resize", "e-resize", "w-resize", "n-resize", "s-resize", "ne-resize",
  "nw-resize", "se-resize", "sw-resize"]);

// The cursor is inherited: only the element where it begins counts, not its children.
// A label's click, or that of a wrapper around one control (a web component's host around
// its shadow button), is the control's, and the control has its own ref.
function startsPointerCursor(el, icons = true) {
  const cursor = styleFacts(el).cursor;
  if (!ACTION_CURSORS.has(cursor) || localNameOf(el) === "label") return false;
  const parent = flatParentElement(el);
  if (parent && styleFacts(parent).cursor === cursor) {
    return icons && isIconOfControlHolder(el, parent);
  }
  return !holdsControl(el);
}

// An icon drawn in an element where the cursor begins but which holds a control, and so has
// no ref of its own (Arco's tree node, which holds its checkbox): the icon is a part to click
// apart from the control (the node's switcher, which opens and closes it). An icon: no text,
// an <svg> or image drawn inside, no control. Not one of an element drawing a field that takes
// text or a choice (a select's arrow, which a click on the field stands for).
function isIconOfControlHolder(el, parent) {
  if (localNameOf(parent) === "label" || el.querySelector("svg, img") === null ||
      collapse(el.textContent || "") !== "") {
    return false;
  }
  const grandparent = flatParentElement(parent);
  const parentStarts = !grandparent || styleFacts(grandparent).cursor !== styleFacts(parent).cursor;
  return parentStarts && holdsControl(parent) && parent.querySelector(FIELD_PARTS) === null &&
         !holdsControl(el);
}

// What draws a field that takes text or a choice (isIconOfControlHolder).
const FIELD_PARTS = "input:not([type=hidden]):not([type=checkbox]):not([type=radio]), " +
                    "textarea, select, [role=combobox], [role=textbox]";

// Whether a control (a focusable element or one of an interactive role) is inside `el`; a
// hidden one does not count (a data grid's header keeps a select-all checkbox hidden), nor,
// with `fieldsApart`, a field that takes text or a choice (a column's filter box).
function holdsControl(el, fieldsApart = false) {
  const children = flatChildren(el);
  for (let i = 0; i < children.length; ++i) {
    const child = children[i];
    if (nodeTypeOf(child) !== ELEMENT_NODE || isHiddenSubtree(child)) continue;
    if (fieldsApart && (isTextField(child) || localNameOf(child) === "select")) continue;
    const role = roleOf(child);
    if (isNativelyFocusable(child) || (role && INTERACTIVE_ROLES.has(role)) ||
        holdsControl(child, fieldsApart)) {
      return true;
    }
  }
  return false;
}

// Page facts every navigation helper reports.
OPS.info = function () {
  return {data: {url: location.href, title: document.title, readyState: document.readyState}};
};

// Names for nodes handed in (page.eval results): [{ref, tag, text}]. A node of another
// browsing context (an iframe's) cannot be resolved here and arrives as null: its entry is
// null, and the plugin asks that context. An element of a document without a window (a
// template's content) gets no ref: no ref could find it again.
OPS.describe = function (input, nodes) {
  const counter = counterFrom(input);
  const out = nodes.map((node) => {
    if (!node) return null;
    if (nodeTypeOf(node) !== ELEMENT_NODE) {
      return {ref: null, tag: node.nodeName.toLowerCase(),
              text: truncate(collapse(node.textContent || ""), 80)};
    }
    // Text hidden from the accessibility tree (aria-hidden) has no flat text: what it shows.
    const text = truncate(collapse(flatText(node)) || collapse(node.textContent || ""), 80);
    const ref = ownerDocumentOf(node) === document ? refOf(node, counter) : null;
    return {ref, tag: localNameOf(node), text};
  });
  return {data: {nodes: out, next: counter.next}};
};
