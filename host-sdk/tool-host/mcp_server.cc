#include "mcp_server.h"

#include <sys/stat.h>

#include <array>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <fstream>
#include <iterator>
#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "host_util.h"
#include "jsonrpc.h"

namespace tool_host {
namespace {

// JSON-RPC "server error" range: a tools/call that finds the queue full.
constexpr int kServerBusy = -32000;

namespace json = boost::json;

constexpr std::array<std::string_view, 4> kSupportedVersions = {"2025-11-25", "2025-06-18",
                                                                "2025-03-26", "2024-11-05"};

// The file at `path` when it is a regular file of at most `max_bytes`; nullopt otherwise.
std::optional<std::string> ReadSmallFile(const std::string& path, std::uint64_t max_bytes) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode) ||
      static_cast<std::uint64_t>(st.st_size) > max_bytes) {
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!in.good() && !in.eof()) return std::nullopt;
  return bytes;
}

}  // namespace

std::string_view NegotiateProtocolVersion(std::string_view requested) {
  for (std::string_view v : kSupportedVersions) {
    if (v == requested) return v;
  }
  return kMcpProtocolVersion;
}

bool IsSupportedProtocolVersion(std::string_view version) {
  for (std::string_view v : kSupportedVersions) {
    if (v == version) return true;
  }
  return false;
}

json::array ToolResultContent(const agent_tool::ToolResult& result) {
  json::array content;
  content.push_back(json::object{{"type", "text"}, {"text", result.json}});
  for (const agent_tool::ContentPart& part : result.parts) {
    switch (part.kind) {
      case AGENT_TOOL_CONTENT_TEXT:
        content.push_back(json::object{{"type", "text"}, {"text", part.text}});
        break;
      case AGENT_TOOL_CONTENT_IMAGE: {
        std::optional<std::string> bytes = part.path.empty()
                                               ? std::optional<std::string>(part.data)
                                               : ReadSmallFile(part.path, kMaxInlineImageBytes);
        if (bytes.has_value()) {
          content.push_back(
              json::object{{"type", "image"}, {"data", Base64(*bytes)}, {"mimeType", part.mime}});
        }
        break;
      }
      case AGENT_TOOL_CONTENT_RESOURCE_LINK: {
        json::object link{{"type", "resource_link"}, {"uri", part.uri}, {"name", part.name}};
        if (!part.mime.empty()) link["mimeType"] = part.mime;
        content.push_back(std::move(link));
        break;
      }
    }
  }
  return content;
}

std::string CallKey(const agent_tool::PluginLibrary& library, const json::object& args) {
  const agent_tool_plugin_descriptor& d = library.descriptor();
  // Before ABI 2.2 a plugin refuses a second invoke while one runs ("busy").
  if (d.abi_minor < 2) return "";
  const std::string_view handle_key = library.handle_argument();
  if (handle_key.empty()) return std::string(kDefaultCallKey);
  const json::value* handle = args.if_contains(handle_key);
  if (handle == nullptr) return std::string(kDefaultCallKey);
  // A name the plugin will refuse still gets a key of its own; a string is its own key.
  return handle->is_string() ? std::string(handle->get_string()) : json::serialize(*handle);
}

void LineOutput::Send(const json::object& message) { writer_.WriteLine(json::serialize(message)); }

McpServer::McpServer(agent_tool::ToolInstance& instance, Worker& worker)
    : instance_(instance), worker_(worker) {}

void McpServer::Reply(const Out& out, const json::value& id, json::value result) {
  out->Send(json::object{{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}});
}

void McpServer::ReplyError(const Out& out, const json::value& id, int code,
                           std::string_view message) {
  out->Send(json::object{{"jsonrpc", "2.0"},
                         {"id", id},
                         {"error", json::object{{"code", code}, {"message", message}}}});
}

void McpServer::OnLine(std::string_view line, bool too_long, const Out& out) {
  OnMessage(ReadJsonRpcMessage(line, too_long), out);
}

void McpServer::OnMessage(const JsonRpcMessage& message, const Out& out) {
  const json::object* params = message.params ? &*message.params : nullptr;
  switch (message.kind) {
    case JsonRpcMessage::Kind::kRequest:
      HandleRequest(message.id, message.method, params, out);
      break;
    case JsonRpcMessage::Kind::kNotification:
      HandleNotification(message.method, params);
      break;
    case JsonRpcMessage::Kind::kError:
      ReplyError(out, message.id, message.error_code, message.error_message);
      break;
    case JsonRpcMessage::Kind::kReply:
    case JsonRpcMessage::Kind::kDropped:
      break;
  }
}

void McpServer::HandleRequest(const json::value& id, std::string_view method,
                              const json::object* params, const Out& out) {
  const agent_tool_plugin_descriptor& d = instance_.library().descriptor();
  if (method == "initialize") {
    std::string_view requested;
    if (params != nullptr) {
      if (const json::value* v = params->if_contains("protocolVersion"); v && v->is_string()) {
        requested = v->get_string();
      }
    }
    Reply(out, id,
          json::object{
              {"protocolVersion", NegotiateProtocolVersion(requested)},
              {"capabilities", json::object{{"tools", json::object{{"listChanged", false}}}}},
              {"serverInfo",
               json::object{{"name", d.plugin_name}, {"title", d.title}, {"version", d.version}}}});
  } else if (method == "ping") {
    Reply(out, id, json::object{});
  } else if (method == "tools/list") {
    boost::system::error_code ec;
    json::value schema = json::parse(d.input_schema, ec);
    if (ec || !schema.is_object()) schema = json::object{{"type", "object"}};
    json::object tool{{"name", d.name},
                      {"title", d.title},
                      {"description", d.description},
                      {"inputSchema", std::move(schema)}};
    Reply(out, id, json::object{{"tools", json::array{std::move(tool)}}});
  } else if (method == "tools/call") {
    StartToolCall(id, params, out);
  } else {
    ReplyError(out, id, kJsonRpcMethodNotFound,
               absl::StrCat("Method not found: ", std::string(method)));
  }
}

void McpServer::HandleNotification(std::string_view method, const json::object* params) {
  if (method != "notifications/cancelled" || params == nullptr) return;
  const json::value* request_id = params->if_contains("requestId");
  if (request_id == nullptr || !IsValidJsonRpcId(*request_id)) return;
  CancelCall(*request_id);
}

void McpServer::CancelCall(const json::value& id) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = calls_.find(json::serialize(id));
  if (it == calls_.end()) return;
  it->second->cancelled = true;
  if (it->second->running) instance_.CancelCall(it->second.get());
}

void McpServer::StartToolCall(const json::value& id, const json::object* params, const Out& out) {
  const agent_tool_plugin_descriptor& d = instance_.library().descriptor();
  if (params == nullptr) {
    ReplyError(out, id, kJsonRpcInvalidParams,
               "Invalid params: tools/call needs params with \"name\"");
    return;
  }
  const json::value* name = params->if_contains("name");
  if (name == nullptr || !name->is_string()) {
    ReplyError(out, id, kJsonRpcInvalidParams, "Invalid params: \"name\" must be a string");
    return;
  }
  if (name->get_string() != d.name) {
    ReplyError(out, id, kJsonRpcInvalidParams,
               absl::StrCat("Invalid params: unknown tool \"", std::string(name->get_string()),
                            "\" (this server has ", d.name, ")"));
    return;
  }
  // The arguments as the plugin gets them: the session's handle added when the call names none.
  const std::string_view handle_key = instance_.library().handle_argument();
  json::object final_args;
  if (const json::value* arguments = params->if_contains("arguments"); arguments != nullptr) {
    if (!arguments->is_object()) {
      ReplyError(out, id, kJsonRpcInvalidParams, "Invalid params: \"arguments\" must be an object");
      return;
    }
    final_args = arguments->get_object();
  }
  if (!handle_.empty() && !handle_key.empty() && !final_args.contains(handle_key)) {
    final_args[handle_key] = handle_;
  }
  std::string args = json::serialize(final_args);
  json::value progress_token;
  if (const json::value* meta = params->if_contains("_meta"); meta && meta->is_object()) {
    if (const json::value* token = meta->get_object().if_contains("progressToken");
        token != nullptr && IsValidJsonRpcId(*token)) {
      progress_token = *token;
    }
  }
  auto call = std::make_shared<Call>();
  call->id = id;
  call->out = out;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    std::string key = json::serialize(id);
    if (calls_.contains(key)) {
      ReplyError(out, id, kJsonRpcInvalidRequest,
                 "Invalid request: a call with this id is still running");
      return;
    }
    calls_[key] = call;
  }
  // Never blocks the reader: a full queue answers at once, so ping and cancellation still pass.
  // A server owned by a shared_ptr (an HTTP session) stays alive until its queued calls ran.
  const bool queued = worker_.TryPost(
      [this, keep = weak_from_this().lock(), call, args = std::move(args),
       progress_token = std::move(progress_token)] { RunToolCall(call, args, progress_token); },
      CallKey(instance_.library(), final_args));
  if (!queued) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      calls_.erase(json::serialize(id));
    }
    ReplyError(out, id, kServerBusy,
               "Server busy: too many tool calls are waiting; wait for their results before "
               "sending more");
  }
}

void McpServer::RunToolCall(const std::shared_ptr<Call>& call, const std::string& args,
                            const json::value& progress_token) {
  std::string key = json::serialize(call->id);
  bool dropped;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    dropped = call->cancelled;  // cancelled while queued: the client expects no reply
    if (dropped) {
      calls_.erase(key);
    } else {
      call->running = true;
    }
  }
  if (dropped) {
    call->out->End();
    return;
  }
  agent_tool::ProgressFn progress;
  if (!progress_token.is_null()) {
    progress = [&call, &progress_token](std::uint64_t done, std::uint64_t total,
                                        std::string_view message) {
      call->out->Send(json::object{{"jsonrpc", "2.0"},
                                   {"method", "notifications/progress"},
                                   {"params", json::object{{"progressToken", progress_token},
                                                           {"progress", done},
                                                           {"total", total},
                                                           {"message", message}}}});
    };
  }
  // The call's own id: a cancel of this call stops it alone, not the other agents' calls.
  agent_tool::ToolResult result =
      instance_.Invoke(args, progress ? &progress : nullptr, call.get());
  bool cancelled;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    cancelled = call->cancelled;
    calls_.erase(key);
  }
  if (cancelled) {
    call->out->End();
    return;
  }
  Reply(call->out, call->id,
        json::object{{"content", ToolResultContent(result)},
                     {"isError", result.status != AGENT_TOOL_STATUS_OK}});
}

void McpServer::CancelRunning() {
  std::lock_guard<std::mutex> lock(mutex_);
  for (auto& [key, call] : calls_) {
    call->cancelled = true;
    if (call->running) instance_.CancelCall(call.get());
  }
}

std::size_t McpServer::PendingCalls() {
  std::lock_guard<std::mutex> lock(mutex_);
  return calls_.size();
}

}  // namespace tool_host
