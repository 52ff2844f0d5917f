#include "io/private_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <system_error>

#include "absl/strings/str_cat.h"
#include "core/string_view_compat.h"

namespace firefox_bidi {
namespace {

// write(2) moves at most about 2 GiB per call on Linux; larger chunks only loop there.
constexpr std::size_t kMaxWriteChunk = std::size_t{1} << 30;

}  // namespace

absl::Status ErrnoStatus(int err, std::string_view what) {
  std::string message = absl::StrCat(ToAbsl(what), ": ", std::generic_category().message(err));
  switch (err) {
    case ENOSPC:
    case EDQUOT:
      return absl::UnavailableError(message);
    case EEXIST:
      return absl::AlreadyExistsError(message);
    case EACCES:
    case EPERM:
    case EROFS:
      return absl::PermissionDeniedError(message);
    case ENOENT:
      return absl::FailedPreconditionError(message);
    default:
      return absl::InternalError(message);
  }
}

absl::Status WriteNewPrivateFile(int dir_fd, const std::string& name, std::string_view data,
                                 std::string_view shown) {
  const int fd =
      ::openat(dir_fd, name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0) {
    // Nothing of ours to remove: with EEXIST the file belongs to someone else.
    return ErrnoStatus(errno, absl::StrCat("cannot create ", ToAbsl(shown)));
  }
  int err = 0;
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = ::write(fd, data.data() + done, std::min(data.size() - done, kMaxWriteChunk));
    if (n < 0) {
      if (errno == EINTR) continue;
      err = errno;
      break;
    }
    if (n == 0) {
      err = EIO;
      break;
    }
    done += static_cast<std::size_t>(n);
  }
  // A failed close() can be a failed write (NFS, quota). EINTR still closes it on Linux.
  if (::close(fd) != 0 && err == 0 && errno != EINTR) err = errno;
  if (err == 0) return absl::OkStatus();
  ::unlinkat(dir_fd, name.c_str(), 0);
  return ErrnoStatus(err, absl::StrCat("cannot write ", ToAbsl(shown)));
}

}  // namespace firefox_bidi
