#include "support/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <thread>

extern char** environ;

namespace firefox_bidi::testing {
namespace {

[[noreturn]] void Die(const char* what) {
  std::perror(what);
  std::abort();
}

int ExitCodeOf(int status) {
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return -1;
}

}  // namespace

std::unique_ptr<ChildProcess> ChildProcess::Spawn(const std::vector<std::string>& argv) {
  std::unique_ptr<ChildProcess> child(new ChildProcess());
  int in[2];
  int out[2];
  if (::pipe2(in, O_CLOEXEC) != 0 || ::pipe2(out, O_CLOEXEC) != 0) Die("pipe2");
  char err_template[] = "/tmp/child_process_stderr.XXXXXX";
  int err = ::mkstemp(err_template);
  if (err < 0) Die("mkstemp");
  child->stderr_path_ = err_template;

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], 0);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err, 2);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  int rc = ::posix_spawn(&child->pid_, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(in[0]);
  ::close(out[1]);
  ::close(err);
  if (rc != 0) {
    errno = rc;
    Die("posix_spawn");
  }
  child->stdin_fd_ = in[1];
  child->stdout_fd_ = out[0];
  return child;
}

ChildProcess::~ChildProcess() {
  CloseStdin();
  if (!exit_code_.has_value() && pid_ > 0) {
    ::kill(pid_, SIGKILL);
    int status;
    ::waitpid(pid_, &status, 0);
  }
  if (stdout_fd_ >= 0) ::close(stdout_fd_);
  if (!stderr_path_.empty()) ::unlink(stderr_path_.c_str());
}

bool ChildProcess::Write(std::string_view data) {
  // A child that exits early must not kill the test with SIGPIPE.
  ::signal(SIGPIPE, SIG_IGN);
  while (!data.empty()) {
    ssize_t n = ::write(stdin_fd_, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

void ChildProcess::CloseStdin() {
  if (stdin_fd_ >= 0) ::close(stdin_fd_);
  stdin_fd_ = -1;
}

bool ChildProcess::Fill(std::chrono::steady_clock::time_point deadline) {
  if (eof_) return false;
  for (;;) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() < 0) return false;
    pollfd fd = {stdout_fd_, POLLIN, 0};
    int n = ::poll(&fd, 1, static_cast<int>(left.count()));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    char chunk[65536];
    ssize_t got = ::read(stdout_fd_, chunk, sizeof(chunk));
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      eof_ = true;
      return false;
    }
    buffer_.append(chunk, static_cast<std::size_t>(got));
    return true;
  }
}

std::optional<std::string> ChildProcess::ReadLine(std::chrono::milliseconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    std::size_t newline = buffer_.find('\n');
    if (newline != std::string::npos) {
      std::string line = buffer_.substr(0, newline);
      buffer_.erase(0, newline + 1);
      return line;
    }
    if (!Fill(deadline)) return std::nullopt;
  }
}

std::string ChildProcess::ReadRest(std::chrono::milliseconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (Fill(deadline)) {
  }
  std::string rest = std::move(buffer_);
  buffer_.clear();
  return rest;
}

void ChildProcess::Signal(int signo) {
  if (!exit_code_.has_value()) ::kill(pid_, signo);
}

int ChildProcess::Wait(std::chrono::milliseconds timeout) {
  if (exit_code_.has_value()) return *exit_code_;
  auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    int status;
    pid_t r = ::waitpid(pid_, &status, WNOHANG);
    if (r == pid_) {
      exit_code_ = ExitCodeOf(status);
      return *exit_code_;
    }
    if (std::chrono::steady_clock::now() > deadline) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, &status, 0);
      exit_code_ = -1;
      return -1;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

std::string ChildProcess::Stderr() const {
  std::ifstream in(stderr_path_);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string AsanOptionsWithoutQuarantine() {
  const char* env = std::getenv("ASAN_OPTIONS");
  const std::string inherited = env != nullptr ? env : "";
  return "ASAN_OPTIONS=" + inherited + (inherited.empty() ? "" : ":") + "quarantine_size_mb=0";
}

ProcessResult RunProcess(const std::vector<std::string>& argv, std::string_view input,
                         std::chrono::milliseconds timeout) {
  std::unique_ptr<ChildProcess> child = ChildProcess::Spawn(argv);
  // Feed stdin from a thread so a child that writes before it reads cannot deadlock us.
  std::thread feeder([&] {
    child->Write(input);
    child->CloseStdin();
  });
  ProcessResult result;
  result.out = child->ReadRest(timeout);
  result.exit_code = child->Wait(timeout);  // kills a hung child, which also frees the feeder
  feeder.join();
  result.err = child->Stderr();
  return result;
}

}  // namespace firefox_bidi::testing
