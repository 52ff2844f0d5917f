// Placeholder until tool-host lands.
namespace tool_host {}
