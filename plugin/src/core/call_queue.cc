#include "core/call_queue.h"

#include <algorithm>
#include <string>
#include <utility>

namespace firefox_bidi {

CallQueue::CallQueue(std::function<void()> interrupt, std::function<void()> rearm,
                     SessionBaton* baton)
    : interrupt_(std::move(interrupt)), rearm_(std::move(rearm)), baton_(baton) {}

CallQueue::Arrival::Arrival(CallQueue& queue, void* call_context)
    : queue_(queue), call_context_(call_context) {
  const std::lock_guard<std::mutex> lock(queue_.mutex_);
  queue_.arrivals_.push_back(this);
}

CallQueue::Arrival::~Arrival() {
  const std::lock_guard<std::mutex> lock(queue_.mutex_);
  std::erase(queue_.arrivals_, this);
}

CallQueue::Turn::Turn(CallQueue& queue, void* call_context, std::string_view agent,
                      const Arrival* arrival, bool cancellable)
    : queue_(queue), call_context_(call_context), cancellable_(cancellable) {
  lane_.agent = std::string(agent);
  lane_.baton = queue_.baton_;
  std::unique_lock<std::mutex> lock(queue_.mutex_);
  queue_.turns_.push_back(this);
  if (arrival != nullptr && arrival->cancelled_ && cancellable_) cancelled_.store(true);
  queue_.turn_ended_.wait(lock, [this] { return queue_.MayRunLocked(*this) || cancelled_.load(); });
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

bool CallQueue::MayRunLocked(const Turn& turn) const {
  for (const Turn* earlier : turns_) {
    if (earlier == &turn) return true;
    if (earlier->lane_.agent == turn.lane_.agent) return false;
  }
  return true;
}

std::size_t CallQueue::RunningLocked() const {
  return static_cast<std::size_t>(
      std::count_if(turns_.begin(), turns_.end(), [](const Turn* turn) { return turn->running_; }));
}

void CallQueue::CancelLocked(Turn& turn, bool all) {
  if (!turn.cancellable_) return;
  turn.cancelled_.store(true);
  if (!turn.running_) return;
  turn.lane_.Interrupt();
  // What the session waits for outside the connection (a browser starting) is every call's:
  // stopped only for a call that runs alone, or when every call is cancelled.
  if (interrupt_ && (all || RunningLocked() == 1)) interrupt_();
}

void CallQueue::Cancel(void* call_context) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (Turn* turn : turns_) {
      if (turn->call_context_ == call_context) CancelLocked(*turn, /*all=*/false);
    }
    for (Arrival* arrival : arrivals_) {
      if (arrival->call_context_ == call_context) arrival->cancelled_ = true;
    }
  }
  turn_ended_.notify_all();  // a waiting call that was cancelled leaves
}

void CallQueue::CancelAll() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (Turn* turn : turns_) CancelLocked(*turn, /*all=*/true);
    for (Arrival* arrival : arrivals_) arrival->cancelled_ = true;
  }
  turn_ended_.notify_all();
}

std::size_t CallQueue::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return turns_.size();
}

std::size_t CallQueue::of_agent(std::string_view agent) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return static_cast<std::size_t>(std::count_if(
      turns_.begin(), turns_.end(), [&](const Turn* turn) { return turn->lane_.agent == agent; }));
}

std::size_t CallQueue::running() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return RunningLocked();
}

}  // namespace firefox_bidi
