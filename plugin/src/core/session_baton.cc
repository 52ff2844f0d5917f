#include "core/session_baton.h"

namespace firefox_bidi {

void SessionBaton::Acquire(Holder* holder) {
  std::unique_lock<std::mutex> lock(mutex_);
  wanted_.fetch_add(1, std::memory_order_acq_rel);
  if (held_ && blocked_io_ != nullptr) blocked_io_->Wake();
  changed_.wait(lock, [&] { return !held_; });
  wanted_.fetch_sub(1, std::memory_order_acq_rel);
  held_ = true;
  holder_ = holder;
}

void SessionBaton::Release() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    held_ = false;
    holder_ = nullptr;
  }
  changed_.notify_all();
}

void SessionBaton::YieldUntil(absl::FunctionRef<bool()> ready, Clock::time_point deadline) {
  std::unique_lock<std::mutex> lock(mutex_);
  Holder* const me = holder_;
  held_ = false;
  holder_ = nullptr;
  changed_.notify_all();
  for (;;) {
    changed_.wait_until(lock, deadline, [&] {
      return ready() || (!held_ && wanted_.load(std::memory_order_acquire) == 0) ||
             Clock::now() >= deadline;
    });
    const bool urgent = ready() || Clock::now() >= deadline;
    // Free, and either it has something to do or nobody else wants to run: take it.
    if (!held_ && (urgent || wanted_.load(std::memory_order_acquire) == 0)) break;
    // Another sleeper took it first to run the I/O: sleep on; it reads for this one too.
    if (!urgent) continue;
    // Something of its own is there: ask the holder for the baton.
    wanted_.fetch_add(1, std::memory_order_acq_rel);
    if (held_ && blocked_io_ != nullptr) blocked_io_->Wake();
    changed_.wait(lock, [&] { return !held_; });
    wanted_.fetch_sub(1, std::memory_order_acq_rel);
    break;
  }
  held_ = true;
  holder_ = me;
  lock.unlock();
  if (me != nullptr && me->on_resume) me->on_resume();
}

void SessionBaton::Notify() {
  // Under the lock: a sleeper reads its `ready` under it, so the wake-up cannot fall between
  // its look and its sleep.
  { std::lock_guard<std::mutex> lock(mutex_); }
  changed_.notify_all();
}

bool SessionBaton::BeginBlockingIo(IoWaker* waker) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (wanted_.load(std::memory_order_acquire) > 0) return false;
  blocked_io_ = waker;
  return true;
}

void SessionBaton::EndBlockingIo() {
  std::lock_guard<std::mutex> lock(mutex_);
  blocked_io_ = nullptr;
}

void SessionBaton::WakeBlockedIo() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (blocked_io_ != nullptr) blocked_io_->Wake();
}

}  // namespace firefox_bidi
