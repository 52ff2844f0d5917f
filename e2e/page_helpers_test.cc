// The page helpers (DESIGN.md section 9) against real headless Firefox on the fixture pages
// (fixtures/pages/, served on two loopback ports): page.goto, page.eval, <<tab>>.
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/json_text.h"
#include "page_suite.h"

namespace firefox_bidi::testing {
namespace {

namespace json = boost::json;

std::string GotoUrl(const std::string& url, std::string_view extra = "") {
  return R"J({"method":"page.goto","params":{"url":)J" + PageSuite::Quote(url) +
         std::string(extra) + "}}";
}

BOOST_AUTO_TEST_SUITE(e2e_page_goto_eval)

BOOST_AUTO_TEST_CASE(goto_returns_url_and_title_and_walks_history) {
  PageSuite& s = PageSuite::Get();
  const json::object result = s.Run(
      R"J({"frames":[)J" + GotoUrl(s.pages.url("plain.html")) + "," +
      GotoUrl(s.pages.url("form.html")) +
      R"J(,{"method":"page.goto","params":{"back":true}},)J"
      R"J({"method":"page.goto","params":{"forward":true,"wait":"interactive"}},)J"
      R"J({"method":"page.goto","params":{"reload":true}},)J"
      R"J({"method":"page.eval","params":{"expression":"performance.getEntriesByType('navigation')[0].type"}}]})J");
  BOOST_TEST(json::serialize(s.Record(result, 0)) ==
             R"J({"index":0,"method":"page.goto","result":{"url":")J" + s.pages.url("plain.html") +
                 R"J(","title":"Plain"}})J");
  BOOST_TEST(json::serialize(s.Record(result, 1).at("result")) ==
             R"J({"url":")J" + s.pages.url("form.html") + R"J(","title":"Sign up"})J");
  BOOST_TEST(json::serialize(s.Record(result, 2).at("result")) ==
             R"J({"url":")J" + s.pages.url("plain.html") + R"J(","title":"Plain"})J");
  BOOST_TEST(json::serialize(s.Record(result, 3).at("result")) ==
             R"J({"url":")J" + s.pages.url("form.html") + R"J(","title":"Sign up"})J");
  BOOST_TEST(json::serialize(s.Record(result, 4).at("result")) ==
             R"J({"url":")J" + s.pages.url("form.html") + R"J(","title":"Sign up"})J");
  BOOST_TEST(json::serialize(s.Record(result, 5).at("result")) == R"J("reload")J");
  // The plugin's own navigation events stay out of the batch.
  BOOST_TEST(!result.contains("events"), json::serialize(result));
}

BOOST_AUTO_TEST_CASE(goto_failures_say_what_to_do) {
  PageSuite& s = PageSuite::Get();
  const json::object result =
      s.Run(R"J({"frames":[{"method":"page.goto","params":{"url":"http://127.0.0.1:1/"}},)J"
            R"J({"method":"page.goto","params":{"url":"about:blank","back":true}},)J"
            R"J({"method":"page.goto","params":{"url":"nonsense"}}],"on_error":"continue"})J");
  const json::object& refused = s.Record(result, 0).at("error").as_object();
  BOOST_TEST(std::string(refused.at("message").as_string())
                 .starts_with("page.goto could not open \"http://127.0.0.1:1/\": "),
             json::serialize(refused));
  BOOST_TEST(json::serialize(s.Record(result, 1).at("error")) ==
             R"J({"error":"invalid argument","message":"page.goto takes exactly one of \"url\", )J"
             R"J(\"back\": true, \"forward\": true or \"reload\": true"})J");
  BOOST_TEST(std::string(s.Record(result, 2).at("error").at("message").as_string())
                 .ends_with("; check the URL (with its scheme, e.g. https://)"));
}

// A page whose image never arrives never fires load: the default wait ends 3 s (kLoadGrace)
// after DOMContentLoaded and says so; the same for back, reload, a click that loads it and a
// new tab. An explicit "complete" waits on, within its time.
// Opens a new tab (the current one) for a case and closes it when the case ends.
class StalledTab {
 public:
  explicit StalledTab(PageSuite& s) : s_(s) {
    s_.Run(Frames({R"J({"method":"page.tabs","params":{"action":"new"}})J"}));
  }
  ~StalledTab() { s_.Run(Frames({R"J({"method":"page.tabs","params":{"action":"close"}})J"})); }

 private:
  PageSuite& s_;
};

// What a page draws in the moments after its load event (rows a grid draws 90 ms after showing
// that it is loading) is there when the navigation returns: a goto, a reload, a click on a
// link, a new tab.
BOOST_AUTO_TEST_CASE(what_a_page_draws_right_after_its_load_event_is_there_when_it_returns) {
  PageSuite& s = PageSuite::Get();
  const std::string rows = "document.querySelectorAll('#orders tr').length";
  const json::object result =
      s.Run(Frames({GotoUrl(s.pages.url("drawn.html")), Eval(rows),
                    R"J({"method":"page.goto","params":{"reload":true}})J", Eval(rows),
                    R"J({"method":"page.click","params":{"text":"Again"}})J", Eval(rows),
                    R"J({"method":"page.tabs","params":{"action":"new","url":)J" +
                        PageSuite::Quote(s.pages.url("drawn.html")) + "}}",
                    Eval(rows), R"J({"method":"page.tabs","params":{"action":"close"}})J"}));
  BOOST_TEST(json::serialize(s.Record(result, 1).at("result")) == "2");
  BOOST_TEST(json::serialize(s.Record(result, 3).at("result")) == "2");
  BOOST_TEST(json::serialize(s.Record(result, 4).at("result")) ==
             R"J({"url":")J" + s.pages.url("drawn.html?again") +
                 R"J(","title":"Drawn","navigated":true})J");
  BOOST_TEST(json::serialize(s.Record(result, 5).at("result")) == "2");
  BOOST_TEST(json::serialize(s.Record(result, 7).at("result")) == "2");
}

// A dialog the page fades out as it starts (300 ms after its load event) is gone when the
// goto returns: the snapshot shows the page at rest.
BOOST_AUTO_TEST_CASE(what_a_page_sets_moving_as_it_starts_has_come_to_rest_when_it_returns) {
  PageSuite& s = PageSuite::Get();
  const json::object result =
      s.Run(Frames({GotoUrl(s.pages.url("fading.html")), R"J({"method":"page.snapshot"})J"}));
  const std::string outline(s.Record(result, 1).at("result").as_string());
  BOOST_TEST(outline.starts_with("- button \"Open\" [ref=e"));
  BOOST_TEST(outline.find('\n') == std::string::npos);  // nothing more: no dialog
}

BOOST_AUTO_TEST_CASE(a_subresource_that_never_finishes_ends_the_default_wait_at_interactive) {
  PageSuite& s = PageSuite::Get();
  const std::string stalled = s.pages.url("stalled.html");
  // In a tab of its own, closed at the end: the requests its navigations cancel (the stalled
  // image) are reported late, and stay out of other cases' logs.
  const StalledTab tab(s);
  const auto start = std::chrono::steady_clock::now();
  const json::object result =
      s.Run(Frames({GotoUrl(stalled), GotoUrl(s.pages.url("plain.html")),
                    R"J({"method":"page.goto","params":{"back":true}})J",
                    R"J({"method":"page.goto","params":{"reload":true}})J",
                    R"J({"method":"page.click","params":{"text":"Again"}})J",
                    R"J({"method":"page.goto","timeout_ms":1500,"params":{"url":)J" +
                        PageSuite::Quote(stalled) + R"J(,"wait":"complete"}})J",
                    R"J({"method":"page.goto","params":{"reload":true,"wait":"interactive"}})J",
                    Eval("document.readyState")},
                   R"J(,"on_error":"continue")J"));
  const auto took = std::chrono::steady_clock::now() - start;
  const std::string interactive =
      R"J({"url":")J" + stalled + R"J(","title":"Stalled","waited":"interactive"})J";
  BOOST_TEST(json::serialize(s.Record(result, 0).at("result")) == interactive);
  BOOST_TEST(json::serialize(s.Record(result, 1).at("result")) ==
             R"J({"url":")J" + s.pages.url("plain.html") + R"J(","title":"Plain"})J");
  BOOST_TEST(json::serialize(s.Record(result, 2).at("result")) == interactive);
  BOOST_TEST(json::serialize(s.Record(result, 3).at("result")) == interactive);
  BOOST_TEST(json::serialize(s.Record(result, 4).at("result")) ==
             R"J({"url":")J" + stalled +
                 R"J(?again","title":"Stalled","navigated":true,"waited":"interactive"})J");
  BOOST_TEST(json::serialize(s.Record(result, 5).at("error")) ==
             R"J({"error":"timeout","message":"page.goto did not finish within 1500 ms while )J"
             R"J(waiting for \")J" +
                 stalled +
                 R"J(\" to load; raise the frame's \"timeout_ms\" if the page is slow"})J");
  // An explicit "interactive" wait says nothing more.
  BOOST_TEST(json::serialize(s.Record(result, 6).at("result")) ==
             R"J({"url":")J" + stalled + R"J(","title":"Stalled"})J");
  BOOST_TEST(json::serialize(s.Record(result, 7).at("result")) == R"J("interactive")J");
  // Four waits of 3 s, one of 1.5 s; none of the frame's 30 s.
  BOOST_TEST((took > std::chrono::milliseconds(13500) && took < std::chrono::seconds(20)),
             std::chrono::duration_cast<std::chrono::milliseconds>(took).count());
}

// Every helper that waits takes a timeout_ms param, and its timeout names the bound that ran
// out: the param's or the frame's.
BOOST_AUTO_TEST_CASE(waiting_helpers_take_a_timeout_param_and_name_the_bound_that_ran_out) {
  PageSuite& s = PageSuite::Get();
  const std::string stalled = s.pages.url("stalled.html");
  // In a tab of its own, closed at the end: the requests its navigations cancel (the stalled
  // image) are reported late, and stay out of other cases' logs.
  const StalledTab tab(s);
  const json::object result = s.Run(Frames(
      {R"J({"method":"page.goto","params":{"url":)J" + PageSuite::Quote(stalled) +
           R"J(,"wait":"complete","timeout_ms":700}})J",
       Eval("document.body.insertAdjacentHTML('beforeend', '<a href=\"/stall\">Nowhere</a>')"),
       R"J({"method":"page.click","params":{"text":"Nowhere","timeout_ms":800}})J",
       R"J({"method":"page.goto","timeout_ms":900,"params":{"url":)J" + PageSuite::Quote(stalled) +
           R"J(,"wait":"complete","timeout_ms":5000}})J",
       R"J({"method":"page.goto","params":{"url":"about:blank","timeout_ms":0}})J"},
      R"J(,"on_error":"continue")J"));
  BOOST_TEST(json::serialize(s.Record(result, 0).at("error")) ==
             R"J({"error":"timeout","message":"page.goto did not finish within 700 ms while )J"
             R"J(waiting for \")J" +
                 stalled + R"J(\" to load; raise its \"timeout_ms\" param if the page is slow"})J");
  BOOST_TEST(json::serialize(s.Record(result, 2).at("error")) ==
             R"J({"error":"timeout","message":"page.click waited 800 ms for the page the click )J"
             R"J(opened to load (the click itself was done); raise its \"timeout_ms\" param if )J"
             R"J(the page is slow"})J");
  // A param past the frame's time: the frame's bound is the one that runs out.
  BOOST_TEST(json::serialize(s.Record(result, 3).at("error")) ==
             R"J({"error":"timeout","message":"page.goto did not finish within 900 ms while )J"
             R"J(waiting for \")J" +
                 stalled +
                 R"J(\" to load; raise the frame's \"timeout_ms\" if the page is slow"})J");
  BOOST_TEST(json::serialize(s.Record(result, 4).at("error")) ==
             R"J({"error":"invalid argument","message":"page.goto: \"timeout_ms\" must be an )J"
             R"J(integer from 1 to 600000, got 0"})J");
}

// page.waitFor a role sees into iframes as targets do (an editor's frame, as TinyMCE's, whose
// body the page.fill found while the wait ran out), and waits there too.
BOOST_AUTO_TEST_CASE(wait_for_a_role_sees_into_iframes) {
  PageSuite& s = PageSuite::Get();
  const json::object result = s.Run(Frames(
      {R"J({"method":"page.goto","params":{"url":"data:text/html,<p>Outer</p><script>setTimeout(() => { const f = document.createElement('iframe'); f.srcdoc = '<body contenteditable aria-label=Editor>Hello</body>'; document.body.append(f); }, 300)</script>"},"silent":true})J",
       R"J({"method":"page.waitFor","params":{"role":"textbox","name":"Editor"},"timeout_ms":5000,"silent":true})J",
       R"J({"method":"page.eval","params":{"expression":"document.querySelector('iframe').contentDocument.body.textContent"}})J"},
      R"J(,"on_error":"continue")J"));
  BOOST_TEST(json::serialize(s.Record(result, 1)) == R"J({"index":1,"method":"page.waitFor"})J");
  BOOST_TEST(json::serialize(s.Record(result, 2)) ==
             R"J({"index":2,"method":"page.eval","result":"Hello"})J");
}

// The page never completes: the tab's frame returns once the page has been interactive for the
// 3 s grace, well before its 60 s (which waiting for the load would take, to fail then), however
// busy the machine is (a CI run sharing the cores took it to 13-19 s).
BOOST_AUTO_TEST_CASE(a_new_tab_on_a_stalled_page_opens_within_the_grace) {
  PageSuite& s = PageSuite::Get();
  const auto start = std::chrono::steady_clock::now();
  const json::object result = s.Run(
      Frames({R"J({"method":"page.tabs","timeout_ms":60000,"params":{"action":"new","url":)J" +
                  PageSuite::Quote(s.pages.url("stalled.html")) + "}}",
              Eval("document.title + ' ' + document.readyState"),
              R"J({"method":"page.tabs","params":{"action":"close"}})J"}));
  BOOST_TEST((std::chrono::steady_clock::now() - start < std::chrono::seconds(40)));
  BOOST_TEST(s.Record(result, 0).contains("result"));  // opened, not timed out
  BOOST_TEST(json::serialize(s.Record(result, 1).at("result")) == R"J("Stalled interactive")J");
}

// A javascript: URL loads no page: Firefox never answers the navigation (unless the script
// returns a string), so it is refused at once, pointing at the way to run script.
BOOST_AUTO_TEST_CASE(javascript_urls_are_refused_at_once_pointing_at_eval) {
  PageSuite& s = PageSuite::Get();
  const auto start = std::chrono::steady_clock::now();
  const json::object result = s.Run(Frames(
      {Goto("plain.html"),
       R"J({"method":"page.goto","timeout_ms":10000,"params":{"url":"javascript:void(0)"}})J",
       R"J({"method":"page.goto","timeout_ms":10000,"params":{"url":" JavaScript:document.title='x'"}})J",
       R"J({"method":"browsingContext.navigate","timeout_ms":10000,)J"
       R"J("params":{"context":"<<tab>>","url":"javascript:void(0)","wait":"none"}})J",
       Eval("document.title + ' ' + location.pathname"),
       R"J({"method":"page.tabs","timeout_ms":10000,)J"
       R"J("params":{"action":"new","url":"javascript:void(0)"}})J"},
      R"J(,"on_error":"continue")J"));
  BOOST_TEST((std::chrono::steady_clock::now() - start < std::chrono::seconds(5)));
  const std::string refused =
      R"J({"error":"invalid argument","message":"page.goto does not open javascript: URLs )J"
      R"J((they load no page); to run script in the page, use page.eval with {\"expression\": )J"
      R"J(\"...\"}"})J";
  BOOST_TEST(json::serialize(s.Record(result, 1).at("error")) == refused);
  BOOST_TEST(json::serialize(s.Record(result, 2).at("error")) == refused);
  BOOST_TEST(json::serialize(s.Record(result, 3).at("error")) ==
             R"J({"error":"invalid argument","message":"browsingContext.navigate to a )J"
             R"J(javascript: URL gets no reply from Firefox unless the script returns a string, )J"
             R"J(so the frame would wait out its timeout; run the script with script.evaluate )J"
             R"J((or the page.eval helper) instead; frame 3 was not sent"})J");
  // Nothing ran: the page is as it was.
  BOOST_TEST(json::serialize(s.Record(result, 4).at("result")) == R"J("Plain /plain.html")J");
  BOOST_TEST(json::serialize(s.Record(result, 5).at("error")) ==
             R"J({"error":"invalid argument","message":"page.tabs does not open javascript: )J"
             R"J(URLs (they load no page); to run script in the page, use page.eval with )J"
             R"J({\"expression\": \"...\"}"})J");
}

BOOST_AUTO_TEST_CASE(eval_returns_plain_json_and_nodes_as_refs) {
  PageSuite& s = PageSuite::Get();
  const json::object result = s.Run(
      R"J({"frames":[)J" + GotoUrl(s.pages.url("form.html")) +
      R"J(,{"method":"page.eval","params":{"expression":"({n: 1.5, s: 'x', u: undefined, nil: null, d: new Date(0), a: [true, NaN], r: new DOMRect(1, 2, 3.5, 4), h: document.querySelector('h1')})"}},)J"
      R"J({"method":"page.eval","params":{"function":"async (a, b) => { await new Promise(r => setTimeout(r, 10)); return a.x + b; }","args":[{"x":40},2]}},)J"
      R"J({"method":"page.eval","params":{"expression":"document.querySelectorAll('button')"}},)J"
      R"J({"method":"page.eval","params":{"expression":"document.querySelector('h1')"},"pick":"ref"},)J"
      R"J({"method":"page.eval","params":{"expression":"Promise.reject(new TypeError('nope'))"}}],"on_error":"continue"})J");
  const json::value& first = s.Record(result, 1).at("result");
  BOOST_TEST(json::serialize(first.at("h").at("tag")) == R"J("h1")J");
  const std::string h1 = std::string(first.at("h").at("ref").as_string());
  // Numbers as the tool writes them (JsonText), not in Boost's notation (1.5E0).
  BOOST_TEST(
      JsonText(first) ==
      R"J({"n":1.5,"s":"x","u":null,"nil":null,"d":"1970-01-01T00:00:00.000Z","a":[true,null],)J"
      // A platform object that says how it reads as JSON (toJSON) reads so.
      R"J("r":{"x":1,"y":2,"width":3.5,"height":4,"top":2,"right":4.5,"bottom":6,"left":1},)J"
      R"J("h":{"ref":")J" +
          h1 + R"J(","tag":"h1","text":"Sign up"}})J");
  BOOST_TEST(json::serialize(s.Record(result, 2).at("result")) == "42");
  const json::array& buttons = s.Record(result, 3).at("result").as_array();
  BOOST_REQUIRE_EQUAL(buttons.size(), 2u);
  BOOST_TEST(json::serialize(buttons[1].at("text")) == R"J("Later")J");
  // The same node keeps its ref.
  BOOST_TEST(json::serialize(s.Record(result, 4).at("result")) == "\"" + h1 + "\"");
  BOOST_TEST(json::serialize(s.Record(result, 5).at("error")) ==
             R"J({"error":"javascript error","message":"TypeError: nope (line 1, column 9); the )J"
             R"J(code ran in the page as in its console: fix it and run it again"})J");
}

// A const declared at the top level by one page.eval stays declared for the next, as in a
// console: the error says so.
BOOST_AUTO_TEST_CASE(eval_that_declares_a_name_again_says_it_stays_declared) {
  PageSuite& s = PageSuite::Get();
  const json::object result = s.Run(
      R"J({"frames":[)J" + GotoUrl(s.pages.url("form.html")) +
      R"J(,{"method":"page.eval","params":{"expression":"const heading = 1; heading"}},)J"
      R"J({"method":"page.eval","params":{"expression":"const heading = 2; heading"}}],"on_error":"continue"})J");
  BOOST_TEST(json::serialize(s.Record(result, 1).at("result")) == "1");
  BOOST_TEST(json::serialize(s.Record(result, 2).at("error")) ==
             R"J({"error":"javascript error","message":"SyntaxError: redeclaration of const )J"
             R"J(heading (line 1, column 1); the code ran in the page as in its console: fix it )J"
             R"J(and run it again (a const or let of an earlier page.eval stays declared: wrap )J"
             R"J(the code in { ... }, or use another name)"})J");
}

BOOST_AUTO_TEST_CASE(the_tab_label_is_the_current_tab_for_raw_frames) {
  PageSuite& s = PageSuite::Get();
  const json::object result = s.Run(
      R"J({"frames":[)J" + GotoUrl(s.pages.url("plain.html")) +
      R"J(,{"method":"script.evaluate","params":{"expression":"document.title",)J"
      R"J("target":{"context":"<<tab>>"},"awaitPromise":false},"pick":"result.value"},)J"
      R"J({"method":"browsingContext.getTree","params":{"maxDepth":0},"pick":"contexts[0].context"},)J"
      R"J({"method":"page.eval","params":{"expression":"1","tab":"<<tab>>"}}]})J");
  BOOST_TEST(json::serialize(s.Record(result, 1).at("result")) == R"J("Plain")J");
  BOOST_TEST(json::serialize(s.Record(result, 3).at("result")) == "1");
}

// The helpers' library lives in the sandbox realm only, and every new document has it from
// its start (a preload script), so a helper's first call on a page is one round trip.
BOOST_AUTO_TEST_CASE(the_library_is_in_every_new_documents_sandbox_and_never_in_the_page) {
  PageSuite& s = PageSuite::Get();
  const auto keys = [](const std::string& sandbox) {
    return absl::StrCat(
        R"({"method":"script.evaluate","pick":"result.value","params":{"expression":)",
        R"("Object.keys(globalThis).filter((k) => k.startsWith('__firefoxBidi')).length",)",
        R"("awaitPromise":false,"target":{"context":"<<tab>>")", sandbox, "}}}");
  };
  const json::object result = s.Run(absl::StrCat(
      R"({"frames":[)", GotoUrl(s.pages.url("plain.html")),
      R"(,{"method":"browsingContext.navigate","silent":true,"params":{)",
      R"("context":"<<tab>>","wait":"complete","url":)", PageSuite::Quote(s.pages.url("form.html")),
      "}},", keys(R"(,"sandbox":"firefox_bidi")"), ",", keys(""), "]}"));
  // The library's object and the refs' map.
  BOOST_TEST(json::serialize(PageSuite::Record(result, 2)) ==
             R"({"index":2,"method":"script.evaluate","result":2})");
  BOOST_TEST(json::serialize(PageSuite::Record(result, 3)) ==
             R"({"index":3,"method":"script.evaluate","result":0})");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::testing
