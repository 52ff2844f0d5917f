#include "net/browser_session.h"

namespace firefox_bidi {

// Placeholder until the launcher lands.
std::unique_ptr<BrowserSession> BrowserSession::Create(const InstanceConfig&, LogFn) {
  return nullptr;
}

}  // namespace firefox_bidi
