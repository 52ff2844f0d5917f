#include "page/help_text.h"

#include <array>

namespace firefox_bidi::page {
namespace {

constexpr std::string_view kTarget =
    R"~(one of "ref": "e12" (from page.snapshot or page.eval), "css": "form .submit", "text": "Sign in" (visible text: exact match first, else contains), or "role": "button" with "name": "Sign in", flat in params or as "target": {"ref": "e12"}; sees into open shadow roots and iframes)~";

// The table is laid out by hand: one helper per entry, each field on its own line.
// clang-format off
constexpr std::array<HelperDoc, 15> kDocs = {
    {
        {"page.goto", R"~({url} or {back|forward|reload: true} -> {url, title})~",
         "Loads a URL in the current tab, or goes back, forward or reloads, and waits for the "
         "page.",
         R"~(  url: the address to load (http:, https:, data:, about:; file: only inside the file_roots config)
  back / forward / reload: true instead of url
  wait: "complete" (default: all loaded), "interactive" (DOM ready) or "none")~",
         R"~({"url","title"} of the page once loaded)~",
         R"~("timeout" (the page did not load within the frame's timeout_ms; raise it or use wait "none"), "unknown error" with the browser's reason (e.g. the host does not resolve), "not allowed" (a file: URL outside file_roots))~",
         R"~({"frames":[{"method":"page.goto","params":{"url":"data:text/html,<title>Hello</title><h1>Hi</h1>"}},{"method":"page.goto","params":{"reload":true},"pick":"title"}]})~"},
        {"page.snapshot",
         R"~({root?, max_lines?} -> page outline with refs and states: - button "Buy" [ref=e4] disabled)~",
         "Describes the page as an indented outline, one line per meaningful element: role, name, "
         "ref, state.",
         R"~(  root: a target object ({"ref": "e5"}, {"css": "main"}, ...) to outline only that part; or the target flat, as page.text takes it ("css": "main")
  max_lines: default 300; the last line then says how many lines were left out
  viewport_only: true leaves out what is off screen (default false))~",
         R"~(a string, e.g.
- heading "Shop" level=1
- textbox "Qty" [ref=e3] value="1"
- button "Add to cart" [ref=e4]
Interactive elements carry a ref to use as a target; a ref stays the same across snapshots while its element exists. States: checked, mixed, pressed, selected, expanded, collapsed, disabled, required, invalid (the page or a refused submit says so), readonly, current, busy, sort=ascending|descending, modal, level=N, value="...". A table row is one line, its cells' text between " | ", with its buttons and links under it. Hidden elements are left out.)~",
         R"~("no such element" (root matched nothing), "stale ref")~",
         R"~({"frames":[{"method":"page.goto","params":{"url":"data:text/html,<h1>Shop</h1><label>Qty <input value=1></label><button>Add to cart</button>"},"silent":true},{"method":"page.snapshot"}]})~"},
        {"page.text", R"~({target?, max_chars?, offset?} -> the visible text)~",
         "Reads the visible text of the page or of one element, as a user sees it.",
         R"~(  target: optional, the element to read (default: the whole page)
  max_chars: default 6000; when cut, the last line says how many characters remain and the offset to read on
  offset: where to start reading (characters))~",
         R"~(a string: line breaks kept, runs of spaces and blank lines collapsed)~",
         R"~("no such element", "stale ref")~",
         R"~({"frames":[{"method":"page.goto","params":{"url":"data:text/html,<main><p>First</p><p>Second</p></main>"},"silent":true},{"method":"page.text","params":{"css":"main","max_chars":100}}]})~"},
        {"page.click", R"~({target, button?, count?} -> {url, title, navigated})~",
         "Clicks an element with the real mouse, after scrolling it into view.",
         R"~(  target: the element to click
  button: "left" (default), "middle" or "right"
  count: 1 (default), 2 (double click: selects a word) or 3 (triple click: selects a paragraph)
  modifiers: keys held during the click, e.g. ["Shift"] or ["Control"] ("Shift", "Control", "Alt", "Meta"))~",
         R"~({"url","title","navigated"}: navigated is true when the click started a navigation, and the new page has then loaded; a click that would leave a page that asks first returns with that "dialog". "opened": ["TAB"] when the click opened a new tab (the current tab stays; page.tabs selects it). "matches": N when the target matched N elements (the first one was clicked).)~",
         R"~("no such element", "stale ref" (take a new page.snapshot), "element covered" (another element, named in the message, is on top: close it first; nothing was clicked), "element disabled" (still disabled after 1 s: the page wants something first; nothing was clicked), "timeout")~",
         R"~({"frames":[{"method":"page.goto","params":{"url":"data:text/html,<button onclick=\"this.textContent='Done'\">Buy</button>"},"silent":true},{"method":"page.click","params":{"role":"button","name":"Buy"}},{"method":"page.text"}]})~"},
        {"page.hover", R"~({target} -> {url, title})~",
         "Moves the real mouse onto an element, after scrolling it into view, so that menus and "
         "tooltips that open on hover open.",
         R"~(  target: the element to move the mouse onto)~",
         R"~({"url","title"}; "matches": N when the target matched N elements (the first one was hovered))~",
         R"~("no such element", "stale ref", "element covered" (another element would get the mouse; nothing was hovered), "element not visible")~",
         R"~({"frames":[{"method":"page.goto","params":{"url":"data:text/html,<button onmouseenter=\"this.textContent='Open'\">Menu</button>"},"silent":true},{"method":"page.hover","params":{"text":"Menu"}},{"method":"page.text"}]})~"},
        {"page.fill", R"~({target, value, submit?} -> {value, label?})~",
         "Sets a form field the way typing would, so the page's input and change handlers run.",
         R"~(  target: an input, textarea, contenteditable element, select, checkbox or radio
  value: text (replaces what was there); for a select an option's label or value; for a checkbox or radio true or false
  submit: true presses Enter afterwards; a dialog that opens then (a submit handler that asks, a page that asks before it is left) is in the result as "dialog")~",
         R"~({"value"}: the field's value afterwards (a checkbox's true/false; text cut at the field's maxlength adds "maxlength": N); for a select, "value" is the chosen option's value (what the form sends) and "label" its text (what the user and page.snapshot see), e.g. {"value":"de","label":"Deutsch"})~",
         R"~("no such element", "stale ref", "element covered" (also: the field is outside an open modal dialog), "not fillable" (not a field, disabled, read-only, or the page removed what was typed), "invalid argument")~",
         R"~({"frames":[{"method":"page.goto","params":{"url":"data:text/html,<input aria-label=Email><select aria-label=Size><option>S</option><option>M</option></select><label><input type=checkbox>Weekly</label>"},"silent":true},{"method":"page.fill","params":{"role":"textbox","name":"Email","value":"ada@example.com"}},{"method":"page.fill","params":{"css":"select","value":"M"}},{"method":"page.fill","params":{"role":"checkbox","name":"Weekly","value":true}}]})~"},
        {"page.press", R"~({key, target?} -> {url, title, navigated})~",
         "Presses a key or a key combination on the real keyboard.",
         R"~(  key: "Enter", "Escape", "Tab", "Backspace", "ArrowDown", "PageDown", "a", "Control+a", "Shift+Tab", ...
  target: optional, an element to focus first (default: whatever has focus))~",
         R"~({"url","title","navigated"} as for page.click)~", R"~("invalid argument" (unknown key name), "no such element", "stale ref")~", R"~({"frames":[{"method":"page.goto","params":{"url":"data:text/html,<form onsubmit=\"document.title='sent '+this.q.value;return false\"><input name=q></form>"},"silent":true},{"method":"page.fill","params":{"css":"input","value":"hi"}},{"method":"page.press","params":{"key":"Enter"}},{"method":"page.eval","params":{"expression":"document.title"}}]})~"},
        {"page.waitFor", R"~({text|css|url, gone?} -> {url, title})~",
         "Waits until text or an element appears (or with gone: true disappears), or the URL "
         "contains a string; keeps waiting across navigations.",
         R"~(  text: visible text to wait for
  css: a selector to wait for (a visible match)
  url: a substring of the tab's URL
  gone: true waits for the text or element to disappear
The frame's timeout_ms bounds the wait (default 30000). A page that updates a moment after an action (search as you type, content loaded later) is read only after waiting for what it will show.)~",
         R"~({"url","title"} once the condition holds)~",
         R"~("timeout" naming what it waited for; "dialog open" at once when a dialog opens in the tab while it waits (answer it with page.dialog, then wait again))~",
         R"~({"frames":[{"method":"page.goto","params":{"url":"data:text/html,<p>Loading</p><script>setTimeout(()=>document.body.append('Ready'),500)</script>"},"silent":true},{"method":"page.waitFor","params":{"text":"Ready"},"timeout_ms":5000}]})~"},
        {"page.eval",
         R"~({expression} or {function, args} -> plain JSON; elements come back as {ref, tag, text})~",
         "Runs JavaScript in the page itself, as in the browser console.",
         R"~(  expression: JavaScript whose value is returned; a promise is awaited
  function: a function's source, called with args, e.g. "(sel) => document.querySelectorAll(sel).length"
  args: an array of JSON values for function)~",
         R"~(plain JSON: objects, arrays, strings, numbers, booleans, null (undefined too); a Date as its ISO string; a DOM element as {"ref","tag","text"}, its ref usable as a target)~",
         R"~("javascript error" with the exception's message and location)~",
         R"~({"frames":[{"method":"page.goto","params":{"url":"data:text/html,<a href=/a>A</a><a href=/b>B</a>"},"silent":true},{"method":"page.eval","params":{"function":"(sel) => [...document.querySelectorAll(sel)].map(a => a.textContent)","args":["a"]}}]})~"},
        {"page.screenshot", R"~({target?, full_page?} -> an image file)~",
         "Takes a screenshot of the viewport, the whole page or one element.",
         R"~(  target: optional, that element only
  full_page: true captures the whole page, not just the viewport
  format: "png" (default), "jpeg" or "webp")~",
         R"~(always a file: {"spooled": "/path/…png", "mime": "image/png", "bytes": N, ...})~",
         R"~("no such element", "stale ref")~",
         R"~({"frames":[{"method":"page.goto","params":{"url":"data:text/html,<h1 style=color:red>Red</h1>"},"silent":true},{"method":"page.screenshot","params":{"css":"h1"}}]})~"},
        {"page.tabs",
         R"~({action: list|new|select|close, url?, tab?} -> [{tab, url, title, current}])~",
         "Lists, opens, selects or closes tabs. Helpers act on the current tab.",
         R"~(  action: "list" (default), "new" (opens a tab, loads url if given, makes it current), "select" (makes tab current), "close" (closes tab, default the current one; the tab that was current before it becomes current again)
  url: for new
  tab: a tab id (from this list or from "opened" of page.click) for select and close)~",
         R"~(every open tab after the action: [{"tab": ID, "url", "title", "current": true|false}])~",
         R"~("no such tab" (the id is not an open tab: list the tabs), "invalid argument")~",
         R"~({"frames":[{"method":"page.tabs","params":{"action":"new","url":"data:text/html,<title>Second</title>"}},{"method":"page.tabs","params":{"action":"close"}}]})~"},
        {"page.logs", R"~({clear?} -> {console, errors, failed_requests})~",
         "Returns what the tab logged since it opened (or since the last read): console messages, "
         "uncaught errors and failed requests, one line each.",
         R"~(  clear: default true; false keeps the lines for the next read)~",
         R"~({"console": ["warn: low stock (app.js:3)", ...], "errors": ["ReferenceError: x is not defined (app.js:9)", ...], "failed_requests": ["404 GET /logo.png", "failed GET http://host/api: NS_ERROR_CONNECTION_REFUSED", ...]}; the newest 100 lines of each kind are kept, "dropped": N counts older ones left out)~",
         R"~(none)~",
         R"~({"frames":[{"method":"page.goto","params":{"url":"data:text/html,<script>console.warn('low stock');missingFunction()</script>"},"silent":true},{"method":"page.logs"}]})~"},
        {"page.dialog", R"~({accept, text?} -> {type, message})~",
         "Answers the open alert, confirm, prompt or beforeunload dialog. While one is open, every "
         "helper result carries \"dialog\": {type, message}.",
         R"~(  accept: true (OK; for beforeunload: leave the page) or false (Cancel; stay)
  text: the answer to a prompt)~",
         R"~({"type": "alert"|"confirm"|"prompt"|"beforeunload", "message"} of the dialog answered)~",
         R"~("no dialog" (none is open))~",
         R"~({"frames":[{"method":"page.goto","params":{"url":"data:text/html,<button onclick=\"this.textContent=prompt('Your name?')\">Ask</button>"},"silent":true},{"method":"page.click","params":{"text":"Ask"}},{"method":"page.dialog","params":{"accept":true,"text":"Ada"}},{"method":"page.text"}]})~"},
        {"page.upload", R"~({target, files} -> {files})~",
         "Puts files into a file input, as choosing them in the file dialog would.",
         R"~(  target: an <input type=file>
  files: absolute paths of existing files, inside the file_roots config (default: the host's working directory))~",
         R"~({"files": N}: how many files the input now holds)~",
         R"~("not allowed" (a path outside file_roots), "invalid argument" (not a file input, a missing file, a relative path), "no such element", "stale ref")~",
         R"~({"frames":[{"method":"page.goto","params":{"url":"data:text/html,<input type=file aria-label=Report>"},"silent":true},{"method":"page.upload","params":{"css":"input","files":["/tmp/report.txt"]}}]})~"},
        {"page.help",
         R"~({method?} -> this reference; with method, one helper in full with an example)~",
         "Returns the reference of all page helpers, or of one in full.",
         R"~(  method: a helper name, e.g. "page.click")~", R"~(a string)~",
         R"~("invalid argument" (not a helper))~",
         R"~({"frames":[{"method":"page.help","params":{"method":"page.click"}}]})~"},
    }};

constexpr std::string_view kOverview =
    R"~(Page helpers: frames whose method starts with "page." act on the current tab (every helper also takes "tab": ID to act on another tab). They take label, pick, silent and timeout_ms like any frame, and their params may hold <<label.path>> references.

Targets: helpers that act on an element take )~";

constexpr std::string_view kOverviewTail =
    R"~(. No visible match: error "no such element" (content that appears later: page.waitFor it first); several: the first, and the result says "matches": N. A ref dies with its element (error "stale ref": take a new snapshot).

Dialogs: alerts, confirms and prompts stay open; while one is open every helper result carries "dialog": {"type","message"} until page.dialog answers it.

Raw WebDriver BiDi: any other method is sent to Firefox as is; "<<tab>>" is the current tab's context id, e.g. {"method":"script.evaluate","params":{"expression":"1+1","target":{"context":"<<tab>>"},"awaitPromise":false}}.

)~";
// clang-format on

}  // namespace

std::span<const HelperDoc> HelperDocs() { return kDocs; }

const HelperDoc* FindHelperDoc(std::string_view method) {
  for (const HelperDoc& doc : kDocs) {
    if (doc.method == method) return &doc;
  }
  return nullptr;
}

std::optional<std::string> HelpText(std::string_view method) {
  std::string out;
  if (method.empty()) {
    out.append(kOverview).append(kTarget).append(kOverviewTail);
    for (const HelperDoc& doc : kDocs) {
      out.append(doc.method).append(" ").append(doc.synopsis).append("\n");
      out.append(doc.params).append("\n");
    }
    out.append(
        "\nparams marked ? are optional. page.help {\"method\": NAME} gives one helper's result, "
        "errors and an example.");
    return out;
  }
  const HelperDoc* doc = FindHelperDoc(method);
  if (doc == nullptr) return std::nullopt;
  out.append(doc->method).append(" ").append(doc->synopsis).append("\n");
  out.append(doc->summary).append("\n");
  out.append("params:\n").append(doc->params).append("\n");
  if (doc->params.find("target") != std::string_view::npos) {
    out.append("A target is ").append(kTarget).append(".\n");
  }
  out.append("result: ").append(doc->result).append("\n");
  out.append("errors: ").append(doc->errors).append("\n");
  out.append("example:\n").append(doc->example);
  return out;
}

}  // namespace firefox_bidi::page
