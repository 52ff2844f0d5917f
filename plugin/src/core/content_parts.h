// The content parts of a tool result (agent_tool_content_part, DESIGN.md section 4): what a
// host can show of a result without understanding its JSON. Built from the compact result
// RunBatch returns, after the batch; nothing else in the tool depends on it.
#ifndef FIREFOX_BIDI_CORE_CONTENT_PARTS_H_
#define FIREFOX_BIDI_CORE_CONTENT_PARTS_H_

#include <string>
#include <string_view>
#include <vector>

namespace firefox_bidi {

// One part, as plugin_entry.cc hands it to the C ABI. Members a kind does not use are empty.
struct ContentPart {
  enum class Kind { kText, kImage, kResourceLink };
  Kind kind = Kind::kText;
  std::string text;  // kText
  std::string mime;  // kImage, kResourceLink
  std::string path;  // kImage: the spooled file
  std::string uri;   // kResourceLink: file:// URI of the spooled file
  std::string name;  // kResourceLink: the file's name

  bool operator==(const ContentPart&) const = default;
};

// The parts of `result_json` ({"frames":[RECORD...],"events":[...]}):
//   - first, one image part (by path) per spooled record whose media type is image/*, in frame
//     order: its "model_image" copy when it has one, else the file itself unless its
//     "width"/"height" are past the model bounds (ModelImageSize: then no image part);
//   - then one resource_link per spooled file, in frame order, the spooled events file last.
// A spooled record is one with a string "spooled" member; its media type is its "mime" member
// when it has one, otherwise taken from the file extension (FileMediaType). Anything that is
// not such a record (inline, error, skipped records, non-objects, text that is not a result)
// gives no part. Never fails.
std::vector<ContentPart> ContentPartsOf(std::string_view result_json);

// The media type of a spool file by its extension: .png image/png, .jpg/.jpeg image/jpeg,
// .webp image/webp, .pdf application/pdf, .json application/json, .jsonl application/jsonl,
// .txt text/plain; application/octet-stream otherwise.
std::string_view FileMediaType(std::string_view path);

// "file://" + `absolute_path`, percent-encoding every byte but unreserved ones and '/'.
std::string FileUri(std::string_view absolute_path);

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_CONTENT_PARTS_H_
