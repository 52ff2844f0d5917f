// Who runs the plugin's code on one browser session: the thread that holds the baton. A call
// holds it from its start to its end and lets go only inside a wait of the transport, so that
// the calls of different agents overlap their round trips with the browser while everything
// else they touch (the agents, the tab guard, the page layers) stays single-threaded.
//
// The holder that waits for the browser runs the connection's I/O itself (it reads every
// message, its own and the other calls' replies and events). When another thread wants the
// baton (a call starting, or a call whose reply that I/O has just delivered), the holder gives
// it up and sleeps until something of its own has arrived or the baton is free again:
//
//   SessionBaton::Hold hold(baton, &holder);      // a call's start: waits for its turn to run
//   ... inside the transport's wait loop:
//   if (baton.wanted()) baton.YieldUntil(ready, deadline);   // else block in I/O:
//   if (baton.BeginBlockingIo(&waker)) { io.run_one_until(deadline); baton.EndBlockingIo(); }
//
// Thread safety: every member from any thread; YieldUntil, BeginBlockingIo and EndBlockingIo
// only by the holder.
#ifndef FIREFOX_BIDI_CORE_SESSION_BATON_H_
#define FIREFOX_BIDI_CORE_SESSION_BATON_H_

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>

#include "absl/functional/function_ref.h"

namespace firefox_bidi {

class SessionBaton {
 public:
  using Clock = std::chrono::steady_clock;

  // One thread's claim on the baton. `on_resume` runs each time it gets the baton back after a
  // YieldUntil, before the wait goes on: it restores what the call keeps in shared objects
  // (the agent the executor serves).
  struct Holder {
    std::function<void()> on_resume;
  };

  // How to get a holder out of a blocking I/O wait (posting a no-op to its io_context).
  class IoWaker {
   public:
    virtual void Wake() = 0;

   protected:
    ~IoWaker() = default;
  };

  // Blocks until the baton is free, then takes it for `holder`.
  void Acquire(Holder* holder);
  void Release();

  class Hold {
   public:
    Hold(SessionBaton& baton, Holder* holder) : baton_(baton) { baton_.Acquire(holder); }
    ~Hold() { baton_.Release(); }
    Hold(const Hold&) = delete;
    Hold& operator=(const Hold&) = delete;

   private:
    SessionBaton& baton_;
  };

  // Whether another thread waits to take the baton (the holder should yield at its next wait).
  bool wanted() const { return wanted_.load(std::memory_order_acquire) > 0; }

  // The holder gives the baton up and sleeps until `ready()` (a reply, an event or an interrupt
  // of its own arrived), `deadline`, or the baton is free with nobody else wanting it (then it
  // runs the I/O again); takes the baton back and runs its on_resume. `ready` is called with
  // the baton's lock held and must read atomics only; whoever makes it true calls Notify.
  void YieldUntil(absl::FunctionRef<bool()> ready, Clock::time_point deadline);

  // Wakes the threads in YieldUntil to look at their `ready` again.
  void Notify();

  // The holder is about to block in I/O: false when another thread already wants the baton
  // (yield instead); else until EndBlockingIo an Acquire wakes it through `waker`.
  bool BeginBlockingIo(IoWaker* waker);
  void EndBlockingIo();
  // Gets the holder out of its blocking I/O, if it is in one (an interrupt of a call).
  void WakeBlockedIo();

 private:
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  bool held_ = false;
  Holder* holder_ = nullptr;
  std::atomic<int> wanted_{0};  // threads waiting in Acquire or to take it back in YieldUntil
  IoWaker* blocked_io_ = nullptr;
};

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_SESSION_BATON_H_
