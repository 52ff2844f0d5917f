// The `tool-host` command line: tool-host [--plugin PATH] [--config JSON|@FILE] COMMAND ...
//
// Exit codes:
//   0  the tool ran (describe printed; call/serve/mcp finished). Frame errors are inside the
//      result.
//   1  the tool refused the call (REFUSED) or could not run it (FAILED, e.g. the browser did not
//      start): stdout holds {"error":{"kind","message"[,"at"]}}.
//   2  usage error: unknown command or option, unreadable @FILE, unusable --plugin, invalid
//      --config. The message goes to stderr.
//   128+N  ended by signal N (SIGINT, SIGTERM) after cancelling the call and ending the browser.
#ifndef TOOL_HOST_CLI_H_
#define TOOL_HOST_CLI_H_

#include <string_view>

namespace tool_host {

inline constexpr int kExitOk = 0;
inline constexpr int kExitToolError = 1;
inline constexpr int kExitUsage = 2;

// Runs tool-host. `default_plugin_relative` is resolved against the executable's directory
// when --plugin is not given.
int Main(int argc, char** argv, std::string_view default_plugin_relative);

}  // namespace tool_host

#endif  // TOOL_HOST_CLI_H_
