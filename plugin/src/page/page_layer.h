// The page.* helpers as the runner's FrameExecutor: carries out helper frames over the
// batch's transport, resolves <<tab>>, hides the plugin's own events from batches, and keeps
// the instance's PageState (current tab, refs, subscriptions) between calls.
#ifndef FIREFOX_BIDI_PAGE_PAGE_LAYER_H_
#define FIREFOX_BIDI_PAGE_PAGE_LAYER_H_

#include <boost/json/value.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "core/frame_executor.h"
#include "page/page_context.h"

namespace firefox_bidi::page {

// Thread safety: one batch at a time (the batch's thread); BeginCall before each batch.
class PageLayer final : public FrameExecutor {
 public:
  // `watch`: the batch runner's PageWatch (RunOptions::page_watch), which records the model's
  // own subscriptions; the layer's event filter asks it, and a new browser session resets it.
  // nullptr: the model has no subscriptions of its own (benchmarks). Outlives the layer.
  // `hide_webdriver_flag`: pages read navigator.webdriver as false (config webdriver_flag).
  // `record_network`: the session setup also adds page.requests' data collector and
  // subscribes to network.beforeRequestSent (what page.requests' bodies and page.route need);
  // the tool always does, a layer made without it (benchmarks, scripted tests) sends neither.
  explicit PageLayer(PageWatch* watch = nullptr, bool hide_webdriver_flag = true,
                     bool record_network = false)
      : watch_(watch), hide_webdriver_flag_(hide_webdriver_flag), record_network_(record_network) {
    state_.events.AskSubscriptionsOf(watch);
  }

  // Called before each batch with the browser session's generation (BrowserSession::
  // generation()): a new one means a new browser, and what was known of the old is dropped.
  void BeginCall(std::uint64_t session_generation);
  // Makes the plugin's own subscriptions (kInternalEvents) once per browser session, so that
  // logs and dialogs are collected for every tab from when it opens, whether or not a helper
  // has run yet, and adds the preload script that hides navigator.webdriver. Events received
  // meanwhile are only observed. Failures come back as from BidiTransport::Call; the first
  // helper tries again.
  absl::Status Subscribe(BidiTransport& transport);
  // The caller has subscribed the session to kInternalEvents itself (benchmarks); their
  // events are then filtered as after Subscribe.
  void AssumeSubscribed() { state_.events.SetInternalSubscribed(true); }

  // Where page.storage reads and writes its files (the tool's io layer). Outlives the layer.
  void SetFileStore(const FileStore* files) { state_.files = files; }
  // Where the requests its routes hold are answered from OnEvent: the session itself, which
  // outlives every call (a call's own transport ends with it, and OnEvent may run in another
  // agent's call). Unset: they are not answered (a layer without routes needs none).
  void SetPostTransport(BidiTransport* transport) { transport_ = transport; }
  // Loads the storage-state file `path` (judged by the policy) into the browser, as
  // page.storage's load does; `what` names it in messages. Once per browser session: true
  // when this session already has it.
  absl::Status LoadStorageState(BidiTransport& transport, const std::string& path,
                                std::string_view what);

  bool Handles(std::string_view method) const override;
  absl::StatusOr<ExecutorReply> Execute(std::string_view method, const boost::json::object& params,
                                        std::chrono::milliseconds timeout, BidiTransport& transport,
                                        EventSink on_event) override;
  const boost::json::value* Reserved(std::string_view label, BidiTransport& transport,
                                     EventSink on_event, std::string* why) override;
  // Raw input (input.performActions, input.releaseActions) and browsingContext.activate in
  // the agent's turn on the focus, when agents' calls run at once.
  absl::StatusOr<BidiReply> SendRaw(std::string_view method, const boost::json::object& params,
                                    std::chrono::milliseconds timeout, BidiTransport& transport,
                                    EventSink on_event, const RawSend& send) override;
  bool OnEvent(const boost::json::value& event) override;
  std::string TabOf(const boost::json::object& params) const override;
  // Draws the image on a canvas of `size` in the sandbox realm of `context` and encodes it
  // again in `mime`: the browser scales, as it would for a page.
  absl::StatusOr<std::string> ScaleImage(std::string_view base64, std::string_view mime,
                                         ImageSize size, std::string_view context,
                                         std::chrono::milliseconds timeout,
                                         BidiTransport& transport, EventSink on_event) override;
  // Nothing: the model's subscriptions are the PageWatch's record.

  const PageState& state() const { return state_; }
  PageState& mutable_state() { return state_; }

  // Which agent this layer serves (page/agents.h); "default" until set.
  void SetAgent(AgentScope agent) { state_.agent = std::move(agent); }
  // A named agent's layer shares what the default agent's layer set up for the whole session
  // (its subscription, data collector and preload scripts act on every user context) instead
  // of making its own; `session_generation` is the session's, so BeginCall keeps the state.
  void JoinSession(std::uint64_t session_generation, const PageState& owner);

 private:
  // Subscribe's work on a context made for it; Execute repeats it while it has not succeeded.
  absl::Status SetUpSession(PageContext& page);

  // Answers a request the plugin's route intercept blocked (page/routes.h); false when the
  // event is to be hidden from the batch.
  bool OnBeforeRequestSent(const boost::json::object& params);

  PageWatch* watch_;
  // SetPostTransport's: blocked requests are answered on it the moment their event is read.
  BidiTransport* transport_ = nullptr;
  const bool hide_webdriver_flag_;
  const bool record_network_;
  PageState state_;
  boost::json::value tab_value_;  // what <<tab>> resolved to last
  // Tabs the browser opened while a helper ran (a click on a target=_blank link): its
  // result's "opened".
  std::vector<std::string> opened_;
  bool watching_opened_ = false;
};

}  // namespace firefox_bidi::page

#endif  // FIREFOX_BIDI_PAGE_PAGE_LAYER_H_
