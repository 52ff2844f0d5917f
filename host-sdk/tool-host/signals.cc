#include "signals.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <utility>

namespace tool_host {
namespace {

int g_pipe[2] = {-1, -1};
volatile sig_atomic_t g_signal = 0;

extern "C" void OnSignal(int signo) {
  int saved = errno;
  if (g_signal == 0) g_signal = signo;
  char byte = 1;
  [[maybe_unused]] ssize_t n = ::write(g_pipe[1], &byte, 1);
  errno = saved;
}

}  // namespace

bool InstallSignalPipe() {
  if (g_pipe[0] >= 0) return true;
  if (::pipe2(g_pipe, O_CLOEXEC | O_NONBLOCK) != 0) return false;
  struct sigaction action {};
  action.sa_handler = OnSignal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  ::sigaction(SIGINT, &action, nullptr);
  ::sigaction(SIGTERM, &action, nullptr);
  ::sigaction(SIGHUP, &action, nullptr);  // the terminal or the parent went away
  ::signal(SIGPIPE, SIG_IGN);
  return true;
}

int SignalFd() { return g_pipe[0]; }

int ReceivedSignal() { return g_signal; }

SignalWatcher::SignalWatcher(std::function<void()> on_signal, std::function<void()> cancel)
    : on_signal_(std::move(on_signal)), cancel_(std::move(cancel)) {
  if (::pipe2(stop_pipe_, O_CLOEXEC) != 0) stop_pipe_[0] = stop_pipe_[1] = -1;
  thread_ = std::thread([this] { Loop(); });
}

SignalWatcher::~SignalWatcher() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  stop_cv_.notify_all();
  char byte = 0;
  [[maybe_unused]] ssize_t n = ::write(stop_pipe_[1], &byte, 1);
  thread_.join();
  for (int fd : stop_pipe_) {
    if (fd >= 0) ::close(fd);
  }
}

void SignalWatcher::Loop() {
  // Until a signal: sleep in poll. The signal pipe is never drained, so every thread that polls
  // it sees it readable.
  while (ReceivedSignal() == 0) {
    pollfd fds[2] = {{SignalFd(), POLLIN, 0}, {stop_pipe_[0], POLLIN, 0}};
    int n = ::poll(fds, 2, -1);
    if (n < 0 && errno != EINTR) return;
    if ((fds[1].revents & POLLIN) != 0) return;
  }
  if (on_signal_) on_signal_();
  std::unique_lock<std::mutex> lock(mutex_);
  while (!stop_) {
    lock.unlock();
    if (cancel_) cancel_();
    lock.lock();
    stop_cv_.wait_for(lock, std::chrono::milliseconds(100), [&] { return stop_; });
  }
}

}  // namespace tool_host
