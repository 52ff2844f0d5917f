// The spool directory, its quota and its files. See spool.h for the directory layout.
#include "core/spool.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
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
#include "core/private_file.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"

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
  struct timespec dir_mtime = {};  // before the scan: a later change makes it differ
  std::vector<FoundFile> files;    // regular files in the spool grammar
};

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

// Whether a batch id carries the shared-mode suffix `_<pid>_<n>` of a process that is still
// running: its files may be live results of a guest instance, whoever owns the directory now.
// A reused pid only keeps dead files uncounted a while longer; it never loses live ones.
bool BatchOfLiveProcess(std::string_view batch) {
  std::size_t underscore = batch.find('_');
  if (underscore == std::string_view::npos) return false;
  std::string_view rest = batch.substr(underscore + 1);
  pid_t pid = 0;
  auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), pid);
  if (ec != std::errc() || pid <= 0) return false;
  return ::kill(pid, 0) == 0 || errno == EPERM;
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
  struct Batch {
    std::string id;
    std::vector<Entry> entries;
    std::uint64_t bytes = 0;   // of all entries, written or reserved
    std::size_t reserved = 0;  // entries not written yet: the batch is not evictable
  };

  // An invalid `lock_fd`: another live instance holds the directory (shared, see spool.h), so
  // the files in `scan` are not ours; only its highest batch number is used.
  DirectorySpool(std::string directory, Fd dir_fd, Fd lock_fd, std::uint64_t quota, Scan scan)
      : directory_(std::move(directory)),
        dir_fd_(std::move(dir_fd)),
        lock_fd_(std::move(lock_fd)),
        quota_(quota),
        next_counter_(scan.max_counter + 1) {
    if (!lock_fd_.valid()) {
      static std::atomic<std::uint64_t> shared_instances{0};
      shared_suffix_ = absl::StrFormat("_%d_%d", ::getpid(), shared_instances.fetch_add(1));
      // Another instance's files count against the quota but are never ours to evict.
      for (const FoundFile& file : scan.files) foreign_ += file.bytes;
      scanned_mtime_ = TrustedMtime(scan.dir_mtime);
      return;
    }
    scanned_mtime_ = TrustedMtime(scan.dir_mtime);
    // Files found at Open are the oldest batches: the oldest file of a batch dates it.
    std::map<std::string, Batch> by_id;
    std::map<std::string, struct timespec> oldest;
    for (FoundFile& file : scan.files) {
      if (BatchOfLiveProcess(file.batch)) {
        foreign_ += file.bytes;  // a running guest's: counted, never evicted
        continue;
      }
      Batch& batch = by_id[file.batch];
      batch.id = file.batch;
      batch.bytes += file.bytes;
      batch.entries.push_back(Entry{std::move(file.name), file.bytes, true});
      auto [it, inserted] = oldest.try_emplace(file.batch, file.mtime);
      if (!inserted && Earlier(file.mtime, it->second)) it->second = file.mtime;
      used_ += file.bytes;
    }
    std::vector<Batch*> order;
    for (auto& [id, batch] : by_id) order.push_back(&batch);
    std::stable_sort(order.begin(), order.end(), [&](const Batch* a, const Batch* b) {
      return Earlier(oldest[a->id], oldest[b->id]);
    });
    for (Batch* batch : order) batches_.push_back(std::move(*batch));
  }

  const std::string& directory() const override { return directory_; }

  std::string BeginBatch() override {
    std::lock_guard lock(mu_);
    return StartBatchLocked();
  }

  absl::StatusOr<SpoolReservation> Reserve(std::size_t frame_index, std::string_view label,
                                           std::string_view ext, std::uint64_t bytes) override {
    std::lock_guard lock(mu_);
    if (!has_current_) StartBatchLocked();
    Batch& current = batches_.back();
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
    RETURN_IF_ERROR(RescanIfChangedLocked());
    RETURN_IF_ERROR(MakeRoomLocked(bytes));
    current.entries.push_back(Entry{name, bytes, false});
    current.bytes += bytes;
    ++current.reserved;
    used_ += bytes;
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
    return used_ + foreign_;
  }

  std::string notice() const override { return notice_; }
  void set_notice(std::string notice) { notice_ = std::move(notice); }

 private:
  std::string StartBatchLocked() {
    // A batch that never reserved anything leaves no trace.
    if (has_current_ && batches_.back().entries.empty()) batches_.pop_back();
    Batch batch;
    batch.id = absl::StrCat(absl::StrFormat("%06d", next_counter_++), shared_suffix_);
    batches_.push_back(std::move(batch));
    has_current_ = true;
    return batches_.back().id;
  }

  // The file name of a path in this directory, if it is one in the spool grammar.
  std::optional<std::string> NameOf(std::string_view path) const {
    std::string prefix = JoinPath(directory_, "");
    if (!path.starts_with(prefix)) return std::nullopt;
    std::string_view name = path.substr(prefix.size());
    if (!ParseSpoolFileName(name)) return std::nullopt;
    return std::string(name);
  }

  std::pair<Batch*, Entry*> FindLocked(std::string_view name) {
    std::string_view id = name.substr(0, name.find('-'));
    for (auto it = batches_.rbegin(); it != batches_.rend(); ++it) {
      if (it->id != id) continue;
      for (Entry& entry : it->entries) {
        if (entry.name == name) return {&*it, &entry};
      }
    }
    return {nullptr, nullptr};
  }

  void ReleaseLocked(std::string_view name) {
    std::string_view id = name.substr(0, name.find('-'));
    for (auto it = batches_.begin(); it != batches_.end(); ++it) {
      if (it->id != id) continue;
      auto entry = std::find_if(it->entries.begin(), it->entries.end(),
                                [&](const Entry& e) { return e.name == name; });
      if (entry == it->entries.end() || entry->written) return;
      it->bytes -= entry->bytes;
      used_ -= entry->bytes;
      --it->reserved;
      it->entries.erase(entry);
      bool is_current = has_current_ && std::next(it) == batches_.end();
      if (it->entries.empty() && !is_current) batches_.erase(it);
      return;
    }
  }

  // Files found at Open may hold more than the quota, hence the first test.
  bool FitsLocked(std::uint64_t bytes) const {
    const std::uint64_t used = used_ + foreign_;
    return used <= quota_ && bytes <= quota_ - used;
  }

  // Another process may share the directory (a guest instance, or the owner for a guest) and
  // write files of its own: when the directory changed since the last look, its files are
  // counted again. Files of processes that are gone become the owner's oldest batches to
  // evict; those of running ones count against the quota and are left alone.
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
    scanned_mtime_ = TrustedMtime(scan.dir_mtime);
    foreign_ = 0;
    for (FoundFile& file : scan.files) {
      if (FindLocked(file.name).second != nullptr) continue;  // ours
      if (!lock_fd_.valid() || BatchOfLiveProcess(file.batch)) {
        foreign_ += file.bytes;
        continue;
      }
      // Left by a process that is gone: the oldest batch, evicted first.
      auto batch = std::find_if(batches_.begin(), batches_.end(),
                                [&](const Batch& b) { return b.id == file.batch; });
      if (batch == batches_.end() || (has_current_ && std::next(batch) == batches_.end())) {
        batch = batches_.insert(batches_.begin(), Batch{});
        batch->id = file.batch;
      }
      batch->bytes += file.bytes;
      batch->entries.push_back(Entry{std::move(file.name), file.bytes, true});
      used_ += file.bytes;
    }
    return absl::OkStatus();
  }

  // Evicts whole earlier batches, oldest first, until `bytes` more fit; evicts nothing when
  // even evicting all of them would not be enough.
  absl::Status MakeRoomLocked(std::uint64_t bytes) {
    if (FitsLocked(bytes)) return absl::OkStatus();
    auto current = std::prev(batches_.end());  // Reserve started one
    std::uint64_t evictable = 0;
    for (auto it = batches_.begin(); it != current; ++it) {
      if (it->reserved == 0) evictable += it->bytes;
    }
    std::uint64_t kept = used_ - evictable + foreign_;
    if (bytes > quota_ || kept > quota_ - bytes) {
      return absl::ResourceExhaustedError(
          absl::StrCat("spool quota exceeded: frame needs ", bytes, " bytes, quota ", quota_,
                       ", current batch already holds ", current->bytes, " bytes"));
    }
    for (auto it = batches_.begin(); it != current && !FitsLocked(bytes);) {
      if (it->reserved != 0) {  // still being written: not evictable yet
        ++it;
        continue;
      }
      while (!it->entries.empty()) {
        const Entry& entry = it->entries.back();
        if (::unlinkat(dir_fd_.get(), entry.name.c_str(), 0) != 0 && errno != ENOENT) {
          return ErrnoStatus(errno, absl::StrCat("cannot remove old spool file ",
                                                 JoinPath(directory_, entry.name)));
        }
        it->bytes -= entry.bytes;
        used_ -= entry.bytes;
        it->entries.pop_back();
      }
      it = batches_.erase(it);
    }
    return absl::OkStatus();
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
  std::list<Batch> batches_;  // oldest first
  bool has_current_ = false;  // batches_.back() is the current batch
  std::uint64_t next_counter_;
  std::uint64_t used_ = 0;
  std::uint64_t foreign_ = 0;         // files of other live instances in the directory
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

absl::StatusOr<std::unique_ptr<Spool>> Spool::Open(std::string dir, std::uint64_t quota_bytes) {
  if (dir.find('\0') != std::string::npos) {
    return absl::InvalidArgumentError("spool_dir contains a NUL character");
  }
  if (dir.empty()) return OpenDefault(quota_bytes);
  return OpenExplicit(std::move(dir), quota_bytes);
}

}  // namespace firefox_bidi
