// absl::string_view is a distinct type from std::string_view in this abseil build (20220623
// on Debian), so crossing between absl (StrCat, Status::message) and std/Boost code needs an
// explicit conversion. The one place it is defined.
#ifndef FIREFOX_BIDI_CORE_STRING_VIEW_COMPAT_H_
#define FIREFOX_BIDI_CORE_STRING_VIEW_COMPAT_H_

#include <string_view>

#include "absl/strings/string_view.h"

namespace firefox_bidi {

inline absl::string_view ToAbsl(std::string_view s) { return {s.data(), s.size()}; }
inline std::string_view ToStd(absl::string_view s) { return {s.data(), s.size()}; }

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_STRING_VIEW_COMPAT_H_
