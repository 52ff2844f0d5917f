#include "core/label_cache.h"

#include <boost/test/unit_test.hpp>
#include <memory>

namespace firefox_bidi {
namespace {

std::shared_ptr<const boost::json::value> Value(int i) {
  return std::make_shared<const boost::json::value>(i);
}

BOOST_AUTO_TEST_SUITE(label_cache)

BOOST_AUTO_TEST_CASE(get_returns_the_stored_pointer_without_copy) {
  LabelCache cache(4);
  auto v = Value(1);
  cache.Put("a", v);
  BOOST_TEST(cache.Get("a").get() == v.get());
  BOOST_TEST(cache.Get("b") == nullptr);
}

BOOST_AUTO_TEST_CASE(oldest_stored_entry_is_evicted_past_the_bound) {
  LabelCache cache(2);
  cache.Put("a", Value(1));
  cache.Put("b", Value(2));
  cache.Put("c", Value(3));
  BOOST_TEST(cache.size() == 2u);
  BOOST_TEST(cache.Get("a") == nullptr);
  BOOST_TEST(cache.Get("b")->as_int64() == 2);
  BOOST_TEST(cache.Get("c")->as_int64() == 3);
}

BOOST_AUTO_TEST_CASE(restoring_a_label_replaces_it_and_makes_it_newest) {
  LabelCache cache(2);
  cache.Put("a", Value(1));
  cache.Put("b", Value(2));
  cache.Put("a", Value(10));
  cache.Put("c", Value(3));
  BOOST_TEST(cache.size() == 2u);
  BOOST_TEST(cache.Get("a")->as_int64() == 10);
  BOOST_TEST(cache.Get("b") == nullptr);
}

BOOST_AUTO_TEST_CASE(zero_capacity_keeps_nothing) {
  LabelCache cache(0);
  cache.Put("a", Value(1));
  BOOST_TEST(cache.size() == 0u);
  BOOST_TEST(cache.Get("a") == nullptr);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
