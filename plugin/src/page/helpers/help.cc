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
  ASSIGN_OR_RETURN(std::optional<std::string> method, StringParam(kMethod, params, "method"));
  std::string name = method.value_or("");
  // "click" is taken for "page.click".
  if (!name.empty() && !FindHelper(name) && FindHelper("page." + name)) {
    name = "page." + name;
  }
  std::optional<std::string> text = HelpText(name);
  if (!text) {
    std::vector<std::string> names;
    for (const HelperSpec& spec : Helpers()) names.emplace_back(spec.method);
    return HelperError(kInvalidArgument,
                       absl::StrCat(kMethod, ": \"", name, "\" is not a helper; the helpers are ",
                                    absl::StrJoin(names, ", ")));
  }
  return json::string(std::move(*text));
}

constexpr Param kParams[] = {
    {.key = "method", .type = ParamType::kString, .help = R"~(a helper name, e.g. "page.click")~"},
};

}  // namespace

const HelperSpec& HelpHelper() {
  static const HelperSpec spec{
      .method = kMethod,
      .synopsis = R"~({method?} -> this list, or one helper in full)~",
      .summary = "Returns the reference of all page helpers, or of one in full.",
      .params = kParams,
      .result = R"~(a string)~",
      .errors = R"~("invalid argument" (not a helper))~",
      .example = R"~({"frames":[{"method":"page.help","params":{"method":"page.click"}}]})~",
      .file = ResultFile::kText,
      .run = &Run,
      .takes_tab = false,
  };
  return spec;
}

}  // namespace firefox_bidi::page
