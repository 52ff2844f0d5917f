// The plugin's C ABI (agent_tool/plugin.h): the one exported symbol and the descriptor's
// functions. Every extern "C" body catches everything, so no exception crosses into the host.
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "agent_tool/plugin.h"
#include "core/config.h"
#include "core/content_parts.h"
#include "core/tool_error.h"
#include "core/tool_schema.h"
#include "net/firefox_bidi_tool.h"

// The opaque instance handed to the host.
struct agent_tool_instance {
  firefox_bidi::FirefoxBidiTool tool;
};

namespace {

using firefox_bidi::ToolOutcome;

constexpr char kOutOfMemoryJson[] = R"({"error":{"kind":"internal","message":"out of memory"}})";

// Returned when even the allocation of a result fails; never freed.
agent_tool_result kOutOfMemory = {sizeof(agent_tool_result),
                                  AGENT_TOOL_STATUS_FAILED,
                                  kOutOfMemoryJson,
                                  sizeof(kOutOfMemoryJson) - 1,
                                  "out of memory",
                                  nullptr,
                                  0};

// Lays a result out in one malloc block, so that free_result is a single free(): the struct,
// the part pointers, the part structs, then every string, each NUL-terminated.
class ResultBlock {
 public:
  ResultBlock(std::string_view json, std::string_view message,
              const std::vector<firefox_bidi::ContentPart>& parts)
      : json_(json), message_(message), parts_(parts) {}

  agent_tool_result* Build(agent_tool_status status) {
    // Pass 1 measures (base_ is null), pass 2 copies.
    Layout();
    base_ = static_cast<char*>(std::malloc(size_));
    if (base_ == nullptr) return &kOutOfMemory;
    Layout();
    auto* result = reinterpret_cast<agent_tool_result*>(base_);
    *result = agent_tool_result{};
    result->struct_size = sizeof(agent_tool_result);
    result->status = status;
    result->json = json_copy_;
    result->json_len = json_.size();
    result->message = message_copy_;
    result->parts = parts_.empty() ? nullptr : part_pointers_;
    result->part_count = parts_.size();
    return result;
  }

 private:
  // Places `n` bytes aligned to `align` and returns where (null while measuring).
  char* Place(std::size_t n, std::size_t align) {
    size_ = (size_ + align - 1) / align * align;
    char* at = base_ != nullptr ? base_ + size_ : nullptr;
    size_ += n;
    return at;
  }
  // A NUL-terminated copy of `text`, or NULL for an empty optional member.
  const char* String(std::string_view text, bool null_when_empty = false) {
    if (null_when_empty && text.empty()) return nullptr;
    char* at = Place(text.size() + 1, 1);
    if (at != nullptr) {
      std::memcpy(at, text.data(), text.size());
      at[text.size()] = '\0';
    }
    return at;
  }

  void Layout() {
    size_ = 0;
    Place(sizeof(agent_tool_result), alignof(agent_tool_result));
    char* pointers =
        Place(parts_.size() * sizeof(agent_tool_content_part*), alignof(agent_tool_content_part*));
    part_pointers_ = reinterpret_cast<const agent_tool_content_part**>(pointers);
    char* structs =
        Place(parts_.size() * sizeof(agent_tool_content_part), alignof(agent_tool_content_part));
    json_copy_ = String(json_);
    message_copy_ = String(message_);
    for (std::size_t i = 0; i < parts_.size(); ++i) {
      const firefox_bidi::ContentPart& in = parts_[i];
      agent_tool_content_part part{};
      part.struct_size = sizeof(agent_tool_content_part);
      switch (in.kind) {
        case firefox_bidi::ContentPart::Kind::kText:
          part.kind = AGENT_TOOL_CONTENT_TEXT;
          part.text = String(in.text);
          part.text_len = in.text.size();
          break;
        case firefox_bidi::ContentPart::Kind::kImage:
          part.kind = AGENT_TOOL_CONTENT_IMAGE;
          part.mime = String(in.mime);
          part.path = String(in.path);
          break;
        case firefox_bidi::ContentPart::Kind::kResourceLink:
          part.kind = AGENT_TOOL_CONTENT_RESOURCE_LINK;
          part.mime = String(in.mime, /*null_when_empty=*/true);
          part.uri = String(in.uri);
          part.name = String(in.name);
          break;
      }
      if (base_ != nullptr) {
        auto* slot = reinterpret_cast<agent_tool_content_part*>(structs) + i;
        *slot = part;
        part_pointers_[i] = slot;
      }
    }
  }

  std::string_view json_;
  std::string_view message_;
  const std::vector<firefox_bidi::ContentPart>& parts_;
  char* base_ = nullptr;
  std::size_t size_ = 0;
  const agent_tool_content_part** part_pointers_ = nullptr;
  const char* json_copy_ = nullptr;
  const char* message_copy_ = nullptr;
};

agent_tool_result* MakeResult(agent_tool_status status, std::string_view json,
                              std::string_view message,
                              const std::vector<firefox_bidi::ContentPart>& parts = {}) {
  return ResultBlock(json, message, parts).Build(status);
}

agent_tool_result* ErrorResult(agent_tool_status status, const firefox_bidi::ToolError& error) {
  return MakeResult(status, firefox_bidi::SerializeToolError(error), error.message);
}

agent_tool_result* ErrorResult(agent_tool_status status, std::string_view kind,
                               std::string_view message) {
  return ErrorResult(
      status, firefox_bidi::ToolError{.kind = std::string(kind), .message = std::string(message)});
}

// For the catch-all handlers: no allocation beyond the result itself.
agent_tool_result* InternalError(const char* what) {
  // Building the message may throw (bad_alloc) too: nothing may cross the C boundary.
  try {
    return ErrorResult(AGENT_TOOL_STATUS_FAILED, "internal",
                       std::string("internal error: ") + what);
  } catch (...) {
    return &kOutOfMemory;
  }
}

agent_tool_status ToAbi(ToolOutcome::Status status) {
  switch (status) {
    case ToolOutcome::Status::kOk:
      return AGENT_TOOL_STATUS_OK;
    case ToolOutcome::Status::kRefused:
      return AGENT_TOOL_STATUS_REFUSED;
    case ToolOutcome::Status::kFailed:
      return AGENT_TOOL_STATUS_FAILED;
  }
  return AGENT_TOOL_STATUS_FAILED;
}

firefox_bidi::ToolCallbacks CallbacksFor(const agent_tool_host_services* services) {
  firefox_bidi::ToolCallbacks callbacks;
  if (services == nullptr) return callbacks;
  // Fields past what the host compiled are not there: read only what struct_size covers.
  auto covers = [services](std::size_t end) { return services->struct_size >= end; };
  if (covers(offsetof(agent_tool_host_services, hints) + sizeof(services->hints))) {
    callbacks.long_lived_host = (services->hints & AGENT_TOOL_HOST_HINT_LONG_LIVED) != 0;
  }
  if (covers(offsetof(agent_tool_host_services, log_callback) + sizeof(void*)) &&
      services->log_callback != nullptr) {
    callbacks.log = [services](int level, std::string_view line) {
      services->log_callback(services->host_context, static_cast<agent_tool_log_level>(level),
                             line.data(), line.size());
    };
  }
  if (covers(offsetof(agent_tool_host_services, progress_callback) + sizeof(void*)) &&
      services->progress_callback != nullptr) {
    callbacks.progress = [services](void* call_context, std::uint64_t done, std::uint64_t total,
                                    std::string_view message) {
      services->progress_callback(services->host_context, call_context, done, total, message.data(),
                                  message.size());
    };
  }
  return callbacks;
}

agent_tool_result* CreateInstance(const char* config_json, size_t config_len,
                                  const agent_tool_host_services* services,
                                  agent_tool_instance** out_instance) {
  try {
    if (out_instance == nullptr) {
      return ErrorResult(AGENT_TOOL_STATUS_REFUSED, "invalid_call", "out_instance is NULL");
    }
    *out_instance = nullptr;
    std::string_view text =
        config_json != nullptr ? std::string_view(config_json, config_len) : std::string_view();
    firefox_bidi::ToolErrorOr<firefox_bidi::InstanceConfig> config =
        firefox_bidi::ParseConfig(text);
    if (const auto* error = std::get_if<firefox_bidi::ToolError>(&config)) {
      return ErrorResult(AGENT_TOOL_STATUS_REFUSED, *error);
    }
    *out_instance = new agent_tool_instance{firefox_bidi::FirefoxBidiTool(
        std::get<firefox_bidi::InstanceConfig>(std::move(config)), CallbacksFor(services))};
    return MakeResult(AGENT_TOOL_STATUS_OK, "{}", "");
  } catch (const std::exception& e) {
    return InternalError(e.what());
  } catch (...) {
    return InternalError("unknown exception");
  }
}

agent_tool_result* Invoke(agent_tool_instance* instance, const char* args_json, size_t args_len,
                          void* call_context) {
  try {
    if (instance == nullptr) {
      return ErrorResult(AGENT_TOOL_STATUS_REFUSED, "invalid_call", "instance is NULL");
    }
    std::string_view args =
        args_json != nullptr ? std::string_view(args_json, args_len) : std::string_view();
    ToolOutcome outcome = instance->tool.Invoke(args, call_context);
    return MakeResult(ToAbi(outcome.status), outcome.json, outcome.message, outcome.parts);
  } catch (const std::exception& e) {
    return InternalError(e.what());
  } catch (...) {
    return InternalError("unknown exception");
  }
}

void Cancel(agent_tool_instance* instance) {
  try {
    if (instance != nullptr) instance->tool.Cancel();
  } catch (...) {
  }
}

void CancelCall(agent_tool_instance* instance, void* call_context) {
  try {
    if (instance != nullptr) instance->tool.CancelCall(call_context);
  } catch (...) {
  }
}

void ReleaseHandle(agent_tool_instance* instance, const char* handle, size_t handle_len) {
  try {
    if (instance == nullptr || handle == nullptr) return;
    instance->tool.ReleaseAgent(std::string_view(handle, handle_len));
  } catch (...) {
  }
}

void FreeResult(agent_tool_result* result) {
  if (result != &kOutOfMemory) std::free(result);
}

void DestroyInstance(agent_tool_instance* instance) {
  try {
    if (instance == nullptr) return;
    instance->tool.Shutdown();
    delete instance;
  } catch (...) {
  }
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const agent_tool_plugin_descriptor*
agent_tool_plugin_v1(void) {
  static const agent_tool_plugin_descriptor descriptor = {
      AGENT_TOOL_ABI_MAJOR,
      AGENT_TOOL_ABI_MINOR,
      sizeof(agent_tool_plugin_descriptor),
      firefox_bidi::kToolName,
      FIREFOX_BIDI_VERSION,
      firefox_bidi::ToolDescription(),
      firefox_bidi::kInputSchema,
      &CreateInstance,
      &Invoke,
      &Cancel,
      &FreeResult,
      &DestroyInstance,
      firefox_bidi::kToolTitle,
      firefox_bidi::kPluginName,
      "agent",
      &ReleaseHandle,
      &CancelCall,
  };
  return &descriptor;
}
