// Ref names (e1, e2, ...) for DOM nodes. The binding of a name to its node lives in the
// sandbox realm of the node's document (a WeakMap node -> name and name -> WeakRef, see
// js/00_common.js), so a snapshot costs no BiDi serialization per node, the same node keeps
// its name across snapshots, and a name dies with its document. The plugin side, here, hands
// out the numbers (never reused, across documents, tabs and browsers) and remembers in which
// browsing context each name was given, so that a ref is looked up where its node lives.
#ifndef FIREFOX_BIDI_PAGE_REFS_H_
#define FIREFOX_BIDI_PAGE_REFS_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace firefox_bidi::page {

// Thread safety: none; the batch's thread only.
class RefRegistry {
 public:
  // The number the next new name gets ("e" + next()).
  std::uint64_t next() const { return next_; }
  // Names e<from> .. e<to - 1> were given to nodes of browsing context `context`.
  void Assigned(std::uint64_t from, std::uint64_t to, std::string_view context);
  // The browsing context a name was given in; nullopt for a name never given (or given by a
  // browser session that has ended).
  std::optional<std::string> ContextOf(std::string_view ref) const;
  // Forgets every name's context (a new browser); numbers keep counting.
  void Clear() { ranges_.clear(); }

  // "e" followed by a decimal number without leading zeros.
  static std::optional<std::uint64_t> Number(std::string_view ref);

 private:
  std::uint64_t next_ = 1;
  std::map<std::uint64_t, std::pair<std::uint64_t, std::string>> ranges_;  // from -> (to, ctx)
};

}  // namespace firefox_bidi::page

#endif  // FIREFOX_BIDI_PAGE_REFS_H_
