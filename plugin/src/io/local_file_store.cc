#include "io/local_file_store.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/string_view_compat.h"
#include "io/private_file.h"

namespace firefox_bidi {

absl::StatusOr<std::string> LocalFileStore::Read(const std::string& path,
                                                 std::size_t max_bytes) const {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    const int err = errno;
    if (err == ENOENT) return absl::NotFoundError(absl::StrCat("\"", path, "\" does not exist"));
    return ErrnoStatus(err, absl::StrCat("cannot open \"", path, "\""));
  }
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat info {};
  if (::fstat(fd, &info) != 0)
    return ErrnoStatus(errno, absl::StrCat("cannot read \"", path, "\""));
  if (!S_ISREG(info.st_mode)) {
    return absl::InvalidArgumentError(absl::StrCat("\"", path, "\" is not a regular file"));
  }
  if (static_cast<std::size_t>(info.st_size) > max_bytes) {
    return absl::InvalidArgumentError(absl::StrCat("\"", path, "\" holds ", info.st_size,
                                                   " bytes, more than the ", max_bytes, " it may"));
  }
  std::string data;
  char buffer[65536];
  while (true) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0) {
      if (errno == EINTR) continue;
      return ErrnoStatus(errno, absl::StrCat("cannot read \"", path, "\""));
    }
    if (n == 0) break;
    data.append(buffer, static_cast<std::size_t>(n));
    if (data.size() > max_bytes) {
      return absl::InvalidArgumentError(
          absl::StrCat("\"", path, "\" holds more than the ", max_bytes, " bytes it may"));
    }
  }
  return data;
}

absl::Status LocalFileStore::Replace(const std::string& path, std::string_view data) const {
  const std::size_t slash = path.rfind('/');
  if (slash == std::string::npos || slash + 1 == path.size()) {
    return absl::InvalidArgumentError(absl::StrCat("\"", path, "\" names no file"));
  }
  const std::string directory = slash == 0 ? "/" : path.substr(0, slash);
  const std::string name = path.substr(slash + 1);
  const int dir_fd = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd < 0) {
    return ErrnoStatus(errno, absl::StrCat("cannot open the directory \"", directory, "\""));
  }
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{dir_fd};
  static std::atomic<unsigned> counter{0};
  const std::string temporary =
      absl::StrCat(".", name, ".", ::getpid(), "-", counter.fetch_add(1), ".tmp");
  absl::Status written =
      WriteNewPrivateFile(dir_fd, temporary, data, absl::StrCat("\"", path, "\""));
  if (!written.ok()) return written;
  if (::renameat(dir_fd, temporary.c_str(), dir_fd, name.c_str()) != 0) {
    const int err = errno;
    ::unlinkat(dir_fd, temporary.c_str(), 0);
    return ErrnoStatus(err, absl::StrCat("cannot replace \"", path, "\""));
  }
  return absl::OkStatus();
}

}  // namespace firefox_bidi
