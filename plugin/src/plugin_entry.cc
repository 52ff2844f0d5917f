// Placeholder entry point until the ABI layer lands.
#include "agent_tool/plugin.h"

extern "C" __attribute__((visibility("default"))) const agent_tool_plugin_descriptor*
agent_tool_plugin_v1(void) {
  return nullptr;
}
