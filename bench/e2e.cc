// bench-e2e: the tool against real headless Firefox over one /session socket. A batch is 5
// script.evaluate frames, three of which return ~300 KB JSON-ish strings built in the page
// from a seeded generator (quotes, backslashes, non-ASCII) once, outside the timer.
//
// Firefox allows one BiDi session, bound to the socket that created it (a second socket to
// /session/<id> is refused). So when consecutive samples need different clients (the tool's
// BidiConnection with or without quick ACKs, or the raw floor client), the untimed set-up
// ends the session and opens it again on the next client's socket; samples of one client in
// a row keep theirs. Every timed batch thus runs on one socket holding the session.
//
// `--compare cold` is the exception: each sample starts its own browser (cold_start.h).
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "absl/strings/str_cat.h"
#include "agents_workload.h"
#include "bench_support.h"
#include "cold_start.h"
#include "core/batch_args.h"
#include "core/batch_runner.h"
#include "core/bidi_protocol.h"
#include "core/canonical_json.h"
#include "core/config.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"
#include "harness.h"
#include "helpers_workload.h"
#include "net/bidi_connection.h"
#include "net/firefox_launcher.h"
#include "net/webdriver_client.h"
#include "page/event_filter.h"
#include "page/page_layer.h"
#include "raw_client.h"

namespace firefox_bidi::bench {
namespace {

using std::chrono::milliseconds;

constexpr milliseconds kTimeout{30000};
constexpr milliseconds kSessionTimeout{60000};  // the first session.new waits for start-up
constexpr std::size_t kBigChars = 238000;       // ~300 KB of UTF-8 in the reply
constexpr std::size_t kMidChars = 55000;        // ~70 KB
// 20 console lines and 20 data: URL loads: the events a page's noise brings.
constexpr char kNoise[] =
    "(() => { for (let i = 0; i < 20; i++) { console.log('bench line', i); "
    "const x = new XMLHttpRequest(); x.open('GET', 'data:text/plain,' + i, false); x.send(); } "
    "return 20; })()";

// Builds globalThis.__bench = {big: [3 strings], mid: [5 strings]} in the page. The text
// generator is a seeded xorshift, so every run (and every browser) gets the same strings.
std::string PageSetupScript() {
  return absl::StrCat(R"JS((() => {
  let s = 0x2545f491 >>> 0;
  const rnd = () => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s; };
  const words = ['alpha', 'Zoë', 'naïve', 'café', '中文', '日本語', '😀', '"quoted"',
    'C:\\path\\to', 'tab\t', 'line\n', '<div class="x">', '€100', 'Ωmega', '100%', 'a&b',
    '{x}', '[1,2]', 'ü', 'Ελληνικά', 'back\\slash', "it's"];
  const keys = ['id', 'name', 'title', 'text', 'href', 'tags', 'score'];
  const make = (n) => {
    const parts = [];
    let len = 0;
    while (len < n) {
      const w = [];
      const k = 3 + rnd() % 12;
      for (let i = 0; i < k; i++) w.push(words[rnd() % words.length]);
      const rec = '{"' + keys[rnd() % keys.length] + '":' + (rnd() % 100000) + ',"' +
        keys[rnd() % keys.length] + '":"' + w.join(' ') + '","ok":' +
        (rnd() % 2 ? 'true' : 'false') + '},\n';
      parts.push(rec);
      len += rec.length;
    }
    let out = parts.join('').slice(0, n);
    const last = out.charCodeAt(out.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) out = out.slice(0, -1);  // no lone surrogate
    return out;
  };
  globalThis.__bench = {
    big: [make()JS",
                      kBigChars, "), make(", kBigChars, "), make(", kBigChars,
                      R"JS()],
    mid: [make()JS",
                      kMidChars, "), make(", kMidChars, "), make(", kMidChars, "), make(",
                      kMidChars, "), make(", kMidChars, R"JS()],
  };
  return globalThis.__bench.big.map((x) => x.length).join(',');
})())JS");
}

// The one browser and its one session, moved onto whichever client the next sample needs.
class Browser {
 public:
  static absl::StatusOr<std::unique_ptr<Browser>> Launch() {
    ASSIGN_OR_RETURN(const InstanceConfig config, BenchInstanceConfig());
    auto browser = std::unique_ptr<Browser>(new Browser());
    ASSIGN_OR_RETURN(browser->process_, FirefoxProcess::Launch(config.firefox));
    RETURN_IF_ERROR(browser->Tool(ConnectionOptions{}).status());
    return browser;
  }

  // A browser whose session a WebDriver endpoint (a Selenium Grid) creates, as the tool's
  // `webdriver` mode does; the tool's client connects to the BiDi URL it returns. Its session
  // lives on that one socket: Tool() must always be asked for the product's options.
  static absl::StatusOr<std::unique_ptr<Browser>> ThroughWebDriver(std::string_view url) {
    auto browser = std::unique_ptr<Browser>(new Browser());
    ASSIGN_OR_RETURN(WebDriverClient client, WebDriverClient::Create(url));
    boost::json::object always{{"browserName", "firefox"},
                               {"webSocketUrl", true},
                               {"moz:firefoxOptions", {{"args", boost::json::array{"-headless"}}}}};
    ASSIGN_OR_RETURN(WebDriverSession session,
                     client.NewSession({{"alwaysMatch", std::move(always)}}, milliseconds(120000)));
    browser->webdriver_.emplace(std::move(client));
    browser->webdriver_session_ = session.session_id;
    ASSIGN_OR_RETURN(browser->connection_,
                     BidiConnection::Connect(session.web_socket_url, ConnectionOptions{}));
    RETURN_IF_ERROR(browser->SetUpPage());
    return browser;
  }

  ~Browser() {
    if (webdriver_) {
      if (connection_) connection_->Close(milliseconds(2000));
      connection_.reset();
      (void)webdriver_->DeleteSession(webdriver_session_, milliseconds(30000));
      return;
    }
    (void)EndSession();
    if (process_) process_->Terminate();
  }

  // The tool's client (BidiConnection) holding the session, connected with `options`' quick
  // ACK and result form (the rest are defaults).
  absl::StatusOr<BidiTransport*> Tool(const ConnectionOptions& options) {
    if (webdriver_) {
      if (options.quick_ack != ConnectionOptions{}.quick_ack ||
          options.result_form != ConnectionOptions{}.result_form) {
        return absl::InvalidArgumentError("a WebDriver session cannot move to another socket");
      }
      return connection_.get();
    }
    if (!connection_ || connection_options_.quick_ack != options.quick_ack ||
        connection_options_.result_form != options.result_form) {
      RETURN_IF_ERROR(EndSession());
      ASSIGN_OR_RETURN(connection_, BidiConnection::Connect(SessionUrl(), options));
      connection_options_ = options;
      ASSIGN_OR_RETURN(BidiReply reply,
                       connection_->Call("session.new", {{"capabilities", boost::json::object()}},
                                         kSessionTimeout, [](boost::json::value) {}));
      if (!reply.ok) return absl::UnavailableError(absl::StrCat("session.new: ", reply.message));
      RETURN_IF_ERROR(SetUpPage());
    }
    return connection_.get();
  }

  // The raw floor client holding the session.
  absl::StatusOr<RawBidiClient*> Raw() {
    if (!raw_) {
      RETURN_IF_ERROR(EndSession());
      ASSIGN_OR_RETURN(raw_, RawBidiClient::Connect(SessionUrl(), kTimeout));
      ASSIGN_OR_RETURN(
          std::vector<std::string> replies,
          raw_->Exchange({Command("session.new", {{"capabilities", boost::json::object()}})}, false,
                         kSessionTimeout));
      ASSIGN_OR_RETURN(IncomingMessage reply, ClassifyMessage(replies[0]));
      if (reply.kind != IncomingMessage::Kind::kSuccess) {
        return absl::UnavailableError(absl::StrCat("session.new: ", reply.message));
      }
      RETURN_IF_ERROR(SetUpPage());
    }
    return raw_.get();
  }

  // An encoded command with the raw client's next id.
  std::pair<std::uint64_t, std::string> Command(std::string_view method,
                                                const boost::json::object& params) {
    const std::uint64_t id = next_raw_id_++;
    return {id, EncodeCommand(id, method, params)};
  }

  const std::string& context() const { return context_; }

  // Subscribes the session to `events` (none: ends the subscription made here), on the tool's
  // client; a no-op when that is already the state.
  absl::Status SetSubscribed(const std::vector<std::string_view>& events) {
    if (events.empty() == subscription_.empty()) return absl::OkStatus();
    if (events.empty()) {
      RETURN_IF_ERROR(
          Run("session.unsubscribe", {{"subscriptions", boost::json::array{subscription_}}})
              .status());
      subscription_.clear();
      return absl::OkStatus();
    }
    boost::json::array names;
    for (std::string_view name : events) names.emplace_back(name);
    ASSIGN_OR_RETURN(boost::json::value subscribed,
                     Run("session.subscribe", {{"events", std::move(names)}}));
    const boost::json::value* id =
        subscribed.is_object() ? subscribed.get_object().if_contains("subscription") : nullptr;
    if (id == nullptr || !id->is_string()) {
      return absl::InternalError("session.subscribe returned no subscription id");
    }
    subscription_ = id->get_string();
    return absl::OkStatus();
  }

 private:
  Browser() = default;

  std::string SessionUrl() const { return process_->bidi_url() + "/session"; }

  // A command on whichever client holds the session; the success result or an error.
  absl::StatusOr<boost::json::value> Run(std::string_view method,
                                         const boost::json::object& params) {
    if (connection_) {
      ASSIGN_OR_RETURN(BidiReply reply,
                       connection_->Call(method, params, kTimeout, [](boost::json::value) {}));
      if (!reply.ok) {
        return absl::InternalError(
            absl::StrCat(ToAbsl(method), ": ", reply.error, ": ", reply.message));
      }
      return reply.result.value();
    }
    ASSIGN_OR_RETURN(std::vector<std::string> replies,
                     raw_->Exchange({Command(method, params)}, false, kTimeout));
    ASSIGN_OR_RETURN(IncomingMessage reply, ClassifyMessage(replies[0]));
    if (reply.kind != IncomingMessage::Kind::kSuccess) {
      return absl::InternalError(
          absl::StrCat(ToAbsl(method), ": ", reply.error, ": ", reply.message));
    }
    return reply.result.value();
  }

  // A new session comes with a new tab (Firefox closes the old one on session.end): find its
  // context and build the page's strings there.
  absl::Status SetUpPage() {
    ASSIGN_OR_RETURN(boost::json::value tree, Run("browsingContext.getTree", {{"maxDepth", 0}}));
    const boost::json::value* context = nullptr;
    if (const boost::json::object* root = tree.if_object()) {
      const boost::json::value* contexts = root->if_contains("contexts");
      if (contexts && contexts->is_array() && !contexts->get_array().empty() &&
          contexts->get_array()[0].is_object()) {
        context = contexts->get_array()[0].get_object().if_contains("context");
      }
    }
    if (context == nullptr || !context->is_string()) {
      return absl::InternalError(
          absl::StrCat("browsingContext.getTree gave no context: ", boost::json::serialize(tree)));
    }
    context_ = context->get_string();
    ASSIGN_OR_RETURN(boost::json::value made,
                     Run("script.evaluate", {{"expression", PageSetupScript()},
                                             {"target", {{"context", context_}}},
                                             {"awaitPromise", false}}));
    const boost::json::object* made_object = made.if_object();
    const boost::json::value* type = made_object ? made_object->if_contains("type") : nullptr;
    if (type == nullptr || *type != "success") {
      return absl::InternalError(
          absl::StrCat("the page set-up script failed: ", boost::json::serialize(made)));
    }
    return absl::OkStatus();
  }

  // Ends the session on whichever client holds it and closes that socket.
  absl::Status EndSession() {
    subscription_.clear();  // a subscription ends with its session
    if (connection_) {
      auto reply = connection_->Call("session.end", {}, kTimeout, [](boost::json::value) {});
      connection_->Close(milliseconds(2000));
      connection_.reset();
      if (!reply.ok()) return reply.status();
    }
    if (raw_) {
      auto replies = raw_->Exchange({Command("session.end", {})}, false, kTimeout);
      raw_->Close();
      raw_.reset();
      if (!replies.ok()) return replies.status();
    }
    return absl::OkStatus();
  }

  std::unique_ptr<FirefoxProcess> process_;
  std::optional<WebDriverClient> webdriver_;  // ThroughWebDriver
  std::string webdriver_session_;
  std::unique_ptr<BidiConnection> connection_;
  ConnectionOptions connection_options_;
  std::unique_ptr<RawBidiClient> raw_;
  std::uint64_t next_raw_id_ = 1;
  std::string context_;
  std::string subscription_;  // of SetSubscribed; "" when none
};

// Realm ids name the tab's realm and change with each session (each session has a new tab),
// so outputs are compared with every realm id, plain or inside an escaped preview, replaced.
void NormalizeRealms(std::string& text) {
  for (std::string_view key : {R"("realm":")", R"(\"realm\":\")"}) {
    for (std::size_t at = text.find(key); at != std::string::npos; at = text.find(key, at)) {
      at += key.size();
      const std::size_t end = text.find('"', at);
      if (end == std::string::npos) break;
      std::size_t stop = end;
      if (stop > at && text[stop - 1] == '\\') --stop;  // an escaped quote ends it
      text.replace(at, stop - at, "R");
    }
  }
}

Variant WithRealmsNormalized(Variant v) {
  v.finish = [finish = std::move(v.finish)]() -> absl::StatusOr<SampleOutput> {
    ASSIGN_OR_RETURN(SampleOutput out, finish());
    NormalizeRealms(out.exact);
    for (std::string& result : out.results) NormalizeRealms(result);
    return out;
  };
  return v;
}

// 5 script.evaluate frames: `expressions` in order.
absl::StatusOr<std::shared_ptr<const BatchArgs>> MakeBatch(
    const std::string& context, const std::vector<std::string>& expressions) {
  boost::json::array frames;
  for (const std::string& expression : expressions) {
    frames.push_back({{"method", "script.evaluate"},
                      {"params",
                       {{"expression", expression},
                        {"target", {{"context", context}}},
                        {"awaitPromise", false}}}});
  }
  std::variant<BatchArgs, ToolError> parsed = ParseBatchArgs(
      boost::json::serialize(boost::json::object{{"frames", std::move(frames)}}), Limits{});
  if (const ToolError* error = std::get_if<ToolError>(&parsed)) {
    return absl::InternalError(absl::StrCat("the batch is refused: ", error->message));
  }
  return std::make_shared<const BatchArgs>(std::get<BatchArgs>(std::move(parsed)));
}

// The minimal client: the batch's frames as prepared command texts on the raw socket, lock-step
// or all at once; the replies are parsed only afterwards, outside the timer, for the check.
Variant FloorVariant(std::string name, std::shared_ptr<Browser> browser,
                     std::vector<std::string> expressions, bool pipelined) {
  struct State {
    RawBidiClient* client = nullptr;
    std::vector<std::pair<std::uint64_t, std::string>> commands;
    std::vector<std::string> replies;
  };
  auto state = std::make_shared<State>();
  Variant v;
  v.name = std::move(name);
  v.prepare = [browser, expressions = std::move(expressions), state]() -> absl::Status {
    ASSIGN_OR_RETURN(state->client, browser->Raw());
    ASSIGN_OR_RETURN(auto args, MakeBatch(browser->context(), expressions));
    state->commands.clear();
    for (const Frame& frame : args->frames) {
      state->commands.push_back(browser->Command(frame.method, frame.params));
    }
    return absl::OkStatus();
  };
  v.run = [state, pipelined]() -> absl::Status {
    ASSIGN_OR_RETURN(state->replies, state->client->Exchange(state->commands, pipelined, kTimeout));
    return absl::OkStatus();
  };
  v.finish = [state]() -> absl::StatusOr<SampleOutput> {
    SampleOutput out;
    for (const std::string& text : state->replies) {
      ASSIGN_OR_RETURN(IncomingMessage message, ClassifyMessage(text));
      if (message.kind != IncomingMessage::Kind::kSuccess) {
        return absl::InternalError(
            absl::StrCat("a floor command failed: ", message.error, ": ", message.message));
      }
      out.results.push_back(message.result.text());
    }
    state->replies.clear();
    return out;
  };
  return v;
}

// The bytes floor (bench_support.h) on real replies: the lock-step raw client, whose every
// reply is copied out of the socket's buffer into a fresh string, plus, as each reply arrives
// and before the next send, one pass over its bytes and one exclusive write of each result the
// product spools.
Variant BytesFloorVariant(std::shared_ptr<Browser> browser, std::vector<std::string> expressions) {
  struct State {
    BytesFloorSample floor;
    RawBidiClient* client = nullptr;
    std::vector<std::pair<std::uint64_t, std::string>> commands;
  };
  auto state = std::make_shared<State>();
  Variant v;
  v.name = "bytes floor (lock-step, copy, one pass, write)";
  v.prepare = [browser, expressions = std::move(expressions), state]() -> absl::Status {
    RETURN_IF_ERROR(state->floor.Begin("bench-e2e-bytes-"));
    ASSIGN_OR_RETURN(state->client, browser->Raw());
    ASSIGN_OR_RETURN(auto args, MakeBatch(browser->context(), expressions));
    state->commands.clear();
    for (const Frame& frame : args->frames) {
      state->commands.push_back(browser->Command(frame.method, frame.params));
    }
    return absl::OkStatus();
  };
  v.run = [state]() -> absl::Status {
    const std::uint64_t max_inline = RunOptions{}.max_inline_bytes;  // the product's
    ASSIGN_OR_RETURN(state->floor.replies,
                     state->client->Exchange(state->commands, false, kTimeout,
                                             [&](std::size_t i, const std::string& text) {
                                               return state->floor.Count(i, text, max_inline);
                                             }));
    return absl::OkStatus();
  };
  v.finish = [state]() { return state->floor.Finish(); };
  return v;
}

absl::StatusOr<Comparison> MakeComparison(const BenchFlags& flags) {
  if (flags.compare == "cold") return MakeColdStartComparison();  // a browser per sample
  if (flags.compare.starts_with("agents-")) {                     // browsers of their own
    return MakeAgentsComparison(std::stoi(flags.compare.substr(7)));
  }
  if (flags.compare == "grid" && flags.webdriver.empty()) {
    return absl::InvalidArgumentError("--compare grid needs --webdriver URL (a Selenium Grid)");
  }
  ASSIGN_OR_RETURN(std::unique_ptr<Browser> launched, Browser::Launch());
  std::shared_ptr<Browser> browser = std::move(launched);
  if (flags.compare.starts_with("helpers-")) {
    HelpersBrowser helpers_browser{[browser]() { return browser->Tool(ConnectionOptions{}); },
                                   [browser]() { return browser->context(); }};
    return MakeHelpersComparison(std::string_view(flags.compare).substr(8), helpers_browser,
                                 browser);
  }
  // The tool's sample set-up: the session on a BidiConnection, the batch for its tab.
  auto tool = [browser](ConnectionOptions options, std::vector<std::string> expressions) {
    return [browser, options, expressions]() -> absl::StatusOr<ToolSetup> {
      ASSIGN_OR_RETURN(BidiTransport * transport, browser->Tool(options));
      ASSIGN_OR_RETURN(auto args, MakeBatch(browser->context(), expressions));
      return ToolSetup{transport, std::move(args)};
    };
  };
  const std::vector<std::string> big = {
      "globalThis.__bench.big[0]", "globalThis.__bench.big.length", "globalThis.__bench.big[1]",
      "document.readyState", "globalThis.__bench.big[2]"};
  RunOptions product;
  const ConnectionOptions connected;  // the product's connection
  Comparison c;
  if (flags.compare == "spool") {
    RunOptions inline_writes = product;
    inline_writes.deferred_spool = false;
    c.a = ToolVariant("tool, inline spool writes", tool(connected, big), inline_writes);
    c.b = ToolVariant("tool, deferred spool drain", tool(connected, big), product);
  } else if (flags.compare == "finish") {
    RunOptions before_send = product;
    before_send.finish_after_next_send = false;
    c.a = ToolVariant("tool, records made before the next send", tool(connected, big), before_send);
    c.b = ToolVariant("tool, records made once the next frame is sent", tool(connected, big),
                      product);
  } else if (flags.compare == "same") {
    c.a = ToolVariant("tool (the product)", tool(connected, big), product);
    c.b = ToolVariant("tool (the product, again)", tool(connected, big), product);
  } else if (flags.compare == "result-text") {
    ConnectionOptions parsed = connected;
    parsed.result_form = ResultForm::kParsed;
    c.a = ToolVariant("tool, results parsed and serialized", tool(parsed, big), product);
    c.b = ToolVariant("tool, canonical results kept as text", tool(connected, big), product);
  } else if (flags.compare == "grid") {
    // Two browsers: A launched here, B created by the Grid and reached through its proxy.
    ASSIGN_OR_RETURN(std::unique_ptr<Browser> remote, Browser::ThroughWebDriver(flags.webdriver));
    std::shared_ptr<Browser> grid = std::move(remote);
    auto grid_tool = [grid, big]() -> absl::StatusOr<ToolSetup> {
      ASSIGN_OR_RETURN(BidiTransport * transport, grid->Tool(ConnectionOptions{}));
      ASSIGN_OR_RETURN(auto args, MakeBatch(grid->context(), big));
      return ToolSetup{transport, std::move(args)};
    };
    c.a = ToolVariant("tool, direct to a local Firefox", tool(connected, big), product);
    c.b = ToolVariant("tool, through the Grid's BiDi proxy", grid_tool, product);
    c.fixture = std::make_shared<std::pair<std::shared_ptr<Browser>, std::shared_ptr<Browser>>>(
        browser, grid);
  } else if (flags.compare == "logs" || flags.compare == "logs-noisy") {
    // What the page layer's always-on collection (its own subscriptions: tab life, dialogs,
    // console, uncaught errors, network failures) costs a raw batch: A without the layer and
    // its subscriptions, B the product. "logs-noisy": two of the five frames make the page log
    // 20 lines and load 20 data: URLs, so that B receives ~80 events A never sees.
    std::vector<std::string> batch = big;
    if (flags.compare == "logs-noisy") {
      batch[1] = batch[3] = kNoise;
    }
    auto layer = std::make_shared<page::PageLayer>();
    const std::vector<std::string_view> internal = page::PluginEvents();
    auto subscribed = [browser, tool, connected, batch, layer](
                          bool on, std::vector<std::string_view> events) {
      return [=]() -> absl::StatusOr<ToolSetup> {
        ASSIGN_OR_RETURN(ToolSetup setup, tool(connected, batch)());
        RETURN_IF_ERROR(browser->SetSubscribed(on ? events : std::vector<std::string_view>{}));
        if (on) layer->AssumeSubscribed();
        return setup;
      };
    };
    RunOptions with_layer = product;
    with_layer.executor = layer.get();
    c.a = ToolVariant("raw batch, no page layer, no subscriptions", subscribed(false, internal),
                      product);
    c.b = ToolVariant("raw batch, page layer collecting (the product)", subscribed(true, internal),
                      with_layer);
  } else if (flags.compare == "buffers") {
    c.a = WithBufferReuse(
        ToolVariant("tool, a new buffer for each large result", tool(connected, big), product),
        false);
    c.b = WithBufferReuse(
        ToolVariant("tool, large result buffers recycled", tool(connected, big), product), true);
  } else if (flags.compare == "scan" || flags.compare == "scan-mid") {
    std::vector<std::string> mid;
    for (int i = 0; i < 5; ++i) mid.push_back(absl::StrCat("globalThis.__bench.mid[", i, "]"));
    const std::vector<std::string>& frames = flags.compare == "scan" ? big : mid;
    c.a =
        WithScan(ToolVariant("tool, strings scanned run by run", tool(connected, frames), product),
                 StringScan::kRuns);
    c.b = WithScan(
        ToolVariant("tool, strings scanned 64 bytes at a time", tool(connected, frames), product),
        StringScan::kBlocks);
  } else if (flags.compare == "floor") {
    c.a = ToolVariant("tool (RunBatch, BidiConnection)", tool(connected, big), product);
    c.b = FloorVariant("lock-step floor (raw client)", browser, big, false);
    c.extras.push_back(
        {"pipelined_floor", FloorVariant("pipelined floor (raw client)", browser, big, true)});
    c.extras.push_back({"bytes_floor", BytesFloorVariant(browser, big)});
  } else {
    std::vector<std::string> mid;
    for (int i = 0; i < 5; ++i) mid.push_back(absl::StrCat("globalThis.__bench.mid[", i, "]"));
    ConnectionOptions no_quick_ack = connected;
    no_quick_ack.quick_ack = false;
    c.a = ToolVariant("tool, quick_ack=false", tool(no_quick_ack, mid), product);
    c.b = ToolVariant("tool, quick_ack=true", tool(connected, mid), product);
  }
  c.a = WithRealmsNormalized(std::move(c.a));
  c.b = WithRealmsNormalized(std::move(c.b));
  for (Extra& extra : c.extras) extra.variant = WithRealmsNormalized(std::move(extra.variant));
  if (!c.fixture) c.fixture = browser;
  return c;
}

}  // namespace
}  // namespace firefox_bidi::bench

int main(int argc, char** argv) {
  using namespace firefox_bidi::bench;
  BenchSpec spec;
  spec.name = "bench-e2e";
  spec.description =
      "The tool against real headless Firefox (firefox-esr, offline), one /session socket.\n"
      "Batches of 5 script.evaluate frames, three returning ~300 KB JSON-ish strings (quickack:\n"
      "five returning ~70 KB). The browser is launched outside the timer (cold: each sample\n"
      "launches one, inside it). Exit 0 done, 1 failure or output mismatch, 2 usage error.";
  spec.modes = {
      {"floor",
       "A the tool, B a minimal client sending the same frames lock-step on the session's "
       "socket (no interpolation, spool or records); the pipelined floor (all 5 frames at "
       "once) and the bytes floor (lock-step, each reply copied, passed over once, its result "
       "written when the tool spools it) are reported beside them"},
      {"spool", "A inline spool writes, B deferred spool drain (the product)"},
      {"logs",
       "A a raw batch without the page layer and its own event subscriptions, B with them "
       "(the product: logs and dialogs collected for every tab)"},
      {"logs-noisy",
       "as logs, with two frames that make the page log 20 lines and load 20 data: URLs"},
      {"cold",
       "A Firefox started by hand (profile made untimed), session.new and one command on a raw "
       "socket, B the tool's first call of that command (BrowserSession launch included)"},
      {"finish",
       "A each result checked, measured and handed to the spool before the next frame is sent, "
       "B once the next frame is sent (the product)"},
      {"same",
       "A and B both the product: an A/A run, whose differences show what the noise alone "
       "makes of the statistics"},
      {"result-text",
       "A every result parsed and serialized again, B canonical results kept as the "
       "reply's text (the product)"},
      {"grid",
       "A the tool on a local Firefox's socket, B the tool through a Selenium Grid's BiDi "
       "proxy (--webdriver URL; the Grid's node runs its browser on this machine or another)"},
      {"helpers-click",
       "A the best raw batch that clicks a link and waits for the page it opens (locateNodes, "
       "input.performActions, a script.evaluate that waits for the new document), B page.click"},
      {"helpers-click-still",
       "A the best raw batch that clicks a button changing only its own page and reads what "
       "it changed, B page.click (its settle window: the cost of an input that sets nothing "
       "off)"},
      {"helpers-fill",
       "A the best raw batch that fills a framework-controlled input with 200 characters (one "
       "script.callFunction doing what page.fill does), B page.fill"},
      {"helpers-snapshot",
       "A a hand-written raw script.evaluate listing a ~1,500-element page's interactive "
       "elements and headings with roles and names, B page.snapshot of the whole page"},
      {"buffers",
       "A the tool with a new buffer for each large result, B large result buffers recycled "
       "(the product)"},
      {"scan",
       "A the tool with strings scanned run by run (stopping at every escape), B 64 bytes at a "
       "time (the product)"},
      {"scan-mid", "as scan, on the quickack workload's 5 replies of ~70 KB"},
      {"quickack",
       "A the tool with quick_ack=false, B with quick_ack=true (the product), on "
       "5 replies of ~70 KB"}};
  for (const int n : {1, 2, 8, 32}) {
    spec.modes.push_back(
        {absl::StrCat("agents-", n),
         absl::StrCat("A ", n, " browsers of one agent each, B one browser with ", n,
                      " agents; a sample is one round of page.goto, page.snapshot, page.fill "
                      "and page.click by every agent at once (tool instances called as a host "
                      "does); memory (PSS) in the notes")});
  }
  spec.default_pairs = 20;
  spec.default_warmup = 3;
  spec.make = MakeComparison;
  return BenchMain(argc, argv, spec);
}
