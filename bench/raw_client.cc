#include "raw_client.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <utility>

#include "absl/strings/str_cat.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"
#include "net/quick_ack_stream.h"
#include "net/ws_url.h"

namespace firefox_bidi::bench {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using boost::system::error_code;

class BeastRawClient final : public RawBidiClient {
 public:
  absl::Status Open(const WsUrl& url, std::chrono::milliseconds timeout) {
    error_code ec;
    const tcp::endpoint endpoint(asio::ip::make_address(url.host, ec), url.port);
    if (ec) return absl::InvalidArgumentError(absl::StrCat("not an IP address: ", url.host));
    RETURN_IF_ERROR(
        Await([&](auto done) { ws_.next_layer().next_layer().async_connect(endpoint, done); },
              timeout, "connect"));
    ws_.next_layer().next_layer().set_option(tcp::no_delay(true), ec);
    ws_.next_layer().ArmQuickAck();
    ws_.read_message_max(512ull << 20);
    ws_.auto_fragment(false);
    RETURN_IF_ERROR(
        Await([&](auto done) { ws_.async_handshake(url.HostHeader(), url.target, done); }, timeout,
              "WebSocket handshake"));
    ws_.text(true);
    return absl::OkStatus();
  }

  absl::StatusOr<std::vector<std::string>> Exchange(
      const std::vector<std::pair<std::uint64_t, std::string>>& commands, bool pipelined,
      std::chrono::milliseconds timeout, const ReplyHook& on_reply) override {
    std::vector<std::string> replies(commands.size());
    std::size_t sent = 0, received = 0;
    while (received < commands.size()) {
      while (sent < commands.size() && (pipelined || sent == received)) {
        const std::string& text = commands[sent].second;
        RETURN_IF_ERROR(
            Await([&](auto done) { ws_.async_write(asio::buffer(text), done); }, timeout, "write"));
        ++sent;
      }
      buffer_.clear();
      RETURN_IF_ERROR(Await([&](auto done) { ws_.async_read(buffer_, done); }, timeout, "read"));
      std::string message = beast::buffers_to_string(buffer_.data());
      const std::uint64_t id = ReplyId(message);
      for (std::size_t i = 0; i < sent; ++i) {
        if (commands[i].first == id && replies[i].empty()) {
          replies[i] = std::move(message);
          ++received;
          if (on_reply) RETURN_IF_ERROR(on_reply(i, replies[i]));
          break;
        }
      }
    }
    return replies;
  }

  void Close() override {
    if (!ws_.is_open()) return;
    (void)Await([&](auto done) { ws_.async_close(websocket::close_code::normal, done); },
                std::chrono::milliseconds(2000), "close");
    error_code ec;
    ws_.next_layer().next_layer().close(ec);
  }

  ~BeastRawClient() override {
    error_code ec;
    ws_.next_layer().next_layer().close(ec);
  }

 private:
  // Runs one asynchronous operation to completion or until `timeout` (then the socket is
  // closed, which ends the operation).
  template <typename Start>
  absl::Status Await(Start start, std::chrono::milliseconds timeout, std::string_view what) {
    bool finished = false;
    error_code result;
    start([&](error_code ec, auto&&...) {
      finished = true;
      result = ec;
    });
    ioc_.restart();
    ioc_.run_for(timeout);
    if (!finished) {
      error_code ignored;
      ws_.next_layer().next_layer().close(ignored);
      ioc_.restart();
      ioc_.run_for(std::chrono::milliseconds(1000));
      return absl::DeadlineExceededError(
          absl::StrCat(ToAbsl(what), " took longer than ", timeout.count(), " ms"));
    }
    if (result) {
      return absl::UnavailableError(absl::StrCat(ToAbsl(what), " failed: ", result.message()));
    }
    return absl::OkStatus();
  }

  asio::io_context ioc_{1};
  websocket::stream<QuickAckStream> ws_{ioc_.get_executor()};
  beast::flat_buffer buffer_;
};

}  // namespace

std::uint64_t ReplyId(std::string_view text) {
  const std::string_view head = text.substr(0, 128);
  if (!head.starts_with(R"({"type":"success")") && !head.starts_with(R"({"type":"error")")) {
    return 0;
  }
  const std::size_t at = head.find(R"("id":)");
  if (at == std::string_view::npos) return 0;
  std::uint64_t id = 0;
  for (std::size_t i = at + 5; i < head.size() && head[i] >= '0' && head[i] <= '9'; ++i) {
    id = id * 10 + static_cast<std::uint64_t>(head[i] - '0');
  }
  return id;
}

absl::StatusOr<std::unique_ptr<RawBidiClient>> RawBidiClient::Connect(
    std::string_view url, std::chrono::milliseconds timeout) {
  absl::StatusOr<WsUrl> parsed = ParseWsUrl(url);
  if (!parsed.ok()) return parsed.status();
  auto client = std::make_unique<BeastRawClient>();
  if (absl::Status s = client->Open(*parsed, timeout); !s.ok()) return s;
  return client;
}

}  // namespace firefox_bidi::bench
