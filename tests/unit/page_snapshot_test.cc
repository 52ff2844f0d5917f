// page.snapshot's plugin side against a scripted transport: a library failure part-way keeps
// the ref counter past the names already given, so that no number ever names two nodes.
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <string>

#include "page/page_layer.h"
#include "support/scripted_transport.h"

namespace firefox_bidi::page {
namespace {

namespace json = boost::json;
using testing::ScriptedTransport;

// The sandbox library's reply carrying `data`.
std::string SandboxReply(std::string_view data) {
  return R"({"type":"success","realm":"R","result":{"type":"array","value":[{"type":"string",)"
         R"("value":)" +
         json::serialize(json::string(data)) +
         R"(},{"type":"array","value":[]},{"type":"array","value":[]}]}})";
}

// The "next" the library was given in script.callFunction `params` (its JSON input).
std::int64_t NextSent(const std::string& params) {
  const json::value call = json::parse(params);
  const json::value input = json::parse(call.at("arguments").at(1).at("value").as_string());
  return input.at("next").as_int64();
}

BOOST_AUTO_TEST_SUITE(page_snapshot)

BOOST_AUTO_TEST_CASE(a_failed_outline_is_a_javascript_error_and_its_names_stay_used) {
  PageLayer layer(nullptr, /*hide_webdriver_flag=*/false);
  ScriptedTransport transport;
  layer.BeginCall(1);
  transport.Reply(R"({"subscription":"internal"})")
      .Reply(R"({"contexts":[{"context":"T1","children":[]}]})")
      .Reply(SandboxReply(R"({"error":{"code":"javascript error","message":"the outline )"
                          R"(failed on this page: InternalError: too much recursion"},"next":8})"))
      .Reply(SandboxReply(R"({"lines":["- button \"Go\" [ref=e8]"],"frames":[],"next":9})"));
  auto run = [&]() {
    return layer.Execute("page.snapshot", json::object{}, std::chrono::milliseconds(5000),
                         transport, [](json::value) {});
  };
  auto failed = run();
  BOOST_REQUIRE(failed.ok());
  BOOST_TEST(!failed->reply.ok);
  BOOST_TEST(failed->reply.error == "javascript error");
  BOOST_TEST(failed->reply.message ==
             "page.snapshot: the outline failed on this page: InternalError: too much recursion");
  auto next = run();
  BOOST_REQUIRE(next.ok());
  BOOST_TEST(json::serialize(next->reply.result.value()) == R"("- button \"Go\" [ref=e8]")");
  const auto& sent = transport.received();
  BOOST_REQUIRE(sent.size() == 4u);
  BOOST_TEST(sent[2].method == "script.callFunction");
  BOOST_TEST(NextSent(sent[2].params) == 1);
  // e1 .. e7 were given before the failure: the next outline starts at e8.
  BOOST_TEST(NextSent(sent[3].params) == 8);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::page
