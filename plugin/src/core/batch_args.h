// The tool's arguments (DESIGN.md section 5), parsed and validated before any browser traffic.
#ifndef FIREFOX_BIDI_CORE_BATCH_ARGS_H_
#define FIREFOX_BIDI_CORE_BATCH_ARGS_H_

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <boost/json/object.hpp>

#include "core/config.h"
#include "core/ref_path.h"

namespace firefox_bidi {

enum class OnError { kStop, kContinue };

struct Frame {
  std::string method;                              // "module.command"
  boost::json::object params;                      // {} when omitted
  std::string label;                               // "" when none
  std::optional<std::chrono::milliseconds> timeout;
  std::optional<RefPath> pick;                     // steps after the (absent) label
  bool silent = false;
};

struct BatchArgs {
  std::vector<Frame> frames;
  OnError on_error = OnError::kStop;
};

// Why the arguments were refused. Serialized as {"error":{"kind","message","at"}}; `at` is a
// JSON Pointer into the arguments, absent (nullopt) when the text is not JSON at all.
struct ArgsError {
  std::string kind;  // "invalid_arguments" (or "too_large")
  std::string message;
  std::optional<std::string> at;
};

std::variant<BatchArgs, ArgsError> ParseBatchArgs(std::string_view json, const Limits& limits);

// {"error":{"kind":...,"message":...,"at":...}}
std::string SerializeArgsError(const ArgsError& error);

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_BATCH_ARGS_H_
