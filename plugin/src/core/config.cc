#include "core/config.h"

#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/agent_settings.h"
#include "core/json_kind.h"
#include "core/status_macros.h"

namespace firefox_bidi {
namespace {

namespace json = boost::json;

// Bounds the config's durations (firefox.start_timeout_ms, frame_timeout_ms) so that adding one
// to a clock never overflows: one day is longer than any sensible wait. Not the bound of a
// frame's own `timeout_ms` argument, which is kMaxTimeoutMs in batch_args.h (600 s).
constexpr std::int64_t kMaxConfigDurationMs = 24ll * 60 * 60 * 1000;
// More tabs than this in one browser is a mistake, not a use (each costs memory and a process).
constexpr std::uint64_t kMaxTabs = 1000;
// Likewise for agents (each is a user context with its tabs), and a week of idleness.
constexpr std::uint64_t kMaxAgents = 1000;
constexpr std::uint64_t kMaxAgentIdleS = 7ull * 24 * 60 * 60;

// Appends one reference token to a JSON Pointer (RFC 6901: "~" -> "~0", "/" -> "~1").
std::string Child(std::string_view pointer, std::string_view key) {
  std::string out(pointer);
  out.push_back('/');
  for (char c : key) {
    if (c == '~') {
      out += "~0";
    } else if (c == '/') {
      out += "~1";
    } else {
      out.push_back(c);
    }
  }
  return out;
}

// Keeps the first error as the ToolError to return; its non-OK Status only unwinds the parse.
// Values are never echoed: a config may carry secrets (endpoints with tokens, env variables).
class Parser {
 public:
  absl::Status Fail(std::string at, std::string_view what) {
    std::string message = at.empty() ? absl::StrCat("config: ", std::string(what))
                                     : absl::StrCat("config ", at, ": ", std::string(what));
    error_ = ToolError{.kind = "invalid_config", .message = message, .at = std::move(at)};
    return absl::InvalidArgumentError(message);
  }

  ToolError TakeError() { return std::move(error_); }

  absl::Status Expected(const std::string& at, const json::value& v, std::string_view wanted) {
    return Fail(at, absl::StrCat("must be ", std::string(wanted), ", not ", JsonKindName(v)));
  }

  absl::StatusOr<bool> Bool(const std::string& at, const json::value& v) {
    if (!v.is_bool()) return Expected(at, v, "a boolean");
    return v.get_bool();
  }

  absl::StatusOr<std::string> String(const std::string& at, const json::value& v) {
    if (!v.is_string()) return Expected(at, v, "a string");
    const json::string& s = v.get_string();
    if (s.find('\0') != json::string::npos) return Fail(at, "must not contain a NUL character");
    return std::string(s);
  }

  // A non-negative integer no larger than `max`. Doubles are refused even when integral: a
  // byte count or a duration written as 1e3 is more likely a mistake than intended.
  absl::StatusOr<std::uint64_t> Unsigned(const std::string& at, const json::value& v,
                                         std::uint64_t min, std::uint64_t max) {
    std::optional<std::uint64_t> n;
    if (v.is_uint64()) {
      n = v.get_uint64();
    } else if (v.is_int64() && v.get_int64() >= 0) {
      n = static_cast<std::uint64_t>(v.get_int64());
    } else if (v.is_int64() || v.is_double()) {
      return Fail(at, absl::StrCat("must be an integer from ", min, " to ", max));
    } else {
      return Expected(at, v, "an integer");
    }
    if (*n < min || *n > max) {
      return Fail(at, absl::StrCat("must be an integer from ", min, " to ", max));
    }
    return *n;
  }

  absl::StatusOr<const json::object*> Object(const std::string& at, const json::value& v) {
    if (!v.is_object()) return Expected(at, v, "an object");
    return &v.get_object();
  }

  absl::Status Firefox(const std::string& at, const json::value& v, FirefoxConfig& out) {
    ASSIGN_OR_RETURN(const json::object* obj, Object(at, v));
    for (const auto& [key, value] : *obj) {
      std::string here = Child(at, key);
      if (key == "binary") {
        ASSIGN_OR_RETURN(out.binary, String(here, value));
      } else if (key == "headless") {
        ASSIGN_OR_RETURN(out.headless, Bool(here, value));
      } else if (key == "offline") {
        ASSIGN_OR_RETURN(out.offline, Bool(here, value));
      } else if (key == "start_timeout_ms") {
        ASSIGN_OR_RETURN(std::uint64_t ms, Unsigned(here, value, 1, kMaxConfigDurationMs));
        out.start_timeout = std::chrono::milliseconds(ms);
      } else if (key == "args") {
        if (!value.is_array()) return Expected(here, value, "an array of strings");
        out.args.clear();
        const json::array& args = value.get_array();
        for (std::size_t i = 0; i < args.size(); ++i) {
          ASSIGN_OR_RETURN(std::string arg, String(absl::StrCat(here, "/", i), args[i]));
          out.args.push_back(std::move(arg));
        }
      } else if (key == "prefs") {
        ASSIGN_OR_RETURN(const json::object* prefs, Object(here, value));
        out.prefs.clear();
        for (const auto& [name, pref] : *prefs) {
          std::string pref_at = Child(here, name);
          if (name.empty()) return Fail(pref_at, "a pref name must not be empty");
          if (!pref.is_bool() && !pref.is_number() && !pref.is_string()) {
            return Expected(pref_at, pref, "a boolean, a number or a string");
          }
          out.prefs[std::string(name)] = pref;
        }
      } else if (key == "env") {
        ASSIGN_OR_RETURN(const json::object* env, Object(here, value));
        out.env.clear();
        for (const auto& [name, var] : *env) {
          std::string var_at = Child(here, name);
          if (name.empty() || name.find('=') != json::string::npos ||
              name.find('\0') != json::string::npos) {
            return Fail(var_at, "an environment variable name must be non-empty without '='");
          }
          ASSIGN_OR_RETURN(out.env[std::string(name)], String(var_at, var));
        }
      } else {
        return Fail(here,
                    "unknown key (firefox takes binary, headless, args, prefs, env, offline, "
                    "start_timeout_ms)");
      }
    }
    return absl::OkStatus();
  }

  absl::Status Agents(const std::string& at, const json::value& v, AgentsConfig& out) {
    ASSIGN_OR_RETURN(const json::object* obj, Object(at, v));
    for (const auto& [key, value] : *obj) {
      std::string here = Child(at, key);
      if (key == "defaults") {
        std::string member;
        if (std::string problem = AgentSettingsProblem(value, &member); !problem.empty()) {
          return Fail(member.empty() ? here : Child(here, member), problem);
        }
        out.defaults = value.get_object();
      } else if (key == "idle_s") {
        ASSIGN_OR_RETURN(std::uint64_t s, Unsigned(here, value, 1, kMaxAgentIdleS));
        out.idle = std::chrono::seconds(s);
      } else if (key == "max") {
        ASSIGN_OR_RETURN(out.max, Unsigned(here, value, 1, kMaxAgents));
      } else {
        return Fail(here, "unknown key (agents takes defaults, idle_s, max)");
      }
    }
    return absl::OkStatus();
  }

  absl::StatusOr<InstanceConfig> Config(const json::value& root) {
    InstanceConfig config;
    ASSIGN_OR_RETURN(const json::object* obj, Object("", root));
    constexpr std::uint64_t kMaxU64 = std::numeric_limits<std::uint64_t>::max();
    for (const auto& [key, value] : *obj) {
      std::string here = Child("", key);
      if (key == "firefox") {
        RETURN_IF_ERROR(Firefox(here, value, config.firefox));
      } else if (key == "prelaunch") {
        ASSIGN_OR_RETURN(config.prelaunch, Bool(here, value));
      } else if (key == "connect") {
        ASSIGN_OR_RETURN(config.connect, String(here, value));
        if (!config.connect.starts_with("ws://")) {
          return Fail(here, "must be a ws:// URL of a running Firefox's BiDi endpoint");
        }
      } else if (key == "webdriver") {
        ASSIGN_OR_RETURN(config.webdriver, String(here, value));
        if (!config.webdriver.starts_with("http://")) {
          return Fail(here, "must be an http:// URL of a WebDriver endpoint");
        }
      } else if (key == "spool_dir") {
        ASSIGN_OR_RETURN(config.spool_dir, String(here, value));
        if (!config.spool_dir.starts_with("/")) return Fail(here, "must be an absolute path");
      } else if (key == "max_inline_bytes") {
        ASSIGN_OR_RETURN(config.max_inline_bytes, Unsigned(here, value, 0, kMaxU64));
      } else if (key == "max_result_bytes") {
        ASSIGN_OR_RETURN(config.max_result_bytes, Unsigned(here, value, 1, kMaxU64));
      } else if (key == "spool_quota_bytes") {
        ASSIGN_OR_RETURN(config.spool_quota_bytes, Unsigned(here, value, 0, kMaxU64));
      } else if (key == "frame_timeout_ms") {
        ASSIGN_OR_RETURN(std::uint64_t ms, Unsigned(here, value, 1, kMaxConfigDurationMs));
        config.frame_timeout = std::chrono::milliseconds(ms);
      } else if (key == "file_roots") {
        if (!value.is_array()) return Expected(here, value, "an array of absolute paths");
        const json::array& roots = value.get_array();
        config.file_roots.emplace();
        for (std::size_t i = 0; i < roots.size(); ++i) {
          const std::string root_at = absl::StrCat(here, "/", i);
          ASSIGN_OR_RETURN(std::string root, String(root_at, roots[i]));
          if (!root.starts_with("/")) return Fail(root_at, "must be an absolute path");
          config.file_roots->push_back(std::move(root));
        }
      } else if (key == "allow_extensions") {
        ASSIGN_OR_RETURN(config.allow_extensions, Bool(here, value));
      } else if (key == "max_tabs") {
        ASSIGN_OR_RETURN(config.max_tabs, Unsigned(here, value, 1, kMaxTabs));
      } else if (key == "webdriver_flag") {
        ASSIGN_OR_RETURN(config.webdriver_flag, Bool(here, value));
      } else if (key == "storage_state") {
        ASSIGN_OR_RETURN(config.storage_state, String(here, value));
        if (!config.storage_state.starts_with("/")) return Fail(here, "must be an absolute path");
      } else if (key == "agents") {
        RETURN_IF_ERROR(Agents(here, value, config.agents));
      } else {
        return Fail(here,
                    "unknown key (the config takes firefox, prelaunch, connect, webdriver, "
                    "spool_dir, max_inline_bytes, max_result_bytes, spool_quota_bytes, "
                    "frame_timeout_ms, file_roots, allow_extensions, max_tabs, webdriver_flag, "
                    "storage_state, agents)");
      }
    }
    if (!config.connect.empty() && !config.webdriver.empty()) {
      return Fail("/webdriver", "connect and webdriver exclude each other; give one");
    }
    return config;
  }

 private:
  ToolError error_;
};

bool IsBlank(std::string_view text) {
  return text.find_first_not_of(" \t\r\n") == std::string_view::npos;
}

}  // namespace

ToolErrorOr<InstanceConfig> ParseConfig(std::string_view text) {
  if (IsBlank(text)) return InstanceConfig{};
  Parser parser;
  boost::system::error_code ec;
  json::value root = json::parse(text, ec);
  if (ec) {
    parser.Fail("", absl::StrCat("not valid JSON (", ec.message(), ")")).IgnoreError();
    return parser.TakeError();
  }
  absl::StatusOr<InstanceConfig> config = parser.Config(root);
  if (!config.ok()) return parser.TakeError();
  return std::move(*config);
}

}  // namespace firefox_bidi
