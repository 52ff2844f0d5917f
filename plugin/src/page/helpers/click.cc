// page.click: target; button, count, modifiers -> {"url","title","navigated"}.
#include <algorithm>
#include <boost/json/object.hpp>
#include <cstdint>

#include "absl/strings/str_cat.h"
#include "core/status_macros.h"
#include "page/actions.h"
#include "page/helper_error.h"
#include "page/helpers/helpers.h"
#include "page/helpers/input.h"
#include "page/targets.h"

namespace firefox_bidi::page {
namespace json = boost::json;
namespace {

constexpr char kMethod[] = "page.click";

// How long a click waits for a disabled target to be enabled: 1 s, within the frame's time.
std::int64_t DisabledWaitMs(const PageContext& page) {
  constexpr std::int64_t kWaitMs = 1000;
  return std::max<std::int64_t>(0, std::min<std::int64_t>(kWaitMs, page.Remaining().count() - 200));
}

absl::StatusOr<json::value> Run(PageContext& page, const json::object& params) {
  RETURN_IF_ERROR(CheckParams(
      kMethod, params,
      {"ref", "css", "text", "role", "name", "target", "button", "count", "modifiers", "tab"}));
  absl::StatusOr<ClickSpec> spec = ParseClickSpec(params);
  if (!spec.ok()) {
    return HelperError(kInvalidArgument, absl::StrCat(kMethod, ": ", spec.status().message()));
  }
  ASSIGN_OR_RETURN(const std::string tab, page.Tab(params));
  ASSIGN_OR_RETURN(const Target target, RequireTarget(kMethod, params));
  // One call finds the element, scrolls it into view and checks what the click would hit.
  ASSIGN_OR_RETURN(ActedTarget prepared,
                   ActOnTarget(page, tab, target, "inputPrepareClick", json::object{}));
  const ResolvedTarget& element = prepared.element;
  if (const json::object* data = prepared.data.if_object();
      data != nullptr && StringIs(data->if_contains("error"), FrameErrorName(kElementDisabled))) {
    // A page often enables a button a moment after the field that completes a form changed:
    // wait a little for it before saying it is disabled.
    ASSIGN_OR_RETURN(const SandboxResult waited,
                     page.Sandbox(element.context, "inputWaitEnabled",
                                  json::object{{"ms", DisabledWaitMs(page)}}, {element.argument}));
    const json::object* outcome = waited.data.if_object();
    const json::value* enabled = outcome != nullptr ? outcome->if_contains("enabled") : nullptr;
    if (enabled != nullptr && enabled->is_bool() && enabled->get_bool()) {
      ASSIGN_OR_RETURN(SandboxResult again, page.Sandbox(element.context, "inputPrepareClick",
                                                         json::object{}, {element.argument}));
      prepared.data = std::move(again.data);
    }
  }
  RETURN_IF_ERROR(PageSideStatus(kMethod, prepared.data));
  // The page side watches the click in the tab's own document (not in a frame's).
  ASSIGN_OR_RETURN(
      const InputEffect effect,
      PerformAndFollow(page, tab, ClickActionsParams(element.context, element.shared_id, *spec),
                       "the click", element.context == tab));
  ASSIGN_OR_RETURN(json::object result, AfterAction(page, tab, effect));
  if (element.matches > 1) result["matches"] = element.matches;
  return result;
}

}  // namespace

const HelperSpec& ClickHelper() {
  static const HelperSpec spec{
      kMethod,
      "target (ref|css|text|role+name); button: left|middle|right, count: 1|2|3, modifiers: "
      "[Shift|Control|Alt|Meta] -> {url,title,navigated}",
      ResultFile::kJson, &Run};
  return spec;
}

}  // namespace firefox_bidi::page
