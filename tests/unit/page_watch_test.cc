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

BOOST_AUTO_TEST_CASE(model_subscribed_covers_events_and_modules_until_undone) {
  PageWatch watch;
  BOOST_TEST(!watch.ModelSubscribed("log.entryAdded"));
  watch.NoteSubscribe(
      boost::json::parse(R"({"events":["log","browsingContext.load"]})").as_object(),
      boost::json::parse(R"({"subscription":"s1"})"));
  watch.NoteSubscribe(boost::json::parse(R"({"events":["browsingContext.load"]})").as_object(),
                      boost::json::parse(R"({"subscription":"s2"})"));
  BOOST_TEST(watch.ModelSubscribed("log.entryAdded"));
  BOOST_TEST(!watch.ModelSubscribed("logger.x"));  // a module covers "log.*" only
  BOOST_TEST(watch.ModelSubscribed("browsingContext.load"));
  BOOST_TEST(!watch.ModelSubscribed("browsingContext.domContentLoaded"));
  // s2 still holds browsingContext.load after s1 goes.
  watch.NoteUnsubscribe(boost::json::parse(R"({"subscriptions":["s1"]})").as_object());
  BOOST_TEST(!watch.ModelSubscribed("log.entryAdded"));
  BOOST_TEST(watch.ModelSubscribed("browsingContext.load"));
  // Unsubscribing by name undoes it in every subscription.
  watch.NoteUnsubscribe(boost::json::parse(R"({"events":["browsingContext.load"]})").as_object());
  BOOST_TEST(!watch.ModelSubscribed("browsingContext.load"));
}

BOOST_AUTO_TEST_CASE(model_intercepts_are_kept_until_removed_or_the_session_goes) {
  PageWatch watch;
  watch.NoteIntercept(boost::json::parse(R"({"intercept":"i1"})"));
  watch.NoteIntercept(boost::json::parse(R"({"intercept":"i2"})"));
  watch.NoteIntercept(boost::json::parse(R"({})"));  // a reply without one adds nothing
  BOOST_TEST(watch.ModelIntercept("i1"));
  BOOST_TEST(watch.ModelIntercept("i2"));
  BOOST_TEST(!watch.ModelIntercept(""));
  watch.NoteInterceptRemoved(boost::json::parse(R"({"intercept":"i1"})").as_object());
  BOOST_TEST(!watch.ModelIntercept("i1"));
  BOOST_TEST(watch.ModelIntercept("i2"));
  watch.Reset();
  BOOST_TEST(!watch.ModelIntercept("i2"));
}

PageWatch::WatchedFrame Watched(std::string_view method, const boost::json::object& params) {
  std::optional<PageWatch::WatchedFrame> frame = PageWatch::Watch(method, params);
  BOOST_TEST_REQUIRE(frame.has_value());
  return *frame;
}

BOOST_AUTO_TEST_CASE(a_frame_waits_on_the_context_or_realm_its_params_name) {
  const auto params = [](std::string_view text) { return boost::json::parse(text).as_object(); };
  const boost::json::object script = params(R"({"target":{"realm":"R1"},"expression":"1"})");
  const PageWatch::WatchedFrame evaluate = Watched("script.evaluate", script);
  BOOST_TEST(evaluate.realm == "R1");
  BOOST_TEST(evaluate.context == "");
  BOOST_TEST(evaluate.needs_realm);
  const boost::json::object navigate = params(R"({"context":"C1","url":"about:blank"})");
  const PageWatch::WatchedFrame go = Watched("browsingContext.navigate", navigate);
  BOOST_TEST(go.context == "C1");
  BOOST_TEST(go.realm == "");
  BOOST_TEST(!go.needs_realm);
  BOOST_TEST(Watched("input.performActions", params(R"({"context":"C2","actions":[]})")).context ==
             "C2");
  BOOST_TEST(
      Watched("input.setFiles", params(R"({"context":"C3","element":{},"files":[]})")).context ==
      "C3");
  // Answering the prompt, a command Firefox answers while one is open, or naming no context,
  // is not held up by it.
  BOOST_TEST(!PageWatch::Watch("browsingContext.handleUserPrompt", params(R"({"context":"C1"})")));
  BOOST_TEST(!PageWatch::Watch("browsingContext.captureScreenshot", params(R"({"context":"C1"})")));
  BOOST_TEST(!PageWatch::Watch("browsingContext.getTree", params(R"({"root":"C1"})")));
  BOOST_TEST(!PageWatch::Watch("script.evaluate", params(R"({"context":"C1"})")));
}

// The one list of what a prompt holds up: commands that run page code, or wait for a document
// to load or unload.
BOOST_AUTO_TEST_CASE(a_prompt_holds_up_commands_that_run_page_code_or_wait_for_a_document) {
  const auto held = [](std::string_view method, std::string_view params) {
    return PageWatch::HeldUpByPrompts(method, boost::json::parse(params).as_object());
  };
  for (std::string_view method :
       {"script.evaluate", "script.callFunction", "input.performActions", "input.setFiles",
        "browsingContext.navigate", "browsingContext.reload", "browsingContext.traverseHistory"}) {
    BOOST_TEST(held(method, "{}"), method);
  }
  BOOST_TEST(held("browsingContext.close", R"({"context":"C1","promptUnload":true})"));
  BOOST_TEST(!held("browsingContext.close", R"({"context":"C1","promptUnload":false})"));
  BOOST_TEST(!held("browsingContext.close", R"({"context":"C1"})"));
  for (std::string_view method :
       {"browsingContext.captureScreenshot", "browsingContext.print", "browsingContext.getTree",
        "browsingContext.locateNodes", "browsingContext.setViewport", "browsingContext.activate",
        "browsingContext.handleUserPrompt", "script.getRealms", "input.releaseActions"}) {
    BOOST_TEST(!held(method, R"({"context":"C1"})"), method);
  }
}

BOOST_AUTO_TEST_CASE(a_destroyed_realm_interrupts_only_script_frames_in_its_context) {
  PageWatch watch;
  const PageWatch::WatchedFrame in_c1{.context = "C1", .needs_realm = true};
  const PageWatch::WatchedFrame in_c2{.context = "C2", .needs_realm = true};
  const PageWatch::WatchedFrame navigating_c1{.context = "C1"};
  BOOST_TEST(
      !watch.OnEvent(Event("script.realmCreated", R"({"realm":"R1","context":"C1"})"), &in_c1));
  BOOST_TEST(!watch.OnEvent(Event("script.realmDestroyed", R"({"realm":"R1"})"), &in_c2));
  BOOST_TEST(
      !watch.OnEvent(Event("script.realmCreated", R"({"realm":"R3","context":"C1"})"), &in_c1));
  // A navigation destroys the realm it leaves: that is what it was asked to do.
  BOOST_TEST(!watch.OnEvent(Event("script.realmDestroyed", R"({"realm":"R3"})"), &navigating_c1));
  BOOST_TEST(
      !watch.OnEvent(Event("script.realmCreated", R"({"realm":"R2","context":"C1"})"), &in_c1));
  const auto hit = watch.OnEvent(Event("script.realmDestroyed", R"({"realm":"R2"})"), &in_c1);
  BOOST_TEST_REQUIRE(hit.has_value());
  BOOST_TEST(hit->code == "page navigated");
  BOOST_TEST(!watch.OnEvent(Event("script.realmDestroyed", R"({"realm":"R2"})"), &in_c1));
}

BOOST_AUTO_TEST_CASE(a_prompt_interrupts_every_frame_in_its_context) {
  PageWatch watch;
  BOOST_TEST(
      !watch.OnEvent(Event("script.realmCreated", R"({"realm":"R1","context":"C1"})"), nullptr));
  const PageWatch::WatchedFrame in_r1{.realm = "R1", .needs_realm = true};
  const auto prompt =
      watch.OnEvent(Event("browsingContext.userPromptOpened",
                          R"({"context":"C1","type":"alert","message":"hi","handler":"ignore"})"),
                    &in_r1);
  BOOST_TEST_REQUIRE(prompt.has_value());
  BOOST_TEST(prompt->code == "user prompt open");
  BOOST_TEST(prompt->reason ==
             R"(a user prompt (alert) opened in the page ("hi") and the page waits until it is )"
             R"(answered: answer it with browsingContext.handleUserPrompt {"context": "C1", )"
             R"("accept": true} (see "events"))");
  const PageWatch::WatchedFrame navigating_c1{.context = "C1"};
  const auto leave = watch.OnEvent(
      Event("browsingContext.userPromptOpened",
            R"({"context":"C1","type":"beforeunload","message":"Leave?","handler":"ignore"})"),
      &navigating_c1);
  BOOST_TEST_REQUIRE(leave.has_value());
  BOOST_TEST(leave->reason ==
             R"(a user prompt (beforeunload) opened in the page ("Leave?") and the page waits )"
             R"(until it is answered: answer it with browsingContext.handleUserPrompt )"
             R"({"context": "C1", "accept": true} to leave the page (false stays on it and )"
             R"(cancels the navigation) (see "events"))");
  // Firefox answers it itself: nothing waits.
  BOOST_TEST(!watch.OnEvent(
      Event("browsingContext.userPromptOpened",
            R"({"context":"C1","type":"beforeunload","message":"","handler":"accept"})"),
      &navigating_c1));
  const PageWatch::WatchedFrame navigating_c2{.context = "C2"};
  BOOST_TEST(!watch.OnEvent(Event("browsingContext.userPromptOpened", R"({"context":"C1"})"),
                            &navigating_c2));
  BOOST_TEST(
      !watch.OnEvent(Event("browsingContext.userPromptOpened", R"({"context":"C1"})"), nullptr));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
