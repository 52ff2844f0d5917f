#include "page/targets.h"

#include <algorithm>
#include <boost/json/serialize.hpp>
#include <boost/json/string.hpp>
#include <iterator>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "core/json_fields.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"
#include "page/helper_error.h"
#include "page/helper_registry.h"

namespace firefox_bidi::page {
namespace json = boost::json;
namespace {

std::string Quoted(std::string_view s) { return json::serialize(json::string(s)); }

struct Found {
  std::uint64_t count = 0;
  // With no match seen: matches drawn inside content the page made inert (while a menu,
  // listbox or dialog is open).
  std::uint64_t inert = 0;
  // With no match seen: matches that are not shown now (display: none, no size), and the
  // first of them described, as the page side describes it.
  std::uint64_t hidden = 0;
  std::string hidden_first;
  bool hidden_keys_field = false;  // the first hidden is the field a code editor takes keys through
  // With no match seen: how to choose a match that is an option of a native select.
  std::string select_option;
  std::optional<json::object> first;  // the first match's node RemoteValue
  std::string first_context;
  std::optional<json::value> then;  // the "then" operation's data, when it ran on `first`
  std::string shown;                // a containing match: what `first` shows (its name, text)
  // Why `first` is not the first in document order: "focused", "in the open list", "in the
  // open dialog", "in the open popup", "shown" or "enabled" (see preferredMatch in
  // 10_find.js); empty when it is.
  std::string chosen;
};

// The "then" operation's data from a find or ref result's data, when it ran.
std::optional<json::value> ThenData(const json::object& data) {
  const json::value* then = data.if_contains("then");
  if (then == nullptr) return std::nullopt;
  return *then;
}

absl::StatusOr<Found> FindIn(PageContext& page, const std::string& context,
                             const json::object& input, int depth) {
  ASSIGN_OR_RETURN(SandboxResult result, page.Sandbox(context, ops::kFind, input));
  const json::object* data = result.data.if_object();
  if (data == nullptr) return absl::InternalError("find returned no object");
  if (const json::value* error = data->if_contains("error"); error && error->is_object()) {
    const json::object& e = error->get_object();
    return HelperError(e.contains("code") && e.at("code").is_string()
                           ? std::string(e.at("code").get_string())
                           : std::string(FrameErrorName(kInvalidArgument)),
                       absl::StrCat(ToAbsl(page.method()), ": ",
                                    e.contains("message") && e.at("message").is_string()
                                        ? std::string(e.at("message").get_string())
                                        : std::string("bad target")));
  }
  Found found;
  const json::value* count = data->if_contains("count");
  found.count = count != nullptr && count->is_int64() ? count->get_int64() : 0;
  const json::value* inert = data->if_contains("inert");
  found.inert = inert != nullptr && inert->is_int64() ? inert->get_int64() : 0;
  const json::value* hidden = data->if_contains("hidden");
  found.hidden = hidden != nullptr && hidden->is_int64() ? hidden->get_int64() : 0;
  if (const json::value* first = data->if_contains("hiddenFirst"); first && first->is_string()) {
    found.hidden_first = std::string(first->get_string());
    found.hidden_keys_field = BoolAt(*data, "hiddenKeysField");
  }
  found.select_option = std::string(StringAt(*data, "selectOption"));
  if (found.count > 0 && !result.nodes.empty()) {
    found.first = result.nodes[0];
    found.first_context = context;
    found.then = ThenData(*data);
    found.shown = std::string(StringAt(*data, "shown"));
    found.chosen = std::string(StringAt(*data, "chosen"));
  }
  const json::value* frames = data->if_contains("frames");
  if (frames == nullptr || !frames->is_array() || depth >= kMaxFrameDepth) return found;
  bool first_is_local = found.first.has_value();
  // Whether the match to take is known: the first in document order, or one preferred here.
  bool decided = !found.chosen.empty();
  // Iframes that cannot hold the first match are only counted: the "then" operation (a fill,
  // a focus) must not run on their matches.
  json::object count_only = input;
  count_only.erase("then");
  count_only.erase("thenInput");
  for (std::size_t i = 0; i < frames->get_array().size() && i < result.windows.size(); ++i) {
    if (result.windows[i].empty()) continue;
    const json::value* before = frames->get_array()[i].if_object()
                                    ? frames->get_array()[i].get_object().if_contains("before")
                                    : nullptr;
    const bool ahead_of_local = before != nullptr && before->is_int64() && before->get_int64() == 0;
    const bool may_hold_first = !decided && (ahead_of_local || !first_is_local);
    absl::StatusOr<Found> inner =
        FindIn(page, result.windows[i], may_hold_first ? input : count_only, depth + 1);
    if (!inner.ok()) {
      // An iframe whose document cannot be searched (gone, not loaded) has no matches; a bad
      // target or a lost browser is the whole search's failure.
      if (IsHelperError(inner.status(), kNoSuchFrame)) continue;
      return inner.status();
    }
    found.count += inner->count;
    found.inert += inner->inert;
    found.hidden += inner->hidden;
    if (found.hidden_first.empty()) {
      found.hidden_first = std::move(inner->hidden_first);
      found.hidden_keys_field = inner->hidden_keys_field;
    }
    if (found.select_option.empty()) found.select_option = std::move(inner->select_option);
    if (decided || inner->count == 0) continue;
    if (ahead_of_local || !first_is_local) {
      found.first = std::move(inner->first);
      found.first_context = std::move(inner->first_context);
      found.then = std::move(inner->then);
      found.shown = std::move(inner->shown);
      found.chosen = std::move(inner->chosen);
      first_is_local = false;
      decided = true;
    } else {
      decided = true;  // the local first match comes before this and every later iframe
    }
  }
  return found;
}

ResolvedTarget FromNode(std::string context, const json::object& node, std::uint64_t matches,
                        std::optional<json::value> then) {
  ResolvedTarget out;
  out.then = std::move(then);
  out.context = std::move(context);
  if (const json::value* id = node.if_contains("sharedId"); id && id->is_string()) {
    out.shared_id = std::string(id->get_string());
  }
  out.argument = json::object{{"sharedId", out.shared_id}};
  out.matches = matches;
  return out;
}

absl::Status Stale(PageContext& page, const Target& target, std::string_view why) {
  return HelperError(kStaleRef,
                     absl::StrCat(ToAbsl(page.method()), ": ref ", target.value, " ", ToAbsl(why),
                                  "; take a new page.snapshot and use its refs"));
}

absl::StatusOr<ResolvedTarget> ResolveRef(PageContext& page, const Target& target,
                                          json::object input) {
  const std::optional<std::string> context = page.state().refs.ContextOf(target.value);
  if (!context) {
    if (!RefRegistry::Number(target.value)) {
      return HelperError(kInvalidArgument, absl::StrCat(ToAbsl(page.method()),
                                                        ": \"ref\" is a name from page.snapshot or "
                                                        "page.eval such as \"e12\", got ",
                                                        Quoted(target.value)));
    }
    return Stale(page, target, "is not known in this browser");
  }
  input["ref"] = target.value;
  absl::StatusOr<SandboxResult> result = page.Sandbox(*context, ops::kRef, input);
  if (!result.ok()) {
    if (IsHelperError(result.status(), kNoSuchFrame)) {
      return Stale(page, target, "belonged to a frame or tab that is gone");
    }
    return result.status();
  }
  const json::object* data = result->data.if_object();
  const json::value* stale = data != nullptr ? data->if_contains("stale") : nullptr;
  if (const json::value* redrawn = data != nullptr ? data->if_contains("redrawn") : nullptr;
      redrawn != nullptr && redrawn->is_object()) {
    const json::object& texts = redrawn->get_object();
    const std::string shows =
        absl::StrCat("now shows ", json::serialize(texts.at("now")), " where the snapshot showed ",
                     json::serialize(texts.at("was")));
    if (BoolAt(texts, "row")) {
      return Stale(page, target,
                   absl::StrCat("is in a table row that ", shows,
                                ": the page drew another row there (a table that reuses its "
                                "rows as they scroll or are sorted)"));
    }
    return Stale(page, target,
                 absl::StrCat(shows,
                              ": the page drew another item in its element (a list or grid that "
                              "reuses its rows as they scroll or are sorted)"));
  }
  if (stale == nullptr || !stale->is_bool() || stale->get_bool() || result->nodes.empty()) {
    return Stale(page, target,
                 "no longer exists: its element was removed or the page navigated since the "
                 "snapshot");
  }
  return FromNode(*context, result->nodes[0], 1, ThenData(*data));
}

// ResolveTarget, with `input` holding the "then" operation when one is asked for.
absl::StatusOr<ResolvedTarget> Resolve(PageContext& page, std::string_view tab,
                                       const Target& target, const ResolveOptions& options,
                                       json::object input) {
  if (target.kind == Target::Kind::kRef) return ResolveRef(page, target, std::move(input));
  input["visible"] = options.visible_only;
  switch (target.kind) {
    case Target::Kind::kCss:
      input["css"] = target.value;
      break;
    case Target::Kind::kText:
      input["text"] = target.value;
      break;
    default:
      input["role"] = target.value;
      if (target.name) input["name"] = *target.name;
      break;
  }
  const std::string context(tab);
  Found found;
  if (target.kind == Target::Kind::kCss) {
    ASSIGN_OR_RETURN(found, FindIn(page, context, input, 0));
  } else {
    // Exact text (or name) first, anywhere in the tab; else containing it.
    input["mode"] = "exact";
    ASSIGN_OR_RETURN(found, FindIn(page, context, input, 0));
    if (found.count == 0 && (target.kind == Target::Kind::kText || target.name)) {
      input["mode"] = "contains";
      ASSIGN_OR_RETURN(found, FindIn(page, context, input, 0));
    }
    // No text on screen holds it, but an element is named so, whole: the snapshot's line
    // (`link "Next"`, drawn as "›") a model read it from; the result says which ("matched").
    if (found.count == 0 && target.kind == Target::Kind::kText) {
      input["mode"] = "named";
      ASSIGN_OR_RETURN(Found named, FindIn(page, context, input, 0));
      if (named.count > 0) found = std::move(named);
    }
  }
  if (found.count == 0 && found.inert > 0) {
    return HelperError(
        kNoSuchElement,
        absl::StrCat(ToAbsl(page.method()), ": no visible element matches ", target.Describe(),
                     "; ", found.inert, found.inert == 1 ? " match lies" : " matches lie",
                     " in content the page has made inert or hidden (the snapshot leaves it "
                     "out), as pages do while a menu, a listbox or a modal dialog is open: "
                     "close that first (e.g. page.press Escape), or act inside it"));
  }
  if (found.count == 0 && !found.select_option.empty()) {
    return HelperError(kNoSuchElement,
                       absl::StrCat(ToAbsl(page.method()), ": no visible element matches ",
                                    target.Describe(), "; ", found.select_option));
  }
  if (found.count == 0 && found.hidden > 0) {
    return HelperError(
        kNoSuchElement,
        absl::StrCat(ToAbsl(page.method()), ": no visible element matches ", target.Describe(),
                     "; ", found.hidden, found.hidden == 1 ? " match is" : " matches are",
                     " hidden now (the first: ", found.hidden_first, "): ",
                     found.hidden_keys_field
                         ? "it is the field a code editor takes its keys through, which no "
                           "user sees: click the editor's text (page.click), then page.press "
                           "Control+a and page.type the new text"
                         : "what a page shows on hover or once its menu opens appears after a "
                           "page.hover or page.click on what holds it; else page.waitFor it"));
  }
  if (found.count == 0 || !found.first) {
    return HelperError(
        kNoSuchElement,
        absl::StrCat(ToAbsl(page.method()), ": no ", options.visible_only ? "visible " : "",
                     "element matches ", target.Describe(),
                     "; check the target, or take a page.snapshot to see what "
                     "the page shows (content that appears later: page.waitFor it first)"));
  }
  ResolvedTarget resolved =
      FromNode(found.first_context, *found.first, found.count, std::move(found.then));
  resolved.contained = std::move(found.shown);
  resolved.chosen = std::move(found.chosen);
  return resolved;
}

// A target given as a bare string ("target": "e5"): a ref, the one kind a string cannot be
// mistaken for; any other string is an error that shows the object forms.
absl::StatusOr<Target> RefString(std::string_view method, std::string_view key,
                                 std::string_view value) {
  if (RefRegistry::Number(value))
    return Target{Target::Kind::kRef, std::string(value), std::nullopt};
  return HelperError(
      kInvalidArgument,
      absl::StrCat(ToAbsl(method), ": \"", ToAbsl(key),
                   "\" as a string is a ref from page.snapshot such as \"e5\", got ", Quoted(value),
                   "; for text or a role give an object: {\"text\": ", Quoted(value),
                   "} or {\"role\": \"button\", \"name\": ", Quoted(value), "}"));
}

// Which of several matches was taken, as a message says it.
std::string_view TakenMatch(const ResolvedTarget& element) {
  if (element.chosen == "focused") return "focused one";
  if (element.chosen == "shown") return "first shown one";
  if (element.chosen == "in the open list") return "one in the open list";
  if (element.chosen == "in the open popup") return "one in the open popup";
  if (element.chosen == "enabled") return "first enabled one";
  return element.chosen.empty() ? "first" : "one in the open dialog";
}

}  // namespace

std::string Target::Describe() const {
  switch (kind) {
    case Kind::kRef:
      return absl::StrCat("ref ", value);
    case Kind::kCss:
      return absl::StrCat("css ", Quoted(value));
    case Kind::kText:
      return absl::StrCat("text ", Quoted(value));
    case Kind::kRole:
      return absl::StrCat("role ", Quoted(value),
                          name ? absl::StrCat(" named ", Quoted(*name)) : std::string());
  }
  return value;
}

absl::StatusOr<std::optional<Target>> ParseTarget(std::string_view method,
                                                  const json::object& params) {
  // The same keys in a "target" object, as the helpers' signatures ({target, ...}) read.
  if (const json::value* nested = params.if_contains("target")) {
    const json::object* object = nested->if_object();
    const bool flat = std::any_of(std::begin(kTargetKeys), std::end(kTargetKeys),
                                  [&](std::string_view key) { return params.contains(key); });
    if (nested->is_string() && !flat) return RefString(method, "target", nested->get_string());
    const bool known =
        object != nullptr && std::all_of(object->begin(), object->end(), [](const auto& member) {
          return std::find(std::begin(kTargetKeys), std::end(kTargetKeys), member.key()) !=
                 std::end(kTargetKeys);
        });
    if (flat) {
      return HelperError(kInvalidArgument,
                         absl::StrCat(ToAbsl(method),
                                      ": give the target either flat (\"ref\": \"e5\") or as "
                                      "\"target\": an object of those keys, such as {\"ref\": "
                                      "\"e5\"} or {\"role\": \"button\", \"name\": \"Save\"}; "
                                      "not both"));
    }
    if (!known) {
      return HelperError(kInvalidArgument,
                         absl::StrCat(ToAbsl(method),
                                      ": \"target\" is a ref (\"e5\") or an object of the keys "
                                      "\"ref\", \"css\", \"text\", \"role\" and \"name\", such as "
                                      "{\"role\": \"button\", \"name\": \"Save\"}; got ",
                                      json::serialize(*nested)));
    }
    return ParseTarget(method, *object);
  }
  std::optional<Target> target;
  auto take = [&](std::string_view key, Target::Kind kind) -> absl::Status {
    ASSIGN_OR_RETURN(std::optional<std::string> value, StringParam(method, params, key));
    if (!value) return absl::OkStatus();
    if (target) {
      return HelperError(kInvalidArgument,
                         absl::StrCat(ToAbsl(method),
                                      " takes one target: exactly one of \"ref\", \"css\", "
                                      "\"text\" or \"role\" (with \"name\")"));
    }
    target = Target{kind, std::move(*value), std::nullopt};
    return absl::OkStatus();
  };
  RETURN_IF_ERROR(take("ref", Target::Kind::kRef));
  RETURN_IF_ERROR(take("css", Target::Kind::kCss));
  RETURN_IF_ERROR(take("text", Target::Kind::kText));
  RETURN_IF_ERROR(take("role", Target::Kind::kRole));
  ASSIGN_OR_RETURN(std::optional<std::string> name, StringParam(method, params, "name"));
  if (name) {
    if (!target || target->kind != Target::Kind::kRole) {
      // The role is the word page.snapshot writes before the name; the example says so with
      // the model's own name.
      const std::string example = json::serialize(json::string(*name));
      return HelperError(kInvalidArgument,
                         absl::StrCat(ToAbsl(method),
                                      ": \"name\" goes with \"role\", the word page.snapshot "
                                      "shows before the name: {\"role\": \"button\", "
                                      "\"name\": ",
                                      example, "} for the line button ", example));
    }
    target->name = std::move(name);
  }
  if (target && absl::StripAsciiWhitespace(target->value).empty()) {
    return HelperError(kInvalidArgument, absl::StrCat(ToAbsl(method), ": the target ",
                                                      target->Describe(), " is empty"));
  }
  return target;
}

absl::StatusOr<ResolvedTarget> ResolveTarget(PageContext& page, std::string_view tab,
                                             const Target& target, const ResolveOptions& options) {
  return Resolve(page, tab, target, options, json::object{});
}

absl::StatusOr<Target> RequireTarget(std::string_view method, const json::object& params) {
  ASSIGN_OR_RETURN(std::optional<Target> target, ParseTarget(method, params));
  if (!target) {
    return HelperError(kInvalidArgument,
                       absl::StrCat(ToAbsl(method),
                                    " needs a target: \"ref\" (from page.snapshot), \"css\", "
                                    "\"text\", or \"role\" with \"name\""));
  }
  return std::move(*target);
}

absl::StatusOr<Target> NestedTarget(std::string_view method, const json::object& params,
                                    std::string_view key) {
  const json::value* value = params.if_contains(key);
  if (value != nullptr && value->is_string()) return RefString(method, key, value->get_string());
  const json::object* object = value != nullptr ? value->if_object() : nullptr;
  std::optional<Target> target;
  if (object != nullptr) {
    ASSIGN_OR_RETURN(target, ParseTarget(absl::StrCat(ToAbsl(method), " ", ToAbsl(key)), *object));
  }
  if (!target) {
    return HelperError(kInvalidArgument,
                       absl::StrCat(ToAbsl(method), ": \"", ToAbsl(key),
                                    "\" takes a target such as "
                                    "{\"text\": \"Row 50\"} or {\"css\": \"#end\"}"));
  }
  return std::move(*target);
}

absl::StatusOr<ActedTarget> ActOnTarget(PageContext& page, std::string_view tab,
                                        const Target& target, const PageOp& op,
                                        const json::object& op_input,
                                        const ResolveOptions& options) {
  // The "then" operation's input: find's own check does not look inside it.
  RETURN_IF_ERROR(CheckOpInput(op, op_input));
  json::object input{{"then", op.name()}, {"thenInput", op_input}};
  ASSIGN_OR_RETURN(ResolvedTarget element, Resolve(page, tab, target, options, std::move(input)));
  ActedTarget out;
  if (element.then) {
    out.data = std::move(*element.then);
  } else {
    // The first match lies in an iframe searched after the document that ran the operation.
    ASSIGN_OR_RETURN(SandboxResult done,
                     page.Sandbox(element.context, op, op_input, {element.argument}));
    out.data = std::move(done.data);
  }
  element.then.reset();
  NoteFirstOfMatches(element, out.data);
  out.element = std::move(element);
  return out;
}

void NoteMatches(const ResolvedTarget& element, json::object& result, std::string_view prefix) {
  if (element.matches > 1) result[absl::StrCat(ToAbsl(prefix), "matches")] = element.matches;
  if (!element.contained.empty())
    result[absl::StrCat(ToAbsl(prefix), "matched")] = element.contained;
  if (!element.chosen.empty()) result[absl::StrCat(ToAbsl(prefix), "chosen")] = element.chosen;
}

void NoteFirstOfMatches(const ResolvedTarget& element, json::value& data) {
  json::object* o = data.if_object();
  if (element.matches <= 1 || o == nullptr || !o->contains("error")) return;
  if (json::string* message = (*o)["message"].if_string(); message != nullptr) {
    message->append(absl::StrCat(" (the ", ToAbsl(TakenMatch(element)), " of the ", element.matches,
                                 " elements the target matches; the ref of another, from "
                                 "page.snapshot, acts on that one)"));
  }
}

}  // namespace firefox_bidi::page
