#include "harness.h"

#include <malloc.h>
#include <sys/resource.h>
#include <time.h>

#include <algorithm>
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>
#include <boost/program_options.hpp>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <iostream>
#include <map>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "core/status_macros.h"
#include "stats.h"

namespace firefox_bidi::bench {
namespace {

namespace po = boost::program_options;

struct Timed {
  double ms = 0;      // wall
  double cpu_ms = 0;  // process CPU time, all threads
  double faults = 0;  // minor page faults of the process (all threads)
  SampleOutput output;
};

double ProcessCpuMs() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

// Minor page faults so far, all threads: on this kind of VM a fresh page costs microseconds.
long MinorFaults() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_minflt;
}

// One sample: prepare, time run, finish. Errors name the variant and the sample.
absl::StatusOr<Timed> RunSample(const Variant& variant, absl::string_view where) {
  auto fail = [&](const absl::Status& status, absl::string_view step) {
    return absl::Status(status.code(), absl::StrCat(where, " variant \"", variant.name, "\" ", step,
                                                    ": ", status.message()));
  };
  if (variant.prepare) {
    if (absl::Status s = variant.prepare(); !s.ok()) return fail(s, "set-up");
  }
  // Every sample starts from a trimmed heap, so none runs on pages another one freed. Without
  // this, whichever variant ran second in a pair was 5-19 ms faster in bench-micro (fresh pages
  // fault on this VM), and the sign test saw only the order.
  malloc_trim(0);
  const long faults_start = MinorFaults();
  const double cpu_start = ProcessCpuMs();
  const auto start = std::chrono::steady_clock::now();
  absl::Status s = variant.run();
  const auto stop = std::chrono::steady_clock::now();
  const double cpu_stop = ProcessCpuMs();
  const long faults_stop = MinorFaults();
  Timed timed;
  timed.ms = std::chrono::duration<double, std::milli>(stop - start).count();
  timed.cpu_ms = cpu_stop - cpu_start;
  timed.faults = static_cast<double>(faults_stop - faults_start);
  // finish also cleans up, so it runs even when the timed work failed.
  absl::StatusOr<SampleOutput> output =
      variant.finish ? variant.finish() : absl::StatusOr<SampleOutput>(SampleOutput{});
  if (!s.ok()) return fail(s, "run");
  if (!output.ok()) return fail(output.status(), "output");
  timed.output = *std::move(output);
  return timed;
}

std::string Quote(absl::string_view s) {
  std::string out;
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20 || c == 0x7f) {
      out += absl::StrFormat("\\x%02x", c);
    } else {
      out += static_cast<char>(c);
    }
  }
  return absl::StrCat("\"", out, "\"");
}

// Checks `other` against the reference sample; an error says which part differed.
absl::Status CheckOutputs(const SampleOutput& reference, absl::string_view reference_name,
                          const SampleOutput& other, absl::string_view other_name, bool exact,
                          absl::string_view where) {
  if (exact && !reference.exact.empty() && !other.exact.empty()) {
    if (auto diff = DescribeDifference(reference.exact, other.exact)) {
      return absl::FailedPreconditionError(
          absl::StrCat("outputs differ in ", where, " between \"", reference_name, "\" and \"",
                       other_name, "\" (tool result and spool files) ", *diff));
    }
  }
  if (reference.results.size() != other.results.size()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "outputs differ in ", where, ": \"", reference_name, "\" produced ",
        reference.results.size(), " frame results, \"", other_name, "\" ", other.results.size()));
  }
  for (std::size_t i = 0; i < reference.results.size(); ++i) {
    if (auto diff = DescribeDifference(reference.results[i], other.results[i])) {
      return absl::FailedPreconditionError(absl::StrCat("outputs differ in ", where, " between \"",
                                                        reference_name, "\" and \"", other_name,
                                                        "\": result of frame ", i, " ", *diff));
    }
  }
  return absl::OkStatus();
}

struct Summary {
  double min = 0;
  double median = 0;
  double p95 = 0;
};

Summary Summarize(const std::vector<double>& samples) {
  return {Min(samples), Median(samples), Percentile(samples, 95)};
}

boost::json::object VariantJson(const std::string& name, const std::vector<double>& samples) {
  const Summary s = Summarize(samples);
  boost::json::array values;
  for (double v : samples) values.emplace_back(v);
  return {{"name", name},
          {"min_ms", s.min},
          {"median_ms", s.median},
          {"p95_ms", s.p95},
          {"samples_ms", std::move(values)}};
}

int Usage(const BenchSpec& spec, const std::string& message) {
  std::cerr << spec.name << ": " << message << "\n(see " << spec.name << " --help)\n";
  return 2;
}

class Runner {
 public:
  Runner(const BenchSpec& spec, const BenchFlags& flags, Comparison comparison)
      : spec_(spec), flags_(flags), comparison_(std::move(comparison)) {}

  int Run() {
    if (absl::Status s = flags_.profile ? Profile() : Pairs(); !s.ok()) {
      std::cerr << spec_.name << " --compare " << flags_.compare << ": " << s.message() << "\n";
      return 1;
    }
    if (flags_.profile) return 0;
    std::vector<std::string> notes;
    if (comparison_.notes) {
      absl::StatusOr<std::vector<std::string>> taken = comparison_.notes();
      if (!taken.ok()) {
        std::cerr << spec_.name << " --compare " << flags_.compare
                  << ": the notes failed: " << taken.status().message() << "\n";
        return 1;
      }
      notes = *std::move(taken);
    }
    Report(notes);
    return 0;
  }

 private:
  double Pick(const Timed& t) const {
    if (flags_.clock == "cpu") return t.cpu_ms;
    if (flags_.clock == "faults") return t.faults;
    return t.ms;
  }

  // One round: A and B in the pair's order, then the extras; outputs checked.
  absl::Status Round(int pair, absl::string_view kind, bool record) {
    const std::string where = absl::StrCat(kind, " ", pair);
    std::optional<Timed> a, b;
    for (int step = 0; step < 2; ++step) {
      const bool run_a = (step == 0) == AFirst(pair);
      absl::StatusOr<Timed> t = RunSample(run_a ? comparison_.a : comparison_.b, where);
      if (!t.ok()) return t.status();
      (run_a ? a : b) = *std::move(t);
    }
    RETURN_IF_ERROR(CheckOutputs(a->output, comparison_.a.name, b->output, comparison_.b.name,
                                 /*exact=*/true, where));
    // Free what the extras are not checked against before they run, so they do not run on a
    // heap the pair left crowded.
    std::string().swap(a->output.exact);
    const double b_ms = Pick(*b);
    b.reset();
    std::vector<double> extra_ms;
    for (const Extra& extra : comparison_.extras) {
      absl::StatusOr<Timed> t = RunSample(extra.variant, where);
      if (!t.ok()) return t.status();
      RETURN_IF_ERROR(CheckOutputs(a->output, comparison_.a.name, t->output, extra.variant.name,
                                   /*exact=*/false, where));
      extra_ms.push_back(Pick(*t));
    }
    if (record) {
      a_ms_.push_back(Pick(*a));
      b_ms_.push_back(b_ms);
      for (std::size_t i = 0; i < extra_ms.size(); ++i) extras_ms_[i].push_back(extra_ms[i]);
    }
    return absl::OkStatus();
  }

  absl::Status Pairs() {
    extras_ms_.assign(comparison_.extras.size(), {});
    for (int i = 0; i < flags_.warmup; ++i) RETURN_IF_ERROR(Round(i, "warmup", false));
    for (int i = 0; i < flags_.pairs; ++i) RETURN_IF_ERROR(Round(i, "pair", true));
    return absl::OkStatus();
  }

  // Variant B alone, for perf record / callgrind.
  absl::Status Profile() {
    std::vector<double> samples;
    for (int i = 0; i < flags_.warmup + flags_.pairs; ++i) {
      absl::StatusOr<Timed> t = RunSample(comparison_.b, absl::StrCat("profile run ", i));
      if (!t.ok()) return t.status();
      if (i >= flags_.warmup) samples.push_back(Pick(*t));
    }
    const Summary s = Summarize(samples);
    std::cerr << absl::StrFormat(
        "%s --profile %s: %d runs of \"%s\": min %.3f median %.3f p95 %.3f ms\n", spec_.name,
        flags_.compare, flags_.pairs, comparison_.b.name, s.min, s.median, s.p95);
    return absl::OkStatus();
  }

  void Report(const std::vector<std::string>& notes) const {
    const std::vector<double> d = PairedDifferences(a_ms_, b_ms_);
    const double diff_median = Median(d);
    const WilcoxonResult w = WilcoxonSignedRank(d);
    const SignTestResult sign = SignTest(d);
    if (flags_.json) {
      boost::json::object out;
      out["bench"] = spec_.name;
      out["compare"] = flags_.compare;
      out["pairs"] = flags_.pairs;
      out["warmup"] = flags_.warmup;
      out["clock"] = flags_.clock;
      boost::json::object variants;
      variants["A"] = VariantJson(comparison_.a.name, a_ms_);
      variants["B"] = VariantJson(comparison_.b.name, b_ms_);
      out["variants"] = std::move(variants);
      out["paired_diff_median_ms"] = diff_median;
      out["wilcoxon"] = {{"n", w.n}, {"w", w.w}, {"w_plus", w.w_plus},
                         {"z", w.z}, {"p", w.p}, {"exact", w.exact}};
      out["sign_test"] = {{"n", sign.n}, {"wins_b", sign.negatives}, {"p", sign.p}};
      out["outputs_equal"] = true;
      boost::json::object extras;
      for (std::size_t i = 0; i < comparison_.extras.size(); ++i) {
        const Extra& extra = comparison_.extras[i];
        boost::json::object e = VariantJson(extra.variant.name, extras_ms_[i]);
        // The ratios of the medians: A / extra and B / extra.
        e["a_ratio"] = Median(a_ms_) / Median(extras_ms_[i]);
        e["b_ratio"] = Median(b_ms_) / Median(extras_ms_[i]);
        extras[extra.key] = std::move(e);
        out[absl::StrCat(extra.key, "_median_ms")] = Median(extras_ms_[i]);
      }
      if (!extras.empty()) out["extras"] = std::move(extras);
      if (!notes.empty()) {
        boost::json::array lines;
        for (const std::string& note : notes) lines.emplace_back(note);
        out["notes"] = std::move(lines);
      }
      std::cout << boost::json::serialize(out) << "\n";
      return;
    }
    std::cout << absl::StrFormat(
        "%s --compare %s: %d pairs (interleaved, balanced random order), %d warm-up rounds, %s "
        "clock\n",
        spec_.name, flags_.compare, flags_.pairs, flags_.warmup, flags_.clock);
    std::cout << absl::StrFormat("  %-58s %10s %10s %10s\n", "variant", "min ms", "median ms",
                                 "p95 ms");
    auto line = [](absl::string_view label, const std::vector<double>& samples) {
      const Summary s = Summarize(samples);
      std::cout << absl::StrFormat("  %-58s %10.3f %10.3f %10.3f\n", label, s.min, s.median, s.p95);
    };
    line(absl::StrCat("A ", comparison_.a.name), a_ms_);
    line(absl::StrCat("B ", comparison_.b.name), b_ms_);
    for (std::size_t i = 0; i < comparison_.extras.size(); ++i) {
      line(absl::StrCat(comparison_.extras[i].key, " ", comparison_.extras[i].variant.name),
           extras_ms_[i]);
    }
    for (std::size_t i = 0; i < comparison_.extras.size(); ++i) {
      const double extra = Median(extras_ms_[i]);
      std::cout << absl::StrFormat("  medians over %s: A %.3f, B %.3f\n", comparison_.extras[i].key,
                                   Median(a_ms_) / extra, Median(b_ms_) / extra);
    }
    std::cout << absl::StrFormat("  paired difference B - A: median %.3f ms\n", diff_median);
    std::cout << absl::StrFormat("  Wilcoxon signed-rank: n=%d W=%g (W+=%g) z=%.3f p=%.3g (%s)\n",
                                 w.n, w.w, w.w_plus, w.z, w.p,
                                 w.exact ? "exact" : "normal approximation");
    std::cout << absl::StrFormat("  sign test: B faster in %d of %d pairs, p=%.3g\n",
                                 sign.negatives, sign.n, sign.p);
    std::cout << "  outputs equal: yes\n";
    for (const std::string& note : notes) std::cout << "  " << note << "\n";
  }

  const BenchSpec& spec_;
  const BenchFlags& flags_;
  Comparison comparison_;
  std::vector<double> a_ms_, b_ms_;
  std::vector<std::vector<double>> extras_ms_;
};

}  // namespace

bool AFirst(int pair) {
  // splitmix64 of the block number: a fixed, well-mixed bit per block.
  std::uint64_t z = static_cast<std::uint64_t>(pair / 2) + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  const bool block_starts_with_a = (z & 1) != 0;
  return (pair % 2 == 0) == block_starts_with_a;
}

std::optional<std::string> DescribeDifference(absl::string_view a, absl::string_view b) {
  if (a == b) return std::nullopt;
  const std::size_t at =
      std::mismatch(a.begin(), a.begin() + std::min(a.size(), b.size()), b.begin()).first -
      a.begin();
  const std::size_t from = at > 20 ? at - 20 : 0;
  return absl::StrCat("at byte ", at, " (sizes ", a.size(), " and ", b.size(), "): A has ",
                      Quote(a.substr(from, at - from + 40)), ", B has ",
                      Quote(b.substr(std::min(from, b.size()), at - from + 40)));
}

int BenchMain(int argc, char** argv, const BenchSpec& spec) {
  BenchFlags flags;
  flags.pairs = spec.default_pairs;
  flags.warmup = spec.default_warmup;
  std::vector<std::string> names;
  for (const CompareMode& mode : spec.modes) names.push_back(mode.name);
  std::string compare_help = "what to compare:";
  for (const CompareMode& mode : spec.modes) {
    absl::StrAppend(&compare_help, "\n  ", mode.name, ": ", mode.help);
  }
  po::options_description options("Options");
  options.add_options()("help,h", "show this help")(
      "pairs", po::value<int>(&flags.pairs)->default_value(spec.default_pairs),
      "timed pairs (A and B once each, interleaved, balanced random order)")(
      "warmup", po::value<int>(&flags.warmup)->default_value(spec.default_warmup),
      "untimed warm-up rounds before the pairs")(
      "compare", po::value<std::string>(&flags.compare)->default_value(spec.modes.front().name),
      compare_help.c_str())("json", po::bool_switch(&flags.json),
                            "print one JSON object instead of the table")(
      "webdriver", po::value<std::string>(&flags.webdriver),
      "bench-e2e --compare grid: the WebDriver endpoint, e.g. http://127.0.0.1:4444")(
      "clock", po::value<std::string>(&flags.clock)->default_value("wall"),
      "wall: elapsed time; cpu: this process's CPU time (all threads), which ignores time "
      "spent descheduled on a busy machine (and time spent waiting for a browser); faults: "
      "the process's minor page faults (all threads; reported in the *_ms fields)")(
      "profile", po::bool_switch(&flags.profile),
      "run only variant B, warmup + pairs times, no statistics (for perf / callgrind)");
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(options).run(), vm);
    po::notify(vm);
  } catch (const std::exception& e) {
    return Usage(spec, e.what());
  }
  if (vm.count("help")) {
    std::cout << "Usage: " << spec.name << " [options]\n\n"
              << spec.description << "\n\n"
              << options << "\n";
    return 0;
  }
  if (flags.pairs < 1) return Usage(spec, "--pairs must be at least 1");
  if (flags.warmup < 0) return Usage(spec, "--warmup must not be negative");
  if (flags.clock != "wall" && flags.clock != "cpu" && flags.clock != "faults") {
    return Usage(
        spec, absl::StrCat("unknown --clock \"", flags.clock, "\"; expected wall, cpu or faults"));
  }
  if (std::find(names.begin(), names.end(), flags.compare) == names.end()) {
    return Usage(spec, absl::StrCat("unknown --compare \"", flags.compare, "\"; expected one of ",
                                    absl::StrJoin(names, ", ")));
  }
  absl::StatusOr<Comparison> comparison = spec.make(flags);
  if (!comparison.ok()) {
    std::cerr << spec.name << " --compare " << flags.compare
              << ": set-up failed: " << comparison.status().message() << "\n";
    return 1;
  }
  return Runner(spec, flags, *std::move(comparison)).Run();
}

}  // namespace firefox_bidi::bench
