// The MCP JSON-RPC reader without a plugin or a process: every kind of line is classified, and
// each malformed one carries the JSON-RPC error code and the id McpServer answers with.
#include "jsonrpc.h"

#include <boost/json/serialize.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <ostream>
#include <string>

#include "line_server.h"

namespace tool_host {
namespace {

namespace json = boost::json;
using Kind = JsonRpcMessage::Kind;

BOOST_AUTO_TEST_SUITE(jsonrpc)

BOOST_AUTO_TEST_CASE(request_carries_id_method_and_params) {
  JsonRpcMessage m = ReadJsonRpcMessage(
      R"({"jsonrpc":"2.0","id":"a1","method":"tools/call","params":{"name":"firefox_bidi"}})",
      false);
  BOOST_TEST((m.kind == Kind::kRequest));
  BOOST_TEST(json::serialize(m.id) == R"("a1")");
  BOOST_TEST(m.method == "tools/call");
  BOOST_TEST_REQUIRE(m.params.has_value());
  BOOST_TEST(json::serialize(*m.params) == R"({"name":"firefox_bidi"})");
}

BOOST_AUTO_TEST_CASE(notification_has_no_id_and_request_without_params_has_none) {
  JsonRpcMessage n = ReadJsonRpcMessage(
      R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3}})", false);
  BOOST_TEST((n.kind == Kind::kNotification));
  BOOST_TEST(n.id.is_null());
  BOOST_TEST(n.method == "notifications/cancelled");
  BOOST_TEST(json::serialize(*n.params) == R"({"requestId":3})");
  JsonRpcMessage r = ReadJsonRpcMessage(R"({"jsonrpc":"2.0","id":7,"method":"ping"})", false);
  BOOST_TEST((r.kind == Kind::kRequest));
  BOOST_TEST(json::serialize(r.id) == "7");
  BOOST_TEST(!r.params.has_value());
}

BOOST_AUTO_TEST_CASE(client_replies_and_malformed_notifications_get_no_answer) {
  BOOST_TEST(
      (ReadJsonRpcMessage(R"({"jsonrpc":"2.0","id":1,"result":{}})", false).kind == Kind::kReply));
  BOOST_TEST((ReadJsonRpcMessage(R"({"jsonrpc":"2.0","id":1,"error":{"code":1}})", false).kind ==
              Kind::kReply));
  BOOST_TEST((ReadJsonRpcMessage(R"({"jsonrpc":"2.0","method":"x","params":[1]})", false).kind ==
              Kind::kDropped));
}

struct ErrorCase {
  std::string line;
  int code;
  std::string id;  // serialized
  std::string message;
};

std::ostream& operator<<(std::ostream& os, const ErrorCase& c) { return os << c.line; }

const ErrorCase kErrorCases[] = {
    {"{", kJsonRpcParseError, "null", "Parse error: incomplete JSON"},
    {"", kJsonRpcParseError, "null", "Parse error: incomplete JSON"},
    {R"([{"jsonrpc":"2.0","id":1,"method":"ping"}])", kJsonRpcInvalidRequest, "null",
     "Invalid request: JSON-RPC batches are not supported"},
    {"42", kJsonRpcInvalidRequest, "null", "Invalid request: a message must be a JSON object"},
    {R"({"id":5,"method":"ping"})", kJsonRpcInvalidRequest, "5",
     "Invalid request: \"jsonrpc\" must be \"2.0\""},
    {R"({"jsonrpc":2,"id":"x","method":"ping"})", kJsonRpcInvalidRequest, R"("x")",
     "Invalid request: \"jsonrpc\" must be \"2.0\""},
    {R"({"jsonrpc":"2.0","id":5})", kJsonRpcInvalidRequest, "5",
     "Invalid request: \"method\" is missing"},
    {R"({"jsonrpc":"2.0","id":5,"method":1})", kJsonRpcInvalidRequest, "5",
     "Invalid request: \"method\" must be a string"},
    {R"({"jsonrpc":"2.0","id":[5],"method":"ping"})", kJsonRpcInvalidRequest, "null",
     "Invalid request: \"id\" must be a string or a number"},
    {R"({"jsonrpc":"2.0","id":null,"method":"ping"})", kJsonRpcInvalidRequest, "null",
     "Invalid request: \"id\" must be a string or a number"},
    {R"({"jsonrpc":"2.0","id":6,"method":"ping","params":"p"})", kJsonRpcInvalidParams, "6",
     "Invalid params: must be an object"},
};

BOOST_DATA_TEST_CASE(malformed_messages_get_their_json_rpc_error, kErrorCases, c) {
  JsonRpcMessage m = ReadJsonRpcMessage(c.line, false);
  BOOST_TEST((m.kind == Kind::kError));
  BOOST_TEST(m.error_code == c.code);
  BOOST_TEST(json::serialize(m.id) == c.id);
  BOOST_TEST(m.error_message == c.message);
}

BOOST_AUTO_TEST_CASE(a_cut_line_is_an_invalid_request_naming_the_limit) {
  JsonRpcMessage m = ReadJsonRpcMessage(R"({"jsonrpc":"2.0","id":1,"method":"ping"})", true);
  BOOST_TEST((m.kind == Kind::kError));
  BOOST_TEST(m.error_code == kJsonRpcInvalidRequest);
  BOOST_TEST(m.id.is_null());
  BOOST_TEST(m.error_message ==
             "message longer than " + std::to_string(LineReader::kMaxLineBytes) + " bytes");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tool_host
