// page.drag and page.select against real headless Firefox, checked through what the pages
// themselves keep: fixtures/pages/sortable.html (a list of draggable items the app reorders on
// drop, an archive that accepts drops, a column that never does), slider.html (a slider and a
// drawing pad driven by pointer and mouse events alone), select.html (an editor whose Bold
// button acts on the selection, a text field, plain text), drop.html (zones that take dropped
// files or text), drop_later.html (a tree that acts on where a drag rests), drag_grip.html (a
// grip that picks its block on mousedown).
#include <boost/json/object.hpp>
#include <boost/test/unit_test.hpp>
#include <fstream>
#include <string>

#include "page_suite.h"

namespace firefox_bidi::testing {
namespace {

namespace json = boost::json;

BOOST_AUTO_TEST_SUITE(e2e_page_drag)

BOOST_AUTO_TEST_CASE(an_html5_drag_reorders_the_list_the_app_keeps_and_a_click_works_after) {
  const json::object result = Run(Frames({
      Goto("sortable.html"),
      R"({"method":"page.drag","params":{"from":{"text":"Write spec"},"to":{"text":"Test it"}}})",
      Eval("[board.order.join(','), [...document.querySelectorAll('#tasks li')]"
           ".map((li) => li.dataset.id).join(','), board.ended]"),
      // Two zones match: the first, the archive, is taken, and the result says so.
      R"({"method":"page.drag","params":{"from":{"text":"Ship it"},"to":{"css":".zone"},)"
      R"("steps":3}})",
      Eval("[board.order.join(','), board.archived.join(','), "
           "document.getElementById('archive').textContent]"),
      // No native drag session is left behind: a real click still reaches the page.
      R"({"method":"page.click","params":{"text":"Reset the board"}})",
      Eval("[board.order.join(','), document.getElementById('status').textContent]"),
  }));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.drag","result":{"dropped":true,"via":"html5",)"
             R"("place":{"before":1,"after":3,"of":4}}})");
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.eval","result":["build,test,spec,ship",)"
             R"("build,test,spec,ship","move"]})");
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.drag","result":)"
                                  R"({"dropped":true,"via":"html5","to_matches":2}})");
  BOOST_TEST(Record(result, 4) ==
             R"({"index":4,"method":"page.eval","result":["build,test,spec","ship",)"
             R"("Archive: ship"]})");
  BOOST_TEST(Record(result, 6) ==
             R"({"index":6,"method":"page.eval","result":["spec,build,test,ship",)"
             R"J("Order: spec, build, test, ship (reset)"]})J");
}

// A text target of a drag is pressed on its words, as a click's is: a word in a wide
// paragraph (a selection an editor lets one drag), not the paragraph's blank middle.
BOOST_AUTO_TEST_CASE(a_drag_from_a_text_target_presses_on_its_words) {
  const json::object result = Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<p id=p style='width: 600px'>Hello brave new world</p><script>p.onmousedown = (e) => { const r = document.createRange(); const t = p.firstChild; r.setStart(t, 6); r.setEnd(t, 11); const b = r.getBoundingClientRect(); document.title = e.clientX >= b.left && e.clientX <= b.right && e.clientY >= b.top && e.clientY <= b.bottom ? `on the word` : `beside it`; };</script>"},"silent":true})J",
       R"({"method":"page.drag","params":{"from":{"text":"brave"},"by":{"x":0,"y":40}}})",
       Eval("document.title")}));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"on the word"})");
}

// A list reordered by a handle inside each item, moving the item as the pointer passes the
// others, under a cover over the whole page (DevExtreme's): the item whose handle was dragged
// stands where the button came up, and that is the drop (it said "dropped": false); its place
// is the item's. Hidden under a copy that follows the pointer, the item is not seen there, but
// the list moved the destination aside for it.
BOOST_AUTO_TEST_CASE(a_drag_by_an_items_handle_that_the_list_moved_along_is_dropped) {
  const json::object result = Run(Frames({
      Goto("handle_list.html"),
      R"({"method":"page.drag","params":{"from":{"css":"#tasks li:nth-child(4) .handle"},)"
      R"("to":{"role":"option","name":"Review PR"}}})",
      Eval("JSON.stringify([moves, [...tasks.children].map((li) => li.textContent)])"),
      R"({"method":"page.drag","params":{"from":{"css":"#chores li:nth-child(4) .handle"},)"
      R"("to":{"role":"option","name":"Laundry"}}})",
      Eval("JSON.stringify([moves, [...chores.children].map((li) => li.textContent)])"),
  }));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.drag","result":{"dropped":true,"via":"pointer",)"
             R"("place":{"before":4,"after":2,"of":4}}})");
  BOOST_TEST(Record(result, 2) ==
             R"J({"index":2,"method":"page.eval","result":"[[[3,1]],[\"Write spec\",)J"
             R"J(\"Plan sprint\",\"Review PR\",\"Call customer\"]]"})J");
  // The item hidden under its copy: the list moved the destination aside for it, where the
  // button came up.
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.drag","result":{"dropped":true,"via":"pointer",)"
             R"("place":{"before":4,"after":2,"of":4}}})");
  BOOST_TEST(Record(result, 4) ==
             R"J({"index":4,"method":"page.eval","result":"[[[3,1],[3,1]],[\"Dishes\",)J"
             R"J(\"Groceries\",\"Laundry\",\"Garden\"]]"})J");
}

// A list that hides the items a filter leaves out (Muuri's grid): the place counts the items a
// user sees (it said 5 of 8 for the first of 4 shown).
BOOST_AUTO_TEST_CASE(a_reorder_counts_the_places_of_the_items_shown) {
  const json::object result = Run(Frames({
      Goto("sortable.html"),
      Eval("document.querySelector('[data-id=build]').style.display = 'none'"),
      R"({"method":"page.drag","params":{"from":{"text":"Write spec"},"to":{"text":"Ship it"}}})",
      Eval("board.order.join(',')"),
  }));
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.drag","result":{"dropped":true,"via":"html5",)"
             R"("place":{"before":1,"after":3,"of":3}}})");
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.eval","result":"build,test,ship,spec"})");
}

// A list that lays drop places between its items (PrimeReact's order list: elements of
// another role, a few pixels high): the place counts its items alone.
BOOST_AUTO_TEST_CASE(a_reorder_counts_the_items_not_the_drop_places_between_them) {
  const json::object result = Run(Frames({
      Goto("sortable.html"),
      Eval("list.querySelectorAll('[data-id]').forEach((item) => item.before(Object.assign("
           "document.createElement('li'), {role: 'separator', style: 'height: 4px'})))"),
      R"({"method":"page.drag","params":{"from":{"text":"Write spec"},"to":{"text":"Ship it"}}})",
      Eval("board.order.join(',')"),
  }));
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.drag","result":{"dropped":true,"via":"html5",)"
             R"("place":{"before":1,"after":4,"of":4}}})");
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.eval","result":"build,test,ship,spec"})");
}

// A list that scrolls the page while the pointer is held near the viewport's bottom edge
// (@hello-pangea/dnd): the button comes up where the destination is once the scrolling
// stopped, as a hand follows it (it came up where the item had been, over nothing).
BOOST_AUTO_TEST_CASE(a_pointer_drag_follows_a_destination_the_page_scrolled) {
  const json::object result = Run(Frames({
      Goto("autoscroll_list.html"),
      R"({"method":"page.drag","params":{"from":{"text":"Item 1"},"to":{"text":"Item 12"}}})",
      Eval("[dropped.textContent, scrollY]"),
  }));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.drag","result":{"dropped":true,)"
                                  R"("via":"pointer","place":{"before":1,"after":1,"of":12}}})");
  // Scrolled to its end: 8 + 12 x 55 + 300 + 8 px of page in a 682 px viewport.
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.eval","result":["Item 1 on Item 12",294]})");
}

// A list that scrolls the page while a drag is over the viewport's bottom 30 px (SortableJS):
// bringing the destination into view left it at the edge, where the page scrolled on under the
// drop (an item landed one past it). Both ends fit in the view, so the page is scrolled to put
// their middle in the middle of the view first, and nothing scrolls during the drag.
BOOST_AUTO_TEST_CASE(an_html5_drag_keeps_both_ends_off_the_edges_where_a_page_scrolls) {
  const json::object result = Run(Frames({
      Goto("autoscroll_html5.html"),
      R"({"method":"page.drag","params":{"from":{"text":"Item 2"},"to":{"text":"Item 5"}}})",
      Eval("[dropped.textContent, scrollY]"),
  }));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.drag","result":{"dropped":true,)"
                                  R"("via":"html5","place":{"before":2,"after":2,"of":8}}})");
  // Item 2 begins 563 px down the page, item 5 ends at 783: their middle, 673, less half of the
  // 682 px viewport.
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.eval","result":["Item 2 on Item 5",332]})");
}

// A destination that takes no pointer events is reached through what draws it, as a click's
// target is: Ionic's segment button leaves the drop to its host (it was "covered" by it).
BOOST_AUTO_TEST_CASE(a_drop_on_an_element_that_takes_no_pointer_events_reaches_its_host) {
  const json::object result = Run(Frames({
      R"J({"method":"page.goto","params":{"url":"data:text/html,<div id=source style='width: 80px; height: 40px; user-select: none'>Source</div><x-segment id=segment style='display: block; margin-top: 40px; width: 200px; height: 50px'></x-segment><script>customElements.define('x-segment', class extends HTMLElement { constructor() { super(); this.attachShadow({mode: 'open'}).innerHTML = '<button style=\"width: 200px; height: 50px; pointer-events: none\">Month</button>'; } }); window.ups = []; source.onpointerdown = () => { segment.onpointerup = (e) => ups.push(e.target.id); };</script>"},"silent":true})J",
      R"({"method":"page.drag","params":{"from":{"text":"Source"},"to":{"role":"button","name":"Month"}}})",
      Eval("ups"),
  }));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.drag","result":{"dropped":true,"via":"pointer"}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":["segment"]})");
}

BOOST_AUTO_TEST_CASE(a_target_that_does_not_accept_the_drop_gets_none_and_nothing_moves) {
  // The locked column listens for drop but never cancels dragover: no drop, as in a browser.
  const json::object result = Run(Frames({
      Goto("sortable.html"),
      R"({"method":"page.drag","params":{"from":{"text":"Build it"},"to":{"css":"#locked"}}})",
      Eval("[board.order.join(','), board.locked.length, board.ended]"),
  }));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.drag","result":{"dropped":false,"via":"html5"}})");
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.eval","result":["spec,build,test,ship",0,"none"]})");
}

BOOST_AUTO_TEST_CASE(a_pointer_slider_follows_the_real_mouse_to_a_point_and_to_an_element) {
  // The track runs from x 50 (value 0) to x 450 (100) at y 104; its 25% mark is at x 150.
  // Each drag makes its 7 first moves (1, 2, 3, 4, 6, 8, 10 px), then its steps (10 by
  // default): 17 moves, then 9.
  const json::object result = Run(Frames({
      Goto("slider.html"),
      R"({"method":"page.drag","params":{"from":{"role":"slider","name":"Volume"},)"
      R"("to":{"x":350,"y":104}}})",
      Eval("[volume.value, volume.moves, volume.released, "
           "document.getElementById('handle').getAttribute('aria-valuenow')]"),
      R"({"method":"page.drag","params":{"from":{"css":"#handle"},"to":{"css":"#quarter"},)"
      R"("steps":2}})",
      Eval("[volume.value, volume.moves, document.getElementById('value').textContent]"),
  }));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.drag","result":{"dropped":true,"via":"pointer"}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":[75,17,true,"75"]})");
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.drag","result":{"dropped":true,"via":"pointer"}})");
  BOOST_TEST(Record(result, 4) ==
             R"({"index":4,"method":"page.eval","result":[25,26,"Volume: 25"]})");
}

// A page that starts its drag once the pointer is more than 9 px from the press, and measures
// the drag from there (Kendo UI's Window): the first moves (1, 2, 3, 4, 6, 8, 10 px along the
// way) cross that threshold at 10 px, so a drag of one step moves the window by the rest of
// the way (when they stopped at 4 px, the one step started the drag and moved nothing).
BOOST_AUTO_TEST_CASE(a_drag_measured_from_past_a_threshold_loses_only_the_first_moves) {
  const json::object result = Run(Frames({
      Goto("drag_threshold.html"),
      R"({"method":"page.drag","params":{"from":{"text":"Confirm"},"by":{"x":-150,"y":80},)"
      R"("steps":1}})",
      Eval("[win.offsetLeft, win.offsetTop, drag.started, drag.moves]"),
  }));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.drag","result":{"dropped":true,"via":"pointer"}})");
  // 10 px along (-150, 80) rounds to (-9, 5): the window moved (-141, 75) from (300, 100).
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.eval","result":[159,175,[-9,5],8]})");
}

BOOST_AUTO_TEST_CASE(drags_inside_frames_of_either_origin_reach_the_apps_there) {
  // drag_frames.html: sortable.html in a same-origin frame, slider.html in a cross-origin
  // frame that starts below the first screen (pointer input there lands on nothing unless the
  // tab scrolls first). Points are in the viewport of the source's document.
  const json::object result = Run(Frames({
      Goto("drag_frames.html"),
      R"({"method":"page.drag","params":{"from":{"text":"Write spec"},"to":{"text":"Test it"}}})",
      Eval("document.querySelector('iframe[title=Board]').contentWindow.board.order.join()"),
      R"({"method":"page.drag","params":{"from":{"role":"slider","name":"Volume"},)"
      R"("to":{"x":350,"y":104}}})",
      R"({"method":"page.text","params":{"target":{"css":"#value"}}})",
      Eval("scrollY > 0"),
      R"({"method":"page.drag","params":{"from":{"css":"#handle"},"to":{"css":"#quarter"}}})",
      R"({"method":"page.text","params":{"target":{"css":"#value"}}})",
      R"({"method":"page.drag","params":{"from":{"text":"Ship it"},"to":{"css":"#quarter"}}})",
  }));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.drag","result":{"dropped":true,"via":"html5",)"
             R"("place":{"before":1,"after":3,"of":4}}})");
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.eval","result":"build,test,spec,ship"})");
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.drag","result":{"dropped":true,"via":"pointer"}})");
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.text","result":"Volume: 75"})");
  BOOST_TEST(Record(result, 5) == R"({"index":5,"method":"page.eval","result":true})");
  BOOST_TEST(Record(result, 6) ==
             R"({"index":6,"method":"page.drag","result":{"dropped":true,"via":"pointer"}})");
  BOOST_TEST(Record(result, 7) == R"({"index":7,"method":"page.text","result":"Volume: 25"})");
  BOOST_TEST(Record(result, 8) ==
             R"({"index":8,"method":"page.drag","error":{"error":"invalid argument",)"
             R"("message":"page.drag: \"from\" and \"to\" lie in different frames; )"
             R"(a drag stays within one document"}})");
}

BOOST_AUTO_TEST_CASE(a_canvas_gets_a_mouse_stroke_from_its_centre_to_the_point) {
  // The pad spans x 50..350, y 200..350: its centre is (150, 75) inside it. The stroke's points:
  // where the button went down, the 7 first moves (1 to 10 px) and the 4 steps.
  const json::object result = Run(Frames(
      {
          Goto("slider.html"),
          R"({"method":"page.drag","params":{"from":{"css":"#pad"},"to":{"x":100,"y":220},)"
          R"("steps":4}})",
          Eval("[document.getElementById('stroke').textContent, stroke.points]"),
          R"({"method":"page.drag","params":{"from":{"css":"#pad"},"to":{"x":5000,"y":10}}})",
          R"({"method":"page.drag","params":{"from":{"css":"#pad"},"to":{"x":1}}})",
          // An offset along one axis: the other is 0.
          R"({"method":"page.drag","params":{"from":{"css":"#pad"},"by":{"x":-50},"steps":4}})",
          Eval("document.getElementById('stroke').textContent"),
          R"({"method":"page.drag","params":{"from":{"css":"#pad"},"by":{"z":1}}})",
      },
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.drag","result":{"dropped":true,"via":"pointer"}})");
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.eval","result":["Stroke from 150,75 to 50,20",12]})");
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.drag","error":{"error":"invalid argument",)"
             R"("message":"page.drag: \"to\" {\"x\": 5000, \"y\": 10} lies outside the )"
             R"J(viewport (1366 x 682)"}})J");
  BOOST_TEST(Record(result, 4) ==
             R"({"index":4,"method":"page.drag","error":{"error":"invalid argument",)"
             R"("message":"page.drag: \"to\" takes a target such as {\"text\": \"Done\"} or )"
             R"(a viewport point {\"x\": N, \"y\": N}"}})");
  BOOST_TEST(Record(result, 5) ==
             R"({"index":5,"method":"page.drag","result":{"dropped":true,"via":"pointer"}})");
  BOOST_TEST(Record(result, 6) ==
             R"({"index":6,"method":"page.eval","result":"Stroke from 150,75 to 100,75"})");
  BOOST_TEST(Record(result, 7) ==
             R"({"index":7,"method":"page.drag","error":{"error":"invalid argument",)"
             R"("message":"page.drag: \"by\" is an offset in pixels, e.g. {\"x\": 100} or )"
             R"J({\"x\": 100, \"y\": -20} (either may be left out: 0)"}})J");
}

BOOST_AUTO_TEST_CASE(a_destination_gone_when_the_button_comes_up_gets_no_drop) {
  // The tray closes as the button goes down on the pad: the button comes up over nothing of it.
  const json::object result = Run(Frames({
      Goto("slider.html"),
      R"({"method":"page.drag","params":{"from":{"css":"#pad"},"to":{"text":"Tray"}}})",
      Eval("[document.getElementById('stroke').textContent, "
           "document.getElementById('tray').hidden]"),
  }));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.drag","result":{"dropped":false,"via":"pointer"}})");
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.eval","result":["Stroke from 150,75 to 400,50",true]})");
}

// Whether the button came up over the destination is judged as it comes up: a tree that draws
// its nodes anew on the drop (jstree) leaves neither node in the page afterwards, and a list
// that put a copy of the dragged item where the destination was pushed it from under the
// pointer (dragula's copy), and a zone that took the item as the pointer came stands lower,
// away from the pointer (Draggable's Droppable); all those drops happened.
BOOST_AUTO_TEST_CASE(a_drop_the_page_redraws_or_moves_its_destination_for_is_seen) {
  const json::object result = Run(Frames({
      Goto("drop_redraw.html"),
      R"({"method":"page.drag","params":{"from":{"text":"Pear"},"to":{"text":"Dairy"}}})",
      Eval("JSON.stringify(model)"),
      R"({"method":"page.drag","params":{"from":{"text":"Alpha"},"to":{"text":"Two"}}})",
      Eval("boardTexts()"),
      R"({"method":"page.drag","params":{"from":{"text":"Token"},"to":{"css":"#slot"}}})",
      Eval("document.getElementById('token').parentElement.id"),
  }));
  // The tree's nodes are siblings: Pear, its third, is its fifth after Dairy's Milk.
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.drag","result":{"dropped":true,)"
                                  R"("via":"pointer","place":{"before":3,"after":5,"of":5}}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":)"
                                  R"("{\"Fruit\":[\"Apple\"],\"Dairy\":[\"Milk\",\"Pear\"]}"})");
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.drag","result":{"dropped":true,"via":"pointer"}})");
  BOOST_TEST(Record(result, 4) ==
             R"({"index":4,"method":"page.eval","result":["One","Alpha","Two","Three"]})");
  BOOST_TEST(Record(result, 5) ==
             R"({"index":5,"method":"page.drag","result":{"dropped":true,"via":"pointer"}})");
  BOOST_TEST(Record(result, 6) == R"({"index":6,"method":"page.eval","result":"slot"})");
}

// An HTML5 list drawn anew from its model as the item passes over the others
// (@formkit/drag-and-drop's): the destination and the dragged item are other elements by the
// drop, which reaches the item drawn at the destination's point; that drop happened.
BOOST_AUTO_TEST_CASE(an_html5_drop_on_a_list_drawn_anew_during_the_drag_is_seen) {
  const json::object result = Run(Frames({
      Goto("redrawn_sortable.html"),
      R"({"method":"page.drag","params":{"from":{"text":"Write spec"},"to":{"text":"Test it"}}})",
      Eval("[steps.order.join(','), steps.dropped]"),
  }));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.drag","result":{"dropped":true,)"
                                  R"("via":"html5","place":{"before":1,"after":3,"of":4}}})");
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.eval","result":["Build it,Test it,Write spec,Ship it",)"
             R"("Write spec"]})");
}

// A drag to an item below the fold scrolls the page to it first: the button then goes down
// on the source where it has moved to, not where it was (the item that lay there then).
BOOST_AUTO_TEST_CASE(a_drag_that_scrolls_to_its_destination_presses_the_source_where_it_moved) {
  const json::object result = Run(Frames({
      Goto("long_drag.html"),
      R"({"method":"page.drag","params":{"from":{"text":"Chapter 2"},"to":{"text":"Chapter 18"}}})",
      Eval("[pressed, scrollY > 0]"),
  }));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":)"
                                  R"([["down Chapter 2","up Chapter 18"],true]})");
}

// A destination below the visible part of its own scroll box, inside the window: that box
// scrolls just far enough to show it (it was "covered by html"), and the press goes to the
// source where that moved it.
BOOST_AUTO_TEST_CASE(a_drag_to_an_item_its_scroll_box_hides_scrolls_that_box_to_it) {
  const json::object result = Run(Frames({
      Goto("boxed_list.html"),
      R"({"method":"page.drag","params":{"from":{"text":"Task 5"},"to":{"text":"Task 12"}}})",
      Eval("[pressed, tasks.scrollTop > 0]"),
  }));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":)"
                                  R"([["down Task 5","up Task 12"],true]})");
}

// A card dragged out of its column (jKanban's board): the button came up over the other
// column's title, which takes no card, or over nothing of the board (a point beside it), and
// the board put the card back: "moved": false says it stands where it stood; over that
// column's card it moved, and "dropped" says all.
BOOST_AUTO_TEST_CASE(a_card_dragged_out_of_its_list_says_whether_it_left_its_place) {
  const json::object result = Run(Frames({
      Goto("drop_redraw.html"),
      R"({"method":"page.drag","params":{"from":{"text":"Write report"},"to":{"text":"Done"}}})",
      R"({"method":"page.drag","params":{"from":{"text":"Write report"},"to":{"x":700,"y":20}}})",
      Eval("columns()"),
      R"({"method":"page.drag","params":{"from":{"text":"Write report"},"to":{"text":"Gym"}}})",
      Eval("columns()"),
  }));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.drag","result":{"dropped":true,)"
                                  R"("via":"pointer","moved":false}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.drag","result":{"dropped":true,)"
                                  R"("via":"pointer","moved":false}})");
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.eval","result":["Write report","Gym"]})");
  BOOST_TEST(Record(result, 4) ==
             R"({"index":4,"method":"page.drag","result":{"dropped":true,"via":"pointer"}})");
  BOOST_TEST(Record(result, 5) ==
             R"({"index":5,"method":"page.eval","result":["","Gym,Write report"]})");
}

// Files and text dropped from outside the page (fixtures/pages/drop.html): the page reads what
// arrived; a zone that does not accept gets no drop; a file outside file_roots is refused
// before anything is sent.
BOOST_AUTO_TEST_CASE(files_and_text_dropped_from_outside_reach_the_page_that_accepts_them) {
  PageSuite& s = PageSuite::Get();
  const std::string report = s.files_dir() + "/report.csv";
  std::ofstream(report) << "id,total\n7,42\n";  // 14 bytes
  const std::string quoted = PageSuite::Quote(report);
  const json::object result = Run(Frames(
      {Goto("drop.html"),
       R"({"method":"page.drag","params":{"files":[)" + quoted + R"(],"to":{"css":"#files"}}})",
       R"({"method":"page.text","params":{"css":"#out"}})",
       R"({"method":"page.drag","params":{"data":{"text/plain":"Call back at 5"},"to":{"text":"Drop text here"}}})",
       R"({"method":"page.text","params":{"css":"#out"}})",
       R"({"method":"page.drag","params":{"data":{"text/plain":"x"},"to":{"css":"#closed"}}})",
       R"({"method":"page.text","params":{"css":"#out"}})",
       R"({"method":"page.drag","params":{"files":["/etc/passwd"],"to":{"css":"#files"}}})",
       R"({"method":"page.drag","params":{"data":"text","to":{"css":"#notes"}}})",
       R"({"method":"page.drag","params":{"data":{"text/plain":"x"},"files":[],"to":{"css":"#notes"}}})",
       R"({"method":"page.drag","params":{"data":{"text/plain":"Q4"},"to":{"css":"#uploader"}}})",
       R"({"method":"page.text","params":{"css":"#out"}})"},
      R"(,"on_error":"continue")"));
  // An uploader that draws an overlay over itself as the drag enters, which takes the drop
  // (Quasar's): the drop goes there (it went to the uploader, which drops nothing, and said
  // dropped).
  BOOST_TEST(Record(result, 10) ==
             R"({"index":10,"method":"page.drag","result":{"dropped":true,"via":"html5"}})");
  BOOST_TEST(Record(result, 11) == R"({"index":11,"method":"page.text","result":"queued: Q4"})");
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.drag","result":{"dropped":true,"via":"html5"}})");
  BOOST_TEST(
      Record(result, 2) ==
      R"({"index":2,"method":"page.text","result":"report.csv (text/csv, 14 bytes): id,total 7,42"})");
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.drag","result":{"dropped":true,"via":"html5"}})");
  BOOST_TEST(Record(result, 4) ==
             R"({"index":4,"method":"page.text","result":"note: Call back at 5"})");
  BOOST_TEST(Record(result, 5) ==
             R"({"index":5,"method":"page.drag","result":{"dropped":false,"via":"html5"}})");
  BOOST_TEST(Record(result, 6) ==
             R"({"index":6,"method":"page.text","result":"note: Call back at 5"})");
  BOOST_TEST(Record(result, 7).starts_with(
                 R"({"index":7,"method":"page.drag","error":{"error":"not allowed",)"
                 R"("message":"page.drag files[0] \"/etc/passwd\" is not allowed: it is outside )"
                 R"(file_roots)"),
             Record(result, 7));
  BOOST_TEST(Record(result, 8) ==
             R"({"index":8,"method":"page.drag","error":{"error":"invalid argument",)"
             R"("message":"page.drag: \"data\" maps types to text, e.g. {\"text/plain\": )"
             R"(\"Hello\"}"}})");
  BOOST_TEST(
      Record(result, 9) ==
      R"({"index":9,"method":"page.drag","error":{"error":"invalid argument",)"
      R"~("message":"page.drag needs one of \"from\" (a target, e.g. {\"ref\": \"e5\"}, )~"
      R"~(or a viewport point {\"x\": N, \"y\": N}), \"files\" or \"data\", and one of )~"
      R"~(\"to\" (a target, or a viewport point) or \"by\" (an offset {\"x\": N, \"y\": N} )~"
      R"~(from where the button goes down)"}})~");
}

BOOST_AUTO_TEST_CASE(select_then_bold_makes_exactly_the_selected_word_bold) {
  const json::object result = Run(Frames({
      Goto("select.html"),
      R"({"method":"page.select","params":{"css":"#note","text":"release"}})",
      Eval("[document.getElementById('toolbar-state').textContent, "
           "document.activeElement.id]"),
      R"({"method":"page.click","params":{"role":"button","name":"Bold"}})",
      Eval("document.getElementById('note').innerHTML"),
  }));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.select","result":{"selected":"release"}})");
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.eval","result":["Selected: release","note"]})");
  BOOST_TEST(Record(result, 4) ==
             R"({"index":4,"method":"page.eval","result":)"
             R"("<p>Ship the <b>release</b> on Friday.</p><p>Tell the team.</p>"})");
}

// An editor that looks at the selection only when a key or the mouse button comes up (as
// medium-editor shows its toolbar) sees the selection page.select made: it ends as a
// keyboard user's does, Shift coming up.
BOOST_AUTO_TEST_CASE(select_ends_as_shift_comes_up_for_an_editor_that_waits_for_it) {
  const json::object result = Run(Frames(
      {R"({"method":"page.goto","params":{"url":"data:text/html,<p contenteditable>Ship it on )"
       R"(Friday</p><div id=bar hidden>Bold</div><script>const show = () => { bar.hidden = )"
       R"(getSelection().isCollapsed; }; document.querySelector('p').addEventListener('keyup', )"
       R"(show); document.addEventListener('mouseup', show);</script>"}})",
       R"({"method":"page.select","params":{"css":"p","text":"Friday"}})",
       Eval("[bar.hidden, getSelection().toString()]")}));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.select","result":{"selected":"Friday"}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":[false,"Friday"]})");
}

// An editor that shows its toolbar for a selection a moment after the selection changed
// (Editor.js's inline toolbar): page.select settles as a key does, so the toolbar is there
// when it returns.
BOOST_AUTO_TEST_CASE(select_returns_once_the_toolbar_the_page_shows_for_it_is_there) {
  const json::object result = Run(Frames(
      {R"({"method":"page.goto","params":{"url":"data:text/html,<p contenteditable>Ship it on )"
       R"(Friday</p><div id=bar hidden>Bold</div><script>let timer; document.addEventListener()"
       R"('selectionchange', () => { clearTimeout(timer); timer = setTimeout(() => { bar.hidden )"
       R"(= getSelection().isCollapsed; }, 100); });</script>"}})",
       R"({"method":"page.select","params":{"css":"p","text":"Friday"}})", Eval("bar.hidden")}));
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":false})");
}

BOOST_AUTO_TEST_CASE(select_in_a_field_in_plain_text_and_text_that_is_not_there) {
  const json::object result = Run(Frames(
      {
          Goto("select.html"),
          R"({"method":"page.select","params":{"css":"#title","text":"report"}})",
          Eval("[window.titleSelections, document.activeElement.id]"),
          R"({"method":"page.select","params":{"target":{"text":"Plain text you can select."}}})",
          Eval("[document.getElementById('toolbar-state').textContent, "
               "document.activeElement.localName]"),
          R"({"method":"page.select","params":{"css":"#note","text":"the   release"}})",
          R"({"method":"page.select","params":{"css":"#note","text":"Monday"}})",
          R"({"method":"page.select","params":{"css":"#title","text":"summary"}})",
          R"({"method":"page.select","params":{"css":"#note","text":"Friday. Tell"}})",
          R"({"method":"page.select","params":{"css":"#code","text":"x = 1"}})",
          R"({"method":"page.select","params":{"target":{"role":"combobox","name":"Size"},"text":"M"}})",
          R"({"method":"page.select","params":{"target":{"role":"combobox","name":"Plan"}}})",
      },
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.select","result":{"selected":"report"}})");
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.eval","result":[["report"],"title"]})");
  BOOST_TEST(Record(result, 3) == R"({"index":3,"method":"page.select","result":)"
                                  R"({"selected":"Plain text you can select."}})");
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.eval","result":)"
                                  R"(["Selected: Plain text you can select.","body"]})");
  BOOST_TEST(Record(result, 5) ==
             R"({"index":5,"method":"page.select","result":{"selected":"the release"}})");
  BOOST_TEST(Record(result, 6) ==
             R"({"index":6,"method":"page.select","error":{"error":"no such element",)"
             R"("message":"page.select: no text \"Monday\" inside div#note \"Ship the release )"
             R"(on Friday. Tell the team.\"; give text the element shows, or leave it out to )"
             R"(select all of it"}})");
  BOOST_TEST(Record(result, 7) ==
             R"({"index":7,"method":"page.select","error":{"error":"no such element",)"
             R"("message":"page.select: no text \"summary\" inside the value of input#title )"
             R"J((\"Quarterly report draft\"); give text the element shows, or leave it out to )J"
             R"(select all of it"}})");
  // Across two paragraphs, whose texts meet with nothing between them.
  BOOST_TEST(Record(result, 8) ==
             R"({"index":8,"method":"page.select","result":{"selected":"Friday.\n\nTell"}})");
  // An editor that takes the selection back says so.
  BOOST_TEST(Record(result, 9) ==
             R"({"index":9,"method":"page.select","error":{"error":"not selectable",)"
             R"("message":"page.select: div#code \"let x = 1; let y = 2;\" did not keep the )"
             R"(selection: it holds \"\" where \"x = 1\" was selected, as an editor that keeps )"
             R"J(a selection of its own does; select with the keys instead (page.click the text, )J"
             R"J(then page.press Shift+End, Shift+ArrowRight or Control+a)"}})J");
  // A select's options are chosen, not selected as text.
  BOOST_TEST(Record(result, 10) ==
             R"({"index":10,"method":"page.select","error":{"error":"not selectable",)"
             R"("message":"page.select: select#size is a list of options, not text: )"
             R"(page.select selects text (for a toolbar to act on); choose an option with )"
             R"(page.fill {\"value\": \"...\"}"}})");
  // So is one the page draws (page.fill clicks it open and clicks the option).
  BOOST_TEST(Record(result, 11) ==
             R"({"index":11,"method":"page.select","error":{"error":"not selectable",)"
             R"("message":"page.select: div \"Basic\" is a list of options, not text: )"
             R"(page.select selects text (for a toolbar to act on); choose an option with )"
             R"(page.fill {\"value\": \"...\"}"}})");
}

// A page that acts on where a drag rests (40 ms after the last dragover) and drops into what
// it handled last: the drag holds at its destination, dragover going on, before the drop, so
// the folder under the drop is the one the page handled, even in a single step.
BOOST_AUTO_TEST_CASE(an_html5_drag_rests_at_its_destination_before_it_drops) {
  const json::object result = Run(Frames(
      {Goto("drop_later.html"),
       R"({"method":"page.drag","params":{"from":{"text":"resume.pdf"},"to":{"text":"Photos"},"steps":1}})",
       Eval("moved.textContent"),
       R"({"method":"page.drag","params":{"from":{"text":"resume.pdf"},"to":{"text":"Music"}}})",
       Eval("moved.textContent")}));
  // Dropped into a folder of its own list, the file keeps its place there.
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.drag","result":{"dropped":true,"via":"html5",)"
             R"("place":{"before":1,"after":1,"of":4}}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"photos"})");
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.eval","result":"music"})");
}

// A drag starts with the button coming down: a grip that picks what it moves on mousedown
// (an editor's block handle) has picked it when the drag starts, and the drop moves it.
BOOST_AUTO_TEST_CASE(an_html5_drag_presses_its_source_before_it_starts) {
  const json::object result =
      Run(Frames({Goto("drag_grip.html"),
                  R"({"method":"page.drag","params":{"from":{"role":"button","name":"Drag block"},)"
                  R"("to":{"text":"Alpha"}}})",
                  Eval("[...document.querySelectorAll('#doc p')].map((p) => p.id).join(',')")}));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.drag","result":{"dropped":true,"via":"html5"}})");
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.eval","result":"gamma,alpha,beta"})");
}

// A page that takes a press at the exact centre of an item for a screen reader's and drags it
// by keys (react-aria), and one that cancels every drag of an item: the drag presses off the
// centre, as a hand does, and a cancelled dragstart says nothing moved.
BOOST_AUTO_TEST_CASE(an_html5_drag_presses_off_centre_and_a_cancelled_start_says_so) {
  const json::object result = Run(Frames(
      {Goto("drag_centre.html"),
       R"({"method":"page.drag","params":{"from":{"text":"Apple"},"to":{"text":"Bin"}}})",
       Eval("[document.title, bin.textContent]"),
       R"({"method":"page.drag","params":{"from":{"text":"Cherry"},"to":{"css":"#bin"}}})"}));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.drag","result":{"dropped":true,"via":"html5"}})");
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.eval","result":["Drag from the centre","Bin: apple"]})");
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.drag","result":{"dropped":false,"via":"html5",)"
             R"("cancelled":"the page cancelled dragstart: no drag began, nothing moved (it may )"
             R"(have begun a drag of its own by keys: a page.snapshot shows; page.press Escape )"
             R"J(ends one)"}})J");
}

// fabric.js marks its canvas draggable (for drags of an object out of it), cancels the
// browser's drag when none is dragged, and moves what it draws by pointer events: a canvas gets
// real pointer input all the same.
BOOST_AUTO_TEST_CASE(a_canvas_marked_draggable_gets_pointer_input) {
  const json::object result = Run(Frames(
      {Goto("slider.html"),
       Eval("pad.draggable = true; pad.addEventListener('dragstart', (e) => e.preventDefault())"),
       R"({"method":"page.drag","params":{"from":{"css":"#pad"},"to":{"x":100,"y":220},)"
       R"("steps":4}})",
       Eval("document.getElementById('stroke').textContent")}));
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.drag","result":{"dropped":true,"via":"pointer"}})");
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.eval","result":"Stroke from 150,75 to 50,20"})");
}

// A drag between two items of one list says where the dragged item stood and stands once the
// page settled: a list that starts its drag only after a long press (dnd-kit's delay) sees the
// button come up over the destination but moves nothing, and the place says so (held for
// "hold_ms" first, it drags); one that writes its texts anew in place has moved the text.
BOOST_AUTO_TEST_CASE(a_drag_within_a_list_says_where_the_item_stood_and_stands) {
  const json::object result = Run(
      Frames({Goto("sortable_hold.html"),
              R"({"method":"page.drag","params":{"from":{"text":"Apple"},"to":{"text":"Cherry"}}})",
              R"({"method":"page.drag","params":{"from":{"text":"Ant"},"to":{"text":"Cat"}}})",
              R"({"method":"page.drag","params":{"from":{"text":"Ash"},"to":{"text":"Cedar"}}})",
              R"({"method":"page.drag","params":{"from":{"text":"Bee"},"to":{"text":"Dog"},)"
              R"("hold_ms":300}})",
              Eval("[...document.querySelectorAll('li')].map((li) => li.textContent).join(',')")}));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.drag","result":{"dropped":true,"via":"pointer",)"
             R"("place":{"before":1,"after":3,"of":4}}})");
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.drag","result":{"dropped":true,"via":"pointer",)"
             R"("place":{"before":1,"after":1,"of":4}}})");
  // A list that writes its texts anew in place: the item is followed by its text.
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.drag","result":{"dropped":true,"via":"pointer",)"
             R"("place":{"before":1,"after":3,"of":4}}})");
  // Held before it moves, the long-press list drags.
  BOOST_TEST(Record(result, 4) ==
             R"({"index":4,"method":"page.drag","result":{"dropped":true,"via":"pointer",)"
             R"("place":{"before":2,"after":4,"of":4}}})");
  BOOST_TEST(Record(result, 5) ==
             R"({"index":5,"method":"page.eval","result":"Banana,Cherry,Apple,Date,Ant,Cat,Dog,)"
             R"(Bee,Birch,Cedar,Ash,Elm"})");
}

// A grid that places its tiles itself (Muuri's, absolutely positioned) reorders them without
// moving them in the document: the place is read in the order they show.
BOOST_AUTO_TEST_CASE(a_drag_in_a_grid_that_places_its_tiles_itself_says_where_they_show) {
  const json::object result =
      Run(Frames({Goto("placed_tiles.html"),
                  R"({"method":"page.drag","params":{"from":{"text":"A"},"to":{"text":"C"}}})",
                  Eval("order.map((tile) => tile.textContent).join('')")}));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.drag","result":{"dropped":true,"via":"pointer",)"
             R"("place":{"before":1,"after":3,"of":6}}})");
  BOOST_TEST(Record(result, 2) == R"({"index":2,"method":"page.eval","result":"BCADEF"})");
}

// A grid that draws its rows in its shadow root, their cells showing content slotted from the
// page, and reorders by giving the same rows other content (vaadin-grid): the place is read
// by what the rows show (it said before 5, after 5: the row dragged stood where it was, now
// showing "Fix bug"), and a ref to a cell that now shows another row's content is stale (it
// clicked the other row).
BOOST_AUTO_TEST_CASE(a_reorder_in_a_grid_of_slotted_cells_says_where_the_row_went) {
  const json::object result = Run(
      Frames({Goto("slotted_rows.html"), R"({"method":"page.snapshot","silent":true})",
              R"J({"method":"page.eval","label":"cell","silent":true,"params":{"expression":)J"
              R"J("grid.shadowRoot.querySelectorAll('td')[1]"}})J",
              R"({"method":"page.drag","params":{"from":{"role":"gridcell","name":"Lunch"},)"
              R"("to":{"role":"gridcell","name":"Review PR"}}})",
              Eval("items.join()"), R"({"method":"page.click","params":{"ref":"<<cell.ref>>"}})"},
             R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 3) ==
             R"({"index":3,"method":"page.drag","result":{"dropped":true,"via":"html5",)"
             R"("place":{"before":5,"after":2,"of":5}}})");
  BOOST_TEST(
      Record(result, 4) ==
      R"({"index":4,"method":"page.eval","result":"Write spec,Lunch,Review PR,Deploy,Fix bug"})");
  // The ref the snapshot gave the cell of "Review PR" names the cell that shows "Lunch" now.
  BOOST_TEST(Record(result, 5).find(R"("error":{"error":"stale ref")") != std::string::npos,
             Record(result, 5));
}

// A native range input is dragged from its thumb, where a user grabs it: a press on the middle
// of its track would first move the value there.
BOOST_AUTO_TEST_CASE(a_range_input_is_dragged_from_its_thumb) {
  const json::object result = Run(Frames(
      {R"({"method":"page.goto","params":{"url":"data:text/html,<input type=range aria-label=Level )"
       R"(min=0 max=100 value=20 style='width:500px;margin:0' )"
       R"(oninput=\"seen.push(this.value)\"><script>seen = []</script>"}})",
       R"({"method":"page.drag","params":{"from":{"role":"slider","name":"Level"},"by":{"x":100}}})",
       Eval("seen.join(',')")}));
  // From 20, not from 50 (where a press on the middle of its track would have put it): the
  // first moves (1 to 10 px) to 22, then 10 steps of 9 px.
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.eval","result":"21,22,24,26,28,29,31,33,35,37,39,41"})");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::testing
