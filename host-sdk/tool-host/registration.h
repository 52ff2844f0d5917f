// What an MCP host needs to start `tool-host mcp`, in the form each common host takes, for
// `tool-host mcp --print-config HOST`.
#ifndef TOOL_HOST_REGISTRATION_H_
#define TOOL_HOST_REGISTRATION_H_

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace tool_host {

// The server name the registrations give (the host shows it; Claude Code names the tool
// mcp__firefox__firefox_bidi after it).
inline constexpr std::string_view kMcpServerName = "firefox";

// The registration of the stdio server `command args...` for `host`:
//   claude-code  the `claude mcp add` command line
//   codex        a [mcp_servers.NAME] table for ~/.codex/config.toml
//   json         {"mcpServers": {...}} (Claude Desktop, Cursor, Windsurf, Goose, Cline...)
//   vscode       {"servers": {...}} for VS Code's .vscode/mcp.json
// Each ends with a newline. An unknown host is an InvalidArgument error naming the known ones.
absl::StatusOr<std::string> McpRegistration(std::string_view host, std::string_view command,
                                            const std::vector<std::string>& args);

// The hosts McpRegistration knows, comma-separated: "claude-code, codex, json, vscode".
std::string_view KnownMcpHosts();

}  // namespace tool_host

#endif  // TOOL_HOST_REGISTRATION_H_
