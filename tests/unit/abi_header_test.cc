// The ABI as a C++ host and a linker see it: the header's layout, the C build of the header,
// and that the plugin exports nothing but its entry symbol.
#include <boost/test/unit_test.hpp>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <sstream>
#include <string>

#include "agent_tool/plugin.h"

namespace {

// Runs `command` and returns its stdout; the exit status goes to `status`.
std::string Capture(const std::string& command, int* status) {
  std::string out;
  FILE* pipe = ::popen(command.c_str(), "r");
  BOOST_TEST_REQUIRE(pipe != nullptr);
  char buffer[4096];
  std::size_t n;
  while ((n = std::fread(buffer, 1, sizeof(buffer), pipe)) > 0) out.append(buffer, n);
  *status = ::pclose(pipe);
  return out;
}

const std::string kBinaryDir = FIREFOX_BIDI_BINARY_DIR;

BOOST_AUTO_TEST_SUITE(abi_header)

BOOST_AUTO_TEST_CASE(plugin_exports_only_the_entry_symbol) {
  int status = -1;
  std::string out =
      Capture("nm -D --defined-only " + kBinaryDir + "/lib/libfirefox_bidi.so", &status);
  BOOST_TEST_REQUIRE(status == 0);
  std::set<std::string> symbols;
  std::istringstream lines(out);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.empty()) continue;
    symbols.insert(line.substr(line.rfind(' ') + 1));  // "<address> <type> <name>"
  }
  BOOST_TEST((symbols == std::set<std::string>{"agent_tool_plugin_v1"}), "exported: " << out);
}

BOOST_AUTO_TEST_CASE(entry_symbol_is_a_text_symbol) {
  int status = -1;
  std::string out =
      Capture("nm -D --defined-only " + kBinaryDir + "/lib/libfirefox_bidi.so", &status);
  BOOST_TEST_REQUIRE(status == 0);
  BOOST_TEST(out.find(" T agent_tool_plugin_v1\n") != std::string::npos, out);
}

BOOST_AUTO_TEST_CASE(header_compiles_as_strict_c99_and_its_checks_pass) {
  int status = -1;
  std::string out = Capture(kBinaryDir + "/bin/abi_header_c_test", &status);
  BOOST_TEST(status == 0);
  BOOST_TEST(out == "plugin.h compiles as C99; layout checks passed\n");
}

BOOST_AUTO_TEST_CASE(descriptor_layout_keeps_version_fields_first) {
  BOOST_TEST(offsetof(agent_tool_plugin_descriptor, abi_major) == 0u);
  BOOST_TEST(offsetof(agent_tool_plugin_descriptor, abi_minor) == 4u);
  BOOST_TEST(offsetof(agent_tool_plugin_descriptor, struct_size) == 8u);
  BOOST_TEST(offsetof(agent_tool_plugin_descriptor, name) == 16u);
  BOOST_TEST(offsetof(agent_tool_plugin_descriptor, create_instance) == 48u);
  BOOST_TEST(offsetof(agent_tool_plugin_descriptor, destroy_instance) == 80u);
  // ABI 2.0 appended title and plugin_name after ABI 1's last field.
  BOOST_TEST(offsetof(agent_tool_plugin_descriptor, title) == 88u);
  BOOST_TEST(offsetof(agent_tool_plugin_descriptor, plugin_name) == 96u);
  // ABI 2.1 appended handle_argument and release_handle.
  BOOST_TEST(offsetof(agent_tool_plugin_descriptor, handle_argument) == 104u);
  BOOST_TEST(offsetof(agent_tool_plugin_descriptor, release_handle) == 112u);
  // ABI 2.2 appended cancel_call.
  BOOST_TEST(offsetof(agent_tool_plugin_descriptor, cancel_call) == 120u);
  BOOST_TEST(sizeof(agent_tool_plugin_descriptor) == 128u);
  BOOST_TEST(std::string(AGENT_TOOL_ENTRY_SYMBOL) == "agent_tool_plugin_v1");
  BOOST_TEST(AGENT_TOOL_ABI_MAJOR == 2u);
  BOOST_TEST(AGENT_TOOL_ABI_MINOR == 2u);
}

BOOST_AUTO_TEST_CASE(host_services_append_hints_after_the_abi_1_callbacks) {
  BOOST_TEST(offsetof(agent_tool_host_services, struct_size) == 0u);
  BOOST_TEST(offsetof(agent_tool_host_services, progress_callback) == 24u);
  BOOST_TEST(offsetof(agent_tool_host_services, hints) == 32u);
  BOOST_TEST(sizeof(agent_tool_host_services) == 40u);
  BOOST_TEST(AGENT_TOOL_HOST_HINT_LONG_LIVED == 1);
}

BOOST_AUTO_TEST_CASE(result_starts_with_its_size_and_ends_with_the_parts) {
  BOOST_TEST(offsetof(agent_tool_result, struct_size) == 0u);
  BOOST_TEST(offsetof(agent_tool_result, status) == 4u);
  BOOST_TEST(sizeof(agent_tool_result::status) == 4u);
  BOOST_TEST(offsetof(agent_tool_result, json) == 8u);
  BOOST_TEST(offsetof(agent_tool_result, message) == 24u);
  BOOST_TEST(offsetof(agent_tool_result, parts) == 32u);
  BOOST_TEST(offsetof(agent_tool_result, part_count) == 40u);
  BOOST_TEST(sizeof(agent_tool_result) == 48u);
}

BOOST_AUTO_TEST_CASE(content_part_layout_and_kinds) {
  BOOST_TEST(offsetof(agent_tool_content_part, struct_size) == 0u);
  BOOST_TEST(offsetof(agent_tool_content_part, kind) == 4u);
  BOOST_TEST(offsetof(agent_tool_content_part, text) == 8u);
  BOOST_TEST(offsetof(agent_tool_content_part, mime) == 24u);
  BOOST_TEST(offsetof(agent_tool_content_part, data) == 32u);
  BOOST_TEST(offsetof(agent_tool_content_part, path) == 48u);
  BOOST_TEST(offsetof(agent_tool_content_part, uri) == 56u);
  BOOST_TEST(offsetof(agent_tool_content_part, name) == 64u);
  BOOST_TEST(sizeof(agent_tool_content_part) == 72u);
  BOOST_TEST(AGENT_TOOL_CONTENT_TEXT == 0);
  BOOST_TEST(AGENT_TOOL_CONTENT_IMAGE == 1);
  BOOST_TEST(AGENT_TOOL_CONTENT_RESOURCE_LINK == 2);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
