// The calls of one tool instance in the order they arrive (the C ABI lets a host invoke from
// several threads at once, plugin.h): each waits for the calls before it to end, and each can
// be cancelled by the call context the host gave it, whether it is waiting or running.
//
//   CallQueue::Turn turn(queue, call_context);   // blocks until its turn or its cancel
//   if (turn.cancelled()) ...                      // report the call cancelled, send nothing
//   options.cancelled = &turn.cancel_flag();       // read by RunBatch while it runs
//
// Thread safety: every member from any thread.
#ifndef FIREFOX_BIDI_CORE_CALL_QUEUE_H_
#define FIREFOX_BIDI_CORE_CALL_QUEUE_H_

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>

namespace firefox_bidi {

class CallQueue {
 public:
  // `interrupt` stops the running call's I/O (the transport's Interrupt), `rearm` undoes it
  // (ClearInterrupt) as a call starts. Both are called with the queue's lock held: a cancel
  // can land neither between a call's start and its rearm nor after its end.
  CallQueue(std::function<void()> interrupt, std::function<void()> rearm);

  // One call's place in the queue: waits in the constructor until every call before it has
  // ended (or until it is cancelled), leaves the queue in the destructor. A turn that is not
  // `cancellable` (closing a gone caller's agent) ignores every cancel.
  class Turn {
   public:
    Turn(CallQueue& queue, void* call_context, bool cancellable = true);
    ~Turn();
    Turn(const Turn&) = delete;
    Turn& operator=(const Turn&) = delete;

    // Cancelled before its turn came (then it never ran) or while it runs.
    bool cancelled() const { return cancelled_.load(); }
    const std::atomic<bool>& cancel_flag() const { return cancelled_; }

   private:
    friend class CallQueue;
    CallQueue& queue_;
    void* const call_context_;
    const bool cancellable_;
    std::atomic<bool> cancelled_{false};
    bool running_ = false;
  };

  // Cancels the call started with `call_context` (every such call), waiting or running. A
  // no-op when there is none.
  void Cancel(void* call_context);
  // Cancels every call, waiting or running.
  void CancelAll();
  // How many calls are waiting or running.
  std::size_t size() const;

 private:
  void CancelLocked(Turn& turn);

  const std::function<void()> interrupt_;
  const std::function<void()> rearm_;
  mutable std::mutex mutex_;
  std::condition_variable turn_ended_;
  std::deque<Turn*> turns_;  // front: the running call (or the next to run)
};

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_CALL_QUEUE_H_
