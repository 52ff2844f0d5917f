#include "mcp_http.h"

#include <sys/random.h>

#include <algorithm>
#include <array>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http.hpp>
#include <boost/json/serialize.hpp>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <deque>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <optional>
#include <sstream>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "jsonrpc.h"
#include "line_server.h"
#include "mcp_server.h"
#include "signals.h"

namespace tool_host {
namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace json = boost::json;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;

constexpr std::string_view kPath = "/mcp";
// A connection waiting for its (next) request is closed after this long.
constexpr std::chrono::seconds kReadTimeout{120};
// A write the client does not take within this long closes the connection.
constexpr std::chrono::seconds kWriteTimeout{60};
// JSON-RPC codes in HTTP error bodies, as the TypeScript SDK's server uses them.
constexpr int kHttpError = -32000;
constexpr int kSessionNotFound = -32001;

// (Abseil's string functions take its own string_view on some systems: these take the std one.)
std::string Lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool EqualsIgnoreCase(std::string_view a, std::string_view b) { return Lower(a) == Lower(b); }

std::string_view Trim(std::string_view text) {
  const char* kSpace = " \t\r\n\f\v";
  std::size_t begin = text.find_first_not_of(kSpace);
  if (begin == std::string_view::npos) return {};
  return text.substr(begin, text.find_last_not_of(kSpace) - begin + 1);
}

// A decimal port, 0 to 65535; -1 when `text` is not one.
int ParsePort(std::string_view text) {
  int value = -1;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value < 0 ||
      value > 65535) {
    return -1;
  }
  return value;
}

// 32 hex digits from the kernel's random source.
std::string RandomSessionId() {
  unsigned char bytes[16];
  std::size_t got = 0;
  while (got < sizeof(bytes)) {
    ssize_t n = ::getrandom(bytes + got, sizeof(bytes) - got, 0);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error("getrandom failed");
    }
    got += static_cast<std::size_t>(n);
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string id;
  for (unsigned char b : bytes) {
    id.push_back(kHex[b >> 4]);
    id.push_back(kHex[b & 15]);
  }
  return id;
}

// Compares without leaving the position of the first difference in the timing.
bool ConstantTimeEquals(std::string_view a, std::string_view b) {
  unsigned char diff = a.size() == b.size() ? 0 : 1;
  for (std::size_t i = 0; i < a.size(); ++i) {
    diff |= static_cast<unsigned char>(a[i] ^ (b.empty() ? 0 : b[i % b.size()]));
  }
  return diff == 0;
}

// The host and port of "HOST[:PORT]" or "[V6][:PORT]"; port -1 when absent, -2 when invalid.
std::pair<std::string, int> SplitHostPort(std::string_view text) {
  std::string_view host = text;
  std::string_view port;
  if (text.starts_with("[")) {
    std::size_t close = text.find(']');
    if (close == std::string_view::npos) return {"", -2};
    host = text.substr(0, close + 1);
    std::string_view rest = text.substr(close + 1);
    if (!rest.empty()) {
      if (!rest.starts_with(":")) return {"", -2};
      port = rest.substr(1);
    } else {
      port = {};
    }
    if (rest.empty()) return {Lower(host), -1};
  } else if (std::size_t colon = text.rfind(':'); colon != std::string_view::npos) {
    host = text.substr(0, colon);
    port = text.substr(colon + 1);
  } else {
    return {Lower(host), -1};
  }
  int value = ParsePort(port);
  if (value < 0) return {"", -2};
  return {Lower(host), value};
}

bool IsLoopbackName(std::string_view host) {
  if (host == "localhost") return true;
  std::string bare(host);
  if (bare.starts_with("[") && bare.ends_with("]")) bare = bare.substr(1, bare.size() - 2);
  boost::system::error_code ec;
  net::ip::address address = net::ip::make_address(bare, ec);
  return !ec && address.is_loopback();
}

// A header's value as one string (the last one when repeated).
std::string_view Header(const http::request<http::string_body>& req, std::string_view name) {
  auto it = req.find(name);
  return it == req.end() ? std::string_view() : std::string_view(it->value());
}

bool HasHeader(const http::request<http::string_body>& req, std::string_view name) {
  return req.find(name) != req.end();
}

json::object JsonRpcErrorBody(int code, std::string_view message) {
  return json::object{{"jsonrpc", "2.0"},
                      {"error", json::object{{"code", code}, {"message", message}}},
                      {"id", nullptr}};
}

std::string Chunk(std::string_view data) {
  std::ostringstream out;
  out << std::hex << data.size() << "\r\n" << data << "\r\n";
  return out.str();
}

bool IsReply(const json::object& message) {
  return message.contains("id") && (message.contains("result") || message.contains("error"));
}

}  // namespace

absl::StatusOr<HttpEndpoint> ParseHttpEndpoint(std::string_view text) {
  std::string_view host = "127.0.0.1";
  std::string_view port = text;
  if (std::size_t colon = text.rfind(':'); colon != std::string_view::npos) {
    host = text.substr(0, colon);
    port = text.substr(colon + 1);
    if (host.starts_with("[") && host.ends_with("]")) host = host.substr(1, host.size() - 2);
  }
  int value = ParsePort(port);
  if (value < 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--http: \"", std::string(text), "\" is not PORT or HOST:PORT (PORT 0 to 65535)"));
  }
  if (host == "localhost") host = "127.0.0.1";
  boost::system::error_code ec;
  net::ip::address address = net::ip::make_address(std::string(host), ec);
  if (ec) {
    return absl::InvalidArgumentError(
        absl::StrCat("--http: \"", std::string(host), "\" is not an IP address (or localhost)"));
  }
  return HttpEndpoint{.address = address.to_string(),
                      .port = static_cast<std::uint16_t>(value),
                      .loopback = address.is_loopback()};
}

absl::StatusOr<std::string> ReadTokenFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::InvalidArgumentError(absl::StrCat("--token-file: cannot read ", path));
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::string_view token = Trim(text);
  if (token.empty()) {
    return absl::InvalidArgumentError(absl::StrCat("--token-file: ", path, " is empty"));
  }
  for (char c : token) {
    if (c < 0x21 || c > 0x7e) {
      return absl::InvalidArgumentError(
          absl::StrCat("--token-file: the token in ", path, " must be visible ASCII only"));
    }
  }
  return std::string(token);
}

// One MCP session: its own McpServer (its own request ids and calls). A per-session name
// handed to the plugin would be a member here, passed to the McpServer that runs its calls.
struct Session {
  std::string id;
  std::shared_ptr<McpServer> server;
  Clock::time_point last_active = Clock::now();
};

class Connection;

class McpHttpServer::Impl {
 public:
  explicit Impl(const McpHttpOptions& options)
      : options_(options), acceptor_(io_), accept_retry_(io_), idle_timer_(io_) {}

  // Binds and listens on the endpoint; the port chosen when it was 0.
  boost::system::error_code Listen() {
    boost::system::error_code ec;
    const tcp::endpoint where(net::ip::make_address(options_.endpoint.address, ec),
                              options_.endpoint.port);
    if (ec) return ec;
    acceptor_.open(where.protocol(), ec);
    if (!ec) acceptor_.set_option(net::socket_base::reuse_address(true), ec);
    if (!ec) acceptor_.bind(where, ec);
    if (!ec) acceptor_.listen(net::socket_base::max_listen_connections, ec);
    if (!ec) port_ = acceptor_.local_endpoint(ec).port();
    return ec;
  }

  const McpHttpOptions& options() const { return options_; }
  std::uint16_t port() const { return port_; }

  void Run(agent_tool::ToolInstance& instance);
  void Handle(const std::shared_ptr<Connection>& connection, http::request<http::string_body>& req);
  void Forget(Connection* connection) { connections_.erase(connection); }

  net::io_context io_;  // first: the members below are made on it

 private:
  void Accept();
  void WatchIdleSessions();
  void Shutdown();
  void EndSession(const std::string& id);

  void HandlePost(const std::shared_ptr<Connection>& connection,
                  http::request<http::string_body>& req);

  McpHttpOptions options_;
  tcp::acceptor acceptor_;
  net::steady_timer accept_retry_;  // after a failed accept (out of descriptors)
  // Out of descriptors, accepts fail until one comes free: stderr says so once a minute at
  // most (a server at its limit that frees one and runs out again would say it at every turn).
  std::optional<Clock::time_point> accept_failure_said_;
  net::steady_timer idle_timer_;
  std::uint16_t port_ = 0;
  agent_tool::ToolInstance* instance_ = nullptr;
  std::unique_ptr<Worker> worker_;
  bool stopping_ = false;
  std::map<std::string, std::shared_ptr<Session>> sessions_;
  std::uint64_t sessions_made_ = 0;  // names each session's handle: "mcp-1", "mcp-2", ...
  std::map<Connection*, std::weak_ptr<Connection>> connections_;
};

// One TCP connection: reads a request, answers it (at once, or later for a tool call: the
// exchange stays open and its output writes the reply, or an SSE stream), then reads the next.
// Lives on the io thread; outputs on other threads post to it.
class Connection : public std::enable_shared_from_this<Connection> {
 public:
  Connection(McpHttpServer::Impl& server, tcp::socket socket)
      : server_(server), stream_(std::move(socket)) {}

  void Start() { ReadRequest(); }

  void Close() {
    if (closed_) return;
    closed_ = true;
    exchange_open_ = false;
    boost::system::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ec);
    stream_.close();
    server_.Forget(this);
  }

  // An immediate answer to the current request.
  void Respond(http::status status, const json::object* body, bool keep_alive,
               const std::vector<std::pair<std::string, std::string>>& headers = {}) {
    http::response<http::string_body> res{status, version_};
    for (const auto& [name, value] : headers) res.set(name, value);
    if (body != nullptr) {
      res.set(http::field::content_type, "application/json");
      res.body() = json::serialize(*body);
    }
    res.keep_alive(keep_alive && keep_alive_);
    res.prepare_payload();
    std::ostringstream out;
    out << res;
    if (!res.keep_alive()) close_after_writes_ = true;
    Write(out.str());
  }

  void RespondError(http::status status, int code, std::string_view message,
                    const std::vector<std::pair<std::string, std::string>>& headers = {}) {
    json::object body = JsonRpcErrorBody(code, message);
    Respond(status, &body, true, headers);
  }

  // Opens an exchange for a request that answers later: `session_id` goes into the response
  // headers; a client that goes away cancels `request_id` on `server`.
  std::uint64_t OpenExchange(std::string session_id, std::weak_ptr<Session> session,
                             json::value request_id) {
    exchange_open_ = true;
    sse_started_ = false;
    exchange_session_id_ = std::move(session_id);
    exchange_session_ = std::move(session);
    exchange_request_id_ = std::move(request_id);
    ++exchange_serial_;
    return exchange_serial_;
  }

  // The exchange was answered synchronously or is waiting: watch for the client leaving.
  void AfterDispatch() {
    if (exchange_open_ && !closed_) WatchForDisconnect();
  }

  // A message of exchange `serial` (posted from the output).
  void ExchangeSend(std::uint64_t serial, std::string text, bool final) {
    if (closed_ || !exchange_open_ || serial != exchange_serial_) return;
    // HTTP/1.0 has no chunked encoding: its clients get the reply alone, as JSON.
    if (!final && version_ < 11) return;
    if (final && !sse_started_) {
      http::response<http::string_body> res{http::status::ok, version_};
      res.set(http::field::content_type, "application/json");
      res.set("Mcp-Session-Id", exchange_session_id_);
      res.keep_alive(keep_alive_);
      res.body() = std::move(text);
      res.prepare_payload();
      std::ostringstream out;
      out << res;
      FinishExchange(keep_alive_);
      Write(out.str());
      return;
    }
    if (!sse_started_) {
      sse_started_ = true;
      std::string head = absl::StrCat(
          "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
          "Transfer-Encoding: chunked\r\nMcp-Session-Id: ",
          exchange_session_id_, "\r\n", keep_alive_ ? "" : "Connection: close\r\n", "\r\n");
      Write(std::move(head));
    }
    Write(Chunk(absl::StrCat("event: message\ndata: ", text, "\n\n")));
    if (final) {
      FinishExchange(keep_alive_);
      Write("0\r\n\r\n");
    }
  }

  // Exchange `serial` ends without a reply: an SSE stream is ended, else the connection closed.
  void ExchangeEnd(std::uint64_t serial) {
    if (closed_ || !exchange_open_ || serial != exchange_serial_) return;
    if (sse_started_) {
      FinishExchange(keep_alive_);
      Write("0\r\n\r\n");
    } else {
      FinishExchange(false);
      if (!writing_) Close();
    }
  }

  void set_request_meta(unsigned version, bool keep_alive) {
    version_ = version;
    keep_alive_ = keep_alive;
  }
  bool closed() const { return closed_; }

 private:
  enum class Next { kNone, kRead, kLinger };

  void ReadRequest() {
    if (closed_) return;
    parser_.emplace();
    parser_->body_limit(server_.options().max_body_bytes);
    parser_->header_limit(static_cast<std::uint32_t>(server_.options().max_header_bytes));
    stream_.expires_after(kReadTimeout);
    http::async_read(stream_, buffer_, *parser_,
                     [self = shared_from_this()](boost::system::error_code ec, std::size_t) {
                       self->OnRead(ec);
                     });
  }

  void OnRead(boost::system::error_code ec) {
    if (closed_) return;
    if (ec == http::error::body_limit) {
      version_ = 11;
      keep_alive_ = false;
      RespondError(http::status::payload_too_large, kHttpError,
                   absl::StrCat("Payload Too Large: the body exceeds ",
                                server_.options().max_body_bytes, " bytes"));
      return;
    }
    if (ec == http::error::header_limit) {
      version_ = 11;
      keep_alive_ = false;
      RespondError(http::status::request_header_fields_too_large, kHttpError,
                   "Request Header Fields Too Large");
      return;
    }
    if (ec) {
      Close();
      return;
    }
    stream_.expires_never();
    http::request<http::string_body> req = parser_->release();
    version_ = req.version();
    keep_alive_ = req.keep_alive();
    server_.Handle(shared_from_this(), req);
    AfterDispatch();
  }

  void FinishExchange(bool keep_alive) {
    exchange_open_ = false;
    if (std::shared_ptr<Session> session = exchange_session_.lock()) {
      session->last_active = Clock::now();
    }
    exchange_session_.reset();
    if (!keep_alive) close_after_writes_ = true;
  }

  void Write(std::string bytes) {
    if (closed_) return;
    writes_.push_back(std::move(bytes));
    if (!writing_) DoWrite();
  }

  void DoWrite() {
    writing_ = true;
    stream_.expires_after(kWriteTimeout);
    net::async_write(stream_, net::buffer(writes_.front()),
                     [self = shared_from_this()](boost::system::error_code ec, std::size_t) {
                       self->OnWrite(ec);
                     });
  }

  void OnWrite(boost::system::error_code ec) {
    writing_ = false;
    if (closed_) return;
    if (ec) {
      ClientGone();
      return;
    }
    writes_.pop_front();
    if (!writes_.empty()) {
      DoWrite();
      return;
    }
    stream_.expires_never();
    if (exchange_open_) return;  // more of the SSE stream to come
    Continue(close_after_writes_ ? Next::kLinger : Next::kRead);
  }

  // After an answer: reads the next request or lingers, once the disconnect watch's read (if
  // one is pending) has ended; it is cancelled, no write being in flight now.
  void Continue(Next next) {
    if (watching_) {
      next_ = next;
      boost::system::error_code ignored;
      stream_.socket().cancel(ignored);
      return;
    }
    if (next == Next::kLinger) {
      Linger();
    } else {
      ReadRequest();
    }
  }

  // Ends the connection after a last answer: sends FIN, then reads and drops what the client
  // still sends (the rest of a body refused as too large) for a while, so that closing with
  // unread input does not reset the connection before the client has read the answer.
  void Linger() {
    boost::system::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    stream_.expires_after(std::chrono::seconds(5));
    Drain();
  }

  void Drain() {
    stream_.async_read_some(net::buffer(drain_),
                            [self = shared_from_this()](boost::system::error_code ec, std::size_t) {
                              if (ec || self->closed_) {
                                self->Close();
                                return;
                              }
                              self->Drain();
                            });
  }

  // Reads while an exchange is open: end of input (or an error) means the client went away,
  // and its call is cancelled. What the client sends meanwhile (its next request, pipelined)
  // is kept in `buffer_` and read as a request after the answer; the watch goes on. Past
  // max_header_bytes + max_body_bytes read ahead it stops (the call then runs unwatched).
  void WatchForDisconnect() {
    if (watching_ || closed_) return;
    const std::size_t limit = server_.options().max_header_bytes + server_.options().max_body_bytes;
    if (buffer_.size() >= limit) return;
    watching_ = true;
    stream_.socket().async_read_some(
        buffer_.prepare(std::min<std::size_t>(limit - buffer_.size(), 16384)),
        [self = shared_from_this()](boost::system::error_code ec, std::size_t n) {
          self->OnWatchRead(ec, n);
        });
  }

  void OnWatchRead(boost::system::error_code ec, std::size_t n) {
    watching_ = false;
    buffer_.commit(n);
    if (closed_) return;
    if (exchange_open_) {
      if (ec) {
        ClientGone();
      } else {
        WatchForDisconnect();
      }
      return;
    }
    // The exchange has ended: go on as Continue() was asked to (if it was: else the answer is
    // still being written, and OnWrite calls it). An end of input shows on the next read.
    const Next next = std::exchange(next_, Next::kNone);
    if (next != Next::kNone) Continue(next);
  }

  // The client disconnected: its open call is cancelled (it gets no reply).
  void ClientGone() {
    if (exchange_open_) {
      if (std::shared_ptr<Session> session = exchange_session_.lock()) {
        session->server->CancelCall(exchange_request_id_);
      }
    }
    Close();
  }

  McpHttpServer::Impl& server_;
  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::array<char, 16384> drain_;
  std::optional<http::request_parser<http::string_body>> parser_;
  std::deque<std::string> writes_;
  bool writing_ = false;
  bool close_after_writes_ = false;
  bool closed_ = false;
  unsigned version_ = 11;
  bool keep_alive_ = true;
  // The request answered later (one at a time: the next request is read after it).
  bool exchange_open_ = false;
  bool sse_started_ = false;
  std::uint64_t exchange_serial_ = 0;
  std::string exchange_session_id_;
  std::weak_ptr<Session> exchange_session_;
  json::value exchange_request_id_;
  // The disconnect watch's read is pending; what to do once it ends.
  bool watching_ = false;
  Next next_ = Next::kNone;
};

namespace {

// The output of one HTTP request: posts each message to its connection's io thread.
class HttpOutput : public McpOutput {
 public:
  HttpOutput(net::io_context& io, std::weak_ptr<Connection> connection, std::uint64_t serial)
      : io_(io), connection_(std::move(connection)), serial_(serial) {}

  void Send(const json::object& message) override {
    net::post(io_, [connection = connection_, serial = serial_, text = json::serialize(message),
                    final = IsReply(message)]() mutable {
      if (auto c = connection.lock()) c->ExchangeSend(serial, std::move(text), final);
    });
  }
  void End() override {
    net::post(io_, [connection = connection_, serial = serial_] {
      if (auto c = connection.lock()) c->ExchangeEnd(serial);
    });
  }

 private:
  net::io_context& io_;
  std::weak_ptr<Connection> connection_;
  std::uint64_t serial_;
};

// Notifications get no answer: nothing is written.
class DiscardOutput : public McpOutput {
 public:
  void Send(const json::object&) override {}
};

}  // namespace

void McpHttpServer::Impl::Run(agent_tool::ToolInstance& instance) {
  instance_ = &instance;
  worker_ = std::make_unique<Worker>(options_.max_queued_calls, options_.max_parallel_calls);
  {
    SignalWatcher watcher(
        [this] {
          net::post(io_, [this] { Shutdown(); });
          worker_->Close();
        },
        [&instance] { instance.Cancel(); });
    Accept();
    WatchIdleSessions();
    io_.run();
    // Only the running calls are left, being cancelled by the watcher.
    worker_->Finish();
  }
  sessions_.clear();
}

void McpHttpServer::Impl::Accept() {
  acceptor_.async_accept([this](boost::system::error_code ec, tcp::socket socket) {
    if (stopping_) return;
    if (ec) {
      // Out of descriptors (EMFILE, ENFILE) the connection stays in the listen backlog and
      // every accept fails at once: try again after a pause instead of spinning a core.
      const Clock::time_point now = Clock::now();
      if (!accept_failure_said_ || now - *accept_failure_said_ >= std::chrono::minutes(1)) {
        std::cerr << "tool-host: mcp: cannot accept a connection (" << ec.message()
                  << "); trying again every 100 ms" << std::endl;
        accept_failure_said_ = now;
      }
      accept_retry_.expires_after(std::chrono::milliseconds(100));
      accept_retry_.async_wait([this](boost::system::error_code wait) {
        if (!wait && !stopping_) Accept();
      });
      return;
    }
    if (connections_.size() >= options_.max_connections) {
      boost::system::error_code ignored;
      socket.close(ignored);
    } else {
      auto connection = std::make_shared<Connection>(*this, std::move(socket));
      connections_[connection.get()] = connection;
      connection->Start();
    }
    Accept();
  });
}

void McpHttpServer::Impl::WatchIdleSessions() {
  idle_timer_.expires_after(std::min<Clock::duration>(
      options_.session_idle / 4 + std::chrono::seconds(1), std::chrono::seconds(30)));
  idle_timer_.async_wait([this](boost::system::error_code ec) {
    if (ec || stopping_) return;
    const Clock::time_point now = Clock::now();
    std::vector<std::string> idle;
    for (const auto& [id, session] : sessions_) {
      if (now - session->last_active >= options_.session_idle &&
          session->server->PendingCalls() == 0) {
        idle.push_back(id);
      }
    }
    for (const std::string& id : idle) EndSession(id);
    WatchIdleSessions();
  });
}

void McpHttpServer::Impl::EndSession(const std::string& id) {
  auto it = sessions_.find(id);
  if (it == sessions_.end()) return;
  // Its queued calls are dropped and its running ones cancelled (no other session's); their
  // requests end unanswered.
  it->second->server->CancelRunning();
  // What the plugin keeps for the session's caller goes too, after the calls before it.
  if (const std::string& handle = it->second->server->handle(); !handle.empty() && !stopping_) {
    // Never blocks the io thread: with the queue full, the plugin's own idle limit frees it.
    // Under the agent's key: it runs after that agent's calls queued before it.
    (void)worker_->TryPost([instance = instance_, handle] { instance->ReleaseHandle(handle); },
                           CallKey(instance_->library(),
                                   json::object{{instance_->library().handle_argument(), handle}}));
  }
  sessions_.erase(it);
}

void McpHttpServer::Impl::Shutdown() {
  if (stopping_) return;
  stopping_ = true;
  boost::system::error_code ec;
  acceptor_.close(ec);
  accept_retry_.cancel();
  idle_timer_.cancel();
  std::vector<std::string> ids;
  for (const auto& [id, session] : sessions_) ids.push_back(id);
  for (const std::string& id : ids) EndSession(id);
  std::map<Connection*, std::weak_ptr<Connection>> connections = std::move(connections_);
  connections_.clear();
  for (auto& [raw, weak] : connections) {
    if (auto connection = weak.lock()) connection->Close();
  }
}

void McpHttpServer::Impl::Handle(const std::shared_ptr<Connection>& connection,
                                 http::request<http::string_body>& req) {
  if (stopping_) {
    connection->Close();
    return;
  }
  // DNS rebinding: a page elsewhere must not reach a loopback server through a name it controls.
  if (options_.endpoint.loopback) {
    auto [host, port] = SplitHostPort(Header(req, "Host"));
    const bool host_ok =
        port != -2 && (IsLoopbackName(host)) && (port == -1 ? port_ == 80 : port == port_);
    if (!host_ok) {
      connection->RespondError(
          http::status::forbidden, kHttpError,
          absl::StrCat("Forbidden: Host header \"", std::string(Header(req, "Host")),
                       "\" does not name this loopback server"));
      return;
    }
  }
  if (HasHeader(req, "Origin")) {
    std::string_view origin = Header(req, "Origin");
    std::string_view rest = origin;
    bool ok = false;
    for (std::string_view scheme : {"http://", "https://"}) {
      if (rest.starts_with(scheme)) {
        rest.remove_prefix(scheme.size());
        ok = true;
        break;
      }
    }
    if (ok) {
      ok = false;
      auto [host, port] = SplitHostPort(rest);
      ok = port != -2 && IsLoopbackName(host);
    }
    if (!ok) {
      connection->RespondError(
          http::status::forbidden, kHttpError,
          absl::StrCat("Forbidden: Origin \"", std::string(origin), "\" is not a loopback origin"));
      return;
    }
  }
  if (!options_.token.empty()) {
    std::string_view auth = Header(req, "Authorization");
    const bool bearer = auth.size() > 7 && EqualsIgnoreCase(auth.substr(0, 7), "bearer ");
    if (!bearer || !ConstantTimeEquals(Trim(auth.substr(7)), options_.token)) {
      connection->RespondError(http::status::unauthorized, kHttpError,
                               "Unauthorized: a valid \"Authorization: Bearer TOKEN\" is required",
                               {{"WWW-Authenticate", "Bearer"}});
      return;
    }
  }
  std::string_view target = req.target();
  if (std::size_t q = target.find('?'); q != std::string_view::npos) target = target.substr(0, q);
  if (target != kPath) {
    connection->RespondError(http::status::not_found, kHttpError,
                             "Not Found: the MCP endpoint is /mcp");
    return;
  }
  const std::string_view session_id = Header(req, "Mcp-Session-Id");
  const bool has_session_header = HasHeader(req, "Mcp-Session-Id");
  auto check_version = [&]() -> bool {
    if (!HasHeader(req, "MCP-Protocol-Version")) return true;
    std::string_view version = Header(req, "MCP-Protocol-Version");
    if (IsSupportedProtocolVersion(version)) return true;
    connection->RespondError(
        http::status::bad_request, kHttpError,
        absl::StrCat("Bad Request: Unsupported protocol version: ", std::string(version)));
    return false;
  };
  auto find_session = [&]() -> std::shared_ptr<Session> {
    if (!has_session_header || session_id.empty()) {
      connection->RespondError(http::status::bad_request, kHttpError,
                               "Bad Request: Mcp-Session-Id header is required");
      return nullptr;
    }
    auto it = sessions_.find(std::string(session_id));
    if (it == sessions_.end()) {
      connection->RespondError(http::status::not_found, kSessionNotFound, "Session not found");
      return nullptr;
    }
    return it->second;
  };
  switch (req.method()) {
    case http::verb::post:
      HandlePost(connection, req);
      return;
    case http::verb::delete_: {
      std::shared_ptr<Session> session = find_session();
      if (session == nullptr || !check_version()) return;
      EndSession(session->id);
      connection->Respond(http::status::ok, nullptr, true);
      return;
    }
    default:
      // GET included: this server sends nothing unasked, so it offers no stream (the spec's
      // 405 for a GET).
      connection->RespondError(http::status::method_not_allowed, kHttpError,
                               "Method Not Allowed: use POST (and DELETE to end a session)",
                               {{"Allow", "POST, DELETE"}});
      return;
  }
}

void McpHttpServer::Impl::HandlePost(const std::shared_ptr<Connection>& connection,
                                     http::request<http::string_body>& req) {
  std::string_view accept = Header(req, "Accept");
  if (accept.find("application/json") == std::string_view::npos ||
      accept.find("text/event-stream") == std::string_view::npos) {
    connection->RespondError(
        http::status::not_acceptable, kHttpError,
        "Not Acceptable: Client must accept both application/json and text/event-stream");
    return;
  }
  std::string_view content_type = Header(req, "Content-Type");
  content_type = Trim(content_type.substr(0, content_type.find(';')));
  if (!EqualsIgnoreCase(content_type, "application/json")) {
    connection->RespondError(http::status::unsupported_media_type, kHttpError,
                             "Unsupported Media Type: Content-Type must be application/json");
    return;
  }
  JsonRpcMessage message = ReadJsonRpcMessage(req.body(), false);
  if (message.kind == JsonRpcMessage::Kind::kError) {
    json::object body{
        {"jsonrpc", "2.0"},
        {"id", message.id},
        {"error", json::object{{"code", message.error_code}, {"message", message.error_message}}}};
    connection->Respond(http::status::bad_request, &body, true);
    return;
  }
  const bool has_session_header = HasHeader(req, "Mcp-Session-Id");
  std::shared_ptr<Session> session;
  if (message.kind == JsonRpcMessage::Kind::kRequest && message.method == "initialize") {
    if (has_session_header) {
      connection->RespondError(http::status::bad_request, -32600,
                               "Invalid Request: initialize opens a new session; send it "
                               "without Mcp-Session-Id");
      return;
    }
    if (sessions_.size() >= options_.max_sessions) {
      connection->RespondError(
          http::status::service_unavailable, kHttpError,
          absl::StrCat("Service Unavailable: ", options_.max_sessions,
                       " sessions are open; end one (DELETE) or wait for an idle one to expire"));
      return;
    }
    session = std::make_shared<Session>();
    session->id = RandomSessionId();
    session->server = std::make_shared<McpServer>(*instance_, *worker_);
    // Each session is a caller of its own (for firefox_bidi, an agent), unless a call names
    // one. The name is not the session id, which is the session's credential.
    if (!instance_->library().handle_argument().empty()) {
      session->server->SetHandle(absl::StrCat("mcp-", ++sessions_made_));
    }
    sessions_[session->id] = session;
  } else {
    std::string_view id = Header(req, "Mcp-Session-Id");
    if (!has_session_header || id.empty()) {
      connection->RespondError(http::status::bad_request, kHttpError,
                               "Bad Request: Mcp-Session-Id header is required");
      return;
    }
    auto it = sessions_.find(std::string(id));
    if (it == sessions_.end()) {
      connection->RespondError(http::status::not_found, kSessionNotFound, "Session not found");
      return;
    }
    if (HasHeader(req, "MCP-Protocol-Version") &&
        !IsSupportedProtocolVersion(Header(req, "MCP-Protocol-Version"))) {
      connection->RespondError(http::status::bad_request, kHttpError,
                               absl::StrCat("Bad Request: Unsupported protocol version: ",
                                            std::string(Header(req, "MCP-Protocol-Version"))));
      return;
    }
    session = it->second;
  }
  session->last_active = Clock::now();
  if (message.kind != JsonRpcMessage::Kind::kRequest) {
    session->server->OnMessage(message, std::make_shared<DiscardOutput>());
    connection->Respond(http::status::accepted, nullptr, true, {{"Mcp-Session-Id", session->id}});
    return;
  }
  std::uint64_t serial = connection->OpenExchange(session->id, session, message.id);
  session->server->OnMessage(message, std::make_shared<HttpOutput>(io_, connection, serial));
}

McpHttpServer::McpHttpServer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
McpHttpServer::~McpHttpServer() = default;

absl::StatusOr<std::unique_ptr<McpHttpServer>> McpHttpServer::Listen(
    const McpHttpOptions& options) {
  if (!options.endpoint.loopback && options.token.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--http ", options.endpoint.address,
        " is not a loopback address: give --token-file so that every request must carry "
        "the bearer token"));
  }
  auto impl = std::make_unique<Impl>(options);
  if (boost::system::error_code ec = impl->Listen(); ec) {
    return absl::UnavailableError(absl::StrCat("--http: cannot listen on ",
                                               options.endpoint.address, ":", options.endpoint.port,
                                               ": ", ec.message()));
  }
  return std::unique_ptr<McpHttpServer>(new McpHttpServer(std::move(impl)));
}

std::string McpHttpServer::Url() const {
  const std::string& address = impl_->options().endpoint.address;
  const bool v6 = address.find(':') != std::string::npos;
  return absl::StrCat("http://", v6 ? "[" : "", address, v6 ? "]" : "", ":", impl_->port(),
                      std::string(kPath));
}

void McpHttpServer::Run(agent_tool::ToolInstance& instance) { impl_->Run(instance); }

}  // namespace tool_host
