#include "core/event_log.h"

#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>
#include <utility>

#include "core/json_text.h"
#include "core/records.h"
#include "core/string_view_compat.h"

namespace firefox_bidi {
namespace {

std::string ErrorMarker(const absl::Status& status, std::size_t count) {
  return boost::json::serialize(boost::json::object{
      {"error", {{"error", SpoolErrorCode(status)}, {"message", ToStd(status.message())}}},
      {"count", count}});
}

}  // namespace

EventLog::EventLog(const Limits& limits) : limits_(limits) {}

void EventLog::Add(boost::json::value event, std::int64_t frame) {
  if (boost::json::object* object = event.if_object()) object->insert_or_assign("frame", frame);
  std::string text = JsonText(event);
  if (text.size() > limits_.max_event_bytes) {
    ++dropped_;
    return;
  }
  bytes_ += text.size();
  texts_.push_back(std::move(text));
  while (texts_.size() > limits_.max_events || bytes_ > limits_.max_event_bytes) {
    bytes_ -= texts_.front().size();
    texts_.pop_front();
    ++dropped_;
  }
}

std::vector<std::string> EventLog::Finish(std::uint64_t used_bytes, std::uint64_t max_result_bytes,
                                          std::size_t file_index, BatchFiles& files) {
  std::vector<std::string> pieces;
  if (texts_.empty() && dropped_ == 0) return pieces;
  std::uint64_t bytes = used_bytes;
  if (dropped_ > 0) {
    pieces.push_back(boost::json::serialize(boost::json::object{{"dropped", dropped_}}));
    bytes += pieces.back().size();
  }
  std::size_t inline_count = 0;
  for (const std::string& text : texts_) {
    const std::uint64_t next = bytes + (pieces.empty() && inline_count == 0 ? 0 : 1) + text.size();
    if (inline_count == limits_.max_inline_events || next > max_result_bytes) break;
    bytes = next;
    ++inline_count;
  }
  pieces.reserve(pieces.size() + inline_count + 1);
  for (std::size_t k = 0; k < inline_count; ++k) pieces.push_back(std::move(texts_[k]));
  const std::size_t count = texts_.size() - inline_count;
  if (count == 0) return pieces;
  std::string lines;
  for (std::size_t k = inline_count; k < texts_.size(); ++k) {
    lines.append(texts_[k]);
    lines.push_back('\n');
  }
  texts_.clear();
  const std::uint64_t size = lines.size();
  // The marker is built (copying the preview) before the lines are handed to the writer.
  boost::json::object marker;
  marker.emplace("spooled", "");
  marker.emplace("size", size);
  marker.emplace("count", count);
  marker.emplace("preview", Utf8Prefix(lines, kPreviewBytes));
  absl::StatusOr<BatchFiles::Handed> handed =
      files.Write(file_index, "events", "jsonl", std::move(lines));
  marker_ = pieces.size();
  if (!handed.ok()) {
    pieces.push_back(ErrorMarker(handed.status(), count));
    return pieces;
  }
  marker["spooled"] = handed->path;
  pieces.push_back(boost::json::serialize(marker));
  ticket_ = handed->ticket;
  spooled_count_ = count;
  return pieces;
}

void EventLog::CheckWritten(const std::vector<absl::Status>& statuses,
                            std::vector<std::string>& pieces) const {
  if (const absl::Status* status = FailedWrite(statuses, ticket_)) {
    pieces[marker_] = ErrorMarker(*status, spooled_count_);
  }
}

}  // namespace firefox_bidi
