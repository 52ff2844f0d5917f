#include "core/spool.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "absl/cleanup/cleanup.h"
#include "absl/strings/str_cat.h"
#include "core/batch_files.h"
#include "io/directory_spool.h"
#include "spool_test_support.h"

namespace firefox_bidi {
namespace {

using testing::Exists;
using testing::ListDir;
using testing::ModeOf;
using testing::ReadFile;
using testing::TempDir;
using testing::WriteFile;

std::string Message(const absl::Status& status) { return std::string(status.message()); }

std::unique_ptr<Spool> MustOpen(const std::string& dir, std::uint64_t quota) {
  absl::StatusOr<std::unique_ptr<Spool>> spool = OpenDirectorySpool(dir, quota);
  BOOST_TEST_REQUIRE(spool.ok(), spool.status().ToString());
  return *std::move(spool);
}

// Reserves and writes `data` as frame `index` of `batch`; returns the path.
std::string MustSpool(Spool& spool, std::string_view batch, std::size_t index,
                      const std::string& data) {
  absl::StatusOr<SpoolReservation> reservation =
      spool.Reserve(batch, index, "", "json", data.size());
  BOOST_TEST_REQUIRE(reservation.ok(), reservation.status().ToString());
  absl::Status written = spool.Write(*reservation, data);
  BOOST_TEST_REQUIRE(written.ok(), written.ToString());
  return reservation->path;
}

void SetMtime(const std::string& path, time_t seconds) {
  struct timespec times[2] = {{seconds, 0}, {seconds, 0}};
  BOOST_TEST_REQUIRE(::utimensat(AT_FDCWD, path.c_str(), times, 0) == 0);
}

// Points $TMPDIR somewhere else for one test.
class TmpdirOverride {
 public:
  explicit TmpdirOverride(const std::string& value) {
    if (const char* old = std::getenv("TMPDIR")) old_ = old;
    ::setenv("TMPDIR", value.c_str(), 1);
  }
  ~TmpdirOverride() {
    if (old_) {
      ::setenv("TMPDIR", old_->c_str(), 1);
    } else {
      ::unsetenv("TMPDIR");
    }
  }

 private:
  std::optional<std::string> old_;
};

std::string DefaultRoot(const TempDir& tmp) {
  return tmp / ("firefox-bidi-" + std::to_string(::geteuid()));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(spool)

BOOST_AUTO_TEST_CASE(open_creates_missing_directory_with_mode_0700) {
  TempDir tmp;
  ::umask(022);
  auto spool = MustOpen(tmp / "spool", 1000);
  BOOST_TEST(spool->directory() == tmp / "spool");
  BOOST_TEST(ModeOf(tmp / "spool") == 0700);
  BOOST_TEST(spool->used_bytes() == 0u);
}

BOOST_AUTO_TEST_CASE(open_strips_trailing_slashes) {
  TempDir tmp;
  auto spool = MustOpen(tmp / "spool//", 1000);
  BOOST_TEST(spool->directory() == tmp / "spool");
}

BOOST_AUTO_TEST_CASE(open_refuses_symlinked_directory) {
  TempDir tmp;
  BOOST_TEST_REQUIRE(::mkdir((tmp / "real").c_str(), 0700) == 0);
  BOOST_TEST_REQUIRE(::symlink((tmp / "real").c_str(), (tmp / "link").c_str()) == 0);
  absl::StatusOr<std::unique_ptr<Spool>> spool = OpenDirectorySpool(tmp / "link", 1000);
  BOOST_TEST(spool.status().code() == absl::StatusCode::kFailedPrecondition);
  BOOST_TEST(Message(spool.status()) ==
             "spool directory " + (tmp / "link") +
                 " is a symbolic link; refusing to use it (remove it or set spool_dir to a "
                 "private directory)");
  BOOST_TEST(ListDir(tmp / "real").empty());
}

BOOST_AUTO_TEST_CASE(open_refuses_dangling_symlink_instead_of_creating_its_target) {
  TempDir tmp;
  BOOST_TEST_REQUIRE(::symlink((tmp / "target").c_str(), (tmp / "link").c_str()) == 0);
  absl::StatusOr<std::unique_ptr<Spool>> spool = OpenDirectorySpool(tmp / "link", 1000);
  BOOST_TEST(spool.status().code() == absl::StatusCode::kFailedPrecondition);
  BOOST_TEST(!Exists(tmp / "target"));
}

BOOST_AUTO_TEST_CASE(open_refuses_group_writable_directory) {
  TempDir tmp;
  BOOST_TEST_REQUIRE(::mkdir((tmp / "spool").c_str(), 0700) == 0);
  BOOST_TEST_REQUIRE(::chmod((tmp / "spool").c_str(), 0770) == 0);
  absl::StatusOr<std::unique_ptr<Spool>> spool = OpenDirectorySpool(tmp / "spool", 1000);
  BOOST_TEST(spool.status().code() == absl::StatusCode::kFailedPrecondition);
  BOOST_TEST(Message(spool.status()) == "spool directory " + (tmp / "spool") +
                                            " has mode 0770; it must be 0700 (chmod 700 " +
                                            (tmp / "spool") + ")");
}

BOOST_AUTO_TEST_CASE(open_refuses_world_readable_directory) {
  TempDir tmp;
  BOOST_TEST_REQUIRE(::mkdir((tmp / "spool").c_str(), 0700) == 0);
  BOOST_TEST_REQUIRE(::chmod((tmp / "spool").c_str(), 0704) == 0);
  absl::StatusOr<std::unique_ptr<Spool>> spool = OpenDirectorySpool(tmp / "spool", 1000);
  BOOST_TEST(spool.status().code() == absl::StatusCode::kFailedPrecondition);
  BOOST_TEST(Message(spool.status()).find(" has mode 0704; it must be 0700") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(open_refuses_directory_owned_by_another_user) {
  TempDir tmp;
  BOOST_TEST_REQUIRE(::mkdir((tmp / "spool").c_str(), 0700) == 0);
  if (::chown((tmp / "spool").c_str(), 12345, 12345) != 0) {
    BOOST_TEST_MESSAGE("cannot chown (not root): skipped");
    return;
  }
  absl::StatusOr<std::unique_ptr<Spool>> spool = OpenDirectorySpool(tmp / "spool", 1000);
  BOOST_TEST(spool.status().code() == absl::StatusCode::kFailedPrecondition);
  BOOST_TEST(Message(spool.status()) ==
             "spool directory " + (tmp / "spool") + " is owned by uid 12345, not by you (uid " +
                 std::to_string(::geteuid()) +
                 "); refusing to use it (set spool_dir to a directory you own)");
}

BOOST_AUTO_TEST_CASE(open_refuses_regular_file) {
  TempDir tmp;
  WriteFile(tmp / "file", "x");
  absl::StatusOr<std::unique_ptr<Spool>> spool = OpenDirectorySpool(tmp / "file", 1000);
  BOOST_TEST(spool.status().code() == absl::StatusCode::kFailedPrecondition);
  BOOST_TEST(Message(spool.status()) ==
             "spool directory " + (tmp / "file") +
                 " exists but is not a directory; remove it or set spool_dir to a private "
                 "directory");
}

BOOST_AUTO_TEST_CASE(open_reports_missing_parent) {
  TempDir tmp;
  absl::StatusOr<std::unique_ptr<Spool>> spool = OpenDirectorySpool(tmp / "no/spool", 1000);
  BOOST_TEST(spool.status().code() == absl::StatusCode::kFailedPrecondition);
  BOOST_TEST(Message(spool.status()) ==
             "cannot create spool directory " + (tmp / "no/spool") + ": No such file or directory");
}

BOOST_AUTO_TEST_CASE(write_creates_file_with_exact_bytes_and_mode_0600) {
  TempDir tmp;
  auto spool = MustOpen(tmp.path(), 1000);
  const std::string batch = spool->BeginBatch("");
  BOOST_TEST(batch == "000001");
  absl::StatusOr<SpoolReservation> reservation = spool->Reserve(batch, 3, "tree", "json", 7);
  BOOST_TEST_REQUIRE(reservation.ok());
  BOOST_TEST(reservation->path == tmp / "000001-3-tree.json");
  BOOST_TEST(reservation->bytes == 7u);
  BOOST_TEST(spool->used_bytes() == 7u);
  BOOST_TEST_REQUIRE(spool->Write(*reservation, std::string("{\"a\":\0}", 7)).ok());
  BOOST_TEST(ReadFile(tmp / "000001-3-tree.json") == std::string("{\"a\":\0}", 7));
  BOOST_TEST(ModeOf(tmp / "000001-3-tree.json") == 0600);
  BOOST_TEST(spool->used_bytes() == 7u);
}

BOOST_AUTO_TEST_CASE(name_without_label_and_empty_file) {
  TempDir tmp;
  auto spool = MustOpen(tmp.path(), 1000);
  absl::StatusOr<SpoolReservation> reservation =
      spool->Reserve(spool->BeginBatch(""), 0, "", "png", 0);
  BOOST_TEST_REQUIRE(reservation.ok());
  BOOST_TEST(reservation->path == tmp / "000001-0.png");
  BOOST_TEST_REQUIRE(spool->Write(*reservation, "").ok());
  BOOST_TEST(Exists(tmp / "000001-0.png"));
  BOOST_TEST(ReadFile(tmp / "000001-0.png") == "");
}

BOOST_AUTO_TEST_CASE(batch_ids_increase) {
  TempDir tmp;
  auto spool = MustOpen(tmp.path(), 1000);
  BOOST_TEST(spool->BeginBatch("") == "000001");
  const std::string second = spool->BeginBatch("");
  BOOST_TEST(second == "000002");
  BOOST_TEST(MustSpool(*spool, second, 4, "x") == tmp / "000002-4.json");
  BOOST_TEST(spool->BeginBatch("") == "000003");
}

const char* const kBadLabels[] = {
    "../x", "a/b", "..", "1abc",
    "a.b",  "a b", "-a", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"};

BOOST_DATA_TEST_CASE(reserve_rejects_label_that_could_escape,
                     boost::unit_test::data::make(kBadLabels), label) {
  TempDir tmp;
  auto spool = MustOpen(tmp / "spool", 1000);
  absl::StatusOr<SpoolReservation> reservation =
      spool->Reserve(spool->BeginBatch(""), 0, label, "json", 1);
  BOOST_TEST(reservation.status().code() == absl::StatusCode::kInvalidArgument);
  BOOST_TEST(Message(reservation.status()).find("invalid spool file label") == 0u);
  BOOST_TEST(spool->used_bytes() == 0u);
  BOOST_TEST(ListDir(tmp.path()) == std::set<std::string>{"spool"});
}

const char* const kBadExtensions[] = {"", "../json", "j/x", "a.b", ".", "json\n"};

BOOST_DATA_TEST_CASE(reserve_rejects_bad_extension, boost::unit_test::data::make(kBadExtensions),
                     ext) {
  TempDir tmp;
  auto spool = MustOpen(tmp.path(), 1000);
  absl::StatusOr<SpoolReservation> reservation =
      spool->Reserve(spool->BeginBatch(""), 0, "ok", ext, 1);
  BOOST_TEST(reservation.status().code() == absl::StatusCode::kInvalidArgument);
  BOOST_TEST(Message(reservation.status()).find("invalid spool file extension") == 0u);
  BOOST_TEST(spool->used_bytes() == 0u);
}

BOOST_AUTO_TEST_CASE(reserve_accepts_longest_label) {
  TempDir tmp;
  auto spool = MustOpen(tmp.path(), 1000);
  const std::string label = "_" + std::string(63, 'z');
  absl::StatusOr<SpoolReservation> reservation =
      spool->Reserve(spool->BeginBatch(""), 1, label, "json", 1);
  BOOST_TEST_REQUIRE(reservation.ok());
  BOOST_TEST(reservation->path == tmp / ("000001-1-" + label + ".json"));
}

BOOST_AUTO_TEST_CASE(reserve_refuses_same_name_twice_in_a_batch) {
  TempDir tmp;
  auto spool = MustOpen(tmp.path(), 1000);
  const std::string batch = spool->BeginBatch("");
  BOOST_TEST_REQUIRE(spool->Reserve(batch, 2, "a", "json", 5).ok());
  absl::StatusOr<SpoolReservation> again = spool->Reserve(batch, 2, "a", "json", 5);
  BOOST_TEST(again.status().code() == absl::StatusCode::kAlreadyExists);
  BOOST_TEST(spool->used_bytes() == 5u);
}

BOOST_AUTO_TEST_CASE(batch_ids_start_after_highest_existing_batch) {
  TempDir tmp;
  WriteFile(tmp / "000041-0.json", "a");
  WriteFile(tmp / "7-2-x.txt", "b");
  auto spool = MustOpen(tmp.path(), 1000);
  BOOST_TEST(spool->BeginBatch("") == "000042");
}

BOOST_AUTO_TEST_CASE(existing_files_are_counted_and_evicted_first_by_age) {
  TempDir tmp;
  // Batch 5 is older by mtime than batch 3: age, not number, decides.
  WriteFile(tmp / "000005-0.json", std::string(10, 'a'));
  WriteFile(tmp / "000005-1-x.json", std::string(4, 'b'));
  WriteFile(tmp / "000003-1-x.json", std::string(20, 'c'));
  WriteFile(tmp / "notes.txt", std::string(7, 'n'));  // not a spool name: neither counted nor
                                                      // evicted
  SetMtime(tmp / "000005-0.json", 1000);
  SetMtime(tmp / "000005-1-x.json", 3000);
  SetMtime(tmp / "000003-1-x.json", 2000);
  auto spool = MustOpen(tmp.path(), 40);
  BOOST_TEST(spool->used_bytes() == 34u);
  const std::string batch = spool->BeginBatch("");
  BOOST_TEST(batch == "000006");
  absl::StatusOr<SpoolReservation> reservation = spool->Reserve(batch, 0, "", "json", 15);
  BOOST_TEST_REQUIRE(reservation.ok());
  BOOST_TEST(spool->used_bytes() == 35u);
  BOOST_TEST(!Exists(tmp / "000005-0.json"));
  BOOST_TEST(!Exists(tmp / "000005-1-x.json"));
  BOOST_TEST(ReadFile(tmp / "000003-1-x.json") == std::string(20, 'c'));
  BOOST_TEST(ReadFile(tmp / "notes.txt") == std::string(7, 'n'));
}

BOOST_AUTO_TEST_CASE(existing_files_over_quota_are_evicted_as_needed) {
  TempDir tmp;
  WriteFile(tmp / "000001-0.json", std::string(30, 'a'));
  WriteFile(tmp / "000002-0.json", std::string(30, 'b'));
  SetMtime(tmp / "000001-0.json", 1000);
  SetMtime(tmp / "000002-0.json", 2000);
  auto spool = MustOpen(tmp.path(), 50);
  BOOST_TEST(spool->used_bytes() == 60u);
  MustSpool(*spool, spool->BeginBatch(""), 0, std::string(5, 'x'));
  BOOST_TEST(spool->used_bytes() == 35u);
  BOOST_TEST(!Exists(tmp / "000001-0.json"));
  BOOST_TEST(Exists(tmp / "000002-0.json"));
}

BOOST_AUTO_TEST_CASE(eviction_removes_earlier_batches_oldest_first) {
  TempDir tmp;
  auto spool = MustOpen(tmp.path(), 100);
  const std::string one = spool->BeginBatch("");
  const std::string first = MustSpool(*spool, one, 0, std::string(40, '1'));
  const std::string two = spool->BeginBatch("");
  const std::string second = MustSpool(*spool, two, 0, std::string(40, '2'));
  const std::string three = spool->BeginBatch("");
  MustSpool(*spool, three, 0, std::string(30, '3'));
  BOOST_TEST(!Exists(first));
  BOOST_TEST(Exists(second));
  BOOST_TEST(spool->used_bytes() == 70u);
  MustSpool(*spool, three, 1, std::string(30, '3'));  // fits exactly
  BOOST_TEST(spool->used_bytes() == 100u);
  BOOST_TEST(Exists(second));
  MustSpool(*spool, three, 2, "3");
  BOOST_TEST(!Exists(second));
  BOOST_TEST(spool->used_bytes() == 61u);
  BOOST_TEST(ListDir(tmp.path()) ==
             (std::set<std::string>{".lock", ".batch-000003.lock", "000003-0.json", "000003-1.json",
                                    "000003-2.json"}));
}

BOOST_AUTO_TEST_CASE(current_batch_is_never_evicted) {
  TempDir tmp;
  auto spool = MustOpen(tmp.path(), 100);
  const std::string batch = spool->BeginBatch("");
  const std::string kept = MustSpool(*spool, batch, 0, std::string(60, 'k'));
  absl::StatusOr<SpoolReservation> reservation = spool->Reserve(batch, 1, "", "json", 50);
  BOOST_TEST(reservation.status().code() == absl::StatusCode::kResourceExhausted);
  BOOST_TEST(Message(reservation.status()) ==
             "spool quota exceeded: frame needs 50 bytes, quota 100, current batch already holds "
             "60 bytes");
  BOOST_TEST(ReadFile(kept) == std::string(60, 'k'));
  BOOST_TEST(spool->used_bytes() == 60u);
}

BOOST_AUTO_TEST_CASE(quota_exceeded_evicts_nothing) {
  TempDir tmp;
  auto spool = MustOpen(tmp.path(), 100);
  const std::string first = spool->BeginBatch("");
  const std::string old = MustSpool(*spool, first, 0, std::string(30, 'o'));
  const std::string second = spool->BeginBatch("");
  const std::string current = MustSpool(*spool, second, 0, std::string(50, 'c'));
  absl::StatusOr<SpoolReservation> reservation = spool->Reserve(second, 1, "big", "json", 60);
  BOOST_TEST(reservation.status().code() == absl::StatusCode::kResourceExhausted);
  BOOST_TEST(Message(reservation.status()) ==
             "spool quota exceeded: frame needs 60 bytes, quota 100, current batch already holds "
             "50 bytes");
  BOOST_TEST(ReadFile(old) == std::string(30, 'o'));
  BOOST_TEST(ReadFile(current) == std::string(50, 'c'));
  BOOST_TEST(spool->used_bytes() == 80u);
  // A smaller frame still fits once the old batch goes.
  BOOST_TEST(spool->Reserve(second, 1, "big", "json", 50).ok());
  BOOST_TEST(!Exists(old));
  BOOST_TEST(spool->used_bytes() == 100u);
}

BOOST_AUTO_TEST_CASE(batches_of_two_owners_run_at_the_same_time_each_in_its_own_files) {
  TempDir tmp;
  auto spool = MustOpen(tmp.path(), 1000);
  const std::string a = spool->BeginBatch("default");
  const std::string b = spool->BeginBatch("research");
  BOOST_TEST(a == "000001");
  BOOST_TEST(b == "000002");
  absl::StatusOr<SpoolReservation> a_tree = spool->Reserve(a, 0, "tree", "json", 3);
  BOOST_TEST_REQUIRE(a_tree.ok(), a_tree.status().ToString());
  BOOST_TEST(a_tree->path == tmp / "000001-0-tree.json");
  BOOST_TEST_REQUIRE(spool->Write(*a_tree, "aaa").ok());
  absl::StatusOr<SpoolReservation> b_tree = spool->Reserve(b, 0, "tree", "json", 4);
  BOOST_TEST_REQUIRE(b_tree.ok(), b_tree.status().ToString());
  BOOST_TEST(b_tree->path == tmp / "000002-0-tree.json");
  BOOST_TEST_REQUIRE(spool->Write(*b_tree, "bbbb").ok());
  BOOST_TEST(MustSpool(*spool, a, 1, "a1") == tmp / "000001-1.json");
  BOOST_TEST(ReadFile(tmp / "000001-0-tree.json") == "aaa");
  BOOST_TEST(ReadFile(tmp / "000002-0-tree.json") == "bbbb");
  BOOST_TEST(spool->used_bytes() == 9u);
  // Both batches are running: both are marked, so that no other process evicts them either.
  BOOST_TEST(ListDir(tmp.path()) ==
             (std::set<std::string>{".lock", ".batch-000001.lock", ".batch-000002.lock",
                                    "000001-0-tree.json", "000001-1.json", "000002-0-tree.json"}));
}

BOOST_AUTO_TEST_CASE(another_owners_last_batch_is_kept_until_that_owner_begins_its_next) {
  TempDir tmp;
  auto spool = MustOpen(tmp.path(), 100);
  // The default agent's call is over; its model may still be reading the file.
  const std::string a = spool->BeginBatch("default");
  const std::string a_file = MustSpool(*spool, a, 0, std::string(60, 'a'));
  const std::string b = spool->BeginBatch("research");
  absl::StatusOr<SpoolReservation> refused = spool->Reserve(b, 0, "", "json", 50);
  BOOST_TEST(refused.status().code() == absl::StatusCode::kResourceExhausted);
  BOOST_TEST(Message(refused.status()) ==
             "spool quota exceeded: frame needs 50 bytes, quota 100, current batch already holds "
             "0 bytes, other batches this process is still using hold 60 bytes");
  // Research's own next batch does not end the default agent's either.
  const std::string b_next = spool->BeginBatch("research");
  BOOST_TEST(spool->Reserve(b_next, 0, "", "json", 50).status().code() ==
             absl::StatusCode::kResourceExhausted);
  BOOST_TEST(ReadFile(a_file) == std::string(60, 'a'));
  BOOST_TEST(spool->used_bytes() == 60u);
  // The default agent's next call begins: its last batch becomes evictable.
  BOOST_TEST(spool->BeginBatch("default") == "000004");
  BOOST_TEST(MustSpool(*spool, b_next, 0, std::string(50, 'b')) == tmp / "000003-0.json");
  BOOST_TEST(!Exists(a_file));
  BOOST_TEST(spool->used_bytes() == 50u);
  BOOST_TEST(ListDir(tmp.path()) ==
             (std::set<std::string>{".lock", ".batch-000003.lock", "000003-0.json"}));
}

BOOST_AUTO_TEST_CASE(a_closed_owners_last_batch_becomes_evictable) {
  TempDir tmp;
  auto spool = MustOpen(tmp.path(), 100);
  const std::string research = spool->BeginBatch("research");
  const std::string research_file = MustSpool(*spool, research, 0, std::string(60, 'r'));
  const std::string mine = spool->BeginBatch("default");
  BOOST_TEST(spool->Reserve(mine, 0, "", "json", 50).status().code() ==
             absl::StatusCode::kResourceExhausted);
  // The research agent is closed: nobody will read its files any more.
  spool->EndOwner("research");
  BOOST_TEST(!Exists(tmp / ".batch-000001.lock"));
  BOOST_TEST(MustSpool(*spool, mine, 0, std::string(50, 'd')) == tmp / "000002-0.json");
  BOOST_TEST(!Exists(research_file));
  BOOST_TEST(spool->used_bytes() == 50u);
  spool->EndOwner("nobody");  // an owner without batches: nothing happens
  BOOST_TEST(ListDir(tmp.path()) ==
             (std::set<std::string>{".lock", ".batch-000002.lock", "000002-0.json"}));
}

BOOST_AUTO_TEST_CASE(an_owners_next_batch_makes_its_previous_one_evictable) {
  TempDir tmp;
  auto spool = MustOpen(tmp.path(), 100);
  const std::string first = spool->BeginBatch("default");
  const std::string first_file = MustSpool(*spool, first, 0, std::string(60, '1'));
  const std::string research = spool->BeginBatch("research");
  const std::string research_file = MustSpool(*spool, research, 0, std::string(20, 'r'));
  const std::string second = spool->BeginBatch("default");
  BOOST_TEST(second == "000003");
  BOOST_TEST(!Exists(tmp / ".batch-000001.lock"));
  // 80 + 50 > 100: the default agent's first batch goes, the research agent's stays.
  BOOST_TEST(MustSpool(*spool, second, 0, std::string(50, '2')) == tmp / "000003-0.json");
  BOOST_TEST(!Exists(first_file));
  BOOST_TEST(ReadFile(research_file) == std::string(20, 'r'));
  BOOST_TEST(spool->used_bytes() == 70u);
  BOOST_TEST(ListDir(tmp.path()) ==
             (std::set<std::string>{".lock", ".batch-000002.lock", ".batch-000003.lock",
                                    "000002-0.json", "000003-0.json"}));
}

BOOST_AUTO_TEST_CASE(reserve_refuses_an_unknown_or_ended_batch) {
  TempDir tmp;
  auto spool = MustOpen(tmp.path(), 100);
  absl::StatusOr<SpoolReservation> unknown = spool->Reserve("000007", 0, "", "json", 1);
  BOOST_TEST(unknown.status().code() == absl::StatusCode::kInvalidArgument);
  BOOST_TEST(Message(unknown.status()) ==
             "unknown spool batch \"000007\": not begun by this spool, or ended (its owner began "
             "another)");
  const std::string ended = spool->BeginBatch("");
  spool->BeginBatch("");
  absl::StatusOr<SpoolReservation> late = spool->Reserve(ended, 0, "", "json", 1);
  BOOST_TEST(late.status().code() == absl::StatusCode::kInvalidArgument);
  BOOST_TEST(Message(late.status()) ==
             "unknown spool batch \"000001\": not begun by this spool, or ended (its owner began "
             "another)");
  BOOST_TEST(spool->used_bytes() == 0u);
  BOOST_TEST(ListDir(tmp.path()) == std::set<std::string>{".lock"});
}

// Two agents' calls, each with its own BatchFiles on one spool: every file goes to the batch
// its own call began.
BOOST_AUTO_TEST_CASE(batch_files_of_two_agents_write_into_their_own_batches) {
  TempDir tmp;
  auto spool = MustOpen(tmp.path(), 1000);
  BatchFiles research(*spool, "research", 1 << 20, true);
  BatchFiles standard(*spool, "default", 1 << 20, true);
  absl::StatusOr<BatchFiles::Handed> r0 = research.Write(0, "", "json", std::string("r0"));
  absl::StatusOr<BatchFiles::Handed> d0 = standard.Write(0, "tree", "json", std::string("d00"));
  absl::StatusOr<BatchFiles::Handed> r1 = research.Write(1, "", "json", std::string("r1x"));
  BOOST_TEST_REQUIRE(r0.ok());
  BOOST_TEST_REQUIRE(d0.ok());
  BOOST_TEST_REQUIRE(r1.ok());
  BOOST_TEST(r0->path == tmp / "000001-0.json");
  BOOST_TEST(d0->path == tmp / "000002-0-tree.json");
  BOOST_TEST(r1->path == tmp / "000001-1.json");
  const std::vector<absl::Status> research_written = research.Drain();
  const std::vector<absl::Status> standard_written = standard.Drain();
  BOOST_TEST_REQUIRE(research_written.size() == 2u);
  BOOST_TEST(research_written[0].ok());
  BOOST_TEST(research_written[1].ok());
  BOOST_TEST_REQUIRE(standard_written.size() == 1u);
  BOOST_TEST(standard_written[0].ok());
  BOOST_TEST(ReadFile(r0->path) == "r0");
  BOOST_TEST(ReadFile(d0->path) == "d00");
  BOOST_TEST(ReadFile(r1->path) == "r1x");
  BOOST_TEST(spool->used_bytes() == 8u);
}

BOOST_AUTO_TEST_CASE(frame_larger_than_quota_is_refused) {
  TempDir tmp;
  auto spool = MustOpen(tmp.path(), 100);
  absl::StatusOr<SpoolReservation> reservation = spool->Reserve(
      spool->BeginBatch(""), 0, "", "json", std::numeric_limits<std::uint64_t>::max());
  BOOST_TEST(reservation.status().code() == absl::StatusCode::kResourceExhausted);
  BOOST_TEST(spool->used_bytes() == 0u);
}

BOOST_AUTO_TEST_CASE(release_gives_reservation_back_once) {
  TempDir tmp;
  auto spool = MustOpen(tmp.path(), 100);
  absl::StatusOr<SpoolReservation> reservation =
      spool->Reserve(spool->BeginBatch(""), 0, "", "json", 10);
  BOOST_TEST_REQUIRE(reservation.ok());
  BOOST_TEST(spool->used_bytes() == 10u);
  spool->Release(*reservation);
  BOOST_TEST(spool->used_bytes() == 0u);
  spool->Release(*reservation);
  BOOST_TEST(spool->used_bytes() == 0u);
  absl::Status written = spool->Write(*reservation, std::string(10, 'x'));
  BOOST_TEST(written.code() == absl::StatusCode::kFailedPrecondition);
  BOOST_TEST(Message(written) ==
             "spool file " + (tmp / "000001-0.json") + " has no open reservation");
  BOOST_TEST(!Exists(tmp / "000001-0.json"));
}

BOOST_AUTO_TEST_CASE(release_of_written_file_keeps_it_counted) {
  TempDir tmp;
  auto spool = MustOpen(tmp.path(), 100);
  absl::StatusOr<SpoolReservation> reservation =
      spool->Reserve(spool->BeginBatch(""), 0, "", "json", 3);
  BOOST_TEST_REQUIRE(spool->Write(*reservation, "abc").ok());
  spool->Release(*reservation);
  BOOST_TEST(spool->used_bytes() == 3u);
}

BOOST_AUTO_TEST_CASE(write_refuses_path_outside_directory) {
  TempDir tmp;
  auto spool = MustOpen(tmp / "spool", 100);
  absl::Status written = spool->Write(SpoolReservation{tmp / "000001-0.json", 1}, "x");
  BOOST_TEST(written.code() == absl::StatusCode::kInvalidArgument);
  written = spool->Write(SpoolReservation{tmp / "spool/../000001-0.json", 1}, "x");
  BOOST_TEST(written.code() == absl::StatusCode::kInvalidArgument);
  BOOST_TEST(ListDir(tmp.path()) == std::set<std::string>{"spool"});
}

BOOST_AUTO_TEST_CASE(write_of_wrong_size_releases_reservation) {
  TempDir tmp;
  auto spool = MustOpen(tmp.path(), 100);
  absl::StatusOr<SpoolReservation> reservation =
      spool->Reserve(spool->BeginBatch(""), 0, "", "json", 4);
  absl::Status written = spool->Write(*reservation, "abc");
  BOOST_TEST(written.code() == absl::StatusCode::kInvalidArgument);
  BOOST_TEST(Message(written) ==
             "spool file " + reservation->path + ": reserved 4 bytes but got 3");
  BOOST_TEST(spool->used_bytes() == 0u);
  BOOST_TEST(!Exists(reservation->path));
}

BOOST_AUTO_TEST_CASE(write_never_overwrites_a_file_that_appeared_under_its_name) {
  TempDir tmp;
  auto spool = MustOpen(tmp.path(), 100);
  absl::StatusOr<SpoolReservation> reservation =
      spool->Reserve(spool->BeginBatch(""), 0, "", "json", 4);
  WriteFile(reservation->path, "theirs");
  absl::Status written = spool->Write(*reservation, "ours");
  BOOST_TEST(written.code() == absl::StatusCode::kAlreadyExists);
  BOOST_TEST(Message(written) == "cannot create spool file " + reservation->path + ": File exists");
  BOOST_TEST(ReadFile(reservation->path) == "theirs");
  BOOST_TEST(spool->used_bytes() == 0u);
}

BOOST_AUTO_TEST_CASE(write_does_not_follow_a_planted_symlink) {
  TempDir tmp;
  auto spool = MustOpen(tmp / "spool", 100);
  absl::StatusOr<SpoolReservation> reservation =
      spool->Reserve(spool->BeginBatch(""), 0, "", "json", 4);
  BOOST_TEST_REQUIRE(::symlink((tmp / "victim").c_str(), reservation->path.c_str()) == 0);
  absl::Status written = spool->Write(*reservation, "ours");
  BOOST_TEST(written.code() == absl::StatusCode::kAlreadyExists);
  BOOST_TEST(!Exists(tmp / "victim"));
}

BOOST_AUTO_TEST_CASE(write_fails_cleanly_when_directory_was_removed) {
  TempDir tmp;
  auto spool = MustOpen(tmp / "spool", 100);
  const std::string batch = spool->BeginBatch("");
  const std::string kept = MustSpool(*spool, batch, 0, "abc");
  absl::StatusOr<SpoolReservation> reservation = spool->Reserve(batch, 1, "late", "json", 4);
  BOOST_TEST_REQUIRE(reservation.ok());
  std::filesystem::remove_all(tmp / "spool");
  absl::Status written = spool->Write(*reservation, "data");
  BOOST_TEST(written.code() == absl::StatusCode::kFailedPrecondition);
  BOOST_TEST(Message(written) == "cannot create spool file " + (tmp / "spool/000001-1-late.json") +
                                     ": No such file or directory");
  BOOST_TEST(spool->used_bytes() == 3u);
}

BOOST_AUTO_TEST_CASE(default_directory_uses_lowest_free_slot) {
  TempDir tmp;
  TmpdirOverride tmpdir(tmp.path() + "/");
  const std::string root = DefaultRoot(tmp);
  auto first = MustOpen("", 100);
  BOOST_TEST(first->directory() == root + "/spool-0");
  BOOST_TEST(ModeOf(root) == 0700);
  BOOST_TEST(ModeOf(root + "/spool-0") == 0700);
  auto second = MustOpen("", 100);
  BOOST_TEST(second->directory() == root + "/spool-1");
  first.reset();
  auto third = MustOpen("", 100);
  BOOST_TEST(third->directory() == root + "/spool-0");
}

BOOST_AUTO_TEST_CASE(concurrent_process_gets_another_slot) {
  TempDir tmp;
  TmpdirOverride tmpdir(tmp.path());
  int ready[2], release[2];
  BOOST_TEST_REQUIRE(::pipe(ready) == 0);
  BOOST_TEST_REQUIRE(::pipe(release) == 0);
  const pid_t child = ::fork();
  BOOST_TEST_REQUIRE(child >= 0);
  if (child == 0) {
    // Holds slot 0 until the parent has opened its own spool (EOF on `release`).
    ::close(ready[0]);
    ::close(release[1]);
    absl::StatusOr<std::unique_ptr<Spool>> spool = OpenDirectorySpool("", 100);
    const char status = spool.ok() ? 'y' : 'n';
    char ignored;
    (void)!::write(ready[1], &status, 1);
    (void)!::read(release[0], &ignored, 1);
    ::_exit(0);
  }
  ::close(ready[1]);
  ::close(release[0]);
  char child_status = 0;
  BOOST_TEST_REQUIRE(::read(ready[0], &child_status, 1) == 1);
  BOOST_TEST(child_status == 'y');
  absl::StatusOr<std::unique_ptr<Spool>> spool = OpenDirectorySpool("", 100);
  ::close(release[1]);  // lets the child exit
  ::close(ready[0]);
  int wait_status = 0;
  BOOST_TEST(::waitpid(child, &wait_status, 0) == child);
  BOOST_TEST_REQUIRE(spool.ok());
  BOOST_TEST((*spool)->directory() == DefaultRoot(tmp) + "/spool-1");
}

BOOST_AUTO_TEST_CASE(default_slot_reuse_counts_and_evicts_leftovers) {
  TempDir tmp;
  TmpdirOverride tmpdir(tmp.path());
  std::string leftover;
  {
    auto earlier = MustOpen("", 100);
    leftover = MustSpool(*earlier, earlier->BeginBatch(""), 0, std::string(70, 'e'));
  }
  auto later = MustOpen("", 100);
  BOOST_TEST(later->directory() == DefaultRoot(tmp) + "/spool-0");
  BOOST_TEST(later->used_bytes() == 70u);
  const std::string batch = later->BeginBatch("");
  BOOST_TEST(batch == "000002");
  MustSpool(*later, batch, 0, std::string(40, 'l'));
  BOOST_TEST(!Exists(leftover));
  BOOST_TEST(later->used_bytes() == 40u);
}

BOOST_AUTO_TEST_CASE(default_root_must_be_private) {
  TempDir tmp;
  TmpdirOverride tmpdir(tmp.path());
  const std::string root = DefaultRoot(tmp);
  BOOST_TEST_REQUIRE(::mkdir(root.c_str(), 0700) == 0);
  BOOST_TEST_REQUIRE(::chmod(root.c_str(), 0755) == 0);
  absl::StatusOr<std::unique_ptr<Spool>> spool = OpenDirectorySpool("", 100);
  BOOST_TEST(spool.status().code() == absl::StatusCode::kFailedPrecondition);
  BOOST_TEST(Message(spool.status()) == "spool directory " + root +
                                            " has mode 0755; it must be 0700 (chmod 700 " + root +
                                            ")");
}

BOOST_AUTO_TEST_CASE(default_slot_that_is_a_symlink_is_refused) {
  TempDir tmp;
  TmpdirOverride tmpdir(tmp.path());
  const std::string root = DefaultRoot(tmp);
  BOOST_TEST_REQUIRE(::mkdir(root.c_str(), 0700) == 0);
  BOOST_TEST_REQUIRE(::mkdir((tmp / "elsewhere").c_str(), 0700) == 0);
  BOOST_TEST_REQUIRE(::symlink((tmp / "elsewhere").c_str(), (root + "/spool-0").c_str()) == 0);
  absl::StatusOr<std::unique_ptr<Spool>> spool = OpenDirectorySpool("", 100);
  BOOST_TEST(spool.status().code() == absl::StatusCode::kFailedPrecondition);
  BOOST_TEST(ListDir(tmp / "elsewhere").empty());
}

BOOST_AUTO_TEST_CASE(a_default_root_taken_by_another_falls_back_to_a_fresh_private_directory) {
  TempDir tmp;
  TmpdirOverride tmpdir(tmp.path());
  const std::string root = DefaultRoot(tmp);
  BOOST_TEST_REQUIRE(::mkdir((tmp / "elsewhere").c_str(), 0700) == 0);
  BOOST_TEST_REQUIRE(::symlink((tmp / "elsewhere").c_str(), root.c_str()) == 0);
  absl::StatusOr<std::unique_ptr<Spool>> spool = OpenDirectorySpool("", 100);
  BOOST_TEST_REQUIRE(spool.ok(), spool.status().ToString());
  const std::string dir = (*spool)->directory();
  BOOST_TEST(dir.rfind(root + "-", 0) == 0u, dir);
  BOOST_TEST(dir.size() == root.size() + 7);
  BOOST_TEST((*spool)->notice() ==
             "the default spool directory " + root +
                 " is taken by another user (a link, not a directory, or not yours); using the "
                 "fresh private directory " +
                 dir + " instead, which later processes do not reuse: remove " + root +
                 " or set spool_dir");
  struct stat st;
  BOOST_TEST_REQUIRE(::lstat(dir.c_str(), &st) == 0);
  BOOST_TEST((st.st_mode & 07777) == 0700u);
  BOOST_TEST(ListDir(tmp / "elsewhere").empty());
  MustSpool(**spool, (*spool)->BeginBatch(""), 0, "x");
  // Our own root, when it is ours, is used as before and says nothing.
  spool->reset();
  BOOST_TEST_REQUIRE(::unlink(root.c_str()) == 0);
  absl::StatusOr<std::unique_ptr<Spool>> normal = OpenDirectorySpool("", 100);
  BOOST_TEST_REQUIRE(normal.ok());
  BOOST_TEST((*normal)->directory() == root + "/spool-0");
  BOOST_TEST((*normal)->notice() == "");
}

BOOST_AUTO_TEST_CASE(directories_above_the_spool_are_checked_as_ssh_checks_key_paths) {
  TempDir tmp;
  const std::string open_dir = tmp / "open";
  BOOST_TEST_REQUIRE(::mkdir(open_dir.c_str(), 0700) == 0);
  BOOST_TEST_REQUIRE(::chmod(open_dir.c_str(), 0777) == 0);
  absl::StatusOr<std::unique_ptr<Spool>> spool = OpenDirectorySpool(open_dir + "/spool", 100);
  BOOST_TEST(spool.status().code() == absl::StatusCode::kFailedPrecondition);
  BOOST_TEST(Message(spool.status()) ==
             "spool directory " + open_dir + "/spool lies in " + open_dir +
                 ", which others may write (mode 0777, not sticky): they could replace the "
                 "spool directory; chmod go-w " +
                 open_dir + " or set spool_dir elsewhere");
  BOOST_TEST(!Exists(open_dir + "/spool"));
  // Sticky, as /tmp is: nobody else can rename or remove our entries there.
  BOOST_TEST_REQUIRE(::chmod(open_dir.c_str(), 01777) == 0);
  BOOST_TEST(OpenDirectorySpool(open_dir + "/spool", 100).ok());
  if (::geteuid() == 0) {
    BOOST_TEST_REQUIRE(::chmod(open_dir.c_str(), 0755) == 0);
    BOOST_TEST_REQUIRE(::chown(open_dir.c_str(), 65534, 65534) == 0);
    spool = OpenDirectorySpool(open_dir + "/spool", 100);
    BOOST_TEST(Message(spool.status()) ==
               "spool directory " + open_dir + "/spool lies in " + open_dir +
                   ", which belongs to uid 65534 (not root, not you): its owner could replace "
                   "the spool directory; set spool_dir to a directory of yours");
  }
}

BOOST_AUTO_TEST_CASE(shared_explicit_directory_keeps_both_instances_files) {
  TempDir tmp;
  auto owner = MustOpen(tmp.path(), 100);
  const std::string owners = MustSpool(*owner, owner->BeginBatch(""), 0, std::string(40, 'o'));
  auto guest = MustOpen(tmp.path(), 100);
  BOOST_TEST(guest->used_bytes() == 40u);  // the owner's file counts, for the guest too
  const std::string batch = guest->BeginBatch("");
  BOOST_TEST(batch.rfind("000002_" + std::to_string(::getpid()) + "_", 0) == 0u);
  const std::string guests = MustSpool(*guest, batch, 0, std::string(40, 'g'));
  BOOST_TEST(guests == tmp / (batch + "-0.json"));
  MustSpool(*guest, guest->BeginBatch(""), 0,
            std::string(40, 'h'));  // evicts only the guest's own earlier batch
  BOOST_TEST(ReadFile(owners) == std::string(40, 'o'));
  BOOST_TEST(!Exists(guests));
  BOOST_TEST(guest->used_bytes() == 80u);
}

BOOST_AUTO_TEST_CASE(a_shared_directory_stays_within_its_quota_whoever_writes) {
  TempDir tmp;
  auto owner = MustOpen(tmp.path(), 100);
  const std::string owners = MustSpool(*owner, owner->BeginBatch(""), 0, std::string(30, 'o'));
  auto guest = MustOpen(tmp.path(), 100);
  // The long-lived owner sees what the guest wrote since it opened the directory.
  const std::string guests = MustSpool(*guest, guest->BeginBatch(""), 0, std::string(50, 'g'));
  const std::string owner_next = owner->BeginBatch("");
  BOOST_TEST(owner->Reserve(owner_next, 0, "", "json", 60).status().code() ==
             absl::StatusCode::kResourceExhausted);
  BOOST_TEST(owner->used_bytes() == 80u);
  // It evicts its own older batch to make room, never the guest's live file.
  MustSpool(*owner, owner_next, 1, std::string(40, 'p'));
  BOOST_TEST(!Exists(owners));
  BOOST_TEST(owner->used_bytes() == 90u);
  // The guest counts the owner's new file as well.
  const std::string guest_next = guest->BeginBatch("");
  BOOST_TEST(guest->Reserve(guest_next, 0, "", "json", 70).status().code() ==
             absl::StatusCode::kResourceExhausted);
  BOOST_TEST(ReadFile(guests) == std::string(50, 'g'));
  std::uint64_t on_disk = 0;
  for (const std::string& name : ListDir(tmp.path())) {
    if (name[0] != '.') on_disk += ReadFile(tmp / name).size();
  }
  BOOST_TEST(on_disk == 90u);
}

BOOST_AUTO_TEST_CASE(files_a_gone_guest_left_later_are_evicted_by_age) {
  TempDir tmp;
  auto owner = MustOpen(tmp.path(), 100);
  const std::string owners = MustSpool(*owner, owner->BeginBatch(""), 0, std::string(30, 'o'));
  // Written after the owner opened the directory by a guest that is gone (no marker), dated
  // before the owner's file: the older batch goes first, whoever wrote it.
  WriteFile(tmp / "000005_999999999_0-0.json", std::string(60, 'd'));
  SetMtime(tmp / "000005_999999999_0-0.json", 1000);
  MustSpool(*owner, owner->BeginBatch(""), 0, std::string(40, 'n'));
  BOOST_TEST(!Exists(tmp / "000005_999999999_0-0.json"));
  BOOST_TEST(ReadFile(owners) == std::string(30, 'o'));
  BOOST_TEST(owner->used_bytes() == 70u);
}

BOOST_AUTO_TEST_CASE(later_owner_leaves_files_of_a_running_guest_alone) {
  TempDir tmp;
  auto owner = MustOpen(tmp.path(), 100);
  auto guest = MustOpen(tmp.path(), 100);
  const std::string guests = MustSpool(*guest, guest->BeginBatch(""), 0, std::string(60, 'g'));
  owner.reset();
  // A guest suffix of a pid that cannot exist (above pid_max) marks an abandoned file.
  WriteFile(tmp / "000009_999999999_0-0.json", std::string(30, 'd'));
  auto next_owner = MustOpen(tmp.path(), 100);
  BOOST_TEST(next_owner->used_bytes() == 90u);  // the running guest's 60 count too
  MustSpool(*next_owner, next_owner->BeginBatch(""), 0, std::string(40, 'n'));
  BOOST_TEST(ReadFile(guests) == std::string(60, 'g'));
  BOOST_TEST(!Exists(tmp / "000009_999999999_0-0.json"));
}

// The shared directory of a long-lived `tool-host serve` and one-shot `tool-host call`s: each
// call evicts the batches earlier calls left, never the serving instance's current batch.
BOOST_AUTO_TEST_CASE(one_shot_guests_evict_what_earlier_guests_left) {
  TempDir tmp;
  auto serve = MustOpen(tmp.path(), 1000);  // holds .lock; its batches are 000001, 000002, ...
  const std::string serves = MustSpool(*serve, serve->BeginBatch(""), 0, std::string(300, 's'));
  std::vector<std::string> names;
  for (int call = 0; call < 4; ++call) {
    auto guest = MustOpen(tmp.path(), 1000);
    const std::string batch = guest->BeginBatch("");
    BOOST_TEST(batch.rfind(absl::StrCat("00000", 2 + call, "_", ::getpid(), "_"), 0) == 0u, batch);
    BOOST_TEST(MustSpool(*guest, batch, 0, std::string(400, static_cast<char>('a' + call))) ==
               tmp / (batch + "-0.json"));
    names.push_back(batch + "-0.json");
    // 300 + 400 fit in 1000; from the second call on, the call before it is evicted.
    BOOST_TEST(guest->used_bytes() == 700u);
    if (call > 0) BOOST_TEST(!Exists(tmp / names[call - 1]));
  }
  BOOST_TEST(ReadFile(serves) == std::string(300, 's'));
  BOOST_TEST(ReadFile(tmp / names[3]) == std::string(400, 'd'));
  BOOST_TEST(ListDir(tmp.path()) ==
             (std::set<std::string>{".lock", ".batch-000001.lock", "000001-0.json", names[3]}));
}

BOOST_AUTO_TEST_CASE(ended_batches_of_every_instance_are_evicted_oldest_first) {
  TempDir tmp;
  auto owner = MustOpen(tmp.path(), 100);
  const std::string a =
      MustSpool(*owner, owner->BeginBatch(""), 0, std::string(30, 'a'));  // 000001
  auto guest = MustOpen(tmp.path(), 100);
  const std::string b = MustSpool(*guest, guest->BeginBatch(""), 0, std::string(30, 'b'));
  const std::string c =
      MustSpool(*owner, owner->BeginBatch(""), 0, std::string(30, 'c'));  // the owner's current
  const std::string guest_next = guest->BeginBatch("");
  SetMtime(a, 1000);
  SetMtime(b, 2000);
  // 90 + 20 > 100: the guest evicts the oldest ended batch, the owner's first one.
  const std::string d = MustSpool(*guest, guest_next, 0, std::string(20, 'd'));
  BOOST_TEST(!Exists(a));
  BOOST_TEST(ReadFile(b) == std::string(30, 'b'));
  BOOST_TEST(guest->used_bytes() == 80u);
  // Then its own earlier one; the owner's current batch stays.
  MustSpool(*guest, guest_next, 1, std::string(40, 'e'));
  BOOST_TEST(!Exists(b));
  BOOST_TEST(ReadFile(c) == std::string(30, 'c'));
  BOOST_TEST(ReadFile(d) == std::string(20, 'd'));
  BOOST_TEST(guest->used_bytes() == 90u);
}

BOOST_AUTO_TEST_CASE(a_batch_another_instance_is_writing_is_counted_and_never_evicted) {
  TempDir tmp;
  auto writer = MustOpen(tmp.path(), 100);
  const std::string batch = writer->BeginBatch("");
  BOOST_TEST(batch == "000001");
  const std::string kept = MustSpool(*writer, batch, 0, std::string(60, 'w'));
  BOOST_TEST(ListDir(tmp.path()) ==
             (std::set<std::string>{".lock", ".batch-000001.lock", "000001-0.json"}));
  auto other = MustOpen(tmp.path(), 100);
  const std::string other_batch = other->BeginBatch("");
  absl::StatusOr<SpoolReservation> refused = other->Reserve(other_batch, 0, "", "json", 50);
  BOOST_TEST(refused.status().code() == absl::StatusCode::kResourceExhausted);
  BOOST_TEST(Message(refused.status()) ==
             "spool quota exceeded: frame needs 50 bytes, quota 100, current batch already holds "
             "0 bytes, batches that other processes are still writing hold 60 bytes");
  BOOST_TEST(ReadFile(kept) == std::string(60, 'w'));
  // Once the writer's next batch begins, the first one is an ended batch like any other.
  writer->BeginBatch("");
  BOOST_TEST(!Exists(tmp / ".batch-000001.lock"));
  MustSpool(*other, other_batch, 0, std::string(50, 'o'));
  BOOST_TEST(!Exists(kept));
  BOOST_TEST(other->used_bytes() == 50u);
}

BOOST_AUTO_TEST_CASE(a_killed_writers_batch_becomes_evictable_and_its_marker_goes) {
  TempDir tmp;
  auto spool = MustOpen(tmp.path(), 100);
  int ready[2];
  BOOST_TEST_REQUIRE(::pipe(ready) == 0);
  const pid_t child = ::fork();
  BOOST_TEST_REQUIRE(child >= 0);
  if (child == 0) {
    // Writes one file of its current batch, says which, and waits to be killed.
    ::close(ready[0]);
    absl::StatusOr<std::unique_ptr<Spool>> writer = OpenDirectorySpool(tmp.path(), 100);
    std::string batch = writer.ok() ? (*writer)->BeginBatch("") : "";
    absl::StatusOr<SpoolReservation> reservation =
        writer.ok() ? (*writer)->Reserve(batch, 0, "", "json", 70) : writer.status();
    if (!reservation.ok() || !(*writer)->Write(*reservation, std::string(70, 'k')).ok()) batch = "";
    batch.push_back('\n');
    (void)!::write(ready[1], batch.data(), batch.size());
    while (true) ::pause();
  }
  ::close(ready[1]);
  bool reaped = false;
  const absl::Cleanup reap = [child, &reaped] {  // no process left behind, whatever fails
    if (reaped) return;
    ::kill(child, SIGKILL);
    ::waitpid(child, nullptr, 0);
  };
  std::string batch;
  for (char c; ::read(ready[0], &c, 1) == 1 && c != '\n';) batch.push_back(c);
  ::close(ready[0]);
  BOOST_TEST_REQUIRE(batch.rfind(absl::StrCat("000001_", child, "_"), 0) == 0u, batch);
  const std::string file = tmp / (batch + "-0.json");
  const std::string marker = tmp / (".batch-" + batch + ".lock");
  BOOST_TEST(ReadFile(file) == std::string(70, 'k'));
  BOOST_TEST(Exists(marker));
  const std::string spool_batch = spool->BeginBatch("");
  BOOST_TEST(spool->Reserve(spool_batch, 0, "", "json", 40).status().code() ==
             absl::StatusCode::kResourceExhausted);
  BOOST_TEST_REQUIRE(::kill(child, SIGKILL) == 0);
  reaped = ::waitpid(child, nullptr, 0) == child;
  BOOST_TEST_REQUIRE(reaped);
  // The kernel dropped the dead writer's lock; its marker file is a leftover, which the next
  // spool to open the directory removes. The batch is an old one now, evicted when needed.
  BOOST_TEST(Exists(marker));
  auto later = MustOpen(tmp.path(), 100);
  BOOST_TEST(!Exists(marker));
  BOOST_TEST(later->used_bytes() == 70u);
  MustSpool(*spool, spool_batch, 0, std::string(40, 'n'));
  BOOST_TEST(!Exists(file));
  BOOST_TEST(spool->used_bytes() == 40u);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace firefox_bidi
