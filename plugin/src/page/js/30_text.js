// page.text: the visible text of an element (default: the page) laid out as innerText lays
// it out (a line break around each block, at each <br>; elements the page places itself read
// in the order they show: shownChildren), with runs of spaces collapsed (not those the page
// keeps: white-space pre, no-break spaces) and blank lines dropped, cut to max_chars characters from offset. No text at all, or an offset
// at or past the end, gets a line saying so (an empty string reads like a failure).
//
// Walked here rather than read from innerText: innerText stays in the light DOM, so an open
// shadow root's content, or slotted text under an element inside a shadow root, would be
// missing. Hidden text (display:none, visibility:hidden, clipped by a zero-sized box, in a
// visually hidden box only screen readers read: isReadersOnly) is left out, and so is what the snapshot leaves out though rendered (isLeftOut: inert content,
// closed popups, replaced selects); iframes' documents are not entered (as innerText). Unlike
// innerText, a select shows its chosen option and an input button its label, as on screen.

import {
  ELEMENT_NODE, OPS, TEXT_NODE, TEXT_TAGS_SKIPPED, clipAcrossOf, inputButtonLabel, isBesideClip,
  isClipped, isInputButton, isLeftOut, isReadersOnly, isUnrendered, localNameOf, nodeTypeOf,
  readingPass, shownChildren, styleOf, tagNameOf
} from "./00_common.js";
import {isFrame} from "./10_find.js";

// Displays laid out on the line they are in (a table cell: cells of a row share its line).
const INLINE_DISPLAYS = new Set(["inline", "inline-block", "inline-flex", "inline-grid",
                                 "inline-table", "contents", "ruby", "ruby-text",
                                 "table-cell"]);

// Spaces a page keeps (all of them in white-space: pre, and no-break spaces anywhere, with
// which Monaco indents its lines) are marked, so that collapsing the runs of other spaces and
// trimming the lines leaves them, as a reader sees them: a code's indentation.
const KEPT_SPACE = "\ufdd0";
const KEPT_TAB = "\ufdd1";

function keptSpaces(text, kept) {
  return text.replace(kept, (space) => space === "\t" ? KEPT_TAB : KEPT_SPACE);
}

function visibleText(root) {
  const out = [];
  // clip: what a box that clips its overflow across shows (clipAcrossOf): what lies wholly
  // beside it (a carousel's other slides) is out of sight, as the snapshot leaves it out.
  const walk = (node, parentStyle, clip) => {
    if (nodeTypeOf(node) === TEXT_NODE) {
      if (!parentStyle || parentStyle.visibility !== "visible") return;
      const ws = parentStyle.whiteSpace;
      const pre = ws.startsWith("pre") || ws === "break-spaces";
      out.push(pre ? keptSpaces(node.data.replace(/\r\n?/g, "\n"), /[ \t\u00a0]/g)
                   : keptSpaces(node.data.replace(/[ \t\n\r\f]+/g, " "), /\u00a0/g));
      return;
    }
    if (nodeTypeOf(node) !== ELEMENT_NODE) return;
    const el = node;
    if (TEXT_TAGS_SKIPPED.has(tagNameOf(el)) || isFrame(el) || localNameOf(el) === "textarea") return;
    const style = styleOf(el);
    if (style.display === "none" || isUnrendered(el, style) || isLeftOut(el)) return;
    if (isInputButton(el)) {  // what it shows: its label
      if (style.visibility === "visible") out.push(" " + inputButtonLabel(el) + " ");
      return;
    }
    if (localNameOf(el) === "select") {  // what it shows: the chosen option
      const option = el.selectedOptions && el.selectedOptions[0];
      if (option && style.visibility === "visible") out.push(" " + option.label + " ");
      return;
    }
    if (localNameOf(el) === "br") {
      if (style.visibility === "visible") out.push("\n");
      return;
    }
    if (isClipped(el) || isReadersOnly(el)) return;  // no box, or one only screen readers read
    if (clip && isBesideClip(el, clip)) return;
    const inside = clipAcrossOf(el, clip);
    const block = !INLINE_DISPLAYS.has(style.display);
    if (block) out.push("\n");
    for (const child of shownChildren(el)) walk(child, style, inside);
    if (style.display === "table-cell") out.push(" ");
    if (block) out.push("\n");
  };
  walk(root, null, null);
  return out.join("");
}

OPS.text = function (input, nodes) {
  const el = nodes.length ? nodes[0] : (document.body || document.documentElement);
  // An iframe's text is its document's, read in its own browsing context.
  if (isFrame(el) && el.contentWindow) return {data: {frame: true}, windows: [el.contentWindow]};
  const lines = readingPass(() => visibleText(el)).split("\n")
                    .map((line) => line.replace(/[ \t\r\f\v]+/g, " ").trim()
                                       .replace(/\ufdd0/g, " ").replace(/\ufdd1/g, "\t").trimEnd())
                    .filter((line) => line.length > 0);
  const chars = Array.from(lines.join("\n"));
  const offset = Math.min(input.offset || 0, chars.length);
  const end = Math.min(offset + input.max_chars, chars.length);
  if (chars.length === 0) return {data: {text: "[no visible text]", total: 0}};
  if (offset > 0 && offset >= chars.length) {
    return {data: {text: "[no more text: it is " + chars.length + " characters long]",
                   total: chars.length}};
  }
  let text = chars.slice(offset, end).join("");
  if (end < chars.length) {
    text += "\n[" + (chars.length - end) + " more characters; read on with \"offset\": " + end +
            "]";
  }
  return {data: {text, total: chars.length}};
};
