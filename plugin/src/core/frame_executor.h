// The runner's one seam for frames the plugin carries out itself (DESIGN.md section 9: the
// `page.*` helpers). RunBatch hands such a frame, after interpolation, to the executor
// instead of sending it; the executor's reply then takes the same path as a BiDi reply
// (labels, pick, silent, records, spooling, on_error). The executor also sees every event and
// every raw command's reply of the batch, and resolves the reserved label `tab`.
#ifndef FIREFOX_BIDI_CORE_FRAME_EXECUTOR_H_
#define FIREFOX_BIDI_CORE_FRAME_EXECUTOR_H_

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <chrono>
#include <functional>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "core/media_type.h"
#include "core/transport.h"

namespace firefox_bidi {

// How a successful helper result is written when it is too large to inline.
enum class ResultFile {
  kJson,   // like a BiDi result: the compact JSON in a .json file
  kText,   // a JSON string: its characters in a .txt file ("mime":"text/plain", "bytes")
  kMedia,  // like a screenshot: the base64 "data" member decoded into a file
};

struct ExecutorReply {
  BidiReply reply;  // ok: the helper's result; !ok: a section-9 error code and message
  ResultFile file = ResultFile::kJson;
};

// Thread safety: used by the batch's thread only, one batch at a time.
class FrameExecutor {
 public:
  virtual ~FrameExecutor() = default;

  // True when frames with this method are carried out by the executor (e.g. "page.goto").
  virtual bool Handles(std::string_view method) const = 0;

  // Carries out one frame with its interpolated params within `timeout`, over `transport`,
  // handing every event received meanwhile to `on_event`. A helper's own failure is an
  // ExecutorReply with ok false; the Status codes are those of BidiTransport::Call (the
  // browser went away, the call was cancelled, ...) and mean the same to the runner.
  virtual absl::StatusOr<ExecutorReply> Execute(std::string_view method,
                                                const boost::json::object& params,
                                                std::chrono::milliseconds timeout,
                                                BidiTransport& transport, EventSink on_event) = 0;

  // The value of a reserved label (`<<tab>>`), or nullptr when `label` is not reserved. On a
  // failure to produce it, returns nullptr and sets `*why`. The pointer stays valid until the
  // next call into the executor.
  virtual const boost::json::value* Reserved(std::string_view label, BidiTransport& transport,
                                             EventSink on_event, std::string* why) = 0;

  // The image `base64` (of media type `mime`) scaled to `size` by the browser, in the same
  // format and base64 too: the model's copy of a screenshot (DESIGN.md section 9). Made in
  // browsing context `context` ("": the current tab) within `timeout`. Without an executor
  // that can, screenshots have no model copy.
  virtual absl::StatusOr<std::string> ScaleImage(std::string_view base64, std::string_view mime,
                                                 ImageSize size, std::string_view context,
                                                 std::chrono::milliseconds timeout,
                                                 BidiTransport& transport, EventSink on_event) {
    (void)base64, (void)mime, (void)size, (void)context, (void)timeout, (void)transport,
        (void)on_event;
    return absl::UnimplementedError("this executor does not scale images");
  }
  // The browsing context (tab) a frame with these params acts on: its "tab", else the
  // current tab ("" when none is known yet).
  virtual std::string TabOf(const boost::json::object& params) const = 0;

  // Makes the round trip of a raw command for the calling agent: `send` is the transport's
  // Call. An executor whose agents' calls run at once sends raw input and window activations
  // in the agent's turn on the focus, as the helpers' input is; a wait for the turn that fails
  // is the frame's error reply (nothing sent).
  using RawSend = std::function<absl::StatusOr<BidiReply>()>;
  virtual absl::StatusOr<BidiReply> SendRaw(std::string_view method,
                                            const boost::json::object& params,
                                            std::chrono::milliseconds timeout,
                                            BidiTransport& transport, EventSink on_event,
                                            const RawSend& send) {
    (void)method, (void)params, (void)timeout, (void)transport, (void)on_event;
    return send();
  }

  // Sees every event the batch receives; false hides it from the batch's "events".
  virtual bool OnEvent(const boost::json::value& event) = 0;

  // The user context of the agent the batch runs as, and of the agent an event belongs to
  // ("" when unknown, and always for an executor without agents): the tab guard tells each
  // agent of its own tabs only.
  virtual std::string UserContext() const { return {}; }
  virtual std::string UserContextOfEvent(const boost::json::value& event) const {
    (void)event;
    return {};
  }
};

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_FRAME_EXECUTOR_H_
