#include "support/stand_in_webdriver.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <cerrno>
#include <chrono>
#include <fstream>
#include <thread>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "core/string_view_compat.h"
#include "net/firefox_launcher.h"

namespace firefox_bidi::testing {
namespace {

constexpr int kMarionetteTimeoutMs = 60000;

TestHttpReply WebDriverError(unsigned status, std::string_view error, std::string_view message) {
  return TestHttpReply::Json(
      status, boost::json::serialize(boost::json::object{
                  {"value", {{"error", error}, {"message", message}, {"stacktrace", ""}}}}));
}

// A Marionette connection: messages are "<decimal length>:<json>"; commands are
// [0, id, name, params], replies [1, id, error, result].
class Marionette {
 public:
  ~Marionette() {
    if (fd_ >= 0) ::close(fd_);
  }

  absl::Status Connect(int port) {
    fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = htons(static_cast<std::uint16_t>(port));
    if (fd_ < 0 || ::connect(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
      return absl::UnavailableError(absl::StrCat("cannot connect to Marionette on port ", port));
    }
    // The greeting: {"applicationType":"gecko","marionetteProtocol":3}.
    absl::StatusOr<boost::json::value> greeting = Receive();
    if (!greeting.ok()) return greeting.status();
    return absl::OkStatus();
  }

  // Sends a command and returns its result, or the Marionette error as kUnavailable.
  absl::StatusOr<boost::json::value> Command(std::string_view name, boost::json::object params) {
    const std::uint64_t id = ++last_id_;
    const std::string text =
        boost::json::serialize(boost::json::array{0, id, name, std::move(params)});
    const std::string frame = absl::StrCat(text.size(), ":", text);
    if (::send(fd_, frame.data(), frame.size(), MSG_NOSIGNAL) !=
        static_cast<ssize_t>(frame.size())) {
      return absl::UnavailableError("Marionette connection lost while sending");
    }
    for (;;) {
      absl::StatusOr<boost::json::value> message = Receive();
      if (!message.ok()) return message.status();
      const boost::json::array* reply = message->if_array();
      if (!reply || reply->size() != 4 || !(*reply)[1].is_number() ||
          (*reply)[1].to_number<std::uint64_t>() != id) {
        continue;
      }
      if (!(*reply)[2].is_null()) {
        return absl::UnavailableError(
            absl::StrCat("Marionette ", ToAbsl(name), ": ", boost::json::serialize((*reply)[2])));
      }
      return (*reply)[3];
    }
  }

 private:
  absl::StatusOr<boost::json::value> Receive() {
    std::string length;
    char c = 0;
    while (ReadSome(&c, 1) && c != ':') length.push_back(c);
    std::size_t size = 0;
    if (c != ':' || !absl::SimpleAtoi(length, &size) || size > (64u << 20)) {
      return absl::UnavailableError("malformed Marionette message or connection lost");
    }
    std::string body(size, '\0');
    for (std::size_t done = 0; done < size;) {
      const ssize_t n = Read(body.data() + done, size - done);
      if (n <= 0) return absl::UnavailableError("Marionette connection lost");
      done += static_cast<std::size_t>(n);
    }
    boost::system::error_code ec;
    boost::json::value doc = boost::json::parse(body, ec);
    if (ec) return absl::UnavailableError("Marionette sent a message that is not JSON");
    return doc;
  }

  bool ReadSome(char* c, std::size_t n) { return Read(c, n) == static_cast<ssize_t>(n); }

  ssize_t Read(char* data, std::size_t n) {
    struct pollfd pfd = {fd_, POLLIN, 0};
    if (::poll(&pfd, 1, kMarionetteTimeoutMs) != 1) return -1;
    return ::recv(fd_, data, n, 0);
  }

  int fd_ = -1;
  std::uint64_t last_id_ = 0;
};

// Firefox writes the port it bound for marionette.port=0 into the profile.
absl::StatusOr<int> WaitForMarionettePort(const std::string& profile_dir) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (std::chrono::steady_clock::now() < deadline) {
    std::ifstream in(profile_dir + "/MarionetteActivePort");
    int port = 0;
    if (in >> port && port > 0) return port;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return absl::UnavailableError("Firefox did not write MarionetteActivePort within 30 s");
}

}  // namespace

struct StandInWebDriver::Session {
  std::unique_ptr<FirefoxProcess> firefox;
  Marionette marionette;
};

absl::StatusOr<std::unique_ptr<StandInWebDriver>> StandInWebDriver::Start(
    FirefoxConfig firefox, std::uint16_t port, std::function<void(std::string_view)> log) {
  std::unique_ptr<StandInWebDriver> driver(new StandInWebDriver());
  driver->log_ = std::move(log);
  firefox.args.push_back("--marionette");
  firefox.prefs["marionette.port"] = 0;
  driver->firefox_ = std::move(firefox);
  absl::StatusOr<std::unique_ptr<TestHttpServer>> http = TestHttpServer::Start(
      [d = driver.get()](const TestHttpRequest& request) {
        if (!d->log_) return d->Handle(request);
        const auto start = std::chrono::steady_clock::now();
        d->log_(absl::StrCat(request.method, " ", request.target, " ..."));
        TestHttpReply reply = d->Handle(request);
        const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                            std::chrono::steady_clock::now() - start)
                            .count();
        d->log_(absl::StrCat(request.method, " ", request.target, " -> ", reply.status, " in ", ms,
                             " ms", reply.status == 200 ? "" : ": ",
                             reply.status == 200 ? "" : reply.body));
        return reply;
      },
      port);
  if (!http.ok()) return http.status();
  driver->http_ = *std::move(http);
  return driver;
}

StandInWebDriver::~StandInWebDriver() {
  http_.reset();  // no request is in flight after this
  std::lock_guard lock(mu_);
  sessions_.clear();
}

std::vector<std::string> StandInWebDriver::request_lines() const {
  std::vector<std::string> lines;
  for (const TestHttpRequest& request : http_->requests()) {
    lines.push_back(absl::StrCat(request.method, " ", request.target));
  }
  return lines;
}

std::size_t StandInWebDriver::live_sessions() const {
  std::lock_guard lock(mu_);
  return sessions_.size();
}

std::vector<pid_t> StandInWebDriver::launched_groups() const {
  std::lock_guard lock(mu_);
  return groups_;
}

TestHttpReply StandInWebDriver::Handle(const TestHttpRequest& request) {
  constexpr std::string_view kSessionPrefix = "/session/";
  if (request.method == "POST" && request.target == "/session") return NewSession(request.body);
  if (request.method == "GET" && request.target == "/status") {
    return TestHttpReply::Json(200, R"({"value":{"ready":true,"message":""}})");
  }
  if (request.method == "GET" && request.target.rfind(kSessionPrefix, 0) == 0 &&
      request.target.ends_with("/timeouts")) {
    const std::string id = request.target.substr(kSessionPrefix.size(),
                                                 request.target.size() - kSessionPrefix.size() - 9);
    std::lock_guard lock(mu_);
    if (!sessions_.count(id)) {
      return WebDriverError(404, "invalid session id", absl::StrCat("no session ", id));
    }
    return TestHttpReply::Json(200, R"({"value":{"implicit":0,"pageLoad":300000,"script":30000}})");
  }
  if (request.method == "DELETE" && request.target.rfind(kSessionPrefix, 0) == 0) {
    return DeleteSession(request.target.substr(kSessionPrefix.size()));
  }
  return WebDriverError(404, "unknown command",
                        absl::StrCat(request.method, " ", request.target, " is not supported"));
}

TestHttpReply StandInWebDriver::NewSession(const std::string& body) {
  boost::system::error_code ec;
  const boost::json::value doc = boost::json::parse(body, ec);
  const boost::json::value* caps = nullptr;
  if (!ec && doc.is_object()) caps = doc.as_object().if_contains("capabilities");
  if (!caps || !caps->is_object()) {
    return WebDriverError(400, "invalid argument", "the body has no capabilities object");
  }
  // Marionette takes the merged capabilities flat (alwaysMatch, then the first firstMatch
  // entry, which is how a Grid node sends them); moz:firefoxOptions is geckodriver's own (the
  // stand-in always runs the browser as configured at Start) and se:* are the Grid's.
  boost::json::object flat;
  auto merge = [&flat](const boost::json::value* from) {
    if (!from || !from->is_object()) return;
    for (const auto& [key, value] : from->as_object()) {
      if (key != "moz:firefoxOptions" && !key.starts_with("se:")) flat[key] = value;
    }
  };
  merge(caps->as_object().if_contains("alwaysMatch"));
  if (const auto* first = caps->as_object().if_contains("firstMatch");
      first && first->is_array() && !first->as_array().empty()) {
    merge(&first->as_array().front());
  }

  auto session = std::make_unique<Session>();
  absl::StatusOr<std::unique_ptr<FirefoxProcess>> firefox = FirefoxProcess::Launch(firefox_);
  if (!firefox.ok())
    return WebDriverError(500, "session not created", ToStd(firefox.status().message()));
  session->firefox = *std::move(firefox);
  {
    std::lock_guard lock(mu_);
    groups_.push_back(session->firefox->process_group());
  }
  absl::StatusOr<int> port = WaitForMarionettePort(session->firefox->profile_dir());
  if (!port.ok()) return WebDriverError(500, "session not created", ToStd(port.status().message()));
  if (absl::Status s = session->marionette.Connect(*port); !s.ok()) {
    return WebDriverError(500, "session not created", ToStd(s.message()));
  }
  absl::StatusOr<boost::json::value> created =
      session->marionette.Command("WebDriver:NewSession", std::move(flat));
  if (!created.ok())
    return WebDriverError(500, "session not created", ToStd(created.status().message()));
  const boost::json::value* id =
      created->is_object() ? created->as_object().if_contains("sessionId") : nullptr;
  if (!id || !id->is_string()) {
    return WebDriverError(500, "session not created", "Marionette returned no sessionId");
  }
  const std::string session_id(id->get_string());
  const std::string reply = boost::json::serialize(boost::json::object{{"value", *created}});
  std::lock_guard lock(mu_);
  sessions_[session_id] = std::move(session);
  return TestHttpReply::Json(200, reply);
}

TestHttpReply StandInWebDriver::DeleteSession(const std::string& id) {
  std::unique_ptr<Session> session;
  {
    std::lock_guard lock(mu_);
    auto it = sessions_.find(id);
    if (it == sessions_.end()) {
      return WebDriverError(404, "invalid session id", absl::StrCat("no session ", id));
    }
    session = std::move(it->second);
    sessions_.erase(it);
  }
  (void)session->marionette.Command("WebDriver:DeleteSession", {});
  session->firefox->Terminate();
  return TestHttpReply::Json(200, R"({"value":null})");
}

}  // namespace firefox_bidi::testing
