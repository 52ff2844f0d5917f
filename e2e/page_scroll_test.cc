// page.scroll against real headless Firefox on fixtures/pages/scroll.html: a long page holding
// a virtual list of 10,000 rows of which only those in view exist.
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <string>

#include "absl/strings/str_cat.h"
#include "page_suite.h"

namespace firefox_bidi::testing {
namespace {

namespace json = boost::json;

BOOST_AUTO_TEST_SUITE(e2e_page_scroll)

BOOST_AUTO_TEST_CASE(the_page_scrolls_by_to_the_bottom_and_back_to_the_top) {
  const json::object result = Run(Frames(
      {Goto("scroll.html"), R"({"method":"page.scroll","params":{"by":{"y":250}}})",
       R"({"method":"page.scroll","params":{"to":"bottom"}})",
       Eval("scrollY === document.documentElement.scrollHeight - innerHeight ? scrollY : -1"),
       R"({"method":"page.scroll","params":{"to":"top"}})",
       R"({"method":"page.scroll","params":{"to":"top"}})"}));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.scroll","result":{"x":0,"y":250,"moved":true}})");
  const std::string y = json::serialize(json::parse(Record(result, 3)).as_object().at("result"));
  BOOST_TEST(y != "-1");
  BOOST_TEST(Record(result, 2) ==
             absl::StrCat(R"({"index":2,"method":"page.scroll","result":{"x":0,"y":)", y,
                          R"(,"moved":true}})"));
  BOOST_TEST(Record(result, 4) ==
             R"({"index":4,"method":"page.scroll","result":{"x":0,"y":0,"moved":true}})");
  BOOST_TEST(Record(result, 5) ==
             R"({"index":5,"method":"page.scroll","result":{"x":0,"y":0,"moved":false}})");
}

BOOST_AUTO_TEST_CASE(a_target_scrolls_its_own_box_and_to_brings_an_element_into_view) {
  const json::object result = Run(Frames(
      {Goto("scroll.html"), R"({"method":"page.scroll","params":{"css":"#list","by":{"y":100}}})",
       R"({"method":"page.scroll","params":{"to":{"text":"End of the page"}}})",
       Eval(
           "const r = document.getElementById('tail').getBoundingClientRect(); "
           "[document.getElementById('list').scrollTop, r.top >= 0 && r.bottom <= innerHeight]")}));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.scroll","result":{"x":0,"y":100,"moved":true}})");
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.eval","result":[100,true]})");
}

// What is slotted into a web component scrolls in the box of its shadow root that holds the
// slot (Ionic's ion-content): page.scroll moves that box, and a click on a button below its
// fold scrolls it there (it was "out of sight ... which clips it").
BOOST_AUTO_TEST_CASE(content_slotted_into_a_shadow_scroll_box_scrolls_there) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<style>html, body { margin: 0; height: 100% }</style><div id=host style='height: 300px'></div><script>host.attachShadow({mode: 'open'}).innerHTML = '<div style=\"height: 100%; overflow-y: auto\"><slot></slot></div>'; host.innerHTML = '<p style=\"height: 1500px\">Tall</p><button onclick=\"this.textContent = `Pressed`\">Far</button>'; window.box = host.shadowRoot.firstElementChild;</script>"},"silent":true})J",
      R"({"method":"page.scroll","params":{"target":{"text":"Tall"},"by":{"y":500}}})",
      Eval("box.scrollTop"),
      R"({"method":"page.click","silent":true,"params":{"role":"button","name":"Far"}})",
      Eval("[document.querySelector('button').textContent, box.scrollTop > 1000]"),
  }));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.scroll","result":{"x":0,"y":500,"moved":true}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":500})");
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.eval","result":["Pressed",true]})");
}

// A box that moves its content on its own keys and does not scroll (Monaco's editor hides its
// overflow, and draws only the lines in view), on a page that does not scroll either: "until"
// says the wheel over it moved nothing, and how such a box is scrolled (it said it scrolled to
// the end of the target's box).
BOOST_AUTO_TEST_CASE(until_in_no_box_that_scrolls_says_nothing_moved) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<div id=editor style='height: 100px; overflow: hidden'><div style='height: 2000px'>line 1</div></div>"},"silent":true})J",
       R"({"method":"page.scroll","params":{"css":"#editor","until":{"text":"line 150"}}})"},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.scroll","error":{"error":"no such element","message":)"
             R"("page.scroll: the target lies in no box that scrolls, and the wheel turned over )"
             R"(it moved nothing: nothing moved, and no visible element matches text \"line )"
             R"(150\". What )"
             R"(moves its content on the wheel or keys of its own (a code editor, a map) scrolls )"
             R"(with page.press PageDown after a page.click in it"}})");
}

// A calendar that hides all months but the focused one from readers (Vaadin's date picker):
// a role target never matches there however far the box scrolls, and "until" says so at once
// (it scrolled on to its timeout); the text target it advises finds the day.
BOOST_AUTO_TEST_CASE(until_a_role_the_page_hides_from_readers_says_so) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<div id=cal style='height: 200px; overflow: auto'><div role=grid aria-label=May><div role=gridcell style='height: 20px'>15 May</div></div><div role=grid aria-label=June aria-hidden=true style='margin: 600px 0'><div role=gridcell style='height: 20px'>15 June</div></div></div>"},"silent":true})J",
       R"({"method":"page.scroll","params":{"css":"#cal","until":{"role":"gridcell","name":"15 June"}}})",
       R"({"method":"page.scroll","params":{"css":"#cal","until":{"text":"15 June"}}})"},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.scroll","error":{"error":"no such element","message":)"
             R"("page.scroll: what matches role \"gridcell\" named \"15 June\" is drawn inside )"
             R"(content the page hides from readers (aria-hidden), which a role target does not )"
             R"(match however far it scrolls: scroll \"until\" a text target (the words it )"
             R"(shows) instead"}})");
  // The day's middle (620 + 10 px down the box) centred in the box's 200 px.
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.scroll","result":{"x":0,"y":530,"moved":true}})");
}

BOOST_AUTO_TEST_CASE(until_scrolls_a_virtual_list_until_the_row_exists) {
  // Row 5000 is 99,980 px down the list; centred in its 400 px box the list stands at 99,790.
  const json::object result =
      Run(Frames({Goto("scroll.html"),
                  R"({"method":"page.scroll","timeout_ms":60000,)"
                  R"("params":{"css":"#list","until":{"text":"Row 5000"}}})",
                  Eval("const row = [...document.querySelectorAll('.row')]"
                       ".find((r) => r.textContent === 'Row 5000'); "
                       "[document.getElementById('list').scrollTop, !!row]")}));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.scroll","result":{"x":0,"y":99790,"moved":true}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":[99790,true]})");
}

// A data grid scrolls its rows down in one box and its columns across in another inside it:
// from a cell, scrolling down (until, by y) moves the first, across (by x) the second.
// A list that asks a slow server for more as its end comes into view: a scroll returns with
// what it asked for, and until scrolls on as the list grows.
BOOST_AUTO_TEST_CASE(a_list_that_loads_more_as_it_is_scrolled_has_grown_when_the_scroll_returns) {
  const std::string last = Eval(
      "[document.querySelectorAll('li').length, document.querySelector('li:last-child')"
      ".textContent]");
  const json::object result =
      Run(Frames({Goto("feed.html"), R"({"method":"page.scroll","params":{"to":"bottom"}})", last,
                  R"({"method":"page.scroll","params":{"until":{"text":"Item 70"}}})",
                  Eval("document.querySelectorAll('li')[69].textContent")}));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":[40,"Item 40"]})");
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.eval","result":"Item 70"})");
}

BOOST_AUTO_TEST_CASE(from_a_cell_of_a_grid_down_and_across_scroll_their_own_boxes) {
  // Row 400 is 7,980 px down; centred in the 200 px box the rows stand at 7,890.
  const json::object result = Run(
      Frames({Goto("scroll_grid.html"),
              R"({"method":"page.scroll","params":{"text":"Row 1","until":{"text":"Row 400"}}})",
              R"({"method":"page.scroll","params":{"text":"Row 400","by":{"x":120}}})",
              R"({"method":"page.scroll","params":{"text":"Row 400","by":{"y":-90}}})",
              Eval("[document.getElementById('rows').scrollTop, "
                   "document.getElementById('cols').scrollLeft]")}));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.scroll","result":{"x":0,"y":7890,"moved":true}})");
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.scroll","result":{"x":120,"y":0,"moved":true}})");
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.scroll","result":{"x":0,"y":7800,"moved":true}})");
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.eval","result":[7800,120]})");
}

BOOST_AUTO_TEST_CASE(until_fails_at_the_end_of_the_box_and_on_its_own_timeout) {
  const json::object result =
      Run(Frames({Goto("scroll.html"),
                  R"({"method":"page.scroll","params":{"until":{"text":"Not on the page"}}})",
                  R"({"method":"page.scroll","params":{"css":"#list","until":{"text":"Row 9999"},)"
                  R"("timeout_ms":300}})",
                  R"({"method":"page.scroll","params":{"by":{"z":1}}})",
                  Eval("document.getElementById('list').scrollTop")},
                 R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.scroll","error":{"error":"no such element",)"
             R"("message":"page.scroll: scrolled to the end of the page and no visible element )"
             R"(matches text \"Not on the page\"; a list that scrolls in a box of its own (a )"
             R"(grid, a virtual list) is scrolled with a target inside that box"}})");
  // Where the time ran out is where the list was left.
  const std::string reached =
      json::serialize(json::parse(Record(result, 4)).as_object().at("result"));
  BOOST_TEST(Record(result, 2) ==
             absl::StrCat(R"({"index":2,"method":"page.scroll","error":{"error":"timeout",)"
                          R"("message":"page.scroll scrolled down for 300 ms, from y 0 to y )",
                          reached,
                          R"(, without finding text \"Row 9999\". A box that grows as it is )"
                          R"(scrolled (an endless list or calendar) only goes further down with )"
                          R"(more time: if the target lies above, scroll up first (\"to\": )"
                          R"(\"top\", or \"by\" a negative y); else raise its \"timeout_ms\" )"
                          R"(param"}})"));
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.scroll","error":{"error":"invalid argument",)"
             R"("message":"page.scroll: \"by\" takes {\"x\": PIXELS, \"y\": PIXELS} (either )"
             R"J(may be left out; negative scrolls back)"}})J");
}

// A virtual list that renders the rows in view only once the scrolling paused (35 ms): each
// step of until waits for it to render, so the row is reached and shown.
BOOST_AUTO_TEST_CASE(until_waits_for_a_list_that_renders_once_its_scrolling_pauses) {
  const json::object result = Run(Frames(
      {Goto("scroll_later.html"),
       R"({"method":"page.scroll","params":{"css":"#box","until":{"text":"Warehouse 300"}}})",
       Eval("[...document.querySelectorAll('.row')].some((row) => row.textContent === "
            "'Warehouse 300')")}));
  // Row 300 spans 5980-6000 px; its middle comes to the middle of the 200 px box.
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.scroll","result":{"x":0,"y":5890,"moved":true}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":true})");
}

// A row as the target of a long until: the list draws other rows in its place as it scrolls,
// and the scroll goes on in the box the row was in (its search runs in slices of 5 s, and the
// row is gone by the second: the list was left there before, "at the end" of no box).
BOOST_AUTO_TEST_CASE(until_keeps_the_box_of_a_target_row_the_list_took_away) {
  const json::object result =
      Run(Frames({Goto("scroll_later.html"),
                  R"({"method":"page.scroll","params":{"target":{"text":"Warehouse 1"},)"
                  R"("until":{"text":"Warehouse 1400"}}})",
                  Eval("[...document.querySelectorAll('.row')].some((row) => row.textContent === "
                       "'Warehouse 1400')")}));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":true})");
}

// A click on an option below the visible part of its list's own scroll box (the list itself
// in the window) scrolls that box to it; a button a carousel's track clips without scrolling
// is out of sight, and the track is left as it was.
BOOST_AUTO_TEST_CASE(a_click_scrolls_the_box_that_hides_its_element_but_not_a_clipping_track) {
  const json::object result = Run(Frames(
      {Goto("scrolled_list.html"),
       R"({"method":"page.click","params":{"role":"option","name":"Item 6"}})",
       Eval("[picked.textContent, list.scrollTop]"),
       R"({"method":"page.click","params":{"role":"option","name":"Item 19"}})",
       Eval("[picked.textContent, list.scrollTop === list.scrollHeight - list.clientHeight]"),
       R"({"method":"page.click","params":{"role":"button","name":"Second slide"}})",
       Eval("track.scrollLeft"),
       R"({"method":"page.click","params":{"role":"button","name":"Eighth slide"}})",
       Eval("[track.scrollLeft, scrollX]")},
      R"(,"on_error":"continue")"));
  // Item 6 spans 180-210 px of the list; its middle comes to the middle of the 120 px box.
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":["Item 6",135]})");
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.eval","result":["Item 19",true]})");
  // The message names the box that clips it (its text shows up to 60 characters).
  const auto clipped = [](int index, const std::string& button) {
    return absl::StrCat(R"({"index":)", index,
                        R"(,"method":"page.click","error":{"error":"element not visible",)"
                        R"("message":"page.click: button \")",
                        button,
                        R"(\" is out of sight in div#track \"First slideSecond slideEighth )"
                        R"(slide\", which clips it (as a carousel hides its other slides): bring )"
                        R"(it into view as a user would (page.scroll \"to\" it, which turns the )"
                        R"(wheel over that box; the page's next button, a tab, a page.drag )"
                        R"(across it); take a new page.snapshot to find what is shown, or )"
                        R"(page.waitFor it first"}})");
  };
  BOOST_TEST(Record(result, 5) == clipped(5, "Second slide"));
  BOOST_TEST(Record(result, 6) == R"({"index":6,"method":"page.eval","result":0})");
  // Beyond the window's edge too: neither the track nor the window is scrolled to it.
  BOOST_TEST(Record(result, 7) == clipped(7, "Eighth slide"));
  BOOST_TEST(Record(result, 8) == R"({"index":8,"method":"page.eval","result":[0,0]})");
}

// Scrolling to a slide a carousel's track clips without scrolling: no scroll a user makes
// shows it, so the track keeps its place (a script's scrollIntoView would have scrolled it,
// showing a slide the carousel had not moved to) and the scroll says why.
BOOST_AUTO_TEST_CASE(a_scroll_to_a_slide_a_track_clips_leaves_the_track_and_says_so) {
  const json::object result = Run(
      Frames({Goto("scrolled_list.html"),
              R"({"method":"page.scroll","params":{"to":{"role":"button","name":"Second slide"}}})",
              Eval("track.scrollLeft")},
             R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.scroll","error":{"error":"element not visible",)"
             R"("message":"page.scroll: button \"Second slide\" is out of sight in div#track )"
             R"(\"First slideSecond slideEighth slide\", which clips it, and the wheel over it )"
             R"(did not bring it (as a carousel hides )"
             R"(its other slides): bring it into view as a user would (the page's next button, )"
             R"(a tab, a page.drag across it); take a new page.snapshot to find what is shown, )"
             R"(or page.waitFor it first"}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":0})");
}

// A feed that hides its overflow and scrolls itself on the wheel's events (DevExtreme's scroll
// view): by, to (a target it clips away), until and top/bottom turn the wheel over it, as a
// user scrolls it; the page stays where it was (the target's scroll box was the page's). An
// excerpt that only clips its text moves nothing: the wheel scrolled the page, and says so.
BOOST_AUTO_TEST_CASE(a_box_that_scrolls_itself_on_the_wheel_is_scrolled_with_the_wheel) {
  const json::object result = Run(Frames(
      {Goto("wheel_box.html"),
       R"({"method":"page.scroll","params":{"text":"Item 1","by":{"y":300}}})",
       Eval("[scrollY, feed.scrollTop]"),
       // Item 30 spans 580-600 px of the feed: its middle comes to the middle of the 200 px box.
       R"({"method":"page.scroll","params":{"to":{"text":"Item 30"}}})",
       R"({"method":"page.click","params":{"text":"Item 30"},"pick":"title"})",
       R"({"method":"page.scroll","params":{"text":"Item 2","until":{"text":"Item 40"}}})",
       R"({"method":"page.scroll","params":{"text":"Item 2","to":"top"}})",
       R"({"method":"page.scroll","params":{"text":"Item 2","to":"bottom"}})",
       Eval("[scrollY, feed.scrollTop]"),
       R"({"method":"page.scroll","params":{"text":"Second line","by":{"y":100}}})",
       Eval("[scrollY, excerpt.scrollTop]")}));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.scroll","result":{"x":0,"y":300,"moved":true}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":[0,300]})");
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.scroll","result":{"x":0,"y":490,"moved":true}})");
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.click","result":"Picked 30"})");
  BOOST_TEST(Record(result, 5) ==
             R"({"index":5,"method":"page.scroll","result":{"x":0,"y":600,"moved":true}})");
  BOOST_TEST(Record(result, 6) ==
             R"({"index":6,"method":"page.scroll","result":{"x":0,"y":0,"moved":true}})");
  BOOST_TEST(Record(result, 7) ==
             R"({"index":7,"method":"page.scroll","result":{"x":0,"y":600,"moved":true}})");
  BOOST_TEST(Record(result, 8) == R"({"index":8,"method":"page.eval","result":[0,600]})");
  BOOST_TEST(Record(result, 9) == R"({"index":9,"method":"page.scroll","result":)"
                                  R"({"x":0,"y":0,"moved":false,"page":{"x":0,"y":100}}})");
  BOOST_TEST(Record(result, 10) == R"({"index":10,"method":"page.eval","result":[100,0]})");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::testing
