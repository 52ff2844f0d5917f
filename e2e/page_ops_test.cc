// The page operations (plugin/src/page/js, declared in plugin/src/page/operations.json) called
// one by one in the sandbox realm of real headless Firefox, through raw BiDi frames only
// (browsingContext.navigate, script.callFunction with the library's function text): no C++
// helper takes part. Each case compares the operation's exact data and checks it against the
// operation's declared output shape.
#include "page/page_ops.h"

#include <algorithm>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "page/js_library.h"
#include "page_suite.h"

namespace firefox_bidi::testing {
namespace {

namespace json = boost::json;

std::string_view View(const json::string& text) { return {text.data(), text.size()}; }

const json::object& Declaration() {
  static const json::object declaration = [] {
    std::ifstream in(std::string(FIREFOX_BIDI_SOURCE_DIR) + "/plugin/src/page/operations.json");
    std::stringstream text;
    text << in.rdbuf();
    return json::parse(text.str()).as_object();
  }();
  return declaration;
}

const json::value& OutputShape(std::string_view op) {
  for (const json::value& entry : Declaration().at("operations").as_array()) {
    if (View(entry.at("name").as_string()) == op) return entry.at("output");
  }
  BOOST_FAIL("operation " << op << " is not declared");
  static const json::value none;
  return none;
}

bool IsPrimitive(std::string_view name, const json::value& value) {
  if (name == "any") return true;
  if (name == "string") return value.is_string();
  if (name == "number") return value.is_number();
  if (name == "boolean") return value.is_bool();
  if (name == "null") return value.is_null();
  return false;
}

// Where `value` departs from `shape` (the grammar of operations.json), "" when it does not.
std::string Mismatch(const json::value& shape, const json::value& value, const std::string& at) {
  if (shape.is_string()) {
    const std::string_view names = View(shape.get_string());
    std::size_t start = 0;
    while (start <= names.size()) {
      const std::size_t bar = std::min(names.find('|', start), names.size());
      if (IsPrimitive(names.substr(start, bar - start), value)) return "";
      start = bar + 1;
    }
    return absl::StrCat(at, ": ", json::serialize(value), " is not ", std::string(names));
  }
  if (shape.is_array()) {
    if (!value.is_array()) return absl::StrCat(at, ": ", json::serialize(value), " is no array");
    const json::array& items = value.get_array();
    for (std::size_t i = 0; i < items.size(); ++i) {
      std::string bad = Mismatch(shape.get_array()[0], items[i], absl::StrCat(at, "[", i, "]"));
      if (!bad.empty()) return bad;
    }
    return "";
  }
  const json::object& members = shape.get_object();
  if (const json::value* one_of = members.if_contains("oneOf")) {
    std::vector<std::string> misses;
    for (const json::value& option : one_of->get_array()) {
      std::string bad = Mismatch(option, value, at);
      if (bad.empty()) return "";
      misses.push_back(std::move(bad));
    }
    return absl::StrCat(at, ": none of oneOf (", absl::StrJoin(misses, "; "), ")");
  }
  if (!value.is_object()) return absl::StrCat(at, ": ", json::serialize(value), " is no object");
  const json::object& object = value.get_object();
  std::size_t present = 0;
  for (const auto& [declared, member_shape] : members) {
    std::string_view key(declared.data(), declared.size());
    const bool optional = key.ends_with('?');
    if (optional) key.remove_suffix(1);
    const json::value* member = object.if_contains(key);
    if (member == nullptr) {
      if (optional) continue;
      return absl::StrCat(at, ": no \"", std::string(key), "\"");
    }
    ++present;
    std::string bad = Mismatch(member_shape, *member, absl::StrCat(at, ".", std::string(key)));
    if (!bad.empty()) return bad;
  }
  if (present != object.size())
    return absl::StrCat(at, ": keys not declared in ", json::serialize(value));
  return "";
}

// The library's function, run on the element `selector` picks (when given) as nodes[0].
std::string CallingFunction() {
  return absl::StrCat("async function (op, input, selector) {\n  const run = ",
                      std::string(page::SandboxFunction()),
                      ";\n  const nodes = selector === undefined ? [] : "
                      "[document.querySelector(selector)];\n  return run(op, input, ...nodes);\n}");
}

struct OpResult {
  json::value data;
  std::size_t nodes = 0;
  std::size_t windows = 0;
};

std::string CallFrame(const page::PageOp& op, std::string_view input, std::string_view selector) {
  std::string arguments =
      absl::StrCat(R"([{"type":"string","value":)", PageSuite::Quote(op.name()),
                   R"(},{"type":"string","value":)", PageSuite::Quote(input), "}");
  if (!selector.empty()) {
    absl::StrAppend(&arguments, R"(,{"type":"string","value":)", PageSuite::Quote(selector), "}");
  }
  return absl::StrCat(
      R"({"method":"script.callFunction","pick":"result.value","params":{"functionDeclaration":)",
      PageSuite::Quote(CallingFunction()),
      R"(,"awaitPromise":true,"target":{"context":"<<tab>>","sandbox":)",
      PageSuite::Quote(page::kSandbox), R"(},"arguments":)", arguments, "]",
      R"(,"resultOwnership":"none","serializationOptions":{"maxDomDepth":0,"maxObjectDepth":2}}})");
}

// Loads `html` (a data: URL) in the current tab.
void Load(std::string_view html) {
  PageSuite::Get().Run(absl::StrCat(
      R"({"frames":[{"method":"browsingContext.navigate","params":{"context":"<<tab>>",)",
      R"("wait":"complete","url":)",
      PageSuite::Quote(absl::StrCat("data:text/html,", std::string(html))), "}}]}"));
}

// Runs `op` with `input` (JSON; "next" defaults to 1000) on the element `selector` picks.
OpResult Call(const page::PageOp& op, std::string_view input = "{}",
              std::string_view selector = "") {
  const json::object result =
      PageSuite::Get().Run(absl::StrCat(R"({"frames":[)", CallFrame(op, input, selector), "]}"));
  const json::object& record = PageSuite::Record(result, 0);
  BOOST_TEST_REQUIRE(record.contains("result"), json::serialize(record));
  const json::array& parts = record.at("result").as_array();
  OpResult out;
  out.data = json::parse(parts.at(0).at("value").as_string());
  out.nodes = parts.at(1).at("value").as_array().size();
  out.windows = parts.at(2).at("value").as_array().size();
  BOOST_TEST(Mismatch(OutputShape(op.name()), out.data, std::string(op.name())) == "");
  return out;
}

std::string Data(const page::PageOp& op, std::string_view input = "{}",
                 std::string_view selector = "") {
  return json::serialize(Call(op, input, selector).data);
}

BOOST_AUTO_TEST_SUITE(page_ops)

BOOST_AUTO_TEST_CASE(firefox_sees_exactly_the_declared_operations) {
  const json::object result = PageSuite::Get().Run(absl::StrCat(
      R"({"frames":[{"method":"script.evaluate","pick":"result.value","params":{"expression":)",
      PageSuite::Quote(absl::StrCat("Object.keys((", *page::LinkModules(page::js::EmbeddedFiles()),
                                    ").ops).sort().join(' ')")),
      R"(,"awaitPromise":false,"target":{"context":"<<tab>>","sandbox":"ops_test"}}}]})"));
  std::vector<std::string> declared;
  for (const page::PageOp& op : page::ops::kAll) declared.emplace_back(op.name());
  std::sort(declared.begin(), declared.end());
  BOOST_TEST(View(PageSuite::Record(result, 0).at("result").as_string()) ==
             absl::StrJoin(declared, " "));
}

BOOST_AUTO_TEST_CASE(a_shape_check_finds_what_departs_from_the_declaration) {
  BOOST_TEST(Mismatch(OutputShape("info"), json::parse(R"({"url":"u","title":"t"})"), "info") ==
             R"(info: no "readyState")");
  BOOST_TEST(Mismatch(OutputShape("inputValue"), json::parse("3"), "inputValue") ==
             "inputValue: none of oneOf (inputValue: 3 is not string|boolean; inputValue: 3 is "
             "no object; inputValue: 3 is no object; inputValue: 3 is no object)");
  BOOST_TEST(Mismatch(OutputShape("inputArm"), json::parse(R"({"ok":true,"x":1})"), "inputArm") ==
             R"(inputArm: keys not declared in {"ok":true,"x":1})");
}

BOOST_AUTO_TEST_CASE(info_and_describe) {
  Load("<title>T</title><p id=p>Hello <b>world</b></p>");
  BOOST_TEST(Data(page::ops::kInfo) ==
             R"({"url":"data:text/html,<title>T</title><p id=p>Hello <b>world</b></p>",)"
             R"("title":"T","readyState":"complete"})");
  BOOST_TEST(Data(page::ops::kDescribe, R"({"next":1000})", "#p") ==
             R"({"nodes":[{"ref":"e1000","tag":"p","text":"Hello world"}],"next":1001})");
  // The ref stays the node's: asked again, no new name.
  BOOST_TEST(Data(page::ops::kDescribe, R"({"next":1001})", "b") ==
             R"({"nodes":[{"ref":"e1001","tag":"b","text":"world"}],"next":1002})");
  BOOST_TEST(Data(page::ops::kDescribe, R"({"next":1002})", "#p") ==
             R"({"nodes":[{"ref":"e1000","tag":"p","text":"Hello world"}],"next":1002})");
}

BOOST_AUTO_TEST_CASE(find_by_css_text_and_role_with_name) {
  Load(
      "<button id=a>One</button><button class=b>Two</button>"
      "<button class=b style='display:none'>Three</button><p>Two</p>");
  const OpResult css = Call(page::ops::kFind, R"({"css":".b","visible":true})");
  BOOST_TEST(json::serialize(css.data) == R"({"count":1,"frames":[]})");
  BOOST_TEST(css.nodes == 1u);
  BOOST_TEST(Data(page::ops::kFind, R"({"css":".b","visible":false})") ==
             R"({"count":2,"frames":[]})");
  BOOST_TEST(Data(page::ops::kFind, R"({"text":"Two","mode":"exact"})") ==
             R"({"count":2,"frames":[]})");
  // Found for containing the text: what the first match shows.
  BOOST_TEST(Data(page::ops::kFind, R"({"text":"tw","mode":"contains"})") ==
             R"({"count":2,"frames":[],"shown":"Two"})");
  BOOST_TEST(Data(page::ops::kFind, R"({"role":"button","name":"ne","mode":"contains"})") ==
             R"({"count":1,"frames":[],"shown":"One"})");
  // With "then", the operation runs on the first match in the same call.
  BOOST_TEST(Data(page::ops::kFind,
                  R"({"role":"button","name":"One","mode":"exact","then":"describe",)"
                  R"("thenInput":{},"next":1000})") ==
             R"({"count":1,"frames":[],"then":{"nodes":[{"ref":"e1000","tag":"button",)"
             R"("text":"One"}],"next":1001},"next":1001})");
  const OpResult none = Call(page::ops::kFind, R"({"role":"link","mode":"exact"})");
  BOOST_TEST(json::serialize(none.data) == R"({"count":0,"frames":[]})");
  BOOST_TEST(none.nodes == 0u);
  BOOST_TEST(Data(page::ops::kFind, R"({"css":"[","visible":true})") ==
             R"({"error":{"code":"invalid argument",)"
             R"("message":"css \"[\" is not a valid CSS selector"}})");
}

BOOST_AUTO_TEST_CASE(find_and_wait_take_a_regex_written_between_slashes) {
  Load("<button>One</button><button>Two</button><p>Total:  42 items</p>");
  // Tested on the collapsed text; the innermost element that matches.
  BOOST_TEST(Data(page::ops::kFind, R"({"text":"/^Total: \\d+ items$/","mode":"exact"})") ==
             R"({"count":1,"frames":[]})");
  BOOST_TEST(Data(page::ops::kFind, R"({"role":"button","name":"/^t/i","mode":"exact"})") ==
             R"({"count":1,"frames":[]})");
  // A literal text is no regex: "/One/" is not found on the page.
  BOOST_TEST(Data(page::ops::kFind, R"({"text":"One","mode":"exact"})") ==
             R"({"count":1,"frames":[]})");
  BOOST_TEST(
      Data(page::ops::kFind, R"({"text":"/[/","mode":"exact"})") ==
      R"({"error":{"code":"invalid argument",)"
      R"("message":"\"/[/\" is no valid regular expression: unterminated character class"}})");
  BOOST_TEST(Data(page::ops::kInputWaitFor,
                  R"({"kind":"text","value":"/\\d+ ITEMS/i","want":true,"ms":100})") ==
             R"({"done":true})");
}

BOOST_AUTO_TEST_CASE(snapshot_of_a_small_form_is_its_outline) {
  Load(
      "<h1>Sign up</h1><form aria-label=Signup><label>Name <input value=Ada></label>"
      "<select aria-label=Colour><option value=r>Red</option><option value=b selected>Blue"
      "</option></select><label><input type=checkbox checked> Remember me</label>"
      "<button disabled>Send</button></form>");
  BOOST_TEST(Data(page::ops::kSnapshot, R"({"depth":0,"viewport_only":false,"next":1000})") ==
             R"({"lines":["- heading \"Sign up\" level=1","- form \"Signup\"",)"
             R"("  - textbox \"Name\" [ref=e1000] value=\"Ada\"",)"
             R"("  - combobox \"Colour\" [ref=e1001] value=\"Blue\"",)"
             R"("    - option \"Red\"","    - option \"Blue\" selected",)"
             R"("  - checkbox \"Remember me\" [ref=e1002] checked",)"
             R"("  - button \"Send\" [ref=e1003] disabled"],"frames":[],"next":1004})");
}

BOOST_AUTO_TEST_CASE(snapshot_with_match_marks_the_lines_whose_name_or_value_it_finds) {
  Load(
      "<h1>Tea</h1><ul><li>Black tea</li><li>Coffee</li></ul>"
      "<label>Coupon <input value=TEA10></label><button>Pay</button>");
  BOOST_TEST(Data(page::ops::kSnapshot,
                  R"({"depth":0,"viewport_only":false,"match":"tea","next":1000})") ==
             R"({"lines":["- heading \"Tea\" level=1","- list","  - listitem \"Black tea\"",)"
             R"("  - listitem \"Coffee\"","- textbox \"Coupon\" [ref=e1000] value=\"TEA10\"",)"
             R"("- button \"Pay\" [ref=e1001]"],"frames":[],"next":1002,"matched":[0,2,4]})");
  // A regex tests the name as it is: case counts without the i flag.
  BOOST_TEST(
      Data(page::ops::kSnapshot, R"({"depth":0,"viewport_only":false,"match":"/^T/","next":1000})")
          .ends_with(R"("matched":[0,4]})"));
  BOOST_TEST(Data(page::ops::kSnapshot,
                  R"({"depth":0,"viewport_only":false,"match":"/[/","next":1000})") ==
             R"({"error":{"code":"invalid argument",)"
             R"("message":"\"/[/\" is no valid regular expression: unterminated character class"},)"
             R"("next":1000})");
}

BOOST_AUTO_TEST_CASE(an_unnamed_element_to_act_on_shows_what_its_id_or_class_says) {
  // Arrows of a date picker drawn as icons: nothing names them but their class, id or
  // data-action (two arrows that share a class). A class a build tool made up, or one that only
  // lays out, says nothing.
  Load(
      "<style>.c{cursor:pointer}</style>"
      "<span class='c flatpickr-next-month'><svg width=10 height=10></svg></span>"
      "<span class='c css-1q2w3e'><svg width=10 height=10></svg></span>"
      "<span id=close-panel class=c><svg width=10 height=10></svg></span>"
      "<span class='c flex items-center'><svg width=10 height=10></svg></span>"
      "<span class='c nav-action' data-action=prev><svg width=10 height=10></svg></span>"
      "<span class='c nav-action' data-action=next><svg width=10 height=10></svg></span>"
      "<button class=prev-year><svg width=10 height=10></svg></button>");
  // Any role: an icon button is as unnamed as an icon.
  BOOST_TEST(Data(page::ops::kSnapshot, R"({"depth":0,"viewport_only":false,"next":1000})") ==
             R"({"lines":["- generic [ref=e1000] .flatpickr-next-month",)"
             R"("- generic [ref=e1001]","- generic [ref=e1002] #close-panel",)"
             R"("- generic [ref=e1003]","- generic [ref=e1004] [data-action=prev]",)"
             R"("- generic [ref=e1005] [data-action=next]","- button [ref=e1006] .prev-year"],)"
             R"("frames":[],"next":1007})");
  // page.find sees the hint as it sees a name.
  BOOST_TEST(
      Data(page::ops::kSnapshot, R"({"depth":0,"viewport_only":false,"match":"month","next":1000})")
          .ends_with(R"("matched":[0]})"));
  BOOST_TEST(
      Data(page::ops::kSnapshot, R"({"depth":0,"viewport_only":false,"match":"next","next":1000})")
          .ends_with(R"("matched":[0,5]})"));
  // Also as the line shows it, with its dot or hash.
  BOOST_TEST(Data(page::ops::kSnapshot, R"({"depth":0,"viewport_only":false,)"
                                        R"("match":".flatpickr-next-month","next":1000})")
                 .ends_with(R"("matched":[0]})"));
  BOOST_TEST(Data(page::ops::kSnapshot,
                  R"({"depth":0,"viewport_only":false,"match":"#close-panel","next":1000})")
                 .ends_with(R"("matched":[2]})"));
}

BOOST_AUTO_TEST_CASE(where_a_pointer_or_grab_cursor_begins_is_interactive_and_generic) {
  // The arrow (a pointer over an icon), a card and a grabbable item get refs; the card's own
  // text inherits its cursor, and the label and the wrapper around a button do not (their
  // click is their control's).
  Load(
      "<style>.c{cursor:pointer}</style>"
      "<span class=c aria-label='Next month'><svg width=10 height=10></svg></span>"
      "<div class=c>Card <span>one</span></div><label class=c>Mail <input></label>"
      "<div class=c><button>Go</button></div><div style='cursor:grab'>Rent</div>");
  BOOST_TEST(Data(page::ops::kSnapshot, R"({"depth":0,"viewport_only":false,"next":1000})") ==
             R"({"lines":["- generic \"Next month\" [ref=e1000]",)"
             R"("- generic \"Card one\" [ref=e1001]",)"
             R"("- textbox \"Mail\" [ref=e1002]","- button \"Go\" [ref=e1003]",)"
             R"("- generic \"Rent\" [ref=e1004]"],"frames":[],"next":1005})");
  // As a target, "generic" is the role the snapshot shows them with.
  BOOST_TEST(Data(page::ops::kFind, R"({"role":"generic","name":"Next month","mode":"exact"})") ==
             R"({"count":1,"frames":[]})");
  BOOST_TEST(Data(page::ops::kFind, R"({"role":"generic","mode":"exact"})") ==
             R"({"count":3,"frames":[]})");
}

BOOST_AUTO_TEST_CASE(a_target_that_does_not_scroll_scrolls_the_largest_box_inside_it) {
  // A grid whose rows scroll in an inner box (as data grid libraries build them).
  Load(
      "<div id=grid role=grid><div style='height:20px'>Header</div>"
      "<div id=rows style='height:100px;overflow:auto'><div style='height:1000px'>Rows</div>"
      "</div></div><div id=small style='height:30px;overflow:auto'>"
      "<div style='height:60px'>x</div></div>");
  BOOST_TEST(Data(page::ops::kScrollBox, R"({"by":{"x":0,"y":250}})", "#grid") ==
             R"({"before":{"x":0,"y":0}})");
  BOOST_TEST(Data(page::ops::kScrollSettle, R"({"by":{"x":0,"y":250},"before":{"x":0,"y":0}})",
                  "#grid") == R"({"x":0,"y":250,"moved":true})");
}

BOOST_AUTO_TEST_CASE(text_is_the_visible_text_cut_at_max_chars) {
  Load("<h1>Title</h1><p>Hello <b>world</b></p><div style='display:none'>secret</div>");
  BOOST_TEST(Data(page::ops::kText, R"({"max_chars":100})") ==
             R"({"text":"Title\nHello world","total":17})");
  BOOST_TEST(Data(page::ops::kText, R"({"max_chars":5,"offset":6})") ==
             R"({"text":"Hello\n[6 more characters; read on with \"offset\": 11]","total":17})");
  BOOST_TEST(Data(page::ops::kText, R"({"max_chars":5,"offset":17})") ==
             R"({"text":"[no more text: it is 17 characters long]","total":17})");
  BOOST_TEST(Data(page::ops::kText, R"({"max_chars":100})", "p") ==
             R"({"text":"Hello world","total":11})");
}

BOOST_AUTO_TEST_CASE(fill_and_value_of_input_select_and_checkbox) {
  Load(
      "<input id=name value=Ada><select id=colour><option value=r>Red</option>"
      "<option value=b>Blue</option></select><input id=yes type=checkbox>"
      "<input id=on type=checkbox checked><label for=on id=label>On</label>");
  BOOST_TEST(Data(page::ops::kInputFill, R"({"value":"Bob"})", "#name") ==
             R"({"ok":true,"value":"Bob"})");
  BOOST_TEST(Data(page::ops::kInputValue, "{}", "#name") == R"("Bob")");
  BOOST_TEST(Data(page::ops::kInputFill, R"({"value":"Blue"})", "#colour") ==
             R"({"ok":true,"value":"b","label":"Blue"})");
  BOOST_TEST(Data(page::ops::kInputValue, "{}", "#colour") == R"("b")");
  BOOST_TEST(Data(page::ops::kInputFill, R"({"value":"Green"})", "#colour") ==
             R"({"error":"no such option","message":"select#colour has no option labelled or )"
             R"(valued \"Green\"; its options are \"Red\", \"Blue\""})");
  // A checkbox that must change is clicked for real by the caller.
  BOOST_TEST(Data(page::ops::kInputFill, R"({"value":true})", "#yes") ==
             R"({"ok":true,"click":true})");
  BOOST_TEST(Data(page::ops::kInputFill, R"({"value":true})", "#on") ==
             R"({"ok":true,"value":true})");
  BOOST_TEST(
      Data(page::ops::kInputFill, R"({"value":"x"})", "#yes") ==
      R"({"error":"not fillable","message":"input#yes is a checkbox: give value true or false"})");
  BOOST_TEST(Data(page::ops::kInputValue, "{}", "#yes") == "false");
  BOOST_TEST(Data(page::ops::kInputValue, "{}", "#label") == "true");
}

// A select the page draws takes no text: inputFill says to pick from it (`opened`: its list
// stands open), and inputPickOption finds the option named in that list, with what the select
// shows before the click and whether the option is that choice already; one marked chosen that
// the select shows is kept (not clicked again).
BOOST_AUTO_TEST_CASE(a_drawn_select_is_picked_from_its_open_list) {
  Load(
      "<span id=size role=combobox aria-controls=list aria-expanded=true tabindex=0>Small</span>"
      "<ul id=list role=listbox><li role=option aria-selected=true>Small</li>"
      "<li role=option>Medium</li><li role=option>Large</li></ul>");
  BOOST_TEST(Data(page::ops::kInputFill, R"({"value":"Medium"})", "#size") ==
             R"({"ok":true,"pick":true,"opened":true})");
  const OpResult medium = Call(page::ops::kInputPickOption, R"({"value":"medium"})", "#size");
  BOOST_TEST(json::serialize(medium.data) ==
             R"({"ok":true,"name":"Medium","kept":false,"before":"Small",)"
             R"("already":false})");
  BOOST_TEST(medium.nodes == 1u);
  BOOST_TEST(Data(page::ops::kInputPickOption, R"({"value":"Small"})", "#size") ==
             R"({"ok":true,"name":"Small","kept":true,"before":"Small","already":true})");
  BOOST_TEST(Data(page::ops::kInputPickOption, R"({"value":"Tiny"})", "#size") ==
             R"({"error":"no such option","message":"span#size \"Small\"'s list has no option )"
             R"(named or valued \"Tiny\"; it offers \"Small\", \"Medium\", \"Large\" (its )"
             R"J(list stands open: page.press Escape closes it)"})J");
}

BOOST_AUTO_TEST_CASE(prepare_click_finds_the_centre_or_the_cover) {
  Load(
      "<button id=free style='position:absolute;left:10px;top:20px;width:100px;height:40px'>"
      "Free</button><button id=under style='position:absolute;left:10px;top:100px'>Under"
      "</button><div id=cover style='position:absolute;left:0;top:90px;width:300px;"
      "height:100px;background:white'>Cover</div>");
  BOOST_TEST(Data(page::ops::kInputPrepareClick, "{}", "#free") == R"({"ok":true,"x":60,"y":40})");
  BOOST_TEST(
      Data(page::ops::kInputPrepareClick, "{}", "#under") ==
      R"({"error":"element covered","message":"button#under \"Under\" is covered by )"
      R"(div#cover \"Cover\", which would receive the click; nothing was clicked. Close or )"
      R"(wait out the cover (e.g. page.waitFor its text with gone: true), or click it instead"})");
  BOOST_TEST(
      Data(page::ops::kInputPrepareHover, "{}", "#under") ==
      R"({"error":"element covered","message":"button#under \"Under\" is covered by )"
      R"(div#cover \"Cover\", which would receive the mouse; nothing was hovered. Close or )"
      R"(wait out the cover (e.g. page.waitFor its text with gone: true), or click it instead"})");
}

BOOST_AUTO_TEST_CASE(drag_prepare_says_how_to_drag_and_select_text_selects) {
  Load(
      "<p id=item draggable=true style='position:absolute;left:10px;top:20px;width:100px;"
      "height:40px;margin:0'>Item</p><div id=handle style='position:absolute;left:10px;"
      "top:200px;width:20px;height:20px'></div><p id=words style='position:absolute;left:10px;"
      "top:300px;margin:0'>Pick one word</p>");
  const OpResult html5 =
      Call(page::ops::kDragPrepare, R"({"to_point":{"x":300.5,"y":50}})", "#item");
  // To a point: no list's items to reorder ("place" false).
  BOOST_TEST(json::serialize(html5.data) ==
             R"({"ok":true,"via":"html5","from":{"x":60,"y":40},"to":{"x":300,"y":50},)"
             R"("place":false})");
  BOOST_TEST(html5.nodes == 1u);  // the element the drag carries
  // By the pointer to a point: where it stood, to say whether it left ("place" true).
  const OpResult pointer =
      Call(page::ops::kDragPrepare, R"({"to_point":{"x":5,"y":5}})", "#handle");
  BOOST_TEST(json::serialize(pointer.data) ==
             R"({"ok":true,"via":"pointer","from":{"x":20,"y":210},"to":{"x":5,"y":5},)"
             R"("place":true})");
  BOOST_TEST(pointer.nodes == 0u);
  // Armed, and no button came up since.
  BOOST_TEST(Data(page::ops::kDragPointerOutcome) == R"({"dropped":false,"completed":false})");
  BOOST_TEST(Data(page::ops::kSelectText, R"({"text":"one"})", "#words") ==
             R"({"ok":true,"selected":"one"})");
  BOOST_TEST(Data(page::ops::kSelectText, "{}", "#words") ==
             R"({"ok":true,"selected":"Pick one word"})");
}

BOOST_AUTO_TEST_CASE(wait_for_text_css_and_url) {
  Load("<p>Loading</p><script>setTimeout(() => document.body.append('Ready'), 200)</script>");
  BOOST_TEST(
      Data(page::ops::kInputWaitFor, R"({"kind":"text","value":"Ready","want":true,"ms":5000})") ==
      R"({"done":true})");
  BOOST_TEST(Data(page::ops::kInputWaitFor,
                  R"({"kind":"text","value":"Gone","want":true,"ms":100})") == R"({"done":false})");
  BOOST_TEST(Data(page::ops::kInputWaitFor,
                  R"({"kind":"css","value":"p","want":false,"ms":100})") == R"({"done":false})");
  BOOST_TEST(
      Data(page::ops::kInputWaitFor, R"({"kind":"url","value":"Loading","want":true,"ms":100})") ==
      R"({"done":true})");
}

BOOST_AUTO_TEST_CASE(an_operation_the_library_lacks_is_an_exception_naming_it) {
  Load("<p>x</p>");
  const json::object result = PageSuite::Get().Run(
      absl::StrCat(R"({"frames":[)",
                   absl::StrReplaceAll(CallFrame(page::ops::kInfo, "{}", ""),
                                       {{R"("value":"info")", R"("value":"nosuch")"}}),
                   R"(],"on_error":"continue"})"));
  const json::object& record = PageSuite::Record(result, 0);
  BOOST_TEST(View(record.at("error").at("error").as_string()) == "javascript error");
  BOOST_TEST(std::string(record.at("error").at("message").as_string())
                 .starts_with("Error: no page operation nosuch (line "),
             json::serialize(record));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::testing
