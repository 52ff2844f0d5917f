#include "net/ws_url.h"

#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <string>

namespace firefox_bidi {
namespace {

namespace bdata = boost::unit_test::data;

BOOST_AUTO_TEST_SUITE(ws_url)

BOOST_AUTO_TEST_CASE(parses_firefox_session_endpoint) {
  const auto url = ParseWsUrl("ws://127.0.0.1:40123/session");
  BOOST_REQUIRE(url.ok());
  BOOST_TEST(url->host == "127.0.0.1");
  BOOST_TEST(url->port == 40123);
  BOOST_TEST(url->target == "/session");
  BOOST_TEST(url->HostHeader() == "127.0.0.1:40123");
  BOOST_TEST(url->ToString() == "ws://127.0.0.1:40123/session");
}

BOOST_AUTO_TEST_CASE(defaults_port_80_and_root_path) {
  const auto url = ParseWsUrl("WS://localhost");
  BOOST_REQUIRE(url.ok());
  BOOST_TEST(url->host == "localhost");
  BOOST_TEST(url->port == 80);
  BOOST_TEST(url->target == "/");
  BOOST_TEST(url->ToString() == "ws://localhost:80/");
}

BOOST_AUTO_TEST_CASE(keeps_query_and_roots_a_bare_query) {
  const auto with_path = ParseWsUrl("ws://h:1/a/b?x=1&y=2");
  BOOST_REQUIRE(with_path.ok());
  BOOST_TEST(with_path->target == "/a/b?x=1&y=2");
  const auto bare = ParseWsUrl("ws://h:65535?x");
  BOOST_REQUIRE(bare.ok());
  BOOST_TEST(bare->port == 65535);
  BOOST_TEST(bare->target == "/?x");
}

BOOST_AUTO_TEST_CASE(parses_bracketed_ipv6_literal) {
  const auto url = ParseWsUrl("ws://[::1]:9222/session/abc");
  BOOST_REQUIRE(url.ok());
  BOOST_TEST(url->host == "::1");
  BOOST_TEST(url->port == 9222);
  BOOST_TEST(url->target == "/session/abc");
  BOOST_TEST(url->HostHeader() == "[::1]:9222");
}

const char* const kBadUrls[] = {
    "wss://127.0.0.1:9222/session",
    "http://127.0.0.1:9222/session",
    "",
    "ws://",
    "ws://:9222/session",
    "ws://host:/session",
    "ws://host:0/session",
    "ws://host:65536/session",
    "ws://host:123456/session",
    "ws://host:12a/session",
    "ws://::1:9222/session",
    "ws://[::1/session",
    "ws://[::1]x/session",
    "ws://host:1/a b",
};

const char* const kWhy[] = {
    "wss:// is not supported (no TLS); use the ws:// endpoint",
    "must start with ws://",
    "must start with ws://",
    "no host",
    "no host",
    "empty port",
    "port out of range (1-65535)",
    "port out of range (1-65535)",
    "port out of range (1-65535)",
    "port must be a decimal number",
    "an IPv6 address must be written in brackets",
    "unterminated [IPv6 address]",
    "unexpected text after ]",
    "contains a space or control character",
};

BOOST_DATA_TEST_CASE(refuses_bad_urls_saying_why, bdata::make(kBadUrls) ^ bdata::make(kWhy), text,
                     why) {
  const auto url = ParseWsUrl(text);
  BOOST_TEST(url.status().code() == absl::StatusCode::kInvalidArgument);
  BOOST_TEST(std::string(url.status().message()) ==
             std::string("invalid BiDi WebSocket URL \"") + text + "\": " + why);
}

BOOST_AUTO_TEST_CASE(messages_never_show_user_info_or_query) {
  BOOST_TEST(
      std::string(ParseWsUrl("ws://user:s3cret@host:1/session?token=t0k").status().message()) ==
      "invalid BiDi WebSocket URL \"ws://host:1/session\": user info is not supported");
  BOOST_TEST(std::string(ParseWsUrl("ws://host:1/session?token=t0k#x").status().message()) ==
             "invalid BiDi WebSocket URL \"ws://host:1/session\": fragments are not allowed");
  const auto url = ParseWsUrl("ws://h:1/session?token=t0k");
  BOOST_REQUIRE(url.ok());
  BOOST_TEST(url->target == "/session?token=t0k");  // sent, never shown
  BOOST_TEST(url->ToString() == "ws://h:1/session");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
