// The page layer's bookkeeping without a browser: the event filter, ref numbers, and the
// conversion of BiDi script values to plain JSON.
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>

#include "core/page_watch.h"
#include "page/event_filter.h"
#include "page/refs.h"
#include "page/remote_value.h"

namespace firefox_bidi::page {
namespace {

namespace json = boost::json;

json::object Params(std::string_view text) { return json::parse(text).as_object(); }

BOOST_AUTO_TEST_SUITE(event_filter)

BOOST_AUTO_TEST_CASE(internal_events_are_hidden_only_while_subscribed_internally) {
  PageWatch watch;
  EventFilter filter;
  filter.AskSubscriptionsOf(&watch);
  BOOST_TEST(filter.Shows("browsingContext.load"));
  filter.SetInternalSubscribed(true);
  BOOST_TEST(!filter.Shows("browsingContext.load"));
  BOOST_TEST(!filter.Shows("browsingContext.contextCreated"));
  // A prompt is always reported, so a model learns why its page waits; its closing is not.
  BOOST_TEST(filter.Shows("browsingContext.userPromptOpened"));
  BOOST_TEST(!filter.Shows("browsingContext.userPromptClosed"));
  BOOST_TEST(!filter.Shows("log.entryAdded"));
  BOOST_TEST(!filter.Shows("network.beforeRequestSent"));
  BOOST_TEST(filter.Shows("network.responseStarted"));
  filter.Reset();
  BOOST_TEST(filter.Shows("browsingContext.load"));
}

// The model's subscriptions are the PageWatch's record (the runner notes the raw frames'
// successful session.subscribe / unsubscribe there): the filter asks it.
BOOST_AUTO_TEST_CASE(the_models_own_subscriptions_show_internal_events) {
  PageWatch watch;
  EventFilter filter;
  filter.AskSubscriptionsOf(&watch);
  filter.SetInternalSubscribed(true);
  watch.NoteSubscribe(Params(R"({"events":["browsingContext.load"]})"),
                      json::parse(R"({"subscription":"S1"})"));
  BOOST_TEST(filter.Shows("browsingContext.load"));
  BOOST_TEST(!filter.Shows("browsingContext.domContentLoaded"));
  // A module subscription covers its events.
  watch.NoteSubscribe(Params(R"({"events":["browsingContext"]})"),
                      json::parse(R"({"subscription":"S2"})"));
  BOOST_TEST(filter.Shows("browsingContext.domContentLoaded"));
  // Undone by id, and by event name.
  watch.NoteUnsubscribe(Params(R"({"subscriptions":["S2"]})"));
  BOOST_TEST(!filter.Shows("browsingContext.domContentLoaded"));
  BOOST_TEST(filter.Shows("browsingContext.load"));
  watch.NoteUnsubscribe(Params(R"({"events":["browsingContext.load"]})"));
  BOOST_TEST(!filter.Shows("browsingContext.load"));
  // A new browser session: the watch's owner resets it, and the filter sees that.
  watch.NoteSubscribe(Params(R"({"events":["log"]})"), json::parse(R"({"subscription":"S3"})"));
  BOOST_TEST(filter.Shows("log.entryAdded"));
  watch.Reset();
  BOOST_TEST(!filter.Shows("log.entryAdded"));
}

BOOST_AUTO_TEST_CASE(without_a_page_watch_the_model_has_no_subscriptions) {
  EventFilter filter;
  filter.SetInternalSubscribed(true);
  BOOST_TEST(!filter.Shows("browsingContext.load"));
  BOOST_TEST(filter.Shows("browsingContext.userPromptOpened"));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(ref_registry)

BOOST_AUTO_TEST_CASE(names_map_to_the_context_they_were_given_in) {
  RefRegistry refs;
  BOOST_TEST(refs.next() == 1u);
  refs.Assigned(1, 4, "A");
  refs.Assigned(4, 6, "A");  // merges
  refs.Assigned(6, 7, "B");
  refs.Assigned(7, 7, "C");  // nothing given
  BOOST_TEST(refs.next() == 7u);
  BOOST_TEST(*refs.ContextOf("e1") == "A");
  BOOST_TEST(*refs.ContextOf("e5") == "A");
  BOOST_TEST(*refs.ContextOf("e6") == "B");
  BOOST_TEST(!refs.ContextOf("e7"));
  BOOST_TEST(!refs.ContextOf("e0"));
  BOOST_TEST(!refs.ContextOf("e01"));
  BOOST_TEST(!refs.ContextOf("x1"));
  BOOST_TEST(!refs.ContextOf("e"));
  refs.Clear();
  BOOST_TEST(!refs.ContextOf("e1"));
  BOOST_TEST(refs.next() == 7u);  // numbers are never reused
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(remote_value)

BOOST_AUTO_TEST_CASE(remote_values_become_plain_json) {
  const json::value remote = json::parse(R"({"type":"array","value":[
    {"type":"undefined"},{"type":"null"},{"type":"number","value":"NaN"},
    {"type":"number","value":"-0"},{"type":"number","value":1.5},{"type":"bigint","value":"12"},
    {"type":"date","value":"1970-01-01T00:00:00.000Z"},
    {"type":"regexp","value":{"pattern":"a+","flags":"g"}},
    {"type":"object","value":[["k",{"type":"string","value":"v"}]]},
    {"type":"map","value":[[{"type":"number","value":1},{"type":"boolean","value":true}]]},
    {"type":"set","value":[{"type":"string","value":"s"}]},
    {"type":"window","value":{"context":"C9"}},
    {"type":"node","sharedId":"N1","value":{"localName":"p"}},
    {"type":"function"},{"type":"object","internalId":"7"}]})");
  const json::value plain = PlainFromRemote(
      remote, [](const json::object& node) { return json::value(node.at("sharedId")); });
  BOOST_TEST(json::serialize(plain) ==
             R"([null,null,null,0,1.5E0,"12","1970-01-01T00:00:00.000Z","/a+/g",{"k":"v"},)"
             R"([[1,true]],["s"],{"window":"C9"},"N1",{"type":"function"},{"type":"object"}])");
}

BOOST_AUTO_TEST_CASE(plain_json_becomes_local_values) {
  BOOST_TEST(json::serialize(ToLocalValue(json::parse(R"([null,true,2,"s",{"a":[]}])"))) ==
             R"({"type":"array","value":[{"type":"null"},{"type":"boolean","value":true},)"
             R"({"type":"number","value":2},{"type":"string","value":"s"},)"
             R"({"type":"object","value":[["a",{"type":"array","value":[]}]]}]})");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::page
