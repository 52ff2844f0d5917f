#include "core/text_buffers.h"

#include <boost/test/unit_test.hpp>
#include <string>

namespace firefox_bidi {
namespace {

constexpr std::size_t kLarge = TextBufferPool::kMinPooledBytes;

std::string WithCapacity(std::size_t capacity) {
  std::string s;
  s.reserve(capacity);
  s.assign(10, 'x');
  return s;
}

BOOST_AUTO_TEST_SUITE(text_buffers)

BOOST_AUTO_TEST_CASE(a_given_buffer_is_taken_again_empty_with_its_memory) {
  TextBufferPool pool(4, 16u << 20);
  std::string given = WithCapacity(300 * 1024);
  const void* memory = given.data();
  pool.Give(std::move(given));
  BOOST_TEST(pool.buffers() == 1u);
  BOOST_TEST(pool.total_bytes() >= 300u * 1024);
  std::string taken = pool.Take(200 * 1024);
  BOOST_TEST(static_cast<const void*>(taken.data()) == memory);
  BOOST_TEST(taken.empty());
  BOOST_TEST(taken.capacity() >= 300u * 1024);
  BOOST_TEST(pool.buffers() == 0u);
  BOOST_TEST(pool.total_bytes() == 0u);
}

BOOST_AUTO_TEST_CASE(take_picks_the_smallest_buffer_that_fits) {
  TextBufferPool pool(4, 16u << 20);
  std::string big = WithCapacity(1 << 20);
  std::string mid = WithCapacity(400 * 1024);
  std::string small = WithCapacity(100 * 1024);
  const void* mid_memory = mid.data();
  pool.Give(std::move(big));
  pool.Give(std::move(small));
  pool.Give(std::move(mid));
  BOOST_TEST(static_cast<const void*>(pool.Take(300 * 1024).data()) == mid_memory);
  BOOST_TEST(pool.buffers() == 2u);
  // Nothing kept fits: a new buffer, rounded up to 64 KiB, the pool untouched.
  const std::string fresh = pool.Take((2u << 20) + 1);
  BOOST_TEST(fresh.capacity() == (2u << 20) + kLarge);
  BOOST_TEST(pool.buffers() == 2u);
}

BOOST_AUTO_TEST_CASE(small_sizes_never_use_the_pool) {
  TextBufferPool pool(4, 16u << 20);
  pool.Give(WithCapacity(kLarge));
  const std::string taken = pool.Take(kLarge - 1);
  BOOST_TEST(taken.capacity() < kLarge);
  BOOST_TEST(pool.buffers() == 1u);
  // A small buffer is not kept, nor one above the pooled range.
  pool.Give(WithCapacity(kLarge - 100));
  pool.Give(WithCapacity(TextBufferPool::kMaxPooledBytes + 1));
  BOOST_TEST(pool.buffers() == 1u);
}

BOOST_AUTO_TEST_CASE(the_bounds_hold_on_count_and_bytes) {
  TextBufferPool by_count(2, 16u << 20);
  for (int i = 0; i < 3; ++i) by_count.Give(WithCapacity(kLarge));
  BOOST_TEST(by_count.buffers() == 2u);

  TextBufferPool by_bytes(8, 3 * kLarge);
  by_bytes.Give(WithCapacity(2 * kLarge));
  by_bytes.Give(WithCapacity(2 * kLarge));  // would pass 3 * kLarge: freed
  BOOST_TEST(by_bytes.buffers() == 1u);
  by_bytes.Give(WithCapacity(kLarge));
  BOOST_TEST(by_bytes.buffers() == 2u);
  BOOST_TEST(by_bytes.total_bytes() <= 3 * kLarge);
}

// The shared pool: a buffer given back is the next one taken (no buffer kept can be smaller than
// kLarge + 1 and still fit), unless reuse is off, the benchmark baseline.
BOOST_AUTO_TEST_CASE(the_shared_pool_recycles_unless_reuse_is_off) {
  std::string given(kLarge + 1, 'x');
  const void* memory = given.data();
  GiveTextBuffer(std::move(given));
  SetTextBufferReuse(false);
  const std::string fresh = TakeTextBuffer(kLarge + 1);
  BOOST_TEST(static_cast<const void*>(fresh.data()) != memory);
  BOOST_TEST(fresh.capacity() == kLarge + 1);
  SetTextBufferReuse(true);
  const std::string reused = TakeTextBuffer(kLarge + 1);
  BOOST_TEST(static_cast<const void*>(reused.data()) == memory);
  BOOST_TEST(reused.empty());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
