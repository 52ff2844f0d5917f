// Large text buffers kept for reuse. A large result is copied out of the socket's read buffer
// into a buffer of its own, which the spool writer frees once the file is written; the next
// large result then needs fresh memory again. A fresh page costs a page fault (on a
// paravirtualized VM several microseconds each: 75 for a 300 KB result), and freeing a large
// buffer returns it to the kernel (munmap, a TLB flush on every core running our threads).
// Buffers given back after a spool write are kept here, bounded, for the next large result.
#ifndef FIREFOX_BIDI_CORE_TEXT_BUFFERS_H_
#define FIREFOX_BIDI_CORE_TEXT_BUFFERS_H_

#include <cstddef>
#include <mutex>
#include <string>
#include <vector>

namespace firefox_bidi {

// Thread safety: Take and Give may be called from any thread.
class TextBufferPool {
 public:
  // Buffers below this capacity come from and go back to the allocator: small strings are
  // cheap, and a large buffer spent on one would be held for nothing.
  static constexpr std::size_t kMinPooledBytes = 64 * 1024;
  // A buffer above this is freed, not kept (like the socket's read buffer).
  static constexpr std::size_t kMaxPooledBytes = 4u << 20;

  // `max_buffers` and `max_total_bytes` (capacities) bound what the pool keeps.
  TextBufferPool(std::size_t max_buffers, std::size_t max_total_bytes)
      : max_buffers_(max_buffers), max_total_bytes_(max_total_bytes) {}

  // An empty string with capacity for at least `size` bytes: a kept buffer (the smallest that
  // fits) when `size` is at least kMinPooledBytes and one fits, else a new one (for such a size
  // rounded up to a multiple of kMinPooledBytes).
  std::string Take(std::size_t size);
  // Keeps `buffer` for a later Take when its capacity is within the pooled range and the
  // bounds allow; frees it otherwise.
  void Give(std::string&& buffer);

  // What the pool holds now.
  std::size_t buffers() const;
  std::size_t total_bytes() const;

 private:
  const std::size_t max_buffers_;
  const std::size_t max_total_bytes_;
  mutable std::mutex mu_;
  std::vector<std::string> kept_;  // guarded by mu_
  std::size_t kept_bytes_ = 0;     // guarded by mu_: the capacities of kept_
};

// The pool the plugin's connections and spool writers share (8 buffers, 16 MiB). Both work
// at any time, also while statics are destroyed at exit: once the pool is gone, Take makes a
// new buffer and Give frees it.
std::string TakeTextBuffer(std::size_t size);
void GiveTextBuffer(std::string&& buffer);

// false: TakeTextBuffer always makes a new buffer and GiveTextBuffer frees it, as before the
// pool; only the benchmark baseline (bench-micro / bench-e2e --compare buffers). Process-wide.
void SetTextBufferReuse(bool reuse);

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_TEXT_BUFFERS_H_
