// Result records (DESIGN.md section 7), serialized compactly with exact key order:
//   inline   {"index":0,"method":"m","label":"l","result":R}
//   silent   {"index":0,"method":"m","label":"l"}
//   spooled  {"index":0,"method":"m","label":"l","spooled":"/abs/path","size":N,"preview":"..."}
//            (+ "mime","bytes" for screenshots and PDFs)
//   error    {"index":0,"method":"m","label":"l","error":{"error":"code","message":"..."}}
//   skipped  {"index":0,"method":"m","label":"l","skipped":true}
// `label` only when the frame has one.
#ifndef FIREFOX_BIDI_CORE_RECORDS_H_
#define FIREFOX_BIDI_CORE_RECORDS_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace firefox_bidi {

struct RecordHead {
  std::size_t index = 0;
  std::string_view method;
  std::string_view label;  // "" when the frame has none
};

// The head with the placeholder result: {...,"result":0}. It always ends in "0}".
std::string ProbeRecord(const RecordHead& head);

// N: the length of the inline record, from the probe and the serialized result.
inline std::uint64_t InlineRecordSize(std::string_view probe, std::string_view result_text) {
  return probe.size() - 1 + result_text.size();
}

// The inline record: the probe with its placeholder replaced by `result_text`.
std::string InlineRecord(std::string_view probe, std::string_view result_text);

std::string SilentRecord(const RecordHead& head);
std::string SkippedRecord(const RecordHead& head);
std::string ErrorRecord(const RecordHead& head, std::string_view code, std::string_view message);

struct SpoolMarker {
  std::string_view path;
  std::uint64_t size = 0;    // N of the inline record
  std::string_view preview;  // see Utf8Prefix
  std::string_view mime;     // "" except for decoded screenshots / PDFs
  std::uint64_t bytes = 0;   // the file's size, with mime
  // An image's pixel size (0: not an image, or its header was not understood).
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  // The smaller copy handed to a model ("model_image"), when the image is too large for one.
  struct ModelImage {
    std::string_view path;
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    std::uint64_t bytes = 0;
  };
  std::optional<ModelImage> model_image;
};
std::string SpooledRecord(const RecordHead& head, const SpoolMarker& marker);

// The longest prefix of `text` of at most `max_bytes` bytes that does not split a UTF-8
// sequence.
std::string_view Utf8Prefix(std::string_view text, std::size_t max_bytes);

inline constexpr std::size_t kPreviewBytes = 200;

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_RECORDS_H_
