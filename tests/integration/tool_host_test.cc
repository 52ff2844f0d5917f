// tool-host as a user runs it: the built binary, its exit codes, stdout and stderr. The echo
// fixture plugin stands in for a browser where only the host's plumbing is under test; the
// real plugin is used for its refusals and, against the fake BiDi server, for whole calls.
#include <signal.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "core/batch_args.h"
#include "core/tool_schema.h"
#include "line_server.h"
#include "net/firefox_bidi_tool.h"
#include "support/child_process.h"
#include "support/fake_bidi_server.h"
#include "support/temp_dir.h"

namespace firefox_bidi::testing {
namespace {

namespace json = boost::json;
using std::chrono::seconds;
using tool_host::LineReader;

const std::string kBin = std::string(FIREFOX_BIDI_BINARY_DIR) + "/bin/";
const std::string kToolHost = kBin + "tool-host";
const std::string kEcho = std::string(FIREFOX_BIDI_BINARY_DIR) + "/lib/fixtures/echo_tool.so";
const std::string kPlugin = std::string(FIREFOX_BIDI_BINARY_DIR) + "/lib/libfirefox_bidi.so";
const std::string kTryHelp = "Try 'tool-host --help'.\n";

ProcessResult ToolHost(std::vector<std::string> args, std::string_view input = {}) {
  args.insert(args.begin(), kToolHost);
  return RunProcess(args, input);
}

// The refusal the real plugin gives for `args`, computed the way the plugin does.
std::string RefusalOf(std::string_view args) {
  auto parsed = ParseBatchArgs(args, Limits{});
  BOOST_TEST_REQUIRE(std::holds_alternative<ToolError>(parsed));
  return SerializeToolError(std::get<ToolError>(parsed));
}

BOOST_AUTO_TEST_SUITE(tool_host)

BOOST_AUTO_TEST_CASE(help_is_available_at_every_level) {
  ProcessResult top = ToolHost({"--help"});
  BOOST_TEST(top.exit_code == 0);
  BOOST_TEST(top.out.starts_with(
      "Usage: tool-host [--plugin PATH] [--config JSON|@FILE] COMMAND [options]\n"));
  BOOST_TEST(top.out.find("  mcp        serve the tool over the Model Context Protocol") !=
             std::string::npos);
  for (const char* command : {"describe", "call", "serve", "mcp"}) {
    ProcessResult r = ToolHost({command, "--help"});
    BOOST_TEST(r.exit_code == 0, command);
    BOOST_TEST(r.out.starts_with(std::string("Usage: tool-host [global options] ") + command +
                                 " [options]\n"),
               r.out);
    BOOST_TEST(r.err == "");
  }
  BOOST_TEST(ToolHost({"call", "--help"}).out.find("--args JSON|@FILE") != std::string::npos);
  BOOST_TEST(top.out.find("(default: ../lib/libfirefox_bidi.so") != std::string::npos, top.out);
}

BOOST_AUTO_TEST_CASE(usage_errors_exit_2_with_the_reason_on_stderr) {
  ProcessResult none = ToolHost({});
  BOOST_TEST(none.exit_code == 2);
  BOOST_TEST(none.out == "");
  BOOST_TEST(none.err == "tool-host: no command given\n" + kTryHelp);

  ProcessResult unknown = ToolHost({"frobnicate"});
  BOOST_TEST(unknown.exit_code == 2);
  BOOST_TEST(unknown.err == "tool-host: unknown command 'frobnicate'\n" + kTryHelp);

  ProcessResult bad_option = ToolHost({"call", "--argz", "{}"});
  BOOST_TEST(bad_option.exit_code == 2);
  BOOST_TEST(bad_option.err == "tool-host: call: unrecognised option '--argz'\n" + kTryHelp);

  ProcessResult bad_global = ToolHost({"--nope", "describe"});
  BOOST_TEST(bad_global.exit_code == 2);
  BOOST_TEST(bad_global.err == "tool-host: unrecognised option '--nope'\n" + kTryHelp);

  ProcessResult missing_file =
      ToolHost({"--plugin", kEcho, "call", "--args", "@/nonexistent/a.json"});
  BOOST_TEST(missing_file.exit_code == 2);
  BOOST_TEST(missing_file.err ==
             "tool-host: --args @/nonexistent/a.json: cannot read the file (No such file or "
             "directory)\n" +
                 kTryHelp);

  ProcessResult missing_plugin = ToolHost({"--plugin", "/nonexistent/p.so", "describe"});
  BOOST_TEST(missing_plugin.exit_code == 2);
  BOOST_TEST(missing_plugin.err ==
             "tool-host: plugin /nonexistent/p.so: file not found\n" + kTryHelp);
}

BOOST_AUTO_TEST_CASE(invalid_config_exits_2_without_echoing_secrets) {
  ProcessResult r = ToolHost(
      {"--config", R"({"firefox":{"env":{"TOKEN":["sekret-123"]}}})", "call", "--args", "{}"});
  BOOST_TEST(r.exit_code == 2);
  BOOST_TEST(r.out == "");
  BOOST_TEST(r.err ==
             "tool-host: invalid --config: config /firefox/env/TOKEN: must be a string, "
             "not an array\n" +
                 kTryHelp);
  BOOST_TEST(r.err.find("sekret") == std::string::npos);

  ProcessResult not_json = ToolHost({"--config", "{oops", "serve"});
  BOOST_TEST(not_json.exit_code == 2);
  BOOST_TEST(not_json.err.starts_with("tool-host: invalid --config: config: not valid JSON ("));
}

BOOST_AUTO_TEST_CASE(config_is_read_from_a_file_with_at) {
  TempDir dir;
  std::string path = dir.path() + "/config.json";
  std::ofstream(path) << R"({"max_inline_bytes":"x"})";
  ProcessResult r = ToolHost({"--config", "@" + path, "call", "--args", "{}"});
  BOOST_TEST(r.exit_code == 2);
  BOOST_TEST(r.err ==
             "tool-host: invalid --config: config /max_inline_bytes: must be an integer, "
             "not a string\n" +
                 kTryHelp);
}

BOOST_AUTO_TEST_CASE(describe_prints_the_real_plugin_beside_the_build_by_default) {
  ProcessResult r = ToolHost({"describe"});
  BOOST_TEST_REQUIRE(r.exit_code == 0, r.err);
  BOOST_TEST(r.out.back() == '\n');
  json::value described = json::parse(r.out);
  json::value expected = json::object{{"name", kToolName},
                                      {"description", ToolDescription()},
                                      {"input_schema", json::parse(kInputSchema)}};
  BOOST_TEST(described == expected);
  BOOST_TEST(described.at("input_schema").is_object());
  // DESIGN.md section 9: the whole description and schema stay under 5 KiB.
  BOOST_TEST(r.out.size() <= 5120u);
}

BOOST_AUTO_TEST_CASE(mcp_print_config_gives_each_host_this_binary_and_its_options) {
  // The binary's own path, links resolved, as /proc/self/exe gives it.
  const std::string self = std::filesystem::canonical(kToolHost).string();

  ProcessResult claude = ToolHost({"mcp", "--print-config", "claude-code"});
  BOOST_TEST(claude.exit_code == 0);
  BOOST_TEST(claude.out == "claude mcp add firefox -- " + self + " mcp\n");
  BOOST_TEST(claude.err == "");

  ProcessResult json_host = ToolHost({"mcp", "--print-config", "json"});
  BOOST_TEST(json_host.exit_code == 0);
  BOOST_TEST(json_host.out == "{\n  \"mcpServers\": {\n    \"firefox\": {\n      \"command\": \"" +
                                  self + "\",\n      \"args\": [\"mcp\"]\n    }\n  }\n}\n");
  BOOST_TEST(json::parse(json_host.out) == json::parse(R"({"mcpServers":{"firefox":{"command":")" +
                                                       self + R"(","args":["mcp"]}}})"));

  ProcessResult vscode = ToolHost({"mcp", "--print-config", "vscode"});
  BOOST_TEST(vscode.exit_code == 0);
  BOOST_TEST(json::parse(vscode.out) ==
             json::parse(R"({"servers":{"firefox":{"type":"stdio","command":")" + self +
                         R"(","args":["mcp"]}}})"));

  // Global options come along, quoted for the shell where they need it.
  ProcessResult with_options =
      ToolHost({"--plugin", kPlugin, "--config", R"({"firefox":{"headless":false}})", "mcp",
                "--print-config", "claude-code"});
  BOOST_TEST(with_options.exit_code == 0);
  BOOST_TEST(with_options.out == "claude mcp add firefox -- " + self + " --plugin " + kPlugin +
                                     R"( --config '{"firefox":{"headless":false}}' mcp)" + "\n");

  ProcessResult codex = ToolHost({"--config", "@/etc/it's.json", "mcp", "--print-config", "codex"});
  BOOST_TEST(codex.exit_code == 0);
  BOOST_TEST(codex.out == "[mcp_servers.firefox]\ncommand = \"" + self +
                              "\"\nargs = [\"--config\", \"@/etc/it's.json\", \"mcp\"]\n");
}

BOOST_AUTO_TEST_CASE(mcp_print_config_of_an_unknown_host_lists_the_known_ones) {
  ProcessResult r = ToolHost({"mcp", "--print-config", "claude"});
  BOOST_TEST(r.exit_code == 2);
  BOOST_TEST(r.out == "");
  BOOST_TEST(r.err ==
             "tool-host: mcp --print-config: unknown MCP host 'claude' (known: claude-code, "
             "codex, json, vscode)\n" +
                 kTryHelp);
  ProcessResult missing = ToolHost({"mcp", "--print-config"});
  BOOST_TEST(missing.exit_code == 2);
  BOOST_TEST(missing.err.starts_with("tool-host: mcp: the required argument for option "
                                     "'--print-config' is missing\n"),
             missing.err);
}

BOOST_AUTO_TEST_CASE(call_pretty_lays_the_result_out_for_reading) {
  ProcessResult r = ToolHost(
      {"--plugin", kEcho, "call", "--pretty", "--args",
       R"({"frames":[{"index":0,"result":"- heading \"To-do\"\n  - button \"Add\" [ref=e2]"},)"
       R"({"index":1,"result":{"value":"Buy milk"}}],"long":[)"
       R"("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"]})"});
  BOOST_TEST(r.exit_code == 0);
  BOOST_TEST(r.out ==
                 "{\n"
                 "  \"frames\": [\n"
                 "    {\n"
                 "      \"index\": 0,\n"
                 "      \"result\": |\n"
                 "        - heading \"To-do\"\n"
                 "          - button \"Add\" [ref=e2]\n"
                 "    },\n"
                 "    {\"index\":1,\"result\":{\"value\":\"Buy milk\"}}\n"
                 "  ],\n"
                 "  \"long\": [\n"
                 "    \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\",\n"
                 "    \"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\"\n"
                 "  ]\n"
                 "}\n",
             r.out);
}

BOOST_AUTO_TEST_CASE(call_refused_by_the_plugin_exits_1_with_the_error_json) {
  const std::string args = R"({"frames":[{"method":"nodot"}]})";
  ProcessResult r = ToolHost({"call", "--args", args});
  BOOST_TEST(r.exit_code == 1);
  BOOST_TEST(r.out == RefusalOf(args) + "\n");
  json::value error = json::parse(r.out).at("error");
  BOOST_TEST(error.at("kind") == "invalid_arguments");
  BOOST_TEST(error.at("at") == "/frames/0/method");
}

BOOST_AUTO_TEST_CASE(call_reads_arguments_from_stdin_and_at_file) {
  ProcessResult from_stdin = ToolHost({"--plugin", kEcho, "call"}, R"({"frames":[1]})");
  BOOST_TEST(from_stdin.exit_code == 0);
  BOOST_TEST(from_stdin.out == "{\"frames\":[1]}\n");
  BOOST_TEST(from_stdin.err == "tool-host: plugin info: echo_tool created\n");

  TempDir dir;
  std::string path = dir.path() + "/args.json";
  std::ofstream(path) << R"({"frames":[2]})";
  ProcessResult from_file = ToolHost({"--plugin", kEcho, "call", "--args", "@" + path});
  BOOST_TEST(from_file.exit_code == 0);
  BOOST_TEST(from_file.out == "{\"frames\":[2]}\n");
}

BOOST_AUTO_TEST_CASE(call_that_fails_exits_1_with_the_error_json) {
  ProcessResult r = ToolHost({"--plugin", kEcho, "call", "--args", R"({"fail":1})"});
  BOOST_TEST(r.exit_code == 1);
  BOOST_TEST(
      r.out ==
      "{\"error\":{\"kind\":\"browser_unavailable\",\"message\":\"failed by echo_tool\"}}\n");
}

BOOST_AUTO_TEST_CASE(call_against_an_unreachable_endpoint_fails_with_browser_unavailable) {
  // Port 1 on loopback: nothing listens there, so the connect is refused at once.
  ProcessResult r = ToolHost({"--config", R"({"connect":"ws://127.0.0.1:1/session"})", "call",
                              "--args", R"({"frames":[{"method":"browsingContext.getTree"}]})"});
  BOOST_TEST(r.exit_code == 1);
  json::value error = json::parse(r.out).at("error");
  BOOST_TEST(error.at("kind") == "browser_unavailable");
  BOOST_TEST(!error.at("message").as_string().empty());
}

BOOST_AUTO_TEST_CASE(serve_answers_one_line_per_line_in_order) {
  const std::string bad = R"({"frames":[]})";
  ProcessResult r =
      ToolHost({"serve"}, "{\"frames\":[{\"method\":\"x\"}]}\n\n" + bad + "\r\nnot json\n");
  BOOST_TEST(r.exit_code == 0, r.err);
  BOOST_TEST(r.out == RefusalOf(R"({"frames":[{"method":"x"}]})") + "\n" + RefusalOf(bad) + "\n" +
                          RefusalOf("not json") + "\n");
}

BOOST_AUTO_TEST_CASE(serve_with_the_echo_plugin_keeps_order_and_reports_refusals) {
  ProcessResult r = ToolHost({"--plugin", kEcho, "serve"}, "{\"n\":1}\n{\"refuse\":1}\n{\"n\":3}");
  BOOST_TEST(r.exit_code == 0);
  BOOST_TEST(r.out ==
             "{\"n\":1}\n"
             "{\"error\":{\"kind\":\"invalid_arguments\",\"message\":\"refused by echo_tool\","
             "\"at\":\"/refuse\"}}\n"
             "{\"n\":3}\n");
  // serve, unlike mcp, does not tell the plugin that the host is long-lived.
  BOOST_TEST(r.err == "tool-host: plugin info: echo_tool created\n");
}

BOOST_AUTO_TEST_CASE(serve_refuses_an_overlong_line_and_answers_the_next) {
  const std::string huge(LineReader::kMaxLineBytes + 1, 'y');
  ProcessResult r = ToolHost({"--plugin", kEcho, "serve"}, "{\"n\":1}\n" + huge + "\n{\"n\":3}\n");
  BOOST_TEST(r.exit_code == 0);
  BOOST_TEST(r.out ==
             "{\"n\":1}\n"
             "{\"error\":{\"kind\":\"too_large\",\"message\":\"arguments line longer than "
             "67108864 bytes\"}}\n"
             "{\"n\":3}\n");
}

BOOST_AUTO_TEST_CASE(sigterm_cancels_the_running_call_and_exits_143) {
  auto child =
      ChildProcess::Spawn({kToolHost, "--plugin", kEcho, "call", "--args", "{\"block\":1}"});
  // The instance exists once the plugin logged its creation; the call starts right after.
  auto deadline = std::chrono::steady_clock::now() + seconds(20);
  while (child->Stderr().find("echo_tool created") == std::string::npos &&
         std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  child->Signal(SIGTERM);
  std::string out = child->ReadRest(seconds(20));
  BOOST_TEST(child->Wait(seconds(20)) == 143);
  BOOST_TEST(out == "{\"cancelled\":true}\n");
}

BOOST_AUTO_TEST_CASE(sighup_cancels_the_running_call_and_exits_129_like_sigterm) {
  auto child =
      ChildProcess::Spawn({kToolHost, "--plugin", kEcho, "call", "--args", "{\"block\":1}"});
  auto deadline = std::chrono::steady_clock::now() + seconds(20);
  while (child->Stderr().find("echo_tool created") == std::string::npos &&
         std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  child->Signal(SIGHUP);
  std::string out = child->ReadRest(seconds(20));
  BOOST_TEST(child->Wait(seconds(20)) == 129);
  BOOST_TEST(out == "{\"cancelled\":true}\n");
}

BOOST_AUTO_TEST_CASE(sigint_ends_serve_and_cancels_its_call) {
  auto child = ChildProcess::Spawn({kToolHost, "--plugin", kEcho, "serve"});
  child->Write("{\"n\":1}\n{\"block\":1}\n{\"n\":3}\n");
  BOOST_TEST(child->ReadLine(seconds(20)).value_or("<none>") == "{\"n\":1}");
  // Lets the worker take the blocking call off the queue (correctness margin, not a timing
  // assertion): a signal that beats it would drop it with the rest of the queue.
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  child->Signal(SIGINT);
  BOOST_TEST(child->Wait(seconds(20)) == 130);
  // The blocked call ended as cancelled; the queued one never ran.
  BOOST_TEST(child->ReadRest(seconds(5)) == "{\"cancelled\":true}\n");
}

BOOST_AUTO_TEST_CASE(sigterm_ends_serve_even_with_a_full_queue_of_calls) {
  auto child = ChildProcess::Spawn({kToolHost, "--plugin", kEcho, "serve"});
  std::string lines;
  for (int i = 0; i < 200; ++i) lines += "{\"block\":1}\n";
  child->Write(lines);  // the reader is now blocked on the full queue behind the first call
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  child->Signal(SIGTERM);
  BOOST_TEST(child->Wait(seconds(20)) == 143);
  BOOST_TEST(child->ReadRest(seconds(5)) == "{\"cancelled\":true}\n");
}

BOOST_AUTO_TEST_CASE(call_runs_a_batch_against_a_fake_bidi_endpoint) {
  FakeBidiServer server;
  server.OnCommand("script.evaluate")
      .Reply(R"({"type":"success","realm":"r","result":{"type":"number","value":3}})");
  TempDir spool;
  std::string config =
      R"({"connect":")" + server.url() + R"(","spool_dir":")" + spool.path() + R"(/spool"})";
  ProcessResult r = ToolHost(
      {"--config", config, "call", "--args",
       R"({"frames":[{"method":"script.evaluate","params":{"expression":"1+2"},"label":"sum","pick":"result.value"}]})"});
  BOOST_TEST(r.exit_code == 0, r.err);
  BOOST_TEST(r.out ==
             "{\"frames\":[{\"index\":0,\"method\":\"script.evaluate\",\"label\":\"sum\","
             "\"result\":3}]}\n");
}

BOOST_AUTO_TEST_CASE(serve_keeps_the_session_between_calls) {
  FakeBidiServer server;
  TempDir spool;
  std::string config =
      R"({"connect":")" + server.url() + R"(","spool_dir":")" + spool.path() + R"(/spool"})";
  const std::string call = R"({"frames":[{"method":"browsingContext.getTree"}]})";
  ProcessResult r = ToolHost({"--config", config, "serve"}, call + "\n" + call + "\n");
  BOOST_TEST(r.exit_code == 0, r.err);
  const std::string line =
      "{\"frames\":[{\"index\":0,\"method\":\"browsingContext.getTree\",\"result\":{}}]}\n";
  BOOST_TEST(r.out == line + line);
  BOOST_TEST(server.connections() == 1u);
}

// The spooled path of frame 0 in a tool result line.
std::string SpooledPath(const std::string& line) {
  boost::system::error_code ec;
  const json::value result = json::parse(line, ec);
  const json::value* spooled = ec ? nullptr : result.find_pointer("/frames/0/spooled", ec);
  BOOST_TEST_REQUIRE((spooled != nullptr && spooled->is_string()), line);
  return std::string(spooled->get_string());
}

// A live `serve` and one-shot `call`s sharing one spool_dir: every call evicts what the calls
// before it left, oldest first, and never the serving process's current batch.
BOOST_AUTO_TEST_CASE(calls_beside_a_live_serve_evict_earlier_calls_results_oldest_first) {
  FakeBidiServer server;
  server.OnCommand("test.large").ReplyLarge(400000);
  TempDir tmp;
  const std::string dir = tmp / "spool";
  // Room for the serving process's file and two calls' files, not three.
  const std::string config = R"({"connect":")" + server.url() + R"(","spool_dir":")" + dir +
                             R"(","spool_quota_bytes":1300000})";
  const std::string call = R"({"frames":[{"method":"test.large"}]})";
  auto serve = ChildProcess::Spawn({kToolHost, "--config", config, "serve"});
  BOOST_TEST_REQUIRE(serve->Write(call + "\n"));
  const std::optional<std::string> served = serve->ReadLine(seconds(30));
  BOOST_TEST_REQUIRE(served.has_value(), serve->Stderr());
  const std::string serves = SpooledPath(*served);
  BOOST_TEST(serves == dir + "/000001-0.json");
  const std::uintmax_t size = std::filesystem::file_size(serves);
  // The 400000-byte reply {"type":"success","id":N,"result":R} with a one-digit id: R, the
  // file's bytes, is 400000 - 35.
  BOOST_TEST(size == 399965u);
  std::vector<std::string> calls;
  for (int i = 0; i < 5; ++i) {
    ProcessResult r = ToolHost({"--config", config, "call", "--args", call});
    BOOST_TEST_REQUIRE(r.exit_code == 0, r.out + r.err);
    calls.push_back(SpooledPath(r.out));
    // Batch numbers go on from the highest in the directory; a guest's carry its pid.
    BOOST_TEST(calls.back().rfind(dir + "/00000" + std::to_string(2 + i) + "_", 0) == 0u,
               calls.back());
    BOOST_TEST(std::filesystem::file_size(calls.back()) == size);
    BOOST_TEST(std::filesystem::exists(serves));
    if (i >= 1) BOOST_TEST(std::filesystem::exists(calls[i - 1]));
    if (i >= 2) BOOST_TEST(!std::filesystem::exists(calls[i - 2]), calls[i - 2]);
  }
  std::set<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    names.insert(entry.path().filename().string());
  }
  const auto name_of = [](const std::string& path) { return path.substr(path.rfind('/') + 1); };
  BOOST_TEST(names == (std::set<std::string>{".lock", ".batch-000001.lock", "000001-0.json",
                                             "downloads", name_of(calls[3]), name_of(calls[4])}));
  serve->CloseStdin();
  BOOST_TEST(serve->Wait(seconds(30)) == 0, serve->Stderr());
  // Its batch ended with it: the marker is gone, the file stays for the next process to evict.
  BOOST_TEST(!std::filesystem::exists(dir + "/.batch-000001.lock"));
  BOOST_TEST(std::filesystem::exists(serves));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::testing
