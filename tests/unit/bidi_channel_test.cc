#include "core/bidi_channel.h"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <string>

namespace firefox_bidi {
namespace {

using Kind = BidiChannel::Received::Kind;

boost::json::object ParseObject(std::string_view text) {
  return boost::json::parse(text).as_object();
}

BOOST_AUTO_TEST_SUITE(bidi_channel)

BOOST_AUTO_TEST_CASE(send_assigns_ids_from_one_and_encodes_the_command) {
  BidiChannel channel;
  BOOST_TEST(channel.waiting() == 0u);
  const BidiChannel::Command first = channel.Send("session.status", {});
  BOOST_TEST(first.id == 1u);
  BOOST_TEST(first.text == R"({"id":1,"method":"session.status","params":{}})");
  BOOST_TEST(channel.awaits(1));
  const BidiChannel::Command second =
      channel.Send("script.evaluate", ParseObject(R"({"expression":"1+1"})"));
  BOOST_TEST(second.id == 2u);
  BOOST_TEST(second.text == R"({"id":2,"method":"script.evaluate","params":{"expression":"1+1"}})");
  // Both wait: calls of different agents share the channel.
  BOOST_TEST(channel.awaits(1));
  BOOST_TEST(channel.awaits(2));
  BOOST_TEST(channel.waiting() == 2u);
}

BOOST_AUTO_TEST_CASE(an_unawaited_command_leaves_the_waiting_call_waiting_and_its_reply_is_posted) {
  BidiChannel channel;
  channel.Send("browsingContext.navigate", {});
  const BidiChannel::Command posted =
      channel.SendUnawaited("network.continueRequest", ParseObject(R"({"request":"7"})"));
  BOOST_TEST(posted.id == 2u);
  BOOST_TEST(posted.text ==
             R"({"id":2,"method":"network.continueRequest","params":{"request":"7"}})");
  BOOST_TEST(channel.awaits(1));
  BidiChannel::Received received =
      channel.Receive(R"({"type":"error","id":2,"error":"no such request","message":"gone"})");
  BOOST_TEST((received.kind == Kind::kPostedReply));
  BOOST_TEST(received.reply_id == 2u);
  BOOST_TEST(received.reply.error == "no such request");
  BOOST_TEST(channel.awaits(1));
  // Once: the same reply again is late.
  BOOST_TEST(
      (channel.Receive(R"({"type":"success","id":2,"result":{}})").kind == Kind::kLateReply));
  received = channel.Receive(R"({"type":"success","id":1,"result":{}})");
  BOOST_TEST((received.kind == Kind::kReply));
  BOOST_TEST(received.call_id == 1u);
}

BOOST_AUTO_TEST_CASE(the_success_reply_with_the_waiting_id_ends_the_wait) {
  BidiChannel channel;
  channel.Send("session.status", {});
  BidiChannel::Received received =
      channel.Receive(R"({"type":"success","id":1,"result":{"ready":true}})");
  BOOST_TEST((received.kind == Kind::kReply));
  BOOST_TEST(received.call_id == 1u);
  BOOST_TEST(received.reply_id == 1u);
  BOOST_TEST(received.reply.ok);
  BOOST_TEST(received.reply.result.text() == R"({"ready":true})");
  BOOST_TEST(received.reply.error.empty());
  BOOST_TEST(channel.waiting() == 0u);

  // The same reply again is late: its call has its answer already.
  received = channel.Receive(R"({"type":"success","id":1,"result":{"ready":true}})");
  BOOST_TEST((received.kind == Kind::kLateReply));
  BOOST_TEST(received.call_id == 0u);
  BOOST_TEST(received.reply_id == 1u);
}

BOOST_AUTO_TEST_CASE(an_error_reply_with_the_waiting_id_is_the_reply) {
  BidiChannel channel;
  channel.Send("browsingContext.close", ParseObject(R"({"context":"42"})"));
  const BidiChannel::Received received = channel.Receive(
      R"({"type":"error","id":1,"error":"no such frame","message":"Browsing Context with id 42 not found"})");
  BOOST_TEST((received.kind == Kind::kReply));
  BOOST_TEST(received.call_id == 1u);
  BOOST_TEST(!received.reply.ok);
  BOOST_TEST(received.reply.error == "no such frame");
  BOOST_TEST(received.reply.message == "Browsing Context with id 42 not found");
  BOOST_TEST(received.reply.result.value().is_null());
  BOOST_TEST(channel.waiting() == 0u);
}

BOOST_AUTO_TEST_CASE(an_error_without_id_answers_the_waiting_call) {
  BidiChannel channel;
  channel.EndWait(channel.Send("session.status", {}).id);
  channel.Send("bad.command", {});
  const BidiChannel::Received received = channel.Receive(
      R"({"type":"error","id":null,"error":"invalid argument","message":"unable to parse BiDi command"})");
  BOOST_TEST((received.kind == Kind::kReply));
  BOOST_TEST(received.call_id == 2u);
  BOOST_TEST(received.reply_id == 0u);
  BOOST_TEST(received.reply.error == "invalid argument");
  BOOST_TEST(received.reply.message == "unable to parse BiDi command");
  BOOST_TEST(channel.waiting() == 0u);
}

BOOST_AUTO_TEST_CASE(an_error_without_id_while_nothing_waits_is_stray) {
  BidiChannel channel;
  channel.EndWait(channel.Send("session.status", {}).id);
  const BidiChannel::Received received = channel.Receive(
      R"({"type":"error","id":null,"error":"invalid argument","message":"unable to parse BiDi command"})");
  BOOST_TEST((received.kind == Kind::kStrayReply));
  BOOST_TEST(received.call_id == 0u);
  BOOST_TEST(received.reply_id == 0u);
  BOOST_TEST(received.reply.error == "invalid argument");
}

BOOST_AUTO_TEST_CASE(a_reply_after_the_wait_ended_is_late_and_the_next_call_still_matches) {
  BidiChannel channel;
  channel.EndWait(channel.Send("script.evaluate", {}).id);  // id 1 times out
  BOOST_TEST(channel.waiting() == 0u);
  channel.Send("script.evaluate", {});  // id 2
  BidiChannel::Received late = channel.Receive(R"({"type":"success","id":1,"result":{"late":1}})");
  BOOST_TEST((late.kind == Kind::kLateReply));
  BOOST_TEST(late.reply_id == 1u);
  BOOST_TEST(late.call_id == 0u);
  BOOST_TEST(late.reply.result.text() == R"({"late":1})");
  BOOST_TEST(channel.awaits(2));  // a late reply does not end the current wait

  const BidiChannel::Received reply =
      channel.Receive(R"({"type":"success","id":2,"result":{"second":true}})");
  BOOST_TEST((reply.kind == Kind::kReply));
  BOOST_TEST(reply.call_id == 2u);
}

BOOST_AUTO_TEST_CASE(a_reply_to_an_id_never_sent_is_stray) {
  BidiChannel channel;
  channel.Send("session.status", {});
  for (const char* text :
       {R"({"type":"success","id":777,"result":{}})", R"({"type":"success","id":2,"result":{}})",
        R"({"type":"success","id":0,"result":{}})"}) {
    const BidiChannel::Received received = channel.Receive(text);
    BOOST_TEST_INFO(text);
    BOOST_TEST((received.kind == Kind::kStrayReply));
    BOOST_TEST(received.call_id == 0u);
  }
  BOOST_TEST(channel.Receive(R"({"type":"success","id":777,"result":{}})").reply_id == 777u);
  BOOST_TEST(channel.awaits(1));
}

BOOST_AUTO_TEST_CASE(an_event_keeps_the_whole_message_and_the_wait) {
  BidiChannel channel;
  channel.Send("session.subscribe", {});
  const std::string text =
      R"({"type":"event","method":"log.entryAdded","params":{"text":"hi","level":"info"}})";
  BidiChannel::Received received = channel.Receive(text);
  BOOST_TEST((received.kind == Kind::kEvent));
  BOOST_TEST(boost::json::serialize(received.event) == text);
  BOOST_TEST(received.call_id == 0u);
  BOOST_TEST(channel.awaits(1));

  // With no call waiting, an event is still an event.
  channel.EndWait(1);
  received = channel.Receive(text);
  BOOST_TEST((received.kind == Kind::kEvent));
  BOOST_TEST(boost::json::serialize(received.event) == text);
}

BOOST_AUTO_TEST_CASE(a_message_that_is_not_bidi_ends_the_waiting_call) {
  BidiChannel channel;
  channel.Send("session.status", {});
  BidiChannel::Received received = channel.Receive(R"({"type":"success","id":1})");
  BOOST_TEST((received.kind == Kind::kNotBidi));
  BOOST_TEST(received.call_id == 1u);
  BOOST_TEST(received.status.code() == absl::StatusCode::kInvalidArgument);
  BOOST_TEST(received.status.message() ==
             ClassifyMessage(R"({"type":"success","id":1})").status().message());
  BOOST_TEST(channel.waiting() == 0u);

  // The reply that follows is late; another message that is not BiDi ends no call.
  BOOST_TEST((channel.Receive(R"({"type":"success","id":1,"result":1})").kind == Kind::kLateReply));
  received = channel.Receive("not json");
  BOOST_TEST((received.kind == Kind::kNotBidi));
  BOOST_TEST(received.call_id == 0u);
  BOOST_TEST(!received.status.ok());
}

BOOST_AUTO_TEST_CASE(replies_end_the_waits_of_their_own_ids_in_any_order) {
  BidiChannel channel;
  channel.Send("script.evaluate", {});
  channel.Send("browsingContext.navigate", {});
  channel.Send("session.status", {});
  BidiChannel::Received received = channel.Receive(R"({"type":"success","id":2,"result":{}})");
  BOOST_TEST((received.kind == Kind::kReply));
  BOOST_TEST(received.call_id == 2u);
  BOOST_TEST(channel.awaits(1));
  BOOST_TEST(!channel.awaits(2));
  BOOST_TEST(channel.awaits(3));
  // With two calls waiting, an error without id cannot be told whose it is: it ends neither.
  received = channel.Receive(
      R"({"type":"error","id":null,"error":"invalid argument","message":"unable to parse BiDi command"})");
  BOOST_TEST((received.kind == Kind::kStrayReply));
  BOOST_TEST(received.call_id == 0u);
  received = channel.Receive("not json");
  BOOST_TEST((received.kind == Kind::kNotBidi));
  BOOST_TEST(received.call_id == 0u);
  BOOST_TEST(channel.waiting() == 2u);
  received = channel.Receive(R"({"type":"error","id":3,"error":"unknown error","message":"x"})");
  BOOST_TEST((received.kind == Kind::kReply));
  BOOST_TEST(received.call_id == 3u);
  channel.EndAllWaits();
  BOOST_TEST(channel.waiting() == 0u);
  BOOST_TEST(
      (channel.Receive(R"({"type":"success","id":1,"result":{}})").kind == Kind::kLateReply));
}

BOOST_AUTO_TEST_CASE(a_result_is_handed_on_as_text_or_parsed_as_the_form_says) {
  const char* const text = R"({"type":"success","id":1,"result":{"a":[1,2]}})";
  BidiChannel as_text;
  as_text.Send("m.c", {});
  const BidiChannel::Received canonical = as_text.Receive(text);
  BOOST_REQUIRE((canonical.kind == Kind::kReply));
  BOOST_TEST(canonical.reply.result.has_text());
  BOOST_TEST(canonical.reply.result.text() == R"({"a":[1,2]})");

  BidiChannel parsed(ResultForm::kParsed);
  parsed.Send("m.c", {});
  const BidiChannel::Received value = parsed.Receive(text);
  BOOST_REQUIRE((value.kind == Kind::kReply));
  BOOST_TEST(value.reply.result.text_as_held() == nullptr);
  BOOST_TEST(boost::json::serialize(value.reply.result.value()) == R"({"a":[1,2]})");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
