// runBatch (DESIGN.md section 7): runs validated frames in order over a BidiTransport,
// interpolates labels, builds result records, spools large results through the deferred
// drain, and returns the compact tool-result JSON. The frame loop lives here; it hands each
// record to record_builder.h, each event to event_log.h (both write their files through
// batch_files.h), and each frame the plugin carries out itself to a FrameExecutor.
#ifndef FIREFOX_BIDI_CORE_BATCH_RUNNER_H_
#define FIREFOX_BIDI_CORE_BATCH_RUNNER_H_

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "core/batch_args.h"
#include "core/config.h"
#include "core/frame_executor.h"
#include "core/label_cache.h"
#include "core/page_watch.h"
#include "core/policy.h"
#include "core/record_builder.h"
#include "core/spool.h"
#include "core/tab_guard.h"
#include "core/transport.h"

namespace firefox_bidi {

// The record sizes (max_inline_bytes, max_result_bytes, two_pass_record_size) are the
// RecordOptions (record_builder.h); the rest is the loop's.
struct RunOptions : RecordOptions {
  std::chrono::milliseconds frame_timeout{30000};  // for frames without timeout_ms
  Limits limits;
  bool deferred_spool = true;  // false: write spool files on the batch thread (benchmarks)
  // false (benchmark baseline): a result without pick is made into its record before the next
  // frame is sent, instead of while the browser works on it.
  bool finish_after_next_send = true;
  // Set from another thread to stop the batch: the frame in flight ends as "cancelled"
  // (together with BidiTransport::Interrupt), later frames are skipped.
  const std::atomic<bool>* cancelled = nullptr;
  // Watches the page across calls (null: no watching): a script frame whose realm is destroyed
  // (the page navigated away) or whose page opens a user prompt fails at once ("page
  // navigated", "user prompt open"; on_error applies), and events only the tool subscribed to
  // are left out of "events".
  PageWatch* page_watch = nullptr;
  // Carries out the frames it Handles() (the page.* helpers), resolves the reserved label
  // `tab`, and filters the batch's events; nullptr: every frame is a raw BiDi command.
  FrameExecutor* executor = nullptr;
  // What the model may do (DESIGN.md section 10). Every frame is judged right before it is
  // sent, after interpolation; a refused one gets `error: "not allowed"` and nothing is sent
  // for it. nullptr: nothing is judged (tests and benchmarks of the runner alone).
  const Policy* policy = nullptr;
  // Judges what the browser actually loads and bounds its tabs (null: nothing watched). A
  // navigation it refuses makes the frame in flight stop waiting and fail with "not allowed"
  // (its reply is never recorded or bound), and the tab that started it is closed before
  // anything else is sent; one seen between calls fails the first frame, which is not sent.
  // Tabs past its bound are closed after the frame that opened them, which fails likewise.
  TabGuard* tab_guard = nullptr;
  // Judges each frame after the policy, for the agent the batch runs as (page/agents.h): a
  // refusal (kPermissionDenied) is "not allowed" as the policy's is; it may set the params to
  // send instead. Unset: nothing more is judged.
  std::function<absl::Status(std::string_view method, const boost::json::object& params,
                             std::optional<boost::json::object>* rewritten)>
      confine;
  // Called after each frame with (frames done, total, "frame N method").
  std::function<void(std::uint64_t, std::uint64_t, std::string_view)> on_progress;
};

// Runs the batch. Never fails as a whole: every failure is a record inside the result.
// Thread safety: one batch at a time per Spool/LabelCache pair.
//
// The result is {"frames":[RECORD...],"events":[...]} (DESIGN.md section 7), compact.
//
// Frame outcomes and on_error:
//   - BiDi error reply, "timeout", "invalid interpolation" and "not allowed" (nothing is sent
//     for that frame), "invalid pick", "reply too large": an error record; with on_error "stop"
//     later frames are "skipped", with "continue" they run.
//   - "browser disconnected" and "cancelled" (options.cancelled set, or the transport
//     interrupted): an error record, and later frames are skipped whatever on_error says.
//   - "spool quota exceeded" / "spool write failed": the command itself succeeded and its
//     label is bound, so the batch goes on as if the frame had succeeded.
//   - "transport error": the browser sent something that is not a BiDi message in reply. A
//     large result is checked only once the next frame is on its way (see below), so that
//     frame has been sent even with on_error "stop"; its label is not bound.
//
// A successful frame without pick is made into its record (its result checked, measured,
// handed to the spool writer) once the next frame has been sent, while the browser works on
// it; before the next frame's interpolation or failure, and at the end, at the latest.
//   - `silent` wins over the screenshot/PDF rule: a silent frame writes no file.
//
// Events, in arrival order: those that arrived between calls (BidiTransport::PollEvents
// before the first frame) and those received during the batch. Each is the event message
// with "frame" added: the index of the frame in flight when it arrived, -1 between calls.
// At most limits.max_events and limits.max_event_bytes (serialized, tag included) are kept:
// past either bound the oldest go, so the newest are kept.
//   - {"dropped":K} first when K events were not kept (the oldest; or one too large alone);
//   - then the first kept ones inline: at most limits.max_inline_events, and only while they
//     fit in max_result_bytes;
//   - the rest in one JSON-lines spool file (one event per line) named like a frame's file
//     with index frames.size() and label "events" (`<batch>-<N>-events.jsonl`), shown by one
//     marker at the end of "events":
//     {"spooled":"/abs/path","size":FILE_BYTES,"count":K,"preview":"first 200 bytes"}
//     (or {"error":{"error":"spool quota exceeded","message":...},"count":K}).
//   "events" is present only when any event arrived.
//
// Frames options.executor Handles() are carried out by it after interpolation, with the
// frame's timeout; its reply is recorded as a BiDi reply would be (a helper failure is an error
// record with the helper's code). A text result (ResultFile::kText) that is spooled is written
// as a .txt file holding its characters; its marker adds "mime":"text/plain" and "bytes".
// Every event passes executor->OnEvent first, which may hide it.
//
// Labels bind the whole BiDi result (whatever pick/silent say). After the batch, labels whose
// whole result serializes to at most max_inline_bytes are put into the LabelCache for later
// calls. A reference resolves against this batch's labels first, then the cache; a label of
// this batch whose frame failed does not fall back to the cache.
std::string RunBatch(const BatchArgs& args, BidiTransport& transport, Spool& spool,
                     LabelCache& label_cache, const RunOptions& options);

// What RunBatch returns for a batch cancelled before its first frame was sent (the frame
// "cancelled", the rest skipped), made without a transport or a spool: for a call cancelled
// while it waited for its turn.
std::string CancelledBatch(const BatchArgs& args);

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_BATCH_RUNNER_H_
