// The host side of the C ABI in C++: loads a plugin library, checks its descriptor, and wraps
// instances so that every result is released with the plugin's own free_result.
#ifndef AGENT_TOOL_PLUGIN_LOADER_H_
#define AGENT_TOOL_PLUGIN_LOADER_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "agent_tool/plugin.h"

namespace agent_tool {

// A loaded plugin (dlopen(RTLD_NOW | RTLD_LOCAL)); dlclose on destruction.
// Thread safety: immutable after Open; share it freely. Instances keep it alive.
class PluginLibrary {
 public:
  // Loads `path` and validates its descriptor. kNotFound when the file does not exist,
  // kFailedPrecondition for anything that is not a compatible plugin; the message names the
  // file and the reason.
  static absl::StatusOr<std::shared_ptr<const PluginLibrary>> Open(const std::string& path);

  ~PluginLibrary();
  PluginLibrary(const PluginLibrary&) = delete;
  PluginLibrary& operator=(const PluginLibrary&) = delete;

  const agent_tool_plugin_descriptor& descriptor() const { return *descriptor_; }
  const std::string& path() const { return path_; }

 private:
  PluginLibrary(std::string path, void* handle, const agent_tool_plugin_descriptor* descriptor)
      : path_(std::move(path)), handle_(handle), descriptor_(descriptor) {}

  std::string path_;
  void* handle_;
  const agent_tool_plugin_descriptor* descriptor_;
};

// A result copied out of the plugin (the plugin's copy is already freed).
struct ToolResult {
  agent_tool_status status = AGENT_TOOL_STATUS_FAILED;
  std::string json;
  std::string message;
};

// Called with (done, total, message) as the frames of one invocation finish.
using ProgressFn = std::function<void(std::uint64_t, std::uint64_t, std::string_view)>;
// Called with (level, line) for the plugin's log lines.
using LogFn = std::function<void(agent_tool_log_level, std::string_view)>;

// One plugin instance; destroy_instance on destruction.
// Thread safety: Invoke from one thread at a time (a concurrent one is refused "busy" by the
// plugin); Cancel from any thread, also during Invoke. Do not destroy while Invoke runs.
class ToolInstance {
 public:
  struct Created {
    std::unique_ptr<ToolInstance> instance;  // null unless result.status is OK
    ToolResult result;
  };
  // Creates an instance from `config_json`. `log` may be empty (logs dropped).
  static Created Create(std::shared_ptr<const PluginLibrary> library, std::string_view config_json,
                        LogFn log = {});

  ~ToolInstance();
  ToolInstance(const ToolInstance&) = delete;
  ToolInstance& operator=(const ToolInstance&) = delete;

  // Runs one call. `progress` (may be null) must stay valid until Invoke returns.
  ToolResult Invoke(std::string_view args_json, const ProgressFn* progress = nullptr);
  void Cancel();

  const PluginLibrary& library() const { return *library_; }

 private:
  explicit ToolInstance(std::shared_ptr<const PluginLibrary> library, LogFn log);

  static void OnLog(void* host_context, agent_tool_log_level level, const char* message,
                    std::size_t message_len);
  static void OnProgress(void* host_context, void* call_context, std::uint64_t done,
                         std::uint64_t total, const char* message, std::size_t message_len);

  std::shared_ptr<const PluginLibrary> library_;
  LogFn log_;
  agent_tool_host_services services_{};
  agent_tool_instance* instance_ = nullptr;
};

}  // namespace agent_tool

#endif  // AGENT_TOOL_PLUGIN_LOADER_H_
