// The tool as a model sees it: name, description and the JSON Schema of its arguments
// (DESIGN.md section 5). ParseBatchArgs enforces the same rules; a unit test keeps them equal.
#ifndef FIREFOX_BIDI_CORE_TOOL_SCHEMA_H_
#define FIREFOX_BIDI_CORE_TOOL_SCHEMA_H_

namespace firefox_bidi {

extern const char* const kToolName;         // "firefox_bidi"
extern const char* const kToolTitle;        // "Firefox (WebDriver BiDi)", for people
extern const char* const kPluginName;       // "firefox-bidi", the plugin as a program
extern const char* const kToolDescription;  // for the model: what it does and how to call it
extern const char* const kInputSchema;      // JSON Schema draft 2020-12

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_TOOL_SCHEMA_H_
