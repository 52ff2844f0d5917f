// page.snapshot: the text outline of the tab (or of a root element), iframes included.
#include "page/helpers/snapshot.h"

#include <algorithm>
#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>
#include <chrono>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"
#include "page/helper_error.h"
#include "page/helpers/helpers.h"
#include "page/targets.h"

namespace firefox_bidi::page {
namespace json = boost::json;
namespace {

constexpr char kMethod[] = "page.snapshot";
constexpr std::int64_t kDefaultMaxLines = 300;
// A page that holds elements but shows none of them (components that upgrade a moment after
// the load event, as Ionic's do) is looked at again every kUnshownPoll, for up to
// kUnshownGrace, before it is called empty.
constexpr std::chrono::milliseconds kUnshownGrace{1000};
constexpr std::chrono::milliseconds kUnshownPoll{50};

}  // namespace

absl::StatusOr<OutlineLines> Outline(PageContext& page, const std::string& context,
                                     const std::vector<json::value>& root, std::int64_t depth,
                                     bool viewport_only, const json::value* clip, int frame_depth,
                                     const std::optional<std::string>& match) {
  json::object input{{"depth", depth}, {"viewport_only", viewport_only}};
  if (clip != nullptr) input["clip"] = *clip;
  if (match) input["match"] = *match;
  ASSIGN_OR_RETURN(SandboxResult result, page.Sandbox(context, ops::kSnapshot, input, root));
  OutlineLines out;
  std::vector<std::string>& lines = out.lines;
  std::vector<bool>& matched = out.matched;
  const json::object* data = result.data.if_object();
  if (data == nullptr) return absl::InternalError("snapshot returned no object");
  if (const json::value* error = data->if_contains("error"); error && error->is_object()) {
    const json::value* code = error->get_object().if_contains("code");
    const json::value* message = error->get_object().if_contains("message");
    return HelperError(
        StringIs(code, FrameErrorName(kInvalidArgument)) ? kInvalidArgument : kJavascriptError,
        absl::StrCat(ToAbsl(page.method()), ": ",
                     message != nullptr && message->is_string()
                         ? std::string(message->get_string())
                         : std::string("the outline failed")));
  }
  if (const json::value* list = data->if_contains("lines"); list && list->is_array()) {
    for (const json::value& line : list->get_array()) {
      if (line.is_string()) lines.emplace_back(line.get_string());
    }
  }
  matched.assign(lines.size(), false);
  if (const json::value* unshown = data->if_contains("unshown"); unshown && unshown->is_bool()) {
    out.unshown = unshown->get_bool();
  }
  if (const json::value* list = data->if_contains("matched"); list && list->is_array()) {
    for (const json::value& index : list->get_array()) {
      if (index.is_int64() && index.get_int64() >= 0 &&
          static_cast<std::size_t>(index.get_int64()) < matched.size()) {
        matched[static_cast<std::size_t>(index.get_int64())] = true;
      }
    }
  }
  const json::value* frames = data->if_contains("frames");
  if (frames == nullptr || !frames->is_array() || frame_depth >= kMaxFrameDepth) return out;
  // In document order, so that refs inside iframes are named in the order they appear; each
  // splice moves the later positions down by the lines it added.
  const json::array& list = frames->get_array();
  std::size_t added = 0;
  for (std::size_t k = 0; k < std::min(list.size(), result.windows.size()); ++k) {
    const json::object* frame = list[k].if_object();
    if (frame == nullptr || result.windows[k].empty()) continue;
    const json::value* after = frame->if_contains("after");
    const json::value* inner_depth = frame->if_contains("depth");
    if (after == nullptr || !after->is_int64() || inner_depth == nullptr ||
        !inner_depth->is_int64()) {
      continue;
    }
    const json::value* clip = frame->if_contains("clip");
    absl::StatusOr<OutlineLines> inner =
        Outline(page, result.windows[k], {}, inner_depth->get_int64(), viewport_only,
                clip != nullptr && clip->is_object() ? clip : nullptr, frame_depth + 1, match);
    if (!inner.ok()) {
      if (IsHelperError(inner.status(), kNoSuchFrame)) continue;  // gone meanwhile
      return inner.status();
    }
    const std::size_t at = std::min<std::size_t>(
        static_cast<std::size_t>(after->get_int64()) + 1 + added, lines.size());
    lines.insert(lines.begin() + at, inner->lines.begin(), inner->lines.end());
    matched.insert(matched.begin() + static_cast<std::ptrdiff_t>(at), inner->matched.begin(),
                   inner->matched.end());
    added += inner->lines.size();
  }
  return out;
}

namespace {

// Appends to `path` the browsing contexts from getTree's `context` down to `to`; false (and
// `path` as it was) when `to` is not at or below it.
bool PathTo(const json::value& context, const std::string& to, std::vector<std::string>& path) {
  const json::object* object = context.if_object();
  const json::value* id = object != nullptr ? object->if_contains("context") : nullptr;
  if (id == nullptr || !id->is_string()) return false;
  path.emplace_back(id->get_string());
  if (id->get_string() == to) return true;
  if (const json::value* children = object->if_contains("children");
      children != nullptr && children->is_array()) {
    for (const json::value& child : children->get_array()) {
      if (PathTo(child, to, path)) return true;
    }
  }
  path.pop_back();
  return false;
}

// With viewport_only and a root inside an iframe (`context` below `tab`): the part of that
// iframe's viewport the top-level viewport shows, measured down its chain of parents (an
// empty clip when an iframe on the way is off screen).
absl::StatusOr<json::value> RootClip(PageContext& page, const std::string& tab,
                                     const std::string& context) {
  ASSIGN_OR_RETURN(json::value tree,
                   page.Command("browsingContext.getTree", json::object{{"root", tab}}));
  std::vector<std::string> path;
  const json::object* object = tree.if_object();
  const json::value* contexts = object != nullptr ? object->if_contains("contexts") : nullptr;
  if (contexts != nullptr && contexts->is_array()) {
    for (const json::value& top : contexts->get_array()) {
      if (PathTo(top, context, path)) break;
    }
  }
  const json::value kNothingShown =
      json::object{{"left", 0}, {"top", 0}, {"right", 0}, {"bottom", 0}};
  json::value clip;  // null: the whole viewport (the tab's own)
  for (std::size_t i = 0; i + 1 < path.size(); ++i) {
    json::object input;
    if (!clip.is_null()) input["clip"] = clip;
    ASSIGN_OR_RETURN(SandboxResult frames, page.Sandbox(path[i], ops::kFrameClips, input));
    const json::object* data = frames.data.if_object();
    const json::value* clips = data != nullptr ? data->if_contains("clips") : nullptr;
    std::size_t k = 0;
    while (k < frames.windows.size() && frames.windows[k] != path[i + 1]) ++k;
    if (clips == nullptr || !clips->is_array() || k >= clips->get_array().size() ||
        !clips->get_array()[k].is_object()) {
      return kNothingShown;
    }
    clip = clips->get_array()[k];
  }
  return clip;
}

// The target as the model wrote it: {"css":"button"}, {"role":"button","name":"Go"}.
std::string TargetJson(const Target& target) {
  std::string_view key = "role";
  switch (target.kind) {
    case Target::Kind::kRef:
      key = "ref";
      break;
    case Target::Kind::kCss:
      key = "css";
      break;
    case Target::Kind::kText:
      key = "text";
      break;
    case Target::Kind::kRole:
      break;
  }
  json::object object{{key, target.value}};
  if (target.name) object["name"] = *target.name;
  return json::serialize(object);
}

// The root's element; a root that matches several is an error: which one was meant is not
// known, and outlining the first would hide that.
absl::StatusOr<ResolvedTarget> ResolveRoot(PageContext& page, const std::string& tab,
                                           const Target& target) {
  ASSIGN_OR_RETURN(ResolvedTarget resolved, ResolveTarget(page, tab, target));
  if (resolved.matches > 1) {
    return HelperError(
        kInvalidArgument,
        absl::StrCat(kMethod, ": root ", TargetJson(target), " matches ", resolved.matches,
                     " elements; give a root that matches one (a ref from a "
                     "page.snapshot, or a narrower target)"));
  }
  return resolved;
}

// A dialog among the outline's lines from `first` on (those max_lines leaves out) is what the
// page shows on top (a modal opened at the end of the document): "; among them an open dialog
// ...: page.snapshot {"root": ...} shows it", naming it by ref, else by role and name; "" when
// there is none.
std::string OpenDialogNote(const std::vector<std::string>& lines, std::size_t first) {
  for (std::size_t i = first; i < lines.size(); ++i) {
    std::string_view line = lines[i];
    line.remove_prefix(std::min(line.find_first_not_of(' '), line.size()));
    if (!line.starts_with("- dialog") && !line.starts_with("- alertdialog")) continue;
    line.remove_prefix(2);
    const std::string_view role = line.substr(0, line.find(' '));
    std::string root;
    if (const std::size_t ref = line.find("[ref="); ref != std::string_view::npos) {
      root = absl::StrCat("\"", ToAbsl(line.substr(ref + 5, line.find(']', ref) - ref - 5)), "\"");
    } else if (const std::size_t name = line.find(" \""); name == role.size()) {
      // The name as the line quotes it (JSON), up to its closing quote.
      std::size_t close = name + 2;
      while (close < line.size() && line[close] != '"') close += line[close] == '\\' ? 2 : 1;
      root = absl::StrCat("{\"role\": \"", ToAbsl(role),
                          "\", \"name\": ", ToAbsl(line.substr(name + 1, close - name)), "}");
    } else {
      root = absl::StrCat("{\"role\": \"", ToAbsl(role), "\"}");
    }
    return absl::StrCat("; among them an open ", ToAbsl(line.substr(0, line.find(" ["))),
                        ": page.snapshot {\"root\": ", root, "} shows it");
  }
  return "";
}

absl::StatusOr<json::value> Run(PageContext& page, const json::object& params) {
  ASSIGN_OR_RETURN(std::optional<std::int64_t> max_lines,
                   IntParam(kMethod, params, "max_lines", 1, 100000));
  ASSIGN_OR_RETURN(std::optional<bool> viewport_only, BoolParam(kMethod, params, "viewport_only"));
  ASSIGN_OR_RETURN(const std::string tab, page.Tab(params));
  std::string context = tab;
  std::vector<json::value> root;
  // The root as page.text takes its target: flat in params ({"css": "main"}).
  ASSIGN_OR_RETURN(std::optional<Target> flat, ParseTarget(kMethod, params));
  if (flat && params.contains("root")) {
    return HelperError(kInvalidArgument,
                       absl::StrCat(kMethod,
                                    " takes its root either as \"root\": {\"css\": \"main\"} "
                                    "or as \"css\": \"main\", not both"));
  }
  if (flat) {
    ASSIGN_OR_RETURN(ResolvedTarget resolved, ResolveRoot(page, tab, *flat));
    context = resolved.context;
    root.push_back(resolved.argument);
  } else if (const json::value* root_param = params.if_contains("root")) {
    const json::object* object = root_param->if_object();
    std::optional<Target> target;
    if (root_param->is_string()) {
      ASSIGN_OR_RETURN(target, NestedTarget(kMethod, params, "root"));  // a bare ref: "e5"
    } else if (object != nullptr) {
      ASSIGN_OR_RETURN(target, ParseTarget(kMethod, *object));
      if (target && (object->contains("root") || object->size() != (target->name ? 2u : 1u))) {
        target.reset();
      }
    }
    if (!target) {
      return HelperError(kInvalidArgument,
                         absl::StrCat(kMethod,
                                      ": \"root\" is a target object such as "
                                      "{\"ref\": \"e5\"} or {\"css\": \"main\"}"));
    }
    ASSIGN_OR_RETURN(ResolvedTarget resolved, ResolveRoot(page, tab, *target));
    context = resolved.context;
    root.push_back(resolved.argument);
  }
  json::value clip;
  if (viewport_only.value_or(false) && context != tab) {
    ASSIGN_OR_RETURN(clip, RootClip(page, tab, context));
  }
  auto outline_now = [&] {
    return Outline(page, context, root, 0, viewport_only.value_or(false),
                   clip.is_object() ? &clip : nullptr, 0, std::nullopt);
  };
  ASSIGN_OR_RETURN(OutlineLines outline, outline_now());
  if (outline.unshown && root.empty() && !viewport_only.value_or(false)) {
    const auto until =
        PageContext::Clock::now() + std::min(kUnshownGrace, page.Remaining() - kUnshownPoll);
    while (outline.lines.empty() && outline.unshown && PageContext::Clock::now() < until) {
      const auto next = PageContext::Clock::now() + kUnshownPoll;
      RETURN_IF_ERROR(page.AwaitFor(tab, kUnshownPoll, [] { return false; }).status());
      std::this_thread::sleep_until(next);  // a transport that cannot wait returns at once
      ASSIGN_OR_RETURN(outline, outline_now());
    }
  }
  std::vector<std::string>& lines = outline.lines;
  // An empty string would read as a failure; say what was seen.
  if (lines.empty()) {
    return json::value(root.empty() ? "[nothing visible on the page]"
                                    : "[nothing visible in the root]");
  }
  const std::size_t limit = static_cast<std::size_t>(max_lines.value_or(kDefaultMaxLines));
  if (lines.size() > limit) {
    const std::size_t left_out = lines.size() - limit;
    const std::string dialog = OpenDialogNote(lines, limit);
    lines.resize(limit);
    lines.push_back(absl::StrCat("[", left_out,
                                 " more lines left out; to see a part, give page.snapshot a "
                                 "\"root\" such as {\"ref\": \"e5\"} or {\"css\": \"main\"}",
                                 dialog, "]"));
  }
  return json::value(absl::StrJoin(lines, "\n"));
}

constexpr Param kParams[] = {
    {.key = "root",
     .type = ParamType::kTarget,
     .help =
         R"~(a target object ({"ref": "e5"}, {"css": "main"}, ...) or a bare ref ("e5") to outline only that part; or the target flat, as page.text takes it ("css": "main"))~"},
    {.key = "max_lines",
     .type = ParamType::kInteger,
     .default_value = "300",
     .help = "default 300; the last line then says how many lines were left out"},
    {.key = "viewport_only",
     .type = ParamType::kBoolean,
     .default_value = "false",
     .help = "true leaves out what is off screen (default false)"},
};

constexpr PageOp kOps[] = {ops::kSnapshot, ops::kFrameClips};

}  // namespace

const HelperSpec& SnapshotHelper() {
  static const HelperSpec spec{
      .method = kMethod,
      .synopsis =
          R"~({root?, max_lines?} -> outline with refs and states: - button "Buy" [ref=e4])~",
      .summary =
          "Describes the page as an indented outline, one line per meaningful element: role, name, "
          "ref, state.",
      .params = kParams,
      .ops = kOps,
      .result = R"~(a string, e.g.
- heading "Shop" level=1
- textbox "Qty" [ref=e3] value="1"
- button "Add to cart" [ref=e4]
Interactive elements carry a ref to use as a target; a ref stays the same across snapshots while its element exists. States: [active] (has the focus, or is the option its aria-activedescendant names), checked, mixed, pressed, selected, expanded, collapsed, disabled, required, invalid (the page or a refused submit says so), readonly, current, busy, sort=ascending|descending, modal, level=N, value="..." (lines apart as \n), min=N max=N (a slider's range); an unnamed element with a ref shows its id or class (#close-panel, .next-month). A table row is one line, its cells' text between " | ", with its buttons and links under it. Hidden elements are left out.)~",
      .errors =
          R"~("no such element" (root matched nothing), "invalid argument" (root matched several), "stale ref")~",
      .example =
          R"~({"frames":[{"method":"page.goto","params":{"url":"data:text/html,<h1>Shop</h1><label>Qty <input value=1></label><button>Add to cart</button>"},"silent":true},{"method":"page.snapshot"}]})~",
      .file = ResultFile::kText,
      .run = &Run,
  };
  return spec;
}

}  // namespace firefox_bidi::page
