// A latency bound (how soon a call returns after a cancel) checked on the fastest of a few
// attempts: code that waited for a poll interval or a timeout misses the bound on every
// attempt, while one late wake-up of a thread on a loaded machine does not fail the test.
#ifndef FIREFOX_BIDI_TESTS_SUPPORT_LATENCY_H_
#define FIREFOX_BIDI_TESTS_SUPPORT_LATENCY_H_

#include <algorithm>
#include <chrono>
#include <limits>

namespace firefox_bidi::testing {

inline constexpr int kLatencyAttempts = 3;

// Runs `attempt` (which returns the latency it measured, in ms) until one is below `bound_ms`,
// at most kLatencyAttempts times, and returns the smallest latency seen. Each attempt checks
// its own outcome; the caller checks the returned figure against the bound.
template <typename Attempt>
long long FastestLatencyMs(long long bound_ms, Attempt attempt) {
  long long fastest = std::numeric_limits<long long>::max();
  for (int i = 0; i < kLatencyAttempts && fastest >= bound_ms; ++i) {
    fastest = std::min(fastest, static_cast<long long>(attempt()));
  }
  return fastest;
}

inline long long MillisBetween(std::chrono::steady_clock::time_point from,
                               std::chrono::steady_clock::time_point to) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(to - from).count();
}

}  // namespace firefox_bidi::testing

#endif  // FIREFOX_BIDI_TESTS_SUPPORT_LATENCY_H_
