#include "page/page_layer.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "core/batch_args.h"
#include "core/string_view_compat.h"
#include "page/helper_error.h"
#include "page/helper_registry.h"

namespace firefox_bidi::page {
namespace json = boost::json;
namespace {

// <<tab>> asks the browser for its first tab at most once per session; this bounds that.
constexpr std::chrono::milliseconds kTabLookupTimeout{10000};

}  // namespace

void PageLayer::BeginCall(std::uint64_t session_generation) {
  if (session_generation != state_.generation) state_.Reset(session_generation);
}

bool PageLayer::Handles(std::string_view method) const { return method.starts_with(kHelperPrefix); }

absl::StatusOr<ExecutorReply> PageLayer::Execute(std::string_view method,
                                                 const json::object& params,
                                                 std::chrono::milliseconds timeout,
                                                 BidiTransport& transport, EventSink on_event) {
  ExecutorReply out;
  const HelperSpec* helper = FindHelper(method);
  if (helper == nullptr) {  // ParseBatchArgs refuses these; kept for direct callers
    out.reply.error = std::string(kInvalidArgument);
    out.reply.message = absl::StrCat("unknown helper ", ToAbsl(method));
    return out;
  }
  out.file = helper->file;
  PageContext page(transport, state_, method, timeout, on_event);
  const absl::Status subscribed = page.EnsureSubscribed();
  absl::StatusOr<json::value> result =
      subscribed.ok() ? helper->run(page, params) : absl::StatusOr<json::value>(subscribed);
  if (result.ok()) {
    out.reply.ok = true;
    out.reply.result = ReplyResult(std::move(*result));
    return out;
  }
  if (std::optional<std::string> code = HelperErrorCode(result.status())) {
    out.reply.error = std::move(*code);
    out.reply.message = std::string(ToStd(result.status().message()));
    return out;
  }
  if (result.status().code() == absl::StatusCode::kInternal) {
    out.reply.error = "unknown error";
    out.reply.message = absl::StrCat(ToAbsl(method), " failed: ", result.status().message());
    return out;
  }
  return result.status();
}

const json::value* PageLayer::Reserved(std::string_view label, BidiTransport& transport,
                                       EventSink on_event, std::string* why) {
  if (label != kTabLabel) return nullptr;
  PageContext page(transport, state_, "<<tab>>", kTabLookupTimeout, on_event);
  absl::StatusOr<std::string> tab = page.CurrentTab();
  if (!tab.ok()) {
    *why = absl::StrCat("the current tab could not be found: ", tab.status().message());
    return nullptr;
  }
  tab_value_ = json::string(*tab);
  return &tab_value_;
}

bool PageLayer::OnEvent(const json::value& event) {
  const json::object* object = event.if_object();
  const json::value* method = object != nullptr ? object->if_contains("method") : nullptr;
  if (method == nullptr || !method->is_string()) return true;
  const std::string_view name = method->get_string();
  if (name == "browsingContext.contextDestroyed" && !state_.current_tab.empty()) {
    const json::value* params = object->if_contains("params");
    const json::object* p = params != nullptr ? params->if_object() : nullptr;
    const json::value* context = p != nullptr ? p->if_contains("context") : nullptr;
    // The browser's first open tab becomes current when the next helper needs one.
    if (StringIs(context, state_.current_tab)) state_.current_tab.clear();
  }
  return state_.events.Shows(name);
}

void PageLayer::AfterCommand(std::string_view method, const json::object& params,
                             const BidiReply& reply) {
  state_.events.AfterCommand(method, params, reply);
}

}  // namespace firefox_bidi::page
