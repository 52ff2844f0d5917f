// A WebDriver BiDi WebSocket client on Boost.Beast: one socket, one reader, per-command
// deadlines, TCP_NODELAY, and TCP_QUICKACK re-armed after every read (Firefox leaves Nagle on;
// without quick ACKs a ~70 KB reply waits ~40 ms for our delayed ACK). Ids, the command text
// and what each received message is (the waiting call's reply, an event, a late or stray
// reply, not BiDi) come from a core/bidi_channel.h BidiChannel; this class only moves bytes and
// keeps time.
#ifndef FIREFOX_BIDI_NET_BIDI_CONNECTION_H_
#define FIREFOX_BIDI_NET_BIDI_CONNECTION_H_

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "core/bidi_protocol.h"
#include "core/session_baton.h"
#include "core/transport.h"

namespace firefox_bidi {

struct ConnectionOptions {
  std::chrono::milliseconds connect_timeout{10000};  // TCP connect + WebSocket handshake
  std::uint64_t max_message_bytes = 256ull << 20;    // larger messages fail the call
  bool quick_ack = true;                             // re-arm TCP_QUICKACK after each read
  // kParsed only as a benchmark baseline: canonical results are then parsed (and later
  // serialized again) instead of handed on as their text.
  ResultForm result_form = ResultForm::kCanonicalText;
  // Diagnostics (level 0 debug .. 3 error), e.g. a late reply that was discarded. May be empty.
  std::function<void(int level, std::string_view line)> log;
  // Connect gives up within about 20 ms of `*cancel` becoming true (kCancelled); the flag
  // must outlive Connect. May be null. Calls use Interrupt() instead.
  const std::atomic<bool>* cancel = nullptr;

  // Several calls at once (DESIGN.md section 12): the threads that call hold `baton`
  // (core/session_baton.h) and each has a CallLane (core/call_lane.h). A call that waits for
  // its reply reads for all of them while it holds the baton and gives the baton up when
  // another thread wants it; `event_agent` names the agent an event belongs to ("" when none
  // can be told), and an event of an agent whose call waits goes to that call's sink; every
  // other event goes to the sink of the call that read it. Without a baton, calls must come
  // one at a time, as BidiTransport says.
  SessionBaton* baton = nullptr;
  std::function<std::string(const boost::json::value& event)> event_agent;
};

// Thread safety: as BidiTransport (Call from one thread at a time, Interrupt from any), or,
// with options.baton, Call, Post, PollEvents and WaitForEvents from any thread that holds the
// baton; the connection must outlive every call in it. No background thread: the connection's I/O
// runs only inside Connect, Call, WaitForEvents and Close, on the calling thread; messages that
// arrive between calls wait in the socket (events among them go to the next call's or wait's sink).
// Besides the codes of BidiTransport::Call, a call fails with kInternal when the browser sends a
// message that is not WebDriver BiDi; the connection stays usable. The destructor closes the socket
// without a close handshake and never blocks.
class BidiConnection : public BidiTransport {
 public:
  // Connects to `url` ("ws://host:port/path"). kInvalidArgument for a malformed URL or wss://,
  // kUnavailable with the address and the cause on failure, kDeadlineExceeded past
  // connect_timeout, kCancelled (TransportError::kCancelled) within about 20 ms of
  // `*options.cancel` becoming true, whether the peer has not accepted the TCP connection yet
  // or has not answered the WebSocket upgrade.
  static absl::StatusOr<std::unique_ptr<BidiConnection>> Connect(std::string_view url,
                                                                 const ConnectionOptions& options);
  ~BidiConnection() override = default;
  using BidiTransport::Call;

  // False once the socket has failed or been closed, or the peer has hung up (checked with the
  // kernel, without reading: a drop between calls shows here before any call is sent).
  virtual bool is_open() const = 0;
  // The socket's descriptor (-1 before it is connected), only to wait on it from another
  // thread with poll() for a hang-up; never to read, write or close. Valid until Close() or
  // destruction.
  virtual int native_handle() const = 0;
  // WebSocket close handshake (bounded by `timeout`), then the socket is closed.
  virtual void Close(std::chrono::milliseconds timeout) = 0;
};

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_NET_BIDI_CONNECTION_H_
