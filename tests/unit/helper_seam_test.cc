// The runner's seam for frames the plugin carries out itself (core/frame_executor.h): a
// helper's reply takes the raw frame's record path, events pass the executor's filter, and
// the reserved label resolves through it.
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "core/batch_runner.h"
#include "core/frame_executor.h"
#include "io/directory_spool.h"
#include "support/scripted_transport.h"
#include "unit/spool_test_support.h"

namespace firefox_bidi {
namespace {

using testing::ScriptedTransport;

// Answers "page.echo" with its params, "page.text" with a string of params.n 'x's (a text
// result), "page.fail" with a helper error, "page.gone" with a lost browser; hides events
// named "internal.event"; <<tab>> is "TAB-1".
class FakeExecutor : public FrameExecutor {
 public:
  bool Handles(std::string_view method) const override { return method.starts_with("page."); }

  absl::StatusOr<ExecutorReply> Execute(std::string_view method, const boost::json::object& params,
                                        std::chrono::milliseconds timeout,
                                        BidiTransport& /*transport*/, EventSink on_event) override {
    executed.push_back(std::string(method) + " " + boost::json::serialize(params));
    timeouts.push_back(timeout.count());
    on_event(boost::json::parse(R"({"type":"event","method":"internal.event","params":{}})"));
    on_event(boost::json::parse(R"({"type":"event","method":"log.entryAdded","params":{}})"));
    ExecutorReply out;
    if (method == "page.echo") {
      out.reply.ok = true;
      out.reply.result = ReplyResult(boost::json::value(params));
    } else if (method == "page.text") {
      out.reply.ok = true;
      out.reply.result =
          ReplyResult(boost::json::value(std::string(params.at("n").as_int64(), 'x') + "\n\"y"));
      out.file = ResultFile::kText;
    } else if (method == "page.fail") {
      out.reply.error = "no such element";
      out.reply.message = "css \"#nope\" matches nothing; take a new snapshot";
    } else {
      return absl::UnavailableError("browser disconnected: gone");
    }
    return out;
  }

  const boost::json::value* Reserved(std::string_view label, BidiTransport&, EventSink,
                                     std::string*) override {
    if (label != "tab") return nullptr;
    return &tab_;
  }

  std::string TabOf(const boost::json::object&) const override { return "T1"; }
  bool OnEvent(const boost::json::value& event) override {
    return event.at("method") != "internal.event";
  }

  std::vector<std::string> executed;
  std::vector<std::int64_t> timeouts;

 private:
  boost::json::value tab_ = "TAB-1";
};

struct SeamFixture {
  SeamFixture() {
    auto opened = OpenDirectorySpool(dir.path(), 1 << 20);
    BOOST_REQUIRE(opened.ok());
    spool = std::move(*opened);
    options.max_inline_bytes = 100;
    options.max_result_bytes = 4000;
    options.executor = &executor;
  }

  std::string Run(std::string_view args_json) {
    static constexpr std::string_view kHelpers[] = {"page.echo", "page.fail", "page.gone",
                                                    "page.text"};
    auto parsed = ParseBatchArgs(args_json, options.limits, kHelpers);
    BOOST_REQUIRE(std::holds_alternative<BatchArgs>(parsed));
    std::string out = RunBatch(std::get<BatchArgs>(parsed), transport, *spool, cache, options);
    // The spool directory's path varies; tests compare against "DIR".
    for (std::size_t at; (at = out.find(dir.path())) != std::string::npos;) {
      out.replace(at, dir.path().size(), "DIR");
    }
    return out;
  }

  testing::TempDir dir{"helper-seam"};
  std::unique_ptr<Spool> spool;
  LabelCache cache{16};
  RunOptions options;
  ScriptedTransport transport;
  FakeExecutor executor;
};

BOOST_AUTO_TEST_SUITE(helper_seam)

BOOST_AUTO_TEST_CASE(helper_results_take_the_raw_record_path) {
  SeamFixture f;
  f.transport.Reply(R"({"got":"x"})");
  const std::string out = f.Run(R"({"frames":[
    {"method":"page.echo","params":{"a":{"b":[1,2]}},"label":"e","timeout_ms":1234},
    {"method":"page.echo","params":{"v":"<<e.a.b[1]>>"},"pick":"v"},
    {"method":"page.echo","params":{},"silent":true},
    {"method":"script.evaluate","params":{"expression":"<<e.a.b>>"}}]})");
  BOOST_TEST(
      out ==
      R"({"frames":[{"index":0,"method":"page.echo","label":"e","result":{"a":{"b":[1,2]}}},)"
      R"({"index":1,"method":"page.echo","result":2},)"
      R"({"index":2,"method":"page.echo"},)"
      R"({"index":3,"method":"script.evaluate","result":{"got":"x"}}],)"
      R"("events":[{"type":"event","method":"log.entryAdded","params":{},"frame":0},)"
      R"({"type":"event","method":"log.entryAdded","params":{},"frame":1},)"
      R"({"type":"event","method":"log.entryAdded","params":{},"frame":2}]})");
  BOOST_TEST(
      f.executor.executed == (std::vector<std::string>{R"(page.echo {"a":{"b":[1,2]}})",
                                                       R"(page.echo {"v":2})", "page.echo {}"}),
      boost::test_tools::per_element());
  BOOST_TEST(f.executor.timeouts == (std::vector<std::int64_t>{1234, 30000, 30000}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_helper_failure_is_an_error_record_and_on_error_applies) {
  SeamFixture f;
  const std::string out = f.Run(R"({"frames":[
    {"method":"page.fail","label":"f"},
    {"method":"page.echo","params":{"x":"<<f>>"}}]})");
  BOOST_TEST(out.starts_with(
      R"({"frames":[{"index":0,"method":"page.fail","label":"f","error":{"error":"no such element",)"
      R"("message":"css \"#nope\" matches nothing; take a new snapshot"}},)"
      R"({"index":1,"method":"page.echo","skipped":true}])"));
  SeamFixture g;
  const std::string continued = g.Run(R"({"frames":[
    {"method":"page.fail","label":"f"},
    {"method":"page.echo","params":{"x":"<<f>>"}}],"on_error":"continue"})");
  BOOST_TEST(continued.find(
                 R"({"index":1,"method":"page.echo","error":{"error":"invalid interpolation")") !=
             std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_lost_browser_in_a_helper_stops_the_batch) {
  SeamFixture f;
  const std::string out = f.Run(R"({"frames":[{"method":"page.gone"},{"method":"page.echo"}],
                                    "on_error":"continue"})");
  BOOST_TEST(out.starts_with(
      R"({"frames":[{"index":0,"method":"page.gone","error":{"error":"browser disconnected",)"
      R"("message":"browser disconnected: gone; frame 0 (page.gone) got no reply)"));
  BOOST_TEST(out.find(R"({"index":1,"method":"page.echo","skipped":true})") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_large_text_result_spools_as_its_characters) {
  SeamFixture f;
  const std::string out = f.Run(R"({"frames":[{"method":"page.text","params":{"n":200},
                                               "label":"t"},
                                              {"method":"page.text","params":{"n":3}}]})");
  const std::string text = std::string(200, 'x') + "\n\"y";
  std::vector<std::string> files;
  for (const std::string& name : testing::ListDir(f.dir.path())) {
    if (name[0] != '.') files.push_back(name);
  }
  BOOST_REQUIRE_EQUAL(files.size(), 1u);
  BOOST_TEST(files[0].ends_with("-0-t.txt"));
  BOOST_TEST(testing::ReadFile(f.dir.path() + "/" + files[0]) == text);
  // N: the inline record's size, {"index":0,...,"result":"xx..\n\"y"}.
  const std::size_t n =
      std::string(R"({"index":0,"method":"page.text","label":"t","result":)").size() +
      boost::json::serialize(boost::json::value(text)).size() + 1;
  BOOST_TEST(out ==
             R"({"frames":[{"index":0,"method":"page.text","label":"t","spooled":"DIR/)" +
                 files[0] + R"(","size":)" + std::to_string(n) + R"(,"preview":")" +
                 std::string(200, 'x') + R"(","mime":"text/plain","bytes":)" +
                 std::to_string(text.size()) +
                 R"(},{"index":1,"method":"page.text","result":"xxx\n\"y"}],)"
                 R"("events":[{"type":"event","method":"log.entryAdded","params":{},"frame":0},)"
                 R"({"type":"event","method":"log.entryAdded","params":{},"frame":1}]})");
}

BOOST_AUTO_TEST_CASE(the_reserved_tab_label_resolves_through_the_executor) {
  SeamFixture f;
  f.transport.Reply("{}");
  f.Run(R"({"frames":[{"method":"script.evaluate","params":{"target":{"context":"<<tab>>"},
                                                             "x":"in <<tab>>"}}]})");
  BOOST_REQUIRE_EQUAL(f.transport.received().size(), 1u);
  BOOST_TEST(f.transport.received()[0].params ==
             R"({"target":{"context":"TAB-1"},"x":"in TAB-1"})");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
