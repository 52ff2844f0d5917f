// A page operation: one the sandbox library (page/js/*.js) defines, declared in
// page/operations.json. Its constants are generated from that file into page_ops.h
// (page::ops::kInputFill, ...), the only PageOps there are: an operation the declaration drops
// or renames no longer compiles where C++ calls it.
#ifndef FIREFOX_BIDI_PAGE_PAGE_OP_H_
#define FIREFOX_BIDI_PAGE_PAGE_OP_H_

#include <algorithm>
#include <span>
#include <string_view>

namespace firefox_bidi::page {

class PageOp {
 public:
  constexpr std::string_view name() const { return name_; }
  // The input keys it takes (besides "next" and "deadline_ms", which every call gets).
  constexpr std::span<const std::string_view> input_keys() const { return input_keys_; }
  constexpr bool TakesInput(std::string_view key) const {
    return std::find(input_keys_.begin(), input_keys_.end(), key) != input_keys_.end();
  }

 private:
  friend struct PageOpDeclaration;
  constexpr PageOp(std::string_view name, std::span<const std::string_view> input_keys)
      : name_(name), input_keys_(input_keys) {}

  std::string_view name_;
  std::span<const std::string_view> input_keys_;
};

// Used by the generated page_ops.h only.
struct PageOpDeclaration {
  static constexpr PageOp Make(std::string_view name,
                               std::span<const std::string_view> input_keys) {
    return PageOp(name, input_keys);
  }
};

}  // namespace firefox_bidi::page

#endif  // FIREFOX_BIDI_PAGE_PAGE_OP_H_
