#include "registration.h"

#include <boost/json/serialize.hpp>
#include <boost/json/string.hpp>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace tool_host {
namespace {

// A JSON string literal; also a valid TOML basic string (both escape '"', '\\' and controls).
std::string Quoted(std::string_view text) {
  return boost::json::serialize(boost::json::string(text));
}

// `["a", "b"]`
std::string QuotedList(const std::vector<std::string>& items) {
  return absl::StrCat(
      "[",
      absl::StrJoin(items, ", ",
                    [](std::string* out, const std::string& item) { out->append(Quoted(item)); }),
      "]");
}

// One word for a POSIX shell: as is when it holds only characters no shell treats specially,
// otherwise single-quoted (a quote inside as '\'').
std::string ShellWord(std::string_view word) {
  constexpr std::string_view kPlain =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-./:=@%+,";
  if (!word.empty() && word.find_first_not_of(kPlain) == std::string_view::npos) {
    return std::string(word);
  }
  std::string out = "'";
  for (char c : word) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

// {"KEY": {"NAME": {[type], command, args}}}, indented as the hosts' documentation shows it.
std::string JsonServers(std::string_view key, bool with_type, std::string_view command,
                        const std::vector<std::string>& args) {
  return absl::StrCat("{\n  ", Quoted(key), ": {\n    ", Quoted(kMcpServerName), ": {\n",
                      with_type ? "      \"type\": \"stdio\",\n" : "",
                      "      \"command\": ", Quoted(command),
                      ",\n      \"args\": ", QuotedList(args), "\n    }\n  }\n}\n");
}

}  // namespace

std::string_view KnownMcpHosts() { return "claude-code, codex, json, vscode"; }

absl::StatusOr<std::string> McpRegistration(std::string_view host, std::string_view command,
                                            const std::vector<std::string>& args) {
  if (host == "claude-code") {
    std::string line =
        absl::StrCat("claude mcp add ", std::string(kMcpServerName), " -- ", ShellWord(command));
    for (const std::string& arg : args) absl::StrAppend(&line, " ", ShellWord(arg));
    return line + "\n";
  }
  if (host == "codex") {
    return absl::StrCat("[mcp_servers.", std::string(kMcpServerName),
                        "]\ncommand = ", Quoted(command), "\nargs = ", QuotedList(args), "\n");
  }
  if (host == "json") return JsonServers("mcpServers", false, command, args);
  if (host == "vscode") return JsonServers("servers", true, command, args);
  return absl::InvalidArgumentError(absl::StrCat("unknown MCP host '", std::string(host),
                                                 "' (known: ", std::string(KnownMcpHosts()), ")"));
}

}  // namespace tool_host
