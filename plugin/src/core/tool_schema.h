// The tool as a model sees it: name, description and the JSON Schema of its arguments
// (DESIGN.md section 5). ParseBatchArgs enforces the same rules; a unit test keeps them equal.
#ifndef FIREFOX_BIDI_CORE_TOOL_SCHEMA_H_
#define FIREFOX_BIDI_CORE_TOOL_SCHEMA_H_

#include <string>
#include <string_view>

namespace firefox_bidi {

extern const char* const kToolName;    // "firefox_bidi"
extern const char* const kToolTitle;   // "Firefox (WebDriver BiDi)", for people
extern const char* const kPluginName;  // "firefox-bidi", the plugin as a program
// For the model: what the tool does and how to call it, around one line per page helper
// ("- page.goto SYNOPSIS\n"), which the page layer writes (net/firefox_bidi_tool.h's
// ToolDescription() puts them together).
extern const char* const kToolDescriptionHead;
extern const char* const kToolDescriptionTail;
std::string ComposeToolDescription(std::string_view helper_lines);
extern const char* const kInputSchema;  // JSON Schema draft 2020-12

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_TOOL_SCHEMA_H_
