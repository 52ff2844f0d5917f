#include "page/refs.h"

#include <algorithm>

namespace firefox_bidi::page {

void RefRegistry::Assigned(std::uint64_t from, std::uint64_t to, std::string_view context) {
  if (to <= from) return;
  next_ = std::max(next_, to);
  // Adjacent ranges of one context merge, so repeated snapshots keep the map small.
  if (!ranges_.empty()) {
    auto last = std::prev(ranges_.end());
    if (last->second.first == from && last->second.second == context) {
      last->second.first = to;
      return;
    }
  }
  ranges_.emplace(from, std::make_pair(to, std::string(context)));
}

std::optional<std::string> RefRegistry::ContextOf(std::string_view ref) const {
  const std::optional<std::uint64_t> number = Number(ref);
  if (!number) return std::nullopt;
  auto it = ranges_.upper_bound(*number);
  if (it == ranges_.begin()) return std::nullopt;
  --it;
  if (*number >= it->second.first) return std::nullopt;
  return it->second.second;
}

std::optional<std::uint64_t> RefRegistry::Number(std::string_view ref) {
  if (ref.size() < 2 || ref.size() > 16 || ref[0] != 'e' || ref[1] == '0') return std::nullopt;
  std::uint64_t n = 0;
  for (char c : ref.substr(1)) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + static_cast<std::uint64_t>(c - '0');
  }
  return n;
}

}  // namespace firefox_bidi::page
