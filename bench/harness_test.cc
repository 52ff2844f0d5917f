#include "harness.h"

#include <algorithm>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace firefox_bidi::bench {
namespace {

// Captures std::cout and std::cerr for the lifetime of the object.
class CapturedOutput {
 public:
  CapturedOutput()
      : old_out_(std::cout.rdbuf(out_.rdbuf())), old_err_(std::cerr.rdbuf(err_.rdbuf())) {}
  ~CapturedOutput() {
    std::cout.rdbuf(old_out_);
    std::cerr.rdbuf(old_err_);
  }
  std::string out() const { return out_.str(); }
  std::string err() const { return err_.str(); }

 private:
  std::ostringstream out_, err_;
  std::streambuf* old_out_;
  std::streambuf* old_err_;
};

// A spec whose variants log each step into `log` and output `a_text` / `b_text`.
BenchSpec LoggingSpec(std::vector<std::string>* log, std::string a_text, std::string b_text) {
  BenchSpec spec;
  spec.name = "bench-test";
  spec.description = "test";
  spec.modes = {{"x", "the only mode"}};
  spec.make = [=](const BenchFlags&) -> absl::StatusOr<Comparison> {
    auto variant = [log](std::string name, std::string text) {
      Variant v;
      v.name = name;
      v.prepare = [log, name] {
        log->push_back(name + ":prepare");
        return absl::OkStatus();
      };
      v.run = [log, name] {
        log->push_back(name + ":run");
        return absl::OkStatus();
      };
      v.finish = [log, name, text]() -> absl::StatusOr<SampleOutput> {
        log->push_back(name + ":finish");
        return SampleOutput{text, {"r0", "r1"}};
      };
      return v;
    };
    Comparison c;
    c.a = variant("a", a_text);
    c.b = variant("b", b_text);
    return c;
  };
  return spec;
}

int Run(const BenchSpec& spec, std::vector<std::string> args) {
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  return BenchMain(static_cast<int>(argv.size()), argv.data(), spec);
}

BOOST_AUTO_TEST_SUITE(bench_harness)

BOOST_AUTO_TEST_CASE(describe_difference_names_first_differing_byte) {
  BOOST_TEST(!DescribeDifference("same", "same").has_value());
  BOOST_TEST(*DescribeDifference("abcXef", "abcYef") ==
             R"(at byte 3 (sizes 6 and 6): A has "abcXef", B has "abcYef")");
  BOOST_TEST(*DescribeDifference("ab", "ab\"c") ==
             R"(at byte 2 (sizes 2 and 4): A has "ab", B has "ab\"c")");
}

// Each block of two pairs has one pair of each order; the seed decides which comes first.
BOOST_AUTO_TEST_CASE(pair_order_is_balanced_per_block_and_fixed) {
  std::string order;
  for (int pair = 0; pair < 16; ++pair) order += AFirst(pair) ? 'A' : 'B';
  BOOST_TEST(order == "ABABBAABBABABAAB");
  int a_first = 0;
  for (int pair = 0; pair < 1000; pair += 2) {
    BOOST_TEST(AFirst(pair) != AFirst(pair + 1));
    a_first += AFirst(pair) ? 1 : 0;
  }
  // Not alternation in disguise: blocks start with A about as often as with B.
  BOOST_TEST(a_first > 200);
  BOOST_TEST(a_first < 300);
}

BOOST_AUTO_TEST_CASE(first_two_pairs_take_both_orders_and_prepare_and_finish_wrap_each_run) {
  std::vector<std::string> log;
  CapturedOutput captured;
  BOOST_TEST(
      Run(LoggingSpec(&log, "same", "same"), {"bench-test", "--pairs", "2", "--warmup", "0"}) == 0);
  const std::vector<std::string> expected = {
      "a:prepare", "a:run", "a:finish", "b:prepare", "b:run", "b:finish",   // pair 0: A, B
      "b:prepare", "b:run", "b:finish", "a:prepare", "a:run", "a:finish"};  // pair 1: B, A
  BOOST_TEST(log == expected, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(warmup_rounds_run_before_pairs) {
  std::vector<std::string> log;
  CapturedOutput captured;
  BOOST_TEST(
      Run(LoggingSpec(&log, "same", "same"), {"bench-test", "--pairs", "1", "--warmup", "3"}) == 0);
  BOOST_TEST(log.size() == 4u * 6u);
}

BOOST_AUTO_TEST_CASE(json_report_has_contract_keys) {
  std::vector<std::string> log;
  CapturedOutput captured;
  BOOST_TEST(Run(LoggingSpec(&log, "same", "same"),
                 {"bench-test", "--pairs", "3", "--warmup", "0", "--json"}) == 0);
  boost::system::error_code ec;
  const boost::json::value v = boost::json::parse(captured.out(), ec);
  BOOST_TEST(!ec);
  const boost::json::object& o = v.as_object();
  BOOST_TEST(o.at("bench").as_string() == "bench-test");
  BOOST_TEST(o.at("compare").as_string() == "x");
  BOOST_TEST(o.at("pairs").as_int64() == 3);
  BOOST_TEST(o.at("variants").at("A").at("name").as_string() == "a");
  BOOST_TEST(o.at("variants").at("B").at("samples_ms").as_array().size() == 3u);
  BOOST_TEST(o.at("variants").at("A").as_object().contains("median_ms"));
  BOOST_TEST(o.at("variants").at("B").as_object().contains("p95_ms"));
  BOOST_TEST(o.contains("paired_diff_median_ms"));
  for (const char* key : {"n", "w", "z", "p"}) {
    BOOST_TEST(o.at("wilcoxon").as_object().contains(key));
  }
  BOOST_TEST(o.at("sign_test").as_object().contains("wins_b"));
  BOOST_TEST(o.at("sign_test").as_object().contains("p"));
  BOOST_TEST(o.at("outputs_equal").as_bool() == true);
  BOOST_TEST(o.at("clock").as_string() == "wall");
}

BOOST_AUTO_TEST_CASE(json_report_gives_each_extra_its_median_and_the_ratios_over_it) {
  BenchSpec spec;
  spec.name = "bench-test";
  spec.modes = {{"x", ""}};
  spec.make = [](const BenchFlags&) -> absl::StatusOr<Comparison> {
    auto sleeping = [](std::string name, int us) {
      Variant v;
      v.name = name;
      v.run = [us] {
        std::this_thread::sleep_for(std::chrono::microseconds(us));
        return absl::OkStatus();
      };
      return v;
    };
    Comparison c;
    c.a = sleeping("a", 3000);
    c.b = sleeping("b", 2000);
    c.extras.push_back({"bytes_floor", sleeping("bytes", 1000)});
    return c;
  };
  CapturedOutput captured;
  BOOST_TEST(Run(spec, {"bench-test", "--pairs", "3", "--warmup", "0", "--json"}) == 0);
  boost::system::error_code ec;
  const boost::json::value v = boost::json::parse(captured.out(), ec);
  BOOST_TEST_REQUIRE(!ec);
  const boost::json::object& o = v.as_object();
  const boost::json::object& extra = o.at("extras").at("bytes_floor").as_object();
  BOOST_TEST(extra.at("name").as_string() == "bytes");
  BOOST_TEST(extra.at("samples_ms").as_array().size() == 3u);
  const double floor = o.at("bytes_floor_median_ms").as_double();
  BOOST_TEST(floor == extra.at("median_ms").as_double());
  BOOST_TEST(floor >= 1.0);
  // Boost.JSON's parser may round a printed double off by an ulp: compare with a tolerance.
  BOOST_TEST(extra.at("a_ratio").as_double() ==
                 o.at("variants").at("A").at("median_ms").as_double() / floor,
             boost::test_tools::tolerance(1e-12));
  BOOST_TEST(extra.at("b_ratio").as_double() ==
                 o.at("variants").at("B").at("median_ms").as_double() / floor,
             boost::test_tools::tolerance(1e-12));
}

// A spec whose comparison's notes give `notes`, or fail when it is an error.
BenchSpec NotingSpec(std::vector<std::string>* log,
                     absl::StatusOr<std::vector<std::string>> notes) {
  BenchSpec spec = LoggingSpec(log, "same", "same");
  spec.make = [make = spec.make, log,
               notes](const BenchFlags& flags) -> absl::StatusOr<Comparison> {
    absl::StatusOr<Comparison> c = make(flags);
    if (c.ok()) {
      c->notes = [log, notes] {
        log->push_back("notes");
        return notes;
      };
    }
    return c;
  };
  return spec;
}

BOOST_AUTO_TEST_CASE(notes_are_taken_once_after_the_pairs_and_reported) {
  std::vector<std::string> log;
  {
    CapturedOutput captured;
    BOOST_TEST(Run(NotingSpec(&log, std::vector<std::string>{"PSS A: 1 MiB", "PSS B: 2 MiB"}),
                   {"bench-test", "--pairs", "2", "--warmup", "0", "--json"}) == 0);
    BOOST_TEST(log.back() == "notes");
    BOOST_TEST(std::count(log.begin(), log.end(), "notes") == 1);
    const boost::json::value v = boost::json::parse(captured.out());
    BOOST_TEST(boost::json::serialize(v.at("notes")) == R"(["PSS A: 1 MiB","PSS B: 2 MiB"])");
  }
  {
    CapturedOutput captured;
    BOOST_TEST(Run(NotingSpec(&log, std::vector<std::string>{"PSS A: 1 MiB"}),
                   {"bench-test", "--pairs", "2", "--warmup", "0"}) == 0);
    BOOST_TEST(captured.out().find("  outputs equal: yes\n  PSS A: 1 MiB\n") != std::string::npos,
               captured.out());
  }
  CapturedOutput captured;
  BOOST_TEST(Run(NotingSpec(&log, absl::UnavailableError("no /proc")),
                 {"bench-test", "--pairs", "2", "--warmup", "0"}) == 1);
  BOOST_TEST(captured.err() == "bench-test --compare x: the notes failed: no /proc\n");
  BOOST_TEST(captured.out().empty());
}

BOOST_AUTO_TEST_CASE(output_mismatch_fails_with_exit_1_and_says_where) {
  std::vector<std::string> log;
  CapturedOutput captured;
  BOOST_TEST(Run(LoggingSpec(&log, "result 1", "result 2"),
                 {"bench-test", "--pairs", "2", "--warmup", "0"}) == 1);
  BOOST_TEST(captured.err() ==
             "bench-test --compare x: outputs differ in pair 0 between \"a\" and \"b\" (tool "
             "result and spool files) at byte 7 (sizes 8 and 8): A has \"result 1\", B has "
             "\"result 2\"\n");
  BOOST_TEST(captured.out() == "");
}

BOOST_AUTO_TEST_CASE(usage_errors_exit_2) {
  std::vector<std::string> log;
  CapturedOutput captured;
  const BenchSpec spec = LoggingSpec(&log, "s", "s");
  BOOST_TEST(Run(spec, {"bench-test", "--pairs", "0"}) == 2);
  BOOST_TEST(Run(spec, {"bench-test", "--compare", "nope"}) == 2);
  BOOST_TEST(Run(spec, {"bench-test", "--bogus"}) == 2);
  BOOST_TEST(Run(spec, {"bench-test", "--pairs", "many"}) == 2);
  BOOST_TEST(Run(spec, {"bench-test", "--clock", "sundial"}) == 2);
  BOOST_TEST(log.empty());
  BOOST_TEST(captured.err().find("unknown --compare \"nope\"; expected one of x") !=
             std::string::npos);
}

BOOST_AUTO_TEST_CASE(failed_run_exits_1_naming_variant) {
  BenchSpec spec;
  spec.name = "bench-test";
  spec.modes = {{"x", ""}};
  spec.make = [](const BenchFlags&) -> absl::StatusOr<Comparison> {
    Comparison c;
    c.a.name = "good";
    c.a.run = [] { return absl::OkStatus(); };
    c.b.name = "bad";
    c.b.run = [] { return absl::InternalError("disk full"); };
    return c;
  };
  CapturedOutput captured;
  BOOST_TEST(Run(spec, {"bench-test", "--pairs", "1", "--warmup", "0"}) == 1);
  BOOST_TEST(captured.err() == "bench-test --compare x: pair 0 variant \"bad\" run: disk full\n");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::bench
