// The page helpers on published UI libraries nobody here wrote (fixtures/widgets/package.json: a
// date picker, a combobox, a code editor, a rich-text editor, a virtual data grid, web components
// in shadow roots, a slider, sortable lists, an animated modal and accordion, a combobox that wraps
// its search and list, a code editor whose lines take no pointer events, an editable data grid, an
// editor in an iframe, a guided tour, resizable panes, a React form of Material UI controls,
// Select2's boxes, Ionic's components, Dropzone's upload area, jQuery UI's autocomplete, toastr's
// toasts, Ant Design's selects, date picker, table filter and menu, Element Plus's checkboxes,
// Slate's editor that draws its own model, ProseMirror's document editor, CodeMirror 6), each doing
// a user's task the way a model would, from what the snapshot shows.
// The outcome is read from the library's own state, not through the tool's reading of the page.
//
// The libraries come from npm: e2e/widgets/run.sh installs them and runs this suite alone
// (ctest -R e2e_widgets); the suite is disabled in the plain e2e_tests run.
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "page_suite.h"

namespace firefox_bidi::testing {
namespace {

namespace json = boost::json;

std::string Frame(std::string_view method, std::string_view params) {
  return absl::StrCat(R"({"method":")", std::string(method), R"(","params":)", std::string(params),
                      "}");
}

// Frame `index`'s "result", serialized.
std::string ResultOf(const json::object& result, std::size_t index) {
  const json::object& record = PageSuite::Record(result, index);
  BOOST_REQUIRE_MESSAGE(record.contains("result"), json::serialize(record));
  return json::serialize(record.at("result"));
}

BOOST_AUTO_TEST_SUITE(e2e_widgets, *boost::unit_test::disabled())

BOOST_AUTO_TEST_CASE(a_date_picker_takes_a_day_chosen_from_its_calendar) {
  // flatpickr: the calendar opens on the input's click; its month is a native select, its
  // days are spans named by aria-label ("April 14, 2026") that the snapshot lists as generic.
  const json::object result = Run(Frames(
      {Goto("lib_datepicker.html"),
       Frame("page.click", R"({"target":{"role":"textbox","name":"Departure"}})"),
       Frame("page.fill", R"({"target":{"role":"combobox","name":"Month"},"value":"April"})"),
       Frame("page.click", R"({"target":{"role":"generic","name":"April 14, 2026"}})"),
       Eval("[picker.input.value, picker.formatDate(picker.selectedDates[0], 'Y-m-d'), "
            "picker.selectedDates.length, picker.isOpen]")}));
  BOOST_TEST(ResultOf(result, 2) == R"({"value":"3","label":"April"})");
  BOOST_TEST(ResultOf(result, 4) == R"(["2026-04-14","2026-04-14",1,false])");
}

BOOST_AUTO_TEST_CASE(a_day_number_is_the_day_of_the_month_the_calendar_shows) {
  // flatpickr's April 2026 begins with March 29 to 31, dimmed (class prevMonthDay), before its
  // own days: a text target "30" took March 30.
  const json::object result = Run(Frames(
      {Goto("lib_datepicker.html"),
       Frame("page.click", R"({"target":{"role":"textbox","name":"Departure"}})"),
       Frame("page.fill", R"({"target":{"role":"combobox","name":"Month"},"value":"April"})"),
       Frame("page.click", R"({"target":{"text":"30"}})"), Eval("picker.input.value")}));
  BOOST_TEST(ResultOf(result, 3) == R"({"url":")" + Url("lib_datepicker.html") +
                                        R"(","title":"Book a trip","navigated":false,)"
                                        R"("matches":2,"chosen":"of the month shown"})");
  BOOST_TEST(ResultOf(result, 4) == R"("2026-04-30")");
}

BOOST_AUTO_TEST_CASE(a_combobox_takes_typed_keys_and_the_option_clicked) {
  // Tom Select: a text input with role combobox replaces the native select, and its listbox
  // opens on click.
  const json::object result =
      Run(Frames({Goto("lib_combobox.html"),
                  Frame("page.click", R"({"target":{"role":"combobox","name":"Country"}})"),
                  Frame("page.type", R"({"text":"Fra"})"),
                  Frame("page.click", R"({"target":{"role":"option","name":"France"}})"),
                  Eval("[countries.getValue(), document.getElementById('country').value, "
                       "countries.control_input.value]")}));
  BOOST_TEST(ResultOf(result, 2) == R"({"value":"Fra"})");
  BOOST_TEST(ResultOf(result, 4) == R"(["fr","fr",""])");
}

BOOST_AUTO_TEST_CASE(a_code_editor_takes_real_keys_where_its_caret_is) {
  // CodeMirror 5 reads keys from a hidden textarea: insertText would bypass it.
  const json::object result = Run(Frames(
      {Goto("lib_code_editor.html"), Frame("page.click", R"({"target":{"text":"// start here"}})"),
       Frame("page.press", R"({"key":"End"})"), Frame("page.press", R"({"key":"Enter"})"),
       Frame("page.type", R"({"text":"let total = 1;"})"), Eval("editor.getValue()")}));
  BOOST_TEST(ResultOf(result, 5) == R"("// start here\nlet total = 1;\n")");
}

BOOST_AUTO_TEST_CASE(a_code_editor_as_the_target_of_keys_takes_them_at_the_end_of_its_text) {
  // Its box is no field: the keys go to its hidden textarea, the caret sent to the end first,
  // and the result names the editor (the textarea holds none of its text). page.fill says how.
  const json::object result =
      Run(Frames({Goto("lib_code_editor.html"),
                  Frame("page.type", R"({"target":{"css":".CodeMirror"},"text":"let x = 1;"})"),
                  Eval("editor.getValue()"),
                  Frame("page.fill", R"({"target":{"css":".CodeMirror"},"value":"x"})")},
                 R"(,"on_error":"continue")"));
  BOOST_TEST(ResultOf(result, 1) ==
             R"({"focused":"the code editor div.CodeMirror.cm-s-default.CodeMirror-focused )"
             R"(\"1 // start here 2 let x = 1;\""})");
  BOOST_TEST(ResultOf(result, 2) == R"("// start here\nlet x = 1;")");
  BOOST_TEST(json::serialize(result.at("frames").as_array()[3].at("error")) ==
             R"({"error":"not fillable","message":"page.fill: div.CodeMirror.cm-s-default.)"
             R"(CodeMirror-focused )"
             R"(\"1 // start here 2 let x = 1;\" is a code editor, which takes keys through a )"
             R"(hidden field: click its text (page.click), then page.press Control+a and )"
             R"J(page.type the new text (it indents new lines itself, as for a user)"})J");
}

BOOST_AUTO_TEST_CASE(a_code_editor_takes_the_selection_a_mouse_drag_makes) {
  // CodeMirror 5 ignores the document's selection over its lines: page.select drags the mouse
  // over the text, and the editor's own selection holds it.
  const json::object result = Run(
      Frames({Goto("lib_code_editor.html"),
              Eval("editor.setValue('function greet(name) {\\n  return name;\\n}')"),
              Frame("page.select", R"({"target":{"css":".CodeMirror-code"},"text":"greet"})"),
              Eval("[editor.getSelection(), document.activeElement.localName]"),
              Frame("page.select", R"({"target":{"css":".CodeMirror-code"},"text":"return name"})"),
              Eval("editor.getSelection()"),
              // Keys with the editor as their target go over the selection it holds (they went
              // to the end of its text).
              Frame("page.type", R"({"target":{"css":".CodeMirror"},"text":"return 1"})"),
              Eval("editor.getValue()")}));
  BOOST_TEST(ResultOf(result, 2) == R"({"selected":"greet"})");
  BOOST_TEST(ResultOf(result, 3) == R"(["greet","textarea"])");
  BOOST_TEST(ResultOf(result, 4) == R"({"selected":"return name"})");
  BOOST_TEST(ResultOf(result, 5) == R"("return name")");
  BOOST_TEST(ResultOf(result, 7) == R"("function greet(name) {\n  return 1;\n}")");
}

BOOST_AUTO_TEST_CASE(all_of_a_code_editors_text_is_selected_with_its_keys) {
  // CodeMirror 5 draws only the lines in view: a drag over those would miss the rest, and
  // Ace's lines a million pixels wide sent the drag out of the viewport. page.select without
  // text presses Control+a in its keys field.
  const json::object result = Run(
      Frames({Goto("lib_code_editor.html"),
              Eval("editor.setValue(Array.from({length: 300}, (_, i) => 'line ' + i).join('\\n'))"),
              Frame("page.select", R"({"target":{"css":".CodeMirror"}})"),
              Eval("editor.getSelection() === editor.getValue() && editor.getValue().length")}));
  BOOST_TEST(ResultOf(result, 2) == R"({"selected_all":true})");
  BOOST_TEST(ResultOf(result, 3) == "2589");  // 10 x 6 + 90 x 7 + 200 x 8 + 299 breaks
}

BOOST_AUTO_TEST_CASE(a_rich_text_editor_bolds_the_word_selected_with_keys) {
  // Quill: caret and selection keys move its selection; its Bold button acts on it.
  std::vector<std::string> frames = {
      Goto("lib_rich_text.html"),
      Frame("page.type", R"({"target":{"role":"textbox"},"text":"hello world"})")};
  for (int i = 0; i < 5; ++i) frames.push_back(Frame("page.press", R"({"key":"Shift+ArrowLeft"})"));
  frames.push_back(Eval("JSON.stringify(note.getSelection())"));
  frames.push_back(Frame("page.click", R"({"target":{"role":"button","name":"Bold"}})"));
  frames.push_back(Eval("JSON.stringify(note.getContents().ops)"));
  const json::object result = Run(Frames(frames));
  BOOST_TEST(ResultOf(result, 7) == R"("{\"index\":6,\"length\":5}")");
  BOOST_TEST(ResultOf(result, 9) ==
             R"("[{\"insert\":\"hello \"},{\"attributes\":{\"bold\":true},\"insert\":\"world\"},)"
             R"({\"insert\":\"\\n\"}]")");
}

BOOST_AUTO_TEST_CASE(a_rich_text_editor_bolds_a_word_selected_by_its_text) {
  // page.select makes a real selection Quill reads; its snapshot shows the bold run.
  const json::object result = Run(Frames(
      {Goto("lib_rich_text.html"),
       Frame("page.type", R"({"target":{"role":"textbox"},"text":"Ship the release on Friday"})"),
       Frame("page.select", R"({"target":{"role":"textbox"},"text":"release"})"),
       Frame("page.click", R"({"target":{"role":"button","name":"Bold"}})"),
       Eval("JSON.stringify(note.getContents().ops)"),
       R"({"method":"page.snapshot","params":{"root":{"role":"textbox"}}})"}));
  BOOST_TEST(ResultOf(result, 2) == R"({"selected":"release"})");
  BOOST_TEST(
      ResultOf(result, 4) ==
      R"("[{\"insert\":\"Ship the \"},{\"attributes\":{\"bold\":true},\"insert\":\"release\"},)"
      R"({\"insert\":\" on Friday\\n\"}]")");
  const std::string outline = json::parse(ResultOf(result, 5)).as_string().c_str();
  BOOST_TEST(outline ==
             WithRefs("- textbox [ref={1}] .ql-editor [active] value=\"Ship the release on "
                      "Friday\"\n"
                      "  - strong: release",
                      FirstRef(outline), 1));
}

BOOST_AUTO_TEST_CASE(a_rich_text_editors_heading_picker_is_named_by_what_its_style_draws) {
  // Quill's heading picker shows "Normal" and its items "Heading 1"... as ::before content of
  // elements with no text: those words name them, as targets and in the snapshot.
  const json::object result =
      Run(Frames({Goto("lib_rich_text.html"),
                  Frame("page.type", R"({"target":{"role":"textbox"},"text":"Title"})"),
                  Frame("page.click", R"({"target":{"role":"button","name":"Normal"}})"),
                  R"({"method":"page.snapshot","params":{"css":".ql-picker-options"}})",
                  Frame("page.click", R"({"target":{"role":"button","name":"Heading 1"}})"),
                  Eval("JSON.stringify(note.getContents().ops)")}));
  const std::string picker = json::parse(ResultOf(result, 3)).as_string().c_str();
  BOOST_TEST(picker == WithRefs("- generic [ref={1}] #ql-picker-options-0\n"
                                "  - button \"Heading 1\" [ref={2}]\n"
                                "  - button \"Heading 2\" [ref={3}]\n"
                                "  - button \"Normal\" [ref={4}]",
                                FirstRef(picker), 4));
  BOOST_TEST(ResultOf(result, 5) ==
             R"("[{\"insert\":\"Title\"},{\"attributes\":{\"header\":1},\"insert\":\"\\n\"}]")");
}

BOOST_AUTO_TEST_CASE(an_editor_that_draws_its_own_model_takes_a_fill) {
  // Slate applies typing to its model from beforeinput events (the browser's own editing fires
  // none): the fill's text reaches the model, and its placeholder is no value.
  const json::object result = Run(Frames(
      {Goto("lib_slate.html"), R"({"method":"page.snapshot","params":{"root":{"role":"textbox"}}})",
       Frame("page.fill",
             R"({"target":{"role":"textbox","name":"Note body"},"value":"Pack the tent"})"),
       Eval("JSON.stringify(editor.children)"),
       Frame("page.fill", R"({"target":{"role":"textbox","name":"Note body"},"value":""})"),
       Eval("JSON.stringify(editor.children)")}));
  const std::string outline = json::parse(ResultOf(result, 1)).as_string().c_str();
  BOOST_TEST(outline == WithRefs("- textbox \"Note body\" [ref={1}]", FirstRef(outline), 1));
  BOOST_TEST(ResultOf(result, 2) == R"({"value":"Pack the tent"})");
  BOOST_TEST(ResultOf(result, 3) ==
             R"("[{\"type\":\"paragraph\",\"children\":[{\"text\":\"Pack the tent\"}]}]")");
  BOOST_TEST(ResultOf(result, 4) == R"({"value":""})");
  BOOST_TEST(ResultOf(result, 5) ==
             R"("[{\"type\":\"paragraph\",\"children\":[{\"text\":\"\"}]}]")");
}

BOOST_AUTO_TEST_CASE(an_editors_fill_of_several_lines_makes_a_paragraph_of_each) {
  // Each line break is an Enter (insertParagraph), as a user types it: a newline inside one
  // insertText would be text in one paragraph of Slate's model.
  const json::object result = Run(Frames(
      {Goto("lib_slate.html"),
       Frame("page.fill",
             R"({"target":{"role":"textbox","name":"Note body"},"value":"Buy milk\nCall Ada"})"),
       Eval("JSON.stringify(editor.children.map((p) => Slate.Node.string(p)))")}));
  BOOST_TEST(ResultOf(result, 1) == R"({"value":"Buy milk\nCall Ada"})");
  BOOST_TEST(ResultOf(result, 2) == R"("[\"Buy milk\",\"Call Ada\"]")");
}

BOOST_AUTO_TEST_CASE(a_document_editor_selects_all_of_its_document_for_a_fill) {
  // ProseMirror reads the browser's edits back into its own document: a fill over a bullet
  // list and a heading offers it Control+a first, which selects all of its document, so the
  // text replaces the whole story as a user's Control+a and typing do (a range over its blocks
  // left the list around the new text, with an empty paragraph in it).
  const json::object result = Run(Frames(
      {Goto("lib_prosemirror.html"),
       Frame("page.fill", R"({"target":{"role":"textbox","name":"Story body"},"value":"New."})"),
       Eval("[JSON.stringify(view.state.doc.toJSON()), view.dom.innerHTML]"),
       Frame("page.fill",
             R"({"target":{"role":"textbox","name":"Story body"},"value":"One.\nTwo."})"),
       Eval("[view.state.doc.childCount, view.state.doc.textBetween(0, "
            "view.state.doc.content.size, '|'), view.dom.innerHTML]")}));
  BOOST_TEST(ResultOf(result, 1) == R"({"value":"New."})");
  BOOST_TEST(
      ResultOf(result, 2) ==
      R"(["{\"type\":\"doc\",\"content\":[{\"type\":\"paragraph\",\"content\":[{\"type\":\"text\",\"text\":\"New.\"}]}]}","<p>New.</p>"])");
  BOOST_TEST(ResultOf(result, 3) == R"({"value":"One.\nTwo."})");
  BOOST_TEST(ResultOf(result, 4) == R"([2,"One.|Two.","<p>One.</p><p>Two.</p>"])");
}

BOOST_AUTO_TEST_CASE(an_editor_put_out_of_sight_is_not_filled_and_says_it_is_not_shown) {
  // An editor a page hides as another mode takes its place (TUI Editor's, display: none)
  // takes no keys a user could give it: its ref, taken while it showed, went to a fill that
  // typed into it (or, the focus elsewhere, said another field of its widget had taken the
  // keys, "its search box").
  const json::object listed =
      Run(Frames({Goto("lib_prosemirror.html"),
                  Frame("page.snapshot", R"({"root":{"role":"textbox","name":"Story body"}})")}));
  const std::string outline = json::parse(ResultOf(listed, 1)).as_string().c_str();
  const std::string ref = Ref(FirstRef(outline), 1);
  const json::object result =
      Run(Frames({Frame("page.click", R"({"target":{"role":"textbox","name":"Story body"}})"),
                  Eval("view.dom.blur(); document.getElementById('story').style.display = 'none'"),
                  Frame("page.fill", absl::StrCat(R"({"ref":")", ref, R"(","value":"New."})")),
                  Eval("view.state.doc.textContent.slice(0, 11)")},
                 R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.fill","error":{"error":"element not visible",)"
             R"("message":"page.fill: div.ProseMirror \"Alpha beta.Gamma delta.\" is not )"
             R"(shown now (no box: display none, or inside what hides it): no keys reach it; )"
             R"(nothing was filled; take a new page.snapshot to find what is shown, or )"
             R"(page.waitFor it first"}})");
  BOOST_TEST(ResultOf(result, 3) == R"("Alpha beta.")");
}

BOOST_AUTO_TEST_CASE(a_code_editors_fill_keeps_its_blank_lines_and_indents_as_given) {
  // CodeMirror 6 reads the browser's edits back into its document: two new paragraphs at once
  // were one line break there. Having taken Control+a, it is offered each line break as its
  // Enter, which indents the new line as the one before; the line's own white space replaces
  // that indent. The value read back is its lines, a blank one no longer read as two.
  const json::object result = Run(
      Frames({Goto("lib_code_editor6.html"),
              Frame("page.fill", R"({"target":{"role":"textbox","name":"Script"},)"
                                 R"("value":"function a() {\n  return 1;\n}\n\n\nlet b = 2;"})"),
              Eval("view.state.doc.toString()")}));
  BOOST_TEST(ResultOf(result, 1) ==
             R"({"value":"function a() {\n  return 1;\n}\n\n\nlet b = 2;"})");
  BOOST_TEST(ResultOf(result, 2) == R"("function a() {\n  return 1;\n}\n\n\nlet b = 2;")");
}

BOOST_AUTO_TEST_CASE(a_virtual_grid_scrolls_until_a_row_exists_and_selects_it) {
  // Tabulator renders only the rows in view, inside its own scroll box below the grid role.
  const json::object result =
      Run(Frames({Goto("lib_grid.html"),
                  R"({"method":"page.scroll","timeout_ms":60000,)"
                  R"("params":{"target":{"role":"grid"},"until":{"text":"Row 5000"}}})",
                  Eval("document.querySelector('.tabulator-tableholder').scrollTop"),
                  Frame("page.click", R"({"target":{"text":"Row 5000"}})"),
                  Eval("JSON.stringify(orders.getSelectedData())")}));
  const std::string top = ResultOf(result, 2);
  BOOST_TEST(top != "0");
  BOOST_TEST(ResultOf(result, 1) == absl::StrCat(R"({"x":0,"y":)", top, R"(,"moved":true})"));
  BOOST_TEST(ResultOf(result, 4) == R"("[{\"id\":5000,\"name\":\"Row 5000\",\"amount\":0}]")");
}

BOOST_AUTO_TEST_CASE(a_grids_sortable_column_headers_have_refs_and_sort_it) {
  // Tabulator's headers say aria-sort="none" until sorted; a click sorts by that column, a
  // second one reverses it.
  const json::object result =
      Run(Frames({Goto("lib_grid.html"), R"({"method":"page.snapshot","params":{"max_lines":6}})",
                  Frame("page.click", R"({"target":{"role":"columnheader","name":"Amount"}})"),
                  Frame("page.click", R"({"target":{"role":"columnheader","name":"Amount"}})"),
                  Eval("[orders.getSorters().map((s) => [s.field, s.dir]), "
                       "orders.getRows('active')[0].getData().amount]")}));
  const std::string outline = json::parse(ResultOf(result, 1)).as_string().c_str();
  BOOST_TEST(
      outline.starts_with(WithRefs("- heading \"Orders\" level=1\n"
                                   "- grid\n"
                                   "  - rowgroup\n"
                                   "    - row \"Order | Amount\"\n"
                                   "      - columnheader \"Order\" [ref={1}]\n"
                                   "      - columnheader \"Amount\" [ref={2}]\n",
                                   FirstRef(outline), 2)));
  BOOST_TEST(ResultOf(result, 4) == R"([[["amount","desc"]],999])");
}

BOOST_AUTO_TEST_CASE(a_grids_date_editor_takes_its_fill_as_it_is_left_and_says_where_tab_went) {
  // Tabulator's date editor is an <input type=date> that takes its value on the blur (a fill
  // that kept the focus left the cell's old date); the Tab that leaves it opens the editor of
  // the next cell, which the result names.
  const json::object result = Run(Frames(
      {Goto("lib_tabulator_editors.html"),
       Frame("page.click", R"({"target":{"role":"gridcell","name":"2022-07-15"}})"),
       Frame("page.fill", R"({"target":{"css":".tabulator-editing input"},"value":"2022-08-01"})"),
       Eval("[staff.getRow(2).getData().start, document.activeElement.value]")}));
  BOOST_TEST(ResultOf(result, 2) ==
             R"({"value":"2022-08-01","tabbed_to":"textbox value=\"Chen\""})");
  BOOST_TEST(ResultOf(result, 3) == R"(["2022-08-01","Chen"])");
}

BOOST_AUTO_TEST_CASE(a_chip_scaling_in_is_clicked_once_it_stands_still_and_its_button_is_listed) {
  // Slim Select: a chip added scales in from nothing; its remove button is pressed once the
  // chip stands still (pressed at once, it had no size, or grew under the pointer and the
  // click opened the list). The buttons a combobox holds are listed below it.
  const json::object result =
      Run(Frames({Goto("lib_slim_select.html"), Eval("languages.setSelected(['Rust', 'Go'])"),
                  Frame("page.click", R"({"target":{"role":"button","name":"Remove Rust"}})"),
                  Eval("languages.getSelected()"), R"({"method":"page.snapshot"})"}));
  BOOST_TEST(ResultOf(result, 3) == R"(["Go"])");
  const std::string outline = json::parse(ResultOf(result, 4)).as_string().c_str();
  BOOST_TEST(outline == WithRefs("- heading \"Profile\" level=1\n"
                                 "- text \"Languages\"\n"
                                 "- combobox \"Languages\" [ref={1}] collapsed value=\"Go\"\n"
                                 "  - text \"Go\"\n"
                                 "  - button \"Remove Go\" [ref={2}]",
                                 FirstRef(outline), 2));
}

BOOST_AUTO_TEST_CASE(a_spreadsheets_cell_editor_takes_the_fill_as_it_is_left_by_tab) {
  // Handsontable's cell editor is a textarea inside its treegrid that ignores the blur: the
  // fill leaves it by Tab, which saves the cell and closes the editor.
  const json::object result = Run(Frames(
      {Goto("lib_spreadsheet.html"),
       Frame("page.click", R"({"target":{"role":"gridcell","name":"Zoomzone"},"count":2})"),
       Frame("page.fill", R"({"target":{"css":".handsontableInput"},"value":"Zoomzone Ltd"})"),
       Eval("[hot.getDataAtCell(1, 0), hot.getActiveEditor().isOpened(), hot.getSelected()]")}));
  BOOST_TEST(ResultOf(result, 2) == R"({"value":"Zoomzone Ltd"})");
  BOOST_TEST(ResultOf(result, 3) == R"(["Zoomzone Ltd",false,[[1,1,1,1]]])");
}

BOOST_AUTO_TEST_CASE(a_tree_node_dragged_onto_another_goes_into_it) {
  // jsTree takes a node dropped on the middle of another as one into it, on its top or bottom
  // quarter as one before or after it: the drag let go a quarter past the middle, as for a
  // list's reorder, and the nodes went beside their destinations, with "dropped" said.
  const json::object result =
      Run(Frames({Goto("lib_jstree.html"),
                  Frame("page.drag", R"({"from":{"role":"treeitem","name":"notes.txt"},)"
                                     R"("to":{"role":"treeitem","name":"Documents"}})"),
                  Frame("page.drag", R"({"from":{"role":"treeitem","name":"Music"},)"
                                     R"("to":{"role":"treeitem","name":"Pictures"}})"),
                  Eval("[files().get_node('#').children, files().get_node('docs').children, "
                       "files().get_node('pics').children]")}));
  BOOST_TEST(ResultOf(result, 1) == R"({"dropped":true,"via":"pointer"})");
  BOOST_TEST(ResultOf(result, 2) == R"({"dropped":true,"via":"pointer"})");
  BOOST_TEST(ResultOf(result, 3) == R"([["docs","pics"],["notes","cv"],["music"]])");
}

BOOST_AUTO_TEST_CASE(a_sliders_thumb_dragged_to_its_track_lets_go_at_the_tracks_middle) {
  // Fomantic UI's slider draws its track, its filled part and its thumb as three divs side by
  // side: taken for a list's items, the drag let go a quarter past the track's middle (75)
  // and claimed a place among them.
  const json::object result = Run(Frames(
      {Goto("lib_fomantic.html"),
       Frame("page.drag", R"({"from":{"css":"#volume .thumb"},"to":{"css":"#volume .track"}})"),
       Eval("$('#volume').slider('get value')")}));
  BOOST_TEST(ResultOf(result, 1) == R"({"dropped":true,"via":"pointer"})");
  BOOST_TEST(ResultOf(result, 2) == "50");
}

BOOST_AUTO_TEST_CASE(a_spreadsheet_row_dragged_by_its_numbered_header_gets_no_place_claimed) {
  // Handsontable's row headers show their place, 1 to 4, drawn anew there as the rows move:
  // where the header stands says nothing of the row, and the drag claims no place.
  const json::object result = Run(Frames(
      {Goto("lib_spreadsheet.html"),
       Frame("page.click", R"({"target":{"role":"rowheader","name":"4"}})"),
       Frame("page.drag",
             R"({"from":{"role":"rowheader","name":"4"},"to":{"role":"rowheader","name":"1"},)"
             R"("steps":10})"),
       Eval("hot.getDataAtCol(0)")}));
  BOOST_TEST(ResultOf(result, 2) == R"({"dropped":true,"via":"pointer"})");
  BOOST_TEST(ResultOf(result, 3) == R"(["Abbot","Tagcat","Zoomzone","Meeveo"])");
}

BOOST_AUTO_TEST_CASE(a_menu_item_that_is_a_small_form_lists_its_controls) {
  // Handsontable's column menu: "Filter by value:" is one menu item holding a search box, two
  // buttons and a grid of a checkbox per value, "Action bar" one holding OK and Cancel; the
  // lines between groups of items are menu items named "---------", drawn a pixel high.
  const json::object result = Run(Frames(
      {Goto("lib_spreadsheet.html"),
       Frame("page.click", R"J({"target":{"css":".ht_clone_top th:nth-child(3) .changeType"}})J"),
       Frame("page.snapshot", R"({"root":{"role":"menuitem","name":"Filter by value:"}})"),
       Eval("document.querySelectorAll('.htMenu td.htSeparator').length"),
       Frame("page.snapshot", R"J({"root":{"css":"tr:nth-child(3):has(> td.htSeparator)"}})J"),
       Frame("page.click", R"({"target":{"role":"button","name":"Clear"}})"),
       Frame("page.click", R"({"target":{"role":"gridcell","name":"Japan"}})"),
       Frame("page.click", R"({"target":{"role":"button","name":"OK"}})"),
       Eval("hot.getDataAtCol(0)")}));
  const std::string outline = json::parse(ResultOf(result, 2)).as_string().c_str();
  BOOST_TEST(outline == WithRefs("- menuitem \"Filter by value:\" [ref={1}]\n"
                                 "  - textbox \"Search\" [ref={3}]\n"
                                 "  - button \"Select all\" [ref={4}]\n"
                                 "  - button \"Clear\" [ref={5}]\n"
                                 "  - treegrid\n"
                                 "    - generic [ref={6}] .wtHolder\n"
                                 "      - rowgroup\n"
                                 "        - row \"Japan\"\n"
                                 "          - gridcell \"Japan\" [ref={7}]\n"
                                 "            - checkbox \"Checked\" [ref={8}] checked\n"
                                 "        - row \"United Kingdom\"\n"
                                 "          - gridcell \"United Kingdom\" [ref={9}]\n"
                                 "            - checkbox \"Checked\" [ref={10}] checked\n"
                                 "        - row \"United States\"\n"
                                 "          - gridcell \"United States\" [ref={11}]\n"
                                 "            - checkbox \"Checked\" [ref={12}] checked",
                                 FirstRef(outline), 12));
  BOOST_TEST(ResultOf(result, 3) == "5");
  BOOST_TEST(json::parse(ResultOf(result, 4)).as_string() ==
             "- row \"---------\"\n  - separator \"---------\"");
  BOOST_TEST(ResultOf(result, 8) == R"(["Tagcat","Abbot"])");
}

BOOST_AUTO_TEST_CASE(a_data_grids_cell_is_scrolled_to_edited_and_committed_with_enter) {
  // AG Grid: its headers are column headers with refs (the hidden checkbox each holds is no
  // control of theirs), each with the handle that resizes its column (a col-resize cursor);
  // scrolling down from a cell moves the rows' box, not the columns' box inside it; the price
  // 13263 is Model 900's; the editor's Enter commits the fill.
  const json::object result = Run(Frames(
      {Goto("lib_edit_grid.html"), R"({"method":"page.snapshot","params":{"max_lines":17}})",
       Frame("page.click", R"({"target":{"role":"columnheader","name":"Price"}})"),
       Frame("page.scroll",
             R"({"target":{"role":"gridcell","name":"Model 1"},"until":{"text":"Model 900"}})"),
       Frame("page.click", R"({"target":{"role":"gridcell","name":"13263"},"count":2})"),
       Frame("page.fill", R"({"target":{"role":"spinbutton"},"value":"123"})"),
       Frame("page.press", R"({"key":"Enter"})"),
       Eval("[cars.getColumnState().filter((c) => c.sort).map((c) => c.colId + ' ' + c.sort), "
            "cars.getRowNode('899').data.price, cars.getEditingCells().length]")}));
  const std::string outline = json::parse(ResultOf(result, 1)).as_string().c_str();
  BOOST_TEST(
      outline.starts_with(WithRefs("- heading \"Cars\" level=1\n"
                                   "- treegrid\n"
                                   "  - rowgroup\n"
                                   "    - row \"Id | Make | Model | Price\"\n"
                                   "      - columnheader \"Id\" [ref={1}]\n"
                                   "        - generic [ref={2}] .ag-header-cell-resize\n"
                                   "        - generic \"Id\" [ref={3}]\n"
                                   "      - columnheader \"Make\" [ref={4}]\n"
                                   "        - generic [ref={5}] .ag-header-cell-resize\n"
                                   "        - generic \"Make\" [ref={6}]\n"
                                   "      - columnheader \"Model\" [ref={7}]\n"
                                   "        - generic [ref={8}] .ag-header-cell-resize\n"
                                   "        - generic \"Model\" [ref={9}]\n"
                                   "      - columnheader \"Price\" [ref={10}]\n"
                                   "        - generic [ref={11}] .ag-header-cell-resize\n"
                                   "        - generic \"Price\" [ref={12}]\n",
                                   FirstRef(outline), 12)));
  BOOST_TEST(ResultOf(result, 7) == R"([["price asc"],123,0])");
}

BOOST_AUTO_TEST_CASE(a_grids_column_filter_has_filtered_the_rows_when_the_fill_returns) {
  // AG Grid's floating filter filters 500 ms after the typing: the fill waits for the rows to
  // change, so the grid's own count, read at once, is the filtered one (40 Kias of 200 cars).
  const json::object result = Run(
      Frames({Goto("lib_filter_grid.html"),
              Frame("page.fill",
                    R"({"target":{"role":"textbox","name":"Make Filter Input"},"value":"Kia"})"),
              Eval("[fleet.getDisplayedRowCount(), JSON.stringify(fleet.getFilterModel()), "
                   "fleet.getDisplayedRowAtIndex(0).data.model]")}));
  BOOST_TEST(ResultOf(result, 1) == R"({"value":"Kia"})");
  BOOST_TEST(
      ResultOf(result, 2) ==
      R"([40,"{\"make\":{\"filterType\":\"text\",\"type\":\"contains\",\"filter\":\"Kia\"}}","Model 5"])");
}

BOOST_AUTO_TEST_CASE(a_column_header_holding_its_filter_is_listed_and_sorts_on_a_click) {
  // Tabulator's header filter lies at its header's centre: the header keeps its line and ref
  // (its filter box listed below it), and a click on the header aims at its title, which sorts
  // (the centre focused the filter box and sorted nothing); the fill has filtered the rows.
  const json::object result = Run(Frames(
      {Goto("lib_filter_table.html"), R"({"method":"page.snapshot","params":{"max_lines":7}})",
       Frame("page.click", R"({"target":{"role":"columnheader","name":"City"}})"),
       Eval("JSON.stringify(people.getSorters().map((s) => [s.field, s.dir]))"),
       Frame("page.fill", R"({"target":{"role":"searchbox"},"value":"Kyiv"})"),
       Eval("people.getRows('active').map((r) => r.getData().city).join()")}));
  const std::string outline = json::parse(ResultOf(result, 1)).as_string().c_str();
  BOOST_TEST(
      outline.starts_with(WithRefs("- heading \"People\" level=1\n"
                                   "- grid\n"
                                   "  - rowgroup\n"
                                   "    - row \"Name | City\"\n"
                                   "      - columnheader \"Name\" [ref={1}]\n"
                                   "      - columnheader \"City\" [ref={2}]\n"
                                   "        - searchbox [ref={3}]\n",
                                   FirstRef(outline), 3)));
  BOOST_TEST(ResultOf(result, 3) == R"("[[\"city\",\"asc\"]]")");
  BOOST_TEST(ResultOf(result, 4) == R"({"value":"Kyiv"})");
  BOOST_TEST(ResultOf(result, 5) == R"("Kyiv,Kyiv,Kyiv,Kyiv,Kyiv,Kyiv,Kyiv,Kyiv,Kyiv,Kyiv")");
}

BOOST_AUTO_TEST_CASE(an_editor_in_an_iframe_is_a_field_that_takes_text_and_bold) {
  // TinyMCE's field is the contenteditable body of its iframe: a textbox line with a ref inside
  // the iframe's line; the word selected there is what its Bold acts on.
  const json::object result = Run(
      Frames({Goto("lib_iframe_editor.html"), Frame("page.waitFor", R"({"css":".tox-tinymce"})"),
              R"({"method":"page.snapshot"})",
              Frame("page.fill", R"({"target":{"role":"textbox","name":"Rich Text Area"},)"
                                 R"("value":"Hello world"})"),
              Frame("page.select", R"({"target":{"role":"textbox"},"text":"world"})"),
              Frame("page.click", R"({"target":{"role":"button","name":"Bold"}})"),
              Eval("tinymce.activeEditor.getContent()")}));
  const std::string outline = json::parse(ResultOf(result, 2)).as_string().c_str();
  BOOST_TEST(outline == WithRefs("- heading \"Write a note\" level=1\n"
                                 "- application\n"
                                 "  - group\n"
                                 "    - group\n"
                                 "      - toolbar\n"
                                 "        - button \"Bold\" [ref={1}]\n"
                                 "        - button \"Italic\" [ref={2}]\n"
                                 "  - iframe \"Rich Text Area\"\n"
                                 "    - textbox \"Rich Text Area\" [ref={3}]",
                                 FirstRef(outline), 3));
  BOOST_TEST(ResultOf(result, 6) == R"("<p>Hello <strong>world</strong></p>")");
}

BOOST_AUTO_TEST_CASE(a_tours_next_step_is_there_when_the_click_on_next_returns) {
  // driver.js shows a step's popover once its script has moved the highlight there (400 ms,
  // frame by frame): the click on Next returns with the "Users" step shown, whose Done the
  // next frame clicks.
  const json::object result =
      Run(Frames({Goto("lib_tour.html"), Frame("page.click", R"({"target":{"text":"Start tour"}})"),
                  Frame("page.click", R"({"target":{"role":"button","name":"Next"}})"),
                  Eval("document.querySelector('.driver-popover-title').textContent"),
                  Frame("page.click", R"({"target":{"role":"button","name":"Done"}})"),
                  Eval("tour.isActive()")}));
  BOOST_TEST(ResultOf(result, 3) == R"("Users")");
  BOOST_TEST(ResultOf(result, 5) == "false");
}

BOOST_AUTO_TEST_CASE(the_gutter_between_two_panes_has_a_ref_and_drags_their_sizes) {
  // Split.js's gutter is a bare div whose col-resize cursor says it can be dragged; dropped at
  // x = 240 of the 800 px row, the first pane takes 30 % of it.
  const json::object result =
      Run(Frames({Goto("lib_split.html"), R"({"method":"page.snapshot"})",
                  Frame("page.drag", R"({"from":{"css":".gutter"},"to":{"x":240,"y":150}})"),
                  Eval("panes.getSizes().map((size) => Math.round(size * 10) / 10)")}));
  const std::string outline = json::parse(ResultOf(result, 1)).as_string().c_str();
  BOOST_TEST(outline == WithRefs("- text \"Files\"\n"
                                 "- generic [ref={1}] .gutter\n"
                                 "- text \"Preview\"",
                                 FirstRef(outline), 1));
  BOOST_TEST(ResultOf(result, 2) == R"({"dropped":true,"via":"pointer"})");
  BOOST_TEST(ResultOf(result, 3) == "[30,70]");
}

BOOST_AUTO_TEST_CASE(web_components_are_filled_chosen_checked_and_submitted) {
  // Shoelace: every control lives in a shadow root; the form sees their values.
  const json::object result = Run(Frames(
      {Goto("lib_web_components.html"), Frame("page.waitFor", R"({"css":"sl-select:defined"})"),
       Frame("page.fill", R"({"target":{"role":"textbox","name":"Name"},"value":"Ada"})"),
       Frame("page.click", R"({"target":{"role":"combobox","name":"Shirt size"}})"),
       Frame("page.click", R"({"target":{"role":"option","name":"Large"}})"),
       Frame("page.click", R"({"target":{"role":"checkbox","name":"Send me news"}})"),
       Frame("page.click", R"({"target":{"role":"button","name":"Save"}})"),
       Eval("JSON.stringify(window.saved)"), R"({"method":"page.snapshot"})"}));
  BOOST_TEST(ResultOf(result, 7) == R"("{\"size\":\"l\",\"name\":\"Ada\",\"news\":\"on\"}")");
  const std::string outline = json::parse(ResultOf(result, 8)).as_string().c_str();
  BOOST_TEST(outline == WithRefs("- heading \"Profile\" level=1\n"
                                 "- textbox \"Name\" [ref={1}] value=\"Ada\"\n"
                                 "- text \"Shirt size\"\n"
                                 "- combobox \"Shirt size\" [ref={2}] collapsed value=\"Large\"\n"
                                 "- checkbox \"Send me news\" [ref={3}] checked\n"
                                 "- button \"Save\" [ref={4}] [active]\n- text \"Saved\"",
                                 FirstRef(outline), 4));
}

BOOST_AUTO_TEST_CASE(a_slider_moves_by_its_steps_with_arrow_keys) {
  // noUiSlider: the handle is a focusable role=slider that steps on arrow keys.
  const json::object result =
      Run(Frames({Goto("lib_slider.html"),
                  Frame("page.click", R"({"target":{"role":"slider","name":"Budget"}})"),
                  Frame("page.press", R"({"key":"ArrowRight"})"),
                  Frame("page.press", R"({"key":"ArrowRight"})"), Eval("budget.noUiSlider.get()"),
                  R"({"method":"page.snapshot"})"}));
  BOOST_TEST(ResultOf(result, 4) == R"("40.00")");
  const std::string outline = json::parse(ResultOf(result, 5)).as_string().c_str();
  BOOST_TEST(outline == WithRefs("- heading \"Budget\" level=1\n"
                                 "- slider \"Budget\" [ref={1}] [active] value=\"40.00\" "
                                 "min=0.0 max=100.0",
                                 FirstRef(outline), 1));
}

BOOST_AUTO_TEST_CASE(a_slider_is_filled_with_a_number_by_its_arrow_keys) {
  // noUiSlider steps by 5: 70 is reached, 12.5 stops at the nearest step (10, a tie going
  // back the way it came), 500 lies outside its range.
  const json::object result =
      Run(Frames({Goto("lib_slider.html"),
                  Frame("page.fill", R"({"role":"slider","name":"Budget","value":70})"),
                  Eval("budget.noUiSlider.get()"),
                  Frame("page.fill", R"({"role":"slider","name":"Budget","value":"12.5"})"),
                  Eval("budget.noUiSlider.get()"),
                  Frame("page.fill", R"({"role":"slider","name":"Budget","value":"500"})")},
                 R"(,"on_error":"continue")"));
  BOOST_TEST(ResultOf(result, 1) == R"({"value":"70.0"})");
  BOOST_TEST(ResultOf(result, 2) == R"("70.00")");
  BOOST_TEST(ResultOf(result, 3) == R"({"value":"10.0"})");
  BOOST_TEST(ResultOf(result, 4) == R"("10.00")");
  BOOST_TEST(PageSuite::Record(result, 5).at("error").at("message").as_string() ==
             "page.fill: div.noUi-handle.noUi-handle-lower takes values from 0.0 to 100.0, "
             "not 500");
}

BOOST_AUTO_TEST_CASE(a_slider_handle_is_dragged_to_a_point_on_its_track) {
  // The point 70% along the track, from the page's own geometry.
  const std::string point =
      "const r = budget.getBoundingClientRect(); "
      "({x: Math.round(r.left + 0.7 * r.width), y: Math.round(r.top + r.height / 2)})";
  const json::object result = Run(Frames(
      {Goto("lib_slider.html"),
       absl::StrCat(R"({"method":"page.eval","label":"at","silent":true,"params":{"expression":)",
                    PageSuite::Quote(point), "}}"),
       Frame("page.drag", R"({"from":{"role":"slider","name":"Budget"},"to":"<<at>>"})"),
       Eval("budget.noUiSlider.get()")}));
  BOOST_TEST(ResultOf(result, 2) == R"({"dropped":true,"via":"pointer"})");
  BOOST_TEST(ResultOf(result, 3) == R"("70.00")");
}

BOOST_AUTO_TEST_CASE(a_loop_carousel_swipe_that_snapped_back_says_it_did_not_move) {
  // Swiper's loop moves its slides round as a swipe begins and shifts its track to match: the
  // slide dragged stands at another place among its siblings, drawn where it was. A slow swipe
  // of 100 px (under half a slide) snaps back: "moved": false; one of 400 px goes on to the next
  // slide (Swiper's realIndex, its own state).
  const json::object result =
      Run(Frames({Goto("lib_carousel.html"),
                  Frame("page.drag", R"({"from":{"text":"Lisbon"},"by":{"x":100}})"),
                  Eval("carousel.realIndex"),
                  Frame("page.drag", R"({"from":{"text":"Lisbon"},"by":{"x":-400}})"),
                  Eval("carousel.realIndex")}));
  BOOST_TEST(ResultOf(result, 1) == R"({"dropped":true,"via":"pointer","moved":false})");
  BOOST_TEST(ResultOf(result, 2) == "0");
  BOOST_TEST(ResultOf(result, 3) == R"({"dropped":true,"via":"pointer"})");
  BOOST_TEST(ResultOf(result, 4) == "1");
}

BOOST_AUTO_TEST_CASE(a_slider_over_a_range_and_the_ranges_handles_are_filled_by_their_keys) {
  // Quasar: the slider above the range is no handle of it (grabbed, its track's middle would
  // set 50); a range's handle grabbed by a click takes keys once focused again.
  const json::object result = Run(
      Frames({Goto("lib_quasar.html"),
              Frame("page.fill", R"({"target":{"role":"slider","name":"Volume"},"value":75})"),
              Frame("page.fill", R"({"target":{"role":"slider","name":"Maximum"},"value":850})"),
              Frame("page.fill", R"({"target":{"role":"slider","name":"Minimum"},"value":300})"),
              Eval("[vm.volume, vm.price.min, vm.price.max]")}));
  BOOST_TEST(ResultOf(result, 1) == R"({"value":"75"})");
  BOOST_TEST(ResultOf(result, 2) == R"({"value":"850"})");
  BOOST_TEST(ResultOf(result, 3) == R"({"value":"300"})");
  BOOST_TEST(ResultOf(result, 4) == R"([75,300,850])");
}

BOOST_AUTO_TEST_CASE(a_slider_drawn_across_its_track_is_dragged_from_its_thumb) {
  // Quasar's slider is one role=slider element across its track (500 px, 0 to 100), which a
  // press moves the value to: the drag pressed its middle, and the value jumped from 20 to 50
  // before it moved. It now presses the thumb, where the value stands.
  const json::object result = Run(Frames(
      {Goto("lib_quasar.html"),
       Frame("page.drag", R"({"from":{"role":"slider","name":"Volume"},"by":{"x":0,"y":15}})"),
       Eval("vm.volume"),
       Frame("page.drag", R"({"from":{"role":"slider","name":"Volume"},"by":{"x":100,"y":0}})"),
       Eval("vm.volume")}));
  BOOST_TEST(ResultOf(result, 1) == R"({"dropped":true,"via":"pointer"})");
  BOOST_TEST(ResultOf(result, 2) == "20");
  BOOST_TEST(ResultOf(result, 3) == R"({"dropped":true,"via":"pointer"})");
  BOOST_TEST(ResultOf(result, 4) == "40");
}

BOOST_AUTO_TEST_CASE(a_picker_that_opens_on_a_click_takes_the_typing_after_it) {
  // Arco's time and range pickers open their panel on a click, not on the focus, and set the
  // field's text as it opens: a fill clicks the field before it types, as a user does (typed
  // into while closed, the pickers held nothing, and "" came back).
  const json::object result = Run(Frames(
      {Goto("lib_arco.html"),
       Frame("page.fill", R"({"target":{"role":"textbox","name":"Alarm"},"value":"07:15:00",)"
                          R"("submit":true})"),
       Frame("page.fill", R"({"target":{"role":"textbox","name":"Check in"},)"
                          R"("value":"2024-01-01","submit":true})"),
       Frame("page.fill", R"({"target":{"role":"textbox","name":"Check out"},)"
                          R"("value":"2024-01-31","submit":true})"),
       Eval("[vm.alarm, vm.stay]")}));
  BOOST_TEST(ResultOf(result, 1) == R"({"value":"07:15:00"})");
  BOOST_TEST(ResultOf(result, 2) == R"({"value":"2024-01-01"})");
  BOOST_TEST(ResultOf(result, 3) == R"({"value":"2024-01-31"})");
  BOOST_TEST(ResultOf(result, 4) == R"(["07:15:00",["2024-01-01","2024-01-31"]])");
}

BOOST_AUTO_TEST_CASE(a_read_only_field_whose_click_opened_a_sheet_apart_says_where) {
  // Framework7's calendar is a read-only field whose click opens a sheet at the bottom of the
  // view, far from the field where a popup is looked for: the refusal names the sheet (it
  // said only that the page sets the value some other way). Its autocomplete floats a list
  // below its field, which nothing marks as one that suggests: the fill names its items.
  const json::object result = Run(Frames(
      {Goto("lib_framework7.html"),
       Frame("page.fill", R"({"target":{"role":"textbox","name":"Birth date"},)"
                          R"("value":"2024-05-20"})"),
       Frame("page.click", R"({"target":{"css":".calendar-day[data-date='2024-4-20']"}})"),
       Frame("page.fill", R"({"target":{"role":"textbox","name":"Favourite fruit"},"value":"Bl"})"),
       Frame("page.click", R"({"text":"Blueberry"})"),
       Eval("[document.getElementById('born').value, fruit.value]")},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","error":{"error":"not fillable","message":)"
             R"("page.fill: input#born is read-only, and the click on it opened )"
             R"(div.sheet-modal.calendar.calendar-sheet.modal-in \"May 2024 Mon Tue Wed Thu Fri )"
             R"(Sat Sun 1 2 3 4 5 6 7 8 9 10 1…\" (a picker or list, apart from the field): pick )"
             R"J(your choice there (page.snapshot with it as root shows it)"}})J");
  BOOST_TEST(ResultOf(result, 3) == R"({"value":"Bl","options":["Blackberry","Blueberry"]})");
  BOOST_TEST(ResultOf(result, 5) == R"(["2024-05-20",["Blueberry"]])");
}

BOOST_AUTO_TEST_CASE(a_tree_nodes_switcher_drawn_where_no_cursor_begins_has_a_ref) {
  // Arco's tree node begins the pointer cursor and holds its checkbox, so the node has no ref
  // of its own; its switcher, an icon inheriting that cursor, had none either, and a node
  // could not be closed from the snapshot.
  const json::object listed = Run(
      Frames({Goto("lib_arco.html"), Frame("page.snapshot", R"({"root":{"css":".arco-tree"}})")}));
  const std::string outline = json::parse(ResultOf(listed, 1)).as_string().c_str();
  BOOST_TEST(outline == WithRefs("- generic [ref={1}] .arco-tree-node-switcher\n"
                                 "- checkbox [ref={2}] .arco-checkbox-target\n"
                                 "- text \"docs\"\n"
                                 "- checkbox [ref={3}] .arco-checkbox-target\n"
                                 "- text \"guide.md\"\n"
                                 "- generic [ref={4}] .arco-tree-node-switcher\n"
                                 "- checkbox [ref={5}] .arco-checkbox-target\n"
                                 "- text \"src\"\n"
                                 "- checkbox [ref={6}] .arco-checkbox-target\n"
                                 "- text \"main.cc\"",
                                 FirstRef(outline), 6));
  const std::uint64_t first = FirstRef(outline);
  const json::object result =
      Run(Frames({Frame("page.click", absl::StrCat(R"({"ref":")", Ref(first, 4), R"("})")),
                  Frame("page.click", absl::StrCat(R"({"ref":")", Ref(first, 5), R"("})")),
                  Eval("[vm.open, vm.checked]")}));
  BOOST_TEST(ResultOf(result, 2) == R"([["docs"],["src","main"]])");
}

BOOST_AUTO_TEST_CASE(a_tree_item_is_named_by_its_own_label_not_its_childrens) {
  // Shoelace's tree items hold their child items: read from its content, "Documents" was named
  // "Documents Reports Q1.xlsx Q2.xlsx Letters", and {"name": "Reports"} took it, the first
  // item whose name held the word.
  const json::object result =
      Run(Frames({Goto("lib_tree.html"), Frame("page.waitFor", R"({"css":"sl-tree-item:defined"})"),
                  Frame("page.snapshot", R"({"root":{"css":"#files"},"max_lines":4})"),
                  Frame("page.click", R"({"target":{"role":"treeitem","name":"Reports"}})"),
                  Eval("chosen()")}));
  const std::string outline = json::parse(ResultOf(result, 2)).as_string().c_str();
  BOOST_TEST(outline.substr(0, outline.find("\n[")) ==
             WithRefs("- tree [ref={1}] #files\n"
                      "  - treeitem \"Documents\" [ref={2}] expanded\n"
                      "    - group\n"
                      "      - treeitem \"Reports\" [ref={3}] expanded",
                      FirstRef(outline), 3));
  BOOST_TEST(json::parse(ResultOf(result, 3)).at("navigated") == false);
  BOOST_TEST(ResultOf(result, 4) == R"(["Reports"])");
}

BOOST_AUTO_TEST_CASE(a_picker_left_with_its_panel_open_says_the_value_is_not_taken) {
  // Arco's time picker keeps its panel open once the field was left, the typed time shown
  // but not taken until Enter or its OK; the panel has no aria-expanded to say so.
  const json::object result = Run(Frames(
      {Goto("lib_arco.html"),
       Frame("page.fill", R"({"target":{"role":"textbox","name":"Alarm"},"value":"07:15:00"})"),
       Eval("vm.alarm")}));
  BOOST_TEST(ResultOf(result, 1) == R"({"value":"07:15:00","expanded":true})");
  BOOST_TEST(ResultOf(result, 2) == R"("")");
}

BOOST_AUTO_TEST_CASE(a_list_floated_beside_a_field_keeps_its_focus_and_names_what_it_offers) {
  // Arco's searchable select and auto-complete mark their field as no combobox: the page
  // answers the typing with a list of plain items floated beside it. The fill keeps the focus
  // there (a Tab closed the list, and the typed text was all a model saw) and names the items,
  // which a click then chooses.
  const json::object result =
      Run(Frames({Goto("lib_arco.html"),
                  Frame("page.fill", R"({"target":{"role":"textbox","name":"Choose city"},)"
                                     R"("value":"Shen"})"),
                  Frame("page.click", R"({"text":"Shenzhen"})"),
                  Frame("page.fill", R"({"target":{"role":"textbox","name":"Dessert"},)"
                                     R"("value":"apple"})"),
                  Frame("page.click", R"({"text":"apple tart"})"), Eval("[vm.city, vm.dessert]")}));
  BOOST_TEST(ResultOf(result, 1) == R"({"value":"Shen","options":["Shenzhen"]})");
  BOOST_TEST(ResultOf(result, 3) == R"({"value":"apple","options":["apple pie","apple tart"]})");
  BOOST_TEST(ResultOf(result, 5) == R"(["Shenzhen","apple tart"])");
}

BOOST_AUTO_TEST_CASE(options_drawn_as_plain_divs_beside_a_field_are_named_by_their_class) {
  // Naive UI's auto-complete and mention draw their options as divs of class
  // n-base-select-option, no role, in a box floated under the body: named all the same, and
  // the field keeps the focus for a click on one.
  const json::object result = Run(Frames(
      {Goto("lib_naive.html"),
       Frame("page.fill", R"({"target":{"role":"textbox","name":"Email address"},"value":"ada"})"),
       Frame("page.click", R"({"text":"ada@mail.org"})"),
       Frame("page.fill", R"({"target":{"role":"textbox","name":"Note"},"value":"ask @Len"})"),
       Frame("page.click", R"({"text":"Lena"})"), Eval("[state.email, state.note]")}));
  BOOST_TEST(ResultOf(result, 1) ==
             R"({"value":"ada","options":["ada@gmail.com","ada@mail.org"]})");
  BOOST_TEST(ResultOf(result, 3) == R"({"value":"ask @Len","options":["Lenny","Lena"]})");
  BOOST_TEST(ResultOf(result, 5) == R"(["ada@mail.org","ask @Lena "])");
}

BOOST_AUTO_TEST_CASE(a_form_that_says_why_in_red_only_is_heard_by_the_click_and_the_fill) {
  // Naive UI's form refuses a save with a message in red under the field, no role on it and
  // no aria-invalid on the field: the click said only that nothing navigated.
  const json::object result = Run(Frames(
      {Goto("lib_naive.html"), Frame("page.click", R"({"target":{"role":"button","name":"Save"}})"),
       Frame("page.fill", R"({"target":{"role":"textbox","name":"Phone"},"value":"12"})"),
       Frame("page.fill", R"({"target":{"role":"textbox","name":"Nick name"},"value":"Ada"})"),
       Frame("page.fill", R"({"target":{"role":"textbox","name":"Phone"},"value":"123456"})"),
       Frame("page.click", R"({"target":{"role":"button","name":"Save"}})"), Eval("state.saved")}));
  const std::string page = R"({"url":")" + Url("lib_naive.html") + R"(","title":"Contacts",)";
  BOOST_TEST(ResultOf(result, 1) ==
             page +
                 R"("navigated":false,"alerts":["textbox \"Nick name\": Please input a nick"]})");
  BOOST_TEST(ResultOf(result, 2) ==
             R"({"value":"12","alerts":["textbox \"Phone\": Six digits or more"]})");
  BOOST_TEST(ResultOf(result, 3) == R"({"value":"Ada"})");
  BOOST_TEST(ResultOf(result, 4) == R"({"value":"123456"})");
  BOOST_TEST(ResultOf(result, 5) == page + R"("navigated":false})");
  BOOST_TEST(ResultOf(result, 6) == R"({"nick":"Ada","phone":"123456"})");
}

BOOST_AUTO_TEST_CASE(a_forms_red_list_of_what_it_refused_is_heard_and_its_red_options_are_not) {
  // Fomantic UI's form lists what it refused in a red box at its end, beside no one field, and
  // marks no field aria-invalid: the click said only that nothing navigated. It draws the
  // options of a field in error in red too, which opening that field reported as alerts.
  const json::object result = Run(Frames(
      {Goto("lib_fomantic.html"),
       Frame("page.click", R"({"target":{"role":"button","name":"Submit"}})"),
       Frame("page.click", R"({"target":{"css":"#signup .ui.dropdown"}})"),
       Frame("page.click", R"({"target":{"text":"Female"}})"),
       Frame("page.fill", R"({"target":{"role":"textbox","name":"Name"},"value":"Ada"})"),
       Frame("page.click", R"({"target":{"role":"button","name":"Submit"}})"), Eval("sent")}));
  const std::string page = R"({"url":")" + Url("lib_fomantic.html") + R"(","title":"Sign up",)";
  BOOST_TEST(ResultOf(result, 1) == page +
                                        R"("navigated":false,"alerts":["Name must have a value",)"
                                        R"("Gender must have a value"]})");
  BOOST_TEST(ResultOf(result, 2) == page + R"("navigated":false})");
  BOOST_TEST(ResultOf(result, 3) == page + R"("navigated":false})");
  BOOST_TEST(ResultOf(result, 5) == page + R"("navigated":false})");
  BOOST_TEST(ResultOf(result, 6) == R"({"name":"Ada","gender":"female"})");
}

BOOST_AUTO_TEST_CASE(a_dropdowns_enter_comes_once_its_menu_stands_and_has_filtered) {
  // Fomantic UI's dropdowns slide their menu down as the click focuses the search box, take no
  // Enter until it stands, and filter it 20 ms after the keys: submit's Enter came at once,
  // chose nothing ("Ger"), or the option the keys were on before (Germany for "Spa"; HTML for
  // "Ember", said "taken"). What the box shows leaves out its menu, open beside the tags.
  const json::object result = Run(
      Frames({Goto("lib_fomantic.html"),
              Frame("page.fill",
                    R"({"target":{"css":"#country input.search"},"value":"Ger","submit":true})"),
              Eval("$('#country').dropdown('get value')"),
              Frame("page.fill",
                    R"({"target":{"css":"#country input.search"},"value":"Spa","submit":true})"),
              Frame("page.fill", R"({"target":{"css":"#skills ~ input.search"},"value":"HTML",)"
                                 R"("submit":true})"),
              Frame("page.fill", R"({"target":{"css":"#skills ~ input.search"},"value":"Ember",)"
                                 R"("submit":true})"),
              Eval("[$('#country').dropdown('get value'), $('#skills').val()]")}));
  BOOST_TEST(ResultOf(result, 1) == R"({"value":"","shows":"Germany"})");
  BOOST_TEST(ResultOf(result, 2) == R"("de")");
  BOOST_TEST(ResultOf(result, 3) == R"({"value":"","shows":"Spain"})");
  BOOST_TEST(ResultOf(result, 4) == R"({"value":"","taken":true})");
  BOOST_TEST(ResultOf(result, 5) == R"({"value":"","taken":true})");
  BOOST_TEST(ResultOf(result, 6) == R"(["es",["ember","html"]])");
}

BOOST_AUTO_TEST_CASE(a_radio_button_is_named_by_the_label_beside_it_that_labels_nothing) {
  // Fomantic UI's radio buttons hide their input beside a label with no "for" and no input
  // inside, and its script turns the label's click into the input's: the snapshot read an
  // unnamed radio and a text line, and {"name": "Weekly"} found nothing.
  const json::object result = Run(
      Frames({Goto("lib_fomantic.html"), Frame("page.snapshot", R"({"root":{"css":"#frequency"}})"),
              Frame("page.click", R"({"target":{"role":"radio","name":"Weekly"}})"),
              Eval("$('input[name=frequency]:checked').val()")}));
  const std::string outline = json::parse(ResultOf(result, 1)).as_string().c_str();
  BOOST_TEST(outline == WithRefs("- radio \"Daily\" [ref={1}] checked\n"
                                 "- radio \"Weekly\" [ref={2}]",
                                 FirstRef(outline), 2));
  BOOST_TEST(ResultOf(result, 3) == R"("weekly")");
}

BOOST_AUTO_TEST_CASE(a_searchable_select_says_what_its_enter_chose) {
  // Arco's searchable select hides its search field as the Enter chooses the first match, and
  // shows the option where the field was (and as the field's placeholder): the result says
  // what it shows, not only the text typed.
  const json::object result =
      Run(Frames({Goto("lib_arco.html"),
                  Frame("page.fill", R"({"target":{"role":"textbox","name":"Choose city"},)"
                                     R"("value":"cheng","submit":true})"),
                  Eval("vm.city")}));
  BOOST_TEST(ResultOf(result, 1) == R"({"value":"cheng","shows":"Chengdu"})");
  BOOST_TEST(ResultOf(result, 2) == R"("Chengdu")");
}

BOOST_AUTO_TEST_CASE(a_mention_list_placed_after_it_is_drawn_is_named_by_the_fill) {
  // Ant Design's mentions draws its menu out of the view first and beside the caret a frame or
  // two later; its cascader's search marks an empty listbox for readers and draws the matches
  // as a menu's checkable items. Both answers are named, and a click picks from them.
  const json::object result =
      Run(Frames({Goto("lib_antd_messages.html"),
                  Frame("page.fill", R"({"target":{"role":"textbox","name":"Write a message"},)"
                                     R"("value":"Thanks @za"})"),
                  Frame("page.click", R"({"target":{"role":"menuitem","name":"zack"}})"),
                  Frame("page.fill", R"({"target":{"role":"combobox"},"value":"nanj"})"),
                  Frame("page.click", R"({"text":"Jiangsu / Nanjing"})"),
                  Eval("[state.message, state.place]")}));
  BOOST_TEST(ResultOf(result, 1) == R"({"value":"Thanks @za","options":["zack"]})");
  BOOST_TEST(ResultOf(result, 3) == R"({"value":"nanj","options":["Jiangsu / Nanjing"]})");
  BOOST_TEST(ResultOf(result, 5) == R"(["Thanks @zack ",["jiangsu","nanjing"]])");
}

BOOST_AUTO_TEST_CASE(a_form_the_page_refused_says_which_fields_and_why) {
  // Ant Design's form checks its fields itself (no browser check): the click that sent it
  // names the fields it marked invalid, with its messages, and a second click refused for the
  // same says so again; once they are right, the click says nothing more. Vuetify's form
  // marks no field invalid: its message is an alert, named with the field it speaks of.
  const std::string sign_up = R"({"target":{"role":"button","name":"Sign up"}})";
  const json::object result = Run(Frames(
      {Goto("lib_antd_messages.html"),
       Frame("page.fill", R"({"target":{"role":"textbox","name":"Email"},"value":"not-an-email"})"),
       Frame("page.click", sign_up), Frame("page.click", sign_up),
       Frame("page.fill", R"({"target":{"role":"textbox","name":"Username"},"value":"ada"})"),
       Frame("page.fill", R"({"target":{"role":"textbox","name":"Email"},"value":"a@b.io"})"),
       Frame("page.click", sign_up), Eval("JSON.stringify(state.signedUp)"),
       Goto("lib_vuetify.html"),
       Frame("page.click", R"({"target":{"role":"button","name":"Book now"}})")}));
  BOOST_TEST(ResultOf(result, 1) == R"({"value":"not-an-email","invalid":"Not a valid email!"})");
  const std::string refused = R"({"url":")" + Url("lib_antd_messages.html") +
                              R"(","title":"Messages","navigated":false,"invalid":[)"
                              R"("textbox \"Username\": Please input your username!",)"
                              R"("textbox \"Email\": Not a valid email!"]})";
  BOOST_TEST(ResultOf(result, 2) == refused);
  BOOST_TEST(ResultOf(result, 3) == refused);
  BOOST_TEST(ResultOf(result, 4) == R"({"value":"ada"})");
  BOOST_TEST(ResultOf(result, 5) == R"({"value":"a@b.io"})");
  BOOST_TEST(ResultOf(result, 6) == R"({"url":")" + Url("lib_antd_messages.html") +
                                        R"(","title":"Messages","navigated":false})");
  BOOST_TEST(ResultOf(result, 7) == R"("{\"username\":\"ada\",\"email\":\"a@b.io\"}")");
  BOOST_TEST(ResultOf(result, 9) == R"({"url":")" + Url("lib_vuetify.html") +
                                        R"(","title":"Book a room","navigated":false,)"
                                        R"("alerts":["textbox \"Full name\": Required"]})");
}

BOOST_AUTO_TEST_CASE(a_sortable_list_item_is_dragged_below_another) {
  // SortableJS makes an item draggable only once the button is down on it: Firefox's native
  // drag starts and never drops, and the page side ends it. The list's own order and its onEnd
  // event say what happened.
  const json::object result = Run(
      Frames({Goto("lib_sortable.html"),
              Eval("window.moves = []; priorities.option('onEnd', "
                   "(e) => moves.push([e.oldIndex, e.newIndex])); 1"),
              Frame("page.drag", R"({"from":{"role":"listitem","name":"Rent"},)"
                                 R"("to":{"role":"listitem","name":"Books"}})"),
              Eval("[priorities.toArray(), moves]"), Frame("page.click", R"({"text":"Food"})")}));
  BOOST_TEST(ResultOf(result, 2) ==
             R"({"dropped":true,"via":"html5","place":{"before":1,"after":4,"of":4}})");
  BOOST_TEST(ResultOf(result, 3) == R"([["food","travel","books","rent"],[[0,3]]])");
  BOOST_TEST(PageSuite::Record(result, 4).contains("result"));
}

BOOST_AUTO_TEST_CASE(a_sortable_list_that_follows_the_mouse_reports_the_drop_it_made) {
  // jQuery UI's sortable moves the item under the pointer and the others aside: when the
  // button comes up, the item dragged lies where its destination was.
  const json::object result =
      Run(Frames({Goto("lib_jquery_ui.html"),
                  Frame("page.drag", R"({"from":{"role":"listitem","name":"Paris"},)"
                                     R"("to":{"role":"listitem","name":"Nice"}})"),
                  Eval("$('#stops').sortable('toArray')")}));
  BOOST_TEST(ResultOf(result, 1) ==
             R"({"dropped":true,"via":"pointer","place":{"before":1,"after":3,"of":4}})");
  BOOST_TEST(ResultOf(result, 2) == R"(["lyon","nice","paris","marseille"])");
}

BOOST_AUTO_TEST_CASE(a_sortable_list_item_dragged_down_onto_the_next_takes_its_place) {
  // jQuery UI's sortable with its default tolerance moves an item down only once the pointer
  // is past the next one's middle: the drag aims past the middle of its destination, as a
  // hand overshoots it (on the middle, rounded down, nothing moved).
  const json::object result =
      Run(Frames({Goto("lib_jquery_ui.html"),
                  Frame("page.drag", R"({"from":{"role":"listitem","name":"Monday"},)"
                                     R"("to":{"role":"listitem","name":"Tuesday"}})"),
                  Eval("$('#days').sortable('toArray')")}));
  BOOST_TEST(ResultOf(result, 1) ==
             R"({"dropped":true,"via":"pointer","place":{"before":1,"after":2,"of":4}})");
  BOOST_TEST(ResultOf(result, 2) == R"(["tue","mon","wed","thu"])");
}

BOOST_AUTO_TEST_CASE(a_date_pickers_prev_and_next_marked_for_a_click_have_refs) {
  // jQuery UI's date picker draws Prev and Next as <a> without href or pointer cursor, marked
  // data-event="click": they have refs, and Next shows the next month.
  const json::object result =
      Run(Frames({Goto("lib_jquery_ui.html"),
                  R"({"method":"page.snapshot","params":{"css":"#when .ui-datepicker-header"}})",
                  Frame("page.click", R"({"target":{"role":"generic","name":"Next"}})"),
                  Eval("$('#when .ui-datepicker-title').text().replace(/\\s+/g, ' ')")}));
  const std::string header = json::parse(ResultOf(result, 1)).as_string().c_str();
  BOOST_TEST(header == WithRefs("- generic \"Prev\" [ref={1}]\n"
                                "- generic \"Next\" [ref={2}]\n"
                                "- text \"March 2026\"",
                                FirstRef(header), 2));
  BOOST_TEST(ResultOf(result, 3) == R"("April 2026")");
}

BOOST_AUTO_TEST_CASE(a_board_card_is_dropped_where_the_library_drew_it_and_the_drag_awaits_it) {
  // @hello-pangea/dnd follows the mouse once a frame and drops where it last drew the card,
  // then animates the card into place before onDragEnd moves it in the app's state: moves a
  // frame apart and a hold before the release put it there, and the drag returns after.
  const json::object result = Run(
      Frames({Goto("lib_board.html"),
              Frame("page.drag", R"({"from":{"text":"Write docs"},"to":{"text":"Design logo"}})"),
              Eval("[board.todo.cards, board.done.cards]")}));
  BOOST_TEST(ResultOf(result, 1) == R"({"dropped":true,"via":"pointer"})");
  BOOST_TEST(ResultOf(result, 2) ==
             R"([["Fix login bug","Plan sprint"],["Set up CI","Write docs","Design logo"]])");
}

BOOST_AUTO_TEST_CASE(a_calendar_event_dropped_off_the_days_is_put_back_and_the_drag_says_so) {
  // FullCalendar hides the event while its image follows the pointer; dropped on the title its
  // image goes back in 800 ms before the event shows again where it stood: not moved. Dropped
  // on a day, the event is drawn anew there and eventDrop runs.
  const json::object result =
      Run(Frames({Goto("lib_calendar.html"),
                  Frame("page.drag",
                        R"({"from":{"text":"Dentist"},"to":{"role":"heading","name":"May 2026"}})"),
                  Eval("[calendar.getEventById('dentist').startStr, drops]"),
                  Frame("page.drag",
                        R"({"from":{"text":"Dentist"},"to":{"css":"td[data-date='2026-05-27']"}})"),
                  Eval("[calendar.getEventById('dentist').startStr, drops]")}));
  BOOST_TEST(ResultOf(result, 1) == R"({"dropped":true,"via":"pointer","moved":false})");
  BOOST_TEST(ResultOf(result, 2) == R"(["2026-05-20T15:00:00Z",[]])");
  BOOST_TEST(ResultOf(result, 3) == R"({"dropped":true,"via":"pointer"})");
  BOOST_TEST(ResultOf(result, 4) == R"(["2026-05-27T15:00:00Z",["2026-05-27T15:00:00Z"]])");
}

BOOST_AUTO_TEST_CASE(a_map_pans_by_the_drag_alone_and_its_marker_image_follows_the_mouse) {
  // Leaflet moves the map once a frame and flings it on with the speed of the release; its
  // marker is an <img> whose browser drag it cancels to follow mouse events. On a flat plane
  // one unit is a pixel: the map's centre moves by exactly the drag, the marker too (pressed
  // at its icon's centre, 450,279).
  const json::object result =
      Run(Frames({Goto("lib_map.html"),
                  Frame("page.drag", R"({"from":{"css":"#map"},"to":{"x":200,"y":250}})"),
                  Eval("depot().centre"), Goto("lib_map.html"),
                  Frame("page.drag", R"({"from":{"role":"button","name":"Marker"},)"
                                     R"("to":{"x":350,"y":329}})"),
                  Eval("depot()"),
                  // By an offset from the press, and from a point of the map (no element
                  // named).
                  Frame("page.drag", R"({"from":{"css":"#map"},"by":{"x":-100,"y":50}})"),
                  Eval("depot().centre"),
                  Frame("page.drag", R"({"from":{"x":100,"y":100},"to":{"x":50,"y":100}})"),
                  Eval("depot().centre"),
                  Frame("page.drag", R"({"from":{"css":"#map"},"by":{"x":-1000,"y":0}})")},
                 R"(,"on_error":"continue")"));
  BOOST_TEST(ResultOf(result, 1) == R"({"dropped":true,"via":"pointer"})");
  BOOST_TEST(ResultOf(result, 2) == R"({"lat":250,"lng":400})");
  BOOST_TEST(ResultOf(result, 4) == R"({"dropped":true,"via":"pointer"})");
  BOOST_TEST(ResultOf(result, 5) ==
             R"({"centre":{"lat":200,"lng":300},"marker":{"lat":50,"lng":350}})");
  BOOST_TEST(ResultOf(result, 6) == R"({"dropped":true,"via":"pointer"})");
  BOOST_TEST(ResultOf(result, 7) == R"({"lat":250,"lng":400})");
  BOOST_TEST(ResultOf(result, 8) == R"({"dropped":true,"via":"pointer"})");
  BOOST_TEST(ResultOf(result, 9) == R"({"lat":250,"lng":450})");
  BOOST_TEST(PageSuite::Record(result, 10).at("error").at("message").as_string() ==
             "page.drag: \"by\" {\"x\": -1000, \"y\": 0} takes the pointer to {\"x\": -700, "
             "\"y\": 200}, outside the viewport (1366 x 682)");
}

BOOST_AUTO_TEST_CASE(a_modal_that_fades_in_after_its_backdrop_is_there_when_the_click_returns) {
  // Bootstrap shows its modal only once the backdrop's 150 ms fade has ended, and hides it
  // (then removes the backdrop) after fades of its own: each click returns once they ended.
  const json::object result = Run(Frames(
      {Goto("lib_bootstrap.html"),
       Frame("page.click", R"({"target":{"role":"button","name":"Delete account"}})"),
       Eval("getComputedStyle(document.getElementById('remove')).display"),
       R"({"method":"page.snapshot","params":{"root":{"css":".modal-content"}}})",
       Frame("page.click", R"({"target":{"role":"button","name":"Delete"}})"),
       Eval("[removal._isShown, getComputedStyle(document.getElementById('remove')).display, "
            "document.querySelectorAll('.modal-backdrop').length, "
            "document.getElementById('log').textContent]")}));
  BOOST_TEST(ResultOf(result, 2) == R"("block")");
  const std::string outline = json::parse(ResultOf(result, 3)).as_string().c_str();
  BOOST_TEST(outline == WithRefs("- heading \"Delete account?\" level=2\n"
                                 "- button \"Close\" [ref={1}]\n"
                                 "- text \"This cannot be undone.\"\n"
                                 "- button \"Keep\" [ref={2}]\n"
                                 "- button \"Delete\" [ref={3}]",
                                 FirstRef(outline), 3));
  BOOST_TEST(ResultOf(result, 5) == R"([false,"none",0,"Account deleted"])");
}

BOOST_AUTO_TEST_CASE(a_tooltip_fades_in_on_hover_and_goes_when_the_mouse_leaves_for_a_click) {
  // Bootstrap's tooltip shows 100 ms after the mouse came and fades in for 150 ms above
  // Autosave, over the Help button; it hides once the mouse leaves Autosave, so a click on Help
  // moves the mouse there first, as a user does.
  const std::string covering =
      "const help = document.getElementById('help').getBoundingClientRect(); "
      "[autosaveTip._isShown(), getComputedStyle(document.querySelector('.tooltip')).opacity, "
      "document.elementFromPoint(help.left + help.width / 2, help.top + help.height / 2)"
      ".className]";
  const json::object result = Run(
      Frames({Goto("lib_bootstrap.html"),
              Frame("page.hover", R"({"target":{"role":"button","name":"Autosave"}})"),
              Eval(covering), R"({"method":"page.snapshot","params":{"root":{"role":"tooltip"}}})",
              Frame("page.click", R"({"target":{"role":"button","name":"Help"}})"),
              Eval("[document.getElementById('log').textContent, autosaveTip._isShown(), "
                   "document.querySelectorAll('.tooltip').length]")}));
  BOOST_TEST(ResultOf(result, 2) == R"([true,"0.9","tooltip-inner"])");
  BOOST_TEST(ResultOf(result, 3) == R"("- tooltip \"Saves a draft every minute\"")");
  BOOST_TEST(ResultOf(result, 5) == R"(["Help opened",null,0])");
}

BOOST_AUTO_TEST_CASE(an_accordion_section_is_open_when_the_click_returns) {
  // Bootstrap's collapse animates the section's height for 350 ms before it marks it shown;
  // the button inside the heading is listed with its state, not folded into the heading.
  const json::object result =
      Run(Frames({Goto("lib_bootstrap.html"),
                  Frame("page.click", R"({"target":{"role":"button","name":"Shipping"}})"),
                  Eval("document.getElementById('shipping').className"),
                  R"({"method":"page.snapshot","params":{"root":{"css":"#faq"}}})"}));
  BOOST_TEST(ResultOf(result, 2) == R"("accordion-collapse collapse show")");
  const std::string outline = json::parse(ResultOf(result, 3)).as_string().c_str();
  BOOST_TEST(outline == WithRefs("- heading \"Shipping\" level=2\n"
                                 "  - button \"Shipping\" [ref={1}] [active] expanded\n"
                                 "- text \"Ships in 2 days.\"",
                                 FirstRef(outline), 1));
}

BOOST_AUTO_TEST_CASE(an_accordion_section_opened_with_a_key_is_open_when_the_key_returns) {
  // As the click above, with Enter on the focused button: a key waits for the height
  // animation it set off too.
  const json::object result = Run(Frames(
      {Goto("lib_bootstrap.html"),
       Frame("page.press", R"({"key":"Enter","target":{"role":"button","name":"Shipping"}})"),
       Eval("document.getElementById('shipping').className")}));
  BOOST_TEST(ResultOf(result, 2) == R"("accordion-collapse collapse show")");
}

BOOST_AUTO_TEST_CASE(a_combobox_that_wraps_its_search_and_list_shows_them_and_takes_a_pick) {
  // Choices.js: the label names a select the library hid, so its words are listed as text; the
  // combobox holds the search field and the options, listed below it.
  const json::object result = Run(Frames(
      {Goto("lib_tags.html"), R"({"method":"page.snapshot"})",
       Frame("page.click", R"({"target":{"role":"combobox"}})"), R"({"method":"page.snapshot"})",
       Frame("page.type", R"({"text":"tra"})"),
       Frame("page.click", R"({"target":{"role":"option","name":"Travel"}})"),
       Eval("[tags.getValue(true), "
            "Array.from(document.getElementById('tags').selectedOptions, (o) => o.value)]")}));
  const std::string closed = json::parse(ResultOf(result, 1)).as_string().c_str();
  BOOST_TEST(closed == WithRefs("- heading \"New post\" level=1\n"
                                "- text \"Tags\"\n"
                                "- combobox [ref={1}] .choices collapsed\n"
                                "  - searchbox \"Tags\" [ref={2}]",
                                FirstRef(closed), 2));
  const std::string open = json::parse(ResultOf(result, 3)).as_string().c_str();
  BOOST_TEST(open == WithRefs("- heading \"New post\" level=1\n"
                              "- text \"Tags\"\n"
                              "- combobox [ref={1}] .choices expanded\n"
                              "  - searchbox \"Tags\" [ref={2}] [active]\n"
                              "  - listbox [ref={3}] .choices__list\n"
                              "    - option \"News\" [ref={4}] selected\n"
                              "    - option \"Technology\" [ref={5}]\n"
                              "    - option \"Travel\" [ref={6}]\n"
                              "    - option \"Food\" [ref={7}]",
                              FirstRef(open), 7));
  BOOST_TEST(ResultOf(result, 6) == R"([["travel"],["travel"]])");
}

BOOST_AUTO_TEST_CASE(a_code_line_is_clicked_where_it_shows_and_takes_keys_there) {
  // Ace: a line's box runs a million pixels past the editor (its centre is clipped away) and
  // takes no pointer events; the click lands on the part that shows, in the scroller.
  const json::object result = Run(
      Frames({Goto("lib_code_lines.html"), Frame("page.click", R"({"text":"return 1;"})"),
              Frame("page.press", R"({"key":"End"})"), Frame("page.type", R"({"text":" // one"})"),
              Eval("[editor.getValue(), editor.getCursorPosition()]")}));
  BOOST_TEST(ResultOf(result, 4) ==
             R"(["function hello() {\n  return 1; // one\n}",{"row":1,"column":18}])");
}

BOOST_AUTO_TEST_CASE(a_react_form_of_material_ui_controls_is_filled_picked_dragged_and_confirmed) {
  // Material UI in React: every value is React state that only the components' handlers
  // change. The select is a combobox whose empty value is a zero-width space; the slider's
  // range input is clipped away inside the thumb that draws it, which takes the pointer in its
  // place; the autocomplete lists its options as its field is filled.
  const std::string mark =
      "const r = document.querySelector('.MuiSlider-mark[data-index=\"4\"]')"
      ".getBoundingClientRect(); "
      "({x: Math.round(r.left + r.width / 2), y: Math.round(r.top + r.height / 2)})";
  const json::object result = Run(Frames(
      {Goto("lib_mui.html"), R"({"method":"page.snapshot"})",
       Frame("page.fill", R"({"target":{"role":"textbox","name":"Full name"},"value":"Ada"})"),
       Frame("page.click", R"({"target":{"role":"combobox","name":"Size"}})"),
       Frame("page.click", R"({"target":{"role":"option","name":"Medium"}})"),
       absl::StrCat(R"({"method":"page.eval","label":"mark","silent":true,"params":{"expression":)",
                    PageSuite::Quote(mark), "}}"),
       Frame("page.drag", R"({"from":{"role":"slider","name":"Quantity"},"to":"<<mark>>"})"),
       Frame("page.fill", R"({"target":{"role":"combobox","name":"Country"},"value":"Fra"})"),
       Frame("page.click", R"({"target":{"role":"option","name":"France"}})"),
       Frame("page.click", R"({"target":{"role":"checkbox","name":"Gift wrap"}})"),
       Frame("page.click", R"({"target":{"role":"button","name":"Place order"}})"),
       Frame("page.click", R"({"target":{"role":"button","name":"Confirm"}})"),
       Eval("JSON.stringify(order.placed)"), R"({"method":"page.snapshot"})"}));
  const std::string before = json::parse(ResultOf(result, 1)).as_string().c_str();
  BOOST_TEST(before == WithRefs("- heading \"Order\" level=1\n"
                                "- textbox \"Full name\" [ref={1}]\n"
                                "- text \"Size\"\n"
                                "- combobox \"Size\" [ref={2}] collapsed\n"
                                "- text \"Quantity\"\n"
                                "- slider \"Quantity\" [ref={3}] value=\"2\" min=1 max=10\n"
                                "- combobox \"Country\" [ref={4}] collapsed\n"
                                "- button \"Open\" [ref={5}]\n"
                                "- checkbox \"Gift wrap\" [ref={6}]\n"
                                "- button \"Place order\" [ref={7}]",
                                FirstRef(before), 7));
  BOOST_TEST(ResultOf(result, 6) == R"({"dropped":true,"via":"pointer"})");
  BOOST_TEST(ResultOf(result, 12) ==
             R"("{\"name\":\"Ada\",\"size\":\"m\",\"quantity\":5,\"country\":\"France\",)"
             R"(\"gift\":true}")");
  const std::string after = json::parse(ResultOf(result, 13)).as_string().c_str();
  BOOST_TEST(after == WithRefs("- heading \"Order\" level=1\n"
                               "- textbox \"Full name\" [ref={1}] value=\"Ada\"\n"
                               "- text \"Size\"\n"
                               "- combobox \"Size\" [ref={2}] collapsed value=\"Medium\"\n"
                               "- text \"Quantity\"\n"
                               "- slider \"Quantity\" [ref={3}] value=\"5\" min=1 max=10\n"
                               "- combobox \"Country\" [ref={4}] collapsed value=\"France\"\n"
                               "- button \"Open\" [ref={5}]\n"
                               "- checkbox \"Gift wrap\" [ref={6}] checked\n"
                               "- button \"Place order\" [ref={7}] [active]\n"
                               "- alert \"Order placed\"",
                               FirstRef(before), 7));
}

BOOST_AUTO_TEST_CASE(a_select2_box_shows_what_is_chosen_not_the_option_the_keys_reached) {
  // Select2 hides each native select behind a combobox box of its own and lists the options in
  // a dropdown appended to the body, marking the option the keys have reached "selected":
  // before anything is chosen, the box shows its placeholder (its name), not a value. A group's
  // label and a chip's title (the chosen "Food") name their lines and are not listed again.
  const json::object result = Run(
      Frames({Goto("lib_select2.html"),
              Frame("page.click", R"({"target":{"role":"combobox","name":"Pick a city"}})"),
              R"({"method":"page.snapshot"})",
              Frame("page.click", R"({"target":{"role":"option","name":"Rome"}})"),
              Frame("page.click", R"({"target":{"role":"searchbox"}})"),
              Frame("page.click", R"({"target":{"role":"option","name":"Food"}})"),
              Frame("page.fill", R"({"target":{"role":"searchbox"},"value":"hik"})"),
              Frame("page.click", R"({"target":{"role":"option","name":"Hiking"}})"),
              R"({"method":"page.snapshot"})", Eval("[$('#city').val(), $('#interests').val()]")}));
  const std::string open = json::parse(ResultOf(result, 2)).as_string().c_str();
  BOOST_TEST(open == WithRefs("- heading \"Plan a trip\" level=1\n"
                              "- text \"Destination\"\n"
                              "- combobox \"Pick a city\" [ref={1}] expanded\n"
                              "  - textbox \"Pick a city\" [ref={2}]\n"
                              "- text \"Interests\"\n"
                              "- combobox [ref={3}] collapsed\n"
                              "  - searchbox \"Search\" [ref={4}]\n"
                              "- searchbox \"Search\" [ref={5}] [active]\n"
                              "- listbox [ref={6}] expanded\n"
                              "  - group \"Europe\"\n"
                              "    - option \"Paris\" [ref={7}] [active] selected\n"
                              "    - option \"Rome\" [ref={8}]\n"
                              "  - group \"Asia\"\n"
                              "    - option \"Tokyo\" [ref={9}]\n"
                              "    - option \"Seoul\" [ref={10}]",
                              FirstRef(open), 10));
  const std::string chosen = json::parse(ResultOf(result, 8)).as_string().c_str();
  BOOST_TEST(chosen == WithRefs("- heading \"Plan a trip\" level=1\n"
                                "- text \"Destination\"\n"
                                "- combobox \"Rome\" [ref={1}] collapsed\n"
                                "- text \"Interests\"\n"
                                "- combobox [ref={3}] collapsed value=\"Food Hiking\"\n"
                                "  - list\n"
                                "    - listitem \"Food\"\n"
                                "      - button \"Remove item\" [ref={11}]\n"
                                "    - listitem \"Hiking\"\n"
                                "      - button \"Remove item\" [ref={12}]\n"
                                "  - searchbox \"Search\" [ref={4}] [active]",
                                FirstRef(open), 12));
  BOOST_TEST(ResultOf(result, 9) == R"(["rom",["Food","Hiking"]])");
}

BOOST_AUTO_TEST_CASE(ionic_segment_buttons_are_tabs_a_click_selects) {
  // Ionic's segment button draws a native button in its shadow root whose pointer events its
  // style turns off, the host taking the click: no turned-off control (the snapshot said
  // "disabled", and a click by role was refused).
  const json::object result =
      Run(Frames({Goto("lib_ionic_segment.html"),
                  R"({"method":"page.snapshot","params":{"css":"ion-segment"}})",
                  Frame("page.click", R"({"target":{"role":"tab","name":"Week"}})"),
                  Eval("document.getElementById('view').value")}));
  const std::string outline = json::parse(ResultOf(result, 1)).as_string().c_str();
  BOOST_TEST(outline == WithRefs("- tablist\n"
                                 "  - tab \"Day\" [ref={1}] selected\n"
                                 "  - tab \"Week\" [ref={2}]\n"
                                 "  - tab \"Month\" [ref={3}]",
                                 FirstRef(outline), 3));
  BOOST_TEST(ResultOf(result, 3) == R"("week")");
}

BOOST_AUTO_TEST_CASE(ionic_components_are_seen_once_upgraded_and_their_toast_once_it_has_entered) {
  // Ionic: the page shows nothing until its components' modules have upgraded them, after the
  // load event; the select opens a popover of radios; the toast's message is hidden from the
  // accessibility tree until its entrance animation, which runs inside its shadow root, has
  // ended: the click on Book waits for that animation and the DOM change after it.
  const json::object result = Run(Frames(
      {Goto("lib_ionic.html"), R"({"method":"page.snapshot"})",
       Frame("page.fill", R"({"target":{"role":"textbox","name":"Guest name"},"value":"Ada"})"),
       Frame("page.click", R"({"target":{"role":"button","name":"Room, Choose"}})"),
       Frame("page.click", R"({"target":{"role":"radio","name":"Suite"}})"),
       Frame("page.click", R"({"target":{"role":"switch","name":"Breakfast"}})"),
       Frame("page.press", R"({"key":"ArrowRight","target":{"role":"slider"}})"),
       Frame("page.click", R"({"target":{"role":"button","name":"Book"}})"),
       R"({"method":"page.snapshot"})", Eval("JSON.stringify(booking)")}));
  const std::string before = json::parse(ResultOf(result, 1)).as_string().c_str();
  BOOST_TEST(before == WithRefs("- banner \"Booking\"\n"
                                "- main\n"
                                "  - list\n"
                                "    - listitem\n"
                                "      - textbox \"Guest name\" [ref={1}]\n"
                                "    - listitem\n"
                                "      - button \"Room, Choose\" [ref={2}] collapsed\n"
                                "    - listitem\n"
                                "      - switch \"Breakfast\" [ref={3}]\n"
                                "    - listitem\n"
                                "      - text \"Nights\"\n"
                                "      - slider \"Nights\" [ref={4}] value=\"2\" min=1 max=7\n"
                                "  - button \"Book\" [ref={5}]",
                                FirstRef(before), 5));
  const std::string after = json::parse(ResultOf(result, 8)).as_string().c_str();
  BOOST_TEST(after == WithRefs("- banner \"Booking\"\n"
                               "- main\n"
                               "  - list\n"
                               "    - listitem\n"
                               "      - textbox \"Guest name\" [ref={1}] value=\"Ada\"\n"
                               "    - listitem\n"
                               "      - button \"Room, Suite\" [ref={2}] collapsed\n"
                               "    - listitem\n"
                               "      - switch \"Breakfast\" [ref={3}] checked\n"
                               "    - listitem\n"
                               "      - text \"Nights\"\n"
                               "      - slider \"Nights\" [ref={4}] value=\"3\" min=1 max=7\n"
                               "  - button \"Book\" [ref={5}] [active]\n"
                               "- generic [ref={6}] #toast\n"
                               "  - status \"Booked a suite room for Ada\"",
                               FirstRef(before), 6));
  BOOST_TEST(ResultOf(result, 9) ==
             R"("{\"guest\":\"Ada\",\"room\":\"suite\",\"breakfast\":true,\"nights\":3}")");
}

BOOST_AUTO_TEST_CASE(an_upload_area_takes_files_chosen_through_its_click) {
  // Dropzone: the area is what a user clicks to choose files; its click opens the chooser of a
  // hidden input it appended to the body, which gets the file.
  const std::string notes = PageSuite::Get().files_dir() + "/notes.txt";
  std::ofstream(notes) << "meeting notes\n";  // 14 bytes
  const json::object result = Run(Frames(
      {Goto("lib_dropzone.html"), R"({"method":"page.snapshot"})",
       Frame(
           "page.upload",
           absl::StrCat(
               R"({"target":{"role":"button","name":"Drop files here or click to choose them"},"files":[)",
               PageSuite::Quote(notes), "]}")),
       Eval("zone.files.map((file) => [file.name, file.size, file.status])")}));
  const std::string outline = json::parse(ResultOf(result, 1)).as_string().c_str();
  BOOST_TEST(outline == WithRefs("- heading \"Attachments\" level=1\n"
                                 "- button \"Drop files here or click to choose them\" [ref={1}]",
                                 FirstRef(outline), 1));
  BOOST_TEST(ResultOf(result, 2) == R"({"files":1})");
  BOOST_TEST(ResultOf(result, 3) == R"([["notes.txt",14,"queued"]])");
}

BOOST_AUTO_TEST_CASE(
    suggestions_and_results_a_field_answers_after_a_delay_are_there_when_it_returns) {
  // jQuery UI's autocomplete searches 300 ms after the last key and cancels the search when its
  // field loses the focus; the shelf filters itself 250 ms after its search box changed. A fill
  // or keys into such a field keep its focus and wait for the page's answer, so the next frame
  // sees the suggestions and the filtered shelf; the fill names those its list, marked as none,
  // floats beside the field. A suggestion's item, named by nothing but its class, and the
  // focusable box of its text are one line.
  const json::object result = Run(
      Frames({Goto("lib_autocomplete.html"),
              Frame("page.fill", R"({"target":{"role":"textbox","name":"Language"},"value":"ja"})"),
              R"({"method":"page.snapshot"})",
              Frame("page.click", R"({"target":{"role":"listitem","name":"JavaScript"}})"),
              Frame("page.fill",
                    R"({"target":{"role":"searchbox","name":"Filter the shelf"},"value":"java"})"),
              Eval("[$('#language').val(), $('#chosen').text(), "
                   "Array.from(document.querySelectorAll('#shelf li'), (li) => li.textContent)]"),
              Frame("page.fill", R"({"target":{"role":"textbox","name":"Language"},"value":""})"),
              Frame("page.type", R"({"text":"Pe"})"),
              Eval("$('#language').autocomplete('widget').find('li:visible').map((i, li) => "
                   "li.textContent).get()")}));
  BOOST_TEST(ResultOf(result, 1) == R"({"value":"ja","options":["Java","JavaScript"]})");
  const std::string suggested = json::parse(ResultOf(result, 2)).as_string().c_str();
  BOOST_TEST(
      suggested ==
      WithRefs("- heading \"Languages\" level=1\n"
               "- textbox \"Language\" [ref={1}] [active] value=\"ja\"\n"
               "- text \"Chosen:\"\n"
               "- status \"none\"\n"
               "- searchbox \"Filter the shelf\" [ref={2}]\n"
               "- list\n"
               "  - listitem \"Haskell in depth\"\n"
               "  - listitem \"Java by comparison\"\n"
               "  - listitem \"Learning Perl\"\n"
               "- list [ref={3}] #ui-id-1\n"
               "  - listitem \"Java\" [ref={5}]\n"
               "  - listitem \"JavaScript\" [ref={7}]\n"
               "- status \"2 results are available, use up and down arrow keys to navigate.\"",
               FirstRef(suggested), 7));
  BOOST_TEST(ResultOf(result, 5) == R"(["JavaScript","JavaScript",["Java by comparison"]])");
  BOOST_TEST(ResultOf(result, 7) == R"({"value":"Pe"})");
  BOOST_TEST(ResultOf(result, 8) == R"(["Perl"])");
}

BOOST_AUTO_TEST_CASE(a_toast_is_read_apart_from_the_page_and_goes_when_clicked) {
  // toastr appends its container to the body, fixed over the page: the toast's title and
  // message are a line of their own, not joined to the page's last text; a click on the toast
  // fades it out, frame by frame (200 ms), and removes it: gone when the click returns.
  const json::object result =
      Run(Frames({Goto("lib_toast.html"), Frame("page.click", R"({"text":"Save"})"),
                  R"({"method":"page.snapshot"})", Eval("$('#toast-container .toast').length"),
                  Frame("page.click", R"({"text":"Saved 34 words"})"),
                  Eval("$('#toast-container .toast').length")}));
  const std::string outline = json::parse(ResultOf(result, 2)).as_string().c_str();
  BOOST_TEST(outline == WithRefs("- heading \"Draft\" level=1\n"
                                 "- text \"Words: 34\"\n"
                                 "- button \"Save\" [ref={1}] [active]\n"
                                 "- text \"Autosave is off.\"\n"
                                 "- text \"Draft saved Saved 34 words\"",
                                 FirstRef(outline), 1));
  BOOST_TEST(ResultOf(result, 3) == "1");
  BOOST_TEST(ResultOf(result, 5) == "0");
}

BOOST_AUTO_TEST_CASE(material_web_components_fill_select_and_check_through_their_shadow_roots) {
  // Material Web's select draws its options from its children, slotted into a menu inside its
  // shadow root whose host has no height while it opens, each option's label slotted into the
  // list item inside the option's own shadow root: the options are listed under the listbox,
  // one line each, and a click on one reaches it (its slotted label is no cover). The
  // checkbox's input, in its shadow root, is named by the label around its host.
  const json::object result = Run(
      Frames({Goto("lib_material.html"),
              Frame("page.fill", R"({"role":"textbox","name":"Display name","value":"Ada"})"),
              Frame("page.click", R"({"role":"combobox","name":"Plan"})"),
              Frame("page.snapshot", R"({"role":"listbox","name":"Plan"})"),
              Frame("page.click", R"({"role":"option","name":"Pro"})"),
              Frame("page.snapshot", R"({"role":"combobox","name":"Plan"})"),
              Frame("page.fill", R"({"role":"checkbox","name":"Newsletter","value":true})"),
              Frame("page.click", R"({"role":"button","name":"Save"})"),
              Eval("[document.getElementById('name').value, document.getElementById('plan').value, "
                   "document.getElementById('news').checked, "
                   "document.getElementById('saved').textContent]")}));
  // Which option has the focus as the menu opens is the library's to decide.
  const std::string options = absl::StrReplaceAll(
      json::parse(ResultOf(result, 3)).as_string().c_str(), {{" [active]", ""}});
  // Each option element takes the focus too: its ref is the one before its item's.
  BOOST_TEST(options == WithRefs("- listbox \"Plan\" [ref={1}]\n"
                                 "  - option \"Free\" [ref={3}]\n"
                                 "  - option \"Pro\" [ref={5}]\n"
                                 "  - option \"Team\" [ref={7}]",
                                 FirstRef(options), 7));
  // The select's label floats inside its box: the value is what follows it.
  const std::string chosen = absl::StrReplaceAll(
      json::parse(ResultOf(result, 5)).as_string().c_str(), {{" [active]", ""}});
  BOOST_TEST(chosen == WithRefs("- combobox \"Plan\" [ref={1}] collapsed value=\"Pro\"",
                                FirstRef(chosen), 1));
  BOOST_TEST(ResultOf(result, 6) == R"({"value":true})");
  BOOST_TEST(ResultOf(result, 8) == R"(["Ada","pro",true,"Saved Ada / pro / news"])");
}

BOOST_AUTO_TEST_CASE(ant_design_lists_are_chosen_from_what_they_draw) {
  // Ant Design draws a select's options as plain elements marked aria-selected, beside a
  // listbox of no size it keeps for screen readers: the drawn ones are the options a target
  // finds. Its switch is a button named by a <label for>; its date picker's header buttons are
  // named "Choose a month" over the month they show; its table's filter menu marks the teams
  // chosen with checkboxes; its dropdown opens 150 ms after the mouse came.
  const json::object result = Run(
      Frames({Goto("lib_antd.html"),
              R"({"method":"page.snapshot"})",
              Frame("page.fill", R"({"target":{"role":"combobox","name":"Role"},"value":"Mana"})"),
              Frame("page.click", R"({"target":{"role":"option","name":"Manager"}})"),
              Frame("page.click", R"({"target":{"role":"combobox","name":"Skills"}})"),
              Frame("page.click", R"({"target":{"role":"option","name":"Rust"}})"),
              Frame("page.click", R"({"target":{"role":"option","name":"Go"}})"),
              Frame("page.press", R"({"key":"Escape"})"),
              Frame("page.click", R"({"target":{"role":"textbox","name":"Born"}})"),
              R"({"method":"page.snapshot","params":{"root":{"css":".ant-picker-header"}}})",
              Frame("page.click", R"({"target":{"role":"cell","name":"14"}})"),
              Frame("page.click", R"({"target":{"role":"switch","name":"Newsletter"}})"),
              Frame("page.click", R"({"target":{"role":"button","name":"Save profile"}})"),
              Eval("JSON.stringify(console_state.saved)"),
              Frame("page.click", R"({"target":{"role":"button","name":"filter"}})"),
              Frame("page.click", R"({"target":{"role":"menuitem","name":"Blue"}})"),
              R"({"method":"page.snapshot","params":{"root":{"role":"menu"}}})",
              Frame("page.click", R"({"target":{"role":"button","name":"OK"}})"),
              Eval("JSON.stringify(console_state.filters)"),
              Frame("page.hover", R"({"target":{"role":"button","name":"Actions"}})"),
              Frame("page.click", R"({"target":{"role":"menuitem","name":"Export"}})"),
              Eval("console_state.action"),
              Frame("page.fill", R"({"target":{"role":"combobox","name":"Skills"},"value":"C"})"),
              Frame("page.press", R"({"key":"Escape"})"),
              Frame("page.click", R"({"target":{"role":"button","name":"Save profile"}})"),
              Eval("JSON.stringify(console_state.saved.skills)")}));
  const std::string before = json::parse(ResultOf(result, 1)).as_string().c_str();
  BOOST_TEST(before == WithRefs("- heading \"Team console\" level=1\n"
                                "- text \"Role\"\n"
                                "- combobox \"Role\" [ref={1}] collapsed\n"
                                "- text \"Select a role\"\n"
                                "- text \"Skills\"\n"
                                "- combobox \"Skills\" [ref={2}] collapsed\n"
                                "- text \"Add skills\"\n"
                                "- text \"Born\"\n"
                                "- textbox \"Born\" [ref={3}]\n"
                                "- img \"calendar\"\n"
                                "- text \"Newsletter\"\n"
                                "- switch \"Newsletter\" [ref={4}]\n"
                                "- button \"Save profile\" [ref={5}]\n"
                                "- table\n"
                                "  - row \"Name | Team filter\"\n"
                                "    - button \"filter\" [ref={6}]\n"
                                "  - row \"Ada | Red\"\n"
                                "  - row \"Bob | Blue\"\n"
                                "  - row \"Cleo | Green\"\n"
                                "  - row \"Dan | Red\"\n"
                                "  - row \"Eve | Blue\"\n"
                                "  - row \"Finn | Green\"\n"
                                "- button \"Actions\" [ref={7}]",
                                FirstRef(before), 7));
  const std::string header = json::parse(ResultOf(result, 9)).as_string().c_str();
  BOOST_TEST(header == WithRefs("- button \"Last year (Control + left)\" [ref={1}]\n"
                                "- button \"Previous month (PageUp)\" [ref={2}]\n"
                                "- button \"Choose a month\" [ref={3}]\n"
                                "  - text \"Mar\"\n"
                                "- button \"Choose a year\" [ref={4}]\n"
                                "  - text \"2026\"\n"
                                "- button \"Next month (PageDown)\" [ref={5}]\n"
                                "- button \"Next year (Control + right)\" [ref={6}]",
                                FirstRef(header), 6));
  BOOST_TEST(ResultOf(result, 13) ==
             R"("{\"role\":\"manager\",\"skills\":[\"Rust\",\"Go\"],\"born\":\"2026-03-14\",)"
             R"(\"news\":true}")");
  const std::string menu = json::parse(ResultOf(result, 16)).as_string().c_str();
  BOOST_TEST(menu == WithRefs("- menu [ref={1}] .ant-dropdown-menu\n"
                              "  - menuitem \"Red\" [ref={2}]\n"
                              "  - menuitem \"Blue\" [ref={3}] [active] checked\n"
                              "  - menuitem \"Green\" [ref={4}]",
                              FirstRef(menu), 4));
  BOOST_TEST(ResultOf(result, 18) == R"("{\"team\":[\"Blue\"]}")");
  BOOST_TEST(ResultOf(result, 21) == R"("export")");
  // A fill picks from the list it draws: "C" names no option whole, and only "C++" holds it.
  BOOST_TEST(Record(result, 22) ==
             R"({"index":22,"method":"page.fill","result":{"value":"Rust Go C++","label":"C++",)"
             R"("expanded":true}})");
  BOOST_TEST(ResultOf(result, 25) == R"("[\"Rust\",\"Go\",\"C++\"]")");
}

BOOST_AUTO_TEST_CASE(ant_design_selects_offer_the_options_they_draw_and_say_what_enter_chose) {
  // Ant Design's select names as its list, and its keys' option in, a listbox of no size kept
  // for screen readers: a fill reads the options it draws beside it, the snapshot marks the
  // drawn option the keys are on [active], and an Enter says which it chose.
  const json::object result = Run(
      Frames({Goto("lib_antd.html"),
              Frame("page.fill", R"({"target":{"role":"combobox","name":"Role"},"value":"er"})"),
              R"({"method":"page.snapshot","params":{"root":{"role":"option","name":"Engineer"}}})",
              Frame("page.fill",
                    R"({"target":{"role":"combobox","name":"Role"},"value":"Man","submit":true})"),
              Eval("document.querySelector('.ant-select-selection-item').title")}));
  BOOST_TEST(ResultOf(result, 1) ==
             R"({"value":"er","options":["Engineer","Designer","Manager"]})");
  const std::string engineer = json::parse(ResultOf(result, 2)).as_string().c_str();
  BOOST_TEST(engineer ==
             WithRefs("- option \"Engineer\" [ref={1}] [active]", FirstRef(engineer), 1));
  BOOST_TEST(ResultOf(result, 3) == R"({"value":"","enter_on":"Manager"})");
  BOOST_TEST(ResultOf(result, 4) == R"("Manager")");
}

BOOST_AUTO_TEST_CASE(a_virtual_list_that_moves_further_than_the_wheel_skips_no_option) {
  // rc-virtual-list (Ant Design's select) moves ten times the wheel's pixels in Firefox: the
  // first step of page.scroll until went past the 40th of 100 options, and the next reached
  // the end without it. Such a box is turned back to where the step meant to go, and its
  // next steps turn the wheel a tenth as far; the option found is centred in the list
  // (option 40 of 32 px in a list of 256 px: 1248 - 112).
  const json::object result =
      Run(Frames({Goto("lib_antd_lists.html"),
                  Frame("page.click", R"({"target":{"role":"combobox","name":"Seat"}})"),
                  Frame("page.scroll", R"({"target":{"role":"option","name":"Seat 001"},)"
                                       R"("until":{"role":"option","name":"Seat 040"}})"),
                  Frame("page.click", R"({"target":{"role":"option","name":"Seat 040"}})"),
                  Eval("booking.seat")}));
  BOOST_TEST(ResultOf(result, 2) == R"({"x":0,"y":1136,"moved":true})");
  BOOST_TEST(ResultOf(result, 4) == R"("Seat 040")");
}

BOOST_AUTO_TEST_CASE(a_control_marked_aria_hidden_but_drawn_for_the_pointer_is_listed_and_clicked) {
  // Ant Design draws each tag's "x" in a span marked aria-hidden, with the pointer cursor and
  // the click handler: it was left out of the snapshot, and a target on it said "hidden now",
  // sending a model to hover what a user sees and clicks.
  const json::object result = Run(Frames(
      {Goto("lib_antd_lists.html"),
       R"({"method":"page.snapshot","params":{"root":{"css":".ant-select-multiple"}}})",
       Frame("page.click", R"({"target":{"role":"img","name":"close"}})"), Eval("booking.labels"),
       Frame("page.click", R"({"target":{"role":"img","name":"close"}})"),
       Eval("booking.labels")}));
  const std::string tags = json::parse(ResultOf(result, 1)).as_string().c_str();
  BOOST_TEST(tags == WithRefs("- text \"red\"\n"
                              "- generic [ref={1}] .ant-select-selection-item-remove\n"
                              "  - img \"close\"\n"
                              "- text \"blue\"\n"
                              "- generic [ref={2}] .ant-select-selection-item-remove\n"
                              "  - img \"close\"\n"
                              "- combobox \"Labels\" [ref={3}] collapsed",
                              FirstRef(tags), 3));
  BOOST_TEST(ResultOf(result, 2) == R"({"url":")" + Url("lib_antd_lists.html") +
                                        R"(","title":"Booking","navigated":false,"matches":2})");
  BOOST_TEST(ResultOf(result, 3) == R"(["blue"])");
  BOOST_TEST(ResultOf(result, 5) == R"([])");
}

BOOST_AUTO_TEST_CASE(ant_design_lists_the_wheel_scrolls_scroll_for_a_click_and_page_scroll) {
  // Ant Design's select draws its options in a box that hides its overflow and moves on the
  // wheel (rc-virtual-list), its time picker's columns take a scroll bar only on hover: an
  // option or a minute below their fold is scrolled to as a wheel scrolls them (it was "out
  // of sight", as a carousel's slide), and page.scroll until scrolls that list. A click on the
  // select once it shows its choice opens it again (the choice drawn over its field is part of
  // the box that opens it).
  const json::object result = Run(Frames(
      {Goto("lib_antd_lists.html"),
       Frame("page.click", R"({"target":{"role":"combobox","name":"City"}})"),
       R"({"method":"page.snapshot","params":{"css":".ant-select-dropdown"}})",
       Frame("page.click", R"({"target":{"role":"option","name":"Jakarta"}})"),
       Eval("booking.city"), Frame("page.click", R"({"target":{"role":"combobox","name":"City"}})"),
       Frame("page.scroll", R"({"target":{"role":"option","name":"Jakarta"},)"
                            R"("until":{"role":"option","name":"Tallinn"}})"),
       Frame("page.click", R"({"target":{"role":"option","name":"Tallinn"}})"),
       Eval("booking.city"), Frame("page.click", R"({"target":{"role":"textbox","name":"Time"}})"),
       Frame(
           "page.click",
           R"J({"target":{"css":".ant-picker-time-panel-column:nth-child(2) li:nth-child(46)"}})J"),
       Frame("page.click", R"({"target":{"role":"button","name":"OK"}})"), Eval("booking.time")}));
  const std::string options = json::parse(ResultOf(result, 2)).as_string().c_str();
  BOOST_TEST(options == WithRefs("- option \"Amsterdam\" [ref={1}] [active]\n"
                                 "- option \"Berlin\" [ref={2}]\n"
                                 "- option \"Cairo\" [ref={3}]\n"
                                 "- option \"Dublin\" [ref={4}]\n"
                                 "- option \"Edinburgh\" [ref={5}]\n"
                                 "- option \"Florence\" [ref={6}]\n"
                                 "- option \"Geneva\" [ref={7}]\n"
                                 "- option \"Helsinki\" [ref={8}]\n"
                                 "- option \"Istanbul\" [ref={9}]\n"
                                 "- option \"Jakarta\" [ref={10}]\n"
                                 "- generic [ref={11}] .rc-virtual-list-scrollbar-thumb",
                                 FirstRef(options), 11));
  BOOST_TEST(ResultOf(result, 4) == R"("jakarta")");
  BOOST_TEST(ResultOf(result, 6) == R"({"x":0,"y":384,"moved":true})");
  BOOST_TEST(ResultOf(result, 8) == R"("tallinn")");
  BOOST_TEST(ResultOf(result, 12) == R"("00:45:00")");
}

BOOST_AUTO_TEST_CASE(element_plus_checkboxes_kept_at_no_size_are_seen_and_checked_where_drawn) {
  // Element Plus keeps its checkboxes' and switch's inputs at 0x0 inside the label or box that
  // draws them: they are listed, and clicked on what draws them. The switch's input stays
  // unchecked (its click is prevented) while aria-checked says what is drawn. The multiple
  // select's placeholder lies over its field, inside the wrapper that opens the list.
  const json::object result = Run(Frames(
      {Goto("lib_element_plus.html"), R"({"method":"page.snapshot"})",
       Frame("page.click", R"({"target":{"role":"combobox","name":"Tags"}})"),
       Frame("page.click", R"({"target":{"role":"option","name":"Travel"}})"),
       Frame("page.press", R"({"key":"Escape"})"),
       Frame("page.fill", R"({"target":{"role":"switch","name":"Instant delivery"},"value":true})"),
       Frame("page.click", R"({"target":{"role":"checkbox","name":"Promotion activities"}})"),
       Frame("page.fill", R"({"target":{"role":"radio","name":"Venue"},"value":true})"),
       Eval("JSON.stringify(activity)"), R"({"method":"page.snapshot"})"}));
  const std::string before = json::parse(ResultOf(result, 1)).as_string().c_str();
  BOOST_TEST(before == WithRefs("- heading \"Create activity\" level=1\n"
                                "- generic [ref={1}] .el-select__wrapper\n"
                                "  - combobox \"Tags\" [ref={2}] collapsed\n"
                                "  - text \"Pick tags\"\n"
                                "- switch \"Instant delivery\" [ref={3}]\n"
                                "- generic [ref={4}] .el-switch__core\n"
                                "- text \"Activity type\"\n"
                                "- group \"Activity type\"\n"
                                "  - checkbox \"Online activities\" [ref={5}]\n"
                                "  - checkbox \"Promotion activities\" [ref={6}]\n"
                                "- text \"Resources\"\n"
                                "- radiogroup \"Resources\"\n"
                                "  - radio \"Sponsor\" [ref={7}] checked\n"
                                "  - radio \"Venue\" [ref={8}]",
                                FirstRef(before), 8));
  BOOST_TEST(ResultOf(result, 5) == R"({"value":true})");
  BOOST_TEST(ResultOf(result, 8) ==
             R"("{\"tags\":[\"Travel\"],\"delivery\":true,\"type\":[\"Promotion\"],)"
             R"(\"resource\":\"Venue\"}")");
  const std::string after = json::parse(ResultOf(result, 9)).as_string().c_str();
  BOOST_TEST(after == WithRefs("- heading \"Create activity\" level=1\n"
                               "- generic [ref={1}] .el-select__wrapper\n"
                               "  - text \"Travel\"\n"
                               "  - button \"Close this tag\" [ref={9}]\n"
                               "  - combobox \"Tags\" [ref={2}] collapsed\n"
                               "- switch \"Instant delivery\" [ref={3}] checked\n"
                               "- generic [ref={4}] .el-switch__core\n"
                               "- text \"Activity type\"\n"
                               "- group \"Activity type\"\n"
                               "  - checkbox \"Online activities\" [ref={5}]\n"
                               "  - checkbox \"Promotion activities\" [ref={6}] checked\n"
                               "- text \"Resources\"\n"
                               "- radiogroup \"Resources\"\n"
                               "  - radio \"Sponsor\" [ref={7}]\n"
                               "  - radio \"Venue\" [ref={8}] [active] checked",
                               FirstRef(before), 9));
}

BOOST_AUTO_TEST_CASE(vuetify_comboboxes_drawn_around_a_field_are_one_target_filled_and_chosen) {
  // Vuetify draws its select and autocomplete as a combobox around a combobox field of the same
  // name: one line, one match. Its autocomplete resets its search text as the field takes the
  // focus, so a fill types a moment later, as a user would. The empty live regions it keeps
  // for each field's messages are not listed until they say something.
  const json::object result = Run(Frames(
      {Goto("lib_vuetify.html"), R"({"method":"page.snapshot"})",
       Frame("page.click", R"({"target":{"role":"button","name":"Book now"}})"),
       R"({"method":"page.snapshot"})",
       Frame("page.fill", R"({"target":{"role":"textbox","name":"Full name"},"value":"Ada"})"),
       Frame("page.click", R"({"target":{"role":"combobox","name":"Room"}})"),
       Frame("page.click", R"({"target":{"role":"option","name":"Suite"}})"),
       Frame("page.fill", R"({"target":{"role":"combobox","name":"Country"},"value":"Ger"})"),
       R"({"method":"page.snapshot","params":{"root":{"role":"listbox"}}})",
       Frame("page.click", R"({"target":{"role":"option","name":"Germany"}})"),
       Eval("JSON.stringify(booking)"), R"({"method":"page.snapshot"})"}));
  const std::string before = json::parse(ResultOf(result, 1)).as_string().c_str();
  BOOST_TEST(before == WithRefs("- main\n"
                                "  - heading \"Book a room\" level=1\n"
                                "  - textbox \"Full name\" [ref={1}]\n"
                                "  - combobox \"Room\" [ref={2}] collapsed\n"
                                "  - combobox \"Country\" [ref={3}] collapsed\n"
                                "  - button \"Book now\" [ref={4}]",
                                FirstRef(before), 4));
  const std::string refused = json::parse(ResultOf(result, 3)).as_string().c_str();
  BOOST_TEST(refused == WithRefs("- main\n"
                                 "  - heading \"Book a room\" level=1\n"
                                 "  - textbox \"Full name\" [ref={1}]\n"
                                 "  - alert \"Required\"\n"
                                 "  - combobox \"Room\" [ref={2}] collapsed\n"
                                 "  - combobox \"Country\" [ref={3}] collapsed\n"
                                 "  - button \"Book now\" [ref={4}] [active]",
                                 FirstRef(before), 4));
  BOOST_TEST(ResultOf(result, 5) == R"({"url":")" + Url("lib_vuetify.html") +
                                        R"(","title":"Book a room","navigated":false})");
  BOOST_TEST(ResultOf(result, 7) == R"({"value":"Ger","options":["Germany"]})");
  const std::string listed = json::parse(ResultOf(result, 8)).as_string().c_str();
  BOOST_TEST(listed == WithRefs("- listbox \"Country\" [ref={1}]\n"
                                "  - option \"Germany\" [ref={2}]",
                                FirstRef(listed), 2));
  BOOST_TEST(ResultOf(result, 10) ==
             R"("{\"name\":\"Ada\",\"room\":\"Suite\",\"country\":\"Germany\"}")");
  const std::string after = json::parse(ResultOf(result, 11)).as_string().c_str();
  BOOST_TEST(after == WithRefs("- main\n"
                               "  - heading \"Book a room\" level=1\n"
                               "  - textbox \"Full name\" [ref={1}] value=\"Ada\"\n"
                               "  - combobox \"Room\" [ref={2}] collapsed value=\"Suite\"\n"
                               "  - combobox \"Country\" [ref={3}] collapsed value=\"Germany\"\n"
                               "  - button \"Book now\" [ref={4}]",
                               FirstRef(before), 4));
}

BOOST_AUTO_TEST_CASE(a_label_drawing_a_box_hidden_outright_is_that_checkbox_or_radio_button) {
  // Framework7's lists hide their checkboxes and radio buttons with display: none and draw
  // each as an icon of the label around it: the snapshot read `listitem "Offers"`, with no
  // state and no ref, and a target by role found nothing shown.
  const json::object result = Run(
      Frames({Goto("lib_framework7.html"), R"({"method":"page.snapshot"})",
              Frame("page.fill", R"({"target":{"role":"checkbox","name":"News"},"value":true})"),
              Frame("page.click", R"({"target":{"role":"checkbox","name":"Offers"}})"),
              Frame("page.fill", R"({"target":{"role":"radio","name":"Daily"},"value":true})"),
              Eval("chosen()")}));
  const std::string outline = json::parse(ResultOf(result, 1)).as_string().c_str();
  BOOST_TEST(outline ==
             WithRefs("- text \"Profile\"\n"
                      "- list\n"
                      "  - listitem\n"
                      "    - textbox \"Birth date\" [ref={1}] readonly value=\"2024-05-15\"\n"
                      "- list\n"
                      "  - listitem\n"
                      "    - textbox \"Favourite fruit\" [ref={2}]\n"
                      "- text \"Topics\"\n"
                      "- list\n"
                      "  - listitem\n"
                      "    - checkbox \"News\" [ref={3}]\n"
                      "  - listitem\n"
                      "    - checkbox \"Offers\" [ref={4}] checked\n"
                      "- text \"Letters\"\n"
                      "- list\n"
                      "  - listitem\n"
                      "    - radio \"Daily\" [ref={5}]\n"
                      "  - listitem\n"
                      "    - radio \"Weekly\" [ref={6}] checked",
                      FirstRef(outline), 6));
  BOOST_TEST(ResultOf(result, 2) == R"({"value":true})");
  BOOST_TEST(ResultOf(result, 4) == R"({"value":true})");
  BOOST_TEST(ResultOf(result, 5) == R"({"topics":["news"],"often":"daily"})");
}

BOOST_AUTO_TEST_CASE(onsen_buttons_drawn_as_custom_elements_have_refs_and_take_clicks) {
  // Onsen UI's floating action button (ons-fab) and its navigator's back button
  // (ons-back-button) are custom elements with no role and no pointer cursor, whose own
  // listeners take the click: the snapshot had no line for the button that opens the speed
  // dial, and read the back button as text. Its switch lays the touch layer of its handle over
  // its checkbox: a click on the checkbox was refused as covered.
  const json::object result = Run(Frames(
      {Goto("lib_onsen.html"), R"({"method":"page.snapshot"})",
       Frame("page.click", R"({"target":{"css":"ons-fab"}})"),
       Frame("page.click", R"({"target":{"role":"generic","name":"Ml"}})"), Eval("shared"),
       Frame("page.click", R"({"target":{"role":"checkbox","name":"Notify me"}})"),
       Eval("document.getElementById('notify').checked"),
       Frame("page.fill", R"({"target":{"role":"checkbox","name":"Notify me"},"value":false})"),
       Eval("document.getElementById('notify').checked"),
       Frame("page.click", R"({"target":{"role":"generic","name":"Invoice March"}})"),
       R"({"method":"page.snapshot"})",
       Frame("page.click", R"({"target":{"role":"generic","name":"Inbox"}})"), Eval("pages()")}));
  const std::string inbox = json::parse(ResultOf(result, 1)).as_string().c_str();
  BOOST_TEST(inbox == WithRefs("- text \"Inbox\"\n"
                               "- checkbox \"Notify me\" [ref={1}]\n"
                               "- generic \"Invoice March\" [ref={2}]\n"
                               "- generic \"Team lunch\" [ref={3}]\n"
                               "- generic [ref={4}] .fab",
                               FirstRef(inbox), 4));
  BOOST_TEST(ResultOf(result, 4) == R"(["mail"])");
  BOOST_TEST(ResultOf(result, 6) == "true");
  BOOST_TEST(ResultOf(result, 7) == R"({"value":false})");
  BOOST_TEST(ResultOf(result, 8) == "false");
  const std::string message = json::parse(ResultOf(result, 10)).as_string().c_str();
  BOOST_TEST(message == WithRefs("- generic \"Inbox\" [ref={1}]\n"
                                 "- text \"Message Invoice March\"",
                                 FirstRef(message), 1));
  BOOST_TEST(ResultOf(result, 12) == R"(["inbox"])");
}

// A select each library draws (no field to type into: a button, a custom element, a read-only
// field, or one that asks for no keyboard) is filled by the name or value of its option: the
// fill clicks it open and clicks the option, as a user does, and the library's own state holds
// the choice. Material UI's (a div, its list in a portal), Shoelace's (by the option's value
// "m"), Material Web's (md-outlined-select, in shadow roots), Vuetify's (a field with
// inputmode none, whose keys jump to the option they begin: "Suite" typed chose "Single"),
// Select2's (its search box comes with its list), Fomantic UI's (a div holding its menu, which
// says nothing of being a list: "target the field itself"), and Ionic's (a button that opens a
// popover of radio buttons).
BOOST_AUTO_TEST_CASE(selects_the_libraries_draw_are_filled_by_the_option_named) {
  const auto fill = [](const std::string& target, const std::string& value) {
    return Frame("page.fill",
                 absl::StrCat(R"({"target":)", target, R"(,"value":")", value, R"("})"));
  };
  const json::object result =
      Run(Frames({Goto("lib_mui.html"),
                  fill(R"({"role":"combobox","name":"Size"})", "Medium"),
                  Eval("window.order.size"),
                  Goto("lib_web_components.html"),
                  Frame("page.waitFor", R"({"css":"sl-select:defined"})"),
                  fill(R"({"role":"combobox","name":"Shirt size"})", "m"),
                  Eval("document.querySelector('sl-select').value"),
                  Goto("lib_material.html"),
                  fill(R"({"role":"combobox","name":"Plan"})", "Team"),
                  Eval("document.getElementById('plan').value"),
                  Goto("lib_vuetify.html"),
                  fill(R"({"role":"combobox","name":"Room"})", "Suite"),
                  Eval("window.booking.room"),
                  Goto("lib_select2.html"),
                  fill(R"({"role":"combobox","name":"Pick a city"})", "Tokyo"),
                  Eval("document.getElementById('city').value"),
                  Goto("lib_fomantic.html"),
                  fill(R"J({"css":".ui.selection.dropdown:has(select[name=gender])"})J", "Female"),
                  Eval("document.querySelector('select[name=gender]').value"),
                  Goto("lib_ionic.html"),
                  fill(R"({"role":"button","name":"Room, Choose"})", "Suite"),
                  Eval("document.getElementById('room').value")}));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","result":{"value":"Medium","label":"Medium"}})");
  BOOST_TEST(ResultOf(result, 2) == R"("m")");
  BOOST_TEST(Record(result, 5) ==
             R"({"index":5,"method":"page.fill","result":{"value":"Medium","label":"Medium"}})");
  BOOST_TEST(ResultOf(result, 6) == R"("m")");
  BOOST_TEST(Record(result, 8) ==
             R"({"index":8,"method":"page.fill","result":{"value":"Team","label":"Team"}})");
  BOOST_TEST(ResultOf(result, 9) == R"("team")");
  BOOST_TEST(Record(result, 11) ==
             R"({"index":11,"method":"page.fill","result":{"value":"Suite","label":"Suite"}})");
  BOOST_TEST(ResultOf(result, 12) == R"("Suite")");
  BOOST_TEST(Record(result, 14) ==
             R"({"index":14,"method":"page.fill","result":{"value":"Tokyo","label":"Tokyo"}})");
  BOOST_TEST(ResultOf(result, 15) == R"("tok")");
  BOOST_TEST(Record(result, 17) ==
             R"({"index":17,"method":"page.fill","result":{"value":"Female","label":"Female"}})");
  BOOST_TEST(ResultOf(result, 18) == R"("female")");
  BOOST_TEST(Record(result, 20) == R"({"index":20,"method":"page.fill","result":)"
                                   R"({"value":"Room, Suite","label":"Suite"}})");
  BOOST_TEST(ResultOf(result, 21) == R"("suite")");
}

// Fluent UI's select is a custom element with the combobox role that draws its listbox in its
// own shadow root, named there by its aria-controls: the fill finds the option there, by name
// or value, and a disabled one is refused with nothing chosen (it refused the select outright:
// "click it, then the option").
BOOST_AUTO_TEST_CASE(a_select_that_draws_its_list_in_its_own_shadow_root_is_filled) {
  const json::object result = Run(Frames(
      {Goto("lib_fluent.html"), Frame("page.waitFor", R"({"css":"fluent-select:defined"})"),
       Frame("page.fill", R"({"target":{"role":"combobox","name":"Size"},"value":"Large"})"),
       Eval("document.getElementById('size').value"),
       Frame("page.fill", R"({"target":{"role":"combobox","name":"Size"},"value":"xl"})"),
       Frame("page.fill", R"({"target":{"role":"combobox","name":"Theme"},"value":"System"})"),
       Frame("page.press", R"({"key":"Escape"})"),
       Eval("[document.getElementById('size').value, document.getElementById('theme').value]")},
      R"(,"on_error":"continue")"));
  BOOST_TEST(Record(result, 2) ==
             R"({"index":2,"method":"page.fill","result":{"value":"Large","label":"Large"}})");
  BOOST_TEST(ResultOf(result, 3) == R"("l")");
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.fill","result":)"
                                  R"({"value":"Extra large","label":"Extra large"}})");
  BOOST_TEST(Record(result, 5) ==
             R"({"index":5,"method":"page.fill","error":{"error":"element disabled","message":)"
             R"("page.fill: the option \"System\" of fluent-select#theme \"Light Dark System\" )"
             R"(is disabled: the page does not offer it now, and nothing was chosen (its list )"
             R"J(stands open: page.press Escape closes it)"}})J");
  BOOST_TEST(ResultOf(result, 7) == R"(["xl","light"])");
}

// Ant Design's select of a hundred seats draws the ten in its view (rc-virtual-list): the fill
// scrolls its list to the one named. Element Plus's select of several tags keeps its list open
// after each: a second fill picks from it as it stands, and a fill of a tag it holds leaves it
// (a click would take it out).
BOOST_AUTO_TEST_CASE(a_long_list_is_scrolled_to_its_option_and_a_multiple_choice_keeps_its_own) {
  const json::object result = Run(Frames(
      {Goto("lib_antd_lists.html"),
       Frame("page.fill", R"({"target":{"role":"combobox","name":"Seat"},"value":"Seat 050"})"),
       Eval("window.booking.seat"), Goto("lib_element_plus.html"),
       Frame("page.fill", R"({"target":{"role":"combobox","name":"Tags"},"value":"Travel"})"),
       Frame("page.fill", R"({"target":{"role":"combobox","name":"Tags"},"value":"Food"})"),
       Frame("page.fill", R"({"target":{"role":"combobox","name":"Tags"},"value":"food"})"),
       Eval("JSON.stringify(window.activity.tags)")}));
  BOOST_TEST(Record(result, 1) == R"({"index":1,"method":"page.fill","result":)"
                                  R"({"value":"Seat 050","label":"Seat 050"}})");
  BOOST_TEST(ResultOf(result, 2) == R"("Seat 050")");
  BOOST_TEST(Record(result, 4) == R"({"index":4,"method":"page.fill","result":)"
                                  R"({"value":"Travel","label":"Travel","expanded":true}})");
  BOOST_TEST(Record(result, 5) == R"({"index":5,"method":"page.fill","result":)"
                                  R"({"value":"Travel Food","label":"Food","expanded":true}})");
  BOOST_TEST(Record(result, 6) == R"({"index":6,"method":"page.fill","result":)"
                                  R"({"value":"Travel Food","label":"Food","expanded":true}})");
  BOOST_TEST(ResultOf(result, 7) == R"("[\"Travel\",\"Food\"]")");
}

BOOST_AUTO_TEST_CASE(a_read_only_select_is_filled_from_the_list_its_click_opened) {
  // Arco's select is a read-only field that opens its list on a click (no role, no
  // aria-expanded): the fill's click opened it, and the option named is clicked there; the
  // field stays empty, its choice drawn beside it (it said to click the choice).
  const json::object result =
      Run(Frames({Goto("lib_arco.html"),
                  Frame("page.fill", R"({"target":{"role":"textbox","name":"Pick role"},)"
                                     R"("value":"Editor"})"),
                  Eval("vm.role")}));
  BOOST_TEST(Record(result, 1) ==
             R"({"index":1,"method":"page.fill","result":{"value":"Editor","label":"Editor"}})");
  BOOST_TEST(ResultOf(result, 2) == R"("Editor")");
}

// Fomantic UI's calendar floats its popup beside the input inside the input's own box, three
// levels below the body's child that holds them: the fill, which takes the date as the field is
// left, says the calendar still stands open (it said nothing of it, and the next click elsewhere
// was covered by it).
BOOST_AUTO_TEST_CASE(a_calendar_floated_inside_the_fields_own_box_is_said_to_stand_open) {
  const json::object result = Run(Frames(
      {Goto("lib_fomantic_search.html"),
       Frame("page.fill", R"({"target":{"role":"textbox","name":"Date"},"value":"March 3, 2027"})"),
       Eval("(d => [d.getFullYear(), d.getMonth() + 1, d.getDate()])($('#when').calendar('get "
            "date'))"),
       Eval("$('#when .popup').is(':visible')")}));
  BOOST_TEST(ResultOf(result, 1) == R"({"value":"March 3, 2027","expanded":true})");
  BOOST_TEST(ResultOf(result, 2) == "[2027,3,3]");
  BOOST_TEST(ResultOf(result, 3) == "true");
}

// Fomantic UI's search draws its results in a box of class "results" beside its field (no
// role, no listbox) 200 ms after the typing: the fill keeps the field, waits for them and names
// them (it left the field at once, which closed them before they came: {"value":"Bl"}, and
// nothing to click).
BOOST_AUTO_TEST_CASE(a_search_box_beside_its_results_box_keeps_the_focus_for_its_results) {
  const json::object result = Run(Frames(
      {Goto("lib_fomantic_search.html"),
       Frame("page.fill", R"({"target":{"role":"textbox","name":"Search fruits"},"value":"Bl"})"),
       Frame("page.click", R"({"target":{"text":"Blueberry"}})"), Eval("window.fruitPicked")}));
  BOOST_TEST(ResultOf(result, 1) == R"({"value":"Bl","options":["Blackberry","Blueberry"]})");
  BOOST_TEST(ResultOf(result, 3) == R"("Blueberry")");
}

// Ionic's select opens, unless told otherwise, an alert of radio buttons that takes the choice
// from its OK: the radio's click alone changed nothing (not fillable, the alert left over the
// page). Its action sheet of buttons chooses by the click; its alert of checkboxes takes
// several, each by its OK.
BOOST_AUTO_TEST_CASE(a_select_whose_dialog_takes_the_choice_from_its_ok_gets_that_click) {
  const auto fill = [](std::string_view name, std::string_view value) {
    return Frame("page.fill",
                 absl::StrCat(R"({"target":{"role":"button","name":")", std::string(name),
                              R"("},"value":")", std::string(value), R"("})"));
  };
  const json::object result = Run(Frames(
      {Goto("lib_ionic_select.html"), fill("Meal, Choose", "Fish"), fill("Seat, Choose", "Aisle"),
       fill("Extras, Choose", "Wifi"), fill("Extras, Wifi", "Bag"),
       Eval("[meal.value, seat.value, extras.value, [...document.querySelectorAll("
            "'ion-alert, ion-action-sheet')].filter((e) => e.checkVisibility()).length]")}));
  BOOST_TEST(ResultOf(result, 1) == R"({"value":"Meal, Fish","label":"Fish","confirmed":"OK"})");
  BOOST_TEST(ResultOf(result, 2) == R"({"value":"Seat, Aisle","label":"Aisle"})");
  BOOST_TEST(ResultOf(result, 3) == R"({"value":"Extras, Wifi","label":"Wifi","confirmed":"OK"})");
  BOOST_TEST(ResultOf(result, 4) ==
             R"({"value":"Extras, Bag, Wifi","label":"Bag","confirmed":"OK"})");
  BOOST_TEST(ResultOf(result, 5) == R"(["fish","a",["bag","wifi"],0])");
}

// flatpickr says which days are chosen by their class only (selected; startRange, inRange and
// endRange in a range): the snapshot showed a calendar the same before and after the clicks
// that chose them.
BOOST_AUTO_TEST_CASE(a_calendars_chosen_days_say_so_in_the_snapshot) {
  const auto day = [](int d) {
    return absl::StrCat(R"({"role":"generic","name":"March )", d, R"(, 2026"})");
  };
  std::vector<std::string> frames = {
      Goto("lib_datepicker.html"),
      Frame("page.click", R"({"target":{"role":"textbox","name":"Stay"}})"),
      Frame("page.click", absl::StrCat(R"({"target":)", day(12), "}")),
      Frame("page.click", absl::StrCat(R"({"target":)", day(14), "}")),
      Eval("stay.selectedDates.map((d) => stay.formatDate(d, 'Y-m-d'))"),
      Frame("page.click", R"({"target":{"role":"textbox","name":"Stay"}})")};
  for (int d = 11; d <= 15; ++d) {
    frames.push_back(Frame("page.snapshot", absl::StrCat(R"({"root":)", day(d), "}")));
  }
  const json::object result = Run(Frames(frames));
  BOOST_TEST(ResultOf(result, 4) == R"(["2026-03-12","2026-03-14"])");
  const std::vector<std::string> states = {"", " selected range start", " in range",
                                           " selected range end", ""};
  for (int d = 11; d <= 15; ++d) {
    const std::string line = json::parse(ResultOf(result, 6 + d - 11)).as_string().c_str();
    BOOST_TEST(line == absl::StrCat("- generic \"March ", d, ", 2026\" [ref=e", FirstRef(line), "]",
                                    states[d - 11]));
  }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::testing
