// The page library's modules linked into one function text (page/js_library.h), and the page
// operations' declaration as C++ sees it (page/page_ops.h).
#include "page/js_library.h"

#include <boost/test/unit_test.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "page/page_context.h"
#include "page/page_ops.h"

namespace firefox_bidi::page {
namespace {

namespace json = boost::json;

std::string LinkError(std::vector<js::EmbeddedFile> files) {
  absl::StatusOr<std::string> linked = LinkModules(files);
  BOOST_TEST_REQUIRE(!linked.ok());
  BOOST_TEST(linked.status().code() == absl::StatusCode::kFailedPrecondition);
  return std::string(linked.status().message());
}

constexpr std::string_view kCommon =
    "export const OPS = {};\n"
    "let deadline = 0;\n"
    "export async function runOperation(op) { return OPS[op](); }\n"
    "export function twice(x) { return 2 * x + deadline; }\n";

constexpr char kForms[] =
    " (a module imports with `import {a, b} from \"./00_common.js\";` and exports with "
    "`export function|const|class NAME`)";

BOOST_AUTO_TEST_SUITE(js_library)

BOOST_AUTO_TEST_CASE(each_file_is_a_function_scope_that_takes_its_imports) {
  const std::vector<js::EmbeddedFile> files{
      {"00_common.js", kCommon},
      {"10_op.js",
       "import {\n  OPS,\n  twice\n} from \"./00_common.js\";\n"
       "const own = 1;\n"
       "OPS.double = (input) => ({data: twice(input.n) + own});\n"}};
  absl::StatusOr<std::string> linked = LinkModules(files);
  BOOST_TEST_REQUIRE(linked.ok(), linked.status());
  BOOST_TEST(*linked ==
             "(function () {\n\"use strict\";\n"
             "// 00_common.js\nconst module_00_common = (function () {\n"
             "const OPS = {};\n"
             "let deadline = 0;\n"
             "async function runOperation(op) { return OPS[op](); }\n"
             "function twice(x) { return 2 * x + deadline; }\n"
             "\nreturn {OPS, runOperation, twice};\n})();\n"
             "// 10_op.js\nconst module_10_op = (function () {\n"
             "const {OPS, twice} = module_00_common;\n"
             "const own = 1;\n"
             "OPS.double = (input) => ({data: twice(input.n) + own});\n"
             "\nreturn {};\n})();\n"
             "return {ops: module_00_common.OPS, run: module_00_common.runOperation};\n"
             "})()");
}

BOOST_AUTO_TEST_CASE(what_does_not_link_is_named_by_file_and_line) {
  BOOST_TEST(LinkError({{"00_common.js", kCommon},
                        {"10_op.js", "// x\nimport {OPS, thrice} from \"./00_common.js\";\n"}}) ==
             std::string("page/js/10_op.js line 2: imports thrice from 00_common.js, which does "
                         "not export it") +
                 kForms);
  BOOST_TEST(LinkError({{"00_common.js", kCommon},
                        {"10_op.js", "import {later} from \"./20_later.js\";\n"},
                        {"20_later.js", "export const later = 1;\n"}}) ==
             std::string("page/js/10_op.js line 1: imports from \"20_later.js\", which is not a "
                         "file before it") +
                 kForms);
  BOOST_TEST(LinkError({{"00_common.js", "export const OPS = {};\nexport let PASS = null;\n"}}) ==
             std::string("page/js/00_common.js line 2: an export of another form (export a "
                         "function that reads a let)") +
                 kForms);
  BOOST_TEST(LinkError({{"00_common.js", kCommon},
                        {"10_op.js", "import * as common from \"./00_common.js\";\n"}}) ==
             std::string("page/js/10_op.js line 1: an import statement of another form") + kForms);
  BOOST_TEST(LinkError({{"00_common.js", kCommon},
                        {"10_op.js", "import {twice as double} from \"./00_common.js\";\n"}}) ==
             std::string("page/js/10_op.js line 1: \"twice as double\" is not a plain name") +
                 kForms);
  BOOST_TEST(LinkError({{"00_common.js", "export const OPS = {};\n"}}) ==
             std::string("page/js/00_common.js: the first file does not export "
                         "runOperation") +
                 kForms);
}

BOOST_AUTO_TEST_CASE(the_page_javascript_links_and_the_sandbox_runs_the_linked_text) {
  absl::StatusOr<std::string> linked = LinkModules(js::EmbeddedFiles());
  BOOST_TEST_REQUIRE(linked.ok(), linked.status());
  BOOST_TEST(std::string(SandboxFunction()).find(*linked) != std::string::npos);
  BOOST_TEST(std::string(SandboxPreloadFunction()).find(*linked) != std::string::npos);
  for (const js::EmbeddedFile& file : js::EmbeddedFiles()) {
    const std::string stem(file.name.substr(0, file.name.size() - 3));
    BOOST_TEST(linked->find("const module_" + stem + " = (function () {\n") != std::string::npos,
               file.name);
  }
}

BOOST_AUTO_TEST_CASE(operations_are_constants_with_their_declared_input_keys) {
  BOOST_TEST(ops::kInputFill.name() == "inputFill");
  BOOST_TEST(ops::kInputFill.TakesInput("value"));
  BOOST_TEST(!ops::kInputFill.TakesInput("values"));
  BOOST_TEST(ops::kInfo.input_keys().empty());
  BOOST_TEST(std::size(ops::kAll) == 39u);
  BOOST_TEST(ops::kSelectRead.TakesInput("wanted"));
  BOOST_TEST(CheckOpInput(ops::kText, json::object{{"max_chars", 5}, {"offset", 0}}).ok());
  const absl::Status wrong = CheckOpInput(ops::kText, json::object{{"maxChars", 5}});
  BOOST_TEST(wrong.code() == absl::StatusCode::kInternal);
  BOOST_TEST(wrong.message() ==
             "page operation text takes no input \"maxChars\" (see page/operations.json)");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::page
