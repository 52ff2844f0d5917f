// Labels of earlier calls whose results were small enough to be kept inline, so a later call
// can refer to them. Bounded by entry count (least recently stored evicted first).
#ifndef FIREFOX_BIDI_CORE_LABEL_CACHE_H_
#define FIREFOX_BIDI_CORE_LABEL_CACHE_H_

#include <boost/json/value.hpp>
#include <cstddef>
#include <list>
#include <memory>
#include <string>
#include <string_view>

#include "absl/container/flat_hash_map.h"

namespace firefox_bidi {

// Thread safety: none; owned by one instance and used by one batch at a time.
class LabelCache {
 public:
  explicit LabelCache(std::size_t max_entries) : max_entries_(max_entries) {}

  // Stores (or replaces) `label`, evicting the oldest entry past the bound.
  void Put(std::string_view label, std::shared_ptr<const boost::json::value> result);
  // nullptr when unknown.
  std::shared_ptr<const boost::json::value> Get(std::string_view label) const;
  std::size_t size() const { return entries_.size(); }

 private:
  struct Entry {
    std::shared_ptr<const boost::json::value> result;
    std::list<std::string>::iterator order;
  };
  std::size_t max_entries_;
  std::list<std::string> order_;  // oldest first
  absl::flat_hash_map<std::string, Entry> entries_;
};

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_LABEL_CACHE_H_
