// The plugin's C ABI (agent_tool/plugin.h): the one exported symbol and the descriptor's
// functions. Every extern "C" body catches everything, so no exception crosses into the host.
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
#include <string_view>

#include "agent_tool/plugin.h"
#include "core/config.h"
#include "core/tool_schema.h"
#include "net/firefox_bidi_tool.h"

// The opaque instance handed to the host.
struct agent_tool_instance {
  firefox_bidi::FirefoxBidiTool tool;
};

namespace {

using firefox_bidi::ToolOutcome;

// Returned when even the allocation of a result fails; never freed.
agent_tool_result kOutOfMemory = {
    AGENT_TOOL_STATUS_FAILED, R"({"error":{"kind":"internal","message":"out of memory"}})",
    sizeof(R"({"error":{"kind":"internal","message":"out of memory"}})") - 1, "out of memory"};

// One malloc block: the struct, then the JSON and the message, both NUL-terminated, so that
// free_result is a single free().
agent_tool_result* MakeResult(agent_tool_status status, std::string_view json,
                              std::string_view message) {
  std::size_t size = sizeof(agent_tool_result) + json.size() + 1 + message.size() + 1;
  auto* result = static_cast<agent_tool_result*>(std::malloc(size));
  if (result == nullptr) return &kOutOfMemory;
  char* json_copy = reinterpret_cast<char*>(result + 1);
  char* message_copy = json_copy + json.size() + 1;
  std::memcpy(json_copy, json.data(), json.size());
  json_copy[json.size()] = '\0';
  std::memcpy(message_copy, message.data(), message.size());
  message_copy[message.size()] = '\0';
  result->status = status;
  result->json = json_copy;
  result->json_len = json.size();
  result->message = message_copy;
  return result;
}

agent_tool_result* ErrorResult(agent_tool_status status, std::string_view kind,
                               std::string_view message, const std::string* at = nullptr) {
  boost::json::object error{{"kind", kind}, {"message", message}};
  if (at != nullptr) error["at"] = *at;
  return MakeResult(status, boost::json::serialize(boost::json::object{{"error", error}}), message);
}

// For the catch-all handlers: no allocation beyond the result itself.
agent_tool_result* InternalError(const char* what) {
  std::string message = std::string("internal error: ") + what;
  try {
    return ErrorResult(AGENT_TOOL_STATUS_FAILED, "internal", message);
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
    firefox_bidi::ConfigError error;
    absl::StatusOr<firefox_bidi::InstanceConfig> config = firefox_bidi::ParseConfig(text, &error);
    if (!config.ok()) {
      return ErrorResult(AGENT_TOOL_STATUS_REFUSED, "invalid_config", error.message, &error.at);
    }
    *out_instance = new agent_tool_instance{
        firefox_bidi::FirefoxBidiTool(std::move(*config), CallbacksFor(services))};
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
    return MakeResult(ToAbi(outcome.status), outcome.json, outcome.message);
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
      firefox_bidi::kToolDescription,
      firefox_bidi::kInputSchema,
      &CreateInstance,
      &Invoke,
      &Cancel,
      &FreeResult,
      &DestroyInstance,
  };
  return &descriptor;
}
