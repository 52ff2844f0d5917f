// The refusal or failure of a whole call, as the model and the host read it:
// {"error":{"kind":...,"message":...,"at":...}}. Every such result the plugin writes (arguments
// refused, a config refused, a call the C ABI layer or the tool cannot carry out) is a
// ToolError written by SerializeToolError; a frame's own error is a record instead (records.h).
#ifndef FIREFOX_BIDI_CORE_TOOL_ERROR_H_
#define FIREFOX_BIDI_CORE_TOOL_ERROR_H_

#include <optional>
#include <string>
#include <variant>

namespace firefox_bidi {

struct ToolError {
  // "invalid_arguments", "too_large", "invalid_config", "invalid_call", "internal"... (the
  // table in docs/tool-reference.md).
  std::string kind;
  std::string message;  // what was wrong, where, and what to do
  // A JSON Pointer into the arguments or the config ("" = the whole); nullopt: no place (the
  // text is not JSON at all, or the error is not about the input).
  std::optional<std::string> at;
};

// What a parser of the model's or the host's input returns (ParseBatchArgs, ParseConfig): the
// value, or the ToolError that refuses the input.
template <typename T>
using ToolErrorOr = std::variant<T, ToolError>;

// {"error":{"kind":...,"message":...}}, with "at" after "message" when present.
std::string SerializeToolError(const ToolError& error);

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_TOOL_ERROR_H_
