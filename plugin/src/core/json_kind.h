// The kind of a JSON value as messages name it: "an object", "an array", "a string",
// "a number", "a boolean", "null" -- the one spelling every refusal uses ("got a string").
#ifndef FIREFOX_BIDI_CORE_JSON_KIND_H_
#define FIREFOX_BIDI_CORE_JSON_KIND_H_

#include <boost/json/value.hpp>

namespace firefox_bidi {

inline const char* JsonKindName(const boost::json::value& v) {
  switch (v.kind()) {
    case boost::json::kind::object:
      return "an object";
    case boost::json::kind::array:
      return "an array";
    case boost::json::kind::string:
      return "a string";
    case boost::json::kind::bool_:
      return "a boolean";
    case boost::json::kind::null:
      return "null";
    case boost::json::kind::int64:
    case boost::json::kind::uint64:
    case boost::json::kind::double_:
      return "a number";
  }
  return "a number";
}

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_JSON_KIND_H_
