#include "core/batch_runner.h"

#include <atomic>
#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <fstream>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/canonical_json.h"
#include "io/directory_spool.h"
#include "support/scripted_transport.h"
#include "unit/spool_test_support.h"

namespace firefox_bidi {
namespace {

using testing::FailingWriteSpool;
using testing::ReadFile;
using testing::ScriptedTransport;

// The inline record as a plain two-pass serialization would build it: the independent
// reference for `size` and for inline bytes.
std::string TwoPassRecord(std::size_t index, std::string_view method, std::string_view label,
                          const boost::json::value& result) {
  boost::json::object record;
  record.emplace("index", index);
  record.emplace("method", method);
  if (!label.empty()) record.emplace("label", label);
  record.emplace("result", result);
  return boost::json::serialize(record);
}

struct RunnerFixture {
  RunnerFixture() {
    auto opened = OpenDirectorySpool(dir.path(), 1 << 20);
    BOOST_REQUIRE_MESSAGE(opened.ok(), opened.status().ToString());
    spool = std::move(*opened);
    options.max_inline_bytes = 1000;
    options.max_result_bytes = 4000;
  }

  // Runs `args_json` and returns the result text.
  std::string Run(std::string_view args_json, Spool* use_spool = nullptr) {
    auto parsed = ParseBatchArgs(args_json, options.limits);
    BOOST_REQUIRE(std::holds_alternative<BatchArgs>(parsed));
    return RunBatch(std::get<BatchArgs>(parsed), transport,
                    use_spool != nullptr ? *use_spool : *spool, cache, options);
  }

  static boost::json::value Json(std::string_view text) {
    boost::system::error_code ec;
    boost::json::value v = boost::json::parse(text, ec);
    BOOST_REQUIRE_MESSAGE(!ec, "result is not JSON: " << text);
    return v;
  }

  // Spool files in the directory (the spool's own dot files left out).
  std::set<std::string> SpoolFiles() const {
    std::set<std::string> names;
    for (const std::string& name : testing::ListDir(dir.path())) {
      if (name[0] != '.') names.insert(name);
    }
    return names;
  }

  testing::TempDir dir;
  std::unique_ptr<Spool> spool;
  LabelCache cache{256};
  RunOptions options;
  ScriptedTransport transport;
};

// The same two calls with results held as text (BidiConnection's canonical form) and as
// parsed values: the tool results, the params sent and the spool files must be identical.
struct FormRun {
  std::vector<std::string> results;  // per call, the spool directory replaced by "DIR"
  std::vector<std::string> params;   // every command's params, as sent
  std::vector<std::string> files;    // "name=bytes" for every spool file
};

// 1244 bytes of canonical JSON with every kind of escape and a 4-byte UTF-8 character.
std::string BigResult() {
  return absl::StrCat(R"({"type":"string","value":")", std::string(600, 'x'), R"(\"\\\n\u0001)",
                      "\xF0\x9F\x98\x80", std::string(600, 'y'), "\"}");
}

FormRun RunInForm(ResultForm form) {
  RunnerFixture fixture;
  ScriptedTransport transport(form);
  const std::string big = BigResult();
  BOOST_REQUIRE(IsCanonicalJson(big));
  BOOST_REQUIRE_EQUAL(big.size(), 1244u);
  transport.Reply(R"({"contexts":[{"context":"C1","children":[]}]})")
      .Reply(big)                                           // spooled, labeled, used later
      .Reply(R"({"type":"number","value":42})")             // picked
      .Reply(R"({"realm":"R1","result":{"type":"null"}})")  // silent, labeled
      .Reply(R"({"ok":true})")
      .Reply(R"({"data":"iVBORw0KGgo="})")               // a screenshot: decoded PNG file
      .Reply(R"({"n":0.1,"big":18446744073709551615})")  // never canonical
      .Reply(big)                                        // spooled, unlabeled
      .Reply(R"({"second":"<<call>>"})");
  auto run = [&](std::string_view args_json) {
    auto parsed = ParseBatchArgs(args_json, fixture.options.limits);
    BOOST_REQUIRE(std::holds_alternative<BatchArgs>(parsed));
    return RunBatch(std::get<BatchArgs>(parsed), transport, *fixture.spool, fixture.cache,
                    fixture.options);
  };
  FormRun out;
  out.results.push_back(run(
      R"({"frames":[{"method":"browsingContext.getTree","label":"tree"},)"
      R"({"method":"script.evaluate","label":"big","params":{"target":{"context":"<<tree.contexts[0].context>>"}}},)"
      R"({"method":"script.evaluate","pick":"value"},)"
      R"({"method":"script.evaluate","label":"quiet","silent":true},)"
      R"({"method":"script.callFunction","params":{"arguments":["<<big.value>>","<<quiet.realm>>"]}},)"
      R"({"method":"browsingContext.captureScreenshot","label":"shot"},)"
      R"({"method":"a.double","label":"dbl"},)"
      R"({"method":"a.big"}]})"));
  // The next call resolves the labels the first one left in the cache.
  out.results.push_back(run(
      R"({"frames":[{"method":"a.b","params":{"x":"<<tree.contexts[0]>>","r":"<<quiet.realm>>","d":"<<dbl.n>>"}}]})"));
  for (std::string& result : out.results) {
    for (std::size_t at; (at = result.find(fixture.dir.path())) != std::string::npos;) {
      result.replace(at, fixture.dir.path().size(), "DIR");
    }
  }
  for (const auto& received : transport.received()) out.params.push_back(received.params);
  for (const std::string& name : fixture.SpoolFiles()) {
    out.files.push_back(name + "=" + testing::ReadFile(fixture.dir.path() + "/" + name));
  }
  return out;
}

BOOST_AUTO_TEST_SUITE(batch_runner_result_forms)

BOOST_AUTO_TEST_CASE(results_as_text_and_as_values_give_identical_output) {
  const FormRun as_text = RunInForm(ResultForm::kCanonicalText);
  const FormRun parsed = RunInForm(ResultForm::kParsed);
  BOOST_TEST(as_text.results == parsed.results, boost::test_tools::per_element());
  BOOST_TEST(as_text.params == parsed.params, boost::test_tools::per_element());
  BOOST_TEST(as_text.files == parsed.files, boost::test_tools::per_element());
  // Exact bytes where the forms could differ: the spooled text, the double, the cache.
  BOOST_REQUIRE_EQUAL(as_text.files.size(), 3u);
  BOOST_TEST(as_text.files[0] == "000001-1-big.json=" + BigResult());
  BOOST_TEST(as_text.files[1] == std::string("000001-5-shot.png=\x89PNG\r\n\x1a\n"));
  BOOST_TEST(as_text.files[2] == "000001-7.json=" + BigResult());
  BOOST_TEST(as_text.results[0].find(R"("result":{"n":0.1,"big":18446744073709551615}})") !=
             std::string::npos);
  BOOST_TEST(as_text.results[1] ==
             R"({"frames":[{"index":0,"method":"a.b","result":{"second":"<<call>>"}}]})");
  BOOST_REQUIRE_EQUAL(as_text.params.size(), 9u);
  BOOST_TEST(as_text.params[4] == absl::StrCat(R"({"arguments":[")", std::string(600, 'x'),
                                               R"(\"\\\n\u0001)", "\xF0\x9F\x98\x80",
                                               std::string(600, 'y'), R"(","R1"]})"));
  BOOST_TEST(as_text.params.back() == R"({"x":{"context":"C1","children":[]},"r":"R1","d":1E-1})");
}

// Logs every reservation into the log the transport's on_call also writes, to show when a
// frame's record is made relative to the commands sent.
class ReserveLoggingSpool : public Spool {
 public:
  ReserveLoggingSpool(Spool& inner, std::vector<std::string>& log) : inner_(inner), log_(log) {}
  const std::string& directory() const override { return inner_.directory(); }
  std::string BeginBatch(std::string_view owner) override { return inner_.BeginBatch(owner); }
  absl::StatusOr<SpoolReservation> Reserve(std::string_view batch, std::size_t i,
                                           std::string_view label, std::string_view ext,
                                           std::uint64_t bytes) override {
    log_.push_back(absl::StrCat("reserve ", i));
    return inner_.Reserve(batch, i, label, ext, bytes);
  }
  absl::Status Write(const SpoolReservation& r, std::string_view data) override {
    return inner_.Write(r, data);
  }
  void Release(const SpoolReservation& r) override { inner_.Release(r); }
  std::uint64_t used_bytes() const override { return inner_.used_bytes(); }

 private:
  Spool& inner_;
  std::vector<std::string>& log_;
};

struct SendOrder {
  std::vector<std::string> log;
  std::string result;
};

SendOrder RunLoggingSendOrder(bool finish_after_next_send) {
  RunnerFixture fixture;
  fixture.options.finish_after_next_send = finish_after_next_send;
  SendOrder out;
  ReserveLoggingSpool spool(*fixture.spool, out.log);
  fixture.transport.on_call = [&](std::size_t call) {
    out.log.push_back(absl::StrCat("send ", call));
  };
  fixture.transport.Reply(BigResult()).Reply(BigResult()).Reply(R"({"v":1})").Reply(BigResult());
  out.result =
      fixture.Run(R"({"frames":[{"method":"m.a"},{"method":"m.b"},{"method":"m.c","pick":"v"},)"
                  R"({"method":"m.d"}]})",
                  &spool);
  for (std::size_t at; (at = out.result.find(fixture.dir.path())) != std::string::npos;) {
    out.result.replace(at, fixture.dir.path().size(), "DIR");
  }
  return out;
}

// A result without pick is measured and handed to the spool once the next command is out; a
// picked one (its pick may fail the frame) before. The tool result is the same either way.
BOOST_AUTO_TEST_CASE(records_are_made_once_the_next_frame_is_sent) {
  const SendOrder after = RunLoggingSendOrder(true);
  BOOST_TEST(after.log == (std::vector<std::string>{"send 0", "send 1", "reserve 0", "send 2",
                                                    "reserve 1", "send 3", "reserve 3"}),
             boost::test_tools::per_element());
  const SendOrder before = RunLoggingSendOrder(false);
  BOOST_TEST(before.log == (std::vector<std::string>{"send 0", "reserve 0", "send 1", "reserve 1",
                                                     "send 2", "send 3", "reserve 3"}),
             boost::test_tools::per_element());
  BOOST_TEST(after.result == before.result);
  BOOST_TEST(after.result.rfind(R"({"frames":[{"index":0,"method":"m.a","spooled":)"
                                R"("DIR/000001-0.json","size":1280,"preview":)",
                                0) == 0u);
  BOOST_TEST(after.result.find(R"(},{"index":2,"method":"m.c","result":1},{"index":3,)") !=
             std::string::npos);
}

// A large reply is checked only while the next frame runs: that frame has been sent, later
// ones follow on_error, and the label is not bound.
BOOST_AUTO_TEST_CASE(a_malformed_large_reply_fails_its_frame_after_the_next_was_sent) {
  for (const bool stop : {true, false}) {
    BOOST_TEST_CONTEXT("on_error stop: " << stop) {
      RunnerFixture fixture;
      fixture.transport.ReplyUnchecked(R"({"value":[1,2)")
          .Reply(R"({"ok":1})")
          .Reply(R"({"never":"sent"})");
      const std::string result = fixture.Run(
          absl::StrCat(R"({"frames":[{"method":"m.a","label":"big"},{"method":"m.b"},)",
                       R"({"method":"m.c","params":{"x":"<<big.value>>"}}],"on_error":")",
                       stop ? "stop" : "continue", R"("})"));
      const std::string failed =
          R"({"index":0,"method":"m.a","label":"big","error":{"error":"transport error",)"
          R"("message":"the browser sent a message that is not WebDriver BiDi: BiDi message )"
          R"(is not valid JSON: syntax error"}},{"index":1,"method":"m.b","result":{"ok":1}},)";
      BOOST_TEST(result ==
                 absl::StrCat(R"({"frames":[)", failed,
                              stop ? R"({"index":2,"method":"m.c","skipped":true}]})"
                                   : R"({"index":2,"method":"m.c","error":{"error":"invalid )"
                                     R"(interpolation","message":"<<big.value>>: unknown )"
                                     R"(label \"big\" (frame 0, which has this label, failed); )"
                                     R"(frame 2 was not sent"}}]})"));
      BOOST_TEST(fixture.transport.received().size() == 2u);
      BOOST_TEST(fixture.cache.Get("big") == nullptr);
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_FIXTURE_TEST_SUITE(batch_runner, RunnerFixture)

BOOST_AUTO_TEST_CASE(small_result_is_inline_with_exact_bytes) {
  transport.Reply(R"({"contexts":[{"context":"C1","children":[]}]})");
  BOOST_TEST(Run(R"({"frames":[{"method":"browsingContext.getTree","label":"tree"}]})") ==
             R"({"frames":[{"index":0,"method":"browsingContext.getTree","label":"tree",)"
             R"("result":{"contexts":[{"context":"C1","children":[]}]}}]})");
  BOOST_REQUIRE_EQUAL(transport.received().size(), 1u);
  BOOST_TEST(transport.received()[0].params == "{}");
  BOOST_TEST(transport.received()[0].timeout.count() == 30000);
}

BOOST_AUTO_TEST_CASE(refused_frames_are_judged_after_interpolation_and_never_sent) {
  const Policy policy(PolicyOptions{.file_roots = {dir.path()}});
  options.policy = &policy;
  transport.Reply(R"({"value":"file:///etc/passwd"})").Reply(R"({"navigation":"N"})");
  const std::string result =
      Run(R"({"on_error":"continue","frames":[{"method":"session.end"},)"
          R"({"method":"script.evaluate","label":"u"},)"
          R"({"method":"browsingContext.navigate","params":{"context":"C","url":"<<u.value>>"}},)"
          R"({"method":"browsingContext.navigate","params":{"context":"C","url":"file://)" +
          dir.path() + R"(/a.html"}}]})");
  BOOST_TEST(
      result ==
      R"({"frames":[{"index":0,"method":"session.end","error":{"error":"not allowed",)"
      R"("message":"session.end is not allowed: the tool owns the BiDi session and starts )"
      R"(and ends it itself (no config key allows this); to start over with a fresh )"
      R"(browser, send browser.close and the next call starts a new one; frame 0 was not )"
      R"(sent"}},{"index":1,"method":"script.evaluate","label":"u","result":{"value":)"
      R"("file:///etc/passwd"}},{"index":2,"method":"browsingContext.navigate","error":)"
      R"({"error":"not allowed","message":"browsingContext.navigate url \"file:///etc/)"
      R"(passwd\" is not allowed: the file \"/etc/passwd\" is outside file_roots [\")" +
          dir.path() +
          R"(\"]; file: URLs may only name files inside the config key \"file_roots\" )"
          R"((add a directory that holds it there to allow it); frame 2 was not sent"}},)"
          R"({"index":3,"method":"browsingContext.navigate","result":{"navigation":"N"}}]})");
  BOOST_REQUIRE_EQUAL(transport.received().size(), 2u);
  BOOST_TEST(transport.received()[0].method == "script.evaluate");
  BOOST_TEST(transport.received()[1].method == "browsingContext.navigate");
}

// A raw input.setFiles goes out with the real paths the policy judged, so that a link changed
// after the check cannot lead the browser to another file.
BOOST_AUTO_TEST_CASE(set_files_is_sent_with_the_real_paths_that_were_judged) {
  const Policy policy(PolicyOptions{.file_roots = {dir.path()}});
  options.policy = &policy;
  BOOST_REQUIRE(std::filesystem::create_directory(dir / "files"));
  std::ofstream(dir / "files/report.txt") << "figures";
  std::filesystem::create_symlink(dir / "files/report.txt", dir / "link.txt");
  const std::string real = std::filesystem::canonical(dir.path()).string();
  transport.Reply("{}");
  BOOST_TEST(Run(R"({"frames":[{"method":"input.setFiles","params":{"context":"C",)"
                 R"("element":{"sharedId":"S"},"files":[")" +
                 dir.path() + R"(/link.txt"]}}]})") ==
             R"({"frames":[{"index":0,"method":"input.setFiles","result":{}}]})");
  BOOST_REQUIRE_EQUAL(transport.received().size(), 1u);
  BOOST_TEST(transport.received()[0].params ==
             R"({"context":"C","element":{"sharedId":"S"},"files":[")" + real +
                 R"(/files/report.txt"]})");
}

// Firefox never answers most javascript: navigations: refused at once, never sent.
BOOST_AUTO_TEST_CASE(a_navigation_to_a_javascript_url_fails_at_once_unsent) {
  transport.Reply(R"({"navigation":"N"})");
  BOOST_TEST(
      Run(R"J({"on_error":"continue","frames":[{"method":"browsingContext.navigate",)J"
          R"J("params":{"context":"C","url":"javascript:void(0)"}},)J"
          R"J({"method":"browsingContext.navigate","params":{"context":"C","url":"about:blank"}}]})J") ==
      R"({"frames":[{"index":0,"method":"browsingContext.navigate","error":{"error":)"
      R"("invalid argument","message":"browsingContext.navigate to a javascript: URL gets no )"
      R"(reply from Firefox unless the script returns a string, so the frame would wait out )"
      R"(its timeout; run the script with script.evaluate (or the page.eval helper) instead; )"
      R"(frame 0 was not sent"}},{"index":1,"method":"browsingContext.navigate","result":)"
      R"({"navigation":"N"}}]})");
  BOOST_REQUIRE_EQUAL(transport.received().size(), 1u);
  BOOST_TEST(transport.received()[0].params == R"({"context":"C","url":"about:blank"})");
}

BOOST_AUTO_TEST_CASE(a_refused_frame_stops_the_batch_with_on_error_stop) {
  const Policy policy(PolicyOptions{});
  options.policy = &policy;
  BOOST_TEST(Run(R"({"frames":[{"method":"webExtension.install"},{"method":"a.b"}]})") ==
             R"({"frames":[{"index":0,"method":"webExtension.install","error":{"error":)"
             R"("not allowed","message":"webExtension.install is not allowed: installing )"
             R"(browser extensions is off; set the config key \"allow_extensions\": true to )"
             R"(allow it; frame 0 was not sent"}},{"index":1,"method":"a.b","skipped":true}]})");
  BOOST_TEST(transport.received().empty());
}

BOOST_AUTO_TEST_CASE(escapes_are_boost_json_output_as_is) {
  transport.Reply("{\"s\":\"caf\xC3\xA9 \\\"q\\\" \\\\ \\u0001\\u001f\\n\"}");
  BOOST_TEST(Run(R"({"frames":[{"method":"a.b"}]})") ==
             "{\"frames\":[{\"index\":0,\"method\":\"a.b\",\"result\":{\"s\":\"caf\xC3\xA9 "
             "\\\"q\\\" \\\\ \\u0001\\u001f\\n\"}}]}");
}

BOOST_AUTO_TEST_CASE(labels_interpolate_into_later_params_exactly) {
  transport.Reply(R"({"contexts":[{"context":"C1"}]})")
      .Reply(R"({"navigation":"N"})")
      .Reply(R"({"type":"success","result":{"type":"string","value":"Title"}})");
  const std::string result = Run(
      R"({"frames":[{"method":"browsingContext.getTree","label":"tree","silent":true},)"
      R"({"method":"browsingContext.navigate","params":{"context":"<<tree.contexts[0].context>>",)"
      R"("url":"http://x/?a=1<<2","wait":"complete"},"silent":true},)"
      R"({"method":"script.evaluate","params":{"expression":"document.title + ' <<tree.contexts>>'",)"
      R"("target":{"context":"<<tree.contexts[0].context>>"},"awaitPromise":false},)"
      R"("pick":"result.value","timeout_ms":5}]})");
  BOOST_TEST(result ==
             R"({"frames":[{"index":0,"method":"browsingContext.getTree","label":"tree"},)"
             R"({"index":1,"method":"browsingContext.navigate"},)"
             R"({"index":2,"method":"script.evaluate","result":"Title"}]})");
  BOOST_REQUIRE_EQUAL(transport.received().size(), 3u);
  BOOST_TEST(transport.received()[1].params ==
             R"({"context":"C1","url":"http://x/?a=1<<2","wait":"complete"})");
  BOOST_TEST(transport.received()[2].params ==
             R"({"expression":"document.title + ' [{\"context\":\"C1\"}]'",)"
             R"("target":{"context":"C1"},"awaitPromise":false})");
  BOOST_TEST(transport.received()[2].timeout.count() == 5);
}

BOOST_AUTO_TEST_CASE(invalid_interpolation_sends_nothing_and_stops) {
  transport.Reply(R"({"contexts":[{"context":"C1"}]})").Reply("{}");
  const std::string result = Run(
      R"({"frames":[{"method":"browsingContext.getTree","label":"tree","silent":true},)"
      R"({"method":"browsingContext.close","params":{"context":"<<tree.contexts[5].context>>"}},)"
      R"({"method":"a.b"}]})");
  BOOST_TEST(
      result ==
      R"({"frames":[{"index":0,"method":"browsingContext.getTree","label":"tree"},)"
      R"({"index":1,"method":"browsingContext.close","error":{"error":"invalid interpolation",)"
      R"("message":"<<tree.contexts[5].context>>: index 5 out of range at tree.contexts[5] )"
      R"((array has 1 element); frame 1 was not sent"}},)"
      R"({"index":2,"method":"a.b","skipped":true}]})");
  BOOST_TEST(transport.received().size() == 1u);
}

BOOST_AUTO_TEST_CASE(label_of_a_failed_frame_is_reported_as_such) {
  transport.Error("no such frame", "gone").Reply("{}");
  const std::string result = Run(R"({"on_error":"continue","frames":[{"method":"a.b","label":"x"},)"
                                 R"({"method":"a.c","params":{"v":"<<x.y>>"}}]})");
  BOOST_TEST(
      result ==
      R"({"frames":[{"index":0,"method":"a.b","label":"x","error":{"error":"no such frame",)"
      R"("message":"gone"}},{"index":1,"method":"a.c","error":{"error":"invalid interpolation",)"
      R"("message":"<<x.y>>: unknown label \"x\" (frame 0, which has this label, failed); )"
      R"(frame 1 was not sent"}}]})");
}

BOOST_AUTO_TEST_CASE(bidi_error_with_continue_runs_later_frames) {
  transport.Error("unknown command", "no such command").Reply(R"({"ok":1})");
  BOOST_TEST(Run(R"({"on_error":"continue","frames":[{"method":"x.y"},{"method":"a.b"}]})") ==
             R"({"frames":[{"index":0,"method":"x.y","error":{"error":"unknown command",)"
             R"("message":"no such command; `x.y` is not a WebDriver BiDi command (commands are )"
             R"(module.command, e.g. browsingContext.navigate, script.evaluate, )"
             R"x(input.performActions)"}},)x"
             R"({"index":1,"method":"a.b","result":{"ok":1}}]})");
}

BOOST_AUTO_TEST_CASE(bidi_error_with_stop_skips_later_frames) {
  transport.Error("unknown command", "no such command").Reply(R"({"ok":1})");
  BOOST_TEST(Run(R"({"frames":[{"method":"x.y"},{"method":"a.b","label":"l"}]})") ==
             R"({"frames":[{"index":0,"method":"x.y","error":{"error":"unknown command",)"
             R"("message":"no such command; `x.y` is not a WebDriver BiDi command (commands are )"
             R"(module.command, e.g. browsingContext.navigate, script.evaluate, )"
             R"x(input.performActions)"}},)x"
             R"({"index":1,"method":"a.b","label":"l","skipped":true}]})");
  BOOST_TEST(transport.received().size() == 1u);
}

BOOST_AUTO_TEST_CASE(timeout_then_next_frame_works) {
  options.frame_timeout = std::chrono::milliseconds(30000);
  transport.Timeout().Reply("7");
  BOOST_TEST(Run(R"({"on_error":"continue","frames":[{"method":"script.evaluate"},)"
                 R"({"method":"a.b","timeout_ms":100}]})") ==
             R"({"frames":[{"index":0,"method":"script.evaluate","error":{"error":"timeout",)"
             R"("message":"no reply to frame 0 (script.evaluate) within 30000 ms"}},)"
             R"({"index":1,"method":"a.b","result":7}]})");
  BOOST_TEST(transport.received()[1].timeout.count() == 100);
}

BOOST_AUTO_TEST_CASE(disconnect_skips_the_rest_even_with_continue) {
  transport.Reply("1").Disconnect().Reply("3");
  BOOST_TEST(Run(R"({"on_error":"continue","frames":[{"method":"a.b"},{"method":"a.c"},)"
                 R"({"method":"a.d"}]})") ==
             R"({"frames":[{"index":0,"method":"a.b","result":1},{"index":1,"method":"a.c",)"
             R"("error":{"error":"browser disconnected","message":"browser disconnected: )"
             R"(connection reset by peer; frame 1 (a.c) got no reply and later frames were not )"
             R"(sent"}},{"index":2,"method":"a.d","skipped":true}]})");
  BOOST_TEST(transport.received().size() == 2u);
}

BOOST_AUTO_TEST_CASE(cancellation_during_a_frame_skips_the_rest) {
  std::atomic<bool> cancelled{false};
  options.cancelled = &cancelled;
  transport.on_call = [&](std::size_t call) {
    if (call == 1) {
      cancelled = true;
      transport.Interrupt();
    }
  };
  transport.Reply("1").Reply("2").Reply("3");
  BOOST_TEST(Run(R"({"on_error":"continue","frames":[{"method":"a.b"},{"method":"a.c"},)"
                 R"({"method":"a.d"}]})") ==
             R"({"frames":[{"index":0,"method":"a.b","result":1},{"index":1,"method":"a.c",)"
             R"("error":{"error":"cancelled","message":"the call was cancelled while frame 1 )"
             R"((a.c) waited for its reply"}},{"index":2,"method":"a.d","skipped":true}]})");
}

BOOST_AUTO_TEST_CASE(cancellation_before_the_batch_sends_nothing) {
  std::atomic<bool> cancelled{true};
  options.cancelled = &cancelled;
  transport.Reply("1");
  BOOST_TEST(Run(R"({"frames":[{"method":"a.b"},{"method":"a.c"}]})") ==
             R"({"frames":[{"index":0,"method":"a.b","error":{"error":"cancelled",)"
             R"("message":"the call was cancelled before frame 0 (a.b) was sent"}},)"
             R"({"index":1,"method":"a.c","skipped":true}]})");
  BOOST_TEST(transport.received().empty());
}

// A result whose inline record is exactly `n` bytes for frame 0 "script.evaluate" "big".
boost::json::value ResultOfRecordSize(std::size_t n) {
  boost::json::value result = boost::json::object{{"s", ""}};
  const std::size_t base = TwoPassRecord(0, "script.evaluate", "big", result).size();
  BOOST_REQUIRE(n >= base);
  result.as_object()["s"] = std::string(n - base, 'x');
  return result;
}

BOOST_AUTO_TEST_CASE(record_of_exactly_max_inline_bytes_is_inline) {
  const boost::json::value result = ResultOfRecordSize(1000);
  transport.ReplyValue(result);
  const std::string text = Run(R"({"frames":[{"method":"script.evaluate","label":"big"}]})");
  const std::string record = TwoPassRecord(0, "script.evaluate", "big", result);
  BOOST_TEST(record.size() == 1000u);
  BOOST_TEST(text == absl::StrCat(R"({"frames":[)", record, "]}"));
  BOOST_TEST(SpoolFiles().empty());
}

BOOST_AUTO_TEST_CASE(record_one_byte_over_is_spooled_with_exact_file_and_size) {
  const boost::json::value result = ResultOfRecordSize(1001);
  transport.ReplyValue(result);
  const boost::json::value out =
      Json(Run(R"({"frames":[{"method":"script.evaluate","label":"big"}]})"));
  const boost::json::object& record = out.at("frames").at(0).as_object();
  BOOST_REQUIRE(record.contains("spooled"));
  const std::string path(record.at("spooled").as_string());
  const std::string result_text = boost::json::serialize(result);
  BOOST_TEST(ReadFile(path) == result_text);
  BOOST_TEST(record.at("size").to_number<std::uint64_t>() == 1001u);
  BOOST_TEST(record.at("preview").as_string() == result_text.substr(0, 200));
  BOOST_TEST(path.rfind(dir.path() + "/", 0) == 0u);
  BOOST_TEST(path.size() > 11u);
  BOOST_TEST(path.substr(path.size() - 11) == "-0-big.json");
  // Exact key order of the marker.
  BOOST_TEST(boost::json::serialize(record) ==
             absl::StrCat(R"({"index":0,"method":"script.evaluate","label":"big","spooled":")",
                          path, R"(","size":1001,"preview":)",
                          boost::json::serialize(boost::json::string(result_text.substr(0, 200))),
                          "}"));
}

BOOST_AUTO_TEST_CASE(spooling_inline_writes_gives_the_same_result) {
  options.deferred_spool = false;
  const boost::json::value result = ResultOfRecordSize(1500);
  transport.ReplyValue(result);
  const boost::json::value out =
      Json(Run(R"({"frames":[{"method":"script.evaluate","label":"big"}]})"));
  BOOST_TEST(ReadFile(std::string(out.at("frames").at(0).at("spooled").as_string())) ==
             boost::json::serialize(result));
  BOOST_TEST(out.at("frames").at(0).at("size").to_number<std::uint64_t>() == 1500u);
}

BOOST_AUTO_TEST_CASE(two_pass_option_gives_the_same_output) {
  const boost::json::value result = ResultOfRecordSize(1000);
  transport.ReplyValue(result).ReplyValue(result);
  const std::string single = Run(R"({"frames":[{"method":"script.evaluate","label":"big"}]})");
  options.two_pass_record_size = true;
  const std::string two = Run(R"({"frames":[{"method":"script.evaluate","label":"big"}]})");
  BOOST_TEST(single == two);
}

BOOST_AUTO_TEST_CASE(preview_is_cut_on_a_utf8_boundary) {
  // R_text: a quote and 198 ASCII bytes, then a 2-byte character at bytes 199-200.
  const std::string prefix = "\"" + std::string(198, 'a');  // R_text starts with the quote
  const std::string s = std::string(198, 'a') + "\xC3\xA9" + std::string(2000, 'b');
  transport.ReplyValue(boost::json::string(s));
  const boost::json::value out = Json(Run(R"({"frames":[{"method":"a.b"}]})"));
  BOOST_TEST(out.at("frames").at(0).at("preview").as_string() == prefix);
  BOOST_TEST(out.at("frames").at(0).at("preview").as_string().size() == 199u);
}

BOOST_AUTO_TEST_CASE(whole_result_budget_spools_what_does_not_fit) {
  options.max_result_bytes = 2000;
  // Three records of 800 bytes each (frames 0..2 carry the label "big" only in size terms).
  std::vector<boost::json::value> results;
  std::vector<std::string> records;
  for (std::size_t i = 0; i < 3; ++i) {
    boost::json::value r = boost::json::object{{"s", ""}};
    const std::size_t base = TwoPassRecord(i, "a.b", "", r).size();
    r.as_object()["s"] = std::string(800 - base, 'x');
    records.push_back(TwoPassRecord(i, "a.b", "", r));
    transport.ReplyValue(r);
    results.push_back(std::move(r));
  }
  const std::string text =
      Run(R"({"frames":[{"method":"a.b"},{"method":"a.b"},{"method":"a.b"}]})");
  // {"frames":[ + 800 + , + 800 = 1612; the third would make 1612 + 1 + 800 + 2 > 2000.
  const boost::json::value out = Json(text);
  BOOST_TEST(text.substr(0, 11 + 800 + 1 + 800) ==
             absl::StrCat(R"({"frames":[)", records[0], ",", records[1]));
  const auto& third = out.at("frames").at(2).as_object();
  BOOST_REQUIRE(third.contains("spooled"));
  BOOST_TEST(third.at("size").to_number<std::uint64_t>() == 800u);
  BOOST_TEST(ReadFile(std::string(third.at("spooled").as_string())) ==
             boost::json::serialize(results[2]));
}

BOOST_AUTO_TEST_CASE(record_that_exactly_fills_the_budget_is_inline) {
  // {"frames":[ + R + ]} == max_result_bytes.
  options.max_result_bytes = 13 + 900;
  boost::json::value r = boost::json::object{{"s", ""}};
  r.as_object()["s"] = std::string(900 - TwoPassRecord(0, "a.b", "", r).size(), 'x');
  transport.ReplyValue(r);
  const std::string text = Run(R"({"frames":[{"method":"a.b"}]})");
  BOOST_TEST(text.size() == 913u);
  BOOST_TEST(text == absl::StrCat(R"({"frames":[)", TwoPassRecord(0, "a.b", "", r), "]}"));
}

BOOST_AUTO_TEST_CASE(screenshot_is_spooled_as_decoded_png) {
  const std::string png("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16);
  // base64 of the 16 bytes above.
  const boost::json::value result = boost::json::parse(R"({"data":"iVBORw0KGgoAAAANSUhEUg=="})");
  transport.ReplyValue(result);
  const boost::json::value out = Json(
      Run(R"({"frames":[{"method":"browsingContext.captureScreenshot","params":{"context":"C"},)"
          R"("label":"shot"}]})"));
  const auto& record = out.at("frames").at(0).as_object();
  const std::string path(record.at("spooled").as_string());
  BOOST_TEST(ReadFile(path) == png);
  BOOST_TEST(path.substr(path.size() - 11) == "-0-shot.png");
  BOOST_TEST(record.at("mime").as_string() == "image/png");
  BOOST_TEST(record.at("bytes").to_number<std::uint64_t>() == 16u);
  BOOST_TEST(record.at("size").to_number<std::uint64_t>() ==
             TwoPassRecord(0, "browsingContext.captureScreenshot", "shot", result).size());
  BOOST_TEST(record.at("preview").as_string() == R"({"data":"iVBORw0KGgoAAAANSUhEUg=="})");
}

BOOST_AUTO_TEST_CASE(print_is_spooled_as_decoded_pdf) {
  transport.Reply(R"({"data":"JVBERi0xLjQ="})");
  const boost::json::value out = Json(Run(R"({"frames":[{"method":"browsingContext.print"}]})"));
  const auto& record = out.at("frames").at(0).as_object();
  const std::string path(record.at("spooled").as_string());
  BOOST_TEST(ReadFile(path) == "%PDF-1.4");
  BOOST_TEST(path.substr(path.size() - 6) == "-0.pdf");
  BOOST_TEST(record.at("mime").as_string() == "application/pdf");
  BOOST_TEST(record.at("bytes").to_number<std::uint64_t>() == 8u);
}

BOOST_AUTO_TEST_CASE(pick_returns_the_part_and_label_binds_the_whole) {
  transport.Reply(R"({"result":{"type":"number","value":3},"realm":"R"})").Reply("{}");
  const std::string text = Run(
      R"({"frames":[{"method":"script.evaluate","label":"v","pick":"result.value"},)"
      R"({"method":"a.b","params":{"realm":"<<v.realm>>","n":"<<v.result.value>>"},"silent":true}]})");
  BOOST_TEST(text == R"({"frames":[{"index":0,"method":"script.evaluate","label":"v","result":3},)"
                     R"({"index":1,"method":"a.b"}]})");
  BOOST_TEST(transport.received()[1].params == R"({"realm":"R","n":3})");
}

BOOST_AUTO_TEST_CASE(invalid_pick_is_an_error_record) {
  transport.Reply(R"({"result":{"type":"undefined"}})");
  BOOST_TEST(Run(R"({"frames":[{"method":"script.evaluate","pick":"result.value"}]})") ==
             R"({"frames":[{"index":0,"method":"script.evaluate","error":{"error":"invalid pick",)"
             R"("message":"pick \"result.value\": no member \"value\" at result.value )"
             R"((members: \"type\") (the frame ran; its label, if any, still binds the whole )"
             R"x(result)"}}]})x");
}

// Firefox writes "type" first; a large result is decided from its first bytes too.
const char* const kThrown =
    R"({"type":"exception","exceptionDetails":{"columnNumber":24,"exception":{"type":"error"},)"
    R"("lineNumber":0,"stackTrace":{"callFrames":[]},"text":"TypeError: x is null"},"realm":"R"})";

BOOST_AUTO_TEST_CASE(a_script_exception_fails_the_frame_and_its_label_binds_the_result) {
  for (const bool stop : {true, false}) {
    BOOST_TEST_CONTEXT("on_error stop: " << stop) {
      RunnerFixture fixture;
      fixture.transport.Reply(kThrown).Reply("{}").Reply("{}");
      const std::string text = fixture.Run(absl::StrCat(
          R"({"frames":[{"method":"script.evaluate","label":"v","pick":"result.value"},)",
          R"({"method":"a.b","params":{"t":"<<v.exceptionDetails.text>>"}},)",
          R"({"method":"script.callFunction","silent":true}],"on_error":")",
          stop ? "stop" : "continue", R"("})"));
      const std::string error =
          R"({"index":0,"method":"script.evaluate","label":"v","error":{"error":"javascript )"
          R"x(error","message":"TypeError: x is null (line 0, column 24)"}})x";
      BOOST_TEST(text == absl::StrCat(
                             R"({"frames":[)", error,
                             stop ? R"(,{"index":1,"method":"a.b","skipped":true},)"
                                    R"({"index":2,"method":"script.callFunction","skipped":true}]})"
                                  : R"(,{"index":1,"method":"a.b","result":{}},)"
                                    R"({"index":2,"method":"script.callFunction"}]})"));
      if (!stop) {
        BOOST_TEST(fixture.transport.received()[1].params == R"({"t":"TypeError: x is null"})");
      }
      BOOST_TEST(boost::json::serialize(*fixture.cache.Get("v")) == kThrown);
    }
  }
}

// A script frame without pick: the exception is known before the next frame is sent, so
// on_error "stop" sends nothing more.
BOOST_AUTO_TEST_CASE(a_script_exception_stops_before_the_next_frame_is_sent) {
  transport.Reply(R"({"type":"success","result":{"type":"number","value":1},"realm":"R"})")
      .Reply(kThrown)
      .Reply("{}");
  const std::string text = Run(R"({"frames":[{"method":"script.evaluate"},)"
                               R"({"method":"script.callFunction"},{"method":"a.b"}]})");
  BOOST_TEST(text ==
             R"({"frames":[{"index":0,"method":"script.evaluate","result":{"type":"success",)"
             R"("result":{"type":"number","value":1},"realm":"R"}},{"index":1,"method":)"
             R"("script.callFunction","error":{"error":"javascript error","message":)"
             R"x("TypeError: x is null (line 0, column 24)"}},)x"
             R"({"index":2,"method":"a.b","skipped":true}]})");
  BOOST_TEST(transport.received().size() == 2u);
}

// A large exception whose first bytes do not say so (another peer's key order) is found once
// the next frame has been sent, like a malformed large reply.
BOOST_AUTO_TEST_CASE(a_large_exception_in_another_key_order_fails_after_the_next_send) {
  const std::string big(20000, 'x');
  const std::string thrown =
      absl::StrCat(R"({"realm":"R","exceptionDetails":{"lineNumber":2,"columnNumber":5,"text":")",
                   big, R"("},"type":"exception","x":1})");
  transport.Reply(thrown).Reply("{}").Reply("{}");
  const std::string text = Run(R"({"frames":[{"method":"script.evaluate","label":"big"},)"
                               R"({"method":"a.b"},{"method":"a.c"}]})");
  BOOST_TEST(text == absl::StrCat(R"({"frames":[{"index":0,"method":"script.evaluate","label":)",
                                  R"("big","error":{"error":"javascript error","message":")",
                                  big.substr(0, 1024),
                                  R"x(... (20000 bytes in all) (line 2, column 5)"}},)x",
                                  R"({"index":1,"method":"a.b","result":)",
                                  R"({}},{"index":2,"method":"a.c","skipped":true}]})"));
  BOOST_TEST(transport.received().size() == 2u);
}

// Other commands' results are never looked at for "type".
BOOST_AUTO_TEST_CASE(only_script_results_can_be_exceptions) {
  transport.Reply(R"({"type":"exception"})");
  BOOST_TEST(Run(R"({"frames":[{"method":"a.b"}]})") ==
             R"({"frames":[{"index":0,"method":"a.b","result":{"type":"exception"}}]})");
}

BOOST_AUTO_TEST_CASE(bidi_errors_carry_their_hints) {
  transport.Error("unknown command", "browsingContext.navigat")
      .Error("no such node", "The node with the reference n1 is not known");
  const boost::json::value out =
      Json(Run(R"({"frames":[{"method":"browsingContext.navigat"},)"
               R"({"method":"script.callFunction"}],"on_error":"continue"})"));
  BOOST_TEST(boost::json::serialize(out.at("frames").at(0)) ==
             R"({"index":0,"method":"browsingContext.navigat","error":{"error":"unknown command",)"
             R"("message":"browsingContext.navigat; did you mean `browsingContext.navigate`?"}})");
  const std::string stale(out.at("frames").at(1).at("error").at("message").as_string());
  BOOST_TEST(stale.rfind("The node with the reference n1 is not known; node references (sharedId) "
                         "die when the page navigates",
                         0) == 0u);
}

struct ShotCase {
  const char* base64;
  std::string bytes;
  const char* ext;
  const char* mime;
};

BOOST_AUTO_TEST_CASE(screenshot_type_comes_from_its_bytes) {
  const ShotCase cases[] = {
      {"/9j/4AAQ", std::string("\xFF\xD8\xFF\xE0\x00\x10", 6), ".jpg", "image/jpeg"},
      {"UklGRiQAAABXRUJQVlA4IA==", std::string("RIFF\x24\0\0\0WEBPVP8 ", 16), ".webp",
       "image/webp"},
      {"iVBORw0KGgo=", std::string("\x89PNG\r\n\x1a\n", 8), ".png", "image/png"},
      {"AAECAw==", std::string("\0\1\2\3", 4), ".png", "image/png"},  // unknown: as asked
  };
  for (const ShotCase& c : cases) {
    BOOST_TEST_CONTEXT(c.mime << " " << c.base64) {
      transport.Reply(absl::StrCat(R"({"data":")", c.base64, R"("})"));
      const boost::json::value out =
          Json(Run(R"({"frames":[{"method":"browsingContext.captureScreenshot","label":"s"}]})"));
      const auto& record = out.at("frames").at(0).as_object();
      const std::string path(record.at("spooled").as_string());
      BOOST_TEST(ReadFile(path) == c.bytes);
      BOOST_TEST(path.substr(path.size() - 4 - std::string_view(c.ext).size()) ==
                 absl::StrCat("-0-s", c.ext));
      BOOST_TEST(record.at("mime").as_string() == c.mime);
      BOOST_TEST(record.at("bytes").to_number<std::uint64_t>() == c.bytes.size());
    }
  }
}

BOOST_AUTO_TEST_CASE(small_labels_are_kept_for_later_calls) {
  options.max_inline_bytes = 100;
  transport.Reply(R"({"c":"C1"})")
      .ReplyValue(boost::json::string(std::string(200, 'x')))
      .Reply("{}");
  Run(R"({"frames":[{"method":"a.b","label":"small","silent":true},)"
      R"({"method":"a.c","label":"large"}]})");
  BOOST_TEST(cache.size() == 1u);
  BOOST_TEST(boost::json::serialize(*cache.Get("small")) == R"({"c":"C1"})");
  BOOST_TEST(cache.Get("large") == nullptr);
  BOOST_TEST(Run(R"({"frames":[{"method":"a.d","params":{"c":"<<small.c>>"},"silent":true}]})") ==
             R"({"frames":[{"index":0,"method":"a.d"}]})");
  BOOST_TEST(transport.received()[2].params == R"({"c":"C1"})");
}

BOOST_AUTO_TEST_CASE(picked_label_is_cached_by_its_whole_result_size) {
  options.max_inline_bytes = 100;
  const std::string big = std::string(200, 'x');
  transport.Reply(absl::StrCat(R"({"v":1,"pad":")", big, R"("})")).Reply(R"({"v":2,"pad":"y"})");
  const std::string text = Run(R"({"frames":[{"method":"a.b","label":"large","pick":"v"},)"
                               R"({"method":"a.c","label":"small","pick":"v"}]})");
  BOOST_TEST(text == R"({"frames":[{"index":0,"method":"a.b","label":"large","result":1},)"
                     R"({"index":1,"method":"a.c","label":"small","result":2}]})");
  BOOST_TEST(cache.Get("large") == nullptr);
  BOOST_TEST(boost::json::serialize(*cache.Get("small")) == R"({"v":2,"pad":"y"})");
}

BOOST_AUTO_TEST_CASE(the_oldest_events_are_dropped_then_inline_then_spooled) {
  options.limits.max_inline_events = 2;
  options.limits.max_events = 4;
  for (int i = 0; i < 5; ++i) {
    transport.Event(
        absl::StrCat(R"({"type":"event","method":"log.entryAdded","params":{"n":)", i, "}}"));
  }
  transport.Reply("1");
  const std::string text = Run(R"({"frames":[{"method":"a.b"}]})");
  const boost::json::value out = Json(text);
  const auto& events = out.at("events").as_array();
  BOOST_REQUIRE_EQUAL(events.size(), 4u);
  BOOST_TEST(boost::json::serialize(events[0]) == R"({"dropped":1})");
  BOOST_TEST(boost::json::serialize(events[1]) ==
             R"({"type":"event","method":"log.entryAdded","params":{"n":1},"frame":0})");
  BOOST_TEST(boost::json::serialize(events[2]) ==
             R"({"type":"event","method":"log.entryAdded","params":{"n":2},"frame":0})");
  const std::string lines =
      "{\"type\":\"event\",\"method\":\"log.entryAdded\",\"params\":{\"n\":3},\"frame\":0}\n"
      "{\"type\":\"event\",\"method\":\"log.entryAdded\",\"params\":{\"n\":4},\"frame\":0}\n";
  const std::string path(events[3].at("spooled").as_string());
  BOOST_TEST(ReadFile(path) == lines);
  BOOST_TEST(path.substr(path.size() - 15) == "-1-events.jsonl");
  BOOST_TEST(boost::json::serialize(events[3]) ==
             absl::StrCat(R"({"spooled":")", path, R"(","size":)", lines.size(),
                          R"(,"count":2,"preview":)",
                          boost::json::serialize(boost::json::string(lines)), "}"));
  const std::string head =
      R"({"frames":[{"index":0,"method":"a.b","result":1}],"events":[{"dropped":1},{"type":)";
  BOOST_TEST(text.substr(0, head.size()) == head);
}

// Events are bounded in bytes too (serialized with their tag): the newest that fit are kept.
BOOST_AUTO_TEST_CASE(events_past_max_event_bytes_drop_the_oldest) {
  auto event = [](int n) {
    return absl::StrCat(R"({"type":"event","method":"m","params":{"n":)", n, R"(,"p":")",
                        std::string(40, 'p'), R"("}})");
  };
  auto tagged = [&](int n) { return event(n).substr(0, event(n).size() - 1) + R"(,"frame":0})"; };
  for (int n = 0; n < 6; ++n) transport.Event(event(n));
  transport.Event(absl::StrCat(R"({"type":"event","method":"m","params":{"p":")",
                               std::string(500, 'x'), R"("}})"));  // alone past the bound
  transport.Reply("1");
  options.limits.max_event_bytes = 3 * tagged(0).size();  // exactly three events
  const boost::json::value out = Json(Run(R"({"frames":[{"method":"a.b"}]})"));
  BOOST_TEST(boost::json::serialize(out.at("events")) ==
             absl::StrCat(R"([{"dropped":4},)", tagged(3), ",", tagged(4), ",", tagged(5), "]"));
}

// Each event says which frame was in flight when it arrived; -1 for those that arrived
// between calls (delivered before the first frame is sent).
BOOST_AUTO_TEST_CASE(events_carry_the_frame_in_flight_or_minus_one_between_calls) {
  transport.EventBetweenCalls(R"({"type":"event","method":"m","params":{"n":0}})")
      .Event(R"({"type":"event","method":"m","params":{"n":1}})")
      .Reply("1")
      .Event(R"({"type":"event","method":"m","params":{"n":2}})")
      .Reply("2");
  const boost::json::value out =
      Json(Run(R"({"frames":[{"method":"a.b"},{"method":"a.c","silent":true}]})"));
  BOOST_TEST(boost::json::serialize(out.at("events")) ==
             R"([{"type":"event","method":"m","params":{"n":0},"frame":-1},)"
             R"({"type":"event","method":"m","params":{"n":1},"frame":0},)"
             R"({"type":"event","method":"m","params":{"n":2},"frame":1}])");
  // Only events: the call still reports them.
  transport.EventBetweenCalls(R"({"type":"event","method":"m","params":{"n":3}})").Reply("3");
  BOOST_TEST(Run(R"({"frames":[{"method":"a.d","silent":true}]})") ==
             R"({"frames":[{"index":0,"method":"a.d"}],"events":[{"type":"event","method":"m",)"
             R"("params":{"n":3},"frame":-1}]})");
}

BOOST_AUTO_TEST_CASE(events_past_the_result_budget_are_spooled) {
  const std::string event =
      R"({"type":"event","method":"m","params":{"p":")" + std::string(60, 'e') + R"("},"frame":0})";
  transport.Event(event).Event(event).Reply("1");  // the "frame" member is kept as it is
  // Room for the frame and exactly one event: {"frames":[R],"events":[E]}.
  const std::string frame_record = R"({"index":0,"method":"a.b","result":1})";
  options.max_result_bytes = 11 + frame_record.size() + 12 + event.size() + 2;
  const boost::json::value out = Json(Run(R"({"frames":[{"method":"a.b"}]})"));
  const auto& events = out.at("events").as_array();
  BOOST_REQUIRE_EQUAL(events.size(), 2u);
  BOOST_TEST(boost::json::serialize(events[0]) == event);
  BOOST_TEST(events[1].at("count").to_number<int>() == 1);
  BOOST_TEST(ReadFile(std::string(events[1].at("spooled").as_string())) == event + "\n");
}

BOOST_AUTO_TEST_CASE(failed_events_write_becomes_an_error_marker) {
  options.limits.max_inline_events = 0;
  FailingWriteSpool failing(*spool, "-events.jsonl");
  transport.Event(R"({"type":"event","method":"m","params":{}})").Reply("1");
  const boost::json::value out = Json(Run(R"({"frames":[{"method":"a.b"}]})", &failing));
  const auto& events = out.at("events").as_array();
  BOOST_REQUIRE_EQUAL(events.size(), 1u);
  BOOST_TEST(events[0].at("error").at("error").as_string() == "spool write failed");
  BOOST_TEST(events[0].at("count").to_number<int>() == 1);
  BOOST_TEST(SpoolFiles().empty());
}

BOOST_AUTO_TEST_CASE(no_events_key_without_events) {
  transport.Reply("1");
  BOOST_TEST(Run(R"({"frames":[{"method":"a.b"}]})") ==
             R"({"frames":[{"index":0,"method":"a.b","result":1}]})");
}

BOOST_AUTO_TEST_CASE(failed_spool_write_becomes_an_error_record) {
  FailingWriteSpool failing(*spool, "-1-bad.json");
  transport.ReplyValue(boost::json::string(std::string(2000, 'a')))
      .ReplyValue(boost::json::string(std::string(2000, 'b')));
  const boost::json::value out = Json(Run(
      R"({"frames":[{"method":"a.b","label":"good"},{"method":"a.b","label":"bad"}]})", &failing));
  const auto& good = out.at("frames").at(0).as_object();
  BOOST_TEST(ReadFile(std::string(good.at("spooled").as_string())) ==
             "\"" + std::string(2000, 'a') + "\"");
  const auto& bad = out.at("frames").at(1).as_object();
  BOOST_TEST(bad.at("error").at("error").as_string() == "spool write failed");
  const std::string message(bad.at("error").at("message").as_string());
  BOOST_TEST(message.find("No space left on device") != std::string::npos);
  BOOST_TEST(SpoolFiles().size() == 1u);
}

BOOST_AUTO_TEST_CASE(quota_exceeded_is_a_record_error_and_the_batch_goes_on) {
  auto small = OpenDirectorySpool(dir.path() + "/q", 100);
  BOOST_REQUIRE(small.ok());
  transport.ReplyValue(boost::json::string(std::string(2000, 'a'))).Reply("2");
  const boost::json::value out =
      Json(Run(R"({"frames":[{"method":"a.b"},{"method":"a.c"}]})", small->get()));
  BOOST_TEST(out.at("frames").at(0).at("error").at("error").as_string() == "spool quota exceeded");
  BOOST_TEST(boost::json::serialize(out.at("frames").at(1)) ==
             R"({"index":1,"method":"a.c","result":2})");
}

BOOST_AUTO_TEST_CASE(progress_is_reported_after_each_frame) {
  std::vector<std::string> calls;
  options.on_progress = [&](std::uint64_t done, std::uint64_t total, std::string_view what) {
    calls.push_back(absl::StrCat(done, "/", total, " ", std::string(what)));
  };
  transport.Reply("1").Error("e", "m");
  Run(R"({"frames":[{"method":"a.b"},{"method":"a.c"},{"method":"a.d"}]})");
  BOOST_TEST((calls == std::vector<std::string>{"1/3 frame 0 a.b", "2/3 frame 1 a.c"}));
}

// The model's raw session.subscribe / unsubscribe frames are recorded in the PageWatch (the
// one record the page layer's event filter asks too); a refused subscribe changes nothing.
BOOST_AUTO_TEST_CASE(the_models_subscriptions_are_noted_in_the_page_watch_only_when_they_succeed) {
  PageWatch watch;
  options.page_watch = &watch;
  transport.Error("invalid argument", "no such event").Reply(R"({"subscription":"S1"})");
  Run(R"({"on_error":"continue","frames":[
      {"method":"session.subscribe","params":{"events":["log"]}},
      {"method":"session.subscribe","params":{"events":["browsingContext.load"]}}]})");
  BOOST_TEST(!watch.ModelSubscribed("log.entryAdded"));
  BOOST_TEST(watch.ModelSubscribed("browsingContext.load"));
  transport.Reply("{}");
  Run(R"({"frames":[{"method":"session.unsubscribe","params":{"subscriptions":["S1"]}}]})");
  BOOST_TEST(!watch.ModelSubscribed("browsingContext.load"));
}

// A prompt that opens while a frame waits fails the frame at once only when the prompt holds
// it up (PageWatch::HeldUpByPrompts): Firefox answers a screenshot or a viewport change while
// a prompt is open, so those get their reply.
BOOST_AUTO_TEST_CASE(a_prompt_fails_only_the_frames_it_holds_up) {
  PageWatch watch;
  options.page_watch = &watch;
  const std::string alert =
      R"({"type":"event","method":"browsingContext.userPromptOpened","params":)"
      R"({"context":"C1","type":"alert","message":"hi","handler":"ignore"}})";
  transport.Event(alert)
      .Reply("{}")
      .Event(alert)
      .Reply("{}")
      .Event(alert)
      .Reply(R"({"realm":"R1","type":"success","result":{"type":"number","value":2}})")
      .Event(alert)
      .Reply("{}");
  const std::string out = Run(R"({"on_error":"continue","frames":[
      {"method":"browsingContext.setViewport","params":{"context":"C1","viewport":null}},
      {"method":"browsingContext.close","params":{"context":"C1"}},
      {"method":"script.evaluate","params":{"expression":"1+1","target":{"context":"C1"}}},
      {"method":"browsingContext.close","params":{"context":"C1","promptUnload":true}}]})");
  const boost::json::array frames = boost::json::parse(out).at("frames").as_array();
  BOOST_TEST(boost::json::serialize(frames.at(0)) ==
             R"({"index":0,"method":"browsingContext.setViewport","result":{}})");
  BOOST_TEST(boost::json::serialize(frames.at(1)) ==
             R"({"index":1,"method":"browsingContext.close","result":{}})");
  for (const std::size_t i : {2u, 3u}) {
    BOOST_TEST(std::string(frames.at(i).at("error").at("error").as_string()) == "user prompt open",
               i);
  }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
