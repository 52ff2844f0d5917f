// The reference of the page helpers (DESIGN.md section 9) as a model and a reader see it,
// written from the helpers' declarations (helper_registry.h): one synopsis line per helper in
// the tool description, and in full, on demand, through `page.help`: every parameter, the
// result, the errors and one example batch that runs as written (each example is one line
// starting with `{"frames":`; an e2e test runs them all).
#ifndef FIREFOX_BIDI_PAGE_HELP_TEXT_H_
#define FIREFOX_BIDI_PAGE_HELP_TEXT_H_

#include <optional>
#include <string>
#include <string_view>

namespace firefox_bidi::page {

// One line per helper, "- page.goto SYNOPSIS\n", for the tool description.
std::string HelperSynopsisLines();

// The docs' table of helpers (docs/tool-reference.md, between its "helper table" markers):
// method, parameters with their types and defaults, result. A unit test keeps the docs equal
// to it.
std::string HelperReferenceTable();

// page.help's result: with `method` empty, the reference of all helpers (targets, tabs,
// dialogs, then each helper's synopsis and parameters); else that helper in full. nullopt
// when `method` is not a helper.
std::optional<std::string> HelpText(std::string_view method);

}  // namespace firefox_bidi::page

#endif  // FIREFOX_BIDI_PAGE_HELP_TEXT_H_
