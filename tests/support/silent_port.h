// TCP peers that never answer, for tests of waits that must end on a cancel or a deadline.
#ifndef FIREFOX_BIDI_TESTS_SUPPORT_SILENT_PORT_H_
#define FIREFOX_BIDI_TESTS_SUPPORT_SILENT_PORT_H_

#include <cstdint>
#include <string>
#include <vector>

namespace firefox_bidi::testing {

// A listening socket on 127.0.0.1 that nobody serves. Constructors abort the test program when
// they cannot set it up.
class SilentPort {
 public:
  enum class Kind {
    // The kernel completes TCP connections into the backlog; nothing ever reads or answers
    // (an HTTP request or a WebSocket upgrade waits forever).
    kAcceptsNeverAnswers,
    // The accept queue is full (backlog 0, filled by connections made here) and nothing
    // accepts: the kernel drops new SYNs, so a connect never completes.
    kNeverAccepts,
  };

  explicit SilentPort(Kind kind = Kind::kAcceptsNeverAnswers);
  ~SilentPort();
  SilentPort(const SilentPort&) = delete;
  SilentPort& operator=(const SilentPort&) = delete;

  std::uint16_t port() const { return port_; }
  // "http://127.0.0.1:PORT"
  std::string http_url() const;
  // "ws://127.0.0.1:PORT/session"
  std::string ws_url() const;

 private:
  int listen_fd_ = -1;
  std::uint16_t port_ = 0;
  std::vector<int> fillers_;  // kNeverAccepts: the connections that fill the accept queue
};

}  // namespace firefox_bidi::testing

#endif  // FIREFOX_BIDI_TESTS_SUPPORT_SILENT_PORT_H_
