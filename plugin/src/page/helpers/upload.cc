// page.upload: target (a file input, its label, or what opens its chooser when clicked);
// files -> {"files": N}. The paths were judged against file_roots by the policy before the
// frame ran (core/policy.cc).
#include <sys/stat.h>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/status_macros.h"
#include "page/helper_error.h"
#include "page/helpers/helpers.h"
#include "page/helpers/input.h"
#include "page/targets.h"

namespace firefox_bidi::page {
namespace json = boost::json;
namespace {

constexpr char kMethod[] = "page.upload";

// "files" as given: a non-empty array of absolute paths of existing regular files.
absl::StatusOr<json::array> Files(const json::object& params) {
  const json::value* files = params.if_contains("files");
  if (files == nullptr || !files->is_array() || files->get_array().empty()) {
    return HelperError(kInvalidArgument,
                       absl::StrCat(kMethod,
                                    " needs \"files\": an array of absolute paths, e.g. "
                                    "[\"/home/me/report.pdf\"]"));
  }
  const json::array& list = files->get_array();
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (!list[i].is_string() || !list[i].get_string().starts_with("/")) {
      return HelperError(kInvalidArgument,
                         absl::StrCat(kMethod, ": files[", i, "] is not an absolute path"));
    }
    const std::string path(list[i].get_string());
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) {
      return HelperError(kInvalidArgument, absl::StrCat(kMethod, ": files[", i, "] \"", path,
                                                        "\" is not an existing file"));
    }
  }
  return list;
}

absl::StatusOr<json::value> Run(PageContext& page, const json::object& params) {
  ASSIGN_OR_RETURN(const json::array files, Files(params));
  ASSIGN_OR_RETURN(const std::string tab, page.Tab(params));
  ASSIGN_OR_RETURN(const Target target, RequireTarget(kMethod, params));
  // File inputs are often hidden behind a styled button: hidden ones count.
  ASSIGN_OR_RETURN(const ResolvedTarget found,
                   ResolveTarget(page, tab, target, ResolveOptions{.visible_only = false}));
  ASSIGN_OR_RETURN(SandboxResult checked, page.Sandbox(found.context, ops::kInputFileInput,
                                                       json::object{}, {found.argument}));
  RETURN_IF_ERROR(PageSideStatus(kMethod, checked.data));
  if (files.size() > 1 && !checked.data.as_object().at("multiple").as_bool()) {
    return HelperError(
        kInvalidArgument,
        absl::StrCat(kMethod, ": the file input takes one file, got ", files.size()));
  }
  // The file input itself (the label's control when a label was the target), as a bare
  // SharedReference: input.setFiles takes {"sharedId"}, not the node's whole RemoteValue.
  json::object input = found.argument;
  if (!checked.nodes.empty()) {
    const json::value* shared_id = checked.nodes[0].if_contains("sharedId");
    if (shared_id == nullptr || !shared_id->is_string()) {
      return absl::InternalError("inputFileInput returned a node without a sharedId");
    }
    input = json::object{{"sharedId", *shared_id}};
  }
  RETURN_IF_ERROR(
      page.Command("input.setFiles",
                   json::object{{"context", found.context}, {"element", input}, {"files", files}},
                   "the files to be set")
          .status());
  ASSIGN_OR_RETURN(SandboxResult count,
                   page.Sandbox(found.context, ops::kInputFileCount, json::object{}, {input}));
  return count.data;
}

constexpr Param kParams[] = {
    {.key = "target",
     .type = ParamType::kTarget,
     .help = "an <input type=file>, its label, or what opens its file chooser when clicked (an "
             "upload area, a styled Choose button)"},
    {.key = "files",
     .type = ParamType::kArray,
     .help = "absolute paths of existing files, inside the file_roots config (default: the host's "
             "working directory)"},
};

constexpr PageOp kOps[] = {ops::kInputFileInput, ops::kInputFileCount};

}  // namespace

const HelperSpec& UploadHelper() {
  static const HelperSpec spec{
      .method = kMethod,
      .synopsis = R"~({target, files} -> {files})~",
      .summary = "Puts files into a file input, as choosing them in the file dialog would.",
      .params = kParams,
      .ops = kOps,
      .result =
          R"~({"files": N}: how many files the input held as its change event came (a page may empty it once it read them))~",
      .errors =
          R"~("not allowed" (a path outside file_roots), "invalid argument" (no file input behind the target, a missing file, a relative path), "no such element", "stale ref")~",
      .example =
          R"~({"frames":[{"method":"page.goto","params":{"url":"data:text/html,<input type=file aria-label=Report>"},"silent":true},{"method":"page.upload","params":{"css":"input","files":["/tmp/report.txt"]}}]})~",
      .file = ResultFile::kJson,
      .run = &Run,
  };
  return spec;
}

}  // namespace firefox_bidi::page
