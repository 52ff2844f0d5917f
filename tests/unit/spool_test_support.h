// Helpers for the spool tests: a private temporary directory, file inspection, and a spool
// whose writes fail.
#ifndef FIREFOX_BIDI_TESTS_UNIT_SPOOL_TEST_SUPPORT_H_
#define FIREFOX_BIDI_TESTS_UNIT_SPOOL_TEST_SUPPORT_H_

#include <stdlib.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "core/spool.h"
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

// A spool whose writes of paths containing `fail_substring` fail, to test the drain.
class FailingWriteSpool : public Spool {
 public:
  FailingWriteSpool(Spool& inner, std::string fail_substring)
      : inner_(inner), fail_(std::move(fail_substring)) {}
  const std::string& directory() const override { return inner_.directory(); }
  std::string BeginBatch(std::string_view owner) override { return inner_.BeginBatch(owner); }
  absl::StatusOr<SpoolReservation> Reserve(std::string_view batch, std::size_t i,
                                           std::string_view label, std::string_view ext,
                                           std::uint64_t bytes) override {
    return inner_.Reserve(batch, i, label, ext, bytes);
  }
  absl::Status Write(const SpoolReservation& r, std::string_view data) override {
    if (r.path.find(fail_) != std::string::npos) {
      inner_.Release(r);
      return absl::InternalError(
          absl::StrCat("cannot write ", r.path, ": No space left on device"));
    }
    return inner_.Write(r, data);
  }
  void Release(const SpoolReservation& r) override { inner_.Release(r); }
  std::uint64_t used_bytes() const override { return inner_.used_bytes(); }

 private:
  Spool& inner_;
  std::string fail_;
};

}  // namespace firefox_bidi::testing

#endif  // FIREFOX_BIDI_TESTS_UNIT_SPOOL_TEST_SUPPORT_H_
