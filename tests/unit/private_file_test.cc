#include "io/private_file.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <boost/test/unit_test.hpp>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <string>

#include "spool_test_support.h"

namespace firefox_bidi {
namespace {

using testing::ModeOf;
using testing::ReadFile;
using testing::TempDir;

std::string Message(const absl::Status& status) { return std::string(status.message()); }

BOOST_AUTO_TEST_SUITE(private_file)

BOOST_AUTO_TEST_CASE(creates_the_file_with_mode_0600_and_exactly_the_data) {
  TempDir tmp;
  const int dir = ::open(tmp.path().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  BOOST_REQUIRE(dir >= 0);
  const std::string data("a\0b\n", 4);
  BOOST_TEST(WriteNewPrivateFile(dir, "f.bin", data, "the file").ok());
  ::close(dir);
  BOOST_TEST(ReadFile(tmp / "f.bin") == data);
  BOOST_TEST(ModeOf(tmp / "f.bin") == 0600);
}

BOOST_AUTO_TEST_CASE(takes_an_absolute_path_with_at_fdcwd) {
  TempDir tmp;
  BOOST_TEST(WriteNewPrivateFile(AT_FDCWD, tmp / "user.js", "x", tmp / "user.js").ok());
  BOOST_TEST(ReadFile(tmp / "user.js") == "x");
  BOOST_TEST(ModeOf(tmp / "user.js") == 0600);
}

BOOST_AUTO_TEST_CASE(an_empty_file_is_created_too) {
  TempDir tmp;
  BOOST_TEST(WriteNewPrivateFile(AT_FDCWD, tmp / "empty", "", "e").ok());
  BOOST_TEST(std::filesystem::file_size(tmp / "empty") == 0u);
}

BOOST_AUTO_TEST_CASE(never_touches_an_existing_file) {
  TempDir tmp;
  { std::ofstream(tmp / "taken") << "theirs"; }
  absl::Status status = WriteNewPrivateFile(AT_FDCWD, tmp / "taken", "ours", "spool file T");
  BOOST_TEST(status.code() == absl::StatusCode::kAlreadyExists);
  BOOST_TEST(Message(status) == "cannot create spool file T: File exists");
  BOOST_TEST(ReadFile(tmp / "taken") == "theirs");  // neither written nor removed
}

BOOST_AUTO_TEST_CASE(never_follows_a_link) {
  TempDir tmp;
  { std::ofstream(tmp / "target") << "victim"; }
  std::filesystem::create_symlink(tmp / "target", tmp / "link");
  BOOST_REQUIRE(std::filesystem::is_symlink(tmp / "link"));
  absl::Status status = WriteNewPrivateFile(AT_FDCWD, tmp / "link", "ours", "L");
  BOOST_TEST(status.code() == absl::StatusCode::kAlreadyExists);
  BOOST_TEST(Message(status) == "cannot create L: File exists");
  BOOST_TEST(ReadFile(tmp / "target") == "victim");
  // A dangling link is not followed either: nothing appears where it points.
  std::filesystem::create_symlink(tmp / "nowhere", tmp / "dangling");
  BOOST_TEST(WriteNewPrivateFile(AT_FDCWD, tmp / "dangling", "ours", "D").code() ==
             absl::StatusCode::kAlreadyExists);
  BOOST_TEST(!std::filesystem::exists(tmp / "nowhere"));
}

BOOST_AUTO_TEST_CASE(a_missing_directory_is_a_failed_precondition) {
  TempDir tmp;
  absl::Status status = WriteNewPrivateFile(AT_FDCWD, tmp / "no/f", "x", tmp / "no/f");
  BOOST_TEST(status.code() == absl::StatusCode::kFailedPrecondition);
  BOOST_TEST(Message(status) == "cannot create " + (tmp / "no/f") + ": No such file or directory");
}

// A write that fails part way (here: past RLIMIT_FSIZE, EFBIG) leaves no partial file behind.
BOOST_AUTO_TEST_CASE(a_failed_write_removes_the_file) {
  TempDir tmp;
  struct rlimit old {};
  BOOST_REQUIRE(::getrlimit(RLIMIT_FSIZE, &old) == 0);
  struct sigaction ignore {
  }, old_action{};
  ignore.sa_handler = SIG_IGN;
  BOOST_REQUIRE(::sigaction(SIGXFSZ, &ignore, &old_action) == 0);
  struct rlimit small = old;
  small.rlim_cur = 10;
  BOOST_REQUIRE(::setrlimit(RLIMIT_FSIZE, &small) == 0);
  absl::Status status = WriteNewPrivateFile(AT_FDCWD, tmp / "big", std::string(100, 'x'), "B");
  ::setrlimit(RLIMIT_FSIZE, &old);
  ::sigaction(SIGXFSZ, &old_action, nullptr);
  BOOST_TEST(status.code() == absl::StatusCode::kInternal);
  BOOST_TEST(Message(status) == "cannot write B: File too large");
  BOOST_TEST(!std::filesystem::exists(tmp / "big"));
}

BOOST_AUTO_TEST_CASE(errno_status_codes_say_what_a_caller_can_do) {
  BOOST_TEST(ErrnoStatus(ENOSPC, "w").code() == absl::StatusCode::kUnavailable);
  BOOST_TEST(ErrnoStatus(EDQUOT, "w").code() == absl::StatusCode::kUnavailable);
  BOOST_TEST(ErrnoStatus(EEXIST, "w").code() == absl::StatusCode::kAlreadyExists);
  BOOST_TEST(ErrnoStatus(EACCES, "w").code() == absl::StatusCode::kPermissionDenied);
  BOOST_TEST(ErrnoStatus(EPERM, "w").code() == absl::StatusCode::kPermissionDenied);
  BOOST_TEST(ErrnoStatus(EROFS, "w").code() == absl::StatusCode::kPermissionDenied);
  BOOST_TEST(ErrnoStatus(ENOENT, "w").code() == absl::StatusCode::kFailedPrecondition);
  BOOST_TEST(ErrnoStatus(EIO, "w").code() == absl::StatusCode::kInternal);
  BOOST_TEST(Message(ErrnoStatus(ENOSPC, "cannot write X")) ==
             "cannot write X: No space left on device");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
