#include "core/frame_hints.h"

#include <algorithm>
#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/media_type.h"

namespace firefox_bidi {
namespace {

namespace data = boost::unit_test::data;

BOOST_AUTO_TEST_SUITE(frame_hints)

BOOST_AUTO_TEST_CASE(the_command_table_is_sorted_unique_and_complete) {
  const auto commands = BidiCommands();
  BOOST_TEST(commands.size() == 63u);
  BOOST_TEST(std::is_sorted(commands.begin(), commands.end()));
  BOOST_TEST((std::adjacent_find(commands.begin(), commands.end()) == commands.end()));
  for (std::string_view method :
       {"browsingContext.navigate", "script.evaluate", "script.callFunction", "session.subscribe",
        "browsingContext.handleUserPrompt", "input.performActions", "network.getData"}) {
    BOOST_TEST(std::binary_search(commands.begin(), commands.end(), method), method);
  }
}

const char* const kMisspelt[] = {"browsingContext.navigat",  "browsingcontext.navigate",
                                 "browsingContext.Navigate", "script.evalute",
                                 "script.navigate",          "script.eval",
                                 "sesion.subscribe",         "browsingContext.getTre"};
const char* const kMeant[] = {"browsingContext.navigate", "browsingContext.navigate",
                              "browsingContext.navigate", "script.evaluate",
                              "browsingContext.navigate", "script.evaluate",
                              "session.subscribe",        "browsingContext.getTree"};

BOOST_DATA_TEST_CASE(a_misspelt_method_names_the_closest_command,
                     data::make(kMisspelt) ^ data::make(kMeant), method, meant) {
  const std::optional<std::string_view> closest = ClosestBidiCommand(method);
  BOOST_TEST_REQUIRE(closest.has_value());
  BOOST_TEST(*closest == meant);
}

BOOST_AUTO_TEST_CASE(known_and_far_methods_have_no_suggestion) {
  BOOST_TEST(!ClosestBidiCommand("script.evaluate").has_value());
  BOOST_TEST(!ClosestBidiCommand("Page.captureSnapshot").has_value());
  BOOST_TEST(!ClosestBidiCommand("foo.bar").has_value());
}

BOOST_AUTO_TEST_CASE(unknown_command_messages_say_what_was_meant) {
  BOOST_TEST(
      ExplainBidiError("browsingContext.navigat", "unknown command", "browsingContext.navigat") ==
      "browsingContext.navigat; did you mean `browsingContext.navigate`?");
  BOOST_TEST(ExplainBidiError("emulation.setTouchOverride", "unknown command", "x") ==
             "x; `emulation.setTouchOverride` is a WebDriver BiDi command that this Firefox does "
             "not implement");
  BOOST_TEST(ExplainBidiError("log.entryAdded", "unknown command", "x") ==
             "x; `log.entryAdded` is an event, not a command: subscribe to it with "
             "session.subscribe {\"events\": [\"log.entryAdded\"]} and it arrives in \"events\"");
  BOOST_TEST(ExplainBidiError("foo.bar", "unknown command", "x") ==
             "x; `foo.bar` is not a WebDriver BiDi command (commands are module.command, e.g. "
             "browsingContext.navigate, script.evaluate, input.performActions)");
}

BOOST_AUTO_TEST_CASE(a_navigation_to_a_javascript_url_is_one_firefox_never_answers) {
  const auto params = [](std::string_view url) {
    return boost::json::object{{"context", "C"}, {"url", url}, {"wait", "none"}};
  };
  const std::string why =
      "browsingContext.navigate to a javascript: URL gets no reply from Firefox unless the "
      "script returns a string, so the frame would wait out its timeout; run the script with "
      "script.evaluate (or the page.eval helper) instead";
  BOOST_TEST(
      UnansweredFrame("browsingContext.navigate", params("javascript:void(0)")).value_or("") ==
      why);
  BOOST_TEST(UnansweredFrame("browsingContext.navigate", params(" JavaScript:1")).value_or("") ==
             why);
  BOOST_TEST(!UnansweredFrame("browsingContext.navigate", params("https://x/javascript:1")));
  BOOST_TEST(!UnansweredFrame("browsingContext.navigate", {{"url", 1}}));
  BOOST_TEST(!UnansweredFrame("browsingContext.navigate", {}));
  BOOST_TEST(!UnansweredFrame("page.goto", params("javascript:void(0)")));
}

BOOST_AUTO_TEST_CASE(stale_references_say_they_die_on_navigation) {
  BOOST_TEST(ExplainBidiError("script.callFunction", "no such node",
                              "The node with the reference abc is not known") ==
             "The node with the reference abc is not known; node references (sharedId) die when "
             "the page navigates or reloads: locate the element again in the current page "
             "(browsingContext.locateNodes or script.evaluate) and use the new reference");
  BOOST_TEST(ExplainBidiError("script.callFunction", "no such handle", "h") ==
             "h; handles die with their realm (the page navigated or reloaded): evaluate again in "
             "the current page to get a new one");
  BOOST_TEST(ExplainBidiError("a.b", "no such frame", "m") == "m");
}

BOOST_AUTO_TEST_CASE(quick_verdicts_read_only_the_ends) {
  BOOST_TEST((QuickScriptVerdict(R"({"type":"success","result":{},"realm":"r"})") ==
              ScriptVerdict::kSuccess));
  BOOST_TEST((QuickScriptVerdict(R"({"realm":"r","result":{},"type":"success"})") ==
              ScriptVerdict::kSuccess));
  BOOST_TEST((QuickScriptVerdict(R"({"type":"exception","exceptionDetails":{}})") ==
              ScriptVerdict::kException));
  BOOST_TEST(
      (QuickScriptVerdict(R"({"realm":"r","type":"exception"})") == ScriptVerdict::kException));
  // Firefox's own order: the realm, then the type.
  BOOST_TEST((QuickScriptVerdict(R"({"realm":"cd5ed1bb-1d8d","type":"success","result":{}})") ==
              ScriptVerdict::kSuccess));
  BOOST_TEST(
      (QuickScriptVerdict(R"({"realm":"r","type":"exception","exceptionDetails":{"text":"x"}})") ==
       ScriptVerdict::kException));
  BOOST_TEST((QuickScriptVerdict(R"({"a":"1","b":"2","type":"success","result":{}})") ==
              ScriptVerdict::kSuccess));
  // A "type" that is not a member of the object itself, or not one of the two words.
  BOOST_TEST((QuickScriptVerdict(R"({"result":{"type":"success"}})") == ScriptVerdict::kUndecided));
  BOOST_TEST((QuickScriptVerdict(R"({"result":{"type":"success","x":1},"y":2})") ==
              ScriptVerdict::kUndecided));
  BOOST_TEST((QuickScriptVerdict(R"({"realm":"r","type":"successor","result":{}})") ==
              ScriptVerdict::kUndecided));
  BOOST_TEST((QuickScriptVerdict(R"({"realm":"r","type":"success")") == ScriptVerdict::kUndecided));
  // The look stops at an escape (the string could end elsewhere) and at a non-string value.
  BOOST_TEST((QuickScriptVerdict(R"({"realm":"a\",\"type\":\"success\",","type":"exception",)"
                                 R"("exceptionDetails":{}})") == ScriptVerdict::kUndecided));
  BOOST_TEST(
      (QuickScriptVerdict(R"({"n":1,"type":"success","result":{}})") == ScriptVerdict::kUndecided));
  // It is bounded: past four leading members or 512 bytes it gives up.
  BOOST_TEST((QuickScriptVerdict(R"({"a":"","b":"","c":"","d":"","type":"success","x":{}})") ==
              ScriptVerdict::kUndecided));
  BOOST_TEST((QuickScriptVerdict(absl::StrCat(R"({"realm":")", std::string(500, 'r'),
                                              R"(","type":"success","result":{}})")) ==
              ScriptVerdict::kUndecided));
  BOOST_TEST((QuickScriptVerdict(absl::StrCat(R"({"realm":")", std::string(470, 'r'),
                                              R"(","type":"success","result":{}})")) ==
              ScriptVerdict::kSuccess));
}

BOOST_AUTO_TEST_CASE(exception_message_has_text_and_location) {
  const boost::json::value thrown = boost::json::parse(
      R"({"type":"exception","realm":"r","exceptionDetails":{"columnNumber":35,"lineNumber":0,)"
      R"("text":"TypeError: document.querySelector(...) is null","exception":{"type":"error"},)"
      R"("stackTrace":{"callFrames":[]}}})");
  BOOST_TEST(ScriptExceptionMessage(thrown).value() ==
             "TypeError: document.querySelector(...) is null (line 0, column 35)");
  BOOST_TEST(ScriptExceptionMessage(boost::json::parse(R"({"type":"exception"})")).value() ==
             "uncaught exception");
  BOOST_TEST(!ScriptExceptionMessage(boost::json::parse(R"({"type":"success"})")).has_value());
  BOOST_TEST(!ScriptExceptionMessage(boost::json::parse("[1]")).has_value());
}

BOOST_AUTO_TEST_CASE(media_types_come_from_magic_numbers) {
  using namespace std::string_view_literals;
  auto sniff = [](std::string_view bytes) {
    const std::optional<MediaType> type = SniffMediaType(bytes);
    return type ? std::string(type->ext) + " " + std::string(type->mime) : std::string("none");
  };
  BOOST_TEST(sniff("\x89PNG\r\n\x1a\n\0\0"sv) == "png image/png");
  BOOST_TEST(sniff("\xFF\xD8\xFF\xE0\0\x10JFIF"sv) == "jpg image/jpeg");
  BOOST_TEST(sniff("RIFF\x24\0\0\0WEBPVP8 "sv) == "webp image/webp");
  BOOST_TEST(sniff("%PDF-1.7"sv) == "pdf application/pdf");
  BOOST_TEST(sniff("RIFF\x24\0\0\0WAVE"sv) == "none");
  BOOST_TEST(sniff("\x89PNG"sv) == "none");
  BOOST_TEST(sniff(""sv) == "none");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
