// JSON text as the tool writes it for a model: compact, as boost::json::serialize writes it,
// except numbers with a fraction or an exponent, which take the shortest decimal form that
// reads back as the same double, as JavaScript writes them (81.5, 0.1, 1e+21), not Boost's
// own notation (8.15E1, 1E-1, 1E21), which a model misreads.
#ifndef FIREFOX_BIDI_CORE_JSON_TEXT_H_
#define FIREFOX_BIDI_CORE_JSON_TEXT_H_

#include <boost/json/value.hpp>
#include <string>

namespace firefox_bidi {

// Appends the text of `value` to `out`.
void AppendJsonText(const boost::json::value& value, std::string& out);

// The text of `value`.
std::string JsonText(const boost::json::value& value);

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_JSON_TEXT_H_
