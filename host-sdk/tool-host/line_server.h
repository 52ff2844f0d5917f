// The loop shared by `tool-host serve` and `tool-host mcp`: a reader that hands each
// newline-delimited message to a handler while it keeps reading (so a ping or a cancel gets
// through while a call runs), one worker that runs calls one at a time in arrival order, and a
// writer that never interleaves two lines.
#ifndef TOOL_HOST_LINE_SERVER_H_
#define TOOL_HOST_LINE_SERVER_H_

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

namespace tool_host {

// Writes whole lines to a file descriptor. Thread-safe: one line at a time.
class LineWriter {
 public:
  explicit LineWriter(int fd) : fd_(fd) {}
  // Writes `line` plus '\n'. False once the descriptor failed (reader gone); later lines are
  // dropped.
  bool WriteLine(std::string_view line);

 private:
  std::mutex mutex_;
  int fd_;
  bool failed_ = false;
};

// Runs jobs one at a time, in the order posted, on its own thread. Post() blocks while
// `max_queued` jobs wait, so a flood of input cannot grow memory without bound.
// Thread safety: all members may be called from any thread; Finish() from one.
class Worker {
 public:
  explicit Worker(std::size_t max_queued = 64);
  ~Worker();  // Finish()
  Worker(const Worker&) = delete;
  Worker& operator=(const Worker&) = delete;

  void Post(std::function<void()> job);
  // Drops jobs that have not started yet.
  void DropQueued();
  // True once no job runs or waits, or false after `timeout`.
  bool WaitIdleFor(std::chrono::milliseconds timeout);
  // Runs what is queued, then stops the thread.
  void Finish();

 private:
  void Loop();

  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::function<void()>> queue_;
  std::size_t max_queued_;
  bool running_job_ = false;
  bool stopping_ = false;
  std::thread thread_;
};

// Reads newline-delimited messages ('\r\n' accepted, blank lines skipped).
class LineReader {
 public:
  // A line longer than this is reported with `too_long` and its text dropped.
  static constexpr std::size_t kMaxLineBytes = 64u << 20;

  using Handler = std::function<void(std::string_view line, bool too_long)>;
  enum class End { kEof, kStopped };

  // Reads `in_fd` until end of input, or until `stop_fd` (may be -1) becomes readable.
  // `on_line` runs on the calling thread.
  static End Run(int in_fd, int stop_fd, const Handler& on_line);
};

}  // namespace tool_host

#endif  // TOOL_HOST_LINE_SERVER_H_
