#include "core/tool_schema.h"

#include <string>

namespace firefox_bidi {

const char* const kToolName = "firefox_bidi";
const char* const kToolTitle = "Firefox (WebDriver BiDi)";
const char* const kPluginName = "firefox-bidi";

const char* const kToolDescriptionHead =
    R"(Drive a real Firefox browser. One call runs a batch of frames in order and returns one JSON result; the browser and its tabs stay open between calls.

Call: {"frames": [FRAME, ...], "on_error": "stop", "agent": A}. FRAME: {"method": M, "params": {...}, "label": L, "pick": P, "silent": true, "timeout_ms": N}; only method is required. "pick": "result.value" returns only that part; "silent": true returns nothing (the label still binds it).

Page helpers act on the current tab. A target is one of "ref": "e12" (from page.snapshot), "css": "form button", "text": "Sign in", or "role": "button", "name": "Sign in".
)";

const char* const kToolDescriptionTail =
    R"(Content that loads later needs page.waitFor first. Helpers that wait take "timeout_ms".
While a dialog is open, helper results carry "dialog": {type, message}; answer it with page.dialog.

Any other method is raw WebDriver BiDi, sent to Firefox as is (script.evaluate, ...). "<<tab>>" is the current tab's context id.

Chaining: "label" names a frame's whole result; later params may hold "<<label.path>>" (path steps .name, .0, [0]). A string that is exactly one reference becomes that JSON value; inside a longer string, its text.

Result: {"frames": [{"index": 0, "method": M, "result": R}, ...], "events": [...]}. A failed frame has "error": {"error": CODE, "message": ...}; later frames are "skipped": true unless "on_error": "continue". A result over 8 KiB is written to a file instead: {"spooled": "/path", "size": N, "preview": "..."} (text as .txt; images with "mime", "bytes"); read it only if needed.

Examples:
{"frames":[{"method":"page.goto","params":{"url":"data:text/html,<input aria-label=Name><button onclick=\"document.title=previousSibling.value\">Save</button>"},"silent":true},{"method":"page.fill","params":{"role":"textbox","name":"Name","value":"Ada"}},{"method":"page.click","params":{"text":"Save"}},{"method":"page.snapshot"}]}
{"frames":[{"method":"page.goto","params":{"url":"data:text/html,<p>Hi</p>"},"label":"nav"},{"method":"script.evaluate","params":{"expression":"document.URL + ' <<nav.title>>'","target":{"context":"<<tab>>"},"awaitPromise":false},"pick":"result.value"}]})";

std::string ComposeToolDescription(std::string_view helper_lines) {
  std::string out(kToolDescriptionHead);
  out.append(helper_lines).append(kToolDescriptionTail);
  return out;
}

const char* const kInputSchema = R"({
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "properties": {
    "frames": {
      "type": "array",
      "minItems": 1,
      "maxItems": 256,
      "description": "Frames, run in order.",
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
            "description": "Command params; strings may hold <<label.path>>."
          },
          "label": {
            "type": "string",
            "pattern": "^[A-Za-z_][A-Za-z0-9_-]{0,63}$",
            "description": "Names the result; unique per call."
          },
          "timeout_ms": {
            "type": "integer",
            "minimum": 1,
            "maximum": 600000,
            "description": "Reply timeout for this frame."
          },
          "pick": {
            "type": "string",
            "description": "Return only this part, e.g. result.value."
          },
          "silent": {
            "type": "boolean",
            "description": "Return no result."
          }
        },
        "required": ["method"],
        "additionalProperties": false
      }
    },
    "on_error": {
      "type": "string",
      "enum": ["stop", "continue"],
      "description": "On a failed frame: skip the rest (default) or go on."
    },
    "agent": {
      "type": "string",
      "description": "Run as this isolated agent (own tabs, cookies, storage)."
    },
    "agent_settings": {
      "type": "object",
      "description": "A new agent's viewport, locale, ..."
    }
  },
  "required": ["frames"],
  "additionalProperties": false
})";

}  // namespace firefox_bidi
