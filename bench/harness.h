// The paired-comparison harness shared by bench-micro and bench-e2e (DESIGN.md section 8).
//
// A comparison has two variants, A (the baseline) and B (the candidate), and optional extra
// measurements ("floors") reported beside them. Each pair runs A and B once, in the order
// AFirst(pair) gives (balanced in blocks of two pairs, random within a block), so drift and
// cache warmth do not favour one side; extras run after the pair.
// Only Variant::run is timed: prepare and finish (set-up, output capture, clean-up) are not.
// Every sample's outputs are compared: A against B exactly, and the per-frame results of every
// variant (extras included) against A's; a mismatch fails the run (exit 1) naming what
// differed and where.
#ifndef FIREFOX_BIDI_BENCH_HARNESS_H_
#define FIREFOX_BIDI_BENCH_HARNESS_H_

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace firefox_bidi::bench {

// What one sample produced, captured outside the timer.
struct SampleOutput {
  // The variant's full output in a comparable form (e.g. the tool result with spool paths
  // normalized, followed by the spool files' bytes). Compared between A and B when both give
  // one (a floor client, which makes no tool result, leaves it empty); never for extras.
  std::string exact;
  // The BiDi results of the batch, one per frame (the text a spool file would hold). Compared
  // between every variant and A.
  std::vector<std::string> results;
};

struct Variant {
  std::string name;
  std::function<absl::Status()> prepare;  // untimed, before each sample; may be empty
  std::function<absl::Status()> run;      // the timed work
  std::function<absl::StatusOr<SampleOutput>()> finish;  // untimed, after each sample
};

// An extra measurement, reported as "<key>_median_ms" (and in "extras") in the JSON.
struct Extra {
  std::string key;
  Variant variant;
};

struct Comparison {
  Variant a;
  Variant b;
  std::vector<Extra> extras;
  // Untimed, after the pairs: measurements beside the timing (memory, say), one line each,
  // printed below the statistics and given as "notes" in the JSON. May be empty.
  std::function<absl::StatusOr<std::vector<std::string>>()> notes;
  // Owns whatever the variants share (a browser, fixtures); released after the run.
  std::shared_ptr<void> fixture;
};

struct BenchFlags {
  int pairs = 30;
  int warmup = 5;
  bool json = false;
  bool profile = false;
  // "wall" (steady clock, the default) or "cpu" (this process's CPU time, all threads): on a
  // machine busy with other work the CPU clock does not count time spent descheduled, so
  // in-process comparisons stay readable; it does not see time spent waiting for a browser.
  std::string clock = "wall";
  std::string compare;
  // bench-e2e --compare grid: the WebDriver endpoint (a Selenium Grid) variant B's session
  // comes from.
  std::string webdriver;
};

struct CompareMode {
  std::string name;
  std::string help;
};

struct BenchSpec {
  std::string name;         // "bench-micro"
  std::string description;  // one paragraph for --help
  std::vector<CompareMode> modes;
  int default_pairs = 30;
  int default_warmup = 5;
  // Builds the comparison (untimed set-up: fixtures, browser launch).
  std::function<absl::StatusOr<Comparison>(const BenchFlags&)> make;
};

// Parses the command line, runs the comparison and prints the report. Returns the process exit
// code: 0 done, 1 failure or output mismatch, 2 usage error.
int BenchMain(int argc, char** argv, const BenchSpec& spec);

// The first difference between two byte strings, as "at byte N: A has "..." B has "..."",
// or nullopt when equal. Exposed for tests.
std::optional<std::string> DescribeDifference(absl::string_view a, absl::string_view b);

// The pair's run order: true when A runs first. Pairs 2k and 2k+1 form a block with one pair
// of each order, and a fixed-seed generator picks which comes first. Balanced as strict
// alternation is, but a pattern the browser repeats every few batches (a collection every
// fourth batch, say) cannot line up with one variant as it does with ABBAABBA...
bool AFirst(int pair);

}  // namespace firefox_bidi::bench

#endif  // FIREFOX_BIDI_BENCH_HARNESS_H_
