// A TCP socket as a Beast AsyncStream that re-arms TCP_QUICKACK after every low-level read.
//
// Firefox leaves Nagle's algorithm on for its BiDi socket, so the tail segment of a large reply
// waits until our ACK arrives; with Linux's delayed ACK that is ~40 ms per reply. Quick-ACK
// mode makes the kernel ACK at once, but Linux leaves the mode again on its own, so it has to be
// set again after each read, i.e. below the WebSocket layer, which reads a message in many
// chunks.
#ifndef FIREFOX_BIDI_NET_QUICK_ACK_STREAM_H_
#define FIREFOX_BIDI_NET_QUICK_ACK_STREAM_H_

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include <boost/asio/async_result.hpp>
#include <boost/asio/compose.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/role.hpp>
#include <boost/beast/websocket/teardown.hpp>
#include <boost/system/error_code.hpp>
#include <cstddef>
#include <utility>

namespace firefox_bidi {

// Thread safety: as boost::asio::ip::tcp::socket (one strand of use).
class QuickAckStream {
 public:
  using socket_type = boost::asio::ip::tcp::socket;
  using executor_type = socket_type::executor_type;
  using next_layer_type = socket_type;

  explicit QuickAckStream(const executor_type& executor) : socket_(executor) {}

  executor_type get_executor() noexcept { return socket_.get_executor(); }
  // The socket; also what beast::get_lowest_layer() finds.
  socket_type& next_layer() noexcept { return socket_; }
  const socket_type& next_layer() const noexcept { return socket_; }

  // When false, reads do not touch TCP_QUICKACK (for comparing both behaviours).
  void set_quick_ack(bool enabled) noexcept { quick_ack_ = enabled; }
  bool quick_ack() const noexcept { return quick_ack_; }

  // Asks the kernel to ACK incoming segments at once. Best effort: a failure only costs speed.
  void ArmQuickAck() noexcept {
#ifdef TCP_QUICKACK
    if (!socket_.is_open()) return;
    const int one = 1;
    ::setsockopt(socket_.native_handle(), IPPROTO_TCP, TCP_QUICKACK, &one, sizeof(one));
#endif
  }

  template <class MutableBufferSequence, class ReadToken>
  auto async_read_some(const MutableBufferSequence& buffers, ReadToken&& token) {
    return boost::asio::async_compose<ReadToken, void(boost::system::error_code, std::size_t)>(
        ReadSomeOp<MutableBufferSequence>{*this, buffers}, token, socket_);
  }

  template <class ConstBufferSequence, class WriteToken>
  auto async_write_some(const ConstBufferSequence& buffers, WriteToken&& token) {
    return socket_.async_write_some(buffers, std::forward<WriteToken>(token));
  }

 private:
  // async_compose keeps the caller's associated executor, allocator and cancellation slot.
  template <class MutableBufferSequence>
  struct ReadSomeOp {
    QuickAckStream& stream;
    MutableBufferSequence buffers;
    bool started = false;

    template <class Self>
    void operator()(Self& self, boost::system::error_code ec = {}, std::size_t n = 0) {
      if (!started) {
        started = true;
        stream.socket_.async_read_some(buffers, std::move(self));
        return;
      }
      if (!ec && stream.quick_ack_) stream.ArmQuickAck();
      self.complete(ec, n);
    }
  };

  socket_type socket_;
  bool quick_ack_ = true;
};

// The WebSocket close handshake tears the TCP connection down through these (found by ADL).
inline void teardown(boost::beast::role_type role, QuickAckStream& stream,
                     boost::system::error_code& ec) {
  boost::beast::websocket::teardown(role, stream.next_layer(), ec);
}

template <class TeardownHandler>
void async_teardown(boost::beast::role_type role, QuickAckStream& stream,
                    TeardownHandler&& handler) {
  boost::beast::websocket::async_teardown(role, stream.next_layer(),
                                          std::forward<TeardownHandler>(handler));
}

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_NET_QUICK_ACK_STREAM_H_
