#define BOOST_TEST_MODULE firefox_bidi_bench_stats_test
#include "stats.h"

#include <boost/test/unit_test.hpp>
#include <cmath>
#include <vector>

namespace firefox_bidi::bench {
namespace {

namespace tt = boost::test_tools;

// scipy.stats.wilcoxon documentation example (Cucumber data): statistic=24.0,
// pvalue=0.041259765625, exact null distribution, n=15, no ties.
const std::vector<double> kScipyExample = {6,  8,   14, 16, 23, 24,  28, 29,
                                           41, -48, 49, 56, 60, -67, 75};

// Wikipedia "Wilcoxon signed-rank test" worked example, x1 - x2 of its ten pairs: one zero
// (dropped) and one tie (|5|, |5| share rank 1.5), so the normal approximation applies.
const std::vector<double> kWikipediaExample = {15, -7, 5, 20, 0, -9, 17, -12, 5, -10};

BOOST_AUTO_TEST_SUITE(bench_stats)

BOOST_AUTO_TEST_CASE(median_of_odd_count_is_middle_sample) { BOOST_TEST(Median({5, 1, 3}) == 3.0); }

BOOST_AUTO_TEST_CASE(median_of_even_count_is_mean_of_middle_pair) {
  BOOST_TEST(Median({4, 1, 3, 2}) == 2.5);
}

BOOST_AUTO_TEST_CASE(empty_input_gives_nan) {
  BOOST_TEST(std::isnan(Median({})));
  BOOST_TEST(std::isnan(Min({})));
  BOOST_TEST(std::isnan(Percentile({}, 95)));
}

BOOST_AUTO_TEST_CASE(min_is_smallest_sample) { BOOST_TEST(Min({3, -2.5, 7}) == -2.5); }

BOOST_AUTO_TEST_CASE(p95_is_nearest_rank) {
  std::vector<double> twenty;
  for (int i = 1; i <= 20; ++i) twenty.push_back(i * 10);
  // ceil(0.95 * 20) = 19th smallest.
  BOOST_TEST(Percentile(twenty, 95) == 190.0);
  std::vector<double> thirty;
  for (int i = 30; i >= 1; --i) thirty.push_back(i);
  // ceil(0.95 * 30) = ceil(28.5) = 29th smallest.
  BOOST_TEST(Percentile(thirty, 95) == 29.0);
  BOOST_TEST(Percentile({7, 3}, 50) == 3.0);
  BOOST_TEST(Percentile({7, 3}, 100) == 7.0);
  BOOST_TEST(Percentile({4}, 95) == 4.0);
}

BOOST_AUTO_TEST_CASE(percentile_out_of_range_gives_nan) {
  BOOST_TEST(std::isnan(Percentile({1, 2}, 0)));
  BOOST_TEST(std::isnan(Percentile({1, 2}, 101)));
}

BOOST_AUTO_TEST_CASE(paired_differences_are_b_minus_a) {
  const std::vector<double> d = PairedDifferences({10, 20, 30}, {12, 15, 30, 99});
  BOOST_TEST(d == (std::vector<double>{2, -5, 0}), tt::per_element());
}

BOOST_AUTO_TEST_CASE(wilcoxon_matches_scipy_exact_example) {
  const WilcoxonResult r = WilcoxonSignedRank(kScipyExample);
  BOOST_TEST(r.n == 15u);
  BOOST_TEST(r.w_minus == 24.0);
  BOOST_TEST(r.w_plus == 96.0);
  BOOST_TEST(r.w == 24.0);
  BOOST_TEST(r.exact);
  BOOST_TEST(r.p == 0.041259765625, tt::tolerance(1e-12));
  // (96 - 60 - 0.5) / sqrt(310)
  BOOST_TEST(r.z == 2.01626451157708, tt::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(wilcoxon_drops_zeros_and_averages_tied_ranks) {
  const WilcoxonResult r = WilcoxonSignedRank(kWikipediaExample);
  BOOST_TEST(r.n == 9u);
  BOOST_TEST(r.w_plus == 27.0);
  BOOST_TEST(r.w_minus == 18.0);
  BOOST_TEST(r.w == 18.0);
  BOOST_TEST(!r.exact);
  // var = 9*10*19/24 - (2^3 - 2)/48 = 71.125; z = (27 - 22.5 - 0.5) / sqrt(71.125)
  BOOST_TEST(r.z == 0.4742953333830018, tt::tolerance(1e-12));
  BOOST_TEST(r.p == 0.6352893188352069, tt::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(wilcoxon_sign_of_z_follows_direction) {
  std::vector<double> d = kScipyExample;
  for (double& x : d) x = -x;
  const WilcoxonResult r = WilcoxonSignedRank(d);
  BOOST_TEST(r.w_plus == 24.0);
  BOOST_TEST(r.z == -2.01626451157708, tt::tolerance(1e-12));
  BOOST_TEST(r.p == 0.041259765625, tt::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(wilcoxon_all_same_sign_small_n_is_exact) {
  // n = 5, all positive: P(W- <= 0) = 1/32, two-sided 2/32.
  const WilcoxonResult r = WilcoxonSignedRank({0.1, 0.2, 0.3, 0.4, 0.5});
  BOOST_TEST(r.exact);
  BOOST_TEST(r.w == 0.0);
  BOOST_TEST(r.p == 0.0625, tt::tolerance(1e-15));
}

BOOST_AUTO_TEST_CASE(wilcoxon_above_exact_limit_uses_normal_approximation) {
  std::vector<double> d;
  for (int i = 1; i <= 30; ++i) d.push_back(-i);
  const WilcoxonResult r = WilcoxonSignedRank(d);
  BOOST_TEST(r.n == 30u);
  BOOST_TEST(!r.exact);
  BOOST_TEST(r.w_minus == 465.0);
  // (0 - 232.5 + 0.5) / sqrt(30*31*61/24)
  BOOST_TEST(r.z == -4.771854730335432, tt::tolerance(1e-12));
  BOOST_TEST(r.p == 1.825371456361214e-06, tt::tolerance(1e-9));
}

BOOST_AUTO_TEST_CASE(wilcoxon_of_all_zero_differences_is_empty) {
  const WilcoxonResult r = WilcoxonSignedRank({0, 0, 0});
  BOOST_TEST(r.n == 0u);
  BOOST_TEST(r.w == 0.0);
  BOOST_TEST(r.z == 0.0);
  BOOST_TEST(r.p == 1.0);
}

BOOST_AUTO_TEST_CASE(exact_cdf_counts_subsets) {
  // n = 3: subset sums 0,1,2,3,3,4,5,6 -> P(W <= 3) = 5/8.
  BOOST_TEST(WilcoxonExactCdf(3, 3) == 0.625);
  BOOST_TEST(WilcoxonExactCdf(3, 6) == 1.0);
  BOOST_TEST(WilcoxonExactCdf(3, -1) == 0.0);
  // 676 of the 2^15 subsets of {1..15} sum to at most 24.
  BOOST_TEST(WilcoxonExactCdf(15, 24) == 676.0 / 32768.0);
}

BOOST_AUTO_TEST_CASE(sign_test_is_exact_binomial) {
  // 13 positive, 2 negative: 2 * (C(15,0) + C(15,1) + C(15,2)) / 2^15 = 242 / 32768.
  const SignTestResult r = SignTest(kScipyExample);
  BOOST_TEST(r.n == 15u);
  BOOST_TEST(r.negatives == 2u);
  BOOST_TEST(r.positives == 13u);
  BOOST_TEST(r.p == 0.00738525390625, tt::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(sign_test_drops_zeros_and_caps_p_at_one) {
  // 5 positive, 4 negative after the zero: 2 * 256 / 512 = 1.
  const SignTestResult r = SignTest(kWikipediaExample);
  BOOST_TEST(r.n == 9u);
  BOOST_TEST(r.negatives == 4u);
  BOOST_TEST(r.p == 1.0);
}

BOOST_AUTO_TEST_CASE(sign_test_of_even_split_is_exactly_one) {
  const SignTestResult r = SignTest({-1, 1, -2, 2, 3, -3});
  BOOST_TEST(r.p == 1.0);
  BOOST_TEST(SignTest({-1, 1, 2, -2, 3}).p == 1.0);
}

BOOST_AUTO_TEST_CASE(sign_test_large_n_stays_a_number) {
  // 8 of 30 negative: 2 * sum_{i<=8} C(30,i) / 2^30.
  std::vector<double> d(30, 1.0);
  for (int i = 0; i < 8; ++i) d[i] = -1;
  BOOST_TEST(SignTest(d).p == 0.016124801710247993, tt::tolerance(1e-10));
  std::vector<double> many(2000, -1.0);
  const SignTestResult r = SignTest(many);
  BOOST_TEST(r.negatives == 2000u);
  BOOST_TEST(!std::isnan(r.p));
  BOOST_TEST(r.p < 1e-300);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::bench
