#include "core/ref_path.h"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <string>

namespace firefox_bidi {
namespace {

const boost::json::value kRoot = boost::json::parse(
    R"({"contexts":[{"context":"C1","children":[]}],"0":"zero","n":null,"s":"str"})");

std::string Resolved(std::string_view pick) {
  const std::optional<RefPath> path = ParsePickPath(pick);
  BOOST_REQUIRE(path.has_value());
  const boost::json::value* v = ResolvePath(kRoot, *path);
  return v == nullptr ? "<null>" : boost::json::serialize(*v);
}

std::string Explained(std::string_view pick, std::string_view prefix = "") {
  const std::optional<RefPath> path = ParsePickPath(pick);
  BOOST_REQUIRE(path.has_value());
  auto v = ResolvePathExplained(kRoot, *path, prefix);
  return v.ok() ? boost::json::serialize(**v) : std::string(v.status().message());
}

BOOST_AUTO_TEST_SUITE(ref_path)

BOOST_AUTO_TEST_CASE(label_pattern_bounds) {
  BOOST_TEST(IsValidLabel("a"));
  BOOST_TEST(IsValidLabel("_x-1"));
  BOOST_TEST(IsValidLabel(std::string(64, 'a')));
  BOOST_TEST(!IsValidLabel(std::string(65, 'a')));
  BOOST_TEST(!IsValidLabel(""));
  BOOST_TEST(!IsValidLabel("-a"));
  BOOST_TEST(!IsValidLabel("1a"));
  BOOST_TEST(!IsValidLabel("a b"));
  BOOST_TEST(!IsValidLabel("a.b"));
}

BOOST_AUTO_TEST_CASE(pick_paths_parse_into_steps) {
  const auto path = ParsePickPath("contexts[0].context");
  BOOST_REQUIRE(path.has_value());
  BOOST_REQUIRE_EQUAL(path->steps.size(), 3u);
  BOOST_TEST(std::get<std::string>(path->steps[0]) == "contexts");
  BOOST_TEST(std::get<std::size_t>(path->steps[1]) == 0u);
  BOOST_TEST(std::get<std::string>(path->steps[2]) == "context");
  BOOST_TEST(path->text == "contexts[0].context");
  BOOST_TEST(ParsePickPath("[3]")->steps.size() == 1u);
  BOOST_TEST(std::get<std::string>(ParsePickPath("0.x")->steps[0]) == "0");
}

BOOST_AUTO_TEST_CASE(malformed_pick_paths_are_refused) {
  for (const char* bad : {"", ".a", "a.", "a..b", "a[", "a[]", "a[x]", "a[1", "a b", "a[-1]",
                          "[99999999999999999999999]", "a.-b", "a]"}) {
    BOOST_TEST(!ParsePickPath(bad).has_value(), bad);
  }
}

BOOST_AUTO_TEST_CASE(references_need_a_label_first) {
  const auto ref = ParseReference("tree.contexts[0].context");
  BOOST_REQUIRE(ref.has_value());
  BOOST_TEST(ref->label == "tree");
  BOOST_TEST(ref->path.steps.size() == 3u);
  BOOST_TEST(ref->path.text == "tree.contexts[0].context");
  BOOST_TEST(ParseReference("x")->path.steps.empty());
  BOOST_TEST(!ParseReference("[0]").has_value());
  BOOST_TEST(!ParseReference("1abc").has_value());
  BOOST_TEST(!ParseReference("a b").has_value());
}

BOOST_AUTO_TEST_CASE(match_reference_measures_the_whole_token) {
  BOOST_TEST(MatchReference("<<a>>") == 5u);
  BOOST_TEST(MatchReference("<<a.b[0]>> tail") == 10u);
  BOOST_TEST(MatchReference("<<a>>>") == 5u);
  BOOST_TEST(MatchReference("<< a>>") == 0u);
  BOOST_TEST(MatchReference("<<1abc>>") == 0u);
  BOOST_TEST(MatchReference("<<a") == 0u);
  BOOST_TEST(MatchReference("<<a>") == 0u);
  BOOST_TEST(MatchReference("<<a.>>") == 0u);
  BOOST_TEST(MatchReference("<a>>") == 0u);
  BOOST_TEST(MatchReference("<<" + std::string(65, 'a') + ">>") == 0u);
}

BOOST_AUTO_TEST_CASE(dot_index_is_an_array_index_or_a_member_name) {
  BOOST_TEST(Resolved("contexts.0.context") == R"("C1")");
  BOOST_TEST(Resolved("contexts[0].context") == R"("C1")");
  BOOST_TEST(Resolved("0") == R"("zero")");
  BOOST_TEST(Resolved("[0]") == "<null>");  // [INDEX] never names a member
  BOOST_TEST(Resolved("n") == "null");
  BOOST_TEST(Resolved("contexts[1]") == "<null>");
  BOOST_TEST(Resolved("s.x") == "<null>");
}

BOOST_AUTO_TEST_CASE(failures_explain_the_step_that_broke) {
  BOOST_TEST(Explained("contexts[5].context", "tree") ==
             "index 5 out of range at tree.contexts[5] (array has 1 element)");
  BOOST_TEST(Explained("contexts[0].children[0]") ==
             "index 0 out of range at contexts[0].children[0] (array has 0 elements)");
  BOOST_TEST(Explained("contexts[0].nope") ==
             "no member \"nope\" at contexts[0].nope (members: \"context\", \"children\")");
  BOOST_TEST(Explained("s.x") == "cannot take member \"x\" of s: it is a string, not an object");
  BOOST_TEST(Explained("n[0]", "lbl") ==
             "cannot take index [0] of lbl.n: it is null, not an array");
  BOOST_TEST(Explained("contexts.x") ==
             "cannot take member \"x\" of contexts: it is an array, not an object");
  BOOST_TEST(Explained("contexts.0.context") == R"("C1")");
}

BOOST_AUTO_TEST_CASE(member_lists_in_messages_are_bounded) {
  boost::json::object big;
  for (int i = 0; i < 12; ++i) big.emplace("k" + std::to_string(i), i);
  const boost::json::value root = big;
  auto v = ResolvePathExplained(root, *ParsePickPath("zz"), "");
  BOOST_TEST(std::string(v.status().message()) ==
             "no member \"zz\" at zz (members: \"k0\", \"k1\", \"k2\", \"k3\", \"k4\", \"k5\", "
             "\"k6\", \"k7\", \"k8\", \"k9\", ... (12 in all))");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
