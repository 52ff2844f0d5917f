// fake-geckodriver: a test fixture that a Selenium Grid node starts in place of geckodriver
// (not packaged in Debian). It serves the stand-in WebDriver (support/stand_in_webdriver.h):
// GET /status, POST /session (launches a headless firefox-esr and opens a Marionette session
// with webSocketUrl: true), DELETE /session/<id> (ends that session and its browser).
//
// Command line, as a Grid node or a user invokes geckodriver:
//   --port N | --port=N   port to listen on (default 4444; 0 = a free port)
//   --host H              127.0.0.1, localhost or ::1 (it listens on 127.0.0.1 only)
//   -b PATH | --binary P  the Firefox to launch (default: firefox-esr, then firefox on $PATH)
//   --version             prints a geckodriver-like version line
// Every other geckodriver flag (--websocket-port, --allow-origins ..., --allow-hosts ...,
// --log LEVEL, --log-no-truncate, --profile-root DIR, -v, ...) is accepted and ignored: Firefox
// always picks its own BiDi port, which the returned webSocketUrl names.
//
// It ends every browser it launched and exits on SIGTERM, SIGINT or SIGHUP, and also when its
// parent (the Grid node) dies, so a killed node leaves no driver and no browser behind.
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "core/config.h"
#include "core/string_view_compat.h"
#include "support/stand_in_webdriver.h"

namespace {

constexpr const char* kVersion = "geckodriver 0.36.0 (fake-geckodriver, firefox-bidi test fixture)";

// Flags of geckodriver that take a value in the next argument: skipped with their value.
constexpr std::string_view kFlagsWithValue[] = {
    "--log",          "--marionette-host", "--marionette-port",
    "--profile-root", "--websocket-port",  "--android-storage"};
// Flags that take a list of values (up to the next flag).
constexpr std::string_view kFlagsWithList[] = {"--allow-origins", "--allow-hosts"};

struct Options {
  std::uint16_t port = 4444;
  std::string binary;
};

int Usage(const char* what) {
  std::fprintf(stderr, "fake-geckodriver: %s\n", what);
  return 64;
}

bool ParsePort(std::string_view text, std::uint16_t* port) {
  int value = -1;
  if (!absl::SimpleAtoi(firefox_bidi::ToAbsl(text), &value) || value < 0 || value > 65535) {
    return false;
  }
  *port = static_cast<std::uint16_t>(value);
  return true;
}

bool IsFlag(std::string_view arg) { return arg.size() > 1 && arg.front() == '-'; }

}  // namespace

int main(int argc, char** argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    const std::size_t eq = arg.find('=');
    const std::string_view name = arg.substr(0, eq);
    const bool inline_value = eq != std::string_view::npos;
    auto value = [&](std::string_view* out) {
      if (inline_value) {
        *out = arg.substr(eq + 1);
        return true;
      }
      if (i + 1 >= argc) return false;
      *out = argv[++i];
      return true;
    };
    std::string_view v;
    if (name == "--version" || name == "-V") {
      std::printf("%s\n", kVersion);
      return 0;
    } else if (name == "--help" || name == "-h") {
      std::printf(
          "usage: fake-geckodriver [--port N] [--host H] [-b FIREFOX] [geckodriver flags]\n");
      return 0;
    } else if (name == "--port" || name == "-p") {
      if (!value(&v) || !ParsePort(v, &options.port)) return Usage("--port needs 0..65535");
    } else if (name == "--host") {
      if (!value(&v)) return Usage("--host needs a value");
      if (v != "127.0.0.1" && v != "localhost" && v != "::1") {
        return Usage("--host: only loopback (127.0.0.1, localhost, ::1) is served");
      }
    } else if (name == "-b" || name == "--binary") {
      if (!value(&v)) return Usage("--binary needs a path");
      options.binary = std::string(v);
    } else if (std::find(std::begin(kFlagsWithValue), std::end(kFlagsWithValue), name) !=
               std::end(kFlagsWithValue)) {
      if (!value(&v)) return Usage("a flag misses its value");
    } else if (std::find(std::begin(kFlagsWithList), std::end(kFlagsWithList), name) !=
               std::end(kFlagsWithList)) {
      while (!inline_value && i + 1 < argc && !IsFlag(argv[i + 1])) ++i;
    }
    // Anything else (-v, -vv, --log-no-truncate, --connect-existing, --jsdebugger...) is
    // accepted and ignored.
  }

  // Signals are taken synchronously below; the launcher's children reset the mask.
  sigset_t stop;
  sigemptyset(&stop);
  for (int s : {SIGTERM, SIGINT, SIGHUP}) sigaddset(&stop, s);
  ::pthread_sigmask(SIG_BLOCK, &stop, nullptr);
  const pid_t parent = ::getppid();

  firefox_bidi::FirefoxConfig firefox;
  firefox.binary = options.binary;
  firefox.headless = true;
  firefox.offline = true;
  firefox.start_timeout = std::chrono::milliseconds(60000);  // shared, loaded machines
  // FAKE_GECKODRIVER_LOG=FILE: one line per request appended there (a Grid node keeps a
  // driver's own output to itself).
  std::function<void(std::string_view)> log = [](std::string_view line) {
    std::fprintf(stderr, "fake-geckodriver: %.*s\n", static_cast<int>(line.size()), line.data());
  };
  if (const char* file = std::getenv("FAKE_GECKODRIVER_LOG"); file && *file) {
    log = [path = std::string(file), pid = ::getpid()](std::string_view line) {
      if (FILE* out = std::fopen(path.c_str(), "a")) {
        std::fprintf(out, "%ld fake-geckodriver[%d]: %.*s\n", static_cast<long>(std::time(nullptr)),
                     static_cast<int>(pid), static_cast<int>(line.size()), line.data());
        std::fclose(out);
      }
    };
  }
  auto driver = firefox_bidi::testing::StandInWebDriver::Start(firefox, options.port, log);
  if (!driver.ok()) {
    std::fprintf(stderr, "fake-geckodriver: %s\n",
                 std::string(firefox_bidi::ToStd(driver.status().message())).c_str());
    return 69;
  }
  log(absl::StrCat("listening on 127.0.0.1:", (*driver)->port()));

  const timespec poll = {0, 200'000'000};
  for (;;) {
    const int got = ::sigtimedwait(&stop, nullptr, &poll);
    if (got > 0) {
      log(absl::StrCat(::strsignal(got), ", ending every session"));
      break;
    }
    if (::getppid() != parent) {
      log("the parent process died, ending every session");
      break;
    }
  }
  driver->reset();  // ends every session and its browser
  return 0;
}
