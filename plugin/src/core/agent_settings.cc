#include "core/agent_settings.h"

#include <string_view>

#include "absl/strings/str_cat.h"
#include "core/json_kind.h"

namespace firefox_bidi {
namespace json = boost::json;
namespace {

bool PositiveInteger(const json::value* v) {
  return v != nullptr &&
         ((v->is_int64() && v->get_int64() > 0) || (v->is_uint64() && v->get_uint64() > 0));
}

bool Number(const json::value* v) { return v != nullptr && v->is_number(); }

// Why `value` is not what setting `key` takes ("" when it is).
std::string ValueProblem(std::string_view key, const json::value& value) {
  if (key == "viewport") {
    const json::object* o = value.if_object();
    if (o == nullptr || o->size() != 2 || !PositiveInteger(o->if_contains("width")) ||
        !PositiveInteger(o->if_contains("height"))) {
      return "must be {\"width\": W, \"height\": H} in CSS pixels";
    }
  } else if (key == "locale" || key == "timezone" || key == "user_agent") {
    if (!value.is_string() || value.get_string().empty()) {
      return absl::StrCat("must be a non-empty string", key == "locale" ? " such as \"de-DE\""
                                                        : key == "timezone"
                                                            ? " such as \"Asia/Tokyo\""
                                                            : "");
    }
  } else if (key == "geolocation") {
    const json::object* o = value.if_object();
    bool known = o != nullptr;
    if (known) {
      for (const auto& member : *o) {
        const std::string_view k = member.key();
        if (k != "latitude" && k != "longitude" && k != "accuracy") known = false;
      }
    }
    if (!known || !Number(o->if_contains("latitude")) || !Number(o->if_contains("longitude")) ||
        (o->contains("accuracy") && !Number(o->if_contains("accuracy")))) {
      return "must be {\"latitude\": N, \"longitude\": N, \"accuracy\"?: N}";
    }
  } else if (key == "proxy") {
    const json::object* o = value.if_object();
    if (o == nullptr || !o->contains("proxyType")) {
      return "must be a BiDi proxy configuration such as {\"proxyType\": \"manual\", "
             "\"httpProxy\": \"host:port\"}";
    }
  } else if (key == "accept_insecure_certs") {
    if (!value.is_bool()) return "must be true or false";
  } else {
    return absl::StrCat("is not a setting; the settings are ", kAgentSettingKeys);
  }
  return "";
}

}  // namespace

std::string AgentSettingsProblem(const json::value& settings, std::string* key) {
  key->clear();
  const json::object* object = settings.if_object();
  if (object == nullptr) {
    return absl::StrCat("must be an object with any of ", kAgentSettingKeys, ", got ",
                        JsonKindName(settings));
  }
  for (const auto& member : *object) {
    std::string problem = ValueProblem(member.key(), member.value());
    if (!problem.empty()) {
      *key = std::string(member.key());
      return problem;
    }
  }
  return "";
}

json::object MergeAgentSettings(const json::object& defaults, const json::object& own) {
  json::object out = defaults;
  for (const auto& member : own) out[member.key()] = member.value();
  return out;
}

}  // namespace firefox_bidi
