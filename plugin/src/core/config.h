// The instance config (DESIGN.md section 6): every key optional, defaults below.
#ifndef FIREFOX_BIDI_CORE_CONFIG_H_
#define FIREFOX_BIDI_CORE_CONFIG_H_

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/tool_error.h"

namespace firefox_bidi {

struct FirefoxConfig {
  std::string binary;  // empty: search PATH for firefox-esr, then firefox
  bool headless = true;
  std::vector<std::string> args;                    // extra command-line arguments
  std::map<std::string, boost::json::value> prefs;  // extra user.js prefs (bool, number, string)
  std::map<std::string, std::string> env;           // extra environment variables
  bool offline = false;                             // sets MOZ_DISABLE_NONLOCAL_CONNECTIONS=1
  std::chrono::milliseconds start_timeout{30000};   // start_timeout_ms: spawn to "listening" line
};

// Hard bounds that keep one call's memory and disk use finite.
struct Limits {
  std::size_t max_frames = 256;                    // frames per batch
  std::uint64_t max_message_bytes = 256ull << 20;  // one incoming BiDi message
  std::size_t max_inline_events = 50;              // events kept in the result itself
  // Events kept per call, by number and by bytes (compact, "frame" tag included): past either
  // bound the oldest are dropped and counted, the newest kept.
  std::size_t max_events = 10000;
  std::uint64_t max_event_bytes = 8ull << 20;
  std::size_t label_cache_entries = 256;                  // labels remembered across calls
  std::uint64_t max_spool_in_flight_bytes = 64ull << 20;  // queued, not yet written
};

// Config "agents" (DESIGN.md section 12).
struct AgentsConfig {
  boost::json::object defaults;     // settings of each new agent (core/agent_settings.h)
  std::chrono::seconds idle{1800};  // an agent without a call this long is closed
  std::size_t max = 32;             // live agents at most, "default" included
};

struct InstanceConfig {
  FirefoxConfig firefox;
  // Start the browser at create. Unset: only when the host says it is long-lived
  // (AGENT_TOOL_HOST_HINT_LONG_LIVED, e.g. `tool-host mcp`).
  std::optional<bool> prelaunch;
  std::string connect;    // ws://host:port/session of a running Firefox ("" = launch one)
  std::string webdriver;  // http://host:port of geckodriver / Selenium Grid ("" = launch one)
  std::string spool_dir;  // "" = a private directory under $TMPDIR
  std::uint64_t max_inline_bytes = 8192;
  std::uint64_t max_result_bytes = 65536;
  std::uint64_t spool_quota_bytes = 16ull << 20;
  std::chrono::milliseconds frame_timeout{30000};
  std::chrono::milliseconds connect_timeout{10000};  // TCP + WebSocket handshake
  // Directories whose files the model may open (file: URLs) and upload (input.setFiles):
  // absolute paths. nullopt: the host process's working directory; empty: none.
  std::optional<std::vector<std::string>> file_roots;
  bool allow_extensions = false;  // webExtension.install
  // Top-level browsing contexts (tabs) one user context may hold; past it the newest are
  // closed and the frame that opened them fails (core/tab_guard.h).
  std::size_t max_tabs = 32;
  // navigator.webdriver as the standard has it (true); false by default, as in a user's browser.
  bool webdriver_flag = false;
  // A storage-state file (page.storage's format, inside file_roots) whose cookies and
  // localStorage each new browser session starts with; "" = none.
  std::string storage_state;
  AgentsConfig agents;
  Limits limits;
};

// Parses and validates a config JSON object ("" or only white space means {}). Unknown keys are
// refused so a typo does not silently fall back to a default. A refused config is the
// ToolError a host reads: kind "invalid_config", `at` a JSON Pointer into the config ("" = the
// whole), a message that names the pointer and never echoes a value (a config may carry
// secrets).
ToolErrorOr<InstanceConfig> ParseConfig(std::string_view json);

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_CONFIG_H_
