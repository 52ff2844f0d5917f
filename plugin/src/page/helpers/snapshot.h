// page.snapshot's outline, shared with page.find: one document's lines with its iframes'
// outlines spliced in under them.
#ifndef FIREFOX_BIDI_PAGE_HELPERS_SNAPSHOT_H_
#define FIREFOX_BIDI_PAGE_HELPERS_SNAPSHOT_H_

#include <boost/json/value.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "page/page_context.h"

namespace firefox_bidi::page {

struct OutlineLines {
  std::vector<std::string> lines;  // "  - ROLE \"NAME\" [ref=eN] STATES", two spaces a level
  std::vector<bool> matched;       // per line: `match` found in its name or value
  bool unshown = false;            // no lines, but elements that may show a moment later
};

// The outline of the document of browsing context `context` (of `root`'s node when given),
// its lines indented from `depth`. `clip` (viewport_only in an iframe): the part of the
// document's viewport that is on the top-level viewport. `match` (page.find's text, or a
// "/PATTERN/FLAGS" regex) marks the lines whose name or value it finds; an invalid regex is an
// "invalid argument" HelperError.
absl::StatusOr<OutlineLines> Outline(PageContext& page, const std::string& context,
                                     const std::vector<boost::json::value>& root,
                                     std::int64_t depth, bool viewport_only,
                                     const boost::json::value* clip, int frame_depth,
                                     const std::optional<std::string>& match);

}  // namespace firefox_bidi::page

#endif  // FIREFOX_BIDI_PAGE_HELPERS_SNAPSHOT_H_
