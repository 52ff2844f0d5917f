#include "helpers_workload.h"

#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <chrono>
#include <fstream>
#include <functional>
#include <string>
#include <variant>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "bench_support.h"
#include "core/batch_args.h"
#include "core/batch_runner.h"
#include "core/label_cache.h"
#include "core/spool.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"
#include "io/directory_spool.h"
#include "page/actions.h"
#include "page/helper_registry.h"
#include "page/page_layer.h"

namespace firefox_bidi::bench {
namespace {

namespace json = boost::json;
using std::chrono::milliseconds;

constexpr milliseconds kTimeout{30000};
constexpr std::uint64_t kQuota = 64ull << 20;

// The link page and the page it opens.
constexpr std::string_view kLinkPage = R"(<!doctype html><title>From</title>
<p>Somewhere to click.</p><a id="go" href="to.html">Go on</a>)";
constexpr std::string_view kTargetPage = R"(<!doctype html><title>To</title><p>Arrived.</p>)";

// A button that changes only its own page: nothing navigates, opens or loads after the click.
constexpr std::string_view kStillPage = R"(<!doctype html><title>Still</title>
<button id="add" onclick="count.textContent = +count.textContent + 1">Add</button>
<p id="count">0</p>)";

// A framework-style controlled input: only trusted input events change the state.
constexpr std::string_view kFormPage = R"(<!doctype html><title>Form</title>
<label>Name <input id="name"></label><p id="state"></p>
<script>
  const state = {name: ''};
  const input = document.getElementById('name');
  input.addEventListener('input', (e) => {
    if (e.isTrusted) state.name = input.value;
    document.getElementById('state').textContent = state.name;
  });
</script>)";

// A catalogue page of about 1,500 elements: a navigation, a search form, 60 product cards
// (heading, text, price, two buttons, a link each) and a footer.
std::string CataloguePage() {
  std::string html = "<!doctype html><title>Catalogue</title><header><nav aria-label=\"Main\"><ul>";
  for (int i = 1; i <= 12; ++i)
    absl::StrAppend(&html, "<li><a href=\"#s", i, "\">Section ", i, "</a></li>");
  html +=
      "</ul></nav><form role=\"search\"><label>Search <input type=\"search\"></label>"
      "<select aria-label=\"Sort\"><option>Price</option><option>Name</option></select>"
      "<button>Go</button></form></header><main><h1>Catalogue</h1>";
  for (int i = 1; i <= 60; ++i) {
    absl::StrAppend(
        &html, "<article class=\"card\"><h2>Product ", i, "</h2><div><p>A useful ",
        "thing, number ", i, ", in <em>three</em> colours.</p><p><span>Price:</span> ", "<strong>",
        i * 3, " EUR</strong></p><ul><li>light</li><li>sturdy</li>",
        "<li>cheap</li></ul></div><div><label><input type=\"checkbox\"> compare</label> ",
        "<button>Add to cart</button> <button>Save</button> <a href=\"#p", i,
        "\">Details</a></div><table><tr><td>w</td><td>", i, " cm</td></tr>", "<tr><td>h</td><td>",
        i + 1, " cm</td></tr></table></article>");
  }
  html += "</main><footer><p>Contact: <a href=\"#c\">write to us</a></p></footer>";
  return html;
}

absl::Status WritePage(const std::string& dir, std::string_view name, std::string_view html) {
  std::ofstream out(absl::StrCat(dir, "/", ToAbsl(name)), std::ios::binary);
  out << html;
  out.close();
  if (!out) return absl::InternalError(absl::StrCat("cannot write ", ToAbsl(name), " in ", dir));
  return absl::OkStatus();
}

// The result of a command that must succeed.
absl::StatusOr<json::value> Must(BidiTransport& transport, std::string_view method,
                                 const json::object& params) {
  ASSIGN_OR_RETURN(BidiReply reply, transport.Call(method, params, kTimeout, [](json::value) {}));
  if (!reply.ok) {
    return absl::InternalError(
        absl::StrCat(ToAbsl(method), ": ", reply.error, ": ", reply.message));
  }
  return reply.result.value();
}

// A JSON string of `text` repeated up to `n` characters.
std::string Text(std::size_t n) {
  const std::string words = "Ada Lovelace wrote the first program for an engine. ";
  std::string out;
  while (out.size() < n) out += words;
  out.resize(n);
  return out;
}

struct Job {
  std::string page;       // file loaded before each sample (untimed)
  std::string raw_batch;  // <<ctx>> stands for the tab's context id
  std::string helper_batch;
  std::string state_expression;  // read after each sample (untimed): the compared output
  // Timed after the raw batch, for what a batch cannot wait for (a navigation's commit).
  std::function<absl::Status(BidiTransport&, const std::string& context)> raw_then;
};

// Waits until the tab's committed document is `path_suffix` and has loaded. The URL is read
// from the browser's tree, never from the page: a script sent to the document a click is
// leaving can land in it as it goes, and once went unanswered (the page most likely kept in
// the back-forward cache with the script's promise pending).
absl::Status AwaitCommittedLoad(BidiTransport& transport, const std::string& context,
                                std::string_view path_suffix) {
  const auto deadline = std::chrono::steady_clock::now() + kTimeout;
  for (;;) {
    ASSIGN_OR_RETURN(json::value tree, Must(transport, "browsingContext.getTree",
                                            {{"root", context}, {"maxDepth", 0}}));
    boost::system::error_code ignored;
    const json::value* url = tree.find_pointer("/contexts/0/url", ignored);
    if (url != nullptr && url->is_string() && url->as_string().ends_with(path_suffix)) break;
    if (std::chrono::steady_clock::now() > deadline) {
      return absl::DeadlineExceededError(
          absl::StrCat("the tab never committed ", ToAbsl(path_suffix)));
    }
  }
  return Must(transport, "script.evaluate",
              {{"target", {{"context", context}}},
               {"awaitPromise", true},
               {"expression",
                "new Promise((r) => { const f = () => document.readyState === 'complete' ? "
                "r(document.title) : setTimeout(f, 1); f(); })"}})
      .status();
}

// Compares what the sample left in the page (or its last result) and checks every record.
Variant JobVariant(std::string name, HelpersBrowser browser, std::string dir, Job job,
                   bool helper) {
  struct Sample {
    BidiTransport* transport = nullptr;
    std::shared_ptr<const BatchArgs> args;
    std::unique_ptr<ScratchDir> spool_dir;
    std::unique_ptr<Spool> spool;
    std::unique_ptr<LabelCache> labels;
    std::string result;
  };
  auto sample = std::make_shared<Sample>();
  // One page layer per variant, kept across samples as an instance keeps it across calls.
  auto layer = std::make_shared<page::PageLayer>();
  layer->BeginCall(1);
  Variant v;
  v.name = std::move(name);
  v.prepare = [sample, browser, dir, job, helper]() -> absl::Status {
    ASSIGN_OR_RETURN(sample->transport, browser.transport());
    const std::string context = browser.context();
    RETURN_IF_ERROR(Must(*sample->transport, "browsingContext.navigate",
                         {{"context", context},
                          {"url", absl::StrCat("file://", dir, "/", job.page)},
                          {"wait", "complete"}})
                        .status());
    const std::string text =
        absl::StrReplaceAll(helper ? job.helper_batch : job.raw_batch, {{"<<ctx>>", context}});
    std::variant<BatchArgs, ToolError> parsed =
        ParseBatchArgs(text, Limits{}, page::HelperMethods());
    if (const ToolError* error = std::get_if<ToolError>(&parsed)) {
      return absl::InternalError(absl::StrCat("the batch is refused: ", error->message));
    }
    sample->args = std::make_shared<const BatchArgs>(std::get<BatchArgs>(std::move(parsed)));
    ASSIGN_OR_RETURN(sample->spool_dir, ScratchDir::Create("bench-spool-"));
    ASSIGN_OR_RETURN(sample->spool, OpenDirectorySpool(sample->spool_dir->path(), kQuota));
    sample->labels = std::make_unique<LabelCache>(Limits{}.label_cache_entries);
    return absl::OkStatus();
  };
  v.run = [sample, layer, browser, job, helper]() -> absl::Status {
    RunOptions options;
    options.executor = layer.get();
    layer->BeginCall(1);
    sample->result =
        RunBatch(*sample->args, *sample->transport, *sample->spool, *sample->labels, options);
    if (!helper && job.raw_then) return job.raw_then(*sample->transport, browser.context());
    return absl::OkStatus();
  };
  v.finish = [sample, browser, job]() -> absl::StatusOr<SampleOutput> {
    RETURN_IF_ERROR(AllFramesSucceeded(sample->result));
    ASSIGN_OR_RETURN(json::value state, Must(*sample->transport, "script.evaluate",
                                             {{"expression", job.state_expression},
                                              {"target", {{"context", browser.context()}}},
                                              {"awaitPromise", false}}));
    SampleOutput out;
    out.exact = json::serialize(state.as_object()["result"]);
    sample->spool.reset();
    sample->spool_dir.reset();
    return out;
  };
  return v;
}

}  // namespace

absl::StatusOr<Comparison> MakeHelpersComparison(std::string_view job_name, HelpersBrowser browser,
                                                 std::shared_ptr<void> keep_alive) {
  ASSIGN_OR_RETURN(std::unique_ptr<ScratchDir> pages, ScratchDir::Create("bench-pages-"));
  const std::string dir = pages->path();
  RETURN_IF_ERROR(WritePage(dir, "from.html", kLinkPage));
  RETURN_IF_ERROR(WritePage(dir, "to.html", kTargetPage));
  RETURN_IF_ERROR(WritePage(dir, "form.html", kFormPage));
  RETURN_IF_ERROR(WritePage(dir, "still.html", kStillPage));
  RETURN_IF_ERROR(WritePage(dir, "catalogue.html", CataloguePage()));
  Job job;
  // A raw click's release after the button was held as long as page.click holds it
  // (page::kClickHold): the same click, so the difference is what the helper adds to it.
  const std::string held_release =
      absl::StrCat(R"({"type":"pause","duration":)", page::kClickHold.count(),
                   R"(},{"type":"pointerUp","button":0})");
  if (job_name == "click") {
    job.page = "from.html";
    // Raw: find the link, click it for real (the button held as long as page.click holds it),
    // then wait for the new document to commit and load.
    job.raw_batch = absl::StrCat(R"JSON({"frames":[
      {"method":"browsingContext.locateNodes","label":"link","silent":true,
       "params":{"context":"<<ctx>>","locator":{"type":"css","value":"#go"}}},
      {"method":"input.performActions","silent":true,"params":{"context":"<<ctx>>","actions":[
        {"type":"pointer","id":"mouse","actions":[
          {"type":"pointerMove","x":0,"y":0,"origin":{"type":"element",
           "element":{"sharedId":"<<link.nodes[0].sharedId>>"}}},
          {"type":"pointerDown","button":0},)JSON",
                                 held_release, "]}]}}]}");
    job.raw_then = [](BidiTransport& transport, const std::string& context) {
      return AwaitCommittedLoad(transport, context, "/to.html");
    };
    job.helper_batch = R"({"frames":[{"method":"page.click","params":{"css":"#go"}}]})";
    job.state_expression = "location.pathname.split('/').pop() + ' ' + document.title";
  } else if (job_name == "click-still") {
    job.page = "still.html";
    // Raw: find the button, click it for real (held as page.click holds it), read what it
    // changed. The helper waits on top of that for the page to stay quiet (the settle window).
    job.raw_batch = absl::StrCat(R"JSON({"frames":[
      {"method":"browsingContext.locateNodes","label":"button","silent":true,
       "params":{"context":"<<ctx>>","locator":{"type":"css","value":"#add"}}},
      {"method":"input.performActions","silent":true,"params":{"context":"<<ctx>>","actions":[
        {"type":"pointer","id":"mouse","actions":[
          {"type":"pointerMove","x":0,"y":0,"origin":{"type":"element",
           "element":{"sharedId":"<<button.nodes[0].sharedId>>"}}},
          {"type":"pointerDown","button":0},)JSON",
                                 held_release, R"JSON(]}]}},
      {"method":"script.evaluate","pick":"result.value","params":{
       "target":{"context":"<<ctx>>"},"awaitPromise":false,
       "expression":"document.getElementById('count').textContent"}}]})JSON");
    job.helper_batch = R"({"frames":[{"method":"page.click","params":{"css":"#add"}}]})";
    job.state_expression = "document.getElementById('count').textContent";
  } else if (job_name == "fill") {
    job.page = "form.html";
    const std::string value = json::serialize(json::value(Text(200)));
    // Raw: one call in a sandbox that does what the helper's fill does for a text field.
    job.raw_batch = absl::StrCat(
        R"({"frames":[{"method":"script.callFunction","pick":"result.value","params":{)"
        R"("target":{"context":"<<ctx>>","sandbox":"raw"},"awaitPromise":false,)"
        R"("arguments":[{"type":"string","value":)",
        value,
        R"(}],"functionDeclaration":"(v) => { const el = document.querySelector('#name');)"
        R"( el.focus(); el.select(); document.execCommand('insertText', false, v);)"
        R"( el.dispatchEvent(new Event('change', {bubbles: true})); return el.value; }"}}]})");
    job.helper_batch = absl::StrCat(
        R"({"frames":[{"method":"page.fill","params":{"css":"#name","value":)", value, "}}]}");
    job.state_expression =
        "document.getElementById('name').value + '|' + document.getElementById('state')"
        ".textContent";
  } else if (job_name == "snapshot") {
    job.page = "catalogue.html";
    // Raw: one compact hand-written walk that lists the interactive elements and headings
    // with a role and a name, what a model writes when it has no snapshot.
    job.raw_batch = R"JSON({"frames":[{"method":"script.evaluate","pick":"result.value",
      "params":{"target":{"context":"<<ctx>>"},"awaitPromise":false,"expression":
      "(() => { const out = []; const roles = {A: 'link', BUTTON: 'button', SELECT: 'combobox', H1: 'heading', H2: 'heading', TEXTAREA: 'textbox'}; const walk = (el, depth) => { for (const c of el.children) { const st = getComputedStyle(c); if (st.display === 'none' || st.visibility === 'hidden') continue; let role = roles[c.tagName]; if (c.tagName === 'INPUT') role = c.type === 'checkbox' ? 'checkbox' : 'textbox'; if (role) { const name = (c.labels && c.labels[0] ? c.labels[0].innerText : c.getAttribute('aria-label') || c.innerText || '').trim().slice(0, 100); out.push(' '.repeat(depth) + '- ' + role + ' ' + JSON.stringify(name)); } walk(c, role ? depth + 1 : depth); } }; walk(document.body, 0); return out.join('\\n'); })()"}}]})JSON";
    job.helper_batch = R"({"frames":[{"method":"page.snapshot","params":{"max_lines":5000}}]})";
    job.state_expression = "document.getElementsByTagName('*').length";
  } else {
    return absl::InvalidArgumentError(absl::StrCat("unknown helpers job ", ToAbsl(job_name)));
  }
  Comparison c;
  c.a = JobVariant(absl::StrCat("raw batch (", ToAbsl(job_name), ")"), browser, dir, job, false);
  c.b = JobVariant(absl::StrCat("page helper (", ToAbsl(job_name), ")"), browser, dir, job, true);
  struct Keep {
    std::shared_ptr<void> browser;
    std::unique_ptr<ScratchDir> pages;
  };
  c.fixture = std::make_shared<Keep>(Keep{std::move(keep_alive), std::move(pages)});
  return c;
}

}  // namespace firefox_bidi::bench
