#include "agent_tool/loader.h"

#include <dlfcn.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace agent_tool {
namespace {

// The smallest structs this host can use: every field of ABI 2.0.
constexpr std::size_t kMinDescriptorSize =
    offsetof(agent_tool_plugin_descriptor, plugin_name) + sizeof(const char*);
// The end of the fields ABI 2.1 appended; a descriptor shorter than this has neither.
constexpr std::size_t kDescriptorSize21 =
    offsetof(agent_tool_plugin_descriptor, release_handle) + sizeof(agent_tool_release_handle_fn);
// The end of the field ABI 2.2 appended.
constexpr std::size_t kDescriptorSize22 =
    offsetof(agent_tool_plugin_descriptor, cancel_call) + sizeof(agent_tool_cancel_call_fn);
constexpr std::size_t kMinResultSize =
    offsetof(agent_tool_result, part_count) + sizeof(std::size_t);
constexpr std::size_t kMinPartSize = offsetof(agent_tool_content_part, name) + sizeof(const char*);

constexpr char kPluginError[] = "plugin_error";

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
  if (d.title == nullptr) return "title";
  if (d.plugin_name == nullptr) return "plugin_name";
  return nullptr;
}

// A JSON string literal of `text` (the loader needs no JSON library for its few messages).
std::string JsonString(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out.push_back('\\');
      out.push_back(c);
    } else if (u < 0x20) {
      static constexpr char kHex[] = "0123456789abcdef";
      out.append("\\u00");
      out.push_back(kHex[u >> 4]);
      out.push_back(kHex[u & 15]);
    } else {
      out.push_back(c);
    }
  }
  out.push_back('"');
  return out;
}

// The FAILED result that stands for a result the plugin got wrong.
ToolResult PluginError(std::string message) {
  ToolResult out;
  out.status = AGENT_TOOL_STATUS_FAILED;
  out.json = ErrorResultJson(kPluginError, message);
  out.message = std::move(message);
  return out;
}

std::string CopyString(const char* text) { return text != nullptr ? std::string(text) : ""; }

// Appends a copy of part `index` to `out`; skips a kind this host does not know;
// kFailedPrecondition saying what is wrong when the part is malformed.
absl::Status CopyPart(const agent_tool_content_part* raw, std::size_t index,
                      std::vector<ContentPart>& out) {
  auto bad = [index](const std::string& why) {
    return absl::FailedPreconditionError(absl::StrCat("content part ", index, ": ", why));
  };
  if (raw == nullptr) return bad("is NULL");
  if (raw->struct_size < kMinPartSize) {
    return bad(absl::StrCat("is ", raw->struct_size, " bytes, needs at least ", kMinPartSize));
  }
  ContentPart part;
  part.kind = raw->kind;
  switch (raw->kind) {
    case AGENT_TOOL_CONTENT_TEXT:
      if (raw->text == nullptr) return bad("text part without text");
      part.text.assign(raw->text, raw->text_len);
      break;
    case AGENT_TOOL_CONTENT_IMAGE:
      if (raw->mime == nullptr || *raw->mime == '\0') return bad("image part without mime");
      if ((raw->data == nullptr) == (raw->path == nullptr)) {
        return bad("image part needs exactly one of data and path");
      }
      part.mime = raw->mime;
      if (raw->data != nullptr) {
        part.data.assign(reinterpret_cast<const char*>(raw->data), raw->data_len);
      } else {
        part.path = raw->path;
      }
      break;
    case AGENT_TOOL_CONTENT_RESOURCE_LINK:
      if (raw->uri == nullptr || *raw->uri == '\0') return bad("resource_link part without uri");
      if (raw->name == nullptr) return bad("resource_link part without name");
      part.uri = raw->uri;
      part.name = raw->name;
      part.mime = CopyString(raw->mime);
      break;
    default:
      return absl::OkStatus();  // a kind of a later minor version: skipped
  }
  out.push_back(std::move(part));
  return absl::OkStatus();
}

// Copies a plugin result and releases it with the plugin's free_result.
ToolResult TakeResult(const agent_tool_plugin_descriptor& d, agent_tool_result* raw) {
  if (raw == nullptr) return PluginError("plugin returned no result");
  // Frees the plugin's result on every path below.
  struct Release {
    const agent_tool_plugin_descriptor& d;
    agent_tool_result* raw;
    ~Release() { d.free_result(raw); }
  } release{d, raw};
  if (raw->struct_size < kMinResultSize) {
    return PluginError(absl::StrCat("plugin result is ", raw->struct_size,
                                    " bytes, needs at least ", kMinResultSize));
  }
  if (raw->status > static_cast<std::uint32_t>(AGENT_TOOL_STATUS_FAILED)) {
    return PluginError(absl::StrCat("plugin result has status ", raw->status,
                                    ", not 0 (OK), 1 (REFUSED) or 2 (FAILED)"));
  }
  if (raw->json == nullptr) return PluginError("plugin result has no json");
  if (raw->part_count > 0 && raw->parts == nullptr) {
    return PluginError(
        absl::StrCat("plugin result has ", raw->part_count, " content parts but no parts array"));
  }
  ToolResult out;
  out.status = static_cast<agent_tool_status>(raw->status);
  out.json.assign(raw->json, raw->json_len);
  out.message = CopyString(raw->message);
  for (std::size_t i = 0; i < raw->part_count; ++i) {
    if (absl::Status copied = CopyPart(raw->parts[i], i, out.parts); !copied.ok()) {
      return PluginError(absl::StrCat("plugin result ", copied.message()));
    }
  }
  return out;
}

}  // namespace

std::string ErrorResultJson(std::string_view kind, std::string_view message) {
  return absl::StrCat(R"({"error":{"kind":)", JsonString(kind), R"(,"message":)",
                      JsonString(message), "}}");
}

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
                               AGENT_TOOL_ABI_MAJOR, ".x",
                               d->abi_major < AGENT_TOOL_ABI_MAJOR
                                   ? " (rebuild the plugin against this SDK's agent_tool/plugin.h)"
                                   : " (use a host built against the plugin's newer SDK)"));
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

std::string_view PluginLibrary::handle_argument() const {
  if (descriptor_->struct_size < kDescriptorSize21 || descriptor_->handle_argument == nullptr ||
      descriptor_->release_handle == nullptr) {
    return {};
  }
  return descriptor_->handle_argument;
}

ToolInstance::ToolInstance(std::shared_ptr<const PluginLibrary> library, LogFn log,
                           std::uint64_t hints)
    : library_(std::move(library)), log_(std::move(log)) {
  services_.struct_size = sizeof(services_);
  services_.host_context = this;
  services_.log_callback = log_ ? &ToolInstance::OnLog : nullptr;
  services_.progress_callback = &ToolInstance::OnProgress;
  services_.hints = hints;
}

ToolInstance::Created ToolInstance::Create(std::shared_ptr<const PluginLibrary> library,
                                           std::string_view config_json, LogFn log,
                                           std::uint64_t hints) {
  const agent_tool_plugin_descriptor& d = library->descriptor();
  // The services table lives in the instance object, so that object exists before create.
  std::unique_ptr<ToolInstance> instance(
      new ToolInstance(std::move(library), std::move(log), hints));
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
    created.result = PluginError("plugin reported OK but returned no instance");
  }
  return created;
}

ToolInstance::~ToolInstance() {
  if (instance_ != nullptr) library_->descriptor().destroy_instance(instance_);
}

ToolResult ToolInstance::Invoke(std::string_view args_json, const ProgressFn* progress,
                                const void* call_id) {
  const agent_tool_plugin_descriptor& d = library_->descriptor();
  CallContext context{progress};
  std::multimap<const void*, CallContext*>::iterator named;
  if (call_id != nullptr) {
    std::lock_guard<std::mutex> lock(calls_mutex_);
    named = calls_.emplace(call_id, &context);
  }
  agent_tool_result* result = d.invoke(instance_, args_json.data(), args_json.size(), &context);
  if (call_id != nullptr) {
    // Under the lock: no CancelCall names this context to the plugin once it has ended.
    std::lock_guard<std::mutex> lock(calls_mutex_);
    calls_.erase(named);
  }
  return TakeResult(d, result);
}

void ToolInstance::Cancel() { library_->descriptor().cancel(instance_); }

void ToolInstance::CancelCall(const void* call_id) {
  const agent_tool_plugin_descriptor& d = library_->descriptor();
  const bool per_call = d.struct_size >= kDescriptorSize22 && d.cancel_call != nullptr;
  std::lock_guard<std::mutex> lock(calls_mutex_);
  const auto [first, last] = calls_.equal_range(call_id);
  if (first == last) return;
  if (!per_call) {
    d.cancel(instance_);
    return;
  }
  for (auto it = first; it != last; ++it) d.cancel_call(instance_, it->second);
}

bool ToolInstance::ReleaseHandle(std::string_view handle) {
  if (library_->handle_argument().empty()) return false;
  library_->descriptor().release_handle(instance_, handle.data(), handle.size());
  return true;
}

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
    const auto* context = static_cast<const CallContext*>(call_context);
    const ProgressFn* progress = context != nullptr ? context->progress : nullptr;
    if (progress != nullptr && *progress) {
      (*progress)(done, total, std::string_view(message, message_len));
    }
  } catch (...) {
  }
}

}  // namespace agent_tool
