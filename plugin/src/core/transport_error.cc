#include "core/transport_error.h"

#include <string>

#include "absl/strings/cord.h"
#include "core/frame_error.h"
#include "core/string_view_compat.h"

namespace firefox_bidi {
namespace {

constexpr std::string_view kPayloadUrl = "firefox_bidi/transport_error";

absl::StatusCode CodeOf(TransportError error) {
  switch (error) {
    case TransportError::kReplyTimeout:
      return absl::StatusCode::kDeadlineExceeded;
    case TransportError::kDisconnected:
      return absl::StatusCode::kUnavailable;
    case TransportError::kCancelled:
      return absl::StatusCode::kCancelled;
    case TransportError::kMessageTooLarge:
      return absl::StatusCode::kResourceExhausted;
    case TransportError::kNotBidi:
      return absl::StatusCode::kInternal;
    case TransportError::kOther:
      break;
  }
  return absl::StatusCode::kUnknown;
}

}  // namespace

absl::Status TransportErrorStatus(TransportError error, std::string_view message) {
  absl::Status status(CodeOf(error), ToAbsl(message));
  status.SetPayload(ToAbsl(kPayloadUrl),
                    absl::Cord(std::string(1, static_cast<char>('0' + static_cast<int>(error)))));
  return status;
}

TransportError TransportErrorOf(const absl::Status& status) {
  if (const auto named = status.GetPayload(ToAbsl(kPayloadUrl))) {
    const std::string text(*named);
    if (text.size() == 1 && text[0] >= '0' &&
        text[0] <= '0' + static_cast<int>(TransportError::kOther)) {
      return static_cast<TransportError>(text[0] - '0');
    }
  }
  switch (status.code()) {
    case absl::StatusCode::kDeadlineExceeded:
      return TransportError::kReplyTimeout;
    case absl::StatusCode::kUnavailable:
      return TransportError::kDisconnected;
    case absl::StatusCode::kCancelled:
      return TransportError::kCancelled;
    case absl::StatusCode::kResourceExhausted:
      return TransportError::kMessageTooLarge;
    case absl::StatusCode::kInternal:
      return TransportError::kNotBidi;
    default:
      return TransportError::kOther;
  }
}

std::string_view FrameErrorCode(TransportError error) {
  switch (error) {
    case TransportError::kReplyTimeout:
      return FrameErrorName(FrameError::kTimeout);
    case TransportError::kDisconnected:
      return FrameErrorName(FrameError::kBrowserDisconnected);
    case TransportError::kCancelled:
      return FrameErrorName(FrameError::kCancelled);
    case TransportError::kMessageTooLarge:
      return FrameErrorName(FrameError::kReplyTooLarge);
    case TransportError::kNotBidi:
    case TransportError::kOther:
      break;
  }
  return FrameErrorName(FrameError::kTransportError);
}

}  // namespace firefox_bidi
