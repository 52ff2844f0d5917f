// BrowserSession's connect and webdriver modes against the fake BiDi peer and a scripted HTTP
// peer: what it sends, how it reports a refused or lost session, and how it recovers.
#include "net/browser_session.h"

#include <algorithm>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <iterator>
#include <mutex>
#include <thread>

#include "core/string_view_compat.h"
#include "support/fake_bidi_server.h"
#include "support/latency.h"
#include "support/test_http_server.h"

namespace firefox_bidi {
namespace {

using std::chrono::milliseconds;
using testing::FakeBidiServer;
using testing::TestHttpReply;
using testing::TestHttpRequest;
using testing::TestHttpServer;

constexpr milliseconds kTimeout{5000};

void NoEvents(boost::json::value) {}

std::string Message(const absl::Status& status) { return std::string(ToStd(status.message())); }

// "method params" of every command the fake received.
std::vector<std::string> Commands(const FakeBidiServer& server) {
  std::vector<std::string> out;
  for (const std::string& text : server.received()) {
    const boost::json::value doc = boost::json::parse(text);
    out.push_back(std::string(doc.at("method").as_string()) + " " +
                  boost::json::serialize(doc.at("params")));
  }
  return out;
}

// session.new asks Firefox to leave user prompts open for the model (beforeunload aside).
const std::string kSessionNew =
    R"(session.new {"capabilities":{"alwaysMatch":{"unhandledPromptBehavior":)"
    R"({"default":"ignore","beforeUnload":"ignore"}}}})";

InstanceConfig ConnectConfig(const FakeBidiServer& server) {
  InstanceConfig config;
  config.connect = server.url();
  config.connect_timeout = kTimeout;
  return config;
}

// A WebDriver endpoint's answer to POST /session: session "s-1", BiDi at `bidi`.
TestHttpReply NewSessionReply(const FakeBidiServer& bidi) {
  return TestHttpReply::Json(
      200,
      boost::json::serialize(boost::json::object{
          {"value",
           {{"sessionId", "s-1"}, {"capabilities", {{"webSocketUrl", bidi.url() + "/s-1"}}}}}}));
}

// A session in webdriver mode against `http`, ready.
std::unique_ptr<BrowserSession> WebDriverSession(const TestHttpServer& http) {
  InstanceConfig config;
  config.webdriver = http.url();
  auto session = BrowserSession::Create(config, nullptr);
  BOOST_REQUIRE(session->EnsureReady().ok());
  return session;
}

BOOST_AUTO_TEST_SUITE(browser_session_modes)

BOOST_AUTO_TEST_CASE(connect_mode_sends_session_new_then_session_end_on_shutdown) {
  FakeBidiServer server;
  auto session = BrowserSession::Create(ConnectConfig(server), nullptr);
  BOOST_REQUIRE(session->EnsureReady().ok());
  BOOST_REQUIRE(session->EnsureReady().ok());  // still ready: no second session
  absl::StatusOr<BidiReply> reply =
      session->Call("browsingContext.getTree", {}, kTimeout, NoEvents);
  BOOST_REQUIRE(reply.ok());
  BOOST_TEST(reply->ok);
  BOOST_TEST(!session->launched_browser().has_value());
  session->Shutdown();
  BOOST_TEST(Commands(server) == (std::vector<std::string>{
                                     kSessionNew, "browsingContext.getTree {}", "session.end {}"}),
             boost::test_tools::per_element());
  BOOST_TEST(server.paths() == std::vector<std::string>{"/session"},
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(taken_browser_is_failed_precondition_with_what_to_do) {
  FakeBidiServer server;
  server.OnCommand("session.new").Error("session not created", "Maximum number of active sessions");
  auto session = BrowserSession::Create(ConnectConfig(server), nullptr);
  const absl::Status status = session->EnsureReady();
  BOOST_TEST(status.code() == absl::StatusCode::kFailedPrecondition);
  BOOST_TEST(Message(status) ==
             "session.new refused (Maximum number of active sessions): this Firefox already has a "
             "BiDi session (Firefox allows one, and it survives its socket); end it or restart "
             "that Firefox, or let the tool launch its own browser");
  absl::StatusOr<BidiReply> reply =
      session->Call("browsingContext.getTree", {}, kTimeout, NoEvents);
  BOOST_TEST(reply.status().code() == absl::StatusCode::kFailedPrecondition);
  BOOST_TEST(Message(reply.status()) ==
             "no browser session (EnsureReady was not called or failed)");
}

BOOST_AUTO_TEST_CASE(other_session_new_error_is_unavailable_with_code_and_message) {
  FakeBidiServer server;
  server.OnCommand("session.new").Error("unknown error", "boom");
  auto session = BrowserSession::Create(ConnectConfig(server), nullptr);
  const absl::Status status = session->EnsureReady();
  BOOST_TEST(status.code() == absl::StatusCode::kUnavailable);
  BOOST_TEST(Message(status) == "session.new failed: unknown error: boom");
}

BOOST_AUTO_TEST_CASE(lost_connection_fails_the_call_and_next_ensure_ready_reconnects) {
  FakeBidiServer server;
  server.OnCommandNumber(2).Drop();
  std::vector<std::string> logs;
  auto session = BrowserSession::Create(
      ConnectConfig(server), [&logs](int, std::string_view line) { logs.emplace_back(line); });
  BOOST_REQUIRE(session->EnsureReady().ok());
  absl::StatusOr<BidiReply> lost = session->Call("browsingContext.getTree", {}, kTimeout, NoEvents);
  BOOST_TEST(lost.status().code() == absl::StatusCode::kUnavailable);
  const std::string message = Message(lost.status());
  BOOST_TEST(message.rfind("browser disconnected: ", 0) == 0u, message);
  BOOST_TEST(message.find("browser disconnected: ", 1) == std::string::npos, message);
  BOOST_TEST(message.size() > std::string("; the next call reconnects").size());
  BOOST_TEST(message.substr(message.size() - 26) == "; the next call reconnects");
  // Until then calls are refused, not sent on the dead socket.
  absl::StatusOr<BidiReply> refused =
      session->Call("browsingContext.getTree", {}, kTimeout, NoEvents);
  BOOST_TEST(refused.status().code() == absl::StatusCode::kFailedPrecondition);
  BOOST_TEST(Message(refused.status()) ==
             "the browser disconnected; EnsureReady must start a new session first");

  BOOST_REQUIRE(session->EnsureReady().ok());
  BOOST_TEST(server.connections() == 2u);
  absl::StatusOr<BidiReply> reply =
      session->Call("browsingContext.getTree", {}, kTimeout, NoEvents);
  BOOST_REQUIRE(reply.ok());
  BOOST_TEST(reply->ok);
  BOOST_TEST(
      Commands(server) == (std::vector<std::string>{kSessionNew, "browsingContext.getTree {}",
                                                    kSessionNew, "browsingContext.getTree {}"}),
      boost::test_tools::per_element());
  BOOST_TEST(std::count(logs.begin(), logs.end(), message) == 1);
  BOOST_TEST(std::count(logs.begin(), logs.end(), "reconnecting") == 1);
}

BOOST_AUTO_TEST_CASE(interrupt_is_sticky_until_cleared) {
  FakeBidiServer server;
  auto session = BrowserSession::Create(ConnectConfig(server), nullptr);
  BOOST_REQUIRE(session->EnsureReady().ok());
  session->Interrupt();
  BOOST_TEST(session->Call("browsingContext.getTree", {}, kTimeout, NoEvents).status().code() ==
             absl::StatusCode::kCancelled);
  session->ClearInterrupt();
  absl::StatusOr<BidiReply> reply =
      session->Call("browsingContext.getTree", {}, kTimeout, NoEvents);
  BOOST_REQUIRE(reply.ok());
  BOOST_TEST(reply->ok);
}

BOOST_AUTO_TEST_CASE(unreachable_endpoint_is_unavailable) {
  std::string url;
  {
    FakeBidiServer server;
    url = server.url();
  }
  InstanceConfig config;
  config.connect = url;
  auto session = BrowserSession::Create(config, nullptr);
  BOOST_TEST(session->EnsureReady().code() == absl::StatusCode::kUnavailable);
}

BOOST_AUTO_TEST_CASE(webdriver_mode_connects_to_the_returned_url_and_deletes_the_session) {
  FakeBidiServer bidi;
  auto http = TestHttpServer::Start([&bidi](const TestHttpRequest& request) {
    if (request.method == "POST") {
      return NewSessionReply(bidi);
    }
    return TestHttpReply::Json(200, R"({"value":null})");
  });
  BOOST_REQUIRE(http.ok());
  auto session = WebDriverSession(**http);
  BOOST_REQUIRE(session->Call("browsingContext.getTree", {}, kTimeout, NoEvents).ok());
  session->Shutdown();

  // No session.new or session.end: the WebDriver endpoint owns the session.
  BOOST_TEST(Commands(bidi) == std::vector<std::string>{"browsingContext.getTree {}"},
             boost::test_tools::per_element());
  BOOST_TEST(bidi.paths() == std::vector<std::string>{"/session/s-1"},
             boost::test_tools::per_element());
  const std::vector<TestHttpRequest> requests = (*http)->requests();
  BOOST_REQUIRE_EQUAL(requests.size(), 2u);
  BOOST_TEST(requests[0].method + " " + requests[0].target == "POST /session");
  BOOST_TEST(requests[0].body == R"({"capabilities":{"alwaysMatch":{"browserName":"firefox",)"
                                 R"("webSocketUrl":true,)"
                                 R"("unhandledPromptBehavior":"ignore",)"
                                 R"("moz:firefoxOptions":{"args":["-headless"]}}}})");
  BOOST_TEST(requests[1].method + " " + requests[1].target == "DELETE /session/s-1");
}

BOOST_AUTO_TEST_CASE(webdriver_refusal_is_reported_with_the_http_status) {
  auto http = TestHttpServer::Start([](const TestHttpRequest&) {
    return TestHttpReply::Json(500,
                               R"({"value":{"error":"session not created","message":"no slot"}})");
  });
  BOOST_REQUIRE(http.ok());
  InstanceConfig config;
  config.webdriver = (*http)->url();
  auto session = BrowserSession::Create(config, nullptr);
  const absl::Status status = session->EnsureReady();
  BOOST_TEST(status.code() == absl::StatusCode::kUnavailable);
  BOOST_TEST(Message(status) == "WebDriver POST " + (*http)->url() +
                                    "/session answered HTTP 500: session not created: no slot");
}

// A Grid keeps the relayed socket open when its node dies; a reply that does not come makes
// the session ask the endpoint whether the session still exists.
BOOST_AUTO_TEST_CASE(webdriver_timeout_asks_the_endpoint_and_a_gone_session_is_disconnected) {
  FakeBidiServer bidi;
  bidi.OnCommand("script.evaluate").Stall();
  bool gone = false;
  auto http = TestHttpServer::Start([&bidi, &gone](const TestHttpRequest& request) {
    if (request.method == "POST") {
      return NewSessionReply(bidi);
    }
    if (request.method == "GET" && gone) {
      return TestHttpReply::Json(
          500, R"({"value":{"error":"unknown error","message":"Unable to execute request for )"
               R"(an existing session: Connection error\nmore lines","stacktrace":"x"}})");
    }
    return TestHttpReply::Json(200, R"({"value":null})");
  });
  BOOST_REQUIRE(http.ok());
  auto session = WebDriverSession(**http);

  // The session still exists: the timeout stays a timeout, the session stays usable.
  absl::StatusOr<BidiReply> reply =
      session->Call("script.evaluate", {}, milliseconds(200), NoEvents);
  BOOST_TEST(reply.status().code() == absl::StatusCode::kDeadlineExceeded);
  BOOST_TEST(session->Call("browsingContext.getTree", {}, kTimeout, NoEvents).ok());

  // The endpoint says the session is gone: browser disconnected, and the next EnsureReady
  // deletes it and creates another.
  gone = true;
  reply = session->Call("script.evaluate", {}, milliseconds(200), NoEvents);
  BOOST_TEST(reply.status().code() == absl::StatusCode::kUnavailable);
  BOOST_TEST(Message(reply.status()) ==
             "browser disconnected: no reply within 200 ms and WebDriver GET " + (*http)->url() +
                 "/session/s-1/timeouts answered HTTP 500 (the session is gone): unknown error: "
                 "Unable to execute request for an existing session: Connection error; the "
                 "next call reconnects");
  gone = false;
  BOOST_REQUIRE(session->EnsureReady().ok());
  session->Shutdown();
  BOOST_TEST((*http)->request_lines() ==
                 (std::vector<std::string>{"POST /session", "GET /session/s-1/timeouts",
                                           "GET /session/s-1/timeouts", "DELETE /session/s-1",
                                           "POST /session", "DELETE /session/s-1"}),
             boost::test_tools::per_element());
}

// The socket drops, so the session is released at once and DELETE /session/<id> is sent; the
// endpoint never answers it. A cancel ends that wait within 100 ms, and the DELETE is sent
// again, bounded by 2 s, when the instance ends.
BOOST_AUTO_TEST_CASE(a_hung_webdriver_delete_yields_to_a_cancel_and_is_sent_again_at_shutdown) {
  const long long fastest = testing::FastestLatencyMs(100, [] {
    FakeBidiServer bidi;
    bidi.OnCommand("script.evaluate").Drop();
    auto http = TestHttpServer::Start([&bidi](const TestHttpRequest& request) {
      if (request.method == "POST") return NewSessionReply(bidi);
      if (request.method == "DELETE") return TestHttpReply::Stall();
      return TestHttpReply::Json(200, R"({"value":null})");
    });
    BOOST_REQUIRE(http.ok());
    InstanceConfig config;
    config.webdriver = (*http)->url();
    std::mutex logs_mu;
    std::vector<std::string> logs;
    auto session = BrowserSession::Create(config, [&](int, std::string_view line) {
      std::lock_guard lock(logs_mu);
      logs.emplace_back(line);
    });
    BOOST_REQUIRE(session->EnsureReady().ok());

    std::chrono::steady_clock::time_point cancelled;
    std::thread canceller([&] {
      const auto give_up = std::chrono::steady_clock::now() + kTimeout;
      while ((*http)->request_lines().size() < 2 && std::chrono::steady_clock::now() < give_up) {
        std::this_thread::sleep_for(milliseconds(5));
      }
      std::this_thread::sleep_for(milliseconds(100));  // the DELETE is waiting for its answer
      cancelled = std::chrono::steady_clock::now();
      session->Interrupt();
    });
    absl::StatusOr<BidiReply> lost = session->Call("script.evaluate", {}, kTimeout, NoEvents);
    const auto returned = std::chrono::steady_clock::now();
    canceller.join();
    const long long waited = std::chrono::duration_cast<milliseconds>(returned - cancelled).count();
    BOOST_TEST(lost.status().code() == absl::StatusCode::kUnavailable);
    const std::string message = Message(lost.status());
    BOOST_TEST(message.rfind("browser disconnected: ", 0) == 0u, message);
    BOOST_TEST(message.size() > std::string("; the next call reconnects").size());
    BOOST_TEST(message.substr(message.size() - 26) == "; the next call reconnects");
    BOOST_TEST((*http)->request_lines() ==
                   (std::vector<std::string>{"POST /session", "DELETE /session/s-1"}),
               boost::test_tools::per_element());

    // The instance ends (nothing cancels that): the owed DELETE is sent again, for 2 s at most.
    const auto shutdown = std::chrono::steady_clock::now();
    session->Shutdown();
    const long long shutdown_ms =
        std::chrono::duration_cast<milliseconds>(std::chrono::steady_clock::now() - shutdown)
            .count();
    BOOST_TEST(shutdown_ms >= 2000);
    BOOST_TEST(shutdown_ms < 3000);
    BOOST_TEST((*http)->request_lines() ==
                   (std::vector<std::string>{"POST /session", "DELETE /session/s-1",
                                             "DELETE /session/s-1"}),
               boost::test_tools::per_element());
    std::lock_guard lock(logs_mu);
    std::vector<std::string> deletes;
    std::copy_if(logs.begin(), logs.end(), std::back_inserter(deletes),
                 [](const std::string& line) { return line.rfind("deleting", 0) == 0; });
    BOOST_TEST(
        deletes ==
            (std::vector<std::string>{
                "deleting the WebDriver session s-1 was cancelled; it is sent again when the "
                "next call starts or the instance ends",
                "deleting the WebDriver session: DELETE " + (*http)->url() +
                    "/session/s-1: no response within 2000 ms"}),
        boost::test_tools::per_element());
    return waited;
  });
  BOOST_TEST(fastest < 100, "returned " << fastest << " ms after the cancel");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
