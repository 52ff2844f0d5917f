// page.help: the reference of all helpers, or of one in full (page/help_text.h).
#include <boost/json/object.hpp>
#include <boost/json/string.hpp>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/status_macros.h"
#include "page/help_text.h"
#include "page/helper_error.h"
#include "page/helpers/helpers.h"

namespace firefox_bidi::page {
namespace json = boost::json;
namespace {

constexpr char kMethod[] = "page.help";

absl::StatusOr<json::value> Run(PageContext&, const json::object& params) {
  RETURN_IF_ERROR(CheckParams(kMethod, params, {"method"}));
  ASSIGN_OR_RETURN(std::optional<std::string> method, StringParam(kMethod, params, "method"));
  std::string name = method.value_or("");
  // "click" is taken for "page.click".
  if (!name.empty() && !FindHelperDoc(name) && FindHelperDoc("page." + name)) {
    name = "page." + name;
  }
  std::optional<std::string> text = HelpText(name);
  if (!text) {
    std::vector<std::string> names;
    for (const HelperDoc& doc : HelperDocs()) names.emplace_back(doc.method);
    return HelperError(kInvalidArgument,
                       absl::StrCat(kMethod, ": \"", name, "\" is not a helper; the helpers are ",
                                    absl::StrJoin(names, ", ")));
  }
  return json::string(std::move(*text));
}

}  // namespace

const HelperSpec& HelpHelper() {
  static const HelperSpec spec{kMethod, FindHelperDoc(kMethod)->synopsis, ResultFile::kText, &Run};
  return spec;
}

}  // namespace firefox_bidi::page
