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

namespace firefox_bidi::page {

// `code` is what the model reads as "error" ("no such element"); `message` says what went
// wrong and what to do next.
absl::Status HelperError(std::string_view code, std::string_view message);

// The code of a HelperError, nullopt for any other status.
std::optional<std::string> HelperErrorCode(const absl::Status& status);

// Section 9 codes, spelled once.
inline constexpr std::string_view kInvalidArgument = "invalid argument";
inline constexpr std::string_view kNoSuchElement = "no such element";
inline constexpr std::string_view kStaleRef = "stale ref";
inline constexpr std::string_view kTimeout = "timeout";
inline constexpr std::string_view kJavascriptError = "javascript error";
inline constexpr std::string_view kNotAllowed = "not allowed";
inline constexpr std::string_view kNavigationFailed = "navigation failed";
inline constexpr std::string_view kNoDialog = "no dialog";
inline constexpr std::string_view kNoSuchTab = "no such tab";
// A command that runs page code was abandoned because a dialog opened in its tab.
inline constexpr std::string_view kDialogOpen = "dialog open";

}  // namespace firefox_bidi::page

#endif  // FIREFOX_BIDI_PAGE_HELPER_ERROR_H_
