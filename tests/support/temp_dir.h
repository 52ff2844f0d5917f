// A private temporary directory for a test, removed with everything in it.
#ifndef FIREFOX_BIDI_TESTS_SUPPORT_TEMP_DIR_H_
#define FIREFOX_BIDI_TESTS_SUPPORT_TEMP_DIR_H_

#include <stdlib.h>

#include <filesystem>
#include <string>
#include <system_error>

namespace firefox_bidi::testing {

class TempDir {
 public:
  // Created under the system temporary directory with mode 0700; path() is "" on failure.
  explicit TempDir(const std::string& stem = "firefox-bidi-test") {
    std::string name = (std::filesystem::temp_directory_path() / (stem + "-XXXXXX")).string();
    if (::mkdtemp(name.data()) != nullptr) path_ = name;
  }
  ~TempDir() {
    std::error_code ec;
    if (!path_.empty()) std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::string& path() const { return path_; }
  std::string operator/(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

}  // namespace firefox_bidi::testing

#endif  // FIREFOX_BIDI_TESTS_SUPPORT_TEMP_DIR_H_
