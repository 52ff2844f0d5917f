// The call a thread runs, as the transport sees it: the agent whose events it takes, its own
// cancel, and the session baton it holds (core/session_baton.h). The tool sets it on the
// calling thread for the length of a call (Scope). Where one thread does everything (tests,
// benches, a host calling one at a time) a thread has none, and the transport behaves as for a
// single caller: every event goes to the sink of the call that reads it.
#ifndef FIREFOX_BIDI_CORE_CALL_LANE_H_
#define FIREFOX_BIDI_CORE_CALL_LANE_H_

#include <atomic>
#include <string>

#include "core/session_baton.h"

namespace firefox_bidi {

struct CallLane {
  std::string agent;                     // whose events this call takes ("default", ...)
  std::atomic<bool> interrupted{false};  // this call only; the transport's Interrupt is for all
  SessionBaton* baton = nullptr;         // held by the call while it runs (nullptr: none)

  // Ends this call's transport waits promptly (kCancelled), as BidiTransport::Interrupt does
  // for every call. Thread-safe.
  void Interrupt() {
    interrupted.store(true);
    if (baton != nullptr) {
      baton->Notify();         // it sleeps in a wait while another call reads
      baton->WakeBlockedIo();  // or it reads, blocked in I/O
    }
  }

  // The lane of the calling thread (nullptr: none).
  static CallLane* Current() { return current_; }

  // Makes `lane` the calling thread's until the scope ends.
  class Scope {
   public:
    explicit Scope(CallLane* lane) : previous_(current_) { current_ = lane; }
    ~Scope() { current_ = previous_; }
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

   private:
    CallLane* const previous_;
  };

 private:
  static thread_local CallLane* current_;
};

inline thread_local CallLane* CallLane::current_ = nullptr;

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_CALL_LANE_H_
