/* Proves that agent_tool/plugin.h is C99: this file is compiled with -std=c99 -pedantic
 * -Werror and exercises every type and constant of the header. Run as a test, it checks the
 * layout facts a host relies on. */
#include <stddef.h>
#include <stdio.h>

#include "agent_tool/plugin.h"

static int failures = 0;

#define CHECK(cond)                                              \
  do {                                                           \
    if (!(cond)) {                                               \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, #cond); \
      ++failures;                                                \
    }                                                            \
  } while (0)

int main(void) {
  agent_tool_plugin_descriptor descriptor;
  agent_tool_host_services services;
  agent_tool_result result;
  agent_tool_entry_fn entry = NULL;
  agent_tool_status status = AGENT_TOOL_STATUS_REFUSED;
  agent_tool_log_level level = AGENT_TOOL_LOG_WARNING;
  agent_tool_content_part part;
  agent_tool_content_kind kind = AGENT_TOOL_CONTENT_IMAGE;
  agent_tool_host_hint hint = AGENT_TOOL_HOST_HINT_LONG_LIVED;
  (void)part;
  (void)entry;
  (void)descriptor;
  (void)services;
  (void)result;

  CHECK(AGENT_TOOL_ABI_MAJOR == 2u);
  CHECK(AGENT_TOOL_ABI_MINOR == 2u);
  CHECK(AGENT_TOOL_STATUS_OK == 0 && status == 1 && AGENT_TOOL_STATUS_FAILED == 2);
  CHECK(AGENT_TOOL_LOG_DEBUG == 0 && level == 2 && AGENT_TOOL_LOG_ERROR == 3);
  CHECK(AGENT_TOOL_CONTENT_TEXT == 0 && kind == 1 && AGENT_TOOL_CONTENT_RESOURCE_LINK == 2);
  CHECK(hint == 1);
  /* The version fields come first in every ABI version: a host reads them before the size. */
  CHECK(offsetof(agent_tool_plugin_descriptor, abi_major) == 0);
  CHECK(offsetof(agent_tool_plugin_descriptor, abi_minor) == 4);
  CHECK(offsetof(agent_tool_plugin_descriptor, struct_size) == 8);
  CHECK(offsetof(agent_tool_host_services, struct_size) == 0);
  /* Results and parts start with their size too, so a host can check it before anything else. */
  CHECK(offsetof(agent_tool_result, struct_size) == 0);
  /* status and kind are fixed-width integers: 4 bytes at offset 4, as the enums were. */
  CHECK(sizeof(result.status) == 4 && offsetof(agent_tool_result, status) == 4);
  CHECK(offsetof(agent_tool_result, json) == 8);
  CHECK(sizeof(part.kind) == 4 && offsetof(agent_tool_content_part, kind) == 4);
  CHECK(offsetof(agent_tool_content_part, struct_size) == 0);
  CHECK(sizeof(AGENT_TOOL_ENTRY_SYMBOL) == sizeof("agent_tool_plugin_v1"));
  CHECK(offsetof(agent_tool_plugin_descriptor, cancel_call) + sizeof(agent_tool_cancel_call_fn) ==
        sizeof(agent_tool_plugin_descriptor));
  CHECK(offsetof(agent_tool_result, part_count) + sizeof(size_t) == sizeof(agent_tool_result));
  CHECK(offsetof(agent_tool_host_services, hints) + sizeof(uint64_t) ==
        sizeof(agent_tool_host_services));
  if (failures == 0) printf("plugin.h compiles as C99; layout checks passed\n");
  return failures == 0 ? 0 : 1;
}
