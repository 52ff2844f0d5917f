// `tool-host mcp --http HOST:PORT`: the MCP Streamable HTTP transport (protocol 2025-11-25) on
// Boost.Beast. One endpoint, /mcp: POST carries one JSON-RPC message (a request is answered
// with application/json, or with an SSE stream once a tool call sends progress; notifications
// and replies get 202), GET is 405 (this server sends nothing unasked), DELETE ends the
// session. `initialize` opens a session (Mcp-Session-Id, random); each session is its own
// McpServer and its own agent (the plugin's handle argument), and the calls of all sessions
// share one worker: calls of one agent run one at a time in arrival order, calls of different
// agents at the same time (up to max_parallel_calls).
// Host and Origin are checked against DNS rebinding, a bearer token when one is given. Status
// codes and limits: docs/tool-host.md.
#ifndef TOOL_HOST_MCP_HTTP_H_
#define TOOL_HOST_MCP_HTTP_H_

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "agent_tool/loader.h"

namespace tool_host {

// Where to listen: --http's value read by ParseHttpEndpoint.
struct HttpEndpoint {
  std::string address;  // an IP address literal ("localhost" becomes 127.0.0.1)
  std::uint16_t port = 0;
  bool loopback = true;  // 127.0.0.0/8 or ::1
};

// "PORT", "HOST:PORT" or "[IPV6]:PORT"; HOST is an IP address or "localhost". PORT 0 picks a
// free port.
absl::StatusOr<HttpEndpoint> ParseHttpEndpoint(std::string_view text);

// The bearer token in the file at `path`: its contents without surrounding white space;
// refused when empty or when it holds anything but visible ASCII.
absl::StatusOr<std::string> ReadTokenFile(const std::string& path);

struct McpHttpOptions {
  HttpEndpoint endpoint;
  std::string token;  // empty: no Authorization needed (loopback only)
  std::size_t max_sessions = 32;
  std::chrono::seconds session_idle{1800};
  std::size_t max_body_bytes = 16u << 20;
  std::size_t max_header_bytes = 16u << 10;
  std::size_t max_connections = 256;
  std::size_t max_queued_calls = 1024;
  std::size_t max_parallel_calls = 8;  // calls running at once (of different agents)
};

class McpHttpServer {
 public:
  // Binds and listens (before the plugin starts, so that a port in use fails at once).
  // Refuses a non-loopback address without a token.
  static absl::StatusOr<std::unique_ptr<McpHttpServer>> Listen(const McpHttpOptions& options);
  ~McpHttpServer();
  McpHttpServer(const McpHttpServer&) = delete;
  McpHttpServer& operator=(const McpHttpServer&) = delete;

  // http://ADDRESS:PORT/mcp with the bound port.
  std::string Url() const;

  // Serves `instance` until SIGINT/SIGTERM/SIGHUP (InstallSignalPipe() first): then stops
  // accepting, ends every session (their calls cancelled), closes the connections and returns
  // once the running calls have ended. The caller then destroys the instance.
  void Run(agent_tool::ToolInstance& instance);

  class Impl;

 private:
  explicit McpHttpServer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace tool_host

#endif  // TOOL_HOST_MCP_HTTP_H_
