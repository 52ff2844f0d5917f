// tool-host: the reference host of the agent tool SDK (see cli.h).
#include "cli.h"

int main(int argc, char** argv) {
  return tool_host::Main(argc, argv, FIREFOX_BIDI_DEFAULT_PLUGIN_RELATIVE);
}
