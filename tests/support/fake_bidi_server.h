// A fake WebDriver BiDi peer over loopback for integration tests: a real WebSocket server on
// 127.0.0.1:<ephemeral port>, scripted per incoming command.
//
//   FakeBidiServer server;                        // listening once constructed
//   server.OnCommand("script.evaluate")
//       .EmitEvent("log.entryAdded", R"({"level":"info"})")   // sent first
//       .Reply(R"({"type":"success","realm":"r","result":{"type":"number","value":2}})");
//   server.OnCommandNumber(3).Drop();             // the 3rd command closes the TCP connection
//   auto connection = BidiConnection::Connect(server.url(), {});
//   ...
//   server.received();  // every text message received, in order
//
// Commands without a script are answered with a success reply carrying the command's id:
// `session.new` with {"sessionId":"fake","capabilities":{}}, everything else with {}. Messages
// that are not JSON objects get Firefox's answer to them, an "invalid argument" error with
// id null.
//
// A script is a list of actions run in order for each matching command. It is the response
// when it holds Reply, Error, SendRaw, ReplyLarge, Stall, Drop or DropMidMessage; otherwise
// (only EmitEvent / DelayReply) the default reply follows its actions. Which script runs:
// an OnCommandNumber() script for that command number, else the latest OnCommand() for the
// exact method, else the latest OnCommand("*"), else the default reply. The server keeps
// reading the next commands while it does nothing (Stall) but not during a DelayReply.
//
// Thread safety: every member function may be called from any thread. Scripts should be set
// before the command they answer is sent. The server runs on its own thread until Stop() or
// destruction, which close every connection.
#ifndef FIREFOX_BIDI_TESTS_SUPPORT_FAKE_BIDI_SERVER_H_
#define FIREFOX_BIDI_TESTS_SUPPORT_FAKE_BIDI_SERVER_H_

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace firefox_bidi::testing {

// What the server does with a new TCP connection before any command.
enum class HandshakeFault {
  kNone,   // accept the WebSocket handshake on any path
  kStall,  // accept TCP, then never read nor answer (like a server that is not WebSocket)
  kDrop,   // read the HTTP upgrade request, then close the connection without an answer
  kReject  // answer the upgrade request with "HTTP/1.1 404 Not Found"
};

class FakeBidiServer {
 public:
  struct Action;  // internal

  // A handle on one script; each call appends an action and returns the handle for chaining.
  // Copies refer to the same script.
  class Script {
   public:
    // {"type":"event","method":<method>,"params":<params_json>}
    Script& EmitEvent(const std::string& method, const std::string& params_json = "{}");
    // `count` such events, every "{{n}}" in `params_json` replaced by the event's number
    // (0, 1, ...); the text is held once, however many are sent.
    Script& EmitEvents(const std::string& method, const std::string& params_json,
                       std::size_t count);
    // {"type":"success","id":<the command's id>,"result":<result_json>}
    Script& Reply(const std::string& result_json = "{}");
    // {"type":"error","id":<id>,"error":<code>,"message":<message>}
    Script& Error(const std::string& code, const std::string& message);
    // `text` verbatim as one text message; every "{{id}}" in it becomes the command's id.
    Script& SendRaw(const std::string& text);
    // A success reply of exactly `bytes` bytes ({"value":"xxxx..."} as result), or the
    // smallest such reply when `bytes` is smaller than that; sent in 64 KiB WebSocket
    // fragments without ever holding the whole message.
    Script& ReplyLarge(std::size_t bytes);
    // Waits before the next action.
    Script& DelayReply(std::chrono::milliseconds delay);
    // Never answers this command (the next commands are still served).
    Script& Stall();
    // Closes the TCP connection at once, without a WebSocket close.
    Script& Drop();
    // Sends the header and the first bytes of a text frame announcing more, then closes.
    Script& DropMidMessage();

   private:
    friend class FakeBidiServer;
    Script(FakeBidiServer* server, std::shared_ptr<std::vector<Action>> actions)
        : server_(server), actions_(std::move(actions)) {}
    Script& Append(Action action);

    FakeBidiServer* server_;
    std::shared_ptr<std::vector<Action>> actions_;
  };

  // Binds 127.0.0.1:0 and starts serving. Aborts the test program if it cannot listen.
  FakeBidiServer();
  ~FakeBidiServer();
  FakeBidiServer(const FakeBidiServer&) = delete;
  FakeBidiServer& operator=(const FakeBidiServer&) = delete;

  // "ws://127.0.0.1:PORT/session"
  std::string url() const;
  std::uint16_t port() const { return port_; }

  // The script for every command with this method ("*": any method without its own script).
  // A later call for the same method replaces the earlier script.
  Script OnCommand(const std::string& method);
  // The script for the n-th command the server receives (1-based, over all connections).
  Script OnCommandNumber(std::size_t n);
  void SetHandshakeFault(HandshakeFault fault);

  // Every text message received so far, in order (a copy).
  std::vector<std::string> received() const;
  // The request target of every WebSocket handshake request, in order ("/session").
  std::vector<std::string> paths() const;
  // Bytes of ReplyLarge messages written so far (a large reply is sent in pieces, so this
  // stops growing when the peer stops reading).
  std::uint64_t large_bytes_sent() const;
  // TCP connections accepted so far.
  std::size_t connections() const;
  // Waits until `n` messages have been received; false on timeout.
  bool WaitForCommands(std::size_t n, std::chrono::milliseconds timeout) const;
  // Commands received so far whose "method" is `method`.
  std::size_t CountMethod(const std::string& method) const;
  // Waits until `n` commands with this method have been received; false on timeout.
  bool WaitForMethod(const std::string& method, std::size_t n,
                     std::chrono::milliseconds timeout) const;

  // Closes the listening socket and every connection and joins the thread. Idempotent; a
  // client connecting afterwards is refused.
  void Stop();

  // One step of a script (internal; built by Script).
  struct Action {
    enum class Kind { kEvent, kEvents, kSend, kLarge, kDelay, kStall, kDrop, kDropMidMessage };
    Kind kind = Kind::kSend;
    std::string text = {};  // kEvent, kSend: the message ("{{id}}" becomes the command's id)
    std::chrono::milliseconds delay{0};  // kDelay
    std::size_t bytes = 0;               // kLarge
    std::size_t count = 0;               // kEvents
  };

 private:
  class Impl;

  std::unique_ptr<Impl> impl_;
  std::uint16_t port_ = 0;

  mutable std::mutex mutex_;
  mutable std::condition_variable received_cv_;
  std::vector<std::string> received_;
  std::vector<std::string> paths_;
  std::size_t connections_ = 0;
  std::uint64_t large_bytes_sent_ = 0;
  HandshakeFault handshake_fault_ = HandshakeFault::kNone;
  std::map<std::string, std::shared_ptr<std::vector<Action>>> by_method_;
  std::map<std::size_t, std::shared_ptr<std::vector<Action>>> by_number_;

  std::thread thread_;
};

}  // namespace firefox_bidi::testing

#endif  // FIREFOX_BIDI_TESTS_SUPPORT_FAKE_BIDI_SERVER_H_
