// The MCP JSON-RPC reader: any line from the client must be classified, never crash, and every
// malformed message must get one of the four JSON-RPC error codes with a message; a request
// always carries a valid id, and the error reply McpServer would send serializes.
#include <boost/json/serialize.hpp>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "jsonrpc.h"

namespace {

void Check(bool condition) {
  if (!condition) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view line(reinterpret_cast<const char*>(data), size);
  using Kind = tool_host::JsonRpcMessage::Kind;
  tool_host::JsonRpcMessage m = tool_host::ReadJsonRpcMessage(line, /*too_long=*/false);
  switch (m.kind) {
    case Kind::kRequest:
      Check(tool_host::IsValidJsonRpcId(m.id));
      break;
    case Kind::kNotification:
      Check(m.id.is_null());
      break;
    case Kind::kError:
      Check(m.error_code == tool_host::kJsonRpcParseError ||
            m.error_code == tool_host::kJsonRpcInvalidRequest ||
            m.error_code == tool_host::kJsonRpcInvalidParams);
      Check(!m.error_message.empty());
      Check(m.id.is_null() || tool_host::IsValidJsonRpcId(m.id));
      Check(!boost::json::serialize(m.id).empty());
      break;
    case Kind::kReply:
    case Kind::kDropped:
      Check(m.method.empty() && !m.params.has_value());
      break;
  }
  return 0;
}
