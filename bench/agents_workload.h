// bench-e2e --compare agents-N: N agents each doing the same helper round at once (page.goto,
// page.snapshot, page.fill, page.click on a small form), in one browser against N browsers.
//
//   A: N tool instances, each launching its own browser, each serving one agent (the default).
//   B: one tool instance, one browser, N named agents (a BiDi user context each).
//
// A sample is one round: every agent's call is started from its own thread at once, and the
// timer stops when the last returns. Both sides go through FirefoxBidiTool::Invoke, as a host
// does; B's calls, of different agents, run at the same time on its one instance. The outputs
// compared: each agent's page state after its round (the title its click set, from what its
// fill typed).
//
// Beside the timing, the comparison's notes give memory: the PSS of every side's browsers
// after the warm-up (all agents made), per agent, and B's browser before its agents were made
// and after they are closed again.
#ifndef FIREFOX_BIDI_BENCH_AGENTS_WORKLOAD_H_
#define FIREFOX_BIDI_BENCH_AGENTS_WORKLOAD_H_

#include <cstdint>

#include "absl/status/statusor.h"
#include "harness.h"

namespace firefox_bidi::bench {

// `agents`: N, at least 1.
absl::StatusOr<Comparison> MakeAgentsComparison(int agents);

// The proportional set size of every process in `process_group` (a launched browser's group:
// Firefox, its content processes and its watchdog), in KiB, from /proc/PID/smaps_rollup.
// kNotFound when no process of the group can be read.
absl::StatusOr<std::uint64_t> ProcessGroupPssKiB(int process_group);

}  // namespace firefox_bidi::bench

#endif  // FIREFOX_BIDI_BENCH_AGENTS_WORKLOAD_H_
