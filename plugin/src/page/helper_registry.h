// The helpers (DESIGN.md section 9), one small file each under helpers/, each giving its
// HelperSpec; this registry lists them for the page layer, argument validation and the tool
// description.
#ifndef FIREFOX_BIDI_PAGE_HELPER_REGISTRY_H_
#define FIREFOX_BIDI_PAGE_HELPER_REGISTRY_H_

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <span>
#include <string_view>

#include "absl/status/statusor.h"
#include "core/frame_executor.h"
#include "page/page_context.h"

namespace firefox_bidi::page {

struct HelperSpec {
  std::string_view method;   // "page.goto"
  std::string_view summary;  // one line: params and result, for the tool description
  ResultFile file = ResultFile::kJson;
  // Carries out the frame. A HelperError is the frame's error record; any other failure
  // status is a transport failure (see FrameExecutor::Execute).
  absl::StatusOr<boost::json::value> (*run)(PageContext& page, const boost::json::object& params);
};

// Every helper, ordered by method.
std::span<const HelperSpec> Helpers();
// The helper for `method`, nullptr when there is none.
const HelperSpec* FindHelper(std::string_view method);
// Their method names, ordered (for ParseBatchArgs).
std::span<const std::string_view> HelperMethods();

}  // namespace firefox_bidi::page

#endif  // FIREFOX_BIDI_PAGE_HELPER_REGISTRY_H_
