// The hard bounds that keep one call's memory finite (config.h Limits), at their default values
// and through the layers a call passes: an oversized browser message is refused by the
// connection before it is buffered, becomes a "reply too large" frame error, and the next call
// works on a fresh connection. The bounds tested elsewhere: frames per batch at a lowered limit
// (batch_args_test), events past max_events (batch_runner_test), spool quota (spool_test),
// spool bytes in flight (spool_writer_test), max_result_bytes spooling (batch_runner_test).
// A spool on a disk that really fills up is here too: a 64 KiB tmpfs (mounting needs root).
#include <sys/mount.h>
#include <unistd.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <variant>

#include "absl/strings/str_cat.h"
#include "core/batch_args.h"
#include "core/batch_runner.h"
#include "core/config.h"
#include "core/label_cache.h"
#include "core/spool.h"
#include "core/string_view_compat.h"
#include "io/directory_spool.h"
#include "net/bidi_connection.h"
#include "net/browser_session.h"
#include "support/fake_bidi_server.h"
#include "support/temp_dir.h"

namespace firefox_bidi {
namespace {

using std::chrono::milliseconds;
using testing::FakeBidiServer;
using testing::TempDir;

// `count` frames {"method":"a.b"}, each with a label "l<i>" when `labelled`.
std::string Frames(std::size_t count, bool labelled) {
  std::string out = R"({"frames":[)";
  for (std::size_t i = 0; i < count; ++i) {
    absl::StrAppend(&out, i == 0 ? "" : ",", R"({"method":"a.b")",
                    labelled ? absl::StrCat(R"(,"label":"l)", i, "\"") : "", "}");
  }
  return out + "]}";
}

BatchArgs MustParse(const std::string& args_json, const Limits& limits = {}) {
  auto parsed = ParseBatchArgs(args_json, limits);
  BOOST_REQUIRE(std::holds_alternative<BatchArgs>(parsed));
  return std::get<BatchArgs>(std::move(parsed));
}

// A BrowserSession connected to the fake server, a spool (in `spool_dir`, else a private
// directory; quota 1 MiB) and the default-sized label cache: what one plugin instance holds.
struct Instance {
  Instance(const FakeBidiServer& server, std::uint64_t max_message_bytes,
           const std::string& spool_dir = "") {
    config.connect = server.url();
    config.limits.max_message_bytes = max_message_bytes;
    session = BrowserSession::Create(config, nullptr);
    auto opened = OpenDirectorySpool(spool_dir.empty() ? dir.path() : spool_dir, 1 << 20);
    BOOST_REQUIRE_MESSAGE(opened.ok(), opened.status().ToString());
    spool = *std::move(opened);
  }

  // One tool call: make sure a session exists, then run the batch.
  boost::json::value Call(const std::string& args_json) {
    const absl::Status ready = session->EnsureReady();
    BOOST_REQUIRE_MESSAGE(ready.ok(), ready.ToString());
    return boost::json::parse(RunBatch(MustParse(args_json), *session, *spool, cache, options));
  }

  TempDir dir;
  InstanceConfig config;
  std::unique_ptr<BrowserSession> session;
  std::unique_ptr<Spool> spool;
  LabelCache cache{Limits{}.label_cache_entries};
  RunOptions options;
};

// A tmpfs of 64 KiB, mode 0700, mounted on a fresh directory for the test's lifetime.
class SmallDisk {
 public:
  SmallDisk() {
    if (::mount("tmpfs", mount_point_.path().c_str(), "tmpfs", MS_NOSUID | MS_NODEV,
                "size=64k,mode=0700") != 0) {
      error_ = std::strerror(errno);
    }
  }
  ~SmallDisk() {
    if (error_.empty()) ::umount2(mount_point_.path().c_str(), MNT_DETACH);
  }
  const std::string& path() const { return mount_point_.path(); }
  const std::string& error() const { return error_; }  // empty once mounted

 private:
  TempDir mount_point_{"firefox-bidi-small-disk"};
  std::string error_;
};

// Only root may mount; as root the test must run, so a failed mount fails it.
boost::test_tools::assertion_result RunningAsRoot(boost::unit_test::test_unit_id) {
  boost::test_tools::assertion_result root(::geteuid() == 0);
  root.message() << "mounting a small tmpfs needs root";
  return root;
}

BOOST_AUTO_TEST_SUITE(resource_bounds)

BOOST_AUTO_TEST_CASE(default_limits_have_the_documented_values) {
  const Limits limits;
  BOOST_TEST(limits.max_frames == 256u);
  BOOST_TEST(limits.max_message_bytes == 268435456u);
  BOOST_TEST(limits.max_events == 10000u);
  BOOST_TEST(limits.label_cache_entries == 256u);
  BOOST_TEST(limits.max_spool_in_flight_bytes == 67108864u);
}

BOOST_AUTO_TEST_CASE(batch_of_257_frames_is_too_large_and_256_are_accepted) {
  auto refused = ParseBatchArgs(Frames(257, false), Limits{});
  BOOST_REQUIRE(std::holds_alternative<ToolError>(refused));
  const ToolError& error = std::get<ToolError>(refused);
  BOOST_TEST(error.kind == "too_large");
  BOOST_TEST(*error.at == "/frames");
  BOOST_TEST(
      error.message.find("\"frames\" has 257 frames; at most 256 are allowed") != std::string::npos,
      error.message);
  BOOST_TEST(MustParse(Frames(256, false)).frames.size() == 256u);
}

BOOST_AUTO_TEST_CASE(reply_over_max_message_bytes_is_a_frame_error_and_the_next_call_works) {
  FakeBidiServer server;
  // Command 1 is session.new, 2 the oversized frame; the next call reconnects.
  server.OnCommandNumber(2).ReplyLarge(5000);
  Instance instance(server, 1000);

  const boost::json::value first = instance.Call(
      R"({"frames":[{"method":"script.evaluate"},{"method":"a.b"}],"on_error":"continue"})");
  const boost::json::value& error = first.at("frames").at(0).at("error");
  BOOST_TEST(error.at("error").as_string() == "reply too large");
  BOOST_TEST(error.at("message").as_string() ==
             "message from the browser exceeds 1000 bytes (max_message_bytes)");
  // The oversized message closed the connection: the rest of this call cannot run.
  BOOST_TEST(first.at("frames").at(1).at("error").at("error").as_string() ==
             "browser disconnected");

  const boost::json::value second =
      instance.Call(R"({"frames":[{"method":"browsingContext.getTree"}]})");
  BOOST_TEST(boost::json::serialize(second) ==
             R"({"frames":[{"index":0,"method":"browsingContext.getTree","result":{}}]})");
  BOOST_TEST(server.connections() == 2u);
}

BOOST_AUTO_TEST_CASE(reply_of_300_mib_is_refused_without_being_read_whole) {
  FakeBidiServer server;
  constexpr std::size_t kHuge = std::size_t{300} << 20;
  server.OnCommand("script.evaluate").ReplyLarge(kHuge);
  ConnectionOptions options;
  options.max_message_bytes = 1 << 20;
  auto connection = BidiConnection::Connect(server.url(), options);
  BOOST_REQUIRE_MESSAGE(connection.ok(), connection.status().ToString());

  const auto reply =
      (*connection)->Call("script.evaluate", {}, milliseconds(60000), [](boost::json::value) {});
  BOOST_TEST(reply.status().code() == absl::StatusCode::kResourceExhausted);
  BOOST_TEST(std::string(ToStd(reply.status().message())) ==
             "message from the browser exceeds 1048576 bytes (max_message_bytes)");
  BOOST_TEST(!(*connection)->is_open());
  // The read stopped at the limit and the socket closed, so the server's writes failed long
  // before the end: what it got out is the limit plus what the kernel's socket buffers took.
  server.Stop();
  BOOST_TEST(server.large_bytes_sent() < kHuge / 4, server.large_bytes_sent());
}

BOOST_AUTO_TEST_CASE(label_cache_keeps_the_newest_256_labels_across_calls) {
  FakeBidiServer server;
  Instance instance(server, Limits{}.max_message_bytes);
  const boost::json::value first = instance.Call(Frames(256, true));
  BOOST_TEST(first.at("frames").as_array().size() == 256u);
  BOOST_TEST(instance.cache.size() == 256u);
  // One more label evicts the oldest, l0.
  instance.Call(R"({"frames":[{"method":"a.b","label":"new"}]})");
  BOOST_TEST(instance.cache.size() == 256u);
  BOOST_TEST(instance.cache.Get("l0") == nullptr);
  BOOST_TEST(instance.cache.Get("l1") != nullptr);
  BOOST_TEST(instance.cache.Get("new") != nullptr);

  const boost::json::value later =
      instance.Call(R"({"frames":[{"method":"a.c","params":{"x":"<<l1>>"}},)"
                    R"({"method":"a.d","params":{"x":"<<l0>>"}}]})");
  BOOST_TEST(later.at("frames").at(0).at("result") == boost::json::object{});
  const boost::json::value& error = later.at("frames").at(1).at("error");
  BOOST_TEST(error.at("error").as_string() == "invalid interpolation");
  BOOST_TEST(error.at("message").as_string().starts_with("<<l0>>: unknown label \"l0\""), error);
}

// The disk fills up under a spool write: that frame's record says so, no partial file is left,
// the quota is given back, later frames run, and the next call spools again.
BOOST_AUTO_TEST_CASE(a_full_disk_fails_one_spool_write_and_leaves_no_partial_file,
                     *boost::unit_test::precondition(RunningAsRoot)) {
  SmallDisk disk;
  BOOST_REQUIRE_MESSAGE(disk.error().empty(), "mount tmpfs: " << disk.error());
  FakeBidiServer server;
  // Command 1 is session.new; 2 returns 200 KB (more than the disk holds), 3 a small value,
  // 4 (the next call) 30 KB.
  server.OnCommandNumber(2).ReplyLarge(200000);
  server.OnCommandNumber(3).Reply(R"({"n":3})");
  server.OnCommandNumber(4).ReplyLarge(30000);
  Instance instance(server, 1u << 20, disk.path());

  const boost::json::value full = instance.Call(
      R"({"frames":[{"method":"script.evaluate"},{"method":"script.callFunction"}]})");
  const std::string path = disk.path() + "/000001-0.json";
  BOOST_TEST(boost::json::serialize(full) ==
             absl::StrCat(R"({"frames":[{"index":0,"method":"script.evaluate","error":)",
                          R"({"error":"spool write failed","message":"cannot write spool file )",
                          path, R"(: No space left on device"}},)",
                          R"({"index":1,"method":"script.callFunction","result":{"n":3}}]})"));
  BOOST_TEST(!std::filesystem::exists(path));
  BOOST_TEST(instance.spool->used_bytes() == 0u);

  const boost::json::value next = instance.Call(R"({"frames":[{"method":"script.evaluate"}]})");
  const std::string next_path = disk.path() + "/000002-0.json";
  BOOST_TEST(next.at("frames").at(0).at("spooled").as_string() == next_path);
  // R is {"value":"x…"}, the message less its 35 bytes of envelope; "size" is that of the
  // inline record {"index":0,"method":"script.evaluate","result":R} the marker replaces.
  BOOST_TEST(std::filesystem::file_size(next_path) == 30000u - 35u);
  BOOST_TEST(next.at("frames").at(0).at("size").as_int64() == 30000 - 35 + 48);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
