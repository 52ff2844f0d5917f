// agent_tool/loader.h -- the host side of the C ABI (agent_tool/plugin.h) in C++: loads a
// plugin library, checks its descriptor, and wraps instances so that every result is copied
// out and released with the plugin's own free_result. Installed with the SDK (CMake target
// agent_tool::loader); needs C++20 and abseil's Status, nothing else.
#ifndef AGENT_TOOL_LOADER_H_
#define AGENT_TOOL_LOADER_H_

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "agent_tool/plugin.h"

namespace agent_tool {

// A loaded plugin (dlopen(RTLD_NOW | RTLD_LOCAL)); dlclose on destruction.
// Thread safety: immutable after Open; share it freely. Instances keep it alive.
class PluginLibrary {
 public:
  // Loads `path` and validates its descriptor. kNotFound when the file does not exist,
  // kFailedPrecondition for anything that is not a compatible plugin (not a shared object, no
  // entry symbol, a NULL descriptor, another ABI major -- ABI 1 plugins included --, a
  // descriptor shorter than ABI 2.0's, a NULL required field); the message names the file and
  // the reason.
  static absl::StatusOr<std::shared_ptr<const PluginLibrary>> Open(const std::string& path);

  ~PluginLibrary();
  PluginLibrary(const PluginLibrary&) = delete;
  PluginLibrary& operator=(const PluginLibrary&) = delete;

  const agent_tool_plugin_descriptor& descriptor() const { return *descriptor_; }
  // The descriptor's handle_argument (ABI 2.1), "" when the plugin has none or predates it.
  std::string_view handle_argument() const;
  const std::string& path() const { return path_; }

 private:
  PluginLibrary(std::string path, void* handle, const agent_tool_plugin_descriptor* descriptor)
      : path_(std::move(path)), handle_(handle), descriptor_(descriptor) {}

  std::string path_;
  void* handle_;
  const agent_tool_plugin_descriptor* descriptor_;
};

// A content part copied out of a result (agent_tool_content_part). Members the kind does not
// use are empty.
struct ContentPart {
  std::uint32_t kind = AGENT_TOOL_CONTENT_TEXT;  // an agent_tool_content_kind
  std::string text;                              // kText
  std::string mime;  // kImage (never empty), kResourceLink (empty when unknown)
  std::string data;  // kImage: the bytes, when given inline
  std::string path;  // kImage: the file, when given by path
  std::string uri;   // kResourceLink
  std::string name;  // kResourceLink

  bool operator==(const ContentPart&) const = default;
};

// A result copied out of the plugin (the plugin's copy is already freed).
// A result the plugin got wrong (a result struct shorter than ABI 2.0's, a malformed part) is
// turned into status FAILED with {"error":{"kind":"plugin_error","message":...}}; parts of a
// kind this host does not know are skipped.
struct ToolResult {
  agent_tool_status status = AGENT_TOOL_STATUS_FAILED;
  std::string json;
  std::string message;
  std::vector<ContentPart> parts;
};

// Called with (done, total, message) as the frames of one invocation finish.
using ProgressFn = std::function<void(std::uint64_t, std::uint64_t, std::string_view)>;
// Called with (level, line) for the plugin's log lines.
using LogFn = std::function<void(agent_tool_log_level, std::string_view)>;

// One plugin instance; destroy_instance on destruction.
// Thread safety: Invoke, Cancel, CancelCall and ReleaseHandle from any thread, also at once
// (a plugin before ABI 2.2 refuses a concurrent Invoke "busy"). Do not destroy while one of
// them runs.
class ToolInstance {
 public:
  struct Created {
    std::unique_ptr<ToolInstance> instance;  // null unless result.status is OK
    ToolResult result;
  };
  // Creates an instance from `config_json`. `log` may be empty (logs dropped). `hints` is a
  // bitwise OR of agent_tool_host_hint values passed to the plugin.
  static Created Create(std::shared_ptr<const PluginLibrary> library, std::string_view config_json,
                        LogFn log = {}, std::uint64_t hints = 0);

  ~ToolInstance();
  ToolInstance(const ToolInstance&) = delete;
  ToolInstance& operator=(const ToolInstance&) = delete;

  // Runs one call. `progress` (may be null) must stay valid until Invoke returns. `call_id`
  // (may be null) names the call to CancelCall while it runs or waits for its turn.
  ToolResult Invoke(std::string_view args_json, const ProgressFn* progress = nullptr,
                    const void* call_id = nullptr);
  // Cancels every call of the instance, running or waiting.
  void Cancel();
  // Cancels the call(s) Invoke was given `call_id` for, if still running or waiting: the
  // plugin's cancel_call (ABI 2.2), else its cancel (an older plugin runs one call at a time).
  void CancelCall(const void* call_id);
  // The plugin's release_handle (ABI 2.1): the caller named `handle` is gone. False when the
  // plugin has none. A 2.2 plugin runs it after the calls before it; with an older one, not
  // concurrently with Invoke.
  bool ReleaseHandle(std::string_view handle);

  const PluginLibrary& library() const { return *library_; }

 private:
  ToolInstance(std::shared_ptr<const PluginLibrary> library, LogFn log, std::uint64_t hints);

  static void OnLog(void* host_context, agent_tool_log_level level, const char* message,
                    std::size_t message_len);
  static void OnProgress(void* host_context, void* call_context, std::uint64_t done,
                         std::uint64_t total, const char* message, std::size_t message_len);

  // What the plugin gets as an invoke's call_context.
  struct CallContext {
    const ProgressFn* progress;
  };

  std::shared_ptr<const PluginLibrary> library_;
  LogFn log_;
  agent_tool_host_services services_{};
  agent_tool_instance* instance_ = nullptr;
  std::mutex calls_mutex_;
  std::multimap<const void*, CallContext*> calls_;  // by call_id, while Invoke runs
};

// {"error":{"kind":KIND,"message":MESSAGE}}, compact: a refusal or failure in the shape every
// plugin's results take (plugin.h), for the results a host writes itself (a result the plugin
// got wrong, an input the host refuses before the plugin sees it). The message is escaped as a
// JSON string; its bytes are otherwise kept as they are.
std::string ErrorResultJson(std::string_view kind, std::string_view message);

}  // namespace agent_tool

#endif  // AGENT_TOOL_LOADER_H_
