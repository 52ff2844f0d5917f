// The tabs that must not stay open (DESIGN.md section 10): one that loads a file the policy
// refuses, those past max_tabs, and one whose page never answers again.
//
// What the browser actually loads is judged where it loads. The policy
// judges the URLs the model writes before they are sent; this unit judges the URLs Firefox
// then loads, however they were reached: a relative or protocol-relative URL resolved against
// a page's <base>, a link click, a form submit, a meta refresh or `location =`, window.open,
// an iframe, object or embed. And it bounds the tabs a page or the model may open.
//
// How: the plugin subscribes to browsingContext.navigationStarted and contextCreated for
// itself (page/event_filter.h). Firefox sends navigationStarted, with the URL it resolved,
// before the new document commits, on the same socket as the replies; so every reply that
// arrives after it may come from that document, and none before it does. When a navigation
// the policy refuses starts:
//   - the frame in flight stops waiting and fails with "not allowed" (its reply, whatever it
//     holds, is never recorded nor bound to its label);
//   - before anything else is sent, the tab holding that browsing context (the top-level
//     context above an iframe's) is closed, so nothing can read the document, neither through
//     a later frame nor through the tab's history; a fresh tab is opened first when it was
//     the last one of its user context.
// A navigation seen between calls is contained before the next call's first frame, which then
// fails with the reason instead of being sent. Tabs past `max_tabs` in one user context are
// closed, newest first, after the frame that opened them, which fails with "not allowed".
//
// A page whose script never yields (`for(;;){}`) holds every command to its tab, and Firefox
// cannot interrupt it from BiDi (a navigation does not cancel it; its slow-script stop waits for
// a click on a notification a headless browser never shows). When a frame waiting on a tab
// gets no reply in time, or is cancelled, the guard asks that page something small that only
// its process can answer (locateNodes, which a dialog does not hold up); if it does not answer
// within a second, the tab is closed (a fresh one opened first when it was the last), which
// frees the browser for the next frame, call and agent.
//
// With agents (DESIGN.md section 12), each agent is told only of its own tabs: whichever call
// reads a navigation, the tab is closed at once, but the report goes to the agent whose user
// context holds the tab, in its own call or before its next call's first frame.
//
// Thread safety: none; calls use it while they hold the session baton, one at a time.
// Lifetime: one per tool instance, so that work a cancel left undone is done at the start of
// the next call.
#ifndef FIREFOX_BIDI_CORE_TAB_GUARD_H_
#define FIREFOX_BIDI_CORE_TAB_GUARD_H_

#include <boost/json/value.hpp>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/functional/function_ref.h"
#include "absl/status/statusor.h"
#include "core/policy.h"
#include "core/string_view_compat.h"
#include "core/transport.h"

namespace firefox_bidi {

class TabGuard {
 public:
  // `policy` judges the URLs (nullptr: no URL is refused); `max_tabs` bounds the top-level
  // browsing contexts of one user context.
  TabGuard(const Policy* policy, std::size_t max_tabs) : policy_(policy), max_tabs_(max_tabs) {}

  // Called before each call with the browser session's generation: a new browser drops what
  // was pending for the old one.
  void BeginCall(std::uint64_t session_generation);

  // Sees every event. When it reports a navigation the policy refuses, returns the user
  // context of the agent it belongs to ("" unknown), asked of `user_context` then only: the
  // frame in flight of that agent must stop waiting for its reply. nullopt for any other event.
  std::optional<std::string> Observe(const boost::json::value& event,
                                     absl::FunctionRef<std::string()> user_context);

  // A frame waiting on browsing context `context` got no reply in time, or was cancelled: the
  // next Contain asks whether its page still answers.
  void NoteUnanswered(std::string_view context);

  // True while Contain has something to do for a call of `caller`, the user context of the
  // agent it serves ("" for a caller without agents, to whom every report goes).
  bool HasWork(std::string_view caller) const {
    return HasTabsToSee() || kept_.contains(ToAbsl(caller));
  }

  // What Contain did, for the frame that saw it ("" for nothing).
  struct Report {
    std::string refused;       // refused loads and tabs past max_tabs: the frame is not allowed
    std::string unresponsive;  // tabs closed because their page did not answer
  };
  // Closes the tabs that loaded refused URLs, the tabs past max_tabs and the tabs whose page
  // does not answer, over `transport` (events received meanwhile go to `on_event`, and may add
  // work, which is done too), whichever agents they belong to. Returns what concerns
  // `caller`'s tabs (see HasWork), with what was kept for it; what concerns another user
  // context's is kept for that agent's call. A transport failure is returned as from
  // BidiTransport::Call, and the work stays for the next Contain. One at a time: called while
  // another call's Contain waits for the browser, it returns only what was kept for `caller`.
  absl::StatusOr<Report> Contain(BidiTransport& transport, EventSink on_event,
                                 std::string_view caller);

 private:
  struct Refused {
    std::string context;
    std::string url;
    std::string why;           // the policy's message
    std::string user_context;  // of the agent whose event it was ("" unknown)
  };
  struct OpenedTab {
    std::string context;
    std::string user_context;
  };

  // Tabs to close or pages to ask, whoever's they are.
  bool HasTabsToSee() const {
    return !refused_.empty() || !new_tabs_.empty() || !unanswered_.empty();
  }

  const Policy* policy_;
  std::size_t max_tabs_;
  std::uint64_t generation_ = 0;
  std::vector<Refused> refused_;
  std::vector<OpenedTab> new_tabs_;      // top-level contexts created since the last Contain
  std::vector<std::string> unanswered_;  // contexts whose frame got no reply
  // Contexts whose refused load was dealt with: the events that still come for that load (its
  // load event, a context destroyed on close) are not a new refusal. Bounded: cleared when full.
  std::vector<std::string> handled_;
  bool containing_ = false;  // a Contain runs (it waits for the browser; others may call)
  // Reports for the agents of other user contexts than the caller's that contained them, until
  // a call of theirs takes them. Cleared with a new browser.
  absl::flat_hash_map<std::string, Report> kept_;
};

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_TAB_GUARD_H_
