// Argument validation: any bytes must yield either valid arguments or a refusal whose JSON
// serializes and whose `at` (when present) is a JSON Pointer.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <variant>

#include "core/batch_args.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  firefox_bidi::Limits limits;
  auto parsed = firefox_bidi::ParseBatchArgs(text, limits);
  if (const auto* error = std::get_if<firefox_bidi::ToolError>(&parsed)) {
    if (error->message.empty()) std::abort();
    if (error->at && !error->at->empty() && (*error->at)[0] != '/') std::abort();
    if (firefox_bidi::SerializeToolError(*error).empty()) std::abort();
  } else {
    const auto& args = std::get<firefox_bidi::BatchArgs>(parsed);
    if (args.frames.empty() || args.frames.size() > limits.max_frames) std::abort();
  }
  return 0;
}
