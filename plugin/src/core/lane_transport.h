// The transport one call hands to its runner and helpers when calls run at the same time: the
// session's, with Interrupt and ClearInterrupt acting on the call's own lane, so that what
// stops one call's wait (its cancel, its tab guard, its page watch) never ends another's.
#ifndef FIREFOX_BIDI_CORE_LANE_TRANSPORT_H_
#define FIREFOX_BIDI_CORE_LANE_TRANSPORT_H_

#include "core/call_lane.h"
#include "core/transport.h"

namespace firefox_bidi {

// Thread safety: the call's thread, as the session's; Interrupt from any.
class LaneTransport final : public BidiTransport {
 public:
  LaneTransport(BidiTransport& session, CallLane& lane) : session_(session), lane_(lane) {}

  using BidiTransport::Call;
  absl::StatusOr<BidiReply> Call(std::string_view method, const boost::json::object& params,
                                 std::chrono::milliseconds timeout, EventSink on_event,
                                 SentHook on_sent) override {
    return session_.Call(method, params, timeout, on_event, on_sent);
  }
  void PollEvents(EventSink on_event) override { session_.PollEvents(on_event); }
  absl::Status WaitForEvents(std::chrono::milliseconds timeout, EventSink on_event) override {
    return session_.WaitForEvents(timeout, on_event);
  }
  absl::Status Post(std::string_view method, const boost::json::object& params) override {
    return session_.Post(method, params);
  }
  void Interrupt() override { lane_.Interrupt(); }
  void ClearInterrupt() override { lane_.interrupted.store(false); }

 private:
  BidiTransport& session_;
  CallLane& lane_;
};

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_LANE_TRANSPORT_H_
