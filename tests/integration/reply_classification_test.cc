// BidiConnection classifies each complete message: a canonical success reply hands its result
// on as text, anything else is parsed (lone surrogates repaired). These cases pin both paths
// through a socket, and that one message's outcome never leaks into the next.
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <memory>
#include <string>

#include "net/bidi_connection.h"
#include "support/fake_bidi_server.h"

namespace firefox_bidi {
namespace {

using std::chrono::milliseconds;
using testing::FakeBidiServer;

constexpr milliseconds kGenerous{10000};

std::unique_ptr<BidiConnection> MustConnect(const FakeBidiServer& server) {
  auto connection = BidiConnection::Connect(server.url(), {});
  BOOST_REQUIRE_MESSAGE(connection.ok(), connection.status().ToString());
  return *std::move(connection);
}

absl::StatusOr<BidiReply> CallEvaluate(BidiConnection& connection) {
  return connection.Call("script.evaluate", {}, kGenerous, [](boost::json::value) {});
}

BOOST_AUTO_TEST_SUITE(reply_classification)

BOOST_AUTO_TEST_CASE(lone_surrogate_reply_is_parsed_and_repaired_not_kept_as_text) {
  FakeBidiServer server;
  server.OnCommandNumber(1).SendRaw(
      R"({"type":"success","id":{{id}},"result":{"value":"\ud800x\uD83D\uDE00"}})");
  server.OnCommandNumber(2).Reply(R"({"value":"next"})");
  auto connection = MustConnect(server);

  const auto repaired = CallEvaluate(*connection);
  BOOST_REQUIRE_MESSAGE(repaired.ok(), repaired.status().ToString());
  BOOST_REQUIRE(repaired->ok);
  BOOST_TEST(std::string(repaired->result.value().at("value").as_string()) ==
             "\xEF\xBF\xBDx\xF0\x9F\x98\x80");
  BOOST_TEST(!repaired->result.has_text());
  const auto next = CallEvaluate(*connection);
  BOOST_REQUIRE_MESSAGE(next.ok(), next.status().ToString());
  BOOST_TEST(next->result.has_text());
  BOOST_TEST(next->result.text() == R"({"value":"next"})");
}

BOOST_AUTO_TEST_CASE(data_after_a_complete_value_is_refused_with_the_text_error) {
  FakeBidiServer server;
  server.OnCommandNumber(1).SendRaw(R"({"type":"success","id":{{id}},"result":{}} {})");
  auto connection = MustConnect(server);

  const auto reply = CallEvaluate(*connection);
  BOOST_TEST(reply.status().code() == absl::StatusCode::kInternal);
  BOOST_TEST(std::string(reply.status().message()) ==
             "the browser sent a message that is not WebDriver BiDi: BiDi message is not valid "
             "JSON: extra data");
  BOOST_TEST(connection->is_open());
  const auto next = CallEvaluate(*connection);
  BOOST_REQUIRE_MESSAGE(next.ok(), next.status().ToString());
  BOOST_TEST(next->result.text() == "{}");
}

BOOST_AUTO_TEST_CASE(truncated_json_then_a_good_reply_each_classified_alone) {
  FakeBidiServer server;
  // An incomplete value ends the message; nothing of it is carried into the next one.
  server.OnCommandNumber(1).SendRaw(R"({"type":"success","id":{{id}},"result":{"a":)");
  server.OnCommandNumber(2).Reply(R"({"b":2})");
  auto connection = MustConnect(server);

  const auto reply = CallEvaluate(*connection);
  BOOST_TEST(reply.status().code() == absl::StatusCode::kInternal);
  BOOST_TEST(std::string(reply.status().message()) ==
             "the browser sent a message that is not WebDriver BiDi: BiDi message is not valid "
             "JSON: incomplete JSON");
  const auto next = CallEvaluate(*connection);
  BOOST_REQUIRE_MESSAGE(next.ok(), next.status().ToString());
  BOOST_TEST(next->result.text() == R"({"b":2})");
}

BOOST_AUTO_TEST_CASE(fragmented_large_replies_back_to_back_arrive_whole) {
  FakeBidiServer server;
  // 64 KiB WebSocket fragments; each result is {"value":"xxx..."}, kept as its text.
  server.OnCommandNumber(1).ReplyLarge(300000);
  server.OnCommandNumber(2).ReplyLarge(200001);
  server.OnCommandNumber(3).Reply(R"({"c":3})");
  auto connection = MustConnect(server);

  const auto first = CallEvaluate(*connection);
  BOOST_REQUIRE_MESSAGE(first.ok(), first.status().ToString());
  BOOST_TEST(first->result.has_text());
  BOOST_TEST(first->result.text() == R"({"value":")" + std::string(300000 - 47, 'x') + R"("})");
  const auto second = CallEvaluate(*connection);
  BOOST_REQUIRE_MESSAGE(second.ok(), second.status().ToString());
  BOOST_TEST(second->result.has_text());
  BOOST_TEST(second->result.text() == R"({"value":")" + std::string(200001 - 47, 'x') + R"("})");
  const auto third = CallEvaluate(*connection);
  BOOST_REQUIRE_MESSAGE(third.ok(), third.status().ToString());
  BOOST_TEST(third->result.text() == R"({"c":3})");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
