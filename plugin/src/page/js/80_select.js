// page.select (OPS.selectText): a real selection of nodes[0]'s text, or of the first match of
// input.text inside it, made through the Selection API so the page's selectionchange listeners
// (an editor's toolbar) see it, and read back from the page.

import {
  OPS, TEXT_NODE, TEXT_TAGS_SKIPPED, dataOf, defaultViewOf, describeElement, isEditable,
  keysFieldOf, localNameOf, nodeTypeOf, ownerDocumentOf, parentElementOf, roleOf, tagNameOf,
  truncate
} from "./00_common.js";
import {
  inputContains, inputFocusedIn, inputKeptAway, inputScrollIntoViewAsUser, inputSelectionSettled,
  inputWatchOutcome
} from "./50_input.js";

// `text` as a pattern whose runs of white space match any run of white space, or none (the
// page's source text breaks lines where the reader sees a space, and two paragraphs' texts
// meet with nothing between them where the reader sees a break).
function loosePattern(text) {
  const words = text.trim().split(/\s+/).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(words.join("\\s*"));
}

// A text without its white space, to compare what was selected with what was asked for.
function withoutSpaces(text) {
  return text.replace(/\s+/g, "");
}

// The text nodes under `root` in document order (script and style text left out).
function textNodesOf(root) {
  const doc = ownerDocumentOf(root);
  const walker = doc.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  const out = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const parent = parentElementOf(n);
    if (parent && TEXT_TAGS_SKIPPED.has(tagNameOf(parent))) continue;
    out.push(n);
  }
  return out;
}

// A Range over the first match of `text` in `root`'s text (across text nodes), null when none.
function rangeOfText(root, text) {
  const nodes = textNodesOf(root);
  let all = "";
  const starts = [];
  for (const n of nodes) {
    starts.push(all.length);
    all += dataOf(n);
  }
  const match = loosePattern(text).exec(all);
  if (!match || match[0] === "") return null;
  // The text node holding offset `at` of `all`, and the offset in it (an end offset belongs
  // to the node it ends in).
  const locate = (at, end) => {
    let i = nodes.length - 1;
    while (i > 0 && (end ? starts[i] >= at : starts[i] > at)) i--;
    return [nodes[i], at - starts[i]];
  };
  const range = ownerDocumentOf(root).createRange();
  range.setStart(...locate(match.index, false));
  range.setEnd(...locate(match.index + match[0].length, true));
  return range;
}

// The element described with its text (describeElement shows up to 60 characters of it); a
// field with its value.
function textMissing(el, text, value) {
  const where = value === undefined ? describeElement(el) :
      "the value of " + describeElement(el) + " (" + JSON.stringify(truncate(value, 60)) + ")";
  return {
    error: "no such element",
    message: "no text " + JSON.stringify(text) + " inside " + where +
        "; give text the element shows, or leave it out to select all of it",
  };
}

// A text field: focused, its selection set (the page gets select and selectionchange).
async function selectInField(el, text) {
  const value = el.value;
  const start = text === undefined ? 0 : value.indexOf(text);
  if (start < 0) return textMissing(el, text, value);
  const end = text === undefined ? value.length : start + text.length;
  el.focus();
  const settled = inputSelectionSettled(ownerDocumentOf(el));
  el.setSelectionRange(start, end);
  await settled;
  return {ok: true, selected: el.value.slice(el.selectionStart, el.selectionEnd)};
}

// Selects input.text inside nodes[0] (default: all its text). In an input or textarea, its
// selection range; elsewhere a Range in the document's selection, after focusing the editing
// host it lies in (or taking the focus from a field outside it, as pressing the mouse on the
// text would). {"ok": true, "selected": the selection's text as the page reads it} |
// {"error": "no such element", "message"}.
OPS.selectText = async function (input, nodes) {
  let el = nodes[0];
  if (localNameOf(el) === "label" && el.control) el = el.control;
  if (!el.isConnected) {
    return {data: {error: "stale ref", message: "the element is no longer in the page; take a new page.snapshot"}};
  }
  const kept = inputKeptAway(el, 'selected');
  if (kept) return {data: kept};
  const tag = localNameOf(el);
  // A list's options are chosen, not selected as text.
  const role = roleOf(el);
  if (tag === "select" || role === "listbox" || role === "option" ||
      (role === "combobox" && tag !== "input" && tag !== "textarea")) {
    // page.fill chooses one, in a native select and in one the page draws (it clicks that
    // open and clicks the option).
    return {data: {error: "not selectable", message: describeElement(el) + " is a list of " +
        "options, not text: page.select selects text (for a toolbar to act on); choose an " +
        "option with page.fill {\"value\": \"...\"}"}};
  }
  if (tag === "textarea" || (tag === "input" && typeof el.selectionStart === "number")) {
    return {data: watchedAfter(el, await selectInField(el, input.text))};
  }
  // All of a code editor's text: it draws only the lines in view (a drag over those misses
  // the rest), and takes a user's Control+a through its keys field, which the plugin presses.
  const keys = input.text === undefined ? keysFieldOf(el) : null;
  if (keys) {
    keys.focus();
    return {data: {select_all: true}};
  }
  const doc = ownerDocumentOf(el);
  let range;
  if (input.text === undefined) {
    range = doc.createRange();
    range.selectNodeContents(el);
  } else {
    range = rangeOfText(el, input.text);
    if (!range) return {data: textMissing(el, input.text)};
  }
  const wanted = range.toString();
  if (keysFieldOf(range.commonAncestorContainer)) {
    const mouse = mouseSelection(range);
    if (mouse) return {data: {mouse, wanted}};
  }
  // The editing host the selection starts in: its outermost editable element.
  const first = range.startContainer;
  let host = null;
  for (let n = nodeTypeOf(first) === TEXT_NODE ? parentElementOf(first) : first;
       n && isEditable(n); n = parentElementOf(n)) {
    host = n;
  }
  const active = doc.activeElement;
  if (host) {
    host.focus({preventScroll: true});
  } else if (active && active !== doc.body && !inputContains(el, active)) {
    active.blur();
  }
  const selection = defaultViewOf(doc).getSelection();
  const settled = inputSelectionSettled(doc);
  selection.removeAllRanges();
  selection.addRange(range);
  await settled;
  // A page that keeps a selection of its own (a code editor that draws its lines out of
  // reading order and holds the caret in a field of its own) moves or drops this one.
  return {data: watchedAfter(el, selectionKept(el, wanted))};
};

// A selection made (`made`: it says what was "selected"): the watch of what the page does next
// is armed on `el`, so the Shift that ends it settles as a key does (an editor shows its
// toolbar for a selection a moment later: Editor.js's inline toolbar).
function watchedAfter(el, made) {
  if (made && made.selected !== undefined) inputWatchOutcome(el, false);
  return made;
}

// After page.select's mouse drag (OPS.selectText's "mouse"): whether the page holds input.wanted
// as its selection.
OPS.selectRead = function (input, nodes) {
  return {data: selectionKept(nodes[0], input.all ? null : input.wanted)};
};

// {"ok", "selected"} when the selection the page reads is `wanted` (white space aside), or is
// any text for `wanted` null: the selected part of the field that has the focus (a code
// editor's hidden textarea holds its selection), else the document's selection; else "not
// selectable".
function selectionKept(el, wanted) {
  const doc = ownerDocumentOf(el);
  const focused = inputFocusedIn(doc);
  const field = focused && typeof focused.selectionStart === "number" &&
      (localNameOf(focused) === "textarea" || localNameOf(focused) === "input");
  const selected = field ? focused.value.slice(focused.selectionStart, focused.selectionEnd) :
                           defaultViewOf(doc).getSelection().toString();
  if (wanted === null ? selected !== "" : withoutSpaces(selected) === withoutSpaces(wanted)) {
    return {ok: true, selected};
  }
  if (wanted === null) {
    return {
      error: "not selectable",
      message: describeElement(el) + " selected nothing on Control+a: click its text " +
          "(page.click), then page.press Control+a",
    };
  }
  return {
    error: "not selectable",
    message: describeElement(el) + " did not keep the selection: it holds " +
        JSON.stringify(truncate(selected, 60)) + " where " + JSON.stringify(truncate(wanted, 60)) +
        " was selected, as an editor that keeps a selection of its own does; select with " +
        "the keys instead (page.click the text, then page.press Shift+End, Shift+ArrowRight " +
        "or Control+a)",
  };
}

// The viewport points a mouse drag selecting `range` goes between, as {from, to}: a pixel
// inside its first character and one inside its last, at the middle of their lines (the
// caret goes to the nearest character boundary); null when the range draws nothing. Whether the
// drag selected it is read afterwards (OPS.selectRead).
function mouseSelection(range) {
  const first = parentElementOf(range.startContainer) || range.startContainer;
  inputScrollIntoViewAsUser(first, {block: "nearest", inline: "nearest"});
  const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0);
  if (rects.length === 0) return null;
  const a = rects[0];
  const b = rects[rects.length - 1];
  const from = {x: Math.floor(a.left) + 1, y: Math.round(a.top + a.height / 2)};
  const to = {x: Math.ceil(b.right) - 1, y: Math.round(b.top + b.height / 2)};
  return {from, to};
}
