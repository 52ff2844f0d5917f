// page.waitFor: one of text, css, role (with name), url; gone; timeout_ms -> {"url","title"},
// bounded by the frame's timeout_ms and kept up across navigations and reloads; or ms alone, a
// fixed wait.
#include <algorithm>
#include <boost/json/object.hpp>
#include <chrono>
#include <cstdint>
#include <thread>

#include "absl/strings/str_cat.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"
#include "page/helper_error.h"
#include "page/helpers/helpers.h"
#include "page/helpers/navigation.h"

namespace firefox_bidi::page {
namespace json = boost::json;
namespace {

constexpr char kMethod[] = "page.waitFor";
// The longest single wait inside the page: a document that goes away without a pagehide (a
// crashed or discarded one) costs at most this before the next document is asked.
constexpr std::chrono::milliseconds kSlice{2000};
// Kept back from the frame's deadline to report where the tab is when the wait times out.
constexpr std::chrono::milliseconds kReportMargin{150};

// The longest wait a param may ask for: the longest frame timeout.
constexpr std::int64_t kMaxWaitMs = 600000;

// page.waitFor {ms}: waits that long, within the frame's deadline; a dialog that opens meanwhile
// ends it with "dialog open".
absl::StatusOr<json::value> WaitFixed(PageContext& page, const json::object& params,
                                      std::chrono::milliseconds ms) {
  ASSIGN_OR_RETURN(const std::string tab, page.Tab(params));
  if (ms > page.Remaining() - kReportMargin) {
    return HelperError(
        kTimeout,
        absl::StrCat(kMethod, ": a wait of ", ms.count(), " ms does not fit in the frame's time (",
                     page.timeout().count(), " ms); raise the frame's timeout_ms"));
  }
  const auto until = PageContext::Clock::now() + ms;
  RETURN_IF_ERROR(page.AwaitFor(tab, ms, [] { return false; }).status());
  // A transport that cannot wait for events returns at once: the rest is slept.
  std::this_thread::sleep_until(until);
  ASSIGN_OR_RETURN(PageInfo info, GetPageInfo(page, tab));
  return UrlAndTitle(info);
}

absl::StatusOr<json::value> Run(PageContext& page, const json::object& params) {
  ASSIGN_OR_RETURN(const std::optional<std::int64_t> fixed_ms,
                   IntParam(kMethod, params, "ms", 0, kMaxWaitMs));
  if (fixed_ms.has_value()) {
    for (const std::string_view other :
         {"text", "css", "role", "name", "url", "gone", "timeout_ms"}) {
      if (params.contains(other)) {
        return HelperError(
            kInvalidArgument,
            absl::StrCat(kMethod, ": \"ms\" is a fixed wait and takes no \"", ToAbsl(other),
                         "\"; wait for a condition in another frame"));
      }
    }
    return WaitFixed(page, params, std::chrono::milliseconds(*fixed_ms));
  }
  std::string kind;
  std::string value;
  for (const std::string_view k : {"text", "css", "role", "url"}) {
    ASSIGN_OR_RETURN(std::optional<std::string> v, StringParam(kMethod, params, k));
    if (!v.has_value()) continue;
    if (!kind.empty()) {
      kind.clear();
      break;
    }
    kind = std::string(k);
    value = *std::move(v);
  }
  if (kind.empty()) {
    return HelperError(kInvalidArgument,
                       absl::StrCat(kMethod,
                                    " takes exactly one of \"text\", \"css\", \"role\" (with "
                                    "\"name\") or \"url\" (a part of the tab's URL), or \"ms\" "
                                    "alone"));
  }
  ASSIGN_OR_RETURN(const std::optional<std::string> name, StringParam(kMethod, params, "name"));
  if (name.has_value() && kind != "role") {
    return HelperError(kInvalidArgument,
                       absl::StrCat(kMethod,
                                    ": \"name\" goes with \"role\" (an element's "
                                    "accessible name, as page.snapshot shows it)"));
  }
  ASSIGN_OR_RETURN(const std::optional<bool> gone_param, BoolParam(kMethod, params, "gone"));
  const bool gone = gone_param.value_or(false);
  if (gone && kind == "url") {
    return HelperError(kInvalidArgument,
                       absl::StrCat(kMethod, ": \"gone\" applies to text, css and role, not url"));
  }
  ASSIGN_OR_RETURN(const std::string tab, page.Tab(params));
  const std::string what =
      kind == "url"    ? absl::StrCat("the tab's URL to contain \"", value, "\"")
      : kind == "role" ? absl::StrCat("an element of role \"", value, "\"",
                                      name ? absl::StrCat(" named \"", *name, "\"") : "", " ",
                                      gone ? "to disappear" : "to appear")
                       : absl::StrCat(kind == "text" ? "the text \"" : "an element matching \"",
                                      value, "\" ", gone ? "to disappear" : "to appear");
  for (;;) {
    // The page layer bounds the helper's time by its timeout_ms param (ApplyTimeoutParam).
    const auto slice = std::min({page.Remaining() - kReportMargin, page.WaitRemaining(), kSlice});
    if (slice.count() <= 0) {
      absl::StatusOr<PageInfo> info = GetPageInfo(page, tab);
      return HelperError(
          kTimeout,
          absl::StrCat(kMethod, " waited ", page.timeout().count(), " ms for ", what,
                       info.ok() ? absl::StrCat(" (the tab shows ", info->url, ")") : "", "; ",
                       ToAbsl(page.RaiseTimeout()), ", or check the page with page.snapshot"));
    }
    json::object condition{
        {"kind", kind}, {"value", value}, {"want", !gone}, {"ms", slice.count()}};
    if (name) condition["name"] = *name;
    absl::StatusOr<SandboxResult> waited = page.Sandbox(tab, ops::kInputWaitFor, condition);
    if (waited.ok()) {
      const json::value* done =
          waited->data.is_object() ? waited->data.get_object().if_contains("done") : nullptr;
      if (done != nullptr && done->is_bool() && done->get_bool()) break;
    } else {
      const std::optional<std::string> code = HelperErrorCode(waited.status());
      if (!code.has_value()) return waited.status();  // the browser went away, cancelled
      if (*code == FrameErrorName(kNoSuchFrame)) return waited.status();  // the tab was closed
      // A dialog opened in the tab holds up the wait's script until it is answered.
      if (*code == FrameErrorName(kDialogOpen)) return waited.status();
      if (*code == FrameErrorName(kJavascriptError) &&
          absl::string_view(waited.status().message()).find("invalid CSS selector") !=
              absl::string_view::npos) {
        return HelperError(kInvalidArgument,
                           absl::StrCat(kMethod, ": \"", value, "\" is not a valid CSS selector"));
      }
      if (*code == FrameErrorName(kJavascriptError) &&
          absl::string_view(waited.status().message()).find("is no valid regular expression") !=
              absl::string_view::npos) {
        return HelperError(kInvalidArgument,
                           absl::StrCat(kMethod, ": text \"", value,
                                        "\" is no valid regular expression (\"/PATTERN/FLAGS\")"));
      }
      // Anything else while the tab changes documents (its realm destroyed, no document yet)
      // is asked again of the next document, until the deadline.
    }
  }
  ASSIGN_OR_RETURN(PageInfo info, GetPageInfo(page, tab));
  return UrlAndTitle(info);
}

constexpr Param kParams[] = {
    {.key = "text", .type = ParamType::kString, .help = "visible text"},
    {.key = "css", .type = ParamType::kString, .help = "a selector (a visible match)"},
    {.key = "role", .type = ParamType::kString, .help = "as a target's role"},
    {.key = "name", .type = ParamType::kString, .help = "with role: its name"},
    {.key = "url", .type = ParamType::kString, .help = "part of the tab's URL"},
    {.key = "gone",
     .type = ParamType::kBoolean,
     .default_value = "false",
     .help = "true waits for it to disappear"},
    kTimeoutParam,
    {.key = "ms", .type = ParamType::kInteger, .help = "alone: a fixed wait of this many ms"},
};

constexpr PageOp kOps[] = {ops::kInputWaitFor};

}  // namespace

const HelperSpec& WaitForHelper() {
  static const HelperSpec spec{
      .method = kMethod,
      .synopsis = R"~({text|css|role|url, gone?} or {ms} -> {url, title})~",
      .summary =
          "Waits until text or an element appears (or with gone: true disappears), or the URL "
          "contains a string; keeps waiting across navigations. Or waits a fixed ms.",
      .params = kParams,
      .ops = kOps,
      .params_note =
          "The frame's timeout_ms bounds the wait (default 30000); the param timeout_ms a "
          "shorter one. A page that updates a moment "
          "after an action (search as you type, content loaded later) is read only after waiting "
          "for what it will show.",
      .result = R"~({"url","title"} once the condition holds)~",
      .errors =
          R"~("timeout" naming what it waited for; "dialog open" at once when a dialog opens in the tab while it waits (answer it with page.dialog, then wait again))~",
      .example =
          R"~({"frames":[{"method":"page.goto","params":{"url":"data:text/html,<p>Loading</p><script>setTimeout(()=>document.body.append('Ready'),500)</script>"},"silent":true},{"method":"page.waitFor","params":{"text":"Ready"},"timeout_ms":5000}]})~",
      .file = ResultFile::kJson,
      .run = &Run,
  };
  return spec;
}

}  // namespace firefox_bidi::page
