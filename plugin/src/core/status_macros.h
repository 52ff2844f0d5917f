// RETURN_IF_ERROR / ASSIGN_OR_RETURN for absl::Status (abseil 20220623 ships no
// status_macros.h). The one place these are defined.
#ifndef FIREFOX_BIDI_CORE_STATUS_MACROS_H_
#define FIREFOX_BIDI_CORE_STATUS_MACROS_H_

#include "absl/status/status.h"
#include "absl/status/statusor.h"

#define FB_STATUS_CONCAT_INNER_(a, b) a##b
#define FB_STATUS_CONCAT_(a, b) FB_STATUS_CONCAT_INNER_(a, b)

#define RETURN_IF_ERROR(expr)                                   \
  do {                                                          \
    if (::absl::Status fb_status_ = (expr); !fb_status_.ok()) { \
      return fb_status_;                                        \
    }                                                           \
  } while (false)

#define ASSIGN_OR_RETURN(lhs, expr) \
  FB_ASSIGN_OR_RETURN_IMPL_(FB_STATUS_CONCAT_(fb_statusor_, __LINE__), lhs, expr)

#define FB_ASSIGN_OR_RETURN_IMPL_(statusor, lhs, expr) \
  auto statusor = (expr);                              \
  if (!statusor.ok()) {                                \
    return std::move(statusor).status();               \
  }                                                    \
  lhs = std::move(statusor).value()

#endif  // FIREFOX_BIDI_CORE_STATUS_MACROS_H_
