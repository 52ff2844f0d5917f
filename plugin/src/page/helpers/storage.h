// page.storage's load, shared with the config key storage_state (loaded when a browser
// session starts).
#ifndef FIREFOX_BIDI_PAGE_HELPERS_STORAGE_H_
#define FIREFOX_BIDI_PAGE_HELPERS_STORAGE_H_

#include <boost/json/value.hpp>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "page/page_context.h"

namespace firefox_bidi::page {

// Sets the cookies and localStorage the storage-state file `path` (already judged by the
// policy) holds. `what` names the file in messages ("page.storage file", "config
// storage_state"). {"cookies": N, "origins": M}; a file that cannot be read or parsed is an
// "invalid argument" HelperError naming it and what is wrong.
absl::StatusOr<boost::json::value> LoadStorageState(PageContext& page, const std::string& path,
                                                    std::string_view what);

}  // namespace firefox_bidi::page

#endif  // FIREFOX_BIDI_PAGE_HELPERS_STORAGE_H_
