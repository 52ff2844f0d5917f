// page.press: key ("Enter", "Control+a", ...); optional target to focus first ->
// {"url","title","navigated"}.
#include <boost/json/object.hpp>

#include "absl/strings/str_cat.h"
#include "core/status_macros.h"
#include "page/actions.h"
#include "page/helper_error.h"
#include "page/helpers/helpers.h"
#include "page/helpers/input.h"
#include "page/keys.h"
#include "page/targets.h"

namespace firefox_bidi::page {
namespace json = boost::json;
namespace {

constexpr char kMethod[] = "page.press";

absl::StatusOr<json::value> Run(PageContext& page, const json::object& params) {
  RETURN_IF_ERROR(
      CheckParams(kMethod, params, {"key", "ref", "css", "text", "role", "name", "target", "tab"}));
  ASSIGN_OR_RETURN(std::optional<std::string> key, StringParam(kMethod, params, "key"));
  if (!key.has_value()) {
    return HelperError(kInvalidArgument, absl::StrCat(kMethod,
                                                      " needs \"key\", e.g. \"Enter\", \"Escape\", "
                                                      "\"Tab\", \"ArrowDown\" or \"Control+a\""));
  }
  absl::StatusOr<KeyChord> chord = ParseKeyChord(*key);
  if (!chord.ok()) {
    return HelperError(kInvalidArgument, absl::StrCat(kMethod, ": ", chord.status().message()));
  }
  ASSIGN_OR_RETURN(const std::string tab, page.Tab(params));
  std::string context = tab;
  ASSIGN_OR_RETURN(const std::optional<Target> target, ParseTarget(kMethod, params));
  if (target) {
    ASSIGN_OR_RETURN(const ActedTarget focused,
                     ActOnTarget(page, tab, *target, ops::kInputFocus, json::object{}));
    RETURN_IF_ERROR(PageSideStatus(kMethod, focused.data));
    context = focused.element.context;
  } else {
    // The keys go to what has the focus: the page side watches what they do there (one more
    // call; with a target, focusing it did that).
    ASSIGN_OR_RETURN(const SandboxResult armed, page.Sandbox(tab, ops::kInputArm, json::object{}));
    RETURN_IF_ERROR(PageSideStatus(kMethod, armed.data));
  }
  // In the tab's own document, the page side watches what the key does.
  ASSIGN_OR_RETURN(const InputEffect effect,
                   PerformAndFollow(page, tab, KeyActionsParams(context, ChordKeyActions(*chord)),
                                    absl::StrCat("the key ", *key), context == tab));
  return AfterAction(page, tab, effect);
}

}  // namespace

const HelperSpec& PressHelper() {
  static const HelperSpec spec{
      kMethod,
      "key (Enter, Escape, Tab, ArrowDown, Control+a, ...); optional target to focus first "
      "-> {url,title,navigated}",
      ResultFile::kJson, &Run};
  return spec;
}

}  // namespace firefox_bidi::page
