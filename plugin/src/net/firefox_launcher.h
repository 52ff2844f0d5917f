// Launches a private headless Firefox and owns it until it is reaped.
//
// Layout of the processes: the launcher forks a watchdog W that makes itself a process group
// leader and forks Firefox F inside that group. W polls a socket to us: when our end closes
// (we died, even by SIGKILL) W kills the whole group. PR_SET_PDEATHSIG is not used because it
// fires when the launching *thread* exits, and prelaunch launches from a short-lived thread.
// W is also a child subreaper: helpers that leave F's group (crashhelper double-forks and
// calls setsid) become W's children, so W can reap them and end them with the rest. When F
// exits, W reports F's wait status, ends and reaps whatever F left behind, then exits, so a
// dead browser is noticed without a signal handler in the host. No shell is involved: argv and envp
// are built before fork and only async-signal-safe calls run between fork and exec.
#ifndef FIREFOX_BIDI_NET_FIREFOX_LAUNCHER_H_
#define FIREFOX_BIDI_NET_FIREFOX_LAUNCHER_H_

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "absl/status/statusor.h"
#include "core/config.h"

namespace firefox_bidi {

// Prefix of the private profile directories under $TMPDIR: "<prefix><host pid>-XXXXXX".
inline constexpr std::string_view kProfilePrefix = "firefox-bidi-profile-";

// The executable to run: `configured` when it contains a '/', else the first match of
// `configured` (or firefox-esr, then firefox, when empty) on $PATH. kNotFound when none.
absl::StatusOr<std::string> FindFirefoxBinary(std::string_view configured);

// The argument vector (argv[0] = `binary`) for a profile directory.
std::vector<std::string> FirefoxArgv(const FirefoxConfig& config, std::string_view binary,
                                     std::string_view profile_dir);

// `base` (KEY=VALUE strings, e.g. environ) with MOZ_CRASHREPORTER_DISABLE=1, the config's env and
// MOZ_DISABLE_NONLOCAL_CONNECTIONS=1 (offline) set, later ones replacing earlier ones.
// kInvalidArgument for a bad variable name or a NUL byte.
absl::StatusOr<std::vector<std::string>> FirefoxEnvironment(const FirefoxConfig& config,
                                                            const std::vector<std::string>& base);

// The directory profiles go in: $TMPDIR, else /tmp.
std::string ProfileBaseDir();

// Removes "<kProfilePrefix><pid>-*" directories under `base_dir` whose pid is not running and
// that belong to this user. Best effort; returns how many were removed.
int RemoveStaleProfiles(const std::string& base_dir);

// The browser's main output line, e.g. "WebDriver BiDi listening on ws://127.0.0.1:4321":
// returns the URL, or "" when `line` is not that line.
std::string ParseListeningLine(std::string_view line);

// One launched Firefox.
//
// Thread safety: all methods may be called from any thread; they serialize on a mutex.
// Lifetime: the destructor terminates the browser (as Terminate()).
class FirefoxProcess {
 public:
  // Creates the profile, spawns W and F, and waits up to config.start_timeout for the BiDi
  // endpoint. Errors: kNotFound (no binary), kInvalidArgument (bad pref, env or argument),
  // kInternal (profile, pipe or fork failed), kUnavailable (Firefox exited or said nothing in
  // time; the message carries the tail of its stderr), kCancelled (`*cancel` became true
  // while waiting; the browser is then terminated).
  static absl::StatusOr<std::unique_ptr<FirefoxProcess>> Launch(
      const FirefoxConfig& config, const std::atomic<bool>* cancel = nullptr);

  FirefoxProcess(const FirefoxProcess&) = delete;
  FirefoxProcess& operator=(const FirefoxProcess&) = delete;
  ~FirefoxProcess();

  // "ws://127.0.0.1:PORT" (no path).
  const std::string& bidi_url() const { return bidi_url_; }
  const std::string& profile_dir() const { return profile_dir_; }
  // The watchdog's pid, which is also the process group of W, F and F's children.
  pid_t process_group() const { return watchdog_pid_; }
  // Firefox's main process.
  pid_t browser_pid() const { return browser_pid_; }

  // Does not block. nullopt while Firefox runs, else how it ended, e.g. "Firefox exited with
  // signal 9 (Killed)" or "Firefox exited with code 0".
  std::optional<std::string> ExitDescription();
  // The last few KB Firefox wrote to stderr.
  std::string StderrTail() const;
  // SIGTERM to the group, up to `grace` for it to exit, then SIGKILL; reaps W and removes the
  // profile directory. Idempotent.
  void Terminate(std::chrono::milliseconds grace = std::chrono::milliseconds(2000));

 private:
  FirefoxProcess() = default;
  absl::Status WaitForEndpoint(std::chrono::milliseconds timeout, const std::atomic<bool>* cancel);
  void ReadStderr();
  // With mu_ held: notices W's exit without blocking and reaps it.
  void PollExitLocked();
  void ReapLocked();

  std::string profile_dir_;
  std::string bidi_url_;
  pid_t watchdog_pid_ = -1;
  pid_t browser_pid_ = -1;
  int control_fd_ = -1;         // socket to W: W reports F's pid and F's exit status on it
  int stderr_fd_ = -1;          // read end of F's stderr
  int wake_fds_[2] = {-1, -1};  // stops the stderr reader
  std::thread stderr_reader_;

  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::string stderr_tail_;                      // guarded by mu_
  std::string listening_url_;                    // guarded by mu_: from the stderr line
  bool stderr_closed_ = false;                   // guarded by mu_
  bool reaped_ = false;                          // guarded by mu_
  bool terminated_ = false;                      // guarded by mu_
  std::optional<std::string> exit_description_;  // guarded by mu_
};

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_NET_FIREFOX_LAUNCHER_H_
