// The canonical JSON scanner: whatever it accepts must parse (at the contract's depth limit)
// and serialize back to exactly the same bytes; whatever it refuses is not checked (refusing is
// always safe, the caller parses and serializes).
#include <boost/json/parse.hpp>
#include <boost/json/parse_options.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/canonical_json.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  if (!firefox_bidi::IsCanonicalJson(text)) return 0;
  boost::json::parse_options options;
  options.max_depth = 10000;
  boost::system::error_code ec;
  const boost::json::value value = boost::json::parse(text, ec, {}, options);
  if (ec) __builtin_trap();                                     // accepted, but not JSON
  if (boost::json::serialize(value) != text) __builtin_trap();  // accepted, but not canonical
  return 0;
}
