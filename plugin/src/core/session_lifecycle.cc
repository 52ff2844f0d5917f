#include "core/session_lifecycle.h"

namespace firefox_bidi {

SessionStep NextStep(SessionState state, SessionEvent event) {
  using S = SessionState;
  using E = SessionEvent;
  using A = SessionAction;
  const SessionStep stay{state, A::kNone};
  const bool starting = state == S::kNone || state == S::kPrelaunching;
  switch (event) {
    case E::kShutdown:
      return {S::kNone, state == S::kPrelaunching ? A::kCancelAndRelease : A::kRelease};
    case E::kStarted:  // a start's outcome: only a start under way has one
      return starting ? SessionStep{S::kOpen, A::kNone} : stay;
    case E::kStartFailed:
      return starting ? SessionStep{S::kNone, A::kRelease} : stay;
    case E::kPrelaunch:
      return state == S::kNone ? SessionStep{S::kPrelaunching, A::kStartInBackground} : stay;
    case E::kCallBegins:
    case E::kFoundDead:
      switch (state) {
        case S::kPrelaunching:
          return {S::kPrelaunching, A::kJoinBackground};
        case S::kOpen:
          return event == E::kFoundDead ? SessionStep{S::kNone, A::kDropAndStart} : stay;
        case S::kNone:
        case S::kLost:
        case S::kClosedByModel:
          return {S::kNone, A::kStart};
      }
      return stay;
    case E::kDisconnected:
      return state == S::kOpen ? SessionStep{S::kLost, A::kDrop} : stay;
    case E::kBrowserClosed:
      return state == S::kOpen ? SessionStep{S::kClosedByModel, A::kDrop} : stay;
  }
  return stay;
}

CallVerdict VerdictFor(SessionState state) {
  switch (state) {
    case SessionState::kOpen:
      return CallVerdict::kSend;
    case SessionState::kLost:
      return CallVerdict::kLostEarlier;
    case SessionState::kClosedByModel:
      return CallVerdict::kClosedEarlier;
    case SessionState::kNone:
    case SessionState::kPrelaunching:
      break;
  }
  return CallVerdict::kNoSession;
}

std::string_view StateName(SessionState state) {
  switch (state) {
    case SessionState::kNone:
      return "none";
    case SessionState::kPrelaunching:
      return "prelaunching";
    case SessionState::kOpen:
      return "open";
    case SessionState::kLost:
      return "lost";
    case SessionState::kClosedByModel:
      return "closed by model";
  }
  return "?";
}

std::string_view EventName(SessionEvent event) {
  switch (event) {
    case SessionEvent::kPrelaunch:
      return "prelaunch";
    case SessionEvent::kCallBegins:
      return "call begins";
    case SessionEvent::kFoundDead:
      return "found dead";
    case SessionEvent::kStarted:
      return "started";
    case SessionEvent::kStartFailed:
      return "start failed";
    case SessionEvent::kDisconnected:
      return "disconnected";
    case SessionEvent::kBrowserClosed:
      return "browser closed";
    case SessionEvent::kShutdown:
      return "shutdown";
  }
  return "?";
}

}  // namespace firefox_bidi
