#include "page/help_text.h"

#include <algorithm>

#include "page/helper_registry.h"

namespace firefox_bidi::page {
namespace {

constexpr std::string_view kTarget =
    R"~(one of "ref": "e12" (from page.snapshot or page.eval), "css": "form .submit", "text": "Sign in" (visible text: exact match first, else contains; "/^Sign/i" is a regex), or "role": "button" with "name": "Sign in" (or a regex), flat in params or as "target": {"ref": "e12"} ("target": "e12" for a ref); sees into open shadow roots and iframes)~";

// clang-format off
constexpr std::string_view kOverview =
    R"~(Page helpers: frames whose method starts with "page." act on the current tab (all also take "tab": ID for another tab). They take label, pick, silent and timeout_ms like any frame, and their params may hold <<label.path>> references. Waiting helpers also take "timeout_ms" in params: their bound within the frame's.

Targets: helpers that act on an element take )~";

constexpr std::string_view kOverviewTail =
    R"~(. No visible match: error "no such element" (content that comes later: page.waitFor it); several: the focused field, else one in the focused dialog, else the first; the result says "matches": N. A ref dies with its element (error "stale ref": take a new snapshot).

Dialogs: alerts, confirms and prompts stay open; every helper result carries "dialog": {"type","message"} until page.dialog answers it.

Raw WebDriver BiDi: any other method is sent to Firefox as is; "<<tab>>" is the current tab's context id, e.g. {"method":"script.evaluate","params":{"expression":"1+1","target":{"context":"<<tab>>"},"awaitPromise":false}}.

)~";
// clang-format on

// "  KEY: HELP" for each documented parameter, then the spec's note. `whole`: for the whole
// reference, whose overview explains kTimeoutParam once and which leaves the notes out.
std::string ParamLines(const HelperSpec& spec, bool whole) {
  std::string out;
  for (const Param& param : spec.params) {
    if (param.help.empty()) continue;  // documented on the line before
    if (whole && param.key == kTimeoutParam.key) continue;
    if (!out.empty()) out.append("\n");
    out.append("  ").append(param.label.empty() ? param.key : param.label).append(": ");
    out.append(param.help);
  }
  // (The whole reference stays inline, within max_inline_bytes.)
  if (!whole && !spec.params_note.empty()) out.append("\n").append(spec.params_note);
  return out;
}

bool TakesTarget(const HelperSpec& spec) {
  return std::any_of(spec.params.begin(), spec.params.end(),
                     [](const Param& p) { return p.type == ParamType::kTarget; });
}

// A markdown table cell: "|" would end it.
std::string Cell(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c == '|') out.push_back('\\');
    out.push_back(c);
  }
  return out;
}

}  // namespace

std::string HelperSynopsisLines() {
  std::string out;
  for (const HelperSpec& spec : Helpers()) {
    out.append("- ").append(spec.method).append(" ").append(spec.synopsis).append("\n");
  }
  return out;
}

std::string HelperReferenceTable() {
  std::string out = "| method | what it does | params | result |\n|---|---|---|---|\n";
  for (const HelperSpec& spec : Helpers()) {
    std::string params;
    for (const Param& param : spec.params) {
      if (!params.empty()) params.append(", ");
      params.append("`").append(param.key).append("` (").append(ParamTypeName(param.type));
      if (!param.default_value.empty()) {
        params.append(", default `").append(param.default_value).append("`");
      }
      params.append(")");
    }
    const std::string_view synopsis = spec.synopsis;
    const size_t arrow = synopsis.find(" -> ");
    const std::string_view result =
        arrow == std::string_view::npos ? synopsis : synopsis.substr(arrow + 4);
    out.append("| `").append(spec.method).append("` | ").append(Cell(spec.summary));
    out.append(" | ").append(Cell(params)).append(" | ").append(Cell(result)).append(" |\n");
  }
  return out;
}

std::optional<std::string> HelpText(std::string_view method) {
  std::string out;
  if (method.empty()) {
    out.append(kOverview).append(kTarget).append(kOverviewTail);
    for (const HelperSpec& spec : Helpers()) {
      out.append(spec.method).append(" ").append(spec.synopsis).append("\n");
      out.append(ParamLines(spec, true)).append("\n");
    }
    out.append(
        "\nparams marked ? are optional. page.help {\"method\": NAME} gives one helper in full: "
        "its notes, result, errors and an example.");
    return out;
  }
  const HelperSpec* spec = FindHelper(method);
  if (spec == nullptr) return std::nullopt;
  out.append(spec->method).append(" ").append(spec->synopsis).append("\n");
  out.append(spec->summary).append("\n");
  out.append("params:\n").append(ParamLines(*spec, false)).append("\n");
  if (TakesTarget(*spec)) out.append("A target is ").append(kTarget).append(".\n");
  out.append("result: ").append(spec->result).append("\n");
  out.append("errors: ").append(spec->errors).append("\n");
  out.append("example:\n").append(spec->example);
  return out;
}

}  // namespace firefox_bidi::page
