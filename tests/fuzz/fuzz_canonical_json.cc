// The canonical JSON scanner: whatever it accepts must parse (at the contract's depth limit)
// and serialize back to exactly the same bytes; whatever it refuses is not checked (refusing is
// always safe, the caller parses and serializes). On valid UTF-8 (what a WebSocket text message
// is), trusting the UTF-8 must not change the outcome. Trusting it, the two string scans
// (StringScan: run by run, 64 bytes at a time) must agree on every input.
#include <boost/beast/websocket/detail/utf8_checker.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/parse_options.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/canonical_json.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using firefox_bidi::CanonicalValueEnd;
  using firefox_bidi::SetStringScan;
  using firefox_bidi::StringScan;
  using firefox_bidi::Utf8;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  SetStringScan(StringScan::kRuns);
  const std::size_t by_runs = CanonicalValueEnd(text, 0, Utf8::kAlreadyValid);
  SetStringScan(StringScan::kBlocks);
  if (CanonicalValueEnd(text, 0, Utf8::kAlreadyValid) != by_runs) {
    __builtin_trap();  // the string scans disagree
  }
  if (boost::beast::websocket::detail::check_utf8(text.data(), text.size()) &&
      CanonicalValueEnd(text, 0, Utf8::kAlreadyValid) != CanonicalValueEnd(text, 0)) {
    __builtin_trap();  // the modes disagree on valid UTF-8
  }
  if (!firefox_bidi::IsCanonicalJson(text)) return 0;
  boost::json::parse_options options;
  options.max_depth = 10000;
  boost::system::error_code ec;
  const boost::json::value value = boost::json::parse(text, ec, {}, options);
  if (ec) __builtin_trap();                                     // accepted, but not JSON
  if (boost::json::serialize(value) != text) __builtin_trap();  // accepted, but not canonical
  return 0;
}
