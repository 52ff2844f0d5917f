// page.hover: target -> {"url","title"}. Moves the real mouse onto the element (after scrolling
// it into view), so the page's hover menus and tooltips open as they would for a user.
#include <boost/json/object.hpp>
#include <string>

#include "core/status_macros.h"
#include "page/actions.h"
#include "page/helper_error.h"
#include "page/helpers/helpers.h"
#include "page/helpers/input.h"
#include "page/helpers/navigation.h"
#include "page/targets.h"

namespace firefox_bidi::page {
namespace json = boost::json;
namespace {

constexpr char kMethod[] = "page.hover";

absl::StatusOr<json::value> Run(PageContext& page, const json::object& params) {
  RETURN_IF_ERROR(
      CheckParams(kMethod, params, {"ref", "css", "text", "role", "name", "target", "tab"}));
  ASSIGN_OR_RETURN(const std::string tab, page.Tab(params));
  ASSIGN_OR_RETURN(const Target target, RequireTarget(kMethod, params));
  // As for a click: in view, and not under another element (which would get the hover).
  ASSIGN_OR_RETURN(const ActedTarget prepared,
                   ActOnTarget(page, tab, target, ops::kInputPrepareHover, json::object{}));
  RETURN_IF_ERROR(PageSideStatus(kMethod, prepared.data));
  const ResolvedTarget& element = prepared.element;
  RETURN_IF_ERROR(page.Command("input.performActions",
                               HoverActionsParams(element.context, element.shared_id),
                               "the mouse move's events to be dispatched")
                      .status());
  ASSIGN_OR_RETURN(const PageInfo info, GetPageInfo(page, tab));
  json::object result = UrlAndTitle(info);
  if (element.matches > 1) result["matches"] = element.matches;
  return result;
}

}  // namespace

const HelperSpec& HoverHelper() {
  static const HelperSpec spec{kMethod, "target (ref|css|text|role+name) -> {url,title}",
                               ResultFile::kJson, &Run};
  return spec;
}

}  // namespace firefox_bidi::page
