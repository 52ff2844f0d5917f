#include "pretty_json.h"

#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>
#include <cstddef>

#include "host_util.h"

namespace tool_host {
namespace {

namespace json = boost::json;

constexpr std::size_t kColumns = 100;

bool HasBlock(const json::value& value) {
  if (const json::string* s = value.if_string()) return s->find('\n') != json::string::npos;
  if (const json::array* a = value.if_array()) {
    for (const json::value& item : *a) {
      if (HasBlock(item)) return true;
    }
  }
  if (const json::object* o = value.if_object()) {
    for (const auto& member : *o) {
      if (HasBlock(member.value())) return true;
    }
  }
  return false;
}

// Appends `value` whose first line already holds `column` characters at depth `indent`.
void Append(const json::value& value, std::size_t indent, std::size_t column, std::string& out) {
  const std::string pad(indent, ' ');
  if (const json::string* s = value.if_string(); s != nullptr && HasBlock(value)) {
    out += "|";
    std::string_view rest(s->data(), s->size());
    while (!rest.empty()) {
      const std::size_t end = rest.find('\n');
      out += "\n" + pad + "  ";
      out += rest.substr(0, end);
      rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    }
    return;
  }
  std::string compact = json::serialize(value);
  if (!value.is_structured() || (!HasBlock(value) && column + compact.size() <= kColumns)) {
    out += compact;
    return;
  }
  const std::string inner(indent + 2, ' ');
  const bool is_object = value.is_object();
  out += is_object ? "{" : "[";
  bool first = true;
  bool after_block = false;  // a comma would be read as the block's last character
  auto next = [&](const json::value& item) {
    out += first || after_block ? "\n" : ",\n";
    first = false;
    after_block = item.is_string() && HasBlock(item);
    out += inner;
  };
  if (is_object) {
    for (const auto& member : value.get_object()) {
      next(member.value());
      const std::size_t before = out.size();
      out += json::serialize(json::string(member.key())) + ": ";
      Append(member.value(), indent + 2, inner.size() + out.size() - before, out);
    }
  } else {
    for (const json::value& item : value.get_array()) {
      next(item);
      Append(item, indent + 2, inner.size(), out);
    }
  }
  out += "\n" + pad + (is_object ? "}" : "]");
}

}  // namespace

std::string PrettyJson(std::string_view text) {
  boost::system::error_code ec;
  json::value value = ParseDeepJson(text, ec);
  if (ec) return text.ends_with('\n') ? std::string(text) : std::string(text) + "\n";
  std::string out;
  Append(value, 0, 0, out);
  return out + "\n";
}

}  // namespace tool_host
