#include "core/frame_hints.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/frame_error.h"
#include "core/policy.h"
#include "core/records.h"
#include "core/string_view_compat.h"

namespace firefox_bidi {
namespace {

// The WebDriver BiDi specification's commands plus Firefox's own (permissions.setPermission),
// sorted. Firefox ESR 153 implements all of them except those marked.
constexpr std::array<std::string_view, 76> kCommands = {
    "browser.close",
    "browser.createUserContext",
    "browser.getClientWindows",
    "browser.getUserContexts",
    "browser.removeUserContext",
    "browser.setClientWindowState",
    "browser.setDownloadBehavior",
    "browsingContext.activate",
    "browsingContext.captureScreenshot",
    "browsingContext.close",
    "browsingContext.create",
    "browsingContext.getTree",
    "browsingContext.handleUserPrompt",
    "browsingContext.locateNodes",
    "browsingContext.navigate",
    "browsingContext.print",
    "browsingContext.reload",
    "browsingContext.setViewport",
    "browsingContext.traverseHistory",
    "emulation.setForcedColorsModeThemeOverride",  // not in Firefox ESR 153
    "emulation.setGeolocationOverride",
    "emulation.setLocaleOverride",
    "emulation.setNetworkConditions",
    "emulation.setScreenOrientationOverride",
    "emulation.setScreenSettingsOverride",
    "emulation.setScriptingEnabled",       // not in Firefox ESR 153
    "emulation.setScrollbarTypeOverride",  // not in Firefox ESR 153
    "emulation.setTimezoneOverride",
    "emulation.setTouchOverride",  // not in Firefox ESR 153
    "emulation.setUserAgentOverride",
    "input.performActions",
    "input.releaseActions",
    "input.setFiles",
    "network.addDataCollector",
    "network.addIntercept",
    "network.continueRequest",
    "network.continueResponse",
    "network.continueWithAuth",
    "network.disownData",
    "network.failRequest",
    "network.getData",
    "network.provideResponse",
    "network.removeDataCollector",
    "network.removeIntercept",
    "network.setCacheBehavior",
    "network.setExtraHeaders",
    "permissions.setPermission",
    "script.addPreloadScript",
    "script.callFunction",
    "script.disown",
    "script.evaluate",
    "script.getRealms",
    "script.removePreloadScript",
    "session.end",
    "session.new",
    "session.status",
    "session.subscribe",
    "session.unsubscribe",
    "storage.deleteCookies",
    "storage.getCookies",
    "storage.setCookie",
    "webExtension.install",
    "webExtension.uninstall",
    // Events are not commands, but a model that sends one as a method should hear so; they are
    // matched only exactly (see ExplainUnknownCommand), never suggested.
    "browsingContext.contextCreated",
    "browsingContext.contextDestroyed",
    "browsingContext.domContentLoaded",
    "browsingContext.load",
    "browsingContext.navigationStarted",
    "browsingContext.userPromptClosed",
    "browsingContext.userPromptOpened",
    "log.entryAdded",
    "network.beforeRequestSent",
    "network.responseCompleted",
    "script.message",
    "script.realmCreated",
    "script.realmDestroyed",
};
constexpr std::size_t kCommandCount = 63;  // the commands, before the events

std::span<const std::string_view> Events() {
  return std::span<const std::string_view>(kCommands).subspan(kCommandCount);
}

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

// Levenshtein distance of two lowercase strings.
std::size_t EditDistance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::string_view CommandPart(std::string_view method) {
  const std::size_t dot = method.find('.');
  return dot == std::string_view::npos ? std::string_view() : method.substr(dot + 1);
}

std::string ExplainUnknownCommand(std::string_view method, std::string_view message) {
  for (std::string_view event : Events()) {
    if (method == event) {
      return absl::StrCat(ToAbsl(message), "; `", ToAbsl(method),
                          "` is an event, not a command: subscribe to it with session.subscribe "
                          "{\"events\": [\"",
                          ToAbsl(method), "\"]} and it arrives in \"events\"");
    }
  }
  const std::span<const std::string_view> commands = BidiCommands();
  if (std::binary_search(commands.begin(), commands.end(), method)) {
    return absl::StrCat(ToAbsl(message), "; `", ToAbsl(method),
                        "` is a WebDriver BiDi command that this Firefox does not implement");
  }
  if (std::optional<std::string_view> closest = ClosestBidiCommand(method)) {
    return absl::StrCat(ToAbsl(message), "; did you mean `", ToAbsl(*closest), "`?");
  }
  return absl::StrCat(ToAbsl(message), "; `", ToAbsl(method),
                      "` is not a WebDriver BiDi command (commands are module.command, e.g. "
                      "browsingContext.navigate, script.evaluate, input.performActions)");
}

// QuickScriptVerdict looks at most this far into a result, past at most this many members.
constexpr std::size_t kVerdictLookBytes = 512;
constexpr int kVerdictLookMembers = 4;

constexpr std::pair<std::string_view, ScriptVerdict> kTypeMembers[] = {
    {R"("type":"success")", ScriptVerdict::kSuccess},
    {R"("type":"exception")", ScriptVerdict::kException},
};

// Where a JSON string without escapes that opens `text` ends (one past its closing quote), or
// npos when `text` does not open with one.
std::size_t PlainStringEnd(std::string_view text) {
  if (!text.starts_with('"')) return std::string_view::npos;
  // Two memchr passes over a few bytes: find_first_of would test each byte against a set.
  const std::size_t close = text.find('"', 1);
  if (close == std::string_view::npos ||
      text.substr(1, close - 1).find('\\') != std::string_view::npos) {
    return std::string_view::npos;
  }
  return close + 1;
}

}  // namespace

std::span<const std::string_view> BidiCommands() {
  return std::span<const std::string_view>(kCommands).first(kCommandCount);
}

std::optional<std::string_view> ClosestBidiCommand(std::string_view method) {
  const std::span<const std::string_view> commands = BidiCommands();
  if (std::binary_search(commands.begin(), commands.end(), method)) return std::nullopt;
  const std::string lower = Lower(method);
  const std::size_t allowed = lower.size() < 8 ? 1 : std::min<std::size_t>(4, lower.size() / 4);
  std::optional<std::string_view> best;
  std::size_t best_distance = allowed + 1;
  for (std::string_view command : commands) {
    const std::size_t distance = EditDistance(lower, Lower(command));
    if (distance < best_distance) {
      best = command;
      best_distance = distance;
    }
  }
  if (best) return best;
  // The right command in the wrong module ("script.navigate"): the command part matches.
  const std::string_view wanted = CommandPart(lower);
  if (!wanted.empty()) {
    for (std::string_view command : commands) {
      if (Lower(CommandPart(command)) == wanted) return command;
    }
  }
  // A command cut short ("script.eval"): the shortest command it begins.
  if (lower.find('.') != std::string::npos) {
    for (std::string_view command : commands) {
      if (Lower(command).starts_with(lower) && (!best || command.size() < best->size())) {
        best = command;
      }
    }
  }
  return best;
}

std::string ExplainBidiError(std::string_view method, std::string_view error,
                             std::string_view message) {
  if (error == FrameErrorName(FrameError::kUnknownCommand))
    return ExplainUnknownCommand(method, message);
  if (error == FrameErrorName(FrameError::kNoSuchNode)) {
    return absl::StrCat(ToAbsl(message),
                        "; node references (sharedId) die when the page navigates or reloads: "
                        "locate the element again in the current page (browsingContext.locateNodes "
                        "or script.evaluate) and use the new reference");
  }
  if (error == FrameErrorName(FrameError::kNoSuchHandle)) {
    return absl::StrCat(ToAbsl(message),
                        "; handles die with their realm (the page navigated or reloaded): "
                        "evaluate again in the current page to get a new one");
  }
  return std::string(message);
}

std::optional<std::string> UnansweredFrame(std::string_view method,
                                           const boost::json::object& params) {
  if (method != "browsingContext.navigate") return std::nullopt;
  const boost::json::value* url = params.if_contains("url");
  if (url == nullptr || !url->is_string() || UrlScheme(url->get_string()) != "javascript") {
    return std::nullopt;
  }
  return std::string(
      "browsingContext.navigate to a javascript: URL gets no reply from Firefox unless the "
      "script returns a string, so the frame would wait out its timeout; run the script with "
      "script.evaluate (or the page.eval helper) instead");
}

bool ReturnsEvaluateResult(std::string_view method) {
  return method == "script.evaluate" || method == "script.callFunction";
}

ScriptVerdict QuickScriptVerdict(std::string_view result_text) {
  // "type" after leading members whose values are plain strings: Firefox writes
  // {"realm":"<id>","type":"success",...}. A string without a backslash ends at its next quote;
  // the look is bounded, so a result of any size costs the same.
  std::string_view rest = result_text.substr(0, kVerdictLookBytes);
  if (rest.starts_with('{')) {
    rest.remove_prefix(1);
    for (int member = 0; member < kVerdictLookMembers; ++member) {
      for (const auto& [member_text, verdict] : kTypeMembers) {
        if (rest.starts_with(member_text) && rest.size() > member_text.size() &&
            (rest[member_text.size()] == ',' || rest[member_text.size()] == '}')) {
          return verdict;
        }
      }
      // Skip "key":"value", when both are plain strings; anything else ends the look.
      const std::size_t key_end = PlainStringEnd(rest);
      if (key_end == std::string_view::npos || rest.substr(key_end).size() < 2 ||
          rest[key_end] != ':') {
        break;
      }
      rest.remove_prefix(key_end + 1);
      const std::size_t value_end = PlainStringEnd(rest);
      if (value_end == std::string_view::npos || value_end >= rest.size() ||
          rest[value_end] != ',') {
        break;
      }
      rest.remove_prefix(value_end + 1);
    }
  }
  // In a JSON object, `,"type":"success"}` at the very end can only be its last member: the
  // quote before `success` follows `:`, so it opens a string, and the `:` is outside one.
  if (result_text.ends_with(R"(,"type":"success"})")) return ScriptVerdict::kSuccess;
  if (result_text.ends_with(R"(,"type":"exception"})")) return ScriptVerdict::kException;
  return ScriptVerdict::kUndecided;
}

std::optional<std::string> ScriptExceptionMessage(const boost::json::value& result) {
  const boost::json::object* object = result.if_object();
  if (object == nullptr) return std::nullopt;
  const boost::json::value* type = object->if_contains("type");
  if (type == nullptr || !type->is_string() || type->get_string() != "exception") {
    return std::nullopt;
  }
  const boost::json::value* details = object->if_contains("exceptionDetails");
  const boost::json::object* fields = details != nullptr ? details->if_object() : nullptr;
  auto member = [&](std::string_view key) -> const boost::json::value* {
    return fields != nullptr ? fields->if_contains(key) : nullptr;
  };
  const boost::json::value* text = member("text");
  std::string out;
  if (text != nullptr && text->is_string()) {
    const std::string_view whole = text->get_string();
    out = Utf8Prefix(whole, kMaxExceptionTextBytes);
    if (out.size() < whole.size()) {
      absl::StrAppend(&out, "... (", whole.size(), " bytes in all)");
    }
  } else {
    out = "uncaught exception";
  }
  const boost::json::value* line = member("lineNumber");
  const boost::json::value* column = member("columnNumber");
  if (line != nullptr && line->is_int64() && column != nullptr && column->is_int64()) {
    absl::StrAppend(&out, " (line ", line->get_int64(), ", column ", column->get_int64(), ")");
  }
  return out;
}

}  // namespace firefox_bidi
