// A JSON result laid out for people (`tool-host call --pretty`).
#ifndef TOOL_HOST_PRETTY_JSON_H_
#define TOOL_HOST_PRETTY_JSON_H_

#include <string>
#include <string_view>

namespace tool_host {

// `json` laid out for reading: one member or element per line, indented by two spaces; an
// object or array whose compact form fits in 100 columns stays on one line; a string holding
// line breaks is a block (`|`, then its lines, indented), so a text outline reads as it would on
// a screen. For people, not parsers: a block is not JSON. Text that is not JSON is returned as
// is. Ends with a newline.
std::string PrettyJson(std::string_view json);

}  // namespace tool_host

#endif  // TOOL_HOST_PRETTY_JSON_H_
