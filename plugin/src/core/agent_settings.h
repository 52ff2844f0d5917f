// What a new agent's user context is set up with (DESIGN.md section 12): config
// agents.defaults, and a call's "agent_settings" on the agent's first use, key by key over them.
#ifndef FIREFOX_BIDI_CORE_AGENT_SETTINGS_H_
#define FIREFOX_BIDI_CORE_AGENT_SETTINGS_H_

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <optional>
#include <string>

namespace firefox_bidi {

// The keys, in the order messages list them.
inline constexpr char kAgentSettingKeys[] =
    "\"viewport\", \"locale\", \"timezone\", \"user_agent\", \"geolocation\", \"proxy\", "
    "\"accept_insecure_certs\"";

// Why `settings` is not a settings object ("" when it is); `*key` names the member at fault
// ("" for the whole value).
std::string AgentSettingsProblem(const boost::json::value& settings, std::string* key);

// `defaults` with each key of `own` put over it.
boost::json::object MergeAgentSettings(const boost::json::object& defaults,
                                       const boost::json::object& own);

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_AGENT_SETTINGS_H_
