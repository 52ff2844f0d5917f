// Focus as a user has it, in a browser the tool launched (docs/browser.md, "Focus"): the tab
// the helpers start in is the focused tab of a focused window, so focus, blur and change
// fire as in a headed Firefox, and caret and selection keys move in editable content.
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "agent_tool/loader.h"
#include "support/temp_dir.h"

namespace firefox_bidi {
namespace {

namespace json = boost::json;

// A browser of its own: the first tab of a freshly launched Firefox is the one at stake.
class FreshBrowser {
 public:
  FreshBrowser() {
    auto library = agent_tool::PluginLibrary::Open(std::string(FIREFOX_BIDI_BINARY_DIR) +
                                                   "/lib/libfirefox_bidi.so");
    BOOST_TEST_REQUIRE(library.ok(), library.status().ToString());
    library_ = *std::move(library);
    const std::string config =
        absl::StrCat(R"~({"firefox":{"offline":true,"start_timeout_ms":60000},"spool_dir":)~",
                     json::serialize(json::string(dir_.path() + "/spool")), "}");
    auto created = agent_tool::ToolInstance::Create(library_, config,
                                                    [](agent_tool_log_level, std::string_view) {});
    BOOST_TEST_REQUIRE(created.result.status == AGENT_TOOL_STATUS_OK, created.result.json);
    instance_ = std::move(created.instance);
  }

  // The result (or error) of each frame, in order; the call must run.
  json::array Results(const std::string& frames) {
    agent_tool::ToolResult result =
        instance_->Invoke(absl::StrCat(R"~({"frames":[)~", frames, "]}"));
    BOOST_TEST_REQUIRE(result.status == AGENT_TOOL_STATUS_OK, result.json);
    json::array out;
    const json::value parsed = json::parse(result.json);
    for (const json::value& record : parsed.at("frames").as_array()) {
      const json::object& r = record.as_object();
      const json::value* value = r.if_contains("result");
      if (value == nullptr) value = r.if_contains("error");
      out.push_back(value != nullptr ? *value : json::value());  // null: a silent frame
    }
    return out;
  }

 private:
  testing::TempDir dir_{"e2e-focus"};
  std::shared_ptr<const agent_tool::PluginLibrary> library_;
  std::unique_ptr<agent_tool::ToolInstance> instance_;
};

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
