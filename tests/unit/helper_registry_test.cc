#include "page/helper_registry.h"

#include <boost/json/parse.hpp>
#include <boost/test/unit_test.hpp>
#include <set>
#include <string>
#include <vector>

#include "page/helper_error.h"
#include "page/page_ops.h"

namespace firefox_bidi::page {
namespace {

namespace json = boost::json;

BOOST_AUTO_TEST_SUITE(helper_registry)

std::vector<std::string> Keys(std::string_view method) {
  const std::vector<std::string_view> keys = AcceptedKeys(*FindHelper(method));
  return {keys.begin(), keys.end()};
}

BOOST_AUTO_TEST_CASE(accepted_keys_come_from_the_declaration) {
  BOOST_TEST((Keys("page.click") ==
              std::vector<std::string>{"ref", "css", "text", "role", "name", "target", "button",
                                       "count", "modifiers", "position", "timeout_ms", "tab"}));
  // page.snapshot's target is "root"; page.tabs declares "tab" itself; page.help takes no tab.
  BOOST_TEST((Keys("page.snapshot") == std::vector<std::string>{"ref", "css", "text", "role",
                                                                "name", "root", "max_lines",
                                                                "viewport_only", "tab"}));
  BOOST_TEST((Keys("page.tabs") == std::vector<std::string>{"action", "url", "tab", "timeout_ms"}));
  BOOST_TEST((Keys("page.help") == std::vector<std::string>{"method"}));
}

BOOST_AUTO_TEST_CASE(an_undeclared_key_is_refused_naming_the_declared_ones) {
  const absl::Status refused = CheckDeclaredParams(
      *FindHelper("page.logs"), json::parse(R"({"clear":true,"verbose":"x"})").as_object());
  BOOST_TEST(HelperErrorCode(refused).value_or("") == std::string("invalid argument"));
  BOOST_TEST(std::string(refused.message()) ==
             "page.logs has no parameter \"verbose\"; its parameters are \"level\", \"page\", "
             "\"clear\", \"tab\"");
  BOOST_TEST(CheckDeclaredParams(*FindHelper("page.logs"),
                                 json::parse(R"({"clear":true,"tab":"t"})").as_object())
                 .ok());
}

// A helper that reads a key its declaration lacks (or declares with another type) fails the
// first test that reaches the read; the page layer would have refused the key anyway.
BOOST_AUTO_TEST_CASE(reading_an_undeclared_parameter_is_the_helpers_bug) {
  const json::object params = json::parse(R"({"verbose":"yes","clear":false})").as_object();
  const absl::StatusOr<std::optional<std::string>> verbose =
      StringParam("page.logs", params, "verbose");
  BOOST_TEST(verbose.status().code() == absl::StatusCode::kInternal);
  BOOST_TEST(std::string(verbose.status().message()) ==
             "page.logs reads parameter \"verbose\", which its HelperSpec does not declare");
  const absl::StatusOr<std::optional<std::string>> clear =
      StringParam("page.logs", params, "clear");
  BOOST_TEST(std::string(clear.status().message()) ==
             "page.logs reads parameter \"clear\" as string, but its HelperSpec declares boolean");
  BOOST_TEST(*BoolParam("page.logs", params, "clear").value() == false);
  // The target's keys and "tab" are read for every helper that takes them.
  BOOST_TEST(*StringParam("page.click", json::object{{"css", "b"}}, "css").value() == "b");
  BOOST_TEST(StringParam("page.help", json::object{{"tab", "t"}}, "tab").status().code() ==
             absl::StatusCode::kInternal);
}

BOOST_AUTO_TEST_CASE(every_declaration_is_whole) {
  for (const HelperSpec& spec : Helpers()) {
    BOOST_TEST_CONTEXT(spec.method) {
      BOOST_TEST(!spec.synopsis.empty());
      BOOST_TEST(!spec.summary.empty());
      BOOST_TEST(!spec.result.empty());
      BOOST_TEST(!spec.errors.empty());
      BOOST_TEST(spec.run != nullptr);
      std::set<std::string_view> keys;
      for (const Param& param : spec.params) {
        BOOST_TEST(keys.insert(param.key).second, "declared twice: " << param.key);
        // A line of its own, or the one before it documents it ("back / forward / reload").
        BOOST_TEST((!param.help.empty() || &param != &spec.params.front()), param.key);
        if (param.default_value.empty()) continue;
        const json::value dflt = json::parse(param.default_value);
        switch (param.type) {
          case ParamType::kString:
            BOOST_TEST(dflt.is_string(), param.key);
            break;
          case ParamType::kBoolean:
            BOOST_TEST(dflt.is_bool(), param.key);
            break;
          case ParamType::kInteger:
            BOOST_TEST(dflt.is_int64(), param.key);
            break;
          default:
            BOOST_FAIL("a default for a param of this type: " << param.key);
        }
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(a_helper_runs_only_the_page_operations_it_declares) {
  BOOST_TEST(CheckOpDeclared("page.text", ops::kText).ok());
  // Reading the tab's URL and resolving targets need no declaration.
  BOOST_TEST(CheckOpDeclared("page.tabs", ops::kInfo).ok());
  BOOST_TEST(CheckOpDeclared("page.screenshot", ops::kFind).ok());
  BOOST_TEST(CheckOpDeclared("page.screenshot", ops::kRef).ok());
  // The page layer's own steps are no helper.
  BOOST_TEST(CheckOpDeclared("page.nothing", ops::kInputFill).ok());
  const absl::Status undeclared = CheckOpDeclared("page.text", ops::kInputFill);
  BOOST_TEST(undeclared.code() == absl::StatusCode::kInternal);
  BOOST_TEST(undeclared.message() ==
             "page.text runs page operation inputFill, which its HelperSpec does not declare");
}

BOOST_AUTO_TEST_CASE(every_page_operation_is_run_by_a_helper) {
  for (const PageOp& op : ops::kAll) {
    bool declared = false;
    for (const PageOp& common : CommonOps()) declared |= common.name() == op.name();
    for (const HelperSpec& spec : Helpers()) {
      for (const PageOp& mine : spec.ops) declared |= mine.name() == op.name();
    }
    BOOST_TEST(declared, op.name() << " is declared by no helper");
  }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::page
