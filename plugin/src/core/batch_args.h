// The tool's arguments (DESIGN.md section 5), parsed and validated before any browser traffic.
#ifndef FIREFOX_BIDI_CORE_BATCH_ARGS_H_
#define FIREFOX_BIDI_CORE_BATCH_ARGS_H_

#include <boost/json/object.hpp>
#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/config.h"
#include "core/ref_path.h"
#include "core/tool_error.h"

namespace firefox_bidi {

// The `method` pattern as documented in the tool's input schema: "module.command".
inline constexpr std::string_view kMethodPattern =
    "^[A-Za-z_][A-Za-z0-9_]*\\.[A-Za-z_][A-Za-z0-9_]*$";
// The largest `timeout_ms` argument of a frame (600 s). The config's frame_timeout_ms, the
// default for frames without one, has its own, larger bound (config.cc).
inline constexpr std::int64_t kMaxTimeoutMs = 600000;

bool IsValidMethod(std::string_view s);

// Methods starting with this are helpers (DESIGN.md section 9), carried out by the plugin.
inline constexpr std::string_view kHelperPrefix = "page.";
// The reserved label: <<tab>> is the current tab's context id.
inline constexpr std::string_view kTabLabel = "tab";

enum class OnError { kStop, kContinue };

struct Frame {
  std::string method;          // "module.command"
  boost::json::object params;  // {} when omitted
  std::string label;           // "" when none
  std::optional<std::chrono::milliseconds> timeout;
  std::optional<RefPath> pick;  // steps after the (absent) label
  bool silent = false;
};

struct BatchArgs {
  std::vector<Frame> frames;
  OnError on_error = OnError::kStop;
  std::string agent = "default";  // the isolated agent the batch runs as (DESIGN.md section 12)
  // Its settings on first use (checked by AgentSettingsProblem); nullopt when not given.
  std::optional<boost::json::object> agent_settings;
};

// Why the arguments were refused: a ToolError of kind "invalid_arguments", or "too_large" for
// more frames than allowed; `at` is a JSON Pointer into the arguments, nullopt when the text is
// not JSON at all.
// `helpers`: the helper methods this build has; a "page.*" method not among them is refused
// with a message listing them.
ToolErrorOr<BatchArgs> ParseBatchArgs(std::string_view json, const Limits& limits,
                                      std::span<const std::string_view> helpers = {});

// Appends `key` to a JSON Pointer, escaping "~" as "~0" and "/" as "~1" (RFC 6901). A key
// longer than kMaxPointerKeyBytes is cut to that many bytes (on a UTF-8 boundary) followed by
// "...", so an error never echoes a huge key whole.
inline constexpr std::size_t kMaxPointerKeyBytes = 64;
std::string JsonPointerAppend(std::string_view pointer, std::string_view key);

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_BATCH_ARGS_H_
