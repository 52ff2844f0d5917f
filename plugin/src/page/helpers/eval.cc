// page.eval: the model's own JavaScript in the page's realm, its result as plain JSON.
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
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

  // Nodes become {"ref","tag","text"}: first collected, then named in one sandbox call.
  std::vector<json::value> nodes;
  PlainFromRemote(*remote, [&](const json::object& node) {
    const json::value* shared = node.if_contains("sharedId");
    if (shared != nullptr && shared->is_string()) {
      nodes.push_back(json::object{{"sharedId", *shared}});
    }
    return json::value();
  });
  if (nodes.empty()) return PlainFromRemote(*remote, [](const json::object&) { return nullptr; });
  std::vector<json::value> described;
  absl::StatusOr<SandboxResult> named = page.Sandbox(tab, "describe", {}, nodes);
  if (named.ok()) {
    if (const json::value* list = Member(named->data, "nodes"); list && list->is_array()) {
      described.assign(list->get_array().begin(), list->get_array().end());
    }
  } else if (!HelperErrorCode(named.status())) {
    return named.status();
  }
  std::size_t next = 0;
  return PlainFromRemote(*remote, [&](const json::object& node) -> json::value {
    if (!node.contains("sharedId")) return nullptr;
    const std::size_t index = next++;
    if (index < described.size()) return described[index];
    // A node the tab's document cannot name (e.g. from another frame): no ref.
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
