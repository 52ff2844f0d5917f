#include "page/storage_state.h"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>
#include <cmath>
#include <system_error>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "core/base64.h"
#include "core/json_fields.h"
#include "core/string_view_compat.h"

namespace firefox_bidi::page {
namespace json = boost::json;
namespace {

absl::Status Wrong(std::string_view where, std::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat(ToAbsl(where), " ", ToAbsl(what)));
}

}  // namespace

std::string OriginOf(std::string_view url) {
  std::string_view scheme;
  if (url.starts_with("http://")) {
    scheme = "http://";
  } else if (url.starts_with("https://")) {
    scheme = "https://";
  } else {
    return "";
  }
  std::string_view authority = url.substr(scheme.size());
  authority = authority.substr(0, authority.find_first_of("/?#"));
  if (const std::size_t at = authority.rfind('@'); at != std::string_view::npos) {
    authority.remove_prefix(at + 1);
  }
  if (authority.empty()) return "";
  return absl::StrCat(ToAbsl(scheme), absl::AsciiStrToLower(ToAbsl(authority)));
}

void VisitedOrigins::Observe(const json::object& event,
                             const std::function<bool(std::string_view context)>& is_tab) {
  const json::value* method = event.if_contains("method");
  if (method == nullptr || !method->is_string()) return;
  const std::string_view name = method->get_string();
  if (name != "browsingContext.navigationCommitted" && name != "browsingContext.load") return;
  const json::value* params = event.if_contains("params");
  if (params == nullptr || !params->is_object()) return;
  if (!is_tab(StringAt(params->get_object(), "context"))) return;
  const std::string origin = OriginOf(StringAt(params->get_object(), "url"));
  if (!origin.empty()) Add(origin);
}

void VisitedOrigins::Add(const std::string& origin) {
  if (seen_.insert(origin).second) list_.push_back(origin);
}

json::object PlaywrightCookie(const json::object& bidi_cookie) {
  std::string value;
  if (const json::value* v = bidi_cookie.if_contains("value"); v != nullptr && v->is_object()) {
    const std::string_view type = StringAt(v->get_object(), "type");
    const std::string_view text = StringAt(v->get_object(), "value");
    if (type == "base64") {
      absl::StatusOr<std::string> bytes = DecodeBase64(text);
      value = bytes.ok() ? *std::move(bytes) : std::string(text);
    } else {
      value = std::string(text);
    }
  }
  // BiDi's expiry is whole seconds since the epoch, absent for a session cookie.
  json::value expires = -1;
  if (const json::value* expiry = bidi_cookie.if_contains("expiry");
      expiry != nullptr && expiry->is_number()) {
    expires = *expiry;
  }
  // "default" (no SameSite attribute given) is read as Lax, as browsers that apply the
  // attribute's default do; the file knows only the three values.
  const std::string_view same_site = StringAt(bidi_cookie, "sameSite");
  const char* shown = same_site == "strict" ? "Strict" : same_site == "none" ? "None" : "Lax";
  return json::object{{"name", StringAt(bidi_cookie, "name")},
                      {"value", value},
                      {"domain", StringAt(bidi_cookie, "domain")},
                      {"path", StringAt(bidi_cookie, "path")},
                      {"expires", expires},
                      {"httpOnly", BoolAt(bidi_cookie, "httpOnly")},
                      {"secure", BoolAt(bidi_cookie, "secure")},
                      {"sameSite", shown}};
}

json::object BidiCookie(const json::object& cookie) {
  json::object out{
      {"name", StringAt(cookie, "name")},
      {"value", json::object{{"type", "string"}, {"value", StringAt(cookie, "value")}}},
      {"domain", StringAt(cookie, "domain")},
      {"path", StringAt(cookie, "path").empty() ? std::string_view("/") : StringAt(cookie, "path")},
      {"httpOnly", BoolAt(cookie, "httpOnly")},
      {"secure", BoolAt(cookie, "secure")}};
  const std::string_view same_site = StringAt(cookie, "sameSite");
  if (!same_site.empty()) out["sameSite"] = absl::AsciiStrToLower(ToAbsl(same_site));
  if (const json::value* expires = cookie.if_contains("expires");
      expires != nullptr && expires->is_number()) {
    const double seconds = expires->to_number<double>();
    if (seconds >= 0) out["expiry"] = static_cast<std::int64_t>(std::floor(seconds));
  }
  return out;
}

absl::StatusOr<StorageState> ParseStorageState(std::string_view text) {
  std::error_code error;
  const json::value root = json::parse(text, error);
  if (error) return absl::InvalidArgumentError(absl::StrCat("is not JSON: ", error.message()));
  if (!root.is_object()) return Wrong("the file", "is not a JSON object");
  const json::object& object = root.get_object();
  StorageState state;
  if (const json::value* cookies = object.if_contains("cookies"); cookies != nullptr) {
    if (!cookies->is_array()) return Wrong("\"cookies\"", "is not an array");
    const json::array& list = cookies->get_array();
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::string where = absl::StrCat("cookies[", i, "]");
      if (!list[i].is_object()) return Wrong(where, "is not an object");
      const json::object& cookie = list[i].get_object();
      for (const char* key : {"name", "value", "domain"}) {
        const json::value* v = cookie.if_contains(key);
        if (v == nullptr || !v->is_string()) {
          return Wrong(absl::StrCat(where, ".", key), "is missing or not a string");
        }
      }
      if (cookie.at("name").get_string().empty() || cookie.at("domain").get_string().empty()) {
        return Wrong(where, "has an empty name or domain");
      }
      if (const json::value* v = cookie.if_contains("path"); v != nullptr && !v->is_string()) {
        return Wrong(absl::StrCat(where, ".path"), "is not a string");
      }
      if (const json::value* v = cookie.if_contains("expires"); v != nullptr && !v->is_number()) {
        return Wrong(absl::StrCat(where, ".expires"), "is not a number");
      }
      for (const char* key : {"httpOnly", "secure"}) {
        if (const json::value* v = cookie.if_contains(key); v != nullptr && !v->is_bool()) {
          return Wrong(absl::StrCat(where, ".", key), "is not a boolean");
        }
      }
      if (const json::value* v = cookie.if_contains("sameSite"); v != nullptr) {
        const std::string_view same_site = v->is_string() ? std::string_view(v->get_string()) : "";
        if (same_site != "Strict" && same_site != "Lax" && same_site != "None") {
          return Wrong(absl::StrCat(where, ".sameSite"), "is not \"Strict\", \"Lax\" or \"None\"");
        }
      }
      state.cookies.push_back(list[i]);
    }
  }
  if (const json::value* origins = object.if_contains("origins"); origins != nullptr) {
    if (!origins->is_array()) return Wrong("\"origins\"", "is not an array");
    const json::array& list = origins->get_array();
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::string where = absl::StrCat("origins[", i, "]");
      if (!list[i].is_object()) return Wrong(where, "is not an object");
      const json::object& entry = list[i].get_object();
      OriginStorage origin;
      origin.origin = std::string(StringAt(entry, "origin"));
      if (origin.origin.empty() || OriginOf(origin.origin) != origin.origin) {
        return Wrong(absl::StrCat(where, ".origin"),
                     "is not an http or https origin such as \"https://example.com\"");
      }
      if (const json::value* items = entry.if_contains("localStorage"); items != nullptr) {
        if (!items->is_array())
          return Wrong(absl::StrCat(where, ".localStorage"), "is not an array");
        const json::array& pairs = items->get_array();
        for (std::size_t k = 0; k < pairs.size(); ++k) {
          const std::string item = absl::StrCat(where, ".localStorage[", k, "]");
          const json::object* pair = pairs[k].if_object();
          const json::value* name = pair != nullptr ? pair->if_contains("name") : nullptr;
          const json::value* value = pair != nullptr ? pair->if_contains("value") : nullptr;
          if (name == nullptr || !name->is_string() || value == nullptr || !value->is_string()) {
            return Wrong(item, "is not {\"name\": STRING, \"value\": STRING}");
          }
          origin.local_storage.emplace_back(name->get_string(), value->get_string());
        }
      }
      state.origins.push_back(std::move(origin));
    }
  }
  return state;
}

std::string SerializeStorageState(const StorageState& state) {
  json::array origins;
  for (const OriginStorage& origin : state.origins) {
    json::array items;
    for (const auto& [name, value] : origin.local_storage) {
      items.push_back(json::object{{"name", name}, {"value", value}});
    }
    origins.push_back(json::object{{"origin", origin.origin}, {"localStorage", std::move(items)}});
  }
  return json::serialize(json::object{{"cookies", state.cookies}, {"origins", std::move(origins)}});
}

}  // namespace firefox_bidi::page
