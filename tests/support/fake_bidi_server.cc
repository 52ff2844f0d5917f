#include "fake_bidi_server.h"

#include <algorithm>
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/string.hpp>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <utility>

namespace firefox_bidi::testing {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using boost::system::error_code;
using Action = FakeBidiServer::Action;

constexpr auto kNoThrow = asio::as_tuple(asio::use_awaitable);
constexpr std::string_view kIdPlaceholder = "{{id}}";

std::string JsonString(const std::string& text) {
  return boost::json::serialize(boost::json::string(text));
}

std::string WithId(std::string text, const std::string& id) {
  for (std::size_t at = text.find(kIdPlaceholder); at != std::string::npos;
       at = text.find(kIdPlaceholder, at + id.size())) {
    text.replace(at, kIdPlaceholder.size(), id);
  }
  return text;
}

// `text` with every "{{n}}" replaced by `n`.
std::string Numbered(const std::string& text, std::size_t n) {
  constexpr std::string_view kPlaceholder = "{{n}}";
  const std::string number = std::to_string(n);
  std::string out;
  out.reserve(text.size());
  std::size_t from = 0;
  for (std::size_t at = text.find(kPlaceholder); at != std::string::npos;
       at = text.find(kPlaceholder, from)) {
    out.append(text, from, at - from).append(number);
    from = at + kPlaceholder.size();
  }
  return out.append(text, from, std::string::npos);
}

std::string SuccessReply(const std::string& id, const std::string& result_json) {
  return R"({"type":"success","id":)" + id + R"(,"result":)" + result_json + "}";
}

}  // namespace

class FakeBidiServer::Impl {
 public:
  explicit Impl(FakeBidiServer& server) : server_(server) {}

  asio::awaitable<void> Accept() {
    for (;;) {
      auto [ec, socket] = co_await acceptor_.async_accept(kNoThrow);
      if (ec) co_return;  // closed by Stop()
      {
        std::lock_guard lock(server_.mutex_);
        ++server_.connections_;
      }
      asio::co_spawn(ioc_, Serve(std::move(socket)), asio::detached);
    }
  }

  // Only touched on the server thread. Declared first: destroying ioc_ destroys suspended
  // sessions, whose guards still erase themselves from here.
  std::set<tcp::socket*> live_;
  asio::io_context ioc_{1};
  tcp::acceptor acceptor_{ioc_};

 private:
  struct LiveGuard {
    std::set<tcp::socket*>& live;
    tcp::socket* socket;
    ~LiveGuard() { live.erase(socket); }
  };

  asio::awaitable<void> Serve(tcp::socket socket) {
    websocket::stream<tcp::socket> ws(std::move(socket));
    live_.insert(&ws.next_layer());
    const LiveGuard guard{live_, &ws.next_layer()};
    HandshakeFault fault;
    {
      std::lock_guard lock(server_.mutex_);
      fault = server_.handshake_fault_;
    }
    error_code ignored;
    if (fault == HandshakeFault::kStall) {
      asio::steady_timer forever(ioc_, asio::steady_timer::time_point::max());
      co_await forever.async_wait(kNoThrow);
      co_return;
    }

    beast::flat_buffer buffer;
    http::request<http::string_body> request;
    if (auto [ec, n] = co_await http::async_read(ws.next_layer(), buffer, request, kNoThrow); ec) {
      co_return;
    }
    {
      std::lock_guard lock(server_.mutex_);
      server_.paths_.emplace_back(request.target());
    }
    if (fault == HandshakeFault::kDrop) {
      ws.next_layer().close(ignored);
      co_return;
    }
    if (fault == HandshakeFault::kReject) {
      http::response<http::string_body> response{http::status::not_found, request.version()};
      response.body() = "not a WebDriver BiDi endpoint";
      response.prepare_payload();
      co_await http::async_write(ws.next_layer(), response, kNoThrow);
      ws.next_layer().close(ignored);
      co_return;
    }
    ws.read_message_max(std::size_t{1} << 30);
    if (auto [ec] = co_await ws.async_accept(request, kNoThrow); ec) co_return;
    ws.text(true);

    for (;;) {
      if (auto [ec, n] = co_await ws.async_read(buffer, kNoThrow); ec) co_return;
      std::string text = beast::buffers_to_string(buffer.data());
      buffer.consume(buffer.size());
      std::size_t number;
      {
        std::lock_guard lock(server_.mutex_);
        server_.received_.push_back(text);
        number = server_.received_.size();
      }
      server_.received_cv_.notify_all();

      error_code parse_ec;
      const boost::json::value command = boost::json::parse(text, parse_ec);
      if (parse_ec || !command.is_object()) {
        // What Firefox answers to a message it cannot read.
        if (!co_await Send(ws, R"({"type":"error","id":null,"error":"invalid argument",)"
                               R"("message":"unable to parse BiDi command"})")) {
          co_return;
        }
        continue;
      }
      const boost::json::value* id = command.as_object().if_contains("id");
      const std::string id_text = id != nullptr ? boost::json::serialize(*id) : "null";
      const boost::json::value* method_value = command.as_object().if_contains("method");
      const std::string method = method_value != nullptr && method_value->is_string()
                                     ? std::string(method_value->get_string())
                                     : std::string();
      if (!co_await Run(ws, ActionsFor(number, method), method, id_text)) co_return;
    }
  }

  std::vector<Action> ActionsFor(std::size_t number, const std::string& method) {
    std::lock_guard lock(server_.mutex_);
    if (auto it = server_.by_number_.find(number); it != server_.by_number_.end()) {
      return *it->second;
    }
    if (auto it = server_.by_method_.find(method); it != server_.by_method_.end()) {
      return *it->second;
    }
    if (auto it = server_.by_method_.find("*"); it != server_.by_method_.end()) {
      return *it->second;
    }
    return {};
  }

  // Runs one command's actions; false once the connection is gone.
  asio::awaitable<bool> Run(websocket::stream<tcp::socket>& ws, const std::vector<Action>& actions,
                            const std::string& method, const std::string& id) {
    bool responded = false;
    error_code ignored;
    for (const Action& action : actions) {
      switch (action.kind) {
        case Action::Kind::kEvent:
          if (!co_await Send(ws, WithId(action.text, id))) co_return false;
          break;
        case Action::Kind::kEvents:
          for (std::size_t n = 0; n < action.count; ++n) {
            if (!co_await Send(ws, Numbered(action.text, n))) co_return false;
          }
          break;
        case Action::Kind::kSend:
          responded = true;
          if (!co_await Send(ws, WithId(action.text, id))) co_return false;
          break;
        case Action::Kind::kLarge: {
          responded = true;
          const std::string head = R"({"type":"success","id":)" + id + R"(,"result":{"value":")";
          const std::string tail = "\"}}";
          const std::size_t fixed = head.size() + tail.size();
          if (!co_await SendLarge(ws, head, action.bytes > fixed ? action.bytes - fixed : 0,
                                  tail)) {
            co_return false;
          }
          break;
        }
        case Action::Kind::kDelay: {
          asio::steady_timer timer(ioc_, action.delay);
          co_await timer.async_wait(kNoThrow);
          break;
        }
        case Action::Kind::kStall:
          co_return true;
        case Action::Kind::kDrop:
          ws.next_layer().close(ignored);
          co_return false;
        case Action::Kind::kDropMidMessage: {
          // A text frame announcing 1000 payload bytes (16-bit length form), then 100 of them.
          std::string partial = {'\x81', '\x7e', '\x03', '\xe8'};
          partial.append(100, 'x');
          co_await asio::async_write(ws.next_layer(), asio::buffer(partial), kNoThrow);
          ws.next_layer().close(ignored);
          co_return false;
        }
      }
    }
    if (!responded) {
      const std::string result =
          method == "session.new" ? R"({"sessionId":"fake","capabilities":{}})" : "{}";
      if (!co_await Send(ws, SuccessReply(id, result))) co_return false;
    }
    co_return true;
  }

  // head + `fill` 'x' + tail as one message written in 64 KiB pieces, so that a reply of
  // hundreds of MiB costs the server no memory; counts the bytes the socket accepted.
  asio::awaitable<bool> SendLarge(websocket::stream<tcp::socket>& ws, const std::string& head,
                                  std::size_t fill, const std::string& tail) {
    const std::string chunk(std::size_t{64} << 10, 'x');
    std::string piece = head;
    for (;;) {
      const std::size_t take = std::min(fill, chunk.size() - std::min(piece.size(), chunk.size()));
      piece.append(chunk, 0, take);
      fill -= take;
      const bool last = fill == 0;
      if (last) piece += tail;
      auto [ec, n] = co_await ws.async_write_some(last, asio::buffer(piece), kNoThrow);
      {
        std::lock_guard lock(server_.mutex_);
        server_.large_bytes_sent_ += n;
      }
      if (ec) co_return false;
      if (last) co_return true;
      piece.clear();
    }
  }

  static asio::awaitable<bool> Send(websocket::stream<tcp::socket>& ws, const std::string& text) {
    auto [ec, n] = co_await ws.async_write(asio::buffer(text), kNoThrow);
    co_return !ec;
  }

  FakeBidiServer& server_;
};

FakeBidiServer::Script& FakeBidiServer::Script::Append(Action action) {
  std::lock_guard lock(server_->mutex_);
  actions_->push_back(std::move(action));
  return *this;
}

FakeBidiServer::Script& FakeBidiServer::Script::EmitEvent(const std::string& method,
                                                          const std::string& params_json) {
  return Append({.kind = Action::Kind::kEvent,
                 .text = R"({"type":"event","method":)" + JsonString(method) + R"(,"params":)" +
                         params_json + "}"});
}

FakeBidiServer::Script& FakeBidiServer::Script::EmitEvents(const std::string& method,
                                                           const std::string& params_json,
                                                           std::size_t count) {
  return Append({.kind = Action::Kind::kEvents,
                 .text = R"({"type":"event","method":)" + JsonString(method) + R"(,"params":)" +
                         params_json + "}",
                 .count = count});
}

FakeBidiServer::Script& FakeBidiServer::Script::Reply(const std::string& result_json) {
  return Append({.kind = Action::Kind::kSend,
                 .text = SuccessReply(std::string(kIdPlaceholder), result_json)});
}

FakeBidiServer::Script& FakeBidiServer::Script::Error(const std::string& code,
                                                      const std::string& message) {
  return Append({.kind = Action::Kind::kSend,
                 .text = R"({"type":"error","id":)" + std::string(kIdPlaceholder) + R"(,"error":)" +
                         JsonString(code) + R"(,"message":)" + JsonString(message) + "}"});
}

FakeBidiServer::Script& FakeBidiServer::Script::SendRaw(const std::string& text) {
  return Append({.kind = Action::Kind::kSend, .text = text});
}

FakeBidiServer::Script& FakeBidiServer::Script::ReplyLarge(std::size_t bytes) {
  return Append({.kind = Action::Kind::kLarge, .bytes = bytes});
}

FakeBidiServer::Script& FakeBidiServer::Script::DelayReply(std::chrono::milliseconds delay) {
  return Append({.kind = Action::Kind::kDelay, .delay = delay});
}

FakeBidiServer::Script& FakeBidiServer::Script::Stall() {
  return Append({.kind = Action::Kind::kStall});
}

FakeBidiServer::Script& FakeBidiServer::Script::Drop() {
  return Append({.kind = Action::Kind::kDrop});
}

FakeBidiServer::Script& FakeBidiServer::Script::DropMidMessage() {
  return Append({.kind = Action::Kind::kDropMidMessage});
}

FakeBidiServer::FakeBidiServer() : impl_(std::make_unique<Impl>(*this)) {
  error_code ec;
  const tcp::endpoint endpoint(asio::ip::make_address_v4("127.0.0.1"), 0);
  tcp::acceptor& acceptor = impl_->acceptor_;
  acceptor.open(endpoint.protocol(), ec);
  if (!ec) acceptor.bind(endpoint, ec);
  if (!ec) acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (!ec) port_ = acceptor.local_endpoint(ec).port();
  if (ec) {
    std::fprintf(stderr, "FakeBidiServer: cannot listen on 127.0.0.1: %s\n", ec.message().c_str());
    std::abort();
  }
  asio::co_spawn(impl_->ioc_, impl_->Accept(), asio::detached);
  thread_ = std::thread([this] { impl_->ioc_.run(); });
}

FakeBidiServer::~FakeBidiServer() {
  Stop();
  impl_.reset();  // destroys suspended sessions while the members they use still exist
}

std::string FakeBidiServer::url() const {
  return "ws://127.0.0.1:" + std::to_string(port_) + "/session";
}

FakeBidiServer::Script FakeBidiServer::OnCommand(const std::string& method) {
  std::lock_guard lock(mutex_);
  auto actions = std::make_shared<std::vector<Action>>();
  by_method_[method] = actions;
  return Script(this, std::move(actions));
}

FakeBidiServer::Script FakeBidiServer::OnCommandNumber(std::size_t n) {
  std::lock_guard lock(mutex_);
  auto actions = std::make_shared<std::vector<Action>>();
  by_number_[n] = actions;
  return Script(this, std::move(actions));
}

void FakeBidiServer::SetHandshakeFault(HandshakeFault fault) {
  std::lock_guard lock(mutex_);
  handshake_fault_ = fault;
}

std::vector<std::string> FakeBidiServer::received() const {
  std::lock_guard lock(mutex_);
  return received_;
}

std::vector<std::string> FakeBidiServer::paths() const {
  std::lock_guard lock(mutex_);
  return paths_;
}

std::uint64_t FakeBidiServer::large_bytes_sent() const {
  std::lock_guard lock(mutex_);
  return large_bytes_sent_;
}

std::size_t FakeBidiServer::connections() const {
  std::lock_guard lock(mutex_);
  return connections_;
}

bool FakeBidiServer::WaitForCommands(std::size_t n, std::chrono::milliseconds timeout) const {
  std::unique_lock lock(mutex_);
  return received_cv_.wait_for(lock, timeout, [&] { return received_.size() >= n; });
}

namespace {

std::size_t CountMethodIn(const std::vector<std::string>& messages, const std::string& method) {
  return static_cast<std::size_t>(
      std::count_if(messages.begin(), messages.end(), [&](const std::string& message) {
        error_code ec;
        boost::json::value parsed = boost::json::parse(message, ec);
        const boost::json::object* object = ec ? nullptr : parsed.if_object();
        const boost::json::value* m = object != nullptr ? object->if_contains("method") : nullptr;
        return m != nullptr && m->is_string() && m->get_string() == method;
      }));
}

}  // namespace

std::size_t FakeBidiServer::CountMethod(const std::string& method) const {
  std::lock_guard lock(mutex_);
  return CountMethodIn(received_, method);
}

bool FakeBidiServer::WaitForMethod(const std::string& method, std::size_t n,
                                   std::chrono::milliseconds timeout) const {
  std::unique_lock lock(mutex_);
  return received_cv_.wait_for(lock, timeout,
                               [&] { return CountMethodIn(received_, method) >= n; });
}

void FakeBidiServer::Stop() {
  if (!thread_.joinable()) return;
  asio::post(impl_->ioc_, [impl = impl_.get()] {
    error_code ignored;
    impl->acceptor_.close(ignored);
    for (tcp::socket* socket : impl->live_) socket->close(ignored);
    impl->ioc_.stop();
  });
  thread_.join();
}

}  // namespace firefox_bidi::testing
