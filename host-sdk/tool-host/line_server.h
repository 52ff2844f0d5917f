// The loop shared by `tool-host serve` and `tool-host mcp`: a reader that hands each
// newline-delimited message to a handler while it keeps reading (so a ping or a cancel gets
// through while a call runs), a worker that runs calls in arrival order (one at a time, or
// those of different keys at the same time), and a writer that never interleaves two lines.
#ifndef TOOL_HOST_LINE_SERVER_H_
#define TOOL_HOST_LINE_SERVER_H_

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

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

// Runs jobs on up to `threads` threads of its own, in the order posted within each key: a job
// starts only once every job posted before it with the same key has finished, while jobs of
// different keys run at the same time (up to `threads` at once). With one thread, or one key,
// jobs run one at a time in the order posted. At most `max_queued` jobs wait to start (those
// running do not count): Post() blocks beyond that, TryPost() refuses, so a flood of input
// cannot grow memory without bound.
// Thread safety: all members may be called from any thread (a job may post); Finish() from one,
// never from a job.
class Worker {
 public:
  static constexpr std::size_t kDefaultMaxQueued = 64;

  explicit Worker(std::size_t max_queued = kDefaultMaxQueued, std::size_t threads = 1);
  ~Worker();  // Finish()
  Worker(const Worker&) = delete;
  Worker& operator=(const Worker&) = delete;

  // Queues `job` under `key`; ignored once Close() was called.
  void Post(std::function<void()> job, std::string key = {});
  // Queues `job` under `key` unless `max_queued` jobs already wait: never blocks, so the thread
  // reading input stays free for what must not wait (ping, cancellation). False when full or
  // closed.
  bool TryPost(std::function<void()> job, std::string key = {});
  // Drops the jobs that have not started and ignores later Post()s (a Post() blocked on a
  // full queue returns). The running jobs are left to finish.
  void Close();
  // Runs what is queued, then stops the threads.
  void Finish();

 private:
  struct Job {
    std::string key;
    std::function<void()> run;
  };

  void Loop();
  // The first queued job whose key has no job running; queue_.end() when none.
  std::deque<Job>::iterator NextRunnable();

  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Job> queue_;          // waiting to start, in the order posted
  std::set<std::string> running_;  // the keys of the jobs running (one job per key)
  std::size_t max_queued_;
  bool closed_ = false;    // Close(): nothing more is queued
  bool stopping_ = false;  // Finish(): the threads end once the queue is empty
  std::vector<std::thread> threads_;
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

// The loop shared by `serve` and `mcp`: the reader on the calling thread, one worker (of
// `worker_threads` threads, see Worker), one writer, and the reaction to SIGINT/SIGTERM.
// Thread safety: Run() once, from one thread; writer() and worker() from any thread.
class LineServer {
 public:
  LineServer(int in_fd, int out_fd, std::size_t worker_threads = 1)
      : in_fd_(in_fd), writer_(out_fd), worker_(Worker::kDefaultMaxQueued, worker_threads) {}

  LineWriter& writer() { return writer_; }
  Worker& worker() { return worker_; }

  // Hands each input line to `on_line` (which queues calls on worker()) until end of input,
  // then lets the queued work finish. On SIGINT/SIGTERM stops reading, runs `on_signal`, drops
  // the queued work and calls `cancel` (repeatedly) until the running jobs have ended.
  void Run(const LineReader::Handler& on_line, const std::function<void()>& on_signal,
           const std::function<void()>& cancel);

 private:
  int in_fd_;
  LineWriter writer_;
  Worker worker_;
};

}  // namespace tool_host

#endif  // TOOL_HOST_LINE_SERVER_H_
