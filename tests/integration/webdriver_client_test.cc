// The WebDriver HTTP client against a scripted HTTP peer on loopback.
#include "net/webdriver_client.h"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>

#include "core/string_view_compat.h"
#include "support/test_http_server.h"

namespace firefox_bidi {
namespace {

using std::chrono::milliseconds;
using testing::TestHttpReply;
using testing::TestHttpRequest;
using testing::TestHttpServer;

constexpr milliseconds kTimeout{5000};

std::unique_ptr<TestHttpServer> Serve(TestHttpReply reply) {
  auto server = TestHttpServer::Start([reply](const TestHttpRequest&) { return reply; });
  BOOST_REQUIRE(server.ok());
  return *std::move(server);
}

WebDriverClient ClientFor(const TestHttpServer& server, std::string_view path = "") {
  absl::StatusOr<WebDriverClient> client =
      WebDriverClient::Create(server.url() + std::string(path));
  BOOST_REQUIRE(client.ok());
  return *std::move(client);
}

std::string Message(const absl::Status& status) { return std::string(ToStd(status.message())); }

const boost::json::object kCaps{{"alwaysMatch", {{"webSocketUrl", true}}}};

BOOST_AUTO_TEST_SUITE(webdriver_client)

BOOST_AUTO_TEST_CASE(http_url_parses_host_port_and_path_prefix) {
  absl::StatusOr<HttpUrl> url = ParseHttpUrl("http://grid.local:4444/wd/hub/");
  BOOST_REQUIRE(url.ok());
  BOOST_TEST(url->host == "grid.local");
  BOOST_TEST(url->port == 4444);
  BOOST_TEST(url->path == "/wd/hub");
  url = ParseHttpUrl("http://[::1]");
  BOOST_REQUIRE(url.ok());
  BOOST_TEST(url->host == "::1");
  BOOST_TEST(url->port == 80);
  BOOST_TEST(url->path == "");
}

BOOST_AUTO_TEST_CASE(http_url_refuses_what_it_cannot_serve) {
  const std::pair<const char*, const char*> cases[] = {
      {"https://x:1",
       "\"https://x:1\" is not an http:// URL (https is not supported; use a local "
       "proxy)"},
      {"http://u:s3cret@x:1", "\"http://x:1\": user info is not supported"},
      {"http://x:1/a?token=s3cret", "\"http://x:1/a\": a query or fragment is not supported"},
      {"http://x:0", "\"http://x:0\": bad port \"0\""},
      {"http://x:99999", "\"http://x:99999\": bad port \"99999\""},
      {"http://x:", "\"http://x:\": bad port \"\""},
      {"http://:80", "\"http://:80\": no host"},
  };
  for (const auto& [text, message] : cases) {
    absl::StatusOr<HttpUrl> url = ParseHttpUrl(text);
    BOOST_TEST(url.status().code() == absl::StatusCode::kInvalidArgument, text);
    BOOST_TEST(Message(url.status()) == message);
  }
  BOOST_TEST(Message(WebDriverClient::Create("ws://x").status()) ==
             "webdriver: \"ws://x\" is not an http:// URL (https is not supported; use a local "
             "proxy)");
}

BOOST_AUTO_TEST_CASE(new_session_posts_capabilities_and_returns_the_websocket_url) {
  auto server = Serve(TestHttpReply::Json(
      200, R"({"value":{"sessionId":"abc-1","capabilities":{"browserName":"firefox",)"
           R"("webSocketUrl":"ws://127.0.0.1:9/session/abc-1"}}})"));
  absl::StatusOr<WebDriverSession> session =
      ClientFor(*server, "/wd/hub").NewSession(kCaps, kTimeout);
  BOOST_REQUIRE(session.ok());
  BOOST_TEST(session->session_id == "abc-1");
  BOOST_TEST(session->web_socket_url == "ws://127.0.0.1:9/session/abc-1");
  BOOST_TEST(boost::json::serialize(session->capabilities) ==
             R"({"browserName":"firefox","webSocketUrl":"ws://127.0.0.1:9/session/abc-1"})");
  const std::vector<TestHttpRequest> requests = server->requests();
  BOOST_REQUIRE(requests.size() == 1u);
  BOOST_TEST(requests[0].method == "POST");
  BOOST_TEST(requests[0].target == "/wd/hub/session");
  BOOST_TEST(requests[0].body == R"({"capabilities":{"alwaysMatch":{"webSocketUrl":true}}})");
}

BOOST_AUTO_TEST_CASE(delete_session_sends_delete_to_the_session_path) {
  auto server = Serve(TestHttpReply::Json(200, R"({"value":null})"));
  BOOST_TEST(ClientFor(*server).DeleteSession("abc-1", kTimeout).ok());
  const std::vector<TestHttpRequest> requests = server->requests();
  BOOST_REQUIRE(requests.size() == 1u);
  BOOST_TEST(requests[0].method == "DELETE");
  BOOST_TEST(requests[0].target == "/session/abc-1");
  BOOST_TEST(requests[0].body == "");
}

BOOST_AUTO_TEST_CASE(webdriver_error_reply_names_status_error_and_message) {
  auto server = Serve(TestHttpReply::Json(
      500,
      R"({"value":{"error":"session not created","message":"no free slot","stacktrace":""}})"));
  absl::StatusOr<WebDriverSession> session = ClientFor(*server).NewSession(kCaps, kTimeout);
  BOOST_TEST(session.status().code() == absl::StatusCode::kUnavailable);
  BOOST_TEST(Message(session.status()) ==
             "WebDriver POST " + server->url() +
                 "/session answered HTTP 500: session not created: no free slot");
}

BOOST_AUTO_TEST_CASE(non_json_error_body_is_quoted_as_an_excerpt) {
  auto server = Serve(TestHttpReply::Json(502, std::string(400, 'x')));
  absl::Status status = ClientFor(*server).DeleteSession("s", kTimeout);
  BOOST_TEST(status.code() == absl::StatusCode::kUnavailable);
  BOOST_TEST(Message(status) == "WebDriver DELETE " + server->url() +
                                    "/session/s answered HTTP 502: " + std::string(300, 'x') +
                                    "...");
}

BOOST_AUTO_TEST_CASE(session_without_websocket_url_is_refused_and_deleted) {
  auto server = TestHttpServer::Start([](const TestHttpRequest& request) {
    if (request.method == "POST") {
      return TestHttpReply::Json(200, R"({"value":{"sessionId":"s1","capabilities":{}}})");
    }
    return TestHttpReply::Json(200, R"({"value":null})");
  });
  BOOST_REQUIRE(server.ok());
  absl::StatusOr<WebDriverSession> session = ClientFor(**server).NewSession(kCaps, kTimeout);
  BOOST_TEST(session.status().code() == absl::StatusCode::kUnavailable);
  BOOST_TEST(Message(session.status()).find("has no capabilities.webSocketUrl") !=
             std::string::npos);
  const std::vector<TestHttpRequest> requests = (*server)->requests();
  BOOST_REQUIRE(requests.size() == 2u);
  BOOST_TEST(requests[1].method + " " + requests[1].target == "DELETE /session/s1");
}

BOOST_AUTO_TEST_CASE(reply_without_session_id_is_unavailable) {
  auto server = Serve(TestHttpReply::Json(200, R"({"value":{"capabilities":{}}})"));
  absl::StatusOr<WebDriverSession> session = ClientFor(*server).NewSession(kCaps, kTimeout);
  BOOST_TEST(session.status().code() == absl::StatusCode::kUnavailable);
  BOOST_TEST(Message(session.status()) ==
             "WebDriver POST " + server->url() +
                 "/session: the reply has no value.sessionId or value.capabilities: "
                 R"({"value":{"capabilities":{}}})");
}

BOOST_AUTO_TEST_CASE(success_body_that_is_not_json_is_unavailable) {
  auto server = Serve(TestHttpReply::Json(200, "<html>"));
  absl::StatusOr<WebDriverSession> session = ClientFor(*server).NewSession(kCaps, kTimeout);
  BOOST_TEST(session.status().code() == absl::StatusCode::kUnavailable);
  BOOST_TEST(Message(session.status()) == "WebDriver POST " + server->url() +
                                              "/session answered HTTP 200 with a body that is "
                                              "not JSON: <html>");
}

BOOST_AUTO_TEST_CASE(peer_that_closes_without_answering_is_unavailable) {
  auto server = Serve(TestHttpReply::Close());
  absl::Status status = ClientFor(*server).DeleteSession("s", kTimeout);
  BOOST_TEST(status.code() == absl::StatusCode::kUnavailable);
  BOOST_TEST(Message(status).rfind("DELETE http://127.0.0.1:", 0) == 0u);
  BOOST_TEST(Message(status).find("/session/s: cannot read the response: ") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(malformed_status_line_is_unavailable) {
  auto server = Serve(TestHttpReply::Raw("HTTP/9 nonsense\r\n\r\n"));
  absl::Status status = ClientFor(*server).DeleteSession("s", kTimeout);
  BOOST_TEST(status.code() == absl::StatusCode::kUnavailable);
  BOOST_TEST(Message(status).find("cannot read the response") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(stalled_peer_hits_the_deadline) {
  auto server = Serve(TestHttpReply::Stall());
  absl::Status status = ClientFor(*server).DeleteSession("s", milliseconds(300));
  BOOST_TEST(status.code() == absl::StatusCode::kDeadlineExceeded);
  BOOST_TEST(Message(status) ==
             "DELETE " + server->url() + "/session/s: no response within 300 ms");
}

BOOST_AUTO_TEST_CASE(oversized_body_is_resource_exhausted) {
  auto server = Serve(TestHttpReply::Json(200, std::string((4u << 20) + 1, ' ')));
  absl::Status status = ClientFor(*server).DeleteSession("s", kTimeout);
  BOOST_TEST(status.code() == absl::StatusCode::kResourceExhausted);
  BOOST_TEST(Message(status) ==
             "DELETE " + server->url() + "/session/s: response body larger than 4194304 bytes");
}

BOOST_AUTO_TEST_CASE(refused_connection_is_unavailable) {
  std::string url;
  {
    auto server = Serve(TestHttpReply::Close());
    url = server->url();
  }  // the port is closed now
  absl::StatusOr<WebDriverClient> client = WebDriverClient::Create(url);
  BOOST_REQUIRE(client.ok());
  absl::Status status = client->DeleteSession("s", kTimeout);
  BOOST_TEST(status.code() == absl::StatusCode::kUnavailable);
  BOOST_TEST(Message(status) == "DELETE " + url + "/session/s: cannot connect: Connection refused");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
