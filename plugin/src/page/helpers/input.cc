#include "page/helpers/input.h"

#include <boost/json/serialize.hpp>
#include <string>

#include "absl/cleanup/cleanup.h"
#include "absl/strings/str_cat.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"
#include "page/helper_error.h"
#include "page/helpers/navigation.h"

namespace firefox_bidi::page {
namespace json = boost::json;
namespace {

std::string_view StringMember(const json::object& o, std::string_view key) {
  const json::value* v = o.if_contains(key);
  return v != nullptr && v->is_string() ? std::string_view(v->get_string()) : std::string_view();
}

constexpr std::string_view kTargetKeys[] = {"ref", "css", "text", "role"};

}  // namespace

bool HasTarget(const json::object& params) {
  for (const std::string_view key : kTargetKeys) {
    if (params.contains(key)) return true;
  }
  return params.contains("name");
}

absl::StatusOr<TargetSpec> ParseTarget(PageContext& page, std::string_view method,
                                       const std::string& tab, const json::object& params) {
  TargetSpec target;
  for (const std::string_view key : kTargetKeys) {
    const json::value* v = params.if_contains(key);
    if (v == nullptr) continue;
    if (!v->is_string() || !target.find.empty()) {
      return HelperError(kInvalidArgument,
                         absl::StrCat(ToAbsl(method),
                                      " takes exactly one target: \"ref\", \"css\", "
                                      "\"text\", or \"role\" with \"name\", each a string"));
    }
    target.find[key] = *v;
    target.described = absl::StrCat(ToAbsl(key), " ", json::serialize(*v));
  }
  if (const json::value* name = params.if_contains("name")) {
    if (!name->is_string() || !target.find.contains("role")) {
      return HelperError(kInvalidArgument, absl::StrCat(ToAbsl(method),
                                                        ": \"name\" goes with \"role\" (a "
                                                        "string each)"));
    }
    target.find["name"] = *name;
    absl::StrAppend(&target.described, " name ", json::serialize(*name));
  }
  if (target.find.empty()) {
    return HelperError(kInvalidArgument,
                       absl::StrCat(ToAbsl(method),
                                    " needs a target: \"ref\" (from page.snapshot), \"css\", "
                                    "\"text\", or \"role\" with \"name\""));
  }
  target.context = tab;
  if (const json::value* ref = target.find.if_contains("ref")) {
    const std::optional<std::string> where = page.state().refs.ContextOf(ref->get_string());
    if (!where.has_value()) {
      return HelperError(kStaleRef, absl::StrCat(ToAbsl(method), ": ref ", json::serialize(*ref),
                                                 " is not known here; take a new page.snapshot"));
    }
    target.context = *where;
  }
  return target;
}

absl::StatusOr<OnElementResult> OnElement(PageContext& page, std::string_view method,
                                          const TargetSpec& target, std::string_view op,
                                          json::object input) {
  const bool by_ref = target.find.contains("ref");
  input["find"] = target.find;
  absl::StatusOr<SandboxResult> done = page.Sandbox(target.context, op, input);
  if (!done.ok()) {
    const std::optional<std::string> code = HelperErrorCode(done.status());
    if (code == kJavascriptError &&
        absl::string_view(done.status().message()).find("invalid CSS selector") !=
            absl::string_view::npos) {
      return HelperError(kInvalidArgument, absl::StrCat(ToAbsl(method), ": ", target.described,
                                                        " is not a valid CSS selector"));
    }
    if (by_ref && code == "no such frame") {
      return HelperError(kStaleRef, absl::StrCat(ToAbsl(method), ": the page of ", target.described,
                                                 " is gone; take a new page.snapshot"));
    }
    return done.status();
  }
  if (done->nodes.empty()) {
    if (by_ref) {
      return HelperError(kStaleRef,
                         absl::StrCat(ToAbsl(method), ": the element of ", target.described,
                                      " is no longer in the page; take a new "
                                      "page.snapshot"));
    }
    return HelperError(
        kNoSuchElement,
        absl::StrCat(ToAbsl(method), ": no visible element matches ", target.described,
                     "; take a page.snapshot to see what the page shows, or "
                     "page.waitFor it first"));
  }
  const json::value* shared_id = done->nodes[0].if_contains("sharedId");
  if (shared_id == nullptr) {
    return HelperError(kJavascriptError, absl::StrCat(ToAbsl(method),
                                                      ": the element came back without a "
                                                      "sharedId"));
  }
  OnElementResult result;
  result.element.context = target.context;
  result.element.node = json::object{{"sharedId", *shared_id}};
  if (json::object* data = done->data.if_object()) {
    if (const json::value* matches = data->if_contains("matches");
        matches != nullptr && matches->is_int64()) {
      result.element.matches = matches->get_int64();
    }
    data->erase("matches");
  }
  result.data = std::move(done->data);
  return result;
}

absl::StatusOr<ElementTarget> FindElement(PageContext& page, std::string_view method,
                                          const std::string& tab, const json::object& params) {
  ASSIGN_OR_RETURN(const TargetSpec target, ParseTarget(page, method, tab, params));
  ASSIGN_OR_RETURN(OnElementResult found, OnElement(page, method, target, "inputFind", {}));
  return std::move(found.element);
}

absl::Status PageSideStatus(std::string_view method, const json::value& data) {
  const json::object* o = data.if_object();
  if (o == nullptr) {
    return HelperError(kJavascriptError, absl::StrCat(ToAbsl(method), ": the page side returned ",
                                                      json::serialize(data)));
  }
  const std::string_view code = StringMember(*o, "error");
  if (code.empty()) return absl::OkStatus();
  return HelperError(code, absl::StrCat(ToAbsl(method), ": ", ToAbsl(StringMember(*o, "message"))));
}

absl::Status PrepareClick(PageContext& page, std::string_view method, std::string_view context,
                          const json::object& node) {
  ASSIGN_OR_RETURN(SandboxResult prepared,
                   page.Sandbox(context, "inputPrepareClick", json::object{}, {node}));
  return PageSideStatus(method, prepared.data);
}

absl::StatusOr<bool> PerformAndFollow(PageContext& page, std::string_view tab,
                                      const json::object& action_params, std::string_view what) {
  RETURN_IF_ERROR(page.EnsureSubscribed());
  bool started = false;
  std::string navigation;
  page.Watch([&](const json::object& event) {
    const json::value* params = event.if_contains("params");
    if (params == nullptr || !params->is_object()) return false;
    const json::object& p = params->get_object();
    if (StringMember(p, "context") != tab) return false;
    const std::string_view method = StringMember(event, "method");
    if (method == "browsingContext.navigationStarted") {
      started = true;
      navigation = std::string(StringMember(p, "navigation"));
      return false;
    }
    if (!started) return false;
    if (method != "browsingContext.load" && method != "browsingContext.navigationFailed" &&
        method != "browsingContext.navigationAborted") {
      return false;
    }
    // A load of an earlier navigation (its events can trail its command's reply) is not ours.
    return navigation.empty() || StringMember(p, "navigation") == navigation;
  });
  const absl::Cleanup unwatch = [&page] { page.Unwatch(); };  // the watch refers to locals
  RETURN_IF_ERROR(page.Command("input.performActions", action_params,
                               absl::StrCat(ToAbsl(what), "'s input events to be dispatched"))
                      .status());
  if (!started) return false;
  RETURN_IF_ERROR(page.AwaitWatched(absl::StrCat("the page ", ToAbsl(what), " opened to load (",
                                                 ToAbsl(what), " itself was done)")));
  return true;
}

absl::StatusOr<bool> ClickElement(PageContext& page, std::string_view method, std::string_view tab,
                                  std::string_view context, const json::object& node,
                                  const ClickSpec& spec) {
  RETURN_IF_ERROR(PrepareClick(page, method, context, node));
  const json::value* shared_id = node.if_contains("sharedId");
  return PerformAndFollow(page, tab,
                          ClickActionsParams(context,
                                             shared_id != nullptr && shared_id->is_string()
                                                 ? std::string_view(shared_id->get_string())
                                                 : std::string_view(),
                                             spec),
                          "the click");
}

absl::StatusOr<json::object> AfterAction(PageContext& page, std::string_view tab, bool navigated) {
  ASSIGN_OR_RETURN(PageInfo info, GetPageInfo(page, tab));
  json::object result = UrlAndTitle(info);
  result["navigated"] = navigated;
  return result;
}

}  // namespace firefox_bidi::page
