/* minimal_host: the smallest host of an agent tool plugin, in C.
 *
 *   minimal_host PLUGIN.so [ARGS_JSON [CONFIG_JSON]]
 *
 * Loads the plugin, checks the descriptor, creates an instance, runs one call and prints the
 * result on stdout and one line per content part on stderr ("part: KIND ..."). Exit status: 0
 * the tool ran, 1 refused or failed, 2 the plugin could not be used. */
#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "agent_tool/plugin.h"

/* One line per content part; members are read only when the part's struct_size covers them. */
static void PrintParts(const agent_tool_result* result) {
  size_t i;
  if (result->struct_size < offsetof(agent_tool_result, part_count) + sizeof(size_t)) return;
  for (i = 0; i < result->part_count; ++i) {
    const agent_tool_content_part* part = result->parts[i];
    if (part->struct_size < sizeof(agent_tool_content_part)) continue;
    switch (part->kind) {
      case AGENT_TOOL_CONTENT_TEXT:
        fprintf(stderr, "part: text %.*s\n", (int)part->text_len, part->text);
        break;
      case AGENT_TOOL_CONTENT_IMAGE:
        if (part->path != NULL) {
          fprintf(stderr, "part: image %s %s\n", part->mime, part->path);
        } else {
          fprintf(stderr, "part: image %s (%lu bytes)\n", part->mime,
                  (unsigned long)part->data_len);
        }
        break;
      case AGENT_TOOL_CONTENT_RESOURCE_LINK:
        fprintf(stderr, "part: resource_link %s %s\n", part->uri, part->name);
        break;
      default:
        break; /* a kind of a later minor version */
    }
  }
}

static void OnLog(void* host_context, agent_tool_log_level level, const char* message,
                  size_t message_len) {
  (void)host_context;
  fprintf(stderr, "plugin log %d: %.*s\n", (int)level, (int)message_len, message);
}

int main(int argc, char** argv) {
  const char* args = argc > 2 ? argv[2] : "{\"frames\":[{\"method\":\"browsingContext.getTree\"}]}";
  const char* config = argc > 3 ? argv[3] : "{}";
  void* library;
  agent_tool_entry_fn entry;
  const agent_tool_plugin_descriptor* plugin;
  agent_tool_host_services services;
  agent_tool_instance* instance = NULL;
  agent_tool_result* result;
  int exit_code;

  if (argc < 2) {
    fprintf(stderr, "usage: %s PLUGIN.so [ARGS_JSON [CONFIG_JSON]]\n", argv[0]);
    return 2;
  }
  library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    fprintf(stderr, "cannot load %s: %s\n", argv[1], dlerror());
    return 2;
  }
  /* POSIX guarantees that a data pointer from dlsym converts to a function pointer. */
  *(void**)(&entry) = dlsym(library, AGENT_TOOL_ENTRY_SYMBOL);
  plugin = entry != NULL ? entry() : NULL;
  if (plugin == NULL || plugin->abi_major != AGENT_TOOL_ABI_MAJOR ||
      plugin->struct_size < sizeof(agent_tool_plugin_descriptor)) {
    fprintf(stderr, "%s is not a compatible agent tool plugin\n", argv[1]);
    dlclose(library);
    return 2;
  }

  fprintf(stderr, "tool: %s %s\n", plugin->name, plugin->version);

  memset(&services, 0, sizeof(services));
  services.struct_size = (uint32_t)sizeof(services);
  services.log_callback = OnLog;
  result = plugin->create_instance(config, strlen(config), &services, &instance);
  if (result->status != AGENT_TOOL_STATUS_OK) {
    fprintf(stderr, "create failed: %s\n", result->message);
    plugin->free_result(result);
    dlclose(library);
    return 1;
  }
  plugin->free_result(result);

  result = plugin->invoke(instance, args, strlen(args), NULL);
  printf("%.*s\n", (int)result->json_len, result->json);
  PrintParts(result);
  exit_code = result->status == AGENT_TOOL_STATUS_OK ? 0 : 1;
  plugin->free_result(result);
  plugin->destroy_instance(instance);
  dlclose(library);
  return exit_code;
}
