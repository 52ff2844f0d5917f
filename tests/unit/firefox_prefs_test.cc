#include "net/firefox_prefs.h"

#include <boost/json/value.hpp>
#include <boost/test/unit_test.hpp>

#include "core/string_view_compat.h"

namespace firefox_bidi {
namespace {

BOOST_AUTO_TEST_SUITE(firefox_prefs)

BOOST_AUTO_TEST_CASE(string_literal_escapes_quote_backslash_controls_and_line_separators) {
  BOOST_TEST(JsStringLiteral("plain") == "\"plain\"");
  BOOST_TEST(JsStringLiteral("a\"b\\c") == "\"a\\\"b\\\\c\"");
  BOOST_TEST(JsStringLiteral("l1\nl2\r\t") == "\"l1\\nl2\\r\\t\"");
  BOOST_TEST(JsStringLiteral(std::string("\x01\x7f", 2)) == "\"\\u0001\\u007f\"");
  BOOST_TEST(JsStringLiteral("x\xe2\x80\xa8y\xe2\x80\xa9z") == "\"x\\u2028y\\u2029z\"");
  // Other multi-byte characters pass through untouched.
  BOOST_TEST(JsStringLiteral("caf\xc3\xa9 \xe2\x82\xac") == "\"caf\xc3\xa9 \xe2\x82\xac\"");
}

BOOST_AUTO_TEST_CASE(user_js_is_quiet_prefs_then_extra_prefs_in_name_order) {
  std::map<std::string, boost::json::value> prefs;
  prefs["z.flag"] = true;
  prefs["a.count"] = -5;
  prefs["m.text"] = "say \"hi\"\n";
  absl::StatusOr<std::string> js = BuildUserJs(prefs);
  BOOST_REQUIRE(js.ok());
  const std::string quiet(QuietPrefsUserJs());
  BOOST_TEST(js->substr(0, quiet.size()) == quiet);
  BOOST_TEST(js->substr(quiet.size()) ==
             "// firefox.prefs from the instance config\n"
             "user_pref(\"a.count\", -5);\n"
             "user_pref(\"m.text\", \"say \\\"hi\\\"\\n\");\n"
             "user_pref(\"z.flag\", true);\n");
}

BOOST_AUTO_TEST_CASE(quiet_prefs_hold_the_measured_lines) {
  const std::string quiet(QuietPrefsUserJs());
  for (const char* line :
       {"user_pref(\"services.settings.server\", \"data:,#remote-settings-dummy/v1\");\n",
        "user_pref(\"network.trr.mode\", 5);\n", "user_pref(\"hangmonitor.timeout\", 0);\n",
        "user_pref(\"browser.shell.checkDefaultBrowser\", false);\n"}) {
    BOOST_TEST(quiet.find(line) != std::string::npos, line);
  }
  BOOST_TEST(quiet.back() == '\n');
}

BOOST_AUTO_TEST_CASE(no_extra_prefs_gives_exactly_the_quiet_prefs) {
  absl::StatusOr<std::string> js = BuildUserJs({});
  BOOST_REQUIRE(js.ok());
  BOOST_TEST(*js == std::string(QuietPrefsUserJs()));
}

BOOST_AUTO_TEST_CASE(integer_limits_are_firefox_32_bit_range) {
  BOOST_TEST(BuildUserJs({{"p", boost::json::value(2147483647)}}).ok());
  BOOST_TEST(BuildUserJs({{"p", boost::json::value(-2147483648LL)}}).ok());
  absl::StatusOr<std::string> big = BuildUserJs({{"p", boost::json::value(2147483648LL)}});
  BOOST_TEST(big.status().code() == absl::StatusCode::kInvalidArgument);
  BOOST_TEST(ToStd(big.status().message()) ==
             "firefox.prefs.p: integer out of Firefox's 32-bit pref range");
  BOOST_TEST(!BuildUserJs({{"p", boost::json::value(std::uint64_t{1} << 40)}}).ok());
}

BOOST_AUTO_TEST_CASE(non_scalar_or_fractional_values_are_refused_by_name) {
  for (const boost::json::value& bad :
       {boost::json::value(1.5), boost::json::value(nullptr),
        boost::json::value(boost::json::array{1}), boost::json::value(boost::json::object{})}) {
    absl::StatusOr<std::string> js = BuildUserJs({{"ui.x", bad}});
    BOOST_TEST(js.status().code() == absl::StatusCode::kInvalidArgument);
    BOOST_TEST(ToStd(js.status().message()) ==
               "firefox.prefs.ui.x: a pref value must be a bool, a string or an integer");
  }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
