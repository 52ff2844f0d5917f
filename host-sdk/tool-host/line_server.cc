#include "line_server.h"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <utility>

#include "signals.h"

namespace tool_host {

bool LineWriter::WriteLine(std::string_view line) {
  std::string buffer;
  buffer.reserve(line.size() + 1);
  buffer.append(line);
  buffer.push_back('\n');
  std::lock_guard<std::mutex> lock(mutex_);
  if (failed_) return false;
  std::size_t written = 0;
  while (written < buffer.size()) {
    ssize_t n = ::write(fd_, buffer.data() + written, buffer.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      failed_ = true;
      return false;
    }
    written += static_cast<std::size_t>(n);
  }
  return true;
}

Worker::Worker(std::size_t max_queued, std::size_t threads) : max_queued_(max_queued) {
  threads_.reserve(std::max<std::size_t>(threads, 1));
  for (std::size_t i = 0; i < std::max<std::size_t>(threads, 1); ++i) {
    threads_.emplace_back([this] { Loop(); });
  }
}

Worker::~Worker() { Finish(); }

void Worker::Post(std::function<void()> job, std::string key) {
  std::unique_lock<std::mutex> lock(mutex_);
  changed_.wait(lock, [&] { return queue_.size() < max_queued_ || closed_; });
  if (closed_) return;
  queue_.push_back({std::move(key), std::move(job)});
  changed_.notify_all();
}

bool Worker::TryPost(std::function<void()> job, std::string key) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (closed_ || queue_.size() >= max_queued_) return false;
  queue_.push_back({std::move(key), std::move(job)});
  changed_.notify_all();
  return true;
}

void Worker::Close() {
  std::lock_guard<std::mutex> lock(mutex_);
  closed_ = true;
  queue_.clear();
  changed_.notify_all();
}

void Worker::Finish() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
    changed_.notify_all();
  }
  for (std::thread& thread : threads_) {
    if (thread.joinable()) thread.join();
  }
}

std::deque<Worker::Job>::iterator Worker::NextRunnable() {
  // The first job of a key in the queue is the earliest of that key still waiting, so taking
  // the first whose key is not running keeps each key's order.
  return std::find_if(queue_.begin(), queue_.end(),
                      [&](const Job& job) { return !running_.contains(job.key); });
}

void Worker::Loop() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    auto next = queue_.end();
    changed_.wait(lock, [&] {
      next = NextRunnable();
      return next != queue_.end() || (stopping_ && queue_.empty());
    });
    if (next == queue_.end()) return;  // stopping with nothing left to run
    Job job = std::move(*next);
    queue_.erase(next);
    auto key = running_.insert(std::move(job.key)).first;
    changed_.notify_all();  // room for a blocked Post()
    lock.unlock();
    job.run();
    job.run = nullptr;  // what the job holds goes before the next one starts
    lock.lock();
    running_.erase(key);
    changed_.notify_all();  // the next job of this key may start
  }
}

LineReader::End LineReader::Run(int in_fd, int stop_fd, const Handler& on_line) {
  std::string pending;
  bool too_long = false;
  char chunk[64 * 1024];
  auto emit = [&](std::string_view line) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (too_long) {
      on_line({}, true);
    } else if (line.find_first_not_of(" \t") != std::string_view::npos) {
      on_line(line, false);
    }
    too_long = false;
  };
  for (;;) {
    pollfd fds[2] = {{in_fd, POLLIN, 0}, {stop_fd, POLLIN, 0}};
    int n = ::poll(fds, stop_fd >= 0 ? 2 : 1, -1);
    if (n < 0) {
      if (errno == EINTR) continue;
      return End::kEof;
    }
    if (stop_fd >= 0 && (fds[1].revents & POLLIN) != 0) return End::kStopped;
    if (fds[0].revents == 0) continue;
    ssize_t got = ::read(in_fd, chunk, sizeof(chunk));
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      if (!pending.empty() || too_long) emit(pending);
      return End::kEof;
    }
    std::string_view data(chunk, static_cast<std::size_t>(got));
    while (!data.empty()) {
      std::size_t newline = data.find('\n');
      std::string_view piece = data.substr(0, newline);
      if (!too_long) {
        if (pending.size() + piece.size() > kMaxLineBytes) {
          too_long = true;
          pending.clear();
          pending.shrink_to_fit();
        } else {
          pending.append(piece);
        }
      }
      if (newline == std::string_view::npos) break;
      emit(pending);
      pending.clear();
      data.remove_prefix(newline + 1);
    }
  }
}

void LineServer::Run(const LineReader::Handler& on_line, const std::function<void()>& on_signal,
                     const std::function<void()>& cancel) {
  {
    SignalWatcher watcher(
        [&] {
          if (on_signal) on_signal();
          worker_.Close();
        },
        cancel);
    LineReader::Run(in_fd_, SignalFd(), on_line);
    worker_.Finish();  // after a signal only the running job is left, and it is being cancelled
  }
}

}  // namespace tool_host
