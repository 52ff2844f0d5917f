#include <boost/test/unit_test.hpp>

BOOST_AUTO_TEST_SUITE(smoke)
BOOST_AUTO_TEST_CASE(builds) { BOOST_TEST(1 + 1 == 2); }
BOOST_AUTO_TEST_SUITE_END()
