#include "core/batch_runner.h"

#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>
#include <deque>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "core/base64.h"
#include "core/frame_hints.h"
#include "core/interpolate.h"
#include "core/media_type.h"
#include "core/records.h"
#include "core/spool_writer.h"
#include "core/string_view_compat.h"
#include "core/transport_error.h"

namespace firefox_bidi {
namespace {

constexpr std::string_view kResultOpen = R"({"frames":[)";
constexpr std::string_view kResultClose = "]}";
constexpr std::string_view kEventsOpen = R"(],"events":[)";

// Results that are files, not JSON: always spooled decoded from their base64 "data" member,
// typed by their bytes (a screenshot may be PNG, JPEG or WebP); this is the type when the bytes
// match none.
std::optional<MediaType> MediaOf(std::string_view method) {
  if (method == "browsingContext.captureScreenshot") return MediaType{"png", "image/png"};
  if (method == "browsingContext.print") return MediaType{"pdf", "application/pdf"};
  return std::nullopt;
}

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

// One run of one batch. Records are kept as separate texts until the end, because a spool
// write that fails during the drain turns its record into an error record.
class BatchRun {
 public:
  BatchRun(const BatchArgs& args, BidiTransport& transport, Spool& spool, LabelCache& label_cache,
           const RunOptions& options)
      : args_(args),
        transport_(transport),
        spool_(spool),
        label_cache_(label_cache),
        options_(options) {
    records_.reserve(args.frames.size());
  }

  std::string Run() {
    // Events that arrived between calls are told apart from the first frame's.
    if (!Cancelled()) {
      transport_.PollEvents([this](boost::json::value event) { OnEvent(std::move(event), -1); });
    }
    bool skip_rest = false;
    for (std::size_t i = 0; i < args_.frames.size(); ++i) {
      const Frame& frame = args_.frames[i];
      if (skip_rest) {
        AddRecord(SkippedRecord(Head(i)));
        continue;
      }
      const Outcome outcome = RunFrame(i, frame);
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
    std::vector<std::string> events = EventPieces();
    FinishSpoolWrites(events);
    for (auto& [label, result] : cacheable_) {
      // The cache keeps the parsed value, sharing ownership of the whole result.
      const boost::json::value* value = &result->value();
      label_cache_.Put(label, std::shared_ptr<const boost::json::value>(std::move(result), value));
    }
    return Assemble(events);
  }

 private:
  struct Record {
    std::string text;
    std::optional<std::size_t> ticket;  // the spool write this record's marker depends on
  };

  RecordHead Head(std::size_t i) const {
    return RecordHead{i, args_.frames[i].method, args_.frames[i].label};
  }

  // Records are added in frame order: a pending record goes first.
  void AddRecord(std::string text, std::optional<std::size_t> ticket = std::nullopt) {
    FinishPending();
    result_bytes_ += (records_.empty() ? 0 : 1) + text.size();
    records_.push_back(Record{std::move(text), ticket});
  }

  Outcome Fail(std::size_t i, std::string_view code, std::string_view message,
               Outcome outcome = Outcome::kFailed) {
    AddRecord(ErrorRecord(Head(i), code, message));
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

  // Keeps the event tagged with the frame in flight (-1: none, it arrived between calls).
  // Past max_events or max_event_bytes the oldest kept events are dropped and counted; an event
  // larger than max_event_bytes on its own is dropped at once.
  void OnEvent(boost::json::value event, std::int64_t frame) {
    if (PageWatch* watch = options_.page_watch) {
      std::optional<PageWatch::Interruption> hit = watch->OnEvent(event, watched_target_);
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
    if (boost::json::object* object = event.if_object()) object->insert_or_assign("frame", frame);
    std::string text = boost::json::serialize(event);
    if (text.size() > options_.limits.max_event_bytes) {
      ++events_dropped_;
      return;
    }
    event_bytes_ += text.size();
    event_texts_.push_back(std::move(text));
    while (event_texts_.size() > options_.limits.max_events ||
           event_bytes_ > options_.limits.max_event_bytes) {
      event_bytes_ -= event_texts_.front().size();
      event_texts_.pop_front();
      ++events_dropped_;
    }
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
        return Fail(i, "invalid interpolation",
                    absl::StrCat(status.message(), "; frame ", i, " was not sent"));
      }
    }
    const boost::json::object& sent = interpolated ? *interpolated : frame.params;
    if (absl::Status allowed = Allowed(frame.method, sent); !allowed.ok()) {
      return Fail(i, kNotAllowed, absl::StrCat(allowed.message(), "; frame ", i, " was not sent"));
    }
    const std::chrono::milliseconds timeout = frame.timeout.value_or(options_.frame_timeout);
    auto sink = [this, i](boost::json::value event) {
      OnEvent(std::move(event), static_cast<std::int64_t>(i));
    };
    absl::StatusOr<BidiReply> reply = absl::UnknownError("");
    const bool helper = options_.executor != nullptr && options_.executor->Handles(frame.method);
    watched_target_ = nullptr;
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
      if (options_.page_watch != nullptr && ReturnsEvaluateResult(frame.method)) {
        if (const boost::json::value* target = sent.if_contains("target")) {
          watched_target_ = target->if_object();
        }
      }
      reply = transport_.Call(frame.method, sent, timeout, sink, [this] { FinishPending(); });
      FinishPending();  // if the hook did not run: the command was not sent
      watched_target_ = nullptr;
      if (reply.ok() && options_.executor != nullptr) {
        options_.executor->AfterCommand(frame.method, sent, *reply);
      }
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
      return Fail(
          i, reply->error.empty() ? "unknown error" : reply->error,
          helper ? reply->message : ExplainBidiError(frame.method, reply->error, reply->message));
    }
    auto result = std::make_shared<ReplyResult>(std::move(reply->result));
    if (!frame.label.empty()) bindings_.emplace(frame.label, result);
    if (PageWatch* watch = options_.page_watch) {
      if (frame.method == "session.subscribe") watch->NoteSubscribe(sent, result->value());
      if (frame.method == "session.unsubscribe") watch->NoteUnsubscribe(sent);
    }
    // A script that threw fails its frame before the next is sent, so on_error can stop it.
    if (ReturnsEvaluateResult(frame.method)) {
      if (std::optional<std::string> thrown = ScriptThrew(*result, /*parse_large=*/false)) {
        return ScriptFailed(i, frame, result, *thrown);
      }
    }
    // Without pick the record cannot fail the frame (a malformed reply aside), so it can wait.
    if (!frame.pick && options_.finish_after_next_send) {
      pending_.emplace(i, std::move(result));
      return Outcome::kOk;
    }
    return Emit(i, frame, std::move(result));
  }

  // A script exception: an error record, but the label binds the whole result.
  Outcome ScriptFailed(std::size_t i, const Frame& frame,
                       const std::shared_ptr<ReplyResult>& result, std::string_view message) {
    RememberIfSmall(frame, result);
    AddRecord(ErrorRecord(Head(i), "javascript error", message));
    return Outcome::kFailed;
  }

  // The one place a frame is judged before it is sent (DESIGN.md section 10).
  absl::Status Allowed(std::string_view method, const boost::json::object& params) const {
    if (options_.policy == nullptr) return absl::OkStatus();
    return options_.policy->CheckFrame(method, params);
  }

  Outcome TransportFailure(std::size_t i, const Frame& frame, std::chrono::milliseconds timeout,
                           const absl::Status& status) {
    const TransportError error = TransportErrorOf(status);
    const std::string_view code = FrameErrorCode(error);
    switch (error) {
      case TransportError::kReplyTimeout:
        return Fail(i, code,
                    absl::StrCat("no reply to frame ", i, " (", frame.method, ") within ",
                                 timeout.count(), " ms"));
      case TransportError::kDisconnected:
        return Fail(i, code,
                    absl::StrCat(status.message(), "; frame ", i, " (", frame.method,
                                 ") got no reply and later frames were not sent; the next "
                                 "call starts a fresh browser"),
                    Outcome::kStopAll);
      case TransportError::kCancelled:
        return Fail(i, code,
                    absl::StrCat("the call was cancelled while frame ", i, " (", frame.method,
                                 ") waited for its reply"),
                    Outcome::kStopAll);
      case TransportError::kMessageTooLarge:
      case TransportError::kNotBidi:
      case TransportError::kOther:
        break;
    }
    return Fail(i, code, ToStd(status.message()));
  }

  // Builds the record of a successful frame: silent, inline or spooled.
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
    const RecordHead head = Head(i);
    if (frame.silent) {
      RememberIfSmall(frame, result);
      AddRecord(SilentRecord(head));
      return Outcome::kOk;
    }
    const boost::json::value* picked = nullptr;
    if (frame.pick) {
      auto resolved = ResolvePathExplained(result->value(), *frame.pick, "");
      if (!resolved.ok()) {
        // Not Fail(): the label is bound, so it must not be reported as failed.
        AddRecord(ErrorRecord(
            head, "invalid pick",
            absl::StrCat("pick \"", frame.pick->text, "\": ", resolved.status().message(),
                         " (the frame ran; its label, if any, still binds the whole result)")));
        return Outcome::kFailed;
      }
      picked = *resolved;
    }
    const auto file_kind = result_files_.find(i);
    const ResultFile result_file =
        file_kind == result_files_.end() ? ResultFile::kJson : file_kind->second;
    std::optional<MediaType> media = MediaOf(frame.method);
    if (result_file == ResultFile::kMedia && !media) media = MediaType{"png", "image/png"};
    std::optional<std::string> file;  // decoded before the result may give up its text
    // A text result would be written as its characters, not as a JSON string.
    std::optional<std::string> chars;
    if (result_file == ResultFile::kText && !picked && result->value().is_string()) {
      chars.emplace(result->value().get_string());
    }
    if (media) {
      file = DecodedData(result->value());
      if (file) media = SniffMediaType(*file).value_or(*media);
    }
    // The benchmark baseline serializes the result a second time just to measure it.
    std::optional<std::string> measured;
    if (options_.two_pass_record_size) {
      measured = boost::json::serialize(picked ? *picked : result->value());
    }
    // The one serialization of R: the picked part's, or the reply's own text. A result no
    // label holds gives its text up without a copy.
    std::string result_text = picked                ? boost::json::serialize(*picked)
                              : frame.label.empty() ? std::move(*result).TakeText()
                                                    : result->text();
    RememberIfSmall(frame, result);  // a labeled result has its text by now: sized, not rewritten
    const std::string probe = ProbeRecord(head);
    const std::uint64_t size = InlineRecordSize(probe, measured ? *measured : result_text);

    if (media) {
      if (file) {
        SpoolMarker marker{.size = size,
                           .preview = Utf8Prefix(result_text, kPreviewBytes),
                           .mime = media->mime,
                           .bytes = file->size()};
        return SpoolFile(i, media->ext, std::move(*file), marker);
      }
      // Without a decodable "data" member the result is treated as any other JSON.
    }
    const std::uint64_t projected = result_bytes_ + (records_.empty() ? 0 : 1) + size +
                                    kResultOpen.size() + kResultClose.size();
    if (size <= options_.max_inline_bytes && projected <= options_.max_result_bytes) {
      AddRecord(InlineRecord(probe, result_text));
      return Outcome::kOk;
    }
    if (chars) {
      const std::string preview(Utf8Prefix(*chars, kPreviewBytes));
      SpoolMarker marker{
          .size = size, .preview = preview, .mime = "text/plain", .bytes = chars->size()};
      return SpoolFile(i, "txt", std::move(*chars), marker);
    }
    // The marker is built (copying the preview) before the text is handed to the writer.
    SpoolMarker marker{.size = size};
    const std::string preview(Utf8Prefix(result_text, kPreviewBytes));
    marker.preview = preview;
    return SpoolFile(i, "json", std::move(result_text), marker);
  }

  // The decoded base64 "data" member of a screenshot or PDF result, nullopt when absent.
  static std::optional<std::string> DecodedData(const boost::json::value& result) {
    const auto* object = result.if_object();
    const boost::json::value* data = object ? object->if_contains("data") : nullptr;
    if (data == nullptr || !data->is_string()) return std::nullopt;
    absl::StatusOr<std::string> decoded = DecodeBase64(data->get_string());
    if (!decoded.ok()) return std::nullopt;
    return std::move(*decoded);
  }

  SpoolWriter& Writer() {
    if (!writer_) {
      spool_.BeginBatch();  // once, and only for a batch that spools
      writer_.emplace(spool_, options_.limits.max_spool_in_flight_bytes, options_.deferred_spool);
    }
    return *writer_;
  }

  // Reserves quota and hands `data` to the writer; the record is the marker. A spool failure
  // does not stop the batch: the command itself succeeded and its label is bound.
  Outcome SpoolFile(std::size_t i, std::string_view ext, std::string data, SpoolMarker marker) {
    SpoolWriter& writer = Writer();
    absl::StatusOr<SpoolReservation> reservation =
        spool_.Reserve(i, args_.frames[i].label, ext, data.size());
    if (!reservation.ok()) {
      AddRecord(SpoolErrorRecord(Head(i), reservation.status(), marker.size));
      return Outcome::kOk;
    }
    marker.path = reservation->path;
    std::string text = SpooledRecord(Head(i), marker);
    const std::size_t ticket = writer.Submit(std::move(*reservation), std::move(data));
    AddRecord(std::move(text), ticket);
    return Outcome::kOk;
  }

  static std::string SpoolErrorRecord(const RecordHead& head, const absl::Status& status,
                                      std::uint64_t size) {
    if (status.code() == absl::StatusCode::kResourceExhausted) {
      return ErrorRecord(head, "spool quota exceeded",
                         absl::StrCat("the result (", size,
                                      " bytes as a record) was too large "
                                      "to return inline and the spool quota has no room: ",
                                      status.message(), "; use \"pick\" to select a smaller part"));
    }
    return ErrorRecord(head, "spool write failed", ToStd(status.message()));
  }

  // The "events" array's elements: {"dropped":K} first when the oldest K were not kept, then
  // the first kept ones inline (at most max_inline_events, and only while they fit in
  // max_result_bytes), the rest as one JSON-lines spool file named like a frame's file with
  // index frames.size() and label "events", represented by the marker
  // {"spooled":path,"size":file bytes,"count":K,"preview":...}.
  std::vector<std::string> EventPieces() {
    std::vector<std::string> pieces;
    if (event_texts_.empty() && events_dropped_ == 0) return pieces;
    std::uint64_t bytes =
        result_bytes_ + kResultOpen.size() + kEventsOpen.size() + kResultClose.size();
    if (events_dropped_ > 0) {
      pieces.push_back(boost::json::serialize(boost::json::object{{"dropped", events_dropped_}}));
      bytes += pieces.back().size();
    }
    std::size_t inline_count = 0;
    for (const std::string& text : event_texts_) {
      const std::uint64_t next =
          bytes + (pieces.empty() && inline_count == 0 ? 0 : 1) + text.size();
      if (inline_count == options_.limits.max_inline_events || next > options_.max_result_bytes) {
        break;
      }
      bytes = next;
      ++inline_count;
    }
    pieces.reserve(pieces.size() + inline_count + 1);
    for (std::size_t k = 0; k < inline_count; ++k) pieces.push_back(std::move(event_texts_[k]));
    if (const std::size_t count = event_texts_.size() - inline_count; count > 0) {
      std::string lines;
      for (std::size_t k = inline_count; k < event_texts_.size(); ++k) {
        lines.append(event_texts_[k]);
        lines.push_back('\n');
      }
      events_marker_ = pieces.size();
      pieces.push_back(SpoolEvents(std::move(lines), count));
    }
    return pieces;
  }

  std::string SpoolEvents(std::string lines, std::size_t count) {
    SpoolWriter& writer = Writer();
    const std::uint64_t size = lines.size();
    absl::StatusOr<SpoolReservation> reservation =
        spool_.Reserve(args_.frames.size(), "events", "jsonl", size);
    if (!reservation.ok()) return EventsErrorMarker(reservation.status(), count);
    boost::json::object marker;
    marker.emplace("spooled", reservation->path);
    marker.emplace("size", size);
    marker.emplace("count", count);
    marker.emplace("preview", Utf8Prefix(lines, kPreviewBytes));
    std::string text = boost::json::serialize(marker);
    events_ticket_ = writer.Submit(std::move(*reservation), std::move(lines));
    events_count_ = count;
    return text;
  }

  static std::string EventsErrorMarker(const absl::Status& status, std::size_t count) {
    return boost::json::serialize(boost::json::object{
        {"error",
         {{"error", status.code() == absl::StatusCode::kResourceExhausted ? "spool quota exceeded"
                                                                          : "spool write failed"},
          {"message", ToStd(status.message())}}},
        {"count", count}});
  }

  // Waits for every spool write; a failed one turns its record (or the events marker) into an
  // error, so every path in the result exists.
  void FinishSpoolWrites(std::vector<std::string>& events) {
    if (!writer_) return;
    const std::vector<absl::Status> statuses = writer_->Drain();
    auto failed = [&](std::optional<std::size_t> ticket) -> const absl::Status* {
      if (!ticket || *ticket >= statuses.size() || statuses[*ticket].ok()) return nullptr;
      return &statuses[*ticket];
    };
    for (std::size_t i = 0; i < records_.size(); ++i) {
      if (const absl::Status* status = failed(records_[i].ticket)) {
        records_[i].text = ErrorRecord(Head(i), "spool write failed", ToStd(status->message()));
      }
    }
    if (const absl::Status* status = failed(events_ticket_)) {
      events[events_marker_] = EventsErrorMarker(*status, events_count_);
    }
  }

  std::string Assemble(const std::vector<std::string>& events) const {
    std::size_t total = kResultOpen.size() + kEventsOpen.size() + kResultClose.size();
    for (const Record& record : records_) total += record.text.size() + 1;
    for (const std::string& piece : events) total += piece.size() + 1;
    std::string out;
    out.reserve(total);
    out.append(kResultOpen);
    for (std::size_t i = 0; i < records_.size(); ++i) {
      if (i > 0) out.push_back(',');
      out.append(records_[i].text);
    }
    if (!events.empty()) {
      out.append(kEventsOpen);
      for (std::size_t i = 0; i < events.size(); ++i) {
        if (i > 0) out.push_back(',');
        out.append(events[i]);
      }
    }
    out.append(kResultClose);
    return out;
  }

  const BatchArgs& args_;
  BidiTransport& transport_;
  Spool& spool_;
  LabelCache& label_cache_;
  const RunOptions& options_;

  std::vector<Record> records_;
  std::uint64_t result_bytes_ = 0;  // records plus commas, without the enclosing brackets
  absl::flat_hash_map<std::string_view, std::shared_ptr<ReplyResult>> bindings_;
  absl::flat_hash_map<std::string_view, std::size_t> failed_labels_;
  std::vector<std::pair<std::string_view, std::shared_ptr<ReplyResult>>> cacheable_;
  const boost::json::object* watched_target_ = nullptr;  // the script frame in flight's target
  std::optional<PageWatch::Interruption> interruption_;  // why it stopped waiting
  std::deque<std::string> event_texts_;                  // kept events, oldest first
  std::uint64_t event_bytes_ = 0;                        // their total size
  std::size_t events_dropped_ = 0;
  std::optional<std::size_t> events_ticket_;
  std::size_t events_count_ = 0;
  std::size_t events_marker_ = 0;  // index of the spooled-events marker among the pieces
  std::optional<SpoolWriter> writer_;
  absl::flat_hash_map<std::size_t, ResultFile> result_files_;
  std::int64_t frame_in_flight_ =
      -1;  // tags events received while <<tab>> is resolved  // helper results that are not JSON
  // A successful frame without pick whose record is made once the next frame has been sent.
  std::optional<std::pair<std::size_t, std::shared_ptr<ReplyResult>>> pending_;
  bool pending_failed_ = false;  // the last pending frame's record is an error
};

}  // namespace

std::string RunBatch(const BatchArgs& args, BidiTransport& transport, Spool& spool,
                     LabelCache& label_cache, const RunOptions& options) {
  return BatchRun(args, transport, spool, label_cache, options).Run();
}

}  // namespace firefox_bidi
