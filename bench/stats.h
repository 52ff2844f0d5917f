// Statistics for paired benchmark samples: order statistics, the Wilcoxon signed-rank test and
// the exact sign test. Plain functions on doubles; no I/O.
//
// Conventions (stated once, used by the report and docs/benchmarks.md):
//   - Percentile: nearest-rank, the smallest sample with at least p% of the samples <= it
//     (sorted[ceil(p/100 * n) - 1]); it is always one of the samples.
//   - Median: the middle sample, or the mean of the two middle samples for even n.
//   - Paired difference: d_i = b_i - a_i (negative: B was faster in pair i).
//   - Wilcoxon: zero differences dropped (Wilcoxon's method, scipy zero_method="wilcox"), tied
//     |d| get average ranks. W = min(W+, W-) as scipy's two-sided statistic. The p-value is
//     exact (enumerated null distribution) when n <= 25 and no |d| are tied, otherwise the
//     normal approximation with tie correction and continuity correction.
//   - Sign test: zeros dropped, exact two-sided binomial p = min(1, 2 * P(X <= min(k, n - k))).
#ifndef FIREFOX_BIDI_BENCH_STATS_H_
#define FIREFOX_BIDI_BENCH_STATS_H_

#include <cstddef>
#include <vector>

namespace firefox_bidi::bench {

// All return NaN for an empty input.
double Min(const std::vector<double>& samples);
double Median(std::vector<double> samples);
// `p` in (0, 100].
double Percentile(std::vector<double> samples, double p);

// b[i] - a[i] for each pair; the shorter length wins.
std::vector<double> PairedDifferences(const std::vector<double>& a, const std::vector<double>& b);

// The largest n for which the exact null distribution is used.
inline constexpr std::size_t kWilcoxonExactMaxN = 25;

struct WilcoxonResult {
  std::size_t n = 0;   // non-zero differences
  double w_plus = 0;   // sum of ranks of positive differences
  double w_minus = 0;  // sum of ranks of negative differences
  double w = 0;        // min(w_plus, w_minus)
  double z = 0;        // (w_plus - mean -+ 0.5) / sd, tie-corrected; 0 when n == 0
  double p = 1;        // two-sided
  bool exact = false;  // p from the exact null distribution
};

WilcoxonResult WilcoxonSignedRank(const std::vector<double>& differences);

// P(W+ <= w) under the null for n untied ranks 1..n, by counting subsets (dynamic
// programming over the rank sums). Exposed for tests.
double WilcoxonExactCdf(std::size_t n, double w);

struct SignTestResult {
  std::size_t n = 0;          // non-zero differences
  std::size_t negatives = 0;  // d < 0: B faster
  std::size_t positives = 0;  // d > 0: A faster
  double p = 1;               // exact two-sided
};

SignTestResult SignTest(const std::vector<double>& differences);

}  // namespace firefox_bidi::bench

#endif  // FIREFOX_BIDI_BENCH_STATS_H_
