#include "plugin_loader.h"

#include <dlfcn.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstddef>
#include <cstring>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace agent_tool {
namespace {

// The smallest descriptor this host can use: every field of ABI 1.0.
constexpr std::size_t kMinDescriptorSize =
    offsetof(agent_tool_plugin_descriptor, destroy_instance) +
    sizeof(agent_tool_destroy_instance_fn);

absl::Status Refuse(const std::string& path, std::string_view reason) {
  return absl::FailedPreconditionError(absl::StrCat("plugin ", path, ": ", std::string(reason)));
}

// The name of the first required descriptor field that is NULL, or nullptr when all are set.
const char* FirstNullField(const agent_tool_plugin_descriptor& d) {
  if (d.name == nullptr) return "name";
  if (d.version == nullptr) return "version";
  if (d.description == nullptr) return "description";
  if (d.input_schema == nullptr) return "input_schema";
  if (d.create_instance == nullptr) return "create_instance";
  if (d.invoke == nullptr) return "invoke";
  if (d.cancel == nullptr) return "cancel";
  if (d.free_result == nullptr) return "free_result";
  if (d.destroy_instance == nullptr) return "destroy_instance";
  return nullptr;
}

// Copies a plugin result and releases it with the plugin's free_result.
ToolResult TakeResult(const agent_tool_plugin_descriptor& d, agent_tool_result* raw) {
  ToolResult out;
  if (raw == nullptr) {
    out.status = AGENT_TOOL_STATUS_FAILED;
    out.message = "plugin returned no result";
    out.json = R"({"error":{"kind":"plugin_error","message":"plugin returned no result"}})";
    return out;
  }
  out.status = raw->status;
  if (raw->json != nullptr) out.json.assign(raw->json, raw->json_len);
  if (raw->message != nullptr) out.message = raw->message;
  d.free_result(raw);
  return out;
}

}  // namespace

absl::StatusOr<std::shared_ptr<const PluginLibrary>> PluginLibrary::Open(const std::string& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) {
    int err = errno;
    if (err == ENOENT) {
      return absl::NotFoundError(absl::StrCat("plugin ", path, ": file not found"));
    }
    return Refuse(path, absl::StrCat("cannot access the file (", std::strerror(err), ")"));
  }
  if (!S_ISREG(st.st_mode)) return Refuse(path, "not a regular file");

  ::dlerror();
  void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* why = ::dlerror();
    return Refuse(path, absl::StrCat("not a loadable shared object (",
                                     why != nullptr ? why : "unknown dlopen error", ")"));
  }
  // From here on every refusal must close the handle.
  auto refuse = [&](std::string_view reason) {
    ::dlclose(handle);
    return Refuse(path, reason);
  };

  ::dlerror();
  void* symbol = ::dlsym(handle, AGENT_TOOL_ENTRY_SYMBOL);
  if (symbol == nullptr) {
    return refuse("no " AGENT_TOOL_ENTRY_SYMBOL " symbol (not an agent tool plugin)");
  }
  auto entry = reinterpret_cast<agent_tool_entry_fn>(symbol);
  const agent_tool_plugin_descriptor* d = entry();
  if (d == nullptr) return refuse(AGENT_TOOL_ENTRY_SYMBOL " returned NULL");
  // abi_major and struct_size sit in front of every version's descriptor, so they are safe to
  // read before the size is known.
  if (d->abi_major != AGENT_TOOL_ABI_MAJOR) {
    return refuse(absl::StrCat("built for ABI ", d->abi_major, ".x; this host speaks ",
                               AGENT_TOOL_ABI_MAJOR, ".x"));
  }
  if (d->struct_size < kMinDescriptorSize) {
    return refuse(absl::StrCat("descriptor is ", d->struct_size, " bytes, needs at least ",
                               kMinDescriptorSize));
  }
  if (const char* field = FirstNullField(*d); field != nullptr) {
    return refuse(absl::StrCat("descriptor field ", field, " is NULL"));
  }
  return std::shared_ptr<const PluginLibrary>(new PluginLibrary(path, handle, d));
}

PluginLibrary::~PluginLibrary() { ::dlclose(handle_); }

ToolInstance::ToolInstance(std::shared_ptr<const PluginLibrary> library, LogFn log)
    : library_(std::move(library)), log_(std::move(log)) {
  services_.struct_size = sizeof(services_);
  services_.host_context = this;
  services_.log_callback = log_ ? &ToolInstance::OnLog : nullptr;
  services_.progress_callback = &ToolInstance::OnProgress;
}

ToolInstance::Created ToolInstance::Create(std::shared_ptr<const PluginLibrary> library,
                                           std::string_view config_json, LogFn log) {
  const agent_tool_plugin_descriptor& d = library->descriptor();
  // The services table lives in the instance object, so that object exists before create.
  std::unique_ptr<ToolInstance> instance(new ToolInstance(std::move(library), std::move(log)));
  agent_tool_instance* raw = nullptr;
  Created created;
  created.result = TakeResult(
      d, d.create_instance(config_json.data(), config_json.size(), &instance->services_, &raw));
  if (created.result.status == AGENT_TOOL_STATUS_OK && raw != nullptr) {
    instance->instance_ = raw;
    created.instance = std::move(instance);
  } else if (raw != nullptr) {
    d.destroy_instance(raw);  // a plugin that reported failure but still returned an instance
  }
  if (created.result.status == AGENT_TOOL_STATUS_OK && created.instance == nullptr) {
    created.result.status = AGENT_TOOL_STATUS_FAILED;
    created.result.message = "plugin reported OK but returned no instance";
    created.result.json =
        R"({"error":{"kind":"plugin_error","message":"plugin reported OK but returned no instance"}})";
  }
  return created;
}

ToolInstance::~ToolInstance() {
  if (instance_ != nullptr) library_->descriptor().destroy_instance(instance_);
}

ToolResult ToolInstance::Invoke(std::string_view args_json, const ProgressFn* progress) {
  const agent_tool_plugin_descriptor& d = library_->descriptor();
  return TakeResult(d, d.invoke(instance_, args_json.data(), args_json.size(),
                                const_cast<ProgressFn*>(progress)));
}

void ToolInstance::Cancel() { library_->descriptor().cancel(instance_); }

void ToolInstance::OnLog(void* host_context, agent_tool_log_level level, const char* message,
                         std::size_t message_len) {
  // Called from C code: nothing may unwind through it.
  try {
    auto* self = static_cast<ToolInstance*>(host_context);
    if (self->log_) self->log_(level, std::string_view(message, message_len));
  } catch (...) {
  }
}

void ToolInstance::OnProgress(void* /*host_context*/, void* call_context, std::uint64_t done,
                              std::uint64_t total, const char* message, std::size_t message_len) {
  try {
    const auto* progress = static_cast<const ProgressFn*>(call_context);
    if (progress != nullptr && *progress) {
      (*progress)(done, total, std::string_view(message, message_len));
    }
  } catch (...) {
  }
}

}  // namespace agent_tool
