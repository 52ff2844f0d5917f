#include "support/test_http_server.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

namespace firefox_bidi::testing {
namespace {

constexpr int kReadTimeoutMs = 5000;

const char* Reason(unsigned status) {
  switch (status) {
    case 200:
      return "OK";
    case 404:
      return "Not Found";
    case 500:
      return "Internal Server Error";
    default:
      return "Status";
  }
}

void WriteAll(int fd, const std::string& data) {
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = ::send(fd, data.data() + done, data.size() - done, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    done += static_cast<std::size_t>(n);
  }
}

// Reads one request (headers, then Content-Length bytes). False on EOF, error or timeout.
bool ReadRequest(int fd, TestHttpRequest* request) {
  std::string data;
  std::size_t header_end = std::string::npos;
  std::size_t content_length = 0;
  for (;;) {
    if (header_end == std::string::npos) {
      header_end = data.find("\r\n\r\n");
      if (header_end != std::string::npos) {
        const std::string head = data.substr(0, header_end);
        const std::size_t line_end = head.find("\r\n");
        const std::string first = head.substr(0, line_end);
        const std::size_t sp1 = first.find(' ');
        const std::size_t sp2 = first.find(' ', sp1 + 1);
        if (sp1 == std::string::npos || sp2 == std::string::npos) return false;
        request->method = first.substr(0, sp1);
        request->target = first.substr(sp1 + 1, sp2 - sp1 - 1);
        const std::string lower = absl::AsciiStrToLower(head);
        const std::size_t cl = lower.find("\r\ncontent-length:");
        if (cl != std::string::npos) {
          const std::size_t start = cl + 17;
          const std::size_t end = lower.find("\r\n", start);
          std::string value = lower.substr(start, end == std::string::npos ? end : end - start);
          if (!absl::SimpleAtoi(absl::StripAsciiWhitespace(value), &content_length)) return false;
        }
      }
    }
    if (header_end != std::string::npos && data.size() >= header_end + 4 + content_length) {
      request->body = data.substr(header_end + 4, content_length);
      return true;
    }
    struct pollfd pfd = {fd, POLLIN, 0};
    if (::poll(&pfd, 1, kReadTimeoutMs) != 1) return false;
    char buf[8192];
    const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0) return false;
    data.append(buf, static_cast<std::size_t>(n));
  }
}

}  // namespace

absl::StatusOr<std::unique_ptr<TestHttpServer>> TestHttpServer::Start(Handler handler,
                                                                      std::uint16_t port) {
  std::unique_ptr<TestHttpServer> server(new TestHttpServer(std::move(handler)));
  server->listen_fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (server->listen_fd_ < 0 || ::pipe2(server->wake_fds_, O_CLOEXEC) != 0) {
    return absl::InternalError(absl::StrCat("socket: ", std::strerror(errno)));
  }
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = htons(port);
  socklen_t len = sizeof addr;
  if (::bind(server->listen_fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
      ::listen(server->listen_fd_, 16) != 0 ||
      ::getsockname(server->listen_fd_, reinterpret_cast<sockaddr*>(&addr), &len) != 0) {
    return absl::InternalError(
        absl::StrCat("bind/listen 127.0.0.1:", port, ": ", std::strerror(errno)));
  }
  server->port_ = ntohs(addr.sin_port);
  server->thread_ = std::thread([s = server.get()] { s->Run(); });
  return server;
}

TestHttpServer::~TestHttpServer() {
  if (wake_fds_[1] >= 0) (void)!::write(wake_fds_[1], "x", 1);
  if (thread_.joinable()) thread_.join();
  for (int fd : stalled_fds_) ::close(fd);
  for (int fd : {listen_fd_, wake_fds_[0], wake_fds_[1]}) {
    if (fd >= 0) ::close(fd);
  }
}

std::string TestHttpServer::url() const { return absl::StrCat("http://127.0.0.1:", port_); }

std::vector<TestHttpRequest> TestHttpServer::requests() const {
  std::lock_guard lock(mu_);
  return requests_;
}

std::vector<std::string> TestHttpServer::request_lines() const {
  std::vector<std::string> lines;
  for (const TestHttpRequest& request : requests()) {
    lines.push_back(request.method + " " + request.target);
  }
  return lines;
}

void TestHttpServer::Run() {
  for (;;) {
    struct pollfd pfds[2] = {{listen_fd_, POLLIN, 0}, {wake_fds_[0], POLLIN, 0}};
    if (::poll(pfds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      return;
    }
    if (pfds[1].revents) return;
    const int fd = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC);
    if (fd >= 0) Serve(fd);
  }
}

void TestHttpServer::Serve(int fd) {
  TestHttpRequest request;
  if (!ReadRequest(fd, &request)) {
    ::close(fd);
    return;
  }
  {
    std::lock_guard lock(mu_);
    requests_.push_back(request);
  }
  const TestHttpReply reply = handler_(request);
  switch (reply.kind) {
    case TestHttpReply::Kind::kResponse:
      WriteAll(fd, absl::StrCat("HTTP/1.1 ", reply.status, " ", Reason(reply.status),
                                "\r\nContent-Type: application/json; charset=utf-8\r\n"
                                "Content-Length: ",
                                reply.body.size(), "\r\nConnection: close\r\n\r\n", reply.body));
      break;
    case TestHttpReply::Kind::kRaw:
      WriteAll(fd, reply.raw);
      break;
    case TestHttpReply::Kind::kClose:
      break;
    case TestHttpReply::Kind::kStall:
      stalled_fds_.push_back(fd);
      return;
  }
  ::shutdown(fd, SHUT_WR);
  ::close(fd);
}

}  // namespace firefox_bidi::testing
