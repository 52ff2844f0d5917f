// page.find: text (or a "/PATTERN/FLAGS" regex), context? -> the snapshot's outline lines of
// each match, with the lines above it on its path from the page's root and its neighbours.
#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/string.hpp>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"
#include "page/helper_error.h"
#include "page/helpers/helpers.h"
#include "page/helpers/snapshot.h"
#include "page/targets.h"

namespace firefox_bidi::page {
namespace json = boost::json;
namespace {

constexpr char kMethod[] = "page.find";
constexpr std::int64_t kDefaultContext = 2;
constexpr std::size_t kMaxMatches = 20;

// A line's depth: its indentation, two spaces a level.
std::size_t DepthOf(std::string_view line) { return line.find_first_not_of(' ') / 2; }

// The answer when no line of the outline matches `text`: text the page draws but hides from
// the accessibility tree (aria-hidden: a calendar's hour labels) is left out of the outline,
// yet shown, read by page.text and reached by a text target, which names its element.
absl::StatusOr<json::value> NoLineMatches(PageContext& page, std::string_view tab,
                                          const std::string& text) {
  const std::string quoted = json::serialize(json::string(text));
  absl::StatusOr<ResolvedTarget> shown =
      ResolveTarget(page, tab, Target{.kind = Target::Kind::kText, .value = text});
  if (!shown.ok()) {
    if (!IsHelperError(shown.status(), kNoSuchElement)) return shown.status();
    return json::value(absl::StrCat("[no match for ", quoted, " on the page]"));
  }
  ASSIGN_OR_RETURN(const SandboxResult named,
                   page.Sandbox(shown->context, ops::kDescribe, {}, {shown->argument}));
  const json::value& node = named.data.as_object().at("nodes").as_array().at(0);
  std::string element = "an element";
  if (node.is_object()) {
    const json::object& o = node.as_object();
    element = absl::StrCat(ToAbsl(o.at("tag").as_string()), " ", json::serialize(o.at("text")));
    if (o.at("ref").is_string())
      absl::StrAppend(&element, " [ref=", ToAbsl(o.at("ref").as_string()), "]");
  }
  return json::value(absl::StrCat("[no line of the outline matches ", quoted, ": it is in ",
                                  element,
                                  ", text the page shows but hides from the accessibility tree "
                                  "(aria-hidden); page.text reads it and a text target acts on "
                                  "it]"));
}

absl::StatusOr<json::value> Run(PageContext& page, const json::object& params) {
  ASSIGN_OR_RETURN(std::optional<std::string> text, StringParam(kMethod, params, "text"));
  if (!text || text->empty()) {
    return HelperError(kInvalidArgument,
                       absl::StrCat(kMethod,
                                    " needs \"text\": the text to look for, e.g. \"Total\", or "
                                    "a regex written \"/PATTERN/FLAGS\", e.g. \"/^total/i\""));
  }
  ASSIGN_OR_RETURN(std::optional<std::int64_t> context_param,
                   IntParam(kMethod, params, "context", 0, 50));
  const std::size_t context = static_cast<std::size_t>(context_param.value_or(kDefaultContext));
  ASSIGN_OR_RETURN(const std::string tab, page.Tab(params));
  ASSIGN_OR_RETURN(const OutlineLines outline,
                   Outline(page, tab, {}, 0, /*viewport_only=*/false, nullptr, 0, *text));
  const std::vector<std::string>& lines = outline.lines;
  std::vector<std::size_t> matches;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (outline.matched[i]) matches.push_back(i);
  }
  // No match is an answer, not a failure: the batch goes on.
  if (matches.empty()) return NoLineMatches(page, tab, *text);
  std::set<std::size_t> shown;
  const std::size_t reported = std::min(matches.size(), kMaxMatches);
  for (std::size_t m = 0; m < reported; ++m) {
    const std::size_t at = matches[m];
    // Its path: each line above it that is less indented than the last one taken.
    std::size_t depth = DepthOf(lines[at]);
    for (std::size_t k = at; k-- > 0 && depth > 0;) {
      if (const std::size_t d = DepthOf(lines[k]); d < depth) {
        shown.insert(k);
        depth = d;
      }
    }
    const std::size_t first = at >= context ? at - context : 0;
    const std::size_t last = std::min(lines.size() - 1, at + context);
    for (std::size_t k = first; k <= last; ++k) shown.insert(k);
  }
  std::vector<std::string> out;
  std::optional<std::size_t> previous;
  for (const std::size_t k : shown) {
    if (previous && k != *previous + 1) out.emplace_back("...");
    out.emplace_back(lines[k]);
    previous = k;
  }
  std::string result = absl::StrJoin(out, "\n");
  if (matches.size() > reported) {
    absl::StrAppend(&result, "\n[", matches.size() - reported,
                    " more matches not shown; give a longer text or a regex]");
  }
  return json::value(std::move(result));
}

constexpr Param kParams[] = {
    {.key = "text",
     .type = ParamType::kString,
     .help =
         R"~(found in a line's name, value or #id/.class hint, ignoring case; "/PATTERN/FLAGS" is a regex)~"},
    {.key = "context",
     .type = ParamType::kInteger,
     .default_value = "2",
     .help = "lines shown before and after each match (default 2, at most 50)"},
};

constexpr PageOp kOps[] = {ops::kSnapshot, ops::kDescribe};

}  // namespace

const HelperSpec& FindHelper() {
  static const HelperSpec spec{
      .method = kMethod,
      .synopsis = R"~({text, context?} -> matching outline lines with their path)~",
      .summary =
          "Finds text in the page's outline (page.snapshot's lines, refs included) and shows each "
          "matching line with the lines above it on its path from the page's root (landmarks, "
          "lists, headings that hold it) and its neighbours.",
      .params = kParams,
      .ops = kOps,
      .params_note =
          R"~(A line matches when its name, value or #id/.class hint (an unnamed element's) holds the text. Lines left out between the shown ones are one "..." line. The first 20 matches are shown, then a line says how many more there are. No match is no error: the result is the one line [no match for "TEXT" on the page].)~",
      .result = R"~(a string, e.g.
- main
  - table "Orders"
    ...
    - row "Total | 42 EUR"
  - button "Pay" [ref=e9])~",
      .errors = R"~("invalid argument" (no text, an invalid regex))~",
      .example =
          R"~({"frames":[{"method":"page.goto","params":{"url":"data:text/html,<main><h1>Cart</h1><p>Tea</p><p>Total: 42 EUR</p><button>Pay</button></main>"},"silent":true},{"method":"page.find","params":{"text":"total"}}]})~",
      .file = ResultFile::kText,
      .run = &Run,
  };
  return spec;
}

}  // namespace firefox_bidi::page
