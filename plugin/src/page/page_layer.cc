#include "page/page_layer.h"

#include <boost/json/array.hpp>
#include <boost/json/serialize.hpp>
#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "core/batch_args.h"
#include "core/json_fields.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"
#include "page/helper_error.h"
#include "page/helper_registry.h"
#include "page/helpers/navigation.h"
#include "page/helpers/storage.h"
#include "page/js_library.h"

namespace firefox_bidi::page {
namespace json = boost::json;
namespace {

// Decodes the image from its bytes (a Blob, so no URL the page's CSP could refuse), draws it
// smoothed at the new size and encodes it in the same format; returns the base64 of it.
constexpr char kScaleImage[] = R"js(async (data, mime, width, height) => {
  const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  const bitmap = await createImageBitmap(new Blob([bytes], {type: mime}));
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext("2d");
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const blob = await canvas.convertToBlob({type: mime});
  const url = await new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
  return url.slice(url.indexOf(",") + 1);
})js";

// The largest body page.requests can show: Firefox keeps no data of a larger one.
constexpr std::int64_t kMaxCollectedBodyBytes = 1 << 20;

// <<tab>> asks the browser for its first tab at most once per session; this bounds that.
constexpr std::chrono::milliseconds kTabLookupTimeout{10000};
// Bounds loading the config's storage_state when a browser session starts.
constexpr std::chrono::milliseconds kStorageStateTimeout{30000};

// navigator.webdriver reads false, through a proxy of the browser's own getter: the property
// keeps its place and shape, and its getter still prints as native code. It runs in the
// sandbox realm (the page's objects through wrappedJSObject, the proxy and its trap made of
// the page's own builtins): any preload script in the page's own realm makes Firefox 153 fail
// to report a rejected promise there ("Missing stack, unable to build exceptionDetails").
// The trap: Array.isArray(target, ...) is false for a function.
constexpr char kHideWebdriverFlag[] = R"js(() => {
  const page = window.wrappedJSObject;
  const prototype = page.Navigator.prototype;
  const descriptor = Object.getOwnPropertyDescriptor(prototype, "webdriver");
  if (!descriptor || !descriptor.configurable || !descriptor.get) return;
  const handler = new page.Object();
  handler.apply = page.Array.isArray;
  descriptor.get = new page.Proxy(descriptor.get, handler);
  Object.defineProperty(prototype, "webdriver", descriptor);
})js";

}  // namespace

void PageLayer::BeginCall(std::uint64_t session_generation) {
  if (session_generation == state_.generation) return;
  state_.Reset(session_generation);
  if (watch_ != nullptr) watch_->Reset();
}

void PageLayer::JoinSession(std::uint64_t session_generation, const PageState& owner) {
  state_.generation = session_generation;
  state_.session = owner.session;
  state_.files = owner.files;
  state_.events.SetInternalSubscribed(owner.events.internal_subscribed());
}

absl::Status PageLayer::Subscribe(BidiTransport& transport) {
  if (state_.events.internal_subscribed()) return absl::OkStatus();
  // Named: an EventSink refers to its callable, which must outlive `page`.
  const auto observe = [this](json::value event) { OnEvent(event); };
  PageContext page(transport, state_, "session.subscribe", kTabLookupTimeout, observe);
  return SetUpSession(page);
}

absl::Status PageLayer::SetUpSession(PageContext& page) {
  RETURN_IF_ERROR(page.EnsureSubscribed());
  if (record_network_ && !state_.session->collector_tried) {
    // page.requests' bodies, of every request from now on (a body larger than the bound is
    // not kept). Without it (an older Firefox) page.requests says the bodies cannot be had.
    state_.session->collector_tried = true;
    absl::StatusOr<json::value> added = page.Command(
        "network.addDataCollector", json::object{{"dataTypes", json::array{"request", "response"}},
                                                 {"maxEncodedDataSize", kMaxCollectedBodyBytes}});
    if (added.ok() && added->is_object()) {
      if (const json::value* id = added->get_object().if_contains("collector");
          id != nullptr && id->is_string()) {
        state_.session->collector = std::string(id->get_string());
      }

    } else if (!added.ok() && !HelperErrorCode(added.status())) {
      return added.status();  // the transport failed
    }
    // After the collector, in a subscription of its own: measured with Firefox 153, a
    // request's body is kept only when this subscription comes after the collector (in the
    // first subscription, network.getData never answers for the request's body).
    // page.route's intercept delivers its blocked requests by it too.
    RETURN_IF_ERROR(
        page.Command("session.subscribe", json::object{{"events", json::array{kRequestEvent}}})
            .status());
  }
  if (!hide_webdriver_flag_ || state_.session->webdriver_flag_hidden) return absl::OkStatus();
  // In every document, before the page's own scripts run.
  RETURN_IF_ERROR(
      page.Command("script.addPreloadScript",
                   json::object{{"functionDeclaration", kHideWebdriverFlag}, {"sandbox", kSandbox}})
          .status());
  state_.session->webdriver_flag_hidden = true;
  return absl::OkStatus();
}

absl::Status PageLayer::LoadStorageState(BidiTransport& transport, const std::string& path,
                                         std::string_view what) {
  const auto observe = [this](json::value event) { OnEvent(event); };
  PageContext page(transport, state_, what, kStorageStateTimeout, observe);
  return page::LoadStorageState(page, path, what).status();
}

bool PageLayer::Handles(std::string_view method) const { return method.starts_with(kHelperPrefix); }

absl::StatusOr<ExecutorReply> PageLayer::Execute(std::string_view method,
                                                 const json::object& params,
                                                 std::chrono::milliseconds timeout,
                                                 BidiTransport& transport, EventSink on_event) {
  ExecutorReply out;
  const HelperSpec* helper = FindHelper(method);
  if (helper == nullptr) {  // ParseBatchArgs refuses these; kept for direct callers
    out.reply.error = std::string(FrameErrorName(kInvalidArgument));
    out.reply.message = absl::StrCat("unknown helper ", ToAbsl(method));
    return out;
  }
  out.file = helper->file;
  PageContext page(transport, state_, method, timeout, on_event);
  const absl::Status subscribed = SetUpSession(page);
  opened_.clear();
  watching_opened_ = true;
  const bool dialog_was_open = state_.dialogs.Find(TabOf(params)) != nullptr;
  absl::Status checked = subscribed.ok() ? CheckDeclaredParams(*helper, params) : subscribed;
  if (checked.ok()) checked = ApplyTimeoutParam(*helper, params, page);
  absl::StatusOr<json::value> result =
      checked.ok() ? helper->run(page, params) : absl::StatusOr<json::value>(checked);
  watching_opened_ = false;
  for (const std::string& context : page.hidden()) std::erase(opened_, context);
  const std::string tab = TabOf(params);  // the current tab is known once a helper has run
  if (!result.ok() && IsHelperError(result.status(), kDialogOpen) && !dialog_was_open &&
      (method == "page.click" || method == "page.press" || method == "page.type")) {
    // The input reached the page and opened a dialog: that is what it did. The tab stays. (A
    // dialog open before it began held the input back: that stays the error it is.)
    absl::StatusOr<PageInfo> info = GetPageInfo(page, tab);
    if (info.ok()) {
      json::object done = UrlAndTitle(*info);
      done["navigated"] = false;
      result = json::value(std::move(done));
    }
  }
  if (result.ok()) {
    // A click or key that opened tabs says so; the current tab does not change.
    if (json::object* object = result->if_object();
        object != nullptr && !opened_.empty() && method != "page.tabs") {
      json::array opened;
      for (const std::string& id : opened_) opened.emplace_back(id);
      (*object)["opened"] = std::move(opened);
    }
    state_.dialogs.Annotate(tab, *result);
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
    out.reply.error = FrameErrorName(kUnknownError);
    out.reply.message = absl::StrCat(ToAbsl(method), " failed: ", result.status().message());
    return out;
  }
  return result.status();
}

absl::StatusOr<std::string> PageLayer::ScaleImage(std::string_view base64, std::string_view mime,
                                                  ImageSize size, std::string_view context,
                                                  std::chrono::milliseconds timeout,
                                                  BidiTransport& transport, EventSink on_event) {
  PageContext page(transport, state_, "the screenshot's model copy", timeout, on_event);
  std::string tab(context);
  if (tab.empty()) {
    ASSIGN_OR_RETURN(tab, page.CurrentTab());
  }
  auto string = [](std::string_view v) { return json::object{{"type", "string"}, {"value", v}}; };
  auto number = [](std::uint32_t v) { return json::object{{"type", "number"}, {"value", v}}; };
  const json::object params{{"functionDeclaration", kScaleImage},
                            {"awaitPromise", true},
                            {"target", json::object{{"context", tab}, {"sandbox", kSandbox}}},
                            {"arguments", json::array{string(base64), string(mime),
                                                      number(size.width), number(size.height)}},
                            {"resultOwnership", "none"}};
  ASSIGN_OR_RETURN(const json::value result, page.Command("script.callFunction", params));
  const json::object* object = result.if_object();
  const json::value* remote = object != nullptr ? object->if_contains("result") : nullptr;
  const json::object* value = remote != nullptr ? remote->if_object() : nullptr;
  const json::value* text = value != nullptr ? value->if_contains("value") : nullptr;
  if (text == nullptr || !text->is_string()) {
    return absl::InternalError(
        absl::StrCat("scaling the screenshot failed in the browser: ", json::serialize(result)));
  }
  return std::string(text->get_string());
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

absl::StatusOr<BidiReply> PageLayer::SendRaw(std::string_view method, const json::object& params,
                                             std::chrono::milliseconds timeout,
                                             BidiTransport& transport, EventSink on_event,
                                             const RawSend& send) {
  const bool input = method == "input.performActions" || method == "input.releaseActions";
  const bool activate = method == "browsingContext.activate";
  const std::string_view context = StringAt(&params, "context");
  if (state_.agent.focus == nullptr || (!input && !activate) || context.empty()) return send();
  PageContext page(transport, state_, method, timeout, on_event);
  std::optional<absl::StatusOr<BidiReply>> reply;
  const auto dispatch = [&] {
    reply = send();
    // Whatever it says is the frame's; only an activation that worked gave its window the focus.
    return reply->ok() && (*reply)->ok ? absl::OkStatus() : absl::CancelledError();
  };
  const std::string tab = state_.logs.TabOf(context);  // input in a frame: its tab's window
  const absl::Status turn =
      activate ? page.Activate(tab, dispatch)
               : page.InInputTurn(tab, dispatch, PageContext::ActivateFirst::kIfTakenByAnother);
  if (reply) return std::move(*reply);
  // Not sent: the wait for the turn, or the activation before it, failed.
  if (std::optional<std::string> code = HelperErrorCode(turn)) {
    BidiReply refused;
    refused.error = std::move(*code);
    refused.message = std::string(ToStd(turn.message()));
    return refused;
  }
  return turn;
}

std::string PageLayer::TabOf(const json::object& params) const {
  const json::value* tab = params.if_contains("tab");
  return tab != nullptr && tab->is_string() ? std::string(tab->get_string()) : state_.current_tab;
}

bool PageLayer::OnEvent(const json::value& event) {
  const json::object* object = event.if_object();
  const json::value* method = object != nullptr ? object->if_contains("method") : nullptr;
  if (method == nullptr || !method->is_string()) return true;
  const std::string_view name = method->get_string();
  const json::value* params = object->if_contains("params");
  const json::object* p = params != nullptr ? params->if_object() : nullptr;
  const json::value* context = p != nullptr ? p->if_contains("context") : nullptr;
  if (name == "browsingContext.contextDestroyed" && context != nullptr && context->is_string()) {
    // The most recently current open tab becomes current (with none, the browser's first
    // open tab, when the next helper needs one).
    state_.tab_history.Closed(state_.current_tab, context->get_string());
    std::erase(opened_, context->get_string());
  }
  if (name == "browsingContext.contextCreated" && watching_opened_ && context != nullptr &&
      context->is_string()) {
    const json::value* parent = p->if_contains("parent");
    if (parent == nullptr || parent->is_null()) opened_.emplace_back(context->get_string());
  }
  state_.dialogs.Observe(*object, [this](std::string_view c) { return state_.logs.TabOf(c); });
  state_.logs.Observe(*object);
  state_.origins.Observe(*object, [this](std::string_view c) { return state_.logs.TabOf(c) == c; });
  state_.requests.Observe(*object, state_.logs);
  state_.in_flight.Observe(*object, [this](std::string_view c) { return state_.logs.TabOf(c); });
  if (name == "network.beforeRequestSent" && p != nullptr) return OnBeforeRequestSent(*p);
  return state_.events.Shows(name);
}

bool PageLayer::OnBeforeRequestSent(const json::object& params) {
  const json::value* blocked = params.if_contains("isBlocked");
  const json::value* intercepts = params.if_contains("intercepts");
  const std::string& ours = state_.routes.intercept;
  bool by_us = false;
  bool by_others = false;
  if (blocked != nullptr && blocked->is_bool() && blocked->get_bool() && intercepts != nullptr &&
      intercepts->is_array()) {
    for (const json::value& id : intercepts->get_array()) {
      if (!ours.empty() && StringIs(&id, ours)) {
        by_us = true;
      } else {
        by_others = true;
      }
    }
  }
  if (!by_us) return state_.events.Shows("network.beforeRequestSent");
  // Blocked by the model's own intercept too: the model answers it, when it sees the event.
  const bool model_sees = state_.events.Shows("network.beforeRequestSent");
  if (by_others && model_sees) return true;
  RouteAnswer answer = state_.routes.Answer(params);
  if (transport_ != nullptr && transport_->Post(answer.method, answer.params).ok() &&
      !answer.how.empty()) {
    const json::value* request = params.if_contains("request");
    const json::object* r = request != nullptr ? request->if_object() : nullptr;
    const json::value* id = r != nullptr ? r->if_contains("request") : nullptr;
    if (id != nullptr && id->is_string()) {
      state_.requests.Routed(std::string_view(id->get_string()), std::move(answer.how));
    }
  }
  return false;
}

}  // namespace firefox_bidi::page
