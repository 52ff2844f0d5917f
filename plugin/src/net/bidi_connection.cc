#include "net/bidi_connection.h"

#include <poll.h>

#include <algorithm>
#include <atomic>
#include <boost/asio/connect.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket/error.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <deque>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/cleanup/cleanup.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/bidi_channel.h"
#include "core/call_lane.h"
#include "core/status_macros.h"
#include "core/transport_error.h"
#include "net/quick_ack_stream.h"
#include "net/ws_url.h"

namespace firefox_bidi {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;
using boost::system::error_code;

// A read buffer grown past this by one huge message is given back afterwards.
constexpr std::size_t kKeptReadBufferBytes = 4u << 20;
// Bounds the wait for cancelled operations to finish once their socket is closed.
constexpr std::chrono::milliseconds kDrainTimeout{1000};
// How often a connect in progress looks at its cancel flag.
constexpr std::chrono::milliseconds kCancelPoll{20};
// Bounds PollEvents when the browser sends events as fast as they are read.
constexpr std::chrono::milliseconds kPollBudget{2000};

std::string Describe(const error_code& ec) {
  if (ec == asio::error::eof) return "the connection was closed (end of stream)";
  return absl::StrCat(ec.message(), " [", ec.category().name(), ":", ec.value(), "]");
}

// now + timeout, saturating: a timeout such as milliseconds::max() means no deadline.
Clock::time_point DeadlineAfter(std::chrono::milliseconds timeout) {
  const Clock::time_point now = Clock::now();
  if (timeout >
      std::chrono::duration_cast<std::chrono::milliseconds>(Clock::time_point::max() - now)) {
    return Clock::time_point::max();
  }
  return now + timeout;
}

class BeastConnection final : public BidiConnection {
 public:
  explicit BeastConnection(const ConnectionOptions& options)
      : options_(options), channel_(options.result_form) {
    ws_.next_layer().set_quick_ack(options.quick_ack);
  }

  ~BeastConnection() override {
    // Not a graceful close (Close() is): the destructor must never block on the peer.
    CloseSocket();
  }

  using BidiTransport::Call;

  absl::Status Open(const WsUrl& url) {
    endpoint_ = url.ToString();
    const Clock::time_point deadline = DeadlineAfter(options_.connect_timeout);

    bool resolved = false;
    error_code resolve_ec;
    tcp::resolver::results_type endpoints;
    resolver_.async_resolve(url.host, std::to_string(url.port), tcp::resolver::numeric_service,
                            [&](const error_code& ec, tcp::resolver::results_type results) {
                              resolved = true;
                              resolve_ec = ec;
                              endpoints = std::move(results);
                            });
    // A timed-out lookup cannot be aborted; the handler is destroyed with the io_context
    // without running, so its references to this frame are never used.
    if (const WaitEnd end = RunCancellable([&] { return resolved; }, deadline);
        end != WaitEnd::kDone) {
      resolver_.cancel();
      return ConnectEnded(end, "resolving the host");
    }
    if (resolve_ec) {
      return absl::UnavailableError(
          absl::StrCat("cannot resolve the host of ", endpoint_, ": ", Describe(resolve_ec)));
    }

    bool connected = false;
    error_code connect_ec;
    tcp::endpoint peer;
    asio::async_connect(socket(), endpoints,
                        [&](const error_code& ec, const tcp::endpoint& endpoint) {
                          connected = true;
                          connect_ec = ec;
                          peer = endpoint;
                        });
    if (const WaitEnd end = RunCancellable([&] { return connected; }, deadline);
        end != WaitEnd::kDone) {
      AbortAndDrain([&] { return connected; });
      return ConnectEnded(end, "connecting");
    }
    if (connect_ec) {
      return absl::UnavailableError(
          absl::StrCat("cannot connect to ", endpoint_, ": ", Describe(connect_ec)));
    }
    fd_ = socket().native_handle();
    error_code option_ec;
    // BiDi traffic is many small commands: do not let Nagle hold them back.
    socket().set_option(tcp::no_delay(true), option_ec);
    if (options_.quick_ack) ws_.next_layer().ArmQuickAck();

    // Deadlines are ours (RunUntil); Beast's own timers would race them.
    websocket::stream_base::timeout timeouts =
        websocket::stream_base::timeout::suggested(beast::role_type::client);
    timeouts.handshake_timeout = websocket::stream_base::none();
    ws_.set_option(timeouts);
    ws_.read_message_max(
        static_cast<std::size_t>(std::min<std::uint64_t>(options_.max_message_bytes, SIZE_MAX)));
    // One frame per command; a larger write buffer means fewer syscalls for big commands.
    ws_.auto_fragment(false);
    ws_.write_buffer_bytes(64 * 1024);
    ws_.text(true);

    bool handshaken = false;
    error_code handshake_ec;
    websocket::response_type response;
    ws_.async_handshake(response, url.HostHeader(), url.target, [&](const error_code& ec) {
      handshaken = true;
      handshake_ec = ec;
    });
    if (const WaitEnd end = RunCancellable([&] { return handshaken; }, deadline);
        end != WaitEnd::kDone) {
      AbortAndDrain([&] { return handshaken; });
      return ConnectEnded(end, "the WebSocket handshake");
    }
    if (handshake_ec) {
      CloseSocket();
      // The HTTP status tells a wrong path (404) from a server that is not BiDi at all.
      const std::string status =
          handshake_ec != websocket::error::upgrade_declined
              ? ""
              : absl::StrCat(" (HTTP ", response.result_int(), " ",
                             std::string(response.reason().data(), response.reason().size()), ")");
      return absl::UnavailableError(absl::StrCat("WebSocket handshake with ", endpoint_,
                                                 " failed: ", Describe(handshake_ec), status));
    }
    open_ = true;
    StartRead();
    return absl::OkStatus();
  }

  absl::StatusOr<BidiReply> Call(std::string_view method, const boost::json::object& params,
                                 std::chrono::milliseconds timeout, EventSink on_event,
                                 SentHook on_sent) override {
    Waiter me(&on_event);
    if (Interrupted(me)) return Interrupted(method, 0);
    if (!broken_.ok()) return broken_;
    const Clock::time_point deadline = DeadlineAfter(timeout);
    const Registration registered(*this, me);

    // Beast allows one write at a time: a command whose call timed out mid-write goes first.
    me.awaits_write = true;
    if (writing_) {
      const WaitEnd end = RunUntil(
          me, [&] { return !writing_ || !broken_.ok(); }, deadline, true);
      if (end == WaitEnd::kInterrupted) return Interrupted(method, 0);
      if (end == WaitEnd::kDeadline) {
        return TransportErrorStatus(
            TransportError::kReplyTimeout,
            absl::StrCat("no reply to ", std::string(method), " within ", timeout.count(),
                         " ms: the previous command was still being sent"));
      }
      if (!broken_.ok()) return broken_;
    }

    BidiChannel::Command command = channel_.Send(method, params);
    const std::uint64_t id = command.id;
    me.id = id;
    StartWrite(std::move(command.text));
    if (!reading_) StartRead();

    // A command's one frame is written at once unless the socket buffer is full; the caller
    // works only after it has left.
    WaitEnd end = RunUntil(
        me, [&] { return !writing_ || me.settled.load(); }, deadline, true);
    if (end == WaitEnd::kDone && !me.settled.load()) {
      on_sent();
      me.awaits_write = false;
      end = RunUntil(
          me, [&] { return me.settled.load(); }, deadline, true);
    }
    if (end == WaitEnd::kDone) return *std::exchange(me.outcome, std::nullopt);
    if (end == WaitEnd::kInterrupted) return Interrupted(method, id);
    return TransportErrorStatus(TransportError::kReplyTimeout,
                                absl::StrCat("no reply to ", std::string(method), " (id ", id,
                                             ") within ", timeout.count(), " ms"));
  }

  absl::Status Post(std::string_view method, const boost::json::object& params) override {
    if (!broken_.ok()) return broken_;
    if (!open_.load()) {
      return TransportErrorStatus(TransportError::kDisconnected, "connection is closed");
    }
    // Written after the command being written, if any. Between calls the write ends inside
    // the next call (which waits for it before its own); from an event sink, inside the wait
    // that read the event.
    StartWrite(channel_.SendUnawaited(method, params).text);
    return absl::OkStatus();
  }

  void PollEvents(EventSink on_event) override {
    if (!broken_.ok() || !open_.load()) return;
    Waiter me(&on_event);
    const Registration registered(*this, me);
    Deliver(me);
    if (!reading_) StartRead();
    const Reading reading(*this, me);
    // poll_one() checks the socket without blocking and runs at most one ready handler; it
    // returns 0 once nothing more can be read now.
    const Clock::time_point deadline = Clock::now() + kPollBudget;
    while (Clock::now() < deadline && !Interrupted(me) && broken_.ok() && ioc_.poll_one() > 0) {
    }
  }

  absl::Status WaitForEvents(std::chrono::milliseconds timeout, EventSink on_event) override {
    std::size_t delivered = 0;
    auto counting = [&](boost::json::value event) {
      ++delivered;
      on_event(std::move(event));
    };
    EventSink sink = counting;
    Waiter me(&sink);
    if (Interrupted(me))
      return TransportErrorStatus(TransportError::kCancelled,
                                  "interrupted before waiting for events");
    if (!broken_.ok()) return broken_;
    const Clock::time_point deadline = DeadlineAfter(timeout);
    const Registration registered(*this, me);
    if (!reading_) StartRead();
    // A reply arriving now answers a call that timed out: the channel calls it late.
    const WaitEnd end = RunUntil(
        me, [&] { return delivered > 0 || !broken_.ok(); }, deadline, true);
    if (delivered > 0) return absl::OkStatus();
    if (end == WaitEnd::kInterrupted)
      return TransportErrorStatus(TransportError::kCancelled,
                                  "interrupted while waiting for events");
    if (!broken_.ok()) return broken_;
    return TransportErrorStatus(TransportError::kReplyTimeout,
                                absl::StrCat("no event within ", timeout.count(), " ms"));
  }

  void Interrupt() override {
    interrupted_.store(true);
    // Wakes run_one_until() in the thread waiting in Call(), and the calls asleep meanwhile.
    asio::post(ioc_, [] {});
    if (options_.baton != nullptr) options_.baton->Notify();
  }

  void ClearInterrupt() override { interrupted_.store(false); }

  bool is_open() const override {
    if (!open_.load()) return false;
    // Between calls nothing reads the socket: ask the kernel, without reading, whether the
    // peer has hung up or the connection has failed (a reset, or the socket destroyed from
    // outside).
    pollfd events{fd_, POLLRDHUP, 0};
    if (::poll(&events, 1, 0) != 1) return true;
    return (events.revents & (POLLRDHUP | POLLHUP | POLLERR | POLLNVAL)) == 0;
  }

  int native_handle() const override { return fd_; }

  void Close(std::chrono::milliseconds timeout) override {
    if (!open_.load()) {
      CloseSocket();
      return;
    }
    closing_ = true;
    const Clock::time_point deadline = DeadlineAfter(timeout);
    bool close_started = false;
    // A cancel (the host is stopping) skips the courtesy of a close handshake.
    WaitEnd end = RunCancellable([&] { return !writing_ || !broken_.ok(); }, deadline);
    if (end != WaitEnd::kInterrupted && broken_.ok() && !writing_) {
      close_started = true;
      close_done_ = false;
      ws_.async_close(websocket::close_code::normal,
                      [this](const error_code&) { close_done_ = true; });
      // Beast completes the close once the peer's close frame arrives (through our pending
      // read) or the peer drops the connection.
      end = RunCancellable([&] { return close_done_; }, deadline);
    }
    if (end == WaitEnd::kDeadline) {
      Log(2, absl::StrCat("WebSocket close handshake with ", endpoint_, " timed out after ",
                          timeout.count(), " ms; closing the socket"));
    } else if (end == WaitEnd::kInterrupted) {
      Log(2, absl::StrCat("WebSocket close with ", endpoint_, " cancelled; closing the socket"));
    }
    AbortAndDrain([&] { return !close_started || close_done_; });
    if (broken_.ok())
      broken_ = TransportErrorStatus(TransportError::kDisconnected, "connection is closed");
    for (Waiter* waiter : waiters_) {
      if (waiter->id != 0 && !waiter->settled.load()) Settle(*waiter, broken_);
    }
    channel_.EndAllWaits();
  }

 private:
  enum class WaitEnd { kDone, kDeadline, kInterrupted };

  tcp::socket& socket() { return ws_.next_layer().next_layer(); }

  // A call waiting in this connection: for its reply (id), or for events (id 0).
  struct Waiter {
    explicit Waiter(EventSink* event_sink) : sink(event_sink), lane(CallLane::Current()) {}
    EventSink* const sink;
    CallLane* const lane;
    std::uint64_t id = 0;
    std::optional<absl::StatusOr<BidiReply>> outcome;  // set by whoever read the reply
    std::atomic<bool> settled{false};                  // outcome is there
    // Events of its agent read by another call's I/O, not yet handed to `sink`.
    std::deque<boost::json::value> events;
    std::atomic<bool> has_events{false};
    // Its command (or the one before it) is still being written, and it waits for that.
    bool awaits_write = false;
  };

  // A waiter's place in waiters_ for as long as its call is in the connection.
  class Registration {
   public:
    Registration(BeastConnection& connection, Waiter& waiter)
        : connection_(connection), waiter_(waiter) {
      connection_.waiters_.push_back(&waiter_);
    }
    ~Registration() {
      if (waiter_.id != 0 && !waiter_.settled.load()) connection_.channel_.EndWait(waiter_.id);
      std::erase(connection_.waiters_, &waiter_);
    }
    Registration(const Registration&) = delete;
    Registration& operator=(const Registration&) = delete;

   private:
    BeastConnection& connection_;
    Waiter& waiter_;
  };

  // Marks `waiter` as the call whose thread runs the I/O (whose sink takes what is read).
  class Reading {
   public:
    Reading(BeastConnection& connection, Waiter& waiter) : connection_(connection) {
      connection_.reader_ = &waiter;
    }
    ~Reading() { connection_.reader_ = nullptr; }
    Reading(const Reading&) = delete;
    Reading& operator=(const Reading&) = delete;

   private:
    BeastConnection& connection_;
  };

  bool Interrupted(const Waiter& waiter) const {
    return interrupted_.load() || (waiter.lane != nullptr && waiter.lane->interrupted.load());
  }

  // Hands `waiter` the events other calls read for it, in the order they came.
  void Deliver(Waiter& waiter) {
    while (waiter.has_events.load()) {
      boost::json::value event = std::move(waiter.events.front());
      waiter.events.pop_front();
      waiter.has_events.store(!waiter.events.empty());
      (*waiter.sink)(std::move(event));
    }
  }

  // SessionBaton::IoWaker: gets the holder out of run_one_until().
  class Waker final : public SessionBaton::IoWaker {
   public:
    explicit Waker(asio::io_context& ioc) : ioc_(ioc) {}
    void Wake() override {
      asio::post(ioc_, [] {});
    }

   private:
    asio::io_context& ioc_;
  };

  // Runs completion handlers on this thread until `done()`, the deadline, or (when
  // `interruptible`) Interrupt() or an interrupt of the waiter's lane. The work guard keeps
  // run_one_until() blocking, never spinning, while nothing is pending. With a baton, the
  // waiter reads for every call in the connection, and gives the baton up while another
  // thread wants it, until a reply, an event or an interrupt of its own is there, or the
  // writes it waits for have ended (what `done` may wait for, each woken by a Notify).
  template <class Done>
  WaitEnd RunUntil(Waiter& waiter, const Done& done, Clock::time_point deadline,
                   bool interruptible) {
    // Only a call's wait (a sink, on a thread with a lane) gives the baton up; the
    // connection's own steps are short, and a thread without a lane (a browser starting in the
    // background, a shutdown) holds no baton to give.
    SessionBaton* const baton =
        waiter.sink != nullptr && waiter.lane != nullptr ? options_.baton : nullptr;
    for (;;) {
      Deliver(waiter);
      if (done()) return WaitEnd::kDone;
      if (interruptible && Interrupted(waiter)) return WaitEnd::kInterrupted;
      if (Clock::now() >= deadline) return WaitEnd::kDeadline;
      if (baton != nullptr && baton->wanted()) {
        baton->YieldUntil(
            [&] {
              return waiter.settled.load() || waiter.has_events.load() ||
                     (waiter.awaits_write && !writing_.load()) ||
                     (interruptible && Interrupted(waiter)) || !open_.load();
            },
            deadline);
        continue;
      }
      const Reading reading(*this, waiter);
      if (baton == nullptr) {
        ioc_.run_one_until(deadline);
      } else if (baton->BeginBlockingIo(&waker_)) {
        ioc_.run_one_until(deadline);
        baton->EndBlockingIo();
      }
    }
  }

  // RunUntil for the connection's own steps (a close), outside any call.
  template <class Done>
  WaitEnd RunUntil(const Done& done, Clock::time_point deadline, bool interruptible) {
    Waiter none(nullptr);
    return RunUntil(none, done, deadline, interruptible);
  }

  // RunUntil for a step of Open() or Close(): also ends (kInterrupted) within kCancelPoll of
  // `*options_.cancel` becoming true. The flag belongs to the caller, who cannot wake this
  // thread's io_context, so the wait is cut into slices.
  template <class Done>
  WaitEnd RunCancellable(const Done& done, Clock::time_point deadline) {
    while (!done()) {
      if (options_.cancel != nullptr && options_.cancel->load()) return WaitEnd::kInterrupted;
      const Clock::time_point now = Clock::now();
      if (now >= deadline) return WaitEnd::kDeadline;
      ioc_.run_one_until(options_.cancel == nullptr ? deadline
                                                    : std::min(deadline, now + kCancelPoll));
    }
    return WaitEnd::kDone;
  }

  // Closes the socket, then lets the cancelled operations finish so that none outlives the
  // state its handler refers to.
  template <class Done>
  void AbortAndDrain(const Done& done) {
    CloseSocket();
    RunUntil([&] { return done() && !reading_ && !writing_; }, Clock::now() + kDrainTimeout, false);
  }

  void CloseSocket() {
    open_.store(false);
    error_code ignored;
    socket().close(ignored);
    // The calls asleep while another reads see the connection gone.
    if (options_.baton != nullptr) options_.baton->Notify();
  }

  // Why a step of Open() did not finish: cancelled, or past connect_timeout.
  absl::Status ConnectEnded(WaitEnd end, std::string_view step) {
    if (end == WaitEnd::kInterrupted) {
      return TransportErrorStatus(
          TransportError::kCancelled,
          absl::StrCat("cancelled during ", std::string(step), " for ", endpoint_));
    }
    return absl::DeadlineExceededError(absl::StrCat(std::string(step), " for ", endpoint_,
                                                    " took longer than connect_timeout (",
                                                    options_.connect_timeout.count(), " ms)"));
  }

  absl::Status Interrupted(std::string_view method, std::uint64_t id) {
    return TransportErrorStatus(
        TransportError::kCancelled,
        id == 0 ? absl::StrCat("interrupted before sending ", std::string(method))
                : absl::StrCat("interrupted while waiting for the reply to ", std::string(method),
                               " (id ", id, ")"));
  }

  // The connection is unusable from now on: the calls waiting for a reply get `for_call`,
  // later calls get kUnavailable.
  void Fail(absl::Status for_call, absl::Status for_later = absl::OkStatus()) {
    if (broken_.ok()) broken_ = for_later.ok() ? for_call : std::move(for_later);
    for (Waiter* waiter : waiters_) {
      if (waiter->id != 0 && !waiter->settled.load()) Settle(*waiter, for_call);
    }
    channel_.EndAllWaits();
    CloseSocket();
  }

  // Gives `waiter` its outcome; wakes it if it sleeps while another call reads.
  void Settle(Waiter& waiter, absl::StatusOr<BidiReply> outcome) {
    waiter.outcome = std::move(outcome);
    waiter.settled.store(true);
    if (&waiter != reader_ && options_.baton != nullptr) options_.baton->Notify();
  }

  Waiter* WaiterFor(std::uint64_t id) {
    for (Waiter* waiter : waiters_) {
      if (waiter->id == id) return waiter;
    }
    return nullptr;
  }

  // The call an event goes to: the waiting call of the agent it belongs to when that is
  // another call than the one reading, else the reader.
  Waiter* RecipientOf(const boost::json::value& event) {
    if (waiters_.size() > 1 && options_.event_agent) {
      const std::string agent = options_.event_agent(event);
      for (Waiter* waiter : waiters_) {
        if (waiter != reader_ && waiter->sink != nullptr && waiter->lane != nullptr &&
            !agent.empty() && waiter->lane->agent == agent) {
          return waiter;
        }
      }
    }
    return reader_ != nullptr && reader_->sink != nullptr ? reader_ : nullptr;
  }

  // Writes one command's text, or queues it behind the one being written (Beast allows one
  // write at a time); writing_ stays true until the queue is empty.
  void StartWrite(std::string text) {
    if (writing_) {
      queued_writes_.push_back(std::move(text));
      return;
    }
    writing_ = true;
    write_buffer_ = std::move(text);
    ws_.async_write(asio::buffer(write_buffer_), [this](const error_code& ec, std::size_t) {
      writing_ = false;
      // A call asleep while another reads may wait for the writes to end.
      const absl::Cleanup tell = [this] {
        if (!writing_ && options_.baton != nullptr) options_.baton->Notify();
      };
      if (ec) {
        queued_writes_.clear();
        if (!closing_) {
          Fail(TransportErrorStatus(TransportError::kDisconnected,
                                    absl::StrCat("browser disconnected: ", Describe(ec))));
        }
        return;
      }
      if (!queued_writes_.empty()) {
        std::string next = std::move(queued_writes_.front());
        queued_writes_.pop_front();
        StartWrite(std::move(next));
      }
    });
  }

  // Reads the next whole message into read_buffer_.
  void StartRead() {
    reading_ = true;
    ws_.async_read(read_buffer_, [this](const error_code& ec, std::size_t) { OnRead(ec); });
  }

  void OnRead(const error_code& ec) {
    reading_ = false;
    if (ec) {
      if (closing_) {
        if (broken_.ok())
          broken_ = TransportErrorStatus(TransportError::kDisconnected, "connection is closed");
        CloseSocket();
      } else if (ec == websocket::error::message_too_big) {
        const std::string limit = absl::StrCat(options_.max_message_bytes, " bytes");
        Fail(TransportErrorStatus(
                 TransportError::kMessageTooLarge,
                 absl::StrCat("message from the browser exceeds ", limit, " (max_message_bytes)")),
             TransportErrorStatus(
                 TransportError::kDisconnected,
                 absl::StrCat(
                     "browser disconnected: the connection was closed after a message exceeded ",
                     limit, " (max_message_bytes)")));
      } else if (ec == websocket::error::closed) {
        const websocket::close_reason& reason = ws_.reason();
        Fail(TransportErrorStatus(
            TransportError::kDisconnected,
            absl::StrCat("browser disconnected: the browser closed the WebSocket (code ",
                         reason.code, reason.reason.empty() ? "" : ", ",
                         std::string(reason.reason.data(), reason.reason.size()), ")")));
      } else {
        Fail(TransportErrorStatus(TransportError::kDisconnected,
                                  absl::StrCat("browser disconnected: ", Describe(ec))));
      }
      return;
    }
    const auto data = read_buffer_.cdata();
    // Beast has checked that the text message is valid UTF-8.
    BidiChannel::Received message = channel_.Receive(
        std::string_view(static_cast<const char*>(data.data()), data.size()), Utf8::kAlreadyValid);
    read_buffer_.consume(read_buffer_.size());
    if (read_buffer_.capacity() > kKeptReadBufferBytes) read_buffer_.shrink_to_fit();
    // One read stays outstanding for as long as the connection is open.
    StartRead();
    Dispatch(std::move(message));
  }

  void Dispatch(BidiChannel::Received message) {
    using Kind = BidiChannel::Received::Kind;
    switch (message.kind) {
      case Kind::kNotBidi:
        Log(3, absl::StrCat("the browser sent a message that is not WebDriver BiDi: ",
                            message.status.message()));
        if (Waiter* waiter = WaiterFor(message.call_id);
            waiter != nullptr && message.call_id != 0) {
          Settle(*waiter,
                 TransportErrorStatus(
                     TransportError::kNotBidi,
                     absl::StrCat("the browser sent a message that is not WebDriver BiDi: ",
                                  message.status.message())));
        }
        return;
      case Kind::kEvent:
        if (Waiter* recipient = RecipientOf(message.event); recipient == nullptr) {
          Log(0, "dropping an event that arrived while no command was waiting");
        } else if (recipient == reader_) {
          (*recipient->sink)(std::move(message.event));
        } else {
          recipient->events.push_back(std::move(message.event));
          recipient->has_events.store(true);
          options_.baton->Notify();
        }
        return;
      case Kind::kPostedReply:
        if (!message.reply.ok) {
          Log(1, absl::StrCat("a command the plugin sent without waiting (id ", message.reply_id,
                              ") failed: ", message.reply.error, ": ", message.reply.message));
        }
        return;
      case Kind::kLateReply:
      case Kind::kStrayReply:
        Log(1,
            absl::StrCat("discarding a reply to id ", message.reply_id,
                         " that nobody waits for (late: its call timed out or stopped waiting)"));
        return;
      case Kind::kReply:
        if (Waiter* waiter = WaiterFor(message.call_id); waiter != nullptr) {
          Settle(*waiter, std::move(message.reply));
        }
        return;
    }
  }

  void Log(int level, std::string_view line) {
    if (options_.log) options_.log(level, line);
  }

  const ConnectionOptions options_;
  asio::io_context ioc_{1};
  // Declared after ioc_ so that it is released first.
  asio::executor_work_guard<asio::io_context::executor_type> work_{ioc_.get_executor()};
  tcp::resolver resolver_{ioc_};
  // Makes ioc_'s timer service before ws_ needs it. Boost.Beast 1.81's stream registers with
  // its io_context's websocket service and only then makes its timer; when that throws (out
  // of memory), it is gone without unregistering, and destroying ioc_ follows the dangling
  // pointer (tests/oom runs every allocation failing once).
  asio::steady_timer timer_service_first_{ioc_};
  websocket::stream<QuickAckStream> ws_{ioc_.get_executor()};
  beast::flat_buffer read_buffer_;  // the message being read, until it is complete
  std::string write_buffer_;        // the command being written; must live until the write ends
  std::deque<std::string> queued_writes_;  // posted commands waiting for the write to end
  std::string endpoint_;                   // "ws://host:port/path", for messages

  std::atomic<bool> interrupted_{false};
  std::atomic<bool> open_{false};
  int fd_ = -1;  // the socket's descriptor once connected, for is_open()
  bool reading_ = false;
  std::atomic<bool> writing_{false};  // read by calls asleep while another reads
  bool closing_ = false;
  bool close_done_ = false;
  absl::Status broken_;  // why later calls fail; OK while the connection is usable

  // Ids, the calls waiting for their replies, what each message is; then the calls in the
  // connection, and the one whose thread runs the I/O now.
  BidiChannel channel_;
  std::vector<Waiter*> waiters_;
  Waiter* reader_ = nullptr;
  Waker waker_{ioc_};
};

}  // namespace

absl::StatusOr<std::unique_ptr<BidiConnection>> BidiConnection::Connect(
    std::string_view url, const ConnectionOptions& options) {
  ASSIGN_OR_RETURN(const WsUrl parsed, ParseWsUrl(url));
  auto connection = std::make_unique<BeastConnection>(options);
  RETURN_IF_ERROR(connection->Open(parsed));
  return connection;
}

}  // namespace firefox_bidi
