#include "core/call_queue.h"

#include <algorithm>
#include <utility>

namespace firefox_bidi {

CallQueue::CallQueue(std::function<void()> interrupt, std::function<void()> rearm)
    : interrupt_(std::move(interrupt)), rearm_(std::move(rearm)) {}

CallQueue::Turn::Turn(CallQueue& queue, void* call_context, bool cancellable)
    : queue_(queue), call_context_(call_context), cancellable_(cancellable) {
  std::unique_lock<std::mutex> lock(queue_.mutex_);
  queue_.turns_.push_back(this);
  queue_.turn_ended_.wait(lock,
                          [this] { return queue_.turns_.front() == this || cancelled_.load(); });
  if (cancelled_.load()) return;  // it leaves without running
  if (queue_.rearm_) queue_.rearm_();
  running_ = true;
}

CallQueue::Turn::~Turn() {
  {
    std::lock_guard<std::mutex> lock(queue_.mutex_);
    running_ = false;
    queue_.turns_.erase(std::find(queue_.turns_.begin(), queue_.turns_.end(), this));
  }
  queue_.turn_ended_.notify_all();
}

void CallQueue::CancelLocked(Turn& turn) {
  if (!turn.cancellable_) return;
  turn.cancelled_.store(true);
  if (turn.running_ && interrupt_) interrupt_();
}

void CallQueue::Cancel(void* call_context) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (Turn* turn : turns_) {
      if (turn->call_context_ == call_context) CancelLocked(*turn);
    }
  }
  turn_ended_.notify_all();  // a waiting call that was cancelled leaves
}

void CallQueue::CancelAll() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (Turn* turn : turns_) CancelLocked(*turn);
  }
  turn_ended_.notify_all();
}

std::size_t CallQueue::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return turns_.size();
}

}  // namespace firefox_bidi
