// `tool-host mcp`: the plugin's tool served over the Model Context Protocol. McpServer speaks
// JSON-RPC 2.0 messages; the transport (newline-delimited on stdio here, Streamable HTTP in
// mcp_http.h) hands it each message with the McpOutput its answers go to. Only protocol goes to
// an output; logs go to stderr.
#ifndef TOOL_HOST_MCP_SERVER_H_
#define TOOL_HOST_MCP_SERVER_H_

#include <boost/json/value.hpp>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "agent_tool/loader.h"
#include "jsonrpc.h"
#include "line_server.h"

namespace tool_host {

inline constexpr std::string_view kMcpProtocolVersion = "2025-11-25";
// Images given by path are sent inline only up to this size.
inline constexpr std::uint64_t kMaxInlineImageBytes = 1u << 20;

// The protocol version answered to a client that asked for `requested`: theirs when we speak
// it, ours otherwise.
std::string_view NegotiateProtocolVersion(std::string_view requested);
// True for a protocol version this server speaks (the MCP-Protocol-Version header's check).
bool IsSupportedProtocolVersion(std::string_view version);

// The MCP content items for a tool result, built from the result alone (the host does not read
// the tool's JSON): the result JSON as text, then one item per content part, in order -- text;
// image (base64 of the bytes, or of the file at `path` when it is a regular file of at most
// kMaxInlineImageBytes, else left out); resource_link (uri, name, mimeType when known).
boost::json::array ToolResultContent(const agent_tool::ToolResult& result);

// The worker key of a call with final arguments `args` (the session's handle already added):
// the caller it runs as, the value of the plugin's handle_argument ("agent" for firefox_bidi),
// kDefaultCallKey when absent or when the plugin has no handle argument. Calls of one key run
// one at a time in arrival order, those of different keys at the same time. A plugin before
// ABI 2.2, which refuses concurrent invokes, gets one key ("") for every call.
inline constexpr std::string_view kDefaultCallKey = "default";
std::string CallKey(const agent_tool::PluginLibrary& library, const boost::json::object& args);

// Where the server's messages about one client message go: its reply and, before it, the
// progress notifications of a tool call. Thread safety: Send and End from any thread.
class McpOutput {
 public:
  virtual ~McpOutput() = default;
  // One message (a notification, or the reply that ends the exchange).
  virtual void Send(const boost::json::object& message) = 0;
  // The request ends without a reply (a tool call cancelled by the client or by shutdown).
  virtual void End() {}
};

// Lines on a LineWriter (stdio). Calls running at once write through one LineOutput: each
// message is one whole line (the writer never interleaves two), told apart by its id or
// progressToken.
class LineOutput : public McpOutput {
 public:
  explicit LineOutput(LineWriter& writer) : writer_(writer) {}
  void Send(const boost::json::object& message) override;

 private:
  LineWriter& writer_;
};

// serverInfo and the tool's title come from the plugin's descriptor (plugin_name, title,
// version). One McpServer is one client's view (stdio has one; each HTTP session its own): its
// request ids are its own. Several may share one instance and one worker. Each tools/call is
// posted to the worker under its CallKey, so calls of one agent run one at a time in arrival
// order and calls of different agents at the same time, each with an Invoke call id of its own
// (its Call), so that cancelling one call stops no other. A server made by std::make_shared
// keeps itself alive while its calls wait on the worker; one on the stack must outlive the
// worker's jobs.
// Thread safety: OnLine/OnMessage from one reader thread at a time; calls run on the worker's
// threads, several at once; CancelCall and CancelRunning from any thread.
class McpServer : public std::enable_shared_from_this<McpServer> {
 public:
  McpServer(agent_tool::ToolInstance& instance, Worker& worker);

  // Handles one line from the client; answers go to `out`.
  void OnLine(std::string_view line, bool too_long, const std::shared_ptr<McpOutput>& out);
  // Handles one message read by ReadJsonRpcMessage; answers go to `out`.
  void OnMessage(const JsonRpcMessage& message, const std::shared_ptr<McpOutput>& out);
  // Cancels the call with request id `id` as notifications/cancelled does: a queued call is
  // dropped, a running one cancelled (ToolInstance::CancelCall: the other calls go on);
  // neither replies (its output's End() is called).
  void CancelCall(const boost::json::value& id);
  // Cancels every call of this server, queued or running (signal, shutdown, session end), and
  // no call of another server.
  void CancelRunning();
  // The calls queued or running.
  std::size_t PendingCalls();
  // This server serves one caller of its own (an MCP session over HTTP) named `handle`: a call
  // whose arguments lack the plugin's handle_argument gets `handle` there (when the plugin has
  // one, ABI 2.1). Set before the first message.
  void SetHandle(std::string handle) { handle_ = std::move(handle); }
  const std::string& handle() const { return handle_; }

 private:
  struct Call {
    boost::json::value id;
    std::shared_ptr<McpOutput> out;
    bool running = false;
    bool cancelled = false;
  };
  using Out = std::shared_ptr<McpOutput>;

  void HandleRequest(const boost::json::value& id, std::string_view method,
                     const boost::json::object* params, const Out& out);
  void HandleNotification(std::string_view method, const boost::json::object* params);
  void StartToolCall(const boost::json::value& id, const boost::json::object* params,
                     const Out& out);
  void RunToolCall(const std::shared_ptr<Call>& call, const std::string& args,
                   const boost::json::value& progress_token);

  static void Reply(const Out& out, const boost::json::value& id, boost::json::value result);
  static void ReplyError(const Out& out, const boost::json::value& id, int code,
                         std::string_view message);

  agent_tool::ToolInstance& instance_;
  Worker& worker_;
  std::string handle_;
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<Call>> calls_;  // by serialized request id
};

}  // namespace tool_host

#endif  // TOOL_HOST_MCP_SERVER_H_
