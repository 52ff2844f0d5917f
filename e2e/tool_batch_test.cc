// The plugin, loaded through the C ABI, against real headless Firefox (offline): what a model
// does with it. One browser serves the whole suite, as in a warm host; the crash test ends
// the suite's browser and checks the next call gets a fresh one.
#include <signal.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <regex>
#include <string>
#include <thread>
#include <utility>

#include "agent_tool/loader.h"
#include "support/temp_dir.h"

namespace firefox_bidi::testing {
namespace {

namespace json = boost::json;

const std::string kPlugin = std::string(FIREFOX_BIDI_BINARY_DIR) + "/lib/libfirefox_bidi.so";

std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// One plugin instance with a private spool; remembers the pid of the last Firefox it launched
// (from the plugin's log line "Firefox <pid> listening").
class Tool {
 public:
  Tool() {
    auto library = agent_tool::PluginLibrary::Open(kPlugin);
    BOOST_TEST_REQUIRE(library.ok(), library.status().ToString());
    const std::string config =
        R"({"firefox":{"offline":true},"spool_dir":")" + spool_dir() + R"("})";
    auto created = agent_tool::ToolInstance::Create(
        *library, config, [this](agent_tool_log_level, std::string_view line) {
          std::smatch m;
          const std::string text(line);
          if (std::regex_search(text, m, std::regex("Firefox ([0-9]+) listening"))) {
            firefox_pid_ = static_cast<pid_t>(std::stol(m[1]));
          }
        });
    BOOST_TEST_REQUIRE(created.result.status == AGENT_TOOL_STATUS_OK, created.result.json);
    instance_ = std::move(created.instance);
  }

  // Runs a batch that must run (status OK) and returns its parsed result.
  json::object Run(std::string_view args) {
    return json::parse(RunWithParts(args).json).as_object();
  }
  // The same, with the content parts a host shows.
  agent_tool::ToolResult RunWithParts(std::string_view args) {
    agent_tool::ToolResult result = instance_->Invoke(args);
    BOOST_TEST_REQUIRE(result.status == AGENT_TOOL_STATUS_OK, result.json);
    return result;
  }

  std::string spool_dir() const { return dir_.path() + "/spool"; }
  pid_t firefox_pid() const { return firefox_pid_; }

 private:
  TempDir dir_{"e2e-tool-batch"};
  pid_t firefox_pid_ = -1;
  std::unique_ptr<agent_tool::ToolInstance> instance_;
};

Tool& SharedTool() {
  static Tool tool;
  return tool;
}

const json::object& FrameRecord(const json::object& result, std::size_t index) {
  return result.at("frames").as_array().at(index).as_object();
}

// getTree (silent, label "tree") then navigate the first tab to `html` as a data: URL.
std::string OpenPage(std::string_view html) {
  json::object navigate{{"context", "<<tree.contexts[0].context>>"},
                        {"url", std::string("data:text/html,") + std::string(html)},
                        {"wait", "complete"}};
  return R"({"method":"browsingContext.getTree","label":"tree","silent":true},)"
         R"({"method":"browsingContext.navigate","silent":true,"params":)" +
         json::serialize(navigate) + "}";
}

std::string Evaluate(std::string_view expression, std::string_view extra = "",
                     bool await_promise = false) {
  json::object params{{"expression", expression},
                      {"awaitPromise", await_promise},
                      {"target", {{"context", "<<tree.contexts[0].context>>"}}}};
  return R"({"method":"script.evaluate","params":)" + json::serialize(params) + std::string(extra) +
         "}";
}

BOOST_AUTO_TEST_SUITE(e2e_tool_batch)

BOOST_AUTO_TEST_CASE(click_found_by_locate_nodes_runs_the_page_handler) {
  const std::string args =
      R"({"frames":[)" +
      OpenPage("<button id=b onclick=\"this.textContent='clicked'\">press</button>") +
      R"(,{"method":"browsingContext.locateNodes","label":"button","silent":true,)"
      R"("params":{"context":"<<tree.contexts[0].context>>",)"
      R"("locator":{"type":"css","value":"#b"}}},)"
      R"({"method":"input.performActions","params":{"context":"<<tree.contexts[0].context>>",)"
      R"("actions":[{"type":"pointer","id":"mouse","actions":[)"
      R"({"type":"pointerMove","x":0,"y":0,"origin":{"type":"element",)"
      R"("element":{"sharedId":"<<button.nodes[0].sharedId>>"}}},)"
      R"({"type":"pointerDown","button":0},{"type":"pointerUp","button":0}]}]}},)" +
      Evaluate("document.getElementById('b').textContent", R"(,"pick":"result.value")") + "]}";
  const json::object result = SharedTool().Run(args);
  BOOST_TEST(json::serialize(FrameRecord(result, 3)) ==
             R"({"index":3,"method":"input.performActions","result":{}})");
  BOOST_TEST(json::serialize(FrameRecord(result, 4)) ==
             R"({"index":4,"method":"script.evaluate","result":"clicked"})");
}

BOOST_AUTO_TEST_CASE(a_300_kb_result_is_spooled_with_exact_size_and_bytes) {
  const std::string args =
      R"({"frames":[)" + OpenPage("<p>big</p>") + "," +
      Evaluate("'\"q\\\\'.repeat(75000)", R"(,"label":"big","pick":"result")") + "]}";
  const json::object result = SharedTool().Run(args);
  const json::object& record = FrameRecord(result, 2);
  BOOST_TEST_REQUIRE(record.contains("spooled"), json::serialize(record));
  const std::string path(record.at("spooled").as_string());
  // R is {"type":"string","value":"\"q\\" x 75000}: each repetition serializes as 5 bytes.
  const std::string r_text = R"({"type":"string","value":")" + [] {
    std::string s;
    for (int i = 0; i < 75000; ++i) s += R"(\"q\\)";
    return s;
  }() + R"("})";
  BOOST_TEST(ReadAll(path) == r_text);
  const std::string probe = R"({"index":2,"method":"script.evaluate","label":"big","result":0})";
  BOOST_TEST(record.at("size").as_int64() ==
             static_cast<std::int64_t>(probe.size() - 1 + r_text.size()));
  BOOST_TEST(std::string(record.at("preview").as_string()) == r_text.substr(0, 200));
  BOOST_TEST(path == SharedTool().spool_dir() + "/" + path.substr(path.rfind('/') + 1));
  BOOST_TEST(std::regex_match(path.substr(path.rfind('/') + 1), std::regex("[0-9]+-2-big\\.json")));
}

BOOST_AUTO_TEST_CASE(a_screenshot_is_spooled_as_a_png_file) {
  const std::string args = R"({"frames":[)" + OpenPage("<h1>shot</h1>") +
                           R"(,{"method":"browsingContext.captureScreenshot","label":"shot",)"
                           R"("params":{"context":"<<tree.contexts[0].context>>"}}]})";
  const json::object result = SharedTool().Run(args);
  const json::object& record = FrameRecord(result, 2);
  BOOST_TEST_REQUIRE(record.contains("spooled"), json::serialize(record));
  BOOST_TEST(std::string(record.at("mime").as_string()) == "image/png");
  const std::string png = ReadAll(std::string(record.at("spooled").as_string()));
  BOOST_TEST(png.substr(0, 8) == std::string("\x89PNG\r\n\x1a\n", 8));
  BOOST_TEST(record.at("bytes").as_int64() == static_cast<std::int64_t>(png.size()));
  BOOST_TEST(std::string(record.at("preview").as_string()).rfind(R"({"data":"iVBORw0KGgo)", 0) ==
             0);
}

// The width and height a PNG file's IHDR states.
std::pair<std::uint32_t, std::uint32_t> PngSize(const std::string& path) {
  const std::string png = ReadAll(path);
  BOOST_TEST_REQUIRE(png.size() >= 24u);
  BOOST_TEST_REQUIRE(png.substr(0, 8) == std::string("\x89PNG\r\n\x1a\n", 8));
  auto big32 = [&](std::size_t at) {
    std::uint32_t v = 0;
    for (std::size_t i = 0; i < 4; ++i) v = v << 8 | static_cast<unsigned char>(png[at + i]);
    return v;
  };
  return {big32(16), big32(20)};
}

using Size = std::pair<std::uint32_t, std::uint32_t>;

// DESIGN.md section 9, images sized for models: a 2000x2000 screenshot (a raw frame and
// page.screenshot alike) keeps its file and gets a 1072x1072 copy (1,149,184 px: the
// 1,150,000 px bound, the larger ratio), and that copy is the image part a host shows; a
// 1280x720 one is within both bounds and is shown itself.
BOOST_AUTO_TEST_CASE(a_large_screenshot_gets_a_copy_sized_for_models_made_by_firefox) {
  const std::string viewport =
      R"({"method":"browsingContext.setViewport","silent":true,"params":{"context":)"
      R"("<<tree.contexts[0].context>>","viewport":{"width":W,"height":H}}})";
  auto sized = [&](int width, int height) {
    std::string v = viewport;
    v.replace(v.find('W'), 1, std::to_string(width));
    v.replace(v.find('H'), 1, std::to_string(height));
    return v;
  };
  const std::string args =
      R"({"frames":[)" + OpenPage("<h1 style='font-size:300px'>big</h1>") + "," +
      sized(2000, 2000) +
      R"(,{"method":"browsingContext.captureScreenshot","label":"raw",)"
      R"("params":{"context":"<<tree.contexts[0].context>>"}})"
      R"(,{"method":"page.screenshot"})" +
      "," + sized(1280, 720) + R"(,{"method":"page.screenshot"})" +
      // Back to the browser's own viewport for the tests that follow.
      R"(,{"method":"browsingContext.setViewport","silent":true,"params":{"context":)"
      R"("<<tree.contexts[0].context>>","viewport":null}}]})";
  const agent_tool::ToolResult run = SharedTool().RunWithParts(args);
  const json::object result = json::parse(run.json).as_object();
  std::vector<std::string> model_paths;
  for (std::size_t index : {3u, 4u}) {
    const json::object& record = FrameRecord(result, index);
    BOOST_TEST_REQUIRE(record.contains("model_image"), json::serialize(record));
    const std::string file(record.at("spooled").as_string());
    BOOST_TEST((PngSize(file) == Size{2000, 2000}), file);
    BOOST_TEST(record.at("width").as_int64() == 2000);
    BOOST_TEST(record.at("height").as_int64() == 2000);
    const json::object& model = record.at("model_image").as_object();
    const std::string copy(model.at("path").as_string());
    BOOST_TEST((PngSize(copy) == Size{1072, 1072}), copy);
    BOOST_TEST(model.at("width").as_int64() == 1072);
    BOOST_TEST(model.at("height").as_int64() == 1072);
    BOOST_TEST(model.at("bytes").as_int64() == static_cast<std::int64_t>(ReadAll(copy).size()));
    BOOST_TEST(copy ==
               file.substr(0, file.size() - 4) + (index == 3 ? "_model.png" : "-model.png"));
    BOOST_TEST(std::filesystem::path(copy).parent_path().string() == SharedTool().spool_dir());
    model_paths.push_back(copy);
  }
  const json::object& small = FrameRecord(result, 6);
  BOOST_TEST(!small.contains("model_image"));
  const std::string small_file(small.at("spooled").as_string());
  BOOST_TEST((PngSize(small_file) == Size{1280, 720}));
  BOOST_TEST(small.at("width").as_int64() == 1280);
  BOOST_TEST(small.at("height").as_int64() == 720);
  // The image parts a host shows (MCP image content): the copies, then the small file.
  std::vector<std::string> images;
  for (const agent_tool::ContentPart& part : run.parts) {
    if (part.kind == AGENT_TOOL_CONTENT_IMAGE) images.push_back(part.path);
  }
  BOOST_TEST((images == std::vector<std::string>{model_paths[0], model_paths[1], small_file}));
}

BOOST_AUTO_TEST_CASE(a_bidi_error_from_firefox_is_a_record_and_stops_the_batch) {
  const std::string args =
      R"({"frames":[{"method":"browsingContext.navigate","params":{"context":"no-such-context",)"
      R"("url":"about:blank"}},{"method":"browsingContext.getTree"}]})";
  const json::object result = SharedTool().Run(args);
  const json::object& error = FrameRecord(result, 0).at("error").as_object();
  BOOST_TEST(std::string(error.at("error").as_string()) == "no such frame");
  BOOST_TEST(!std::string(error.at("message").as_string()).empty());
  BOOST_TEST(json::serialize(FrameRecord(result, 1)) ==
             R"({"index":1,"method":"browsingContext.getTree","skipped":true})");
}

BOOST_AUTO_TEST_CASE(a_script_that_throws_is_a_javascript_error_and_stops_the_batch) {
  const std::string args = R"({"frames":[)" + OpenPage("<p>no button</p>") + "," +
                           Evaluate("document.querySelector('#missing').click()",
                                    R"(,"label":"thrown","pick":"result.value")") +
                           R"(,{"method":"browsingContext.getTree"}]})";
  const json::object result = SharedTool().Run(args);
  BOOST_TEST(json::serialize(FrameRecord(result, 2)) ==
             R"({"index":2,"method":"script.evaluate","label":"thrown","error":{"error":)"
             R"x("javascript error","message":"TypeError: can't access property \"click\", )x"
             R"x(document.querySelector(...) is null (line 0, column 9)"}})x");
  BOOST_TEST(json::serialize(FrameRecord(result, 3)) ==
             R"({"index":3,"method":"browsingContext.getTree","skipped":true})");
  // The label binds the whole result: the exception's details are there for the asking.
  const json::object details = SharedTool().Run(
      R"({"frames":[{"method":"script.callFunction","pick":"result.value","params":{)"
      R"("functionDeclaration":"(line, text) => line + ': ' + text","awaitPromise":false,)"
      R"("target":{"context":"<<tree.contexts[0].context>>"},"arguments":[)"
      R"({"type":"number","value":"<<thrown.exceptionDetails.lineNumber>>"},)"
      R"({"type":"string","value":"<<thrown.exceptionDetails.text>>"}]}}]})");
  BOOST_TEST(json::serialize(FrameRecord(details, 0)) ==
             R"({"index":0,"method":"script.callFunction","result":"0: TypeError: can't access )"
             R"x(property \"click\", document.querySelector(...) is null"})x");
}

BOOST_AUTO_TEST_CASE(a_misspelt_command_names_the_one_meant) {
  const json::object result =
      SharedTool().Run(R"({"frames":[{"method":"browsingContext.navigat","params":{}}]})");
  BOOST_TEST(json::serialize(FrameRecord(result, 0)) ==
             R"({"index":0,"method":"browsingContext.navigat","error":{"error":"unknown command",)"
             R"("message":"browsingContext.navigat; did you mean `browsingContext.navigate`?"}})");
}

BOOST_AUTO_TEST_CASE(a_node_reference_firefox_does_not_know_says_to_locate_it_again) {
  const std::string args =
      R"({"frames":[)" + OpenPage("<p>x</p>") +
      R"(,{"method":"script.callFunction","params":{"functionDeclaration":"e => e.tagName",)"
      R"("awaitPromise":false,"target":{"context":"<<tree.contexts[0].context>>"},)"
      R"("arguments":[{"sharedId":"00000000-0000-0000-0000-000000000000"}]}}]})";
  const json::object result = SharedTool().Run(args);
  BOOST_TEST(json::serialize(FrameRecord(result, 2)) ==
             R"({"index":2,"method":"script.callFunction","error":{"error":"no such node",)"
             R"("message":"The node with the reference 00000000-0000-0000-0000-000000000000 is )"
             R"(not known; node references (sharedId) die when the page navigates or reloads: )"
             R"(locate the element again in the current page (browsingContext.locateNodes or )"
             R"x(script.evaluate) and use the new reference"}})x");
}

BOOST_AUTO_TEST_CASE(screenshot_formats_are_typed_by_their_bytes) {
  struct Format {
    std::string type;
    std::string ext;
    std::string magic;
  };
  const Format formats[] = {{"image/jpeg", ".jpg", std::string("\xFF\xD8\xFF", 3)},
                            {"image/webp", ".webp", "RIFF"},
                            {"image/png", ".png", std::string("\x89PNG\r\n\x1a\n", 8)}};
  for (const Format& format : formats) {
    BOOST_TEST_CONTEXT(format.type) {
      const std::string args =
          R"({"frames":[)" + OpenPage("<h1>shot</h1>") +
          R"(,{"method":"browsingContext.captureScreenshot","label":"shot",)"
          R"("params":{"context":"<<tree.contexts[0].context>>","format":{"type":")" +
          format.type + R"("}}}]})";
      const json::object result = SharedTool().Run(args);
      const json::object& record = FrameRecord(result, 2);
      BOOST_TEST_REQUIRE(record.contains("spooled"), json::serialize(record));
      const std::string path(record.at("spooled").as_string());
      BOOST_TEST(std::string(record.at("mime").as_string()) == format.type);
      BOOST_TEST(path.substr(path.size() - format.ext.size()) == format.ext);
      const std::string bytes = ReadAll(path);
      BOOST_TEST(bytes.substr(0, format.magic.size()) == format.magic);
      BOOST_TEST(record.at("bytes").as_int64() == static_cast<std::int64_t>(bytes.size()));
    }
  }
}

// Prompts stay open until the model answers them (unhandledPromptBehavior "ignore").
BOOST_AUTO_TEST_CASE(a_confirm_stays_open_until_handle_user_prompt_accepts_it) {
  SharedTool().Run(R"({"frames":[)" + OpenPage("<p>ask</p>") + "," +
                   Evaluate("setTimeout(() => { window.answer = confirm('Sure?'); }, 0); 1",
                            R"(,"silent":true)") +
                   "]}");
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  const json::object result =
      SharedTool().Run(R"({"frames":[{"method":"browsingContext.handleUserPrompt","params":{)"
                       R"("context":"<<tree.contexts[0].context>>","accept":true}},)" +
                       Evaluate("window.answer", R"(,"pick":"result.value")") + "]}");
  BOOST_TEST(json::serialize(FrameRecord(result, 0)) ==
             R"({"index":0,"method":"browsingContext.handleUserPrompt","result":{}})");
  BOOST_TEST(json::serialize(FrameRecord(result, 1)) ==
             R"({"index":1,"method":"script.evaluate","result":true})");
}

// A promise that lives in a page which reloads never settles: the frame fails at once.
BOOST_AUTO_TEST_CASE(a_frame_waiting_in_a_page_that_navigates_away_fails_at_once) {
  const auto start = std::chrono::steady_clock::now();
  const json::object result = SharedTool().Run(
      R"({"frames":[)" + OpenPage("<p>reload me</p>") + "," +
      // Firefox runs the script again in the reloaded page: there it ends the command.
      Evaluate("new Promise(done => performance.getEntriesByType('navigation')[0].type == "
               "'reload' ? done('again') : setTimeout(() => location.reload(), 100))",
               R"(,"timeout_ms":20000)", true) +
      R"(,{"method":"browsingContext.getTree","silent":true}],"on_error":"continue"})");
  const auto elapsed = std::chrono::steady_clock::now() - start;
  const json::object& record = FrameRecord(result, 2);
  BOOST_TEST_REQUIRE(record.contains("error"), json::serialize(record));
  BOOST_TEST(std::string(record.at("error").at("error").as_string()) == "page navigated");
  const std::string message(record.at("error").at("message").as_string());
  BOOST_TEST(
      message.rfind("frame 2 (script.evaluate) stopped waiting: the page navigated away", 0) == 0u,
      message);
  BOOST_TEST(elapsed < std::chrono::seconds(10));
  BOOST_TEST(json::serialize(FrameRecord(result, 3)) ==
             R"({"index":3,"method":"browsingContext.getTree"})");
  // The tool's own realm events are not shown to a model that did not subscribe.
  BOOST_TEST(json::serialize(result).find("script.realm") == std::string::npos);
}

// A frame behind an alert fails at once, and the prompt is reported without a subscription.
BOOST_AUTO_TEST_CASE(an_alert_fails_the_frame_at_once_and_is_reported) {
  const json::object result =
      SharedTool().Run(R"({"frames":[)" + OpenPage("<p>alert</p>") + "," +
                       Evaluate("alert('look'); 1", R"(,"timeout_ms":20000)") + "]}");
  const json::object& record = FrameRecord(result, 2);
  BOOST_TEST_REQUIRE(record.contains("error"), json::serialize(record));
  BOOST_TEST(std::string(record.at("error").at("error").as_string()) == "user prompt open");
  BOOST_TEST_REQUIRE(result.contains("events"), json::serialize(result));
  const json::object& event = result.at("events").as_array().back().as_object();
  BOOST_TEST(std::string(event.at("method").as_string()) == "browsingContext.userPromptOpened");
  BOOST_TEST(std::string(event.at("params").at("message").as_string()) == "look");
  BOOST_TEST(event.at("frame").as_int64() == 2);
  const json::object closed =
      SharedTool().Run(R"({"frames":[{"method":"browsingContext.handleUserPrompt","params":{)"
                       R"("context":"<<tree.contexts[0].context>>"}}]})");
  BOOST_TEST(json::serialize(FrameRecord(closed, 0)) ==
             R"({"index":0,"method":"browsingContext.handleUserPrompt","result":{}})");
}

// Not only scripts: a navigation whose new page alerts while it loads, or whose old page asks
// before it is left, fails at once instead of waiting out its timeout.
BOOST_AUTO_TEST_CASE(a_navigation_held_up_by_a_prompt_fails_at_once) {
  const std::string navigate_away =
      R"({"method":"browsingContext.navigate","timeout_ms":20000,"params":{)"
      R"("context":"<<tree.contexts[0].context>>","url":"data:text/html,<p>next</p>",)"
      R"("wait":"complete"}})";
  const std::string answer = R"({"method":"browsingContext.handleUserPrompt","params":{)"
                             R"("context":"<<tree.contexts[0].context>>","accept":false}})";
  // The page asks before it is left once the user has clicked in it (and stops asking at the
  // end, so that the next page can be opened).
  const json::object result = SharedTool().Run(
      R"({"frames":[)" +
      OpenPage("<button style=width:300px;height:100px>edit</button><script>"
               "onbeforeunload = e => e.preventDefault()</script>") +
      R"(,{"method":"input.performActions","silent":true,"params":{)"
      R"("context":"<<tree.contexts[0].context>>","actions":[{"type":"pointer","id":"mouse",)"
      R"("actions":[{"type":"pointerMove","x":50,"y":50},{"type":"pointerDown","button":0},)"
      R"({"type":"pointerUp","button":0}]}]}},)" +
      navigate_away + "," + answer + "," +
      Evaluate("onbeforeunload = null, document.body.innerText", R"(,"pick":"result.value")") +
      R"(],"on_error":"continue"})");
  const json::object& left = FrameRecord(result, 3);
  BOOST_TEST_REQUIRE(left.contains("error"), json::serialize(result));
  BOOST_TEST(std::string(left.at("error").at("error").as_string()) == "user prompt open");
  const std::string message(left.at("error").at("message").as_string());
  BOOST_TEST(message.starts_with("frame 3 (browsingContext.navigate) stopped waiting: a user "
                                 "prompt (beforeunload) opened in the page (\""),
             message);
  BOOST_TEST(message.ends_with(R"(", "accept": true} to leave the page (false stays on it and )"
                               R"(cancels the navigation) (see "events"))"),
             message);
  BOOST_TEST(json::serialize(FrameRecord(result, 4)) ==
             R"({"index":4,"method":"browsingContext.handleUserPrompt","result":{}})");
  BOOST_TEST(json::serialize(FrameRecord(result, 5)) ==
             R"({"index":5,"method":"script.evaluate","result":"edit"})");

  const json::object alerted = SharedTool().Run(
      R"({"frames":[{"method":"browsingContext.getTree","label":"tree","silent":true},)"
      R"({"method":"browsingContext.navigate","timeout_ms":20000,"params":{)"
      R"("context":"<<tree.contexts[0].context>>",)"
      R"("url":"data:text/html,<script>alert('welcome')</script>","wait":"complete"}},)" +
      answer + R"(],"on_error":"continue"})");
  const json::object& record = FrameRecord(alerted, 1);
  BOOST_TEST_REQUIRE(record.contains("error"), json::serialize(alerted));
  BOOST_TEST(std::string(record.at("error").at("message").as_string())
                 .starts_with("frame 1 (browsingContext.navigate) stopped waiting: a user prompt "
                              "(alert) opened in the page (\"welcome\")"),
             json::serialize(record));
  BOOST_TEST(json::serialize(FrameRecord(alerted, 2)) ==
             R"({"index":2,"method":"browsingContext.handleUserPrompt","result":{}})");
}

// An event that arrives after a call has returned comes with the next call, tagged -1.
BOOST_AUTO_TEST_CASE(an_event_between_calls_comes_with_the_next_call_tagged_minus_one) {
  const json::object first = SharedTool().Run(
      R"({"frames":[{"method":"session.subscribe","silent":true,)"
      R"("params":{"events":["log.entryAdded"]}},)" +
      OpenPage("<p>later</p>") + "," +
      Evaluate("setTimeout(() => console.log('later'), 300); 1", R"(,"silent":true)") + "]}");
  BOOST_TEST(!first.contains("events"), json::serialize(first));
  // Long enough for the timer on a loaded machine.
  std::this_thread::sleep_for(std::chrono::seconds(3));
  const json::object next =
      SharedTool().Run(R"({"frames":[{"method":"session.unsubscribe","silent":true,)"
                       R"("params":{"events":["log.entryAdded"]}}]})");
  BOOST_TEST_REQUIRE(next.contains("events"), json::serialize(next));
  const json::array& events = next.at("events").as_array();
  BOOST_TEST_REQUIRE(events.size() == 1u, json::serialize(events));
  BOOST_TEST(std::string(events[0].at("method").as_string()) == "log.entryAdded");
  BOOST_TEST(std::string(events[0].at("params").at("text").as_string()) == "later");
  BOOST_TEST(events[0].at("frame").as_int64() == -1);
}

BOOST_AUTO_TEST_CASE(console_messages_arrive_as_events_after_subscribing) {
  const std::string args = R"({"frames":[{"method":"session.subscribe","silent":true,)"
                           R"("params":{"events":["log.entryAdded"]}},)" +
                           OpenPage("<p>log</p>") + "," +
                           Evaluate("console.log('hello', 1 << 3)", R"(,"silent":true)") +
                           R"(,{"method":"session.unsubscribe","silent":true,)"
                           R"("params":{"events":["log.entryAdded"]}}]})";
  const json::object result = SharedTool().Run(args);
  BOOST_TEST_REQUIRE(result.contains("events"), json::serialize(result));
  const json::array& events = result.at("events").as_array();
  BOOST_TEST_REQUIRE(events.size() == 1u, json::serialize(events));
  const json::object& event = events[0].as_object();
  BOOST_TEST(std::string(event.at("method").as_string()) == "log.entryAdded");
  BOOST_TEST(std::string(event.at("params").at("text").as_string()) == "hello 8");
}

// Last: it kills the suite's browser.
BOOST_AUTO_TEST_CASE(a_killed_browser_fails_the_frame_and_the_next_call_starts_a_fresh_one) {
  Tool& tool = SharedTool();
  tool.Run(R"({"frames":[{"method":"browsingContext.getTree","silent":true}]})");
  const pid_t first = tool.firefox_pid();
  BOOST_TEST_REQUIRE(first > 0);
  // The frame waits in the page while the browser is killed under it.
  std::thread killer([first] {
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    ::kill(first, SIGKILL);
  });
  const json::object broken =
      tool.Run(R"({"frames":[)" + OpenPage("<p>x</p>") + "," +
               Evaluate("new Promise(r => setTimeout(r, 20000))", R"(,"timeout_ms":30000)", true) +
               R"(,{"method":"browsingContext.getTree"}]})");
  killer.join();
  const json::object& error = FrameRecord(broken, 2).at("error").as_object();
  BOOST_TEST(std::string(error.at("error").as_string()) == "browser disconnected");
  BOOST_TEST(json::serialize(FrameRecord(broken, 3)) ==
             R"({"index":3,"method":"browsingContext.getTree","skipped":true})");

  const json::object next =
      tool.Run(R"({"frames":[)" + OpenPage("<title>again</title>") + "," +
               Evaluate("document.title", R"(,"pick":"result.value")") + "]}");
  BOOST_TEST(json::serialize(FrameRecord(next, 2)) ==
             R"({"index":2,"method":"script.evaluate","result":"again"})");
  BOOST_TEST(tool.firefox_pid() != first);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::testing
