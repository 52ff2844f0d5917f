// Shared by helpers that report where the tab is: {"url","title"} of its current document.
#ifndef FIREFOX_BIDI_PAGE_HELPERS_NAVIGATION_H_
#define FIREFOX_BIDI_PAGE_HELPERS_NAVIGATION_H_

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <chrono>
#include <functional>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "page/page_context.h"

namespace firefox_bidi::page {

struct PageInfo {
  std::string url;
  std::string title;
  std::string ready_state;  // "loading", "interactive", "complete"
};

absl::StatusOr<PageInfo> GetPageInfo(PageContext& page, std::string_view context);

// What a page draws in the first moments after its load event (a framework's first render,
// rows a grid draws from a throttled promise) belongs to the navigation that loaded it:
// GetPageInfo once kLoadQuiet has passed since the load event without a change to the
// document's DOM (two frames: what a load handler, a timer or a promise draws next), or, when
// it changed after the load event (the page is still at work), once it has stayed unchanged
// for kLoadBusyQuiet (a click's settle window) since its last change; kLoadQuietMax after the
// load event at most. Requests the document began still out then (data it fetches as it
// starts) are waited for within that cap, and then the page's drawing of what came: the
// document counts as changed when they are answered, as it does when a fetch or
// XMLHttpRequest was answered in the last kLoadBusyQuiet (RequestsInFlight). A still page
// costs what is left of kLoadQuiet when the call comes.
inline constexpr std::chrono::milliseconds kLoadQuiet{30};
inline constexpr std::chrono::milliseconds kLoadBusyQuiet{150};
inline constexpr std::chrono::milliseconds kLoadQuietMax{1000};
absl::StatusOr<PageInfo> GetSettledPageInfo(PageContext& page, std::string_view context);

// The page side's {"url","title","readyState"} (OPS.info's data, or data that includes it).
PageInfo PageInfoOf(const boost::json::value& data);

// {"url": ..., "title": ...}
boost::json::object UrlAndTitle(const PageInfo& info);

// How long the default wait for a new document ("complete") goes on for its load event once
// the document is interactive (DOMContentLoaded). Images, styles and frames a page loads
// quickly are in within a second or two of DOMContentLoaded on a working connection; one
// still pending 3 s later is as likely to be a request that never ends (a stalled tracker, a
// long poll, an image from a dead host) as a slow one, and waiting the whole frame time for
// it would leave a usable page unused. The result then says "waited": "interactive", and
// {"wait": "complete"} waits on for the load event.
inline constexpr std::chrono::milliseconds kLoadGrace{3000};

// What a navigation waits for: "none", "interactive" (DOMContentLoaded), "complete" (the load
// event, as long as the frame's time allows), or the default: complete, or interactive plus
// kLoadGrace when the load event does not come.
enum class LoadWait { kNone, kInteractive, kComplete, kCompleteOrGrace };

// How far a document got by the time a navigation's wait ended.
enum class Loaded { kComplete, kInteractive };

// Waits within the frame's time until `loaded()` holds (the document's load event), or, once
// `interactive()` holds (its DOMContentLoaded), kLoadGrace more at most. A timeout HelperError
// naming `waiting_for` when the time runs out first; "dialog open" as AwaitFor.
absl::StatusOr<Loaded> AwaitLoadOrGrace(PageContext& page, std::string_view tab,
                                        const std::function<bool()>& loaded,
                                        const std::function<bool()>& interactive,
                                        std::string_view waiting_for);

// Sends browsingContext.navigate (`url` given) or browsingContext.reload (`url` empty) for
// `tab` and waits as `wait` says; kInteractive when the default wait ended at interactive plus
// kLoadGrace, else kComplete. Errors as PageContext::Command, the timeout naming `waiting_for`.
absl::StatusOr<Loaded> NavigateAndWait(PageContext& page, const std::string& tab,
                                       const std::string& url, LoadWait wait,
                                       std::string_view waiting_for);

// Adds "waited": "interactive" to a result when the wait ended there and the page, read
// afterwards as `info`, has still not loaded.
void NoteLoaded(Loaded loaded, const PageInfo& info, boost::json::object& result);

// An "invalid argument" HelperError for a javascript: `url` (it loads no page, so a navigation
// to it would wait out its timeout; page.eval runs script), else OK. `method` names the helper.
absl::Status RefuseJavascriptUrl(std::string_view method, std::string_view url);

}  // namespace firefox_bidi::page

#endif  // FIREFOX_BIDI_PAGE_HELPERS_NAVIGATION_H_
