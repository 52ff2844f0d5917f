// Interpolation: the input is split into a params object (JSON) and a bound result (JSON)
// at the first NUL; references to label "a" resolve into the result. Any input must either
// interpolate or fail with a status, never crash, and a params object without "<<" must come
// out unchanged.
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/interpolate.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::size_t split = input.find('\0');
  const std::string_view params_text = input.substr(0, split);
  const std::string_view bound_text =
      split == std::string_view::npos ? std::string_view("{}") : input.substr(split + 1);

  boost::system::error_code ec;
  boost::json::value params = boost::json::parse(params_text, ec);
  if (ec || !params.is_object()) return 0;
  boost::json::value bound = boost::json::parse(bound_text, ec);
  if (ec) return 0;

  boost::json::object& object = params.as_object();
  const bool needs = firefox_bidi::NeedsInterpolation(object);
  const std::string before = boost::json::serialize(object);
  auto lookup = [&](std::string_view label, std::string*) -> const boost::json::value* {
    return label == "a" ? &bound : nullptr;
  };
  const auto status = firefox_bidi::InterpolateInPlace(object, lookup);
  if (!needs && status.ok() && boost::json::serialize(object) != before) std::abort();
  return 0;
}
