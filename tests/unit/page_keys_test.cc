#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <string>

#include "absl/strings/str_cat.h"
#include "page/actions.h"
#include "page/keys.h"

namespace firefox_bidi::page {
namespace {

namespace json = boost::json;

std::string Value(std::string_view name) {
  absl::StatusOr<std::string> v = KeyValue(name);
  return v.ok() ? *v : "error: " + std::string(v.status().message());
}

std::string Chord(std::string_view chord) {
  absl::StatusOr<KeyChord> c = ParseKeyChord(chord);
  if (!c.ok()) return "error: " + std::string(c.status().message());
  return json::serialize(ChordKeyActions(*c));
}

std::string Typed(std::string_view text) {
  absl::StatusOr<json::array> a = TypeTextKeyActions(text);
  return a.ok() ? json::serialize(*a) : "error: " + std::string(a.status().message());
}

// The expected text with each "\\uE0XX" written out as the UTF-8 of that key value, as
// Boost.JSON serializes it.
std::string Keys(std::string text) {
  for (std::size_t at = text.find("\\uE0"); at != std::string::npos; at = text.find("\\uE0")) {
    const unsigned code = std::stoul(text.substr(at + 2, 4), nullptr, 16);
    const std::string utf8 = {static_cast<char>(0xE0 | (code >> 12)),
                              static_cast<char>(0x80 | ((code >> 6) & 0x3F)),
                              static_cast<char>(0x80 | (code & 0x3F))};
    text.replace(at, 6, utf8);
  }
  return text;
}

constexpr std::string_view kExamples =
    "use a key name such as Enter, Escape, Tab, Backspace, Delete, ArrowDown, PageUp, Home, "
    "Space, F5, a single character such as \"a\" or \"/\", or a chord such as Control+a or "
    "Shift+Tab";

BOOST_AUTO_TEST_SUITE(page_keys)

BOOST_AUTO_TEST_CASE(named_keys_map_to_webdriver_values_whatever_their_case) {
  // The main keyboard's Enter (event.code "Enter"), not the keypad's.
  BOOST_TEST(Value("Enter") == "\uE006");
  BOOST_TEST(Value("enter") == "\uE006");
  BOOST_TEST(Value("NumpadEnter") == "\uE007");
  BOOST_TEST(Value("ESCAPE") == "\uE00C");
  BOOST_TEST(Value("Esc") == "\uE00C");
  BOOST_TEST(Value("Tab") == "\uE004");
  BOOST_TEST(Value("Backspace") == "\uE003");
  BOOST_TEST(Value("Delete") == "\uE017");
  BOOST_TEST(Value("ArrowDown") == "\uE015");
  BOOST_TEST(Value("ArrowUp") == "\uE013");
  BOOST_TEST(Value("ArrowLeft") == "\uE012");
  BOOST_TEST(Value("ArrowRight") == "\uE014");
  BOOST_TEST(Value("PageUp") == "\uE00E");
  BOOST_TEST(Value("PageDown") == "\uE00F");
  BOOST_TEST(Value("Home") == "\uE011");
  BOOST_TEST(Value("End") == "\uE010");
  BOOST_TEST(Value("Space") == "\uE00D");
  BOOST_TEST(Value("F1") == "\uE031");
  BOOST_TEST(Value("F5") == "\uE035");
  BOOST_TEST(Value("F12") == "\uE03C");
  BOOST_TEST(Value("Shift") == "\uE008");
  BOOST_TEST(Value("Control") == "\uE009");
  BOOST_TEST(Value("Ctrl") == "\uE009");
  BOOST_TEST(Value("Alt") == "\uE00A");
  BOOST_TEST(Value("Meta") == "\uE03D");
  BOOST_TEST(Value("Command") == "\uE03D");
}

BOOST_AUTO_TEST_CASE(a_single_character_is_its_own_key) {
  BOOST_TEST(Value("a") == "a");
  BOOST_TEST(Value("A") == "A");
  BOOST_TEST(Value("/") == "/");
  BOOST_TEST(Value("+") == "+");
  BOOST_TEST(Value(" ") == " ");
  BOOST_TEST(Value("\xC3\xA9") == "\xC3\xA9");                  // é
  BOOST_TEST(Value("\xF0\x9F\x98\x80") == "\xF0\x9F\x98\x80");  // an emoji, 4 bytes
}

BOOST_AUTO_TEST_CASE(unknown_keys_are_refused_with_examples) {
  BOOST_TEST(Value("Entr") == "error: unknown key \"Entr\": " + std::string(kExamples));
  BOOST_TEST(Value("F13") == "error: unknown key \"F13\": " + std::string(kExamples));
  BOOST_TEST(Value("") == "error: the key name is empty: " + std::string(kExamples));
  BOOST_TEST(Value("\n") ==
             "error: the key is a control character (code 10): " + std::string(kExamples));
  BOOST_TEST(Value("\xC3") == "error: unknown key \"\xC3\": " + std::string(kExamples));
}

BOOST_AUTO_TEST_CASE(a_chord_holds_its_modifiers_around_the_key) {
  BOOST_TEST(Chord("Enter") ==
             Keys(R"([{"type":"keyDown","value":"\uE006"},{"type":"keyUp","value":"\uE006"}])"));
  BOOST_TEST(Chord("Control+a") ==
             Keys(R"([{"type":"keyDown","value":"\uE009"},{"type":"keyDown","value":"a"},)"
                  R"({"type":"keyUp","value":"a"},{"type":"keyUp","value":"\uE009"}])"));
  BOOST_TEST(Chord("Shift+Tab") ==
             Keys(R"([{"type":"keyDown","value":"\uE008"},{"type":"keyDown","value":"\uE004"},)"
                  R"({"type":"keyUp","value":"\uE004"},{"type":"keyUp","value":"\uE008"}])"));
  BOOST_TEST(Chord("ctrl+shift+ArrowLeft") ==
             Keys(R"([{"type":"keyDown","value":"\uE009"},{"type":"keyDown","value":"\uE008"},)"
                  R"({"type":"keyDown","value":"\uE012"},{"type":"keyUp","value":"\uE012"},)"
                  R"({"type":"keyUp","value":"\uE008"},{"type":"keyUp","value":"\uE009"}])"));
  BOOST_TEST(Chord("Shift") ==
             Keys(R"([{"type":"keyDown","value":"\uE008"},{"type":"keyUp","value":"\uE008"}])"));
}

BOOST_AUTO_TEST_CASE(plus_is_a_key_where_a_key_belongs) {
  BOOST_TEST(Chord("+") == R"([{"type":"keyDown","value":"+"},{"type":"keyUp","value":"+"}])");
  BOOST_TEST(Chord("Control++") ==
             Keys(R"([{"type":"keyDown","value":"\uE009"},{"type":"keyDown","value":"+"},)"
                  R"({"type":"keyUp","value":"+"},{"type":"keyUp","value":"\uE009"}])"));
}

BOOST_AUTO_TEST_CASE(malformed_chords_name_the_part_at_fault) {
  BOOST_TEST(Chord("Control+") ==
             "error: the key after \"Control+\" is missing: " + std::string(kExamples));
  BOOST_TEST(Chord("") == "error: the key is empty: " + std::string(kExamples));
  BOOST_TEST(Chord("a+b") ==
             "error: in \"a+b\": \"a\" is not a modifier; only the last key of a chord may be "
             "another key (modifiers: Shift, Control, Alt, Meta), e.g. Control+a or Shift+Tab");
  BOOST_TEST(Chord("Control+Entr") ==
             "error: in \"Control+Entr\": unknown key \"Entr\": " + std::string(kExamples));
  BOOST_TEST(Chord("+a") == "error: unknown key \"+a\": " + std::string(kExamples));
}

BOOST_AUTO_TEST_CASE(typed_text_is_one_press_per_character) {
  BOOST_TEST(Typed("") == "[]");
  BOOST_TEST(Typed("h\xC3\xA9") ==
             R"([{"type":"keyDown","value":"h"},{"type":"keyUp","value":"h"},)"
             R"({"type":"keyDown","value":"é"},{"type":"keyUp","value":"é"}])");
  BOOST_TEST(Typed("a\r\nb\tc") ==
             Keys(R"([{"type":"keyDown","value":"a"},{"type":"keyUp","value":"a"},)"
                  R"({"type":"keyDown","value":"\uE006"},{"type":"keyUp","value":"\uE006"},)"
                  R"({"type":"keyDown","value":"b"},{"type":"keyUp","value":"b"},)"
                  R"({"type":"keyDown","value":"\uE004"},{"type":"keyUp","value":"\uE004"},)"
                  R"({"type":"keyDown","value":"c"},{"type":"keyUp","value":"c"}])"));
}

BOOST_AUTO_TEST_CASE(typed_text_refuses_bad_utf8_and_control_characters) {
  BOOST_TEST(Typed("ab\xC3") == "error: the text is not valid UTF-8 at byte 2");
  BOOST_TEST(Typed("\xC0\xAF") == "error: the text is not valid UTF-8 at byte 0");  // overlong
  BOOST_TEST(Typed("\xED\xA0\x80") == "error: the text is not valid UTF-8 at byte 0");
  BOOST_TEST(Typed("a\x01") ==
             "error: the text holds a control character (code 1) at byte 1 that no key types");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(page_actions)

std::string Click(std::string_view params) {
  absl::StatusOr<ClickSpec> spec = ParseClickSpec(json::parse(params).as_object());
  if (!spec.ok()) return "error: " + std::string(spec.status().message());
  return json::serialize(ClickActionsParams("CTX", "NODE", *spec));
}

constexpr std::string_view kMove =
    R"({"type":"pointerMove","x":0,"y":0,"origin":{"type":"element","element":{"sharedId":"NODE"}}})";

// A press of `button` held 30 ms and released.
std::string Press(int button) {
  const std::string b = std::to_string(button);
  return R"({"type":"pointerDown","button":)" + b +
         R"(},{"type":"pause","duration":30},)"
         R"({"type":"pointerUp","button":)" +
         b + "}";
}

BOOST_AUTO_TEST_CASE(a_plain_click_moves_presses_and_releases_the_left_button) {
  BOOST_TEST(Click("{}") == R"({"context":"CTX","actions":[{"type":"pointer","id":"page.mouse",)"
                            R"("parameters":{"pointerType":"mouse"},"actions":[)" +
                                std::string(kMove) + "," + Press(0) + "]}]}");
}

// A hover moves the mouse a pixel beside the point first: one already at the point (left
// there before a reload) would move nowhere, and the page hear nothing. Then a pixel back from
// where the pointer is, to the right (towards where a submenu opens): the element may have
// given way to what the first move opened.
constexpr std::string_view kPixelBack = R"({"type":"pointerMove","x":1,"y":0,"origin":"pointer"})";

BOOST_AUTO_TEST_CASE(a_hover_only_moves_the_mouse) {
  BOOST_TEST(json::serialize(HoverActionsParams("CTX", "NODE")) ==
             R"({"context":"CTX","actions":[{"type":"pointer","id":"page.mouse",)"
             R"("parameters":{"pointerType":"mouse"},"actions":[)"
             R"({"type":"pointerMove","x":-1,"y":0,"origin":{"type":"element",)"
             R"("element":{"sharedId":"NODE"}}},)" +
                 std::string(kPixelBack) + "]}]}");
}

BOOST_AUTO_TEST_CASE(a_click_at_an_offset_moves_there_from_the_elements_in_view_centre) {
  ClickSpec spec;
  spec.count = 1;
  BOOST_TEST(json::serialize(ClickActionsParams("CTX", "NODE", spec, {.dx = -429, .dy = 3})) ==
             R"({"context":"CTX","actions":[{"type":"pointer","id":"page.mouse",)"
             R"("parameters":{"pointerType":"mouse"},"actions":[)"
             R"({"type":"pointerMove","x":-429,"y":3,"origin":{"type":"element",)"
             R"("element":{"sharedId":"NODE"}}},)" +
                 Press(0) + "]}]}");
  BOOST_TEST(json::serialize(HoverActionsParams("CTX", "NODE", {.dx = 7, .dy = 0})) ==
             R"({"context":"CTX","actions":[{"type":"pointer","id":"page.mouse",)"
             R"("parameters":{"pointerType":"mouse"},"actions":[)"
             R"({"type":"pointerMove","x":6,"y":0,"origin":{"type":"element",)"
             R"("element":{"sharedId":"NODE"}}},)" +
                 std::string(kPixelBack) + "]}]}");
}

// The first moves go 1, 2, 3, 4, 6, 8 and 10 px along the way while the way is more than twice
// as long (a page that starts its drag past a threshold measures from there), then the steps
// share the rest.
BOOST_AUTO_TEST_CASE(a_drag_presses_moves_in_rounded_steps_a_frame_apart_and_holds_before_release) {
  const std::string expected = R"({"context":"CTX","actions":[{"type":"pointer","id":"page.mouse",)"
                               R"("parameters":{"pointerType":"mouse"},"actions":[)"
                               R"({"type":"pointerMove","x":10,"y":20,"origin":"viewport"},)"
                               R"({"type":"pointerDown","button":0},)"
                               R"({"type":"pause","duration":16},)"
                               R"({"type":"pointerMove","x":11,"y":20,"origin":"viewport"},)"
                               R"({"type":"pause","duration":16},)"
                               R"({"type":"pointerMove","x":12,"y":20,"origin":"viewport"},)"
                               R"({"type":"pause","duration":16},)"
                               R"({"type":"pointerMove","x":13,"y":20,"origin":"viewport"},)"
                               R"({"type":"pause","duration":16},)"
                               R"({"type":"pointerMove","x":14,"y":20,"origin":"viewport"},)"
                               R"({"type":"pause","duration":16},)"
                               R"({"type":"pointerMove","x":16,"y":20,"origin":"viewport"},)"
                               R"({"type":"pause","duration":16},)"
                               R"({"type":"pointerMove","x":18,"y":19,"origin":"viewport"},)"
                               R"({"type":"pause","duration":16},)"
                               R"({"type":"pointerMove","x":20,"y":19,"origin":"viewport"},)"
                               R"({"type":"pause","duration":100},)"
                               R"({"type":"pointerUp","button":0}]}]})";
  BOOST_TEST(json::serialize(DragActionsParams("CTX", {.x = 10, .y = 20}, {.x = 20, .y = 19}, 3)) ==
             expected);
  // A way of 100 px: all seven first moves, then 2 steps share the 90 px left.
  std::string long_way = R"({"context":"CTX","actions":[{"type":"pointer","id":"page.mouse",)"
                         R"("parameters":{"pointerType":"mouse"},"actions":[)"
                         R"({"type":"pointerMove","x":0,"y":50,"origin":"viewport"},)"
                         R"({"type":"pointerDown","button":0},)";
  for (const int x : {1, 2, 3, 4, 6, 8, 10, 55, 100}) {
    long_way += absl::StrCat(R"({"type":"pause","duration":16},{"type":"pointerMove","x":)", x,
                             R"(,"y":50,"origin":"viewport"},)");
  }
  long_way += R"({"type":"pause","duration":100},{"type":"pointerUp","button":0}]}]})";
  BOOST_TEST(json::serialize(DragActionsParams("CTX", {.x = 0, .y = 50}, {.x = 100, .y = 50}, 2)) ==
             long_way);
  // Fewer than one step is one step. On a way of 5.7 px the first moves go 1 and 2 px, which
  // round to one point: one move there, then straight to the end.
  BOOST_TEST(json::serialize(DragActionsParams("CTX", {.x = 1, .y = 1}, {.x = 5, .y = 5}, 0)) ==
             R"({"context":"CTX","actions":[{"type":"pointer","id":"page.mouse",)"
             R"("parameters":{"pointerType":"mouse"},"actions":[)"
             R"({"type":"pointerMove","x":1,"y":1,"origin":"viewport"},)"
             R"({"type":"pointerDown","button":0},)"
             R"({"type":"pause","duration":16},)"
             R"({"type":"pointerMove","x":2,"y":2,"origin":"viewport"},)"
             R"({"type":"pause","duration":16},)"
             R"({"type":"pointerMove","x":5,"y":5,"origin":"viewport"},)"
             R"({"type":"pause","duration":100},)"
             R"({"type":"pointerUp","button":0}]}]})");
  // A long press: the button held still before the first move.
  BOOST_TEST(json::serialize(DragActionsParams("CTX", {.x = 1, .y = 1}, {.x = 5, .y = 5}, 1,
                                               std::chrono::milliseconds(300))) ==
             R"({"context":"CTX","actions":[{"type":"pointer","id":"page.mouse",)"
             R"("parameters":{"pointerType":"mouse"},"actions":[)"
             R"({"type":"pointerMove","x":1,"y":1,"origin":"viewport"},)"
             R"({"type":"pointerDown","button":0},)"
             R"({"type":"pause","duration":300},)"
             R"({"type":"pause","duration":16},)"
             R"({"type":"pointerMove","x":2,"y":2,"origin":"viewport"},)"
             R"({"type":"pause","duration":16},)"
             R"({"type":"pointerMove","x":5,"y":5,"origin":"viewport"},)"
             R"({"type":"pause","duration":100},)"
             R"({"type":"pointerUp","button":0}]}]})");
}

// A drag to a target stops there with the button down (the page side then looks whether the
// page scrolled the target away), and its release moves there first only when it moved.
BOOST_AUTO_TEST_CASE(a_drag_held_at_its_destination_is_released_where_it_is_now) {
  const std::string head = R"({"context":"CTX","actions":[{"type":"pointer","id":"page.mouse",)"
                           R"("parameters":{"pointerType":"mouse"},"actions":[)";
  BOOST_TEST(json::serialize(DragActionsParams("CTX", {.x = 1, .y = 1}, {.x = 5, .y = 5}, 0, {},
                                               /*release=*/false)) ==
             head + R"({"type":"pointerMove","x":1,"y":1,"origin":"viewport"},)"
                    R"({"type":"pointerDown","button":0},)"
                    R"({"type":"pause","duration":16},)"
                    R"({"type":"pointerMove","x":2,"y":2,"origin":"viewport"},)"
                    R"({"type":"pause","duration":16},)"
                    R"({"type":"pointerMove","x":5,"y":5,"origin":"viewport"}]}]})");
  BOOST_TEST(json::serialize(DragReleaseParams("CTX", {.x = 5, .y = 5}, {.x = 5, .y = 5})) ==
             head + R"({"type":"pause","duration":100},{"type":"pointerUp","button":0}]}]})");
  BOOST_TEST(json::serialize(DragReleaseParams("CTX", {.x = 5, .y = 5}, {.x = 5, .y = -60})) ==
             head + R"({"type":"pause","duration":16},)"
                    R"({"type":"pointerMove","x":5,"y":-60,"origin":"viewport"},)"
                    R"({"type":"pause","duration":100},{"type":"pointerUp","button":0}]}]})");
}

BOOST_AUTO_TEST_CASE(a_triple_click_presses_three_times) {
  BOOST_TEST(Click(R"({"count":3})") ==
             R"({"context":"CTX","actions":[{"type":"pointer","id":"page.mouse",)"
             R"("parameters":{"pointerType":"mouse"},"actions":[)" +
                 std::string(kMove) + "," + Press(0) + "," + Press(0) + "," + Press(0) + "]}]}");
}

BOOST_AUTO_TEST_CASE(a_double_right_click_presses_twice) {
  BOOST_TEST(Click(R"({"button":"right","count":2})") ==
             R"({"context":"CTX","actions":[{"type":"pointer","id":"page.mouse",)"
             R"("parameters":{"pointerType":"mouse"},"actions":[)" +
                 std::string(kMove) + "," + Press(2) + "," + Press(2) + "]}]}");
}

BOOST_AUTO_TEST_CASE(modifiers_are_held_for_the_whole_click_tick_by_tick) {
  BOOST_TEST(
      Click(R"({"button":"middle","modifiers":["Control","Shift"]})") ==
      Keys(R"({"context":"CTX","actions":[{"type":"key","id":"page.keyboard","actions":[)"
           R"({"type":"keyDown","value":"\uE009"},{"type":"keyDown","value":"\uE008"},)"
           R"({"type":"pause"},{"type":"pause"},{"type":"pause"},{"type":"pause"},)"
           R"({"type":"keyUp","value":"\uE008"},{"type":"keyUp","value":"\uE009"}]},)"
           R"({"type":"pointer","id":"page.mouse","parameters":{"pointerType":"mouse"},"actions":[)"
           R"({"type":"pause"},{"type":"pause"},)" +
           std::string(kMove) + "," + Press(1) + R"(,{"type":"pause"},{"type":"pause"}]}]})"));
}

BOOST_AUTO_TEST_CASE(bad_click_params_are_refused_naming_the_member) {
  BOOST_TEST(Click(R"({"button":"primary"})") ==
             "error: params.button must be \"left\", \"middle\" or \"right\"");
  constexpr std::string_view kCount =
      "error: params.count must be 1, 2 (a double click: selects a word) or 3 (a triple click: "
      "selects a paragraph)";
  BOOST_TEST(Click(R"({"count":4})") == kCount);
  BOOST_TEST(Click(R"({"count":0})") == kCount);
  BOOST_TEST(Click(R"({"count":"2"})") == kCount);
  BOOST_TEST(
      Click(R"({"modifiers":"Shift"})") ==
      "error: params.modifiers must be an array of \"Shift\", \"Control\", \"Alt\", \"Meta\"");
  BOOST_TEST(Click(R"({"modifiers":["Shift","a"]})") ==
             "error: params.modifiers must be an array of \"Shift\", \"Control\", \"Alt\", "
             "\"Meta\"; got \"a\"");
}

BOOST_AUTO_TEST_CASE(key_actions_run_on_the_helpers_keyboard) {
  json::array keys{json::object{{"type", "keyDown"}, {"value", "x"}}};
  BOOST_TEST(json::serialize(KeyActionsParams("CTX", keys)) ==
             R"({"context":"CTX","actions":[{"type":"key","id":"page.keyboard",)"
             R"("actions":[{"type":"keyDown","value":"x"}]}]})");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::page
