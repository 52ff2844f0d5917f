#include "cli.h"

#include <unistd.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "agent_tool/loader.h"
#include "host_util.h"
#include "line_server.h"
#include "mcp_http.h"
#include "mcp_server.h"
#include "pretty_json.h"
#include "registration.h"
#include "signals.h"

namespace tool_host {
namespace {

namespace po = boost::program_options;
using agent_tool::PluginLibrary;
using agent_tool::ToolInstance;
using agent_tool::ToolResult;

constexpr char kUsage[] =
    "Usage: tool-host [--plugin PATH] [--config JSON|@FILE] COMMAND [options]";
constexpr char kCommands[] =
    "Commands:\n"
    "  describe   print {\"name\",\"description\",\"input_schema\"} of the tool\n"
    "  call       run one call; arguments from --args or stdin; prints the result\n"
    "  serve      one arguments object per stdin line, one result per stdout line\n"
    "  mcp        serve the tool over the Model Context Protocol (stdio, or HTTP with --http)\n"
    "\n"
    "Exit codes: 0 the tool ran, 1 the tool refused or could not run the call (stdout holds\n"
    "{\"error\":{...}}), 2 usage error (stderr), 128+N ended by signal N.\n"
    "Run 'tool-host COMMAND --help' for a command's options.\n";

// --max-parallel-calls at most: one thread each.
constexpr std::size_t kMaxParallelCalls = 256;

struct GlobalOptions {
  std::string plugin;
  std::string config;
  bool verbose = false;
};

int UsageError(std::string_view message) {
  std::cerr << "tool-host: " << message << "\nTry 'tool-host --help'.\n";
  return kExitUsage;
}

void WriteStdout(std::string_view text) {
  std::cout << text << '\n';
  std::cout.flush();
}

// Splits argv at the command: global options before it, the command's options after it, so
// that `tool-host call --help` is the command's help, not the global one.
std::size_t FindCommand(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "--plugin" || arg == "--config") {
      ++i;  // skip the value
    } else if (!arg.starts_with("-")) {
      return static_cast<std::size_t>(i);
    }
  }
  return static_cast<std::size_t>(argc);
}

// The outcome of parsing a command's options: `done` when --help was printed or the options
// were wrong, and the process should exit with `exit_code`.
struct Parsed {
  bool done = false;
  int exit_code = kExitOk;
};

Parsed ParseCommand(std::string_view name, std::string_view summary,
                    const std::vector<std::string>& args, po::options_description& options,
                    po::variables_map& vm) {
  options.add_options()("help,h", "show this help");
  try {
    po::store(po::command_line_parser(args).options(options).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    return {true, UsageError(absl::StrCat(std::string(name), ": ", e.what()))};
  }
  if (vm.count("help") != 0) {
    std::cout << "Usage: tool-host [global options] " << name << " [options]\n"
              << summary << "\n\n"
              << options;
    return {true, kExitOk};
  }
  return {};
}

void LogToStderr(bool verbose, agent_tool_log_level level, std::string_view line) {
  if (level == AGENT_TOOL_LOG_DEBUG && !verbose) return;
  static constexpr const char* kNames[] = {"debug", "info", "warning", "error"};
  const char* name =
      level >= AGENT_TOOL_LOG_DEBUG && level <= AGENT_TOOL_LOG_ERROR ? kNames[level] : "log";
  std::string text = absl::StrCat("tool-host: plugin ", name, ": ", std::string(line), "\n");
  [[maybe_unused]] ssize_t n = ::write(2, text.data(), text.size());
}

absl::StatusOr<std::shared_ptr<const PluginLibrary>> LoadPlugin(
    const GlobalOptions& global, std::string_view default_plugin_relative) {
  std::string path = global.plugin;
  if (path.empty()) {
    absl::StatusOr<std::string> dir = ExecutableDir();
    if (!dir.ok()) return dir.status();
    path = std::filesystem::path(absl::StrCat(*dir, "/", std::string(default_plugin_relative)))
               .lexically_normal()
               .string();
  }
  return PluginLibrary::Open(path);
}

// Creates the instance or prints why not; `exit_code` is set on failure. `hints` are the
// agent_tool_host_hint bits passed to the plugin.
std::unique_ptr<ToolInstance> CreateInstance(std::shared_ptr<const PluginLibrary> library,
                                             const GlobalOptions& global, std::uint64_t hints,
                                             int* exit_code) {
  absl::StatusOr<std::string> config = ReadInlineOrFile("--config", global.config);
  if (!config.ok()) {
    *exit_code = UsageError(std::string(config.status().message()));
    return nullptr;
  }
  bool verbose = global.verbose;
  ToolInstance::Created created = ToolInstance::Create(
      std::move(library), *config,
      [verbose](auto level, auto line) { LogToStderr(verbose, level, line); }, hints);
  if (created.instance != nullptr) return std::move(created.instance);
  if (created.result.status == AGENT_TOOL_STATUS_REFUSED) {
    *exit_code = UsageError(absl::StrCat("invalid --config: ", created.result.message));
  } else {
    std::cerr << "tool-host: cannot create the tool instance: " << created.result.message << "\n";
    *exit_code = kExitToolError;
  }
  return nullptr;
}

int ExitCodeAfter(int normal) {
  int signo = ReceivedSignal();
  return signo != 0 ? 128 + signo : normal;
}

int Describe(const PluginLibrary& library) {
  const agent_tool_plugin_descriptor& d = library.descriptor();
  boost::system::error_code ec;
  boost::json::value schema = boost::json::parse(d.input_schema, ec);
  if (ec || !schema.is_object()) {
    std::cerr << "tool-host: plugin " << library.path() << ": input_schema is not a JSON object\n";
    return kExitToolError;
  }
  WriteStdout(boost::json::serialize(boost::json::object{
      {"name", d.name}, {"description", d.description}, {"input_schema", std::move(schema)}}));
  return kExitOk;
}

int Call(ToolInstance& instance, std::string args, bool pretty) {
  Worker worker;
  ToolResult result;
  {
    // The one call is not dropped even when the signal beats it: its result is the output.
    SignalWatcher watcher({}, [&] { instance.Cancel(); });
    worker.Post([&] { result = instance.Invoke(args); });
    worker.Finish();
  }
  if (pretty) {
    std::cout << PrettyJson(result.json);
    std::cout.flush();
  } else {
    WriteStdout(result.json);
  }
  return ExitCodeAfter(result.status == AGENT_TOOL_STATUS_OK ? kExitOk : kExitToolError);
}

int Serve(ToolInstance& instance) {
  LineServer loop(STDIN_FILENO, STDOUT_FILENO);
  // Every output line goes through the worker, so results keep the order of the input lines.
  loop.Run(
      [&](std::string_view line, bool too_long) {
        if (too_long) {
          loop.worker().Post([&loop] {
            loop.writer().WriteLine(agent_tool::ErrorResultJson(
                "too_large",
                absl::StrCat("arguments line longer than ", LineReader::kMaxLineBytes, " bytes")));
          });
          return;
        }
        loop.worker().Post([&instance, &loop, args = std::string(line)] {
          loop.writer().WriteLine(OneLine(instance.Invoke(args).json));
        });
      },
      {}, [&] { instance.Cancel(); });
  return ExitCodeAfter(kExitOk);
}

int Mcp(ToolInstance& instance, std::size_t max_parallel_calls) {
  // Calls of different agents run at the same time, each agent's in arrival order (CallKey).
  LineServer loop(STDIN_FILENO, STDOUT_FILENO, max_parallel_calls);
  McpServer server(instance, loop.worker());
  auto out = std::make_shared<LineOutput>(loop.writer());
  loop.Run([&](std::string_view line, bool too_long) { server.OnLine(line, too_long, out); },
           // The client expects no reply for a call ended this way.
           [&] { server.CancelRunning(); }, [&] { instance.Cancel(); });
  return ExitCodeAfter(kExitOk);
}

// `tool-host mcp --http`: the server already listens; the URL goes to stderr.
int McpHttp(ToolInstance& instance, McpHttpServer& server) {
  std::cerr << "tool-host: MCP over HTTP at " << server.Url() << std::endl;
  server.Run(instance);
  return ExitCodeAfter(kExitOk);
}

// The registration of `tool-host [global options] mcp` as this very binary (its absolute path)
// and the global options given, relative paths made absolute: the host starts it from
// anywhere.
int PrintRegistration(std::string_view host, const GlobalOptions& global) {
  absl::StatusOr<std::string> self = ExecutablePath();
  if (!self.ok()) return UsageError(std::string(self.status().message()));
  std::vector<std::string> args;
  if (!global.plugin.empty()) {
    args.insert(args.end(), {"--plugin", std::filesystem::absolute(global.plugin).string()});
  }
  if (!global.config.empty()) {
    args.insert(args.end(),
                {"--config", global.config.starts_with("@")
                                 ? "@" + std::filesystem::absolute(global.config.substr(1)).string()
                                 : global.config});
  }
  if (global.verbose) args.push_back("--verbose");
  args.push_back("mcp");
  absl::StatusOr<std::string> text = McpRegistration(host, *self, args);
  if (!text.ok()) return UsageError(absl::StrCat("mcp --print-config: ", text.status().message()));
  std::cout << *text;
  std::cout.flush();
  return kExitOk;
}

int RunCommand(const std::string& command, const std::vector<std::string>& args,
               const GlobalOptions& global, std::string_view default_plugin_relative) {
  po::options_description options(absl::StrCat(command, " options"));
  po::variables_map vm;
  std::string call_args;
  std::string print_config;
  std::string http;
  std::string token_file;
  McpHttpOptions http_options;
  std::size_t max_sessions = http_options.max_sessions;
  long session_idle_s = http_options.session_idle.count();
  std::size_t max_parallel_calls = http_options.max_parallel_calls;
  std::string summary;
  if (command == "describe") {
    summary = "Prints the tool's name, description and input JSON Schema as one JSON object.";
  } else if (command == "call") {
    options.add_options()("args", po::value<std::string>(&call_args)->value_name("JSON|@FILE"),
                          "the tool arguments as JSON, or @FILE to read them from FILE "
                          "(default: read stdin)")(
        "pretty",
        "print the result laid out for reading (indented; text with line breaks as "
        "blocks): for people, not for parsers");
    summary = "Runs one tool call and prints the result JSON on stdout.";
  } else if (command == "serve") {
    summary =
        "Reads one arguments object per line on stdin, writes one result per line on stdout\n"
        "(refusals as the {\"error\":...} line), keeping the one tool instance (and whatever\n"
        "it started, e.g. a browser) warm between calls.";
  } else if (command == "mcp") {
    options.add_options()(
        "print-config", po::value<std::string>(&print_config)->value_name("HOST"),
        absl::StrCat("print the registration of this server for an MCP host and exit; HOST is "
                     "one of: ",
                     std::string(KnownMcpHosts()))
            .c_str())(
        "http", po::value<std::string>(&http)->value_name("[HOST:]PORT"),
        "serve MCP Streamable HTTP at http://HOST:PORT/mcp instead of stdio (HOST an IP "
        "address, default 127.0.0.1; PORT 0 picks a free port; the URL is printed on stderr)")(
        "token-file", po::value<std::string>(&token_file)->value_name("PATH"),
        "with --http: every request must carry \"Authorization: Bearer TOKEN\", TOKEN the "
        "file's contents (trimmed); required when HOST is not a loopback address")(
        "max-sessions", po::value<std::size_t>(&max_sessions)->value_name("N"),
        "with --http: at most N sessions at once (default 32)")(
        "session-idle-s", po::value<long>(&session_idle_s)->value_name("S"),
        "with --http: a session without requests for S seconds is ended (default 1800)")(
        "max-parallel-calls", po::value<std::size_t>(&max_parallel_calls)->value_name("N"),
        "run at most N tool calls at once (default 8): calls of different agents run at the "
        "same time, calls of one agent one at a time in arrival order");
    summary =
        "Serves the tool over the Model Context Protocol (newline-delimited JSON-RPC 2.0 on\n"
        "stdio, protocol 2025-11-25; older versions negotiated). Logs go to stderr. The plugin\n"
        "is told the host is long-lived, so it may get ready before the first call.\n"
        "With --http, serves Streamable HTTP on one endpoint, /mcp (POST, and DELETE to end a\n"
        "session; GET is 405), bound to 127.0.0.1 unless HOST is given. Requests must name\n"
        "this server in Host and come from no Origin or a loopback one (else 403); each\n"
        "session is an agent of its own unless a call names one.\n"
        "Calls of different agents (the \"agent\" argument, \"default\" when absent) run at the\n"
        "same time, up to --max-parallel-calls; calls of one agent run one at a time, in the\n"
        "order they came.";
  } else {
    return UsageError(absl::StrCat("unknown command '", command, "'"));
  }
  Parsed parsed = ParseCommand(command, summary, args, options, vm);
  if (parsed.done) return parsed.exit_code;

  std::unique_ptr<McpHttpServer> http_server;
  if (command == "mcp" && vm.count("http") == 0) {
    for (const char* flag : {"token-file", "max-sessions", "session-idle-s"}) {
      if (vm.count(flag) != 0) return UsageError(absl::StrCat("mcp: --", flag, " needs --http"));
    }
  }
  if (command == "mcp" && (max_parallel_calls < 1 || max_parallel_calls > kMaxParallelCalls)) {
    return UsageError(
        absl::StrCat("mcp: --max-parallel-calls must be from 1 to ", kMaxParallelCalls));
  }
  if (command == "mcp" && vm.count("http") != 0 && vm.count("print-config") != 0) {
    return UsageError("mcp: --print-config registers the stdio server; give it without --http");
  }
  if (command == "mcp" && vm.count("http") != 0) {
    absl::StatusOr<HttpEndpoint> endpoint = ParseHttpEndpoint(http);
    if (!endpoint.ok()) return UsageError(absl::StrCat("mcp: ", endpoint.status().message()));
    http_options.endpoint = *endpoint;
    if (vm.count("token-file") != 0) {
      absl::StatusOr<std::string> token = ReadTokenFile(token_file);
      if (!token.ok()) return UsageError(absl::StrCat("mcp: ", token.status().message()));
      http_options.token = *token;
    }
    if (max_sessions < 1) return UsageError("mcp: --max-sessions must be at least 1");
    if (session_idle_s < 1) return UsageError("mcp: --session-idle-s must be at least 1");
    http_options.max_parallel_calls = max_parallel_calls;
    http_options.max_sessions = max_sessions;
    http_options.session_idle = std::chrono::seconds(session_idle_s);
    if (!endpoint->loopback && http_options.token.empty()) {
      return UsageError(absl::StrCat("mcp: --http ", endpoint->address,
                                     " is not a loopback address: give --token-file so that "
                                     "every request must carry the bearer token"));
    }
  }

  std::string call_input;
  if (command == "call") {
    absl::StatusOr<std::string> text =
        vm.count("args") != 0 ? ReadInlineOrFile("--args", call_args) : ReadAll(STDIN_FILENO);
    if (!text.ok()) return UsageError(std::string(text.status().message()));
    call_input = std::move(*text);
  }

  absl::StatusOr<std::shared_ptr<const PluginLibrary>> library =
      LoadPlugin(global, default_plugin_relative);
  if (!library.ok()) return UsageError(std::string(library.status().message()));
  if (command == "describe") return Describe(**library);
  if (vm.count("print-config") != 0) return PrintRegistration(print_config, global);

  if (command == "mcp" && vm.count("http") != 0) {
    // Listens before the plugin starts: a port in use fails at once, with no browser to close.
    absl::StatusOr<std::unique_ptr<McpHttpServer>> server = McpHttpServer::Listen(http_options);
    if (!server.ok()) {
      std::cerr << "tool-host: mcp " << server.status().message() << "\n";
      return kExitToolError;
    }
    http_server = std::move(*server);
  }
  if (!InstallSignalPipe()) {
    std::cerr << "tool-host: cannot create the signal pipe\n";
    return kExitToolError;
  }
  int exit_code = kExitOk;
  // An MCP server is started by the agent up front and kept for the whole conversation: tell
  // the plugin so, and it may get ready before the first call (a browser plugin starts the
  // browser). `call` and `serve` leave the plugin's defaults alone.
  const std::uint64_t hints = command == "mcp" ? AGENT_TOOL_HOST_HINT_LONG_LIVED : 0;
  std::unique_ptr<ToolInstance> instance = CreateInstance(*library, global, hints, &exit_code);
  if (instance == nullptr) return exit_code;
  if (command == "call") return Call(*instance, std::move(call_input), vm.count("pretty") != 0);
  if (command == "serve") return Serve(*instance);
  if (http_server != nullptr) return McpHttp(*instance, *http_server);
  return Mcp(*instance, max_parallel_calls);
}

}  // namespace

int Main(int argc, char** argv, std::string_view default_plugin_relative) {
  std::size_t command_at = FindCommand(argc, argv);
  GlobalOptions global;
  po::options_description options("Global options");
  const std::string plugin_help =
      absl::StrCat("the plugin library (default: ", std::string(default_plugin_relative),
                   " beside this executable)");
  options.add_options()("help,h", "show this help")(
      "plugin", po::value<std::string>(&global.plugin)->value_name("PATH"), plugin_help.c_str())(
      "config", po::value<std::string>(&global.config)->value_name("JSON|@FILE"),
      "the instance config as JSON, or @FILE to read it from FILE (default: {})")(
      "verbose,v", po::bool_switch(&global.verbose), "also print the plugin's debug logs");
  po::variables_map vm;
  try {
    std::vector<std::string> head(argv + 1, argv + command_at);
    po::store(po::command_line_parser(head).options(options).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    return UsageError(e.what());
  }
  if (vm.count("help") != 0) {
    std::cout << kUsage << "\n\n" << options << "\n" << kCommands;
    return kExitOk;
  }
  if (command_at >= static_cast<std::size_t>(argc)) return UsageError("no command given");
  std::vector<std::string> rest(argv + command_at + 1, argv + argc);
  try {
    return RunCommand(argv[command_at], rest, global, default_plugin_relative);
  } catch (const std::exception& e) {
    std::cerr << "tool-host: " << e.what() << "\n";
    return kExitToolError;
  }
}

}  // namespace tool_host
