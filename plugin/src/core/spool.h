// The spool (DESIGN.md section 7): where results too large to return inline go, bounded by a
// quota; a writer (core/spool_writer.h) overlaps its writes with the next frames' round trips
// (the deferred drain).
#ifndef FIREFOX_BIDI_CORE_SPOOL_H_
#define FIREFOX_BIDI_CORE_SPOOL_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace firefox_bidi {

// Room reserved in the quota for one file of a batch. `path` is absolute and lies inside the
// spool directory.
struct SpoolReservation {
  std::string path;
  std::uint64_t bytes = 0;
};

// Where a batch's large results go. The implementation on disk is io/directory_spool.h
// (OpenDirectorySpool); the core sees only this interface, so its tests and the benchmarks can
// stand in their own.
//
// Batches are explicit: several may be written at the same time, one per owner (the agent a
// tool call runs as, page/agents.h). Within the process, a batch is never evicted while it is
// the newest batch of its owner: the files of a batch become evictable when the same owner's
// next batch begins (and its reservations are written or released). Another owner's running
// batch, and another owner's last batch (its model may be reading it), stay.
//
// Thread safety: all members may be called from any thread (internally locked); the writer
// thread and the batch threads share one Spool.
class Spool {
 public:
  virtual ~Spool() = default;

  virtual const std::string& directory() const = 0;

  // Starts a batch for `owner` ("" is an owner like any other) and returns its id, unique
  // against every file already in the directory. The owner's earlier batches become evictable;
  // other owners' batches are untouched.
  virtual std::string BeginBatch(std::string_view owner) = 0;

  // `owner` is gone (its agent was closed): its newest batch becomes evictable once its
  // reservations are written or released. Default: nothing to do (a spool that never evicts).
  virtual void EndOwner(std::string_view owner) { (void)owner; }

  // Reserves `bytes` for the file `<batch>-<index>[-<label>].<ext>` of `batch` (an id
  // BeginBatch() returned), evicting batches that are evictable oldest first.
  // kResourceExhausted ("spool quota exceeded") when even that cannot make room; nothing is
  // evicted then. kInvalidArgument when `batch` is no batch of this spool's owners ("unknown
  // spool batch \"ID\"") or the label or extension is malformed.
  virtual absl::StatusOr<SpoolReservation> Reserve(std::string_view batch, std::size_t frame_index,
                                                   std::string_view label, std::string_view ext,
                                                   std::uint64_t bytes) = 0;

  // Creates the reserved file exclusively (0600, O_NOFOLLOW) and writes `data` (exactly
  // `reservation.bytes` long). On failure removes any partial file, releases the reservation
  // and returns an error that names the path and the cause ("cannot create spool file P: File
  // exists"): kAlreadyExists (a file took the name), kUnavailable (disk full),
  // kFailedPrecondition (directory removed), kPermissionDenied, kInvalidArgument (size or path
  // mismatch). Never kResourceExhausted, which only Reserve() uses, for the quota.
  virtual absl::Status Write(const SpoolReservation& reservation, std::string_view data) = 0;

  // Gives back a reservation that will not be written (no-op for a written or unknown one).
  virtual void Release(const SpoolReservation& reservation) = 0;

  // Bytes counted against the quota (files on disk, ours and other instances', plus
  // reservations), as of the last look at the directory.
  virtual std::uint64_t used_bytes() const = 0;

  // Something the user should hear about the directory chosen (logged by the tool), e.g. that
  // the default directory was taken by another user and a fresh private one is used instead;
  // "" when nothing.
  virtual std::string notice() const { return ""; }
};

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_SPOOL_H_
