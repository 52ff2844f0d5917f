#include "core/base64.h"

#include <boost/test/unit_test.hpp>
#include <string>

namespace firefox_bidi {
namespace {

std::string Decoded(std::string_view text) {
  auto out = DecodeBase64(text);
  return out.ok() ? *out : "ERROR: " + std::string(out.status().message());
}

BOOST_AUTO_TEST_SUITE(base64)

BOOST_AUTO_TEST_CASE(rfc4648_test_vectors_decode) {
  BOOST_TEST(Decoded("") == "");
  BOOST_TEST(Decoded("Zg==") == "f");
  BOOST_TEST(Decoded("Zm8=") == "fo");
  BOOST_TEST(Decoded("Zm9v") == "foo");
  BOOST_TEST(Decoded("Zm9vYg==") == "foob");
  BOOST_TEST(Decoded("Zm9vYmE=") == "fooba");
  BOOST_TEST(Decoded("Zm9vYmFy") == "foobar");
}

BOOST_AUTO_TEST_CASE(padding_is_optional) {
  BOOST_TEST(Decoded("Zg") == "f");
  BOOST_TEST(Decoded("Zm8") == "fo");
}

BOOST_AUTO_TEST_CASE(all_byte_values_round_trip) {
  // Python: base64.b64encode(bytes(range(256))).
  std::string bytes;
  for (int i = 0; i < 256; ++i) bytes.push_back(static_cast<char>(i));
  const std::string encoded =
      "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0+P0BB"
      "QkNERUZHSElKS0xNTk9QUVJTVFVWV1hZWltcXV5fYGFiY2RlZmdoaWprbG1ub3BxcnN0dXZ3eHl6e3x9fn+AgYKD"
      "hIWGh4iJiouMjY6PkJGSk5SVlpeYmZqbnJ2en6ChoqOkpaanqKmqq6ytrq+wsbKztLW2t7i5uru8vb6/wMHCw8TF"
      "xsfIycrLzM3Oz9DR0tPU1dbX2Nna29zd3t/g4eLj5OXm5+jp6uvs7e7v8PHy8/T19vf4+fr7/P3+/w==";
  BOOST_TEST(Decoded(encoded) == bytes);
}

BOOST_AUTO_TEST_CASE(bad_input_names_the_offset) {
  BOOST_TEST(Decoded("Zm9v!mFy") == "ERROR: invalid base64: unexpected character at offset 4 of 8");
  BOOST_TEST(Decoded("Zm 9") == "ERROR: invalid base64: unexpected character at offset 2 of 4");
  BOOST_TEST(Decoded("Zm-_") == "ERROR: invalid base64: unexpected character at offset 2 of 4");
  BOOST_TEST(Decoded("Z") == "ERROR: invalid base64: length 1 cannot be decoded");
  BOOST_TEST(Decoded("Zm9vY===") == "ERROR: invalid base64: unexpected character at offset 5 of 8");
  BOOST_TEST(Decoded("Zh==") == "ERROR: invalid base64: unexpected character at offset 1 of 4");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
