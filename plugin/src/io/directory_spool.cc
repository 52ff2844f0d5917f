// The spool directory, its quota and its files. See directory_spool.h for the directory layout.
#include "io/directory_spool.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <charconv>
#include <climits>
#include <cstdlib>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <system_error>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"
#include "io/private_file.h"

namespace firefox_bidi {
namespace {

constexpr char kLockFileName[] = ".lock";
constexpr int kMaxDefaultSlots = 256;

// Owns a file descriptor.
class Fd {
 public:
  Fd() = default;
  explicit Fd(int fd) : fd_(fd) {}
  Fd(Fd&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  Fd& operator=(Fd&& other) noexcept {
    if (this != &other) {
      Reset();
      fd_ = std::exchange(other.fd_, -1);
    }
    return *this;
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() { Reset(); }

  int get() const { return fd_; }
  bool valid() const { return fd_ >= 0; }
  void Reset() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }
  int Release() { return std::exchange(fd_, -1); }

 private:
  int fd_ = -1;
};

bool IsLabel(std::string_view s) {
  if (s.empty() || s.size() > 64) return false;
  if (!absl::ascii_isalpha(s[0]) && s[0] != '_') return false;
  return std::all_of(s.begin() + 1, s.end(),
                     [](char c) { return absl::ascii_isalnum(c) || c == '_' || c == '-'; });
}

bool IsExtension(std::string_view s) {
  return !s.empty() && s.size() <= 16 &&
         std::all_of(s.begin(), s.end(), [](char c) { return absl::ascii_isalnum(c); });
}

// Batch ids: a decimal counter, optionally followed by `_` and [0-9A-Za-z_] (shared mode).
bool IsBatchId(std::string_view s) {
  if (s.empty() || s.size() > 64 || !absl::ascii_isdigit(s[0])) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return absl::ascii_isalnum(c) || c == '_'; });
}

bool IsDecimal(std::string_view s) {
  return !s.empty() && s.size() <= 20 &&
         std::all_of(s.begin(), s.end(), [](char c) { return absl::ascii_isdigit(c); });
}

// Returns the batch id of a name in the spool grammar `<batch>-<index>[-<label>].<ext>`, or
// nullopt. Nothing that passes can contain '/' or "..", so it never leaves the directory.
std::optional<std::string_view> ParseSpoolFileName(std::string_view name) {
  if (name.find('/') != std::string_view::npos || name.find("..") != std::string_view::npos) {
    return std::nullopt;
  }
  std::size_t dash = name.find('-');
  std::size_t dot = name.rfind('.');
  if (dash == std::string_view::npos || dot == std::string_view::npos || dot < dash) {
    return std::nullopt;
  }
  std::string_view batch = name.substr(0, dash);
  std::string_view middle = name.substr(dash + 1, dot - dash - 1);
  std::string_view ext = name.substr(dot + 1);
  std::size_t label_dash = middle.find('-');
  std::string_view index = middle.substr(0, label_dash);
  if (!IsBatchId(batch) || !IsDecimal(index) || !IsExtension(ext)) return std::nullopt;
  if (label_dash != std::string_view::npos && !IsLabel(middle.substr(label_dash + 1))) {
    return std::nullopt;
  }
  return batch;
}

// The leading counter of a batch id (0 when it does not fit in 64 bits).
std::uint64_t BatchCounter(std::string_view batch) {
  std::uint64_t counter = 0;
  auto [end, ec] = std::from_chars(batch.data(), batch.data() + batch.size(), counter);
  return ec == std::errc() ? counter : 0;
}

std::string JoinPath(std::string_view dir, std::string_view name) {
  return dir == "/" ? absl::StrCat("/", ToAbsl(name))
                    : absl::StrCat(ToAbsl(dir), "/", ToAbsl(name));
}

absl::Status UnsafeDirectory(const std::string& message) {
  return absl::FailedPreconditionError(message);
}

// Opens (creating with 0700 when missing) the directory `name` relative to `at_fd` without
// following a link, and checks it is private: owned by us, no group/other permission bits.
// `path` is its absolute path, for messages.
absl::StatusOr<Fd> OpenPrivateDirectory(int at_fd, const std::string& name,
                                        const std::string& path) {
  bool created = false;
  Fd fd;
  for (int attempt = 0; attempt < 2 && !fd.valid(); ++attempt) {
    fd = Fd(::openat(at_fd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (fd.valid()) break;
    int err = errno;
    if (err == ENOENT && attempt == 0) {
      if (::mkdirat(at_fd, name.c_str(), 0700) == 0) {
        created = true;
      } else if (errno != EEXIST) {  // EEXIST: a concurrent process made it; check theirs
        return ErrnoStatus(errno, absl::StrCat("cannot create spool directory ", path));
      }
      continue;
    }
    struct stat st;
    if ((err == ELOOP || err == ENOTDIR) &&
        ::fstatat(at_fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0) {
      if (S_ISLNK(st.st_mode)) {
        return UnsafeDirectory(absl::StrCat(
            "spool directory ", path,
            " is a symbolic link; refusing to use it (remove it or set spool_dir to a private "
            "directory)"));
      }
      if (!S_ISDIR(st.st_mode)) {
        return UnsafeDirectory(absl::StrCat("spool directory ", path,
                                            " exists but is not a directory; remove it or set "
                                            "spool_dir to a private directory"));
      }
    }
    return ErrnoStatus(err, absl::StrCat("cannot open spool directory ", path));
  }
  struct stat st;
  if (::fstat(fd.get(), &st) != 0) {
    return ErrnoStatus(errno, absl::StrCat("cannot stat spool directory ", path));
  }
  const uid_t euid = ::geteuid();
  if (st.st_uid != euid) {
    return UnsafeDirectory(absl::StrFormat(
        "spool directory %s is owned by uid %d, not by you (uid %d); refusing to use it (set "
        "spool_dir to a directory you own)",
        path, st.st_uid, euid));
  }
  if (created) {
    // mkdir's mode went through the umask; make it exactly 0700 (we need u+rwx).
    if (::fchmod(fd.get(), 0700) != 0 || ::fstat(fd.get(), &st) != 0) {
      return ErrnoStatus(errno, absl::StrCat("cannot set mode 0700 on spool directory ", path));
    }
  }
  if ((st.st_mode & 077) != 0) {
    return UnsafeDirectory(
        absl::StrFormat("spool directory %s has mode %04o; it must be 0700 (chmod 700 %s)", path,
                        st.st_mode & 07777, path));
  }
  return fd;
}

// As ssh checks the directories above a key file: each directory above `path` (its real path)
// must belong to root or to us, and not be writable by group or others unless it is sticky
// (like /tmp, where nobody can rename or remove our entries). A parent that cannot be resolved
// is left to the open that follows, which then fails with its own error.
absl::Status CheckParents(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  const std::string parent = slash == 0 || slash == std::string::npos ? "/" : path.substr(0, slash);
  std::unique_ptr<char, decltype(&std::free)> real(::realpath(parent.c_str(), nullptr), &std::free);
  if (!real) return absl::OkStatus();
  const uid_t euid = ::geteuid();
  for (std::string dir = real.get();;) {
    struct stat st;
    if (::stat(dir.c_str(), &st) != 0) {
      return ErrnoStatus(errno,
                         absl::StrCat("cannot stat ", dir, ", above spool directory ", path));
    }
    if (st.st_uid != 0 && st.st_uid != euid) {
      return UnsafeDirectory(absl::StrFormat(
          "spool directory %s lies in %s, which belongs to uid %d (not root, not you): its owner "
          "could replace the spool directory; set spool_dir to a directory of yours",
          path, dir, st.st_uid));
    }
    if ((st.st_mode & 022) != 0 && (st.st_mode & S_ISVTX) == 0) {
      return UnsafeDirectory(absl::StrFormat(
          "spool directory %s lies in %s, which others may write (mode %04o, not sticky): they "
          "could replace the spool directory; chmod go-w %s or set spool_dir elsewhere",
          path, dir, st.st_mode & 07777, dir));
    }
    if (dir == "/") break;
    const std::size_t up = dir.rfind('/');
    dir = up == 0 ? "/" : dir.substr(0, up);
  }
  return absl::OkStatus();
}

// True when `path` exists but cannot be our private directory: a link, not a directory, or
// someone else's. In a shared $TMPDIR another user can create it before us.
bool TakenByAnother(const std::string& path) {
  struct stat st;
  if (::lstat(path.c_str(), &st) != 0) return false;
  return S_ISLNK(st.st_mode) || !S_ISDIR(st.st_mode) || st.st_uid != ::geteuid();
}

// Takes the instance lock of a spool directory. An invalid Fd when another instance holds it.
absl::StatusOr<Fd> TryLock(int dir_fd, const std::string& dir_path) {
  Fd fd(::openat(dir_fd, kLockFileName, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600));
  if (!fd.valid()) {
    return ErrnoStatus(errno,
                       absl::StrCat("cannot open lock file ", JoinPath(dir_path, kLockFileName)));
  }
  while (::flock(fd.get(), LOCK_EX | LOCK_NB) != 0) {
    if (errno == EINTR) continue;
    if (errno == EWOULDBLOCK) return Fd();
    return ErrnoStatus(errno, absl::StrCat("cannot lock ", JoinPath(dir_path, kLockFileName)));
  }
  return fd;
}

struct FoundFile {
  std::string batch;
  std::string name;
  std::uint64_t bytes = 0;
  struct timespec mtime = {};
};

struct Scan {
  std::uint64_t max_counter = 0;
  struct timespec dir_mtime = {};   // before the scan: a later change makes it differ
  std::vector<FoundFile> files;     // regular files in the spool grammar
  std::vector<std::string> marked;  // batches with a marker (see kMarkerPrefix)
};

// A batch in use has a marker, `.batch-<id>.lock`, which the process writing the batch holds
// flock()ed from before the batch's first file is created until the batch ends. The kernel
// drops the lock when that process dies, however it dies, so a batch whose marker can be
// locked, or that has none, is nobody's current batch: any process may evict it. A name
// starting with '.' is outside the spool grammar, so no scan counts or evicts a marker as a
// result file.
constexpr std::string_view kMarkerPrefix = ".batch-";
constexpr std::string_view kMarkerSuffix = ".lock";

std::string MarkerName(std::string_view batch) {
  return absl::StrCat(ToAbsl(kMarkerPrefix), ToAbsl(batch), ToAbsl(kMarkerSuffix));
}

// The batch a marker's name stands for, or nullopt.
std::optional<std::string_view> ParseMarkerName(std::string_view name) {
  if (name.size() <= kMarkerPrefix.size() + kMarkerSuffix.size() ||
      !name.starts_with(kMarkerPrefix) || !name.ends_with(kMarkerSuffix)) {
    return std::nullopt;
  }
  std::string_view batch =
      name.substr(kMarkerPrefix.size(), name.size() - kMarkerPrefix.size() - kMarkerSuffix.size());
  if (!IsBatchId(batch)) return std::nullopt;
  return batch;
}

// Creates and locks the marker of our new batch `batch`. Another process that finds a marker
// unlocked takes it for a dead process's leftover and may remove it, also between our create
// and our lock; so the lock counts only once the name still leads to the file we locked.
// Whoever else locks it (an evicting process, found it unlocked) holds it for a few syscalls:
// retried for about 100 ms, never waited on without bound.
absl::StatusOr<Fd> HoldMarker(int dir_fd, const std::string& dir_path, std::string_view batch) {
  const std::string name = MarkerName(batch);
  for (int attempt = 0; attempt < 100; ++attempt) {
    // O_NONBLOCK: a FIFO under the name must not block the open.
    Fd fd(::openat(dir_fd, name.c_str(), O_RDONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC,
                   0600));
    if (!fd.valid()) {
      return ErrnoStatus(errno,
                         absl::StrCat("cannot create batch marker ", JoinPath(dir_path, name)));
    }
    if (::flock(fd.get(), LOCK_EX | LOCK_NB) != 0) {
      if (errno != EWOULDBLOCK && errno != EINTR) {
        return ErrnoStatus(errno,
                           absl::StrCat("cannot lock batch marker ", JoinPath(dir_path, name)));
      }
      const struct timespec pause = {0, 1000000};
      ::nanosleep(&pause, nullptr);
      continue;
    }
    struct stat held, named;
    if (::fstat(fd.get(), &held) == 0 &&
        ::fstatat(dir_fd, name.c_str(), &named, AT_SYMLINK_NOFOLLOW) == 0 &&
        held.st_dev == named.st_dev && held.st_ino == named.st_ino) {
      return fd;
    }
  }
  return absl::UnavailableError(absl::StrCat("cannot hold batch marker ", JoinPath(dir_path, name),
                                             ": another process keeps it locked or removed"));
}

// True when no live process is writing batch `batch`: its marker is missing or unlocked. A
// marker that exists but cannot be opened counts as held (never evict what may be live). When
// unused with a marker, `*held` keeps the marker locked so that it goes with the batch.
bool BatchUnused(int dir_fd, std::string_view batch, Fd* held) {
  Fd fd(
      ::openat(dir_fd, MarkerName(batch).c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
  if (!fd.valid()) return errno == ENOENT;
  while (::flock(fd.get(), LOCK_EX | LOCK_NB) != 0) {
    if (errno != EINTR) return false;
  }
  *held = std::move(fd);
  return true;
}

absl::StatusOr<Scan> ScanDirectory(int dir_fd, const std::string& path) {
  // fdopendir takes ownership of its descriptor, so give it a duplicate.
  int dup_fd = ::fcntl(dir_fd, F_DUPFD_CLOEXEC, 0);
  if (dup_fd < 0) return ErrnoStatus(errno, absl::StrCat("cannot read spool directory ", path));
  // Closed however the scan ends, a failed allocation included.
  const std::unique_ptr<DIR, int (*)(DIR*)> owned(::fdopendir(dup_fd), &::closedir);
  DIR* dir = owned.get();
  if (dir == nullptr) {
    int err = errno;
    ::close(dup_fd);
    return ErrnoStatus(err, absl::StrCat("cannot read spool directory ", path));
  }
  ::rewinddir(dir);
  Scan scan;
  if (struct stat dir_st; ::fstat(dir_fd, &dir_st) == 0) scan.dir_mtime = dir_st.st_mtim;
  int err = 0;
  while (true) {
    errno = 0;
    struct dirent* entry = ::readdir(dir);
    if (entry == nullptr) {
      err = errno;
      break;
    }
    std::string_view name = entry->d_name;
    if (std::optional<std::string_view> marked = ParseMarkerName(name)) {
      scan.marked.emplace_back(*marked);
      continue;
    }
    std::optional<std::string_view> batch = ParseSpoolFileName(name);
    if (!batch) continue;
    // Any name in the grammar, file or not, keeps its batch number from being reused.
    scan.max_counter = std::max(scan.max_counter, BatchCounter(*batch));
    struct stat st;
    if (::fstatat(dir_fd, entry->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode)) {
      continue;
    }
    scan.files.push_back(FoundFile{std::string(*batch), std::string(name),
                                   static_cast<std::uint64_t>(st.st_size), st.st_mtim});
  }
  if (err != 0) return ErrnoStatus(err, absl::StrCat("cannot read spool directory ", path));
  return scan;
}

// A directory mtime that can tell a later change apart: file systems stamp with a coarse
// clock (a few ms), so a change within the same tick as the scan could keep the mtime. A
// recent one is not trusted (zero: the next look scans again).
struct timespec TrustedMtime(const struct timespec& mtime) {
  struct timespec now {};
  ::clock_gettime(CLOCK_REALTIME, &now);
  const std::int64_t age_ns = (static_cast<std::int64_t>(now.tv_sec) - mtime.tv_sec) * 1000000000 +
                              (now.tv_nsec - mtime.tv_nsec);
  return age_ns > 100 * 1000000 ? mtime : timespec{};
}

bool Earlier(const struct timespec& a, const struct timespec& b) {
  return a.tv_sec != b.tv_sec ? a.tv_sec < b.tv_sec : a.tv_nsec < b.tv_nsec;
}

class DirectorySpool final : public Spool {
 public:
  struct Entry {
    std::string name;
    std::uint64_t bytes = 0;
    bool written = false;
  };
  // One of our batches: the newest of its owner, or an earlier one with reservations not yet
  // written or released. Its marker is held while it is here.
  struct OwnBatch {
    std::string id;
    std::string owner;
    bool ended = false;  // the same owner's next batch began
    std::vector<Entry> entries;
    std::uint64_t bytes = 0;   // of all entries, written or reserved
    std::size_t reserved = 0;  // entries not written yet
    Fd marker;                 // taken at the batch's first reservation
  };
  // A batch on disk that is not one of ours (any more): evictable unless its marker says that
  // a live process is still writing it.
  struct OldBatch {
    std::string id;
    std::vector<Entry> files;
    std::uint64_t bytes = 0;
    struct timespec oldest {};  // its oldest file's mtime dates the batch
  };

  // An invalid `lock_fd`: another live instance holds the directory (see directory_spool.h), so our
  // batch ids carry a process-unique suffix.
  DirectorySpool(std::string directory, Fd dir_fd, Fd lock_fd, std::uint64_t quota, Scan scan)
      : directory_(std::move(directory)),
        dir_fd_(std::move(dir_fd)),
        lock_fd_(std::move(lock_fd)),
        quota_(quota),
        next_counter_(scan.max_counter + 1) {
    if (!lock_fd_.valid()) {
      static std::atomic<std::uint64_t> shared_instances{0};
      shared_suffix_ = absl::StrFormat("_%d_%d", ::getpid(), shared_instances.fetch_add(1));
    }
    // Markers nobody holds were left by processes that died in the middle of a batch.
    for (const std::string& batch : scan.marked) {
      if (Fd held; BatchUnused(dir_fd_.get(), batch, &held) && held.valid()) {
        ::unlinkat(dir_fd_.get(), MarkerName(batch).c_str(), 0);
      }
    }
    std::lock_guard lock(mu_);
    TakeScanLocked(std::move(scan));
  }

  ~DirectorySpool() override {
    std::lock_guard lock(mu_);
    for (OwnBatch& batch : own_) DropMarkerLocked(batch);
  }

  const std::string& directory() const override { return directory_; }

  std::string BeginBatch(std::string_view owner) override {
    std::lock_guard lock(mu_);
    EndNewestLocked(owner);
    OwnBatch batch;
    batch.id = absl::StrCat(absl::StrFormat("%06d", next_counter_++), shared_suffix_);
    batch.owner = std::string(owner);
    own_.push_back(std::move(batch));
    return own_.back().id;
  }

  void EndOwner(std::string_view owner) override {
    std::lock_guard lock(mu_);
    EndNewestLocked(owner);
  }

  absl::StatusOr<SpoolReservation> Reserve(std::string_view batch, std::size_t frame_index,
                                           std::string_view label, std::string_view ext,
                                           std::uint64_t bytes) override {
    std::lock_guard lock(mu_);
    OwnBatch* found = FindBatchLocked(batch);
    if (found == nullptr || found->ended) {
      return absl::InvalidArgumentError(
          absl::StrCat("unknown spool batch \"", absl::CHexEscape(ToAbsl(batch)),
                       "\": not begun by this spool, or ended (its owner began another)"));
    }
    OwnBatch& current = *found;
    if (!label.empty() && !IsLabel(label)) {
      return absl::InvalidArgumentError(
          absl::StrCat("invalid spool file label \"", absl::CHexEscape(ToAbsl(label)),
                       "\": must match [A-Za-z_][A-Za-z0-9_-]{0,63}"));
    }
    if (!IsExtension(ext)) {
      return absl::InvalidArgumentError(absl::StrCat("invalid spool file extension \"",
                                                     absl::CHexEscape(ToAbsl(ext)),
                                                     "\": must be 1-16 [A-Za-z0-9]"));
    }
    std::string name = absl::StrCat(current.id, "-", frame_index, label.empty() ? "" : "-",
                                    ToAbsl(label), ".", ToAbsl(ext));
    if (!ParseSpoolFileName(name)) {
      return absl::InvalidArgumentError(
          absl::StrCat("invalid spool file name \"", absl::CHexEscape(name), "\""));
    }
    for (const Entry& entry : current.entries) {
      if (entry.name == name) {
        return absl::AlreadyExistsError(absl::StrCat("spool file ", JoinPath(directory_, name),
                                                     " is already reserved in this batch"));
      }
    }
    // Marked before its first file can exist, so that no other process evicts the batch.
    if (!current.marker.valid()) {
      ASSIGN_OR_RETURN(current.marker, HoldMarker(dir_fd_.get(), directory_, current.id));
    }
    RETURN_IF_ERROR(RescanIfChangedLocked());
    RETURN_IF_ERROR(MakeRoomLocked(bytes, current.bytes));
    current.entries.push_back(Entry{name, bytes, false});
    current.bytes += bytes;
    ++current.reserved;
    own_bytes_ += bytes;
    return SpoolReservation{JoinPath(directory_, name), bytes};
  }

  absl::Status Write(const SpoolReservation& reservation, std::string_view data) override {
    std::optional<std::string> name = NameOf(reservation.path);
    if (!name) {
      return absl::InvalidArgumentError(absl::StrCat("spool file path ", reservation.path,
                                                     " is not a spool file name in ", directory_));
    }
    {
      std::lock_guard lock(mu_);
      auto [batch, entry] = FindLocked(*name);
      if (entry == nullptr || entry->written) {
        return absl::FailedPreconditionError(
            absl::StrCat("spool file ", reservation.path, " has no open reservation"));
      }
    }
    if (data.size() != reservation.bytes) {
      Release(reservation);
      return absl::InvalidArgumentError(absl::StrCat("spool file ", reservation.path, ": reserved ",
                                                     reservation.bytes, " bytes but got ",
                                                     data.size()));
    }
    absl::Status written = WriteNewPrivateFile(dir_fd_.get(), *name, data,
                                               absl::StrCat("spool file ", reservation.path));
    std::lock_guard lock(mu_);
    if (!written.ok()) {
      ReleaseLocked(*name);
      return written;
    }
    auto [batch, entry] = FindLocked(*name);
    if (entry != nullptr && !entry->written) {
      entry->written = true;
      --batch->reserved;
      RetireIfDoneLocked(batch);
    }
    return absl::OkStatus();
  }

  void Release(const SpoolReservation& reservation) override {
    std::optional<std::string> name = NameOf(reservation.path);
    if (!name) return;
    std::lock_guard lock(mu_);
    ReleaseLocked(*name);
  }

  std::uint64_t used_bytes() const override {
    std::lock_guard lock(mu_);
    return own_bytes_ + old_bytes_;
  }

  std::string notice() const override { return notice_; }
  void set_notice(std::string notice) { notice_ = std::move(notice); }

 private:
  // An ended batch of ours whose last reservation is written or released retires: its marker
  // goes, and its files are old files like any other process's, evictable by everyone.
  void RetireIfDoneLocked(OwnBatch* batch) {
    if (batch == nullptr || !batch->ended || batch->reserved != 0) return;
    OldBatch old{.id = batch->id};
    ::clock_gettime(CLOCK_REALTIME, &old.oldest);  // the newest old batch, until a rescan
    for (Entry& entry : batch->entries) {
      old.bytes += entry.bytes;
      old.files.push_back(std::move(entry));
    }
    own_bytes_ -= old.bytes;
    DropMarkerLocked(*batch);
    if (!old.files.empty()) {
      old_bytes_ += old.bytes;
      old_.push_back(std::move(old));
    }
    own_.remove_if([batch](const OwnBatch& b) { return &b == batch; });
  }

  void DropMarkerLocked(OwnBatch& batch) {
    if (!batch.marker.valid()) return;
    ::unlinkat(dir_fd_.get(), MarkerName(batch.id).c_str(), 0);  // still held: nobody else
    batch.marker.Reset();
  }

  // The file name of a path in this directory, if it is one in the spool grammar.
  std::optional<std::string> NameOf(std::string_view path) const {
    std::string prefix = JoinPath(directory_, "");
    if (!path.starts_with(prefix)) return std::nullopt;
    std::string_view name = path.substr(prefix.size());
    if (!ParseSpoolFileName(name)) return std::nullopt;
    return std::string(name);
  }

  // Ends `owner`'s running batch, if any: evictable once its reservations are written or
  // released (until then it stays marked).
  void EndNewestLocked(std::string_view owner) {
    for (OwnBatch& batch : own_) {
      if (!batch.ended && batch.owner == owner) {
        batch.ended = true;
        RetireIfDoneLocked(&batch);
        return;
      }
    }
  }

  OwnBatch* FindBatchLocked(std::string_view id) {
    for (OwnBatch& batch : own_) {
      if (batch.id == id) return &batch;
    }
    return nullptr;
  }

  std::pair<OwnBatch*, Entry*> FindLocked(std::string_view name) {
    OwnBatch* batch = FindBatchLocked(name.substr(0, name.find('-')));
    if (batch == nullptr) return {nullptr, nullptr};
    for (Entry& entry : batch->entries) {
      if (entry.name == name) return {batch, &entry};
    }
    return {nullptr, nullptr};
  }

  void ReleaseLocked(std::string_view name) {
    auto [batch, entry] = FindLocked(name);
    if (entry == nullptr || entry->written) return;
    batch->bytes -= entry->bytes;
    own_bytes_ -= entry->bytes;
    --batch->reserved;
    batch->entries.erase(batch->entries.begin() + (entry - batch->entries.data()));
    RetireIfDoneLocked(batch);
  }

  // Files found on disk may hold more than the quota, hence the first test.
  bool FitsLocked(std::uint64_t bytes, std::uint64_t freed) const {
    const std::uint64_t used = own_bytes_ + old_bytes_ - freed;
    return used <= quota_ && bytes <= quota_ - used;
  }

  // Every file on disk that is not of a batch of ours becomes an old batch, dated by its oldest
  // file (ties, as files made within one clock tick are, go by batch number).
  void TakeScanLocked(Scan scan) {
    scanned_mtime_ = TrustedMtime(scan.dir_mtime);
    std::map<std::string, OldBatch> by_id;
    for (FoundFile& file : scan.files) {
      if (FindBatchLocked(file.batch) != nullptr) continue;  // ours, counted already
      auto [it, inserted] = by_id.try_emplace(file.batch);
      OldBatch& batch = it->second;
      if (inserted || Earlier(file.mtime, batch.oldest)) batch.oldest = file.mtime;
      batch.id = file.batch;
      batch.bytes += file.bytes;
      batch.files.push_back(Entry{std::move(file.name), file.bytes, true});
    }
    old_.clear();
    old_bytes_ = 0;
    for (auto& [id, batch] : by_id) {
      old_bytes_ += batch.bytes;
      old_.push_back(std::move(batch));
    }
    std::stable_sort(old_.begin(), old_.end(), [](const OldBatch& a, const OldBatch& b) {
      if (Earlier(a.oldest, b.oldest) || Earlier(b.oldest, a.oldest)) {
        return Earlier(a.oldest, b.oldest);
      }
      return BatchCounter(a.id) < BatchCounter(b.id);
    });
  }

  // Other processes sharing the directory write and evict files too: when the directory
  // changed since the last look, it is read again.
  absl::Status RescanIfChangedLocked() {
    struct stat st;
    if (::fstat(dir_fd_.get(), &st) != 0) {
      return ErrnoStatus(errno, absl::StrCat("cannot stat spool directory ", directory_));
    }
    if (st.st_mtim.tv_sec == scanned_mtime_.tv_sec &&
        st.st_mtim.tv_nsec == scanned_mtime_.tv_nsec) {
      return absl::OkStatus();
    }
    ASSIGN_OR_RETURN(Scan scan, ScanDirectory(dir_fd_.get(), directory_));
    TakeScanLocked(std::move(scan));
    return absl::OkStatus();
  }

  // Evicts whole old batches, oldest first, skipping those a live process is still writing,
  // until `bytes` more fit; evicts nothing when even all of them would not be enough. Our own
  // batches (each owner's newest, and ended ones still being written) are never old batches.
  absl::Status MakeRoomLocked(std::uint64_t bytes, std::uint64_t current_bytes) {
    if (FitsLocked(bytes, 0)) return absl::OkStatus();
    std::vector<std::pair<std::size_t, Fd>> victims;  // with their markers held, if any
    std::uint64_t freed = 0;
    std::uint64_t busy = 0;
    for (std::size_t i = 0; i < old_.size() && !FitsLocked(bytes, freed); ++i) {
      Fd held;
      if (!BatchUnused(dir_fd_.get(), old_[i].id, &held)) {
        busy += old_[i].bytes;
        continue;
      }
      victims.emplace_back(i, std::move(held));
      freed += old_[i].bytes;
    }
    if (!FitsLocked(bytes, freed)) {
      return absl::ResourceExhaustedError(absl::StrCat(
          "spool quota exceeded: frame needs ", bytes, " bytes, quota ", quota_,
          ", current batch already holds ", current_bytes, " bytes",
          own_bytes_ == current_bytes
              ? ""
              : absl::StrCat(", other batches this process is still using hold ",
                             own_bytes_ - current_bytes, " bytes"),
          busy == 0 ? ""
                    : absl::StrCat(", batches that other processes are still writing hold ", busy,
                                   " bytes")));
    }
    absl::Status status = absl::OkStatus();
    for (auto& [i, held] : victims) {
      OldBatch& batch = old_[i];
      while (!batch.files.empty() && status.ok()) {
        const Entry& file = batch.files.back();
        if (::unlinkat(dir_fd_.get(), file.name.c_str(), 0) != 0 && errno != ENOENT) {
          status = ErrnoStatus(errno, absl::StrCat("cannot remove old spool file ",
                                                   JoinPath(directory_, file.name)));
          break;
        }
        batch.bytes -= file.bytes;
        old_bytes_ -= file.bytes;
        batch.files.pop_back();
      }
      if (batch.files.empty() && held.valid()) {
        ::unlinkat(dir_fd_.get(), MarkerName(batch.id).c_str(), 0);
      }
    }
    std::erase_if(old_, [](const OldBatch& batch) { return batch.files.empty(); });
    return status;
  }

  const std::string directory_;
  const Fd dir_fd_;
  const Fd lock_fd_;  // held for our lifetime; invalid when the directory is shared
  const std::uint64_t quota_;
  std::string shared_suffix_;  // appended to batch ids when shared
  std::string notice_;         // set once, before the spool is shared

  // std::mutex rather than absl::Mutex: the system abseil is not built for ThreadSanitizer.
  // Guards everything below; *Locked() members expect it held.
  mutable std::mutex mu_;
  std::list<OwnBatch> own_;    // oldest first; at most one not ended per owner
  std::vector<OldBatch> old_;  // every other batch on disk as of the last look, oldest first
  std::uint64_t next_counter_;
  std::uint64_t own_bytes_ = 0;       // our batches' files and reservations
  std::uint64_t old_bytes_ = 0;       // the old batches' files
  struct timespec scanned_mtime_ {};  // the directory's mtime at the last scan
};

absl::StatusOr<std::unique_ptr<Spool>> MakeSpool(std::string path, Fd dir_fd, Fd lock_fd,
                                                 std::uint64_t quota) {
  ASSIGN_OR_RETURN(Scan scan, ScanDirectory(dir_fd.get(), path));
  return std::make_unique<DirectorySpool>(std::move(path), std::move(dir_fd), std::move(lock_fd),
                                          quota, std::move(scan));
}

absl::StatusOr<std::unique_ptr<Spool>> OpenExplicit(std::string dir, std::uint64_t quota) {
  if (dir.front() != '/') {
    char cwd[PATH_MAX];
    if (::getcwd(cwd, sizeof cwd) == nullptr) {
      return ErrnoStatus(errno, absl::StrCat("cannot resolve relative spool_dir ", dir));
    }
    dir = JoinPath(cwd, dir);
  }
  while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
  RETURN_IF_ERROR(CheckParents(dir));
  ASSIGN_OR_RETURN(Fd dir_fd, OpenPrivateDirectory(AT_FDCWD, dir, dir));
  ASSIGN_OR_RETURN(Fd lock_fd, TryLock(dir_fd.get(), dir));
  return MakeSpool(std::move(dir), std::move(dir_fd), std::move(lock_fd), quota);
}

absl::StatusOr<std::unique_ptr<Spool>> OpenDefault(std::uint64_t quota) {
  const char* tmpdir = std::getenv("TMPDIR");
  std::string base = tmpdir != nullptr && tmpdir[0] == '/' ? tmpdir : "/tmp";
  while (base.size() > 1 && base.back() == '/') base.pop_back();
  std::string root = JoinPath(base, absl::StrCat("firefox-bidi-", ::geteuid()));
  RETURN_IF_ERROR(CheckParents(root));
  if (TakenByAnother(root)) {
    // Someone else holds the name: a fresh private directory rather than no spool at all.
    std::string fresh = absl::StrCat(root, "-XXXXXX");
    if (::mkdtemp(fresh.data()) == nullptr) {
      return ErrnoStatus(errno, absl::StrCat("spool directory ", root,
                                             " is taken by another user, and creating a fresh "
                                             "one failed"));
    }
    ASSIGN_OR_RETURN(Fd dir_fd, OpenPrivateDirectory(AT_FDCWD, fresh, fresh));
    ASSIGN_OR_RETURN(Fd lock_fd, TryLock(dir_fd.get(), fresh));
    ASSIGN_OR_RETURN(std::unique_ptr<Spool> spool,
                     MakeSpool(fresh, std::move(dir_fd), std::move(lock_fd), quota));
    static_cast<DirectorySpool*>(spool.get())
        ->set_notice(absl::StrCat(
            "the default spool directory ", root,
            " is taken by another user (a link, not a directory, or not yours); using the fresh "
            "private directory ",
            fresh, " instead, which later processes do not reuse: remove ", root,
            " or set spool_dir"));
    return spool;
  }
  ASSIGN_OR_RETURN(Fd root_fd, OpenPrivateDirectory(AT_FDCWD, root, root));
  for (int slot = 0; slot < kMaxDefaultSlots; ++slot) {
    std::string name = absl::StrCat("spool-", slot);
    std::string path = JoinPath(root, name);
    ASSIGN_OR_RETURN(Fd dir_fd, OpenPrivateDirectory(root_fd.get(), name, path));
    ASSIGN_OR_RETURN(Fd lock_fd, TryLock(dir_fd.get(), path));
    if (lock_fd.valid()) {
      return MakeSpool(std::move(path), std::move(dir_fd), std::move(lock_fd), quota);
    }
  }
  return absl::ResourceExhaustedError(
      absl::StrCat("all ", kMaxDefaultSlots, " spool directories under ", root,
                   " are in use by other instances; set spool_dir to a private directory"));
}

}  // namespace

absl::StatusOr<std::unique_ptr<Spool>> OpenDirectorySpool(std::string dir,
                                                          std::uint64_t quota_bytes) {
  if (dir.find('\0') != std::string::npos) {
    return absl::InvalidArgumentError("spool_dir contains a NUL character");
  }
  if (dir.empty()) return OpenDefault(quota_bytes);
  return OpenExplicit(std::move(dir), quota_bytes);
}

}  // namespace firefox_bidi
