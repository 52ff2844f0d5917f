// The session lifecycle's whole transition table: every state against every event.
#include "core/session_lifecycle.h"

#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <ostream>

namespace firefox_bidi {
namespace {

using A = SessionAction;
using E = SessionEvent;
using S = SessionState;

struct Row {
  S state;
  E event;
  S next;
  A action;
};

std::ostream& operator<<(std::ostream& os, const Row& r) {
  return os << StateName(r.state) << " + " << EventName(r.event);
}

// Read a block as: in this state, on each event, the session becomes NEXT and does ACTION.
constexpr Row kTable[] = {
    // No session yet, or released.
    {S::kNone, E::kPrelaunch, S::kPrelaunching, A::kStartInBackground},
    {S::kNone, E::kCallBegins, S::kNone, A::kStart},
    {S::kNone, E::kFoundDead, S::kNone, A::kStart},
    {S::kNone, E::kStarted, S::kOpen, A::kNone},
    {S::kNone, E::kStartFailed, S::kNone, A::kRelease},
    {S::kNone, E::kDisconnected, S::kNone, A::kNone},
    {S::kNone, E::kBrowserClosed, S::kNone, A::kNone},
    {S::kNone, E::kShutdown, S::kNone, A::kRelease},
    // A start runs in the background: the first call waits for it.
    {S::kPrelaunching, E::kPrelaunch, S::kPrelaunching, A::kNone},
    {S::kPrelaunching, E::kCallBegins, S::kPrelaunching, A::kJoinBackground},
    {S::kPrelaunching, E::kFoundDead, S::kPrelaunching, A::kJoinBackground},
    {S::kPrelaunching, E::kStarted, S::kOpen, A::kNone},
    {S::kPrelaunching, E::kStartFailed, S::kNone, A::kRelease},
    {S::kPrelaunching, E::kDisconnected, S::kPrelaunching, A::kNone},
    {S::kPrelaunching, E::kBrowserClosed, S::kPrelaunching, A::kNone},
    {S::kPrelaunching, E::kShutdown, S::kNone, A::kCancelAndRelease},
    // A live session.
    {S::kOpen, E::kPrelaunch, S::kOpen, A::kNone},
    {S::kOpen, E::kCallBegins, S::kOpen, A::kNone},
    {S::kOpen, E::kFoundDead, S::kNone, A::kDropAndStart},
    {S::kOpen, E::kStarted, S::kOpen, A::kNone},
    {S::kOpen, E::kStartFailed, S::kOpen, A::kNone},
    {S::kOpen, E::kDisconnected, S::kLost, A::kDrop},
    {S::kOpen, E::kBrowserClosed, S::kClosedByModel, A::kDrop},
    {S::kOpen, E::kShutdown, S::kNone, A::kRelease},
    // Released during this invocation: its other calls fail; the next call starts afresh.
    {S::kLost, E::kPrelaunch, S::kLost, A::kNone},
    {S::kLost, E::kCallBegins, S::kNone, A::kStart},
    {S::kLost, E::kFoundDead, S::kNone, A::kStart},
    {S::kLost, E::kStarted, S::kLost, A::kNone},
    {S::kLost, E::kStartFailed, S::kLost, A::kNone},
    {S::kLost, E::kDisconnected, S::kLost, A::kNone},
    {S::kLost, E::kBrowserClosed, S::kLost, A::kNone},
    {S::kLost, E::kShutdown, S::kNone, A::kRelease},
    {S::kClosedByModel, E::kPrelaunch, S::kClosedByModel, A::kNone},
    {S::kClosedByModel, E::kCallBegins, S::kNone, A::kStart},
    {S::kClosedByModel, E::kFoundDead, S::kNone, A::kStart},
    {S::kClosedByModel, E::kStarted, S::kClosedByModel, A::kNone},
    {S::kClosedByModel, E::kStartFailed, S::kClosedByModel, A::kNone},
    {S::kClosedByModel, E::kDisconnected, S::kClosedByModel, A::kNone},
    {S::kClosedByModel, E::kBrowserClosed, S::kClosedByModel, A::kNone},
    {S::kClosedByModel, E::kShutdown, S::kNone, A::kRelease},
};

BOOST_AUTO_TEST_SUITE(session_lifecycle)

BOOST_DATA_TEST_CASE(every_state_meets_every_event_as_the_table_says, kTable, row) {
  const SessionStep step = NextStep(row.state, row.event);
  BOOST_TEST(StateName(step.next) == StateName(row.next));
  BOOST_TEST(static_cast<int>(step.action) == static_cast<int>(row.action));
}

BOOST_AUTO_TEST_CASE(the_table_covers_every_pair) { BOOST_TEST(std::size(kTable) == 5u * 8u); }

BOOST_AUTO_TEST_CASE(only_an_open_session_takes_commands) {
  BOOST_TEST((VerdictFor(S::kOpen) == CallVerdict::kSend));
  BOOST_TEST((VerdictFor(S::kNone) == CallVerdict::kNoSession));
  BOOST_TEST((VerdictFor(S::kPrelaunching) == CallVerdict::kNoSession));
  BOOST_TEST((VerdictFor(S::kLost) == CallVerdict::kLostEarlier));
  BOOST_TEST((VerdictFor(S::kClosedByModel) == CallVerdict::kClosedEarlier));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
