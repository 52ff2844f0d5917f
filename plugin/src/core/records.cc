#include "core/records.h"

#include <boost/json/object.hpp>

#include "core/json_text.h"

namespace firefox_bidi {
namespace {

boost::json::object Head(const RecordHead& head) {
  boost::json::object record;
  record.reserve(8);
  record.emplace("index", head.index);
  record.emplace("method", head.method);
  if (!head.label.empty()) record.emplace("label", head.label);
  return record;
}

}  // namespace

std::string ProbeRecord(const RecordHead& head) {
  boost::json::object record = Head(head);
  record.emplace("result", 0);
  return JsonText(record);
}

std::string InlineRecord(std::string_view probe, std::string_view result_text) {
  std::string record;
  record.reserve(probe.size() - 1 + result_text.size());
  record.append(probe.substr(0, probe.size() - 2));  // drop the placeholder "0}"
  record.append(result_text);
  record.push_back('}');
  return record;
}

std::string SilentRecord(const RecordHead& head) { return JsonText(Head(head)); }

std::string SkippedRecord(const RecordHead& head) {
  boost::json::object record = Head(head);
  record.emplace("skipped", true);
  return JsonText(record);
}

std::string ErrorRecord(const RecordHead& head, std::string_view code, std::string_view message) {
  boost::json::object record = Head(head);
  record.emplace("error", boost::json::object{{"error", code}, {"message", message}});
  return JsonText(record);
}

std::string SpooledRecord(const RecordHead& head, const SpoolMarker& marker) {
  boost::json::object record = Head(head);
  record.emplace("spooled", marker.path);
  record.emplace("size", marker.size);
  record.emplace("preview", marker.preview);
  if (!marker.mime.empty()) {
    record.emplace("mime", marker.mime);
    record.emplace("bytes", marker.bytes);
  }
  if (marker.width != 0) {
    record.emplace("width", marker.width);
    record.emplace("height", marker.height);
  }
  if (const auto& model = marker.model_image) {
    record.emplace("model_image", boost::json::object{{"path", model->path},
                                                      {"width", model->width},
                                                      {"height", model->height},
                                                      {"bytes", model->bytes}});
  }
  return JsonText(record);
}

std::string_view Utf8Prefix(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return text;
  std::size_t cut = max_bytes;
  // Back up over continuation bytes (10xxxxxx) so the cut falls before a lead byte.
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return text.substr(0, cut);
}

}  // namespace firefox_bidi
