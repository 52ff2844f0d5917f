// The error codes a frame can fail with, what the model reads in
// {"error":{"error":CODE,"message":...}} (DESIGN.md sections 7 and 9), in one table: each
// code's name and the one-line meaning docs/tool-reference.md shows for it
// (frame_error_test.cc checks that the documentation's error tables name exactly these codes,
// each row starting with the meaning given here).
//
// A BiDi error reply's code is Firefox's and passes through as text; the table holds the ones
// the plugin itself names (writes, or tests for).
#ifndef FIREFOX_BIDI_CORE_FRAME_ERROR_H_
#define FIREFOX_BIDI_CORE_FRAME_ERROR_H_

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string_view>

namespace firefox_bidi {

enum class FrameError : std::uint8_t {
  // Firefox's own codes (WebDriver BiDi), which the plugin also writes or tests for.
  kUnknownError,
  kUnknownCommand,
  kNoSuchNode,
  kNoSuchHandle,
  kNoSuchFrame,
  kNoSuchAlert,
  kNoSuchElement,
  kNoSuchHistoryEntry,
  kInvalidArgument,
  // The plugin's, for any frame.
  kJavascriptError,
  kPageNavigated,
  kUserPromptOpen,
  kInvalidInterpolation,
  kNotAllowed,
  kInvalidPick,
  kTimeout,
  kBrowserDisconnected,
  kCancelled,
  kTransportError,
  kReplyTooLarge,
  kSpoolQuotaExceeded,
  kSpoolWriteFailed,
  // The page helpers' (some written by their JavaScript, plugin/src/page/js/).
  kStaleRef,
  kElementCovered,
  kElementDisabled,
  kElementNotVisible,
  kClickMissed,
  kNotFillable,
  kNotSelectable,
  kNoSuchOption,
  kDialogOpen,
  kNoDialog,
  kNoSuchTab,
};

struct FrameErrorInfo {
  FrameError code;
  std::string_view name;     // what the model reads as "error"
  std::string_view meaning;  // how a row of tool-reference.md's error tables starts
};

// In the enum's order (checked below), so a code's entry is found by its value.
inline constexpr FrameErrorInfo kFrameErrors[] = {
    {FrameError::kUnknownError, "unknown error", "Firefox answered the command with an error"},
    {FrameError::kUnknownCommand, "unknown command", "Firefox does not know the method"},
    {FrameError::kNoSuchNode, "no such node", "a `sharedId` or `handle` Firefox does not know"},
    {FrameError::kNoSuchHandle, "no such handle", "a `sharedId` or `handle` Firefox does not know"},
    {FrameError::kNoSuchFrame, "no such frame", "Firefox answered the command with an error"},
    {FrameError::kNoSuchAlert, "no such alert", "Firefox answered the command with an error"},
    {FrameError::kNoSuchElement, "no such element", "no visible element matches the target"},
    {FrameError::kNoSuchHistoryEntry, "no such history entry",
     "`page.goto` `back`/`forward` with nowhere to go"},
    {FrameError::kInvalidArgument, "invalid argument",
     "a param is missing, unknown or of the wrong type"},
    {FrameError::kJavascriptError, "javascript error",
     "a `script.evaluate` / `script.callFunction` whose result is an exception"},
    {FrameError::kPageNavigated, "page navigated",
     "a `script.evaluate` / `script.callFunction` was waiting (e.g. on a promise) in a page that "
     "navigated away, reloaded or closed"},
    {FrameError::kUserPromptOpen, "user prompt open",
     "an `alert`/`confirm`/`prompt` opened in the page the frame waits on"},
    {FrameError::kInvalidInterpolation, "invalid interpolation",
     "a `<<reference>>` names an unknown label or a path that does not resolve"},
    {FrameError::kNotAllowed, "not allowed", "the policy refused the frame"},
    {FrameError::kInvalidPick, "invalid pick", "`pick` does not resolve in the result"},
    {FrameError::kTimeout, "timeout", "no reply within the frame's `timeout_ms`"},
    {FrameError::kBrowserDisconnected, "browser disconnected",
     "Firefox exited or the socket dropped"},
    {FrameError::kCancelled, "cancelled", "the host cancelled the call"},
    {FrameError::kTransportError, "transport error",
     "Firefox sent something that is not a WebDriver BiDi reply"},
    {FrameError::kReplyTooLarge, "reply too large",
     "Firefox's reply exceeded the largest message the tool accepts (256 MiB)"},
    {FrameError::kSpoolQuotaExceeded, "spool quota exceeded",
     "the result did not fit in `spool_quota_bytes`"},
    {FrameError::kSpoolWriteFailed, "spool write failed", "the spool file could not be written"},
    {FrameError::kStaleRef, "stale ref",
     "the ref's node is gone or its page was left, or its item shows another now"},
    {FrameError::kElementCovered, "element covered", "another element would receive the click"},
    {FrameError::kElementDisabled, "element disabled",
     "the element to click (or a fieldset or `aria-disabled` ancestor) is disabled"},
    {FrameError::kElementNotVisible, "element not visible", "the element has no size or is hidden"},
    {FrameError::kClickMissed, "click missed",
     "the page moved the element as the click came, and another element got the click"},
    {FrameError::kNotFillable, "not fillable", "`page.fill` on something that is not a field"},
    {FrameError::kNotSelectable, "not selectable",
     "`page.select` made a selection the page did not keep"},
    {FrameError::kNoSuchOption, "no such option", "`page.fill` names an option the select lacks"},
    {FrameError::kDialogOpen, "dialog open", "a dialog blocks the page"},
    {FrameError::kNoDialog, "no dialog", "`page.dialog` found no dialog to answer"},
    {FrameError::kNoSuchTab, "no such tab",
     "`page.tabs` or `\"tab\"` names a tab that is not open"},
};

namespace frame_error_internal {
constexpr bool InEnumOrder() {
  for (std::size_t i = 0; i < std::size(kFrameErrors); ++i) {
    if (static_cast<std::size_t>(kFrameErrors[i].code) != i) return false;
  }
  return static_cast<std::size_t>(FrameError::kNoSuchTab) + 1 == std::size(kFrameErrors);
}
static_assert(InEnumOrder(), "kFrameErrors lists every FrameError once, in the enum's order");
}  // namespace frame_error_internal

// What the model reads as "error" for `code`.
constexpr std::string_view FrameErrorName(FrameError code) {
  return kFrameErrors[static_cast<std::size_t>(code)].name;
}

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_FRAME_ERROR_H_
