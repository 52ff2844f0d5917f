// Reading one member of a JSON object that may be missing or of another kind, the way event
// and reply parsers do: a missing or mistyped member reads as empty (or null), never throws.
#ifndef FIREFOX_BIDI_CORE_JSON_FIELDS_H_
#define FIREFOX_BIDI_CORE_JSON_FIELDS_H_

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <optional>
#include <string_view>

namespace firefox_bidi {

// The string at `key`, or an empty view.
inline std::string_view StringAt(const boost::json::object& object, std::string_view key) {
  const boost::json::value* v = object.if_contains(key);
  return v != nullptr && v->is_string() ? std::string_view(v->get_string()) : std::string_view();
}

// The same through a pointer that may be null (a member looked up one level up).
inline std::string_view StringAt(const boost::json::object* object, std::string_view key) {
  return object != nullptr ? StringAt(*object, key) : std::string_view();
}

// The object at `key`, or nullptr.
inline const boost::json::object* ObjectAt(const boost::json::object& object,
                                           std::string_view key) {
  const boost::json::value* v = object.if_contains(key);
  return v != nullptr && v->is_object() ? &v->get_object() : nullptr;
}

// The number at `key` as a double, or nullopt.
inline std::optional<double> NumberAt(const boost::json::object& object, std::string_view key) {
  const boost::json::value* v = object.if_contains(key);
  if (v == nullptr || !v->is_number()) return std::nullopt;
  boost::system::error_code ec;
  const double d = v->to_number<double>(ec);
  if (ec) return std::nullopt;
  return d;
}

// True only when `key` holds the boolean true.
inline bool BoolAt(const boost::json::object& object, std::string_view key) {
  const boost::json::value* v = object.if_contains(key);
  return v != nullptr && v->is_bool() && v->get_bool();
}

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_JSON_FIELDS_H_
