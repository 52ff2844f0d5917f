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
  BOOST_TEST(sizeof(agent_tool_plugin_descriptor) == 88u);
  BOOST_TEST(sizeof(agent_tool_host_services) == 32u);
  BOOST_TEST(sizeof(agent_tool_result) == 32u);
  BOOST_TEST(std::string(AGENT_TOOL_ENTRY_SYMBOL) == "agent_tool_plugin_v1");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
