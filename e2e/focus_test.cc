// Focus as a user has it, in a browser the tool launched (docs/browser.md, "Focus"): the tab
// the helpers start in is the focused tab of a focused window, so focus, blur and change
// fire as in a headed Firefox, and caret and selection keys move in editable content.
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <string>

#include "absl/strings/str_cat.h"
#include "fresh_browser.h"

namespace firefox_bidi {
namespace {

namespace json = boost::json;

// Three fields that log their focus, blur and change events into `seen`.
constexpr char kFields[] =
    R"~({"method":"page.goto","silent":true,"params":{"url":"data:text/html,<input id=a>)~"
    R"~(<input id=b><input id=c><script>window.seen=[];for(const id of ['a','b','c'])for(const t )~"
    R"~(of ['focus','blur','focusin','focusout','change'])document.getElementById(id).)~"
    R"~(addEventListener(t,()=>seen.push(t+':'+id))</script>"}})~";

BOOST_AUTO_TEST_SUITE(e2e_focus)

BOOST_AUTO_TEST_CASE(the_first_tab_has_focus_and_fields_lose_it_as_a_user_leaves_them) {
  FreshBrowser browser;
  const json::array results = browser.Results(absl::StrCat(
      kFields, R"~(,{"method":"page.eval","params":{"expression":"document.hasFocus()"}},)~",
      R"~({"method":"page.click","silent":true,"params":{"css":"#a"}},)~",
      R"~({"method":"page.fill","silent":true,"params":{"css":"#a","value":"x"}},)~",
      R"~({"method":"page.click","silent":true,"params":{"css":"#b"}},)~",
      R"~({"method":"page.press","silent":true,"params":{"key":"Tab"}},)~",
      R"~({"method":"page.fill","silent":true,"params":{"css":"#a","value":"y","submit":true}},)~",
      R"~({"method":"page.eval","params":{"expression":"[seen.join(' '), )~",
      R"~(document.activeElement.id]"}})~"));
  BOOST_TEST(json::serialize(results[1]) == "true");
  // The fill leaves the field as a user does (one change, from the browser, then blur); a fill
  // that presses Enter after it keeps the focus for the key.
  BOOST_TEST(json::serialize(results[7]) ==
             R"~(["focus:a focusin:a change:a blur:a focusout:a focus:b focusin:b )~"
             R"~(blur:b focusout:b focus:c focusin:c blur:c focusout:c focus:a focusin:a )~"
             R"~(change:a","a"])~");
}

// A Tab past the last field takes the focus out of the page (to the browser's own controls),
// as in a headed browser; there a click in the page brings it back, and so it does here: the
// field clicked next gets the focus, and keys and Tab go on from it.
BOOST_AUTO_TEST_CASE(a_tab_out_of_the_page_leaves_later_clicks_and_keys_working) {
  FreshBrowser browser;
  const json::array results = browser.Results(
      absl::StrCat(kFields, R"~(,{"method":"page.click","silent":true,"params":{"css":"#c"}},)~",
                   R"~({"method":"page.press","silent":true,"params":{"key":"Tab"}},)~",
                   R"~({"method":"page.eval","params":{"expression":"[document.hasFocus(), )~",
                   R"~(document.activeElement.localName, seen.splice(0).join(' ')]"}},)~",
                   R"~({"method":"page.click","silent":true,"params":{"css":"#a"}},)~",
                   R"~({"method":"page.type","silent":true,"params":{"text":"x\t"}},)~",
                   R"~({"method":"page.eval","params":{"expression":"[document.hasFocus(), )~",
                   R"~(document.activeElement.id, seen.join(' ')]"}})~"));
  BOOST_TEST(json::serialize(results[3]) ==
             R"~([true,"body","focus:c focusin:c blur:c focusout:c"])~");
  BOOST_TEST(json::serialize(results[6]) ==
             R"~([true,"b","focus:a focusin:a change:a blur:a focusout:a focus:b focusin:b"])~");
}

BOOST_AUTO_TEST_CASE(caret_and_selection_keys_move_in_editable_content) {
  FreshBrowser browser;
  const json::array results = browser.Results(
      R"~({"method":"page.goto","silent":true,"params":{"url":"data:text/html,)~"
      R"~(<div contenteditable id=e>hello world</div>"}},)~"
      R"~({"method":"page.click","silent":true,"params":{"css":"#e"}},)~"
      R"~({"method":"page.press","silent":true,"params":{"key":"End"}},)~"
      R"~({"method":"page.press","silent":true,"params":{"key":"Shift+ArrowLeft"}},)~"
      R"~({"method":"page.press","silent":true,"params":{"key":"Shift+ArrowLeft"}},)~"
      R"~({"method":"page.eval","params":{"expression":"String(getSelection())"}},)~"
      R"~({"method":"page.press","silent":true,"params":{"key":"Home"}},)~"
      R"~({"method":"page.press","silent":true,"params":{"key":"Shift+End"}},)~"
      R"~({"method":"page.eval","params":{"expression":"String(getSelection())"}},)~"
      R"~({"method":"page.press","silent":true,"params":{"key":"ArrowLeft"}},)~"
      R"~({"method":"page.press","silent":true,"params":{"key":"Shift+ArrowRight"}},)~"
      R"~({"method":"page.eval","params":{"expression":)~"
      R"~("[String(getSelection()), getSelection().anchorOffset]"}})~");
  BOOST_TEST(json::serialize(results[5]) == R"~("ld")~");
  BOOST_TEST(json::serialize(results[8]) == R"~("hello world")~");
  BOOST_TEST(json::serialize(results[11]) == R"~(["h",0])~");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
