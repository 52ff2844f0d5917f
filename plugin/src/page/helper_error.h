// A helper's own failure (DESIGN.md section 9: "no such element", "stale ref", "timeout", ...)
// travels inside the page layer as an absl::Status carrying the error code as a payload, so
// that StatusOr<T> serves helpers and the transport alike. At the layer's edge it becomes an
// error record; any other non-OK Status is a transport failure (browser gone, cancelled) and
// keeps its meaning for the runner.
#ifndef FIREFOX_BIDI_PAGE_HELPER_ERROR_H_
#define FIREFOX_BIDI_PAGE_HELPER_ERROR_H_

#include <optional>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "core/frame_error.h"

namespace firefox_bidi::page {

// The page layer names codes by their enumerators alone (kStaleRef, kTimeout...).
using enum FrameError;

// `code` is what the model reads as "error" (a FrameError's name, or a BiDi error code passed
// on); `message` says what went wrong and what to do next.
absl::Status HelperError(std::string_view code, std::string_view message);
inline absl::Status HelperError(FrameError code, std::string_view message) {
  return HelperError(FrameErrorName(code), message);
}

// The code of a HelperError, nullopt for any other status.
std::optional<std::string> HelperErrorCode(const absl::Status& status);

// Whether `status` is a HelperError with `code`.
bool IsHelperError(const absl::Status& status, FrameError code);

}  // namespace firefox_bidi::page

#endif  // FIREFOX_BIDI_PAGE_HELPER_ERROR_H_
