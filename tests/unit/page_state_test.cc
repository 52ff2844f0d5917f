// The page layer's bookkeeping without a browser: the event filter, ref numbers, and the
// conversion of BiDi script values to plain JSON.
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>

#include "page/event_filter.h"
#include "page/refs.h"
#include "page/remote_value.h"

namespace firefox_bidi::page {
namespace {

namespace json = boost::json;

BidiReply Ok(std::string_view result) {
  BidiReply reply;
  reply.ok = true;
  reply.result = ReplyResult(json::parse(result));
  return reply;
}

BOOST_AUTO_TEST_SUITE(event_filter)

BOOST_AUTO_TEST_CASE(internal_events_are_hidden_only_while_subscribed_internally) {
  EventFilter filter;
  BOOST_TEST(filter.Shows("browsingContext.load"));
  filter.SetInternalSubscribed(true);
  BOOST_TEST(!filter.Shows("browsingContext.load"));
  BOOST_TEST(!filter.Shows("browsingContext.contextCreated"));
  // A prompt is always reported, so a model learns why its page waits; its closing is not.
  BOOST_TEST(filter.Shows("browsingContext.userPromptOpened"));
  BOOST_TEST(!filter.Shows("browsingContext.userPromptClosed"));
  BOOST_TEST(!filter.Shows("log.entryAdded"));
  BOOST_TEST(filter.Shows("network.beforeRequestSent"));
  filter.Reset();
  BOOST_TEST(filter.Shows("browsingContext.load"));
}

BOOST_AUTO_TEST_CASE(the_models_own_subscriptions_show_internal_events) {
  EventFilter filter;
  filter.SetInternalSubscribed(true);
  filter.AfterCommand("session.subscribe",
                      json::parse(R"({"events":["browsingContext.load"]})").as_object(),
                      Ok(R"({"subscription":"S1"})"));
  BOOST_TEST(filter.Shows("browsingContext.load"));
  BOOST_TEST(!filter.Shows("browsingContext.domContentLoaded"));
  // A module subscription covers its events.
  filter.AfterCommand("session.subscribe",
                      json::parse(R"({"events":["browsingContext"]})").as_object(),
                      Ok(R"({"subscription":"S2"})"));
  BOOST_TEST(filter.Shows("browsingContext.domContentLoaded"));
  // Undone by id, and by event name.
  filter.AfterCommand("session.unsubscribe", json::parse(R"({"subscriptions":["S2"]})").as_object(),
                      Ok("{}"));
  BOOST_TEST(!filter.Shows("browsingContext.domContentLoaded"));
  BOOST_TEST(filter.Shows("browsingContext.load"));
  filter.AfterCommand("session.unsubscribe",
                      json::parse(R"({"events":["browsingContext.load"]})").as_object(), Ok("{}"));
  BOOST_TEST(!filter.Shows("browsingContext.load"));
}

BOOST_AUTO_TEST_CASE(a_failed_subscription_changes_nothing) {
  EventFilter filter;
  filter.SetInternalSubscribed(true);
  BidiReply error;
  error.error = "invalid argument";
  filter.AfterCommand("session.subscribe",
                      json::parse(R"({"events":["browsingContext.load"]})").as_object(), error);
  BOOST_TEST(!filter.Shows("browsingContext.load"));
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
