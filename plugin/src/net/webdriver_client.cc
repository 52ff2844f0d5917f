#include "net/webdriver_client.h"

#include <algorithm>
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <optional>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "core/policy.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"

namespace firefox_bidi {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using asio::ip::tcp;

constexpr std::uint64_t kMaxBodyBytes = 4u << 20;
constexpr std::size_t kExcerptBytes = 300;

std::string Excerpt(std::string_view body) {
  if (body.size() <= kExcerptBytes) return std::string(body);
  return absl::StrCat(ToAbsl(body.substr(0, kExcerptBytes)), "...");
}

// The outcome of the request coroutine; `done` stays false when the deadline stopped it.
struct Exchange {
  bool done = false;
  std::string failed_step;
  beast::error_code ec;
  HttpResponse response;
};

// How often a request in flight looks at its cancel flag.
constexpr std::chrono::milliseconds kCancelPoll{20};

asio::awaitable<void> RunRequest(HttpUrl url, http::request<http::string_body> request,
                                 std::chrono::milliseconds timeout, Exchange* out) {
  auto executor = co_await asio::this_coro::executor;
  constexpr auto kTuple = asio::as_tuple(asio::use_awaitable);
  tcp::resolver resolver(executor);
  auto [resolve_ec, endpoints] =
      co_await resolver.async_resolve(url.host, std::to_string(url.port), kTuple);
  if (resolve_ec) {
    *out = {true, "resolve", resolve_ec, {}};
    co_return;
  }
  beast::tcp_stream stream(executor);
  stream.expires_after(timeout);
  auto [connect_ec, endpoint] = co_await stream.async_connect(endpoints, kTuple);
  if (connect_ec) {
    *out = {true, "connect", connect_ec, {}};
    co_return;
  }
  auto [write_ec, written] = co_await http::async_write(stream, request, kTuple);
  if (write_ec) {
    *out = {true, "send the request", write_ec, {}};
    co_return;
  }
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(kMaxBodyBytes);
  auto [read_ec, read] = co_await http::async_read(stream, buffer, parser, kTuple);
  if (read_ec) {
    *out = {true, "read the response", read_ec, {}};
    co_return;
  }
  beast::error_code ignored;
  stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
  *out = {true, "", {}, {parser.get().result_int(), std::move(parser.get().body())}};
}

}  // namespace

absl::StatusOr<HttpUrl> ParseHttpUrl(std::string_view url) {
  constexpr std::string_view kScheme = "http://";
  if (url.rfind(kScheme, 0) != 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("\"", RedactUrl(url),
                     "\" is not an http:// URL (https is not supported; use a local proxy)"));
  }
  std::string_view rest = url.substr(kScheme.size());
  const std::size_t slash = rest.find('/');
  std::string_view authority = rest.substr(0, slash);
  std::string_view path = slash == std::string_view::npos ? "" : rest.substr(slash);
  if (authority.find('@') != std::string_view::npos) {
    return absl::InvalidArgumentError(
        absl::StrCat("\"", RedactUrl(url), "\": user info is not supported"));
  }
  if (path.find_first_of("?#") != std::string_view::npos) {
    return absl::InvalidArgumentError(
        absl::StrCat("\"", RedactUrl(url), "\": a query or fragment is not supported"));
  }
  HttpUrl out;
  std::string_view host = authority;
  std::string_view port;
  if (!authority.empty() && authority.front() == '[') {
    const std::size_t close = authority.find(']');
    if (close == std::string_view::npos) {
      return absl::InvalidArgumentError(
          absl::StrCat("\"", RedactUrl(url), "\": unterminated IPv6 address"));
    }
    host = authority.substr(1, close - 1);
    std::string_view after = authority.substr(close + 1);
    if (!after.empty()) {
      if (after.front() != ':') {
        return absl::InvalidArgumentError(absl::StrCat("\"", RedactUrl(url), "\": bad authority"));
      }
      port = after.substr(1);
    }
  } else if (const std::size_t colon = authority.rfind(':'); colon != std::string_view::npos) {
    host = authority.substr(0, colon);
    port = authority.substr(colon + 1);
  }
  if (host.empty())
    return absl::InvalidArgumentError(absl::StrCat("\"", RedactUrl(url), "\": no host"));
  out.host = std::string(host);
  if (!port.empty() || authority.back() == ':') {
    int value = 0;
    if (!absl::SimpleAtoi(ToAbsl(port), &value) || value < 1 || value > 65535) {
      return absl::InvalidArgumentError(
          absl::StrCat("\"", RedactUrl(url), "\": bad port \"", ToAbsl(port), "\""));
    }
    out.port = static_cast<std::uint16_t>(value);
  }
  while (!path.empty() && path.back() == '/') path.remove_suffix(1);
  out.path = std::string(path);
  return out;
}

absl::StatusOr<HttpResponse> HttpRequest(std::string_view method, const HttpUrl& url,
                                         std::string_view target, std::string_view body,
                                         std::chrono::milliseconds timeout,
                                         const std::atomic<bool>* cancel) {
  http::request<http::string_body> request;
  request.method_string(beast::string_view(method.data(), method.size()));
  request.target(beast::string_view(target.data(), target.size()));
  request.version(11);
  const bool ipv6 = url.host.find(':') != std::string::npos;
  request.set(http::field::host, ipv6 ? absl::StrCat("[", url.host, "]:", url.port)
                                      : absl::StrCat(url.host, ":", url.port));
  request.set(http::field::user_agent, "firefox-bidi");
  request.set(http::field::accept, "application/json");
  request.set(http::field::connection, "close");
  if (!body.empty()) {
    request.set(http::field::content_type, "application/json; charset=utf-8");
    request.body() = std::string(body);
  }
  request.prepare_payload();

  const std::string where =
      absl::StrCat(ToAbsl(method), " http://", url.host, ":", url.port, ToAbsl(target));
  Exchange exchange;
  try {
    asio::io_context io;
    asio::co_spawn(io, RunRequest(url, std::move(request), timeout, &exchange), asio::detached);
    // In short slices, so that a cancel ends the wait within one slice.
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (!exchange.done && !io.stopped()) {
      if (cancel != nullptr && cancel->load()) {
        return absl::CancelledError(absl::StrCat(where, ": cancelled"));
      }
      const auto now = std::chrono::steady_clock::now();
      if (now >= deadline) break;
      io.run_for(std::min<std::chrono::steady_clock::duration>(kCancelPoll, deadline - now));
    }
  } catch (const std::exception& e) {
    return absl::InternalError(absl::StrCat(where, ": ", e.what()));
  }
  if (!exchange.done || exchange.ec == beast::error::timeout) {
    return absl::DeadlineExceededError(
        absl::StrCat(where, ": no response within ", timeout.count(), " ms"));
  }
  if (exchange.ec == http::error::body_limit) {
    return absl::ResourceExhaustedError(
        absl::StrCat(where, ": response body larger than ", kMaxBodyBytes, " bytes"));
  }
  if (exchange.ec) {
    return absl::UnavailableError(
        absl::StrCat(where, ": cannot ", exchange.failed_step, ": ", exchange.ec.message()));
  }
  return std::move(exchange.response);
}

absl::StatusOr<WebDriverClient> WebDriverClient::Create(std::string_view base) {
  absl::StatusOr<HttpUrl> url = ParseHttpUrl(base);
  if (!url.ok())
    return absl::InvalidArgumentError(absl::StrCat("webdriver: ", url.status().message()));
  return WebDriverClient(*std::move(url));
}

std::string WebDriverClient::ToString() const {
  return absl::StrCat("http://", url_.host, ":", url_.port, url_.path);
}

absl::StatusOr<boost::json::value> WebDriverClient::Exchange(
    std::string_view method, std::string_view path, std::string_view body,
    std::chrono::milliseconds timeout, const std::atomic<bool>* cancel) const {
  const std::string target = absl::StrCat(url_.path, ToAbsl(path));
  ASSIGN_OR_RETURN(HttpResponse response, HttpRequest(method, url_, target, body, timeout, cancel));
  const std::string where =
      absl::StrCat("WebDriver ", ToAbsl(method), " ", ToString(), ToAbsl(path));
  boost::system::error_code ec;
  boost::json::value doc = boost::json::parse(response.body, ec);
  if (response.status < 200 || response.status > 299) {
    // WebDriver errors: {"value":{"error","message"}}.
    const boost::json::value* value = nullptr;
    if (!ec && doc.is_object()) value = doc.as_object().if_contains("value");
    if (value && value->is_object()) {
      const auto* error = value->as_object().if_contains("error");
      const auto* message = value->as_object().if_contains("message");
      if (error && error->is_string() && message && message->is_string()) {
        return absl::UnavailableError(absl::StrCat(where, " answered HTTP ", response.status, ": ",
                                                   ToAbsl(error->get_string()), ": ",
                                                   Excerpt(message->get_string())));
      }
    }
    return absl::UnavailableError(
        absl::StrCat(where, " answered HTTP ", response.status, ": ", Excerpt(response.body)));
  }
  if (ec) {
    return absl::UnavailableError(
        absl::StrCat(where, " answered HTTP ", response.status,
                     " with a body that is not JSON: ", Excerpt(response.body)));
  }
  return doc;
}

absl::StatusOr<WebDriverSession> WebDriverClient::NewSession(
    const boost::json::object& capabilities, std::chrono::milliseconds timeout,
    const std::atomic<bool>* cancel) const {
  const std::string body =
      boost::json::serialize(boost::json::object{{"capabilities", capabilities}});
  ASSIGN_OR_RETURN(boost::json::value doc, Exchange("POST", "/session", body, timeout, cancel));
  const std::string where = absl::StrCat("WebDriver POST ", ToString(), "/session");
  const boost::json::object* value = nullptr;
  if (doc.is_object()) {
    if (auto* v = doc.as_object().if_contains("value"); v && v->is_object())
      value = &v->as_object();
  }
  const boost::json::value* id = value ? value->if_contains("sessionId") : nullptr;
  const boost::json::value* caps = value ? value->if_contains("capabilities") : nullptr;
  if (!id || !id->is_string() || id->get_string().empty() || !caps || !caps->is_object()) {
    return absl::UnavailableError(
        absl::StrCat(where, ": the reply has no value.sessionId or value.capabilities: ",
                     Excerpt(boost::json::serialize(doc))));
  }
  if (!IsValidSessionId(id->get_string())) {
    return absl::UnavailableError(absl::StrCat(
        where,
        ": the reply's sessionId is not a plain token (1 to 128 characters of "
        "A-Z a-z 0-9 . _ ~ -), so it cannot be used in a request path; nothing was sent with "
        "it, and the endpoint's session timeout ends that session"));
  }
  WebDriverSession session;
  session.session_id = std::string(id->get_string());
  session.capabilities = *caps;
  const auto* ws = caps->as_object().if_contains("webSocketUrl");
  if (!ws || !ws->is_string()) {
    // The session exists; do not leak it.
    (void)DeleteSession(session.session_id, timeout, cancel);
    return absl::UnavailableError(absl::StrCat(
        where,
        ": the new session has no capabilities.webSocketUrl, so this endpoint does not "
        "offer WebDriver BiDi (geckodriver 0.31+ and Firefox 102+ do)"));
  }
  session.web_socket_url = std::string(ws->get_string());
  return session;
}

absl::Status WebDriverClient::DeleteSession(std::string_view session_id,
                                            std::chrono::milliseconds timeout,
                                            const std::atomic<bool>* cancel) const {
  if (!IsValidSessionId(session_id)) {
    return absl::InvalidArgumentError(
        "not deleting a WebDriver session whose id is not a plain token");
  }
  return Exchange("DELETE", absl::StrCat("/session/", ToAbsl(session_id)), "", timeout, cancel)
      .status();
}

bool IsValidSessionId(std::string_view id) {
  if (id.empty() || id.size() > 128 || id == "." || id == "..") return false;
  for (const char c : id) {
    if (!absl::ascii_isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '_' && c != '~' &&
        c != '-') {
      return false;
    }
  }
  return true;
}

}  // namespace firefox_bidi
