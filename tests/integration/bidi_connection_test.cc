#include "net/bidi_connection.h"

#include <atomic>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/call_lane.h"
#include "core/session_baton.h"
#include "core/transport_error.h"
#include "support/fake_bidi_server.h"
#include "support/latency.h"
#include "support/silent_port.h"

namespace firefox_bidi {
namespace {

using std::chrono::milliseconds;
using testing::FakeBidiServer;
using testing::HandshakeFault;
using testing::SilentPort;
using Clock = std::chrono::steady_clock;

constexpr milliseconds kGenerous{10000};

std::unique_ptr<BidiConnection> MustConnect(const FakeBidiServer& server,
                                            ConnectionOptions options = {}) {
  auto connection = BidiConnection::Connect(server.url(), options);
  BOOST_REQUIRE_MESSAGE(connection.ok(), connection.status().ToString());
  return *std::move(connection);
}

// Options whose diagnostics land in `log` as "<level> <line>".
ConnectionOptions LoggingTo(std::vector<std::string>& log) {
  ConnectionOptions options;
  options.log = [&log](int level, std::string_view line) {
    log.push_back(std::to_string(level) + " " + std::string(line));
  };
  return options;
}

// Calls with params {}, collects events as compact JSON and counts the sent hook's runs.
struct Caller {
  BidiConnection& connection;
  std::vector<std::string> events;
  int sent = 0;

  absl::StatusOr<BidiReply> operator()(std::string_view method, milliseconds timeout = kGenerous,
                                       const boost::json::object& params = {}) {
    return connection.Call(
        method, params, timeout,
        [&](boost::json::value event) { events.push_back(boost::json::serialize(event)); },
        [&] { ++sent; });
  }
};

std::string Message(const absl::Status& status) { return std::string(status.message()); }

long long MillisSince(Clock::time_point start) {
  return std::chrono::duration_cast<milliseconds>(Clock::now() - start).count();
}

BOOST_AUTO_TEST_SUITE(bidi_connection)

BOOST_AUTO_TEST_CASE(sends_compact_command_and_returns_the_result) {
  FakeBidiServer server;
  server.OnCommand("browsingContext.getTree").Reply(R"({"contexts":[{"context":"c1"}]})");
  auto connection = MustConnect(server);
  Caller call{*connection};

  const auto reply = call("browsingContext.getTree", kGenerous,
                          boost::json::parse(R"({"maxDepth": 0})").as_object());
  BOOST_REQUIRE_MESSAGE(reply.ok(), reply.status().ToString());
  BOOST_TEST(reply->ok);
  BOOST_TEST(reply->result.text() == R"({"contexts":[{"context":"c1"}]})");
  const auto second = call("session.new");
  BOOST_REQUIRE(second.ok());
  BOOST_TEST(second->result.text() == R"({"sessionId":"fake","capabilities":{}})");

  BOOST_TEST(server.received() ==
                 (std::vector<std::string>{
                     R"({"id":1,"method":"browsingContext.getTree","params":{"maxDepth":0}})",
                     R"({"id":2,"method":"session.new","params":{}})"}),
             boost::test_tools::per_element());
  BOOST_TEST(server.paths() == std::vector<std::string>{"/session"},
             boost::test_tools::per_element());
  BOOST_TEST(connection->is_open());
  BOOST_TEST(call.sent == 2);
}

BOOST_AUTO_TEST_CASE(bidi_error_reply_is_a_normal_outcome) {
  FakeBidiServer server;
  server.OnCommand("browsingContext.close").Error("no such frame", "Browsing Context 42 not found");
  auto connection = MustConnect(server);
  Caller call{*connection};

  const auto reply = call("browsingContext.close");
  BOOST_REQUIRE(reply.ok());
  BOOST_TEST(!reply->ok);
  BOOST_TEST(reply->error == "no such frame");
  BOOST_TEST(reply->message == "Browsing Context 42 not found");
  BOOST_TEST(reply->result.value().is_null());
}

BOOST_AUTO_TEST_CASE(correlates_by_id_across_interleaved_events_and_stray_replies) {
  FakeBidiServer server;
  server.OnCommand("script.evaluate")
      .EmitEvent("log.entryAdded", R"({"text":"a"})")
      .SendRaw(R"({"type":"success","id":777,"result":{"stale":true}})")
      .EmitEvent("log.entryAdded", R"({"text":"b"})")
      .SendRaw(R"({"type":"success","id":{{id}},"result":{"mine":true}})")
      .EmitEvent("log.entryAdded", R"({"text":"after"})");
  std::vector<std::string> log;
  auto connection = MustConnect(server, LoggingTo(log));
  Caller call{*connection};

  const auto reply = call("script.evaluate");
  BOOST_REQUIRE(reply.ok());
  BOOST_TEST(reply->result.text() == R"({"mine":true})");
  BOOST_TEST(
      call.events == (std::vector<std::string>{
                         R"({"type":"event","method":"log.entryAdded","params":{"text":"a"}})",
                         R"({"type":"event","method":"log.entryAdded","params":{"text":"b"}})"}),
      boost::test_tools::per_element());
  BOOST_TEST(
      log == (std::vector<std::string>{"1 discarding a reply to id 777 that nobody "
                                       "waits for (late: its call timed out or stopped waiting)"}),
      boost::test_tools::per_element());

  // The event sent after the reply reaches the next call's sink.
  call.events.clear();
  const auto next = call("session.status");
  BOOST_REQUIRE(next.ok());
  BOOST_TEST(call.events ==
                 (std::vector<std::string>{
                     R"({"type":"event","method":"log.entryAdded","params":{"text":"after"}})"}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(timeout_keeps_the_connection_and_discards_the_late_reply) {
  FakeBidiServer server;
  server.OnCommandNumber(1).DelayReply(milliseconds(2000)).Reply(R"({"late":true})");
  server.OnCommandNumber(2).Reply(R"({"second":true})");
  std::vector<std::string> log;
  ConnectionOptions options;
  options.log = [&](int, std::string_view line) { log.emplace_back(line); };
  auto connection = MustConnect(server, options);
  Caller call{*connection};

  const auto timed_out = call("script.evaluate", milliseconds(50));
  BOOST_TEST(timed_out.status().code() == absl::StatusCode::kDeadlineExceeded);
  BOOST_TEST(Message(timed_out.status()) == "no reply to script.evaluate (id 1) within 50 ms");
  BOOST_TEST(connection->is_open());

  const auto next = call("script.evaluate");
  BOOST_REQUIRE_MESSAGE(next.ok(), next.status().ToString());
  BOOST_TEST(next->result.text() == R"({"second":true})");
  BOOST_TEST(log == (std::vector<std::string>{"discarding a reply to id 1 that nobody waits for "
                                              "(late: its call timed out or stopped waiting)"}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(interrupt_from_another_thread_cancels_the_wait_promptly) {
  FakeBidiServer server;
  server.OnCommand("script.evaluate").Stall();
  auto connection = MustConnect(server);
  Caller call{*connection};

  std::thread interrupter([&] {
    BOOST_REQUIRE(server.WaitForCommands(1, kGenerous));
    connection->Interrupt();
  });
  const auto start = Clock::now();
  const auto reply = call("script.evaluate", milliseconds(30000));
  const long long elapsed = MillisSince(start);
  interrupter.join();
  BOOST_TEST(reply.status().code() == absl::StatusCode::kCancelled);
  BOOST_TEST(Message(reply.status()) ==
             "interrupted while waiting for the reply to script.evaluate (id 1)");
  BOOST_TEST(elapsed < 1000);
  BOOST_TEST(connection->is_open());
}

// Events that arrive with no command in flight reach WaitForEvents.
struct Waiter {
  BidiConnection& connection;
  std::vector<std::string> events;

  absl::Status operator()(milliseconds timeout) {
    return connection.WaitForEvents(timeout, [&](boost::json::value event) {
      events.push_back(boost::json::serialize(event));
    });
  }
};

BOOST_AUTO_TEST_CASE(events_between_commands_reach_a_wait) {
  FakeBidiServer server;
  server.OnCommand("browsingContext.traverseHistory")
      .Reply("{}")
      .DelayReply(milliseconds(100))
      .EmitEvent("browsingContext.load", R"({"context":"C"})")
      .EmitEvent("browsingContext.domContentLoaded", R"({"context":"C"})");
  auto connection = MustConnect(server);
  Caller call{*connection};
  BOOST_REQUIRE(call("browsingContext.traverseHistory").ok());
  BOOST_TEST(call.events.empty());
  Waiter wait{*connection};
  const auto start = Clock::now();
  BOOST_REQUIRE(wait(kGenerous).ok());
  BOOST_TEST(MillisSince(start) >= 50);
  // The second event may come with the first or in a second wait.
  if (wait.events.size() < 2) BOOST_REQUIRE(wait(kGenerous).ok());
  BOOST_TEST(
      wait.events ==
          (std::vector<std::string>{
              R"({"type":"event","method":"browsingContext.load","params":{"context":"C"}})",
              R"({"type":"event","method":"browsingContext.domContentLoaded","params":{"context":"C"}})"}),
      boost::test_tools::per_element());
  // Nothing more: the wait ends at its deadline, and the connection stays usable.
  const auto quiet = Clock::now();
  const absl::Status none = wait(milliseconds(100));
  BOOST_TEST(none.code() == absl::StatusCode::kDeadlineExceeded);
  BOOST_TEST(Message(none) == "no event within 100 ms");
  BOOST_TEST(MillisSince(quiet) >= 100);
  BOOST_TEST(call("session.status").ok());
}

BOOST_AUTO_TEST_CASE(a_wait_for_events_is_interrupted_promptly_and_sees_a_lost_browser) {
  FakeBidiServer server;
  server.OnCommandNumber(2).Reply("{}").DelayReply(milliseconds(100)).Drop();
  auto connection = MustConnect(server);
  Caller call{*connection};
  Waiter wait{*connection};
  std::thread interrupter([&] {
    std::this_thread::sleep_for(milliseconds(100));
    connection->Interrupt();
  });
  const auto start = Clock::now();
  const absl::Status interrupted = wait(milliseconds(30000));
  interrupter.join();
  BOOST_TEST(interrupted.code() == absl::StatusCode::kCancelled);
  BOOST_TEST(MillisSince(start) < 1000);
  BOOST_TEST(wait(kGenerous).code() == absl::StatusCode::kCancelled);  // sticky
  connection->ClearInterrupt();

  BOOST_REQUIRE(call("session.status").ok());
  BOOST_REQUIRE(call("session.status").ok());  // the server drops the socket 100 ms later
  const absl::Status lost = wait(kGenerous);
  BOOST_TEST(lost.code() == absl::StatusCode::kUnavailable);
  BOOST_TEST(Message(lost).rfind("browser disconnected: ", 0) == 0u, Message(lost));
  BOOST_TEST(MillisSince(start) < 5000);
}

BOOST_AUTO_TEST_CASE(largest_timeout_means_no_deadline) {
  FakeBidiServer server;
  server.OnCommand("script.evaluate").DelayReply(milliseconds(50)).Reply(R"({"v":1})");
  auto connection = MustConnect(server);
  Caller call{*connection};
  const auto reply = call("script.evaluate", milliseconds::max());
  BOOST_REQUIRE_MESSAGE(reply.ok(), reply.status().ToString());
  BOOST_TEST(reply->result.text() == R"({"v":1})");
}

BOOST_AUTO_TEST_CASE(interrupt_is_sticky_until_cleared) {
  FakeBidiServer server;
  auto connection = MustConnect(server);
  Caller call{*connection};

  connection->Interrupt();
  for (int i = 0; i < 2; ++i) {
    const auto reply = call("session.status");
    BOOST_TEST(reply.status().code() == absl::StatusCode::kCancelled);
    BOOST_TEST(Message(reply.status()) == "interrupted before sending session.status");
  }
  BOOST_TEST(call.sent == 0);
  connection->ClearInterrupt();
  const auto reply = call("session.status");
  BOOST_REQUIRE_MESSAGE(reply.ok(), reply.status().ToString());
  BOOST_TEST(call.sent == 1);
  // Nothing was sent for the cancelled calls: the first command on the wire has id 1.
  BOOST_TEST(server.received() ==
                 std::vector<std::string>{R"({"id":1,"method":"session.status","params":{}})"},
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(drop_mid_call_is_unavailable_and_later_calls_fail_fast) {
  FakeBidiServer server;
  server.OnCommandNumber(2).Drop();
  auto connection = MustConnect(server);
  Caller call{*connection};

  BOOST_REQUIRE(call("session.new").ok());
  const auto dropped = call("script.evaluate");
  BOOST_TEST(dropped.status().code() == absl::StatusCode::kUnavailable);
  BOOST_TEST(Message(dropped.status()).rfind("browser disconnected: ", 0) == 0u,
             Message(dropped.status()));
  BOOST_TEST(!connection->is_open());

  const auto start = Clock::now();
  const auto later = call("script.evaluate", milliseconds(30000));
  BOOST_TEST(later.status() == dropped.status());
  BOOST_TEST(MillisSince(start) < 1000);
  BOOST_TEST(server.received().size() == 2u);
  BOOST_TEST(call.sent == 2);  // the dropped command was sent; the later one was not
}

BOOST_AUTO_TEST_CASE(message_at_the_limit_is_accepted) {
  FakeBidiServer server;
  server.OnCommand("script.evaluate").ReplyLarge(1000);
  ConnectionOptions options;
  options.max_message_bytes = 1000;
  auto connection = MustConnect(server, options);
  Caller call{*connection};

  const auto reply = call("script.evaluate");
  BOOST_REQUIRE_MESSAGE(reply.ok(), reply.status().ToString());
  // 1000 bytes minus {"type":"success","id":1,"result":{"value":""}}.
  BOOST_TEST(reply->result.value().at("value").as_string().size() == 1000u - 47u);
}

BOOST_AUTO_TEST_CASE(oversized_message_is_resource_exhausted_and_closes) {
  FakeBidiServer server;
  server.OnCommand("script.evaluate").ReplyLarge(1001);
  ConnectionOptions options;
  options.max_message_bytes = 1000;
  auto connection = MustConnect(server, options);
  Caller call{*connection};

  const auto reply = call("script.evaluate");
  BOOST_TEST(reply.status().code() == absl::StatusCode::kResourceExhausted);
  BOOST_TEST(Message(reply.status()) ==
             "message from the browser exceeds 1000 bytes (max_message_bytes)");
  BOOST_TEST(!connection->is_open());
  const auto later = call("script.evaluate");
  BOOST_TEST(later.status().code() == absl::StatusCode::kUnavailable);
  BOOST_TEST(Message(later.status()) ==
             "browser disconnected: the connection was closed after a message exceeded 1000 "
             "bytes (max_message_bytes)");
}

BOOST_AUTO_TEST_CASE(large_reply_within_the_default_limit_arrives_whole) {
  FakeBidiServer server;
  server.OnCommand("script.evaluate").ReplyLarge(5u << 20);
  auto connection = MustConnect(server);
  Caller call{*connection};

  const auto reply = call("script.evaluate");
  BOOST_REQUIRE_MESSAGE(reply.ok(), reply.status().ToString());
  BOOST_TEST(reply->result.value().at("value").as_string().size() == (5u << 20) - 47u);
}

BOOST_AUTO_TEST_CASE(error_without_id_answers_the_waiting_call) {
  FakeBidiServer server;
  server.OnCommand("script.evaluate")
      .SendRaw(R"({"type":"error","id":null,"error":"invalid argument","message":"bad id"})");
  auto connection = MustConnect(server);
  Caller call{*connection};

  const auto reply = call("script.evaluate");
  BOOST_REQUIRE(reply.ok());
  BOOST_TEST(!reply->ok);
  BOOST_TEST(reply->error == "invalid argument");
  BOOST_TEST(reply->message == "bad id");
}

BOOST_AUTO_TEST_CASE(message_that_is_not_bidi_fails_the_call_and_keeps_the_connection) {
  FakeBidiServer server;
  server.OnCommandNumber(1).SendRaw("not json");
  auto connection = MustConnect(server);
  Caller call{*connection};

  const auto reply = call("script.evaluate");
  BOOST_TEST(reply.status().code() == absl::StatusCode::kInternal);
  BOOST_TEST(Message(reply.status()) ==
             "the browser sent a message that is not WebDriver BiDi: BiDi message is not valid "
             "JSON: syntax error");
  BOOST_TEST(connection->is_open());
  BOOST_TEST(call("script.evaluate").ok());
}

BOOST_AUTO_TEST_CASE(close_ends_the_connection_gracefully) {
  FakeBidiServer server;
  auto connection = MustConnect(server);
  Caller call{*connection};
  BOOST_REQUIRE(call("session.end").ok());

  const auto start = Clock::now();
  connection->Close(milliseconds(5000));
  BOOST_TEST(MillisSince(start) < 1000);
  BOOST_TEST(!connection->is_open());
  const auto later = call("session.status");
  BOOST_TEST(later.status().code() == absl::StatusCode::kUnavailable);
  BOOST_TEST(Message(later.status()) == "connection is closed");
  connection->Close(milliseconds(5000));  // idempotent
}

BOOST_AUTO_TEST_CASE(close_is_bounded_when_the_peer_does_not_answer) {
  FakeBidiServer server;
  // While it waits, the server reads nothing, so our close frame stays unanswered.
  server.OnCommandNumber(1).DelayReply(milliseconds(20000));
  std::vector<std::string> log;
  auto connection = MustConnect(server, LoggingTo(log));
  Caller call{*connection};
  BOOST_TEST(call("script.evaluate", milliseconds(20)).status().code() ==
             absl::StatusCode::kDeadlineExceeded);

  const auto start = Clock::now();
  connection->Close(milliseconds(200));
  const long long elapsed = MillisSince(start);
  BOOST_TEST(elapsed >= 200);
  BOOST_TEST(elapsed < 5000);
  BOOST_TEST(!connection->is_open());
  BOOST_TEST(log == std::vector<std::string>{"2 WebSocket close handshake with " + server.url() +
                                             " timed out after 200 ms; closing the socket"},
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(close_yields_to_a_cancel_when_the_peer_does_not_answer) {
  const long long waited = testing::FastestLatencyMs(100, [] {
    FakeBidiServer server;
    server.OnCommandNumber(1).DelayReply(milliseconds(20000));
    std::vector<std::string> log;
    std::atomic<bool> cancel{false};
    ConnectionOptions options = LoggingTo(log);
    options.cancel = &cancel;
    auto connection = MustConnect(server, options);
    Caller call{*connection};
    BOOST_TEST(call("script.evaluate", milliseconds(20)).status().code() ==
               absl::StatusCode::kDeadlineExceeded);

    Clock::time_point cancelled;
    std::thread canceller([&] {
      std::this_thread::sleep_for(milliseconds(50));
      cancelled = Clock::now();
      cancel.store(true);
    });
    connection->Close(milliseconds(10000));
    const Clock::time_point returned = Clock::now();
    canceller.join();
    BOOST_TEST(!connection->is_open());
    BOOST_TEST(log == std::vector<std::string>{"2 WebSocket close with " + server.url() +
                                               " cancelled; closing the socket"},
               boost::test_tools::per_element());
    return testing::MillisBetween(cancelled, returned);
  });
  BOOST_TEST(waited < 100, "returned " << waited << " ms after the cancel");
}

BOOST_AUTO_TEST_CASE(connect_to_a_closed_port_is_unavailable_naming_the_address) {
  std::string url;
  {
    FakeBidiServer server;
    url = server.url();
    server.Stop();
  }
  const auto connection = BidiConnection::Connect(url, {});
  BOOST_TEST(connection.status().code() == absl::StatusCode::kUnavailable);
  BOOST_TEST(
      Message(connection.status()).rfind("cannot connect to " + url + ": Connection refused", 0) ==
          0u,
      Message(connection.status()));
}

BOOST_AUTO_TEST_CASE(handshake_that_never_completes_hits_connect_timeout) {
  FakeBidiServer server;
  server.SetHandshakeFault(HandshakeFault::kStall);
  ConnectionOptions options;
  options.connect_timeout = milliseconds(200);

  const auto start = Clock::now();
  const auto connection = BidiConnection::Connect(server.url(), options);
  const long long elapsed = MillisSince(start);
  BOOST_TEST(connection.status().code() == absl::StatusCode::kDeadlineExceeded);
  BOOST_TEST(Message(connection.status()) == "the WebSocket handshake for " + server.url() +
                                                 " took longer than connect_timeout (200 ms)");
  BOOST_TEST(elapsed >= 200);
  BOOST_TEST(elapsed < 5000);
}

// A cancel ends a connect within 100 ms, at either step a peer can hang: the TCP connect (a
// full accept queue drops the SYN) or the WebSocket upgrade (accepted, never answered).
void ExpectConnectEndsWithin100MsOfACancel(SilentPort::Kind kind) {
  const long long waited = testing::FastestLatencyMs(100, [kind] {
    SilentPort peer(kind);
    std::atomic<bool> cancel{false};
    ConnectionOptions options;
    options.connect_timeout = milliseconds(30000);
    options.cancel = &cancel;
    Clock::time_point cancelled;
    std::thread canceller([&] {
      std::this_thread::sleep_for(milliseconds(300));
      cancelled = Clock::now();
      cancel.store(true);
    });
    const auto connection = BidiConnection::Connect(peer.ws_url(), options);
    const Clock::time_point returned = Clock::now();
    canceller.join();
    BOOST_TEST(connection.status().code() == absl::StatusCode::kCancelled);
    BOOST_TEST((TransportErrorOf(connection.status()) == TransportError::kCancelled));
    const std::string step =
        kind == SilentPort::Kind::kNeverAccepts ? "connecting" : "the WebSocket handshake";
    BOOST_TEST(Message(connection.status()) ==
               "cancelled during " + step + " for " + peer.ws_url());
    return testing::MillisBetween(cancelled, returned);
  });
  BOOST_TEST(waited < 100, "returned " << waited << " ms after the cancel");
}

BOOST_AUTO_TEST_CASE(connect_to_a_port_that_never_accepts_ends_within_100_ms_of_a_cancel) {
  ExpectConnectEndsWithin100MsOfACancel(SilentPort::Kind::kNeverAccepts);
}

BOOST_AUTO_TEST_CASE(upgrade_that_is_never_answered_ends_within_100_ms_of_a_cancel) {
  ExpectConnectEndsWithin100MsOfACancel(SilentPort::Kind::kAcceptsNeverAnswers);
}

BOOST_AUTO_TEST_CASE(refused_handshake_is_unavailable) {
  FakeBidiServer server;
  server.SetHandshakeFault(HandshakeFault::kReject);
  const auto connection = BidiConnection::Connect(server.url(), {});
  BOOST_TEST(connection.status().code() == absl::StatusCode::kUnavailable);
  const std::string message = Message(connection.status());
  BOOST_TEST(message.rfind("WebSocket handshake with " + server.url() + " failed: ", 0) == 0u,
             message);
  BOOST_TEST(message.substr(message.size() - 21) == " (HTTP 404 Not Found)", message);
  BOOST_TEST(server.paths() == std::vector<std::string>{"/session"},
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(tls_url_is_refused_before_any_traffic) {
  const auto connection = BidiConnection::Connect("wss://127.0.0.1:9/session", {});
  BOOST_TEST(connection.status().code() == absl::StatusCode::kInvalidArgument);
  BOOST_TEST(Message(connection.status()) ==
             "invalid BiDi WebSocket URL \"wss://127.0.0.1:9/session\": wss:// is not supported "
             "(no TLS); use the ws:// endpoint");
}

// One way for the peer to fail a command, for the fail-at-step-N loop.
struct CommandFault {
  const char* name;
  void (*script)(FakeBidiServer::Script script);
  absl::StatusCode at_step;  // what the command at step N gets
  bool closes;               // later commands fail fast with kUnavailable
};

const CommandFault kCommandFaults[] = {
    {"drop", [](FakeBidiServer::Script s) { s.Drop(); }, absl::StatusCode::kUnavailable, true},
    {"drop mid-message", [](FakeBidiServer::Script s) { s.DropMidMessage(); },
     absl::StatusCode::kUnavailable, true},
    {"event then drop", [](FakeBidiServer::Script s) { s.EmitEvent("log.entryAdded").Drop(); },
     absl::StatusCode::kUnavailable, true},
    {"oversized reply", [](FakeBidiServer::Script s) { s.ReplyLarge(4096); },
     absl::StatusCode::kResourceExhausted, true},
    {"stall", [](FakeBidiServer::Script s) { s.Stall(); }, absl::StatusCode::kDeadlineExceeded,
     false},
    {"not bidi", [](FakeBidiServer::Script s) { s.SendRaw("{\"type\":\"pong\"}"); },
     absl::StatusCode::kInternal, false},
    // The reply arrives, then the connection is gone before the next command is written.
    {"reply then drop", [](FakeBidiServer::Script s) { s.Reply().Drop(); }, absl::StatusCode::kOk,
     true},
};

BOOST_AUTO_TEST_CASE(every_command_fault_at_every_step_yields_its_error_and_no_hang) {
  const std::vector<std::string> steps = {"session.new", "browsingContext.getTree",
                                          "script.evaluate", "session.end"};
  for (const CommandFault& fault : kCommandFaults) {
    for (std::size_t n = 1; n <= steps.size(); ++n) {
      BOOST_TEST_CONTEXT("fault " << fault.name << " at step " << n) {
        FakeBidiServer server;
        fault.script(server.OnCommandNumber(n));
        ConnectionOptions options;
        options.max_message_bytes = 1024;
        auto connection = MustConnect(server, options);
        Caller call{*connection};
        bool closed = false;
        for (std::size_t i = 1; i <= steps.size(); ++i) {
          const auto start = Clock::now();
          const auto reply = call(steps[i - 1], milliseconds(200));
          BOOST_TEST(MillisSince(start) < 5000);
          if (i < n) {
            BOOST_TEST(reply.ok(), reply.status());
          } else if (i == n) {
            BOOST_TEST(reply.status().code() == fault.at_step, reply.status());
            closed = fault.closes;
          } else if (closed) {
            BOOST_TEST(reply.status().code() == absl::StatusCode::kUnavailable, reply.status());
            BOOST_TEST(Message(reply.status()).rfind("browser disconnected: ", 0) == 0u,
                       reply.status());
          } else {
            BOOST_TEST(reply.ok(), reply.status());
          }
        }
        // A drop after the last reply shows too, with no later read or write: is_open() asks
        // the kernel (the peer's FIN may still be on its way).
        const auto give_up = Clock::now() + kGenerous;
        while (fault.closes && connection->is_open() && Clock::now() < give_up) {
          std::this_thread::sleep_for(milliseconds(5));
        }
        BOOST_TEST(connection->is_open() == !fault.closes);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(every_handshake_fault_yields_its_error) {
  const std::pair<HandshakeFault, absl::StatusCode> faults[] = {
      {HandshakeFault::kStall, absl::StatusCode::kDeadlineExceeded},
      {HandshakeFault::kDrop, absl::StatusCode::kUnavailable},
      {HandshakeFault::kReject, absl::StatusCode::kUnavailable},
  };
  for (const auto& [fault, code] : faults) {
    BOOST_TEST_CONTEXT("handshake fault " << static_cast<int>(fault)) {
      FakeBidiServer server;
      server.SetHandshakeFault(fault);
      ConnectionOptions options;
      options.connect_timeout = milliseconds(300);
      const auto start = Clock::now();
      const auto connection = BidiConnection::Connect(server.url(), options);
      BOOST_TEST(connection.status().code() == code, connection.status());
      BOOST_TEST(MillisSince(start) < 5000);
      BOOST_TEST(server.connections() == 1u);
    }
  }
}

BOOST_AUTO_TEST_CASE(works_without_quick_ack) {
  FakeBidiServer server;
  server.OnCommand("script.evaluate").ReplyLarge(200000);
  ConnectionOptions options;
  options.quick_ack = false;
  auto connection = MustConnect(server, options);
  Caller call{*connection};
  const auto reply = call("script.evaluate");
  BOOST_REQUIRE_MESSAGE(reply.ok(), reply.status().ToString());
  BOOST_TEST(reply->result.value().at("value").as_string().size() == 200000u - 47u);
}

BOOST_AUTO_TEST_SUITE_END()

// Calls of different agents in one connection at once (ConnectionOptions::baton).
BOOST_AUTO_TEST_SUITE(bidi_connection_calls_at_once)

// A connection shared by several calls, each on a thread of its own holding the baton while it
// runs, as the tool's calls do; events name their agent in params.agent.
struct SharedConnection {
  FakeBidiServer server;
  SessionBaton baton;
  std::unique_ptr<BidiConnection> connection;

  void Open() {
    ConnectionOptions options;
    options.baton = &baton;
    options.event_agent = [](const boost::json::value& event) {
      const boost::json::value* agent = event.at("params").as_object().if_contains("agent");
      return agent != nullptr ? std::string(agent->as_string()) : std::string();
    };
    connection = MustConnect(server, options);
  }
};

// One agent's call on its own thread: its reply, and the events its sink got.
struct AgentCall {
  CallLane lane;
  std::vector<std::string> events;
  absl::StatusOr<BidiReply> reply = absl::UnknownError("not run");
  std::thread thread;

  AgentCall(SharedConnection& shared, std::string agent, std::string method) {
    lane.agent = std::move(agent);
    lane.baton = &shared.baton;
    thread = std::thread([this, &shared, method] {
      const CallLane::Scope scope(&lane);
      SessionBaton::Holder holder;
      const SessionBaton::Hold hold(shared.baton, &holder);
      reply = shared.connection->Call(method, {}, kGenerous, [&](boost::json::value event) {
        events.push_back(boost::json::serialize(event));
      });
    });
  }
  void Join() { thread.join(); }
};

BOOST_AUTO_TEST_CASE(a_call_waiting_for_its_reply_lets_another_agents_call_run_and_read_for_it) {
  SharedConnection shared;
  // The first command is answered only after the second, by the reply the second brings.
  shared.server.OnCommand("script.evaluate").Stall();
  shared.server.OnCommand("session.status")
      .EmitEvent("log.entryAdded", R"({"agent":"a","text":"for a"})")
      .EmitEvent("log.entryAdded", R"({"agent":"b","text":"for b"})")
      .EmitEvent("log.entryAdded", R"({"agent":"c","text":"nobody waits for c"})")
      .Reply(R"({"second":true})")
      .SendRaw(R"({"type":"success","id":1,"result":{"first":true}})");
  shared.Open();

  AgentCall a(shared, "a", "script.evaluate");
  BOOST_REQUIRE(shared.server.WaitForCommands(1, kGenerous));
  AgentCall b(shared, "b", "session.status");
  a.Join();
  b.Join();

  BOOST_REQUIRE_MESSAGE(a.reply.ok(), a.reply.status().ToString());
  BOOST_TEST(a.reply->result.text() == R"({"first":true})");
  BOOST_REQUIRE_MESSAGE(b.reply.ok(), b.reply.status().ToString());
  BOOST_TEST(b.reply->result.text() == R"({"second":true})");
  // Each call's sink got its own agent's events; one whose agent has no call goes to the
  // call that read it (whichever that was), once.
  const std::string for_a =
      R"({"type":"event","method":"log.entryAdded","params":{"agent":"a","text":"for a"}})";
  const std::string for_b =
      R"({"type":"event","method":"log.entryAdded","params":{"agent":"b","text":"for b"}})";
  const std::string for_c =
      R"({"type":"event","method":"log.entryAdded","params":{"agent":"c","text":"nobody waits for c"}})";
  std::vector<std::string> a_own = a.events;
  std::vector<std::string> b_own = b.events;
  std::erase(a_own, for_c);
  std::erase(b_own, for_c);
  BOOST_TEST(a_own == std::vector<std::string>{for_a}, boost::test_tools::per_element());
  BOOST_TEST(b_own == std::vector<std::string>{for_b}, boost::test_tools::per_element());
  BOOST_TEST(a.events.size() + b.events.size() == 3u);
  BOOST_TEST(shared.server.received() ==
                 (std::vector<std::string>{R"({"id":1,"method":"script.evaluate","params":{}})",
                                           R"({"id":2,"method":"session.status","params":{}})"}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(an_interrupt_of_one_call_ends_its_wait_and_no_other) {
  SharedConnection shared;
  shared.server.OnCommand("script.evaluate").Stall();
  shared.server.OnCommand("session.status")
      .DelayReply(milliseconds(2000))
      .Reply(R"({"second":true})");
  shared.Open();

  AgentCall a(shared, "a", "script.evaluate");
  BOOST_REQUIRE(shared.server.WaitForCommands(1, kGenerous));
  AgentCall b(shared, "b", "session.status");
  BOOST_REQUIRE(shared.server.WaitForCommands(2, kGenerous));
  const auto start = Clock::now();
  a.lane.Interrupt();
  a.Join();
  const long long a_ms = MillisSince(start);
  b.Join();

  BOOST_TEST(a.reply.status().code() == absl::StatusCode::kCancelled);
  BOOST_TEST(Message(a.reply.status()) ==
             "interrupted while waiting for the reply to script.evaluate (id 1)");
  BOOST_TEST(a_ms < 1000);  // before b's reply: it did not wait for the other call
  BOOST_REQUIRE_MESSAGE(b.reply.ok(), b.reply.status().ToString());
  BOOST_TEST(b.reply->result.text() == R"({"second":true})");
  BOOST_TEST(shared.connection->is_open());
}

BOOST_AUTO_TEST_CASE(a_lost_browser_ends_every_call_waiting_in_the_connection) {
  SharedConnection shared;
  shared.server.OnCommand("script.evaluate").Stall();
  shared.server.OnCommand("session.status").Drop();
  shared.Open();

  AgentCall a(shared, "a", "script.evaluate");
  BOOST_REQUIRE(shared.server.WaitForCommands(1, kGenerous));
  const auto start = Clock::now();
  AgentCall b(shared, "b", "session.status");
  a.Join();
  b.Join();

  BOOST_TEST(MillisSince(start) < 2000);
  for (const AgentCall* call : {&a, &b}) {
    BOOST_TEST(call->reply.status().code() == absl::StatusCode::kUnavailable);
    BOOST_TEST(Message(call->reply.status()).rfind("browser disconnected: ", 0) == 0u,
               Message(call->reply.status()));
  }
  BOOST_TEST(!shared.connection->is_open());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
