#include "core/session_lifecycle.h"

namespace firefox_bidi {

SessionStep NextStep(SessionState state, SessionEvent event) {
  using S = SessionState;
  using E = SessionEvent;
  using A = SessionAction;
  if (event == E::kShutdown) {
    return {S::kNone, state == S::kPrelaunching ? A::kCancelAndRelease : A::kRelease};
  }
  switch (state) {
    case S::kNone:
      switch (event) {
        case E::kPrelaunch:
          return {S::kPrelaunching, A::kStartInBackground};
        case E::kCallBegins:
        case E::kFoundDead:
          return {S::kNone, A::kStart};
        case E::kStarted:
          return {S::kOpen, A::kNone};
        case E::kStartFailed:
          return {S::kNone, A::kRelease};
        default:
          return {state, A::kNone};
      }
    case S::kPrelaunching:
      switch (event) {
        case E::kCallBegins:
        case E::kFoundDead:
          return {S::kPrelaunching, A::kJoinBackground};
        case E::kStarted:
          return {S::kOpen, A::kNone};
        case E::kStartFailed:
          return {S::kNone, A::kRelease};
        default:
          return {state, A::kNone};
      }
    case S::kOpen:
      switch (event) {
        case E::kFoundDead:
          return {S::kNone, A::kDropAndStart};
        case E::kDisconnected:
          return {S::kLost, A::kDrop};
        case E::kBrowserClosed:
          return {S::kClosedByModel, A::kDrop};
        default:
          return {state, A::kNone};
      }
    case S::kLost:
    case S::kClosedByModel:
      switch (event) {
        case E::kCallBegins:
        case E::kFoundDead:
          return {S::kNone, A::kStart};
        default:
          return {state, A::kNone};
      }
  }
  return {state, A::kNone};
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
