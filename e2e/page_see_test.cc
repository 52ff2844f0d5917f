// page.snapshot, page.text and target resolution (ref, css, text, role + name) against real
// headless Firefox on the fixture pages: exact outlines and text, refs through open shadow
// roots and same- and cross-origin iframes, limits, spooling, and every target error.
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <cstdint>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "page_suite.h"

namespace firefox_bidi::testing {
namespace {

namespace json = boost::json;

// How every "no such element" message ends.
const std::string kLater = " (content that appears later: page.waitFor it first)";

std::string Frame(std::string_view method, const json::object& params) {
  return json::serialize(json::object{{"method", method}, {"params", params}});
}

// The string result of frame `index`.
std::string Result(const json::object& result, std::size_t index) {
  const json::object& record = PageSuite::Record(result, index);
  BOOST_TEST_REQUIRE(record.contains("result"), json::serialize(record));
  BOOST_TEST_REQUIRE(record.at("result").is_string(), json::serialize(record));
  return std::string(record.at("result").as_string());
}

// The error record of frame `index` as {"error","message"}.
std::string Error(const json::object& result, std::size_t index) {
  const json::object& record = PageSuite::Record(result, index);
  BOOST_TEST_REQUIRE(record.contains("error"), json::serialize(record));
  return json::serialize(record.at("error"));
}

// The number N of a ref "eN" given as a JSON value.
std::uint64_t RefNumber(const json::value& ref) {
  BOOST_TEST_REQUIRE(ref.is_string(), json::serialize(ref));
  BOOST_TEST_REQUIRE(ref.as_string().starts_with("e"), json::serialize(ref));
  return std::stoull(std::string(ref.as_string().subview(1)));
}

constexpr char kStaleTail[] =
    " no longer exists: its element was removed or the page navigated since the snapshot; "
    "take a new page.snapshot and use its refs";

BOOST_AUTO_TEST_SUITE(e2e_page_see)

BOOST_AUTO_TEST_CASE(a_form_outline_has_roles_names_states_values_and_stable_refs) {
  const json::object result = Run(Frames(
      {Goto("form.html"), R"({"method":"page.snapshot"})", R"({"method":"page.snapshot"})"}));
  const std::string outline = Result(result, 1);
  const std::uint64_t first = FirstRef(outline);
  BOOST_TEST(outline == WithRefs(R"(- main
  - heading "Sign up" level=1
  - textbox "Email" [ref={1}] value="ada@example.com"
  - checkbox "Weekly" [ref={2}] checked
  - combobox "Plan" [ref={3}] value="Pro"
    - option "Free"
    - option "Pro" selected
  - textbox "Note" [ref={4}]
  - button "Create account" [ref={5}]
  - button "Later" [ref={6}] disabled)",
                                 first, 6));
  // The same nodes keep their names.
  BOOST_TEST(Result(result, 2) == outline);
}

BOOST_AUTO_TEST_CASE(hidden_nodes_are_left_out_and_states_show) {
  const json::object result = Run(Frames({Goto("states.html"), R"({"method":"page.snapshot"})",
                                          R"({"method":"page.snapshot",)"
                                          R"("params":{"viewport_only":true}})"}));
  const std::string outline = Result(result, 1);
  const std::uint64_t first = FirstRef(outline);
  BOOST_TEST(outline == WithRefs(R"(- navigation "Main"
  - list
    - listitem
      - link "Home" [ref={1}]
    - listitem
      - link "About us" [ref={2}]
- heading "Visible text run" level=2
- img "A dot"
- generic "Focusable box" [ref={3}]
- button "Menu" [ref={4}] collapsed
- radio "Option A" [ref={5}]
- button "Far below" [ref={6}])",
                                 first, 6));
  // What the outline leaves out as unseen no target finds; what is drawn but aria-hidden a css
  // (or text) target still names, a role target does not.
  const json::object hidden =
      Run(Frames({R"({"method":"page.text","params":{"text":"Gone"}})",
                  R"({"method":"page.text","params":{"text":"Invisible"}})",
                  R"({"method":"page.text","params":{"role":"button","name":"Aria hidden"}})",
                  R"({"method":"page.text","params":{"role":"button","name":"Zero"}})",
                  R"({"method":"page.text","params":{"role":"button","name":"Far below"}})",
                  R"({"method":"page.text","params":{"css":"[aria-hidden] button"}})"},
                 R"(,"on_error":"continue")"));
  const std::pair<std::size_t, std::string> described[] = {
      {0, R"(text \"Gone\")"},
      {1, R"(text \"Invisible\")"},
      {3, R"(role \"button\" named \"Zero\")"}};
  for (const auto& [i, target] : described) {
    BOOST_TEST(Error(hidden, i) ==
               absl::StrCat(R"({"error":"no such element","message":"page.text: no visible )"
                            R"(element matches )",
                            target,
                            R"(; check the target, or take a page.snapshot to see what the )"
                            R"(page shows)" +
                                kLater + R"("})"));
  }
  // Drawn inside aria-hidden content: the error says what hides it.
  BOOST_TEST(Error(hidden, 2) ==
             R"({"error":"no such element","message":"page.text: no visible element matches )"
             R"(role \"button\" named \"Aria hidden\"; 1 match is hidden now (the first: )"
             R"(button \"Aria hidden\", inside div \"Aria hidden\", which is aria-hidden): what )"
             R"(a page shows on hover or once its menu opens appears after a page.hover or )"
             R"(page.click on what holds it; else page.waitFor it"})");
  BOOST_TEST(Record(hidden, 4) == R"({"index":4,"method":"page.text","result":"Far below"})");
  BOOST_TEST(Record(hidden, 5) == R"({"index":5,"method":"page.text","result":"Aria hidden"})");
  // The button 3000 px below is off screen.
  BOOST_TEST(Result(result, 2) == outline.substr(0, outline.rfind('\n')));
}

BOOST_AUTO_TEST_CASE(field_states_and_names_from_labels_legends_captions_and_content) {
  const json::object result = Run(Frames({Goto("fields.html"), R"({"method":"page.snapshot"})"}));
  const std::string outline = Result(result, 1);
  BOOST_TEST(outline == WithRefs(R"(- group "Account"
  - textbox "Password" [ref={1}] value="••••"
  - textbox "Code" [ref={2}] required readonly value="X1"
  - spinbutton "Count" [ref={3}] value="3"
  - slider "Volume" [ref={4}] value="7" min=0 max=10
  - checkbox "Some" [ref={5}] mixed
  - combobox "Size" [ref={6}] value="M"
    - option "S"
    - option "M" selected
  - button "Send" [ref={7}]
- checkbox "Partly" [ref={8}] mixed
- button "Bold" [ref={9}] pressed
- heading "Custom heading" level=3
- text "Close the panel"
- button "Close the panel" [ref={10}]
- link "Logo" [ref={11}]
- button "More" [ref={12}] collapsed
- button "Less" [ref={13}] expanded
- text "Unfolded text"
- textbox [ref={14}] value="Edit me"
  - strong: me
- listbox "Colours" [ref={15}]
  - option "Red" selected
  - option "Green"
- table "Prices"
  - row "Item | Cost"
  - row "Tea | 3"
- text "Not a heading"
- searchbox "Search the shop" [ref={16}])",
                                 FirstRef(outline), 16));
  // The text of a closed <details> is not shown, nor found.
  const json::object text =
      Run(Frames({R"({"method":"page.text","params":{"css":"body"}})",
                  R"({"method":"page.text","params":{"css":"details:not([open]) p"}})",
                  R"({"method":"page.snapshot","params":{"root":{"text":"Send"}}})"},
                 R"(,"on_error":"continue")"));
  BOOST_TEST(Result(text, 0) ==
             "Account\nPassword Code Count Volume Some Size M Send\nPartly\nBold\nCustom heading\n"
             "Close the panelX\nMore\nLess\nUnfolded text\nEdit me\nRed\nPrices\nItem Cost\n"
             "Tea 3\nNot a heading");
  BOOST_TEST(Result(text, 2) == WithRefs(R"(- button "Send" [ref={7}])", FirstRef(outline), 7));
  BOOST_TEST(Error(text, 1) ==
             R"({"error":"no such element","message":"page.text: no visible element matches )"
             R"(css \"details:not([open]) p\"; check the target, or take a page.snapshot to see )"
             R"(what the page shows)" +
                 kLater + R"("})");
}

// A list drawn on top in view is shown though the field that opens it still says it is
// collapsed (Kendo's multiselect leaves it so while its list is open), and its option is a
// target; one the page parks behind another element is a closed popup, left out.
BOOST_AUTO_TEST_CASE(a_list_drawn_on_top_is_shown_though_its_field_says_collapsed) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<input role=combobox aria-expanded=false aria-controls=tags aria-label=Tags><ul id=tags role=listbox><li role=option onclick='document.title = this.textContent'>urgent</li></ul><input role=combobox aria-expanded=false aria-controls=parked aria-label=Parked><div style='position: relative'><ul id=parked role=listbox style='position: absolute; top: 0'><li role=option>later</li></ul><div style='position: absolute; top: 0; width: 300px; height: 100px; background: white'>Cover</div></div>"},"silent":true})J",
      R"({"method":"page.snapshot"})",
      R"({"method":"page.click","params":{"role":"option","name":"urgent"}})",
  }));
  const std::string outline = Result(result, 1);
  BOOST_TEST(outline == WithRefs(R"(- combobox "Tags" [ref={1}] collapsed
- listbox [ref={2}] #tags
  - option "urgent" [ref={3}]
- combobox "Parked" [ref={4}] collapsed
- text "Cover")",
                                 FirstRef(outline), 4));
  BOOST_TEST(json::serialize(PageSuite::Record(result, 2).at("result").at("title")) ==
             R"("urgent")");
}

// A box to act on that is all a nameless item of a role holds is one line with it, the
// item's role with the box's name and ref (Kendo's calendar cell over the day its title
// names): that role and name find it.
BOOST_AUTO_TEST_CASE(an_items_only_box_is_found_by_the_items_role_and_its_name) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<table role=grid><tr><td role=gridcell><span tabindex=-1 title='Tuesday, February 20, 2024' onclick='document.title = this.title'>20</span></td></tr></table>"},"silent":true})J",
      R"({"method":"page.snapshot","params":{"role":"row"}})",
      R"({"method":"page.click","params":{"role":"gridcell","name":"Tuesday, February 20, 2024"}})",
  }));
  const std::string outline = Result(result, 1);
  BOOST_TEST(outline == WithRefs(R"(- row "20"
  - gridcell "Tuesday, February 20, 2024" [ref={1}])",
                                 FirstRef(outline), 1));
  BOOST_TEST(json::serialize(PageSuite::Record(result, 2).at("result").at("title")) ==
             R"("Tuesday, February 20, 2024")");
}

// An open submenu a menu item holds (Kendo's menu nests each inside its item) is listed below
// the item, and is no part of its name: "File", which that name finds exactly.
BOOST_AUTO_TEST_CASE(an_open_submenu_inside_its_item_is_listed_below_it) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<ul role=menubar><li role=menuitem aria-expanded=true><span>File</span><ul role=menu><li role=menuitem>New</li><li role=menuitem aria-expanded=true>Open<ul role=menu><li role=menuitem onclick='document.title = this.textContent'>Recent</li></ul></li></ul></li><li role=menuitem>Help</li></ul>"},"silent":true})J",
      R"({"method":"page.snapshot"})",
      R"({"method":"page.click","params":{"role":"menuitem","name":"Recent"}})",
      R"({"method":"page.click","pick":"matched","params":{"role":"menuitem","name":"File"}})",
  }));
  const std::string outline = Result(result, 1);
  BOOST_TEST(outline == WithRefs(R"(- menubar
  - menuitem "File" [ref={1}] expanded
    - menu
      - menuitem "New" [ref={2}]
      - menuitem "Open" [ref={3}] expanded
        - menu
          - menuitem "Recent" [ref={4}]
  - menuitem "Help" [ref={5}])",
                                 FirstRef(outline), 5));
  BOOST_TEST(json::serialize(PageSuite::Record(result, 2).at("result").at("title")) ==
             R"("Recent")");
  // Found by its exact name: there is no "matched" (a longer name it only contains) to pick.
  BOOST_TEST(json::serialize(PageSuite::Record(result, 3).at("error").at("error")) ==
             R"("invalid pick")");
}

// A carousel's other slides lie wholly beside the track that clips its overflow across: out
// of sight, as a click finds them, and left out of the snapshot and of page.text.
BOOST_AUTO_TEST_CASE(a_carousels_slides_beside_its_track_are_left_out) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<div id=carousel style='width: 300px; overflow: hidden'><div style='display: flex; transform: translateX(-300px)'><p style='flex: 0 0 300px'>Slide One</p><p style='flex: 0 0 300px'>Slide Two <button>Read</button></p><p style='flex: 0 0 300px'>Slide Three</p></div></div><p>After</p>"},"silent":true})J",
      R"({"method":"page.snapshot"})",
      R"({"method":"page.text"})",
  }));
  const std::string outline = Result(result, 1);
  BOOST_TEST(outline == WithRefs(R"(- text "Slide Two"
- button "Read" [ref={1}]
- text "After")",
                                 FirstRef(outline), 1));
  BOOST_TEST(Result(result, 2) == "Slide Two Read\nAfter");
}

// A native input kept in a box of a pixel that only screen readers read, inside the thumb or
// the label that draws it (react-aria-components' slider and row checkbox), is the control a
// user sees there: listed with its state, and a fill or click through it reaches the widget.
// Both were left out (the box of a pixel taken for a carousel's track, the input beside it).
BOOST_AUTO_TEST_CASE(inputs_kept_for_screen_readers_inside_what_draws_them_are_listed) {
  const json::object result = Run(Frames({
      Goto("hidden_inputs.html"),
      R"({"method":"page.snapshot"})",
      R"({"method":"page.fill","params":{"role":"slider","name":"Volume","value":"70"}})",
      R"({"method":"page.click","silent":true,"params":{"role":"checkbox","name":"Select"}})",
      Eval("[volume.value, document.querySelector('.thumb').style.left, pick.checked, "
           "document.getElementById('box').textContent]"),
  }));
  const std::string outline = Result(result, 1);
  BOOST_TEST(outline == WithRefs(R"(- group "Volume"
  - status "30"
  - slider "Volume" [ref={1}] value="30" min=0 max=100
- table
  - row "☐ | Bananas"
    - checkbox "Select" [ref={2}])",
                                 FirstRef(outline), 2));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.fill","result":{"value":"70"}})");
  BOOST_TEST(Record(result, 4) ==
             R"({"index":4,"method":"page.eval","result":["70","70%",true,"☑"]})");
}

// A field's segments drawn as editable text (MUI's time field) show what they say: the
// meridiem "AM" (aria-valuenow 0, no aria-valuetext), the hours "09"; a segment's
// aria-valuetext still comes first.
BOOST_AUTO_TEST_CASE(a_segment_that_shows_its_words_has_them_as_its_value) {
  const json::object result = Run(Frames({
      R"({"method":"page.goto","params":{"url":"data:text/html,<div role=group aria-label=Time><span role=spinbutton contenteditable aria-label=Hours aria-valuenow=9>09</span>:<span role=spinbutton contenteditable aria-label=Meridiem aria-valuenow=0 aria-valuemin=0 aria-valuemax=1>AM</span><span role=spinbutton contenteditable aria-label=Month aria-valuenow=3 aria-valuetext=March>03</span></div>"},"silent":true})",
      R"({"method":"page.snapshot"})",
  }));
  const std::string outline = Result(result, 1);
  BOOST_TEST(outline == WithRefs(R"(- group "Time"
  - spinbutton "Hours" [ref={1}] value="09"
  - text ":"
  - spinbutton "Meridiem" [ref={2}] value="AM"
  - spinbutton "Month" [ref={3}] value="March")",
                                 FirstRef(outline), 3));
}

// A dialog's scroll lock fixes the page's root in place, moved up by as far as the page was
// scrolled (Vuetify's): the page still shows, and its targets are found (they were all
// "no visible element", the root taken for a box parked off screen).
BOOST_AUTO_TEST_CASE(a_root_fixed_in_place_by_a_scroll_lock_still_shows_the_page) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<style>html, body { height: 100%; margin: 0 }</style><div style='height: 3000px'>Tall</div><div id=dialog style='position: fixed; top: 100px; left: 100px'><button onclick='document.title = `saved`'>Save</button></div>"},"silent":true})J",
      Eval("scrollTo(0, 1500); document.documentElement.style.cssText = 'position: fixed; top: "
           "-1500px; width: 100%'; 1"),
      R"({"method":"page.click","params":{"role":"button","name":"Save"}})",
  }));
  BOOST_TEST(json::serialize(PageSuite::Record(result, 2).at("result").at("title")) ==
             R"("saved")");
}

BOOST_AUTO_TEST_CASE(max_lines_cuts_the_outline_and_says_how_many_lines_were_left_out) {
  const json::object result =
      Run(Frames({Goto("article.html"), R"({"method":"page.snapshot","params":{"max_lines":4}})",
                  R"({"method":"page.snapshot"})"}));
  BOOST_TEST(Result(result, 1) == R"(- article
  - heading "A long article" level=1
  - heading "Section 1" level=2
  - text "Paragraph 1.1: the quick brown fox jumps over lazy dogs while a patient reader follows every line o…"
[46 more lines left out; to see a part, give page.snapshot a "root" such as {"ref": "e5"} or {"css": "main"}])");
  const std::string whole = Result(result, 2);
  BOOST_TEST(std::count(whole.begin(), whole.end(), '\n') == 49);
  BOOST_TEST(whole.ends_with(
      "\n  - text \"Paragraph 8.5: at all the quick brown fox jumps over lazy dogs while a "
      "patient reader follows every…\""));
  BOOST_TEST(whole.find("more lines left out") == std::string::npos);
}

// The outline of cards.html's second card.
constexpr char kCard2[] = R"(- article
  - heading "Product 2" level=3
  - text "6 EUR"
  - button "Add to cart" [ref={1}])";

BOOST_AUTO_TEST_CASE(root_limits_the_outline_to_one_element) {
  const json::object result = Run(Frames(
      {Goto("cards.html"), R"({"method":"page.snapshot","params":{"root":{"css":"#card-2"}}})",
       R"({"method":"page.snapshot","params":{"root":{"role":"heading","name":"Product 12"}}})",
       R"({"method":"page.snapshot","params":{"root":{"css":"#card-2 button"},"max_lines":1}})",
       Eval("const p = document.querySelector('#card-2 p'); p.textContent = '';"
            " p.style.height = '10px'"),
       R"({"method":"page.snapshot","params":{"root":{"css":"#card-2 p"}}})", Goto("plain.html"),
       Eval("document.body.replaceChildren()"), R"({"method":"page.snapshot"})",
       R"({"method":"page.text"})"}));
  const std::string card = Result(result, 1);
  BOOST_TEST(card == WithRefs(kCard2, FirstRef(card), 1));
  BOOST_TEST(Result(result, 2) == R"(- heading "Product 12" level=3)");
  BOOST_TEST(Result(result, 3) ==
             WithRefs(R"(- button "Add to cart" [ref={1}])", FirstRef(card), 1));
  BOOST_TEST(Result(result, 5) == "[nothing visible in the root]");
  BOOST_TEST(Result(result, 8) == "[nothing visible on the page]");
  BOOST_TEST(Result(result, 9) == "[no visible text]");
}

// upgrading.html's app shows 200 ms after the load event, when its code has upgraded it: the
// snapshot taken as page.goto returns looks again until it shows. Hidden again, the page holds
// elements that never show and is called empty once the looking again is over.
BOOST_AUTO_TEST_CASE(a_page_whose_elements_show_a_moment_after_its_load_is_looked_at_again) {
  const json::object result =
      Run(Frames({Goto("upgrading.html"), R"({"method":"page.snapshot"})",
                  Eval("document.querySelector('app-shell').classList.remove('ready')"),
                  R"({"method":"page.snapshot"})"}));
  const std::string shown = Result(result, 1);
  BOOST_TEST(shown == WithRefs("- heading \"Inbox\" level=1\n- button \"Compose\" [ref={1}]",
                               FirstRef(shown), 1));
  BOOST_TEST(Result(result, 3) == "[nothing visible on the page]");
}

// A root, as a helper's "target", may be a bare ref; any other string is refused, saying what
// a root is.
BOOST_AUTO_TEST_CASE(a_root_may_be_a_bare_ref) {
  const json::object result = Run(Frames(
      {Goto("cards.html"),
       R"J({"method":"page.eval","label":"card","params":{"expression":"document.getElementById('card-2')"}})J",
       R"({"method":"page.snapshot","params":{"root":"<<card.ref>>"}})",
       R"({"method":"page.snapshot","params":{"root":"main"}})"},
      R"(,"on_error":"continue")"));
  const std::string card = Result(result, 2);
  BOOST_TEST(card == WithRefs(kCard2, FirstRef(card), 1));
  BOOST_TEST(Error(result, 3) ==
             R"({"error":"invalid argument","message":"page.snapshot: \"root\" as a string is a )"
             R"(ref from page.snapshot such as \"e5\", got \"main\"; for text or a role give )"
             R"(an object: {\"text\": \"main\"} or {\"role\": \"button\", \"name\": )"
             R"(\"main\"}"})");
}

BOOST_AUTO_TEST_CASE(root_may_be_given_flat_as_page_text_takes_its_target) {
  const json::object result =
      Run(Frames({Goto("cards.html"), R"({"method":"page.snapshot","params":{"css":"#card-2"}})",
                  R"({"method":"page.snapshot","params":{"root":{"css":"#card-2"}}})",
                  R"({"method":"page.snapshot","params":{"css":"#card-2","root":{"css":"p"}}})"},
                 R"(,"on_error":"continue")"));
  const std::string card = Result(result, 1);
  BOOST_TEST(card == WithRefs(kCard2, FirstRef(card), 1));
  BOOST_TEST(Result(result, 2) == card);
  BOOST_TEST(Error(result, 3) ==
             R"({"error":"invalid argument","message":"page.snapshot takes its root either as )"
             R"(\"root\": {\"css\": \"main\"} or as \"css\": \"main\", not both"})");
}

// What a model needs to see on forms and widgets: the current step, invalid fields, a
// column's sort order, a modal dialog, and the options of an ARIA listbox with the active one.
BOOST_AUTO_TEST_CASE(states_show_current_invalid_sort_modal_and_listbox_options) {
  const json::object wizard = Run(
      Frames({Goto("wizard.html"),
              R"({"method":"page.fill","params":{"role":"textbox","name":"Email","value":"ada@"}})",
              R"({"method":"page.snapshot","params":{"css":"#wizard"}})",
              R"({"method":"page.snapshot","params":{"role":"list","name":"Progress"}})"}));
  const std::string form = Result(wizard, 2);
  BOOST_TEST(form == WithRefs(R"(- group "Step 1 of 3: Account"
  - textbox "Email" [ref={1}] invalid value="ada@"
  - alert "Enter a valid email address."
  - textbox "Password" [ref={2}]
  - text "At least 8 characters, one digit."
  - checkbox "I accept the terms" [ref={3}]
  - button "Next" [ref={4}] disabled)",
                              FirstRef(form), 4));
  BOOST_TEST(Result(wizard, 3) == R"(- list "Progress"
  - listitem "Account" current
  - listitem "Address"
  - listitem "Confirm")");

  const json::object table =
      Run(Frames({Goto("products.html"),
                  R"({"method":"page.click","params":{"role":"button","name":"Price"}})",
                  R"({"method":"page.click","params":{"role":"button","name":"Price"}})",
                  R"({"method":"page.snapshot","params":{"css":"table"}})"}));
  // A row is one line, its cells' text between " | "; a cell shows only for a state, and
  // what cells hold beyond text (the buttons) is listed under the row.
  const std::string rows = Result(table, 3);
  BOOST_TEST(rows == WithRefs(R"(- table
  - row "Name | Price | Stock | Action"
    - button "Name" [ref={1}]
    - columnheader "Price" sort=descending
      - button "Price" [ref={2}] [active]
    - button "Stock" [ref={3}]
  - row "Drill | $149.00 | 2 | Add to cart"
    - button "Add to cart" [ref={4}]
  - row "Ladder | $120.00 | 1 | Add to cart"
    - button "Add to cart" [ref={5}]
  - row "Jigsaw | $99.00 | 4 | Add to cart"
    - button "Add to cart" [ref={6}]
  - row "Anvil | $89.50 | 3 | Add to cart"
    - button "Add to cart" [ref={7}]
  - row "Easel | $45.00 | Out of stock | Add to cart"
    - button "Add to cart" [ref={8}] disabled)",
                              FirstRef(rows), 8));

  const json::object combo = Run(Frames(
      {Goto("combobox.html"),
       R"({"method":"page.fill","params":{"role":"combobox","name":"Country","value":"ch"}})",
       R"({"method":"page.press","params":{"key":"ArrowDown"}})",
       R"({"method":"page.press","params":{"key":"ArrowDown"}})",
       R"({"method":"page.snapshot","params":{"css":"#country-list"}})"}));
  const std::string options = Result(combo, 4);
  BOOST_TEST(options == WithRefs(R"(- listbox "Country" [ref={1}]
  - option "Chile" [ref={2}]
  - option "China" [ref={3}] [active] selected)",
                                 FirstRef(options), 3));

  // A field the user left with a value it refuses (an email without "@") shows as invalid,
  // as Firefox shows it; a submit the browser refused (its message is a tooltip outside the
  // page) marks the other fields it found invalid. In a tab of its own, which has the focus
  // whatever the tests before did with theirs.
  const json::object refused = Run(Frames(
      {R"({"method":"page.tabs","silent":true,"params":{"action":"new","url":"data:text/html,)"
       R"(<form><label>Name <input required></label><label>Mail <input type=email></label>)"
       R"(<button>Send</button></form>"}})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Mail","value":"x"}})",
       R"({"method":"page.snapshot"})", R"({"method":"page.click","params":{"text":"Send"}})",
       R"({"method":"page.snapshot"})",
       R"({"method":"page.tabs","silent":true,"params":{"action":"close"}})"}));
  const std::string before = Result(refused, 2);
  BOOST_TEST(before == WithRefs(R"(- textbox "Name" [ref={1}] required
- textbox "Mail" [ref={2}] invalid value="x"
- button "Send" [ref={3}])",
                                FirstRef(before), 3));
  BOOST_TEST(Result(refused, 4) == WithRefs(R"(- textbox "Name" [ref={1}] [active] required invalid
- textbox "Mail" [ref={2}] invalid value="x"
- button "Send" [ref={3}])",
                                            FirstRef(before), 3));

  // A region still loading says so.
  const json::object loading =
      Run(Frames({Goto("dashboard.html?delay=60000"), R"({"method":"page.snapshot"})"}));
  BOOST_TEST(Result(loading, 1) == R"(- heading "Dashboard" level=1
- progressbar "Loading orders" busy)");

  // A <dialog> shown modally makes the rest of the page inert: the outline is the dialog's.
  const json::object modal =
      Run(Frames({Goto("shortcuts.html"), R"({"method":"page.click","params":{"text":"Compose"}})",
                  R"({"method":"page.snapshot"})"}));
  const std::string dialog = Result(modal, 2);
  BOOST_TEST(dialog == WithRefs(R"(- dialog "New message" modal
  - heading "New message" level=2
  - textbox "To" [ref={1}] [active]
  - textbox "Subject" [ref={2}]
  - button "Send" [ref={3}])",
                                FirstRef(dialog), 3));
  // A dialog that only says it is modal (aria-modal) leaves the page as it is: cut short by
  // max_lines, the outline says the dialog is among the lines left out, and how to outline it.
  const json::object aria_modal = Run(
      Frames({R"({"method":"page.goto","params":{"url":"data:text/html,<h1>Mail</h1><ul><li>a</li>)"
              R"(<li>b</li></ul><div role=dialog aria-modal=true aria-label=Compose><button>Send)"
              R"(</button></div>"}})",
              R"({"method":"page.snapshot","params":{"max_lines":2}})"}));
  BOOST_TEST(Result(aria_modal, 1) ==
             R"(- heading "Mail" level=1
- list
[4 more lines left out; to see a part, give page.snapshot a "root" such as {"ref": "e5"} or )"
             R"({"css": "main"}; among them an open dialog "Compose" modal: page.snapshot )"
             R"({"root": {"role": "dialog", "name": "Compose"}} shows it])");
}

BOOST_AUTO_TEST_CASE(open_shadow_roots_appear_as_rendered_and_their_refs_work) {
  const json::object first_pass =
      Run(Frames({Goto("shadow.html"), R"({"method":"page.snapshot"})"}));
  const std::string outline = Result(first_pass, 1);
  const std::uint64_t first = FirstRef(outline);
  BOOST_TEST(outline == WithRefs(R"(- heading "Widgets" level=1
- region "Profile"
  - heading "Profile of Ada Lovelace" level=2
  - textbox "Nickname" [ref={1}] value="ada"
  - button "Follow" [ref={2}])",
                                 first, 2));
  const json::object result = Run(Frames(
      {Frame("page.click", {{"ref", Ref(first, 2)}}), Frame("page.text", {{"ref", Ref(first, 2)}}),
       R"({"method":"page.text","params":{"css":"#follow"}})",
       R"({"method":"page.text","params":{"role":"region","name":"Profile"}})",
       R"({"method":"page.text","params":{"text":"Ada Lovelace"}})"}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.text","result":"Following"})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.text","result":"Following"})");
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.text","result":"Profile of Ada Lovelace\nFollowing"})");
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.text","result":"Ada Lovelace"})");
}

BOOST_AUTO_TEST_CASE(same_and_cross_origin_iframes_appear_under_their_iframe_with_usable_refs) {
  const json::object snap = Run(Frames({Goto("frames.html"), R"({"method":"page.snapshot"})"}));
  const std::string outline = Result(snap, 1);
  const std::uint64_t first = FirstRef(outline);
  BOOST_TEST(outline == WithRefs(R"(- heading "Outer" level=1
- button "Outer button" [ref={1}]
- iframe "Same origin"
  - heading "Inner same" level=2
  - button "Inner button" [ref={2}]
- iframe "Other origin"
  - heading "Inner other" level=2
  - button "Inner button" [ref={3}]
- text "After the frames")",
                                 first, 3));
  const json::object result = Run(Frames(
      {Frame("page.click", {{"ref", Ref(first, 3)}}), Frame("page.text", {{"ref", Ref(first, 3)}}),
       Frame("page.text", {{"ref", Ref(first, 2)}}),
       R"({"method":"page.text","params":{"text":"Inner other"}})",
       R"({"method":"page.text","params":{"css":"#inner"}})",
       R"({"method":"page.text","params":{"role":"button","name":"Clicked in other"}})",
       R"({"method":"page.snapshot","params":{"root":{"text":"Clicked in other"}}})",
       R"({"method":"page.text"})",
       R"({"method":"page.text","params":{"css":"iframe[title='Other origin']"}})",
       R"({"method":"page.text","params":{"role":"IFRAME","name":"Same origin"}})",
       R"({"method":"page.text","params":{"role":" Button ","name":"outer"}})"}));
  BOOST_TEST(Record(result, 0) ==
             absl::StrCat(R"({"index":0,"method":"page.click","result":{"url":")",
                          Url("frames.html"), R"(","title":"Frames","navigated":false}})"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.text","result":"Clicked in other"})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.text","result":"Inner button"})");
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.text","result":"Inner other"})");
  // The first match in document order: the same-origin iframe's button.
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.text","result":"Inner button"})");
  BOOST_TEST(Record(result, 5) ==
             R"({"index":5,"method":"page.text","result":"Clicked in other"})");
  BOOST_TEST(Result(result, 6) ==
             WithRefs(R"(- button "Clicked in other" [ref={3}] [active])", first, 3));
  // The page's own text: iframes' documents are not part of it.
  BOOST_TEST(
      Record(result, 7) ==
      R"({"index":7,"method":"page.text","result":"Outer\nOuter button\nAfter the frames"})");
  // An iframe as the target: its document's text.
  BOOST_TEST(Record(result, 8) ==
             R"({"index":8,"method":"page.text","result":"Inner other\nClicked in other"})");
  BOOST_TEST(Record(result, 9) ==
             R"({"index":9,"method":"page.text","result":"Inner same\nInner button"})");
  BOOST_TEST(Record(result, 10) == R"({"index":10,"method":"page.text","result":"Outer button"})");
}

BOOST_AUTO_TEST_CASE(viewport_only_judges_iframe_content_against_the_top_level_viewport) {
  const json::object result =
      Run(Frames({Goto("fold.html"), R"({"method":"page.snapshot"})",
                  R"({"method":"page.snapshot","params":{"viewport_only":true}})",
                  R"({"method":"page.eval","label":"panel","silent":true,"params":)"
                  R"({"expression":"document.querySelector('iframe').contentDocument)"
                  R"J(.querySelector('#panel')"}})J",
                  R"({"method":"page.snapshot","params":{"root":{"ref":"<<panel.ref>>"}}})",
                  R"({"method":"page.snapshot",)"
                  R"("params":{"root":{"ref":"<<panel.ref>>"},"viewport_only":true}})"}));
  const std::string outline = Result(result, 1);
  const std::uint64_t first = FirstRef(outline);
  BOOST_TEST(outline == WithRefs(R"(- heading "Top" level=1
- iframe "Half shown"
  - button "Seen" [ref={1}]
  - button "Below the fold" [ref={2}]
  - button "Below the frame" [ref={3}]
- iframe "Below"
  - button "Seen" [ref={4}]
  - button "Below the fold" [ref={5}]
  - button "Below the frame" [ref={6}])",
                                 first, 6));
  // On screen: what lies in the part of the first iframe the top-level viewport shows; the
  // iframe below the fold contributes nothing.
  BOOST_TEST(Result(result, 2) == WithRefs(R"(- heading "Top" level=1
- iframe "Half shown"
  - button "Seen" [ref={1}])",
                                           first, 1));
  // A root inside the first iframe is judged the same way.
  BOOST_TEST(Result(result, 4) == WithRefs(R"(- button "Seen" [ref={1}]
- button "Below the fold" [ref={2}]
- button "Below the frame" [ref={3}])",
                                           first, 3));
  BOOST_TEST(Result(result, 5) == WithRefs(R"(- button "Seen" [ref={1}])", first, 1));
}

BOOST_AUTO_TEST_CASE(a_node_eval_returns_from_a_same_origin_iframe_is_named_where_it_lives) {
  const char kInner[] = "document.querySelector('iframe').contentDocument";
  const json::object result = Run(
      Frames({Goto("frames.html"),
              absl::StrCat(R"J({"method":"page.eval","label":"inner","params":{"expression":")J",
                           kInner, R"J(.querySelector('button')"}})J"),
              R"({"method":"page.click","params":{"ref":"<<inner.ref>>"}})",
              R"({"method":"page.text","params":{"ref":"<<inner.ref>>"}})",
              absl::StrCat(R"J({"method":"page.eval","label":"both","params":{"expression":"[)J",
                           kInner, R"J(.querySelector('h2'), document.querySelector('h1')]"}})J"),
              R"({"method":"page.text","params":{"ref":"<<both.0.ref>>"}})",
              R"({"method":"page.text","params":{"ref":"<<both.1.ref>>"}})"}));
  const json::object& named = PageSuite::Record(result, 1);
  BOOST_TEST_REQUIRE(named.contains("result"), json::serialize(named));
  const std::uint64_t ref = RefNumber(named.at("result").at("ref"));
  BOOST_TEST(json::serialize(named.at("result")) ==
             WithRefs(R"({"ref":"{1}","tag":"button","text":"Inner button"})", ref, 1));
  // The ref works where the node lives: the click lands in the iframe, the text is read there.
  BOOST_TEST(Record(result, 2) ==
             absl::StrCat(R"({"index":2,"method":"page.click","result":{"url":")",
                          Url("frames.html"), R"(","title":"Frames","navigated":false}})"));
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.text","result":"Clicked in same"})");
  // Nodes of both documents in one result: each named in its own document (the tab's first,
  // then each iframe's).
  const json::object& both = PageSuite::Record(result, 4);
  BOOST_TEST_REQUIRE(both.contains("result"), json::serialize(both));
  const std::uint64_t first = RefNumber(both.at("result").at(1).at("ref"));
  BOOST_TEST(json::serialize(both.at("result")) ==
             WithRefs(R"([{"ref":"{2}","tag":"h2","text":"Inner same"},)"
                      R"({"ref":"{1}","tag":"h1","text":"Outer"}])",
                      first, 2));
  BOOST_TEST(Record(result, 5) == R"({"index":5,"method":"page.text","result":"Inner same"})");
  BOOST_TEST(Record(result, 6) == R"({"index":6,"method":"page.text","result":"Outer"})");
}

BOOST_AUTO_TEST_CASE(iframes_inside_iframes_nest_in_the_outline_and_in_target_search) {
  const json::object snap = Run(Frames({Goto("nested.html"), R"({"method":"page.snapshot"})"}));
  const std::string outline = Result(snap, 1);
  const std::uint64_t first = FirstRef(outline);
  BOOST_TEST(outline == WithRefs(R"(- heading "Nest" level=1
- iframe "Frames"
  - heading "Outer" level=1
  - button "Outer button" [ref={1}]
  - iframe "Same origin"
    - heading "Inner same" level=2
    - button "Inner button" [ref={2}]
  - iframe "Other origin"
    - heading "Inner other" level=2
    - button "Inner button" [ref={3}]
  - text "After the frames")",
                                 first, 3));
  const json::object result = Run(Frames(
      {Frame("page.snapshot", {{"root", {{"ref", Ref(first, 2)}}}}),
       R"({"method":"page.click","pick":"matches","params":{"text":"Inner button"}})",
       Frame("page.text", {{"ref", Ref(first, 2)}}), Frame("page.text", {{"ref", Ref(first, 3)}}),
       Frame("page.click", {{"ref", Ref(first, 3)}}), Frame("page.text", {{"ref", Ref(first, 3)}}),
       R"({"method":"page.text","params":{"role":"heading","name":"Inner other"}})"}));
  BOOST_TEST(Result(result, 0) == WithRefs(R"(- button "Inner button" [ref={2}])", first, 2));
  // A click acts on the first of the two in document order: the one in the first iframe.
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.click","result":2})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.text","result":"Clicked in same"})");
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.text","result":"Inner button"})");
  BOOST_TEST(Record(result, 5) ==
             R"({"index":5,"method":"page.text","result":"Clicked in other"})");
  BOOST_TEST(Record(result, 6) == R"({"index":6,"method":"page.text","result":"Inner other"})");
}

BOOST_AUTO_TEST_CASE(text_is_visible_text_cut_at_max_chars_with_the_offset_to_read_on) {
  const json::object result =
      Run(Frames({Goto("states.html"), R"({"method":"page.text"})", Goto("article.html"),
                  R"({"method":"page.text","params":{"max_chars":40}})",
                  R"({"method":"page.text","params":{"max_chars":40,"offset":40}})",
                  R"({"method":"page.text","params":{"css":"h2","max_chars":5}})",
                  R"({"method":"page.text","params":{"css":"h2","offset":100}})"}));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.text","result":"Home\nAbout us\nVisible text run\n)"
             R"(Aria hidden\nFocusable box\nMenu Option A\nFar below"})");
  BOOST_TEST(Result(result, 3) ==
             "A long article\nSection 1\nParagraph 1.1: \n"
             "[9459 more characters; read on with \"offset\": 40]");
  BOOST_TEST(Result(result, 4) ==
             "the quick brown fox jumps over lazy dogs\n"
             "[9419 more characters; read on with \"offset\": 80]");
  BOOST_TEST(Result(result, 5) == "Secti\n[4 more characters; read on with \"offset\": 5]");
  BOOST_TEST(Result(result, 6) == "[no more text: it is 9 characters long]");
}

// Lines a code editor places itself, each at its own top and out of document order
// (Monaco's), read in the order they show, with their indentation of no-break spaces; a
// <pre>'s spaces and tabs are kept too (each line's trailing ones dropped); the snapshot's
// name of the code reads them in that order too. They read in document order, the
// indentation gone: another program than the one on screen.
BOOST_AUTO_TEST_CASE(text_reads_placed_lines_in_the_order_they_show_with_their_indentation) {
  const json::object result = Run(Frames(
      {Goto("placed_lines.html"), R"({"method":"page.text"})", R"({"method":"page.snapshot"})"}));
  BOOST_TEST(Result(result, 1) ==
             "function hello() {\n  return 42;\n  if (x) {\n    foo();\n}\n  kept   as\n"
             "\ttyped\n A  b c");
  BOOST_TEST(Result(result, 2) ==
             "- code \"function hello() { return 42; if (x) { foo(); }\"\n"
             "- text \"kept as typed A b c\"");
}

BOOST_AUTO_TEST_CASE(a_long_text_is_spooled_as_a_txt_file_holding_the_text) {
  const json::object result =
      Run(Frames({Goto("article.html"), R"({"method":"page.text","params":{"max_chars":100000}})",
                  R"({"method":"page.text","params":{"max_chars":6000}})",
                  R"({"method":"page.text","params":{"offset":6000}})"}));
  const json::object& record = PageSuite::Record(result, 1);
  BOOST_TEST_REQUIRE(record.contains("spooled"), json::serialize(record));
  const std::string path(record.at("spooled").as_string());
  BOOST_TEST(path.ends_with(".txt"), path);
  BOOST_TEST(std::string(record.at("mime").as_string()) == "text/plain");
  const std::string text = ReadAll(path);
  BOOST_TEST(record.at("bytes").as_int64() == static_cast<std::int64_t>(text.size()));
  // Each heading and paragraph of the fixture on a line of its own, exactly.
  std::string expected;
  const std::string html =
      ReadAll(std::string(FIREFOX_BIDI_SOURCE_DIR) + "/fixtures/pages/article.html");
  for (std::size_t at = html.find("<h1>"); at != std::string::npos;
       at = html.find('<', html.find("</", at) + 2)) {
    if (html.compare(at, 2, "<h") != 0 && html.compare(at, 2, "<p") != 0) break;
    const std::size_t open_end = html.find('>', at) + 1;
    if (!expected.empty()) expected += "\n";
    expected += html.substr(open_end, html.find("</", open_end) - open_end);
  }
  BOOST_TEST(expected.size() > 9000u);
  BOOST_TEST(text == expected);
  // The default piece and the rest read on from its offset make up the whole.
  const std::string head = Result(result, 2);
  const std::string marker =
      absl::StrCat("\n[", text.size() - 6000, " more characters; read on with \"offset\": 6000]");
  BOOST_TEST_REQUIRE(head.ends_with(marker), head.substr(head.size() - 80));
  BOOST_TEST(head.substr(0, head.size() - marker.size()) + Result(result, 3) == text);
  // Not cut: no marker.
  BOOST_TEST(text.find("more characters") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(text_targets_prefer_the_exact_text_and_role_names_the_exact_name) {
  const json::object result = Run(Frames(
      {Goto("targets.html"), R"({"method":"page.snapshot","params":{"root":{"text":"Hello"}}})",
       R"({"method":"page.snapshot","params":{"root":{"text":"hello to"}}})",
       R"({"method":"page.snapshot","params":{"root":{"role":"button","name":"Close"}}})",
       R"({"method":"page.snapshot","params":{"root":{"role":"button","name":"close d"}}})",
       R"({"method":"page.text","params":{"role":"listitem"}})",
       R"({"method":"page.text","params":{"css":"#fruit li:last-child"}})",
       R"({"method":"page.text","params":{"role":"button","name":"Add to cart"}})"},
      R"(,"on_error":"continue")"));
  const std::string hello = Result(result, 1);
  const std::uint64_t first = FirstRef(hello);
  BOOST_TEST(hello == WithRefs(R"(- button "Hello" [ref={1}])", first, 1));
  BOOST_TEST(Result(result, 2) == R"(- text "Say hello to everyone")");
  BOOST_TEST(Result(result, 3) == WithRefs(R"(- button "Close" [ref={2}])", first, 2));
  BOOST_TEST(Result(result, 4) == WithRefs(R"(- button "Close dialog" [ref={3}])", first, 3));
  BOOST_TEST(Result(result, 5) == "Apple");
  BOOST_TEST(Result(result, 6) == "Cherry");
  BOOST_TEST(Error(result, 7) ==
             R"({"error":"no such element","message":"page.text: no visible element matches )"
             R"(role \"button\" named \"Add to cart\"; check the target, or take a page.snapshot )"
             R"(to see what the page shows)" +
                 kLater + R"("})");
}

BOOST_AUTO_TEST_CASE(several_matches_act_on_the_first_and_say_how_many) {
  const json::object result =
      Run(Frames({Goto("cards.html"),
                  R"({"method":"page.click","pick":"matches",)"
                  R"("params":{"role":"button","name":"Add to cart"}})",
                  R"({"method":"page.text","params":{"text":"Add to cart"}})",
                  R"({"method":"page.text","params":{"text":"EUR"}})", Eval("window.added")}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.click","result":12})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.text","result":"Add to cart"})");
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.text","result":"3 EUR"})");
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.eval","result":["Product 1"]})");
}

BOOST_AUTO_TEST_CASE(a_root_that_matches_several_elements_is_an_error_naming_the_count) {
  const json::object result = Run(Frames(
      {Goto("targets.html"), R"({"method":"page.snapshot","params":{"root":{"css":"button"}}})",
       R"({"method":"page.snapshot","params":{"role":"listitem"}})",
       R"({"method":"page.snapshot","params":{"root":{"css":"#fruit"}}})"},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Error(result, 1) ==
             R"({"error":"invalid argument","message":"page.snapshot: root {\"css\":\"button\"} )"
             R"(matches 2 elements; give a root that matches one (a ref from a page.snapshot, or )"
             R"J(a narrower target)"})J");
  BOOST_TEST(
      Error(result, 2) ==
      R"({"error":"invalid argument","message":"page.snapshot: root {\"role\":\"listitem\"} )"
      R"(matches 3 elements; give a root that matches one (a ref from a page.snapshot, or )"
      R"J(a narrower target)"})J");
  BOOST_TEST(Result(result, 3) == R"(- list
  - listitem "Apple"
  - listitem "Banana"
  - listitem "Cherry")");
}

// Every `ROLE "NAME"` line of `outline` whose role and name no other line shares: the line
// without its indent, and the {role, name} target that names it.
std::vector<std::pair<std::string, json::object>> NamedLines(const std::string& outline) {
  std::vector<std::pair<std::string, json::object>> named;
  std::map<std::string, int> times;  // "ROLE \"NAME\"" -> how many lines show it
  std::istringstream lines(outline);
  std::size_t select_indent = std::string::npos - 2;  // the indent of the combobox above
  for (std::string line; std::getline(lines, line);) {
    const std::size_t dash = line.find("- ");
    const std::size_t space = dash == std::string::npos ? dash : line.find(' ', dash + 2);
    if (space == std::string::npos || space + 1 >= line.size() || line[space + 1] != '"') continue;
    const std::string role = line.substr(dash + 2, space - dash - 2);
    if (role == "text") continue;  // text is no role
    // A native select's options are chosen with page.fill on its combobox, not as targets.
    if (role == "combobox") {
      select_indent = dash;
    } else if (role == "option" && dash == select_indent + 2) {
      continue;
    } else {
      select_indent = std::string::npos - 2;
    }
    std::size_t end = space + 2;  // then the closing quote of the JSON string
    while (end < line.size() && line[end] != '"') end += line[end] == '\\' ? 2 : 1;
    const std::string quoted_name = line.substr(space + 1, end - space);
    if (++times[role + " " + quoted_name] == 1) {
      named.emplace_back(line.substr(dash),
                         json::object{{"role", role}, {"name", json::parse(quoted_name)}});
    }
  }
  std::erase_if(named, [&](const auto& entry) {
    const json::object& target = entry.second;
    return times[std::string(target.at("role").as_string()) + " " +
                 json::serialize(target.at("name"))] > 1;
  });
  return named;
}

BOOST_AUTO_TEST_CASE(every_role_and_name_the_snapshot_shows_resolves_to_that_node) {
  for (const char* page : {"names.html", "form.html", "targets.html", "cards.html", "signup.html",
                           "products.html", "article.html", "shop.html", "tag_box.html"}) {
    BOOST_TEST_CONTEXT(page) {
      const std::string outline =
          Result(Run(Frames({Goto(page), R"({"method":"page.snapshot"})"})), 1);
      const auto named = NamedLines(outline);
      BOOST_TEST_REQUIRE(named.size() >= 3u, outline);
      std::vector<std::string> frames;
      for (const auto& [line, target] : named) {
        frames.push_back(Frame("page.snapshot", {{"root", target}, {"max_lines", 1}}));
      }
      const json::object result = Run(Frames(frames, R"(,"on_error":"continue")"));
      for (std::size_t k = 0; k < named.size(); ++k) {
        // The outline of that node starts with the very line (ref included).
        const json::object& record = PageSuite::Record(result, k);
        const std::string got = record.contains("result") && record.at("result").is_string()
                                    ? std::string(record.at("result").as_string())
                                    : json::serialize(record);
        BOOST_TEST(got.substr(0, got.find('\n')) == named[k].first);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(names_join_inline_elements_and_text_targets_see_aria_hidden_text) {
  const json::object result = Run(Frames(
      {Goto("names.html"), R"({"method":"page.snapshot"})",
       R"({"method":"page.text","params":{"text":"Rated 4 of 5"}})",
       R"({"method":"page.waitFor","params":{"text":"Rated 4 of 5"}})", R"({"method":"page.text"})",
       // A selector names what is drawn, aria-hidden or not.
       R"({"method":"page.text","params":{"css":".stars"}})",
       R"({"method":"page.waitFor","params":{"css":".stars"}})"}));
  const std::string outline = Result(result, 1);
  const std::uint64_t first = FirstRef(outline);
  BOOST_TEST(outline == WithRefs(R"J(- navigation "Shop"
  - link "Cart (0)" [ref={1}]
  - link "Your account" [ref={2}]
- heading "France" level=1
- button "France" [ref={3}]
- textbox "Email" [ref={4}]
- list
  - listitem "Tea green"
  - listitem "Coffee"
- table
  - row "Item | Price"
  - row "Tea | 3 EUR")J",
                                 first, 4));
  BOOST_TEST(Result(result, 2) == "Rated 4 of 5");
  BOOST_TEST(Record(result, 3) ==
             absl::StrCat(R"({"index":3,"method":"page.waitFor","result":{"url":")",
                          Url("names.html"), R"(","title":"Names"}})"));
  BOOST_TEST(Result(result, 4) ==
             "Cart (0)\nYour\naccount\nFrance\nFrance Email\nRated 4 of 5\n"
             "Tea green\nCoffee\nItem Price\nTea 3 EUR");
  BOOST_TEST(Result(result, 5) == "Rated 4 of 5");
  BOOST_TEST(Record(result, 6) ==
             absl::StrCat(R"({"index":6,"method":"page.waitFor","result":{"url":")",
                          Url("names.html"), R"(","title":"Names"}})"));
}

BOOST_AUTO_TEST_CASE(active_focus_slider_and_combobox_values_and_draggable_items_show) {
  const json::object result = Run(
      Frames({Goto("widgets.html"), Eval("document.querySelector('[role=combobox]').focus()"),
              R"({"method":"page.snapshot"})",
              Eval("document.getElementById('host').shadowRoot.getElementById('inner').focus()"),
              R"({"method":"page.snapshot","params":{"css":"#host"}})",
              R"({"method":"page.snapshot","params":{"role":"combobox","name":"Plan"}})"}));
  const std::string outline = Result(result, 2);
  const std::uint64_t first = FirstRef(outline);
  // The custom combobox shows the option selected in the listbox it controls (not its own
  // text), or its own text when it controls none (a <button> too, as Radix draws a select);
  // an ARIA slider's valuetext wins over its number. The zero-height live region stays; inert
  // content is left out.
  BOOST_TEST(outline == WithRefs(R"(- slider "Volume" [ref={1}] value="30" min=0 max=100
- slider "Size" [ref={2}] value="Medium" min=1 max=3
- slider "Zoom" [ref={3}] value="150" min=0 max=200
- slider "Hue" [ref={4}] value="120" min=0 max=360 vertical
- text "Plan"
- combobox "Plan" [ref={5}] [active] collapsed value="Pro"
- text "Shirt size"
- combobox "Shirt size" [ref={6}] collapsed value="M"
- combobox "City" [ref={7}] value="Lyon"
- combobox "Fruit" [ref={8}] collapsed value="Banana"
- alert "Saved"
- list "Order"
  - listitem "First" [ref={9}]
  - listitem "Second" [ref={10}]
- textbox "Inside" [ref={11}])",
                                 first, 11));
  // Focus inside an open shadow root marks the element there.
  BOOST_TEST(Result(result, 4) == WithRefs(R"(- textbox "Inside" [ref={11}] [active])", first, 11));
  BOOST_TEST(Result(result, 5) ==
             WithRefs(R"(- combobox "Plan" [ref={5}] collapsed value="Pro")", first, 5));
}

BOOST_AUTO_TEST_CASE(a_zero_height_live_region_is_a_target_and_inert_content_is_not_listed) {
  const json::object result =
      Run(Frames({Goto("widgets.html"),
                  R"({"method":"page.snapshot","params":{"role":"alert","name":"Saved"}})",
                  R"({"method":"page.waitFor","params":{"css":"[role=alert]"}})",
                  Eval("document.getElementById('saved').textContent = 'Saved again'"),
                  R"({"method":"page.snapshot","params":{"role":"alert"}})",
                  Eval("document.getElementById('saved').textContent = ''"),
                  R"({"method":"page.snapshot","params":{"role":"alert"}})"},
                 R"(,"on_error":"continue")"));
  BOOST_TEST(Result(result, 1) == R"(- alert "Saved")");
  BOOST_TEST(Record(result, 2) ==
             absl::StrCat(R"({"index":2,"method":"page.waitFor","result":{"url":")",
                          Url("widgets.html"), R"(","title":"Widgets"}})"));
  BOOST_TEST(Result(result, 4) == R"(- alert "Saved again")");
  // Empty, it has nothing to say: a zero-sized box like any other, hidden for now.
  BOOST_TEST(Error(result, 6) ==
             R"({"error":"no such element","message":"page.snapshot: no visible element matches )"
             R"(role \"alert\"; 1 match is hidden now (the first: div#saved, no size): what a )"
             R"(page shows on hover or once its menu opens appears after a page.hover or )"
             R"(page.click on what holds it; else page.waitFor it"})");
}

// `outline` with its refs numbered from e1, as a new browser would number them.
std::string RenumberedFromOne(const std::string& outline) {
  const std::uint64_t first = FirstRef(outline);
  std::string out;
  std::size_t at = 0;
  for (std::size_t ref; (ref = outline.find("[ref=e", at)) != std::string::npos;) {
    const std::size_t digits = ref + 6;
    const std::size_t end = outline.find(']', digits);
    out += outline.substr(at, digits - at);
    out += std::to_string(std::stoull(outline.substr(digits, end - digits)) - first + 1);
    at = end;
  }
  return out + outline.substr(at);
}

// A splitter between panes (a focusable separator with a value, as Ark's) shows its value and
// range as a slider does.
BOOST_AUTO_TEST_CASE(a_splitter_shows_its_value_and_range) {
  const std::string outline = RenumberedFromOne(Result(
      Run(Frames(
          {R"J({"method":"page.goto","params":{"url":"data:text/html,<div style='display: flex'><div style='width: 50%'>Left</div><div role=separator tabindex=0 aria-label='Resize panes' aria-valuenow=50 aria-valuemin=10 aria-valuemax=90 style='width: 4px; background: gray'></div><div>Right</div></div>"},"silent":true})J",
           R"({"method":"page.snapshot"})"})),
      1));
  BOOST_TEST(outline ==
             "- text \"Left\"\n"
             "- separator \"Resize panes\" [ref=e1] value=\"50\" min=10 max=90\n"
             "- text \"Right\"");
}

// Days a calendar turned off with no disabled attribute, by their pointer events (Pikaday's)
// or a cursor that says not allowed (Tempus Dominus's), show disabled.
BOOST_AUTO_TEST_CASE(controls_turned_off_by_pointer_events_or_cursor_show_disabled) {
  const std::string outline = RenumberedFromOne(Result(
      Run(Frames(
          {R"J({"method":"page.goto","params":{"url":"data:text/html,<style>.off button { pointer-events: none }</style><table><tr><td class=off><button>19</button></td><td><button>20</button></td><td><button style='cursor: not-allowed'>21</button></td></tr></table>"},"silent":true})J",
           R"({"method":"page.snapshot","params":{"root":{"css":"table"}}})"})),
      1));
  BOOST_TEST(outline ==
             "- table\n"
             "  - row \"19 | 20 | 21\"\n"
             "    - button \"19\" [ref=e1] disabled\n"
             "    - button \"20\" [ref=e2]\n"
             "    - button \"21\" [ref=e3] disabled");
}

// Text runs one after the other are one line, but a live region's message and a toast fixed
// over the page keep to themselves: they are not read as part of the page's text around them.
BOOST_AUTO_TEST_CASE(a_live_message_and_a_toast_are_lines_of_their_own) {
  const std::string outline = RenumberedFromOne(Result(
      Run(Frames({Goto("notices.html"), R"({"method":"page.click","params":{"text":"Delete"}})",
                  R"({"method":"page.snapshot"})"})),
      2));
  BOOST_TEST(outline ==
             "- heading \"Files\" level=1\n"
             "- text \"Deleted: yes\"\n"
             "- text \"main.py deleted\"\n"
             "- text \"Two files left.\"\n"
             "- button \"Delete\" [ref=e1] [active]\n"
             "- text \"Last synced today.\"\n"
             "- text \"Saved 34 characters\"");
}

// An element to act on is named by its text when nothing else it holds is a line: a hidden
// control inside it (a calendar event's resize handle, shown on hover) does not count.
BOOST_AUTO_TEST_CASE(a_hidden_control_inside_does_not_keep_an_element_from_its_text_name) {
  const std::string outline = RenumberedFromOne(
      Result(Run(Frames({Goto("events.html"), R"({"method":"page.snapshot"})"})), 1));
  BOOST_TEST(outline ==
             "- heading \"Week\" level=1\n"
             "- text \"Mon 8\"\n"
             "- generic \"Dentist\" [ref=e1]");
}

// A shop's grid of 40 product cards (a photo, a title link in a heading, a star rating, a
// price, a button each): the whole outline stays under 7 KB, with a ref for every card's link
// and button. The exact size is asserted, so that any growth shows.
BOOST_AUTO_TEST_CASE(a_40_card_shop_page_outline_stays_under_7_kb) {
  const std::string outline = RenumberedFromOne(
      Result(Run(Frames({Goto("shop.html"), R"({"method":"page.snapshot"})"})), 1));
  BOOST_TEST(outline.size() == 6546u);
  BOOST_TEST(outline.size() < 7000u);
  BOOST_TEST(outline.starts_with(R"J(- banner
  - navigation "Main"
    - link "Home" [ref=e1]
    - link "Cart (0)" [ref=e2]
- main
  - heading "Kitchen" level=1
  - list "Products"
    - article
      - heading "Blue mug" [ref=e3] level=3
      - img "3.5 out of 5 stars"
      - text "(14) $42.00"
      - button "Add to cart" [ref=e4]
    - article
)J"),
             outline);
  // A sale price and the price it replaces.
  BOOST_TEST(outline.find(R"J(    - article
      - heading "Espresso cup" [ref=e15] level=3
      - img "4.0 out of 5 stars"
      - text "(92) $82.00 $84.00"
      - button "Add to cart" [ref=e16]
)J") != std::string::npos,
             outline);
  BOOST_TEST(outline.ends_with(R"J(      - heading "Colander" [ref=e81] level=3
      - img "3.0 out of 5 stars"
      - text "(36) $45.00"
      - button "Add to cart" [ref=e82])J"),
             outline);
}

// What is rendered but not there for a user is left out of the snapshot, of targets and of
// page.text alike: a closed menu parked off screen, a listbox faded out, the native selects
// Select2, Tom Select and bootstrap-select replace, inert content, what only screen readers
// read (a visually hidden box, unless a live region). A select a user reaches stays
// (a transparent one over a styled box too), and a menu whose button is not rendered shows.
// Bold and italic runs in editable content get a line each. A target that matches only inert
// content says so.
BOOST_AUTO_TEST_CASE(closed_popups_replaced_selects_and_inert_content_are_left_out_everywhere) {
  const json::object result = Run(
      Frames({Goto("leftout.html"), R"({"method":"page.snapshot"})", R"({"method":"page.text"})",
              R"({"method":"page.click","params":{"text":"Sign out"}})",
              R"({"method":"page.text","params":{"role":"option","name":"Paris"}})",
              R"({"method":"page.fill","params":{"css":"#select2","value":"Blue"}})",
              R"({"method":"page.text","params":{"css":"#tom"}})",
              R"({"method":"page.text","params":{"css":"#bootstrap"}})",
              R"({"method":"page.click","params":{"role":"button","name":"Behind"}})",
              R"({"method":"page.text","params":{"text":"Inert words"}})",
              R"({"method":"page.text","params":{"css":"#nav"}})",
              R"({"method":"page.click","params":{"role":"button","name":"Asleep"}})",
              R"({"method":"page.click","params":{"role":"button","name":"Dismiss"}})",
              R"({"method":"page.click","params":{"role":"button","name":"Close"}})"},
             R"(,"on_error":"continue")"));
  const std::string outline = Result(result, 1);
  const std::uint64_t first = FirstRef(outline);
  BOOST_TEST(outline == WithRefs(R"(- heading "Left out" level=1
- button "Account" [ref={1}] collapsed
- combobox "Colour" [ref={2}] collapsed value="Red"
- combobox "Size" [ref={3}] value="Small"
- button "Price" [ref={4}]
  - text "Cheap"
- combobox "Country" [ref={5}] value="France"
  - option "France" selected
- combobox "Sort" [ref={6}] value="Newest"
  - option "Newest" selected
- list
  - listitem
    - link "About" [ref={7}]
- button "Close" [ref={8}]
- status "3 results"
- textbox "Note" [ref={9}] value="Hello bold and leaning words"
  - strong: bold
  - emphasis: leaning)",
                                 first, 9));
  BOOST_TEST(Result(result, 2) ==
             "Left out\nAccount Red\nSmall\nCheap\nCountry France Sort Newest\nAbout\n✕\n"
             "3 results\nHello bold and leaning words");
  const auto missing = [](const std::string& method, const std::string& target) {
    return absl::StrCat(R"({"error":"no such element","message":")", method,
                        ": no visible element matches ", target,
                        "; check the target, or take a page.snapshot to see what the page "
                        "shows",
                        kLater, R"("})");
  };
  BOOST_TEST(Error(result, 3) == missing("page.click", R"(text \"Sign out\")"));
  BOOST_TEST(Error(result, 4) == missing("page.text", R"(role \"option\" named \"Paris\")"));
  BOOST_TEST(Error(result, 5) == missing("page.fill", R"(css \"#select2\")"));
  BOOST_TEST(Error(result, 6) == missing("page.text", R"(css \"#tom\")"));
  BOOST_TEST(Error(result, 7) == missing("page.text", R"(css \"#bootstrap\")"));
  // What the page made inert is named as such.
  const auto inert = [](const std::string& method, const std::string& target) {
    return absl::StrCat(R"({"error":"no such element","message":")", method,
                        ": no visible element matches ", target,
                        "; 1 match lies in content the page has made inert or hidden (the "
                        "snapshot leaves it out), as pages do while a menu, a listbox or a "
                        "modal dialog is open: close that first (e.g. page.press Escape), or "
                        "act inside it\"}");
  };
  BOOST_TEST(Error(result, 8) == inert("page.click", R"(role \"button\" named \"Behind\")"));
  BOOST_TEST(Error(result, 9) == inert("page.text", R"(text \"Inert words\")"));
  // An element made inert itself (as Headless UI does to all but an open menu) is found so.
  BOOST_TEST(Error(result, 11) == inert("page.click", R"(role \"button\" named \"Asleep\")"));
  BOOST_TEST(Result(result, 10) == "About");
  // A button in a visually hidden box is not seen; an icon button named by such a box's word
  // is.
  BOOST_TEST(Error(result, 12) == missing("page.click", R"(role \"button\" named \"Dismiss\")"));
  BOOST_TEST(PageSuite::Record(result, 13).contains("result"));
}

// A handle a page shows only on hover: a target matching it alone says it is hidden and how a
// page shows such things; after a hover on what holds it, it acts.
BOOST_AUTO_TEST_CASE(a_target_that_matches_only_a_hidden_element_says_so) {
  const json::object result = Run(
      Frames({Goto("hover_handle.html"), R"({"method":"page.click","params":{"css":".resizer"}})",
              R"({"method":"page.hover","params":{"text":"Dentist"}})",
              R"({"method":"page.click","params":{"css":".resizer"}})",
              Eval("document.getElementById('out').textContent")},
             R"(,"on_error":"continue")"));
  BOOST_TEST(
      Error(result, 1) ==
      R"({"error":"no such element","message":"page.click: no visible element matches css )"
      R"(\".resizer\"; 1 match is hidden now (the first: div.resizer, not rendered: display )"
      R"(none, here or above): what a page shows on hover or once its menu opens appears )"
      R"(after a page.hover or page.click on what holds it; else page.waitFor it"})");
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.eval","result":"handle"})");
}

// A role target whose one match is drawn but inside content marked aria-hidden (a page's root
// a moment after its dialog closed, as Fluent leaves it) says so, naming what hides it.
BOOST_AUTO_TEST_CASE(a_role_target_hidden_by_aria_hidden_says_what_hides_it) {
  const json::object result = Run(Frames(
      {R"({"method":"page.goto","params":{"url":"data:text/html,<div id=root aria-hidden=true>)"
       R"(<button>Show toast</button></div>"}})",
       R"({"method":"page.click","params":{"role":"button","name":"Show toast"}})"},
      R"(,"on_error":"continue")"));
  BOOST_TEST(
      Error(result, 1) ==
      R"({"error":"no such element","message":"page.click: no visible element matches role )"
      R"(\"button\" named \"Show toast\"; 1 match is hidden now (the first: button \"Show )"
      R"(toast\", inside div#root \"Show toast\", which is aria-hidden): what a page shows on )"
      R"(hover or once its menu opens appears after a page.hover or page.click on what holds )"
      R"(it; else page.waitFor it"})");
}

// A closed combobox whose list takes several choices (Ariakit's multiple select) shows them
// all as its value, not the first alone, and without the mark an option keeps from readers
// (Ark's "✓" beside a chosen one).
BOOST_AUTO_TEST_CASE(a_closed_combobox_shows_every_option_its_list_has_chosen) {
  const json::object result = Run(Frames(
      {R"({"method":"page.goto","params":{"url":"data:text/html,<button role=combobox )"
       R"(aria-label=Toppings aria-expanded=false aria-controls=toppings>Olives, Onions</button>)"
       R"(<div id=toppings role=listbox aria-multiselectable=true hidden><div role=option )"
       R"(aria-selected=true>Olives<span aria-hidden=true>&%2310003;</span></div><div )"
       R"(role=option aria-selected=true>Onions</div><div )"
       R"(role=option aria-selected=false>Peppers</div></div>"}})",
       R"({"method":"page.snapshot"})"}));
  BOOST_TEST(RenumberedFromOne(Result(result, 1)) ==
             "- combobox \"Toppings\" [ref=e1] collapsed value=\"Olives, Onions\"");
}

// A <dialog> shown modally makes the rest of the page inert: the snapshot leaves that out and
// lists what the dialog shows, though the dialog has no size and hides its overflow (its
// content is fixed in place in the viewport, as Lion's date picker draws its calendar).
BOOST_AUTO_TEST_CASE(a_modal_dialog_with_content_fixed_in_place_is_what_the_snapshot_shows) {
  const json::object result = Run(Frames(
      {Goto("modal_fixed.html"), R"({"method":"page.click","params":{"text":"Choose date"}})",
       R"({"method":"page.snapshot"})",
       R"({"method":"page.click","params":{"role":"button","name":"13"}})",
       Eval("document.getElementById('date').textContent")}));
  BOOST_TEST(RenumberedFromOne(Result(result, 2)) ==
             "- heading \"June\" level=2\n"
             "- button \"12\" [ref=e1] [active]\n"
             "- button \"13\" [ref=e2]");
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.eval","result":"June 13"})");
}

// An unnamed control is named by its class, past a library's one-letter prefix (Naive UI's
// "n-"), but not by one that says nothing ("v-btn").
BOOST_AUTO_TEST_CASE(an_unnamed_controls_class_with_a_one_letter_prefix_is_its_hint) {
  const json::object result = Run(Frames(
      {R"({"method":"page.goto","params":{"url":"data:text/html,<span class=n-tree-node-switcher )"
       R"(style='cursor:pointer;display:inline-block;width:9px;height:9px'></span><span )"
       R"(class=v-btn style='cursor:pointer;display:inline-block;width:9px;height:9px'></span>"}})",
       R"({"method":"page.snapshot"})"}));
  BOOST_TEST(RenumberedFromOne(Result(result, 1)) ==
             "- generic [ref=e1] .n-tree-node-switcher\n"
             "- generic [ref=e2]");
}

// Where a crosshair cursor begins, a drag begins (a diagram's connection handle): it has a
// ref, named by its class when it has no name.
BOOST_AUTO_TEST_CASE(a_connection_handle_under_a_crosshair_has_a_ref) {
  const json::object result = Run(Frames(
      {R"({"method":"page.goto","params":{"url":"data:text/html,<div style='cursor:grab'>Review)"
       R"(<div class=flow-handle style='cursor:crosshair;width:8px;height:8px'></div></div>"}})",
       R"({"method":"page.snapshot"})"}));
  BOOST_TEST(RenumberedFromOne(Result(result, 1)) ==
             "- generic [ref=e1]\n"
             "  - text \"Review\"\n"
             "  - generic [ref=e2] .flow-handle");
}

// A field fixed in place beyond the viewport's top-left edge (an editor's paste catcher, as
// Toast UI parks one at -1000px) is seen by no user: not listed, and no target; a fixed bar
// at the top is.
BOOST_AUTO_TEST_CASE(a_field_parked_beyond_the_viewports_edge_is_left_out) {
  const json::object result = Run(Frames(
      {R"({"method":"page.goto","params":{"url":"data:text/html,<div contenteditable )"
       R"(role=textbox aria-label=Clipboard style='position:fixed;left:-1000px;top:-1000px;)"
       R"(width:100px;height:20px'></div><nav style='position:fixed;top:0'><button>Menu</button>)"
       R"(</nav><textarea aria-label=Notes style='margin-top:40px'></textarea>"}})",
       R"({"method":"page.snapshot"})",
       R"({"method":"page.click","params":{"role":"textbox","name":"Clipboard"}})"},
      R"(,"on_error":"continue")"));
  BOOST_TEST(RenumberedFromOne(Result(result, 1)) ==
             "- navigation\n"
             "  - button \"Menu\" [ref=e1]\n"
             "- textbox \"Notes\" [ref=e2]");
  BOOST_TEST(
      Error(result, 2) ==
      R"({"error":"no such element","message":"page.click: no visible element matches )"
      R"(role \"textbox\" named \"Clipboard\"; check the target, or take a page.snapshot )"
      R"J(to see what the page shows (content that appears later: page.waitFor it first)"})J");
}

// A portal's holder fixed at the top-left corner with no size (Spectrum's overlays, SurveyJS's
// popups) places what it holds anywhere on screen: a dialog drawn from it is listed and found,
// and a name it shares with the page says so.
BOOST_AUTO_TEST_CASE(a_dialog_held_by_a_fixed_box_of_no_size_is_seen_and_found) {
  const json::object result = Run(Frames(
      {R"({"method":"page.goto","params":{"url":"data:text/html,<button onclick=\"hit='page'\">)"
       R"(Save</button><div style='position:fixed;width:0;height:0;top:0;left:0'><div )"
       R"(role=dialog aria-label='Rename file' style='position:fixed;top:40%;left:40%'><input )"
       R"(aria-label='New name' value=a.txt><button onclick=\"hit='dialog'\">Save</button>)"
       R"(</div></div>"}})",
       R"({"method":"page.snapshot"})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"New name","value":"b.txt"}})",
       R"({"method":"page.click","params":{"role":"button","name":"Save"}})",
       R"({"method":"page.click","params":{"css":"[role=dialog] button"}})",
       R"({"method":"page.eval","params":{"expression":"hit"}})"}));
  BOOST_TEST(RenumberedFromOne(Result(result, 1)) ==
             "- button \"Save\" [ref=e1]\n"
             "- dialog \"Rename file\"\n"
             "  - textbox \"New name\" [ref=e2] value=\"a.txt\"\n"
             "  - button \"Save\" [ref=e3]");
  BOOST_TEST(json::serialize(PageSuite::Record(result, 2).at("result")) == R"({"value":"b.txt"})");
  // The page's Save and the dialog's.
  BOOST_TEST(PageSuite::Record(result, 3).at("result").at("matches") == 2);
  BOOST_TEST(Result(result, 5) == "dialog");
}

// A combobox keeps the focus in its field while its keys move through the list: the option
// they are on (aria-activedescendant), which Enter would choose, is marked too.
BOOST_AUTO_TEST_CASE(the_option_a_comboboxs_keys_are_on_is_marked_active) {
  const json::object result =
      Run(Frames({Goto("active_option.html"),
                  R"({"method":"page.click","params":{"role":"combobox","name":"Size"}})",
                  R"({"method":"page.press","params":{"key":"ArrowDown"}})",
                  R"({"method":"page.press","params":{"key":"ArrowDown"}})",
                  R"({"method":"page.snapshot"})"}));
  BOOST_TEST(RenumberedFromOne(Result(result, 4)) ==
             "- combobox \"Size\" [ref=e1] [active] expanded\n"
             "- listbox \"Sizes\" [ref=e2]\n"
             "  - option \"Small\" [ref=e3]\n"
             "  - option \"Large\" [ref=e4] [active]");
}

// A modal dialog that hides the rest of the page from the accessibility tree (Chakra's sets
// aria-hidden on it): a role target behind it says so; with the dialog closed, it acts.
BOOST_AUTO_TEST_CASE(a_role_target_behind_a_modal_that_hides_the_page_says_so) {
  const json::object result =
      Run(Frames({Goto("modal_hidden.html"), R"({"method":"page.click","params":{"text":"Edit"}})",
                  R"({"method":"page.click","params":{"role":"button","name":"Save settings"}})",
                  R"({"method":"page.click","params":{"role":"button","name":"Close"}})",
                  R"({"method":"page.click","params":{"role":"button","name":"Save settings"}})",
                  Eval("document.getElementById('saved').textContent")},
                 R"(,"on_error":"continue")"));
  BOOST_TEST(Error(result, 2) ==
             R"({"error":"no such element","message":"page.click: no visible element matches )"
             R"(role \"button\" named \"Save settings\"; 1 match lies in content the page has )"
             R"(made inert or hidden (the snapshot leaves it out), as pages do while a menu, a )"
             R"(listbox or a modal dialog is open: close that first (e.g. page.press Escape), or )"
             R"(act inside it"})");
  BOOST_TEST(Record(result, 5) == R"({"index":5,"method":"page.eval","result":"saved"})");
}

// A modal that marks each child of the body aria-hidden while it stands (SweetAlert2's): a
// button there, a control marked aria-hidden itself, lies behind the dialog, and the snapshot
// leaves it out, as the heading beside it (it listed the button, which no click reached).
BOOST_AUTO_TEST_CASE(a_control_a_modal_marked_aria_hidden_behind_it_is_left_out) {
  const json::object result = Run(
      Frames({R"({"method":"page.goto","params":{"url":"data:text/html,<h1>Account</h1>)"
              R"(<button>Delete account</button><div role=dialog aria-modal=true aria-label=Sure>)"
              R"(<button>Yes</button></div><script>for (const el of document.body.children) { if )"
              R"((el.getAttribute('role') !== 'dialog') el.setAttribute('aria-hidden', 'true'); })"
              R"(</script>"},"silent":true})",
              R"({"method":"page.snapshot"})", Eval("document.querySelector('h1').ariaHidden")}));
  const std::string outline = Result(result, 1);
  BOOST_TEST(outline == WithRefs("- dialog \"Sure\" modal\n"
                                 "  - button \"Yes\" [ref={1}]",
                                 FirstRef(outline), 1));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"true"})");
}

// Radix's dialog is modal without aria-modal: a role="dialog" shown while the page it hides
// with aria-hidden holds the role target.
BOOST_AUTO_TEST_CASE(a_role_target_behind_a_dialog_without_aria_modal_that_hides_the_page_says_so) {
  const json::object result =
      Run(Frames({Goto("modal_hidden.html"),
                  Eval("document.querySelector('[role=dialog]').removeAttribute('aria-modal')"),
                  R"({"method":"page.click","params":{"text":"Edit"}})",
                  R"({"method":"page.click","params":{"role":"button","name":"Save settings"}})"},
                 R"(,"on_error":"continue")"));
  BOOST_TEST(Error(result, 3) ==
             R"({"error":"no such element","message":"page.click: no visible element matches )"
             R"(role \"button\" named \"Save settings\"; 1 match lies in content the page has )"
             R"(made inert or hidden (the snapshot leaves it out), as pages do while a menu, a )"
             R"(listbox or a modal dialog is open: close that first (e.g. page.press Escape), or )"
             R"(act inside it"})");
}

// A tree drawn flat shows each item's depth (aria-level), as a heading's.
BOOST_AUTO_TEST_CASE(a_flat_trees_items_show_their_level) {
  const json::object result =
      Run(Frames({Goto("flat_tree.html"), R"({"method":"page.snapshot"})"}));
  const std::string outline = Result(result, 1);
  BOOST_TEST(outline == WithRefs(R"(- tree "Files"
  - treeitem "Documents" [ref={1}] level=1 expanded
  - treeitem "resume.pdf" [ref={2}] level=2
  - treeitem "Taxes" [ref={3}] level=2 collapsed
  - treeitem "Photos" [ref={4}] level=1 collapsed)",
                                 FirstRef(outline), 4));
}

// The headings, list items and links an editor's toolbar writes show under the field, with its
// emphasis, in document order.
BOOST_AUTO_TEST_CASE(an_editors_headings_lists_and_links_show_under_the_field) {
  const json::object result = Run(Frames(
      {Goto("editor_blocks.html"), R"({"method":"page.snapshot","params":{"role":"textbox"}})"}));
  const std::string outline = Result(result, 1);
  BOOST_TEST(
      outline ==
      WithRefs(R"(- textbox "Notes" [ref={1}] value="Version 2.0\nThis release is fast, see )"
               R"(the changes.\nNew export button\nDark mode"
  - heading "Version 2.0" level=2
  - strong: fast
  - link "the changes"
  - listitem: New export button
  - listitem: Dark mode
  - emphasis: mode)",
               FirstRef(outline), 1));
}

// A table inside an editor shows as rows of cells with refs (a click puts the caret there:
// the keys typed at an empty cell go into it); a part the editor lets no one edit shows as the
// page outside does, its button with a ref.
BOOST_AUTO_TEST_CASE(an_editors_tables_and_uneditable_parts_show_under_the_field) {
  const json::object result = Run(
      Frames({Goto("editor_table.html"), R"({"method":"page.snapshot"})",
              R"({"method":"page.type","params":{"target":{"role":"cell","name":""},"text":"5"}})",
              R"({"method":"page.click","params":{"role":"button","name":"remove tag"}})",
              Eval("document.querySelector('[contenteditable=true]').innerText")}));
  const std::string outline = Result(result, 1);
  BOOST_TEST(outline == WithRefs(R"(- textbox "Note" [ref={1}] value="Table below\nName Qty\n)"
                                 R"(Pears\nFigs 12\nThanks Bob Jonesx"
  - table
    - row
      - columnheader "Name" [ref={2}]
      - columnheader "Qty" [ref={3}]
    - row
      - cell "Pears" [ref={4}]
      - cell [ref={5}]
    - row
      - cell "Figs" [ref={6}]
      - cell "12" [ref={7}]
        - strong: 12
  - text "Bob Jones"
  - button "remove tag" [ref={8}])",
                                 FirstRef(outline), 8));
  BOOST_TEST(Result(result, 4) == "Table below\n\nName\tQty\nPears\t5\nFigs\t12\n\nThanks");
}

// Emphasis an editor writes (execCommand in Firefox: <b>, <i>) shows under the field.
BOOST_AUTO_TEST_CASE(emphasis_typed_in_an_editor_shows_as_strong_and_emphasis_lines) {
  const json::object result = Run(
      Frames({Goto("editor.html"),
              R"({"method":"page.click","params":{"text":"The second paragraph needs emphasis.",)"
              R"("count":3}})",
              R"({"method":"page.click","params":{"text":"B"}})",
              R"({"method":"page.snapshot","params":{"css":"#body"}})"}));
  const std::string outline = Result(result, 3);
  const std::uint64_t first = FirstRef(outline);
  // The value keeps the editor's paragraphs apart.
  BOOST_TEST(outline ==
             WithRefs(R"(- textbox "Post body" [ref={1}] [active] value="The first )"
                      R"(paragraph is short.\nThe second paragraph needs emphasis.\nThe )"
                      R"(third paragraph ends the pos…"
  - strong: The second paragraph needs emphasis.)",
                      first, 1));
}

BOOST_AUTO_TEST_CASE(text_that_an_authors_name_already_says_is_not_listed_again) {
  // A calendar's day, a note whose label holds its text, one whose label does not, and a date
  // picker's button named by its <label for>, which shows the date.
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<div tabindex=0 aria-label='March 14, 2026'>14</div><div role=note aria-label='Saved at noon'>Saved</div><div role=note aria-label='Cart, 0 items'>Cart (0)</div><label for=start>Start date</label><button id=start>June 17, 2025</button>"},"silent":true})J",
      R"({"method":"page.snapshot"})",
      R"({"method":"page.click","params":{"target":{"role":"generic","name":"March 14, 2026"}}})",
  }));
  // Refs are numbered across the suite's shared browser: from e1 as a new browser would.
  BOOST_TEST(RenumberedFromOne(Result(result, 1)) ==
             "- generic \"March 14, 2026\" [ref=e1]\n- note \"Saved at noon\"\n"
             "- note \"Cart, 0 items\"\n  - text \"Cart (0)\"\n"
             "- button \"Start date\" [ref=e2]\n"
             "  - text \"June 17, 2025\"");
  BOOST_TEST(Record(result, 2).find(R"("result":{"url":"data:text/html,)") != std::string::npos,
             Record(result, 2));
}

BOOST_AUTO_TEST_CASE(a_name_from_content_reads_what_an_author_named_inside_by_its_name) {
  // A calendar's month arrow whose glyph is in a span labelled "Previous month", and stars
  // labelled as a rating: a reader hears the labels, page.text shows the glyphs.
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html;charset=utf-8,<button onclick='document.title=`back`'><span aria-label='Previous month'>‹</span></button><p>Rated <span aria-label='4 of 5'>★★★★☆</span></p>"},"silent":true})J",
      R"({"method":"page.snapshot"})",
      R"({"method":"page.click","params":{"target":{"role":"button","name":"Previous month"}}})",
      R"({"method":"page.text"})",
  }));
  BOOST_TEST(RenumberedFromOne(Result(result, 1)) ==
             "- button \"Previous month\" [ref=e1]\n- text \"Rated ★★★★☆\"");
  BOOST_TEST(Record(result, 2).find(R"("title":"back")") != std::string::npos, Record(result, 2));
  BOOST_TEST(Result(result, 3) == "‹\nRated ★★★★☆");
}

// A text field a widget replaced (Choices.js keeps it transparent, out of the tab order, and
// draws its own field) is neither listed nor a target: a fill there would hold what the widget
// never saw.
BOOST_AUTO_TEST_CASE(a_text_field_a_widget_replaced_is_not_listed_nor_filled) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html;charset=utf-8,<input aria-label=Tags hidden tabindex=-1 style='display:block;opacity:0;pointer-events:none' value=red><input type=search aria-label=Tags>"},"silent":true})J",
       R"({"method":"page.snapshot"})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Tags","value":"blue"}})"},
      R"(,"on_error":"continue")"));
  BOOST_TEST(RenumberedFromOne(Result(result, 1)) == "- searchbox \"Tags\" [ref=e1]");
  BOOST_TEST(PageSuite::Record(result, 2).at("error").at("error").as_string() == "no such element");
}

// A native checkbox that says it is mixed only by aria-checked (Vuetify's tree, over a parent
// some of whose children are checked, drawing a minus box) is mixed in the outline.
BOOST_AUTO_TEST_CASE(a_native_checkbox_that_says_it_is_mixed_is_mixed) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<input type=checkbox aria-checked=mixed aria-label=Fruits>"},"silent":true})J",
      R"({"method":"page.snapshot"})",
  }));
  BOOST_TEST(RenumberedFromOne(Result(result, 1)) == "- checkbox \"Fruits\" [ref=e1] mixed");
}

// A field whose label the page hid from the accessibility tree (Headless UI's open combobox
// makes the rest of the page aria-hidden and inert, its label included) is still named by it,
// in the snapshot and as a target.
BOOST_AUTO_TEST_CASE(a_label_hidden_from_the_accessibility_tree_still_names_its_field) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html;charset=utf-8,<label for=p aria-hidden=true inert>Person</label><input id=p role=combobox aria-expanded=true>"},"silent":true})J",
      R"({"method":"page.snapshot"})",
      R"({"method":"page.fill","params":{"role":"combobox","name":"Person","value":"dev"}})",
  }));
  BOOST_TEST(RenumberedFromOne(Result(result, 1)) == "- combobox \"Person\" [ref=e1] expanded");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.fill","result":{"value":"dev"}})");
}

// A form field keeps its ref and its value whatever role the page gives it (Carbon's number
// field says role="alert", its table's search box role="search"): a model sees a field to fill.
BOOST_AUTO_TEST_CASE(a_form_field_the_page_gives_another_role_keeps_its_ref_and_value) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html;charset=utf-8,<label for=n>Guests</label><input id=n role=alert type=number value=3><input role=search aria-label=Filter value=al>"},"silent":true})J",
      R"({"method":"page.snapshot"})",
      R"({"method":"page.fill","params":{"role":"alert","name":"Guests","value":"4"}})",
  }));
  BOOST_TEST(RenumberedFromOne(Result(result, 1)) ==
             "- alert \"Guests\" [ref=e1] value=\"3\"\n- search \"Filter\" [ref=e2] value=\"al\"");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.fill","result":{"value":"4"}})");
}

// react-aria's list names itself with its field's label (aria-labelledby holds its own id and
// the label's): there it is its aria-label. A select-all box both checked and indeterminate is
// mixed only. Unnamed buttons that share a class show the data attribute their script reads,
// or a class past the state classes every button has (Mantine's); a calendar's day cell that
// says its date only in its data-date (FullCalendar's week view) shows that. A text field kept in a
// see-through holder folded to a pixel (a data grid's cell editor waiting, a combobox's too) is
// not listed.
BOOST_AUTO_TEST_CASE(names_states_and_hints_as_widget_libraries_write_them) {
  const json::object result = Run(Frames(
      {
          R"J({"method":"page.goto","params":{"url":"data:text/html,<label id=fruit>Fruit</label><div role=listbox id=list aria-label=Suggestions aria-labelledby='list fruit'><div role=option aria-selected=false>Banana</div></div><input type=checkbox id=all aria-label='Select all'><button data-direction=previous class='mantine-focus-auto mantine-DatePickerInput-calendarHeaderControl'></button><button class='mantine-focus-auto mantine-Modal-close'></button><div style='opacity: 0; height: 1px'><textarea id=keys aria-label=Keys></textarea><textarea id=choice role=combobox aria-label=Choice></textarea></div><div role=gridcell tabindex=0 class='fc-day fc-day-tue' data-date=2026-12-08 style='height: 20px'></div><script>all.indeterminate = true; all.checked = true</script>"},"silent":true})J",
          R"({"method":"page.snapshot"})",
          R"({"method":"page.fill","params":{"css":"#keys","value":"Zed"}})",
          R"({"method":"page.fill","params":{"css":"#choice","value":"Zed"}})",
      },
      R"(,"on_error":"continue")"));
  BOOST_TEST(RenumberedFromOne(Result(result, 1)) ==
             "- text \"Fruit\"\n"
             "- listbox \"Suggestions Fruit\" [ref=e1]\n"
             "  - option \"Banana\" [ref=e2]\n"
             "- checkbox \"Select all\" [ref=e3] mixed\n"
             "- button [ref=e4] [data-direction=previous]\n"
             "- button [ref=e5] .mantine-Modal-close\n"
             "- gridcell [ref=e6] [data-date=\"2026-12-08\"]");
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.fill","error":{"error":"no such element","message":)"
             R"("page.fill: no visible element matches css \"#keys\"; check the target, or )"
             R"(take a page.snapshot to see what the page shows (content that appears later: )"
             R"J(page.waitFor it first)"}})J");
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.fill","error":{"error":"no such element","message":)"
             R"("page.fill: no visible element matches css \"#choice\"; check the target, or )"
             R"(take a page.snapshot to see what the page shows (content that appears later: )"
             R"J(page.waitFor it first)"}})J");
}

BOOST_AUTO_TEST_CASE(target_mistakes_fail_with_a_code_and_what_to_do) {
  const json::object result =
      Run(Frames({Goto("targets.html"), R"({"method":"page.text","params":{"css":"#nope"}})",
                  R"({"method":"page.text","params":{"text":"Hidden hello"}})",
                  R"({"method":"page.text","params":{"css":"div["}})",
                  R"({"method":"page.text","params":{"css":"p","text":"Hello"}})",
                  R"({"method":"page.snapshot","params":{"root":{"css":"p","ref":"e1"}}})",
                  R"({"method":"page.snapshot","params":{"root":["main"]}})",
                  R"({"method":"page.text","params":{"name":"Hello"}})",
                  R"({"method":"page.text","params":{"ref":"button"}})",
                  R"({"method":"page.text","params":{"ref":"e999999"}})",
                  R"({"method":"page.text","params":{"text":"  "}})"},
                 R"(,"on_error":"continue")"));
  BOOST_TEST(Error(result, 1) ==
             R"({"error":"no such element","message":"page.text: no visible element matches )"
             R"(css \"#nope\"; check the target, or take a page.snapshot to see what the page )"
             R"(shows)" +
                 kLater + R"("})");
  BOOST_TEST(Error(result, 2) ==
             R"({"error":"no such element","message":"page.text: no visible element matches )"
             R"(text \"Hidden hello\"; check the target, or take a page.snapshot to see what the )"
             R"(page shows)" +
                 kLater + R"("})");
  BOOST_TEST(Error(result, 3) ==
             R"({"error":"invalid argument","message":"page.text: css \"div[\" is not a valid )"
             R"(CSS selector"})");
  BOOST_TEST(Error(result, 4) ==
             R"({"error":"invalid argument","message":"page.text takes one target: exactly one )"
             R"J(of \"ref\", \"css\", \"text\" or \"role\" (with \"name\")"})J");
  BOOST_TEST(Error(result, 5) ==
             R"({"error":"invalid argument","message":"page.snapshot takes one target: exactly )"
             R"J(one of \"ref\", \"css\", \"text\" or \"role\" (with \"name\")"})J");
  BOOST_TEST(Error(result, 6) ==
             R"({"error":"invalid argument","message":"page.snapshot: \"root\" is a target )"
             R"(object such as {\"ref\": \"e5\"} or {\"css\": \"main\"}"})");
  BOOST_TEST(Error(result, 7) ==
             R"({"error":"invalid argument","message":"page.text: \"name\" goes with \"role\", )"
             R"(the word page.snapshot shows before the name: {\"role\": \"button\", )"
             R"(\"name\": \"Hello\"} for the line button \"Hello\""})");
  BOOST_TEST(Error(result, 8) ==
             R"({"error":"invalid argument","message":"page.text: \"ref\" is a name from )"
             R"(page.snapshot or page.eval such as \"e12\", got \"button\""})");
  BOOST_TEST(Error(result, 9) ==
             R"({"error":"stale ref","message":"page.text: ref e999999 is not known in this )"
             R"(browser; take a new page.snapshot and use its refs"})");
  BOOST_TEST(Error(result, 10) ==
             R"({"error":"invalid argument","message":"page.text: the target text \"  \" is )"
             R"(empty"})");
}

BOOST_AUTO_TEST_CASE(a_ref_goes_stale_when_its_element_is_removed_or_the_page_navigates) {
  const json::object snap = Run(Frames(
      {Goto("targets.html"), R"({"method":"page.snapshot","params":{"root":{"css":"#fruit"}}})",
       R"({"method":"page.snapshot","params":{"root":{"text":"Close"}}})"}));
  BOOST_TEST(Result(snap, 1) == R"(- list
  - listitem "Apple"
  - listitem "Banana"
  - listitem "Cherry")");
  const std::string close = Result(snap, 2);
  const std::uint64_t ref = FirstRef(close);
  const json::object eval_ref = Run(Frames({Eval("document.querySelector('.doomed')")}));
  const std::string banana(
      PageSuite::Record(eval_ref, 0).at("result").as_object().at("ref").as_string());
  const json::object result = Run(Frames(
      {Frame("page.text", {{"ref", banana}}), Eval("document.querySelector('.doomed').remove()"),
       Frame("page.text", {{"ref", banana}}), Frame("page.text", {{"ref", Ref(ref, 1)}}),
       Goto("plain.html"), Frame("page.text", {{"ref", Ref(ref, 1)}}),
       Frame("page.click", {{"ref", Ref(ref, 1)}}),
       Frame("page.snapshot", {{"root", {{"ref", Ref(ref, 1)}}}}),
       R"({"method":"page.goto","silent":true,"params":{"back":true}})",
       Frame("page.text", {{"ref", Ref(ref, 1)}})},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 0) == R"({"index":0,"method":"page.text","result":"Banana"})");
  BOOST_TEST(Error(result, 2) == absl::StrCat(R"({"error":"stale ref","message":"page.text: ref )",
                                              banana, kStaleTail, R"("})"));
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.text","result":"Close"})");
  BOOST_TEST(Error(result, 5) == absl::StrCat(R"({"error":"stale ref","message":"page.text: ref )",
                                              Ref(ref, 1), kStaleTail, R"("})"));
  BOOST_TEST(Error(result, 6) == absl::StrCat(R"({"error":"stale ref","message":"page.click: ref )",
                                              Ref(ref, 1), kStaleTail, R"("})"));
  BOOST_TEST(Error(result, 7) ==
             absl::StrCat(R"({"error":"stale ref","message":"page.snapshot: ref )", Ref(ref, 1),
                          kStaleTail, R"("})"));
  // Back on the page, it is a new document: the old names stay dead.
  BOOST_TEST(Error(result, 9) == absl::StrCat(R"({"error":"stale ref","message":"page.text: ref )",
                                              Ref(ref, 1), kStaleTail, R"("})"));
}

// A grid that reuses its cell elements when sorted: the ref of the cell that showed R102 now
// names an element showing another room, and is refused rather than clicked; the cell whose
// text stayed the same (R101, first either way) still acts.
BOOST_AUTO_TEST_CASE(a_ref_to_an_item_the_page_drew_anew_in_its_element_is_stale) {
  const json::object snap =
      Run(Frames({Goto("reused_rows.html"),
                  R"({"method":"page.snapshot","params":{"root":{"role":"grid"}}})"}));
  const std::uint64_t ref = FirstRef(Result(snap, 1));
  const json::object result =
      Run(Frames({R"({"method":"page.click","params":{"role":"button","name":"Sort by price"}})",
                  Frame("page.click", {{"ref", Ref(ref, 3)}}), Eval("chosen.textContent"),
                  Frame("page.click", {{"ref", Ref(ref, 1)}}), Eval("chosen.textContent")},
                 R"(,"on_error":"continue")"));
  // Sorted by price: R101 (70), R103 (80), R102 (90).
  BOOST_TEST(Error(result, 1) ==
             absl::StrCat(R"({"error":"stale ref","message":"page.click: ref )", Ref(ref, 3),
                          R"( now shows \"R103\" where the snapshot showed \"R102\": the page )"
                          R"(drew another item in its element (a list or grid that reuses its )"
                          R"(rows as they scroll or are sorted); take a new page.snapshot and use )"
                          R"(its refs"})"));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"none"})");
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.eval","result":"R101"})");
  // A cell edited in place (its text gave way to a field) is no other item: its ref acts.
  const json::object edited =
      Run(Frames({Frame("page.click", {{"ref", Ref(ref, 1)}, {"count", 2}}),
                  Frame("page.click", {{"ref", Ref(ref, 1)}}),
                  Eval("document.querySelectorAll('[aria-label=Room]').length")}));
  BOOST_TEST(Record(edited, 1) == R"({"index":1,"method":"page.click","result":{"url":")" +
                                      Url("reused_rows.html") +
                                      R"(","title":"Rooms","navigated":false}})");
  BOOST_TEST(Record(edited, 2) == R"({"index":2,"method":"page.eval","result":1})");
}

// A tree's item that gained the items of its branch as it expanded is the same item: its ref
// acts (it was refused, the item "now showing" its branch's text too).
BOOST_AUTO_TEST_CASE(a_ref_to_a_tree_item_that_expanded_still_acts) {
  const json::object snap = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<ul role=tree><li role=treeitem aria-label=Phones aria-expanded=false tabindex=0 onclick=\"if (event.target !== this) return; document.title = 'clicked ' + (++this.dataset.n || (this.dataset.n = 1)); if (!this.querySelector('ul')) { this.insertAdjacentHTML('beforeend', '<ul role=group><li role=treeitem>Android</li><li role=treeitem>iPhone</li></ul>'); this.ariaExpanded = 'true'; }\">Phones</li></ul>"},"silent":true})J",
       R"({"method":"page.snapshot"})"}));
  const std::uint64_t ref = FirstRef(Result(snap, 1));
  const json::object result =
      Run(Frames({Frame("page.click", {{"ref", Ref(ref, 1)}}),
                  Frame("page.click", {{"ref", Ref(ref, 1)}}), Eval("document.title")}));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"clicked 2"})");
}

// A grid that names its rows by their place alone (aria-rowindex) and sorts them in place:
// the cell renamed where it stands keeps its ref (one cell of its row changed); after the
// sort, the row at its place shows another fruit, and its ref is refused.
BOOST_AUTO_TEST_CASE(a_ref_in_a_row_named_by_its_place_is_stale_once_a_sort_drew_another_row) {
  const json::object snap = Run(Frames(
      {Goto("reused_rows.html"),
       R"({"method":"page.snapshot","params":{"root":{"css":"table[aria-label=Fruit]"}}})"}));
  const std::uint64_t ref = FirstRef(Result(snap, 1));
  const json::object result =
      Run(Frames({R"({"method":"page.click","params":{"role":"button","name":"Rename Apple"}})",
                  Frame("page.click", {{"ref", Ref(ref, 1)}}), Eval("picked.textContent"),
                  R"({"method":"page.click","params":{"role":"button",)"
                  R"("name":"Sort by quantity"}})",
                  Frame("page.click", {{"ref", Ref(ref, 1)}}), Eval("picked.textContent")},
                 R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"Apricot"})");
  // Sorted by quantity: Banana (5), Apricot (10).
  BOOST_TEST(Error(result, 4) ==
             absl::StrCat(R"({"error":"stale ref","message":"page.click: ref )", Ref(ref, 1),
                          R"( now shows \"Banana\" where the snapshot showed \"Apple\": the )"
                          R"(page drew another item in its element (a list or grid that reuses )"
                          R"(its rows as they scroll or are sorted); take a new page.snapshot )"
                          R"(and use its refs"})"));
  BOOST_TEST(Record(result, 5) == R"({"index":5,"method":"page.eval","result":"Apricot"})");
}

// A control in a table row the page drew anew after a sort (a row's checkbox) stands in
// another row: its ref is refused, naming both rows' texts, rather than checking the wrong one.
BOOST_AUTO_TEST_CASE(a_ref_to_a_control_in_a_row_the_page_drew_anew_is_stale) {
  const json::object snap = Run(Frames(
      {Goto("reused_rows.html"),
       R"({"method":"page.snapshot","params":{"root":{"css":"table[aria-label=Guests]"}}})"}));
  const std::uint64_t ref = FirstRef(Result(snap, 1));
  const json::object result =
      Run(Frames({R"({"method":"page.click","params":{"role":"button","name":"Sort by name"}})",
                  Frame("page.click", {{"ref", Ref(ref, 1)}}),
                  Eval("[...document.querySelectorAll('table input')].map((b) => b.checked)")},
                 R"(,"on_error":"continue")"));
  BOOST_TEST(Error(result, 1) ==
             absl::StrCat(R"({"error":"stale ref","message":"page.click: ref )", Ref(ref, 1),
                          R"( is in a table row that now shows \"Ada\" where the snapshot )"
                          R"(showed \"Zoe\": the page drew another row there (a table that )"
                          R"(reuses its rows as they scroll or are sorted); take a new )"
                          R"(page.snapshot and use its refs"})"));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":[false,false]})");
}

// A row whose own combobox the user changed (a status picked as the row is edited) is still
// the same row: the ref of its Save button acts.
BOOST_AUTO_TEST_CASE(a_ref_in_a_row_whose_own_combobox_changed_still_acts) {
  const json::object snap = Run(Frames(
      {Goto("reused_rows.html"),
       R"({"method":"page.snapshot","params":{"root":{"css":"table[aria-label=Stock]"}}})"}));
  const std::string outline = Result(snap, 1);
  const std::uint64_t ref = FirstRef(outline);
  BOOST_TEST(outline == WithRefs("- table \"Stock\"\n"
                                 "  - row \"A-200 | OUT | Save\"\n"
                                 "    - combobox \"Status\" [ref={1}] value=\"OUT\"\n"
                                 "    - button \"Save\" [ref={2}]",
                                 ref, 2));
  const json::object result =
      Run(Frames({Frame("page.click", {{"ref", Ref(ref, 1)}}),
                  Frame("page.click", {{"ref", Ref(ref, 2)}}), Eval("saved.textContent")}));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"A-200LOW Save"})");
}

// A grid that names the data row each row element shows (AG Grid's row-id): a row whose cell
// was edited in place keeps its key, and the ref of its checkbox acts; a row element that now
// shows another data row (another key) is refused.
BOOST_AUTO_TEST_CASE(a_ref_in_a_row_that_keeps_its_row_key_acts_after_an_edit) {
  const json::object snap = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<div role=grid aria-label=Cars><div role=row row-id=5><div role=gridcell>Model 5</div><div role=gridcell><input type=checkbox aria-label=Pick></div></div><div role=row row-id=6><div role=gridcell>Model 6</div><div role=gridcell><input type=checkbox aria-label=Pick></div></div></div>"},"silent":true})J",
       R"({"method":"page.snapshot","params":{"root":{"role":"grid"}}})"}));
  const std::string outline = Result(snap, 1);
  const std::uint64_t ref = FirstRef(outline);
  BOOST_TEST(outline == WithRefs("- grid \"Cars\"\n"
                                 "  - row \"Model 5 | \"\n"
                                 "    - gridcell \"Model 5\" [ref={1}]\n"
                                 "    - gridcell [ref={2}]\n"
                                 "      - checkbox \"Pick\" [ref={3}]\n"
                                 "  - row \"Model 6 | \"\n"
                                 "    - gridcell \"Model 6\" [ref={4}]\n"
                                 "    - gridcell [ref={5}]\n"
                                 "      - checkbox \"Pick\" [ref={6}]",
                                 ref, 6));
  const json::object result = Run(Frames(
      {Eval("(() => { const [a, b] = document.querySelectorAll('[role=row]'); "
            "a.firstChild.textContent = 'Punto'; b.firstChild.textContent = 'Model 9'; "
            "b.setAttribute('row-id', '9'); })()"),
       Frame("page.click", {{"ref", Ref(ref, 3)}}), Frame("page.click", {{"ref", Ref(ref, 6)}}),
       Eval("[...document.querySelectorAll('input')].map((b) => b.checked)")},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.click","result":{"url":"data:text/html,<div role=grid )"
             R"(aria-label=Cars><div role=row row-id=5><div role=gridcell>Model 5</div><div )"
             R"(role=gridcell><input type=checkbox aria-label=Pick></div></div><div role=row )"
             R"(row-id=6><div role=gridcell>Model 6</div><div role=gridcell><input )"
             R"(type=checkbox aria-label=Pick></div></div></div>","title":"","navigated":false}})");
  BOOST_TEST(PageSuite::Record(result, 2).at("error").at("error").as_string() == "stale ref");
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.eval","result":[true,false]})");
}

BOOST_AUTO_TEST_CASE(a_page_of_2500_nodes_is_outlined_in_one_sandbox_call_quickly) {
  const json::object page = Run(Frames(
      {Goto("many.html"),
       Eval(
           "(() => { const w = document.createTreeWalker(document); let n = 0;"
           " while (w.nextNode()) n++; return [document.querySelectorAll('*').length, n]; })()")}));
  BOOST_TEST(Record(page, 1) == R"({"index":1,"method":"page.eval","result":[1007,2515]})");
  const auto start = std::chrono::steady_clock::now();
  const json::object result =
      Run(Frames({R"({"method":"page.snapshot","params":{"max_lines":100000}})"}));
  const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now() - start);
  BOOST_TEST_MESSAGE("page.snapshot of many.html (2,515 nodes, 1,007 elements): " << took.count()
                                                                                  << " ms");
  const json::object& record = PageSuite::Record(result, 0);
  BOOST_TEST_REQUIRE(record.contains("spooled"), json::serialize(record));
  const std::string outline = ReadAll(std::string(record.at("spooled").as_string()));
  const std::uint64_t first = FirstRef(outline);
  BOOST_TEST(outline.starts_with(WithRefs(R"(- heading "Many items" level=1
- list
  - listitem
    - link "Item 1" [ref={1}]
    - text "3 EUR"
    - button "Buy 1" [ref={2}]
  - listitem
)",
                                          first, 2)));
  BOOST_TEST(outline.ends_with(WithRefs(R"(    - link "Item 250" [ref={499}]
    - text "750 EUR"
    - button "Buy 250" [ref={500}])",
                                        first, 500)));
  BOOST_TEST(std::count(outline.begin(), outline.end(), '\n') == 2 + 250 * 4 - 1);
  BOOST_TEST(took.count() < 3000);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::testing
