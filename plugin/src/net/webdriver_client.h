// A minimal WebDriver (classic, HTTP) client on Boost.Beast: just enough to create a session
// with `webSocketUrl: true` and delete it (geckodriver, Selenium Grid). One request per
// connection, each bounded by a deadline; errors carry the HTTP status and a body excerpt.
#ifndef FIREFOX_BIDI_NET_WEBDRIVER_CLIENT_H_
#define FIREFOX_BIDI_NET_WEBDRIVER_CLIENT_H_

#include <atomic>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace firefox_bidi {

struct HttpUrl {
  std::string host;
  std::uint16_t port = 80;
  std::string path;  // "" or "/wd/hub" (no trailing '/')
};

// Parses "http://host[:port][/path]". kInvalidArgument saying what is wrong (https, user info,
// query, bad port).
absl::StatusOr<HttpUrl> ParseHttpUrl(std::string_view url);

struct HttpResponse {
  unsigned status = 0;
  std::string body;
};

// One HTTP/1.1 request with a JSON body (`body` empty: none) on a fresh connection. The whole
// exchange (resolve, connect, write, read) is bounded by `timeout`. Errors: kUnavailable
// (cannot connect, connection lost, malformed response), kDeadlineExceeded (timeout),
// kResourceExhausted (body over 4 MiB), kCancelled (`*cancel` became true: the wait ends
// within about 20 ms of it). Any HTTP status is a response, not an error.
absl::StatusOr<HttpResponse> HttpRequest(std::string_view method, const HttpUrl& url,
                                         std::string_view target, std::string_view body,
                                         std::chrono::milliseconds timeout,
                                         const std::atomic<bool>* cancel = nullptr);

// A WebDriver session id is put into request paths (DELETE /session/<id>): only 1 to 128
// characters of [A-Za-z0-9._~-], and not "." or "..", are accepted.
bool IsValidSessionId(std::string_view id);

struct WebDriverSession {
  std::string session_id;
  std::string web_socket_url;  // capabilities.webSocketUrl
  boost::json::value capabilities;
};

// Thread safety: none needed; each call opens its own connection.
class WebDriverClient {
 public:
  // `base` is the endpoint, e.g. "http://127.0.0.1:4444" or "http://grid:4444/wd/hub".
  static absl::StatusOr<WebDriverClient> Create(std::string_view base);

  // POST {base}/session {"capabilities": capabilities}. Errors: those of HttpRequest, plus
  // kUnavailable "WebDriver POST .../session answered HTTP 500: session not created: ..." and
  // kUnavailable when the reply has no sessionId or no capabilities.webSocketUrl (the endpoint
  // does not support WebDriver BiDi, or its sessionId is not a plain token, see
  // IsValidSessionId), kCancelled when `*cancel` became true (a Grid may still create the
  // session it was asked for; its session timeout ends it).
  absl::StatusOr<WebDriverSession> NewSession(const boost::json::object& capabilities,
                                              std::chrono::milliseconds timeout,
                                              const std::atomic<bool>* cancel = nullptr) const;
  // DELETE {base}/session/{id}. kInvalidArgument, with nothing sent, for an id that is not a
  // plain token.
  absl::Status DeleteSession(std::string_view session_id, std::chrono::milliseconds timeout,
                             const std::atomic<bool>* cancel = nullptr) const;

  // "http://host:port/path", for messages.
  std::string ToString() const;

 private:
  explicit WebDriverClient(HttpUrl url) : url_(std::move(url)) {}
  // Sends the request and turns a non-2xx status into an error; returns the parsed body.
  absl::StatusOr<boost::json::value> Exchange(std::string_view method, std::string_view path,
                                              std::string_view body,
                                              std::chrono::milliseconds timeout,
                                              const std::atomic<bool>* cancel) const;

  HttpUrl url_;
};

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_NET_WEBDRIVER_CLIENT_H_
