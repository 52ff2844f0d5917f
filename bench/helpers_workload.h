// bench-e2e's helpers workloads (`--compare helpers-JOB`, JOB click, click-still, fill or
// snapshot): each job done by a page.* helper frame (B) against the best hand-written raw
// batch that does the same job (A), on the same socket and tab. The pages are files in a
// scratch directory (file: URLs, so a link can navigate without a server). The outputs
// compared are the page's state after the job (the URL after the click, the counter after the
// still click, the field's value and the page's own state after the fill).
#ifndef FIREFOX_BIDI_BENCH_HELPERS_WORKLOAD_H_
#define FIREFOX_BIDI_BENCH_HELPERS_WORKLOAD_H_

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "core/transport.h"
#include "harness.h"

namespace firefox_bidi::bench {

// What the workload needs of the bench's browser: the tool's transport holding the session
// and the tab's context id.
struct HelpersBrowser {
  std::function<absl::StatusOr<BidiTransport*>()> transport;
  std::function<std::string()> context;
};

// `job` is "click", "click-still", "fill" or "snapshot". `keep_alive` is held by the comparison's
// fixture.
absl::StatusOr<Comparison> MakeHelpersComparison(std::string_view job, HelpersBrowser browser,
                                                 std::shared_ptr<void> keep_alive);

}  // namespace firefox_bidi::bench

#endif  // FIREFOX_BIDI_BENCH_HELPERS_WORKLOAD_H_
