#include "page/helper_error.h"

#include "absl/strings/cord.h"
#include "core/string_view_compat.h"

namespace firefox_bidi::page {
namespace {

constexpr std::string_view kPayloadUrl = "firefox_bidi/helper_error";

}  // namespace

absl::Status HelperError(std::string_view code, std::string_view message) {
  absl::Status status(absl::StatusCode::kAborted, ToAbsl(message));
  status.SetPayload(ToAbsl(kPayloadUrl), absl::Cord(ToAbsl(code)));
  return status;
}

std::optional<std::string> HelperErrorCode(const absl::Status& status) {
  absl::optional<absl::Cord> payload = status.GetPayload(ToAbsl(kPayloadUrl));
  if (!payload) return std::nullopt;
  return std::string(*payload);
}

bool IsHelperError(const absl::Status& status, FrameError code) {
  absl::optional<absl::Cord> payload = status.GetPayload(ToAbsl(kPayloadUrl));
  return payload && *payload == ToAbsl(FrameErrorName(code));
}

}  // namespace firefox_bidi::page
