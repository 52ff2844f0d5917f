// Image sizes from file headers and the size of a model's copy (DESIGN.md section 9).
#include "core/media_type.h"

#include <boost/test/unit_test.hpp>
#include <string>

namespace firefox_bidi {
namespace {

using namespace std::string_literals;

BOOST_AUTO_TEST_SUITE(media_type)

BOOST_AUTO_TEST_CASE(image_size_is_read_from_png_jpeg_and_webp_headers) {
  const std::string png = "\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR\0\0\x07\xd0\0\0\x02\xd0\x08\x06"s;
  BOOST_TEST((ImageSizeOf(png) == ImageSize{2000, 720}));
  BOOST_TEST(!ImageSizeOf(png.substr(0, 23)));  // cut short

  // APP0 (16 bytes), then SOF0: precision 8, height 0x02d0, width 0x0500.
  const std::string jpeg =
      "\xff\xd8\xff\xe0\0\x10JFIF\0\x01\x01\0\0\x01\0\x01\0\0"
      "\xff\xc0\0\x11\x08\x02\xd0\x05\x00\x03"s;
  BOOST_TEST((ImageSizeOf(jpeg) == ImageSize{1280, 720}));
  // DHT (C4) is not a frame header.
  const std::string dht_first = "\xff\xd8\xff\xc4\0\x04\0\0\xff\xc2\0\x11\x08\0\x10\0\x20\x03"s;
  BOOST_TEST((ImageSizeOf(dht_first) == ImageSize{32, 16}));

  // VP8X: 24-bit width-1 (1999) and height-1 (99), little-endian.
  const std::string webp = "RIFF\0\0\0\0WEBPVP8X\x0a\0\0\0\0\0\0\0\xcf\x07\0\x63\0\0"s;
  BOOST_TEST((ImageSizeOf(webp) == ImageSize{2000, 100}));
  // VP8L: signature 0x2f, then 14 bits width-1 (639), 14 bits height-1 (479).
  const std::uint32_t bits = 639 | 479u << 14;
  std::string lossless = "RIFF\0\0\0\0WEBPVP8L\0\0\0\0\x2f"s;
  for (int i = 0; i < 4; ++i) lossless.push_back(static_cast<char>(bits >> (8 * i)));
  lossless.append(9, '\0');
  BOOST_TEST((ImageSizeOf(lossless) == ImageSize{640, 480}));

  BOOST_TEST(!ImageSizeOf("%PDF-1.7"));
  BOOST_TEST(!ImageSizeOf(""));
}

BOOST_AUTO_TEST_CASE(model_image_size_applies_the_larger_ratio_of_the_two_bounds) {
  BOOST_TEST(!ModelImageSize({1280, 720}));  // 921,600 px, long side 1280
  BOOST_TEST(!ModelImageSize({1568, 733}));  // 1,149,344 px, long side 1568
  // Pixels: sqrt(4,000,000 / 1,150,000) = 1.865 > 2000 / 1568.
  BOOST_TEST((*ModelImageSize({2000, 2000}) == ImageSize{1072, 1072}));
  // Long side: 4000 / 1568 = 2.551 > sqrt(4,000,000 / 1,150,000).
  BOOST_TEST((*ModelImageSize({4000, 1000}) == ImageSize{1568, 392}));
  BOOST_TEST((*ModelImageSize({1569, 700}) == ImageSize{1568, 699}));
  BOOST_TEST((*ModelImageSize({1280, 20000}) == ImageSize{100, 1568}));
  BOOST_TEST((*ModelImageSize({100000, 1}) == ImageSize{1568, 1}));  // never 0
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
