#include "core/record_builder.h"

#include <boost/json/object.hpp>
#include <utility>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "core/base64.h"
#include "core/frame_error.h"
#include "core/json_text.h"
#include "core/media_type.h"
#include "core/ref_path.h"
#include "core/string_view_compat.h"

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

// The decoded base64 "data" member of a screenshot or PDF result, nullopt when absent.
std::optional<std::string> DecodedData(const boost::json::value& result) {
  const auto* object = result.if_object();
  const boost::json::value* data = object ? object->if_contains("data") : nullptr;
  if (data == nullptr || !data->is_string()) return std::nullopt;
  absl::StatusOr<std::string> decoded = DecodeBase64(data->get_string());
  if (!decoded.ok()) return std::nullopt;
  return std::move(*decoded);
}

}  // namespace

RecordBuilder::RecordBuilder(const RecordOptions& options, BatchFiles& files, std::size_t frames)
    : options_(options), files_(files) {
  records_.reserve(frames);
}

void RecordBuilder::Add(const RecordHead& head, std::string text) {
  bytes_ += (records_.empty() ? 0 : 1) + text.size();
  records_.push_back(Record{head, std::move(text), std::nullopt, std::nullopt});
}

bool RecordBuilder::AddResult(const RecordHead& head, const Frame& frame,
                              const std::shared_ptr<ReplyResult>& shared_result, ResultFile file,
                              std::optional<ModelImageCopy> model_image) {
  ReplyResult& result = *shared_result;
  if (frame.silent) {
    Add(head, SilentRecord(head));
    return true;
  }
  const boost::json::value* picked = nullptr;
  if (frame.pick) {
    auto resolved = ResolvePathExplained(result.value(), *frame.pick, "");
    if (!resolved.ok()) {
      AddError(head, FrameErrorName(FrameError::kInvalidPick),
               absl::StrCat("pick \"", frame.pick->text, "\": ", resolved.status().message(),
                            " (the frame ran; its label, if any, still binds the whole result)"));
      return false;
    }
    picked = *resolved;
  }
  std::optional<MediaType> media = MediaOf(frame.method);
  if (file == ResultFile::kMedia && !media) media = MediaType{"png", "image/png"};
  std::optional<std::string> decoded;  // decoded before the result may give up its text
  // A text result would be written as its characters, not as a JSON string.
  std::optional<std::string> chars;
  if (file == ResultFile::kText && !picked && result.value().is_string()) {
    chars.emplace(result.value().get_string());
  }
  if (media) {
    decoded = DecodedData(result.value());
    if (decoded) media = SniffMediaType(*decoded).value_or(*media);
  }
  // The benchmark baseline serializes the result a second time just to measure it.
  std::optional<std::string> measured;
  if (options_.two_pass_record_size) {
    measured = JsonText(picked ? *picked : result.value());
  }
  // The one serialization of R: the picked part's, or the reply's own text. A result no
  // label holds gives its text up; a labeled one shares it with the label.
  SpoolData result_data =
      picked ? SpoolData(JsonText(*picked))
      : frame.label.empty()
          ? SpoolData(std::move(result).TakeText())
          : SpoolData(std::shared_ptr<const std::string>(shared_result, &result.text()));
  const std::string_view result_text = result_data.bytes();
  const std::string probe = ProbeRecord(head);
  const std::uint64_t size = InlineRecordSize(probe, measured ? *measured : result_text);

  if (media && decoded) {
    SpoolMarker marker{.size = size,
                       .preview = Utf8Prefix(result_text, kPreviewBytes),
                       .mime = media->mime,
                       .bytes = decoded->size()};
    SpoolMedia(head, *media, std::move(*decoded), marker, std::move(model_image));
    return true;
  }
  // Without a decodable "data" member a screenshot's result is treated as any other JSON.
  const std::uint64_t projected =
      bytes_ + (records_.empty() ? 0 : 1) + size + kResultOpen.size() + kResultClose.size();
  if (size <= options_.max_inline_bytes && projected <= options_.max_result_bytes) {
    Add(head, InlineRecord(probe, result_text));
    return true;
  }
  if (chars) {
    const std::string preview(Utf8Prefix(*chars, kPreviewBytes));
    SpoolMarker marker{
        .size = size, .preview = preview, .mime = "text/plain", .bytes = chars->size()};
    SpoolRecord(head, "txt", std::move(*chars), marker);
    return true;
  }
  // The preview is copied before the text is handed to the writer.
  const std::string preview(Utf8Prefix(result_text, kPreviewBytes));
  SpoolRecord(head, "json", std::move(result_data), SpoolMarker{.size = size, .preview = preview});
  return true;
}

void RecordBuilder::SpoolRecord(const RecordHead& head, std::string_view ext, SpoolData data,
                                SpoolMarker marker) {
  absl::StatusOr<BatchFiles::Handed> handed =
      files_.Write(head.index, head.label, ext, std::move(data));
  if (!handed.ok()) {
    const absl::Status& status = handed.status();
    if (status.code() == absl::StatusCode::kResourceExhausted) {
      AddError(head, SpoolErrorCode(status),
               absl::StrCat("the result (", marker.size,
                            " bytes as a record) was too large to return inline and the spool "
                            "quota has no room: ",
                            status.message(), "; use \"pick\" to select a smaller part"));
    } else {
      AddError(head, SpoolErrorCode(status), ToStd(status.message()));
    }
    return;
  }
  marker.path = handed->path;
  Add(head, SpooledRecord(head, marker));
  records_.back().ticket = handed->ticket;
}

void RecordBuilder::SpoolMedia(const RecordHead& head, const MediaType& media, std::string decoded,
                               SpoolMarker marker, std::optional<ModelImageCopy> model_image) {
  if (std::optional<ImageSize> size = ImageSizeOf(decoded)) {
    marker.width = size->width;
    marker.height = size->height;
  }
  // Written first, so that the marker can name it; without room for it the model gets no
  // image, never the full-size one.
  std::optional<BatchFiles::Handed> model_file;
  if (model_image) {
    const std::string label = head.label.empty()
                                  ? std::string("model")
                                  : absl::StrCat(ToAbsl(head.label.substr(0, 58)), "_model");
    const std::uint64_t bytes = model_image->bytes.size();
    absl::StatusOr<BatchFiles::Handed> handed =
        files_.Write(head.index, label, media.ext, std::move(model_image->bytes));
    if (handed.ok()) {
      model_file = std::move(*handed);
      marker.model_image = SpoolMarker::ModelImage{.path = model_file->path,
                                                   .width = model_image->size.width,
                                                   .height = model_image->size.height,
                                                   .bytes = bytes};
    }
  }
  SpoolRecord(head, media.ext, std::move(decoded), marker);
  if (model_file) records_.back().model_ticket = model_file->ticket;
}

std::uint64_t RecordBuilder::SizeWithEmptyEvents() const {
  return bytes_ + kResultOpen.size() + kEventsOpen.size() + kResultClose.size();
}

void RecordBuilder::CheckWritten(const std::vector<absl::Status>& statuses) {
  for (Record& record : records_) {
    const absl::Status* status = FailedWrite(statuses, record.ticket);
    if (status == nullptr) status = FailedWrite(statuses, record.model_ticket);
    if (status != nullptr) {
      record.text = ErrorRecord(record.head, FrameErrorName(FrameError::kSpoolWriteFailed),
                                ToStd(status->message()));
    }
  }
}

std::string RecordBuilder::Assemble(const std::vector<std::string>& events) const {
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

}  // namespace firefox_bidi
