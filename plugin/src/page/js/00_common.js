// Shared by every operation. These files are concatenated, in name order, into one function
// run in the "firefox_bidi" sandbox realm (see js_library.h); OPS holds the operations. Each
// operation takes (input, nodes) and returns {data, nodes, windows}; input.next is the number
// the next new ref name gets, and an operation that gives names returns data.next.

// Ref names live with their document: node -> name and name -> WeakRef(node).
const REFS = globalThis.__firefoxBidiRefs ||
    (globalThis.__firefoxBidiRefs = {names: new WeakMap(), nodes: new Map()});

// A counter over input.next; the operation returns counter.next as data.next.
function counterFrom(input) {
  return {next: input.next};
}

function refOf(el, counter) {
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
function nodeOfRef(name) {
  const ref = REFS.nodes.get(name);
  const el = ref && ref.deref();
  if (!el || !el.isConnected || el.ownerDocument !== document) return null;
  return el;
}

function collapse(text) {
  return String(text).replace(/\s+/g, " ").trim();
}

function truncate(text, max) {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max - 1).join("") + "…";
}

const TEXT_TAGS_SKIPPED = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "HEAD", "TITLE",
                                   "META", "LINK"]);

// Children in the rendered (flat) tree: an open shadow root's children instead of the
// host's, a slot's assigned nodes (or its fallback children).
function flatChildren(node) {
  if (node.nodeType === Node.ELEMENT_NODE) {
    if (node.shadowRoot) return Array.from(node.shadowRoot.childNodes);
    if (node.localName === "slot") {
      const assigned = node.assignedNodes({flatten: true});
      if (assigned.length) return assigned;
    }
  }
  return Array.from(node.childNodes);
}

// Every element under `root` (itself included) in flat-tree order.
function flatElements(root) {
  const out = [];
  const walk = (node) => {
    if (node.nodeType === Node.ELEMENT_NODE) out.push(node);
    for (const child of flatChildren(node)) {
      if (child.nodeType === Node.ELEMENT_NODE) walk(child);
    }
  };
  walk(root);
  return out;
}

// Text of a subtree as rendered roughly (flat tree; hidden subtrees, text under
// visibility:hidden and what a zero-sized box clips away left out), collapsed.
// `skip`: an element whose own text is left out (a control inside the label that names it).
function flatText(node, memo, skip) {
  if (memo && memo.has(node)) return memo.get(node);
  let text = "";
  if (node === skip) return text;
  if (node.nodeType === Node.TEXT_NODE) {
    const parent = flatParentElement(node);
    if (!parent || styleOf(parent).visibility === "visible") text = node.data;
  } else if (node.nodeType === Node.ELEMENT_NODE) {
    if (TEXT_TAGS_SKIPPED.has(node.tagName) || isHiddenSubtree(node) || isUnrendered(node) ||
        isClipped(node)) {
      text = "";
    } else if (node.localName === "img" || (node.localName === "input" &&
               node.type === "image")) {
      text = node.getAttribute("alt") || "";
    } else if (node.localName === "select") {
      // What it shows: the chosen option (not every option's text).
      const option = node.selectedOptions && node.selectedOptions[0];
      text = option ? " " + option.label + " " : "";
    } else if (node.localName === "textarea") {
      text = "";
    } else if (node.localName === "br") {
      text = " ";
    } else if (isInputButton(node)) {
      text = " " + inputButtonLabel(node) + " ";  // what the button shows
    } else {
      const parts = [];
      for (const child of flatChildren(node)) parts.push(flatText(child, memo, skip));
      text = parts.join(isBlockLike(node) ? " " : "");
      if (isBlockLike(node)) text = " " + text + " ";
    }
  } else if (node.nodeType === Node.DOCUMENT_FRAGMENT_NODE) {
    text = flatChildren(node).map((c) => flatText(c, memo, skip)).join("");
  }
  if (memo) memo.set(node, text);
  return text;
}

// Not rendered at all: no box (an ancestor is display:none, or it is the content of a closed
// <details>, content-visibility:hidden ...). display:contents has no box of its own but its
// children may be rendered.
function isUnrendered(el, style) {
  if ((style || styleOf(el)).display === "contents") return false;
  return el.checkVisibility ? !el.checkVisibility() : el.getClientRects().length === 0;
}

function isInputButton(el) {
  return el.localName === "input" && ["button", "submit", "reset"].includes(el.type);
}

function inputButtonLabel(el) {
  return el.value || (el.type === "submit" ? "Submit" : el.type === "reset" ? "Reset" : "");
}

// A zero-sized box whose overflow is not visible: nothing in it is seen.
function isClipped(el) {
  const style = styleOf(el);
  if (style.display === "contents" || style.overflow === "visible") return false;
  const rect = el.getBoundingClientRect();
  return rect.width <= 0 || rect.height <= 0;
}

function styleOf(el) {
  return el.ownerDocument.defaultView.getComputedStyle(el);
}

function isBlockLike(el) {
  const display = styleOf(el).display;
  return display !== "inline" && display !== "contents" && display !== "inline-block";
}

// A subtree nobody sees: display:none, aria-hidden="true", <template>, hidden attribute.
function isHiddenSubtree(el) {
  if (el.getAttribute("aria-hidden") === "true") return true;
  const style = styleOf(el);
  return style.display === "none";
}

// The element itself is seen: not hidden, not visibility:hidden, not zero-sized, and no
// ancestor (in the flat tree) hides it with aria-hidden or clips it away with a zero-sized
// box whose overflow is not visible (display:none ancestors leave it without a box at all).
function isVisible(el) {
  if (isHiddenSubtree(el)) return false;
  const style = styleOf(el);
  if (style.visibility === "hidden" || style.visibility === "collapse") return false;
  if (isUnrendered(el, style)) return false;
  if (style.display !== "contents") {
    const rect = el.getBoundingClientRect();
    if (rect.width <= 0 || rect.height <= 0) return false;
  }
  for (let p = flatParentElement(el); p; p = flatParentElement(p)) {
    if (p.getAttribute("aria-hidden") === "true" || isClipped(p)) return false;
  }
  return true;
}

// The element above in the flat tree: a slotted node's slot, a shadow root's host.
function flatParentElement(node) {
  if (node.assignedSlot) return node.assignedSlot;
  const parent = node.parentNode;
  if (!parent) return null;
  if (parent.nodeType === Node.DOCUMENT_FRAGMENT_NODE) return parent.host || null;
  return parent.nodeType === Node.ELEMENT_NODE ? parent : null;
}

function inViewport(el) {
  const style = styleOf(el);
  if (style.display === "contents") return true;
  const rect = el.getBoundingClientRect();
  const view = el.ownerDocument.defaultView;
  return rect.bottom > 0 && rect.right > 0 && rect.top < view.innerHeight &&
         rect.left < view.innerWidth;
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

function roleOf(el) {
  const explicit = (el.getAttribute("role") || "").trim().split(/\s+/)[0].toLowerCase();
  if (explicit === "none" || explicit === "presentation") {
    // Presentational: no role, unless it can take focus (then the role stands, as ARIA says).
    if (!el.hasAttribute("tabindex") && !isNativelyFocusable(el)) return null;
  } else if (explicit && explicit !== "generic") {
    return explicit;
  }
  const tag = el.localName;
  if (/^h[1-6]$/.test(tag)) return "heading";
  switch (tag) {
    case "a":
    case "area":
      return el.hasAttribute("href") ? "link" : null;
    case "input": {
      if (el.type === "hidden") return null;
      const role = INPUT_ROLES[el.type] || "textbox";
      return role === "textbox" && el.hasAttribute("list") ? "combobox" : role;
    }
    case "select":
      return el.multiple || el.size > 1 ? "listbox" : "combobox";
    case "img":
      return el.getAttribute("alt") ? "img" : null;
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
    default:
      if (LANDMARK_TAGS[tag]) return LANDMARK_TAGS[tag];
      // The editable root of contenteditable content is a text field.
      return el.isContentEditable && !(el.parentElement && el.parentElement.isContentEditable)
                 ? "textbox" : null;
  }
}

function isNativelyFocusable(el) {
  const tag = el.localName;
  if (tag === "a" || tag === "area") return el.hasAttribute("href");
  return ["button", "input", "select", "textarea", "iframe", "summary"].includes(tag);
}

const NAME_FROM_CONTENT = new Set(["button", "link", "heading", "cell", "columnheader",
                                   "rowheader", "checkbox", "radio", "switch", "tab",
                                   "menuitem", "menuitemcheckbox", "menuitemradio", "option",
                                   "treeitem", "tooltip", "row"]);

function idRefsText(el, attr) {
  const ids = (el.getAttribute(attr) || "").split(/\s+/).filter(Boolean);
  const root = el.getRootNode();
  const parts = [];
  for (const id of ids) {
    const target = root.getElementById ? root.getElementById(id)
                                       : el.ownerDocument.getElementById(id);
    // A hidden element still names what points at it (accname): then its plain text.
    if (target) parts.push(collapse(flatText(target)) || target.textContent || "");
  }
  return collapse(parts.join(" "));
}

// The name an author gave: aria-labelledby, else aria-label, else title.
function authorName(el) {
  return ariaName(el) || collapse(el.getAttribute("title") || "");
}

function ariaName(el) {
  if (el.hasAttribute("aria-labelledby")) {
    const text = idRefsText(el, "aria-labelledby");
    if (text) return text;
  }
  return collapse(el.getAttribute("aria-label") || "");
}

function accessibleName(el, role) {
  const label = ariaName(el);
  if (label) return label;
  const tag = el.localName;
  if (tag === "input" || tag === "textarea" || tag === "select" || tag === "meter" ||
      tag === "progress" || tag === "output") {
    if (isInputButton(el)) return collapse(inputButtonLabel(el));
    if (tag === "input" && el.type === "image") return collapse(el.alt || el.value || "");
    const labels = el.labels ? Array.from(el.labels) : [];
    const text = collapse(labels.map((l) => flatText(l, null, el)).join(" "));
    if (text) return text;
    const placeholder = collapse(el.getAttribute("placeholder") || "");
    if (placeholder) return placeholder;
    return collapse(el.getAttribute("title") || "");
  }
  if (tag === "img") return collapse(el.getAttribute("alt") || el.getAttribute("title") || "");
  if (tag === "fieldset") {
    const legend = el.querySelector(":scope > legend");
    if (legend) return collapse(flatText(legend));
  }
  if (tag === "table") {
    const caption = el.querySelector(":scope > caption");
    if (caption) return collapse(flatText(caption));
  }
  if (tag === "iframe" || tag === "frame") return collapse(el.getAttribute("title") || "");
  if (NAME_FROM_CONTENT.has(role || roleOf(el))) {
    const text = collapse(flatText(el));
    if (text) return text;
  }
  return collapse(el.getAttribute("title") || "");
}

const INTERACTIVE_ROLES = new Set(["button", "link", "checkbox", "radio", "switch", "textbox",
                                   "searchbox", "combobox", "listbox", "slider", "spinbutton",
                                   "tab", "menuitem", "menuitemcheckbox", "menuitemradio",
                                   "treeitem", "option", "gridcell"]);

// Interactive elements get refs: links, buttons, form fields, interactive roles, a tabindex,
// contenteditable.
function isInteractive(el, role) {
  if (role && INTERACTIVE_ROLES.has(role)) {
    // An <option> inside a <select> is chosen through the select (page.fill).
    return !(el.localName === "option" && el.closest("select"));
  }
  return el.hasAttribute("tabindex") || el.isContentEditable && !(el.parentElement &&
         el.parentElement.isContentEditable);
}

// Page facts every navigation helper reports.
OPS.info = function () {
  return {data: {url: location.href, title: document.title, readyState: document.readyState}};
};

// Names for nodes handed in (page.eval results): [{ref, tag, text}].
OPS.describe = function (input, nodes) {
  const counter = counterFrom(input);
  const out = nodes.map((node) => {
    if (!node || node.nodeType !== Node.ELEMENT_NODE) {
      return {ref: null, tag: node ? node.nodeName.toLowerCase() : null,
              text: node ? truncate(collapse(node.textContent || ""), 80) : ""};
    }
    return {ref: refOf(node, counter), tag: node.localName,
            text: truncate(collapse(flatText(node)), 80)};
  });
  return {data: {nodes: out, next: counter.next}};
};
