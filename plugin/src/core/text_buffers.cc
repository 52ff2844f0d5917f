#include "core/text_buffers.h"

#include <atomic>
#include <utility>

namespace firefox_bidi {

namespace {

// Set when the shared pool is destroyed (at exit, or when the plugin is unloaded): a result
// destroyed later still gives its buffer back.
constinit std::atomic<bool> shared_pool_gone{false};
constinit std::atomic<bool> reuse_buffers{true};

struct SharedPool {
  TextBufferPool pool{8, 16u << 20};
  ~SharedPool() { shared_pool_gone.store(true); }
};

TextBufferPool* Shared() {
  if (shared_pool_gone.load() || !reuse_buffers.load(std::memory_order_relaxed)) return nullptr;
  static SharedPool shared;
  return &shared.pool;
}

}  // namespace

std::string TakeTextBuffer(std::size_t size) {
  if (TextBufferPool* pool = Shared()) return pool->Take(size);
  std::string buffer;
  buffer.reserve(size);
  return buffer;
}

void GiveTextBuffer(std::string&& buffer) {
  if (TextBufferPool* pool = Shared()) pool->Give(std::move(buffer));
}

void SetTextBufferReuse(bool reuse) { reuse_buffers.store(reuse, std::memory_order_relaxed); }

std::string TextBufferPool::Take(std::size_t size) {
  std::string buffer;
  if (size >= kMinPooledBytes) {
    std::lock_guard lock(mu_);
    std::size_t best = kept_.size();
    for (std::size_t i = 0; i < kept_.size(); ++i) {
      const std::size_t capacity = kept_[i].capacity();
      if (capacity >= size && (best == kept_.size() || capacity < kept_[best].capacity())) {
        best = i;
      }
    }
    if (best != kept_.size()) {
      buffer = std::move(kept_[best]);
      kept_[best] = std::move(kept_.back());
      kept_.pop_back();
      kept_bytes_ -= buffer.capacity();
    }
  }
  buffer.clear();
  if (buffer.capacity() < size) {
    // Rounded up, so that results of about the same size can take each other's buffers.
    buffer.reserve(size >= kMinPooledBytes
                       ? (size + kMinPooledBytes - 1) / kMinPooledBytes * kMinPooledBytes
                       : size);
  }
  return buffer;
}

void TextBufferPool::Give(std::string&& buffer) {
  std::string taken = std::move(buffer);
  const std::size_t capacity = taken.capacity();
  if (capacity < kMinPooledBytes || capacity > kMaxPooledBytes) return;
  std::lock_guard lock(mu_);
  if (kept_.size() >= max_buffers_ || kept_bytes_ + capacity > max_total_bytes_) return;
  taken.clear();
  kept_bytes_ += capacity;
  kept_.push_back(std::move(taken));
}

std::size_t TextBufferPool::buffers() const {
  std::lock_guard lock(mu_);
  return kept_.size();
}

std::size_t TextBufferPool::total_bytes() const {
  std::lock_guard lock(mu_);
  return kept_bytes_;
}

}  // namespace firefox_bidi
