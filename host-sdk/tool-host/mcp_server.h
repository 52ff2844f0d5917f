// `tool-host mcp`: the plugin's tool served over the Model Context Protocol (newline-delimited
// JSON-RPC 2.0 on stdio). Only protocol goes to the writer; logs go to stderr.
#ifndef TOOL_HOST_MCP_SERVER_H_
#define TOOL_HOST_MCP_SERVER_H_

#include <boost/json/value.hpp>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "agent_tool/loader.h"
#include "line_server.h"

namespace tool_host {

inline constexpr std::string_view kMcpProtocolVersion = "2025-11-25";
// Images given by path are sent inline only up to this size.
inline constexpr std::uint64_t kMaxInlineImageBytes = 1u << 20;

// The protocol version answered to a client that asked for `requested`: theirs when we speak
// it, ours otherwise.
std::string_view NegotiateProtocolVersion(std::string_view requested);

// The MCP content items for a tool result, built from the result alone (the host does not read
// the tool's JSON): the result JSON as text, then one item per content part, in order -- text;
// image (base64 of the bytes, or of the file at `path` when it is a regular file of at most
// kMaxInlineImageBytes, else left out); resource_link (uri, name, mimeType when known).
boost::json::array ToolResultContent(const agent_tool::ToolResult& result);

// serverInfo and the tool's title come from the plugin's descriptor (plugin_name, title,
// version). Thread safety: OnLine from the reader thread; calls run on the worker; CancelRunning
// from any thread.
class McpServer {
 public:
  McpServer(agent_tool::ToolInstance& instance, LineWriter& writer, Worker& worker);

  // Handles one message from the client.
  void OnLine(std::string_view line, bool too_long);
  // Cancels the call in progress (signal, shutdown).
  void CancelRunning();

 private:
  struct Call {
    boost::json::value id;
    bool running = false;
    bool cancelled = false;
  };

  void HandleRequest(const boost::json::value& id, std::string_view method,
                     const boost::json::object* params);
  void HandleNotification(std::string_view method, const boost::json::object* params);
  void StartToolCall(const boost::json::value& id, const boost::json::object* params);
  void RunToolCall(const std::shared_ptr<Call>& call, const std::string& args,
                   const boost::json::value& progress_token);

  void Reply(const boost::json::value& id, boost::json::value result);
  void ReplyError(const boost::json::value& id, int code, std::string_view message);
  void Send(const boost::json::object& message);

  agent_tool::ToolInstance& instance_;
  LineWriter& writer_;
  Worker& worker_;
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<Call>> calls_;  // by serialized request id
};

}  // namespace tool_host

#endif  // TOOL_HOST_MCP_SERVER_H_
