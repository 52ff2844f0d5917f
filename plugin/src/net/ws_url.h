// Parsing of the ws:// URL of a BiDi endpoint ("ws://127.0.0.1:9222/session").
#ifndef FIREFOX_BIDI_NET_WS_URL_H_
#define FIREFOX_BIDI_NET_WS_URL_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace firefox_bidi {

struct WsUrl {
  std::string host;    // without brackets for an IPv6 literal: "::1"
  std::uint16_t port;  // 80 when the URL names none
  std::string target;  // path and query, "/" when the URL has no path

  // The value of the handshake's Host header: "127.0.0.1:9222", "[::1]:9222".
  std::string HostHeader() const;
  // "ws://127.0.0.1:9222/session", for messages: without the query, which may hold a secret.
  std::string ToString() const;
};

// Parses "ws://host[:port][/path][?query]". kInvalidArgument saying what is wrong for anything
// else, including "wss://" (TLS is not supported), user info and fragments. Messages show the
// URL without user info and query (RedactUrl).
absl::StatusOr<WsUrl> ParseWsUrl(std::string_view url);

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_NET_WS_URL_H_
