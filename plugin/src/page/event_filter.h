// Which events a batch sees. The plugin subscribes to a few events for itself (navigation
// and tab life, kInternalEvents); those never show up in a batch's "events" unless the model
// subscribed to them too (a successful raw session.subscribe naming the event or its module,
// not yet undone by session.unsubscribe). What the model subscribed to is PageWatch's record
// (core/page_watch.h), which the batch runner keeps: the filter asks it, so there is one.
#ifndef FIREFOX_BIDI_PAGE_EVENT_FILTER_H_
#define FIREFOX_BIDI_PAGE_EVENT_FILTER_H_

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/page_watch.h"

namespace firefox_bidi::page {

// Kept small on purpose: while they are subscribed, every one of these events crosses the
// socket during raw batches too.
// Tab life and navigation (current tab, navigation waits, "opened"), dialogs, downloads an
// input started, and what
// page.logs collects for every tab (console messages, uncaught errors, failed requests: see
// page/log_lines.h; docs/benchmarks.md measures what collecting them costs raw batches), and
// page.requests' lines. network.beforeRequestSent: Firefox 153 keeps request bodies for
// network.getData only while the session is subscribed to it (without, getData never
// answers), and page.route answers the requests its intercept blocks from it.
inline constexpr std::string_view kInternalEvents[] = {"browsingContext.contextCreated",
                                                       "browsingContext.contextDestroyed",
                                                       "browsingContext.navigationStarted",
                                                       "browsingContext.navigationCommitted",
                                                       "browsingContext.fragmentNavigated",
                                                       "browsingContext.historyUpdated",
                                                       "browsingContext.domContentLoaded",
                                                       "browsingContext.load",
                                                       "browsingContext.userPromptOpened",
                                                       "browsingContext.userPromptClosed",
                                                       "browsingContext.downloadWillBegin",
                                                       "browsingContext.downloadEnd",
                                                       "log.entryAdded",
                                                       "network.beforeRequestSent",
                                                       "network.responseCompleted",
                                                       "network.fetchError"};

// Subscribed to by a session.subscribe of its own after page.requests' data collector is
// added (page_layer.cc), not in PluginEvents().
inline constexpr std::string_view kRequestEvent = "network.beforeRequestSent";

// Everything the plugin subscribes to for itself in its first session.subscribe:
// kInternalEvents but kRequestEvent, and the realm and prompt events core/page_watch.h
// watches for raw frames (which filters those itself).
std::vector<std::string_view> PluginEvents();

// Thread safety: none; the batch's thread only. Lifetime: the PageWatch it asks outlives it.
class EventFilter {
 public:
  // Where the model's subscriptions are recorded; nullptr (the default): the model has none
  // (benchmarks that drive the page layer without the tool).
  void AskSubscriptionsOf(const PageWatch* watch) { watch_ = watch; }

  // A new BiDi session: the plugin's own subscription is gone (the PageWatch is reset by its
  // owner).
  void Reset();
  // The plugin's own subscription to kInternalEvents is in place.
  void SetInternalSubscribed(bool subscribed) { internal_ = subscribed; }
  bool internal_subscribed() const { return internal_; }

  // True when the batch should see an event with this method (browsingContext.
  // userPromptOpened always: see core/page_watch.h).
  bool Shows(std::string_view event_method) const;

 private:
  static bool IsInternal(std::string_view event_method);

  bool internal_ = false;
  const PageWatch* watch_ = nullptr;
};

}  // namespace firefox_bidi::page

#endif  // FIREFOX_BIDI_PAGE_EVENT_FILTER_H_
