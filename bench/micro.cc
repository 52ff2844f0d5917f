// bench-micro: the tool's in-process cost. The real RunBatch runs a 25-frame fixture batch
// (22 small results, 3 results of 512 KiB JSON-ish text) over a transport that answers each
// command with canned reply text, parsed by the real ClassifyMessage each time, so parsing is
// measured with everything else. Each sample gets a fresh spool directory, created and removed
// outside the timer. Two floors are measured beside the variants: the in-process floor
// (classify each reply once, take each result's text, write the large ones to files) and the
// bytes floor (copy each reply, one pass over its bytes, write the large results).
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "bench_support.h"
#include "core/batch_args.h"
#include "core/batch_runner.h"
#include "core/bidi_protocol.h"
#include "core/canonical_json.h"
#include "core/label_cache.h"
#include "core/spool.h"
#include "core/status_macros.h"
#include "core/text_buffers.h"
#include "core/transport.h"
#include "harness.h"

namespace firefox_bidi::bench {
namespace {

constexpr std::size_t kFrames = 25;
constexpr std::size_t kLargeBytes = 512 * 1024;
constexpr std::size_t kLargeFrames[] = {6, 13, 20};
constexpr std::uint64_t kMaxInlineBytes = 8192;
constexpr const char* kContext = "6b9a5e0c-3f1d-4b7e-9a61-2d0c7f4e8b13";
constexpr const char* kRealm = "a1f0c2d4-7b8e-4e59-8c3a-91d2b6f0e7a5";

bool IsLarge(std::size_t i) {
  for (std::size_t large : kLargeFrames) {
    if (large == i) return true;
  }
  return false;
}

// A BidiTransport that answers the i-th command of a batch with the i-th canned reply text.
class CannedTransport : public BidiTransport {
 public:
  explicit CannedTransport(std::vector<std::string> replies) : replies_(std::move(replies)) {}

  // Sets how results are handed to the runner (ClassifyMessage's form) and starts over.
  void Rewind(ResultForm form) {
    form_ = form;
    next_ = 0;
  }

  using BidiTransport::Call;
  absl::StatusOr<BidiReply> Call(std::string_view, const boost::json::object& params,
                                 std::chrono::milliseconds, EventSink, SentHook on_sent) override {
    if (next_ >= replies_.size()) {
      return absl::InternalError(absl::StrCat("the fixture has only ", replies_.size(),
                                              " replies; command ", next_, " has none"));
    }
    // Later frames must arrive with the interpolated context, or the runner skipped work.
    if (next_ > 0 && params.contains("target") &&
        params.at("target").as_object().at("context") != kContext) {
      return absl::InternalError(absl::StrCat("command ", next_,
                                              " was sent without its "
                                              "interpolated context: ",
                                              boost::json::serialize(params)));
    }
    on_sent();
    // As BidiConnection does: a WebSocket text message is known to be valid UTF-8.
    ASSIGN_OR_RETURN(IncomingMessage message,
                     ClassifyMessage(replies_[next_++], form_, Utf8::kAlreadyValid));
    BidiReply reply;
    reply.ok = message.kind == IncomingMessage::Kind::kSuccess;
    if (!reply.ok) return absl::InternalError("a canned reply is not a success");
    reply.result = std::move(message.result);
    return reply;
  }
  void Interrupt() override {}
  void ClearInterrupt() override {}

  const std::vector<std::string>& replies() const { return replies_; }

 private:
  std::vector<std::string> replies_;
  ResultForm form_ = ResultForm::kCanonicalText;
  std::size_t next_ = 0;
};

// The batch: a getTree whose context later frames interpolate, then script.evaluate frames.
struct Fixture {
  BatchArgs args;
  std::unique_ptr<CannedTransport> transport;
};

// `small_only`: the 22 small frames alone (the large ones left out), for what a change costs
// results that are not large.
absl::StatusOr<Fixture> MakeFixture(bool small_only) {
  boost::json::array frames;
  std::vector<std::string> replies;
  auto reply = [&](const boost::json::value& result) {
    replies.push_back(boost::json::serialize(
        boost::json::object{{"type", "success"}, {"id", replies.size() + 1}, {"result", result}}));
  };
  frames.push_back(
      {{"method", "browsingContext.getTree"}, {"params", {{"maxDepth", 1}}}, {"label", "tree"}});
  reply({{"contexts",
          {{{"children", boost::json::array()},
            {"clientWindow", "8f1e2d3c-4b5a-4c7d-9e8f-0a1b2c3d4e5f"},
            {"context", kContext},
            {"originalOpener", nullptr},
            {"parent", nullptr},
            {"url", "about:blank"},
            {"userContext", "default"}}}}});
  for (std::size_t i = 1; i < kFrames; ++i) {
    if (small_only && IsLarge(i)) continue;
    boost::json::object frame{
        {"method", "script.evaluate"},
        {"params",
         {{"expression", absl::StrCat("document.querySelectorAll('li')[", i, "].textContent")},
          {"target", {{"context", "<<tree.contexts[0].context>>"}}},
          {"awaitPromise", false}}}};
    boost::json::value value;
    if (IsLarge(i)) {
      frame["label"] = absl::StrCat("page", i);
      value = {{"type", "string"}, {"value", JsonishText(i, kLargeBytes)}};
    } else if (i % 3 == 0) {
      value = {{"type", "number"}, {"value", static_cast<std::int64_t>(i) * 1000 + 7}};
    } else {
      value = {{"type", "string"}, {"value", absl::StrCat("Élément n°", i, " — \"ok\"")}};
    }
    frames.push_back(std::move(frame));
    // Firefox's own member order.
    reply({{"realm", kRealm}, {"type", "success"}, {"result", value}});
  }
  const std::string args_json =
      boost::json::serialize(boost::json::object{{"frames", std::move(frames)}});
  std::variant<BatchArgs, ToolError> parsed = ParseBatchArgs(args_json, Limits{});
  if (const ToolError* error = std::get_if<ToolError>(&parsed)) {
    return absl::InternalError(absl::StrCat("the fixture batch is refused: ", error->message));
  }
  Fixture fixture;
  fixture.args = std::get<BatchArgs>(std::move(parsed));
  fixture.transport = std::make_unique<CannedTransport>(std::move(replies));
  return fixture;
}

// The unavoidable work: classify each reply once (as the product does: a canonical result
// stays text), take each result's text, write the large ones to files.
Variant FloorVariant(std::shared_ptr<Fixture> fixture) {
  struct State {
    std::unique_ptr<ScratchDir> dir;
    // Parsed replies live until the sample ends, as the tool keeps results for its labels:
    // freeing each at once lets malloc trim and re-fault the heap, which made the "floor"
    // slower than the tool on this VM.
    std::vector<IncomingMessage> messages;
    std::vector<std::string> results;
  };
  auto state = std::make_shared<State>();
  Variant v;
  v.name = "classify + write once";
  v.prepare = [state]() -> absl::Status {
    ASSIGN_OR_RETURN(state->dir, ScratchDir::Create("bench-micro-floor-"));
    state->results.clear();
    state->messages.clear();
    return absl::OkStatus();
  };
  v.run = [fixture, state]() -> absl::Status {
    const std::vector<std::string>& replies = fixture->transport->replies();
    for (std::size_t i = 0; i < replies.size(); ++i) {
      ASSIGN_OR_RETURN(IncomingMessage message, ClassifyMessage(replies[i]));
      std::string text = std::move(message.result).TakeText();  // as the tool does: no copy
      if (text.size() > kMaxInlineBytes) {
        RETURN_IF_ERROR(WriteNewFile(absl::StrCat(state->dir->path(), "/", i, ".json"), text));
      }
      state->results.push_back(std::move(text));
      state->messages.push_back(std::move(message));
    }
    return absl::OkStatus();
  };
  v.finish = [state]() -> absl::StatusOr<SampleOutput> {
    SampleOutput out;
    // The buffers go back to the pool ClassifyMessage took them from, as the product's do.
    for (std::string& result : state->results) {
      out.results.push_back(result);
      GiveTextBuffer(std::move(result));
    }
    state->results.clear();
    state->messages.clear();
    state->dir.reset();
    return out;
  };
  return v;
}

// The bytes floor (bench_support.h): for each reply a copy into a fresh buffer, one pass over
// its bytes, one exclusive write of each result the product spools. The copies live until the
// sample ends, as the tool keeps results for its labels.
Variant BytesFloorVariant(std::shared_ptr<Fixture> fixture) {
  struct State {
    BytesFloorSample floor;
  };
  auto state = std::make_shared<State>();
  Variant v;
  v.name = "bytes floor (copy, one pass, write)";
  v.prepare = [state]() -> absl::Status {
    RETURN_IF_ERROR(state->floor.Begin("bench-micro-bytes-"));
    state->floor.replies.reserve(kFrames);
    return absl::OkStatus();
  };
  v.run = [fixture, state]() -> absl::Status {
    const std::vector<std::string>& replies = fixture->transport->replies();
    for (std::size_t i = 0; i < replies.size(); ++i) {
      const std::string& copy = state->floor.replies.emplace_back(replies[i]);
      RETURN_IF_ERROR(state->floor.Count(i, copy, kMaxInlineBytes));
    }
    return absl::OkStatus();
  };
  v.finish = [state]() { return state->floor.Finish(); };
  return v;
}

absl::StatusOr<Comparison> MakeComparison(const BenchFlags& flags) {
  ASSIGN_OR_RETURN(Fixture made, MakeFixture(flags.compare == "scan-small"));
  auto fixture = std::make_shared<Fixture>(std::move(made));
  auto args = std::shared_ptr<const BatchArgs>(fixture, &fixture->args);
  auto replies_as = [fixture, args](ResultForm form) {
    return [fixture, args, form]() -> absl::StatusOr<ToolSetup> {
      fixture->transport->Rewind(form);
      return ToolSetup{fixture->transport.get(), args};
    };
  };
  const auto product_replies = replies_as(ResultForm::kCanonicalText);
  const auto parsed_replies = replies_as(ResultForm::kParsed);
  RunOptions product;
  product.max_inline_bytes = kMaxInlineBytes;
  Comparison c;
  if (flags.compare == "serialize") {
    // Record serialization matters for results that arrive parsed, so both sides get those.
    RunOptions two_pass = product;
    two_pass.two_pass_record_size = true;
    c.a = ToolVariant("two-pass record serialization", parsed_replies, two_pass);
    c.b = ToolVariant("single-pass (probe with placeholder 0)", parsed_replies, product);
  } else if (flags.compare == "scan" || flags.compare == "scan-small") {
    c.a = WithScan(ToolVariant("strings scanned run by run", product_replies, product),
                   StringScan::kRuns);
    c.b = WithScan(ToolVariant("strings scanned 64 bytes at a time", product_replies, product),
                   StringScan::kBlocks);
  } else if (flags.compare == "buffers") {
    c.a = WithBufferReuse(
        ToolVariant("a new buffer for each large result", product_replies, product), false);
    c.b = WithBufferReuse(ToolVariant("large result buffers recycled", product_replies, product),
                          true);
  } else if (flags.compare == "result-text") {
    c.a = ToolVariant("results parsed and serialized", parsed_replies, product);
    c.b = ToolVariant("canonical results kept as text", product_replies, product);
  } else {
    RunOptions inline_writes = product;
    inline_writes.deferred_spool = false;
    c.a = ToolVariant("inline spool writes", product_replies, inline_writes);
    c.b = ToolVariant("deferred spool drain", product_replies, product);
  }
  c.extras.push_back({"floor", FloorVariant(fixture)});
  c.extras.push_back({"bytes_floor", BytesFloorVariant(fixture)});
  // The extras run after the pair, on the product's scan and buffers.
  for (Extra& extra : c.extras) {
    extra.variant = WithBufferReuse(WithScan(std::move(extra.variant), StringScan::kBlocks), true);
  }
  c.fixture = fixture;
  return c;
}

}  // namespace
}  // namespace firefox_bidi::bench

int main(int argc, char** argv) {
  using namespace firefox_bidi::bench;
  BenchSpec spec;
  spec.name = "bench-micro";
  spec.description =
      "In-process benchmark of the real RunBatch on a canned 25-frame batch (22 small results,\n"
      "3 results of 512 KiB), fresh spool directory per sample. Variant B is the product\n"
      "configuration; the floor (classify each reply, write each large result once) and the\n"
      "bytes floor (copy each reply, one pass over its bytes, write each large result) are\n"
      "reported beside it. Exit 0 done, 1 failure or output mismatch, 2 usage error.";
  spec.modes = {{"serialize",
                 "A two-pass record serialization, B single pass (the product), both on "
                 "parsed results"},
                {"result-text",
                 "A every result parsed and serialized again, B canonical results kept as the "
                 "reply's text (the product)"},
                {"spool", "A inline spool writes, B deferred spool drain (the product)"},
                {"buffers",
                 "A a new buffer for each large result, B large result buffers recycled (the "
                 "product)"},
                {"scan",
                 "A strings scanned run by run (stopping at every escape), B 64 bytes at a time "
                 "(the product)"},
                {"scan-small",
                 "as scan, on the 22 small frames alone (a 23-frame batch without the large "
                 "results)"}};
  spec.default_pairs = 30;
  spec.default_warmup = 5;
  spec.make = MakeComparison;
  return BenchMain(argc, argv, spec);
}
