// The spool (DESIGN.md section 7): one private directory per instance holding results too
// large to return inline, bounded by a quota, with a writer that overlaps disk writes with the
// next frames' round trips (the deferred drain).
#ifndef FIREFOX_BIDI_CORE_SPOOL_H_
#define FIREFOX_BIDI_CORE_SPOOL_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace firefox_bidi {

// Room reserved in the quota for one file of the current batch. `path` is absolute and lies
// inside the spool directory.
struct SpoolReservation {
  std::string path;
  std::uint64_t bytes = 0;
};

// Thread safety: all members may be called from any thread (internally locked); the writer
// thread and the batch thread share one Spool.
class Spool {
 public:
  // Opens `dir` (created with mode 0700 when missing; an existing one must be a real directory
  // owned by us with no group/other access) and counts the files already there as the oldest
  // batches. `dir` empty: the default private directory under $TMPDIR.
  // kFailedPrecondition with a clear message when the directory is unsafe or unusable.
  static absl::StatusOr<std::unique_ptr<Spool>> Open(std::string dir, std::uint64_t quota_bytes);

  virtual ~Spool() = default;

  virtual const std::string& directory() const = 0;

  // Starts a batch; its id is unique against every file already in the directory. Files of
  // earlier batches become evictable.
  virtual std::string BeginBatch() = 0;

  // Reserves `bytes` for the file `<batch>-<index>[-<label>].<ext>` of the current batch,
  // evicting earlier batches' files oldest first. kResourceExhausted ("spool quota exceeded")
  // when even that cannot make room; nothing is evicted then.
  virtual absl::StatusOr<SpoolReservation> Reserve(std::size_t frame_index,
                                                   std::string_view label, std::string_view ext,
                                                   std::uint64_t bytes) = 0;

  // Creates the reserved file exclusively (0600, O_NOFOLLOW) and writes `data` (exactly
  // `reservation.bytes` long). On failure removes any partial file, releases the reservation
  // and returns an error that names the path and the cause.
  virtual absl::Status Write(const SpoolReservation& reservation, std::string_view data) = 0;

  // Gives back a reservation that will not be written.
  virtual void Release(const SpoolReservation& reservation) = 0;

  // Bytes counted against the quota (files on disk plus reservations).
  virtual std::uint64_t used_bytes() const = 0;
};

// Writes spool files off the batch thread. Submit() hands over the bytes and returns at once
// (blocking only while more than `max_in_flight_bytes` are queued); Drain() waits until every
// submitted write has finished and returns each one's status, in submission order.
//
// With `deferred == false` Submit() writes synchronously (the "inline" variant benchmarked
// against the deferred drain).
class SpoolWriter {
 public:
  SpoolWriter(Spool& spool, std::uint64_t max_in_flight_bytes, bool deferred = true);
  ~SpoolWriter();  // drains
  SpoolWriter(const SpoolWriter&) = delete;
  SpoolWriter& operator=(const SpoolWriter&) = delete;

  // Returns the ticket (0, 1, 2... per Drain cycle) that indexes Drain()'s result.
  std::size_t Submit(SpoolReservation reservation, std::string data);
  std::vector<absl::Status> Drain();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_SPOOL_H_
