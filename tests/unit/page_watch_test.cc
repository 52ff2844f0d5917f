#include "core/page_watch.h"

#include <boost/json/parse.hpp>
#include <boost/test/unit_test.hpp>

namespace firefox_bidi {
namespace {

boost::json::value Event(std::string_view method, std::string_view params) {
  return boost::json::parse(std::string(R"({"type":"event","method":")") + std::string(method) +
                            R"(","params":)" + std::string(params) + "}");
}

BOOST_AUTO_TEST_SUITE(page_watch)

BOOST_AUTO_TEST_CASE(realm_events_are_shown_only_to_a_model_that_subscribed) {
  PageWatch watch;
  BOOST_TEST(!watch.Visible("script.realmDestroyed"));
  BOOST_TEST(watch.Visible("browsingContext.userPromptOpened"));
  BOOST_TEST(watch.Visible("log.entryAdded"));
  watch.NoteSubscribe(boost::json::parse(R"({"events":["script"]})").as_object(),
                      boost::json::parse(R"({"subscription":"s1"})"));
  BOOST_TEST(watch.Visible("script.realmCreated"));
  watch.NoteUnsubscribe(boost::json::parse(R"({"subscriptions":["s1"]})").as_object());
  BOOST_TEST(!watch.Visible("script.realmCreated"));
}

BOOST_AUTO_TEST_CASE(a_destroyed_realm_interrupts_only_frames_in_its_context) {
  PageWatch watch;
  const boost::json::object in_c1 = boost::json::parse(R"({"context":"C1"})").as_object();
  const boost::json::object in_c2 = boost::json::parse(R"({"context":"C2"})").as_object();
  BOOST_TEST(
      !watch.OnEvent(Event("script.realmCreated", R"({"realm":"R1","context":"C1"})"), &in_c1));
  BOOST_TEST(!watch.OnEvent(Event("script.realmDestroyed", R"({"realm":"R1"})"), &in_c2));
  BOOST_TEST(
      !watch.OnEvent(Event("script.realmCreated", R"({"realm":"R2","context":"C1"})"), &in_c1));
  const auto hit = watch.OnEvent(Event("script.realmDestroyed", R"({"realm":"R2"})"), &in_c1);
  BOOST_TEST_REQUIRE(hit.has_value());
  BOOST_TEST(hit->code == "page navigated");
  BOOST_TEST(!watch.OnEvent(Event("script.realmDestroyed", R"({"realm":"R2"})"), &in_c1));
  const auto prompt =
      watch.OnEvent(Event("browsingContext.userPromptOpened",
                          R"({"context":"C1","type":"alert","message":"hi","handler":"ignore"})"),
                    &in_c1);
  BOOST_TEST_REQUIRE(prompt.has_value());
  BOOST_TEST(prompt->code == "user prompt open");
  BOOST_TEST(prompt->reason.rfind(R"(a user prompt (alert) opened in the page ("hi"))", 0) == 0u);
  BOOST_TEST(
      !watch.OnEvent(Event("browsingContext.userPromptOpened", R"({"context":"C1"})"), nullptr));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
