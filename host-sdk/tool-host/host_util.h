// Small helpers of the reference host.
#ifndef TOOL_HOST_HOST_UTIL_H_
#define TOOL_HOST_HOST_UTIL_H_

#include <boost/json/value.hpp>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace tool_host {

// Standard base64 with padding (RFC 4648 section 4).
std::string Base64(std::string_view bytes);

// An option value given as JSON text or as "@FILE" (the file's contents). `option` names the
// option in the error ("--config"). The error never quotes the value: configs hold secrets.
absl::StatusOr<std::string> ReadInlineOrFile(std::string_view option, const std::string& value);

// Reads a descriptor to its end.
absl::StatusOr<std::string> ReadAll(int fd);

// The absolute path of the running executable (from /proc/self/exe: links resolved).
absl::StatusOr<std::string> ExecutablePath();

// The directory of the running executable (from /proc/self/exe).
absl::StatusOr<std::string> ExecutableDir();

// Parses JSON allowing deep nesting: BiDi results (serialized DOM nodes, remote values) and
// the tool arguments that carry them nest far deeper than Boost.JSON's default limit of 32.
boost::json::value ParseDeepJson(std::string_view text, boost::system::error_code& ec);

// `json` re-serialized compactly when it spans lines, so it fits one line of `serve` output.
std::string OneLine(std::string json);

}  // namespace tool_host

#endif  // TOOL_HOST_HOST_UTIL_H_
