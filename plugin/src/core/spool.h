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

// Where files go. With `spool_dir` set, that directory itself. By default a slot under a
// per-user root: `$TMPDIR/firefox-bidi-<euid>/spool-<N>` ($TMPDIR unset or relative: /tmp).
// An instance takes the lowest slot whose lock file `.lock` it can flock(LOCK_EX | LOCK_NB) and
// holds that lock for its lifetime. So repeated short-lived processes (one `tool-host call`
// after another) reuse `spool-0`, whose leftover files count against the quota and are evicted
// first: disk use stays bounded by quota x concurrent instances. Concurrent instances get
// different slots and never touch each other's files. The root and every slot are checked like
// `spool_dir` (real directory, owned by us, no group/other access).
//
// A `spool_dir` given to several instances at once (a long-lived `tool-host serve` and
// one-shot `tool-host call`s with the same config) is shared: an instance that finds its
// `.lock` taken uses the directory all the same, and its batch ids carry a process-unique
// suffix `_<pid>_<n>`, so names never collide.
//
// The quota holds for the directory as a whole, whoever wrote the files, and every instance
// evicts alike: all files that are not of its own current batch are old batches, oldest first
// (by their oldest file's mtime; ties by batch number), whichever process wrote them. Only a
// batch that a live process is still writing is left alone (counted, never evicted): its
// writer holds the batch's marker `.batch-<id>.lock` flock()ed from before the batch's first
// file is created until the batch ends (the next batch begins, or the instance is destroyed),
// and the kernel drops that lock when the process dies. A batch whose marker is unlocked or
// missing may be evicted by anyone; markers left by dead processes are removed when their
// batch is evicted or when a spool opens the directory. Before each reservation an instance
// looks again when the directory changed (its mtime), so it sees what others wrote or evicted
// since. (Two processes reserving at the very same moment may each see room for their own
// file.)
//
// Only regular files whose names follow the spool grammar are counted and evicted; anything
// else in the directory (the lock file, the markers, a user's own files) is left alone.
//
// Names: `<batch>-<index>[-<label>].<ext>`, batch a zero-padded counter that starts after the
// highest batch number found in the directory.
//
// Thread safety: all members may be called from any thread (internally locked); the writer
// thread and the batch thread share one Spool.
class Spool {
 public:
  // Opens `dir` (created with mode 0700 when missing; an existing one must be a real directory
  // owned by us with no group/other access) and counts the files already there as the oldest
  // batches. `dir` empty: the default private directory under $TMPDIR. As ssh checks the
  // directories above a key file, every directory above the spool directory (after realpath)
  // must belong to root or to us and be writable by nobody else unless it is sticky (as /tmp
  // is); otherwise kFailedPrecondition. When the default root `$TMPDIR/firefox-bidi-<euid>` is
  // taken by another user (a link, not a directory, or someone else's), a fresh private
  // directory `$TMPDIR/firefox-bidi-<euid>-XXXXXX` is used instead and notice() says so.
  // kFailedPrecondition with a clear message when the directory is unsafe (a link, not a
  // directory, foreign owner, group/other access) or missing with no parent; other codes from
  // the OS error otherwise (kPermissionDenied...), kResourceExhausted when every default slot
  // is taken. Messages always name the path.
  static absl::StatusOr<std::unique_ptr<Spool>> Open(std::string dir, std::uint64_t quota_bytes);

  virtual ~Spool() = default;

  virtual const std::string& directory() const = 0;

  // Starts a batch and returns its id, unique against every file already in the directory.
  // Files of earlier batches become evictable. Reserve() before any BeginBatch() starts one.
  virtual std::string BeginBatch() = 0;

  // Reserves `bytes` for the file `<batch>-<index>[-<label>].<ext>` of the current batch,
  // evicting earlier batches' files oldest first. kResourceExhausted ("spool quota exceeded")
  // when even that cannot make room; nothing is evicted then.
  virtual absl::StatusOr<SpoolReservation> Reserve(std::size_t frame_index, std::string_view label,
                                                   std::string_view ext, std::uint64_t bytes) = 0;

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
