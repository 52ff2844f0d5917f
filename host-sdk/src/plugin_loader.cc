// Placeholder until the loader lands.
namespace agent_tool {}
