// `tool-host mcp --http` as a client sees it: the Streamable HTTP status codes (sessions, Host,
// Origin, bearer token, Accept, body size, methods), replies as JSON or as an SSE stream with
// progress, calls of several sessions queued on the one instance, cancellation by notification
// and by disconnect, and shutdown. The echo fixture plugin answers calls; no browser runs.
#include "mcp_http.h"

#include <signal.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "support/child_process.h"
#include "support/fake_bidi_server.h"
#include "support/temp_dir.h"

namespace firefox_bidi::testing {
namespace {

namespace json = boost::json;
namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;
using std::chrono::seconds;

const std::string kToolHost = std::string(FIREFOX_BIDI_BINARY_DIR) + "/bin/tool-host";
const std::string kEcho = std::string(FIREFOX_BIDI_BINARY_DIR) + "/lib/fixtures/echo_tool.so";
constexpr char kUrlPrefix[] = "tool-host: MCP over HTTP at http://127.0.0.1:";
constexpr char kInitialize[] =
    R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}})";

struct Response {
  int status = 0;
  std::string content_type;
  std::string session;  // Mcp-Session-Id
  std::string allow;
  std::string www_authenticate;
  std::string body;
  json::value Json() const { return json::parse(body); }
  // The data lines of an SSE body, parsed.
  std::vector<json::value> Events() const {
    std::vector<json::value> events;
    std::size_t at = 0;
    while (at < body.size()) {
      std::size_t end = body.find('\n', at);
      if (end == std::string::npos) end = body.size();
      std::string_view line(body.data() + at, end - at);
      if (line.starts_with("data: ")) events.push_back(json::parse(line.substr(6)));
      at = end + 1;
    }
    return events;
  }
};

// One client connection (reads time out after 40 s, so a hang fails instead of stalling).
class Client {
 public:
  explicit Client(int port) : socket_(io_) {
    socket_.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
    timeval tv{40, 0};
    ::setsockopt(socket_.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
  }

  void Send(http::request<http::string_body> req) {
    req.prepare_payload();
    http::write(socket_, req);
  }
  Response Read() {
    http::response_parser<http::string_body> parser;
    parser.body_limit(64u << 20);
    http::read(socket_, buffer_, parser);
    const auto& res = parser.get();
    Response out;
    out.status = res.result_int();
    auto get = [&](std::string_view name) {
      auto it = res.find(name);
      return it == res.end() ? std::string() : std::string(it->value());
    };
    out.content_type = get("Content-Type");
    out.session = get("Mcp-Session-Id");
    out.allow = get("Allow");
    out.www_authenticate = get("WWW-Authenticate");
    out.body = res.body();
    return out;
  }
  Response Ask(http::request<http::string_body> req) {
    Send(std::move(req));
    return Read();
  }
  // True when the server closed the connection (reads end of file).
  bool ClosedByServer() {
    char byte;
    boost::system::error_code ec;
    socket_.read_some(net::buffer(&byte, 1), ec);
    return ec == net::error::eof || ec == net::error::connection_reset;
  }
  void Close() { socket_.close(); }

 private:
  net::io_context io_;
  tcp::socket socket_;
  beast::flat_buffer buffer_;
};

// One `tool-host --plugin echo_tool mcp --http 0 ...` child and requests to it.
class Server {
 public:
  // `wrapper`: a command that runs tool-host in its place (e.g. prlimit with its options).
  // `global`: tool-host's options before `mcp` (the echo plugin by default).
  explicit Server(std::vector<std::string> extra = {}, std::vector<std::string> wrapper = {},
                  std::vector<std::string> global = {"--plugin", kEcho}) {
    std::vector<std::string> argv = std::move(wrapper);
    argv.push_back(kToolHost);
    argv.insert(argv.end(), global.begin(), global.end());
    for (const char* arg : {"mcp", "--http", "0"}) argv.emplace_back(arg);
    argv.insert(argv.end(), extra.begin(), extra.end());
    child_ = ChildProcess::Spawn(argv);
    const auto deadline = std::chrono::steady_clock::now() + seconds(30);
    while (std::chrono::steady_clock::now() < deadline) {
      std::string err = child_->Stderr();
      if (std::size_t at = err.find(kUrlPrefix); at != std::string::npos) {
        std::size_t end = err.find("/mcp\n", at);
        if (end != std::string::npos) {
          port_ = std::stoi(
              err.substr(at + sizeof(kUrlPrefix) - 1, end - at - (sizeof(kUrlPrefix) - 1)));
          return;
        }
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    BOOST_FAIL("no URL on stderr: " << child_->Stderr());
  }

  // Every server ends as SIGTERM ends it: exit 143 and no sanitizer report on its stderr (in
  // the sanitizer build, tool-host's leaks and memory errors show there).
  ~Server() {
    if (child_ == nullptr) return;
    child_->Signal(SIGTERM);
    const int code = child_->Wait(seconds(20));
    const std::string err = child_->Stderr();
    BOOST_TEST(code == 143, err);
    for (const char* report : {"Sanitizer", "runtime error"}) {
      BOOST_TEST(err.find(report) == std::string::npos, err);
    }
  }
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  int port() const { return port_; }
  ChildProcess& process() { return *child_; }

  http::request<http::string_body> Request(http::verb verb, std::string body = {},
                                           std::string session = {}) const {
    http::request<http::string_body> req{verb, "/mcp", 11};
    req.set(http::field::host, absl::StrCat("127.0.0.1:", port_));
    if (verb == http::verb::post) {
      req.set(http::field::accept, "application/json, text/event-stream");
      req.set(http::field::content_type, "application/json");
    }
    if (!session.empty()) {
      req.set("Mcp-Session-Id", session);
      req.set("MCP-Protocol-Version", "2025-11-25");
    }
    req.body() = std::move(body);
    return req;
  }
  Response Ask(http::request<http::string_body> req) { return Client(port_).Ask(std::move(req)); }
  Response Post(std::string body, std::string session = {}) {
    return Ask(Request(http::verb::post, std::move(body), std::move(session)));
  }
  // A new session's id (initialize, then notifications/initialized).
  std::string Initialize() {
    Response init = Post(kInitialize);
    BOOST_TEST_REQUIRE(init.status == 200, init.body);
    BOOST_TEST_REQUIRE(init.session.size() == 32u);
    Response ack = Post(R"({"jsonrpc":"2.0","method":"notifications/initialized"})", init.session);
    BOOST_TEST(ack.status == 202);
    return init.session;
  }

 private:
  std::unique_ptr<ChildProcess> child_;
  int port_ = 0;
};

std::string CallBody(std::string_view id, std::string_view arguments, bool progress = false) {
  return absl::StrCat(R"({"jsonrpc":"2.0","id":)", std::string(id),
                      R"(,"method":"tools/call","params":{"name":"echo_tool","arguments":)",
                      std::string(arguments), progress ? R"(,"_meta":{"progressToken":"p"}})" : "}",
                      "}");
}

double SecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

json::value ErrorBody(int code, std::string_view message) {
  return json::object{{"jsonrpc", "2.0"},
                      {"error", json::object{{"code", code}, {"message", message}}},
                      {"id", nullptr}};
}

BOOST_AUTO_TEST_SUITE(mcp_http)

BOOST_AUTO_TEST_CASE(initialize_opens_a_session_and_calls_answer_as_json_or_sse) {
  Server server;
  Response init = server.Post(kInitialize);
  BOOST_TEST(init.status == 200);
  BOOST_TEST(init.content_type == "application/json");
  BOOST_TEST(init.session.find_first_not_of("0123456789abcdef") == std::string::npos);
  BOOST_TEST(init.Json().at("result").at("protocolVersion") == "2025-11-25");
  BOOST_TEST(init.Json().at("result").at("serverInfo").at("name") == "echo-tool");
  // Two sessions never share an id.
  BOOST_TEST(server.Post(kInitialize).session != init.session);

  Response ack =
      server.Post(R"({"jsonrpc":"2.0","method":"notifications/initialized"})", init.session);
  BOOST_TEST(ack.status == 202);
  BOOST_TEST(ack.body == "");

  Response list = server.Post(R"({"jsonrpc":"2.0","id":1,"method":"tools/list"})", init.session);
  BOOST_TEST(list.status == 200);
  BOOST_TEST(list.Json().at("result").at("tools").at(0).at("name") == "echo_tool");

  // Without a progress token the reply is plain JSON.
  Response plain = server.Post(CallBody("2", R"({"x":1})"), init.session);
  BOOST_TEST(plain.status == 200);
  BOOST_TEST(plain.content_type == "application/json");
  BOOST_TEST(plain.Json() == json::parse(R"({"jsonrpc":"2.0","id":2,"result":{"content":[
      {"type":"text","text":"{\"x\":1}"}],"isError":false}})"));

  // With one, an SSE stream: the progress notifications, then the reply.
  Response streamed = server.Post(CallBody("3", R"({"y":2})", true), init.session);
  BOOST_TEST(streamed.status == 200);
  BOOST_TEST(streamed.content_type == "text/event-stream");
  BOOST_TEST(streamed.session == init.session);
  std::vector<json::value> events = streamed.Events();
  BOOST_TEST_REQUIRE(events.size() == 3u, streamed.body);
  BOOST_TEST(events[0] == json::parse(R"({"jsonrpc":"2.0","method":"notifications/progress",
      "params":{"progressToken":"p","progress":1,"total":2,"message":"step 1"}})"));
  BOOST_TEST(events[1].at("params").at("progress") == 2);
  BOOST_TEST(events[2] == json::parse(R"({"jsonrpc":"2.0","id":3,"result":{"content":[
      {"type":"text","text":"{\"y\":2}"}],"isError":false}})"));

  // A connection carries one request after another, an SSE stream's among them.
  Client client(server.port());
  BOOST_TEST(client.Ask(server.Request(http::verb::post, CallBody("4", "{}", true), init.session))
                 .Events()
                 .size() == 3u);
  BOOST_TEST(client
                 .Ask(server.Request(http::verb::post,
                                     R"({"jsonrpc":"2.0","id":5,"method":"ping"})", init.session))
                 .Json() == json::parse(R"({"jsonrpc":"2.0","id":5,"result":{}})"));
}

BOOST_AUTO_TEST_CASE(session_header_rules_400_404_and_delete) {
  Server server;
  Response none = server.Post(R"({"jsonrpc":"2.0","id":1,"method":"tools/list"})");
  BOOST_TEST(none.status == 400);
  BOOST_TEST(none.Json() == ErrorBody(-32000, "Bad Request: Mcp-Session-Id header is required"));

  Response unknown =
      server.Post(R"({"jsonrpc":"2.0","id":1,"method":"tools/list"})", std::string(32, 'a'));
  BOOST_TEST(unknown.status == 404);
  BOOST_TEST(unknown.Json() == ErrorBody(-32001, "Session not found"));

  std::string session = server.Initialize();
  // initialize again inside a session is refused.
  BOOST_TEST(server.Post(kInitialize, session).status == 400);
  auto version =
      server.Request(http::verb::post, R"({"jsonrpc":"2.0","id":1,"method":"ping"})", session);
  version.set("MCP-Protocol-Version", "1999-01-01");
  Response bad_version = server.Ask(version);
  BOOST_TEST(bad_version.status == 400);
  BOOST_TEST(bad_version.Json() ==
             ErrorBody(-32000, "Bad Request: Unsupported protocol version: 1999-01-01"));

  BOOST_TEST(server.Ask(server.Request(http::verb::delete_, "", "")).status == 400);
  BOOST_TEST(server.Ask(server.Request(http::verb::delete_, "", std::string(32, 'b'))).status ==
             404);
  BOOST_TEST(server.Ask(server.Request(http::verb::delete_, "", session)).status == 200);
  Response after = server.Post(R"({"jsonrpc":"2.0","id":1,"method":"ping"})", session);
  BOOST_TEST(after.status == 404);
  BOOST_TEST(server.Ask(server.Request(http::verb::delete_, "", session)).status == 404);
}

BOOST_AUTO_TEST_CASE(methods_paths_accept_content_type_and_malformed_bodies) {
  Server server;
  std::string session = server.Initialize();
  Response get = server.Ask(server.Request(http::verb::get, "", session));
  BOOST_TEST(get.status == 405);
  BOOST_TEST(get.allow == "POST, DELETE");
  BOOST_TEST(server.Ask(server.Request(http::verb::put, "", session)).status == 405);

  auto other_path = server.Request(http::verb::post, kInitialize);
  other_path.target("/other");
  BOOST_TEST(server.Ask(other_path).status == 404);

  for (const char* accept : {"", "application/json", "text/event-stream", "*/*"}) {
    auto req =
        server.Request(http::verb::post, R"({"jsonrpc":"2.0","id":1,"method":"ping"})", session);
    if (*accept == '\0') {
      req.erase(http::field::accept);
    } else {
      req.set(http::field::accept, accept);
    }
    Response r = server.Ask(req);
    BOOST_TEST(r.status == 406, accept);
    BOOST_TEST(r.Json() == ErrorBody(-32000,
                                     "Not Acceptable: Client must accept both application/json and "
                                     "text/event-stream"));
  }
  auto text =
      server.Request(http::verb::post, R"({"jsonrpc":"2.0","id":1,"method":"ping"})", session);
  text.set(http::field::content_type, "text/plain");
  BOOST_TEST(server.Ask(text).status == 415);
  auto charset =
      server.Request(http::verb::post, R"({"jsonrpc":"2.0","id":1,"method":"ping"})", session);
  charset.set(http::field::content_type, "application/json; charset=utf-8");
  BOOST_TEST(server.Ask(charset).Json() == json::parse(R"({"jsonrpc":"2.0","id":1,"result":{}})"));

  Response parse_error = server.Post("{\"jsonrpc\":", session);
  BOOST_TEST(parse_error.status == 400);
  BOOST_TEST(parse_error.Json().at("error").at("code") == -32700);
  Response batch = server.Post("[]", session);
  BOOST_TEST(batch.status == 400);
  BOOST_TEST(batch.Json().at("error").at("message") ==
             "Invalid request: JSON-RPC batches are not supported");
}

BOOST_AUTO_TEST_CASE(a_body_over_16_mib_is_413_and_a_huge_header_431) {
  Server server;
  std::string session = server.Initialize();
  Client client(server.port());
  auto big = server.Request(http::verb::post, "", session);
  big.body() = CallBody("1", absl::StrCat(R"({"pad":")", std::string(16u << 20, 'x'), R"("})"));
  big.prepare_payload();
  // The server may answer and close before it read the whole body: write what it takes.
  boost::system::error_code ignored;
  std::thread writer([&] {
    try {
      client.Send(big);
    } catch (const std::exception&) {
    }
  });
  Response r = client.Read();
  writer.join();
  BOOST_TEST(r.status == 413);
  BOOST_TEST(r.Json() == ErrorBody(-32000, "Payload Too Large: the body exceeds 16777216 bytes"));

  // Just under the limit passes.
  std::string fits = CallBody("2", absl::StrCat(R"({"pad":")", std::string(1000, 'y'), R"("})"));
  BOOST_TEST(server.Post(fits, session).status == 200);

  auto huge_header = server.Request(http::verb::post, kInitialize);
  huge_header.set("X-Filler", std::string(20000, 'h'));
  BOOST_TEST(server.Ask(huge_header).status == 431);
}

BOOST_AUTO_TEST_CASE(host_and_origin_are_checked_against_dns_rebinding) {
  Server server;
  for (std::string host : {std::string("evil.example:") + std::to_string(server.port()),
                           std::string("127.0.0.1:1"), std::string("127.0.0.1"), std::string("")}) {
    auto req = server.Request(http::verb::post, kInitialize);
    req.set(http::field::host, host);
    Response r = server.Ask(req);
    BOOST_TEST(r.status == 403, host);
    BOOST_TEST(r.Json() ==
               ErrorBody(-32000, absl::StrCat("Forbidden: Host header \"", host,
                                              "\" does not name this loopback server")));
  }
  for (std::string host :
       {absl::StrCat("localhost:", server.port()), absl::StrCat("[::1]:", server.port())}) {
    auto req = server.Request(http::verb::post, kInitialize);
    req.set(http::field::host, host);
    BOOST_TEST(server.Ask(req).status == 200, host);
  }
  for (const char* origin :
       {"https://evil.example", "null", "http://127.0.0.1.evil.example", "file://"}) {
    auto req = server.Request(http::verb::post, kInitialize);
    req.set(http::field::origin, origin);
    Response r = server.Ask(req);
    BOOST_TEST(r.status == 403, origin);
    BOOST_TEST(r.Json() == ErrorBody(-32000, absl::StrCat("Forbidden: Origin \"", origin,
                                                          "\" is not a loopback origin")));
  }
  for (const char* origin : {"http://localhost:3000", "http://127.0.0.1", "https://[::1]:8443"}) {
    auto req = server.Request(http::verb::post, kInitialize);
    req.set(http::field::origin, origin);
    BOOST_TEST(server.Ask(req).status == 200, origin);
  }
}

BOOST_AUTO_TEST_CASE(a_token_file_makes_the_bearer_token_required) {
  TempDir dir;
  std::string path = dir.path() + "/token";
  std::ofstream(path) << "  s3cret-token\n";
  Server server({"--token-file", path});
  auto without = server.Request(http::verb::post, kInitialize);
  Response r = server.Ask(without);
  BOOST_TEST(r.status == 401);
  BOOST_TEST(r.www_authenticate == "Bearer");
  BOOST_TEST(
      r.Json() ==
      ErrorBody(-32000, "Unauthorized: a valid \"Authorization: Bearer TOKEN\" is required"));
  for (const char* value : {"Bearer wrong", "Bearer s3cret-toke", "Bearer s3cret-tokenX",
                            "Basic s3cret-token", "s3cret-token"}) {
    auto req = server.Request(http::verb::post, kInitialize);
    req.set(http::field::authorization, value);
    BOOST_TEST(server.Ask(req).status == 401, value);
  }
  auto with = server.Request(http::verb::post, kInitialize);
  with.set(http::field::authorization, "Bearer s3cret-token");
  Response ok = server.Ask(with);
  BOOST_TEST(ok.status == 200);
  // Every request needs it, not only initialize.
  BOOST_TEST(server.Post(R"({"jsonrpc":"2.0","id":1,"method":"ping"})", ok.session).status == 401);
}

BOOST_AUTO_TEST_CASE(a_non_loopback_bind_without_a_token_is_refused_at_start) {
  ProcessResult r = RunProcess({kToolHost, "--plugin", kEcho, "mcp", "--http", "0.0.0.0:0"});
  BOOST_TEST(r.exit_code == 2);
  BOOST_TEST(r.err ==
             "tool-host: mcp: --http 0.0.0.0 is not a loopback address: give --token-file so "
             "that every request must carry the bearer token\nTry 'tool-host --help'.\n");
  ProcessResult bad = RunProcess({kToolHost, "--plugin", kEcho, "mcp", "--http", "host:x"});
  BOOST_TEST(bad.exit_code == 2);
  BOOST_TEST(bad.err.starts_with("tool-host: mcp: --http: \"host:x\" is not PORT or HOST:PORT"),
             bad.err);
  ProcessResult token_alone =
      RunProcess({kToolHost, "--plugin", kEcho, "mcp", "--token-file", "/dev/null"});
  BOOST_TEST(token_alone.exit_code == 2);
  BOOST_TEST(token_alone.err.starts_with("tool-host: mcp: --token-file needs --http"));
  for (const char* n : {"0", "257"}) {
    ProcessResult parallel =
        RunProcess({kToolHost, "--plugin", kEcho, "mcp", "--max-parallel-calls", n});
    BOOST_TEST(parallel.exit_code == 2);
    BOOST_TEST(parallel.err ==
               "tool-host: mcp: --max-parallel-calls must be from 1 to 256\nTry 'tool-host "
               "--help'.\n");
  }
}

BOOST_AUTO_TEST_CASE(sessions_are_bounded) {
  Server server({"--max-sessions", "2"});
  std::string first = server.Initialize();
  server.Initialize();
  Response third = server.Post(kInitialize);
  BOOST_TEST(third.status == 503);
  BOOST_TEST(server.Ask(server.Request(http::verb::delete_, "", first)).status == 200);
  BOOST_TEST(server.Post(kInitialize).status == 200);
}

// CPU time the process `pid` has used (all its threads), in seconds.
double CpuSeconds(pid_t pid) {
  std::ifstream in(absl::StrCat("/proc/", pid, "/stat"));
  std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // Fields after the command name (which may hold spaces) in parentheses: state is field 3,
  // utime 14 and stime 15.
  std::istringstream fields(stat.substr(stat.rfind(')') + 2));
  std::vector<std::string> values((std::istream_iterator<std::string>(fields)),
                                  std::istream_iterator<std::string>());
  BOOST_TEST_REQUIRE(values.size() > 13u, stat);
  return (std::stod(values[11]) + std::stod(values[12])) / ::sysconf(_SC_CLK_TCK);
}

// A sanitized tool-host out of descriptors cannot check memory for its reports (the runtime
// opens a pipe for that) and reports errors that are not there: this one runs in the release
// build only.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitizedBuild = true;
#else
constexpr bool kSanitizedBuild = false;
#endif

BOOST_AUTO_TEST_CASE(out_of_descriptors_the_server_waits_for_one_instead_of_spinning,
                     *boost::unit_test::enable_if<!kSanitizedBuild>()) {
  constexpr char kLine[] =
      "tool-host: mcp: cannot accept a connection (Too many open files); trying again every 100 "
      "ms\n";
  Server server({}, {"/usr/bin/prlimit", "--nofile=40", "--"});
  // Each client that is accepted holds one of the server's descriptors: 64 are more than it has.
  std::vector<std::unique_ptr<Client>> clients;
  for (int i = 0; i < 64; ++i) clients.push_back(std::make_unique<Client>(server.port()));
  const auto deadline = std::chrono::steady_clock::now() + seconds(20);
  while (server.process().Stderr().find(kLine) == std::string::npos &&
         std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  BOOST_TEST_REQUIRE(server.process().Stderr().find(kLine) != std::string::npos,
                     server.process().Stderr());
  // Accepting in a loop would take a whole core for these two seconds.
  const double before = CpuSeconds(server.process().pid());
  std::this_thread::sleep_for(seconds(2));
  const double used = CpuSeconds(server.process().pid()) - before;
  BOOST_TEST(used < 0.5, used << " s of CPU in 2 s");
  // Descriptors come free: the connections waiting in the backlog and new ones are served.
  clients.clear();
  BOOST_TEST(server.Post(kInitialize).status == 200);
  // Said once: within the minute, also when accepting the backlog as descriptors came free ran
  // them out again.
  const std::string err = server.process().Stderr();
  BOOST_TEST(err.find(kLine) == err.rfind(kLine), err);
}

BOOST_AUTO_TEST_CASE(an_idle_session_expires) {
  Server server({"--session-idle-s", "1"});
  std::string session = server.Initialize();
  std::this_thread::sleep_for(std::chrono::milliseconds(2600));
  BOOST_TEST(server.Post(R"({"jsonrpc":"2.0","id":1,"method":"ping"})", session).status == 404);
}

// The echo plugin refuses a second concurrent invoke as "busy": calls of two sessions must
// queue. Session A's call blocks until cancelled; B's waits behind it and then runs.
BOOST_AUTO_TEST_CASE(calls_of_two_sessions_queue_and_cancel_ends_the_first_without_reply) {
  Server server;
  std::string a = server.Initialize();
  std::string b = server.Initialize();
  Client slow(server.port());
  slow.Send(server.Request(http::verb::post, CallBody("\"s\"", R"({"block":1})", true), a));
  Client queued(server.port());
  queued.Send(server.Request(http::verb::post, CallBody("7", R"({"q":1})"), b));
  Client dropped(server.port());
  dropped.Send(server.Request(http::verb::post, CallBody("8", R"({"d":1})"), b));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  // A queued call cancelled ends unanswered: its connection closes.
  BOOST_TEST(
      server
          .Post(R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":8}})",
                b)
          .status == 202);
  // The same request id in B names nothing of A's.
  BOOST_TEST(
      server
          .Post(
              R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"s"}})",
              b)
          .status == 202);
  const auto start = std::chrono::steady_clock::now();
  BOOST_TEST(
      server
          .Post(
              R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"s"}})",
              a)
          .status == 202);
  // A's stream: the two progress notifications, then it ends with no reply.
  Response cancelled = slow.Read();
  BOOST_TEST(cancelled.content_type == "text/event-stream");
  std::vector<json::value> events = cancelled.Events();
  BOOST_TEST_REQUIRE(events.size() == 2u, cancelled.body);
  BOOST_TEST(events[1].at("method") == "notifications/progress");
  Response result = queued.Read();
  BOOST_TEST(result.Json() == json::parse(R"({"jsonrpc":"2.0","id":7,"result":{"content":[
      {"type":"text","text":"{\"q\":1}"}],"isError":false}})"));
  BOOST_TEST(SecondsSince(start) < 10.0);
  BOOST_TEST(dropped.ClosedByServer());
}

BOOST_AUTO_TEST_CASE(a_client_that_disconnects_cancels_its_call) {
  Server server;
  std::string a = server.Initialize();
  std::string b = server.Initialize();
  {
    Client slow(server.port());
    slow.Send(server.Request(http::verb::post, CallBody("1", R"({"block":1})"), a));
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    slow.Close();
  }
  const auto start = std::chrono::steady_clock::now();
  Response result = server.Post(CallBody("2", R"({"after":1})"), b);
  BOOST_TEST(result.Json().at("result").at("isError") == false);
  // The blocked call would hold the instance for 30 s had it not been cancelled.
  BOOST_TEST(SecondsSince(start) < 10.0);
  // Session A still works.
  BOOST_TEST(server.Post(R"({"jsonrpc":"2.0","id":3,"method":"ping"})", a).status == 200);
}

// A request sent while the call before it on the same connection runs waits for its answer,
// and the disconnect watch goes on meanwhile: the client leaving still cancels the call.
BOOST_AUTO_TEST_CASE(a_request_pipelined_behind_a_call_is_answered_after_it) {
  Server server;
  std::string a = server.Initialize();
  Client client(server.port());
  client.Send(server.Request(http::verb::post, CallBody("1", R"({"p":1})", true), a));
  client.Send(server.Request(http::verb::post, R"({"jsonrpc":"2.0","id":2,"method":"ping"})", a));
  Response call = client.Read();
  BOOST_TEST(call.content_type == "text/event-stream");
  std::vector<json::value> events = call.Events();
  BOOST_TEST_REQUIRE(events.size() == 3u, call.body);
  BOOST_TEST(events[2].at("id") == 1);
  BOOST_TEST(client.Read().Json() == json::parse(R"({"jsonrpc":"2.0","id":2,"result":{}})"));

  std::string b = server.Initialize();
  {
    Client slow(server.port());
    slow.Send(server.Request(http::verb::post, CallBody("3", R"({"block":1})"), a));
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    slow.Send(server.Request(http::verb::post, R"({"jsonrpc":"2.0","id":4,"method":"ping"})", a));
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    slow.Close();
  }
  const auto start = std::chrono::steady_clock::now();
  Response result = server.Post(CallBody("5", R"({"after":1})"), b);
  BOOST_TEST(result.Json().at("result").at("isError") == false);
  // The blocked call would hold the instance for 30 s had it not been cancelled.
  BOOST_TEST(SecondsSince(start) < 10.0);
}

// HTTP/1.0 has no chunked encoding: a call with a progress token is answered as JSON alone.
BOOST_AUTO_TEST_CASE(an_http_1_0_client_gets_json_without_progress) {
  Server server;
  std::string a = server.Initialize();
  Client client(server.port());
  auto req = server.Request(http::verb::post, CallBody("1", R"({"old":1})", true), a);
  req.version(10);
  Response r = client.Ask(req);
  BOOST_TEST(r.status == 200);
  BOOST_TEST(r.content_type == "application/json");
  BOOST_TEST(r.session == a);
  BOOST_TEST(r.Json() == json::parse(R"({"jsonrpc":"2.0","id":1,"result":{"content":[
      {"type":"text","text":"{\"old\":1}"}],"isError":false}})"));
  // Without Connection: keep-alive, an HTTP/1.0 connection ends after its answer.
  BOOST_TEST(client.ClosedByServer());
}

BOOST_AUTO_TEST_CASE(delete_ends_the_session_and_its_running_call) {
  Server server;
  std::string a = server.Initialize();
  Client slow(server.port());
  slow.Send(server.Request(http::verb::post, CallBody("1", R"({"block":1})"), a));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  BOOST_TEST(server.Ask(server.Request(http::verb::delete_, "", a)).status == 200);
  // The call's request ends unanswered: its connection closes.
  BOOST_TEST(slow.ClosedByServer());
  std::string b = server.Initialize();
  const auto start = std::chrono::steady_clock::now();
  BOOST_TEST(server.Post(CallBody("2", R"({"n":2})"), b).status == 200);
  BOOST_TEST(SecondsSince(start) < 10.0);
}

BOOST_AUTO_TEST_CASE(sigterm_ends_sessions_cancels_the_call_and_exits_143) {
  Server server;
  std::string a = server.Initialize();
  Client slow(server.port());
  slow.Send(server.Request(http::verb::post, CallBody("1", R"({"block":1})"), a));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const auto start = std::chrono::steady_clock::now();
  server.process().Signal(SIGTERM);
  BOOST_TEST(server.process().Wait(seconds(20)) == 143);
  BOOST_TEST(SecondsSince(start) < 10.0);
  const std::string err = server.process().Stderr();
  BOOST_TEST(err.find("Sanitizer") == std::string::npos, err);
  BOOST_TEST(slow.ClosedByServer());
}

// Each session is an agent of its own (mcp-1, mcp-2): the real plugin against the fake BiDi
// server runs the second session's call while the first session's waits for its reply, and
// the first session's DELETE ends its own call only.
BOOST_AUTO_TEST_CASE(calls_of_two_sessions_run_at_once_as_their_own_agents,
                     *boost::unit_test::timeout(180)) {
  FakeBidiServer bidi;
  bidi.OnCommand("browser.createUserContext")
      .SendRaw(R"({"type":"success","id":{{id}},"result":{"userContext":"uc-{{id}}"}})");
  bidi.OnCommand("browsingContext.create")
      .SendRaw(R"({"type":"success","id":{{id}},"result":{"context":"ctx-{{id}}"}})");
  bidi.OnCommand("browsingContext.getTree").Reply(R"({"contexts":[]})");
  bidi.OnCommand("session.status").Stall();  // the first session's command is never answered
  TempDir dir;
  Server server({}, {},
                {"--config", absl::StrCat(R"({"connect":")", bidi.url(), R"(","spool_dir":")",
                                          dir / "spool", "\"}")});
  auto call = [](std::string_view id, std::string_view method) {
    return absl::StrCat(
        R"({"jsonrpc":"2.0","id":)", std::string(id),
        R"(,"method":"tools/call","params":{"name":"firefox_bidi","arguments":{"frames":[{"method":")",
        std::string(method), R"("}]}}})");
  };
  std::string a = server.Initialize();
  std::string b = server.Initialize();
  Client slow(server.port());
  slow.Send(server.Request(http::verb::post, call("1", "session.status"), a));
  BOOST_TEST_REQUIRE(bidi.WaitForMethod("session.status", 1, seconds(30)));
  // Session b's call is answered while session a's waits (had it waited for a's call, it
  // would have taken the 30 s of a's frame).
  const auto start = std::chrono::steady_clock::now();
  Response quick = server.Post(call("2", "storage.getCookies"), b);
  BOOST_TEST(SecondsSince(start) < 15.0);
  BOOST_TEST(quick.status == 200);
  BOOST_TEST(quick.Json() == json::parse(R"({"jsonrpc":"2.0","id":2,"result":{"content":[
      {"type":"text","text":"{\"frames\":[{\"index\":0,\"method\":\"storage.getCookies\",\"result\":{}}]}"}],
      "isError":false}})"));
  // One user context each: the sessions ran as two agents.
  BOOST_TEST(bidi.CountMethod("browser.createUserContext") == 2u);
  // Session a's DELETE ends its call unanswered; session b goes on.
  BOOST_TEST(server.Ask(server.Request(http::verb::delete_, "", a)).status == 200);
  BOOST_TEST(slow.ClosedByServer());
  Response again = server.Post(call("3", "storage.getCookies"), b);
  BOOST_TEST(again.Json().at("result").at("isError") == false);
  BOOST_TEST(bidi.CountMethod("session.status") == 1u);
}

BOOST_AUTO_TEST_CASE(http_endpoints_and_token_files_are_read_strictly) {
  using tool_host::HttpEndpoint;
  auto endpoint = [](std::string_view text) {
    absl::StatusOr<HttpEndpoint> e = tool_host::ParseHttpEndpoint(text);
    return e.ok() ? absl::StrCat(e->address, " ", e->port, e->loopback ? " loopback" : "")
                  : std::string(e.status().message());
  };
  BOOST_TEST(endpoint("8931") == "127.0.0.1 8931 loopback");
  BOOST_TEST(endpoint("0") == "127.0.0.1 0 loopback");
  BOOST_TEST(endpoint("localhost:80") == "127.0.0.1 80 loopback");
  BOOST_TEST(endpoint("127.0.0.2:1") == "127.0.0.2 1 loopback");
  BOOST_TEST(endpoint("[::1]:9") == "::1 9 loopback");
  BOOST_TEST(endpoint("0.0.0.0:9") == "0.0.0.0 9");
  BOOST_TEST(endpoint("192.168.1.5:9") == "192.168.1.5 9");
  BOOST_TEST(endpoint("65536") == "--http: \"65536\" is not PORT or HOST:PORT (PORT 0 to 65535)");
  BOOST_TEST(endpoint("-1") == "--http: \"-1\" is not PORT or HOST:PORT (PORT 0 to 65535)");
  BOOST_TEST(endpoint("") == "--http: \"\" is not PORT or HOST:PORT (PORT 0 to 65535)");
  BOOST_TEST(endpoint("example.org:80") ==
             "--http: \"example.org\" is not an IP address (or localhost)");

  TempDir dir;
  auto token = [&](std::string_view contents) {
    std::string path = dir.path() + "/t";
    std::ofstream(path, std::ios::trunc) << contents;
    absl::StatusOr<std::string> t = tool_host::ReadTokenFile(path);
    return t.ok() ? "token " + *t : std::string(t.status().message());
  };
  BOOST_TEST(token("abc\n") == "token abc");
  BOOST_TEST(token(" \t abc-DEF_1.2~ \r\n") == "token abc-DEF_1.2~");
  BOOST_TEST(token(" \n") == "--token-file: " + dir.path() + "/t is empty");
  BOOST_TEST(token("a b") ==
             "--token-file: the token in " + dir.path() + "/t must be visible ASCII only");
  BOOST_TEST(tool_host::ReadTokenFile(dir.path() + "/missing").status().message() ==
             "--token-file: cannot read " + dir.path() + "/missing");
}

BOOST_AUTO_TEST_CASE(help_documents_the_http_flags) {
  ProcessResult r = RunProcess({kToolHost, "mcp", "--help"});
  BOOST_TEST(r.exit_code == 0);
  for (const char* flag : {"--http [HOST:]PORT", "--token-file PATH", "--max-sessions N",
                           "--session-idle-s S", "--max-parallel-calls N"}) {
    BOOST_TEST(r.out.find(flag) != std::string::npos, flag);
  }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::testing
