// The calls of one tool instance in the order they arrive (the C ABI lets a host invoke from
// several threads at once, plugin.h): each waits for the calls of the same agent before it to
// end (calls of different agents run at the same time, taking turns on the session baton), and
// each can be cancelled by the call context the host gave it, whether it is waiting or running.
//
//   CallQueue::Arrival arrival(queue, call_context);   // before its arguments are read
//   CallQueue::Turn turn(queue, call_context, agent, &arrival);  // its turn, or its cancel
//   if (turn.cancelled()) ...                            // report it cancelled, send nothing
//   CallLane::Scope scope(&turn.lane());                 // the transport knows the call by it
//   options.cancelled = &turn.cancel_flag();             // read by RunBatch while it runs
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
#include <string_view>
#include <vector>

#include "core/call_lane.h"
#include "core/session_baton.h"

namespace firefox_bidi {

class CallQueue {
 public:
  // A cancel interrupts the running call's own transport waits (its CallLane). `interrupt`
  // stops what else the session waits for (starting a browser: the transport's Interrupt)
  // when the cancelled call runs alone or every call is cancelled; `rearm` undoes it
  // (ClearInterrupt) as a call starts. Both are called with the queue's lock held: a cancel
  // can land neither between a call's start and its rearm nor after its end. `baton`: the
  // session baton the calls hold (for their lanes; may be null).
  CallQueue(std::function<void()> interrupt, std::function<void()> rearm,
            SessionBaton* baton = nullptr);

  // A call from the moment it arrives until its Turn, while its arguments are read (its agent
  // is not known yet): a cancel that lands meanwhile is kept, and its Turn starts cancelled.
  class Arrival {
   public:
    Arrival(CallQueue& queue, void* call_context);
    ~Arrival();
    Arrival(const Arrival&) = delete;
    Arrival& operator=(const Arrival&) = delete;

   private:
    friend class CallQueue;
    CallQueue& queue_;
    void* const call_context_;
    bool cancelled_ = false;  // under the queue's lock
  };

  // One call's place in the queue: waits in the constructor until every call of `agent`
  // before it has ended (or until it is cancelled, `arrival` included), leaves the queue in the
  // destructor. A turn that is not `cancellable` (closing a gone caller's agent) ignores every
  // cancel.
  class Turn {
   public:
    Turn(CallQueue& queue, void* call_context, std::string_view agent = "default",
         const Arrival* arrival = nullptr, bool cancellable = true);
    ~Turn();
    Turn(const Turn&) = delete;
    Turn& operator=(const Turn&) = delete;

    // Cancelled before its turn came (then it never ran) or while it runs.
    bool cancelled() const { return cancelled_.load(); }
    const std::atomic<bool>& cancel_flag() const { return cancelled_; }
    // The call as the transport knows it: its agent and its own cancel.
    CallLane& lane() { return lane_; }

   private:
    friend class CallQueue;
    CallQueue& queue_;
    void* const call_context_;
    const bool cancellable_;
    std::atomic<bool> cancelled_{false};
    bool running_ = false;
    CallLane lane_;
  };

  // Cancels the call started with `call_context` (every such call), arriving, waiting or
  // running. A no-op when there is none.
  void Cancel(void* call_context);
  // Cancels every call, arriving, waiting or running.
  void CancelAll();
  // How many calls are waiting or running; how many are running.
  std::size_t size() const;
  std::size_t running() const;
  // How many calls of `agent` are waiting or running.
  std::size_t of_agent(std::string_view agent) const;

 private:
  void CancelLocked(Turn& turn, bool all);
  bool MayRunLocked(const Turn& turn) const;
  std::size_t RunningLocked() const;

  const std::function<void()> interrupt_;
  const std::function<void()> rearm_;
  SessionBaton* const baton_;
  mutable std::mutex mutex_;
  std::condition_variable turn_ended_;
  std::deque<Turn*> turns_;  // in arrival order
  std::vector<Arrival*> arrivals_;
};

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_CALL_QUEUE_H_
