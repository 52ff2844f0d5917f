// page.click, page.fill, page.type, page.press, page.waitFor and page.screenshot against real
// headless Firefox on the fixture pages (fixtures/pages/, served over loopback HTTP). The batches
// hold helper frames only: no BiDi method.
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <cstdint>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <string>
#include <string_view>

#include "absl/strings/str_cat.h"
#include "fresh_browser.h"
#include "page_suite.h"

namespace firefox_bidi::testing {
namespace {

namespace json = boost::json;

// Frame `index`'s record when `method` refused its target as "element covered": the message
// is "METHOD: TARGET" + `why` + "nothing was DONE" + `then` (`then` closes the record).
std::string Covered(int index, std::string_view method, std::string_view target,
                    std::string_view why, std::string_view done, std::string_view then) {
  return absl::StrCat(R"({"index":)", index, R"(,"method":")", std::string(method),
                      R"(","error":{"error":"element covered","message":")", std::string(method),
                      ": ", std::string(target), std::string(why), std::string(done),
                      std::string(then));
}

BOOST_AUTO_TEST_SUITE(e2e_page_input)

BOOST_AUTO_TEST_CASE(a_click_is_real_trusted_input_and_reports_no_navigation) {
  const json::object result =
      Run(Frames({Goto("input.html"), R"({"method":"page.click","params":{"css":"#target"}})",
                  Eval("window.seen")}));
  BOOST_TEST(Record(result, 1) ==
             absl::StrCat(R"({"index":1,"method":"page.click","result":{"url":")",
                          Url("input.html"), R"(","title":"Input","navigated":false}})"));
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.eval","result":["click:0:1::true"]})");
}

// A click holds the button a moment, as a hand does: a page that listens for the release only
// once it has handled the press (TUI Calendar) gets it, and is not left mid-drag.
BOOST_AUTO_TEST_CASE(a_click_holds_the_button_until_a_page_listening_late_hears_the_release) {
  const json::object result = Run(
      Frames({Goto("late_release.html"), R"({"method":"page.click","params":{"text":"Standup"}})",
              Eval("state.textContent")}));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"opened"})");
}

// A button under the page's own scroll bar (its centre in the window, not in the part that
// shows content) is scrolled into view and clicked, not taken for covered by the page's root.
BOOST_AUTO_TEST_CASE(a_click_on_a_button_under_the_pages_scroll_bar_scrolls_it_into_view) {
  const json::object result = Run(Frames(
      {R"({"method":"page.goto","params":{"url":"data:text/html,<body style='margin:0'><div )"
       R"(style='width:3000px;height:10px'></div><button style='position:absolute;)"
       R"(top:calc(100vh - 22px);left:10px;height:20px' onclick='this.textContent=\"clicked\"')"
       R"(>Go</button></body>"}})",
       R"({"method":"page.click","params":{"role":"button","name":"Go"}})",
       Eval("document.querySelector('button').textContent")}));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"clicked"})");
}

// An item the page scrolls back out of view as it is scrolled into view (Radix's Select keeps
// the item its keys are on in view; here on the Shift of a Shift-click, which comes before the
// pointer moves) is not clicked: the click says why and how to reach it, and the page saw no
// click.
BOOST_AUTO_TEST_CASE(a_click_on_an_item_the_page_scrolls_back_out_of_view_says_so) {
  const json::object result =
      Run(Frames({Goto("scrolls_back.html"),
                  R"({"method":"page.click","params":{"role":"option","name":"Item 80",)"
                  R"("modifiers":["Shift"]}})",
                  Eval("[document.getElementById('out').textContent, list.scrollTop]")},
                 R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.click","error":{"error":"element not visible",)"
             R"("message":"page.click: the page moved the element out of view again as it was )"
             R"(scrolled into view, before the click reached it; nothing was done (a list that )"
             R"(scrolls back to the item its keys are on, as Radix's Select does, or one that )"
             R"(draws its items anew as it scrolls: the same call once more may find the item in )"
             R"(view, where the list left it). Else reach it with the keys: page.type its text, )"
             R"(or page.press ArrowDown until page.snapshot shows it [active], then Enter"}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":["",0]})");
}

// A target that no element matches exactly is taken for the first that contains it: the
// result says what that one shows, so "Row 3" taken for "Row 30" (a list that draws only the
// rows in view) is no silent success.
BOOST_AUTO_TEST_CASE(a_target_found_only_inside_a_longer_text_says_what_was_clicked) {
  const std::string url =
      "data:text/html,<button onclick='document.title=this.textContent'>Row 30</button>"
      "<button>Row 31</button><button>Row 3 details</button>";
  const json::object result = Run(Frames(
      {absl::StrCat(R"({"method":"page.goto","params":{"url":")", url, R"("},"silent":true})"),
       R"({"method":"page.click","params":{"text":"Row 3"}})",
       R"({"method":"page.click","params":{"role":"button","name":"Row 3"}})",
       R"({"method":"page.click","params":{"text":"Row 31"}})"}));
  const std::string clicked =
      absl::StrCat(R"("result":{"url":")", url, R"(","title":"Row 30","navigated":false)");
  BOOST_TEST(Record(result, 1) == absl::StrCat(R"({"index":1,"method":"page.click",)", clicked,
                                               R"(,"matches":3,"matched":"Row 30"}})"));
  BOOST_TEST(Record(result, 2) == absl::StrCat(R"({"index":2,"method":"page.click",)", clicked,
                                               R"(,"matches":3,"matched":"Row 30"}})"));
  BOOST_TEST(Record(result, 3) ==
             absl::StrCat(R"({"index":3,"method":"page.click",)", clicked, "}}"));
}

// Text no element shows but one is named, whole, as page.snapshot lists it (DataTables' pager
// link `link "Next"`, drawn as "›", its name for readers only): that element, the result saying
// which. A text that names nothing, whole, is still no element.
BOOST_AUTO_TEST_CASE(a_text_target_nothing_shows_takes_the_element_named_so) {
  const std::string url =
      "data:text/html,<a href='%23p1' aria-label=Previous>&lsaquo;</a> <a href='%23p3' "
      "aria-label=Next>&rsaquo;</a>";
  const json::object result = Run(Frames(
      {absl::StrCat(R"({"method":"page.goto","params":{"url":")", url, R"("},"silent":true})"),
       R"({"method":"page.click","params":{"text":"Next"}})", Eval("location.hash"),
       R"({"method":"page.click","params":{"text":"Nex"}})"},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             absl::StrCat(R"({"index":1,"method":"page.click","result":{"url":")", url,
                          R"(#p3","title":"","navigated":false,"matched":"link \"Next\""}})"));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"#p3"})");
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.click","error":{"error":"no such element","message":)"
             R"("page.click: no visible element matches text \"Nex\"; check the target, or take )"
             R"(a page.snapshot to see what the page shows (content that appears later: )"
             R"J(page.waitFor it first)"}})J");
}

// An open branch of a tree holds its children in its box, the middle child at its centre: a
// click on the branch lands on its own label, not on that child.
// Of two unnamed boxes, the one being typed in is the target, not the first in the page
// (Select2 focuses its open search box, below another widget's): the result says why. A
// button focused by the last click is no such preference.
BOOST_AUTO_TEST_CASE(of_several_matches_the_focused_text_field_is_taken_and_said) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<input id=tags><p><button>Go</button><button onclick='document.title=`second`'>Go</button></p><div><input id=search></div>"},"silent":true})J",
      R"({"method":"page.click","silent":true,"params":{"css":"#search"}})",
      R"({"method":"page.fill","params":{"role":"textbox","value":"ari"}})",
      R"({"method":"page.click","silent":true,"params":{"css":"button + button"}})",
      R"({"method":"page.click","pick":"matches","params":{"role":"button","name":"Go"}})",
      R"({"method":"page.fill","params":{"role":"textbox","value":"bo"}})",
      Eval("[tags.value, search.value]"),
  }));
  BOOST_TEST(
      Record(result, 2) ==
      R"({"index":2,"method":"page.fill","result":{"value":"ari","matches":2,"chosen":"focused"}})");
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.click","result":2})");
  BOOST_TEST(Record(result, 5) ==
             R"({"index":5,"method":"page.fill","result":{"value":"bo","matches":2}})");
  BOOST_TEST(Record(result, 6) == R"({"index":6,"method":"page.eval","result":["bo","ari"]})");
}

// An Enter on an option the list disables chooses nothing (react-select says so in its live
// region): the result names no "enter_on", which would say it chose that option, but what the
// list offered.
BOOST_AUTO_TEST_CASE(a_submit_on_a_disabled_option_says_no_enter_on) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<input role=combobox aria-label=Colour aria-controls=colours aria-expanded=false id=field><div role=listbox id=colours hidden><div role=option id=purple aria-disabled=true>Purple</div></div><p id=chosen></p><script>field.oninput = () => { colours.hidden = false; field.setAttribute('aria-expanded', 'true'); field.setAttribute('aria-activedescendant', 'purple'); }; field.onkeydown = (e) => { const o = document.getElementById(field.getAttribute('aria-activedescendant')); if (e.key === 'Enter' && o && o.getAttribute('aria-disabled') !== 'true') chosen.textContent = o.textContent; };</script>"},"silent":true})J",
      R"({"method":"page.fill","params":{"role":"combobox","name":"Colour","value":"pur","submit":true}})",
      Eval("chosen.textContent"),
  }));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","result":{"value":"pur","options":["Purple"]}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":""})");
}

// A listbox that marks no option offers the items it shows (Preline's combobox draws its
// matches as plain elements, 200 ms after the typing); a text field inside a listbox is its
// search box, which keeps the focus (Preline's select closes and empties its search on blur)
// and whose typing the page answers.
BOOST_AUTO_TEST_CASE(a_listbox_of_plain_items_and_its_own_search_box_offer_its_items) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<input id=town role=combobox aria-label=Town aria-controls=towns><div id=towns role=listbox hidden></div><div role=listbox id=fruits><input id=search aria-label=Search><div>Banana</div><div>Mango</div><div>Orange</div></div><script>const names = ['Boston', 'Lisbon', 'Berlin']; let timer; town.oninput = () => { clearTimeout(timer); timer = setTimeout(() => { towns.innerHTML = names.filter((n) => n.toLowerCase().includes(town.value)).map((n) => '<div>' + n + '</div>').join(''); towns.hidden = false; }, 200); }; search.oninput = () => setTimeout(() => { for (const item of fruits.querySelectorAll('div')) item.hidden = !item.textContent.toLowerCase().includes(search.value); }, 200); search.onblur = () => { fruits.hidden = true; };</script>"},"silent":true})J",
      R"({"method":"page.fill","params":{"role":"combobox","name":"Town","value":"bo"}})",
      R"({"method":"page.fill","params":{"role":"textbox","name":"Search","value":"ma"}})",
      Eval("[fruits.hidden, document.activeElement.id]"),
  }));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"bo",)"
                                  R"("options":["Boston","Lisbon"]}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.fill","result":{"value":"ma",)"
                                  R"("options":["Mango"]}})");
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.eval","result":[false,"search"]})");
}

// A list that shows a spinner or a notice while its answer is on the way (Element Plus's
// icon marked is-loading, Ant Design's busy Spin, Element Plus's select hiding its empty list
// beside "Loading") is waited for: the fill said "options": [] at once, and a second fill
// soon after took the late answer to the first text for its own.
BOOST_AUTO_TEST_CASE(a_list_that_shows_its_answer_is_on_the_way_is_waited_for) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<input id=a role=combobox aria-label=A aria-controls=la><ul id=la role=listbox></ul><input id=b role=combobox aria-label=B aria-controls=lb><div id=lb role=listbox></div><input id=c role=combobox aria-label=C aria-controls=lc><div><div id=wc style='display: none'><ul id=lc role=listbox></ul></div><div id=nc></div></div><script>const names = ['France', 'Finland', 'Germany', 'Greece']; const options = (t) => names.filter((n) => n.toLowerCase().startsWith(t)).map((n) => '<li role=option>' + n + '</li>').join(''); a.oninput = () => { const t = a.value; la.innerHTML = '<li><i class=is-loading></i></li>'; setTimeout(() => { la.innerHTML = options(t); }, 400); }; b.oninput = () => { const t = b.value; lb.innerHTML = '<div aria-busy=true></div>'; setTimeout(() => { lb.innerHTML = options(t); }, 400); }; c.oninput = () => { const t = c.value; setTimeout(() => { lc.innerHTML = ''; wc.style.display = 'none'; nc.textContent = 'Loading'; }, 20); setTimeout(() => { lc.innerHTML = options(t); wc.style.display = ''; nc.textContent = ''; }, 400); };</script>"},"silent":true})J",
       R"({"method":"page.fill","params":{"role":"combobox","name":"A","value":"f"}})",
       R"({"method":"page.fill","params":{"role":"combobox","name":"A","value":"g"}})",
       R"({"method":"page.fill","params":{"role":"combobox","name":"B","value":"g"}})",
       R"({"method":"page.fill","params":{"role":"combobox","name":"C","value":"g"}})"}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"f",)"
                                  R"("options":["France","Finland"]}})");
  for (int i = 2; i <= 4; ++i) {
    BOOST_TEST(Record(result, i) == absl::StrCat(R"({"index":)", i,
                                                 R"(,"method":"page.fill","result":{"value":"g",)",
                                                 R"("options":["Germany","Greece"]}})"));
  }
}

// A list that shows a notice that it found nothing (react-select's "No options") offers none:
// the notice was taken for an option.
BOOST_AUTO_TEST_CASE(a_notice_that_nothing_matched_is_no_option) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<input id=field role=combobox aria-label=Fruit aria-controls=menu><div id=menu role=listbox hidden></div><script>field.oninput = () => { menu.hidden = false; menu.innerHTML = field.value === 'zz' ? '<div>No options</div>' : '<div>Apple</div>'; };</script>"},"silent":true})J",
      R"({"method":"page.fill","params":{"role":"combobox","name":"Fruit","value":"zz"}})",
  }));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","result":{"value":"zz","options":[]}})");
}

// A see-through native select laid over the words it stands for, the top of what a pointer
// hits there (Pikaday's month and year): it is listed and filled (it was left out as a select
// a custom widget replaces).
BOOST_AUTO_TEST_CASE(a_see_through_select_over_its_words_is_filled) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<div style='position: relative; width: 120px'><span id=shown>December</span><select id=month aria-label=Month tabindex=-1 style='position: absolute; left: 0; top: 0; width: 100%; height: 100%; opacity: 0'><option>November</option><option selected>December</option></select></div><script>month.onchange = () => { shown.textContent = month.value; };</script>"},"silent":true})J",
      R"({"method":"page.fill","params":{"role":"combobox","name":"Month","value":"November"}})",
      Eval("shown.textContent"),
  }));
  BOOST_TEST(
      Record(result, 1) ==
      R"({"index":1,"method":"page.fill","result":{"value":"November","label":"November"}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"November"})");
}

// A grid's cell editor the Enter puts away, holding the next cell's value as it waits for it
// (Handsontable's): the fill with submit reads what was typed (it read "Red", the next cell's).
BOOST_AUTO_TEST_CASE(a_field_the_enter_put_away_reads_as_typed) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<div id=holder><input id=editor aria-label=Cell></div><p id=saved></p><script>editor.onkeydown = (e) => { if (e.key === 'Enter') { saved.textContent = editor.value; holder.style.cssText = 'opacity: 0; height: 1px; overflow: hidden'; editor.value = 'Red'; } };</script>"},"silent":true})J",
      R"({"method":"page.fill","params":{"role":"textbox","name":"Cell","value":"Brown","submit":true}})",
      Eval("saved.textContent"),
  }));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"Brown"}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"Brown"})");
}

// A combobox of several choices that draws them as a menu's checkable items (Fluent's) offers
// those items: the fill said "options": [] while five showed.
BOOST_AUTO_TEST_CASE(a_combobox_whose_list_is_a_menu_offers_its_items) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<input id=field role=combobox aria-label=Toppings aria-controls=menu aria-expanded=false><div id=menu role=menu hidden><div role=menuitemcheckbox aria-checked=false>Ham</div><div role=menuitemcheckbox aria-checked=false>Peppers</div><div role=menuitemcheckbox aria-checked=false hidden>Olives</div></div><script>field.oninput = () => { menu.hidden = false; field.setAttribute('aria-expanded', 'true'); };</script>"},"silent":true})J",
      R"({"method":"page.fill","params":{"role":"combobox","name":"Toppings","value":"Pe"}})",
  }));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"Pe",)"
                                  R"("options":["Ham","Peppers"]}})");
}

// A field that hands the focus to a search box of its own widget (w2ui's list field) is no
// modal's focus trap: the fill says what takes the keys, and how a user picks there.
BOOST_AUTO_TEST_CASE(a_field_that_hands_its_keys_to_its_own_search_box_says_so) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<span><input id=country aria-label=Country><span><input id=country_search style='opacity: 0'></span></span><script>country.onfocus = () => country_search.focus();</script>"},"silent":true})J",
      R"({"method":"page.fill","params":{"role":"textbox","name":"Country","value":"Ger"}})",
  }));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","error":{"error":"not fillable","message":)"
             R"("page.fill: input#country hands the keys to input#country_search, a text field )"
             R"(of its own widget (its search box), as it takes the focus; nothing was filled: )"
             R"(click it (page.click), page.type the text, then click the option it shows"}})");
}

// A list still "Loading..." once the fill gave up waiting (5 s after the typing) offers no
// options yet: the result says it is loading, where "options": [] would say none matched.
BOOST_AUTO_TEST_CASE(a_fill_whose_list_is_still_loading_says_so) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<input role=combobox aria-label=Colour aria-controls=colours id=field><div role=listbox id=colours hidden></div><script>field.oninput = () => { colours.hidden = false; colours.textContent = 'Loading...'; };</script>"},"silent":true})J",
      R"({"method":"page.fill","params":{"role":"combobox","name":"Colour","value":"bl"}})",
  }));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","result":{"value":"bl","loading":true}})");
}

// A page that keeps its content aria-hidden a moment after its dialog closed (Fluent's, about
// 500 ms), with no dialog or list open: the target is looked for again, a second at most (the
// click said "no such element ... hidden").
BOOST_AUTO_TEST_CASE(a_target_hidden_a_moment_by_aria_hidden_is_waited_for) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<div id=root aria-hidden=true><button onclick='document.title = `saved`'>Save</button></div><script>setTimeout(() => root.removeAttribute('aria-hidden'), 600)</script>"},"silent":true})J",
      R"({"method":"page.click","silent":true,"params":{"role":"button","name":"Save"}})",
      Eval("document.title"),
  }));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"saved"})");
}

// Radio buttons whose labels are inline elements around a block (Ark's radio group): each
// label's first box is an empty one at the end of the line above, over the item before it.
// The click aims at the first box that has an area (it said "covered" by the item above);
// the pointer's offset is still given from where WebDriver's element origin starts.
BOOST_AUTO_TEST_CASE(a_label_split_around_a_block_is_clicked_in_its_box_with_an_area) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<style>input { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); margin: -1px }</style><div id=plans><label><input type=radio name=plan value=Free aria-label=Free><div></div><span>Free</span></label><label><input type=radio name=plan value=Pro aria-label=Pro><div></div><span>Pro</span></label><label><input type=radio name=plan value=Team aria-label=Team><div></div><span>Team</span></label></div>"},"silent":true})J",
      R"({"method":"page.click","silent":true,"params":{"role":"radio","name":"Pro"}})",
      R"({"method":"page.fill","params":{"role":"radio","name":"Team","value":true}})",
      Eval("document.querySelector('input:checked').value"),
  }));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.fill","result":{"value":true}})");
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.eval","result":"Team"})");
}

// A range's handle that cancels the press keeps no focus from the grab (Arco's): it is focused
// as by Tab before its keys; one that cannot be focused at all gets no keys, which would go to
// what has the focus (the radio button clicked before, whose group they would change).
BOOST_AUTO_TEST_CASE(a_slider_that_takes_no_focus_from_its_grab_gets_no_keys_meant_elsewhere) {
  const json::object result = Run(
      Frames({Goto("slider_unfocused.html"),
              R"({"method":"page.click","params":{"role":"radio","name":"S"}})",
              R"({"method":"page.fill","params":{"role":"slider","name":"Low","value":25}})",
              R"({"method":"page.click","params":{"role":"radio","name":"S"}})",
              R"({"method":"page.fill","params":{"role":"slider","name":"Quiet","value":15}})",
              Eval("[document.querySelector('input:checked').value, ...[...document."
                   "querySelectorAll('.handle')].map((h) => h.getAttribute('aria-valuenow'))]")},
             R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.fill","result":{"value":"25"}})");
  BOOST_TEST(Record(result, 4) ==
             R"({"index":4,"method":"page.fill","error":{"error":"not fillable","message":)"
             R"("page.fill: the slider did not take the focus (radio \"S\" has it), and its )"
             R"(arrow keys would go there; nothing was pressed. Drag its handle with page.drag )"
             R"J((from the handle, \"by\" the distance)"}})J");
  BOOST_TEST(Record(result, 5) ==
             R"({"index":5,"method":"page.eval","result":["S","25","60","10","90"]})");
}

// An option of a native select is no click's target while the browser draws its list outside
// the page: the error says to fill the select with it, by role and by text alike.
BOOST_AUTO_TEST_CASE(a_click_on_an_option_of_a_native_select_points_to_filling_the_select) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<label>Country <select id=c><option value=fr>France</option><option value=ca>Canada</option></select></label>"},"silent":true})J",
       R"({"method":"page.click","params":{"role":"option","name":"Canada"}})",
       R"({"method":"page.click","params":{"text":"Canada"}})"},
      R"(,"on_error":"continue")"));
  constexpr char kWhy[] =
      R"(; it is an option of select#c, which the browser draws outside the page: choose it )"
      R"J(with page.fill on that select (\"value\": \"Canada\")"}})J";
  BOOST_TEST(Record(result, 1) ==
             absl::StrCat(R"({"index":1,"method":"page.click","error":{"error":"no such element",)"
                          R"("message":"page.click: no visible element matches role \"option\" )"
                          R"(named \"Canada\")",
                          kWhy));
  BOOST_TEST(Record(result, 2) ==
             absl::StrCat(R"({"index":2,"method":"page.click","error":{"error":"no such element",)"
                          R"("message":"page.click: no visible element matches text \"Canada\")",
                          kWhy));
}

// "position" clicks a point of the element from the top left of its padding box (inside the
// canvas's 1 px border): a canvas at that point, a backdrop at its edge, where its dialog
// leaves it free (the middle's cover says so); a point outside the element is refused.
BOOST_AUTO_TEST_CASE(a_click_at_a_position_goes_to_that_point_of_the_element) {
  const json::object result = Run(Frames(
      {Goto("click_position.html"), R"({"method":"page.click","params":{"css":"#backdrop"}})",
       R"({"method":"page.click","params":{"css":"#backdrop","position":{"x":5000,"y":5}}})",
       R"({"method":"page.click","params":{"css":"#backdrop","position":{"x":10,"y":10}}})",
       R"({"method":"page.click","params":{"css":"#pad","position":{"x":30,"y":20}}})",
       R"({"method":"page.click","params":{"css":"#pad","position":"middle"}})",
       Eval("[hits, document.querySelectorAll('#backdrop, #dialog').length]")},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.click","error":{"error":"element covered","message":)"
             R"("page.click: div#backdrop is covered by div#dialog \"Tap outside to close\", )"
             R"(which would receive the click; nothing was clicked. Close or wait out the cover )"
             R"((e.g. page.waitFor its text with gone: true), or click it instead, or click the )"
             R"(part of the element it leaves free with \"position\": {\"x\": 5, \"y\": 5} )"
             R"J((from its top left)"}})J");
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.click","error":{"error":"invalid argument","message":)"
             R"("page.click: \"position\" {\"x\": 5000, \"y\": 5} lies outside )"
             R"(div#backdrop, 1366x682 px"}})");
  BOOST_TEST(Record(result, 5) ==
             R"({"index":5,"method":"page.click","error":{"error":"invalid argument","message":)"
             R"("page.click: \"position\" is a point in the element, in pixels from its top )"
             R"(left corner, e.g. {\"x\": 10, \"y\": 5}"}})");
  BOOST_TEST(Record(result, 6) == R"({"index":6,"method":"page.eval","result":[[[30,20]],0]})");
}

// A see-through area laid over an item's name that takes its clicks (Plotly's legend: a rect
// of no fill, with a pointer cursor, beside the name in the entry's group) is no cover: a
// click on the name lands there, as a user's does. A rect that draws itself is still one.
BOOST_AUTO_TEST_CASE(a_see_through_hit_area_of_the_item_is_no_cover) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<svg width=300 height=100><g transform='translate(10,20)'><text x=40 y=5>Sales</text><rect style='cursor: pointer; fill: rgb(0, 0, 0); fill-opacity: 0' x=0 y=-9.5 width=75 height=19 onclick='document.title = `Sales toggled`'/></g><g transform='translate(10,60)'><text x=40 y=5>Costs</text><rect style='cursor: pointer; fill: rgb(200, 200, 200); fill-opacity: 0.5' x=0 y=-9.5 width=75 height=19 onclick='document.title = `Costs toggled`'/></g></svg>"},"silent":true})J",
       R"({"method":"page.click","silent":true,"params":{"text":"Sales"}})", Eval("document.title"),
       R"({"method":"page.click","params":{"text":"Costs"}})", Eval("document.title")},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"Sales toggled"})");
  BOOST_TEST(Record(result, 3).find(R"("error":{"error":"element covered","message":)"
                                    R"("page.click: text \"Costs\" is covered by rect)") !=
                 std::string::npos,
             Record(result, 3));
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.eval","result":"Sales toggled"})");
}

// A combo box whose host says it is loading only with an attribute (Vaadin's "loading", as its
// spinner shows), its list open and empty meanwhile: the fill waits for the answer, and the
// options are those it brought (it said "options": []).
BOOST_AUTO_TEST_CASE(a_fill_waits_for_a_combobox_whose_host_says_it_is_loading) {
  const json::object result = Run(Frames({
      Goto("loading_combobox.html"),
      R"({"method":"page.fill","params":{"role":"combobox","name":"City","value":"bu"}})",
  }));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"bu",)"
                                  R"("options":["Budapest","Bucharest"]}})");
}

// Of two matches, the one in the dialog that holds the focus (MUI's date picker popup, below
// a calendar drawn in the page): the result says why it was not the first.
BOOST_AUTO_TEST_CASE(of_several_matches_the_one_in_the_focused_dialog_is_taken) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<button onclick='document.title = `page`'>9</button><div role=dialog><button id=today>8</button><button onclick='document.title = `popup`'>9</button></div><script>today.focus();</script>"},"silent":true})J",
      R"({"method":"page.click","params":{"role":"button","name":"9"}})",
  }));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.click","result":{"url":"data:text/html,<button )"
             R"(onclick='document.title = `page`'>9</button><div role=dialog><button id=today>8)"
             R"(</button><button onclick='document.title = `popup`'>9</button></div><script>)"
             R"(today.focus();</script>","title":"popup","navigated":false,"matches":2,)"
             R"("chosen":"in the open dialog"}})");
}

// Of two days of one number, the first disabled (the month before's, as Ark's date picker shows
// it): the one a user can pick is taken (a text target went to the disabled one).
BOOST_AUTO_TEST_CASE(of_several_matches_the_first_disabled_gives_way_to_one_enabled) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<div role=grid><span role=gridcell aria-disabled=true tabindex=-1>29</span> <span role=gridcell tabindex=0 onclick='document.title = `December 29`'>29</span></div>"},"silent":true})J",
      R"({"method":"page.click","params":{"text":"29"}})",
  }));
  BOOST_TEST(Record(result, 1).find(R"("title":"December 29","navigated":false,"matches":2,)"
                                    R"("chosen":"enabled"}})") != std::string::npos,
             Record(result, 1));
}

// A submenu kept open only while the pointer last moved towards it, as Radix's menus judge
// the pointer leaving its item: a hover on the item ends moving right, where the submenu
// opens, so the click on the submenu's item that follows finds it open (it closed, and the
// press went to the page).
BOOST_AUTO_TEST_CASE(a_hover_ends_moving_towards_the_submenu_it_opened) {
  const json::object result = Run(
      Frames({Goto("submenu_grace.html"),
              R"({"method":"page.hover","params":{"role":"menuitem","name":"More Tools ›"}})",
              R"({"method":"page.click","params":{"role":"menuitem","name":"Developer Tools"}})",
              Eval("chosen.textContent")},
             R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.eval","result":"Developer Tools"})");
}

// A select the page puts back as it takes a choice (it refuses it) says so; one the page puts
// back and then sets again from its own state a moment later (a React select over an editor's
// store, as Lexical's toolbar) reads the choice, value and label alike.
BOOST_AUTO_TEST_CASE(a_select_the_page_puts_back_is_not_filled_and_one_it_sets_again_is) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<select id=size aria-label=Size onchange='this.value = `s`'><option value=s>Small</option><option value=l>Large</option></select><select id=later aria-label=Later onchange='const v = this.value; this.value = `s`; setTimeout(() => { this.value = v; }, 30)'><option value=s>Small</option><option value=l>Large</option></select>"},"silent":true})J",
       R"({"method":"page.fill","params":{"role":"combobox","name":"Size","value":"Large"}})",
       R"({"method":"page.fill","params":{"role":"combobox","name":"Later","value":"Large"}})"},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","error":{"error":"not fillable","message":)"
             R"("page.fill: select#size shows \"Small\" again: the page put it back as it took )"
             R"(\"Large\" (it may want something first); take a page.snapshot before trying )"
             R"(again"}})");
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.fill","result":{"value":"l","label":"Large"}})");
}

// A range slider whose handle passed the other hands that one the keys' focus (Radix's): the
// fill stops there and says which handle the keys went to and what it says now.
BOOST_AUTO_TEST_CASE(a_range_handle_filled_past_the_other_stops_where_the_keys_moved_on) {
  const json::object result = Run(Frames(
      {Goto("range_slider.html"),
       R"({"method":"page.fill","params":{"role":"slider","name":"Minimum price","value":85}})",
       Eval("values")},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","error":{"error":"not fillable","message":)"
             R"("page.fill: as the slider came to 80, the page gave the keys' focus to slider )"
             R"(\"Maximum price\", and the keys after went there: it now says 81 (a range's )"
             R"(handles that cannot pass each other: move the other one first, then this one); )"
             R"(nothing more was pressed"}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":[80,81]})");
}

// A range slider that keeps its handles in order without moving the focus (Blueprint's): a
// handle filled past the other stops where that one stands, and the fill says so and which
// one to move first (it advised a drag, which stops there too).
BOOST_AUTO_TEST_CASE(a_range_handle_that_stops_at_the_other_says_to_move_that_one_first) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<div><div role=slider tabindex=0 aria-label='Range min' aria-valuemin=0 aria-valuemax=10 aria-valuenow=3 id=a>a</div><div role=slider tabindex=0 aria-label='Range max' aria-valuemin=0 aria-valuemax=10 aria-valuenow=6 id=b>b</div></div><script>const v = (e) => Number(e.getAttribute('aria-valuenow')); a.onkeydown = (e) => { const d = {ArrowRight: 1, ArrowLeft: -1}[e.key]; if (d) a.setAttribute('aria-valuenow', Math.max(0, Math.min(v(b), v(a) + d))); };</script>"},"silent":true})J",
       R"({"method":"page.fill","params":{"role":"slider","name":"Range min","value":8}})"},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","error":{"error":"not fillable","message":)"
             R"("page.fill: the slider stopped at \"6\", where the range's other handle, )"
             R"(slider \"Range max\", stands: its handles do not pass each other; move that )"
             R"(one first, then this one"}})");
}

// Words inside an editor are no field of their own: a fill of them would replace the editor's
// whole text (it said the editor was a search box to type into and pick from).
BOOST_AUTO_TEST_CASE(a_fill_of_words_inside_an_editor_says_to_target_the_editor) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<div contenteditable=true id=ed><p>Hello there</p><p>Second</p></div>"},"silent":true})J",
       R"({"method":"page.fill","params":{"text":"Hello there","value":"Bye"}})",
       Eval("ed.innerHTML")},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","error":{"error":"not fillable","message":)"
             R"("page.fill: p \"Hello there\" is part of the text of the editor div#ed \"Hello )"
             R"(there Second\", not a field of its own; page.fill replaces all of a field's text: )"
             R"(target the editor to replace it all, or page.select these words (its \"text\") )"
             R"(and page.type over them"}})");
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.eval","result":"<p>Hello there</p><p>Second</p>"})");
}

// A page that turns pointer events off for all of its body while its menu is open (Radix's):
// a click outside the menu says so, and to close it first (it said the page's root covered the
// element, and to wait for that to go).
BOOST_AUTO_TEST_CASE(a_click_on_a_body_that_takes_no_pointer_says_to_close_what_is_open) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<body style='pointer-events: none'><button>Behind</button><div role=menu style='pointer-events: auto'><div role=menuitem>Copy</div></div></body>"},"silent":true})J",
       R"({"method":"page.click","params":{"role":"button","name":"Behind"}})"},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.click","error":{"error":"element covered","message":)"
             R"("page.click: button \"Behind\" takes no pointer input now: the page turned it )"
             R"(off for all of its body (pointer-events: none), as it does while a menu or dialog )"
             R"(of its own is open; nothing was clicked. Close that first (e.g. page.press )"
             R"(Escape), or act inside it"}})");
}

// A combobox that marks its first option as the text comes but takes no Enter (Mantine's
// select, its keys reset as its list opened): the fill's Enter names the option it was on, and
// says it chose nothing, the field holding the text typed.
BOOST_AUTO_TEST_CASE(a_fill_whose_enter_chose_nothing_says_so) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<input role=combobox aria-label=Framework aria-controls=list aria-expanded=true aria-activedescendant=first><div role=listbox id=list><div role=option id=first aria-selected=true>Angular</div></div>"},"silent":true})J",
       R"({"method":"page.fill","params":{"role":"combobox","name":"Framework","value":"Ang",)"
       R"("submit":true}})"},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","result":{"value":"Ang","enter_on":"Angular",)"
             R"("not_chosen":true}})");
}

// A slider of a wide range that moves by 1 a press and takes no page keys: the presses run
// out on its way, and the fill says so, with what they came to (it said the slider stopped).
BOOST_AUTO_TEST_CASE(a_slider_fill_whose_presses_ran_out_on_its_way_says_so) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<div role=slider tabindex=0 aria-label=Price aria-valuemin=0 aria-valuemax=10000 aria-valuenow=0 id=s>Price</div><script>s.onkeydown = (e) => { const d = {ArrowRight: 1, ArrowLeft: -1}[e.key]; if (d) s.setAttribute('aria-valuenow', Number(s.getAttribute('aria-valuenow')) + d); };</script>"},"silent":true})J",
       R"({"method":"page.fill","params":{"role":"slider","name":"Price","value":9000}})"},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","error":{"error":"not fillable","message":)"
             R"("page.fill: the slider moves by 1 a press, and 3001 presses took it to \"3001\", )"
             R"(not 9000, with more to go; drag its handle near the value with page.drag (from )"
             R"(the handle, \"by\" the distance), then fill it again to finish"}})");
}

// A box that takes no focus itself (Blueprint's select: a combobox box around its button) hands
// the keys of a press aimed at it to what it holds that takes them, as a Tab reaches it (they
// went to the page's body).
BOOST_AUTO_TEST_CASE(a_press_on_a_box_that_takes_no_focus_goes_to_what_it_holds_that_does) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<div role=combobox aria-label=Film><button id=b>Pick a film</button></div><p id=log></p><script>b.onkeydown = (e) => { log.textContent = e.key; };</script>"},"silent":true})J",
       R"({"method":"page.press","params":{"key":"ArrowDown","role":"combobox","name":"Film"}})",
       Eval("[log.textContent, document.activeElement.id]")}));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":["ArrowDown","b"]})");
}

// A form that turned the browser's checks off (novalidate, as react-hook-form's and Mantine's
// do) shows nothing of the browser's message for a field: the fill quotes none (it quoted
// "Please enter an email address.", which the page never showed).
BOOST_AUTO_TEST_CASE(a_field_of_a_form_without_the_browsers_checks_has_no_browser_message) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<form novalidate><input type=email aria-label=Email></form><form><input type=email aria-label=Mail></form>"},"silent":true})J",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Email","value":"ada"}})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Mail","value":"ada"}})"}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"ada"}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.fill","result":{"value":"ada",)"
                                  R"("invalid":"Please enter an email address."}})");
}

// A command palette's group heading hidden from readers above its item of the same text
// (cmdk's "Settings"): a text target clicks the item, not the heading (which did nothing).
BOOST_AUTO_TEST_CASE(of_several_text_matches_the_first_aria_hidden_gives_way_to_one_not) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<div role=listbox><div aria-hidden=true>Settings</div><div role=option onclick='document.title = `picked`'>Settings</div></div>"},"silent":true})J",
      R"({"method":"page.click","params":{"text":"Settings"}})",
  }));
  BOOST_TEST(Record(result, 1).find(R"("title":"picked","navigated":false,"matches":2,)"
                                    R"("chosen":"not aria-hidden"}})") != std::string::npos,
             Record(result, 1));
}

// A select that keeps the focus on itself while its list shows in an overlay (PrimeVue's): a
// click on an option, or a fill of the overlay's select-all box, goes to the one in the open
// list, not to the same name earlier in the page (a list box's option, a table's box).
BOOST_AUTO_TEST_CASE(of_several_matches_the_one_in_the_list_the_focused_control_opened_is_taken) {
  const json::object result = Run(Frames({
      Goto("overlay_select.html"),
      R"({"method":"page.click","silent":true,"params":{"role":"combobox","name":"City"}})",
      R"({"method":"page.fill","params":{"role":"checkbox","name":"Select all","value":true}})",
      R"({"method":"page.click","silent":true,"params":{"role":"option","name":"London"}})",
      Eval("[chosen.city, chosen.favourite, chosen.all, chosen.rows]"),
  }));
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.fill","result":{"value":true,"matches":2,)"
             R"("chosen":"in the open list"}})");
  BOOST_TEST(Record(result, 4) ==
             R"({"index":4,"method":"page.eval","result":["London",null,true,false]})");
}

// A popup floating over the page (placed absolutely, stacked above it) just below the focused
// field (Ant Design's time picker's columns of plain items) or holding the focused item
// (Element Plus's cascader): a text target goes to its match there, not to a table's cell of
// the same text earlier in the page (which closed the popup and lost the pick).
BOOST_AUTO_TEST_CASE(of_several_matches_the_one_in_the_popup_by_the_focus_is_taken) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<table><tr><td onclick='document.title=`cell 30`'>30</td><td onclick='document.title=`cell Paris`'>Paris</td></tr></table><input id=t aria-label=Time onfocus='pop.hidden = false'><div id=pop hidden style='position: absolute; z-index: 10; background: white'><div onclick='document.title=`minute 30`'>30</div></div><div style='position: absolute; z-index: 10; top: 200px; left: 300px'><ul role=menu><li role=menuitem tabindex=-1>France</li></ul><ul role=menu><li role=menuitem tabindex=-1 onclick='document.title=`item Paris`'>Paris</li></ul></div>"},"silent":true})J",
      R"({"method":"page.click","params":{"role":"textbox","name":"Time"},"silent":true})",
      R"({"method":"page.click","params":{"text":"30"}})",
      R"({"method":"page.click","params":{"text":"France"},"silent":true})",
      R"({"method":"page.click","params":{"text":"Paris"}})",
  }));
  BOOST_TEST(Record(result, 2).find(R"("title":"minute 30","navigated":false,"matches":2,)"
                                    R"("chosen":"in the open popup"}})") != std::string::npos,
             Record(result, 2));
  BOOST_TEST(Record(result, 4).find(R"("title":"item Paris","navigated":false,"matches":2,)"
                                    R"("chosen":"in the open popup"}})") != std::string::npos,
             Record(result, 4));
}

// A dialog drawn over an editor's toolbar (Trix's link dialog, placed absolutely above it)
// whose field has the focus: its own "Link" button is taken, not the toolbar's of the same
// name, which closed the dialog without adding the link.
BOOST_AUTO_TEST_CASE(of_several_matches_the_one_in_the_popup_holding_the_focused_field_is_taken) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<div style='position: relative'><button onclick='document.title = `toolbar`'>Link</button><div style='position: absolute; top: 0; left: 0; z-index: 5; background: white'><input id=url aria-label=URL><button onclick='document.title = `linked`'>Link</button></div></div>"},"silent":true})J",
      R"({"method":"page.click","params":{"role":"textbox","name":"URL"},"silent":true})",
      R"({"method":"page.click","params":{"role":"button","name":"Link"}})",
  }));
  BOOST_TEST(Record(result, 2).find(R"("title":"linked","navigated":false,"matches":2,)"
                                    R"("chosen":"in the open popup"}})") != std::string::npos,
             Record(result, 2));
}

// Of two cells of one name, the first of no size (react-datepicker's next month's days, kept
// in an empty row of no height, named as the cells that show them): the one that shows is
// taken (the first was, and the click said "no size on the page").
BOOST_AUTO_TEST_CASE(of_several_matches_the_first_of_no_size_gives_way_to_one_shown) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<div role=grid><div role=row><div role=gridcell aria-label='Choose April 2' style='width: 27px' onclick='document.title = `March grid`'></div></div><div role=row><div role=gridcell aria-label='Choose April 2' onclick='document.title = `April grid`'>2</div></div></div>"},"silent":true})J",
      R"({"method":"page.click","params":{"role":"gridcell","name":"Choose April 2"}})",
  }));
  BOOST_TEST(Record(result, 1).find(R"("title":"April grid","navigated":false,"matches":2,)"
                                    R"("chosen":"shown"}})") != std::string::npos,
             Record(result, 1));
}

// A list that scrolls smoothly (MUI's time picker's columns) is scrolled at once to the
// option a click goes to (it was still hidden when hit-tested: "out of sight").
BOOST_AUTO_TEST_CASE(a_click_scrolls_a_smooth_list_to_its_option_at_once) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<div id=minutes role=listbox style='height: 100px; overflow-y: auto; scroll-behavior: smooth'></div><script>for (let i = 0; i < 40; i++) minutes.insertAdjacentHTML('beforeend', '<div role=option style=\"height: 30px\" onclick=\"document.title = this.textContent\">' + i + ' min</div>');</script>"},"silent":true})J",
      R"({"method":"page.click","silent":true,"params":{"role":"option","name":"35 min"}})",
      Eval("document.title"),
  }));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"35 min"})");
}

// A role target whose only match lies in what the page hid with aria-hidden around its open
// popup list (react-aria's combobox) says to close the list first.
BOOST_AUTO_TEST_CASE(a_target_hidden_around_an_open_popup_list_says_to_close_it) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<main aria-hidden=true><button>Other</button></main><div role=listbox><div role=option>Apple</div></div>"},"silent":true})J",
      R"({"method":"page.click","params":{"role":"button","name":"Other"}})",
  }));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.click","error":{"error":"no such element","message":)"
             R"("page.click: no visible element matches role \"button\" named \"Other\"; 1 match )"
             R"(lies in content the page has made inert or hidden (the snapshot leaves it out), )"
             R"(as pages do while a menu, a listbox or a modal dialog is open: close that first )"
             R"((e.g. page.press Escape), or act inside it"}})");
}

// Two clicks on one element in a row are two single clicks, as a user's are: the second is
// held back until 500 ms of page time after the first (w2ui's grid counted two clicks 350 ms
// apart on one row as a double click), so a page's own double-click window never sees them.
BOOST_AUTO_TEST_CASE(two_clicks_on_one_element_are_held_apart_as_single_clicks) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<button onclick='window.at = (window.at || []).concat(event.timeStamp)'>Row 4</button>"},"silent":true})J",
      R"({"method":"page.click","silent":true,"params":{"text":"Row 4"}})",
      R"({"method":"page.click","silent":true,"params":{"text":"Row 4"}})",
      Eval("[at.length, at[1] - at[0] > 350]"),
  }));
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.eval","result":[2,true]})");
}

BOOST_AUTO_TEST_CASE(a_click_on_an_open_branch_lands_on_its_own_label_not_a_child) {
  const json::object result = Run(Frames(
      {Goto("open_branch.html"),
       R"({"method":"page.click","params":{"role":"treeitem","name":"Docs"}})",
       R"({"method":"page.click","params":{"role":"treeitem","name":"b.txt"}})", Eval("clicked")}));
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.eval","result":["Docs","b.txt"]})");
}

// The page's facts in a click's result are read at the end of its settle window: a title its
// handler sets from a timer soon after is the one reported.
BOOST_AUTO_TEST_CASE(a_clicks_result_has_the_title_its_handler_set_from_a_timer_soon_after) {
  const json::object result = Run(Frames(
      {R"({"method":"page.goto","params":{"url":"data:text/html,<title>Draft</title><button onclick=\"setTimeout(() => document.title = 'Saved', 50)\">Save</button>"},"silent":true})",
       R"({"method":"page.click","params":{"text":"Save"}})"}));
  const json::value click = json::parse(Record(result, 1));
  BOOST_TEST(json::serialize(click.at("result").at("title")) == R"("Saved")");
  BOOST_TEST(json::serialize(click.at("result").at("navigated")) == "false");
}

// The settle window is 150 ms of the page's time from the click itself: a title set from a
// 145 ms timer is in the click's result, one set from a 400 ms timer is not yet (the page's
// timers fire in the order they are due, however busy the machine).
BOOST_AUTO_TEST_CASE(a_clicks_settle_window_is_150_ms_of_page_time_from_the_click) {
  const auto title_after = [&](int timer_ms) {
    const json::object result = Run(
        Frames({absl::StrCat(
                    R"({"method":"page.goto","params":{"url":"data:text/html,<title>Draft</title>)",
                    R"(<button onclick=\"setTimeout(() => document.title = 'Saved', )", timer_ms,
                    R"()\">Save</button>"},"silent":true})"),
                R"({"method":"page.click","params":{"text":"Save"}})"}));
    return json::serialize(json::parse(Record(result, 1)).at("result").at("title"));
  };
  BOOST_TEST(title_after(145) == R"("Saved")");
  BOOST_TEST(title_after(400) == R"("Draft")");
}

BOOST_AUTO_TEST_CASE(a_clicks_result_does_not_wait_out_the_buttons_own_effect) {
  // The button's 2 s press effect is its own: the click returns after its 150 ms window, before
  // the page's 300 ms timer (a transition elsewhere would be waited for, up to 500 ms:
  // e2e_widgets), and the effect still runs after it.
  const json::object result =
      Run(Frames({Goto("feedback.html"), R"({"method":"page.click","params":{"text":"Save"}})",
                  Eval("document.getElementById('save').getAnimations().length")}));
  BOOST_TEST(Record(result, 1) ==
             absl::StrCat(R"({"index":1,"method":"page.click","result":{"url":")",
                          Url("feedback.html"), R"(","title":"Ready","navigated":false}})"));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":1})");
}

BOOST_AUTO_TEST_CASE(buttons_counts_and_modifiers_reach_the_page) {
  const json::object result = Run(Frames(
      {Goto("input.html"),
       R"({"method":"page.click","silent":true,"params":{"css":"#target","count":2}})",
       R"({"method":"page.click","silent":true,"params":{"css":"#target","button":"right"}})",
       R"({"method":"page.click","silent":true,"params":{"css":"#target","button":"middle"}})",
       R"({"method":"page.click","silent":true,)"
       R"("params":{"css":"#target","modifiers":["Shift","Control"]}})",
       Eval("window.seen")}));
  BOOST_TEST(Record(result, 5) ==
             R"({"index":5,"method":"page.eval","result":["click:0:1::true","click:0:2::true",)"
             R"("dblclick:0:2::true","contextmenu:2:1::true","auxclick:2:1::true",)"
             R"("auxclick:1:1::true","click:0:1:CS:true"]})");
}

BOOST_AUTO_TEST_CASE(a_click_that_navigates_returns_once_the_new_page_has_loaded) {
  const json::object result = Run(
      Frames({Goto("input.html"), R"({"method":"page.click","params":{"text":"Go to the result"}})",
              Eval("document.readyState + ' ' + document.getElementById('thanks').textContent")}));
  BOOST_TEST(Record(result, 1) ==
             absl::StrCat(R"({"index":1,"method":"page.click","result":{"url":")",
                          Url("welcome.html?name=linked"),
                          R"(","title":"Welcome","navigated":true}})"));
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.eval","result":"complete Thanks linked"})");
}

BOOST_AUTO_TEST_CASE(a_covered_button_is_not_clicked_and_the_cover_is_named) {
  const json::object result =
      Run(Frames({Goto("overlay.html"), R"({"method":"page.click","params":{"css":"#buy"}})"},
                 R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.click","error":{"error":"element covered",)"
             R"("message":"page.click: button#buy \"Buy now\" lies behind div#overlay )"
             R"(\"Please accept cookies\", which covers the page as a modal's backdrop does: )"
             R"(the pointer and keys go to the modal, not to it; nothing was clicked. Close or )"
             R"J(finish that first (e.g. page.press Escape), or act inside it"}})J");
  const json::object after =
      Run(Frames({Eval("[window.overlayClicks, document.getElementById('buy').textContent]"),
                  R"({"method":"page.click","silent":true,"params":{"text":"Accept"}})",
                  R"({"method":"page.click","silent":true,"params":{"css":"#buy"}})",
                  Eval("document.getElementById('buy').textContent")}));
  BOOST_TEST(Record(after, 0) == R"({"index":0,"method":"page.eval","result":[0,"Buy now"]})");
  BOOST_TEST(Record(after, 3) == R"({"index":3,"method":"page.eval","result":"Bought"})");
}

// A cover on its way out (a modal's underlay fading out once closed, taking the pointer until
// it is gone) is waited out: the click reaches the button behind it.
BOOST_AUTO_TEST_CASE(a_click_waits_out_a_cover_that_is_fading_away) {
  const json::object result =
      Run(Frames({Goto("fading_cover.html"), Eval("document.getElementById('slow-cover').remove()"),
                  Eval("closeCover()"), R"({"method":"page.click","params":{"text":"Count"}})",
                  Eval("document.getElementById('counted').textContent + "
                       "' ' + !!document.getElementById('cover')")}));
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.eval","result":"1 false"})");
  // A cover that goes 200 ms later with no animation (a closed modal's underlay left a moment
  // longer) is waited for too.
  const json::object slow =
      Run(Frames({Goto("fading_cover.html"),
                  Eval("document.getElementById('cover').remove(); closeSlowCover()"),
                  R"({"method":"page.click","params":{"text":"Count"}})",
                  Eval("document.getElementById('counted').textContent")}));
  BOOST_TEST(Record(slow, 3) == R"({"index":3,"method":"page.eval","result":"1"})");
}

// A web component that opens its body with an animation in its shadow root: the click on its
// header waits for the body to open (the window sees the click's target as the component,
// whose own animation is no feedback of the header's), so a click on the button it pushed
// down reaches that button, as it would for a user who waits until it stands still.
BOOST_AUTO_TEST_CASE(a_click_waits_for_the_animation_it_started_inside_a_web_component) {
  const json::object result = Run(
      Frames({Goto("shadow_details.html"), R"({"method":"page.click","params":{"text":"More"}})",
              R"({"method":"page.click","params":{"text":"After"}})",
              Eval("document.getElementById('count').textContent")}));
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.eval","result":"1"})");
}

// A button that moves away under the button before it comes up (pressed, it jumps down): the
// click went to what lies there then, and says so instead of reporting a click the button
// never got.
BOOST_AUTO_TEST_CASE(a_click_whose_element_moved_away_under_the_button_is_missed) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<button id=b style='position:absolute;top:20px'>Jumpy</button><script>b.onmousedown = () => { b.style.top = '200px'; }; b.onclick = () => { document.title = 'clicked'; };</script>"},"silent":true})J",
       R"({"method":"page.click","params":{"text":"Jumpy"}})", Eval("document.title")},
      R"(,"on_error":"continue")"));
  BOOST_TEST(PageSuite::Record(result, 1).at("error").at("error").as_string() == "click missed");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":""})");
}

// A press that closes a panel above the element at once, as a menu closes on a press outside
// it, moves the element up from under the pointer before the button comes up: the click goes
// to what holds both, and says so (the next click reaches it). A trigger that cancels the
// pointerdown (no mousedown or mouseup follow) and opens its list over itself on the press
// was reached: the button came up inside it, on the list.
BOOST_AUTO_TEST_CASE(a_press_that_moved_its_element_away_misses_and_one_that_opened_a_list_not) {
  const json::object result =
      Run(Frames({Goto("press_moves.html"),
                  R"({"method":"page.click","params":{"role":"button","name":"v1.2.0-beta"}})",
                  Eval("picked.textContent"),
                  R"({"method":"page.click","params":{"role":"button","name":"v1.2.0-beta"}})",
                  Eval("picked.textContent"),
                  R"({"method":"page.click","params":{"role":"button","name":"Pick a fruit"}})",
                  Eval("list.hidden")},
                 R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.click","error":{"error":"click missed",)"
             R"("message":"page.click: the page moved the element as the click came: )"
             R"(section#tags \"v1.2.0-beta\" got the click instead, and the page may have acted )"
             R"(on it (a layer it drew over the element on hover may pass the click on). Take a )"
             R"(new page.snapshot to see what it did, and click again only if it did not act"}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"none"})");
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.eval","result":"v1.2.0-beta"})");
  BOOST_TEST(Record(result, 5) ==
             absl::StrCat(R"({"index":5,"method":"page.click","result":{"url":")",
                          Url("press_moves.html"), R"(","title":"Press","navigated":false}})"));
  BOOST_TEST(Record(result, 6) == R"({"index":6,"method":"page.eval","result":false})");
}

// An option that acts on the press and closes its list (Handsontable's dropdown): the release
// comes on what lay under it (the click on what holds both), but the press was taken, as a
// user's is; no miss (it said "click missed" for a choice made).
BOOST_AUTO_TEST_CASE(a_click_whose_element_the_press_took_away_is_no_miss) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<div id=cell style='height: 100px; background: lightgray' onclick='document.title = `cell clicked`'>Cell</div><div id=list role=listbox style='position: absolute; top: 20px; left: 20px; background: white'><div role=option onmousedown='chosen.textContent = `Purple`; list.style.display = `none`'>Purple</div></div><p id=chosen></p>"},"silent":true})J",
       R"({"method":"page.click","params":{"role":"option","name":"Purple"}})",
       Eval("[chosen.textContent, document.title]")},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1).find(R"("method":"page.click","result":{)") != std::string::npos,
             Record(result, 1));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":["Purple",""]})");
}

// A map that takes the focus (Leaflet's) holds its markers, its layers control and its popups:
// a control or a popup over a marker covers it (the click went to the control's label and
// switched a layer off, or to the popup, and said it clicked the marker); the map is no small
// box whose parts all take its clicks.
BOOST_AUTO_TEST_CASE(a_focusable_map_is_no_box_whose_parts_take_a_markers_click) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<div id=map tabindex=0 style='position: relative; width: 400px; height: 200px; background: silver'><div role=button aria-label=Pin tabindex=0 style='position: absolute; left: 100px; top: 50px; width: 25px; height: 41px; background: blue' onclick='document.title = `pin`'></div><div role=button aria-label=Office tabindex=0 style='position: absolute; left: 300px; top: 120px; width: 25px; height: 41px; background: red'></div><label style='position: absolute; left: 30px; top: 40px; width: 200px; height: 60px; z-index: 5; background: white'><input type=checkbox id=zones> Zones</label><div style='position: absolute; left: 250px; top: 100px; width: 120px; height: 80px; z-index: 5; background: white'><b>Office</b> Room 1.07</div></div>"},"silent":true})J",
       R"({"method":"page.click","params":{"role":"button","name":"Pin"}})",
       R"({"method":"page.click","params":{"role":"button","name":"Office"}})",
       Eval("[zones.checked, document.title]")},
      R"(,"on_error":"continue")"));
  const std::string then =
      "which would receive the click; nothing was clicked. Close or wait out the cover (e.g. "
      "page.waitFor its text with gone: true), or click it instead\"}}";
  BOOST_TEST(Record(result, 1) == Covered(1, "page.click", "div",
                                          R"( is covered by label \"Zones\" (inside div#map), )",
                                          "", then));
  BOOST_TEST(Record(result, 2) == Covered(2, "page.click", "div",
                                          R"( is covered by div \"Office Room 1.07\" (inside )"
                                          R"(div#map), )",
                                          "", then));
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.eval","result":[false,""]})");
}

// A calendar that turns its days out of range off by their pointer events alone (Pikaday's:
// no disabled attribute), or by a cursor that says not allowed (Tempus Dominus's): a click is
// "element disabled" (it said it clicked while the press went to the cell under it, or to a
// day that did nothing, and no date was picked).
BOOST_AUTO_TEST_CASE(a_day_turned_off_by_its_pointer_events_or_cursor_is_disabled) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<style>.off button { pointer-events: none; color: gray }</style><table id=cal><tr><td class=off><button>19</button></td><td><button>20</button></td><td><button style='cursor: not-allowed'>21</button></td></tr></table><p id=picked></p><script>cal.onmousedown = (e) => { if (e.target.localName === 'button' && e.target.style.cursor === '') picked.textContent = e.target.textContent; };</script>"},"silent":true})J",
       R"({"method":"page.click","params":{"role":"button","name":"19"}})",
       R"({"method":"page.click","params":{"role":"button","name":"21"}})",
       R"({"method":"page.click","params":{"role":"button","name":"20"},"silent":true})",
       Eval("picked.textContent")},
      R"(,"on_error":"continue")"));
  for (const auto& [index, day] : {std::pair{1, "19"}, std::pair{2, "21"}}) {
    BOOST_TEST(
        Record(result, index) ==
        absl::StrCat(
            R"({"index":)", index,
            R"(,"method":"page.click","error":{"error":"element disabled","message":)",
            R"("page.click: button \")", day,
            R"(\" is disabled: the page does not offer it now, and nothing was clicked. )",
            R"(A page.snapshot shows why: a form's button waits for the fields shown )",
            R"(\"required\" or \"invalid\" and the page's messages; a pager's Next is )",
            R"(disabled on the last page, a calendar's day outside the dates it allows"}})"));
  }
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.eval","result":"20"})");
}

// An L-shaped SVG shape (a polygon on a Leaflet map), whose box's middle lies outside it: the
// click goes to the point of its fill nearest that middle (it was "covered" by the svg).
BOOST_AUTO_TEST_CASE(a_shape_whose_middle_lies_outside_it_is_clicked_inside) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<svg width=300 height=300 style='background: white'><path id=wing aria-label='Office wing' role=button d='M0 0 H100 V200 H300 V300 H0 Z' fill=teal onclick='document.title = `wing`'/></svg>"},"silent":true})J",
       R"({"method":"page.click","params":{"role":"button","name":"Office wing"},"silent":true})",
       Eval("document.title")}));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"wing"})");
}

// A see-through layer laid over a calendar's time slots (react-big-calendar's events layer, in
// a wrapper of its own; the page reads the slot from the click's point): a click on a slot,
// which takes no input of its own, is the layer's to take, as a user's is (it said "covered");
// a button under such a layer is still covered.
BOOST_AUTO_TEST_CASE(a_click_on_a_plain_slot_under_a_see_through_layer_goes_through_it) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<div id=col style='position: relative; width: 200px'><div class=slot style='height: 20px'></div><div class=slot style='height: 20px'></div><div class=slot style='height: 20px'></div><div class=slot style='height: 20px'><button onclick='document.title = `button`'>Under</button></div><div><div id=layer style='position: absolute; top: 0; bottom: 0; left: 0; right: 0'><div style='height: 15px; background: teal'>Standup</div></div></div></div><script>col.onclick = (e) => { if (e.target.localName !== 'button') document.title = 'slot ' + Math.floor((e.clientY - col.getBoundingClientRect().top) / 20); };</script>"},"silent":true})J",
       R"J({"method":"page.click","params":{"css":".slot:nth-child(3)"},"silent":true})J",
       Eval("document.title"),
       R"({"method":"page.click","params":{"role":"button","name":"Under"}})"},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.click"})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"slot 2"})");
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.click","error":{"error":"element covered","message":)"
             R"("page.click: button \"Under\" is covered by div#layer \"Standup\", which would )"
             R"(receive the click; nothing was clicked. Close or wait out the cover (e.g. )"
             R"(page.waitFor its text with gone: true), or click it instead"}})");
}

// A web component's checkbox whose check mark is an icon with a shadow root of its own, inside
// the label of its hidden native box: the mark is part of the label, no cover, and the checked
// box is unchecked by its role and name.
BOOST_AUTO_TEST_CASE(a_checkbox_whose_mark_is_an_icon_component_is_unchecked_through_its_label) {
  const json::object result = Run(Frames(
      {Goto("shadow_checkbox.html"),
       R"({"method":"page.fill","params":{"role":"checkbox","name":"Subscribe to newsletter","value":true}})",
       R"({"method":"page.fill","params":{"role":"checkbox","name":"Subscribe to newsletter","value":false}})",
       Eval("document.getElementById('news').checked")}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":true}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.fill","result":{"value":false}})");
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.eval","result":false})");
}

// A button slotted into a web component's popup fixed in place (Shoelace's submenu) is drawn
// where the popup is, outside the box that holds it in the DOM and hides its overflow: no clip
// of that box applies, and the click reaches it.
BOOST_AUTO_TEST_CASE(a_button_slotted_into_a_fixed_popup_is_not_clipped_by_its_dom_holder) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<div style='overflow:hidden;height:30px;width:100px'><p style='height:40px;margin:0'>Menu</p><x-pop><button onclick='document.title=`deep`'>Deep</button></x-pop></div><script>customElements.define('x-pop', class extends HTMLElement { connectedCallback() { this.attachShadow({mode: 'open'}).innerHTML = '<div style=\"position:fixed;top:100px;left:150px\"><slot></slot></div>'; } });</script>"},"silent":true})J",
       R"({"method":"page.click","params":{"role":"button","name":"Deep"}})",
       Eval("document.title")}));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"deep"})");
}

// A click that another element got, because the page moved the content as the mouse came
// (a banner pushing the buttons down), fails naming what got it, never reports success.
BOOST_AUTO_TEST_CASE(a_click_the_page_moved_away_from_says_what_got_it) {
  const json::object result = Run(Frames(
      {Goto("shifting.html"), R"({"method":"page.click","params":{"role":"button","name":"Pay"}})",
       Eval("window.clicked"), R"({"method":"page.click","params":{"role":"button","name":"Pay"}})",
       Eval("window.clicked")},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.click","error":{"error":"click missed",)"
             R"("message":"page.click: the page moved the element as the click came: button )"
             R"(\"Delete\" got the click instead, and the page may have acted on it (a layer it )"
             R"(drew over the element on hover may pass the click on). Take a new page.snapshot )"
             R"(to see what it did, and click again only if it did not act"}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"delete"})");
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.eval","result":"pay"})");
}

// page.fill reports the value the field holds once it was left, as its blur's handlers left it
// (at once, or from a task), refuses a value the page cleared then, and after the Enter of
// submit reports what Enter left.
BOOST_AUTO_TEST_CASE(a_fill_reports_the_value_the_page_left_once_the_field_was_left) {
  const json::object result = Run(Frames(
      {Goto("leaving.html"),
       R"({"method":"page.fill","params":{"role":"textbox","name":"Seats","value":"99"}})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Guests","value":"12"}})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Check-out","value":"2025-06-01"}})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Check-out","value":"2025-06-12"}})",
       R"({"method":"page.fill","params":{"role":"combobox","name":"Fruit","value":"Kiwi","submit":true}})",
       R"({"method":"page.fill","params":{"role":"combobox","name":"Fruit","value":"Pear","submit":true}})",
       Eval("booking")},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"50"}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.fill","result":{"value":"8"}})");
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.fill","error":{"error":"not fillable","message":)"
             R"("page.fill: input#checkout took \"2025-06-01\" as typed, but its value is \"\" )"
             R"(once the field was left: the page refused the value (e.g. outside the range or )"
             R"(the format it allows), or it is a list's search box, which empties as it is )"
             R"J(left: then page.type into it and click the option it shows"}})J");
  BOOST_TEST(Record(result, 4) ==
             R"({"index":4,"method":"page.fill","result":{"value":"2025-06-12"}})");
  BOOST_TEST(Record(result, 5) == R"({"index":5,"method":"page.fill","result":{"value":""}})");
  BOOST_TEST(Record(result, 6) == R"({"index":6,"method":"page.fill","result":{"value":"Pear"}})");
  BOOST_TEST(Record(result, 7) ==
             R"({"index":7,"method":"page.eval","result":{"seats":"50","guests":"8",)"
             R"("checkout":"2025-06-12","fruit":"Pear"}})");
}

// What the page does a moment after a field changed or was left (a check that clears its
// message 20 ms later, a value reformatted from a timer) is in the fill's result.
// Widgets that act on the item they know as focused, whatever has the browser's focus: keys
// aimed at a tree item or a tab go where a user's click puts them (the item is clicked first:
// Space checked the tree's first item, ArrowRight went to the page's body), and a fill of a
// range's handle grabs it first (the keys moved the other handle).
BOOST_AUTO_TEST_CASE(keys_aimed_at_an_item_or_a_handle_go_where_a_click_puts_them) {
  const json::object result = Run(Frames(
      {Goto("items_own_focus.html"),
       R"({"method":"page.press","params":{"key":" ","target":{"role":"treeitem","name":"Reports"}}})",
       R"({"method":"page.press","params":{"key":"ArrowRight","target":{"role":"tab","name":"Tokyo"}}})",
       R"({"method":"page.fill","params":{"role":"slider","name":"To","value":"70"}})",
       Eval("[Array.from(tree.children, (i) => i.getAttribute('aria-checked')), "
            "tabs.querySelector('[aria-selected=true]').textContent, "
            "Array.from(handles, (h) => h.getAttribute('aria-valuenow'))]"),
       R"({"method":"page.snapshot","params":{"css":"#tree"}})"}));
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.fill","result":{"value":"70"}})");
  // Tokyo clicked, then ArrowRight: Lima.
  BOOST_TEST(
      Record(result, 4) ==
      R"({"index":4,"method":"page.eval","result":[["false","true","false"],"Lima",["20","70"]]})");
  // A tree item's aria-checked is its state in the outline (it said nothing).
  const std::string tree(PageSuite::Record(result, 5).at("result").as_string());
  BOOST_TEST(tree == WithRefs("- tree \"Files\" [ref={1}]\n"
                              "  - treeitem \"Documents\" [ref={2}]\n"
                              "  - treeitem \"Reports\" [ref={3}] checked\n"
                              "  - treeitem \"Photos\" [ref={4}]",
                              FirstRef(tree), 4));
}

// A spreadsheet's cells take no focus; its keys go to the cell a click selected: page.type at a
// cell clicks it first (the keys went to the page's body, and nothing changed).
BOOST_AUTO_TEST_CASE(typing_at_a_cell_that_takes_no_focus_clicks_it_first) {
  const json::object result = Run(
      Frames({Goto("sheet_cells.html"),
              R"({"method":"page.type","params":{"text":"Gizmo\n","target":{"text":"Gadget"}}})",
              Eval("Array.from(document.querySelectorAll('td'), (c) => c.textContent)")}));
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.eval","result":["Widget","3","Gizmo","5"]})");
}

// An autocomplete that keeps its open list aria-hidden while it draws its matches, which come
// 200 ms after the typing into a list emptied first (Kendo UI's): the fill names what it shows
// (it said "options": []), and a text target clicks one.
BOOST_AUTO_TEST_CASE(a_fill_names_the_options_a_list_hidden_from_readers_shows) {
  const json::object result = Run(
      Frames({Goto("hidden_list_combobox.html"),
              R"({"method":"page.fill","params":{"role":"combobox","name":"City","value":"B"}})",
              R"({"method":"page.fill","params":{"role":"combobox","name":"City","value":"Be"}})",
              R"({"method":"page.click","params":{"text":"Bern"}})", Eval("chosen.textContent")}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"B",)"
                                  R"("options":["Berlin","Bern","Brussels","Budapest"]}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.fill","result":{"value":"Be",)"
                                  R"("options":["Berlin","Bern"]}})");
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.eval","result":"Bern"})");
}

// A grid's filter in a header of plain boxes (Webix's): the rows are filtered when the fill
// returns, 500 ms after the key (it returned at once, the grid's focus mark taken for them).
BOOST_AUTO_TEST_CASE(a_filter_in_a_grids_header_of_plain_boxes_has_filtered_its_rows) {
  const json::object result = Run(Frames(
      {Goto("grid_header_filter.html"),
       R"({"method":"page.fill","params":{"role":"textbox","name":"Filter names","value":"o"}})",
       Eval("Array.from(document.querySelectorAll('[role=gridcell]'), (c) => c.textContent)")}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"o"}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":["Boris","Dora"]})");
}

// A remove button an item shows, and lets take the pointer, only on the item's hover (Naive UI's
// transfer list) is no turned-off control: the click's pointer comes over the item and
// presses it (it was "disabled", and refused).
BOOST_AUTO_TEST_CASE(a_button_an_item_shows_on_its_hover_is_clicked) {
  const json::object result = Run(Frames(
      {Goto("hover_remove.html"), R"({"method":"page.snapshot","params":{"css":"li:last-child"}})",
       R"({"method":"page.click","params":{"role":"button","name":"Remove Kim"}})",
       Eval("Array.from(document.querySelectorAll('li'), "
            "(li) => li.firstChild.textContent.trim())")}));
  const std::string item(PageSuite::Record(result, 1).at("result").as_string());
  BOOST_TEST(item == WithRefs("- listitem\n"
                              "  - text \"Kim\"\n"
                              "  - button \"Remove Kim\" [ref={1}]",
                              FirstRef(item), 1));
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.eval","result":["Eve"]})");
}

// A date field marked as a combobox that draws no list for the text (Syncfusion's date picker)
// takes the date as it is left: the fill leaves it, as a text field, when no list came.
BOOST_AUTO_TEST_CASE(a_fill_leaves_a_combobox_that_drew_no_list_for_the_text) {
  const json::object result = Run(Frames(
      {Goto("date_no_list.html"),
       R"({"method":"page.fill","params":{"role":"combobox","name":"Birthday","value":"7/14/2025"}})",
       Eval("[taken.textContent, document.activeElement.localName]")}));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","result":{"value":"7/14/2025"}})");
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.eval","result":["2025-07-14","body"]})");
}

BOOST_AUTO_TEST_CASE(a_fill_reports_the_check_and_value_the_page_drew_a_moment_after) {
  const json::object result = Run(Frames(
      {Goto("late_check.html"),
       R"({"method":"page.fill","params":{"role":"combobox","name":"Country","value":"Norway"}})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Name","value":"Ada"}})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Amount","value":"1234.5"}})"}));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","result":{"value":"no","label":"Norway"}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.fill","result":{"value":"Ada"}})");
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.fill","result":{"value":"1,234.50"}})");
}

// A combobox whose list says "Loading..." until its options come 300 ms after the typing: the
// fill returns once they have come, and names them.
BOOST_AUTO_TEST_CASE(a_fill_into_a_combobox_waits_out_its_list_saying_loading) {
  const json::object result = Run(Frames(
      {Goto("suggest_later.html"),
       R"({"method":"page.fill","params":{"role":"combobox","name":"Nearest office city","value":"Vi"}})",
       Eval("document.getElementById('cities').innerText")}));
  // The result names the options the list then offers: the text typed is no choice yet.
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"Vi",)"
                                  R"("options":["Vienna","Vilnius"]}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"Vienna\nVilnius"})");
}

// A combobox that names its own list (aria-controls) offers what that list shows, and none of
// another list on the page (a listbox of fruit beside a city field).
BOOST_AUTO_TEST_CASE(a_fill_names_no_options_of_a_list_the_field_does_not_control) {
  const json::object result = Run(Frames(
      {R"({"method":"page.goto","params":{"url":"data:text/html,<input role=combobox )"
       R"(aria-label=City aria-controls=cities aria-expanded=false><div id=cities role=listbox )"
       R"(hidden></div><div role=listbox aria-label=Fruit><div role=option>Apple</div></div>"}})",
       R"({"method":"page.fill","params":{"role":"combobox","name":"City","value":"Vi"}})"}));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","result":{"value":"Vi","options":[]}})");
}

// A search box that filters the table it controls (DataTables') shows no list: it offers
// nothing to pick, and says nothing of options (it said "options": [], as a combobox whose
// list found nothing does).
BOOST_AUTO_TEST_CASE(a_search_box_that_filters_a_table_names_no_options) {
  const json::object result = Run(Frames(
      {R"({"method":"page.goto","params":{"url":"data:text/html,<input type=search )"
       R"(aria-label=Search aria-controls=staff><table id=staff><tr><td>Ada</td></tr><tr>)"
       R"(<td>Bob</td></tr></table><script>document.querySelector('input').oninput = (e) => )"
       R"({ for (const row of document.querySelectorAll('tr')) row.hidden = )"
       R"(!row.textContent.includes(e.target.value); };</script>"}})",
       R"({"method":"page.fill","params":{"role":"searchbox","name":"Search","value":"Ad"}})",
       Eval("[...document.querySelectorAll('tr')].map((row) => row.hidden)")}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"Ad"}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":[false,true]})");
}

// page.fill tells the page's key listeners of the typing: a keydown of the first key before
// the text goes in, a keyup of the last after (Backspace for a cleared field), so a combobox
// that opens its list on a keydown offers its options and a search run on keyup runs; the
// field is left as by Tab (its keydown, then the blur).
BOOST_AUTO_TEST_CASE(a_fill_tells_key_listeners_of_its_first_and_last_key) {
  const json::object result = Run(Frames(
      {Goto("key_listeners.html"),
       R"({"method":"page.fill","params":{"role":"combobox","name":"City","value":"par"}})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Find a file","value":"notes"}})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Logged","value":"Zip 9"}})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Logged","value":""}})",
       Eval("document.getElementById('found').textContent + ' | ' + events.join(' ')")}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"par",)"
                                  R"("options":["Paris","Parma"]}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.fill","result":{"value":"notes"}})");
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.fill","result":{"value":"Zip 9"}})");
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.fill","result":{"value":""}})");
  BOOST_TEST(Record(result, 5) ==
             R"({"index":5,"method":"page.eval","result":"Found: notes.txt, notes.md | )"
             R"(focus keydown:Z/KeyZ/90/shift input keyup:9/Digit9/57 keydown:Tab/Tab/9 change )"
             R"(blur focus keydown:Backspace/Backspace/8 input keyup:Backspace/Backspace/8 )"
             R"(keydown:Tab/Tab/9 change blur"})");
}

// Another field's list closing as the focus moves on (City's, 50 ms after its blur) is no
// answer to what was typed into this one: Country's options, 400 ms after the typing, are.
BOOST_AUTO_TEST_CASE(a_fill_does_not_take_another_fields_list_closing_for_its_answer) {
  const json::object result = Run(Frames(
      {Goto("two_suggesting.html"),
       R"({"method":"page.fill","params":{"role":"combobox","name":"City","value":"li"}})",
       R"({"method":"page.fill","params":{"role":"combobox","name":"Country","value":"ia"}})"}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"li",)"
                                  R"("options":["Lima","Lisbon"]}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.fill","result":{"value":"ia",)"
                                  R"("options":["Australia","India"]}})");
}

// A list whose notice of the search under way is a disabled option (Select2's "Searching…")
// is waited for as one that says "Loading...": the options that follow are the answer; also
// when the notice showed before the typing and stays unchanged until the answer (Select2's,
// from the search its opening began), 1.2 s after the typing; and a spinner with no text (Tom
// Select's), 1 s after.
BOOST_AUTO_TEST_CASE(a_fill_waits_out_a_searching_notice_that_stands_as_a_disabled_option) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html;charset=utf-8,<input role=combobox aria-label=State aria-controls=states aria-expanded=true id=f><ul role=listbox id=states></ul><input role=combobox aria-label=User aria-controls=users aria-expanded=true id=g><ul role=listbox id=users><li role=option aria-disabled=true>Searching…</li></ul><script>const answer = (list, names, ms) => setTimeout(() => { list.innerHTML = names.map((s) => '<li role=option>' + s + '</li>').join(''); }, ms); f.oninput = () => { states.innerHTML = '<li role=option aria-disabled=true>Searching…</li>'; answer(states, ['New York', 'New Mexico'], 300); }; g.oninput = () => answer(users, ['alice', 'alina'], 1200);</script><input role=combobox aria-label=Repo aria-controls=repos aria-expanded=true id=h><div role=listbox id=repos></div><script>h.oninput = () => { repos.innerHTML = '<div class=spinner></div>'; answer(repos, ['react', 'redux'], 1000); };</script>"},"silent":true})J",
       R"({"method":"page.fill","params":{"role":"combobox","name":"State","value":"new"}})",
       R"({"method":"page.fill","params":{"role":"combobox","name":"User","value":"al"}})",
       R"({"method":"page.fill","params":{"role":"combobox","name":"Repo","value":"re"}})"}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"new",)"
                                  R"("options":["New York","New Mexico"]}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.fill","result":{"value":"al",)"
                                  R"("options":["alice","alina"]}})");
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.fill","result":{"value":"re",)"
                                  R"("options":["react","redux"]}})");
}

// A field that names no list but whose keys are on an option of one (aria-activedescendant, as
// Choices.js's search field), beside another list shown (what was chosen): its options are
// that list's; so are those of the one list shown in the combobox drawn around a field
// (Choices.js's multiple select).
BOOST_AUTO_TEST_CASE(a_fill_offers_the_options_of_the_list_its_active_option_is_in) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<div role=listbox aria-label=Chosen><div role=option aria-selected=true>Norway</div></div><input aria-label=Country aria-autocomplete=list id=f><div role=listbox id=l hidden></div><div role=combobox><input type=search aria-label=Languages id=g><div role=listbox id=m hidden></div></div><script>const show = (field, list, names) => { list.hidden = false; list.innerHTML = names.filter((c) => c.toLowerCase().includes(field.value.toLowerCase())).map((c, i) => '<div role=option id=' + list.id + i + '>' + c + '</div>').join(''); }; f.oninput = () => { show(f, l, ['Australia', 'Austria', 'Spain']); f.setAttribute('aria-activedescendant', 'l0'); }; g.oninput = () => show(g, m, ['Japanese', 'Javanese', 'Thai']);</script>"},"silent":true})J",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Country","value":"aus"}})",
       R"({"method":"page.fill","params":{"role":"searchbox","name":"Languages","value":"ja"}})"}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"aus",)"
                                  R"("options":["Australia","Austria"]}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.fill","result":{"value":"ja",)"
                                  R"("options":["Japanese","Javanese"]}})");
}

// A search box filled while a tree's item had the focus: the item dropping its focus marks a
// moment later is no answer to the typing; the search, 250 ms after the keys, is.
BOOST_AUTO_TEST_CASE(a_fill_does_not_take_what_lost_the_focus_for_the_pages_answer) {
  const json::object result = Run(Frames(
      {Goto("tree_search.html"), R"({"method":"page.click","params":{"text":"Lemon"}})",
       R"({"method":"page.fill","params":{"role":"searchbox","name":"Search the tree","value":"o"}})",
       Eval("shown()")}));
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.eval","result":["Lemon","Orange","Carrot"]})");
}

// Leaving a field is a Tab, as for a user: a date field that takes its text on Tab's keydown
// (vanillajs-datepicker) takes it; a textarea, where a page's Tab may indent, gets none.
BOOST_AUTO_TEST_CASE(a_fill_leaves_a_field_as_tab_does) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html;charset=utf-8,<input aria-label=Start id=s><textarea aria-label=Code id=c></textarea><script>s.onkeydown = (e) => { if (e.key === 'Tab') window.picked = s.value; }; c.onkeydown = (e) => { if (e.key === 'Tab') { e.preventDefault(); c.value += '\t'; } };</script>"},"silent":true})J",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Start","value":"2027-03-15"}})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Code","value":"x"}})",
       Eval("[window.picked, document.getElementById('c').value]")}));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.fill","result":{"value":"x"}})");
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.eval","result":["2027-03-15","x"]})");
}

// With submit, Enter comes once the list has answered the typing, as a user presses it after
// seeing the match: at once, it would find only "Loading..." and choose nothing.
BOOST_AUTO_TEST_CASE(a_fill_that_submits_a_combobox_presses_enter_once_its_list_answered) {
  const json::object result = Run(
      Frames({Goto("suggest_later.html"),
              R"({"method":"page.fill","params":{"role":"combobox","name":"Nearest office city",)"
              R"("value":"Vil","submit":true}})",
              Eval("chosen")}));
  // No option marked for the Enter: what the list offered as it came; the page chose its first.
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"Vilnius",)"
                                  R"("options":["Vilnius"]}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"Vilnius"})");
}

// A combobox that completes inline (Fluent's): the field shows "Blue" for "Bl", "ue" selected,
// and nothing is chosen; the fill says which part the field added. Enter (submit) chooses it.
BOOST_AUTO_TEST_CASE(a_fill_into_a_combobox_that_completes_inline_says_what_it_added) {
  const json::object result = Run(
      Frames({Goto("inline_completion.html"),
              R"({"method":"page.fill","params":{"role":"combobox","name":"Colour","value":"Bl"}})",
              Eval("document.getElementById('chosen').textContent"),
              R"({"method":"page.fill","params":{"role":"combobox","name":"Colour","value":"Gr",)"
              R"("submit":true}})",
              Eval("document.getElementById('chosen').textContent")}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"Blue",)"
                                  R"("completion":"ue","options":["Blue","Black"]}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":""})");
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.fill","result":{"value":"Green",)"
                                  R"("options":["Green"]}})");
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.eval","result":"Green"})");
}

// A list whose keys stay in the field marks the option they are on aria-selected (Tagify's,
// cmdk's), without aria-activedescendant: the Enter of a submit went to that option, and the
// fill names it.
BOOST_AUTO_TEST_CASE(a_fill_submitted_to_a_list_that_marks_its_option_selected_names_it) {
  const json::object result =
      Run(Frames({Goto("marked_option.html"),
                  R"({"method":"page.fill","params":{"role":"combobox","name":"Add a tag",)"
                  R"("value":"jav","submit":true}})",
                  Eval("tags")}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"",)"
                                  R"("enter_on":"javascript"}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":["javascript"]})");
}

// A date field that opens a calendar (a combobox with aria-haspopup="dialog", PrimeReact's) is
// filled as a field: left afterwards, so a date it refuses as it is left is no fill.
BOOST_AUTO_TEST_CASE(a_date_combobox_that_opens_a_calendar_is_filled_and_left_as_a_field) {
  const json::object result = Run(Frames(
      {Goto("date_combobox.html"),
       R"({"method":"page.fill","params":{"role":"combobox","name":"Due date","value":"12/05/2026"}})",
       R"({"method":"page.fill","params":{"role":"combobox","name":"Due date","value":"12/20/2026"}})",
       Eval("chosen")},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","error":{"error":"not fillable","message":)"
             R"("page.fill: input#due took \"12/05/2026\" as typed, but its value is \"\" )"
             R"(once the field was left: the page refused the value (e.g. outside the range or )"
             R"(the format it allows), or it is a list's search box, which empties as it is )"
             R"(left: then page.type into it and click the option it shows"}})");
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.fill","result":{"value":"12/20/2026"}})");
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.eval","result":"12/20/2026"})");
}

// A date field whose calendar takes the date on Enter only and keeps the focus on Tab
// (Vaadin's date picker): left, its calendar is still open and the date not taken, which the
// fill says ("expanded": true; it said only the text); with submit, the Enter takes it.
BOOST_AUTO_TEST_CASE(a_date_field_left_with_its_calendar_open_says_so) {
  const json::object result = Run(Frames(
      {Goto("date_combobox_enter.html"),
       R"({"method":"page.fill","params":{"role":"combobox","name":"Start date","value":"3/15/2026"}})",
       Eval("chosen"),
       R"({"method":"page.fill","params":{"role":"combobox","name":"Start date","value":"3/15/2026",)"
       R"("submit":true}})",
       Eval("[chosen, start.getAttribute('aria-expanded')]")}));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","result":{"value":"3/15/2026","expanded":true}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":null})");
  BOOST_TEST(Record(result, 4) ==
             R"({"index":4,"method":"page.eval","result":["3/15/2026","false"]})");
}

// A dropdown whose menu slides open from the click on its search field and slides shut
// (300 ms) from a timer the Enter that chose set, its field losing the focus and what it holds
// only once that slide ended (Fomantic UI's, whose slide ended past the settle): the Enter's
// settle counted from the fill's click, long past, and ended before the slide began, so the
// next fill typed into the field the page was about to empty, and its Enter went to the page
// and chose nothing. It counts from the Enter.
BOOST_AUTO_TEST_CASE(submits_settle_counts_from_its_enter_not_from_the_fills_click) {
  const json::object result = Run(
      Frames({Goto("closing_menu.html"),
              R"({"method":"page.fill","params":{"role":"combobox","name":"Fruit","value":"Pe",)"
              R"("submit":true}})",
              Eval("[chosen, document.activeElement.localName, menu.hidden]"),
              R"({"method":"page.fill","params":{"role":"combobox","name":"Fruit","value":"Pl",)"
              R"("submit":true}})",
              Eval("chosen")}));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","result":{"value":"","options":["Peach"],)"
             R"("shows":"Peach"}})");
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.eval","result":[["Peach"],"body",true]})");
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.fill","result":{"value":"","options":["Plum"],)"
             R"("shows":"Plum"}})");
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.eval","result":["Peach","Plum"]})");
}

// A picker whose panel floats under the body, saying nothing of itself, and that drops a
// typed value not confirmed as its field is left (Ant Design Vue's date picker with a time):
// the refusal says the panel stood open and how to confirm (it blamed the value's format).
BOOST_AUTO_TEST_CASE(a_picker_that_empties_an_unconfirmed_value_says_to_confirm_it) {
  const json::object result =
      Run(Frames({Goto("picker_confirm.html"),
                  R"({"method":"page.fill","params":{"role":"textbox","name":"Starts at",)"
                  R"("value":"2024-04-01 08:00"}})",
                  R"({"method":"page.fill","params":{"role":"textbox","name":"Starts at",)"
                  R"("value":"2024-04-01 08:00","submit":true}})",
                  Eval("[chosen, starts.value]")},
                 R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","error":{"error":"not fillable","message":)"
             R"("page.fill: input#starts took \"2024-04-01 08:00\" as typed, but its value is )"
             R"(\"\" once the field was left with its popup open: the page refused the value )"
             R"((e.g. the format it allows), or its picker wants the choice confirmed: )"
             R"J(\"submit\": true (its Enter), or a click on its OK"}})J");
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.fill","result":{"value":"2024-04-01 08:00"}})");
  BOOST_TEST(
      Record(result, 3) ==
      R"({"index":3,"method":"page.eval","result":["2024-04-01 08:00","2024-04-01 08:00"]})");
}

// A range picker that reverts a range of one date on Enter (Naive UI's): the Enter closed its
// popup and left the field empty, nothing shown beside it; the fill said {"value": ""}, the
// shape of a select's search box that chose an option.
BOOST_AUTO_TEST_CASE(an_enter_that_drops_the_text_typed_is_not_a_fill) {
  const json::object result =
      Run(Frames({Goto("picker_confirm.html"),
                  R"({"method":"page.fill","params":{"role":"textbox","name":"From",)"
                  R"("value":"2024-05-01","submit":true}})",
                  Eval("[range, from.value]")},
                 R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","error":{"error":"not fillable","message":)"
             R"("page.fill: input#from took \"2024-05-01\" as typed, but its value is \"\" )"
             R"(after the Enter, which closed its popup with nothing beside the field showing )"
             R"(the text: the page dropped it (a picker that wants more first, as a range )"
             R"J(picker both dates and its confirm button: pick them in its panel)"}})J");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":[null,""]})");
}

// A select drawn without roles that chooses on Enter, empties its search field and shows the
// option chosen beside it (Naive UI's): the result says what it shows ("" alone read as
// nothing done).
BOOST_AUTO_TEST_CASE(an_enter_that_empties_a_search_field_says_what_its_box_shows) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<div><div><span id=chosen>Pick a city</span> <input id=q aria-label=City autocomplete=off></div></div><script>let list = null; q.onfocus = () => { list = document.createElement('ul'); list.style = 'position: absolute; left: 8px; top: 40px; margin: 0; background: white'; list.innerHTML = '<li>Lisbon</li><li>London</li>'; document.body.append(list); }; q.onkeydown = (e) => { if (e.key !== 'Enter') return; const hit = [...list.children].find((li) => li.textContent.startsWith(q.value)); if (hit) chosen.textContent = hit.textContent; q.value = ''; list.remove(); list = null; };</script>"},"silent":true})J",
       R"({"method":"page.fill","params":{"role":"textbox","name":"City","value":"Lis","submit":true}})",
       Eval("chosen.textContent")}));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","result":{"value":"","shows":"Lisbon"}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"Lisbon"})");
}

// A tag input that makes a tag of the text on Enter and empties its field (Arco's): taken, as
// when a tag input makes tags of the text as it is left.
BOOST_AUTO_TEST_CASE(an_enter_that_makes_a_tag_of_the_text_says_it_was_taken) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<h3>Labels</h3><div><div><span id=tags></span> <input id=t aria-label=Labels></div></div><script>t.onkeydown = (e) => { if (e.key !== 'Enter' || !t.value) return; const tag = document.createElement('span'); tag.textContent = t.value; tags.append(tag, ' '); t.value = ''; };</script>"},"silent":true})J",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Labels","value":"alpha","submit":true}})",
       Eval("tags.textContent")}));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","result":{"value":"","taken":true}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"alpha "})");
}

// A tag input makes tags of text with a comma in it and empties its field (Tagify): the page
// took the text, which it shows beside the field; an empty field is no refusal then.
BOOST_AUTO_TEST_CASE(a_tag_input_that_takes_the_text_as_tags_empties_its_field) {
  const json::object result = Run(Frames(
      {Goto("tag_input.html"),
       R"({"method":"page.fill","params":{"role":"textbox","name":"Tags","value":"alpha, beta"}})",
       Eval("tags()")}));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","result":{"value":"","taken":true}})");
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.eval","result":["css","alpha","beta"]})");
}

// An autocomplete that redraws its own wrapper at once and shows its matches 300 ms later
// (PrimeReact's): the fill waits for the list, so its options are the answer to the text.
BOOST_AUTO_TEST_CASE(a_fill_waits_for_the_list_not_for_the_fields_own_redraw) {
  const json::object result = Run(Frames(
      {Goto("debounced_list.html"),
       R"({"method":"page.fill","params":{"role":"combobox","name":"Country","value":"Ch"}})"}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"Ch",)"
                                  R"("options":["Chile","China"]}})");
}

// The list a slow search (300 ms, then 400 ms for its answer) still shows for the previous
// text is no answer to the next: the fill waits for the list to change, and names what it then
// offers; one that offered no list in time names none.
BOOST_AUTO_TEST_CASE(a_fill_names_no_options_the_list_showed_for_the_previous_text) {
  const json::object result = Run(Frames(
      {Goto("debounced_list.html?answer_ms=400"),
       R"({"method":"page.fill","params":{"role":"combobox","name":"Country","value":"Ar"}})",
       R"({"method":"page.waitFor","params":{"role":"option","name":"Armenia"}})",
       R"({"method":"page.fill","params":{"role":"combobox","name":"Country","value":"Ch"}})"}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"Ar"}})");
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.fill","result":{"value":"Ch",)"
                                  R"("options":["Chile","China"]}})");
}

// A combobox whose text the page keeps in its state and draws a frame later: the fill reads
// the value the page drew, not the old text it showed as the input ended.
BOOST_AUTO_TEST_CASE(a_fill_into_a_field_whose_text_the_page_draws_later_takes) {
  const json::object result = Run(Frames(
      {Goto("suggest_later.html"),
       R"({"method":"page.fill","params":{"role":"combobox","name":"Languages","value":"pyt"}})",
       Eval("[languageState, language.value]")}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"pyt"}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":["pyt","pyt"]})");
}

// A box edited in place that the page takes away as it loses the focus: a fill whose text
// the page then does not show failed (the edit was dropped); one whose text it shows held.
BOOST_AUTO_TEST_CASE(a_fill_into_a_box_the_page_takes_away_on_leaving_says_whether_it_held) {
  const json::object result = Run(Frames(
      {Goto("leaving.html"),
       R"({"method":"page.fill","params":{"role":"textbox","name":"File name","value":"notes.txt"}})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Folder name","value":"Songs"}})",
       Eval("[file.textContent, folder.textContent]")},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","error":{"error":"not fillable","message":)"
             R"("page.fill: input took \"notes.txt\" as typed, but the page removed the field )"
             R"(once it was left and shows \"todo.txt\" where it was, not \"notes.txt\": it )"
             R"(dropped the edit, or took another value. A field that saves on Enter takes the )"
             R"(value with \"submit\": true"}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.fill","result":{"value":"Songs"}})");
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.eval","result":["todo.txt","Songs"]})");
}

// The icon a click went to, which the button's handler then drew anew, was inside the button
// when the click came: the click reached it.
BOOST_AUTO_TEST_CASE(a_click_whose_handler_redraws_what_it_hit_reached_its_element) {
  const json::object result = Run(Frames(
      {Goto("redraw.html"), R"({"method":"page.click","params":{"role":"button","name":"Bold"}})",
       Eval("[window.clicks, document.querySelector('button').ariaPressed]")}));
  BOOST_TEST(Record(result, 1) ==
             absl::StrCat(R"({"index":1,"method":"page.click","result":{"url":")",
                          Url("redraw.html"), R"(","title":"Redraw","navigated":false}})"));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":[1,"true"]})");
}

// A field kept for screen readers in a box clipped to a pixel (PrimeVue's multiselect) is
// clicked where a user sees its widget, which opens the list. Quasar's selects: a label around
// the field shows what it says beyond the field's own aria-label (the chip of what was
// chosen), and a combobox field a pixel wide and see-through is listed where its widget is.
BOOST_AUTO_TEST_CASE(a_field_kept_for_screen_readers_is_clicked_on_the_widget_that_shows_it) {
  const json::object result =
      Run(Frames({Goto("hidden_field.html"),
                  R"({"method":"page.click","params":{"role":"combobox","name":"Cities"}})",
                  R"({"method":"page.snapshot"})"}));
  const std::string outline(PageSuite::Record(result, 2).at("result").as_string());
  BOOST_TEST(outline == WithRefs("- combobox \"Cities\" [ref={1}] expanded\n"
                                 "- text \"Select Cities\"\n"
                                 "- listbox \"Cities\" [ref={2}]\n"
                                 "  - option \"Rome\" [ref={3}]\n"
                                 "  - option \"Paris\" [ref={4}]\n"
                                 "- text \"Notify me by\"\n"
                                 "- checkbox \"Email\" [ref={5}] checked\n"
                                 "- checkbox \"SMS\" [ref={6}]\n"
                                 "- text \"Tags Glass\"\n"
                                 "- combobox \"Tags\" [ref={7}] collapsed\n"
                                 "- text \"Carrier UPS\"\n"
                                 "- combobox \"Carrier\" [ref={8}] collapsed value=\"UPS\"",
                                 FirstRef(outline), 8));
}

// A checkbox clipped to a pixel itself, drawn by its label (Chakra's): listed with its state,
// and filled by its role and name or by its label's words.
BOOST_AUTO_TEST_CASE(a_checkbox_clipped_to_a_pixel_is_listed_and_filled_through_its_label) {
  const json::object result = Run(Frames(
      {Goto("hidden_field.html"),
       R"({"method":"page.snapshot","params":{"root":{"css":"label:first-of-type"}}})",
       R"({"method":"page.fill","params":{"role":"checkbox","name":"Email","value":false}})",
       R"({"method":"page.fill","params":{"text":"SMS","value":true}})",
       Eval("[...document.querySelectorAll('[type=checkbox]')].map((box) => box.checked)")}));
  const std::string outline(PageSuite::Record(result, 1).at("result").as_string());
  BOOST_TEST(outline == WithRefs("- checkbox \"Email\" [ref={1}] checked", FirstRef(outline), 1));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.fill","result":{"value":false}})");
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.fill","result":{"value":true}})");
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.eval","result":[false,true]})");
}

// A list that makes the rest of the page inert while it is open (Headless UI's): a ref into
// that content is not "covered" by the container the pointer reaches instead; the list must be
// closed first, and then the click acts.
BOOST_AUTO_TEST_CASE(a_ref_into_content_an_open_list_made_inert_says_to_close_it) {
  const json::object result =
      Run(Frames({Goto("inert_list.html"),
                  R"J({"method":"page.eval","label":"email","params":{"expression":)J"
                  R"J("document.getElementById('email')"}})J",
                  R"({"method":"page.click","params":{"text":"Size Medium"}})",
                  R"({"method":"page.click","params":{"ref":"<<email.ref>>"}})",
                  R"({"method":"page.press","params":{"key":"Escape"}})",
                  R"({"method":"page.click","params":{"ref":"<<email.ref>>"}})",
                  Eval("document.getElementById('email').getAttribute('aria-checked')")},
                 R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.click","error":{"error":"element covered",)"
             R"("message":"page.click: button#email \"Email notifications\" lies in content the )"
             R"(page has made inert, as pages do while a menu, a listbox or a modal dialog is )"
             R"(open; nothing was clicked. Close or finish that first (e.g. page.press Escape), )"
             R"(or act inside it"}})");
  BOOST_TEST(Record(result, 6) == R"({"index":6,"method":"page.eval","result":"true"})");
}

BOOST_AUTO_TEST_CASE(a_covered_first_match_says_it_was_the_first_of_several) {
  const json::object result =
      Run(Frames({Goto("overlay.html"), R"({"method":"page.click","params":{"css":"button"}})"}));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.click","error":{"error":"element covered",)"
             R"("message":"page.click: button#buy \"Buy now\" lies behind div#overlay )"
             R"(\"Please accept cookies\", which covers the page as a modal's backdrop does: )"
             R"(the pointer and keys go to the modal, not to it; nothing was clicked. Close or )"
             R"(finish that first (e.g. page.press Escape), or act inside it (the first of the )"
             R"(3 elements the target matches; the )"
             R"~(ref of another, from page.snapshot, acts on that one)"}})~");
}

// How every "element disabled" record ends.
const std::string kDisabledWhy =
    R"(the page does not offer it now, and nothing was clicked. A page.snapshot shows why: )"
    R"(a form's button waits for the fields shown \"required\" or \"invalid\" and the )"
    R"(page's messages; a pager's Next is disabled on the last page, a calendar's day )"
    R"(outside the dates it allows"}})";

// A disabled button is not clicked: the click waits up to 1 s for the page to enable it,
// then says it is disabled and what to look at.
BOOST_AUTO_TEST_CASE(a_disabled_button_is_clicked_only_once_the_page_enables_it) {
  const json::object result = Run(Frames(
      {Goto("wizard.html"), R"({"method":"page.click","params":{"role":"button","name":"Next"}})",
       Eval("setTimeout(() => { document.getElementById('next1').disabled = false; }, 300)"),
       R"({"method":"page.click","params":{"role":"button","name":"Next"}})",
       R"({"method":"page.text","params":{"css":"legend"}})"},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.click","error":{"error":"element disabled",)"
             R"("message":"page.click: button#next1 \"Next\" is disabled: )" +
                 kDisabledWhy);
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.click","result":{"url":")" +
                                      Url("wizard.html") +
                                      R"(","title":"Open an account","navigated":false}})");
  BOOST_TEST(Record(result, 4) ==
             R"({"index":4,"method":"page.text","result":"Step 2 of 3: Address"})");
  // Inside a disabled fieldset, every control is disabled too.
  const json::object fieldset =
      Run(Frames({Eval("document.getElementById('step2').disabled = true"),
                  R"({"method":"page.click","params":{"role":"button","name":"Back"}})"},
                 R"(,"on_error":"continue")"));
  BOOST_TEST(Record(fieldset, 1) ==
             R"({"index":1,"method":"page.click","error":{"error":"element disabled",)"
             R"("message":"page.click: button#back2 \"Back\" is disabled: )" +
                 kDisabledWhy);
}

// A disabled field is not filled: the fill waits up to 1 s for the page to enable it (a
// field or list enabled once the step before it is done), then says it is disabled.
BOOST_AUTO_TEST_CASE(a_disabled_field_is_filled_only_once_the_page_enables_it) {
  const json::object result = Run(Frames(
      {Goto("signup.html"),
       Eval("document.getElementById('name').disabled = true; "
            "setTimeout(() => { document.getElementById('name').disabled = false; }, 300)"),
       R"({"method":"page.fill","params":{"css":"#name","value":"Ada"}})",
       Eval("const f = document.createElement('fieldset'); f.disabled = true; "
            "document.getElementById('email').replaceWith(f); "
            "f.append(document.createElement('input')); f.firstChild.id = 'email'"),
       R"({"method":"page.fill","params":{"css":"#email","value":"ada@example.com"}})",
       Eval("[document.getElementById('name').value, document.getElementById('email').value]")},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.fill","result":{"value":"Ada"}})");
  BOOST_TEST(Record(result, 4) ==
             R"({"index":4,"method":"page.fill","error":{"error":"not fillable",)"
             R"("message":"page.fill: input#email is disabled: the page does not take input )"
             R"(there now, and nothing was filled. A page.snapshot shows what the form needs )"
             R"(first"}})");
  BOOST_TEST(Record(result, 5) == R"({"index":5,"method":"page.eval","result":["Ada",""]})");
}

// A number field given letters shows them but holds "": the browser refused them, not the
// page, and the field says how to fill it.
BOOST_AUTO_TEST_CASE(a_number_field_given_letters_says_it_holds_no_number) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<label>Qty <input type=number id=q></label>"},"silent":true})J",
       R"({"method":"page.fill","params":{"role":"spinbutton","name":"Qty","value":"abc"}})",
       R"({"method":"page.eval","params":{"expression":"q.value + '|' + q.validity.badInput"}})",
       R"({"method":"page.fill","params":{"role":"spinbutton","name":"Qty","value":"12"}})"},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","error":{"error":"not fillable",)"
             R"("message":"page.fill: input#q did not take \"abc\": it is a number field, )"
             R"(which shows the text but holds \"\" for text it cannot read as a number (the )"
             R"(field is invalid and the page sees no value): give it a number, such as \"12\" )"
             R"(or \"1.5\""}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"|true"})");
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.fill","result":{"value":"12"}})");
}

// A dialog that speaks as it opens (SweetAlert2's modal is aria-live="assertive") is heard
// by its message, not its buttons' words ("... Yes, delete it Cancel"), which page.snapshot
// lists with refs.
BOOST_AUTO_TEST_CASE(a_dialog_that_speaks_is_heard_by_its_message_without_its_buttons) {
  const std::string url =
      "data:text/html,<button onclick=\"document.getElementById('ask').hidden = false\">Delete"
      "</button><div id=ask role=dialog aria-modal=true aria-live=assertive hidden><h2>Delete "
      "account?</h2><p>This cannot be undone.</p><button>Yes, delete it</button>"
      "<button>Cancel</button></div>";
  const json::object result =
      Run(Frames({absl::StrCat(R"({"method":"page.goto","params":{"url":)", PageSuite::Quote(url),
                               R"(},"silent":true})"),
                  R"({"method":"page.click","params":{"text":"Delete"}})"}));
  BOOST_TEST(Record(result, 1) ==
             absl::StrCat(R"({"index":1,"method":"page.click","result":{"url":)",
                          PageSuite::Quote(url),
                          R"(,"title":"","navigated":false,"alerts":["Delete account? This )"
                          R"(cannot be undone."]}})"));
}

// page.fill says when nothing it typed stayed: a field an open modal dialog keeps from input,
// a field whose page removes what was typed.
BOOST_AUTO_TEST_CASE(a_fill_that_does_not_take_says_why) {
  const json::object result = Run(Frames(
      {Goto("wizard.html"),
       Eval("['step1', 'step2'].forEach((id) => "
            "document.getElementById(id).hidden = id === 'step1')"),
       R"({"method":"page.fill","params":{"role":"textbox","name":"Postcode","value":"N1 9GU"}})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Postcode","value":"12345"}})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Postcode","value":"AB"}})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Street","value":"x"}})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Street","value":""}})",
       Goto("shortcuts.html"), R"({"method":"page.click","params":{"text":"Compose"}})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Signature","value":"Ada"}})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Subject","value":"Hi"}})",
       R"J({"method":"page.eval","label":"sig","params":{"expression":"[...document.)J"
       R"J(querySelectorAll('*')].map((e) => e.shadowRoot && e.shadowRoot.getElementById('sig')))J"
       R"J(.find(Boolean)"}})J",
       R"({"method":"page.fill","params":{"ref":"<<sig.ref>>","value":"Ada"}})"},
      R"(,"on_error":"continue")"));
  // Digits only: "N1 9GU" leaves the 1 and the 9, which the page's check, an alert, refuses.
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.fill","result":{"value":"19",)"
                                  R"("alerts":["Postcode is 5 digits."]}})");
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.fill","result":{"value":"12345"}})");
  BOOST_TEST(Record(result, 4) ==
             R"({"index":4,"method":"page.fill","error":{"error":"not fillable",)"
             R"("message":"page.fill: input#postcode did not take \"AB\": its value is \"\" )"
             R"(afterwards, so the page refused the typing (e.g. it only takes certain )"
             R"J(characters, or something else must be done first)"}})J");
  // Emptied, a required field of a form that checks itself (novalidate) quotes no message of
  // the browser's, which the page never shows (its Next stays disabled).
  BOOST_TEST(Record(result, 6) == R"({"index":6,"method":"page.fill","result":{"value":""}})");
  // The page behind a modal <dialog> is inert: a target there matches nothing the snapshot
  // shows, and says why; a ref into it is kept from input.
  BOOST_TEST(Record(result, 9) ==
             R"({"index":9,"method":"page.fill","error":{"error":"no such element","message":)"
             R"("page.fill: no visible element matches role \"textbox\" named \"Signature\"; 1 )"
             R"(match lies in content the page has made inert or hidden (the snapshot leaves it )"
             R"(out), as pages do while a menu, a listbox or a modal dialog is open: close that )"
             R"(first (e.g. page.press Escape), or act inside it"}})");
  BOOST_TEST(Record(result, 12) ==
             R"({"index":12,"method":"page.fill","error":{"error":"element covered",)"
             R"("message":"page.fill: input#sig is outside the open modal dialog#composer )"
             R"(\"New message To Subject Send\", which keeps the rest of the page from input; )"
             R"(nothing was filled. Close or finish that first (e.g. page.press Escape), or act )"
             R"(inside it"}})");
  BOOST_TEST(Record(result, 10) == R"({"index":10,"method":"page.fill","result":{"value":"Hi"}})");
}

// A form the browser refuses to send (a required field empty, an address that is none, a
// page's own check) shows its bubble by the first field, which no snapshot sees, and the page
// gets no submit: the click, a fill's submit and an Enter say which fields kept it, with the
// page's message or the browser's; the send that goes through says nothing of it.
BOOST_AUTO_TEST_CASE(a_form_the_browser_refuses_to_send_says_which_fields_kept_it) {
  const json::object result = Run(Frames(
      {Goto("required_form.html"),
       R"({"method":"page.fill","params":{"role":"textbox","name":"Email","value":"ada"}})",
       R"({"method":"page.click","params":{"role":"button","name":"Send"}})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Name","value":"Ada",)"
       R"("submit":true}})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Email",)"
       R"("value":"ada@example.org"}})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Code","value":"123456"}})",
       R"({"method":"page.press","params":{"key":"Enter","target":{"role":"textbox",)"
       R"("name":"Code"}}})",
       Eval("JSON.stringify(sent)")}));
  BOOST_TEST(Record(result, 2) ==
             absl::StrCat(R"({"index":2,"method":"page.click","result":{"url":")",
                          Url("required_form.html"),
                          R"(","title":"Sign up","navigated":false,"not_sent":[)"
                          R"("textbox \"Name\": Please fill out this field.",)"
                          R"("textbox \"Email\": Please enter an email address.",)"
                          R"("textbox \"Code\": Codes have six digits"]}})"));
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.fill","result":{"value":"Ada","not_sent":[)"
             R"("textbox \"Email\": Please enter an email address.",)"
             R"("textbox \"Code\": Codes have six digits"]}})");
  BOOST_TEST(Record(result, 6) ==
             absl::StrCat(R"({"index":6,"method":"page.press","result":{"url":")",
                          Url("required_form.html"), R"(","title":"Sign up","navigated":false}})"));
  BOOST_TEST(Record(result, 7) == R"({"index":7,"method":"page.eval","result":"[\"Ada\"]"})");
}

// A user types into a field they clicked: the mouse lies over it. A fill or a typing that
// left the mouse where the last click did, over the place a picker opens as the field takes
// the focus, had the picker write its hovered day into the field over the text typed.
BOOST_AUTO_TEST_CASE(fill_and_type_move_the_mouse_onto_the_field_first) {
  const std::string read = Eval("JSON.stringify({taken, shown: day.value, hovered})");
  const json::object result = Run(Frames(
      {Goto("hover_preview.html"),
       R"({"method":"page.click","params":{"role":"button","name":"Got it"}})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Day","value":"2025-05-09"}})",
       read, Goto("hover_preview.html"),
       R"({"method":"page.click","params":{"role":"button","name":"Got it"}})",
       R"({"method":"page.type","params":{"target":{"role":"textbox","name":"Day"},)"
       R"("text":"2025-05-10"}})",
       read}));
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.fill","result":{"value":"2025-05-09"}})");
  BOOST_TEST(Record(result, 3) ==
             R"J({"index":3,"method":"page.eval","result":"{\"taken\":\"2025-05-09\",)J"
             R"J(\"shown\":\"2025-05-09\",\"hovered\":[]}"})J");
  BOOST_TEST(Record(result, 6) ==
             R"({"index":6,"method":"page.type","result":{"value":"2025-05-10"}})");
  BOOST_TEST(Record(result, 7) ==
             R"J({"index":7,"method":"page.eval","result":"{\"taken\":\"2025-05-10\",)J"
             R"J(\"shown\":\"2025-05-10\",\"hovered\":[]}"})J");
}

// The one field of a box the page marks as its combobox (Blueprint's MultiSelect draws its tag
// input so) suggests: the fill keeps the focus there and says what the list offers; left by a
// Tab, the list closed, and its options were no longer there to click.
BOOST_AUTO_TEST_CASE(a_field_inside_a_box_marked_combobox_keeps_its_list_open) {
  const json::object result = Run(
      Frames({Goto("tag_combobox.html"),
              R"({"method":"page.fill","params":{"role":"textbox","name":"Films","value":"the"}})",
              R"({"method":"page.click","params":{"role":"option","name":"The Matrix"}})",
              Eval("JSON.stringify(chosen)")}));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","result":{"value":"the","options":)"
             R"(["The Godfather","The Matrix","The Shining"]}})");
  BOOST_TEST(Record(result, 3) ==
             R"J({"index":3,"method":"page.eval","result":"[\"The Matrix\"]"})J");
}

// A link around a block (a card) has an empty box first, at the end of the line before it:
// the pointer goes where Firefox's element origin is, the centre of its first box with an
// area, plus the offset asked for. Measured from the empty box, the click went to the block's
// bottom right corner, outside the link, and the hover onto the page's body.
BOOST_AUTO_TEST_CASE(a_link_around_a_block_is_clicked_and_hovered_in_its_middle) {
  const json::object result =
      Run(Frames({Goto("card_link.html"), R"({"method":"page.hover","params":{"css":"a.card"}})",
                  Eval("document.querySelector('a.card').matches(':hover')"),
                  R"({"method":"page.click","params":{"css":"a.card"}})",
                  Eval("JSON.stringify({pressed, hash: location.hash})")}));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":true})");
  BOOST_TEST(Record(result, 3) ==
             absl::StrCat(R"({"index":3,"method":"page.click","result":{"url":")",
                          Url("card_link.html"), R"(#basic","title":"Cards","navigated":false}})"));
  BOOST_TEST(
      Record(result, 4) ==
      R"J({"index":4,"method":"page.eval","result":"{\"pressed\":[\"p\"],\"hash\":\"#basic\"}"})J");
}

// A css target naming a web component's host acts on the one control its shadow root holds:
// the inline host's first box is its label's line (a click there opened nothing), the wide
// host's middle is empty (a fill clicked it, and said the page did not take the click).
BOOST_AUTO_TEST_CASE(a_css_target_on_a_web_components_host_acts_on_its_control) {
  const json::object result = Run(Frames(
      {Goto("host_controls.html"), R"({"method":"page.click","params":{"css":"x-dropdown"}})",
       R"({"method":"page.fill","params":{"css":"x-checkbox","value":true}})",
       Eval("[document.querySelector('x-dropdown').open, "
            "document.querySelector('x-checkbox').checked]")}));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.fill","result":{"value":true}})");
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.eval","result":[true,true]})");
}

// A search box that keeps the text typed after its Enter chose (bootstrap-select's live
// search): the option's list closed on the choice, or marked it chosen, so the Enter took it
// (no "not_chosen", whose advice to click the option would unchoose it in a multiple select).
// The native select it stands for, transparent and half a pixel wide in the tab order, is not
// listed.
BOOST_AUTO_TEST_CASE(an_enter_that_chose_in_a_search_box_that_keeps_its_text_is_no_not_chosen) {
  const json::object result = Run(Frames(
      {Goto("search_picker.html"), R"({"method":"page.snapshot"})",
       R"({"method":"page.click","params":{"role":"button","name":"Pick a fruit"}})",
       R"({"method":"page.fill","params":{"role":"combobox","name":"Search fruit","value":"man",)"
       R"("submit":true}})",
       R"({"method":"page.click","params":{"role":"button","name":"Choose languages"}})",
       R"({"method":"page.fill","params":{"role":"combobox","name":"Search languages",)"
       R"("value":"py","submit":true}})",
       Eval("JSON.stringify([fruit.value, [...langs.selectedOptions].map(o => o.text)])")}));
  const std::string outline(PageSuite::Record(result, 1).at("result").as_string());
  BOOST_TEST(outline == WithRefs("- button \"Pick a fruit\" [ref={1}] collapsed\n"
                                 "- button \"Choose languages\" [ref={2}] collapsed",
                                 FirstRef(outline), 2));
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.fill","result":{"value":"man","enter_on":"Mango"}})");
  BOOST_TEST(Record(result, 5) ==
             R"({"index":5,"method":"page.fill","result":{"value":"py","enter_on":"Python"}})");
  BOOST_TEST(Record(result, 6) ==
             R"J({"index":6,"method":"page.eval","result":"[\"Mango\",[\"Python\"]]"})J");
}

// A field with a mask that takes its keys itself cancels the fill's first key, having taken
// it: the rest of the text goes in with real keys, and the mask holds what a user's typing
// gives (one input of the whole text left "1_:__").
BOOST_AUTO_TEST_CASE(a_fill_of_a_masked_field_types_the_rest_of_its_keys) {
  const json::object result = Run(Frames(
      {Goto("masked_time.html"),
       R"({"method":"page.fill","params":{"role":"textbox","name":"End time","value":"11:00"}})",
       Eval("committed")}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"11:00"}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"11:00"})");
}

// A list already open that marks its items anew at once but searches 500 ms after the typing
// (DevExtreme's select box): the fill waits for options that answer the text (it said the
// list offered the last search's).
BOOST_AUTO_TEST_CASE(a_fill_waits_for_a_late_search_in_a_list_already_open) {
  const json::object result = Run(Frames(
      {Goto("slow_filter.html"),
       R"({"method":"page.fill","params":{"role":"combobox","name":"Fruit","value":"Pe"}})",
       R"({"method":"page.fill","params":{"role":"combobox","name":"Fruit","value":"Ki"}})"}));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","result":{"value":"Pe","options":)"
             R"(["Grape","Peach","Pear"]}})");
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.fill","result":{"value":"Ki","options":["Kiwi"]}})");
}

// A see-through checkbox under the label beside it that draws it, naming no control, whose
// click the page takes to toggle it (Fomantic's checkbox): the fill clicks the label (it said
// the label covered the box).
BOOST_AUTO_TEST_CASE(a_see_through_checkbox_under_its_drawing_label_is_filled_through_it) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<div style='position: relative'><input type=checkbox id=box style='opacity: 0; position: absolute; left: 0; top: 0; z-index: 0'><label style='position: relative; z-index: 1; padding-left: 24px'>Weekly news</label></div><script>const box = document.getElementById('box'); document.querySelector('label').onclick = () => { box.checked = !box.checked; box.dispatchEvent(new Event('change')); };</script>"},"silent":true})J",
       R"({"method":"page.fill","params":{"css":"#box","value":true}})",
       Eval("document.getElementById('box').checked")}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":true}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":true})");
}

// A range input takes a number between its ends, one between its steps as the nearest step
// (as a drag lands); one beyond its ends is refused, saying them.
BOOST_AUTO_TEST_CASE(a_range_input_takes_the_nearest_step_and_refuses_beyond_its_ends) {
  const json::object result = Run(
      Frames({R"({"method":"page.goto","params":{"url":"data:text/html,<input type=range )"
              R"(aria-label=Level min=0 max=100 step=5 value=50>"}})",
              R"({"method":"page.fill","params":{"role":"slider","name":"Level","value":63}})",
              R"({"method":"page.fill","params":{"role":"slider","name":"Level","value":"150"}})"},
             R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"65"}})");
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.fill","error":{"error":"not fillable","message":)"
             R"("page.fill: input takes values from 0 to 100, not 150"}})");
}

// A slider that shows its value a frame after its keys (UI5's) is read once it has drawn: the
// fill reaches the value and says the one the slider holds. One that takes no keys is no fill;
// one already at the value is left as it is.
BOOST_AUTO_TEST_CASE(a_slider_that_draws_its_value_later_is_filled_to_it_and_one_stuck_is_not) {
  const json::object result = Run(
      Frames({Goto("slider_late.html"),
              R"({"method":"page.fill","params":{"role":"slider","name":"Price","value":300}})",
              Eval("priceValue"),
              R"({"method":"page.fill","params":{"role":"slider","name":"Balance","value":50}})",
              R"({"method":"page.fill","params":{"role":"slider","name":"Price","value":300}})"},
             R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"300"}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":300})");
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.fill","error":{"error":"not fillable","message":)"
             R"("page.fill: the slider did not move with its arrow keys: it says \"10\", not )"
             R"J(50; drag its handle with page.drag (from the handle, \"by\" the distance)"}})J");
  // Already at the value: no key, the value as it is.
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.fill","result":{"value":"300"}})");
}

// A splitter between panes (a focusable separator with a value, as Ark's) is filled as a slider
// is, by its arrow keys, within its range (its snapshot line: e2e_page_see).
BOOST_AUTO_TEST_CASE(a_splitter_is_filled_as_a_slider) {
  const json::object result = Run(Frames(
      {
          R"J({"method":"page.goto","params":{"url":"data:text/html,<div style='display: flex'><div id=left style='width: 50%'>Left</div><div id=bar role=separator tabindex=0 aria-label='Resize panes' aria-valuenow=50 aria-valuemin=10 aria-valuemax=90 aria-orientation=vertical style='width: 4px; background: gray'></div><div>Right</div></div><script>bar.onkeydown = (e) => { const now = +bar.getAttribute('aria-valuenow'); const next = e.key === 'ArrowRight' ? now + 5 : e.key === 'ArrowLeft' ? now - 5 : now; const v = Math.min(90, Math.max(10, next)); bar.setAttribute('aria-valuenow', v); left.style.width = v + '%'; };</script>"},"silent":true})J",
          R"({"method":"page.fill","params":{"role":"separator","name":"Resize panes","value":30}})",
          Eval("left.style.width"),
          R"({"method":"page.fill","params":{"role":"separator","name":"Resize panes","value":95}})",
      },
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"30"}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"30%"})");
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.fill","error":{"error":"not fillable",)"
             R"("message":"page.fill: div#bar takes values from 10 to 90, not 95"}})");
}

// A slider whose ArrowRight lowers its value (a vertical one with its least value at the
// top): the first press tells the way, and the keys that raise it take it to the value.
BOOST_AUTO_TEST_CASE(a_slider_whose_arrow_right_lowers_it_is_filled_with_the_other_key) {
  const json::object result =
      Run(Frames({Goto("slider_late.html"),
                  R"({"method":"page.fill","params":{"role":"slider","name":"Depth","value":40}})",
                  Eval("depthKeys")}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"40"}})");
  // One press the wrong way, one back, twenty on.
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":22})");
}

// A slider whose first step goes past the value (steps of 10, from 40 for 42) went the right
// way, only too far: it comes back to the nearest step (it was taken for keys that go the
// other way, and the fill failed saying it stopped short).
BOOST_AUTO_TEST_CASE(a_slider_whose_first_step_passes_the_value_comes_back_to_the_nearest) {
  const json::object result =
      Run(Frames({Goto("slider_late.html"),
                  R"({"method":"page.fill","params":{"role":"slider","name":"Volume","value":42}})",
                  Eval("volumeKeys")}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"40"}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":2})");
}

// A wide slider is moved by its page keys first, as a keyboard user moves it: one arrow tells
// its step, one PageUp how far a page goes, 73 more come short of the value, and two arrows
// reach it (the arrows alone would have taken 74,003 presses).
BOOST_AUTO_TEST_CASE(a_wide_slider_is_filled_by_its_page_keys_then_its_arrows) {
  const json::object result = Run(
      Frames({Goto("slider_late.html"),
              R"({"method":"page.fill","params":{"role":"slider","name":"Budget","value":75003}})",
              Eval("budgetKeys")}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"75003"}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":77})");
}

// A custom element that draws its one field in its shadow root, named by a css target, is
// filled through that field (a text field, a checkbox), as a role target finds it.
BOOST_AUTO_TEST_CASE(a_custom_element_is_filled_through_the_field_in_its_shadow_root) {
  const json::object result = Run(Frames(
      {R"({"method":"page.goto","params":{"url":"data:text/html,<x-field id=name kind=text>)"
       R"(</x-field><x-field id=news kind=checkbox></x-field><script>customElements.define()"
       R"('x-field', class extends HTMLElement { connectedCallback() { this.attachShadow({mode: )"
       R"('open'}).innerHTML = '<input aria-label=Inner type=' + this.getAttribute('kind') + )"
       R"('>'; } })</script>"}})",
       R"({"method":"page.fill","params":{"css":"#name","value":"Ada"}})",
       R"({"method":"page.fill","params":{"css":"#news","value":true}})",
       Eval("[...document.querySelectorAll('x-field')].map((f) => "
            "f.shadowRoot.querySelector('input')).map((i) => i.type === 'checkbox' ? "
            "i.checked : i.value)")}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"Ada"}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.fill","result":{"value":true}})");
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.eval","result":["Ada",true]})");
}

// A submenu drawn beside a menu that hides its overflow is out of sight: the message says a
// menu's keys reach it.
BOOST_AUTO_TEST_CASE(a_submenu_a_menu_clips_away_says_its_keys_reach_it) {
  const json::object result = Run(Frames(
      {R"({"method":"page.goto","params":{"url":"data:text/html,<div role=menu id=share )"
       R"(style='overflow:hidden;width:100px;height:60px;position:relative'><div role=menuitem>)"
       R"(Copy</div><div role=menu style='position:absolute;left:120px;top:0'><div )"
       R"(role=menuitem>Link</div></div></div>"}})",
       R"({"method":"page.click","params":{"role":"menuitem","name":"Link"}})"},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.click","error":{"error":"element not visible",)"
             R"("message":"page.click: div \"Link\" is out of sight in div#share \"Copy Link\", )"
             R"(which clips it (as a carousel hides its other slides): bring it into view as a )"
             R"(user would (the page's next button, a tab, a page.drag across it; in a menu, its )"
             R"(keys: ArrowRight opens a submenu, ArrowDown and Enter choose in it); take a new )"
             R"(page.snapshot to find what is shown, or page.waitFor it first"}})");
}

// An editor that refuses the browser's new paragraph and makes its own on Enter's keydown: a
// fill of two lines offers it the Enter, and the line break stays. One that makes them from a
// real Enter only (SunEditor) joins the lines: that is no fill, and the error says how to type
// them.
BOOST_AUTO_TEST_CASE(a_fill_of_lines_offers_enter_to_an_editor_that_refused_the_paragraph) {
  const json::object result = Run(Frames(
      {Goto("enter_paragraphs.html"),
       R"({"method":"page.fill","params":{"role":"textbox","name":"Notes","value":"Line one\nLine two"}})",
       Eval("document.getElementById('notes').querySelectorAll('div').length"),
       R"({"method":"page.fill","params":{"role":"textbox","name":"Strict notes","value":"Line one\nLine two"}})"},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","result":{"value":"Line one\nLine two"}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":1})");
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.fill","error":{"error":"not fillable","message":)"
             R"("page.fill: div#strict \"Line oneLine two\" took the text but joined its )"
             R"(lines (the editor makes its paragraphs from a real Enter only): select its text )"
             R"J(with page.press Control+a, then page.type the text (\"\\n\" presses Enter)"}})J");
}

// An editor that drops text put in over several of its blocks (BlockNote) is left empty: the
// message says so and how to type the text instead, not that the page refused it.
BOOST_AUTO_TEST_CASE(an_editor_left_empty_by_a_fill_over_its_blocks_says_to_type_instead) {
  const json::object result = Run(Frames(
      {R"({"method":"page.goto","params":{"url":"data:text/html,<div contenteditable id=doc )"
       R"(role=textbox aria-label=Doc><p>One</p><p>Two</p></div><script>doc.addEventListener()"
       R"('input', () => { doc.innerHTML = '<p><br></p>'; })</script>"}})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Doc","value":"Replaced"}})"},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","error":{"error":"not fillable","message":)"
             R"("page.fill: div#doc did not take \"Replaced\": it holds \"\" afterwards (an )"
             R"(editor that keeps blocks of its own drops text put in over several of them): )"
             R"(select its text with page.press Control+a, then page.type the text"}})");
}

// Text longer than the field's maxlength is cut by the browser, and the result says so.
BOOST_AUTO_TEST_CASE(text_cut_at_maxlength_says_so) {
  const json::object result = Run(Frames(
      {Goto("editor.html"),
       R"({"method":"page.fill","params":{"role":"textbox","name":"Summary","value":)"
       R"("A summary that is far longer than the eighty characters that this field allows, )"
       R"(by a lot"}})",
       R"({"method":"page.text","params":{"css":"#counter"}})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Summary","value":"Short"}})"}));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","result":{"value":"A summary that is far )"
             R"(longer than the eighty characters that this field allows, ","maxlength":80}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.text","result":"80 / 80"})");
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.fill","result":{"value":"Short"}})");
}

// A form that checks a field as it is left (a message pointed to by aria-describedby, as form
// libraries show it on blur), and one the browser checks by its type (the form leaves the
// browser's checks on).
BOOST_AUTO_TEST_CASE(a_field_the_form_holds_invalid_once_left_says_why) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<form><input id=mail type=email aria-label=Email><input id=nick aria-label=Nickname aria-describedby=nick-help><small id=nick-help>Shown to others</small></form><script>nick.onblur = () => { const short = nick.value.length < 3; nick.setAttribute('aria-invalid', short); document.getElementById('nick-help').textContent = short ? 'At least 3 letters' : 'Shown to others'; }</script>"},"silent":true})J",
      R"({"method":"page.fill","params":{"role":"textbox","name":"Email","value":"ada"}})",
      R"({"method":"page.fill","params":{"role":"textbox","name":"Nickname","value":"Al"}})",
      R"({"method":"page.fill","params":{"role":"textbox","name":"Nickname","value":"Alan"}})",
      R"({"method":"page.fill","params":{"role":"textbox","name":"Email","value":"ada@example.com"}})",
  }));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"ada",)"
                                  R"("invalid":"Please enter an email address."}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.fill","result":{"value":"Al",)"
                                  R"("invalid":"At least 3 letters"}})");
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.fill","result":{"value":"Alan"}})");
  BOOST_TEST(Record(result, 4) ==
             R"({"index":4,"method":"page.fill","result":{"value":"ada@example.com"}})");
}

// A field shown in place of a twin until it takes the focus (Kendo's numeric box swaps in the
// input that takes the typing from a timer as it is focused): the text goes to the twin, which
// the widget reads (typed into the first, it went nowhere and the fill said done).
BOOST_AUTO_TEST_CASE(a_field_that_swaps_in_a_twin_as_it_is_focused_is_filled_through_it) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<span><input id=shown role=spinbutton aria-label=Quantity value=10><input id=real style='display: none' value=10></span><script>shown.onfocus = () => setTimeout(() => { shown.style.display = 'none'; real.style.display = ''; real.focus(); }); real.onblur = () => { real.style.display = 'none'; shown.style.display = ''; shown.value = real.value; window.committed = real.value; };</script>"},"silent":true})J",
      R"({"method":"page.fill","params":{"role":"spinbutton","name":"Quantity","value":"42"}})",
      Eval("[window.committed, shown.value]"),
  }));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"42"}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":["42","42"]})");
}

// A form that fades its old message out before it removes it (Ant Design's) as it shows the
// new one: the field's "invalid" is read once the fading ended, the new message alone.
BOOST_AUTO_TEST_CASE(a_fields_invalid_leaves_out_the_message_fading_out) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<style>.leaving { opacity: 0; transition: opacity 0.2s }</style><input id=user aria-label=User aria-invalid=true aria-describedby=help><div id=help><span>Required</span></div><script>user.onblur = () => { const old = help.firstElementChild; old.classList.add('leaving'); old.ontransitionend = () => old.remove(); const shown = document.createElement('span'); shown.textContent = 'At least 3 chars'; help.append(shown); };</script>"},"silent":true})J",
      R"({"method":"page.fill","params":{"role":"textbox","name":"User","value":"ab"}})",
  }));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"ab",)"
                                  R"("invalid":"At least 3 chars"}})");
}

// Submitted with Enter, a field the form refuses to send says why, and that nothing was sent
// for it.
BOOST_AUTO_TEST_CASE(a_submitted_field_the_form_refuses_says_why) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<form onsubmit='document.title = `sent`; return false'><input type=email aria-label=Email></form>"},"silent":true})J",
      R"({"method":"page.fill","params":{"role":"textbox","name":"Email","value":"ada","submit":true}})",
      Eval("document.title"),
      R"({"method":"page.fill","params":{"role":"textbox","name":"Email","value":"ada@example.com","submit":true}})",
      Eval("document.title"),
  }));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","result":{"value":"ada",)"
             R"("invalid":"Please enter an email address.","not_sent":["textbox \"Email\": )"
             R"(Please enter an email address."]}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":""})");
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.fill","result":{"value":"ada@example.com"}})");
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.eval","result":"sent"})");
}

// page.type and page.press say, as page.click does, that their target matched several
// elements and which one took the keys.
BOOST_AUTO_TEST_CASE(keys_to_a_target_of_several_matches_say_how_many_it_matched) {
  const json::object result = Run(Frames({
      R"({"method":"page.goto","params":{"url":"data:text/html,<input aria-label=Name><input aria-label=Name onkeydown=\"document.title='second'\">"},"silent":true})",
      R"({"method":"page.type","params":{"target":{"role":"textbox","name":"Name"},"text":"Ada"}})",
      R"({"method":"page.press","params":{"key":"x","target":{"css":"input"}}})",
      Eval("[...document.querySelectorAll('input')].map((i) => i.value).concat(document.title)"),
  }));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.type","result":{"value":"Ada","matches":2}})");
  BOOST_TEST(
      Record(result, 2) ==
      R"({"index":2,"method":"page.press","result":{"url":"data:text/html,<input aria-label=Name><input aria-label=Name onkeydown=\"document.title='second'\">","title":"","navigated":false,"matches":2}})");
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.eval","result":["Adax","",""]})");
}

// A command palette in Radix's dialog without an overlay (cmdk's): the rest of the page is
// aria-hidden, the body takes no pointer events, a focus trap takes the focus back. A click,
// keys, typing or a fill behind it reach nothing there (the click would close the palette, the
// keys would go to its search box): each says so and nothing happens.
BOOST_AUTO_TEST_CASE(nothing_behind_a_dialog_that_hides_the_page_without_an_overlay_is_acted_on) {
  const json::object result = Run(Frames(
      {Goto("modal_trap.html"), R"({"method":"page.click","params":{"text":"Open palette"}})",
       R"({"method":"page.click","params":{"text":"Counter 0"}})",
       R"({"method":"page.press","params":{"key":"Enter","target":{"text":"Counter 0"}}})",
       R"({"method":"page.type","params":{"target":{"css":"#note"},"text":"abc"}})",
       R"({"method":"page.fill","params":{"css":"#note","value":"hello"}})",
       Eval("[document.getElementById('count').textContent, ran, note.value, "
            "document.querySelector('[role=dialog] "
            "input').value]")},
      R"(,"on_error":"continue")"));
  const std::string outside =
      R"( is outside the open modal div \"Go home\", which keeps the rest of the page from )"
      R"(input; nothing was )";
  const std::string then =
      R"J(. Close or finish that first (e.g. page.press Escape), or act inside it"}})J";
  const std::string counter = R"(button#count \"Counter 0\")";
  BOOST_TEST(Record(result, 2) == Covered(2, "page.click", counter, outside, "clicked", then));
  BOOST_TEST(Record(result, 3) == Covered(3, "page.press", counter, outside, "pressed", then));
  BOOST_TEST(Record(result, 4) == Covered(4, "page.type", "input#note", outside, "typed", then));
  BOOST_TEST(Record(result, 5) == Covered(5, "page.fill", "input#note", outside, "filled", then));
  BOOST_TEST(Record(result, 6) ==
             R"({"index":6,"method":"page.eval","result":["Counter 0",[],"",""]})");
}

// A focus trap alone (the page hides nothing and takes the pointer): a field whose focus the
// trap takes back gets no keys, typing or fill; they say who holds the focus.
BOOST_AUTO_TEST_CASE(keys_for_a_field_a_focus_trap_takes_the_focus_from_are_not_sent) {
  const json::object result =
      Run(Frames({Goto("modal_trap.html?trap-only"),
                  R"({"method":"page.click","params":{"text":"Open palette"}})",
                  R"({"method":"page.type","params":{"target":{"css":"#note"},"text":"abc"}})",
                  R"({"method":"page.fill","params":{"css":"#note","value":"hello"}})",
                  R"({"method":"page.press","params":{"key":"Enter","target":{"css":"#note"}}})",
                  Eval("[ran, note.value, document.querySelector('[role=dialog] input').value]")},
                 R"(,"on_error":"continue")"));
  const std::string trapped =
      R"( did not keep the focus: input \"Search commands\" took it back, as a modal's focus )"
      R"(trap does, and the keys would go there; nothing was )";
  const std::string then =
      R"J(. Close or finish what holds it first (e.g. page.press Escape), or act inside it"}})J";
  BOOST_TEST(Record(result, 2) == Covered(2, "page.type", "input#note", trapped, "typed", then));
  BOOST_TEST(Record(result, 3) == Covered(3, "page.fill", "input#note", trapped, "filled", then));
  BOOST_TEST(Record(result, 4) == Covered(4, "page.press", "input#note", trapped, "pressed", then));
  BOOST_TEST(Record(result, 5) == R"({"index":5,"method":"page.eval","result":[[],"",""]})");
}

// A modal drawn without <dialog>, over a backdrop fixed over the whole viewport (as Mantine,
// UIkit and Carbon draw theirs): a field behind it takes no fill, keys or selection, as a user
// could not reach it, also below the fold (UIkit's locks the page's scrolling); a field inside
// it does.
BOOST_AUTO_TEST_CASE(a_field_behind_a_modals_backdrop_is_not_filled) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<label>Quantity <input id=qty value=8></label><div style='height: 1500px'></div><label>Volume <input id=volume type=range></label><div id=layer style='position: fixed; inset: 0; background: rgba(0,0,0,.4)'><div role=dialog aria-modal=true aria-label=Confirm style='background: white; width: 300px; margin: 100px auto'><label>Note <input id=note></label></div></div>"},"silent":true})J",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Quantity","value":"3"}})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Note","value":"Soon"}})",
       Eval("qty.value"), R"({"method":"page.type","params":{"target":{"css":"#qty"},"text":"9"}})",
       R"({"method":"page.select","params":{"css":"#qty"}})",
       R"({"method":"page.fill","params":{"role":"slider","name":"Volume","value":80}})",
       Eval("[qty.value, volume.value]"),
       R"({"method":"page.press","params":{"target":{"css":"#qty"},"key":"ArrowUp"}})"},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","error":{"error":"element covered",)"
             R"("message":"page.fill: input#qty lies behind div#layer \"Note\", which covers )"
             R"(the page as a modal's backdrop does: the pointer and keys go to the modal, not )"
             R"(to it; nothing was filled. Close or finish that first (e.g. )"
             R"(page.press Escape), or act inside it"}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.fill","result":{"value":"Soon"}})");
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.eval","result":"8"})");
  const std::string behind =
      R"(lies behind div#layer \"Note\", which covers the page as a modal's backdrop does: the )"
      R"(pointer and keys go to the modal, not to it; nothing was )";
  const std::string then = R"(. Close or finish that first (e.g. page.press Escape), or act )"
                           R"J(inside it"}})J";
  BOOST_TEST(Record(result, 4) == Covered(4, "page.type", "input#qty ", behind, "typed", then));
  BOOST_TEST(Record(result, 5) ==
             Covered(5, "page.select", "input#qty ", behind, "selected", then));
  BOOST_TEST(Record(result, 6) == Covered(6, "page.fill", "input#volume ", behind, "filled", then));
  BOOST_TEST(Record(result, 7) == R"({"index":7,"method":"page.eval","result":["8","50"]})");
  BOOST_TEST(Record(result, 8) == Covered(8, "page.press", "input#qty ", behind, "pressed", then));
}

// A text target inside a block that shows more (a line of an editor's block split by <br>, as
// Trix writes it) is clicked on its words: the caret goes there, not to the block's middle.
// Words in an element that has no box of its own are its parent's.
BOOST_AUTO_TEST_CASE(a_text_target_is_clicked_on_its_words) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<div contenteditable style='width: 400px'>The quick brown fox jumps.<br>Second paragraph here.<br>Third line.</div>"},"silent":true})J",
      R"({"method":"page.click","silent":true,"params":{"text":"Second paragraph"}})",
      Eval("getSelection().anchorNode.data"),
      R"({"method":"page.click","silent":true,"params":{"text":"/Th.rd/"}})",
      Eval("getSelection().anchorNode.data"),
      // Words in an element with no box of its own (react-aria's grid cell): its row's.
      R"J({"method":"page.goto","params":{"url":"data:text/html,<div role=row tabindex=0 onclick='document.title = `row`'><div role=gridcell style='display: contents'>Coffee</div></div>"},"silent":true})J",
      R"({"method":"page.click","silent":true,"params":{"text":"Coffee"}})",
      Eval("document.title"),
  }));
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.eval","result":"Second paragraph here."})");
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.eval","result":"Third line."})");
  BOOST_TEST(Record(result, 7) == R"({"index":7,"method":"page.eval","result":"row"})");
}

// A drawing app's text box grows out of a box of no size that it overflows: it is no code
// editor's hidden keys field, and typing there reports what it holds. A handle that takes no
// pointer events passes the press to the row that holds it (react-aria's drag handle).
BOOST_AUTO_TEST_CASE(a_text_box_overflowing_a_box_of_no_size_and_a_handle_taking_no_pointer) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<div style='width: 0; height: 0'><textarea id=note aria-label=Note style='position: absolute; top: 40px'></textarea></div><div role=row tabindex=0 onpointerdown='document.title = `row pressed`' style='margin-top: 120px'><div role=gridcell><button aria-label='Drag Wake up' style='pointer-events: none'>≡</button> Wake up</div></div>"},"silent":true})J",
      R"({"method":"page.type","params":{"target":{"css":"#note"},"text":"Hi"}})",
      R"({"method":"page.click","silent":true,"params":{"role":"button","name":"Drag Wake up"}})",
      Eval("document.title"),
  }));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.type","result":{"value":"Hi"}})");
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.eval","result":"row pressed"})");
}

// A web component's list in its shadow root shows the options slotted into it (Carbon's and
// Fluent's comboboxes): a fill reports them.
BOOST_AUTO_TEST_CASE(a_fill_reports_options_slotted_into_a_shadow_list) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<input role=combobox aria-label=Region aria-controls=box aria-expanded=true><x-list id=box><div role=option>London</div><div role=option>Lyon</div></x-list><script>customElements.define('x-list', class extends HTMLElement { constructor() { super(); this.attachShadow({mode: 'open'}).innerHTML = '<div role=listbox><slot></slot></div>'; } });</script>"},"silent":true})J",
      R"({"method":"page.fill","params":{"role":"combobox","name":"Region","value":"L"}})",
  }));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"L",)"
                                  R"("options":["London","Lyon"]}})");
}

// A list the field both controls and owns (Awesomplete names it both ways) is offered once.
BOOST_AUTO_TEST_CASE(a_fill_names_the_options_of_a_list_named_twice_once) {
  const json::object result = Run(Frames({
      R"({"method":"page.goto","params":{"url":"data:text/html,<input role=combobox )"
      R"(aria-label=City aria-controls=cities aria-owns=cities aria-expanded=true><ul )"
      R"(id=cities role=listbox><li role=option>Lima</li><li role=option>Lyon</li></ul>"}})",
      R"({"method":"page.fill","params":{"role":"combobox","name":"City","value":"L"}})",
  }));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"L",)"
                                  R"("options":["Lima","Lyon"]}})");
}

// A fill with submit says what its Enter went to: the option the keys were on (the field's
// aria-activedescendant), which react-select takes as it clears its field; with none marked,
// the options the list offered, none of them chosen.
BOOST_AUTO_TEST_CASE(a_submitted_fill_says_which_option_its_enter_went_to) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<input role=combobox aria-label=Flavor aria-controls=fl aria-expanded=true id=f><div role=listbox id=fl><div role=option id=o1>Vanilla</div><div role=option id=o2>Strawberry</div></div><input role=combobox aria-label=Plain aria-controls=pl aria-expanded=true id=p><div role=listbox id=pl><div role=option>Vanilla</div><div role=option>Strawberry</div></div><script>for (const [field, list] of [[f, fl], [p, pl]]) field.oninput = () => { for (const o of list.children) o.hidden = !o.textContent.toLowerCase().includes(field.value.toLowerCase()); if (field === f) f.setAttribute('aria-activedescendant', [...list.children].find((o) => !o.hidden).id); }; f.onkeydown = (e) => { if (e.key === 'Enter') { document.title = document.getElementById(f.getAttribute('aria-activedescendant')).textContent; f.value = ''; } };</script>"},"silent":true})J",
      R"({"method":"page.fill","params":{"role":"combobox","name":"Flavor","value":"Str","submit":true}})",
      R"({"method":"page.fill","params":{"role":"combobox","name":"Plain","value":"Va","submit":true}})",
      Eval("document.title"),
  }));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"",)"
                                  R"("enter_on":"Strawberry"}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.fill","result":{"value":"Va",)"
                                  R"("options":["Vanilla"]}})");
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.eval","result":"Strawberry"})");
}

// true or false for what is no field: the page may draw a switch there that it keeps out of
// sight (Carbon's toggle), which a click toggles; a text field takes text.
BOOST_AUTO_TEST_CASE(true_for_what_is_no_field_says_to_click_it) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<div id=look tabindex=0>Off</div><input aria-label=Name>"},"silent":true})J",
       R"({"method":"page.fill","params":{"css":"#look","value":true}})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Name","value":true}})"},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","error":{"error":"not fillable","message":)"
             R"("page.fill: div#look \"Off\" is not a checkbox, radio button or switch: if it )"
             R"J(draws one, click it (page.click) to toggle it"}})J");
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.fill","error":{"error":"not fillable","message":)"
             R"("page.fill: input is not a checkbox or radio button: give value as text"}})");
}

// A triple click selects a paragraph, as a toolbar button then needs.
BOOST_AUTO_TEST_CASE(a_triple_click_selects_a_paragraph_for_the_toolbar) {
  const json::object result = Run(
      Frames({Goto("editor.html"),
              R"({"method":"page.click","params":{"text":"The second paragraph needs emphasis.",)"
              R"("count":3}})",
              Eval("String(getSelection())"), R"({"method":"page.click","params":{"text":"B"}})",
              R"({"method":"page.click","params":{"text":"Save draft"}})",
              R"({"method":"page.text","params":{"role":"status"}})"}));
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.eval","result":"The second paragraph needs emphasis."})");
  BOOST_TEST(Record(result, 5) ==
             R"({"index":5,"method":"page.text","result":"Saved: <p>The first paragraph is )"
             R"(short.</p> <p><b>The second paragraph needs emphasis.</b></p> <p>The third )"
             R"(paragraph ends the post.</p> | summary:"})");
}

// A hover whose move closed a menu's panel above the element (the mouse left the menu) sees
// the element move up from under the mouse: it goes onto the element again where it now
// stands, and the tooltip that opens 300 ms after the mouse came opens.
BOOST_AUTO_TEST_CASE(a_hover_whose_element_moved_away_as_the_page_answered_goes_onto_it_again) {
  const json::object result =
      Run(Frames({Goto("hover_shift.html"),
                  R"({"method":"page.hover","params":{"role":"button","name":"Overview"}})",
                  R"({"method":"page.hover","params":{"role":"button","name":"+ Add"}})",
                  Eval("[panel.hidden, tip.hidden]")}));
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.eval","result":[true,false]})");
}

// A menu item that opens its submenu 500 ms after the mouse came (a hover delay): page.hover
// returns once it opened, so its items can be clicked at once.
BOOST_AUTO_TEST_CASE(hover_waits_for_a_menu_items_submenu_to_open) {
  const json::object result =
      Run(Frames({Goto("submenu.html"),
                  R"({"method":"page.hover","params":{"role":"menuitem","name":"Export as"}})",
                  R"({"method":"page.click","params":{"role":"menuitem","name":"PDF"}})",
                  R"({"method":"page.text","params":{"role":"status"}})"}));
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.text","result":"Exported as PDF"})");
}

// A menu that opens when the mouse comes over it: page.hover opens it, and a disabled element
// can still be hovered.
// A hover where the mouse already is (left there before the page was loaded again) still
// reaches the page: the mouse comes from a pixel beside the point (it moved nowhere, and the
// page heard nothing).
BOOST_AUTO_TEST_CASE(a_hover_where_the_mouse_already_is_reaches_the_page) {
  const json::object result =
      Run(Frames({Goto("hover_count.html"),
                  R"({"method":"page.hover","silent":true,"params":{"text":"Help"}})",
                  Goto("hover_count.html"),
                  R"({"method":"page.hover","silent":true,"params":{"text":"Help"}})",
                  Eval("[overs, document.getElementById('tip').hidden]")}));
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.eval","result":[1,false]})");
}

// A button that gives way to the panel it opens as the mouse comes (Leaflet's layers button):
// the hover is done once the mouse came (it said the element moved out of view, nothing done).
BOOST_AUTO_TEST_CASE(a_hover_whose_element_gives_way_to_what_it_opens_is_done) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<div id=ctl style='width: 200px'><a id=t role=button aria-label=Layers style='display: block; width: 40px; height: 40px; background: gray'></a><div id=panel hidden>Zones</div></div><script>ctl.onmouseenter = () => { t.style.display = 'none'; panel.hidden = false; };</script>"},"silent":true})J",
       R"({"method":"page.hover","params":{"role":"button","name":"Layers"},"silent":true})",
       Eval("panel.hidden")}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.hover"})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":false})");
}

BOOST_AUTO_TEST_CASE(hover_opens_what_opens_on_hover) {
  const json::object result =
      Run(Frames({Goto("combobox.html"),
                  R"({"method":"page.hover","params":{"role":"button","name":"Account"}})",
                  R"({"method":"page.snapshot","params":{"css":"#account-menu"}})",
                  R"({"method":"page.click","params":{"role":"menuitem","name":"Orders"}})",
                  R"({"method":"page.text","params":{"role":"status"}})",
                  Eval("document.getElementById('menu-button').disabled = true"),
                  R"({"method":"page.hover","params":{"css":"h1"}})",
                  R"({"method":"page.hover","params":{"role":"button","name":"Account"}})",
                  R"({"method":"page.snapshot","params":{"css":"#account-menu"}})"}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.hover","result":{"url":")" +
                                      Url("combobox.html") + R"(","title":"Shipping"}})");
  const std::string menu = std::string(PageSuite::Record(result, 2).at("result").as_string());
  const std::size_t at = menu.find("[ref=e");
  BOOST_TEST_REQUIRE(at != std::string::npos);
  const std::uint64_t first = std::stoull(menu.substr(at + 6));
  const auto ref = [&](int k) { return "e" + std::to_string(first + k); };
  const auto open_menu = [&](const std::string& states) {
    return "- button \"Account\" [ref=" + ref(0) + "] " + states +
           "\n- menu\n  - menuitem \"Profile\" [ref=" + ref(1) +
           "]\n  - menuitem \"Orders\" [ref=" + ref(2) +
           "]\n  - menuitem \"Sign out\" [ref=" + ref(3) + "]";
  };
  BOOST_TEST(menu == open_menu("expanded"));
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.text","result":"Chose Orders"})");
  BOOST_TEST(std::string(PageSuite::Record(result, 8).at("result").as_string()) ==
             open_menu("expanded disabled"));
}

BOOST_AUTO_TEST_CASE(an_element_below_the_fold_is_scrolled_into_view_and_clicked) {
  const json::object result =
      Run(Frames({Goto("overlay.html?open"),
                  R"({"method":"page.click","silent":true,"params":{"css":"#far"}})",
                  Eval("[document.getElementById('status').textContent, scrollY > 2000]")}));
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.eval","result":["far clicked",true]})");
}

// A body that hides its overflow across (as Fomantic UI's does) while the root's is visible
// gives its overflow to the viewport and clips nothing: the window scrolls to what lies below.
BOOST_AUTO_TEST_CASE(a_body_whose_overflow_is_the_viewports_clips_nothing) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<style>html, body { height: 100%; margin: 0 } body { overflow-x: hidden }</style><div style='height: 1500px'>Tall</div><button onclick='this.textContent = `Pressed`'>Far</button>"},"silent":true})J",
      R"({"method":"page.click","silent":true,"params":{"role":"button","name":"Far"}})",
      Eval("[document.querySelector('button').textContent, scrollY > 800]"),
  }));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":["Pressed",true]})");
}

BOOST_AUTO_TEST_CASE(identical_buttons_are_told_apart_by_their_card) {
  const json::object result = Run(
      Frames({Goto("cards.html"), R"({"method":"page.click","params":{"css":"#card-7 button"}})",
              R"({"method":"page.click","pick":"matches","params":{"text":"Add to cart"}})",
              Eval("window.added")}));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.click","result":12})");
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.eval","result":["Product 7","Product 1"]})");
}

// The flow a model needs most, in one call with helpers only.
BOOST_AUTO_TEST_CASE(open_fill_submit_and_read_the_result_in_one_call) {
  const json::object result = Run(Frames(
      {Goto("signup.html"),
       R"({"method":"page.fill","params":{"css":"#name","value":"Ada Lovelace"}})",
       R"({"method":"page.fill","params":{"css":"#email","value":"ada@example.com"}})",
       R"({"method":"page.fill","params":{"css":"#bio","value":"Counts\nthings"}})",
       R"({"method":"page.fill","params":{"css":"#notes","value":"Likes engines"}})",
       R"({"method":"page.fill","params":{"css":"#plan","value":"Pro plan"}})",
       R"({"method":"page.fill","params":{"text":"Weekly digest","value":true}})",  // its label
       R"({"method":"page.fill","params":{"css":"#large","value":true}})",
       R"({"method":"page.fill","params":{"css":"#start","value":"2024-05-31"}})",
       R"({"method":"page.click","params":{"css":"#send"}})",
       Eval("Array.from(document.querySelectorAll('#fields li'), (li) => li.textContent)")}));
  const std::string values[] = {R"("Ada Lovelace")",
                                R"("ada@example.com")",
                                R"("Counts\nthings")",
                                R"("Likes engines")",
                                R"("pro","label":"Pro plan")",
                                "true",
                                "true",
                                R"("2024-05-31")"};
  for (std::size_t i = 0; i < std::size(values); ++i) {
    BOOST_TEST(Record(result, i + 1) == absl::StrCat(R"({"index":)", i + 1,
                                                     R"(,"method":"page.fill","result":{"value":)",
                                                     values[i], "}}"));
  }
  BOOST_TEST(Record(result, 9) ==
             absl::StrCat(
                 R"({"index":9,"method":"page.click","result":{"url":")",
                 Url("welcome.html?name=Ada+Lovelace&email=ada%40example.com&bio=Counts%0Athings&"
                     "plan=pro&weekly=on&terms=on&size=large&start=2024-05-31&notes=Likes+engines"),
                 R"(","title":"Welcome","navigated":true}})"));
  BOOST_TEST(Record(result, 10) ==
             R"({"index":10,"method":"page.eval","result":["name=Ada Lovelace",)"
             R"("email=ada@example.com","bio=Counts\nthings","plan=pro","weekly=on",)"
             R"("terms=on","size=large","start=2024-05-31","notes=Likes engines"]})");
}

// A select is filled by an option's label or value; the result gives both, and the label is
// what page.snapshot shows as the select's value.
// Buttons with the ARIA role of a switch, radio button or checkbox (Radix draws them so) fill
// with true or false as native ones do: clicked when their aria-checked must change.
// A select-all box over some rows is mixed (checked and indeterminate, as Carbon's): neither
// true nor false, so a fill clicks it, once more when the click cleared it.
BOOST_AUTO_TEST_CASE(a_mixed_checkbox_is_clicked_until_it_holds_the_value) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<input type=checkbox id=all aria-label='Select all'><input type=checkbox class=row aria-label='Row 1' checked><input type=checkbox class=row aria-label='Row 2'><script>all.checked = true; all.indeterminate = true; all.onchange = () => { for (const r of document.querySelectorAll('.row')) r.checked = all.checked; };</script>"},"silent":true})J",
       R"({"method":"page.fill","params":{"role":"checkbox","name":"Select all","value":true}})",
       Eval("[...document.querySelectorAll('input')].map((box) => box.checked)")}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":true}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":[true,true,true]})");
}

// A three-state box whose clicks go unchecked, mixed, checked (Quasar's toggle-indeterminate):
// filled with true, it is clicked once more when the first click left it mixed (it said "it
// was clicked, but it reads false").
BOOST_AUTO_TEST_CASE(a_box_whose_clicks_go_through_mixed_is_clicked_on_to_the_value) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<div role=checkbox tabindex=0 aria-checked=false aria-label=Subscribed id=box style='width: 20px; height: 20px; border: 1px solid'></div><script>const next = {false: 'mixed', mixed: 'true', true: 'false'}; box.onclick = () => box.setAttribute('aria-checked', next[box.getAttribute('aria-checked')]);</script>"},"silent":true})J",
       R"({"method":"page.fill","params":{"role":"checkbox","name":"Subscribed","value":true}})",
       Eval("box.getAttribute('aria-checked')")}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":true}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"true"})");
}

// A switch that asks a server before it changes (Element Plus's before-change, 600 ms): the
// fill reads it until it changed (it said "it was clicked, but it reads false", and a second
// fill clicked it back as the first change landed).
BOOST_AUTO_TEST_CASE(a_switch_that_changes_once_the_page_has_asked_is_read_then) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<button role=switch id=sw aria-checked=false aria-label=Sync onclick='setTimeout(() => sw.setAttribute(`aria-checked`, String(sw.getAttribute(`aria-checked`) !== `true`)), 600)'>Sync</button>"},"silent":true})J",
       R"({"method":"page.fill","params":{"role":"switch","name":"Sync","value":true}})",
       Eval("sw.getAttribute('aria-checked')")}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":true}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"true"})");
}

// A grid that takes a checkbox cell's click into its data and draws the cell anew
// (Handsontable's, which keeps the browser from ticking the box clicked): the fill reads the
// box drawn in the clicked one's place (the clicked box, gone, read false: "it was
// clicked, but it reads false", and a second fill undid the change).
BOOST_AUTO_TEST_CASE(a_box_the_page_draws_anew_on_its_change_is_read_where_it_was) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<table><tr><td>Apple</td><td id=a></td></tr><tr><td>Pear</td><td id=b></td></tr></table><script>const ripe = {a: false, b: true}; const draw = (id) => { const cell = document.getElementById(id); cell.innerHTML = '<input type=checkbox aria-label=' + id + (ripe[id] ? ' checked' : '') + '>'; cell.firstChild.onclick = (e) => { e.preventDefault(); ripe[id] = !ripe[id]; setTimeout(() => draw(id), 0); }; }; draw('a'); draw('b');</script>"},"silent":true})J",
       R"({"method":"page.fill","params":{"role":"checkbox","name":"a","value":true}})",
       R"({"method":"page.fill","params":{"role":"checkbox","name":"b","value":false}})",
       Eval("JSON.stringify(ripe)")}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":true}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.fill","result":{"value":false}})");
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.eval","result":"{\"a\":true,\"b\":false}"})");
}

// Keys with an editable element as their target go where its selection is when it has the
// focus already (page.select made it): they replaced "brown" (a click put them at the end:
// "The quick brown foxred"). Typed into an editor's frame (TinyMCE's body takes the keys),
// the result is its text (it said the iframe had the focus).
BOOST_AUTO_TEST_CASE(keys_go_over_the_selection_and_into_an_editors_frame) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<div id=c contenteditable>The quick brown fox</div><iframe id=ed srcdoc='<body contenteditable>Hello</body>'></iframe>"},"silent":true})J",
       R"({"method":"page.select","params":{"target":{"css":"#c"},"text":"brown"}})",
       R"({"method":"page.type","params":{"text":"red","target":{"css":"#c"}}})",
       R"({"method":"page.click","params":{"text":"Hello"},"silent":true})",
       R"({"method":"page.press","params":{"key":"End"},"silent":true})",
       R"({"method":"page.type","params":{"text":" world"}})"}));
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.type","result":{"value":"The quick red fox"}})");
  BOOST_TEST(Record(result, 5) ==
             R"({"index":5,"method":"page.type","result":{"value":"Hello world"}})");
}

// A field whose widget takes what was typed into its state a frame later and clamps what it
// holds as it is left (Ark's number input, by its state machine): the fill leaves it once the
// page has drawn the input, as a user's Tab comes (left at once, it clamped its old value).
BOOST_AUTO_TEST_CASE(a_fill_leaves_the_field_once_the_page_has_taken_the_input) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<input id=qty aria-label=Quantity value=3><script>let held = '3'; qty.oninput = () => requestAnimationFrame(() => { held = qty.value; }); qty.onblur = () => { qty.value = String(Math.min(Number(held), 10)); };</script>"},"silent":true})J",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Quantity","value":"42"}})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Quantity","value":"7"}})"}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"10"}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.fill","result":{"value":"7"}})");
}

BOOST_AUTO_TEST_CASE(aria_switches_radios_and_checkboxes_fill_with_true_or_false) {
  const json::object result = Run(Frames(
      {Goto("aria_toggles.html"),
       R"({"method":"page.fill","params":{"role":"switch","name":"Airplane mode","value":true}})",
       R"({"method":"page.fill","params":{"role":"switch","name":"Airplane mode","value":true}})",
       R"({"method":"page.fill","params":{"role":"radio","name":"Large","value":true}})",
       R"({"method":"page.fill","params":{"role":"radio","name":"Large","value":false}})",
       R"({"method":"page.fill","params":{"role":"switch","name":"Airplane mode","value":"on"}})",
       Eval("Array.from(document.querySelectorAll('button'), "
            "(b) => b.textContent + '=' + b.getAttribute('aria-checked')).join(' ')")},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":true}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.fill","result":{"value":true}})");
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.fill","result":{"value":true}})");
  BOOST_TEST(Record(result, 4) ==
             R"({"index":4,"method":"page.fill","error":{"error":"not fillable","message":)"
             R"("page.fill: button \"Large\" is a checked radio button, which a click cannot )"
             R"(uncheck; fill another radio button of its group with true"}})");
  BOOST_TEST(Record(result, 5) ==
             R"({"index":5,"method":"page.fill","error":{"error":"not fillable","message":)"
             R"("page.fill: button \"on\" is a switch: give value true or false"}})");
  BOOST_TEST(Record(result, 6) ==
             R"({"index":6,"method":"page.eval","result":"on=true Small=false Large=true )"
             R"(Locked=false"})");
}

// A box with the role of a checkbox that says no state, over the native checkbox that holds
// it (PrimeReact's row checkbox): its state is that checkbox's, so a fill clicks it once and
// says true, a second fill does not click it off again, and the snapshot shows it checked. A
// box whose click the page does not take is no fill.
BOOST_AUTO_TEST_CASE(a_checkbox_role_over_a_native_checkbox_fills_and_reads_through_it) {
  const json::object result = Run(Frames(
      {Goto("wrapped_checkbox.html"),
       R"({"method":"page.fill","params":{"role":"checkbox","name":"Select Eve","value":true}})",
       R"({"method":"page.fill","params":{"role":"checkbox","name":"Select Eve","value":true}})",
       Eval("eve.checked"),
       R"({"method":"page.snapshot","params":{"root":{"role":"checkbox","name":"Select Eve"}}})",
       R"({"method":"page.fill","params":{"role":"checkbox","name":"Select Locked","value":true}})",
       Eval("locked.getAttribute('aria-checked')")},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":true}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.fill","result":{"value":true}})");
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.eval","result":true})");
  const std::string outline(PageSuite::Record(result, 4).at("result").as_string());
  BOOST_TEST(outline ==
             WithRefs("- checkbox \"Select Eve\" [ref={1}] checked", FirstRef(outline), 1));
  BOOST_TEST(Record(result, 5) ==
             R"({"index":5,"method":"page.fill","error":{"error":"not fillable","message":)"
             R"("page.fill: it was clicked, but it reads false afterwards: the page did not )"
             R"(take the click as a change to true (it may want something first); take a )"
             R"(page.snapshot before trying again"}})");
  BOOST_TEST(Record(result, 6) == R"({"index":6,"method":"page.eval","result":"false"})");
}

// A box with the role of a checkbox that says no state at all (Fancytree's) is not clicked by
// a fill, which could not read back what the click did (a second fill would undo the first).
BOOST_AUTO_TEST_CASE(a_checkbox_role_that_says_no_state_is_not_fillable) {
  const json::object result = Run(Frames(
      {Goto("wrapped_checkbox.html"),
       R"({"method":"page.fill","params":{"role":"checkbox","name":"Select Backlog","value":true}})",
       Eval("backlog.dataset.selected")},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","error":{"error":"not fillable","message":)"
             R"("page.fill: span.box has the role checkbox but says no state )"
             R"((no aria-checked), so what a click does to it cannot be read back; page.click it )"
             R"J(and check what the page shows then (e.g. its row selected)"}})J");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"false"})");
}

// Keys that went to a field no user sees (a grid's clipboard box parked off screen while a
// cell is only selected) report no value: what was typed shows nowhere.
BOOST_AUTO_TEST_CASE(typing_into_a_field_parked_out_of_sight_reports_no_value) {
  const json::object result = Run(Frames(
      {Goto("parked_clipboard.html"), R"({"method":"page.click","params":{"text":"Carrot"}})",
       R"({"method":"page.type","params":{"text":"Zucchini"}})", Eval("cell.textContent")}));
  BOOST_TEST(
      Record(result, 2) ==
      R"({"index":2,"method":"page.type","result":{"focused":"div#clipboard \"Zucchini\", a field out )"
      R"(of sight: what was typed shows nowhere; click the field to type into, or give it )"
      R"(as the target"}})");
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.eval","result":"Carrot"})");
}

// A field the page draws from its state frames after the blur (zag's number field shows its
// old value until then): the fill reads the value it then shows, not the old one as refused.
BOOST_AUTO_TEST_CASE(a_field_drawn_frames_after_it_was_left_reads_its_new_value) {
  const json::object result = Run(Frames(
      {Goto("drawn_after_blur.html"),
       R"({"method":"page.fill","params":{"role":"spinbutton","name":"Guests","value":"4"}})",
       Eval("guests.value")}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"4"}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"4"})");
}

BOOST_AUTO_TEST_CASE(a_filled_select_reports_its_option_value_and_label) {
  const json::object result = Run(Frames(
      {Goto("signup.html"), R"({"method":"page.fill","params":{"css":"#plan","value":"team"}})",
       R"({"method":"page.snapshot","params":{"root":{"css":"#plan"}}})",
       R"({"method":"page.fill","params":{"css":"#plan","value":"Pro plan"}})",
       Eval("document.getElementById('plan').value")}));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","result":{"value":"team","label":"Team"}})");
  const std::string outline(PageSuite::Record(result, 2).at("result").as_string());
  const std::string first_line = outline.substr(0, outline.find('\n'));
  BOOST_TEST(first_line.starts_with(R"(- combobox "Plan" [ref=e)"), first_line);
  BOOST_TEST(first_line.ends_with(R"(] value="Team")"), first_line);
  BOOST_TEST(outline.substr(outline.find('\n')) ==
             "\n  - option \"Free\"\n  - option \"Pro plan\"\n  - option \"Team\" selected");
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.fill","result":{"value":"pro","label":"Pro plan"}})");
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.eval","result":"pro"})");
}

BOOST_AUTO_TEST_CASE(a_controlled_input_takes_the_filled_value_and_rejects_a_scripted_one) {
  const json::object result = Run(Frames(
      {Goto("signup.html"),
       // What a script can do without real input: the page's state does not take it.
       Eval("const i = document.getElementById('name'); i.value = 'scripted';"
            " i.dispatchEvent(new Event('input', {bubbles: true}));"
            " document.getElementById('state').textContent"),
       R"({"method":"page.fill","params":{"css":"#name","value":"Grace"}})",
       Eval("new Promise((r) => setTimeout(() => r(document.getElementById('state').textContent"
            " + ' ' + document.getElementById('name').value), 120))"),
       Eval("window.fieldEvents.filter((e) => e.startsWith('name:'))")}));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.eval","result":"state.name=initial"})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.fill","result":{"value":"Grace"}})");
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.eval","result":"state.name=Grace Grace"})");
  // The click on the field before the typing, the fill's input event and the change of
  // leaving the field all come from the browser.
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.eval","result":["name:input:false",)"
                                  R"("name:click:true","name:input:true","name:change:true"]})");
}

// HTML treats an input whose type it does not know as a text field, and so does the snapshot.
BOOST_AUTO_TEST_CASE(an_input_of_unknown_type_fills_as_text) {
  const json::object result = Run(Frames(
      {R"({"method":"page.goto","silent":true,"params":{"url":"data:text/html,)"
       R"(<input type=currency aria-label=Price>"}})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Price","value":"12.50"}})",
       Eval("document.querySelector('input').value")}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"12.50"}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"12.50"})");
}

// Fields that say they open a list (aria-haspopup, as Mantine's select and autocomplete do
// without a role): a select the page draws as a button, or as a read-only field, is clicked
// open to pick from (these open none, and say so); a field that types into its list keeps the
// focus, so the list stays open.
BOOST_AUTO_TEST_CASE(fields_that_open_a_list_are_picked_from_or_keep_the_focus) {
  const json::object result = Run(Frames(
      {R"({"method":"page.goto","silent":true,"params":{"url":"data:text/html,)"
       R"(<button aria-haspopup=listbox aria-label=Size>M</button>)"
       R"(<input readonly aria-haspopup=listbox aria-label=Country>)"
       R"(<input aria-haspopup=listbox aria-label=City>"}})",
       R"({"method":"page.fill","params":{"role":"button","name":"Size","value":"L"}})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Country","value":"Peru"}})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"City","value":"To"}})",
       Eval("document.activeElement.ariaLabel")},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","error":{"error":"no such option","message":)"
             R"("page.fill: the click on button \"M\" opened no list of options beside it in )"
             R"(1000 ms; take a page.snapshot to see what it did"}})");
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.fill","error":{"error":"no such option","message":)"
             R"("page.fill: the click on input opened no list of options beside it in 1000 ms; )"
             R"(take a page.snapshot to see what it did"}})");
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.fill","result":{"value":"To"}})");
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.eval","result":"City"})");
}

// A select the page draws (a combobox of no field, its listbox floated under the body) is
// filled as a user fills it: a click opens it, a click on the option named (by its whole name
// but for case, else the only one holding the text) chooses it, and the result is what the
// select shows then. Several holding the text, a disabled option, or none: nothing is chosen,
// and the error says what it offers. A page that does not take the click on the option
// (drawn_select.html's "Plan" refuses "Team") is an error, never a value; a list that draws
// only the options in its view (200 items) is scrolled, from its top, to the one named.
BOOST_AUTO_TEST_CASE(a_select_the_page_draws_is_filled_by_clicking_the_option_named) {
  const auto fill = [](const std::string& name, const std::string& value) {
    return absl::StrCat(R"({"method":"page.fill","params":{"role":"combobox","name":")", name,
                        R"(","value":")", value, R"("}})");
  };
  const std::string escape = R"({"method":"page.press","params":{"key":"Escape"}})";
  const json::object result = Run(
      Frames({Goto("drawn_select.html"), fill("Size", "large"), fill("Size", "arge"), escape,
              fill("Size", "XXL"), escape, fill("Size", "Huge"), escape, fill("Plan", "Team"),
              fill("Item", "Item 150"), fill("Item", "Item 999"), escape, fill("Item", "Item 003"),
              Eval("JSON.stringify(window.chosen)"),
              R"({"method":"page.fill","params":{"role":"combobox","name":"Size","value":"Small",)"
              R"("submit":true}})",
              fill("Size", "Extra large"), fill("Size", "Large"), fill("Size", "Extra large")},
             R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","result":{"value":"Large","label":"Large"}})");
  const std::string open = " (its list stands open: page.press Escape closes it)";
  BOOST_TEST(Record(result, 2) ==
             absl::StrCat(R"({"index":2,"method":"page.fill","error":{"error":"no such option",)",
                          R"("message":"page.fill: span#size \"Large\"'s list has several )",
                          R"(options holding \"arge\" (\"Large\", \"Extra large\") and none )",
                          R"(named so: give one's whole name)", open, R"("}})"));
  BOOST_TEST(Record(result, 4) ==
             absl::StrCat(R"({"index":4,"method":"page.fill","error":{"error":"element disabled",)",
                          R"("message":"page.fill: the option \"XXL\" of span#size \"Large\" is )",
                          R"(disabled: the page does not offer it now, and nothing was chosen)",
                          open, R"("}})"));
  BOOST_TEST(Record(result, 6) ==
             absl::StrCat(R"({"index":6,"method":"page.fill","error":{"error":"no such option",)",
                          R"("message":"page.fill: span#size \"Large\"'s list has no option )",
                          R"(named or valued \"Huge\"; it offers \"Small\", \"Medium\", )",
                          R"(\"Large\", \"Extra large\", \"XXL\")", open, R"("}})"));
  BOOST_TEST(Record(result, 8) ==
             R"({"index":8,"method":"page.fill","error":{"error":"not fillable","message":)"
             R"("page.fill: span#plan \"Free\" took the click on its option \"Team\", but )"
             R"(shows \"Free\" afterwards: the page did not take it as the choice (it may want )"
             R"(something first); take a page.snapshot before trying again"}})");
  BOOST_TEST(
      Record(result, 9) ==
      R"({"index":9,"method":"page.fill","result":{"value":"Item 150","label":"Item 150"}})");
  // Opened where it was left, at item 150, and looked through from its top.
  BOOST_TEST(Record(result, 10) ==
             absl::StrCat(R"({"index":10,"method":"page.fill","error":{"error":"no such option",)",
                          R"("message":"page.fill: span#item \"Item 150\"'s list has no option )",
                          R"(named or valued \"Item 999\"; it offers \"Item 146\", )",
                          R"(\"Item 147\", \"Item 148\", \"Item 149\", \"Item 150\", )",
                          R"(\"Item 151\", \"Item 152\", \"Item 153\", \"Item 154\", )",
                          R"(\"Item 155\" and 190 more)", open, R"("}})"));
  BOOST_TEST(
      Record(result, 12) ==
      R"({"index":12,"method":"page.fill","result":{"value":"Item 003","label":"Item 003"}})");
  BOOST_TEST(
      Record(result, 13) ==
      R"({"index":13,"method":"page.eval","result":"{\"size\":\"Large\",\"item\":\"Item 003\"}"})");
  // Its choice is the click: an Enter after it would open it again.
  BOOST_TEST(Record(result, 14) ==
             R"({"index":14,"method":"page.fill","error":{"error":"invalid argument","message":)"
             R"("page.fill: submit does not apply to a list the page draws (the click on its )"
             R"(option chooses it): fill it without submit, then click the form's button"}})");
  // A refused choice whose name the select showed already, inside another's ("Large" in
  // "Extra large"), is refused all the same; the choice it holds, filled again, is taken.
  BOOST_TEST(Record(result, 16) ==
             R"({"index":16,"method":"page.fill","error":{"error":"not fillable","message":)"
             R"("page.fill: span#size \"Extra large\" took the click on its option \"Large\", )"
             R"(but shows \"Extra large\" afterwards: the page did not take it as the choice )"
             R"((it may want something first); take a page.snapshot before trying again"}})");
  BOOST_TEST(Record(result, 17) == R"({"index":17,"method":"page.fill","result":)"
                                   R"({"value":"Extra large","label":"Extra large"}})");
}

// An editor that keeps its own model and copies the selection on selectionchange (Lexical)
// gets the fill's text in place of what it holds, every time, and the result is what it
// drew.
BOOST_AUTO_TEST_CASE(an_editor_that_keeps_its_own_selection_takes_each_fill) {
  const json::object result = Run(Frames(
      {Goto("editor_model.html"),
       R"({"method":"page.fill","params":{"role":"textbox","name":"Message","value":"Gamma"}})",
       Eval("editorText()"),
       R"({"method":"page.fill","params":{"role":"textbox","name":"Message","value":"Delta"}})",
       Eval("editorText()")}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"Gamma"}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"Gamma"})");
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.fill","result":{"value":"Delta"}})");
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.eval","result":"Delta"})");
}

// A date field drawn as segments that take keys (React Aria's) is not filled with text that
// would show a value it does not hold.
BOOST_AUTO_TEST_CASE(a_segment_that_takes_keys_is_typed_into_not_filled) {
  const json::object result = Run(Frames(
      {R"({"method":"page.goto","silent":true,"params":{"url":"data:text/html,)"
       R"(<div role=group aria-label=Date><span role=spinbutton contenteditable tabindex=0 )"
       R"(aria-label=Month aria-valuetext=Empty>mm</span></div>"}})",
       R"({"method":"page.fill","params":{"role":"spinbutton","name":"Month","value":"06"}})",
       Eval("document.querySelector('span').textContent")},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","error":{"error":"not fillable","message":)"
             R"("page.fill: span \"mm\" is a segment of a field that takes keys, not text: type )"
             R"(into it with page.type (e.g. {\"target\": ..., \"text\": \"06202025\"} for a )"
             R"(date), or press ArrowUp and ArrowDown"}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"mm"})");
}

// A fill on the field drawn as segments (the group a snapshot lists them in) says to type its
// digits into the first segment, and names it as a target (it said "target the field itself").
BOOST_AUTO_TEST_CASE(a_fill_on_a_field_of_segments_says_to_type_into_the_first) {
  const json::object result = Run(
      Frames({R"({"method":"page.goto","silent":true,"params":{"url":"data:text/html,)"
              R"(<div role=group aria-label=Date><span role=spinbutton contenteditable tabindex=0 )"
              R"(aria-label=Month>mm</span>/<span role=spinbutton contenteditable tabindex=0 )"
              R"(aria-label=Day>dd</span></div>"}})",
              R"({"method":"page.fill","params":{"role":"group","name":"Date","value":"12/25"}})"},
             R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","error":{"error":"not fillable","message":)"
             R"("page.fill: div \"mm/dd\" is a field drawn as segments that take keys, not text: )"
             R"(type into its first segment with page.type ({\"target\": {\"role\":\"spinbutton\",)"
             R"J(\"name\":\"Month\"}, \"text\": \"1225\"})"}})J");
}

// The field a code editor takes its keys through, kept at no size beside the lines it draws
// (Monaco's textarea "Editor content"): a fill on it says how a user types into the editor
// (it said to hover or open what holds it, or wait for it).
BOOST_AUTO_TEST_CASE(a_fill_on_a_code_editors_hidden_keys_field_says_how_to_type_into_it) {
  const json::object result = Run(Frames(
      {R"({"method":"page.goto","silent":true,"params":{"url":"data:text/html,)"
       R"(<div class=editor><textarea aria-label='Editor content' style='position: absolute; )"
       R"(width: 0; height: 0; padding: 0; border: 0'></textarea><div class=lines>let a = 1;)"
       R"(</div></div>"}})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Editor content","value":"x"}})"},
      R"(,"on_error":"continue")"));
  BOOST_TEST(
      Record(result, 1) ==
      R"({"index":1,"method":"page.fill","error":{"error":"no such element","message":)"
      R"("page.fill: no visible element matches role \"textbox\" named \"Editor content\"; )"
      R"(1 match is hidden now (the first: textarea, no size): it is the field a code editor )"
      R"(takes its keys through, which no user sees: click the editor's text (page.click), )"
      R"(then page.press Control+a and page.type the new text"}})");
}

// A fill on what holds the control rather than a field says what to do there, or does it: a
// custom element whose shadow root holds one button that opens a list (Spectrum's sp-picker)
// is clicked open (this one opens none), and a group of radio buttons (Vaadin's) names the
// radio button of the value (both said "target the field itself").
BOOST_AUTO_TEST_CASE(a_fill_on_a_picker_host_or_a_radio_group_says_what_to_do) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","silent":true,"params":{"url":"data:text/html,<x-picker id=picker></x-picker><div role=radiogroup aria-label=Room><label><input type=radio name=room>Single</label><label><input type=radio name=room>Double</label></div><script>customElements.define('x-picker', class extends HTMLElement { constructor() { super(); this.attachShadow({mode: 'open'}).innerHTML = '<button aria-haspopup=listbox>Choose a country</button>'; } });</script>"}})J",
       R"({"method":"page.fill","params":{"css":"#picker","value":"Spain"}})",
       R"({"method":"page.fill","params":{"role":"radiogroup","name":"Room","value":"double"}})"},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","error":{"error":"no such option","message":)"
             R"("page.fill: the click on x-picker#picker opened no list of options beside it in )"
             R"(1000 ms; take a page.snapshot to see what it did"}})");
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.fill","error":{"error":"not fillable","message":)"
             R"("page.fill: div \"SingleDouble\" is a group of radio buttons: fill the one to )"
             R"(choose with true ({\"role\": \"radio\", \"name\": \"Double\", \"value\": )"
             R"J(true})"}})J");
}

// Typed into a segment, the result is the whole field's text: a model reads a date, not the
// part the focus ended in.
BOOST_AUTO_TEST_CASE(typing_into_a_date_segment_reports_the_fields_text) {
  const json::object result = Run(Frames(
      {R"({"method":"page.goto","silent":true,"params":{"url":"data:text/html,)"
       R"(<div role=group aria-label=Date><span role=spinbutton contenteditable tabindex=0 )"
       R"(aria-label=Month>12</span>/<span role=spinbutton contenteditable tabindex=0 )"
       R"(aria-label=Day id=day style='display: inline-block; min-width: 2em'></span></div>"}})",
       R"({"method":"page.type","params":{"target":{"css":"#day"},"text":"25"}})"}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.type","result":{"value":"12/25"}})");
}

// A fill offers its text as typing does (a cancelable beforeinput, which Firefox's editing
// does not fire): a field that takes only digits (Vaadin's allowed-char-pattern) refuses
// "12a45", and the fill says so (it went in all the same, and said so); one that masks its
// value sets it itself, which the fill reads back.
BOOST_AUTO_TEST_CASE(a_fill_the_page_cancels_as_it_comes_is_refused_or_masked) {
  const json::object result = Run(Frames(
      {Goto("checked_typing.html"),
       R"({"method":"page.fill","params":{"role":"textbox","name":"ZIP","value":"12a45"}})",
       R"({"method":"page.type","params":{"target":{"role":"textbox","name":"ZIP"},"text":"1x2"}})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"ZIP","value":"12345"}})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Phone","value":"555 1234"}})",
       Eval("[zip.value, phone.value]")},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","error":{"error":"not fillable","message":)"
             R"("page.fill: input#zip refused \"12a45\" as one input (the page cancelled its )"
             R"(beforeinput, as a field that takes only some characters does): page.type it key )"
             R"(by key, as a user types, and read what it kept"}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.type","result":{"value":"12"}})");
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.fill","result":{"value":"12345"}})");
  BOOST_TEST(Record(result, 4) ==
             R"({"index":4,"method":"page.fill","result":{"value":"555-1234"}})");
  BOOST_TEST(Record(result, 5) ==
             R"({"index":5,"method":"page.eval","result":["12345","555-1234"]})");
}

BOOST_AUTO_TEST_CASE(fields_that_cannot_take_the_value_say_why) {
  const json::object result = Run(
      Frames({Goto("signup.html"), R"({"method":"page.fill","params":{"css":"#code","value":"x"}})",
              R"({"method":"page.fill","params":{"css":"#plan","value":"Gold"}})",
              R"({"method":"page.fill","params":{"css":"#small","value":false}})",
              R"({"method":"page.fill","params":{"css":"#weekly","value":"yes"}})",
              R"({"method":"page.fill","params":{"css":"#avatar","value":"x"}})",
              R"({"method":"page.fill","params":{"css":"#send","value":"x"}})",
              R"({"method":"page.fill","params":{"css":"#start","value":"tomorrow"}})",
              R"({"method":"page.fill","params":{"css":"#email"}})"},
             R"(,"on_error":"continue")"));
  const auto error = [](std::size_t index, std::string_view code, std::string_view message) {
    return absl::StrCat(R"({"index":)", index, R"(,"method":"page.fill","error":{"error":")",
                        std::string(code), R"(","message":")", std::string(message), R"("}})");
  };
  BOOST_TEST(Record(result, 1) ==
             error(1, "not fillable",
                   "page.fill: input#code is read-only: the page sets its value some other way "
                   "(a picker, or buttons beside it), or not at all"));
  BOOST_TEST(Record(result, 2) ==
             error(2, "no such option",
                   R"(page.fill: select#plan has no option labelled or valued \"Gold\"; its )"
                   R"(options are \"Free\", \"Pro plan\", \"Team\")"));
  BOOST_TEST(Record(result, 3) ==
             error(3, "not fillable",
                   "page.fill: input#small is a checked radio button, which a click cannot "
                   "uncheck; fill another radio button of its group with true"));
  BOOST_TEST(
      Record(result, 4) ==
      error(4, "not fillable", "page.fill: input#weekly is a checkbox: give value true or false"));
  BOOST_TEST(Record(result, 5) ==
             error(5, "not fillable", "page.fill: input#avatar is a file input: use page.upload"));
  BOOST_TEST(Record(result, 6) ==
             error(6, "not fillable",
                   R"(page.fill: button#send \"Send\" is not an input, textarea, select or )"
                   R"(contenteditable element; target the field itself)"));
  BOOST_TEST(Record(result, 7) ==
             error(7, "not fillable",
                   R"(page.fill: input#start did not take \"tomorrow\" (for type=date use the )"
                   R"(format the browser expects, e.g. 2024-05-31 for a date, 13:45 for a time))"));
  BOOST_TEST(Record(result, 8) ==
             error(8, "invalid argument",
                   "page.fill needs \\\"value\\\": text for inputs, textareas and "
                   "contenteditable elements, an option's label or value for a select, true or "
                   "false for a checkbox or radio button"));
}

// A search box and a combobox answer their typing a moment later (a debounce, a fetch): a fill
// or keys that change them keep their focus and return with the answer in the page; a plain
// field is left at once.
BOOST_AUTO_TEST_CASE(a_field_that_suggests_keeps_the_focus_and_its_answer_is_waited_for) {
  const json::object result = Run(Frames(
      {Goto("answers.html"),
       R"({"method":"page.fill","params":{"role":"searchbox","name":"Search fruit","value":"an"}})",
       Eval("[document.activeElement.id, Array.from(document.querySelectorAll('#fruit li'), "
            "(li) => li.textContent)]"),
       R"({"method":"page.type","params":{"text":"g"}})",
       Eval("Array.from(document.querySelectorAll('#fruit li'), (li) => li.textContent)"),
       R"({"method":"page.fill","params":{"role":"combobox","name":"City","value":"l"}})",
       R"({"method":"page.snapshot","params":{"root":{"css":"#cities"}}})",
       R"({"method":"page.fill","params":{"role":"textbox","name":"Note","value":"call back"}})",
       Eval("[document.activeElement.localName, window.events]")}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":{"value":"an"}})");
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.eval","result":["search",["Banana","Mango"]]})");
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.type","result":{"value":"ang"}})");
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.eval","result":["Mango"]})");
  const std::string cities(PageSuite::Record(result, 6).at("result").as_string());
  BOOST_TEST(cities == WithRefs("- listbox [ref={1}] #cities\n"
                                "  - option \"Lille\" [ref={2}]\n"
                                "  - option \"Lyon\" [ref={3}]",
                                FirstRef(cities), 3));
  BOOST_TEST(
      Record(result, 8) ==
      R"({"index":8,"method":"page.eval","result":["body",["search:blur","city:blur","note:blur"]]})");
}

// A request the page began is answered within the result of what began it: data fetched as
// the page loads (page.goto), an XMLHttpRequest a click sent, a check a field makes with the
// server as it is left, the options of a list that depends on a select (page.fill). The
// server answers each 300 ms after it asked, longer than a settle window's quiet 150 ms.
BOOST_AUTO_TEST_CASE(what_a_page_asks_of_a_slow_server_is_in_the_result_of_what_asked) {
  const json::object result = Run(Frames(
      {Goto("fetched.html"), Eval("document.getElementById('list').textContent"),
       R"({"method":"page.click","params":{"role":"button","name":"Refresh"}})",
       Eval("document.getElementById('list').textContent"),
       R"({"method":"page.fill","params":{"role":"textbox","name":"User name","value":"ann"}})",
       Eval("document.getElementById('check').textContent"),
       R"({"method":"page.fill","params":{"role":"combobox","name":"Basket","value":"Fruit"}})",
       R"({"method":"page.fill","params":{"role":"combobox","name":"Fruit","value":"pear"}})"}));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.eval","result":"In stock: apple, pear"})");
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.eval","result":"Refreshed: apple, pear"})");
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.fill","result":{"value":"ann"}})");
  BOOST_TEST(Record(result, 5) == R"({"index":5,"method":"page.eval","result":"ann is free"})");
  BOOST_TEST(Record(result, 6) ==
             R"({"index":6,"method":"page.fill","result":{"value":"Fruit","label":"Fruit"}})");
  BOOST_TEST(Record(result, 7) ==
             R"({"index":7,"method":"page.fill","result":{"value":"pear","label":"pear"}})");
}

// What comes later than any settle waits (suggestions a slow server sends a second later) is
// waited for by the role and name a target would give it, as page.snapshot shows them.
BOOST_AUTO_TEST_CASE(page_waitFor_waits_for_a_role_and_name_to_appear_and_to_go) {
  const std::string later =
      "setTimeout(() => { document.body.insertAdjacentHTML('beforeend', '<ul role=\"listbox\">"
      "<li role=\"option\">Apple</li><li role=\"option\">Apricot <b>(ripe)</b></li></ul>'); "
      "setTimeout(() => document.querySelector('ul').remove(), 300); }, 700)";
  const json::object result = Run(Frames(
      {Goto("plain.html"), Eval(later),
       R"J({"method":"page.waitFor","params":{"role":"option","name":"Apricot (ripe)"}})J",
       Eval("document.querySelectorAll('[role=option]').length"),
       R"J({"method":"page.waitFor","params":{"role":"option","name":"Apricot","gone":true}})J",
       Eval("document.querySelectorAll('[role=option]').length"),
       R"J({"method":"page.waitFor","params":{"css":"p","name":"Apricot"}})J",
       R"J({"method":"page.waitFor","params":{"role":"listbox"},"timeout_ms":600})J"},
      R"J(,"on_error":"continue")J"));
  const std::string at = R"J({"url":")J" + Url("plain.html") + R"J(","title":"Plain"})J";
  BOOST_TEST(Record(result, 2) == R"J({"index":2,"method":"page.waitFor","result":)J" + at + "}");
  BOOST_TEST(Record(result, 3) == R"J({"index":3,"method":"page.eval","result":2})J");
  BOOST_TEST(Record(result, 4) == R"J({"index":4,"method":"page.waitFor","result":)J" + at + "}");
  BOOST_TEST(Record(result, 5) == R"J({"index":5,"method":"page.eval","result":0})J");
  BOOST_TEST(Record(result, 6) ==
             R"J({"index":6,"method":"page.waitFor","error":{"error":"invalid argument",)J"
             R"J("message":"page.waitFor: \"name\" goes with \"role\" (an element's accessible )J"
             R"J(name, as page.snapshot shows it)"}})J");
  BOOST_TEST(
      Record(result, 7) ==
      R"J({"index":7,"method":"page.waitFor","error":{"error":"timeout","message":)J"
      R"J("page.waitFor waited 600 ms for an element of role \"listbox\" to appear (the tab )J"
      R"J(shows )J" +
          Url("plain.html") +
          R"J(); raise the frame's \"timeout_ms\", or check the page with )J"
          R"J(page.snapshot"}})J");
}

// The settle window's deadlines are read on the page's clock: on a page that has drawn nothing
// for a while, the animation timeline's time is that of its last frame, long past, and a key
// whose handler draws its answer frame by frame from timers is still waited for.
BOOST_AUTO_TEST_CASE(a_key_on_a_page_idle_for_a_while_waits_for_what_it_draws_frame_by_frame) {
  const json::object result = Run(
      Frames({Goto("answers.html"),
              R"({"method":"page.press","params":{"role":"button","name":"Count","key":"Shift"}})",
              R"({"method":"page.waitFor","params":{"ms":1000}})",
              R"({"method":"page.press","params":{"key":"Enter"}})",
              Eval("document.getElementById('counted').textContent")}));
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.eval","result":"Counted to 10"})");
}

// A browser that draws few frames a second (8 here; a busy machine draws late): a tour that
// moves its highlight once a frame for 400 ms changes the DOM only every 125 ms, and its next
// step comes after the 500 ms the settle takes at most on time. The quiet window is three of
// the page's frames, and the cap moves on by how late they came: the click's result has the
// step the page then shows (the title that names it).
BOOST_AUTO_TEST_CASE(a_click_on_a_page_drawn_late_waits_for_what_it_draws_frame_by_frame) {
  FreshBrowser browser("", nullptr, R"~("prefs":{"layout.frame_rate":8})~");
  const json::array results = browser.Results(absl::StrCat(
      R"~({"method":"page.goto","silent":true,"params":{"url":")~", Url("slow_frames.html"),
      R"~("}},{"method":"page.click","params":{"role":"button","name":"Next"}})~"));
  BOOST_TEST(json::serialize(results[1]) ==
             absl::StrCat(R"~({"url":")~", Url("slow_frames.html"),
                          R"~(","title":"Users","navigated":false})~"));
}

// A modal that has the keys' focus and fades out on Escape (UIkit's): the fade is what the key
// set off, not the focused control's own feedback, so the key returns once the modal is gone
// and the next click reaches the page behind it.
BOOST_AUTO_TEST_CASE(a_key_returns_once_the_focused_modal_it_closes_has_faded_out) {
  const json::object result =
      Run(Frames({Goto("modal_escape.html"),
                  R"({"method":"page.click","params":{"role":"button","name":"Open"}})",
                  R"({"method":"page.press","params":{"key":"Escape"}})",
                  Eval("[getComputedStyle(modal).display, state.textContent]"),
                  R"({"method":"page.click","params":{"role":"button","name":"Open"}})",
                  Eval("state.textContent")}));
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.eval","result":["none","closed"]})");
  BOOST_TEST(Record(result, 5) == R"({"index":5,"method":"page.eval","result":"open"})");
}

// A modal that takes no focus as it opens, and closes on an Escape only when the focus is
// inside it (Kendo UI's window): a click behind it says that the focus is outside it, and how
// an Escape reaches it (the advice was a bare page.press Escape, which went to the button
// behind it).
BOOST_AUTO_TEST_CASE(a_click_behind_a_modal_the_focus_is_not_in_says_where_escape_must_go) {
  const json::object result = Run(Frames(
      {Goto("modal_focus_behind.html"),
       R"({"method":"page.click","silent":true,"params":{"role":"button","name":"Open dialog"}})",
       R"({"method":"page.click","params":{"role":"button","name":"Counter 0"}})",
       R"({"method":"page.press","silent":true,"params":{"key":"Escape","target":{"role":"dialog","name":"Save the changes?"}}})",
       R"({"method":"page.click","silent":true,"params":{"role":"button","name":"Counter 0"}})",
       Eval("[win.style.display, clicks]")},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.click","error":{"error":"element covered","message":)"
             R"("page.click: button#count \"Counter 0\" lies behind div#overlay, which covers )"
             R"(the page as a modal's backdrop does: the pointer and keys go to the modal, not to )"
             R"(it; nothing was clicked. Close or finish that first (the focus is on button#open )"
             R"(\"Open dialog\", outside it: page.press Escape with a target inside it, or click )"
             R"J(its close button), or act inside it"}})J");
  BOOST_TEST(Record(result, 5) == R"({"index":5,"method":"page.eval","result":["none",1]})");
}

BOOST_AUTO_TEST_CASE(fill_with_submit_presses_enter_and_follows_the_navigation) {
  const json::object result = Run(Frames(
      {Goto("signup.html"), R"({"method":"page.fill","params":{"css":"#name","value":"Alan"}})",
       R"({"method":"page.fill","params":{"css":"#email","value":"alan@example.com","submit":true}})",
       Eval("location.pathname + ' ' + document.getElementById('thanks').textContent")}));
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.fill","result":{"value":"alan@example.com"}})");
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.eval","result":"/welcome.html Thanks Alan"})");
}

// page.fill leaves its field (blur, as a user moving on); a key pressed next without a target,
// while nothing has the focus, goes back to that field: fill, then Enter submits its form.
BOOST_AUTO_TEST_CASE(a_key_without_a_target_after_a_fill_goes_to_the_field_it_left) {
  const json::object result = Run(Frames(
      {Goto("signup.html"), R"({"method":"page.fill","params":{"css":"#name","value":"Alan"}})",
       R"({"method":"page.press","params":{"key":"Enter"}})",
       Eval("document.getElementById('thanks').textContent")}));
  BOOST_TEST(
      Record(result, 2) ==
      absl::StrCat(R"({"index":2,"method":"page.press","result":{"url":")",
                   Url("welcome.html?name=Alan&email=&bio=old+bio&plan=free&terms=on&size=small"
                       "&start=&notes=old+notes"),
                   R"(","title":"Welcome","navigated":true}})"));
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.eval","result":"Thanks Alan"})");
}

// page.type without a target goes there too: the characters land after the filled text.
BOOST_AUTO_TEST_CASE(typing_without_a_target_after_a_fill_goes_on_in_the_field_it_left) {
  const json::object result = Run(Frames(
      {Goto("signup.html"), R"({"method":"page.fill","params":{"css":"#email","value":"al"}})",
       R"({"method":"page.type","params":{"text":"an@example.com"}})"}));
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.type","result":{"value":"alan@example.com"}})");
}

// Once the pointer went down elsewhere, the field is left for good: Enter goes to the page.
BOOST_AUTO_TEST_CASE(a_key_after_a_fill_and_a_click_elsewhere_is_not_sent_to_the_field) {
  const json::object result = Run(Frames(
      {Goto("signup.html"), R"({"method":"page.fill","params":{"css":"#name","value":"Alan"}})",
       R"({"method":"page.click","silent":true,"params":{"css":"h1"}})",
       R"({"method":"page.press","silent":true,"params":{"key":"Enter"}})",
       Eval("location.pathname + ' ' + document.activeElement.localName")}));
  BOOST_TEST(Record(result, 4) ==
             R"({"index":4,"method":"page.eval","result":"/signup.html body"})");
}

BOOST_AUTO_TEST_CASE(keys_and_chords_reach_the_focused_element) {
  const json::object result = Run(
      Frames({Goto("input.html"),
              R"({"method":"page.press","silent":true,"params":{"css":"#box","key":"Control+a"}})",
              R"({"method":"page.press","silent":true,"params":{"key":"Backspace"}})",
              R"({"method":"page.press","silent":true,"params":{"css":"#menu","key":"ArrowDown"}})",
              R"({"method":"page.press","silent":true,"params":{"key":"ArrowDown"}})",
              R"({"method":"page.press","params":{"css":"#other","key":"Shift+Tab"}})",
              Eval("[window.seen, document.getElementById('box').value, document.activeElement.id,"
                   " document.getElementById('log').textContent]")}));
  BOOST_TEST(Record(result, 5) ==
             absl::StrCat(R"({"index":5,"method":"page.press","result":{"url":")",
                          Url("input.html"), R"(","title":"Input","navigated":false}})"));
  BOOST_TEST(Record(result, 6) ==
             R"({"index":6,"method":"page.eval","result":[["box:Control:C:true",)"
             R"("box:a:C:true","box:Backspace::true","menu:ArrowDown::true",)"
             R"("menu:ArrowDown::true","other:Shift:S:true","other:Tab:S:true"],"","box",)"
             R"("item 2"]})");
}

BOOST_AUTO_TEST_CASE(enter_that_navigates_returns_the_new_page) {
  const json::object result = Run(Frames(
      {Goto("input.html"), R"({"method":"page.press","params":{"css":"#box","key":"Enter"}})"}));
  BOOST_TEST(Record(result, 1) ==
             absl::StrCat(R"({"index":1,"method":"page.press","result":{"url":")",
                          Url("welcome.html?name=entered"),
                          R"(","title":"Welcome","navigated":true}})"));
}

// The target's first match is in the top document: the iframes' matches are only counted, and
// the focus stays on the outer button (acting on them too would move it into an iframe).
BOOST_AUTO_TEST_CASE(a_target_acts_on_its_first_match_only_when_iframes_match_too) {
  const json::object result = Run(Frames(
      {Goto("frames.html"), R"({"method":"page.press","params":{"key":"Shift","role":"button"}})",
       Eval("document.activeElement.textContent"),
       Eval("[...document.querySelectorAll('iframe')].map((f) => "
            "f.contentDocument ? f.contentDocument.activeElement.localName : null)")}));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"Outer button"})");
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.eval","result":["body",null]})");
}

BOOST_AUTO_TEST_CASE(an_unknown_key_is_refused_with_examples) {
  const json::object result =
      Run(Frames({R"({"method":"page.press","params":{"key":"Control+Entr"}})"}));
  BOOST_TEST(Record(result, 0) ==
             R"({"index":0,"method":"page.press","error":{"error":"invalid argument",)"
             R"("message":"page.press: in \"Control+Entr\": unknown key \"Entr\": use a key )"
             R"(name such as Enter, Escape, Tab, Backspace, Delete, ArrowDown, PageUp, Home, )"
             R"(Space, F5, a single character such as \"a\" or \"/\", or a chord such as )"
             R"(Control+a or Shift+Tab"}})");
}

// A block editor that knows its current block by the click on it (Editor.js): typing into a
// block given as the target clicks it first, past the end of its text, so its Enter starts a
// new block and the text goes on there.
BOOST_AUTO_TEST_CASE(type_into_an_editors_block_clicks_it_first) {
  const json::object result = Run(Frames(
      {Goto("blocks.html"),
       R"({"method":"page.type","params":{"target":{"css":".block"},"text":"First\nSecond"}})",
       R"({"method":"page.type","params":{"target":{"css":".block"},"text":" line"}})",
       Eval("blocks()")}));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.type","result":{"value":"Second"}})");
  // The first block again (of the two the css matches now): clicked past its text, the caret
  // at its end.
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.type","result":{"value":"First line","matches":2}})");
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.eval","result":["First line","Second"]})");
}

BOOST_AUTO_TEST_CASE(type_sends_a_real_key_press_per_character) {
  const json::object result = Run(Frames(
      {Goto("typing.html"),
       R"({"method":"page.type","params":{"css":"#name","text":"Zoë 42","delay_ms":10}})",
       R"({"method":"page.type","params":{"text":"!"}})",
       R"({"method":"page.type","params":{"role":"textbox","name":"Note","text":"Hi\nthere"}})",
       R"({"method":"page.type","params":{"css":"#plain","text":"x"}})",
       Eval("JSON.stringify(window.keydowns) + ' ' + document.getElementById('note').innerText"),
       Eval("document.activeElement.blur()"), R"({"method":"page.type","params":{"text":"y"}})",
       // A page that takes keys on the document, as a spreadsheet does.
       Eval("document.addEventListener('keydown', (e) => document.body.append(e.key))"),
       R"({"method":"page.type","params":{"text":"ok"}})"}));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.type","result":{"value":"Zoë 42"}})");
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.type","result":{"value":"Zoë 42!"}})");
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.type","result":{"value":"Hi\nthere"}})");
  // The keys went to a button, which types no text: the result says where they went.
  BOOST_TEST(
      Record(result, 4) ==
      R"({"index":4,"method":"page.type","result":{"focused":"button#plain \"Plain button\""}})");
  BOOST_TEST(Record(result, 5) == R"({"index":5,"method":"page.eval","result":)"
                                  R"("{\"name\":7,\"note\":8,\"plain\":1} Hi\nthere"})");
  // Nothing had the focus: the keys went to the page, which did nothing with them, then to
  // one that changed its text as they came.
  BOOST_TEST(
      Record(result, 7) ==
      R"({"index":7,"method":"page.type","result":{"focused":"body","page_changed":false}})");
  BOOST_TEST(Record(result, 9) ==
             R"({"index":9,"method":"page.type","result":{"focused":"body","page_changed":true}})");
}

// Keys that move the focus on as they go in (a code's boxes of a digit each): the value is the
// field the focus came to, and "moved_to" names it.
BOOST_AUTO_TEST_CASE(type_names_the_field_its_keys_moved_the_focus_to) {
  const json::object result = Run(
      Frames({Goto("code_boxes.html"),
              R"({"method":"page.type","params":{"role":"textbox","name":"Digit 1","text":"12"}})",
              R"({"method":"page.type","params":{"role":"textbox","name":"Digit 4","text":"7"}})",
              Eval("code()")}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.type","result":{"value":"",)"
                                  R"("moved_to":"textbox \"Digit 3\""}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.type","result":{"value":"7"}})");
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.eval","result":"12_7"})");
}

// A field that holds text and never had the focus: typing into it as a target goes on after
// its text, where a user who clicks past it types (focus() alone left the caret at its start).
BOOST_AUTO_TEST_CASE(type_into_a_field_goes_on_after_its_text) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<input aria-label=Name value=Ada>"},"silent":true})J",
       R"({"method":"page.type","params":{"target":{"role":"textbox","name":"Name"},"text":" Lovelace"}})"}));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.type","result":{"value":"Ada Lovelace"}})");
}

BOOST_AUTO_TEST_CASE(type_refuses_a_control_character) {
  const json::object result =
      Run(Frames({R"({"method":"page.type","params":{"text":"a\u0001"}})"}));
  BOOST_TEST(Record(result, 0) ==
             R"({"index":0,"method":"page.type","error":{"error":"invalid argument",)"
             R"("message":"page.type: the text holds a control character (code 1) at byte 1 )"
             R"(that no key types"}})");
}

BOOST_AUTO_TEST_CASE(wait_for_late_text_and_for_a_spinner_to_go) {
  const json::object result = Run(Frames(
      {Goto("late.html?delay=300"),
       R"({"method":"page.waitFor","timeout_ms":10000,"params":{"css":"#spinner","gone":true}})",
       R"({"method":"page.waitFor","timeout_ms":10000,"params":{"text":"Ready now"}})"}));
  const std::string url = Url("late.html?delay=300");
  BOOST_TEST(Record(result, 1) ==
             absl::StrCat(R"({"index":1,"method":"page.waitFor","result":{"url":")", url,
                          R"(","title":"Ready"}})"));
  BOOST_TEST(Record(result, 2) ==
             absl::StrCat(R"({"index":2,"method":"page.waitFor","result":{"url":")", url,
                          R"(","title":"Ready"}})"));
}

BOOST_AUTO_TEST_CASE(a_regex_text_waits_and_targets_and_a_bad_one_says_so) {
  const json::object result = Run(Frames(
      {Goto("late.html?delay=300"),
       R"({"method":"page.waitFor","timeout_ms":10000,"params":{"text":"/^Ready\\s+NOW$/i"}})",
       R"({"method":"page.text","params":{"text":"/ready/i"}})",
       R"({"method":"page.waitFor","params":{"text":"/(/"}})",
       R"({"method":"page.text","params":{"text":"/(/"}})"},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             absl::StrCat(R"({"index":1,"method":"page.waitFor","result":{"url":")",
                          Url("late.html?delay=300"), R"(","title":"Ready"}})"));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.text","result":"Ready now"})");
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.waitFor","error":{"error":"invalid argument",)"
             R"("message":"page.waitFor: text \"/(/\" is no valid regular expression )"
             R"~((\"/PATTERN/FLAGS\")"}})~");
  BOOST_TEST(Record(result, 4) ==
             R"({"index":4,"method":"page.text","error":{"error":"invalid argument",)"
             R"("message":"page.text: \"/(/\" is no valid regular expression: )"
             R"(unterminated parenthetical"}})");
}

BOOST_AUTO_TEST_CASE(wait_for_keeps_waiting_across_navigations) {
  // The first page navigates after 300 ms to a second one whose text appears 300 ms later.
  const json::object result =
      Run(Frames({Goto("late.html?delay=300&next=late.html%3Fdelay%3D300%26step%3D2"),
                  R"({"method":"page.waitFor","timeout_ms":10000,"params":{"text":"Ready now"}})",
                  R"({"method":"page.waitFor","timeout_ms":10000,"params":{"url":"step=2"}})"}));
  const std::string url = Url("late.html?delay=300&step=2");
  BOOST_TEST(Record(result, 1) ==
             absl::StrCat(R"({"index":1,"method":"page.waitFor","result":{"url":")", url,
                          R"(","title":"Ready"}})"));
  BOOST_TEST(Record(result, 2) ==
             absl::StrCat(R"({"index":2,"method":"page.waitFor","result":{"url":")", url,
                          R"(","title":"Ready"}})"));
}

BOOST_AUTO_TEST_CASE(wait_for_times_out_naming_what_it_waited_for) {
  const json::object result =
      Run(Frames({Goto("late.html?delay=100000"),
                  R"({"method":"page.waitFor","timeout_ms":400,"params":{"text":"Never here"}})"}));
  BOOST_TEST(Record(result, 1) ==
             absl::StrCat(R"({"index":1,"method":"page.waitFor","error":{"error":"timeout",)",
                          R"("message":"page.waitFor waited 400 ms for the text \"Never here\" )",
                          R"(to appear (the tab shows )", Url("late.html?delay=100000"),
                          R"(); raise the frame's \"timeout_ms\", or check the page with )",
                          R"(page.snapshot"}})"));
}

BOOST_AUTO_TEST_CASE(wait_for_its_own_timeout_ms_names_that_param) {
  const json::object result =
      Run(Frames({Goto("late.html?delay=100000"), Eval("window.t0 = performance.now(); true"),
                  R"({"method":"page.waitFor","params":{"css":"#never","timeout_ms":300}})",
                  Eval("const t = performance.now() - window.t0; t >= 300 && t < 2000")},
                 R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 2) ==
             absl::StrCat(R"({"index":2,"method":"page.waitFor","error":{"error":"timeout",)",
                          R"("message":"page.waitFor waited 300 ms for an element matching )",
                          R"(\"#never\" to appear (the tab shows )", Url("late.html?delay=100000"),
                          R"(); raise its \"timeout_ms\" param, or check the page with )",
                          R"(page.snapshot"}})"));
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.eval","result":true})");
}

BOOST_AUTO_TEST_CASE(wait_for_ms_is_a_fixed_wait) {
  const json::object result =
      Run(Frames({Goto("late.html?delay=100000"), Eval("window.t0 = performance.now(); true"),
                  R"({"method":"page.waitFor","params":{"ms":200}})",
                  Eval("const t = performance.now() - window.t0; t >= 200 && t < 1500"),
                  R"({"method":"page.waitFor","params":{"ms":200,"text":"Ready"}})",
                  R"({"method":"page.waitFor","timeout_ms":1000,"params":{"ms":5000}})"},
                 R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 2) ==
             absl::StrCat(R"({"index":2,"method":"page.waitFor","result":{"url":")",
                          Url("late.html?delay=100000"), R"(","title":"Loading"}})"));
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.eval","result":true})");
  BOOST_TEST(Record(result, 4) ==
             R"({"index":4,"method":"page.waitFor","error":{"error":"invalid argument",)"
             R"("message":"page.waitFor: \"ms\" is a fixed wait and takes no \"text\"; wait )"
             R"(for a condition in another frame"}})");
  BOOST_TEST(Record(result, 5) ==
             R"({"index":5,"method":"page.waitFor","error":{"error":"timeout",)"
             R"("message":"page.waitFor: a wait of 5000 ms does not fit in the frame's time )"
             R"((1000 ms); raise the frame's timeout_ms"}})");
}

// Width and height from a PNG's IHDR chunk.
std::pair<int, int> PngSize(const std::string& png) {
  const auto be32 = [&](std::size_t at) {
    return (static_cast<unsigned char>(png[at]) << 24) |
           (static_cast<unsigned char>(png[at + 1]) << 16) |
           (static_cast<unsigned char>(png[at + 2]) << 8) | static_cast<unsigned char>(png[at + 3]);
  };
  return {be32(16), be32(20)};
}

BOOST_AUTO_TEST_CASE(screenshots_are_image_files_of_the_viewport_an_element_or_the_page) {
  const json::object result =
      Run(Frames({Goto("cards.html"), R"({"method":"page.screenshot"})",
                  R"({"method":"page.screenshot","params":{"css":"#card-3"}})",
                  R"({"method":"page.screenshot","params":{"full_page":true}})",
                  R"({"method":"page.screenshot","params":{"format":"jpeg"}})",
                  Eval("const r = document.getElementById('card-3').getBoundingClientRect();"
                       " [Math.round(r.width), Math.round(r.height), innerWidth, innerHeight,"
                       " document.documentElement.scrollHeight]")}));
  const json::array dims = PageSuite::Record(result, 5).at("result").as_array();
  const std::pair<int, int> expected[] = {
      {static_cast<int>(dims[2].as_int64()), static_cast<int>(dims[3].as_int64())},
      {static_cast<int>(dims[0].as_int64()), static_cast<int>(dims[1].as_int64())},
      {static_cast<int>(dims[2].as_int64()), static_cast<int>(dims[4].as_int64())}};
  for (std::size_t i = 1; i <= 3; ++i) {
    const json::object& record = PageSuite::Record(result, i);
    BOOST_TEST_REQUIRE(record.contains("spooled"), json::serialize(record));
    const std::string path(record.at("spooled").as_string());
    BOOST_TEST(path.ends_with(".png"), path);
    BOOST_TEST(std::string(record.at("mime").as_string()) == "image/png");
    const std::string png = ReadAll(path);
    BOOST_TEST(record.at("bytes").as_int64() == static_cast<std::int64_t>(png.size()));
    BOOST_TEST(png.substr(0, 8) == "\x89PNG\r\n\x1a\n");
    BOOST_TEST(PngSize(png).first == expected[i - 1].first, "screenshot " << i);
    BOOST_TEST(PngSize(png).second == expected[i - 1].second, "screenshot " << i);
  }
  const json::object& jpeg = PageSuite::Record(result, 4);
  BOOST_TEST_REQUIRE(jpeg.contains("spooled"), json::serialize(jpeg));
  BOOST_TEST(std::string(jpeg.at("mime").as_string()) == "image/jpeg");
  BOOST_TEST(ReadAll(std::string(jpeg.at("spooled").as_string())).substr(0, 3) == "\xFF\xD8\xFF");
}

BOOST_AUTO_TEST_CASE(screenshot_params_are_checked) {
  const json::object result =
      Run(Frames({R"({"method":"page.screenshot","params":{"format":"gif"}})",
                  R"({"method":"page.screenshot","params":{"css":"body","full_page":true}})"},
                 R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 0) ==
             R"({"index":0,"method":"page.screenshot","error":{"error":"invalid argument",)"
             R"("message":"page.screenshot: \"format\" is \"png\" (the default), \"jpeg\" or )"
             R"(\"webp\", got \"gif\""}})");
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.screenshot","error":{"error":"invalid argument",)"
             R"("message":"page.screenshot takes a target (that element only) or )"
             R"(\"full_page\": true, not both"}})");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::testing
