// Reading one JSON-RPC 2.0 message (one line of `tool-host mcp` input), without I/O and without
// a plugin: parse, classify, and say which error to answer with. McpServer only dispatches.
#ifndef TOOL_HOST_JSONRPC_H_
#define TOOL_HOST_JSONRPC_H_

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace tool_host {

// JSON-RPC 2.0 error codes.
inline constexpr int kJsonRpcParseError = -32700;
inline constexpr int kJsonRpcInvalidRequest = -32600;
inline constexpr int kJsonRpcMethodNotFound = -32601;
inline constexpr int kJsonRpcInvalidParams = -32602;

// True for an id JSON-RPC allows: a string or a number.
bool IsValidJsonRpcId(const boost::json::value& id);

struct JsonRpcMessage {
  enum class Kind {
    kRequest,       // method + id: answer it
    kNotification,  // method, no id: never answered
    kReply,         // a client's result/error for one of our requests: nothing to do
    kError,         // malformed: answer `id` with `error_code` and `error_message`
    kDropped,       // a malformed notification: JSON-RPC forbids answering it
  };
  Kind kind = Kind::kError;
  // kRequest: the request id; kError: the id to answer (null when unknown or invalid).
  boost::json::value id;
  std::string method;                         // kRequest, kNotification
  std::optional<boost::json::object> params;  // kRequest, kNotification, when given
  int error_code = 0;                         // kError
  std::string error_message;                  // kError
};

// Classifies one line. `too_long` says the line reader cut the line (its bytes are not
// examined). Never fails: anything malformed becomes kError or kDropped.
JsonRpcMessage ReadJsonRpcMessage(std::string_view line, bool too_long);

}  // namespace tool_host

#endif  // TOOL_HOST_JSONRPC_H_
