// Open dialogs per tab (DESIGN.md section 9, "Dialogs"): alerts, confirms, prompts and
// beforeunload dialogs stay open until page.dialog answers them, and while one is open every
// helper result carries "dialog": {"type","message"}. Learnt from the plugin's own
// browsingContext.userPromptOpened / userPromptClosed events. Sans-I/O.
#ifndef FIREFOX_BIDI_PAGE_DIALOGS_H_
#define FIREFOX_BIDI_PAGE_DIALOGS_H_

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <functional>
#include <map>
#include <string>
#include <string_view>

namespace firefox_bidi::page {

struct OpenDialog {
  std::string type;     // "alert", "confirm", "prompt", "beforeunload"
  std::string message;  // the text the page gave it
};

// {"type": ..., "message": ...}
boost::json::object DialogObject(const OpenDialog& dialog);

// Thread safety: none; the batch's thread only.
class Dialogs {
 public:
  // The events to subscribe to.
  static constexpr std::string_view kEvents[] = {"browsingContext.userPromptOpened",
                                                 "browsingContext.userPromptClosed"};

  // Takes one BiDi event message; `tab_of` maps the event's context to its tab. Returns true
  // for the two prompt events and browsingContext.contextDestroyed (a closed tab's dialog is
  // gone), false for any other.
  bool Observe(const boost::json::object& event,
               const std::function<std::string(std::string_view)>& tab_of);

  // The dialog open in `tab`, or nullptr.
  const OpenDialog* Find(std::string_view tab) const;
  // `tab`'s dialog was answered.
  void Answered(std::string_view tab);
  void Clear() { open_.clear(); }

  // Adds "dialog" to a helper's result while one is open in `tab`: a member of an object
  // result, a last line of a string result ("[dialog open: confirm \"Delete?\" ...]").
  // Arrays and other results are left as they are.
  void Annotate(std::string_view tab, boost::json::value& result) const;

 private:
  std::map<std::string, OpenDialog, std::less<>> open_;
};

}  // namespace firefox_bidi::page

#endif  // FIREFOX_BIDI_PAGE_DIALOGS_H_
