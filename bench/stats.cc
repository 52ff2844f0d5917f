#include "stats.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace firefox_bidi::bench {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Two-sided p of a standard normal z.
double NormalTwoSidedP(double z) { return std::min(1.0, std::erfc(std::fabs(z) / std::sqrt(2.0))); }

}  // namespace

double Min(const std::vector<double>& samples) {
  if (samples.empty()) return kNaN;
  return *std::min_element(samples.begin(), samples.end());
}

double Median(std::vector<double> samples) {
  if (samples.empty()) return kNaN;
  const std::size_t n = samples.size();
  std::sort(samples.begin(), samples.end());
  if (n % 2 == 1) return samples[n / 2];
  return (samples[n / 2 - 1] + samples[n / 2]) / 2;
}

double Percentile(std::vector<double> samples, double p) {
  if (samples.empty() || !(p > 0) || p > 100) return kNaN;
  std::sort(samples.begin(), samples.end());
  // Nearest rank; the small epsilon keeps 95% of 20 at rank 19 despite binary rounding.
  const double rank = std::ceil(p / 100 * static_cast<double>(samples.size()) - 1e-9);
  const std::size_t index = static_cast<std::size_t>(std::max(1.0, rank)) - 1;
  return samples[std::min(index, samples.size() - 1)];
}

std::vector<double> PairedDifferences(const std::vector<double>& a, const std::vector<double>& b) {
  const std::size_t n = std::min(a.size(), b.size());
  std::vector<double> d(n);
  for (std::size_t i = 0; i < n; ++i) d[i] = b[i] - a[i];
  return d;
}

double WilcoxonExactCdf(std::size_t n, double w) {
  if (w < 0) return 0;
  const std::size_t max_sum = n * (n + 1) / 2;
  // counts[s] = number of subsets of {1..n} whose sum is s (exact in a double up to 2^53).
  std::vector<double> counts(max_sum + 1, 0.0);
  counts[0] = 1;
  for (std::size_t rank = 1; rank <= n; ++rank) {
    for (std::size_t s = rank * (rank + 1) / 2; s >= rank; --s) counts[s] += counts[s - rank];
  }
  const std::size_t upto = std::min(max_sum, static_cast<std::size_t>(std::floor(w)));
  double below = 0;
  for (std::size_t s = 0; s <= upto; ++s) below += counts[s];
  return below / std::ldexp(1.0, static_cast<int>(n));
}

WilcoxonResult WilcoxonSignedRank(const std::vector<double>& differences) {
  struct Item {
    double magnitude;
    bool positive;
  };
  std::vector<Item> items;
  for (double d : differences) {
    if (d != 0 && !std::isnan(d)) items.push_back({std::fabs(d), d > 0});
  }
  std::sort(items.begin(), items.end(),
            [](const Item& x, const Item& y) { return x.magnitude < y.magnitude; });

  WilcoxonResult result;
  result.n = items.size();
  if (result.n == 0) return result;

  double tie_term = 0;  // sum of (t^3 - t) over groups of tied magnitudes
  for (std::size_t i = 0; i < items.size();) {
    std::size_t j = i;
    while (j < items.size() && items[j].magnitude == items[i].magnitude) ++j;
    const double t = static_cast<double>(j - i);
    const double average_rank = (static_cast<double>(i + 1) + static_cast<double>(j)) / 2;
    for (std::size_t k = i; k < j; ++k) {
      (items[k].positive ? result.w_plus : result.w_minus) += average_rank;
    }
    tie_term += t * t * t - t;
    i = j;
  }
  result.w = std::min(result.w_plus, result.w_minus);

  const double n = static_cast<double>(result.n);
  const double mean = n * (n + 1) / 4;
  const double variance = n * (n + 1) * (2 * n + 1) / 24 - tie_term / 48;
  if (variance > 0) {
    const double diff = result.w_plus - mean;
    const double continuity = diff > 0 ? 0.5 : (diff < 0 ? -0.5 : 0.0);
    result.z = (diff - continuity) / std::sqrt(variance);
  }
  if (result.n <= kWilcoxonExactMaxN && tie_term == 0) {
    result.exact = true;
    result.p = std::min(1.0, 2 * WilcoxonExactCdf(result.n, result.w));
  } else {
    result.p = NormalTwoSidedP(result.z);
  }
  return result;
}

SignTestResult SignTest(const std::vector<double>& differences) {
  SignTestResult result;
  for (double d : differences) {
    if (d < 0) ++result.negatives;
    if (d > 0) ++result.positives;
  }
  result.n = result.negatives + result.positives;
  if (result.n == 0) return result;
  const std::size_t k = std::min(result.negatives, result.positives);
  // P(X <= k) for X ~ Binomial(n, 1/2). Up to n = 1000 the binomial coefficients are summed
  // exactly enough in doubles (C(1000, 500) < 1e300) and scaled by 2^-n once, so p = 1 comes
  // out as exactly 1; beyond that each term is taken in log space so nothing overflows.
  const double n = static_cast<double>(result.n);
  double tail = 0;
  if (result.n <= 1000) {
    double term = 1;
    for (std::size_t i = 0; i <= k; ++i) {
      tail += term;
      term = term * (n - static_cast<double>(i)) / static_cast<double>(i + 1);
    }
    tail = std::ldexp(tail, -static_cast<int>(result.n));
  } else {
    const double log_half_n = -n * std::log(2.0);
    for (std::size_t i = 0; i <= k; ++i) {
      const double x = static_cast<double>(i);
      tail +=
          std::exp(std::lgamma(n + 1) - std::lgamma(x + 1) - std::lgamma(n - x + 1) + log_half_n);
    }
  }
  result.p = std::min(1.0, 2 * tail);
  return result;
}

}  // namespace firefox_bidi::bench
