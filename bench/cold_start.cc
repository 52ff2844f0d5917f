#include "cold_start.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <chrono>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <variant>
#include <vector>

#include "absl/strings/str_cat.h"
#include "bench_support.h"
#include "core/batch_args.h"
#include "core/batch_runner.h"
#include "core/bidi_protocol.h"
#include "core/config.h"
#include "core/label_cache.h"
#include "core/spool.h"
#include "core/status_macros.h"
#include "io/directory_spool.h"
#include "net/browser_session.h"
#include "net/firefox_launcher.h"
#include "net/firefox_prefs.h"
#include "raw_client.h"

extern char** environ;

namespace firefox_bidi::bench {
namespace {

using std::chrono::milliseconds;

constexpr milliseconds kStartTimeout{60000};
constexpr const char* kFrame = "session.status";

InstanceConfig OfflineConfig() {
  InstanceConfig config;
  config.firefox.offline = true;
  config.firefox.start_timeout = kStartTimeout;
  return config;
}

// One Firefox started by hand in its own process group, its output in a file of the profile.
class BareFirefox {
 public:
  // Everything before the spawn: binary, profile with the launcher's user.js, argv, env.
  static absl::StatusOr<std::unique_ptr<BareFirefox>> Prepare(const FirefoxConfig& config) {
    auto firefox = std::unique_ptr<BareFirefox>(new BareFirefox());
    ASSIGN_OR_RETURN(firefox->profile_, ScratchDir::Create("bench-bare-profile-"));
    ASSIGN_OR_RETURN(const std::string binary, FindFirefoxBinary(config.binary));
    ASSIGN_OR_RETURN(const std::string user_js, BuildUserJs(config.prefs));
    std::ofstream(firefox->profile_->path() + "/user.js") << user_js;
    firefox->argv_ = FirefoxArgv(config, binary, firefox->profile_->path());
    std::vector<std::string> base;
    for (char** e = environ; *e != nullptr; ++e) base.emplace_back(*e);
    ASSIGN_OR_RETURN(firefox->env_, FirefoxEnvironment(config, base));
    firefox->output_path_ = firefox->profile_->path() + "/output.txt";
    std::ofstream(firefox->output_path_).flush();  // exists before the spawn: read from the start
    return firefox;
  }

  ~BareFirefox() {
    if (pid_ > 0) {
      ::kill(-pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
  }

  // Spawns Firefox and waits for its listening line: the BiDi URL.
  absl::StatusOr<std::string> Start(milliseconds timeout) {
    std::vector<char*> argv;
    for (std::string& arg : argv_) argv.push_back(arg.data());
    argv.push_back(nullptr);
    std::vector<char*> envp;
    for (std::string& var : env_) envp.push_back(var.data());
    envp.push_back(nullptr);
    pid_ = ::fork();
    if (pid_ < 0) return absl::InternalError("fork failed");
    if (pid_ == 0) {
      ::setpgid(0, 0);
      // Firefox logs to both; the bench's own output stays clean.
      const int log = ::open(output_path_.c_str(), O_WRONLY);
      if (log >= 0) {
        ::dup2(log, STDOUT_FILENO);
        ::dup2(log, STDERR_FILENO);
      }
      ::execve(argv[0], argv.data(), envp.data());
      ::_exit(127);
    }
    ::setpgid(pid_, pid_);
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    std::ifstream in(output_path_);
    std::string output;
    std::size_t scanned = 0;  // output before this offset holds no listening line
    while (std::chrono::steady_clock::now() < deadline) {
      // What Firefox appended since the last poll; only whole lines count.
      in.clear();
      output.append(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
      for (std::size_t end; (end = output.find('\n', scanned)) != std::string::npos;
           scanned = end + 1) {
        std::string url =
            ParseListeningLine(std::string_view(output).substr(scanned, end - scanned));
        if (!url.empty()) return url;
      }
      if (::waitpid(pid_, nullptr, WNOHANG) == pid_) {
        pid_ = -1;
        return absl::UnavailableError("the bare Firefox exited before reporting its endpoint");
      }
      std::this_thread::sleep_for(milliseconds(1));
    }
    return absl::DeadlineExceededError("the bare Firefox did not report its BiDi endpoint");
  }

 private:
  BareFirefox() = default;

  std::unique_ptr<ScratchDir> profile_;
  std::vector<std::string> argv_;
  std::vector<std::string> env_;
  std::string output_path_;
  pid_t pid_ = -1;
};

// A: the floor. The session.status reply's result is the output.
Variant BareLaunchVariant() {
  struct State {
    std::unique_ptr<BareFirefox> firefox;
    std::unique_ptr<RawBidiClient> client;
    std::vector<std::string> replies;
  };
  auto state = std::make_shared<State>();
  Variant v;
  v.name = "Firefox started by hand, session.new, one command (raw client)";
  v.prepare = [state]() -> absl::Status {
    ASSIGN_OR_RETURN(state->firefox, BareFirefox::Prepare(OfflineConfig().firefox));
    return absl::OkStatus();
  };
  v.run = [state]() -> absl::Status {
    ASSIGN_OR_RETURN(const std::string url, state->firefox->Start(kStartTimeout));
    ASSIGN_OR_RETURN(state->client, RawBidiClient::Connect(url + "/session", kStartTimeout));
    ASSIGN_OR_RETURN(
        state->replies,
        state->client->Exchange(
            {{1, EncodeCommand(1, "session.new", {{"capabilities", boost::json::object()}})},
             {2, EncodeCommand(2, kFrame, {})}},
            false, kStartTimeout));
    return absl::OkStatus();
  };
  v.finish = [state]() -> absl::StatusOr<SampleOutput> {
    state->client.reset();
    state->firefox.reset();
    SampleOutput out;
    if (state->replies.size() != 2) return absl::InternalError("the bare launch did not finish");
    ASSIGN_OR_RETURN(IncomingMessage reply, ClassifyMessage(state->replies[1]));
    if (reply.kind != IncomingMessage::Kind::kSuccess) {
      return absl::InternalError(absl::StrCat("session.status failed: ", reply.message));
    }
    out.results.push_back(reply.result.text());
    state->replies.clear();
    return out;
  };
  return v;
}

// B: the tool's first call, from creating the session to the batch's result.
Variant FirstCallVariant() {
  struct State {
    std::unique_ptr<ScratchDir> spool_dir;
    std::unique_ptr<Spool> spool;
    std::unique_ptr<BrowserSession> session;
    std::string result;
  };
  auto state = std::make_shared<State>();
  auto parsed =
      ParseBatchArgs(absl::StrCat(R"({"frames":[{"method":")", kFrame, R"("}]})"), Limits{});
  auto args = std::make_shared<const BatchArgs>(std::get<BatchArgs>(std::move(parsed)));
  Variant v;
  v.name = "the tool's first call (BrowserSession, RunBatch)";
  v.prepare = [state]() -> absl::Status {
    ASSIGN_OR_RETURN(state->spool_dir, ScratchDir::Create("bench-spool-"));
    ASSIGN_OR_RETURN(state->spool, OpenDirectorySpool(state->spool_dir->path(), 1 << 20));
    return absl::OkStatus();
  };
  v.run = [state, args]() -> absl::Status {
    state->session = BrowserSession::Create(OfflineConfig(), nullptr);
    RETURN_IF_ERROR(state->session->EnsureReady());
    LabelCache labels(Limits{}.label_cache_entries);
    state->result = RunBatch(*args, *state->session, *state->spool, labels, RunOptions{});
    return absl::OkStatus();
  };
  v.finish = [state]() -> absl::StatusOr<SampleOutput> {
    state->session.reset();  // session.end, close, reap, profile removed
    state->spool.reset();
    state->spool_dir.reset();
    boost::system::error_code ec;
    const boost::json::value result = boost::json::parse(state->result, ec);
    const boost::json::value* frame =
        ec ? nullptr : result.at("frames").at(0).as_object().if_contains("result");
    if (frame == nullptr) return absl::InternalError("the first call failed: " + state->result);
    SampleOutput out;
    out.results.push_back(boost::json::serialize(*frame));
    return out;
  };
  return v;
}

}  // namespace

absl::StatusOr<Comparison> MakeColdStartComparison() {
  Comparison c;
  c.a = BareLaunchVariant();
  c.b = FirstCallVariant();
  return c;
}

}  // namespace firefox_bidi::bench
