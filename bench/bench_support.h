// Pieces both benches share: scratch directories, a spool that remembers its reservations (so
// outputs can be compared modulo spool paths), turning a tool result back into per-frame
// results, the seeded JSON-ish text generator, and the single-file write the floors use.
#ifndef FIREFOX_BIDI_BENCH_BENCH_SUPPORT_H_
#define FIREFOX_BIDI_BENCH_BENCH_SUPPORT_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "core/batch_args.h"
#include "core/batch_runner.h"
#include "core/canonical_json.h"
#include "core/config.h"
#include "core/spool.h"
#include "core/transport.h"
#include "harness.h"

namespace firefox_bidi::bench {

// A private (0700) directory under $TMPDIR, removed with its files on destruction.
class ScratchDir {
 public:
  static absl::StatusOr<std::unique_ptr<ScratchDir>> Create(std::string_view prefix);
  ~ScratchDir();
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  const std::string& path() const { return path_; }

 private:
  explicit ScratchDir(std::string path) : path_(std::move(path)) {}
  std::string path_;
};

// Delegates to a real Spool and records each reservation's path under a name that does not
// depend on the batch id: "frame-<index>[-<label>].<ext>".
// Thread safety: as Spool (the deferred writer calls Write from its thread).
class RecordingSpool : public Spool {
 public:
  explicit RecordingSpool(std::unique_ptr<Spool> inner) : inner_(std::move(inner)) {}

  const std::string& directory() const override { return inner_->directory(); }
  std::string BeginBatch(std::string_view owner) override { return inner_->BeginBatch(owner); }
  absl::StatusOr<SpoolReservation> Reserve(std::string_view batch, std::size_t frame_index,
                                           std::string_view label, std::string_view ext,
                                           std::uint64_t bytes) override;
  absl::Status Write(const SpoolReservation& reservation, std::string_view data) override {
    return inner_->Write(reservation, data);
  }
  void Release(const SpoolReservation& reservation) override { inner_->Release(reservation); }
  std::uint64_t used_bytes() const override { return inner_->used_bytes(); }

  // (path, stable name) of every reservation so far, in order.
  std::vector<std::pair<std::string, std::string>> reservations() const;

 private:
  std::unique_ptr<Spool> inner_;
  mutable absl::Mutex mu_;
  std::vector<std::pair<std::string, std::string>> reservations_ ABSL_GUARDED_BY(mu_);
};

// The benches' instance config (DESIGN.md section 6): offline, everything else default.
absl::StatusOr<InstanceConfig> BenchInstanceConfig();

// OK when no record of the tool result {"frames":[RECORD...]} holds an error or was skipped.
absl::Status AllFramesSucceeded(std::string_view tool_result);

// Reads a whole file.
absl::StatusOr<std::string> ReadFile(const std::string& path);

// Creates `path` exclusively (0600, never through a link) and writes `data`: the least a
// spool write must do, with the spool's own WriteNewPrivateFile (io/private_file.h).
absl::Status WriteNewFile(const std::string& path, std::string_view data);

// The tool result {"frames":[RECORD...]} turned back into one result text per frame: an inline
// record's `result` serialized, a spooled record's file bytes. An error, skipped or silent
// record fails with what it said, since the benches' batches must succeed.
absl::StatusOr<std::vector<std::string>> FrameResults(std::string_view tool_result);

// The tool result with every spool path replaced by its stable name, followed by each spool
// file (stable name, size, bytes), so that two runs can be compared byte for byte.
absl::StatusOr<SampleOutput> CaptureToolOutput(std::string_view tool_result,
                                               const RecordingSpool& spool);

// What one tool sample runs: the batch and the transport to run it over.
struct ToolSetup {
  BidiTransport* transport = nullptr;
  std::shared_ptr<const BatchArgs> args;
};

// A variant that runs the real RunBatch on what `setup` returns (called untimed before each
// sample, e.g. to rewind a fake or to move the browser session onto the right socket), with a
// fresh spool directory and label cache per sample, created and removed outside the timer.
// Its output is the tool result modulo spool paths plus the spool files.
Variant ToolVariant(std::string name, std::function<absl::StatusOr<ToolSetup>()> setup,
                    RunOptions options);

// The bytes floor (docs/benchmarks.md): the least any client does with a reply, the physical
// limit the product is judged against. For each reply: a copy into a fresh buffer, one pass
// over its bytes, and one exclusive 0600 write of its result when the product spools it.
//
// The span of a success reply's result: everything after the `"result":` member name in the
// reply's head up to the reply's closing brace, as Firefox and Boost.JSON write replies
// ({"type":"success","id":N,"result":...}). An error when the reply is not of that shape.
absl::StatusOr<std::string_view> ResultSpan(std::string_view reply);

// One pass over `bytes`: how many need a JSON scanner's attention (quote, backslash, control
// byte, non-ASCII). Returned so that the pass cannot be optimized away.
std::uint64_t CountSpecialBytes(std::string_view bytes);

// One reply's bytes-floor work on `reply` (already in a fresh buffer): the pass, then, when its
// result is larger than `max_inline_bytes`, the result written to a new file `path` (exclusive,
// 0600). Returns the pass's count.
absl::StatusOr<std::uint64_t> BytesFloorReply(std::string_view reply,
                                              std::uint64_t max_inline_bytes,
                                              const std::string& path);

// A bytes-floor sample's output: each reply's result (ResultSpan). Fails when the pass counted
// no special byte, which the benches' replies always hold.
absl::StatusOr<SampleOutput> BytesFloorOutput(const std::vector<std::string>& replies,
                                              std::uint64_t special);

// One bytes-floor sample's state, shared by the micro and e2e benches: the scratch directory
// the spooled results go to, the replies (kept until the sample ends, as the tool keeps
// results for its labels) and the special bytes counted.
struct BytesFloorSample {
  std::unique_ptr<ScratchDir> dir;
  std::vector<std::string> replies;
  std::uint64_t special = 0;

  // Untimed: a fresh scratch directory named `prefix`..., no replies, no count.
  absl::Status Begin(std::string_view prefix);
  // Reply `index`'s work (BytesFloorReply), its file `<dir>/<index>.json`.
  absl::Status Count(std::size_t index, std::string_view reply, std::uint64_t max_inline_bytes);
  // The sample's output (BytesFloorOutput); the replies and the directory go.
  absl::StatusOr<SampleOutput> Finish();
};

// `v` with the string scan (canonical_json.h, process-wide) set to `scan` before each of its
// samples, untimed.
Variant WithScan(Variant v, StringScan scan);

// `v` with large result buffers recycled (the product) or made anew for each result
// (text_buffers.h, process-wide), set before each of its samples, untimed.
Variant WithBufferReuse(Variant v, bool reuse);

// Deterministic JSON-ish text of exactly `bytes` bytes (UTF-8, never cut inside a character):
// records with quotes, backslashes, escapes, numbers and non-ASCII (Latin, CJK, emoji), the
// kind of text a page's JSON.stringify or innerText yields. Same seed, same text.
std::string JsonishText(std::uint64_t seed, std::size_t bytes);

}  // namespace firefox_bidi::bench

#endif  // FIREFOX_BIDI_BENCH_BENCH_SUPPORT_H_
