#include "core/content_parts.h"

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>
#include <utility>

#include "core/media_type.h"

namespace firefox_bidi {
namespace {

namespace json = boost::json;

// The spooled file a record or events marker stands for.
struct Spooled {
  std::string path;
  std::string mime;
  std::string image;  // what a model is shown of an image: the file or its smaller copy; or ""
};

std::uint32_t SizeMember(const json::object& object, std::string_view key) {
  const json::value* v = object.if_contains(key);
  return v != nullptr && v->is_uint64() ? static_cast<std::uint32_t>(v->get_uint64())
         : v != nullptr && v->is_int64() && v->get_int64() > 0
             ? static_cast<std::uint32_t>(v->get_int64())
             : 0;
}

// An image's smaller copy when the record has one; the file itself when it is within the
// model bounds (or states no size); "" when it is too large and has no copy.
std::string ModelImagePath(const json::object& record, const std::string& path) {
  if (const json::value* model = record.if_contains("model_image"); model && model->is_object()) {
    const json::value* copy = model->get_object().if_contains("path");
    return copy != nullptr && copy->is_string() ? std::string(copy->get_string()) : "";
  }
  const ImageSize size{SizeMember(record, "width"), SizeMember(record, "height")};
  if (size.width != 0 && size.height != 0 && ModelImageSize(size)) return "";
  return path;
}

// `value`'s spooled file, when it is an object with a string "spooled" member.
bool SpooledOf(const json::value& value, Spooled& out) {
  const json::object* record = value.if_object();
  if (record == nullptr) return false;
  const json::value* spooled = record->if_contains("spooled");
  if (spooled == nullptr || !spooled->is_string()) return false;
  out.path = std::string(spooled->get_string());
  const json::value* mime = record->if_contains("mime");
  out.mime = mime != nullptr && mime->is_string() && !mime->get_string().empty()
                 ? std::string(mime->get_string())
                 : std::string(FileMediaType(out.path));
  if (out.mime.starts_with("image/")) out.image = ModelImagePath(*record, out.path);
  return true;
}

void CollectSpooled(const json::object& result, std::string_view member,
                    std::vector<Spooled>& out) {
  const json::value* list = result.if_contains(member);
  if (list == nullptr || !list->is_array()) return;
  for (const json::value& item : list->get_array()) {
    Spooled spooled;
    if (SpooledOf(item, spooled)) out.push_back(std::move(spooled));
  }
}

std::string_view Basename(std::string_view path) {
  std::size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

}  // namespace

std::vector<ContentPart> ContentPartsOf(std::string_view result_json) {
  std::vector<ContentPart> parts;
  // Most results spool nothing: no parse for them.
  if (result_json.find("\"spooled\"") == std::string_view::npos) return parts;
  json::parse_options options;
  options.max_depth = 10000;  // inline results nest as deep as the page's data
  boost::system::error_code ec;
  json::value result = json::parse(result_json, ec, {}, options);
  if (ec || !result.is_object()) return parts;
  std::vector<Spooled> files;
  CollectSpooled(result.get_object(), "frames", files);
  CollectSpooled(result.get_object(), "events", files);
  for (const Spooled& file : files) {
    if (!file.image.empty()) {
      parts.push_back({.kind = ContentPart::Kind::kImage, .mime = file.mime, .path = file.image});
    }
  }
  for (Spooled& file : files) {
    parts.push_back({.kind = ContentPart::Kind::kResourceLink,
                     .mime = std::move(file.mime),
                     .uri = FileUri(file.path),
                     .name = std::string(Basename(file.path))});
  }
  return parts;
}

std::string_view FileMediaType(std::string_view path) {
  static constexpr std::pair<std::string_view, std::string_view> kTypes[] = {
      {".png", "image/png"},           {".jpg", "image/jpeg"},      {".jpeg", "image/jpeg"},
      {".webp", "image/webp"},         {".pdf", "application/pdf"}, {".json", "application/json"},
      {".jsonl", "application/jsonl"}, {".txt", "text/plain"}};
  for (const auto& [ext, type] : kTypes) {
    if (path.ends_with(ext)) return type;
  }
  return "application/octet-stream";
}

std::string FileUri(std::string_view absolute_path) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out = "file://";
  for (char c : absolute_path) {
    auto u = static_cast<unsigned char>(c);
    bool keep = (u >= 'A' && u <= 'Z') || (u >= 'a' && u <= 'z') || (u >= '0' && u <= '9') ||
                c == '-' || c == '.' || c == '_' || c == '~' || c == '/';
    if (keep) {
      out.push_back(c);
    } else {
      out.push_back('%');
      out.push_back(kHex[u >> 4]);
      out.push_back(kHex[u & 15]);
    }
  }
  return out;
}

}  // namespace firefox_bidi
