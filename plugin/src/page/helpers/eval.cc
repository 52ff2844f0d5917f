// page.eval: the model's own JavaScript in the page's realm, its result as plain JSON.
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "core/bidi_protocol.h"
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
  absl::StatusOr<SandboxResult> named = page.Sandbox(context, ops::kDescribe, {}, args);
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

// Runs in the page's realm on the value the model's code returned (its handle) and writes it
// as plain JSON text: one string crosses the socket instead of a RemoteValue per item, which
// costs Firefox and the tool ten to twenty times the bytes (docs/benchmarks.md). Arrays and
// plain objects are written here; everything else (nodes, windows, dates, maps, functions, ...)
// is handed back beside the text for BiDi to serialize, and stands in the text as
// {NONCE: index}. A value met again is {"type": TYPE}, as BiDi marks repeated references.
constexpr char kWritePlain[] = R"JS(function (value, nonce) {
  const specials = [];
  const seen = new Set();
  const isArray = Array.isArray;
  const protoOf = Object.getPrototypeOf;
  const keysOf = Object.keys;
  const plainProto = Object.prototype;
  const quote = JSON.stringify;
  const text = (s) => quote(s.isWellFormed() ? s : s.toWellFormed());
  const tag = quote(nonce);
  const special = (v) => '{' + tag + ':' + (specials.push(v) - 1) + '}';
  const write = (v) => {
    switch (typeof v) {
      case 'undefined': return 'null';
      case 'boolean': return v ? 'true' : 'false';
      case 'number': return v === 0 ? '0' : Number.isFinite(v) ? String(v) : 'null';
      case 'string': return text(v);
      case 'bigint': return '"' + v + '"';
      case 'symbol': return '{"type":"symbol"}';
      case 'function': return special(v);
    }
    if (v === null) return 'null';
    if (isArray(v)) {
      if (seen.has(v)) return '{"type":"array"}';
      seen.add(v);
      let out = '[';
      for (let i = 0, n = v.length; i < n; i++) out += (i === 0 ? '' : ',') + write(v[i]);
      return out + ']';
    }
    const proto = protoOf(v);
    if (proto !== plainProto && proto !== null) {
      // What says how it reads as JSON (a DOMRect, a URL, a page's own class) reads so, as
      // JSON.stringify reads it; anything else (a node, a Map) the browser describes.
      if (typeof v.toJSON === 'function' && !seen.has(v)) {
        seen.add(v);
        try {
          return write(v.toJSON());
        } catch (e) {
          return special(v);
        }
      }
      return special(v);
    }
    if (seen.has(v)) return '{"type":"object"}';
    seen.add(v);
    let out = '{';
    let first = true;
    for (const k of keysOf(v)) {
      out += (first ? '' : ',') + text(k) + ':' + write(v[k]);
      first = false;
    }
    return out + '}';
  };
  return [write(value), specials];
})JS";

// A JavaScript exception in a script reply as the frame's "javascript error".
absl::Status JavascriptError(const json::value& reply) {
  const json::value* details = Member(reply, "exceptionDetails");
  const std::string message =
      details != nullptr ? ExceptionMessage(*details) : std::string("uncaught exception");
  // A name an earlier call declared at the top level (as a console keeps it).
  const bool redeclared = absl::StrContains(message, "redeclaration of ");
  return HelperError(kJavascriptError,
                     absl::StrCat(message,
                                  "; the code ran in the page as in its console: fix it and "
                                  "run it again",
                                  redeclared ? " (a const or let of an earlier page.eval stays "
                                               "declared: wrap the code in { ... }, or use "
                                               "another name)"
                                             : ""));
}

// A RemoteValue as plain JSON, its nodes as {"ref","tag","text"}: first collected, then named
// in one sandbox call (more only for nodes of iframes).
absl::StatusOr<json::value> PlainWithNodes(PageContext& page, const std::string& tab,
                                           const json::value& remote) {
  std::vector<json::value> nodes;
  PlainFromRemote(remote, [&](const json::object& node) {
    const json::value* shared = node.if_contains("sharedId");
    if (shared != nullptr && shared->is_string()) {
      nodes.push_back(json::object{{"sharedId", *shared}});
    }
    return json::value();
  });
  if (nodes.empty()) return PlainFromRemote(remote, [](const json::object&) { return nullptr; });
  ASSIGN_OR_RETURN(std::vector<json::value> described, Describe(page, tab, nodes));
  std::size_t next = 0;
  return PlainFromRemote(remote, [&](const json::object& node) -> json::value {
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

// A fresh random token: the key of kWritePlain's stand-ins, which the page cannot guess.
std::string Nonce() {
  std::random_device random;
  std::string nonce = "\x01";
  for (int i = 0; i < 4; ++i) absl::StrAppend(&nonce, absl::Hex(random(), absl::kZeroPad8));
  return nonce;
}

// Puts specials[i] where `plain` holds {nonce: i}.
void PutSpecials(json::value& plain, std::string_view nonce, json::array& specials) {
  if (json::array* items = plain.if_array()) {
    for (json::value& item : *items) PutSpecials(item, nonce, specials);
    return;
  }
  json::object* object = plain.if_object();
  if (object == nullptr) return;
  if (object->size() == 1 && object->begin()->key() == nonce) {
    const json::value& at = object->begin()->value();
    if (at.is_int64() && at.get_int64() >= 0 &&
        static_cast<std::uint64_t>(at.get_int64()) < specials.size()) {
      plain = std::move(specials[static_cast<std::size_t>(at.get_int64())]);
      return;
    }
  }
  for (auto& member : *object) PutSpecials(member.value(), nonce, specials);
}

// The value behind `handle` (in `realm`) as plain JSON, written by kWritePlain in the page.
absl::StatusOr<json::value> PlainOfHandle(PageContext& page, const std::string& tab,
                                          const json::value& realm, const json::value& handle) {
  const std::string nonce = Nonce();
  absl::StatusOr<json::value> written = page.Command(
      "script.callFunction",
      json::object{{"functionDeclaration", kWritePlain},
                   {"arguments", json::array{json::object{{"handle", handle}},
                                             json::object{{"type", "string"}, {"value", nonce}}}},
                   {"target", json::object{{"realm", realm}}},
                   {"awaitPromise", false},
                   {"resultOwnership", "none"},
                   {"serializationOptions", json::object{{"maxDomDepth", 0}}}},
      "the script's result to be read");
  // The handle kept the value alive for this read only. Best effort: a realm that is gone
  // took its handles with it.
  if (page.Remaining().count() > 0) {
    (void)page.Command("script.disown", json::object{{"handles", json::array{handle}},
                                                     {"target", json::object{{"realm", realm}}}});
  }
  if (!written.ok()) return written.status();
  if (StringIs(Member(*written, "type"), "exception")) return JavascriptError(*written);
  const json::value* pair = Member(*written, "result");
  const json::value* items = pair != nullptr ? Member(*pair, "value") : nullptr;
  const json::value* text = nullptr;
  const json::value* specials = nullptr;
  if (items != nullptr && items->is_array() && items->get_array().size() == 2) {
    text = Member(items->get_array()[0], "value");
    specials = &items->get_array()[1];
  }
  if (text == nullptr || !text->is_string()) {
    return absl::InternalError("the page's result could not be read as JSON");
  }
  json::error_code ec;
  json::value plain = json::parse(text->get_string(), ec, {}, BidiParseOptions());
  if (ec) return absl::InternalError(absl::StrCat("the page's result is not JSON: ", ec.message()));
  ASSIGN_OR_RETURN(json::value special_values, PlainWithNodes(page, tab, *specials));
  if (json::array* list = special_values.if_array(); list != nullptr && !list->empty()) {
    PutSpecials(plain, nonce, *list);
  }
  return plain;
}

absl::StatusOr<json::value> Run(PageContext& page, const json::object& params) {
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
  // The value stays in the page (a handle); kWritePlain reads it there.
  const json::object serialization{{"maxDomDepth", 0}, {"maxObjectDepth", 0}};
  json::value reply;
  if (expression) {
    ASSIGN_OR_RETURN(reply, page.Command("script.evaluate",
                                         json::object{{"expression", *expression},
                                                      {"target", target},
                                                      {"awaitPromise", true},
                                                      {"resultOwnership", "root"},
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
                                                      {"resultOwnership", "root"},
                                                      {"serializationOptions", serialization}},
                                         "the function's promise"));
  }
  if (StringIs(Member(reply, "type"), "exception")) return JavascriptError(reply);
  const json::value* remote = Member(reply, "result");
  if (remote == nullptr) return absl::InternalError("the script's reply has no result");
  const json::value* handle = Member(*remote, "handle");
  const json::value* realm = Member(reply, "realm");
  if (handle != nullptr && handle->is_string() && realm != nullptr && realm->is_string()) {
    return PlainOfHandle(page, tab, *realm, *handle);
  }
  return PlainWithNodes(page, tab, *remote);  // a primitive
}

constexpr Param kParams[] = {
    {.key = "expression",
     .type = ParamType::kString,
     .help = "JavaScript whose value is returned; a promise is awaited"},
    {.key = "function",
     .type = ParamType::kString,
     .help =
         R"~(a function's source, called with args, e.g. "(sel) => document.querySelectorAll(sel).length")~"},
    {.key = "args", .type = ParamType::kArray, .help = "an array of JSON values for function"},
};

constexpr PageOp kOps[] = {ops::kDescribe};

}  // namespace

const HelperSpec& EvalHelper() {
  static const HelperSpec spec{
      .method = kMethod,
      .synopsis = R"~({expression} or {function, args} -> JSON; an element as {ref, tag, text})~",
      .summary = "Runs JavaScript in the page itself, as in the browser console.",
      .params = kParams,
      .ops = kOps,
      .result =
          R"~(plain JSON: objects, arrays, strings, numbers, booleans, null (undefined too); a Date as its ISO string; a DOM element as {"ref","tag","text"}, its ref usable as a target)~",
      .errors = R"~("javascript error" with the exception's message and location)~",
      .example =
          R"~({"frames":[{"method":"page.goto","params":{"url":"data:text/html,<a href=/a>A</a><a href=/b>B</a>"},"silent":true},{"method":"page.eval","params":{"function":"(sel) => [...document.querySelectorAll(sel)].map(a => a.textContent)","args":["a"]}}]})~",
      .file = ResultFile::kJson,
      .run = &Run,
  };
  return spec;
}

}  // namespace firefox_bidi::page
