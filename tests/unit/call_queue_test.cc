// CallQueue (core/call_queue.h): calls take turns in arrival order, and a cancel reaches the
// call it names, waiting or running, and no other.
#include "core/call_queue.h"

#include <boost/test/unit_test.hpp>
#include <chrono>
#include <future>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace firefox_bidi {
namespace {

using std::chrono::milliseconds;

// The interrupt and rearm callbacks, logged.
struct Recorder {
  std::mutex mutex;
  std::vector<std::string> log;
  void Note(std::string what) {
    std::lock_guard<std::mutex> lock(mutex);
    log.push_back(std::move(what));
  }
  std::vector<std::string> Log() {
    std::lock_guard<std::mutex> lock(mutex);
    return log;
  }
};

// Waits until `done()`, 10 s at most.
template <class Done>
bool Eventually(const Done& done) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!done() && std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(milliseconds(1));
  }
  return done();
}

BOOST_AUTO_TEST_SUITE(call_queue)

BOOST_AUTO_TEST_CASE(calls_take_turns_in_arrival_order) {
  Recorder recorder;
  CallQueue queue([&] { recorder.Note("interrupt"); }, [&] { recorder.Note("rearm"); });
  int a = 0, b = 0;
  auto first = std::make_unique<CallQueue::Turn>(queue, &a);
  BOOST_TEST(!first->cancelled());
  std::atomic<bool> second_running{false};
  std::future<void> second = std::async(std::launch::async, [&] {
    CallQueue::Turn turn(queue, &b);
    BOOST_TEST(!turn.cancelled());
    second_running.store(true);
  });
  BOOST_TEST((second.wait_for(milliseconds(100)) == std::future_status::timeout));
  BOOST_TEST(!second_running.load());
  first.reset();
  second.get();
  BOOST_TEST(second_running.load());
  BOOST_TEST(recorder.Log() == (std::vector<std::string>{"rearm", "rearm"}),
             boost::test_tools::per_element());
  BOOST_TEST(queue.size() == 0u);
}

BOOST_AUTO_TEST_CASE(a_cancel_ends_the_waiting_call_it_names_and_leaves_the_running_one) {
  Recorder recorder;
  CallQueue queue([&] { recorder.Note("interrupt"); }, [&] { recorder.Note("rearm"); });
  int a = 0, b = 0;
  CallQueue::Turn running(queue, &a);
  std::future<bool> waiting = std::async(std::launch::async, [&] {
    CallQueue::Turn turn(queue, &b);
    return turn.cancelled();
  });
  BOOST_TEST_REQUIRE(Eventually([&] { return queue.size() == 2u; }));
  queue.Cancel(&b);
  BOOST_TEST((waiting.wait_for(std::chrono::seconds(10)) == std::future_status::ready));
  BOOST_TEST(waiting.get());  // it left without its turn
  BOOST_TEST(!running.cancelled());
  BOOST_TEST(recorder.Log() == (std::vector<std::string>{"rearm"}),
             boost::test_tools::per_element());  // no interrupt: it was not running
  queue.Cancel(&a);
  BOOST_TEST(running.cancelled());
  BOOST_TEST(recorder.Log() == (std::vector<std::string>{"rearm", "interrupt"}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_cancel_that_lands_while_a_call_reads_its_arguments_ends_it_at_its_turn) {
  Recorder recorder;
  CallQueue queue([&] { recorder.Note("interrupt"); }, [&] { recorder.Note("rearm"); });
  int a = 0, b = 0, c = 0;
  {
    const CallQueue::Arrival arrival(queue, &a);
    const CallQueue::Arrival other(queue, &b);
    queue.Cancel(&a);  // its agent is not known yet: no turn to cancel
    BOOST_TEST(queue.size() == 0u);
    const CallQueue::Turn turn(queue, &a, "default", &arrival);
    BOOST_TEST(turn.cancelled());  // it never runs
    const CallQueue::Turn others(queue, &b, "b", &other);
    BOOST_TEST(!others.cancelled());
  }
  {
    const CallQueue::Arrival arrival(queue, &c);
    queue.CancelAll();
    const CallQueue::Turn turn(queue, &c, "default", &arrival);
    BOOST_TEST(turn.cancelled());
  }
  // Only b's turn ran; nothing was running to interrupt.
  BOOST_TEST(recorder.Log() == (std::vector<std::string>{"rearm"}),
             boost::test_tools::per_element());
  BOOST_TEST(queue.size() == 0u);
}

BOOST_AUTO_TEST_CASE(cancel_all_reaches_every_call_but_a_release) {
  Recorder recorder;
  CallQueue queue([&] { recorder.Note("interrupt"); }, [&] { recorder.Note("rearm"); });
  int a = 0, b = 0;
  auto running = std::make_unique<CallQueue::Turn>(queue, &a);
  std::future<bool> waiting = std::async(std::launch::async, [&] {
    CallQueue::Turn turn(queue, &b);
    return turn.cancelled();
  });
  std::atomic<bool> released{false};
  std::future<bool> release = std::async(std::launch::async, [&] {
    CallQueue::Turn turn(queue, nullptr, "default", nullptr, /*cancellable=*/false);
    released.store(true);
    return turn.cancelled();
  });
  BOOST_TEST_REQUIRE(Eventually([&] { return queue.size() == 3u; }));  // both have joined
  queue.CancelAll();
  BOOST_TEST(running->cancelled());
  BOOST_TEST(waiting.get());
  // The release waits for the running call, then runs, cancel or not.
  BOOST_TEST(!released.load());
  running.reset();
  BOOST_TEST(!release.get());
  BOOST_TEST(released.load());
  BOOST_TEST(queue.size() == 0u);
}

BOOST_AUTO_TEST_CASE(calls_of_different_agents_run_at_once_and_one_agents_take_turns) {
  Recorder recorder;
  CallQueue queue([&] { recorder.Note("interrupt"); }, [&] { recorder.Note("rearm"); });
  int a1 = 0, b1 = 0, a2 = 0;
  auto first_of_a = std::make_unique<CallQueue::Turn>(queue, &a1, "a");
  auto first_of_b = std::make_unique<CallQueue::Turn>(queue, &b1, "b");  // not after a's
  BOOST_TEST(queue.running() == 2u);
  BOOST_TEST(first_of_a->lane().agent == "a");
  std::atomic<bool> second_of_a_running{false};
  std::future<bool> second_of_a = std::async(std::launch::async, [&] {
    CallQueue::Turn turn(queue, &a2, "a");
    second_of_a_running.store(true);
    return turn.cancelled();
  });
  BOOST_TEST_REQUIRE(Eventually([&] { return queue.size() == 3u; }));
  BOOST_TEST((second_of_a.wait_for(milliseconds(100)) == std::future_status::timeout));
  BOOST_TEST(!second_of_a_running.load());

  // A cancel of one of two running calls interrupts its own lane only.
  queue.Cancel(&b1);
  BOOST_TEST(first_of_b->cancelled());
  BOOST_TEST(first_of_b->lane().interrupted.load());
  BOOST_TEST(!first_of_a->lane().interrupted.load());
  BOOST_TEST(recorder.Log() == (std::vector<std::string>{"rearm", "rearm"}),
             boost::test_tools::per_element());
  first_of_b.reset();
  // Running alone, a cancelled call also stops what the session waits for.
  queue.Cancel(&a1);
  BOOST_TEST(first_of_a->lane().interrupted.load());
  BOOST_TEST(recorder.Log() == (std::vector<std::string>{"rearm", "rearm", "interrupt"}),
             boost::test_tools::per_element());
  BOOST_TEST(!second_of_a_running.load());
  first_of_a.reset();
  BOOST_TEST(!second_of_a.get());  // it ran, after a's first, not cancelled
  BOOST_TEST(recorder.Log() == (std::vector<std::string>{"rearm", "rearm", "interrupt", "rearm"}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
