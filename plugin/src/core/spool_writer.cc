// The deferred spool drain: one worker thread writes queued spool files in FIFO order while the
// batch thread goes on with the next frames.
#include "core/spool_writer.h"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <system_error>
#include <thread>
#include <utility>

#include "core/text_buffers.h"

namespace firefox_bidi {

struct SpoolWriter::State {
  struct Job {
    std::size_t ticket;
    SpoolReservation reservation;
    SpoolData data;
  };

  State(Spool& spool, std::uint64_t max_in_flight_bytes, bool deferred)
      : spool(spool), max_in_flight_bytes(max_in_flight_bytes), deferred(deferred) {}

  // Worker thread body: write jobs until stopped and the queue is empty.
  void Run() {
    std::unique_lock lock(mu);
    while (true) {
      work_ready.wait(lock, [&] { return stopping || !queue.empty(); });
      if (queue.empty()) return;  // stopping
      Job job = std::move(queue.front());
      queue.pop_front();
      lock.unlock();
      absl::Status status = spool.Write(job.reservation, job.data.bytes());
      const std::uint64_t size = job.data.bytes().size();
      job.data.Release();  // before we admit more
      lock.lock();
      results[job.ticket] = std::move(status);
      in_flight_bytes -= size;
      --unfinished;
      progress.notify_all();
    }
  }

  // Starts the worker on first use; false when no thread can be started.
  bool EnsureWorker() {
    if (worker.joinable()) return true;
    try {
      worker = std::thread([this] { Run(); });
    } catch (const std::system_error&) {
      return false;
    }
    return true;
  }

  Spool& spool;
  const std::uint64_t max_in_flight_bytes;
  const bool deferred;

  std::mutex mu;
  std::condition_variable work_ready;  // worker: a job was queued or stopping
  std::condition_variable progress;    // submitters and Drain: a job finished
  std::deque<Job> queue;
  std::vector<absl::Status> results;  // by ticket, this Drain cycle
  std::uint64_t in_flight_bytes = 0;  // queued or being written
  std::size_t unfinished = 0;
  bool stopping = false;
  std::thread worker;
};

SpoolWriter::SpoolWriter(Spool& spool, std::uint64_t max_in_flight_bytes, bool deferred)
    : state_(std::make_unique<State>(spool, max_in_flight_bytes, deferred)) {}

SpoolWriter::~SpoolWriter() {
  Drain();
  {
    std::lock_guard lock(state_->mu);
    state_->stopping = true;
  }
  state_->work_ready.notify_all();
  if (state_->worker.joinable()) state_->worker.join();
}

void SpoolData::Release() {
  shared_.reset();
  GiveTextBuffer(std::move(owned_));
}

std::size_t SpoolWriter::Submit(SpoolReservation reservation, SpoolData data) {
  State& s = *state_;
  std::unique_lock lock(s.mu);
  if (!s.deferred || !s.EnsureWorker()) {
    const std::size_t ticket = s.results.size();
    // Inline: a slot first, so the ticket stays valid while the lock is dropped for the write.
    s.results.emplace_back();
    lock.unlock();
    absl::Status status = s.spool.Write(reservation, data.bytes());
    data.Release();
    lock.lock();
    s.results[ticket] = std::move(status);
    return ticket;
  }
  // A job larger than the bound alone is admitted once nothing else is in flight.
  const std::uint64_t size = data.bytes().size();
  s.progress.wait(lock, [&] {
    return s.in_flight_bytes == 0 || (s.in_flight_bytes <= s.max_in_flight_bytes &&
                                      size <= s.max_in_flight_bytes - s.in_flight_bytes);
  });
  const std::size_t ticket = s.results.size();
  s.results.emplace_back();
  s.in_flight_bytes += size;
  ++s.unfinished;
  s.queue.push_back(State::Job{ticket, std::move(reservation), std::move(data)});
  s.work_ready.notify_one();
  return ticket;
}

std::vector<absl::Status> SpoolWriter::Drain() {
  State& s = *state_;
  std::unique_lock lock(s.mu);
  s.progress.wait(lock, [&] { return s.unfinished == 0; });
  return std::exchange(s.results, {});
}

}  // namespace firefox_bidi
