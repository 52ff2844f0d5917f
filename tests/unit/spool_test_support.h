// Helpers for the spool tests: a private temporary directory and file inspection.
#ifndef FIREFOX_BIDI_TESTS_UNIT_SPOOL_TEST_SUPPORT_H_
#define FIREFOX_BIDI_TESTS_UNIT_SPOOL_TEST_SUPPORT_H_

#include <stdlib.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <system_error>

#include "support/temp_dir.h"

namespace firefox_bidi::testing {

// "" when missing.
inline std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

inline void WriteFile(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

// Permission bits, or -1 when the path does not exist.
inline int ModeOf(const std::string& path) {
  struct stat st;
  return ::lstat(path.c_str(), &st) == 0 ? static_cast<int>(st.st_mode & 07777) : -1;
}

inline bool Exists(const std::string& path) { return ModeOf(path) != -1; }

// Names of the entries of a directory, sorted.
inline std::set<std::string> ListDir(const std::string& path) {
  std::set<std::string> names;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(path, ec)) {
    names.insert(entry.path().filename().string());
  }
  return names;
}

}  // namespace firefox_bidi::testing

#endif  // FIREFOX_BIDI_TESTS_UNIT_SPOOL_TEST_SUPPORT_H_
