// Names every failed test case again at the end of the run, just above the report: a long run's
// log shows its failures in the middle, and a log cut to its head and tail would hide them.
// Included once per test program, after BOOST_TEST_MODULE.
#ifndef FIREFOX_BIDI_TESTS_SUPPORT_FAILURE_SUMMARY_H_
#define FIREFOX_BIDI_TESTS_SUPPORT_FAILURE_SUMMARY_H_

#include <boost/test/framework.hpp>
#include <boost/test/results_collector.hpp>
#include <boost/test/tree/observer.hpp>
#include <boost/test/tree/test_unit.hpp>
#include <boost/test/unit_test_suite.hpp>
#include <iostream>
#include <string>
#include <vector>

namespace firefox_bidi::testing {

class FailureSummary : public boost::unit_test::test_observer {
 public:
  FailureSummary() { boost::unit_test::framework::register_observer(*this); }
  // A global fixture ends with the last test case, before the report.
  ~FailureSummary() override {
    boost::unit_test::framework::deregister_observer(*this);
    if (failed_.empty()) return;
    std::cerr << "\nfailed test cases (" << failed_.size() << "):\n";
    for (const std::string& name : failed_) std::cerr << "  " << name << "\n";
  }

  void test_unit_finish(const boost::unit_test::test_unit& unit, unsigned long) override {
    if (unit.p_type != boost::unit_test::TUT_CASE) return;
    const boost::unit_test::test_results& results =
        boost::unit_test::results_collector.results(unit.p_id);
    if (!results.passed() && !results.p_skipped) failed_.push_back(unit.full_name());
  }

  // After the results collector, which observers of a higher priority run before.
  int priority() override { return 1; }

 private:
  std::vector<std::string> failed_;
};

BOOST_TEST_GLOBAL_FIXTURE(FailureSummary);

}  // namespace firefox_bidi::testing

#endif  // FIREFOX_BIDI_TESTS_SUPPORT_FAILURE_SUMMARY_H_
