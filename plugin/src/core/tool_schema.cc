#include "core/tool_schema.h"

namespace firefox_bidi {

const char* const kToolName = "firefox_bidi";
const char* const kToolTitle = "Firefox (WebDriver BiDi)";
const char* const kPluginName = "firefox-bidi";

const char* const kToolDescription =
    R"(Drive a real headless Firefox with a batch of WebDriver BiDi commands ("frames") in one call. Frames run in order on one BiDi session; each waits for its reply. The browser stays open between calls, so tabs, pages and state persist.

Frame: {"method": "module.command", "params": {...}, "label": "name", "timeout_ms": 30000, "pick": "path", "silent": false}. Only "method" is required; it is any BiDi command (browsingContext.getTree, browsingContext.navigate, script.evaluate, script.callFunction, input.performActions, browsingContext.captureScreenshot, ...). "params" defaults to {}.

Chaining: a frame's "label" names its whole result. Inside later params, any string may contain <<label.path>> (path steps: .name, .0 or [0]). A string that is exactly one reference becomes the referenced JSON value (any type); inside a longer string the reference is replaced by its text. "<<" that is not a complete reference stays literal. Labels of small results stay usable in later calls.

Keep results small: "pick" returns only part of the result ("result.value", "contexts[0].context"); "silent": true returns no result at all (the label still binds it). Results over 8 KiB, or past the 64 KiB budget for the whole call, are written to a file instead: the record is then {"spooled": "/abs/path", "size": N, "preview": "first 200 bytes"}; read the file only if you need it. Screenshots and PDFs are always saved as decoded files typed by their bytes (.png, .jpg, .webp, .pdf, with "mime" and "bytes").

Errors: a failed frame gives {"error": {"error": "code", "message": "..."}}; a script that throws is {"error": "javascript error"} with the exception's text and location (its label still binds the whole result). "on_error": "stop" (default) reports later frames as {"skipped": true}; "continue" runs them anyway. Do not await a promise to see the next page after a click: the old page's promise never settles (the frame fails with "page navigated"); navigate with "wait": "complete", or check location.href / document.readyState without a promise in a later frame. Dialogs (alert, confirm, prompt) stay open until answered with browsingContext.handleUserPrompt. Events (after session.subscribe) are listed in "events", each with "frame": the index of the frame in flight when it arrived, -1 between calls; when too many arrive the oldest are dropped ({"dropped": K}).

Page helpers need no BiDi and act on the current tab (the first tab; in raw frames "<<tab>>" is its context id; a helper's "tab" param names another): {"method": "page.goto", "params": {"url": "https://..."}} (or "back"/"forward"/"reload": true; "wait": "none", "interactive" or "complete", the default) returns {"url", "title"}; {"method": "page.eval", "params": {"expression": "document.title"}} (or "function": "(a, b) => a + b" with "args": [1, 2]) runs in the page, awaits promises and returns plain JSON (a DOM node as {"ref", "tag", "text"}). Helpers chain, pick and spool like any frame.

Result: {"frames": [{"index": 0, "method": "...", "label": "...", "result": ...}, ...], "events": [...]}.

Example: the title of https://example.com in the first tab:
{"frames": [
  {"method": "browsingContext.getTree", "params": {}, "label": "tree", "silent": true},
  {"method": "browsingContext.navigate", "params": {"context": "<<tree.contexts[0].context>>", "url": "https://example.com", "wait": "complete"}, "silent": true},
  {"method": "script.evaluate", "params": {"expression": "document.title", "target": {"context": "<<tree.contexts[0].context>>"}, "awaitPromise": false}, "pick": "result.value"}
]})";

const char* const kInputSchema = R"({
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "properties": {
    "frames": {
      "type": "array",
      "minItems": 1,
      "maxItems": 256,
      "description": "BiDi commands run in order; each waits for its reply.",
      "items": {
        "type": "object",
        "properties": {
          "method": {
            "type": "string",
            "pattern": "^[A-Za-z_][A-Za-z0-9_]*\\.[A-Za-z_][A-Za-z0-9_]*$",
            "description": "BiDi command, e.g. script.evaluate."
          },
          "params": {
            "type": "object",
            "description": "Command parameters; strings may hold <<label.path>> references."
          },
          "label": {
            "type": "string",
            "pattern": "^[A-Za-z_][A-Za-z0-9_-]{0,63}$",
            "description": "Names the whole result for later references; unique per call."
          },
          "timeout_ms": {
            "type": "integer",
            "minimum": 1,
            "maximum": 600000,
            "description": "Reply timeout for this frame."
          },
          "pick": {
            "type": "string",
            "description": "Return only this part of the result, e.g. result.value."
          },
          "silent": {
            "type": "boolean",
            "description": "Return no result (the label still binds it)."
          }
        },
        "required": ["method"],
        "additionalProperties": false
      }
    },
    "on_error": {
      "type": "string",
      "enum": ["stop", "continue"],
      "description": "After a failed frame: skip the rest (stop, default) or go on."
    }
  },
  "required": ["frames"],
  "additionalProperties": false
})";

}  // namespace firefox_bidi
