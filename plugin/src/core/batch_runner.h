// runBatch (DESIGN.md section 7): runs validated frames in order over a BidiTransport,
// interpolates labels, builds result records, spools large results through the deferred
// drain, and returns the compact tool-result JSON.
#ifndef FIREFOX_BIDI_CORE_BATCH_RUNNER_H_
#define FIREFOX_BIDI_CORE_BATCH_RUNNER_H_

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "core/batch_args.h"
#include "core/config.h"
#include "core/label_cache.h"
#include "core/spool.h"
#include "core/transport.h"

namespace firefox_bidi {

struct RunOptions {
  std::uint64_t max_inline_bytes = 8192;
  std::uint64_t max_result_bytes = 65536;
  std::chrono::milliseconds frame_timeout{30000};  // for frames without timeout_ms
  Limits limits;
  bool deferred_spool = true;  // false: write spool files on the batch thread (benchmarks)
  // Benchmark baseline only: measure N by serializing the whole inline record, then serialize
  // the result again, instead of the single-pass probe arithmetic. Same output.
  bool two_pass_record_size = false;
  // Set from another thread to stop the batch: the frame in flight ends as "cancelled"
  // (together with BidiTransport::Interrupt), later frames are skipped.
  const std::atomic<bool>* cancelled = nullptr;
  // Called after each frame with (frames done, total, "frame N method").
  std::function<void(std::uint64_t, std::uint64_t, std::string_view)> on_progress;
};

// Runs the batch. Never fails as a whole: every failure is a record inside the result.
// Thread safety: one batch at a time per Spool/LabelCache pair.
std::string RunBatch(const BatchArgs& args, BidiTransport& transport, Spool& spool,
                     LabelCache& label_cache, const RunOptions& options);

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_BATCH_RUNNER_H_
