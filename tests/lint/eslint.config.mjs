// The rules for the page helpers' JavaScript (plugin/src/page/js). Each file there is an ES
// module in source (import/export); js_library.cc links them into the one function the sandbox
// realm runs (docs/development.md, "A page helper").
//
// The library reads the page through Xray wrappers, where each DOM property lookup walks the
// prototype chain (about 15 times the cost of calling the native getter): 00_common.js takes
// the frequent getters and methods from the prototypes once (localNameOf, attrOf, ...), and
// the rest of the code calls those. no-restricted-properties keeps it that way.

// What the sandbox realm offers besides ECMAScript's own: its window's (seen through Xrays).
const sandboxGlobals = Object.fromEntries(
    ["document", "location", "window", "Node", "Element", "HTMLElement", "CharacterData", "Text",
     "Document", "DOMRectReadOnly", "CSSStyleDeclaration", "MutationObserver", "URL",
     "setTimeout", "clearTimeout", "setInterval", "clearInterval", "atob"].map((name) => [name, "readonly"]));

const nativeInstead = (name, instead) => ({
  property: name,
  message: `read it through 00_common.js's ${instead}, taken from the prototype once (an Xray ` +
           "lookup per read costs about 15 times as much)",
});

export default [
  {
    files: ["**/*.js"],
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: "module",
      globals: sandboxGlobals,
    },
    linterOptions: {reportUnusedDisableDirectives: "error"},
    rules: {
      "no-undef": "error",
      "no-redeclare": "error",
      "no-implicit-globals": "error",
      "no-unused-vars": ["error", {args: "after-used", caughtErrors: "all"}],
      "no-restricted-globals": [
        "error",
        {name: "getComputedStyle", message: "use styleOf(el), which asks the element's own window"},
        // Window properties that read like local names: a typo would reach the page's window.
        ...["name", "length", "status", "top", "parent", "self", "opener", "frames", "event",
            "origin", "close", "open", "print", "find", "stop", "focus", "blur", "scroll",
            "innerWidth", "innerHeight", "external"].map((name) => ({
          name,
          message: `the window's ${name}: say window.${name} if it is meant`,
        })),
      ],
      "no-restricted-properties": [
        "error",
        nativeInstead("localName", "localNameOf(node)"),
        nativeInstead("tagName", "tagNameOf(el)"),
        nativeInstead("nodeType", "nodeTypeOf(node)"),
        nativeInstead("parentNode", "parentNodeOf(node)"),
        nativeInstead("parentElement", "parentElementOf(node)"),
        nativeInstead("firstChild", "firstChildOf(node)"),
        nativeInstead("nextSibling", "nextSiblingOf(node)"),
        nativeInstead("ownerDocument", "ownerDocumentOf(node)"),
        nativeInstead("defaultView", "defaultViewOf(doc)"),
        nativeInstead("namespaceURI", "namespaceOf(el)"),
        nativeInstead("shadowRoot", "shadowRootOf(el)"),
        nativeInstead("assignedSlot", "elementSlotOf(el) or textSlotOf(text)"),
        nativeInstead("isContentEditable", "isEditable(el)"),
        nativeInstead("getAttribute", "attrOf(el, name)"),
        nativeInstead("hasAttribute", "hasAttr(el, name)"),
        nativeInstead("getBoundingClientRect", "rectOf(el)"),
        nativeInstead("checkVisibility", "isUnrendered(el)"),
        nativeInstead("matches", "matchesOf(el, selector)"),
        nativeInstead("getPropertyValue", "PROPERTY_VALUE.call(style, name)"),
        {object: "document", property: "defaultView", message: "use window"},
      ],
    },
  },
];
