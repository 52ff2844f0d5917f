#include "agents_workload.h"

#include <dirent.h>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>
#include <chrono>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "bench_support.h"
#include "core/config.h"
#include "core/status_macros.h"
#include "net/firefox_bidi_tool.h"

namespace firefox_bidi::bench {
namespace {

using std::chrono::milliseconds;

// A small form: a heading, a labelled field and a button whose handler writes the field's
// value into the title, so the round's outcome is the page's own state.
constexpr char kPage[] =
    "data:text/html,<title>Orders</title><h1>Orders</h1><label>Name <input id=n></label>"
    "<button onclick=\"document.title='Saved '+n.value\">Save</button>";

// How long the browsers are left alone before their memory is read: what a round started
// (a collection, a cache trim) has settled by then.
constexpr milliseconds kMemorySettle{3000};

std::string AgentName(int i) { return absl::StrCat("a", i); }

// One agent's round. `agent`: the name to send ("" for the default agent).
std::string RoundArgs(const std::string& agent, int i) {
  boost::json::array frames{
      {{"method", "page.goto"}, {"params", {{"url", kPage}}}, {"silent", true}},
      {{"method", "page.snapshot"}},
      {{"method", "page.fill"},
       {"params",
        {{"target", {{"role", "textbox"}, {"name", "Name"}}},
         {"value", absl::StrCat("agent ", i)}}}},
      {{"method", "page.click"}, {"params", {{"target", {{"text", "Save"}}}}}},
      {{"method", "page.eval"}, {"params", {{"expression", "document.title"}}}}};
  boost::json::object args{{"frames", std::move(frames)}};
  if (!agent.empty()) args["agent"] = agent;
  return boost::json::serialize(args);
}

absl::StatusOr<InstanceConfig> BenchConfig() {
  ASSIGN_OR_RETURN(InstanceConfig config, BenchInstanceConfig());
  // Up to 32 browsers start one after another on a small machine.
  config.firefox.start_timeout = milliseconds(120000);
  config.agents.max = 64;
  return config;
}

absl::StatusOr<std::string> Invoke(FirefoxBidiTool& tool, const std::string& args) {
  ToolOutcome out = tool.Invoke(args, nullptr);
  if (out.status != ToolOutcome::Status::kOk) {
    return absl::InternalError(absl::StrCat("the call failed: ", out.message));
  }
  // A frame's error is in the result; every frame of a round must succeed.
  RETURN_IF_ERROR(AllFramesSucceeded(out.json));
  return std::move(out.json);
}

// The tool instances of one side and what each call of a round sends to which.
struct Side {
  std::vector<std::unique_ptr<FirefoxBidiTool>> tools;
  std::vector<std::string> args;  // one per agent
  std::vector<std::string> results;

  FirefoxBidiTool& ToolOf(std::size_t agent) { return *tools[tools.size() == 1 ? 0 : agent]; }

  // Every agent's call at once, each from a thread of its own.
  absl::Status Round() {
    std::vector<absl::Status> statuses(args.size());
    results.assign(args.size(), "");
    std::vector<std::thread> threads;
    threads.reserve(args.size());
    for (std::size_t i = 0; i < args.size(); ++i) {
      threads.emplace_back([this, i, &statuses] {
        absl::StatusOr<std::string> result = Invoke(ToolOf(i), args[i]);
        if (result.ok()) {
          results[i] = *std::move(result);
        } else {
          statuses[i] = result.status();
        }
      });
    }
    for (std::thread& thread : threads) thread.join();
    for (std::size_t i = 0; i < statuses.size(); ++i) {
      if (!statuses[i].ok()) {
        return absl::Status(statuses[i].code(),
                            absl::StrCat("agent ", i, ": ", statuses[i].message()));
      }
    }
    return absl::OkStatus();
  }

  absl::StatusOr<std::uint64_t> PssKiB() const {
    std::uint64_t total = 0;
    for (const auto& tool : tools) {
      const std::optional<BrowserSession::LaunchedBrowser> browser = tool->launched_browser();
      if (!browser) return absl::FailedPreconditionError("a tool instance has no browser");
      ASSIGN_OR_RETURN(const std::uint64_t kib, ProcessGroupPssKiB(browser->process_group));
      total += kib;
    }
    return total;
  }
};

Variant SideVariant(std::string name, std::shared_ptr<Side> side) {
  Variant v;
  v.name = std::move(name);
  v.run = [side] { return side->Round(); };
  v.finish = [side]() -> absl::StatusOr<SampleOutput> {
    SampleOutput out;
    for (const std::string& result : side->results) {
      absl::StrAppend(&out.exact, result, "\n");
      out.results.push_back(result);
    }
    return out;
  };
  return v;
}

double MiB(std::uint64_t kib) { return static_cast<double>(kib) / 1024.0; }

}  // namespace

absl::StatusOr<std::uint64_t> ProcessGroupPssKiB(int process_group) {
  DIR* proc = ::opendir("/proc");
  if (proc == nullptr) return absl::UnavailableError("cannot read /proc");
  std::uint64_t total = 0;
  int processes = 0;
  while (const dirent* entry = ::readdir(proc)) {
    const std::string pid = entry->d_name;
    if (pid.empty() || pid.find_first_not_of("0123456789") != std::string::npos) continue;
    // /proc/PID/stat: "pid (comm) state ppid pgrp ..."; comm may hold spaces and parentheses,
    // so the fields count from the last ')'.
    std::ifstream stat_file("/proc/" + pid + "/stat");
    std::string stat((std::istreambuf_iterator<char>(stat_file)), {});
    const std::size_t close = stat.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream fields(stat.substr(close + 1));
    std::string state;
    int ppid = 0;
    int pgrp = 0;
    if (!(fields >> state >> ppid >> pgrp) || pgrp != process_group) continue;
    std::ifstream rollup("/proc/" + pid + "/smaps_rollup");
    std::string line;
    while (std::getline(rollup, line)) {
      if (line.rfind("Pss:", 0) == 0) {
        total += std::stoull(line.substr(4));
        ++processes;
        break;
      }
    }
  }
  ::closedir(proc);
  if (processes == 0) {
    return absl::NotFoundError(absl::StrCat("no process of group ", process_group, " to read"));
  }
  return total;
}

absl::StatusOr<Comparison> MakeAgentsComparison(int agents) {
  if (agents < 1) return absl::InvalidArgumentError("agents-N needs N of at least 1");
  ASSIGN_OR_RETURN(const InstanceConfig config, BenchConfig());

  auto browsers = std::make_shared<Side>();
  for (int i = 0; i < agents; ++i) {
    browsers->tools.push_back(std::make_unique<FirefoxBidiTool>(config, ToolCallbacks{}));
    browsers->args.push_back(RoundArgs("", i));
  }
  auto shared = std::make_shared<Side>();
  shared->tools.push_back(std::make_unique<FirefoxBidiTool>(config, ToolCallbacks{}));
  for (int i = 0; i < agents; ++i) shared->args.push_back(RoundArgs(AgentName(i), i));

  // Untimed: every browser started (one after another), B's read with the default agent
  // alone, then every agent made by a first round.
  for (auto& tool : browsers->tools) {
    RETURN_IF_ERROR(Invoke(*tool, R"({"frames":[{"method":"session.status"}]})").status());
  }
  RETURN_IF_ERROR(
      Invoke(*shared->tools[0], R"({"frames":[{"method":"session.status"}]})").status());
  std::this_thread::sleep_for(kMemorySettle);
  ASSIGN_OR_RETURN(const std::uint64_t one_browser_kib, shared->PssKiB());
  RETURN_IF_ERROR(browsers->Round());
  RETURN_IF_ERROR(shared->Round());

  Comparison c;
  c.a = SideVariant(absl::StrCat(agents, " browsers, one agent each"), browsers);
  c.b = SideVariant(absl::StrCat("one browser, ", agents, " agents"), shared);
  c.notes = [browsers, shared, agents,
             one_browser_kib]() -> absl::StatusOr<std::vector<std::string>> {
    std::this_thread::sleep_for(kMemorySettle);
    ASSIGN_OR_RETURN(const std::uint64_t a_kib, browsers->PssKiB());
    ASSIGN_OR_RETURN(const std::uint64_t b_kib, shared->PssKiB());
    for (int i = 0; i < agents; ++i) {
      RETURN_IF_ERROR(
          Invoke(*shared->tools[0],
                 absl::StrCat(R"({"frames":[{"method":"page.agents","params":)",
                              R"({"action":"close","agent":")", AgentName(i), R"("}}]})"))
              .status());
    }
    std::this_thread::sleep_for(kMemorySettle);
    ASSIGN_OR_RETURN(const std::uint64_t closed_kib, shared->PssKiB());
    const double n = agents;
    return std::vector<std::string>{
        absl::StrFormat("PSS A (%d browsers): %.1f MiB, %.1f MiB per agent", agents, MiB(a_kib),
                        MiB(a_kib) / n),
        absl::StrFormat("PSS B (one browser, %d agents): %.1f MiB; with the default agent "
                        "alone %.1f MiB: %.1f MiB per agent over it",
                        agents, MiB(b_kib), MiB(one_browser_kib),
                        (MiB(b_kib) - MiB(one_browser_kib)) / n),
        absl::StrFormat("PSS B after its %d agents were closed: %.1f MiB (%+.1f MiB over the "
                        "default agent alone)",
                        agents, MiB(closed_kib), MiB(closed_kib) - MiB(one_browser_kib))};
  };
  c.fixture =
      std::make_shared<std::pair<std::shared_ptr<Side>, std::shared_ptr<Side>>>(browsers, shared);
  return c;
}

}  // namespace firefox_bidi::bench
