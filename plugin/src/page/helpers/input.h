// Shared by page.click, page.fill and page.press: real input on an element and what it did to
// the tab (DESIGN.md section 9, "Real input" and "Navigation").
#ifndef FIREFOX_BIDI_PAGE_HELPERS_INPUT_H_
#define FIREFOX_BIDI_PAGE_HELPERS_INPUT_H_

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "page/actions.h"
#include "page/helpers/navigation.h"
#include "page/page_context.h"
#include "page/targets.h"

namespace firefox_bidi::page {

// The page side's {"error": CODE, "message": TEXT} as a HelperError, prefixed with `method`;
// OK for {"ok": true, ...}.
absl::Status PageSideStatus(std::string_view method, const boost::json::value& data);

// Scrolls the element (`node`: {"sharedId": ID} in browsing context `context`) into view and
// checks that a pointer at its in-view centre (or, when that is clipped away, the centre of
// the part that shows) would hit it: "element covered" naming the cover, "element not
// visible", "stale ref"; nothing is clicked on failure. The offset to click at: with
// `at_text_end`, just past the end of an editable element's text (where a click leaves the
// caret at its end).
absl::StatusOr<CentreOffset> PrepareClick(PageContext& page, std::string_view method,
                                          std::string_view context, const boost::json::object& node,
                                          bool at_text_end = false);

// The offset from an element's in-view centre that OPS.inputPrepareClick's data asks for.
CentreOffset CentreOffsetOf(const boost::json::value& prepared);

// Moves the real mouse onto the element whose sharedId is `shared_id` in browsing context
// `context` (at `offset` from its in-view centre; prepared by OPS.inputPrepareClick or
// inputPrepareHover), in the agent's turn on the focus, then lets the page answer: `wait` of
// the page's time for what the move set off from a timer, then the transitions it started (a
// tooltip fading in, one fading out once the mouse left its button), kSettleMax at most; then,
// with `submenu_wait`, that long at most for a menu item with a closed submenu to open it (a
// menu that opens its submenus after a hover delay longer than `wait`).
absl::Status MoveMouseOnto(PageContext& page, std::string_view tab, std::string_view context,
                           std::string_view shared_id, CentreOffset offset,
                           std::chrono::milliseconds wait,
                           std::chrono::milliseconds submenu_wait = std::chrono::milliseconds{0});

// How long an input that asked for a new document (InputEffect's PerformAndFollow) waits for
// Firefox to start it once the input's events have been dispatched. Measured on the 2-core
// test machine: a link's navigation starts within a few ms; on a page that asks before it is
// left, the dialog opens 40 to 200 ms after the click's events (Firefox first asks the page,
// in its own process). The bound leaves room for a loaded machine, and is spent in full only
// when the navigation the page asked for never starts.
inline constexpr std::chrono::milliseconds kNavigationStartWait{1000};

// The settle window after an input (DESIGN.md section 9, "Actions settle"): what a page starts
// from a timer soon after a click or key (a navigation, a dialog, a new tab, a request) belongs
// to that input's result. The input returns once no such thing has begun in the tab for
// kSettleQuiet, and after kSettleMax at most; so an input that sets nothing off costs
// kSettleQuiet. page.dialog waits kSettleQuiet for the dialog that answering one may open.
inline constexpr std::chrono::milliseconds kSettleQuiet{150};
inline constexpr std::chrono::milliseconds kSettleMax{500};

// For an input whose page side waited for the page's answer (a fill): the requests of `tab`
// begun at `since` or later still out (a field checked with the server as it is left,
// suggestions asked of a server) are waited for, kSettleMax at most, and the page then has
// kSettleQuiet to draw what came. No wait when none is out. With `reacted` (the page changed
// something as the input happened), a request not reported yet is looked for during
// kRequestReportGrace first: Firefox reports a request a handler began a moment after the
// handler ran (0 to 2 ms measured on the 2-core test machine).
inline constexpr std::chrono::milliseconds kRequestReportGrace{20};
absl::Status AwaitRequestsAnswered(PageContext& page, std::string_view tab,
                                   PageContext::Clock::time_point since, bool reacted);

// A page often enables a control a moment after the step before it (a button once the field
// that completes a form changed, a list once its options came): a click or fill on a disabled
// element waits up to 1 s, within the frame's time, for the page to enable it
// (OPS.inputWaitEnabled on `element`, an argument of browsing context `context`). True once
// it is enabled.
absl::StatusOr<bool> AwaitEnabled(PageContext& page, std::string_view context,
                                  const boost::json::object& element);

// What a hover waits for timers the move set off (a tooltip or menu shown after a delay: 100
// to 150 ms in MUI's and Ant Design's, 300 ms in many menus), and for the page to draw what
// they opened. A click's look past a cover waits only for zero-delay timers.
inline constexpr std::chrono::milliseconds kHoverAnswer{350};
// How long a hover waits at most for a menu item's submenu to open (Fluent's opens 500 ms
// after the mouse came).
inline constexpr std::chrono::milliseconds kSubmenuOpenWait{1000};
inline constexpr std::chrono::milliseconds kCoverAnswer{20};

// How long an input that started a download waits for it to end (within the frame's time)
// before it reports the download as still running.
inline constexpr std::chrono::milliseconds kDownloadEndWait{3000};

// What an input did to its tab.
struct InputEffect {
  bool navigated = false;  // a navigation of the tab started, and its document loaded
  // How far that document got: interactive when its load event had not come kLoadGrace after
  // its DOMContentLoaded.
  Loaded loaded = Loaded::kComplete;
  std::optional<PageInfo> info;  // the tab's page afterwards, when it was read on the way
  // A download it started: {"file","size"} once saved, {"url","running":true} while it runs,
  // {"url","canceled":true} when the browser gave it up.
  std::optional<boost::json::object> download;
  // A click aimed at an element that another element got (the page moved it as the click
  // came): that element, described for a message.
  std::optional<std::string> missed;
  // A form the input was to send that the browser refused (fields it found wanting): each as
  // `ROLE "NAME": why`, for the result's "not_sent".
  std::optional<boost::json::array> not_sent;
  // What the page said of the input once it settled that it did not say as the input came:
  // fields it marked invalid since (`ROLE "NAME": why`, its own check refusing a form), for
  // "invalid"; the texts of alerts it showed since (role=alert, aria-live=assertive), for
  // "alerts".
  std::optional<boost::json::array> invalid;
  std::optional<boost::json::array> alerts;
};

// Sends input.performActions `action_params` and reports whether it started a navigation of
// `tab`. When one started (browsingContext.navigationStarted for the tab arrived while the
// actions ran), waits within the frame's deadline until that navigation's document has loaded
// (or the navigation failed or was aborted; or it has been interactive for kLoadGrace);
// otherwise returns as soon as the browser has
// dispatched the input's events and the page has settled (kSettleQuiet, kSettleMax): a
// navigation that starts meanwhile is followed, a dialog that opens is the "dialog open"
// HelperError below. `what` names the input in a timeout ("the click").
//
// `armed`: the page side armed its watch of the input in `tab`'s own document
// (inputWatchOutcome: inputPrepareClick, inputFocus, inputFill). Firefox starts the navigation
// a link or a form submission asks for only after the input's events have been dispatched, so
// when none has started by then, the page is asked (one call, which also reads `info`)
// whether the input asked for one; only then does this wait, up to kNavigationStartWait, for
// what the input started in the tab: a navigation (followed as above), a same-document change
// (browsingContext.historyUpdated, fragmentNavigated), or a dialog (e.g. "leave this page?"):
// the "dialog open" HelperError, which the page layer turns into the input's result with its
// "dialog". An input that asked for nothing costs no wait.
//
// A download the input started in `tab` (a link with `download`, or a response the browser
// saves: browsingContext.downloadWillBegin) ends the wait for a navigation; the input then
// waits up to kDownloadEndWait for browsingContext.downloadEnd and reports it in `download`.
absl::StatusOr<InputEffect> PerformAndFollow(PageContext& page, std::string_view tab,
                                             const boost::json::object& action_params,
                                             std::string_view what, bool armed = false);

// As PerformAndFollow, the input being what `dispatch` does (input.performActions and a look
// at what the page saw, or events the page side dispatches itself) once the tab is watched.
absl::StatusOr<InputEffect> DispatchAndFollow(PageContext& page, std::string_view tab,
                                              const std::function<absl::Status()>& dispatch,
                                              std::string_view what, bool armed = false);

// A user types into a field they clicked: the mouse lies over it. `acted` ran page-side op
// `op` (OPS.inputFill or OPS.inputFocus) with `input`, which holds "aim": true; when the
// field had not the focus, the op did nothing but scroll it into view and answer "aim" (where
// the mouse goes): the mouse moves there (and clicks, when the op answered "press": a fill's
// field a press reaches), and `op` runs again without "aim" ("pressed": true after a click),
// its data in `acted`. In the agent's turn on the focus (the caller's InInputTurn).
absl::Status MouseOntoFieldFirst(PageContext& page, ActedTarget& acted, const PageOp& op,
                                 boost::json::object input);

// Where keys for `tab` go: `target` focused first when given (an editable element other than a
// field clicked instead, just past the end of its text; the browsing context of its element),
// else whatever has the focus in the tab. Either way the page side then watches
// what the keys do (PerformAndFollow's `armed` when the context is the tab's own).
struct KeysFocus {
  std::string context;                   // the browsing context the keys go to
  std::optional<ResolvedTarget> target;  // the target's element, when one was given
};
absl::StatusOr<KeysFocus> FocusForKeys(PageContext& page, std::string_view method,
                                       std::string_view tab, const std::optional<Target>& target);

// Sends input.performActions with `action_params` in the agent's turn on the focus, nothing
// followed afterwards (the caller reads what it needs); `what` names it in a timeout.
absl::Status DispatchInInputTurn(PageContext& page, std::string_view tab,
                                 const boost::json::object& action_params, std::string_view what);

// After keys that may move the focus (Tab): when a Tab past the page's last element took the
// focus to the browser's own controls, gives it back to the page in `tab`. In a headed browser
// a click in the page would; in headless Firefox no input does (document.hasFocus() stays
// false, no focus or blur fires, Enter on a button clicks nothing) until another tab was
// selected and this one again: a hidden background tab is opened for that and closed.
absl::Status KeepFocusInPage(PageContext& page, std::string_view tab);

// Clicks the element for real (PrepareClick, then PerformAndFollow); true when it navigated.
absl::StatusOr<bool> ClickElement(PageContext& page, std::string_view method, std::string_view tab,
                                  std::string_view context, const boost::json::object& node,
                                  const ClickSpec& spec, bool at_text_end = false);

// {"url","title","navigated"} of the tab after an action (its page read again unless
// `effect` holds it).
absl::StatusOr<boost::json::object> AfterAction(PageContext& page, std::string_view tab,
                                                const InputEffect& effect);

}  // namespace firefox_bidi::page

#endif  // FIREFOX_BIDI_PAGE_HELPERS_INPUT_H_
