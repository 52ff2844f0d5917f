// JSON text exactly as boost::json::serialize writes it, faster for long strings.
//
// Boost.JSON 1.81 copies a string's unescaped prefix in bulk but, after the first character it
// escapes, copies the rest of that string one character at a time; BiDi results are mostly long
// strings with quotes and newlines throughout. Here every unescaped run is copied whole. Numbers,
// booleans and null are written by Boost.JSON itself, so the bytes are identical by
// construction except for the string escaping, which follows Boost.JSON's table: `"`, `\` and
// the control characters below U+0020 (\b \t \n \f \r, else \u00xx in lower-case hex); every
// other byte, UTF-8 and U+2028 included, is copied as it is.
#ifndef FIREFOX_BIDI_CORE_JSON_TEXT_H_
#define FIREFOX_BIDI_CORE_JSON_TEXT_H_

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <string>
#include <string_view>

namespace firefox_bidi {

// Appends the JSON text of `value` to `out`; equal to out += boost::json::serialize(value).
void AppendJson(const boost::json::value& value, std::string& out);
void AppendJson(const boost::json::object& object, std::string& out);
// Appends `text` as a JSON string (quoted and escaped).
void AppendJsonString(std::string_view text, std::string& out);

// boost::json::serialize(value), byte for byte.
std::string SerializeJson(const boost::json::value& value);

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_JSON_TEXT_H_
