#include "page/helper_registry.h"

#include <algorithm>
#include <boost/json/serialize.hpp>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/json_kind.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"
#include "page/helper_error.h"
#include "page/helpers/helpers.h"
#include "page/page_ops.h"
#include "page/targets.h"

namespace firefox_bidi::page {
namespace {

struct Registry {
  std::vector<HelperSpec> helpers;
  std::vector<std::string_view> methods;  // sorted

  Registry() {
    // The order a model reads them in: look, act, wait, run code, then the rest.
    helpers = {GotoHelper(),    SnapshotHelper(), FindHelper(),       TextHelper(),
               ClickHelper(),   HoverHelper(),    DragHelper(),       FillHelper(),
               TypeHelper(),    SelectHelper(),   PressHelper(),      ScrollHelper(),
               WaitForHelper(), EvalHelper(),     ScreenshotHelper(), TabsHelper(),
               LogsHelper(),    RequestsHelper(), RouteHelper(),      DialogHelper(),
               UploadHelper(),  StorageHelper(),  AgentsHelper(),     HelpHelper()};
    for (const HelperSpec& helper : helpers) methods.push_back(helper.method);
    std::sort(methods.begin(), methods.end());
  }
};

const Registry& TheRegistry() {
  // An object, not a leaked pointer: the plugin can be unloaded (dlclose), and memory reached
  // only from an unmapped module's statics counts as leaked.
  static const Registry registry;
  return registry;
}

}  // namespace

std::span<const HelperSpec> Helpers() { return TheRegistry().helpers; }

const HelperSpec* FindHelper(std::string_view method) {
  for (const HelperSpec& helper : Helpers()) {
    if (helper.method == method) return &helper;
  }
  return nullptr;
}

std::span<const std::string_view> HelperMethods() { return TheRegistry().methods; }

std::span<const PageOp> CommonOps() {
  static constexpr PageOp kCommon[] = {ops::kInfo, ops::kLoadSettled, ops::kFind, ops::kRef};
  return kCommon;
}

absl::Status CheckOpDeclared(std::string_view method, const PageOp& op) {
  const HelperSpec* spec = FindHelper(method);
  if (spec == nullptr) return absl::OkStatus();
  const auto named = [&op](const PageOp& declared) { return declared.name() == op.name(); };
  if (std::any_of(spec->ops.begin(), spec->ops.end(), named)) return absl::OkStatus();
  if (std::any_of(CommonOps().begin(), CommonOps().end(), named)) return absl::OkStatus();
  return absl::InternalError(absl::StrCat(ToAbsl(method), " runs page operation ",
                                          ToAbsl(op.name()),
                                          ", which its HelperSpec does not declare"));
}

std::string_view ParamTypeName(ParamType type) {
  switch (type) {
    case ParamType::kString:
      return "string";
    case ParamType::kBoolean:
      return "boolean";
    case ParamType::kInteger:
      return "integer";
    case ParamType::kArray:
      return "array";
    case ParamType::kAny:
      return "any JSON value";
    case ParamType::kTarget:
      return "target";
  }
  return "?";
}

std::vector<std::string_view> AcceptedKeys(const HelperSpec& spec) {
  std::vector<std::string_view> keys;
  for (const Param& param : spec.params) {
    if (param.type == ParamType::kTarget) {
      keys.insert(keys.end(), std::begin(kTargetKeys), std::end(kTargetKeys));
    }
    keys.push_back(param.key);
  }
  if (spec.takes_tab && FindParam(spec, "tab") == nullptr) keys.push_back("tab");
  return keys;
}

const Param* FindParam(const HelperSpec& spec, std::string_view key) {
  for (const Param& param : spec.params) {
    if (param.key == key) return &param;
  }
  return nullptr;
}

absl::Status CheckDeclaredParams(const HelperSpec& spec, const boost::json::object& params) {
  const std::vector<std::string_view> accepted = AcceptedKeys(spec);
  for (const auto& member : params) {
    const std::string_view key = member.key();
    if (std::find(accepted.begin(), accepted.end(), key) != accepted.end()) continue;
    return HelperError(
        kInvalidArgument,
        absl::StrCat(ToAbsl(spec.method), " has no parameter \"", ToAbsl(key),
                     "\"; its parameters are ",
                     absl::StrJoin(accepted, ", ", [](std::string* out, std::string_view k) {
                       absl::StrAppend(out, "\"", ToAbsl(k), "\"");
                     })));
  }
  return absl::OkStatus();
}

namespace {

// A helper reads only what its spec declares, with the declared type: anything else is the
// helper's own bug, and fails whichever test reaches the read (the page layer refuses an
// undeclared key before the helper runs, so without this the key could never be set).
// Callers that are no helper (the page layer's own subscription) read "tab" only.
absl::Status CheckRead(std::string_view method, std::string_view key, ParamType type) {
  const HelperSpec* spec = FindHelper(method);
  if (spec == nullptr) return absl::OkStatus();
  const Param* param = FindParam(*spec, key);
  if (param != nullptr && param->type == type) return absl::OkStatus();
  if (key == "tab" && spec->takes_tab && type == ParamType::kString) return absl::OkStatus();
  const bool target_key =
      std::find(std::begin(kTargetKeys), std::end(kTargetKeys), key) != std::end(kTargetKeys);
  if (target_key && type == ParamType::kString &&
      std::any_of(spec->params.begin(), spec->params.end(),
                  [](const Param& p) { return p.type == ParamType::kTarget; })) {
    return absl::OkStatus();
  }
  if (param == nullptr) {
    return absl::InternalError(absl::StrCat(ToAbsl(method), " reads parameter \"", ToAbsl(key),
                                            "\", which its HelperSpec does not declare"));
  }
  return absl::InternalError(absl::StrCat(
      ToAbsl(method), " reads parameter \"", ToAbsl(key), "\" as ", ToAbsl(ParamTypeName(type)),
      ", but its HelperSpec declares ", ToAbsl(ParamTypeName(param->type))));
}

}  // namespace

absl::StatusOr<std::optional<std::string>> StringParam(std::string_view method,
                                                       const boost::json::object& params,
                                                       std::string_view key) {
  RETURN_IF_ERROR(CheckRead(method, key, ParamType::kString));
  const boost::json::value* v = params.if_contains(key);
  if (v == nullptr) return std::optional<std::string>();
  if (!v->is_string()) {
    return HelperError(kInvalidArgument,
                       absl::StrCat(ToAbsl(method), ": \"", ToAbsl(key),
                                    "\" must be a string, got ", JsonKindName(*v)));
  }
  return std::optional<std::string>(std::string(v->get_string()));
}

absl::StatusOr<std::optional<bool>> BoolParam(std::string_view method,
                                              const boost::json::object& params,
                                              std::string_view key) {
  RETURN_IF_ERROR(CheckRead(method, key, ParamType::kBoolean));
  const boost::json::value* v = params.if_contains(key);
  if (v == nullptr) return std::optional<bool>();
  if (!v->is_bool()) {
    return HelperError(kInvalidArgument,
                       absl::StrCat(ToAbsl(method), ": \"", ToAbsl(key),
                                    "\" must be true or false, got ", JsonKindName(*v)));
  }
  return std::optional<bool>(v->get_bool());
}

absl::StatusOr<std::optional<std::int64_t>> IntParam(std::string_view method,
                                                     const boost::json::object& params,
                                                     std::string_view key, std::int64_t min,
                                                     std::int64_t max) {
  RETURN_IF_ERROR(CheckRead(method, key, ParamType::kInteger));
  const boost::json::value* v = params.if_contains(key);
  if (v == nullptr) return std::optional<std::int64_t>();
  std::optional<std::int64_t> n;
  if (v->is_int64()) n = v->get_int64();
  if (v->is_uint64() && v->get_uint64() <= static_cast<std::uint64_t>(max)) {
    n = static_cast<std::int64_t>(v->get_uint64());
  }
  if (v->is_double() &&
      v->get_double() == static_cast<double>(static_cast<std::int64_t>(v->get_double()))) {
    n = static_cast<std::int64_t>(v->get_double());
  }
  if (!n || *n < min || *n > max) {
    return HelperError(kInvalidArgument, absl::StrCat(ToAbsl(method), ": \"", ToAbsl(key),
                                                      "\" must be an integer from ", min, " to ",
                                                      max, ", got ", boost::json::serialize(*v)));
  }
  return n;
}

absl::Status ApplyTimeoutParam(const HelperSpec& spec, const boost::json::object& params,
                               PageContext& page) {
  if (FindParam(spec, kTimeoutParam.key) == nullptr) return absl::OkStatus();
  // The longest frame timeout.
  ASSIGN_OR_RETURN(const std::optional<std::int64_t> limit,
                   IntParam(spec.method, params, kTimeoutParam.key, 1, 600000));
  if (limit) page.BoundByParam(std::chrono::milliseconds(*limit));
  return absl::OkStatus();
}

}  // namespace firefox_bidi::page
