#include "core/tool_error.h"

#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>
#include <utility>

namespace firefox_bidi {

std::string SerializeToolError(const ToolError& error) {
  boost::json::object inner;
  inner.emplace("kind", error.kind);
  inner.emplace("message", error.message);
  if (error.at) inner.emplace("at", *error.at);
  boost::json::object outer;
  outer.emplace("error", std::move(inner));
  return boost::json::serialize(outer);
}

}  // namespace firefox_bidi
