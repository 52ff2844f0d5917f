// SIGINT/SIGTERM/SIGHUP as data: the handler only records the signal and writes one byte to a pipe
// (async-signal-safe); threads poll the pipe or check the flag and do the real work (cancel
// the call, destroy the instance) outside the handler.
#ifndef TOOL_HOST_SIGNALS_H_
#define TOOL_HOST_SIGNALS_H_

#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace tool_host {

// Installs the handlers once (later calls do nothing) and ignores SIGPIPE so that a vanished
// reader shows up as a write error. Returns false when the pipe cannot be created.
bool InstallSignalPipe();
// Readable once a signal arrived; -1 before InstallSignalPipe().
int SignalFd();
// The first signal received, 0 when none.
int ReceivedSignal();

// Reacts to SIGINT/SIGTERM/SIGHUP on its own thread, so that the reaction does not depend on what
// the main thread is blocked in: on the first signal runs `on_signal` once, then `cancel` at once
// and again every 100 ms until destroyed (a cancel that lands just before the plugin registers
// an invocation is a no-op by contract, so one is not enough).
// Thread safety: construct and destroy on one thread; the callbacks run on the watcher thread.
class SignalWatcher {
 public:
  SignalWatcher(std::function<void()> on_signal, std::function<void()> cancel);
  ~SignalWatcher();
  SignalWatcher(const SignalWatcher&) = delete;
  SignalWatcher& operator=(const SignalWatcher&) = delete;

 private:
  void Loop();

  std::function<void()> on_signal_;
  std::function<void()> cancel_;
  int stop_pipe_[2] = {-1, -1};
  std::mutex mutex_;
  std::condition_variable stop_cv_;
  bool stop_ = false;
  std::thread thread_;
};

}  // namespace tool_host

#endif  // TOOL_HOST_SIGNALS_H_
