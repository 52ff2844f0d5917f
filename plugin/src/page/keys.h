// Key names as a model writes them ("Enter", "Control+a", "Shift+Tab", "F5", "a") and the
// WebDriver key values input.performActions takes (W3C WebDriver, "keyboard actions": the
// normalised key values U+E000..U+E05D for keys that are not text, the character itself for
// keys that are).
//
// Pure functions, no I/O; thread-safe.
#ifndef FIREFOX_BIDI_PAGE_KEYS_H_
#define FIREFOX_BIDI_PAGE_KEYS_H_

#include <boost/json/array.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace firefox_bidi::page {

// One chord: modifiers held (in the order written) while `key` is pressed. Every member is a
// WebDriver key value (UTF-8), e.g. "\uE009" for Control, "a" for the letter a.
struct KeyChord {
  std::vector<std::string> modifiers;
  std::string key;  // empty when the chord is modifiers only ("Shift")
};

// WebDriver key values of keys the helpers press themselves: Tab (U+E004), which moves the
// focus; Control (U+E009) and End (U+E010).
inline constexpr std::string_view kTabKey = "\xEE\x80\x84";
inline constexpr std::string_view kControlKey = "\xEE\x80\x89";
inline constexpr std::string_view kEndKey = "\xEE\x80\x90";

// The WebDriver key value of one key name, matched without regard to case ("Enter",
// "escape", "ArrowDown", "F5", "Control", "Space"), or a single character written as itself
// ("a", "A", "/", "é"). kInvalidArgument for anything else, with a message naming the key and
// listing valid examples.
absl::StatusOr<std::string> KeyValue(std::string_view name);

// Whether `value` (a WebDriver key value) is Shift, Control, Alt or Meta (left or right).
bool IsModifierValue(std::string_view value);

// Parses "Control+Shift+ArrowLeft", "Shift+Tab", "Control++" (the key "+"), "Enter". Every
// part before the last must be a modifier (Shift, Control/Ctrl, Alt/Option, Meta/Command/Cmd).
// kInvalidArgument names the part at fault and the whole chord.
absl::StatusOr<KeyChord> ParseKeyChord(std::string_view chord);

// The key actions of one press of `chord`: keyDown for each modifier, keyDown/keyUp of the key,
// keyUp of the modifiers in reverse order, as {"type":"keyDown","value":V} objects.
boost::json::array ChordKeyActions(const KeyChord& chord);

// The key actions that type `text` (UTF-8) one character (code point) at a time: keyDown and
// keyUp per character; "\n" (and "\r\n") is Enter, "\t" is Tab. kInvalidArgument when `text`
// is not valid UTF-8 or holds another control character.
absl::StatusOr<boost::json::array> TypeTextKeyActions(std::string_view text);

}  // namespace firefox_bidi::page

#endif  // FIREFOX_BIDI_PAGE_KEYS_H_
