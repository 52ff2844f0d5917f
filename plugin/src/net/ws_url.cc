#include "net/ws_url.h"

#include <string>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "core/policy.h"
#include "core/status_macros.h"

namespace firefox_bidi {
namespace {

absl::Status UrlError(std::string_view url, std::string_view what) {
  return absl::InvalidArgumentError(
      absl::StrCat("invalid BiDi WebSocket URL \"", RedactUrl(url), "\": ", std::string(what)));
}

absl::StatusOr<std::uint16_t> ParsePort(std::string_view url, std::string_view digits) {
  if (digits.empty()) return UrlError(url, "empty port");
  if (digits.size() > 5) return UrlError(url, "port out of range (1-65535)");
  std::uint32_t port = 0;
  for (char c : digits) {
    if (!absl::ascii_isdigit(static_cast<unsigned char>(c))) {
      return UrlError(url, "port must be a decimal number");
    }
    port = port * 10 + static_cast<std::uint32_t>(c - '0');
  }
  if (port == 0 || port > 65535) return UrlError(url, "port out of range (1-65535)");
  return static_cast<std::uint16_t>(port);
}

}  // namespace

std::string WsUrl::HostHeader() const {
  const bool ipv6 = host.find(':') != std::string::npos;
  return ipv6 ? absl::StrCat("[", host, "]:", port) : absl::StrCat(host, ":", port);
}

std::string WsUrl::ToString() const {
  return absl::StrCat("ws://", HostHeader(), target.substr(0, target.find('?')));
}

absl::StatusOr<WsUrl> ParseWsUrl(std::string_view url) {
  constexpr std::string_view kScheme = "ws://";
  constexpr std::string_view kTlsScheme = "wss://";
  const auto starts_with = [&](std::string_view prefix) {
    return url.size() >= prefix.size() &&
           absl::EqualsIgnoreCase(std::string(url.substr(0, prefix.size())), std::string(prefix));
  };
  if (starts_with(kTlsScheme)) {
    return UrlError(url, "wss:// is not supported (no TLS); use the ws:// endpoint");
  }
  if (!starts_with(kScheme)) return UrlError(url, "must start with ws://");
  for (char c : url) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte <= 0x20 || byte == 0x7f) return UrlError(url, "contains a space or control character");
  }
  if (url.find('#') != std::string_view::npos) return UrlError(url, "fragments are not allowed");

  const std::string_view rest = url.substr(kScheme.size());
  const std::size_t authority_end = rest.find_first_of("/?");
  const std::string_view authority = rest.substr(0, authority_end);
  const std::string_view target =
      authority_end == std::string_view::npos ? std::string_view() : rest.substr(authority_end);
  if (authority.find('@') != std::string_view::npos) {
    return UrlError(url, "user info is not supported");
  }

  WsUrl parsed;
  std::string_view port_text;
  bool has_port = false;
  if (!authority.empty() && authority.front() == '[') {
    const std::size_t close = authority.find(']');
    if (close == std::string_view::npos) return UrlError(url, "unterminated [IPv6 address]");
    parsed.host = std::string(authority.substr(1, close - 1));
    const std::string_view after = authority.substr(close + 1);
    if (!after.empty()) {
      if (after.front() != ':') return UrlError(url, "unexpected text after ]");
      has_port = true;
      port_text = after.substr(1);
    }
  } else {
    const std::size_t colon = authority.find(':');
    parsed.host = std::string(authority.substr(0, colon));
    if (colon != std::string_view::npos) {
      has_port = true;
      port_text = authority.substr(colon + 1);
      if (port_text.find(':') != std::string_view::npos) {
        return UrlError(url, "an IPv6 address must be written in brackets");
      }
    }
  }
  if (parsed.host.empty()) return UrlError(url, "no host");
  parsed.port = 80;
  if (has_port) {
    ASSIGN_OR_RETURN(parsed.port, ParsePort(url, port_text));
  }
  if (target.empty()) {
    // Not `= "/"`: g++ 12 -O2 reports a false -Wrestrict inside std::string for that
    // (libstdc++ bug 105329).
    parsed.target.assign(1, '/');
  } else if (target.front() == '?') {
    parsed.target = absl::StrCat("/", std::string(target));
  } else {
    parsed.target = std::string(target);
  }
  return parsed;
}

}  // namespace firefox_bidi
