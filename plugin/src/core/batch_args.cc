#include "core/batch_args.h"

#include <algorithm>
#include <boost/json/parser.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "core/agent_settings.h"
#include "core/records.h"
#include "core/string_view_compat.h"

namespace firefox_bidi {
namespace {

constexpr char kAllowedTopKeys[] = "\"frames\", \"on_error\", \"agent\", \"agent_settings\"";
constexpr char kAllowedFrameKeys[] =
    "\"method\", \"params\", \"label\", \"timeout_ms\", \"pick\", \"silent\"";
constexpr char kExample[] =
    R"({"frames":[{"method":"browsingContext.getTree","params":{},"label":"tree"}]})";
// BiDi params nest deeper than Boost.JSON's default of 32 only in pathological cases; the
// bound also caps the recursion of the interpolation walk.
constexpr std::size_t kMaxDepth = 64;

ToolError Invalid(std::string at, std::string message) {
  return ToolError{"invalid_arguments", std::move(message), std::move(at)};
}

bool IsIdentStart(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
bool IsIdentChar(char c) { return IsIdentStart(c) || (c >= '0' && c <= '9'); }

// [A-Za-z_][A-Za-z0-9_]* filling `s` exactly.
bool IsIdentifier(std::string_view s) {
  if (s.empty() || !IsIdentStart(s[0])) return false;
  for (char c : s) {
    if (!IsIdentChar(c)) return false;
  }
  return true;
}

// What a refused value was, for messages: numbers and (shortened) strings as JSON, anything
// else by kind, so a huge argument does not make a huge message.
std::string Quote(std::string_view s) {
  constexpr std::size_t kShownBytes = 64;
  const std::string_view shown = Utf8Prefix(s, kShownBytes);
  return absl::StrCat(boost::json::serialize(boost::json::string(shown)),
                      shown.size() < s.size() ? "..." : "");
}

std::string Describe(const boost::json::value& v) {
  if (const auto* s = v.if_string()) return Quote(*s);
  if (v.is_number()) return boost::json::serialize(v);
  return JsonKindName(v);
}

// timeout_ms as an integer in [1, kMaxTimeoutMs]; an integral double (30000.0) counts as an
// integer, as in JSON Schema.
std::optional<std::int64_t> AsTimeout(const boost::json::value& v) {
  std::int64_t ms = 0;
  if (v.is_int64()) {
    ms = v.get_int64();
  } else if (v.is_uint64()) {
    if (v.get_uint64() > static_cast<std::uint64_t>(kMaxTimeoutMs)) return std::nullopt;
    ms = static_cast<std::int64_t>(v.get_uint64());
  } else if (v.is_double()) {
    const double d = v.get_double();
    if (!(d >= 1 && d <= kMaxTimeoutMs) || d != static_cast<double>(static_cast<std::int64_t>(d)))
      return std::nullopt;
    ms = static_cast<std::int64_t>(d);
  } else {
    return std::nullopt;
  }
  if (ms < 1 || ms > kMaxTimeoutMs) return std::nullopt;
  return ms;
}

std::string JoinNames(std::span<const std::string_view> names) {
  std::string out;
  for (std::string_view name : names) {
    if (!out.empty()) out += ", ";
    out += name;
  }
  return out;
}

// Validates one frame object and moves its params out. `seen_labels` maps label -> index.
std::optional<ToolError> ParseFrame(boost::json::object& object, std::size_t index,
                                    absl::flat_hash_map<std::string, std::size_t>& seen_labels,
                                    std::span<const std::string_view> helpers, Frame& frame) {
  const std::string at = absl::StrCat("/frames/", index);
  bool has_method = false;
  for (auto& member : object) {
    const std::string_view key = member.key();
    boost::json::value& v = member.value();
    const std::string key_at = JsonPointerAppend(at, key);
    if (key == "method") {
      const auto* s = v.if_string();
      if (s == nullptr || !IsValidMethod(*s)) {
        return Invalid(key_at, absl::StrCat("frame ", index,
                                            ": \"method\" must be a BiDi command name "
                                            "\"module.command\" (letters, digits, underscore; e.g. "
                                            "\"script.evaluate\"), got ",
                                            Describe(v)));
      }
      frame.method = std::string(*s);
      has_method = true;
      if (frame.method.starts_with(kHelperPrefix) &&
          std::find(helpers.begin(), helpers.end(), frame.method) == helpers.end()) {
        return Invalid(key_at, absl::StrCat("frame ", index, ": unknown helper \"", frame.method,
                                            "\"; the helpers are ",
                                            helpers.empty() ? std::string("none in this build")
                                                            : JoinNames(helpers),
                                            " (page.help describes them)"));
      }
    } else if (key == "params") {
      auto* params = v.if_object();
      if (params == nullptr) {
        return Invalid(key_at, absl::StrCat("frame ", index,
                                            ": \"params\" must be an object (the BiDi command's "
                                            "parameters, {} when none), got ",
                                            JsonKindName(v)));
      }
      frame.params = std::move(*params);
    } else if (key == "label") {
      const auto* s = v.if_string();
      if (s == nullptr || !IsValidLabel(*s)) {
        return Invalid(key_at,
                       absl::StrCat("frame ", index,
                                    ": \"label\" must be a string of 1 to 64 characters: a "
                                    "letter or underscore, then letters, digits, '_' or '-', "
                                    "got ",
                                    Describe(v)));
      }
      frame.label = std::string(*s);
      if (frame.label == kTabLabel) {
        return Invalid(key_at, absl::StrCat("frame ", index, ": the label \"", ToAbsl(kTabLabel),
                                            "\" is reserved (<<tab>> is the current tab's "
                                            "context id); choose another label"));
      }
      auto [it, inserted] = seen_labels.emplace(frame.label, index);
      if (!inserted) {
        return Invalid(key_at, absl::StrCat("frame ", index, ": label \"", frame.label,
                                            "\" is already used by frame ", it->second,
                                            "; labels must be unique within a call"));
      }
    } else if (key == "timeout_ms") {
      const std::optional<std::int64_t> ms = AsTimeout(v);
      if (!ms) {
        return Invalid(
            key_at, absl::StrCat("frame ", index, ": \"timeout_ms\" must be an integer from 1 to ",
                                 kMaxTimeoutMs, " (milliseconds), got ", Describe(v)));
      }
      frame.timeout = std::chrono::milliseconds(*ms);
    } else if (key == "pick") {
      const auto* s = v.if_string();
      std::optional<RefPath> path;
      if (s != nullptr) path = ParsePickPath(*s);
      if (!path) {
        return Invalid(key_at, absl::StrCat("frame ", index,
                                            ": \"pick\" must be a path into the result such as "
                                            "\"result.value\", \"contexts[0].context\" or \"[0]\" "
                                            "(names, .INDEX or [INDEX] steps), got ",
                                            Describe(v)));
      }
      frame.pick = std::move(path);
    } else if (key == "silent") {
      if (!v.is_bool()) {
        return Invalid(key_at,
                       absl::StrCat("frame ", index, ": \"silent\" must be true or false, got ",
                                    JsonKindName(v)));
      }
      frame.silent = v.get_bool();
    } else {
      return Invalid(key_at, absl::StrCat("frame ", index, ": unknown key ", Quote(key),
                                          "; a frame may have ", kAllowedFrameKeys));
    }
  }
  if (!has_method) {
    return Invalid(absl::StrCat(at, "/method"),
                   absl::StrCat("frame ", index,
                                " has no \"method\": give a BiDi command such as "
                                "\"browsingContext.getTree\""));
  }
  return std::nullopt;
}

}  // namespace

bool IsValidMethod(std::string_view s) {
  const std::size_t dot = s.find('.');
  return dot != std::string_view::npos && IsIdentifier(s.substr(0, dot)) &&
         IsIdentifier(s.substr(dot + 1));
}

std::string JsonPointerAppend(std::string_view pointer, std::string_view key) {
  const std::string_view shown = Utf8Prefix(key, kMaxPointerKeyBytes);
  std::string out(pointer);
  out.reserve(out.size() + 2 * shown.size() + 4);
  out.push_back('/');
  for (char c : shown) {
    if (c == '~') {
      out.append("~0");
    } else if (c == '/') {
      out.append("~1");
    } else {
      out.push_back(c);
    }
  }
  if (shown.size() < key.size()) out.append("...");
  return out;
}

ToolErrorOr<BatchArgs> ParseBatchArgs(std::string_view json, const Limits& limits,
                                      std::span<const std::string_view> helpers) {
  boost::json::parse_options options;
  options.max_depth = kMaxDepth;
  boost::json::parser parser({}, options);
  boost::system::error_code ec;
  const std::size_t consumed = parser.write(json.data(), json.size(), ec);
  if (ec) {
    return ToolError{
        "invalid_arguments",
        absl::StrCat("the arguments are not valid JSON (", ec.message(), " at byte ", consumed,
                     " of ", json.size(), "); expected an object such as ", kExample),
        std::nullopt};
  }
  boost::json::value root = parser.release();
  auto* top = root.if_object();
  if (top == nullptr) {
    return Invalid("", absl::StrCat("the arguments must be a JSON object such as ", kExample,
                                    ", got ", JsonKindName(root)));
  }
  BatchArgs args;
  boost::json::array* frames = nullptr;
  for (auto& member : *top) {
    const std::string_view key = member.key();
    boost::json::value& v = member.value();
    if (key == "frames") {
      frames = v.if_array();
      if (frames == nullptr) {
        return Invalid("/frames",
                       absl::StrCat("\"frames\" must be an array of 1 to ", limits.max_frames,
                                    " frames, got ", JsonKindName(v)));
      }
    } else if (key == "on_error") {
      const auto* s = v.if_string();
      if (s != nullptr && *s == "stop") {
        args.on_error = OnError::kStop;
      } else if (s != nullptr && *s == "continue") {
        args.on_error = OnError::kContinue;
      } else {
        return Invalid("/on_error",
                       absl::StrCat("\"on_error\" must be \"stop\" (later frames are skipped "
                                    "after a failed one) or \"continue\", got ",
                                    Describe(v)));
      }
    } else if (key == "agent") {
      const auto* s = v.if_string();
      if (s == nullptr || !IsValidLabel(*s)) {
        return Invalid("/agent",
                       absl::StrCat("\"agent\" must be a name of 1 to 64 characters: a letter or "
                                    "underscore, then letters, digits, '_' or '-', got ",
                                    Describe(v)));
      }
      args.agent = std::string(*s);
    } else if (key == "agent_settings") {
      std::string at;
      if (std::string problem = AgentSettingsProblem(v, &at); !problem.empty()) {
        return Invalid(at.empty() ? "/agent_settings" : JsonPointerAppend("/agent_settings", at),
                       absl::StrCat("\"agent_settings\"",
                                    at.empty() ? "" : absl::StrCat(" ", Quote(at)), " ", problem));
      }
      args.agent_settings = v.get_object();
    } else {
      return Invalid(
          JsonPointerAppend("", key),
          absl::StrCat("unknown key ", Quote(key), "; the arguments may have ", kAllowedTopKeys));
    }
  }
  if (frames == nullptr) {
    return Invalid("/frames", absl::StrCat("missing \"frames\": an array of 1 to ",
                                           limits.max_frames, " frames such as ", kExample));
  }
  if (frames->empty()) {
    return Invalid("/frames",
                   absl::StrCat("\"frames\" is empty: give 1 to ", limits.max_frames, " frames"));
  }
  if (frames->size() > limits.max_frames) {
    return ToolError{
        "too_large",
        absl::StrCat("\"frames\" has ", frames->size(), " frames; at most ", limits.max_frames,
                     " are allowed per call: split the batch (labels of small "
                     "results stay usable in the next call)"),
        "/frames"};
  }
  args.frames.resize(frames->size());
  absl::flat_hash_map<std::string, std::size_t> seen_labels;
  for (std::size_t i = 0; i < frames->size(); ++i) {
    auto* object = (*frames)[i].if_object();
    if (object == nullptr) {
      return Invalid(absl::StrCat("/frames/", i),
                     absl::StrCat("frame ", i, " must be an object such as ",
                                  R"({"method":"script.evaluate","params":{...}}, got )",
                                  JsonKindName((*frames)[i])));
    }
    if (auto error = ParseFrame(*object, i, seen_labels, helpers, args.frames[i])) return *error;
  }
  return args;
}

}  // namespace firefox_bidi
