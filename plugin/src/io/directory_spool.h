// The spool on disk: one private directory per instance (DESIGN.md section 7), behind the
// core's Spool interface (core/spool.h).
#ifndef FIREFOX_BIDI_IO_DIRECTORY_SPOOL_H_
#define FIREFOX_BIDI_IO_DIRECTORY_SPOOL_H_

#include <cstdint>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "core/spool.h"

namespace firefox_bidi {

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
// The quota holds for the directory as a whole, whoever wrote the files, and every instance evicts
// alike: all files that are not of its own current batches (the newest batch of each owner,
// core/spool.h) are old batches, oldest first (by their oldest file's mtime; ties by batch number),
// whichever process wrote them. Only a batch that a live process is still writing is left alone
// (counted, never evicted): its writer holds the batch's marker `.batch-<id>.lock` flock()ed from
// before the batch's first file is created until the batch ends (its owner's next batch begins, or
// the instance is destroyed), and the kernel drops that lock when the process dies. A batch whose
// marker is unlocked or missing may be evicted by anyone; markers left by dead processes are
// removed when their batch is evicted or when a spool opens the directory. Before each reservation
// an instance looks again when the directory changed (its mtime), so it sees what others wrote or
// evicted since. (Two processes reserving at the very same moment may each see room for their own
// file.)
//
// Only regular files whose names follow the spool grammar are counted and evicted; anything
// else in the directory (the lock file, the markers, a user's own files) is left alone.
//
// Names: `<batch>-<index>[-<label>].<ext>`, batch a zero-padded counter that starts after the
// highest batch number found in the directory.
//
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
absl::StatusOr<std::unique_ptr<Spool>> OpenDirectorySpool(std::string dir,
                                                          std::uint64_t quota_bytes);

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_IO_DIRECTORY_SPOOL_H_
