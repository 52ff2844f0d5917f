#include "page/remote_value.h"

#include <boost/json/array.hpp>
#include <string>
#include <utility>

#include "core/json_fields.h"

namespace firefox_bidi::page {
namespace json = boost::json;

json::value ToLocalValue(const json::value& plain) {
  switch (plain.kind()) {
    case json::kind::null:
      return json::object{{"type", "null"}};
    case json::kind::bool_:
      return json::object{{"type", "boolean"}, {"value", plain.get_bool()}};
    case json::kind::int64:
    case json::kind::uint64:
    case json::kind::double_:
      return json::object{{"type", "number"}, {"value", plain}};
    case json::kind::string:
      return json::object{{"type", "string"}, {"value", plain}};
    case json::kind::array: {
      json::array items;
      items.reserve(plain.get_array().size());
      for (const json::value& item : plain.get_array()) items.push_back(ToLocalValue(item));
      return json::object{{"type", "array"}, {"value", std::move(items)}};
    }
    case json::kind::object: {
      json::array pairs;
      pairs.reserve(plain.get_object().size());
      for (const auto& member : plain.get_object()) {
        pairs.push_back(json::array{json::string(member.key()), ToLocalValue(member.value())});
      }
      return json::object{{"type", "object"}, {"value", std::move(pairs)}};
    }
  }
  return json::object{{"type", "null"}};
}

json::value PlainFromRemote(const json::value& remote, const NodeFn& on_node) {
  const json::object* object = remote.if_object();
  if (object == nullptr) return nullptr;
  const std::string_view type = StringAt(*object, "type");
  const json::value* value = object->if_contains("value");
  if (type == "undefined" || type == "null") return nullptr;
  if (type == "string" || type == "boolean") return value != nullptr ? *value : json::value();
  if (type == "number") {
    if (value == nullptr) return nullptr;
    if (value->is_string()) return value->get_string() == "-0" ? json::value(0) : json::value();
    return *value;
  }
  if (type == "bigint" || type == "date") return value != nullptr ? *value : json::value();
  if (type == "regexp" && value != nullptr && value->is_object()) {
    const json::object& re = value->get_object();
    return json::value(std::string("/") + std::string(StringAt(re, "pattern")) + "/" +
                       std::string(StringAt(re, "flags")));
  }
  if (type == "node") return on_node(*object);
  if (type == "window") {
    const json::object* v = value != nullptr ? value->if_object() : nullptr;
    return json::object{
        {"window", v != nullptr ? json::value(StringAt(*v, "context")) : json::value()}};
  }
  if (type == "error") return json::object{{"error", "Error"}};
  const json::array* items = value != nullptr ? value->if_array() : nullptr;
  if (items == nullptr) return json::object{{"type", type}};  // cycles, functions, promises
  if (type == "array" || type == "set" || type == "nodelist" || type == "htmlcollection") {
    json::array out;
    out.reserve(items->size());
    for (const json::value& item : *items) out.push_back(PlainFromRemote(item, on_node));
    return out;
  }
  if (type == "object" || type == "map") {
    // [[key, value], ...]: a string key stands as itself; any other key makes a map a list
    // of pairs.
    bool string_keys = true;
    for (const json::value& pair : *items) {
      const json::array* kv = pair.if_array();
      if (kv == nullptr || kv->size() != 2 || !kv->at(0).is_string()) {
        const json::object* key =
            kv != nullptr && kv->size() == 2 ? kv->at(0).if_object() : nullptr;
        if (key == nullptr || StringAt(*key, "type") != "string") string_keys = false;
      }
    }
    if (string_keys) {
      json::object out;
      for (const json::value& pair : *items) {
        const json::array& kv = pair.get_array();
        const std::string_view key = kv.at(0).is_string()
                                         ? std::string_view(kv.at(0).get_string())
                                         : StringAt(kv.at(0).get_object(), "value");
        out[key] = PlainFromRemote(kv.at(1), on_node);
      }
      return out;
    }
    json::array out;
    for (const json::value& pair : *items) {
      const json::array* kv = pair.if_array();
      if (kv == nullptr || kv->size() != 2) continue;
      out.push_back(
          json::array{PlainFromRemote(kv->at(0), on_node), PlainFromRemote(kv->at(1), on_node)});
    }
    return out;
  }
  return json::object{{"type", type}};
}

}  // namespace firefox_bidi::page
