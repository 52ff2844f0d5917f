#include "core/spool_writer.h"

#include <boost/test/unit_test.hpp>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "io/directory_spool.h"
#include "spool_test_support.h"

namespace firefox_bidi {
namespace {

using testing::ListDir;
using testing::ReadFile;
using testing::TempDir;
using testing::WriteFile;

// A Spool whose writes wait for an open gate and are recorded in order, so tests control when
// the worker finishes a job.
class GatedSpool final : public Spool {
 public:
  const std::string& directory() const override { return directory_; }
  std::string BeginBatch(std::string_view) override { return "000001"; }
  absl::StatusOr<SpoolReservation> Reserve(std::string_view, std::size_t, std::string_view,
                                           std::string_view, std::uint64_t) override {
    return absl::UnimplementedError("not used");
  }
  absl::Status Write(const SpoolReservation& reservation, std::string_view data) override {
    std::unique_lock lock(mu_);
    opened_.wait(lock, [&] { return open_; });
    events_.push_back("write " + reservation.path + " " + std::to_string(data.size()));
    changed_.notify_all();
    if (reservation.path == "fail") return absl::InternalError("disk on fire");
    return absl::OkStatus();
  }
  void Release(const SpoolReservation&) override {}
  std::uint64_t used_bytes() const override { return 0; }

  void Open() {
    std::lock_guard lock(mu_);
    open_ = true;
    opened_.notify_all();
  }
  void Record(std::string event) {
    std::lock_guard lock(mu_);
    events_.push_back(std::move(event));
    changed_.notify_all();
  }
  std::vector<std::string> events() {
    std::lock_guard lock(mu_);
    return events_;
  }

 private:
  const std::string directory_ = "/gated";
  std::mutex mu_;
  std::condition_variable opened_;
  std::condition_variable changed_;
  bool open_ = false;
  std::vector<std::string> events_;
};

std::unique_ptr<Spool> MustOpen(const std::string& dir, std::uint64_t quota) {
  absl::StatusOr<std::unique_ptr<Spool>> spool = OpenDirectorySpool(dir, quota);
  BOOST_TEST_REQUIRE(spool.ok(), spool.status().ToString());
  return *std::move(spool);
}

SpoolReservation MustReserve(Spool& spool, std::string_view batch, std::size_t index,
                             std::string_view label, std::uint64_t bytes) {
  absl::StatusOr<SpoolReservation> reservation = spool.Reserve(batch, index, label, "json", bytes);
  BOOST_TEST_REQUIRE(reservation.ok(), reservation.status().ToString());
  return *reservation;
}

// Runs the same two batches through a writer; returns the directory's files and contents.
std::vector<std::pair<std::string, std::string>> RunBatches(const std::string& dir, bool deferred) {
  auto spool = MustOpen(dir, 1 << 20);
  {
    SpoolWriter writer(*spool, 1000, deferred);
    for (int batch = 0; batch < 2; ++batch) {
      const std::string id = spool->BeginBatch("");
      for (std::size_t i = 0; i < 5; ++i) {
        std::string data(100 * (i + 1) + batch, static_cast<char>('a' + i));
        SpoolReservation reservation = MustReserve(*spool, id, i, i % 2 ? "odd" : "", data.size());
        BOOST_TEST(writer.Submit(reservation, std::move(data)) == i);
      }
      std::vector<absl::Status> statuses = writer.Drain();
      BOOST_TEST(statuses.size() == 5u);
      for (const absl::Status& status : statuses) BOOST_TEST(status.ok(), status.ToString());
    }
  }
  std::vector<std::pair<std::string, std::string>> files;
  for (const std::string& name : ListDir(dir)) files.emplace_back(name, ReadFile(dir + "/" + name));
  return files;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(spool_writer)

BOOST_AUTO_TEST_CASE(deferred_and_inline_writers_produce_identical_files) {
  TempDir tmp;
  auto inline_files = RunBatches(tmp / "inline", false);
  auto deferred_files = RunBatches(tmp / "deferred", true);
  // 10 files, the current batch's marker and the lock.
  BOOST_TEST_REQUIRE(deferred_files.size() == 12u);
  BOOST_TEST(deferred_files[0].first == ".batch-000002.lock");
  BOOST_TEST(deferred_files[1].first == ".lock");
  BOOST_TEST(deferred_files[2].first == "000001-0.json");
  BOOST_TEST(deferred_files[2].second == std::string(100, 'a'));
  BOOST_TEST(deferred_files[11].first == "000002-4.json");
  BOOST_TEST(deferred_files[11].second == std::string(501, 'e'));
  BOOST_TEST((deferred_files == inline_files));
}

BOOST_AUTO_TEST_CASE(drain_returns_statuses_in_ticket_order_and_resets_tickets) {
  TempDir tmp;
  auto spool = MustOpen(tmp.path(), 1000);
  SpoolWriter writer(*spool, 1000);
  const std::string batch = spool->BeginBatch("");
  SpoolReservation first = MustReserve(*spool, batch, 0, "", 3);
  SpoolReservation taken = MustReserve(*spool, batch, 1, "", 3);
  SpoolReservation third = MustReserve(*spool, batch, 2, "", 3);
  WriteFile(taken.path, "old");
  BOOST_TEST(writer.Submit(first, std::string("one")) == 0u);
  BOOST_TEST(writer.Submit(taken, std::string("two")) == 1u);
  BOOST_TEST(writer.Submit(third, std::string("333")) == 2u);
  std::vector<absl::Status> statuses = writer.Drain();
  BOOST_TEST_REQUIRE(statuses.size() == 3u);
  BOOST_TEST(statuses[0].ok());
  BOOST_TEST(statuses[1].code() == absl::StatusCode::kAlreadyExists);
  BOOST_TEST(std::string(statuses[1].message()) ==
             "cannot create spool file " + taken.path + ": File exists");
  BOOST_TEST(statuses[2].ok());
  BOOST_TEST(ReadFile(first.path) == "one");
  BOOST_TEST(ReadFile(taken.path) == "old");
  BOOST_TEST(ReadFile(third.path) == "333");
  BOOST_TEST(spool->used_bytes() == 6u);

  BOOST_TEST(writer.Drain().empty());
  SpoolReservation next = MustReserve(*spool, batch, 3, "", 1);
  BOOST_TEST(writer.Submit(next, std::string("4")) == 0u);
  statuses = writer.Drain();
  BOOST_TEST_REQUIRE(statuses.size() == 1u);
  BOOST_TEST(statuses[0].ok());
}

BOOST_AUTO_TEST_CASE(jobs_are_written_in_submission_order) {
  GatedSpool spool;
  SpoolWriter writer(spool, 1000);
  writer.Submit(SpoolReservation{"a", 1}, std::string("1"));
  writer.Submit(SpoolReservation{"fail", 2}, std::string("22"));
  writer.Submit(SpoolReservation{"c", 3}, std::string("333"));
  spool.Open();
  std::vector<absl::Status> statuses = writer.Drain();
  BOOST_TEST(spool.events() ==
             (std::vector<std::string>{"write a 1", "write fail 2", "write c 3"}));
  BOOST_TEST_REQUIRE(statuses.size() == 3u);
  BOOST_TEST(statuses[0].ok());
  BOOST_TEST(statuses[1] == absl::InternalError("disk on fire"));
  BOOST_TEST(statuses[2].ok());
}

BOOST_AUTO_TEST_CASE(submit_blocks_while_in_flight_bytes_exceed_the_bound) {
  GatedSpool spool;
  SpoolWriter writer(spool, 10);
  writer.Submit(SpoolReservation{"a", 8}, std::string(8, 'a'));  // admitted: 8 <= 10
  std::thread submitter([&] {
    writer.Submit(SpoolReservation{"b", 5}, std::string(5, 'b'));  // 8 + 5 > 10: waits
    spool.Record("submitted b");
  });
  // A broken bound would let "submitted b" in before the gate opens; give it the chance.
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  spool.Record("gate opened");
  spool.Open();
  submitter.join();
  std::vector<absl::Status> statuses = writer.Drain();
  BOOST_TEST(statuses.size() == 2u);
  std::vector<std::string> events = spool.events();
  BOOST_TEST_REQUIRE(events.size() == 4u);
  BOOST_TEST(events[0] == "gate opened");
  BOOST_TEST(events[1] == "write a 8");
  // "submitted b" and "write b 5" may come in either order once a is written.
  BOOST_TEST((events[2] == "submitted b" || events[3] == "submitted b"));
}

BOOST_AUTO_TEST_CASE(job_larger_than_the_bound_is_admitted_alone) {
  GatedSpool spool;
  spool.Open();
  SpoolWriter writer(spool, 4);
  BOOST_TEST(writer.Submit(SpoolReservation{"big", 10}, std::string(10, 'x')) == 0u);
  BOOST_TEST(writer.Submit(SpoolReservation{"big2", 10}, std::string(10, 'y')) == 1u);
  std::vector<absl::Status> statuses = writer.Drain();
  BOOST_TEST(statuses.size() == 2u);
  BOOST_TEST(spool.events() == (std::vector<std::string>{"write big 10", "write big2 10"}));
}

BOOST_AUTO_TEST_CASE(inline_writer_writes_before_submit_returns) {
  TempDir tmp;
  auto spool = MustOpen(tmp.path(), 1000);
  SpoolWriter writer(*spool, 1, /*deferred=*/false);
  SpoolReservation reservation = MustReserve(*spool, spool->BeginBatch(""), 0, "x", 5);
  BOOST_TEST(writer.Submit(reservation, std::string("hello")) == 0u);
  BOOST_TEST(ReadFile(reservation.path) == "hello");
  std::vector<absl::Status> statuses = writer.Drain();
  BOOST_TEST_REQUIRE(statuses.size() == 1u);
  BOOST_TEST(statuses[0].ok());
}

BOOST_AUTO_TEST_CASE(destructor_finishes_queued_writes) {
  TempDir tmp;
  auto spool = MustOpen(tmp.path(), 1000);
  const std::string batch = spool->BeginBatch("");
  SpoolReservation first = MustReserve(*spool, batch, 0, "", 3);
  SpoolReservation second = MustReserve(*spool, batch, 1, "", 3);
  {
    SpoolWriter writer(*spool, 1000);
    writer.Submit(first, std::string("abc"));
    writer.Submit(second, std::string("def"));
  }
  BOOST_TEST(ReadFile(first.path) == "abc");
  BOOST_TEST(ReadFile(second.path) == "def");
}

BOOST_AUTO_TEST_CASE(writer_without_submissions_drains_empty) {
  GatedSpool spool;  // never opened: a started worker with work would hang here
  SpoolWriter writer(spool, 10);
  BOOST_TEST(writer.Drain().empty());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace firefox_bidi
