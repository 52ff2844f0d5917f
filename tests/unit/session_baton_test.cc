// SessionBaton (core/session_baton.h): one thread runs at a time; a holder that waits gives the
// baton to a thread that wants it and takes it back once something of its own is there or the
// baton is free, restoring its own state each time.
#include "core/session_baton.h"

#include <atomic>
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace firefox_bidi {
namespace {

using std::chrono::milliseconds;
using Clock = std::chrono::steady_clock;

// Waits until `done()`, 10 s at most.
template <class Done>
bool Eventually(const Done& done) {
  const auto until = Clock::now() + std::chrono::seconds(10);
  while (!done() && Clock::now() < until) std::this_thread::sleep_for(milliseconds(1));
  return done();
}

struct Journal {
  std::mutex mutex;
  std::vector<std::string> lines;
  void Note(std::string line) {
    std::lock_guard<std::mutex> lock(mutex);
    lines.push_back(std::move(line));
  }
};

struct CountingWaker final : SessionBaton::IoWaker {
  std::atomic<int> wakes{0};
  void Wake() override { ++wakes; }
};

BOOST_AUTO_TEST_SUITE(session_baton)

BOOST_AUTO_TEST_CASE(a_holder_that_waits_lets_another_run_and_resumes_once_its_reply_is_there) {
  SessionBaton baton;
  Journal journal;
  std::atomic<bool> a_ready{false};
  SessionBaton::Holder a{[&] { journal.Note("a resumes"); }};
  SessionBaton::Holder b{[&] { journal.Note("b resumes"); }};

  baton.Acquire(&a);
  CountingWaker io;
  BOOST_TEST(baton.BeginBlockingIo(&io));  // a blocks in I/O; nobody wants the baton yet
  std::thread b_thread([&] {
    const SessionBaton::Hold hold(baton, &b);
    journal.Note("b runs");
    a_ready.store(true);  // b's I/O read a's reply
    baton.Notify();
    journal.Note("b ends");
  });
  // b's Acquire got a out of its blocking I/O, and a sees the baton wanted.
  BOOST_REQUIRE(Eventually([&] { return io.wakes.load() == 1 && baton.wanted(); }));
  baton.EndBlockingIo();
  baton.YieldUntil([&] { return a_ready.load(); }, Clock::now() + std::chrono::seconds(10));
  journal.Note("a has its reply");
  baton.Release();
  b_thread.join();

  BOOST_TEST(journal.lines ==
                 (std::vector<std::string>{"b runs", "b ends", "a resumes", "a has its reply"}),
             boost::test_tools::per_element());
  BOOST_TEST(!baton.wanted());
}

BOOST_AUTO_TEST_CASE(a_holder_wanted_while_about_to_block_is_told_to_yield_instead) {
  SessionBaton baton;
  SessionBaton::Holder a;
  baton.Acquire(&a);
  std::thread b_thread([&] {
    SessionBaton::Holder b;
    const SessionBaton::Hold hold(baton, &b);
  });
  BOOST_REQUIRE(Eventually([&] { return baton.wanted(); }));
  CountingWaker io;
  // Blocking now would leave the wanting thread unwoken.
  BOOST_TEST(!baton.BeginBlockingIo(&io));
  baton.YieldUntil([] { return false; }, Clock::now() + std::chrono::seconds(10));
  // Back as soon as b let go: free, and nobody else wants it.
  b_thread.join();
  BOOST_TEST(io.wakes.load() == 0);
  baton.Release();
}

BOOST_AUTO_TEST_CASE(a_sleeping_holder_takes_the_baton_back_at_its_deadline) {
  SessionBaton baton;
  SessionBaton::Holder a;
  SessionBaton::Holder b;
  baton.Acquire(&a);
  std::atomic<bool> b_has_it{false};
  std::atomic<bool> b_may_end{false};
  std::thread b_thread([&] {
    const SessionBaton::Hold hold(baton, &b);
    b_has_it.store(true);
    // b holds on, and a's deadline passes meanwhile: a then asks for it.
    BOOST_REQUIRE(Eventually([&] { return baton.wanted(); }));
    b_may_end.store(true);
  });
  BOOST_REQUIRE(Eventually([&] { return baton.wanted(); }));
  baton.YieldUntil([] { return false; }, Clock::now() + milliseconds(50));
  BOOST_TEST(b_has_it.load());
  BOOST_TEST(b_may_end.load());
  b_thread.join();
  baton.Release();
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
