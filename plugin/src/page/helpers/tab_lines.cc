#include "page/helpers/tab_lines.h"

#include <optional>

#include "absl/strings/str_cat.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"
#include "page/helper_error.h"
#include "page/helper_registry.h"

namespace firefox_bidi::page {
namespace json = boost::json;

absl::StatusOr<bool> CurrentDocumentOnly(std::string_view method, const json::object& params) {
  ASSIGN_OR_RETURN(std::optional<std::string> which, StringParam(method, params, "page"));
  if (which && *which != "current" && *which != "all") {
    return HelperError(kInvalidArgument,
                       absl::StrCat(ToAbsl(method),
                                    ": \"page\" is \"current\" (the default: the tab's "
                                    "current document) or \"all\" (since the tab opened), "
                                    "got \"",
                                    *which, "\""));
  }
  return which.value_or("current") == "current";
}

absl::StatusOr<std::string> CaughtUpTab(PageContext& page, const json::object& params) {
  ASSIGN_OR_RETURN(std::string tab, page.Tab(params));
  absl::StatusOr<json::value> tree =
      page.Command("browsingContext.getTree", json::object{{"root", tab}, {"maxDepth", 0}});
  if (!tree.ok()) {
    if (IsHelperError(tree.status(), kNoSuchFrame)) {
      return HelperError(kNoSuchTab, absl::StrCat(ToAbsl(page.method()), ": \"", tab,
                                                  "\" is not an open tab; page.tabs lists them"));
    }
    return tree.status();
  }
  return tab;
}

}  // namespace firefox_bidi::page
