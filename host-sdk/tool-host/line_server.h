// The loop shared by `tool-host serve` and `tool-host mcp`: a reader that hands each
// newline-delimited message to a handler while it keeps reading (so a ping or a cancel gets
// through while a call runs), one worker that runs calls one at a time in arrival order, and a
// writer that never interleaves two lines.
#ifndef TOOL_HOST_LINE_SERVER_H_
#define TOOL_HOST_LINE_SERVER_H_

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

  // Queues `job`; ignored once Close() was called.
  void Post(std::function<void()> job);
  // Queues `job` unless `max_queued` jobs already wait: never blocks, so the thread reading
  // input stays free for what must not wait (ping, cancellation). False when full or closed.
  bool TryPost(std::function<void()> job);
  // Drops the jobs that have not started and ignores later Post()s (a Post() blocked on a
  // full queue returns). The running job is left to finish.
  void Close();
  // Runs what is queued, then stops the thread.
  void Finish();

 private:
  void Loop();

  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::function<void()>> queue_;
  std::size_t max_queued_;
  bool closed_ = false;    // Close(): nothing more is queued
  bool stopping_ = false;  // Finish(): the thread ends once the queue is empty
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

// The loop shared by `serve` and `mcp`: the reader on the calling thread, one worker, one
// writer, and the reaction to SIGINT/SIGTERM.
// Thread safety: Run() once, from one thread; writer() and worker() from any thread.
class LineServer {
 public:
  LineServer(int in_fd, int out_fd) : in_fd_(in_fd), writer_(out_fd) {}

  LineWriter& writer() { return writer_; }
  Worker& worker() { return worker_; }

  // Hands each input line to `on_line` (which queues calls on worker()) until end of input,
  // then lets the queued work finish. On SIGINT/SIGTERM stops reading, runs `on_signal`, drops
  // the queued work and calls `cancel` (repeatedly) until the running job has ended.
  void Run(const LineReader::Handler& on_line, const std::function<void()>& on_signal,
           const std::function<void()>& cancel);

 private:
  int in_fd_;
  LineWriter writer_;
  Worker worker_;
};

}  // namespace tool_host

#endif  // TOOL_HOST_LINE_SERVER_H_
