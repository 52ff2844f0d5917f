#include "core/label_cache.h"

#include <utility>

#include "core/string_view_compat.h"

namespace firefox_bidi {

void LabelCache::Put(std::string_view label, std::shared_ptr<const boost::json::value> result) {
  if (max_entries_ == 0) return;
  if (auto it = entries_.find(ToAbsl(label)); it != entries_.end()) {
    // A re-stored label becomes the newest.
    order_.splice(order_.end(), order_, it->second.order);
    it->second.result = std::move(result);
    return;
  }
  while (entries_.size() >= max_entries_) {
    entries_.erase(order_.front());
    order_.pop_front();
  }
  order_.emplace_back(label);
  entries_.emplace(order_.back(), Entry{std::move(result), std::prev(order_.end())});
}

std::shared_ptr<const boost::json::value> LabelCache::Get(std::string_view label) const {
  auto it = entries_.find(ToAbsl(label));
  return it == entries_.end() ? nullptr : it->second.result;
}

}  // namespace firefox_bidi
