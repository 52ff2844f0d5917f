#include "core/tool_error.h"

#include <boost/test/unit_test.hpp>

namespace firefox_bidi {
namespace {

BOOST_AUTO_TEST_SUITE(tool_error)

BOOST_AUTO_TEST_CASE(serializes_kind_and_message_without_at) {
  BOOST_TEST(SerializeToolError({.kind = "busy", .message = "another call is running"}) ==
             R"({"error":{"kind":"busy","message":"another call is running"}})");
}

BOOST_AUTO_TEST_CASE(serializes_at_after_message_even_when_empty) {
  BOOST_TEST(SerializeToolError({.kind = "invalid_config", .message = "config: x", .at = ""}) ==
             R"({"error":{"kind":"invalid_config","message":"config: x","at":""}})");
  BOOST_TEST(
      SerializeToolError({.kind = "invalid_arguments", .message = "m", .at = "/frames/0/a~1b"}) ==
      R"({"error":{"kind":"invalid_arguments","message":"m","at":"/frames/0/a~1b"}})");
}

BOOST_AUTO_TEST_CASE(escapes_the_message) {
  BOOST_TEST(SerializeToolError({.kind = "internal", .message = "a \"q\"\n\\"}) ==
             R"({"error":{"kind":"internal","message":"a \"q\"\n\\"}})");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
