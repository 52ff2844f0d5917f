#include "page/keys.h"

#include <array>
#include <cstdint>
#include <optional>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "core/string_view_compat.h"

namespace firefox_bidi::page {
namespace {

namespace json = boost::json;

struct NamedKey {
  std::string_view name;  // lower case
  char32_t code;
};

// W3C WebDriver, keyboard actions: the normalised key values of keys that are not text. Enter
// is the main keyboard's (U+E006, code "Enter"); U+E007 is the keypad's (code "NumpadEnter"),
// which pages that check event.code for "Enter" ignore.
constexpr std::array<NamedKey, 61> kNamedKeys = {{
    {"cancel", 0xE001},       {"help", 0xE002},       {"backspace", 0xE003},
    {"tab", 0xE004},          {"clear", 0xE005},      {"return", 0xE006},
    {"enter", 0xE006},        {"shift", 0xE008},      {"control", 0xE009},
    {"ctrl", 0xE009},         {"alt", 0xE00A},        {"option", 0xE00A},
    {"pause", 0xE00B},        {"escape", 0xE00C},     {"esc", 0xE00C},
    {"space", 0xE00D},        {"pageup", 0xE00E},     {"pagedown", 0xE00F},
    {"end", 0xE010},          {"home", 0xE011},       {"arrowleft", 0xE012},
    {"arrowup", 0xE013},      {"arrowright", 0xE014}, {"arrowdown", 0xE015},
    {"insert", 0xE016},       {"delete", 0xE017},     {"del", 0xE017},
    {"numpad0", 0xE01A},      {"numpad1", 0xE01B},    {"numpad2", 0xE01C},
    {"numpad3", 0xE01D},      {"numpad4", 0xE01E},    {"numpad5", 0xE01F},
    {"numpad6", 0xE020},      {"numpad7", 0xE021},    {"numpad8", 0xE022},
    {"numpad9", 0xE023},      {"f1", 0xE031},         {"f2", 0xE032},
    {"f3", 0xE033},           {"f4", 0xE034},         {"f5", 0xE035},
    {"f6", 0xE036},           {"f7", 0xE037},         {"f8", 0xE038},
    {"f9", 0xE039},           {"f10", 0xE03A},        {"f11", 0xE03B},
    {"f12", 0xE03C},          {"meta", 0xE03D},       {"command", 0xE03D},
    {"cmd", 0xE03D},          {"left", 0xE012},       {"up", 0xE013},
    {"right", 0xE014},        {"down", 0xE015},       {"shiftright", 0xE050},
    {"controlright", 0xE051}, {"altright", 0xE052},   {"metaright", 0xE053},
    {"numpadenter", 0xE007},
}};

constexpr absl::string_view kExamples =
    "use a key name such as Enter, Escape, Tab, Backspace, Delete, ArrowDown, PageUp, Home, "
    "Space, F5, a single character such as \"a\" or \"/\", or a chord such as Control+a or "
    "Shift+Tab";

void AppendUtf8(char32_t c, std::string& out) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

std::string Utf8(char32_t c) {
  std::string out;
  AppendUtf8(c, out);
  return out;
}

// Decodes the code point at text[i], advancing i; nullopt on malformed UTF-8 (overlong forms,
// surrogates and values past U+10FFFF included).
std::optional<char32_t> DecodeUtf8(std::string_view text, std::size_t& i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  int extra = 0;
  char32_t c = 0;
  if (lead < 0x80) {
    ++i;
    return lead;
  } else if ((lead & 0xE0) == 0xC0) {
    extra = 1;
    c = lead & 0x1F;
  } else if ((lead & 0xF0) == 0xE0) {
    extra = 2;
    c = lead & 0x0F;
  } else if ((lead & 0xF8) == 0xF0) {
    extra = 3;
    c = lead & 0x07;
  } else {
    return std::nullopt;
  }
  if (i + extra >= text.size()) return std::nullopt;
  for (int k = 1; k <= extra; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return std::nullopt;
    c = (c << 6) | (byte(i + k) & 0x3F);
  }
  static constexpr char32_t kMin[] = {0, 0x80, 0x800, 0x10000};
  if (c < kMin[extra] || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return std::nullopt;
  i += extra + 1;
  return c;
}

json::object KeyAction(std::string_view type, std::string_view value) {
  return json::object{{"type", type}, {"value", value}};
}

}  // namespace

absl::StatusOr<std::string> KeyValue(std::string_view name) {
  if (name.empty()) {
    return absl::InvalidArgumentError(absl::StrCat("the key name is empty: ", kExamples));
  }
  std::size_t i = 0;
  const std::optional<char32_t> first = DecodeUtf8(name, i);
  if (first.has_value() && i == name.size()) {
    if (*first < 0x20 || *first == 0x7F) {
      return absl::InvalidArgumentError(absl::StrCat("the key is a control character (code ",
                                                     static_cast<int>(*first), "): ", kExamples));
    }
    return std::string(name);  // one character: the key that types it
  }
  const std::string lower = absl::AsciiStrToLower(ToAbsl(name));
  for (const NamedKey& key : kNamedKeys) {
    if (key.name == lower) return Utf8(key.code);
  }
  return absl::InvalidArgumentError(
      absl::StrCat("unknown key \"", ToAbsl(name), "\": ", kExamples));
}

bool IsModifierValue(std::string_view value) {
  static const std::array<std::string, 8> kModifiers = {Utf8(0xE008), Utf8(0xE009), Utf8(0xE00A),
                                                        Utf8(0xE03D), Utf8(0xE050), Utf8(0xE051),
                                                        Utf8(0xE052), Utf8(0xE053)};
  for (const std::string& m : kModifiers) {
    if (m == value) return true;
  }
  return false;
}

absl::StatusOr<KeyChord> ParseKeyChord(std::string_view chord) {
  if (chord.empty()) {
    return absl::InvalidArgumentError(absl::StrCat("the key is empty: ", kExamples));
  }
  // Split on '+', except that a '+' standing where a key name belongs is the key "+".
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  for (;;) {
    if (start == chord.size()) {
      return absl::InvalidArgumentError(
          absl::StrCat("the key after \"", ToAbsl(chord), "\" is missing: ", kExamples));
    }
    std::size_t end = chord[start] == '+' ? start + 1 : chord.find('+', start);
    if (end == std::string_view::npos) end = chord.size();
    parts.push_back(chord.substr(start, end - start));
    if (end == chord.size()) break;
    if (chord[end] != '+') {
      return absl::InvalidArgumentError(
          absl::StrCat("unknown key \"", ToAbsl(chord.substr(start)), "\": ", kExamples));
    }
    start = end + 1;
  }
  KeyChord result;
  for (std::size_t p = 0; p < parts.size(); ++p) {
    absl::StatusOr<std::string> value = KeyValue(parts[p]);
    if (!value.ok()) {
      if (parts.size() == 1) return value.status();
      return absl::InvalidArgumentError(
          absl::StrCat("in \"", ToAbsl(chord), "\": ", value.status().message()));
    }
    if (p + 1 < parts.size()) {
      if (!IsModifierValue(*value)) {
        return absl::InvalidArgumentError(
            absl::StrCat("in \"", ToAbsl(chord), "\": \"", ToAbsl(parts[p]),
                         "\" is not a modifier; only the last key of a chord may be another key "
                         "(modifiers: Shift, Control, Alt, Meta), e.g. Control+a or Shift+Tab"));
      }
      result.modifiers.push_back(*std::move(value));
    } else if (IsModifierValue(*value)) {
      result.modifiers.push_back(*std::move(value));
    } else {
      result.key = *std::move(value);
    }
  }
  return result;
}

json::array ChordKeyActions(const KeyChord& chord) {
  json::array actions;
  for (const std::string& m : chord.modifiers) actions.push_back(KeyAction("keyDown", m));
  if (!chord.key.empty()) {
    actions.push_back(KeyAction("keyDown", chord.key));
    actions.push_back(KeyAction("keyUp", chord.key));
  }
  for (auto m = chord.modifiers.rbegin(); m != chord.modifiers.rend(); ++m) {
    actions.push_back(KeyAction("keyUp", *m));
  }
  return actions;
}

absl::StatusOr<json::array> TypeTextKeyActions(std::string_view text) {
  json::array actions;
  actions.reserve(text.size() * 2);
  std::size_t i = 0;
  std::string value;
  while (i < text.size()) {
    const std::size_t at = i;
    const std::optional<char32_t> c = DecodeUtf8(text, i);
    if (!c.has_value()) {
      return absl::InvalidArgumentError(absl::StrCat("the text is not valid UTF-8 at byte ", at));
    }
    value.clear();
    if (*c == '\r') {
      if (i < text.size() && text[i] == '\n') continue;  // "\r\n" types one Enter
      AppendUtf8(0xE006, value);
    } else if (*c == '\n') {
      AppendUtf8(0xE006, value);
    } else if (*c == '\t') {
      AppendUtf8(0xE004, value);
    } else if (*c < 0x20 || *c == 0x7F) {
      return absl::InvalidArgumentError(absl::StrCat("the text holds a control character (code ",
                                                     static_cast<int>(*c), ") at byte ", at,
                                                     " that no key types"));
    } else {
      AppendUtf8(*c, value);
    }
    actions.push_back(KeyAction("keyDown", value));
    actions.push_back(KeyAction("keyUp", value));
  }
  return actions;
}

}  // namespace firefox_bidi::page
