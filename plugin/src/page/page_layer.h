// The page.* helpers as the runner's FrameExecutor: carries out helper frames over the
// batch's transport, resolves <<tab>>, hides the plugin's own events from batches, and keeps
// the instance's PageState (current tab, refs, subscriptions) between calls.
#ifndef FIREFOX_BIDI_PAGE_PAGE_LAYER_H_
#define FIREFOX_BIDI_PAGE_PAGE_LAYER_H_

#include <boost/json/value.hpp>
#include <cstdint>

#include "core/frame_executor.h"
#include "page/page_context.h"

namespace firefox_bidi::page {

// Thread safety: one batch at a time (the batch's thread); BeginCall before each batch.
class PageLayer final : public FrameExecutor {
 public:
  // Called before each batch with the browser session's generation (BrowserSession::
  // generation()): a new one means a new browser, and what was known of the old is dropped.
  void BeginCall(std::uint64_t session_generation);

  bool Handles(std::string_view method) const override;
  absl::StatusOr<ExecutorReply> Execute(std::string_view method, const boost::json::object& params,
                                        std::chrono::milliseconds timeout, BidiTransport& transport,
                                        EventSink on_event) override;
  const boost::json::value* Reserved(std::string_view label, BidiTransport& transport,
                                     EventSink on_event, std::string* why) override;
  bool OnEvent(const boost::json::value& event) override;
  void AfterCommand(std::string_view method, const boost::json::object& params,
                    const BidiReply& reply) override;

  const PageState& state() const { return state_; }

 private:
  PageState state_;
  boost::json::value tab_value_;  // what <<tab>> resolved to last
};

}  // namespace firefox_bidi::page

#endif  // FIREFOX_BIDI_PAGE_PAGE_LAYER_H_
