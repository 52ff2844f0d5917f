#include "core/batch_runner.h"

#include <algorithm>
#include <atomic>
#include <boost/json/object.hpp>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "core/base64.h"
#include "core/batch_files.h"
#include "core/event_log.h"
#include "core/frame_error.h"
#include "core/frame_hints.h"
#include "core/interpolate.h"
#include "core/media_type.h"
#include "core/records.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"
#include "core/transport_error.h"

namespace firefox_bidi {
namespace {

// How a failure of the tab guard's own commands is reported: their timeout.
constexpr std::chrono::milliseconds kContainTimeout{10000};

// The exception message of a script.evaluate / script.callFunction result that is an
// exception. Decided from the first bytes when the result is text (Firefox writes "type"
// first), else from the value; a large unchecked result those bytes do not decide is parsed
// only when `parse_large` (once the next frame has been sent).
std::optional<std::string> ScriptThrew(const ReplyResult& result, bool parse_large) {
  if (const std::string* text = result.text_as_held()) {
    switch (QuickScriptVerdict(*text)) {
      case ScriptVerdict::kSuccess:
        return std::nullopt;
      case ScriptVerdict::kException:
        break;
      case ScriptVerdict::kUndecided:
        if (result.is_unchecked() && !parse_large) return std::nullopt;
        break;
    }
  }
  return ScriptExceptionMessage(result.value());
}

// What a frame's outcome means for the frames after it.
enum class Outcome {
  kOk,
  kFailed,   // later frames run only with on_error "continue"
  kStopAll,  // the browser is gone or the call was cancelled: later frames are skipped
};

// One run of one batch: the frame loop. It keeps each frame's outcome, the labels and the
// pending record; the records (record_builder.h), the events (event_log.h) and the spool files
// they write (batch_files.h) are units of their own, and frames the plugin carries out itself
// go to options.executor (frame_executor.h).
class BatchRun {
 public:
  BatchRun(const BatchArgs& args, BidiTransport& transport, Spool& spool, LabelCache& label_cache,
           const RunOptions& options)
      : args_(args),
        transport_(transport),
        label_cache_(label_cache),
        options_(options),
        files_(spool, args.agent, options.limits.max_spool_in_flight_bytes, options.deferred_spool),
        records_(options, files_, args.frames.size()),
        events_(options.limits) {}

  std::string Run() {
    // Events that arrived between calls are told apart from the first frame's.
    if (!Cancelled()) {
      transport_.PollEvents([this](boost::json::value event) { OnEvent(std::move(event), -1); });
    }
    // What the tab guard saw between calls (a refused load, a page that never answered after a
    // cancel) is dealt with before anything is sent; the first frame then fails with the reason.
    std::optional<Outcome> contained;
    if (!args_.frames.empty()) contained = ContainTabs(0, args_.frames[0], /*sent=*/false);
    bool skip_rest = false;
    for (std::size_t i = 0; i < args_.frames.size(); ++i) {
      const Frame& frame = args_.frames[i];
      if (skip_rest) {
        AddRecord(i, SkippedRecord(Head(i)));
        continue;
      }
      const Outcome outcome = i == 0 && contained ? *contained : RunFrame(i, frame);
      // A pending frame that failed once this one was sent stops the frames after this one.
      const bool pending_failed = std::exchange(pending_failed_, false);
      const bool failed = outcome == Outcome::kFailed || pending_failed;
      if (outcome == Outcome::kStopAll || (failed && args_.on_error == OnError::kStop)) {
        skip_rest = true;
      }
      if (options_.on_progress) {
        options_.on_progress(i + 1, args_.frames.size(),
                             absl::StrCat("frame ", i, " ", frame.method));
      }
    }
    FinishPending();
    std::vector<std::string> events = events_.Finish(
        records_.SizeWithEmptyEvents(), options_.max_result_bytes, args_.frames.size(), files_);
    // Every spool write has finished before the result is returned; a failed one turns its
    // record (or the events marker) into an error, so every path in the result exists.
    const std::vector<absl::Status> written = files_.Drain();
    records_.CheckWritten(written);
    events_.CheckWritten(written, events);
    for (auto& [label, result] : cacheable_) {
      // The cache keeps the parsed value, sharing ownership of the whole result.
      const boost::json::value* value = &result->value();
      label_cache_.Put(label, std::shared_ptr<const boost::json::value>(std::move(result), value));
    }
    return records_.Assemble(events);
  }

 private:
  RecordHead Head(std::size_t i) const {
    return RecordHead{i, args_.frames[i].method, args_.frames[i].label};
  }

  // Records are added in frame order: a pending record goes first.
  void AddRecord(std::size_t i, std::string text) {
    FinishPending();
    records_.Add(Head(i), std::move(text));
  }

  Outcome Fail(std::size_t i, std::string_view code, std::string_view message,
               Outcome outcome = Outcome::kFailed) {
    AddRecord(i, ErrorRecord(Head(i), code, message));
    if (!args_.frames[i].label.empty()) failed_labels_.emplace(args_.frames[i].label, i);
    return outcome;
  }

  // A labeled result whose compact serialization fits an inline record is kept for the label
  // cache. A result already held as text is measured by its size, not serialized again.
  void RememberIfSmall(const Frame& frame, const std::shared_ptr<ReplyResult>& result) {
    if (frame.label.empty()) return;
    const bool small =
        result->has_text()
            ? result->text().size() <= options_.max_inline_bytes
            : SerializedSizeWithin(result->value(), options_.max_inline_bytes).has_value();
    if (small) cacheable_.emplace_back(frame.label, result);
  }

  bool Cancelled() const {
    return options_.cancelled != nullptr && options_.cancelled->load(std::memory_order_relaxed);
  }

  const boost::json::value* Lookup(std::string_view label, std::string* why) {
    if (options_.executor != nullptr) {
      auto sink = [this](boost::json::value event) { OnEvent(std::move(event), frame_in_flight_); };
      std::string reserved_why;
      const boost::json::value* value =
          options_.executor->Reserved(label, transport_, sink, &reserved_why);
      if (value != nullptr) return value;
      if (!reserved_why.empty()) {
        *why = std::move(reserved_why);
        return nullptr;
      }
    }
    if (auto it = bindings_.find(label); it != bindings_.end()) return &it->second->value();
    if (auto it = failed_labels_.find(label); it != failed_labels_.end()) {
      *why = absl::StrCat("frame ", it->second, ", which has this label, failed");
      return nullptr;
    }
    // The cache does not change during a batch, so the pointer stays valid.
    return label_cache_.Get(label).get();
  }

  // Keeps the event, unless the page watch or the executor hides it, tagged with the frame in
  // flight (-1: none, it arrived between calls).
  void OnEvent(boost::json::value event, std::int64_t frame) {
    if (TabGuard* guard = options_.tab_guard; guard != nullptr) {
      const std::optional<std::string> refused_in = guard->Observe(event, [&] {
        return options_.executor != nullptr ? options_.executor->UserContextOfEvent(event)
                                            : std::string();
      });
      // The reply may come from the refused document: stop waiting for it (not for a refusal
      // in another agent's tab, which the guard closes and tells that agent).
      if (refused_in && !containing_ && !guard_interrupted_ &&
          (refused_in->empty() || *refused_in == CallersUserContext())) {
        guard_interrupted_ = true;
        transport_.Interrupt();
      }
    }
    if (PageWatch* watch = options_.page_watch) {
      std::optional<PageWatch::Interruption> hit =
          watch->OnEvent(event, watched_ ? &*watched_ : nullptr);
      if (hit && !interruption_) {
        // The reply will not come (or not before the model acts): stop waiting for it.
        interruption_ = std::move(*hit);
        transport_.Interrupt();
      }
      const boost::json::value* method =
          event.is_object() ? event.get_object().if_contains("method") : nullptr;
      if (method != nullptr && method->is_string() && !watch->Visible(method->get_string())) {
        return;
      }
    }
    if (options_.executor != nullptr && !options_.executor->OnEvent(event)) return;
    events_.Add(std::move(event), frame);
  }

  // Makes the pending successful frame's record, if any.
  void FinishPending() {
    if (!pending_) return;
    auto [i, result] = std::move(*std::exchange(pending_, std::nullopt));
    if (Emit(i, args_.frames[i], std::move(result)) == Outcome::kFailed) pending_failed_ = true;
  }

  Outcome RunFrame(std::size_t i, const Frame& frame) {
    frame_in_flight_ = static_cast<std::int64_t>(i);
    if (Cancelled()) {
      return Fail(
          i, FrameErrorCode(TransportError::kCancelled),
          absl::StrCat("the call was cancelled before frame ", i, " (", frame.method, ") was sent"),
          Outcome::kStopAll);
    }
    // Params without references are sent as they are, without a copy.
    std::optional<boost::json::object> interpolated;
    if (NeedsInterpolation(frame.params)) {
      FinishPending();  // a reference to the pending frame's label needs its checked result
      interpolated.emplace(frame.params);
      const absl::Status status = InterpolateInPlace(
          *interpolated,
          [this](std::string_view label, std::string* why) { return Lookup(label, why); });
      if (!status.ok()) {
        return Fail(i, FrameErrorName(FrameError::kInvalidInterpolation),
                    absl::StrCat(status.message(), "; frame ", i, " was not sent"));
      }
    }
    const boost::json::object& params = interpolated ? *interpolated : frame.params;
    std::optional<boost::json::object> resolved;  // the policy's, when it rewrites params
    if (absl::Status allowed = Allowed(frame.method, params, &resolved); !allowed.ok()) {
      return Fail(i, FrameErrorName(FrameError::kNotAllowed),
                  absl::StrCat(allowed.message(), "; frame ", i, " was not sent"));
    }
    const boost::json::object& sent = resolved ? *resolved : params;
    if (std::optional<std::string> why = UnansweredFrame(frame.method, sent)) {
      return Fail(i, FrameErrorName(FrameError::kInvalidArgument),
                  absl::StrCat(*why, "; frame ", i, " was not sent"));
    }
    const std::chrono::milliseconds timeout = frame.timeout.value_or(options_.frame_timeout);
    auto sink = [this, i](boost::json::value event) {
      OnEvent(std::move(event), static_cast<std::int64_t>(i));
    };
    absl::StatusOr<BidiReply> reply = absl::UnknownError("");
    const bool helper = options_.executor != nullptr && options_.executor->Handles(frame.method);
    watched_.reset();
    // The browsing context the frame waits on: asked about if it gets no reply (TabGuard).
    std::string waits_on;
    if (options_.tab_guard != nullptr) {
      if (helper) {
        waits_on = options_.executor->TabOf(sent);
      } else if (std::optional<PageWatch::WatchedFrame> w = PageWatch::Watch(frame.method, sent)) {
        waits_on = std::string(w->context);
      }
    }
    if (helper) {
      FinishPending();  // a helper sends several commands: no overlap with the pending record
      absl::StatusOr<ExecutorReply> done =
          options_.executor->Execute(frame.method, sent, timeout, transport_, sink);
      if (done.ok()) {
        if (done->file != ResultFile::kJson) result_files_.emplace(i, done->file);
        reply = std::move(done->reply);
      } else {
        reply = done.status();
      }
    } else {
      if (options_.page_watch != nullptr) watched_ = PageWatch::Watch(frame.method, sent);
      const auto send = [&] {
        return transport_.Call(frame.method, sent, timeout, sink, [this] { FinishPending(); });
      };
      reply = options_.executor != nullptr
                  ? options_.executor->SendRaw(frame.method, sent, timeout, transport_, sink, send)
                  : send();
      FinishPending();  // if the hook did not run: the command was not sent
      watched_.reset();
    }
    // No reply in time, or the host cancelled (not a stop of the runner's own: a refused load,
    // a prompt): the page may be stuck in a script.
    if (options_.tab_guard != nullptr &&
        ((!reply.ok() &&
          (TransportErrorOf(reply.status()) == TransportError::kReplyTimeout ||
           (TransportErrorOf(reply.status()) == TransportError::kCancelled && Cancelled()))) ||
         (reply.ok() && !reply->ok && helper &&
          reply->error == FrameErrorCode(TransportError::kReplyTimeout)))) {
      options_.tab_guard->NoteUnanswered(waits_on);
    }
    // A browser that went away has nothing left to close (the next call starts afresh).
    const bool gone =
        !reply.ok() && TransportErrorOf(reply.status()) == TransportError::kDisconnected;
    if (std::optional<Outcome> refused =
            gone ? std::nullopt : ContainTabs(i, frame, /*sent=*/true)) {
      interruption_.reset();
      return *refused;
    }
    if (std::optional<PageWatch::Interruption> hit = std::exchange(interruption_, std::nullopt)) {
      if (!Cancelled()) {
        transport_.ClearInterrupt();
        if (!reply.ok() && TransportErrorOf(reply.status()) == TransportError::kCancelled) {
          return Fail(
              i, hit->code,
              absl::StrCat("frame ", i, " (", frame.method, ") stopped waiting: ", hit->reason));
        }
      }
    }
    if (!reply.ok()) {
      if (options_.page_watch != nullptr &&
          TransportErrorOf(reply.status()) == TransportError::kDisconnected) {
        options_.page_watch->Reset();  // the next call starts a fresh browser
      }
      return TransportFailure(i, frame, timeout, reply.status());
    }
    if (!reply->ok) {
      // A helper's message already says what to do; BiDi's own errors get explained.
      return Fail(i,
                  reply->error.empty() ? FrameErrorName(FrameError::kUnknownError) : reply->error,
                  helper ? absl::StrCat(reply->message, Unresponsive())
                         : ExplainBidiError(frame.method, reply->error, reply->message));
    }
    auto result = std::make_shared<ReplyResult>(std::move(reply->result));
    if (!frame.label.empty()) bindings_.emplace(frame.label, result);
    if (PageWatch* watch = options_.page_watch) {
      if (frame.method == "session.subscribe") watch->NoteSubscribe(sent, result->value());
      if (frame.method == "session.unsubscribe") watch->NoteUnsubscribe(sent);
      if (frame.method == "network.addIntercept") watch->NoteIntercept(result->value());
      if (frame.method == "network.removeIntercept") watch->NoteInterceptRemoved(sent);
    }
    // A script that threw fails its frame before the next is sent, so on_error can stop it.
    if (ReturnsEvaluateResult(frame.method)) {
      if (std::optional<std::string> thrown = ScriptThrew(*result, /*parse_large=*/false)) {
        return ScriptFailed(i, frame, result, *thrown);
      }
    }
    MakeModelImage(i, frame, sent, *result, timeout, sink);
    // Without pick the record cannot fail the frame (a malformed reply aside), so it can wait.
    if (!frame.pick && options_.finish_after_next_send) {
      pending_.emplace(i, std::move(result));
      return Outcome::kOk;
    }
    return Emit(i, frame, std::move(result));
  }

  // A screenshot too large for a model gets its smaller copy now, while the browser that
  // draws it is at hand (DESIGN.md section 9, images sized for models); its record takes it.
  // Without an executor that can scale, or when the browser fails to, the record has none.
  void MakeModelImage(std::size_t i, const Frame& frame, const boost::json::object& sent,
                      ReplyResult& result, std::chrono::milliseconds timeout, EventSink sink) {
    if (options_.executor == nullptr || frame.silent || !result.status().ok()) return;
    const auto file = result_files_.find(i);
    if (frame.method != "browsingContext.captureScreenshot" &&
        (file == result_files_.end() || file->second != ResultFile::kMedia)) {
      return;
    }
    const boost::json::object* object = result.value().if_object();
    const boost::json::value* data = object != nullptr ? object->if_contains("data") : nullptr;
    if (data == nullptr || !data->is_string()) return;
    const std::string_view base64 = data->get_string();
    // Every header ImageSizeOf reads fits in the first 3 KiB: only those are decoded.
    absl::StatusOr<std::string> head =
        DecodeBase64(base64.substr(0, std::min<std::size_t>(base64.size(), 4096)));
    if (!head.ok()) return;
    const std::optional<MediaType> type = SniffMediaType(*head);
    const std::optional<ImageSize> size = ImageSizeOf(*head);
    const std::optional<ImageSize> target = size ? ModelImageSize(*size) : std::nullopt;
    if (!type || !target) return;
    // Raw frames name their context; helpers their "tab", or the executor's current one.
    std::string_view context;
    for (const char* key : {"context", "tab"}) {
      if (const boost::json::value* v = sent.if_contains(key); v != nullptr && v->is_string()) {
        context = v->get_string();
        break;
      }
    }
    absl::StatusOr<std::string> scaled = options_.executor->ScaleImage(
        base64, type->mime, *target, context, timeout, transport_, sink);
    absl::StatusOr<std::string> bytes =
        scaled.ok() ? DecodeBase64(*scaled) : absl::StatusOr<std::string>(scaled.status());
    if (!bytes.ok()) return;
    // What the model is handed is judged by the file's own header, not by what was asked.
    const std::optional<ImageSize> made = ImageSizeOf(*bytes);
    if (!made || SniffMediaType(*bytes)->mime != type->mime || ModelImageSize(*made)) return;
    model_images_.emplace(i, ModelImageCopy{std::move(*bytes), *made});
  }

  // Runs the tab guard's work, if any (after frame i, or before it when !sent). The frame
  // fails with "not allowed" when a load was refused or tabs were closed past the bound, and
  // with the transport's failure when closing them failed (the work then waits for the next
  // frame or call). A tab closed because its page did not answer is said by the frame's own
  // timeout (or, before a frame, fails it as one); nullopt otherwise.
  std::optional<Outcome> ContainTabs(std::size_t i, const Frame& frame, bool sent) {
    TabGuard* guard = options_.tab_guard;
    const bool interrupted = std::exchange(guard_interrupted_, false);
    if (guard == nullptr || !guard->HasWork(CallersUserContext())) return std::nullopt;
    if (interrupted && !Cancelled()) transport_.ClearInterrupt();
    containing_ = true;
    auto sink = [this, i](boost::json::value event) {
      OnEvent(std::move(event), static_cast<std::int64_t>(i));
    };
    absl::StatusOr<TabGuard::Report> report =
        guard->Contain(transport_, sink, CallersUserContext());
    containing_ = false;
    const std::string what =
        absl::StrCat("frame ", i, " (", frame.method, ") ", sent ? "stopped" : "was not sent");
    if (!report.ok()) {
      if (TransportErrorOf(report.status()) != TransportError::kOther) {
        return TransportFailure(i, frame, kContainTimeout, report.status());
      }
      return Fail(i, FrameErrorName(FrameError::kNotAllowed),
                  absl::StrCat(what, ": a tab that must not stay open could not be closed: ",
                               report.status().message()));
    }
    const std::string when = sent ? "" : " (this happened between calls)";
    if (!report->refused.empty()) {
      return Fail(
          i, FrameErrorName(FrameError::kNotAllowed),
          absl::StrCat(what, when, ": ", report->refused,
                       report->unresponsive.empty() ? "" : "; also ", report->unresponsive));
    }
    if (report->unresponsive.empty()) return std::nullopt;
    if (sent) {
      unresponsive_ = std::move(report->unresponsive);  // said by the frame's timeout
      return std::nullopt;
    }
    return Fail(
        i, FrameErrorCode(TransportError::kReplyTimeout),
        absl::StrCat(what, " (the last call's frame got no reply): ", report->unresponsive));
  }

  // The user context of the agent the batch runs as ("" without agents).
  std::string CallersUserContext() const {
    return options_.executor != nullptr ? options_.executor->UserContext() : "";
  }

  // "; " and what the tab guard did about a page that did not answer, once ("" for nothing).
  std::string Unresponsive() {
    std::string note = std::exchange(unresponsive_, "");
    return note.empty() ? note : absl::StrCat("; ", note);
  }

  // A script exception: an error record, but the label binds the whole result.
  Outcome ScriptFailed(std::size_t i, const Frame& frame,
                       const std::shared_ptr<ReplyResult>& result, std::string_view message) {
    RememberIfSmall(frame, result);
    AddRecord(i, ErrorRecord(Head(i), FrameErrorName(FrameError::kJavascriptError), message));
    return Outcome::kFailed;
  }

  // The one place a frame is judged before it is sent (DESIGN.md section 10). `*resolved`: the
  // params to send instead, when the policy resolved files in them.
  absl::Status Allowed(std::string_view method, const boost::json::object& params,
                       std::optional<boost::json::object>* resolved) const {
    if (options_.policy != nullptr) {
      RETURN_IF_ERROR(options_.policy->CheckFrame(method, params, resolved));
    }
    if (!options_.confine) return absl::OkStatus();
    std::optional<boost::json::object> confined;
    RETURN_IF_ERROR(options_.confine(method, *resolved ? **resolved : params, &confined));
    if (confined) *resolved = std::move(confined);
    return absl::OkStatus();
  }

  Outcome TransportFailure(std::size_t i, const Frame& frame, std::chrono::milliseconds timeout,
                           const absl::Status& status) {
    const TransportError error = TransportErrorOf(status);
    const std::string_view code = FrameErrorCode(error);
    switch (error) {
      case TransportError::kReplyTimeout:
        return Fail(i, code,
                    absl::StrCat("no reply to frame ", i, " (", frame.method, ") within ",
                                 timeout.count(), " ms", Unresponsive()));
      case TransportError::kDisconnected:
        return Fail(i, code,
                    // The browser session's message says what the next call does.
                    absl::StrCat(status.message(), "; frame ", i, " (", frame.method,
                                 ") got no reply and later frames were not sent"),
                    Outcome::kStopAll);
      case TransportError::kCancelled:
        return Fail(i, code,
                    absl::StrCat("the call was cancelled while frame ", i, " (", frame.method,
                                 ") waited for its reply", Unresponsive()),
                    Outcome::kStopAll);
      case TransportError::kMessageTooLarge:
      case TransportError::kNotBidi:
      case TransportError::kOther:
        break;
    }
    return Fail(i, code, ToStd(status.message()));
  }

  // Makes the record of a successful frame, unless its result turns out not to be BiDi or a
  // script that threw.
  Outcome Emit(std::size_t i, const Frame& frame, std::shared_ptr<ReplyResult> result) {
    if (const absl::Status& status = result->status(); !status.ok()) {
      if (!frame.label.empty()) bindings_.erase(frame.label);
      return Fail(i, FrameErrorCode(TransportError::kNotBidi),
                  absl::StrCat("the browser sent a message that is not WebDriver BiDi: ",
                               status.message()));
    }
    if (ReturnsEvaluateResult(frame.method)) {
      if (std::optional<std::string> thrown = ScriptThrew(*result, /*parse_large=*/true)) {
        return ScriptFailed(i, frame, result, *thrown);
      }
    }
    const auto file = result_files_.find(i);
    std::optional<ModelImageCopy> model_image;
    if (auto it = model_images_.find(i); it != model_images_.end()) {
      model_image = std::move(it->second);
      model_images_.erase(it);
    }
    if (!records_.AddResult(Head(i), frame, result,
                            file == result_files_.end() ? ResultFile::kJson : file->second,
                            std::move(model_image))) {
      return Outcome::kFailed;  // "invalid pick": the label is bound, not failed
    }
    RememberIfSmall(frame, result);  // a labeled result has its text by now: sized, not rewritten
    return Outcome::kOk;
  }

  const BatchArgs& args_;
  BidiTransport& transport_;
  LabelCache& label_cache_;
  const RunOptions& options_;

  BatchFiles files_;
  RecordBuilder records_;
  EventLog events_;
  absl::flat_hash_map<std::string_view, std::shared_ptr<ReplyResult>> bindings_;
  absl::flat_hash_map<std::string_view, std::size_t> failed_labels_;
  std::vector<std::pair<std::string_view, std::shared_ptr<ReplyResult>>> cacheable_;
  // What the raw frame in flight waits on (views into its params as sent).
  std::optional<PageWatch::WatchedFrame> watched_;
  std::optional<PageWatch::Interruption> interruption_;  // why it stopped waiting
  bool guard_interrupted_ = false;  // the tab guard interrupted the frame in flight
  bool containing_ = false;         // the tab guard's own commands are in flight
  std::string unresponsive_;        // a tab the guard closed after this frame got no reply
  absl::flat_hash_map<std::size_t, ResultFile> result_files_;      // helper results not JSON
  absl::flat_hash_map<std::size_t, ModelImageCopy> model_images_;  // screenshots' smaller copies
  std::int64_t frame_in_flight_ = -1;  // tags events received while <<tab>> is resolved
  // A successful frame without pick whose record is made once the next frame has been sent.
  std::optional<std::pair<std::size_t, std::shared_ptr<ReplyResult>>> pending_;
  bool pending_failed_ = false;  // the last pending frame's record is an error
};

}  // namespace

std::string RunBatch(const BatchArgs& args, BidiTransport& transport, Spool& spool,
                     LabelCache& label_cache, const RunOptions& options) {
  return BatchRun(args, transport, spool, label_cache, options).Run();
}

namespace {

// Stand-ins for a batch that is cancelled before anything is sent: it uses neither.
class NoTransport final : public BidiTransport {
 public:
  using BidiTransport::Call;
  absl::StatusOr<BidiReply> Call(std::string_view, const boost::json::object&,
                                 std::chrono::milliseconds, EventSink, SentHook) override {
    return TransportErrorStatus(TransportError::kCancelled, "cancelled");
  }
  void Interrupt() override {}
  void ClearInterrupt() override {}
};

class NoSpool final : public Spool {
 public:
  const std::string& directory() const override { return directory_; }
  std::string BeginBatch(std::string_view) override { return {}; }
  absl::StatusOr<SpoolReservation> Reserve(std::string_view, std::size_t, std::string_view,
                                           std::string_view, std::uint64_t) override {
    return absl::FailedPreconditionError("no spool");
  }
  absl::Status Write(const SpoolReservation&, std::string_view) override {
    return absl::FailedPreconditionError("no spool");
  }
  void Release(const SpoolReservation&) override {}
  std::uint64_t used_bytes() const override { return 0; }

 private:
  const std::string directory_;
};

}  // namespace

std::string CancelledBatch(const BatchArgs& args) {
  NoTransport transport;
  NoSpool spool;
  LabelCache labels(0);
  const std::atomic<bool> cancelled{true};
  RunOptions options;
  options.cancelled = &cancelled;
  return RunBatch(args, transport, spool, labels, options);
}

}  // namespace firefox_bidi
