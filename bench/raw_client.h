// A minimal BiDi WebSocket client for the e2e floors: sends prepared command texts and reads
// reply texts, nothing else (no parsing beyond finding the reply id, no correlation table, no
// events, no records). Like the tool it sets TCP_NODELAY and re-arms TCP_QUICKACK after every
// socket read (it reads through the tool's QuickAckStream).
#ifndef FIREFOX_BIDI_BENCH_RAW_CLIENT_H_
#define FIREFOX_BIDI_BENCH_RAW_CLIENT_H_

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace firefox_bidi::bench {

// Thread safety: none (one thread).
class RawBidiClient {
 public:
  // `url` is "ws://host:port/path".
  static absl::StatusOr<std::unique_ptr<RawBidiClient>> Connect(std::string_view url,
                                                                std::chrono::milliseconds timeout);
  virtual ~RawBidiClient() = default;

  // Sends each text as one message, then waits for one reply per text (lock-step when
  // `pipelined` is false: each reply before the next send). Replies are matched by the id
  // in their head; other messages (events) are skipped. Returns the reply texts in send order.
  // `on_reply`, when given, is called with each reply's index and text (copied out of the
  // socket's buffer into a fresh string) as soon as it is read, before the next send; an error
  // it returns ends the exchange.
  using ReplyHook = std::function<absl::Status(std::size_t index, const std::string& text)>;
  virtual absl::StatusOr<std::vector<std::string>> Exchange(
      const std::vector<std::pair<std::uint64_t, std::string>>& commands, bool pipelined,
      std::chrono::milliseconds timeout, const ReplyHook& on_reply = nullptr) = 0;

  // WebSocket close handshake (bounded), then the socket is closed.
  virtual void Close() = 0;
};

// The id of a reply message, found in its first bytes ({"type":"success","id":7,...}), or 0.
std::uint64_t ReplyId(std::string_view text);

}  // namespace firefox_bidi::bench

#endif  // FIREFOX_BIDI_BENCH_RAW_CLIENT_H_
