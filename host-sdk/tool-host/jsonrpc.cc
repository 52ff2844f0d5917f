#include "jsonrpc.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "host_util.h"
#include "line_server.h"

namespace tool_host {
namespace {

namespace json = boost::json;

JsonRpcMessage Error(json::value id, int code, std::string message) {
  JsonRpcMessage m;
  m.kind = JsonRpcMessage::Kind::kError;
  m.id = std::move(id);
  m.error_code = code;
  m.error_message = std::move(message);
  return m;
}

}  // namespace

bool IsValidJsonRpcId(const json::value& id) { return id.is_string() || id.is_number(); }

JsonRpcMessage ReadJsonRpcMessage(std::string_view line, bool too_long) {
  if (too_long) {
    return Error(nullptr, kJsonRpcInvalidRequest,
                 absl::StrCat("message longer than ", LineReader::kMaxLineBytes, " bytes"));
  }
  boost::system::error_code ec;
  json::value message = ParseDeepJson(line, ec);
  if (ec) return Error(nullptr, kJsonRpcParseError, absl::StrCat("Parse error: ", ec.message()));
  if (message.is_array()) {
    return Error(nullptr, kJsonRpcInvalidRequest,
                 "Invalid request: JSON-RPC batches are not supported");
  }
  if (!message.is_object()) {
    return Error(nullptr, kJsonRpcInvalidRequest,
                 "Invalid request: a message must be a JSON object");
  }
  json::object& obj = message.get_object();
  const json::value* id = obj.if_contains("id");
  const json::value* method = obj.if_contains("method");
  const json::value* version = obj.if_contains("jsonrpc");
  json::value reply_id = id != nullptr && IsValidJsonRpcId(*id) ? *id : json::value(nullptr);
  if (version == nullptr || !version->is_string() || version->get_string() != "2.0") {
    return Error(std::move(reply_id), kJsonRpcInvalidRequest,
                 "Invalid request: \"jsonrpc\" must be \"2.0\"");
  }
  if (method == nullptr) {
    if (id != nullptr && (obj.contains("result") || obj.contains("error"))) {
      return JsonRpcMessage{.kind = JsonRpcMessage::Kind::kReply};
    }
    return Error(std::move(reply_id), kJsonRpcInvalidRequest,
                 "Invalid request: \"method\" is missing");
  }
  if (!method->is_string()) {
    return Error(std::move(reply_id), kJsonRpcInvalidRequest,
                 "Invalid request: \"method\" must be a string");
  }
  if (id != nullptr && !IsValidJsonRpcId(*id)) {
    return Error(nullptr, kJsonRpcInvalidRequest,
                 "Invalid request: \"id\" must be a string or a number");
  }
  JsonRpcMessage m;
  m.method = std::string(method->get_string());
  if (json::value* params = obj.if_contains("params"); params != nullptr) {
    if (!params->is_object()) {
      if (id == nullptr) return JsonRpcMessage{.kind = JsonRpcMessage::Kind::kDropped};
      return Error(*id, kJsonRpcInvalidParams, "Invalid params: must be an object");
    }
    // The message is ours: move the (possibly large) params out instead of copying them.
    m.params = std::move(params->get_object());
  }
  if (id == nullptr) {
    m.kind = JsonRpcMessage::Kind::kNotification;
  } else {
    m.kind = JsonRpcMessage::Kind::kRequest;
    m.id = *id;
  }
  return m;
}

}  // namespace tool_host
