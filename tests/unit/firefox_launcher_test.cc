// The launcher's pure parts: binary lookup, argv, environment, the listening line, stale
// profile cleanup. Launching a real Firefox is covered in e2e/browser_session_test.cc.
#include "net/firefox_launcher.h"

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/test/unit_test.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "absl/strings/str_cat.h"
#include "core/string_view_compat.h"
#include "support/temp_dir.h"

namespace firefox_bidi {
namespace {

namespace fs = std::filesystem;
using testing::TempDir;

// Sets an environment variable for the scope, restoring the old value.
struct ScopedEnv {
  ScopedEnv(const char* name, const std::string& value) : name(name) {
    if (const char* old = std::getenv(name)) saved = old;
    ::setenv(name, value.c_str(), 1);
  }
  ~ScopedEnv() {
    if (saved) {
      ::setenv(name, saved->c_str(), 1);
    } else {
      ::unsetenv(name);
    }
  }
  const char* name;
  std::optional<std::string> saved;
};

void MakeExecutable(const std::string& path) {
  std::ofstream(path) << "#!/bin/sh\nexit 0\n";
  ::chmod(path.c_str(), 0755);
}

// The pid of a process that has exited and been reaped.
pid_t DeadPid() {
  const pid_t pid = ::fork();
  if (pid == 0) ::_exit(0);
  int status = 0;
  ::waitpid(pid, &status, 0);
  return pid;
}

BOOST_AUTO_TEST_SUITE(firefox_launcher)

BOOST_AUTO_TEST_CASE(path_search_prefers_firefox_esr_then_firefox) {
  TempDir a, b;
  MakeExecutable(b.path() + "/firefox");
  ScopedEnv path("PATH", a.path() + ":" + b.path());
  BOOST_TEST(FindFirefoxBinary("").value() == b.path() + "/firefox");
  MakeExecutable(b.path() + "/firefox-esr");
  BOOST_TEST(FindFirefoxBinary("").value() == b.path() + "/firefox-esr");
  MakeExecutable(a.path() + "/firefox");
  BOOST_TEST(FindFirefoxBinary("").value() == b.path() + "/firefox-esr");
}

BOOST_AUTO_TEST_CASE(no_binary_on_path_is_not_found_with_advice) {
  TempDir empty;
  ScopedEnv path("PATH", empty.path());
  absl::StatusOr<std::string> found = FindFirefoxBinary("");
  BOOST_TEST(found.status().code() == absl::StatusCode::kNotFound);
  BOOST_TEST(ToStd(found.status().message()) ==
             "no Firefox found: set firefox.binary or install firefox-esr");
}

BOOST_AUTO_TEST_CASE(configured_binary_is_a_path_or_a_name_on_path) {
  TempDir dir;
  const std::string script = dir.path() + "/my-firefox";
  MakeExecutable(script);
  BOOST_TEST(FindFirefoxBinary(script).value() == script);
  {
    ScopedEnv path("PATH", dir.path());
    BOOST_TEST(FindFirefoxBinary("my-firefox").value() == script);
    absl::StatusOr<std::string> missing = FindFirefoxBinary("nope");
    BOOST_TEST(missing.status().code() == absl::StatusCode::kNotFound);
    BOOST_TEST(ToStd(missing.status().message()) ==
               "firefox.binary \"nope\" was not found on PATH: set it to a full path");
  }
  absl::StatusOr<std::string> absent = FindFirefoxBinary(dir.path() + "/absent");
  BOOST_TEST(absent.status().code() == absl::StatusCode::kNotFound);
  BOOST_TEST(ToStd(absent.status().message()) ==
             "firefox.binary \"" + dir.path() + "/absent\" is not an executable file");
  // A directory or a file without the x bit is no binary either.
  std::ofstream(dir.path() + "/plain") << "x";
  BOOST_TEST(FindFirefoxBinary(dir.path() + "/plain").status().code() ==
             absl::StatusCode::kNotFound);
  BOOST_TEST(FindFirefoxBinary(dir.path()).status().code() == absl::StatusCode::kNotFound);
}

BOOST_AUTO_TEST_CASE(argv_is_headless_private_profile_port_zero_then_config_args) {
  FirefoxConfig config;
  config.args = {"--width=800", "--height=600"};
  BOOST_TEST(FirefoxArgv(config, "/usr/bin/firefox-esr", "/tmp/p") ==
                 (std::vector<std::string>{"/usr/bin/firefox-esr", "--headless", "--no-remote",
                                           "--profile", "/tmp/p", "--remote-debugging-port", "0",
                                           "--width=800", "--height=600", "about:blank"}),
             boost::test_tools::per_element());
  config.headless = false;
  config.args.clear();
  BOOST_TEST(FirefoxArgv(config, "ff", "/p") ==
                 (std::vector<std::string>{"ff", "--no-remote", "--profile", "/p",
                                           "--remote-debugging-port", "0", "about:blank"}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(environment_inherits_and_overrides_in_order) {
  FirefoxConfig config;
  config.env = {{"LANG", "C.UTF-8"}, {"MOZ_CRASHREPORTER_DISABLE", "0"}};
  const std::vector<std::string> base = {"HOME=/root", "LANG=de_DE", "PATH=/bin",
                                         "MOZ_DISABLE_NONLOCAL_CONNECTIONS=0"};
  BOOST_TEST(
      FirefoxEnvironment(config, base).value() ==
          (std::vector<std::string>{"HOME=/root", "PATH=/bin", "MOZ_DISABLE_NONLOCAL_CONNECTIONS=0",
                                    "LANG=C.UTF-8", "MOZ_CRASHREPORTER_DISABLE=0"}),
      boost::test_tools::per_element());
  config.env.clear();
  config.offline = true;
  BOOST_TEST(FirefoxEnvironment(config, base).value() ==
                 (std::vector<std::string>{"HOME=/root", "LANG=de_DE", "PATH=/bin",
                                           "MOZ_CRASHREPORTER_DISABLE=1",
                                           "MOZ_DISABLE_NONLOCAL_CONNECTIONS=1"}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(environment_refuses_bad_names_and_nul_bytes) {
  for (const auto& [name, value] : std::vector<std::pair<std::string, std::string>>{
           {"", "x"}, {"A=B", "x"}, {std::string("A\0B", 3), "x"}, {"OK", std::string("a\0", 2)}}) {
    FirefoxConfig config;
    config.env[name] = value;
    absl::StatusOr<std::vector<std::string>> env = FirefoxEnvironment(config, {});
    BOOST_TEST(env.status().code() == absl::StatusCode::kInvalidArgument);
    BOOST_TEST(ToStd(env.status().message()).rfind("firefox.env: ", 0) == 0u);
  }
}

BOOST_AUTO_TEST_CASE(listening_line_yields_the_url_only) {
  BOOST_TEST(ParseListeningLine("WebDriver BiDi listening on ws://127.0.0.1:41235") ==
             "ws://127.0.0.1:41235");
  BOOST_TEST(ParseListeningLine("1700000000000\tWebDriver BiDi listening on ws://[::1]:9 x") ==
             "ws://[::1]:9");
  BOOST_TEST(ParseListeningLine("WebDriver BiDi listening on ws://127.0.0.1:5\r") ==
             "ws://127.0.0.1:5");
  BOOST_TEST(ParseListeningLine("*** You are running in headless mode.") == "");
  BOOST_TEST(ParseListeningLine("WebDriver BiDi listening on http://x") == "");
}

BOOST_AUTO_TEST_CASE(stale_profiles_of_dead_processes_are_removed_others_kept) {
  TempDir base;
  const std::string prefix = base.path() + "/" + std::string(kProfilePrefix);
  const std::string dead = absl::StrCat(prefix, DeadPid(), "-aaaaaa");
  const std::string mine = absl::StrCat(prefix, ::getpid(), "-bbbbbb");
  const std::string alive = absl::StrCat(prefix, ::getppid(), "-cccccc");
  const std::string other = base.path() + "/unrelated-1-dddddd";
  const std::string not_a_pid = prefix + "x-eeeeee";
  for (const std::string& dir : {dead, mine, alive, other, not_a_pid}) {
    fs::create_directories(dir + "/sub");
    std::ofstream(dir + "/sub/user.js") << "x";
  }
  const std::string dead_link = absl::StrCat(prefix, DeadPid(), "-ffffff");
  fs::create_directory_symlink(other, dead_link);

  BOOST_TEST(RemoveStaleProfiles(base.path()) == 1);
  BOOST_TEST(!fs::exists(dead));
  for (const std::string& dir : {mine, alive, other, not_a_pid}) {
    BOOST_TEST(fs::exists(dir + "/sub/user.js"), dir);
  }
  BOOST_TEST(fs::is_symlink(dead_link));  // a link is never followed or removed
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
