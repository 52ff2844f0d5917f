// page.eval: the model's own JavaScript in the page's realm, its result as plain JSON.
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/status_macros.h"
#include "page/helper_error.h"
#include "page/helpers/helpers.h"
#include "page/remote_value.h"

namespace firefox_bidi::page {
namespace json = boost::json;
namespace {

constexpr char kMethod[] = "page.eval";

const json::value* Member(const json::value& v, std::string_view key) {
  const json::object* object = v.if_object();
  return object != nullptr ? object->if_contains(key) : nullptr;
}

// "TEXT (line L, column C)" from BiDi's exceptionDetails (0-based line and column).
std::string ExceptionMessage(const json::value& details) {
  const json::value* text = Member(details, "text");
  std::string message = text != nullptr && text->is_string() ? std::string(text->get_string())
                                                             : std::string("uncaught exception");
  const json::value* line = Member(details, "lineNumber");
  const json::value* column = Member(details, "columnNumber");
  if (line != nullptr && line->is_number() && column != nullptr && column->is_number()) {
    absl::StrAppend(&message, " (line ", line->to_number<std::int64_t>() + 1, ", column ",
                    column->to_number<std::int64_t>() + 1, ")");
  }
  return message;
}

// The browsing contexts below `context` (its iframes', at every depth) in document order.
void Descendants(const json::value& context, std::vector<std::string>& out) {
  const json::value* children = Member(context, "children");
  if (children == nullptr || !children->is_array()) return;
  for (const json::value& child : children->get_array()) {
    const json::value* id = Member(child, "context");
    if (id != nullptr && id->is_string()) out.emplace_back(id->get_string());
    Descendants(child, out);
  }
}

// Runs describe on `nodes` ({"sharedId"}) in `context` and fills in the entries of
// `described` at `at` (one per node) that it could resolve; returns the positions left.
absl::StatusOr<std::vector<std::size_t>> DescribeIn(PageContext& page, const std::string& context,
                                                    const std::vector<json::value>& nodes,
                                                    const std::vector<std::size_t>& at,
                                                    std::vector<json::value>& described) {
  std::vector<json::value> args;
  for (std::size_t i : at) args.push_back(nodes[i]);
  absl::StatusOr<SandboxResult> named = page.Sandbox(context, "describe", {}, args);
  if (!named.ok()) {
    // A context whose document cannot take these nodes (another process's, gone): none here.
    if (HelperErrorCode(named.status())) return at;
    return named.status();
  }
  const json::value* list = Member(named->data, "nodes");
  if (list == nullptr || !list->is_array()) return at;
  std::vector<std::size_t> left;
  for (std::size_t j = 0; j < at.size(); ++j) {
    if (j < list->get_array().size() && !list->get_array()[j].is_null()) {
      described[at[j]] = list->get_array()[j];
    } else {
      left.push_back(at[j]);
    }
  }
  return left;
}

// One {"ref","tag","text"} per node ({"sharedId"}), named where it lives: the tab's nodes by
// its document; a node of one of its iframes (which the tab's realm resolves to null) by that
// iframe's browsing context, where its ref is looked up later. A node no context resolves is
// null.
absl::StatusOr<std::vector<json::value>> Describe(PageContext& page, const std::string& tab,
                                                  const std::vector<json::value>& nodes) {
  std::vector<json::value> described(nodes.size());
  std::vector<std::size_t> left(nodes.size());
  for (std::size_t i = 0; i < left.size(); ++i) left[i] = i;
  ASSIGN_OR_RETURN(left, DescribeIn(page, tab, nodes, left, described));
  if (left.empty()) return described;
  ASSIGN_OR_RETURN(json::value tree,
                   page.Command("browsingContext.getTree", json::object{{"root", tab}}));
  std::vector<std::string> frames;
  if (const json::value* contexts = Member(tree, "contexts"); contexts && contexts->is_array()) {
    for (const json::value& context : contexts->get_array()) Descendants(context, frames);
  }
  for (std::size_t k = 0; k < frames.size() && !left.empty(); ++k) {
    ASSIGN_OR_RETURN(left, DescribeIn(page, frames[k], nodes, left, described));
  }
  return described;
}

absl::StatusOr<json::value> Run(PageContext& page, const json::object& params) {
  RETURN_IF_ERROR(CheckParams(kMethod, params, {"expression", "function", "args", "tab"}));
  ASSIGN_OR_RETURN(std::optional<std::string> expression,
                   StringParam(kMethod, params, "expression"));
  ASSIGN_OR_RETURN(std::optional<std::string> function, StringParam(kMethod, params, "function"));
  if (expression.has_value() == function.has_value()) {
    return HelperError(kInvalidArgument, absl::StrCat(kMethod,
                                                      " takes exactly one of \"expression\" (e.g. "
                                                      "\"document.title\") or \"function\" (e.g. "
                                                      "\"(a, b) => a + b\") with \"args\""));
  }
  const json::value* args = params.if_contains("args");
  if (args != nullptr && (!function || !args->is_array())) {
    return HelperError(kInvalidArgument,
                       absl::StrCat(kMethod,
                                    ": \"args\" goes with \"function\" and is an array "
                                    "of JSON values"));
  }
  ASSIGN_OR_RETURN(const std::string tab, page.Tab(params));
  const json::object target{{"context", tab}};
  const json::object serialization{{"maxDomDepth", 0}};
  json::value reply;
  if (expression) {
    ASSIGN_OR_RETURN(reply, page.Command("script.evaluate",
                                         json::object{{"expression", *expression},
                                                      {"target", target},
                                                      {"awaitPromise", true},
                                                      {"resultOwnership", "none"},
                                                      {"serializationOptions", serialization}},
                                         "the script's promise"));
  } else {
    json::array arguments;
    if (args != nullptr) {
      for (const json::value& arg : args->get_array()) arguments.push_back(ToLocalValue(arg));
    }
    ASSIGN_OR_RETURN(reply, page.Command("script.callFunction",
                                         json::object{{"functionDeclaration", *function},
                                                      {"arguments", std::move(arguments)},
                                                      {"target", target},
                                                      {"awaitPromise", true},
                                                      {"resultOwnership", "none"},
                                                      {"serializationOptions", serialization}},
                                         "the function's promise"));
  }
  const json::value* type = Member(reply, "type");
  if (StringIs(type, "exception")) {
    const json::value* details = Member(reply, "exceptionDetails");
    return HelperError(kJavascriptError,
                       absl::StrCat(details != nullptr ? ExceptionMessage(*details)
                                                       : std::string("uncaught exception"),
                                    "; the code ran in the page as in its console: fix it and "
                                    "run it again"));
  }
  const json::value* remote = Member(reply, "result");
  if (remote == nullptr) return absl::InternalError("the script's reply has no result");

  // Nodes become {"ref","tag","text"}: first collected, then named in one sandbox call (more
  // only for nodes of iframes).
  std::vector<json::value> nodes;
  PlainFromRemote(*remote, [&](const json::object& node) {
    const json::value* shared = node.if_contains("sharedId");
    if (shared != nullptr && shared->is_string()) {
      nodes.push_back(json::object{{"sharedId", *shared}});
    }
    return json::value();
  });
  if (nodes.empty()) return PlainFromRemote(*remote, [](const json::object&) { return nullptr; });
  ASSIGN_OR_RETURN(std::vector<json::value> described, Describe(page, tab, nodes));
  std::size_t next = 0;
  return PlainFromRemote(*remote, [&](const json::object& node) -> json::value {
    if (!node.contains("sharedId")) return nullptr;
    const std::size_t index = next++;
    if (index < described.size() && !described[index].is_null()) return described[index];
    // A node no browsing context of the tab could resolve: no ref.
    const json::value* value = node.if_contains("value");
    const json::value* name = value != nullptr ? Member(*value, "localName") : nullptr;
    return json::object{
        {"ref", nullptr}, {"tag", name != nullptr ? *name : json::value()}, {"text", ""}};
  });
}

}  // namespace

const HelperSpec& EvalHelper() {
  static const HelperSpec spec{
      kMethod,
      "expression | function + args: page's own JS; promises awaited -> plain JSON "
      "(a DOM node as {ref,tag,text})",
      ResultFile::kJson, &Run};
  return spec;
}

}  // namespace firefox_bidi::page
