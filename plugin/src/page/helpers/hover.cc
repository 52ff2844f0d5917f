// page.hover: target -> {"url","title"}. Moves the real mouse onto the element (after scrolling
// it into view), so the page's hover menus and tooltips open as they would for a user.
#include <boost/json/object.hpp>
#include <string>

#include "core/json_fields.h"
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
  ASSIGN_OR_RETURN(const std::string tab, page.Tab(params));
  ASSIGN_OR_RETURN(const Target target, RequireTarget(kMethod, params));
  // As for a click: in view, and not under another element (which would get the hover).
  ASSIGN_OR_RETURN(ActedTarget prepared,
                   ActOnTarget(page, tab, target, ops::kInputPrepareHover, json::object{}));
  RETURN_IF_ERROR(PageSideStatus(kMethod, prepared.data));
  const ResolvedTarget& element = prepared.element;
  RETURN_IF_ERROR(MoveMouseOnto(page, tab, element.context, element.shared_id,
                                CentreOffsetOf(prepared.data), kHoverAnswer, kSubmenuOpenWait));
  // What the move set off may have moved the element away from under the mouse (a menu
  // closing above it as the mouse left that menu's button): a user moves onto it again where
  // it now stands, once.
  const json::object& at = prepared.data.as_object();
  ASSIGN_OR_RETURN(
      const SandboxResult moved,
      page.Sandbox(element.context, ops::kInputMovedAway,
                   json::object{{"x", at.at("x")}, {"y", at.at("y")}}, {element.argument}));
  if (BoolAt(moved.data.as_object(), "moved")) {
    ASSIGN_OR_RETURN(SandboxResult again, page.Sandbox(element.context, ops::kInputPrepareHover,
                                                       json::object{}, {element.argument}));
    RETURN_IF_ERROR(PageSideStatus(kMethod, again.data));
    RETURN_IF_ERROR(MoveMouseOnto(page, tab, element.context, element.shared_id,
                                  CentreOffsetOf(again.data), kHoverAnswer, kSubmenuOpenWait));
  }
  ASSIGN_OR_RETURN(const PageInfo info, GetPageInfo(page, tab));
  json::object result = UrlAndTitle(info);
  NoteMatches(element, result);
  return result;
}

constexpr Param kParams[] = {
    {.key = "target", .type = ParamType::kTarget, .help = "the element to move the mouse onto"},
};

constexpr PageOp kOps[] = {ops::kInputPrepareHover, ops::kInputPointerSettled,
                           ops::kInputMovedAway};

}  // namespace

const HelperSpec& HoverHelper() {
  static const HelperSpec spec{
      .method = kMethod,
      .synopsis = R"~({target} -> {url, title})~",
      .summary =
          "Moves the real mouse onto an element, after scrolling it into view, so that menus and "
          "tooltips that open on hover open; returns once their transitions have ended.",
      .params = kParams,
      .ops = kOps,
      .result =
          R"~({"url","title"}; "matches": N when the target matched N elements (the first one was hovered, or "chosen" says which))~",
      .errors =
          R"~("no such element", "stale ref", "element covered" (another element would get the mouse; nothing was hovered), "element not visible")~",
      .example =
          R"~({"frames":[{"method":"page.goto","params":{"url":"data:text/html,<button onmouseenter=\"this.textContent='Open'\">Menu</button>"},"silent":true},{"method":"page.hover","params":{"text":"Menu"}},{"method":"page.text"}]})~",
      .file = ResultFile::kJson,
      .run = &Run,
  };
  return spec;
}

}  // namespace firefox_bidi::page
