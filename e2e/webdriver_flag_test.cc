// navigator.webdriver in the pages the tool drives (docs/browser.md, "navigator.webdriver"):
// false by default, in every realm of a page, its getter still the browser's own as far as a
// page can tell; config webdriver_flag keeps the standard's true.
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <string>

#include "fresh_browser.h"

namespace firefox_bidi {
namespace {

namespace json = boost::json;

// A page with an iframe, then what the top document and the iframe read.
constexpr char kReadTheFlag[] =
    R"~({"method":"page.goto","silent":true,"params":{"url":"data:text/html,)~"
    R"~(<iframe srcdoc='<p>inner'></iframe>"}},)~"
    R"~({"method":"page.eval","params":{"expression":"[navigator.webdriver, )~"
    R"~(frames[0].navigator.webdriver, 'webdriver' in navigator, )~"
    R"~(Function.prototype.toString.call(Object.getOwnPropertyDescriptor()~"
    R"~(Navigator.prototype, 'webdriver').get).includes('[native code]')]"}})~";

BOOST_AUTO_TEST_SUITE(e2e_webdriver_flag)

BOOST_AUTO_TEST_CASE(pages_read_false_by_default_in_every_realm) {
  FreshBrowser browser;
  const json::array results = browser.Results(kReadTheFlag);
  BOOST_TEST(json::serialize(results[1]) == "[false,false,true,true]");
  // A raw navigation gets the same document a helper's does.
  const json::array raw = browser.Results(
      R"~({"method":"browsingContext.navigate","silent":true,"params":{"context":"<<tab>>",)~"
      R"~("url":"data:text/html,<p>raw","wait":"complete"}},)~"
      R"~({"method":"page.eval","params":{"expression":"navigator.webdriver"}})~");
  BOOST_TEST(json::serialize(raw[1]) == "false");
}

BOOST_AUTO_TEST_CASE(config_webdriver_flag_keeps_the_standard_value) {
  FreshBrowser browser(R"~("webdriver_flag":true)~");
  const json::array results = browser.Results(kReadTheFlag);
  BOOST_TEST(json::serialize(results[1]) == "[true,true,true,true]");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
