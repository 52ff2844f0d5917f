#include "support/silent_port.h"

#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>

namespace firefox_bidi::testing {
namespace {

[[noreturn]] void Die(const char* what) {
  std::perror(what);
  std::abort();
}

sockaddr_in Loopback(std::uint16_t port) {
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = htons(port);
  return addr;
}

// A non-blocking connect to 127.0.0.1:`port`; true when it completed within 200 ms.
bool ConnectsPromptly(int fd, std::uint16_t port) {
  const sockaddr_in addr = Loopback(port);
  if (::connect(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) == 0) return true;
  if (errno != EINPROGRESS) Die("SilentPort: connect");
  pollfd p{fd, POLLOUT, 0};
  if (::poll(&p, 1, 200) != 1) return false;
  int error = 0;
  socklen_t len = sizeof error;
  return ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &len) == 0 && error == 0;
}

}  // namespace

SilentPort::SilentPort(Kind kind) {
  listen_fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in addr = Loopback(0);
  if (listen_fd_ < 0 || ::bind(listen_fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0)
    Die("SilentPort: bind");
  if (::listen(listen_fd_, kind == Kind::kNeverAccepts ? 0 : 16) != 0) Die("SilentPort: listen");
  socklen_t len = sizeof addr;
  if (::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&addr), &len) != 0)
    Die("SilentPort: getsockname");
  port_ = ntohs(addr.sin_port);
  if (kind != Kind::kNeverAccepts) return;
  // Linux queues backlog + 1 connections; connect until one stays pending. That one keeps
  // retrying its SYN, which the full queue keeps dropping.
  for (int i = 0; i < 8; ++i) {
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0) Die("SilentPort: socket");
    fillers_.push_back(fd);
    if (!ConnectsPromptly(fd, port_)) return;
  }
  std::fprintf(stderr, "SilentPort: the accept queue never filled\n");
  std::abort();
}

SilentPort::~SilentPort() {
  for (const int fd : fillers_) ::close(fd);
  if (listen_fd_ >= 0) ::close(listen_fd_);
}

std::string SilentPort::http_url() const { return "http://127.0.0.1:" + std::to_string(port_); }

std::string SilentPort::ws_url() const {
  return "ws://127.0.0.1:" + std::to_string(port_) + "/session";
}

}  // namespace firefox_bidi::testing
