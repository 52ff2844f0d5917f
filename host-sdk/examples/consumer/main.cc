// consumer PLUGIN.so: loads a plugin through the installed SDK, prints what its descriptor
// says, and makes one call the tool refuses (no browser needed).
//   firefox_bidi 0.1.0 "Firefox (WebDriver BiDi)" ABI 2.0
//   invoke {"frames":[]}: refused (invalid_arguments)
// Exit status: 0 when both steps worked, 1 otherwise.
#include <iostream>
#include <memory>
#include <string>

#include "agent_tool/loader.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: consumer PLUGIN.so\n";
    return 1;
  }
  absl::StatusOr<std::shared_ptr<const agent_tool::PluginLibrary>> library =
      agent_tool::PluginLibrary::Open(argv[1]);
  if (!library.ok()) {
    std::cerr << library.status().message() << "\n";
    return 1;
  }
  const agent_tool_plugin_descriptor& d = (*library)->descriptor();
  std::cout << d.name << " " << d.version << " \"" << d.title << "\" ABI " << d.abi_major << "."
            << d.abi_minor << "\n";

  agent_tool::ToolInstance::Created created = agent_tool::ToolInstance::Create(*library, "{}");
  if (created.instance == nullptr) {
    std::cerr << "create failed: " << created.result.message << "\n";
    return 1;
  }
  agent_tool::ToolResult result = created.instance->Invoke(R"({"frames":[]})");
  const bool refused = result.status == AGENT_TOOL_STATUS_REFUSED &&
                       result.json.find(R"("kind":"invalid_arguments")") != std::string::npos;
  std::cout << "invoke {\"frames\":[]}: " << (refused ? "refused (invalid_arguments)" : result.json)
            << "\n";
  return refused ? 0 : 1;
}
