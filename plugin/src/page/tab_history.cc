#include "page/tab_history.h"

#include <algorithm>
#include <utility>

namespace firefox_bidi::page {

void TabHistory::Forget(std::string_view tab) {
  previous_.erase(std::remove(previous_.begin(), previous_.end(), tab), previous_.end());
}

void TabHistory::Select(std::string& current, std::string tab) {
  if (current == tab) return;
  Forget(tab);
  if (!current.empty()) {
    Forget(current);
    previous_.push_back(std::move(current));
    if (previous_.size() > kMaxRemembered) previous_.erase(previous_.begin());
  }
  current = std::move(tab);
}

void TabHistory::Closed(std::string& current, std::string_view tab) {
  Forget(tab);
  if (current != tab) return;
  current.clear();
  if (!previous_.empty()) {
    current = std::move(previous_.back());
    previous_.pop_back();
  }
}

}  // namespace firefox_bidi::page
