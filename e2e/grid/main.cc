#define BOOST_TEST_MODULE firefox_bidi_grid_tests
#include <boost/test/unit_test.hpp>

#include "support/failure_summary.h"
