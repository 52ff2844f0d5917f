// bench-e2e --compare cold: the latency of the tool's first call against Firefox's own start-up.
//
// A (the floor) starts Firefox by hand: the profile and user.js the launcher would write are
// made outside the timer; timed are only fork/exec, the "WebDriver BiDi listening" line,
// the /session socket, session.new and one session.status. B is the tool's first call:
// BrowserSession::Create, EnsureReady (profile, launch, session.new) and RunBatch of the same
// session.status frame. Both browsers are torn down outside the timer.
#ifndef FIREFOX_BIDI_BENCH_COLD_START_H_
#define FIREFOX_BIDI_BENCH_COLD_START_H_

#include "absl/status/statusor.h"
#include "harness.h"

namespace firefox_bidi::bench {

absl::StatusOr<Comparison> MakeColdStartComparison();

}  // namespace firefox_bidi::bench

#endif  // FIREFOX_BIDI_BENCH_COLD_START_H_
