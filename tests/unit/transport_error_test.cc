#include "core/transport_error.h"

#include <boost/test/unit_test.hpp>
#include <string>

namespace firefox_bidi {
namespace {

BOOST_AUTO_TEST_SUITE(transport_error)

BOOST_AUTO_TEST_CASE(each_error_travels_under_its_code_with_its_message_and_name) {
  struct Case {
    TransportError error;
    absl::StatusCode code;
    const char* record_code;
  };
  const Case cases[] = {
      {TransportError::kReplyTimeout, absl::StatusCode::kDeadlineExceeded, "timeout"},
      {TransportError::kDisconnected, absl::StatusCode::kUnavailable, "browser disconnected"},
      {TransportError::kCancelled, absl::StatusCode::kCancelled, "cancelled"},
      {TransportError::kMessageTooLarge, absl::StatusCode::kResourceExhausted, "reply too large"},
      {TransportError::kNotBidi, absl::StatusCode::kInternal, "transport error"},
      {TransportError::kOther, absl::StatusCode::kUnknown, "transport error"},
  };
  for (const Case& c : cases) {
    const absl::Status status = TransportErrorStatus(c.error, "what happened");
    BOOST_TEST_INFO("record code " << c.record_code);
    BOOST_TEST((status.code() == c.code));
    BOOST_TEST(std::string(status.message()) == "what happened");
    BOOST_TEST((TransportErrorOf(status) == c.error));
    BOOST_TEST(std::string(FrameErrorCode(c.error)) == c.record_code);
  }
}

BOOST_AUTO_TEST_CASE(the_name_wins_over_the_code_once_set) {
  // A status rebuilt with another code but the payload kept still names its error.
  absl::Status status = TransportErrorStatus(TransportError::kDisconnected, "gone");
  absl::Status rewrapped(absl::StatusCode::kInternal, "wrapped");
  status.ForEachPayload([&](absl::string_view url, const absl::Cord& payload) {
    rewrapped.SetPayload(url, payload);
  });
  BOOST_TEST((TransportErrorOf(rewrapped) == TransportError::kDisconnected));
}

BOOST_AUTO_TEST_CASE(a_status_without_a_name_is_named_by_its_code) {
  BOOST_TEST((TransportErrorOf(absl::DeadlineExceededError("t")) == TransportError::kReplyTimeout));
  BOOST_TEST((TransportErrorOf(absl::UnavailableError("u")) == TransportError::kDisconnected));
  BOOST_TEST((TransportErrorOf(absl::CancelledError("c")) == TransportError::kCancelled));
  BOOST_TEST(
      (TransportErrorOf(absl::ResourceExhaustedError("r")) == TransportError::kMessageTooLarge));
  BOOST_TEST((TransportErrorOf(absl::InternalError("i")) == TransportError::kNotBidi));
  BOOST_TEST((TransportErrorOf(absl::FailedPreconditionError("f")) == TransportError::kOther));
  BOOST_TEST((TransportErrorOf(absl::OkStatus()) == TransportError::kOther));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
