// Runs a program (tool-host, minimal_host) as a child process with pipes for stdin and stdout;
// stderr goes to a private file read after exit. Used by integration and e2e tests.
//
//   auto child = ChildProcess::Spawn({tool_host, "--plugin", path, "mcp"});
//   child->Write("{...}\n");
//   std::optional<std::string> line = child->ReadLine(std::chrono::seconds(10));
//   child->CloseStdin();
//   int code = child->Wait(std::chrono::seconds(10));  // 128+N when killed by signal N
//
// Thread safety: none; one test thread drives a child. The destructor kills (SIGKILL) and
// reaps a child that is still running, so no test leaks a process.
#ifndef FIREFOX_BIDI_TESTS_SUPPORT_CHILD_PROCESS_H_
#define FIREFOX_BIDI_TESTS_SUPPORT_CHILD_PROCESS_H_

#include <sys/types.h>

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace firefox_bidi::testing {

class ChildProcess {
 public:
  // Starts argv[0] (a path) with `argv`. Aborts the test program when it cannot.
  static std::unique_ptr<ChildProcess> Spawn(const std::vector<std::string>& argv);
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // Writes all of `data` to the child's stdin (false when the child closed it).
  bool Write(std::string_view data);
  void CloseStdin();
  // The next stdout line without its '\n'; nullopt at end of output or after `timeout`.
  std::optional<std::string> ReadLine(std::chrono::milliseconds timeout);
  // Everything left on stdout until end of output (bounded by `timeout`).
  std::string ReadRest(std::chrono::milliseconds timeout);
  void Signal(int signo);
  // The exit code (128+N when killed by signal N); on timeout kills the child and returns -1.
  int Wait(std::chrono::milliseconds timeout);
  // stderr so far.
  std::string Stderr() const;
  pid_t pid() const { return pid_; }

 private:
  ChildProcess() = default;
  // Fills `buffer_` with at least one more byte; false at end or on timeout.
  bool Fill(std::chrono::steady_clock::time_point deadline);

  pid_t pid_ = -1;
  int stdin_fd_ = -1;
  int stdout_fd_ = -1;
  std::string stderr_path_;
  std::string buffer_;
  bool eof_ = false;
  std::optional<int> exit_code_;
};

struct ProcessResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// "ASAN_OPTIONS=<this process's ASAN_OPTIONS>:quarantine_size_mb=0", an argument for
// /usr/bin/env before a child whose memory is measured: ASan's quarantine of freed blocks
// (256 MiB by default) would read as growth. Other builds ignore the variable.
std::string AsanOptionsWithoutQuarantine();

// Runs `argv` to completion with `input` on stdin.
ProcessResult RunProcess(const std::vector<std::string>& argv, std::string_view input = {},
                         std::chrono::milliseconds timeout = std::chrono::seconds(120));

}  // namespace firefox_bidi::testing

#endif  // FIREFOX_BIDI_TESTS_SUPPORT_CHILD_PROCESS_H_
