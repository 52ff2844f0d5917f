// page.agents: the live agents of this browser (DESIGN.md section 12), and closing one.
#include <boost/json/object.hpp>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/status_macros.h"
#include "page/help_text.h"
#include "page/helper_error.h"
#include "page/helpers/helpers.h"

namespace firefox_bidi::page {
namespace json = boost::json;
namespace {

constexpr char kMethod[] = "page.agents";

absl::StatusOr<json::value> Run(PageContext& page, const json::object& params) {
  ASSIGN_OR_RETURN(const std::optional<std::string> action, StringParam(kMethod, params, "action"));
  ASSIGN_OR_RETURN(const std::optional<std::string> agent, StringParam(kMethod, params, "agent"));
  AgentDirectory* directory = page.state().agent.directory;
  if (directory == nullptr) {
    return HelperError(kInvalidArgument, absl::StrCat(kMethod, ": this instance has no agents"));
  }
  if (action.value_or("list") == "list") {
    if (agent) {
      return HelperError(kInvalidArgument,
                         absl::StrCat(kMethod, ": \"agent\" goes with \"action\": \"close\""));
    }
    ASSIGN_OR_RETURN(json::array agents, directory->List(page));
    return json::object{{"agents", std::move(agents)}};
  }
  if (*action != "close") {
    return HelperError(
        kInvalidArgument,
        absl::StrCat(kMethod, ": \"action\" is \"list\" (the default) or \"close\", got \"",
                     *action, "\""));
  }
  if (!agent) {
    return HelperError(kInvalidArgument,
                       absl::StrCat(kMethod, ": \"action\": \"close\" needs \"agent\": NAME"));
  }
  RETURN_IF_ERROR(directory->Close(page, *agent));
  return json::object{{"closed", *agent}};
}

constexpr Param kParams[] = {
    {.key = "action",
     .type = ParamType::kString,
     .default_value = R"~("list")~",
     .help = R"~("list" (default) or "close")~"},
    {.key = "agent", .type = ParamType::kString, .help = "the agent to close"},
};

}  // namespace

const HelperSpec& AgentsHelper() {
  static const HelperSpec spec{
      .method = kMethod,
      .synopsis = R"~({action?, agent?} -> {agents})~",
      .summary =
          "Lists the isolated agents sharing this browser (a call's \"agent\" names its own), or "
          "closes one: its user context, tabs, cookies and storage go.",
      .params = kParams,
      .result = R"~({"agents": [{"agent", "tabs", "idle_s"}, ...]}, or {"closed": NAME})~",
      .errors = R"~("invalid argument" (no such agent; "default" and the calling agent stay))~",
      .example = R"~({"frames":[{"method":"page.agents"}]})~",
      .file = ResultFile::kJson,
      .run = &Run,
  };
  return spec;
}

}  // namespace firefox_bidi::page
