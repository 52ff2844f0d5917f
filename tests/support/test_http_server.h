// A scripted HTTP/1.1 server for tests: binds 127.0.0.1:0, serves each request on its own
// thread-owned loop with a handler, records what it received, and can misbehave on purpose
// (raw bytes, close without a reply, stall).
#ifndef FIREFOX_BIDI_TESTS_SUPPORT_TEST_HTTP_SERVER_H_
#define FIREFOX_BIDI_TESTS_SUPPORT_TEST_HTTP_SERVER_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/statusor.h"

namespace firefox_bidi::testing {

struct TestHttpRequest {
  std::string method;
  std::string target;
  std::string body;
};

struct TestHttpReply {
  enum class Kind {
    kResponse,  // status + JSON body
    kRaw,       // `raw` bytes as they are, then close
    kClose,     // close without answering
    kStall,     // keep the connection open, never answer (until the server stops)
  };
  Kind kind = Kind::kResponse;
  unsigned status = 200;
  std::string body;
  std::string raw;

  static TestHttpReply Json(unsigned status, std::string body) {
    return {Kind::kResponse, status, std::move(body), {}};
  }
  static TestHttpReply Raw(std::string bytes) { return {Kind::kRaw, 0, {}, std::move(bytes)}; }
  static TestHttpReply Close() { return {Kind::kClose, 0, {}, {}}; }
  static TestHttpReply Stall() { return {Kind::kStall, 0, {}, {}}; }
};

// Thread safety: the handler runs on the server's thread, one request at a time; the
// accessors may be called from any thread.
class TestHttpServer {
 public:
  using Handler = std::function<TestHttpReply(const TestHttpRequest&)>;

  // Binds 127.0.0.1:`port` (0: a free port the system picks).
  static absl::StatusOr<std::unique_ptr<TestHttpServer>> Start(Handler handler,
                                                               std::uint16_t port = 0);
  TestHttpServer(const TestHttpServer&) = delete;
  TestHttpServer& operator=(const TestHttpServer&) = delete;
  // Stops the thread and closes every connection, stalled ones included.
  ~TestHttpServer();

  std::uint16_t port() const { return port_; }
  // "http://127.0.0.1:PORT"
  std::string url() const;
  std::vector<TestHttpRequest> requests() const;
  // Each request so far as "METHOD TARGET", e.g. "DELETE /session/s-1".
  std::vector<std::string> request_lines() const;

 private:
  explicit TestHttpServer(Handler handler) : handler_(std::move(handler)) {}
  void Run();
  void Serve(int fd);

  Handler handler_;
  int listen_fd_ = -1;
  int wake_fds_[2] = {-1, -1};
  std::uint16_t port_ = 0;
  std::thread thread_;
  std::vector<int> stalled_fds_;  // server thread only
  mutable std::mutex mu_;
  std::vector<TestHttpRequest> requests_;  // guarded by mu_
};

}  // namespace firefox_bidi::testing

#endif  // FIREFOX_BIDI_TESTS_SUPPORT_TEST_HTTP_SERVER_H_
