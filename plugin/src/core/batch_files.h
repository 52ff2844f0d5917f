// The spool files of one batch (DESIGN.md section 7, deferred spool drain): quota reserved in
// the Spool, bytes handed to a SpoolWriter that overlaps the writes with the next frames' round
// trips, and every write waited for once, before the tool result is returned. Frame records
// (record_builder.h) and the events file (event_log.h) are written through it.
#ifndef FIREFOX_BIDI_CORE_BATCH_FILES_H_
#define FIREFOX_BIDI_CORE_BATCH_FILES_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "core/spool.h"
#include "core/spool_writer.h"

namespace firefox_bidi {

// Thread safety: the batch's thread only; the writer's own thread is internal. Batches of
// different owners may run at the same time on one Spool, each with its own BatchFiles.
// Lifetime: `spool` outlives it.
class BatchFiles {
 public:
  // `owner` is the agent the batch runs as (BatchArgs::agent): its batch is kept until the same
  // owner's next batch begins (Spool). `max_in_flight_bytes` bounds the bytes queued and not yet
  // written; `deferred` false writes each file on the batch thread (SpoolWriter's synchronous
  // variant, for benchmarks).
  BatchFiles(Spool& spool, std::string owner, std::uint64_t max_in_flight_bytes, bool deferred);

  struct Handed {
    std::string path;    // absolute; exists once Drain() says the write succeeded
    std::size_t ticket;  // indexes Drain()'s result
  };

  // Reserves `data.bytes().size()` bytes for `<batch>-<index>[-<label>].<ext>` and hands `data` to
  // the writer. The first file of the batch starts it (Spool::BeginBatch for the owner, once; a
  // batch that spools nothing starts none), and every file goes to that batch. The Spool's error
  // when the reservation is refused (kResourceExhausted: the quota), and nothing is written.
  absl::StatusOr<Handed> Write(std::size_t index, std::string_view label, std::string_view ext,
                               SpoolData data);

  // Waits for every write handed over and returns each one's status, by ticket; empty when
  // nothing was written.
  std::vector<absl::Status> Drain();

 private:
  Spool& spool_;
  const std::string owner_;
  std::string batch_;  // the id BeginBatch returned; "" until the first file
  const std::uint64_t max_in_flight_bytes_;
  const bool deferred_;
  std::optional<SpoolWriter> writer_;
};

// The failed write of `ticket` in Drain()'s `statuses`, nullptr when it succeeded or there is
// no ticket.
const absl::Status* FailedWrite(const std::vector<absl::Status>& statuses,
                                std::optional<std::size_t> ticket);

// The error a record (or the events marker) shows for a spool failure: "spool quota exceeded"
// when the quota refused the reservation (kResourceExhausted), "spool write failed" otherwise.
std::string_view SpoolErrorCode(const absl::Status& status);

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_BATCH_FILES_H_
