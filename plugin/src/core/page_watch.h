// What the tool watches in the page for the model, across calls (DESIGN.md section 7): the
// events it subscribes to itself (realms, user prompts), which of them the model sees, and
// which realm belongs to which browsing context, so that a frame waiting in a page that
// navigated away, or behind a user prompt, fails at once instead of waiting out its timeout.
#ifndef FIREFOX_BIDI_CORE_PAGE_WATCH_H_
#define FIREFOX_BIDI_CORE_PAGE_WATCH_H_

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"

namespace firefox_bidi {

// Thread safety: none; used by one batch at a time.
class PageWatch {
 public:
  // The events the tool subscribes to for itself; the page layer's one subscription, made
  // once per BiDi session before the first frame (page/page_context.cc), includes them.
  static std::span<const std::string_view> InternalEvents();

  // Whether a browsingContext.userPromptOpened event's prompt (its params) waits for an
  // answer: false when Firefox answers it itself (handler "accept" or "dismiss").
  static bool PromptWaits(const boost::json::object& params);

  // Forgets everything: the browser session was replaced.
  void Reset();

  // The model's own successful session.subscribe / session.unsubscribe (params as sent,
  // result as received). The one record of what the model subscribed to: the page layer's
  // event filter (page/event_filter.h) asks ModelSubscribed too.
  void NoteSubscribe(const boost::json::object& params, const boost::json::value& result);
  void NoteUnsubscribe(const boost::json::object& params);

  // The model's own successful network.addIntercept (its reply's result) and
  // network.removeIntercept (params as sent): which blocked requests are the model's to answer.
  void NoteIntercept(const boost::json::value& result);
  void NoteInterceptRemoved(const boost::json::object& params);
  // Whether `id` is an intercept the model added and has not removed.
  bool ModelIntercept(std::string_view id) const;

  // True while a subscription of the model's own covers this event: one naming the event or
  // its module ("browsingContext" covers "browsingContext.load"), not yet undone by an
  // unsubscribe naming its id or that very name.
  bool ModelSubscribed(std::string_view method) const;

  // Whether the model sees this event: always, unless only the tool subscribed to it
  // (script.realmCreated / script.realmDestroyed). browsingContext.userPromptOpened is always
  // shown, so the model learns why its page waits.
  bool Visible(std::string_view method) const;

  // What a frame in flight waits on, for OnEvent: the browsing context (or realm) its params
  // name, and whether its reply needs that realm to live on. A page's user prompt holds up the
  // commands that run page code or wait for a document (HeldUpByPrompts); only a script frame
  // also dies with its realm.
  struct WatchedFrame {
    std::string_view context;
    std::string_view realm;
    bool needs_realm = false;
  };
  // The frame `method` with `params` (as sent) waits on; nullopt for a command a prompt does
  // not hold up, or one that names no context or realm. The views point into `params`.
  // The one rule for what a prompt holds up: the batch runner asks it for raw frames, the
  // page layer (page/page_context.cc) for the helpers' own commands.
  static std::optional<WatchedFrame> Watch(std::string_view method,
                                           const boost::json::object& params);

  // Whether a user prompt open in its page holds up command `method` with `params`: a command
  // that runs page code, which may itself be what waits in the prompt (script.evaluate,
  // script.callFunction, input.performActions, input.setFiles, whose input and change events
  // the page handles), or that waits for a document to load or unload
  // (browsingContext.navigate, reload, traverseHistory, and close with "promptUnload": true).
  // Firefox answers every other command while a prompt is open (measured with an alert open:
  // captureScreenshot, print, getTree, locateNodes, setViewport, activate, script.getRealms,
  // input.releaseActions), so a prompt must not fail them.
  static bool HeldUpByPrompts(std::string_view method, const boost::json::object& params);

  // What an event means for the frame in flight (nullptr: none); nullopt when nothing, else
  // the error code and message reason. Realm bookkeeping happens here for every event.
  struct Interruption {
    std::string code;    // "page navigated" or "user prompt open"
    std::string reason;  // what happened, for the error message
  };
  std::optional<Interruption> OnEvent(const boost::json::value& event, const WatchedFrame* frame);

 private:
  struct Subscription {
    std::string id;  // "" when the reply had none
    std::vector<std::string> events;
  };
  std::vector<Subscription> subscriptions_;
  std::vector<std::string> intercepts_;                          // the model's, oldest first
  absl::flat_hash_map<std::string, std::string> realm_context_;  // realm -> context
};

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_PAGE_WATCH_H_
