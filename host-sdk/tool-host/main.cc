// tool-host: the reference host of the agent tool SDK (see cli.h).
#include "cli.h"

int main(int argc, char** argv) { return tool_host::Main(argc, argv, TOOL_HOST_DEFAULT_PLUGIN); }
