// The profile's user.js: the quiet, offline-friendly prefs measured in firefox-facts.md (no
// first-run pages, telemetry, studies, update checks or background network services), then
// the config's own `firefox.prefs`, which win because Firefox applies later lines last.
#ifndef FIREFOX_BIDI_NET_FIREFOX_PREFS_H_
#define FIREFOX_BIDI_NET_FIREFOX_PREFS_H_

#include <boost/json/value.hpp>
#include <map>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace firefox_bidi {

// The quiet prefs, one `user_pref(...);` line each.
std::string_view QuietPrefsUserJs();

// `s` as a double-quoted JavaScript string literal: backslash, quote, control characters and
// U+2028/U+2029 escaped, so no value can end the literal or the line.
std::string JsStringLiteral(std::string_view s);

// QuietPrefsUserJs() followed by one line per extra pref. Values must be bool, string, or an
// integer in Firefox's 32-bit range; anything else is kInvalidArgument naming the pref
// ("firefox.prefs.NAME: ...").
absl::StatusOr<std::string> BuildUserJs(const std::map<std::string, boost::json::value>& prefs);

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_NET_FIREFOX_PREFS_H_
