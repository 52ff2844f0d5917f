// Which tab becomes current when the current one closes (DESIGN.md section 9: the most
// recently current open tab). Sans-I/O; the page state owns one.
#ifndef FIREFOX_BIDI_PAGE_TAB_HISTORY_H_
#define FIREFOX_BIDI_PAGE_TAB_HISTORY_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace firefox_bidi::page {

// Thread safety: none; the batch's thread only.
class TabHistory {
 public:
  // `tab` becomes current; the tab that was current before is remembered as the most recent.
  // `current` is the caller's current tab ("" when none), updated in place.
  void Select(std::string& current, std::string tab);
  // `tab` closed: it is forgotten, and when it was current the most recently current tab
  // still open becomes current ("" when there is none: the browser's first tab then).
  void Closed(std::string& current, std::string_view tab);
  void Clear() { previous_.clear(); }
  // Most recent last.
  const std::vector<std::string>& previous() const { return previous_; }

  static constexpr std::size_t kMaxRemembered = 64;

 private:
  void Forget(std::string_view tab);
  std::vector<std::string> previous_;
};

}  // namespace firefox_bidi::page

#endif  // FIREFOX_BIDI_PAGE_TAB_HISTORY_H_
