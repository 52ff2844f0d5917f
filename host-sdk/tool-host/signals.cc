#include "signals.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>

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
  ::signal(SIGPIPE, SIG_IGN);
  return true;
}

int SignalFd() { return g_pipe[0]; }

int ReceivedSignal() { return g_signal; }

}  // namespace tool_host
