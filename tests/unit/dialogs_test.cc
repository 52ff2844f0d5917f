#include "page/dialogs.h"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/string_view_compat.h"

namespace firefox_bidi::page {
namespace {

namespace json = boost::json;

std::string Identity(std::string_view context) { return std::string(context); }

json::object Event(std::string_view text) { return json::parse(text).as_object(); }

BOOST_AUTO_TEST_SUITE(dialogs)

BOOST_AUTO_TEST_CASE(a_dialog_is_open_from_its_opened_event_until_its_closed_event) {
  Dialogs dialogs;
  BOOST_TEST(dialogs.Observe(Event(R"({"type":"event","method":"browsingContext.userPromptOpened",
      "params":{"context":"T","handler":"ignore","message":"Delete 3 files?","type":"confirm"}})"),
                             Identity));
  BOOST_TEST_REQUIRE(dialogs.Find("T") != nullptr);
  BOOST_TEST(json::serialize(DialogObject(*dialogs.Find("T"))) ==
             R"({"type":"confirm","message":"Delete 3 files?"})");
  BOOST_TEST(dialogs.Find("U") == nullptr);
  BOOST_TEST(dialogs.Observe(Event(R"({"type":"event","method":"browsingContext.userPromptClosed",
      "params":{"context":"T","accepted":true,"type":"confirm"}})"),
                             Identity));
  BOOST_TEST(dialogs.Find("T") == nullptr);
}

BOOST_AUTO_TEST_CASE(a_dialog_firefox_answers_itself_is_not_open) {
  Dialogs dialogs;
  for (std::string_view handler : {"accept", "dismiss"}) {
    BOOST_TEST(dialogs.Observe(
        Event(absl::StrCat(R"({"type":"event","method":"browsingContext.userPromptOpened",)",
                           R"("params":{"context":"T","handler":")", ToAbsl(handler),
                           R"(","message":"","type":"beforeunload"}})")),
        Identity));
    BOOST_TEST(dialogs.Find("T") == nullptr);
  }
}

BOOST_AUTO_TEST_CASE(a_dialog_of_a_frame_belongs_to_its_tab_and_dies_with_it) {
  Dialogs dialogs;
  auto tab_of = [](std::string_view context) {
    return context == "F" ? std::string("T") : std::string(context);
  };
  dialogs.Observe(Event(R"({"type":"event","method":"browsingContext.userPromptOpened",
      "params":{"context":"F","message":"hi","type":"alert"}})"),
                  tab_of);
  BOOST_TEST(dialogs.Find("T") != nullptr);
  BOOST_TEST(dialogs.Observe(
      Event(
          R"({"type":"event","method":"browsingContext.contextDestroyed","params":{"context":"T"}})"),
      tab_of));
  BOOST_TEST(dialogs.Find("T") == nullptr);
  BOOST_TEST(!dialogs.Observe(
      Event(R"({"type":"event","method":"browsingContext.load","params":{"context":"T"}})"),
      tab_of));
}

BOOST_AUTO_TEST_CASE(results_carry_the_open_dialog) {
  Dialogs dialogs;
  dialogs.Observe(Event(R"({"type":"event","method":"browsingContext.userPromptOpened",
      "params":{"context":"T","message":"Your \"name\"?","type":"prompt","defaultValue":"x"}})"),
                  Identity);
  json::value object = json::parse(R"({"url":"u","title":"t","navigated":false})");
  dialogs.Annotate("T", object);
  BOOST_TEST(
      json::serialize(object) ==
      R"({"url":"u","title":"t","navigated":false,"dialog":{"type":"prompt","message":"Your \"name\"?"}})");
  json::value text = "- button \"Ask\" [ref=e1]";
  dialogs.Annotate("T", text);
  BOOST_TEST(std::string(text.as_string()) ==
             "- button \"Ask\" [ref=e1]\n[dialog open: prompt \"Your \\\"name\\\"?\"; answer it "
             "with page.dialog]");
  json::value array = json::parse("[1]");
  dialogs.Annotate("T", array);
  BOOST_TEST(json::serialize(array) == "[1]");
  json::value other = json::parse(R"({"a":1})");
  dialogs.Annotate("U", other);
  BOOST_TEST(json::serialize(other) == R"({"a":1})");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::page
