// The records of one batch (DESIGN.md section 7) and the tool result they make: a successful
// frame's record is inline, silent or spooled (JSON, text, or a decoded screenshot/PDF) by the
// size arithmetic of the contract; error and skipped records are added as they are. Records
// are kept as separate texts until the end, because a spool write that fails during the drain
// turns its record into an error record.
#ifndef FIREFOX_BIDI_CORE_RECORD_BUILDER_H_
#define FIREFOX_BIDI_CORE_RECORD_BUILDER_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "core/batch_args.h"
#include "core/batch_files.h"
#include "core/bidi_protocol.h"
#include "core/frame_executor.h"
#include "core/media_type.h"
#include "core/records.h"

namespace firefox_bidi {

struct RecordOptions {
  std::uint64_t max_inline_bytes = 8192;
  std::uint64_t max_result_bytes = 65536;
  // Benchmark baseline only: measure N by serializing the result a second time instead of
  // reusing the one serialization (the probe arithmetic). Same records.
  bool two_pass_record_size = false;
};

// The copy of a screenshot a model is handed (ModelImageSize), made by the browser.
struct ModelImageCopy {
  std::string bytes;
  ImageSize size;
};

// Thread safety: the batch's thread only. Lifetimes: `files` outlives it; the method and
// label a RecordHead points to live until Assemble().
class RecordBuilder {
 public:
  RecordBuilder(const RecordOptions& options, BatchFiles& files, std::size_t frames);

  // Appends a record made elsewhere (SkippedRecord, ErrorRecord...). Records are appended in
  // frame order: one per frame.
  void Add(const RecordHead& head, std::string text);
  void AddError(const RecordHead& head, std::string_view code, std::string_view message) {
    Add(head, ErrorRecord(head, code, message));
  }

  // Appends the record of `frame`, which succeeded with `result` (checked: status() is OK):
  //   - silent: {"index","method","label"};
  //   - with pick, the picked part stands for the result; a pick that does not resolve is an
  //     "invalid pick" error record, and AddResult returns false (the frame failed);
  //   - a screenshot or PDF (browsingContext.captureScreenshot / print, or `file` kMedia) with
  //     a base64 "data" member: always spooled, decoded, as .png/.jpg/.webp/.pdf by its bytes,
  //     the marker with "mime" and "bytes", and "width" and "height" when the file is an image
  //     whose header states them; with `model_image`, that copy too, as
  //     `<batch>-<index>-<label>_model.<ext>` (`model` without label), the marker's
  //     "model_image": {"path","width","height","bytes"} (left out when the spool refuses it);
  //   - inline when N (InlineRecordSize) is at most max_inline_bytes and the whole result,
  //     with this record, stays within max_result_bytes;
  //   - spooled otherwise: a JSON string result of `file` kText as its characters (.txt,
  //     "mime":"text/plain","bytes"), anything else as its compact JSON (.json). A spool
  //     failure is an error record ("spool quota exceeded": the message says to use pick), and
  //     AddResult still returns true: the command itself succeeded.
  // The result's text is never copied: a frame without label gives it up (nothing may read
  // `result`'s text afterwards), a labeled frame's spool file is written from the text the
  // label holds (shared; nobody may change it).
  bool AddResult(const RecordHead& head, const Frame& frame,
                 const std::shared_ptr<ReplyResult>& result, ResultFile file,
                 std::optional<ModelImageCopy> model_image = std::nullopt);

  bool empty() const { return records_.empty(); }

  // The size of the tool result made of the records so far and an empty "events" array:
  // {"frames":[...],"events":[]}.
  std::uint64_t SizeWithEmptyEvents() const;

  // After files.Drain(): each record whose file was not written becomes a "spool write
  // failed" error record, so every path in the result exists.
  void CheckWritten(const std::vector<absl::Status>& statuses);

  // {"frames":[RECORD...]}, or {"frames":[...],"events":[PIECE...]} when `events` is not
  // empty. Compact; records in the order added.
  std::string Assemble(const std::vector<std::string>& events) const;

 private:
  struct Record {
    RecordHead head;
    std::string text;
    std::optional<std::size_t> ticket;        // the spool write this record's marker depends on
    std::optional<std::size_t> model_ticket;  // the model's copy of an image, if any
  };

  // Hands `data` to the spool; the record is the marker, or an error record when refused.
  void SpoolRecord(const RecordHead& head, std::string_view ext, SpoolData data,
                   SpoolMarker marker);
  // Spools a decoded screenshot or PDF, with the model's copy of an image when given.
  void SpoolMedia(const RecordHead& head, const MediaType& media, std::string decoded,
                  SpoolMarker marker, std::optional<ModelImageCopy> model_image);

  const RecordOptions options_;
  BatchFiles& files_;
  std::vector<Record> records_;
  std::uint64_t bytes_ = 0;  // records plus commas, without the enclosing brackets
};

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_RECORD_BUILDER_H_
