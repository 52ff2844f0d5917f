// The reference of the page helpers (DESIGN.md section 9) as a model reads it: one synopsis
// line per helper (the tool description repeats it), and in full, on demand, through
// `page.help`: every parameter, the result, the errors and one example batch that runs as
// written (each example is one line starting with `{"frames":`; an e2e test runs them all).
//
// Thread safety: the table is immutable static data.
#ifndef FIREFOX_BIDI_PAGE_HELP_TEXT_H_
#define FIREFOX_BIDI_PAGE_HELP_TEXT_H_

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace firefox_bidi::page {

struct HelperDoc {
  std::string_view method;    // "page.click"
  std::string_view synopsis;  // "{target, button?, count?} -> {url, title, navigated}"
  std::string_view summary;   // one sentence: what it does
  std::string_view params;    // one "  name: meaning" line per parameter
  std::string_view result;    // what the record's result holds
  std::string_view errors;    // its error codes and what to do about each
  std::string_view example;   // one batch on one line: {"frames":[...]}
};

// Every helper, in the order the description lists them.
std::span<const HelperDoc> HelperDocs();

// The doc of `method`, or nullptr.
const HelperDoc* FindHelperDoc(std::string_view method);

// page.help's result: with `method` empty, the reference of all helpers (targets, tabs,
// dialogs, then each helper's synopsis and parameters); else that helper in full. nullopt
// when `method` is not a helper.
std::optional<std::string> HelpText(std::string_view method);

}  // namespace firefox_bidi::page

#endif  // FIREFOX_BIDI_PAGE_HELP_TEXT_H_
