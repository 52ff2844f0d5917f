// page.storage's pieces that need no browser: the origins the tool's tabs visited, and the
// storage-state file in playwright's format (its `storageState` JSON), read and written:
//   {"cookies": [{"name","value","domain","path","expires","httpOnly","secure","sameSite"}],
//    "origins": [{"origin": "https://example.com", "localStorage": [{"name","value"}]}]}
// `expires` is in seconds since the epoch, -1 for a session cookie; sameSite is "Strict",
// "Lax" or "None".
#ifndef FIREFOX_BIDI_PAGE_STORAGE_STATE_H_
#define FIREFOX_BIDI_PAGE_STORAGE_STATE_H_

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <functional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"

namespace firefox_bidi::page {

// "http://host:port" of an http: or https: URL as BiDi reports it (scheme and host already in
// lower case, a default port dropped), without user info, path, query and fragment; "" for
// any other URL (about:, data:, file:...), which has no localStorage of its own to keep.
std::string OriginOf(std::string_view url);

// The http(s) origins whose documents the tool's tabs committed, in the order first seen.
// Only tabs' own documents count: an iframe's localStorage is not its origin's own (Firefox
// partitions a third-party iframe's storage by the site around it). Thread safety: none; the
// batch's thread only.
class VisitedOrigins {
 public:
  // Notes the origin of a browsingContext.navigationCommitted or browsingContext.load, when
  // `is_tab` says its context is a tab (a top-level browsing context).
  void Observe(const boost::json::object& event,
               const std::function<bool(std::string_view context)>& is_tab);
  void Add(const std::string& origin);
  const std::vector<std::string>& list() const { return list_; }

 private:
  std::vector<std::string> list_;
  std::set<std::string, std::less<>> seen_;
};

struct OriginStorage {
  std::string origin;
  std::vector<std::pair<std::string, std::string>> local_storage;  // name, value
};

struct StorageState {
  boost::json::array cookies;  // in the file's form (PlaywrightCookie)
  std::vector<OriginStorage> origins;
};

// A cookie of storage.getCookies in the file's form.
boost::json::object PlaywrightCookie(const boost::json::object& bidi_cookie);
// The file's cookie as storage.setCookie's "cookie" (a PartialCookie).
boost::json::object BidiCookie(const boost::json::object& cookie);

// The file's text parsed and checked. kInvalidArgument saying what is wrong and where
// ("cookies[2].name is not a string", "not JSON: ...").
absl::StatusOr<StorageState> ParseStorageState(std::string_view text);
// The file's text.
std::string SerializeStorageState(const StorageState& state);

}  // namespace firefox_bidi::page

#endif  // FIREFOX_BIDI_PAGE_STORAGE_STATE_H_
