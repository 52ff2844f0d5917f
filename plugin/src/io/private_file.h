// Files only this user may read: created exclusively with mode 0600, never through a link.
// The spool's files and the launcher's profile files (user.js) are both written here.
#ifndef FIREFOX_BIDI_IO_PRIVATE_FILE_H_
#define FIREFOX_BIDI_IO_PRIVATE_FILE_H_

#include <string>
#include <string_view>

#include "absl/status/status.h"

namespace firefox_bidi {

// "WHAT: CAUSE" (CAUSE the text of `err`), coded by what a caller can do about it:
// kUnavailable for a full disk or quota (ENOSPC, EDQUOT: retry may help once space is freed),
// kAlreadyExists (EEXIST), kPermissionDenied (EACCES, EPERM, EROFS), kFailedPrecondition
// (ENOENT), kInternal for the rest. Never kResourceExhausted, which the spool keeps for its own
// quota.
absl::Status ErrnoStatus(int err, std::string_view what);

// Creates `name` exclusively (O_EXCL) with mode 0600, never following a link (O_NOFOLLOW),
// and writes all of `data`. `name` is relative to the directory `dir_fd`; with AT_FDCWD it is
// an absolute path or relative to the working directory. An existing file, a link included, is
// never touched: kAlreadyExists. On failure the status says "cannot create SHOWN: CAUSE" or
// "cannot write SHOWN: CAUSE" (ErrnoStatus), and a file this call created is removed again.
// Thread safety: a free function; concurrent calls for different names are independent.
absl::Status WriteNewPrivateFile(int dir_fd, const std::string& name, std::string_view data,
                                 std::string_view shown);

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_IO_PRIVATE_FILE_H_
