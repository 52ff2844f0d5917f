#include "net/firefox_launcher.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/json/parse.hpp>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"
#include "io/private_file.h"
#include "net/firefox_prefs.h"

extern char** environ;

namespace firefox_bidi {
namespace {

namespace fs = std::filesystem;
using std::chrono::milliseconds;
using Clock = std::chrono::steady_clock;

constexpr std::size_t kStderrTailBytes = 4096;  // kept, for StderrTail()
constexpr std::size_t kQuotedTailBytes = 2048;  // quoted in error messages
constexpr std::string_view kListeningPrefix = "WebDriver BiDi listening on ";
// fds of the watchdog process: its socket to us (F closes it before exec).
constexpr int kWatchdogControlFd = 3;
constexpr int kWatchdogPollMs = 100;
// How long W lets the processes left after Firefox's exit react to SIGTERM before SIGKILL; below
// Terminate()'s default grace, so that W, not the host's group SIGKILL, ends them.
constexpr int kDescendantsGraceMs = 1000;
constexpr milliseconds kGroupGoneWait{2000};

std::string ErrnoText(std::string_view what, int err) {
  return absl::StrCat(ToAbsl(what), ": ", std::strerror(err));
}

void CloseFd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// Writes all of `size` bytes, retrying on EINTR. Async-signal-safe.
bool SendAll(int fd, const void* data, std::size_t size) {
  const char* p = static_cast<const char*>(data);
  while (size > 0) {
    const ssize_t n = ::send(fd, p, size, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

// Closes every fd from `first` up. Async-signal-safe.
void CloseFrom(int first) {
  if (::close_range(static_cast<unsigned>(first), ~0u, 0) == 0) return;
  struct rlimit limit;
  int max_fd = 65536;
  if (::getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < 65536) {
    max_fd = static_cast<int>(limit.rlim_cur);
  }
  for (int fd = first; fd < max_fd; ++fd) ::close(fd);
}

void ResetSignals() {
  struct sigaction dfl;
  std::memset(&dfl, 0, sizeof dfl);
  dfl.sa_handler = SIG_DFL;
  for (int sig = 1; sig < NSIG; ++sig) ::sigaction(sig, &dfl, nullptr);
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
}

void IgnoreSignal(int sig) {
  struct sigaction ign;
  std::memset(&ign, 0, sizeof ign);
  ign.sa_handler = SIG_IGN;
  ::sigaction(sig, &ign, nullptr);
}

// Sends `sig` to every child of the calling (single-threaded) process, as listed in
// /proc/self/task/<pid>/children: this reaches children that left our process group (Firefox's
// crashhelper calls setsid). No allocation; async-signal-safe.
void SignalChildren(int sig) {
  static constexpr char kPrefix[] = "/proc/self/task/";
  char path[64];
  std::memcpy(path, kPrefix, sizeof kPrefix - 1);
  std::size_t len = sizeof kPrefix - 1;
  char digits[16];
  std::size_t n = 0;
  for (pid_t self = ::getpid(); self > 0 && n < sizeof digits; self /= 10) {
    digits[n++] = static_cast<char>('0' + self % 10);
  }
  while (n > 0) path[len++] = digits[--n];
  std::memcpy(path + len, "/children", sizeof "/children");
  const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return;
  char buf[512];
  pid_t pid = 0;
  for (;;) {
    const ssize_t got = ::read(fd, buf, sizeof buf);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) break;
    for (ssize_t i = 0; i < got; ++i) {
      if (buf[i] >= '0' && buf[i] <= '9') {
        pid = pid * 10 + (buf[i] - '0');
      } else {
        if (pid > 0) ::kill(pid, sig);
        pid = 0;
      }
    }
  }
  if (pid > 0) ::kill(pid, sig);
  ::close(fd);
}

// Reaps every child that has exited; true once W has no child left. Async-signal-safe.
bool ReapChildren() {
  for (;;) {
    const pid_t r = ::waitpid(-1, nullptr, WNOHANG);
    if (r > 0) continue;
    return r < 0 && errno == ECHILD;
  }
}

// Ends everything below W and returns once W has no child left: SIGTERM to the group and to
// every child, then after `grace_ms` SIGKILL to every child until none remains. W is a child
// subreaper, so descendants orphaned on the way become its children and are found by pid,
// also those outside the group. Never signals W's own group with SIGKILL: W must outlive its
// children to reap them. Async-signal-safe.
void EndDescendants(int grace_ms) {
  constexpr int kStepMs = 20;
  constexpr int kGiveUpMs = 5000;  // a child stuck in D state must not hold W forever
  ::kill(0, SIGTERM);
  SignalChildren(SIGTERM);
  for (int waited = 0; waited < kGiveUpMs; waited += kStepMs) {
    if (ReapChildren()) return;
    if (waited >= grace_ms) SignalChildren(SIGKILL);
    ::poll(nullptr, 0, kStepMs);
  }
}

// The watchdog W. Runs in the child of fork() without exec: async-signal-safe calls only, no
// allocation. Never returns.
[[noreturn]] void RunWatchdog(int control_fd, int stderr_fd, int null_fd, const char* path,
                              char* const* argv, char* const* envp) {
  ::setpgid(0, 0);
  ResetSignals();
  // Descendants orphaned when Firefox or its helpers exit (crashhelper double-forks and calls
  // setsid) become W's children instead of init's: W reaps them and can end them by pid.
  ::prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
  // The group's SIGTERM is meant for Firefox; W exits once Firefox has.
  IgnoreSignal(SIGTERM);
  IgnoreSignal(SIGINT);
  IgnoreSignal(SIGHUP);
  IgnoreSignal(SIGPIPE);
  // Move the fds we keep out of the way, then give 0/1/2/3 their roles and close the rest, so
  // neither W nor Firefox holds the host's other sockets open.
  const int control_hi = ::fcntl(control_fd, F_DUPFD, 64);
  const int stderr_hi = ::fcntl(stderr_fd, F_DUPFD, 64);
  const int null_hi = ::fcntl(null_fd, F_DUPFD, 64);
  if (control_hi < 0 || stderr_hi < 0 || null_hi < 0) ::_exit(125);
  ::dup2(null_hi, 0);
  ::dup2(null_hi, 1);
  ::dup2(stderr_hi, 2);
  ::dup2(control_hi, kWatchdogControlFd);
  CloseFrom(kWatchdogControlFd + 1);

  const pid_t browser = ::_Fork();
  if (browser < 0) ::_exit(125);
  if (browser == 0) {
    ResetSignals();
    ::close(kWatchdogControlFd);
    ::execve(path, argv, envp);
    static constexpr char kMessage[] = "firefox-bidi: execve of the Firefox binary failed\n";
    (void)!::write(2, kMessage, sizeof kMessage - 1);
    ::_exit(127);
  }
  const std::int32_t pid_message = browser;
  SendAll(kWatchdogControlFd, &pid_message, sizeof pid_message);

  for (;;) {
    // Reap every child that exited (orphans included), noticing Firefox among them.
    for (;;) {
      int status = 0;
      const pid_t r = ::waitpid(-1, &status, WNOHANG);
      if (r <= 0) break;
      if (r == browser) {
        const std::int32_t status_message = status;
        SendAll(kWatchdogControlFd, &status_message, sizeof status_message);
        EndDescendants(kDescendantsGraceMs);
        ::_exit(0);
      }
    }
    struct pollfd pfd = {kWatchdogControlFd, POLLIN, 0};
    const int ready = ::poll(&pfd, 1, kWatchdogPollMs);
    if (ready > 0) {
      char buf[64];
      const ssize_t n = ::read(kWatchdogControlFd, buf, sizeof buf);
      if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN)) {
        // Our parent is gone: the browser must not outlive it.
        EndDescendants(kDescendantsGraceMs);
        ::_exit(1);
      }
    }
  }
}

std::vector<char*> CStrings(std::vector<std::string>& strings) {
  std::vector<char*> out;
  out.reserve(strings.size() + 1);
  for (std::string& s : strings) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

std::string DescribeWaitStatus(int status) {
  if (WIFEXITED(status)) return absl::StrCat("Firefox exited with code ", WEXITSTATUS(status));
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    const char* name = ::sigdescr_np(sig);
    return absl::StrCat("Firefox exited with signal ", sig,
                        name ? absl::StrCat(" (", name, ")") : "");
  }
  return absl::StrCat("Firefox ended with wait status ", status);
}

bool HasNul(std::string_view s) { return s.find('\0') != std::string_view::npos; }

// The profile's WebDriverBiDiServer.json ({"ws_host","ws_port"}), as a URL; "" when absent.
std::string UrlFromServerFile(const std::string& profile_dir) {
  std::ifstream in(profile_dir + "/WebDriverBiDiServer.json");
  if (!in) return "";
  std::stringstream text;
  text << in.rdbuf();
  boost::system::error_code ec;
  const boost::json::value doc = boost::json::parse(text.str(), ec);
  if (ec || !doc.is_object()) return "";
  const auto* host = doc.as_object().if_contains("ws_host");
  const auto* port = doc.as_object().if_contains("ws_port");
  if (!host || !port || !host->is_string() || !port->is_int64()) return "";
  return absl::StrCat("ws://", ToAbsl(host->get_string()), ":", port->get_int64());
}

// `message` plus the last ~2 KB of stderr, starting at a line when one starts in it.
std::string WithTail(std::string message, std::string_view tail) {
  if (tail.empty()) return absl::StrCat(message, " (Firefox wrote nothing to stderr)");
  if (tail.size() > kQuotedTailBytes) {
    const std::size_t cut = tail.size() - kQuotedTailBytes;
    const bool at_line_start = tail[cut - 1] == '\n';
    tail.remove_prefix(cut);
    const std::size_t nl = tail.find('\n');
    if (!at_line_start && nl != std::string_view::npos && nl + 1 < tail.size()) {
      tail.remove_prefix(nl + 1);
    }
  }
  return absl::StrCat(message, "; Firefox stderr (tail):\n", ToAbsl(tail));
}

}  // namespace

absl::StatusOr<std::string> FindFirefoxBinary(std::string_view configured) {
  if (configured.find('/') != std::string_view::npos) {
    const std::string path(configured);
    struct stat st;
    if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode) || ::access(path.c_str(), X_OK)) {
      return absl::NotFoundError(
          absl::StrCat("firefox.binary \"", ToAbsl(configured), "\" is not an executable file"));
    }
    return path;
  }
  const char* path_env = std::getenv("PATH");
  const std::string search = path_env ? path_env : "/usr/local/bin:/usr/bin:/bin";
  std::vector<std::string_view> names;
  if (configured.empty()) {
    names = {"firefox-esr", "firefox"};
  } else {
    names = {configured};
  }
  for (std::string_view name : names) {
    for (absl::string_view dir : absl::StrSplit(search, ':')) {
      if (dir.empty()) dir = ".";
      const std::string candidate = absl::StrCat(dir, "/", ToAbsl(name));
      struct stat st;
      if (::stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
          ::access(candidate.c_str(), X_OK) == 0) {
        return candidate;
      }
    }
  }
  if (configured.empty()) {
    return absl::NotFoundError("no Firefox found: set firefox.binary or install firefox-esr");
  }
  return absl::NotFoundError(absl::StrCat("firefox.binary \"", ToAbsl(configured),
                                          "\" was not found on PATH: set it to a full path"));
}

std::vector<std::string> FirefoxArgv(const FirefoxConfig& config, std::string_view binary,
                                     std::string_view profile_dir) {
  std::vector<std::string> argv = {std::string(binary)};
  if (config.headless) argv.push_back("--headless");
  for (const char* arg : {"--no-remote", "--profile"}) argv.push_back(arg);
  argv.push_back(std::string(profile_dir));
  argv.push_back("--remote-debugging-port");
  argv.push_back("0");
  argv.insert(argv.end(), config.args.begin(), config.args.end());
  argv.push_back("about:blank");
  return argv;
}

absl::StatusOr<std::vector<std::string>> FirefoxEnvironment(const FirefoxConfig& config,
                                                            const std::vector<std::string>& base) {
  std::vector<std::pair<std::string, std::string>> overrides = {{"MOZ_CRASHREPORTER_DISABLE", "1"}};
  for (const auto& [name, value] : config.env) {
    if (name.empty() || name.find('=') != std::string::npos || HasNul(name) || HasNul(value)) {
      return absl::InvalidArgumentError(
          absl::StrCat("firefox.env: \"", name,
                       "\" is not a valid environment variable (name must be "
                       "non-empty without '=', no NUL bytes)"));
    }
    overrides.emplace_back(name, value);
  }
  if (config.offline) overrides.emplace_back("MOZ_DISABLE_NONLOCAL_CONNECTIONS", "1");

  std::vector<std::string> env;
  for (const std::string& entry : base) {
    const std::string_view name = std::string_view(entry).substr(0, entry.find('='));
    bool replaced = false;
    for (const auto& o : overrides) replaced = replaced || o.first == name;
    if (!replaced) env.push_back(entry);
  }
  for (std::size_t i = 0; i < overrides.size(); ++i) {
    // Later overrides of the same name win.
    bool later = false;
    for (std::size_t j = i + 1; j < overrides.size(); ++j) {
      later = later || overrides[j].first == overrides[i].first;
    }
    if (!later) env.push_back(absl::StrCat(overrides[i].first, "=", overrides[i].second));
  }
  return env;
}

std::string ProfileBaseDir() {
  const char* tmp = std::getenv("TMPDIR");
  if (tmp && *tmp) return tmp;
  return "/tmp";
}

int RemoveStaleProfiles(const std::string& base_dir) {
  int removed = 0;
  std::error_code ec;
  for (fs::directory_iterator it(base_dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.rfind(kProfilePrefix, 0) != 0) continue;
    const std::string_view rest = std::string_view(name).substr(kProfilePrefix.size());
    int pid = 0;
    if (!absl::SimpleAtoi(ToAbsl(rest.substr(0, rest.find('-'))), &pid) || pid <= 0) continue;
    if (pid == ::getpid() || ::kill(pid, 0) == 0 || errno != ESRCH) continue;
    struct stat st;
    if (::lstat(it->path().c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != ::getuid()) {
      continue;
    }
    std::error_code remove_ec;
    fs::remove_all(it->path(), remove_ec);
    if (!remove_ec) ++removed;
  }
  return removed;
}

std::string ParseListeningLine(std::string_view line) {
  const std::size_t at = line.find(kListeningPrefix);
  if (at == std::string_view::npos) return "";
  std::string_view url = line.substr(at + kListeningPrefix.size());
  url = url.substr(0, url.find_first_of(" \t\r\n"));
  if (url.rfind("ws://", 0) != 0) return "";
  return std::string(url);
}

absl::StatusOr<std::unique_ptr<FirefoxProcess>> FirefoxProcess::Launch(
    const FirefoxConfig& config, const std::atomic<bool>* cancel) {
  ASSIGN_OR_RETURN(const std::string binary, FindFirefoxBinary(config.binary));
  ASSIGN_OR_RETURN(const std::string user_js, BuildUserJs(config.prefs));
  for (const std::string& arg : config.args) {
    if (HasNul(arg))
      return absl::InvalidArgumentError("firefox.args: an argument holds a NUL byte");
  }
  std::vector<std::string> base_env;
  for (char** e = environ; e && *e; ++e) base_env.emplace_back(*e);
  ASSIGN_OR_RETURN(std::vector<std::string> env, FirefoxEnvironment(config, base_env));

  const std::string base_dir = ProfileBaseDir();
  RemoveStaleProfiles(base_dir);
  std::string dir_template =
      absl::StrCat(base_dir, "/", ToAbsl(kProfilePrefix), ::getpid(), "-XXXXXX");
  if (::mkdtemp(dir_template.data()) == nullptr) {
    return absl::InternalError(
        ErrnoText(absl::StrCat("cannot create a profile directory in ", base_dir), errno));
  }
  std::unique_ptr<FirefoxProcess> process(new FirefoxProcess());
  process->profile_dir_ = dir_template;
  // From here on the destructor removes the profile.
  const std::string user_js_path = process->profile_dir_ + "/user.js";
  RETURN_IF_ERROR(WriteNewPrivateFile(AT_FDCWD, user_js_path, user_js, user_js_path));

  std::vector<std::string> argv_strings = FirefoxArgv(config, binary, process->profile_dir_);
  std::vector<char*> argv = CStrings(argv_strings);
  std::vector<char*> envp = CStrings(env);

  int stderr_pipe[2];
  if (::pipe2(stderr_pipe, O_CLOEXEC) != 0) return absl::InternalError(ErrnoText("pipe2", errno));
  process->stderr_fd_ = stderr_pipe[0];
  int control[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, control) != 0) {
    ::close(stderr_pipe[1]);
    return absl::InternalError(ErrnoText("socketpair", errno));
  }
  process->control_fd_ = control[0];
  const int null_fd = ::open("/dev/null", O_RDWR | O_CLOEXEC);
  if (null_fd < 0 || ::pipe2(process->wake_fds_, O_CLOEXEC) != 0) {
    const int err = errno;
    ::close(stderr_pipe[1]);
    ::close(control[1]);
    if (null_fd >= 0) ::close(null_fd);
    return absl::InternalError(ErrnoText("open /dev/null or pipe2", err));
  }

  const pid_t watchdog = ::_Fork();
  if (watchdog == 0) {
    RunWatchdog(control[1], stderr_pipe[1], null_fd, argv[0], argv.data(), envp.data());
  }
  const int fork_errno = errno;
  ::close(stderr_pipe[1]);
  ::close(control[1]);
  ::close(null_fd);
  if (watchdog < 0) return absl::InternalError(ErrnoText("fork", fork_errno));
  process->watchdog_pid_ = watchdog;
  // Also set here so that a group signal cannot race W's own setpgid.
  ::setpgid(watchdog, watchdog);
  process->stderr_reader_ = std::thread([p = process.get()] { p->ReadStderr(); });

  // W reports Firefox's pid first.
  std::int32_t browser_pid = 0;
  struct pollfd pfd = {process->control_fd_, POLLIN, 0};
  if (::poll(&pfd, 1, 10000) != 1 ||
      ::recv(process->control_fd_, &browser_pid, sizeof browser_pid, MSG_WAITALL) !=
          static_cast<ssize_t>(sizeof browser_pid)) {
    return absl::InternalError("the Firefox watchdog process did not start Firefox");
  }
  process->browser_pid_ = browser_pid;
  RETURN_IF_ERROR(process->WaitForEndpoint(config.start_timeout, cancel));
  return process;
}

absl::Status FirefoxProcess::WaitForEndpoint(milliseconds timeout,
                                             const std::atomic<bool>* cancel) {
  const auto deadline = Clock::now() + timeout;
  std::unique_lock lock(mu_);
  for (;;) {
    if (!listening_url_.empty()) {
      bidi_url_ = listening_url_;
      return absl::OkStatus();
    }
    PollExitLocked();
    if (exit_description_) {
      // Let the reader collect the last words before quoting them.
      cv_.wait_for(lock, milliseconds(500), [this] { return stderr_closed_; });
      return absl::UnavailableError(WithTail(
          absl::StrCat(*exit_description_, " before reporting its WebDriver BiDi endpoint"),
          stderr_tail_));
    }
    if (std::string url = UrlFromServerFile(profile_dir_); !url.empty()) {
      bidi_url_ = url;
      return absl::OkStatus();
    }
    if (cancel && cancel->load()) {
      return absl::CancelledError("interrupted while Firefox was starting");
    }
    if (Clock::now() >= deadline) {
      return absl::UnavailableError(
          WithTail(absl::StrCat("Firefox did not report its WebDriver BiDi endpoint within ",
                                timeout.count(), " ms (firefox.start_timeout_ms)"),
                   stderr_tail_));
    }
    cv_.wait_until(lock, std::min(deadline, Clock::now() + milliseconds(kWatchdogPollMs)));
  }
}

void FirefoxProcess::ReadStderr() {
  std::string line;
  char buf[4096];
  for (;;) {
    struct pollfd pfds[2] = {{stderr_fd_, POLLIN, 0}, {wake_fds_[0], POLLIN, 0}};
    if (::poll(pfds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    if (pfds[1].revents) break;
    const ssize_t n = ::read(stderr_fd_, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    std::lock_guard lock(mu_);
    stderr_tail_.append(buf, static_cast<std::size_t>(n));
    if (stderr_tail_.size() > kStderrTailBytes) {
      stderr_tail_.erase(0, stderr_tail_.size() - kStderrTailBytes);
    }
    if (!listening_url_.empty()) continue;
    for (ssize_t i = 0; i < n; ++i) {
      if (buf[i] != '\n') {
        if (line.size() < 4096) line.push_back(buf[i]);
        continue;
      }
      if (std::string url = ParseListeningLine(line); !url.empty()) {
        listening_url_ = url;
        cv_.notify_all();
      }
      line.clear();
    }
  }
  std::lock_guard lock(mu_);
  stderr_closed_ = true;
  cv_.notify_all();
}

void FirefoxProcess::PollExitLocked() {
  if (reaped_ || watchdog_pid_ <= 0) return;
  siginfo_t info;
  std::memset(&info, 0, sizeof info);
  if (::waitid(P_PID, watchdog_pid_, &info, WEXITED | WNOHANG | WNOWAIT) != 0) {
    // ECHILD: a host that ignores SIGCHLD has W reaped automatically; W is gone.
    if (errno == ECHILD) ReapLocked();
    return;
  }
  if (info.si_pid == watchdog_pid_) {
    ReapLocked();
    return;
  }
  // W reports Firefox's exit first and only then ends what Firefox left behind: Firefox is
  // already gone, so say so now, after letting W finish (bounded) before the group is killed.
  std::int32_t browser_status = 0;
  if (::recv(control_fd_, &browser_status, sizeof browser_status, MSG_PEEK | MSG_DONTWAIT) ==
      static_cast<ssize_t>(sizeof browser_status)) {
    const auto deadline = Clock::now() + milliseconds(kDescendantsGraceMs + 1000);
    while (Clock::now() < deadline) {
      std::memset(&info, 0, sizeof info);
      if (::waitid(P_PID, watchdog_pid_, &info, WEXITED | WNOHANG | WNOWAIT) != 0 ||
          info.si_pid == watchdog_pid_) {
        break;
      }
      std::this_thread::sleep_for(milliseconds(5));
    }
    ReapLocked();
  }
}

void FirefoxProcess::ReapLocked() {
  // W is a zombie: its pid, and so the group id, cannot be reused until we reap it, so the
  // sweep below cannot hit a stranger.
  ::kill(-watchdog_pid_, SIGKILL);
  int status = 0;
  while (::waitpid(watchdog_pid_, &status, 0) < 0 && errno == EINTR) {
  }
  reaped_ = true;
  std::int32_t browser_status = 0;
  if (::recv(control_fd_, &browser_status, sizeof browser_status, MSG_DONTWAIT) ==
      static_cast<ssize_t>(sizeof browser_status)) {
    exit_description_ = DescribeWaitStatus(browser_status);
  } else if (WIFSIGNALED(status)) {
    exit_description_ =
        absl::StrCat("Firefox's process group was killed (signal ", WTERMSIG(status), ")");
  } else {
    exit_description_ = "Firefox's watchdog process exited";
  }
}

std::optional<std::string> FirefoxProcess::ExitDescription() {
  std::lock_guard lock(mu_);
  PollExitLocked();
  return exit_description_;
}

std::string FirefoxProcess::StderrTail() const {
  std::lock_guard lock(mu_);
  return stderr_tail_;
}

void FirefoxProcess::Terminate(milliseconds grace) {
  {
    std::unique_lock lock(mu_);
    if (terminated_) return;
    terminated_ = true;
    if (watchdog_pid_ > 0 && !reaped_) {
      PollExitLocked();
      if (!reaped_) {
        ::kill(-watchdog_pid_, SIGTERM);
        const auto deadline = Clock::now() + grace;
        for (;;) {
          PollExitLocked();
          if (reaped_ || Clock::now() >= deadline) break;
          lock.unlock();
          std::this_thread::sleep_for(milliseconds(20));
          lock.lock();
        }
        if (!reaped_) ReapLocked();  // SIGKILLs the group first
      }
    }
  }
  // Killed children of Firefox stay in the group as zombies until init reaps them; wait for
  // that (signal 0 only) so that "terminated" means no process of the group is left.
  const auto gone_deadline = Clock::now() + kGroupGoneWait;
  while (watchdog_pid_ > 0 && ::kill(-watchdog_pid_, 0) == 0 && Clock::now() < gone_deadline) {
    std::this_thread::sleep_for(milliseconds(10));
  }
  if (wake_fds_[1] >= 0) (void)!::write(wake_fds_[1], "x", 1);
  if (stderr_reader_.joinable()) stderr_reader_.join();
  CloseFd(stderr_fd_);
  CloseFd(control_fd_);
  CloseFd(wake_fds_[0]);
  CloseFd(wake_fds_[1]);
  if (!profile_dir_.empty()) {
    std::error_code ec;
    fs::remove_all(profile_dir_, ec);
  }
}

FirefoxProcess::~FirefoxProcess() { Terminate(); }

}  // namespace firefox_bidi
