#include "page/help_text.h"

#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>
#include <boost/test/unit_test.hpp>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <variant>

#include "core/batch_args.h"
#include "core/config.h"
#include "page/helper_registry.h"

namespace firefox_bidi::page {
namespace {

BOOST_AUTO_TEST_SUITE(help_text)

BOOST_AUTO_TEST_CASE(every_helper_of_the_design_is_documented_once) {
  std::set<std::string> methods;
  for (const HelperSpec& spec : Helpers()) methods.emplace(spec.method);
  BOOST_TEST((methods == std::set<std::string>{
                             "page.goto",     "page.snapshot",   "page.text",    "page.click",
                             "page.hover",    "page.drag",       "page.fill",    "page.type",
                             "page.select",   "page.press",      "page.scroll",  "page.waitFor",
                             "page.eval",     "page.screenshot", "page.tabs",    "page.logs",
                             "page.requests", "page.route",      "page.dialog",  "page.upload",
                             "page.help",     "page.find",       "page.storage", "page.agents"}));
  BOOST_TEST(methods.size() == Helpers().size());
}

BOOST_AUTO_TEST_CASE(each_example_is_one_line_of_valid_arguments_using_its_helper) {
  for (const HelperSpec& doc : Helpers()) {
    BOOST_TEST_CONTEXT(doc.method) {
      BOOST_TEST(doc.example.starts_with("{\"frames\":"));
      BOOST_TEST(doc.example.find('\n') == std::string_view::npos);
      auto parsed = ParseBatchArgs(doc.example, Limits{}, HelperMethods());
      BOOST_TEST_REQUIRE(std::holds_alternative<BatchArgs>(parsed));
      bool uses_it = false;
      for (const Frame& frame : std::get<BatchArgs>(parsed).frames) {
        uses_it = uses_it || frame.method == doc.method;
      }
      BOOST_TEST(uses_it);
    }
  }
}

BOOST_AUTO_TEST_CASE(one_helper_in_full) {
  const std::optional<std::string> text = HelpText("page.dialog");
  BOOST_TEST_REQUIRE(text.has_value());
  BOOST_TEST(*text ==
             "page.dialog {accept, text?} -> {type, message}\n"
             "Answers the open alert, confirm, prompt or beforeunload dialog. While one is open, "
             "every helper result carries \"dialog\": {type, message}.\n"
             "params:\n"
             "  accept: true (OK; for beforeunload: leave the page) or false (Cancel; stay)\n"
             "  text: the answer to a prompt\n"
             "result: {\"type\": \"alert\"|\"confirm\"|\"prompt\"|\"beforeunload\", \"message\"} "
             "of the dialog answered\n"
             "errors: \"no dialog\" (none is open)\n"
             "example:\n" +
                 std::string(FindHelper("page.dialog")->example));
}

BOOST_AUTO_TEST_CASE(helpers_with_a_target_explain_targets) {
  for (const char* method : {"page.click", "page.fill", "page.upload", "page.text"}) {
    BOOST_TEST(HelpText(method)->find("\nA target is one of \"ref\": \"e12\"") != std::string::npos,
               method);
  }
  BOOST_TEST(HelpText("page.tabs")->find("A target is") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(the_whole_reference_lists_every_helper_and_stays_inline) {
  const std::optional<std::string> text = HelpText("");
  BOOST_TEST_REQUIRE(text.has_value());
  for (const HelperSpec& doc : Helpers()) {
    BOOST_TEST(text->find("\n" + std::string(doc.method) + " " + std::string(doc.synopsis) +
                          "\n") != std::string::npos,
               doc.method);
  }
  // Inline as page.help's result: its size as the record counts it (the whole record of a
  // batch's first frame, the text a compact JSON string, escapes included) within the default
  // max_inline_bytes.
  const boost::json::object record{{"index", 0}, {"method", "page.help"}, {"result", *text}};
  BOOST_TEST(boost::json::serialize(record).size() <= InstanceConfig{}.max_inline_bytes);
}

BOOST_AUTO_TEST_CASE(an_unknown_method_has_no_help) {
  BOOST_TEST(!HelpText("page.nope").has_value());
  BOOST_TEST(!HelpText("script.evaluate").has_value());
  BOOST_TEST(FindHelper("page.nope") == nullptr);
}

// The table in docs/tool-reference.md is the one the declarations write: a parameter added,
// renamed or retyped in a HelperSpec and not in the docs fails here, with the table to paste.
BOOST_AUTO_TEST_CASE(the_docs_table_is_the_one_the_declarations_write) {
  std::ifstream in(std::string(FIREFOX_BIDI_SOURCE_DIR) + "/docs/tool-reference.md");
  const std::string docs{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  const std::string begin = "<!-- helper table: written from the helpers' declarations -->\n";
  const std::string end = "<!-- end of helper table -->";
  const std::size_t from = docs.find(begin);
  const std::size_t to = docs.find(end);
  BOOST_TEST_REQUIRE(from != std::string::npos);
  BOOST_TEST_REQUIRE(to != std::string::npos);
  const std::string table = HelperReferenceTable();
  BOOST_TEST(docs.substr(from + begin.size(), to - from - begin.size()) == table,
             "docs/tool-reference.md's helper table should read:\n"
                 << table);
  BOOST_TEST(table.starts_with(
      "| method | what it does | params | result |\n|---|---|---|---|\n"
      "| `page.goto` | Loads a URL in the current tab, or goes back, forward or reloads, and waits "
      "for the page. | `url` (string), `back` (boolean, default `false`), `forward` (boolean, "
      "default `false`), `reload` (boolean, default `false`), `wait` (string, default "
      "`\"complete\"`), `timeout_ms` (integer) | {url, title} |\n"));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::page
