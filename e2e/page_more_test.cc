// page.tabs, page.logs, page.dialog, page.upload and "opened" (DESIGN.md section 9) against
// real headless Firefox on the fixture pages tabs.html, noise.html, dialogs.html, later.html,
// leave.html, greeting.html, upload.html, ask.html, subscribe.html and download.html.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "page_suite.h"

namespace firefox_bidi::testing {
namespace {

namespace json = boost::json;

std::string Str(const json::value& v) { return std::string(v.as_string()); }

// A loopback port nothing listens on (bound, then closed), so a request to it is refused.
int ClosedPort() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof(address);
  BOOST_TEST_REQUIRE(::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) == 0);
  BOOST_TEST_REQUIRE(::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0);
  ::close(fd);
  return ntohs(address.sin_port);
}

// How many requests for `path` the fixture server answered (Firefox may ask twice for a
// missing image when the server closes each connection).
std::size_t RequestsFor(const FixtureHttpServer& pages, std::string_view path) {
  std::size_t n = 0;
  for (const TestHttpRequest& request : pages.requests()) n += request.target == path;
  return n;
}

// [tab, current] pairs of a page.tabs result, in the browser's order.
std::string Tabs(const json::value& result) {
  std::string out;
  for (const json::value& tab : result.as_array()) {
    out += Str(tab.at("tab")) + (tab.at("current").as_bool() ? "*" : "") + " ";
  }
  return out;
}

BOOST_AUTO_TEST_SUITE(e2e_page_more)

BOOST_AUTO_TEST_CASE(tabs_open_select_close_and_the_most_recent_becomes_current) {
  PageSuite& s = PageSuite::Get();
  const json::object first =
      s.Run(R"J({"frames":[)J" + Goto("plain.html") + R"J(,{"method":"page.tabs"}]})J");
  const json::array& one = PageSuite::Record(first, 1).at("result").as_array();
  BOOST_TEST_REQUIRE(one.size() == 1u);
  const std::string t0 = Str(one[0].at("tab"));
  BOOST_TEST(json::serialize(one[0]) == R"J({"tab":")J" + t0 + R"J(","url":")J" +
                                            s.pages.url("plain.html") +
                                            R"J(","title":"Plain","current":true})J");

  const json::object opened =
      s.Run(R"J({"frames":[{"method":"page.tabs","label":"a","params":{"action":"new","url":)J" +
            PageSuite::Quote(s.pages.url("tab-second.html")) +
            R"J(}},{"method":"page.tabs","label":"b","params":{"action":"new"}},)J"
            R"J({"method":"page.eval","params":{"expression":"location.href"}}]})J");
  const json::array& two = PageSuite::Record(opened, 0).at("result").as_array();
  BOOST_TEST_REQUIRE(two.size() == 2u);
  const std::string a = Str(two[1].at("tab"));
  BOOST_TEST(json::serialize(two[1]) == R"J({"tab":")J" + a + R"J(","url":")J" +
                                            s.pages.url("tab-second.html") +
                                            R"J(","title":"Report","current":true})J");
  const json::array& three = PageSuite::Record(opened, 1).at("result").as_array();
  BOOST_TEST_REQUIRE(three.size() == 3u);
  const std::string b = Str(three[2].at("tab"));
  BOOST_TEST(Tabs(three) == t0 + " " + a + " " + b + "* ");
  BOOST_TEST(Str(three[2].at("url")) == "about:blank");
  // Helpers act on the current tab.
  BOOST_TEST(Str(PageSuite::Record(opened, 2).at("result")) == "about:blank");

  // a, then close it: b (current before a) is current again; close b: t0.
  const json::object closed =
      s.Run(R"J({"frames":[{"method":"page.tabs","params":{"action":"select","tab":")J" + a +
            R"J("}},{"method":"page.tabs","params":{"action":"close"}},)J"
            R"J({"method":"page.tabs","params":{"action":"close"}},)J"
            R"J({"method":"page.eval","params":{"expression":"document.title"}}]})J");
  BOOST_TEST(Tabs(PageSuite::Record(closed, 0).at("result")) == t0 + " " + a + "* " + b + " ");
  BOOST_TEST(Tabs(PageSuite::Record(closed, 1).at("result")) == t0 + " " + b + "* ");
  BOOST_TEST(Tabs(PageSuite::Record(closed, 2).at("result")) == t0 + "* ");
  BOOST_TEST(Str(PageSuite::Record(closed, 3).at("result")) == "Plain");
}

BOOST_AUTO_TEST_CASE(a_click_that_opens_a_tab_says_so_and_the_current_tab_stays) {
  PageSuite& s = PageSuite::Get();
  const json::object clicked =
      s.Run(R"J({"frames":[)J" + Goto("tabs.html") +
            R"J(,{"method":"page.click","label":"c","params":{"text":"Open the report"}},)J"
            R"J({"method":"page.eval","params":{"expression":"document.title"}},)J"
            R"J({"method":"page.tabs","params":{"action":"select","tab":"<<c.opened.0>>"}},)J"
            R"J({"method":"page.waitFor","params":{"text":"Quarterly report"}},)J"
            R"J({"method":"page.tabs"}]})J");
  const json::object& click = PageSuite::Record(clicked, 1).at("result").as_object();
  BOOST_TEST(click.at("navigated").as_bool() == false);
  BOOST_TEST_REQUIRE(click.at("opened").as_array().size() == 1u, json::serialize(click));
  const std::string report = Str(click.at("opened").at(0));
  // The current tab did not change.
  BOOST_TEST(Str(PageSuite::Record(clicked, 2).at("result")) == "Tabs");
  const json::array& listed = PageSuite::Record(clicked, 5).at("result").as_array();
  BOOST_TEST_REQUIRE(listed.size() == 2u);
  BOOST_TEST(json::serialize(listed[1]) == R"J({"tab":")J" + report + R"J(","url":")J" +
                                               s.pages.url("tab-second.html") +
                                               R"J(","title":"Report","current":true})J");
  // Back in the first tab, a script's window.open counts too.
  const std::string first = Str(listed[0].at("tab"));
  const json::object by_script =
      s.Run(R"J({"frames":[{"method":"page.tabs","params":{"action":"close"}},)J"
            R"J({"method":"page.click","params":{"text":"Open by script"}},)J"
            R"J({"method":"page.tabs"}]})J");
  BOOST_TEST(Tabs(PageSuite::Record(by_script, 0).at("result")) == first + "* ");
  const json::array& opened = PageSuite::Record(by_script, 1).at("result").at("opened").as_array();
  BOOST_TEST_REQUIRE(opened.size() == 1u);
  BOOST_TEST(Tabs(PageSuite::Record(by_script, 2).at("result")) ==
             first + "* " + Str(opened[0]) + " ");
  s.Run(R"J({"frames":[{"method":"page.tabs","params":{"action":"close","tab":")J" +
        Str(opened[0]) + R"J("}}]})J");
}

BOOST_AUTO_TEST_CASE(tab_mistakes_say_what_to_do) {
  PageSuite& s = PageSuite::Get();
  const json::object result =
      s.Run(R"J({"frames":[{"method":"page.tabs","params":{"action":"select","tab":"nope"}},)J"
            R"J({"method":"page.tabs","params":{"action":"close"}},)J"
            R"J({"method":"page.tabs","params":{"action":"open"}},)J"
            R"J({"method":"page.tabs","params":{"url":"about:blank"}}],"on_error":"continue"})J");
  BOOST_TEST(json::serialize(PageSuite::Record(result, 0).at("error")) ==
             R"J({"error":"no such tab","message":"page.tabs: \"nope\" is not an open tab; )J"
             R"J({\"action\": \"list\"} lists them"})J");
  const json::object& only = PageSuite::Record(result, 1).at("error").as_object();
  BOOST_TEST(Str(only.at("error")) == "invalid argument");
  BOOST_TEST(Str(only.at("message"))
                 .find("is the only open tab, and closing it would end the "
                       "browser") != std::string::npos);
  BOOST_TEST(json::serialize(PageSuite::Record(result, 2).at("error")) ==
             R"J({"error":"invalid argument","message":"page.tabs: \"action\" is \"list\" (the )J"
             R"J(default), \"new\", \"select\" or \"close\", got \"open\""})J");
  BOOST_TEST(json::serialize(PageSuite::Record(result, 3).at("error")) ==
             R"J({"error":"invalid argument","message":"page.tabs: \"url\" goes with )J"
             R"J(\"action\": \"new\""})J");
}

BOOST_AUTO_TEST_CASE(logs_are_one_line_each_and_never_leak_into_events) {
  PageSuite& s = PageSuite::Get();
  const json::object loaded = s.Run(R"J({"frames":[)J" + Goto("noise.html") +
                                    R"J(,{"method":"page.logs","params":{"clear":false}},)J"
                                    R"J({"method":"page.logs"},{"method":"page.logs"}]})J");
  const std::size_t logo_requests = RequestsFor(s.pages, "/missing/logo.png");
  BOOST_TEST_REQUIRE(logo_requests >= 1u);
  const std::string expected =
      R"J({"console":["warn: low stock (noise.js:6)","log: page ready 3 (noise.html:14)"],)J"
      R"J("errors":["TypeError: cart is undefined (noise.html:15)"],)J"
      R"J("failed_requests":["404 GET /missing/logo.png)J" +
      (logo_requests == 1 ? std::string() : " (\xC3\x97" + std::to_string(logo_requests) + ")") +
      R"J("]})J";
  BOOST_TEST(json::serialize(PageSuite::Record(loaded, 1).at("result")) == expected);
  BOOST_TEST(json::serialize(PageSuite::Record(loaded, 2).at("result")) == expected);
  BOOST_TEST(json::serialize(PageSuite::Record(loaded, 3).at("result")) ==
             R"J({"console":[],"errors":[],"failed_requests":[]})J");
  BOOST_TEST(!loaded.contains("events"), json::serialize(loaded));

  // An error thrown by a handler later, and a request that fails in the network.
  const std::string refused = "http://127.0.0.1:" + std::to_string(ClosedPort()) + "/api";
  const json::object later = s.Run(
      R"J({"frames":[{"method":"page.eval","params":{"expression":)J"
      R"J("setTimeout(paymentWidget, 0); fetch(')J" +
      refused +
      R"J(').catch(() => 0); 1"}},)J"
      R"J({"method":"page.eval","params":{"expression":"new Promise(r => setTimeout(r, 300))"}},)J"
      R"J({"method":"page.logs"}]})J");
  BOOST_TEST(json::serialize(PageSuite::Record(later, 2).at("result")) ==
             R"J({"console":["error: payment widget failed: E42 (noise.js:3)"],)J"
             R"J("errors":["Error: card form missing (noise.js:4)",)J"
             R"J("Cross-Origin Request Blocked: The Same Origin Policy disallows reading the )J"
             R"J(remote resource at )J" +
                 refused +
                 R"J(. (Reason: CORS request did not succeed). Status code: (null)."],)J"
                 R"J("failed_requests":["failed GET )J" +
                 refused + R"J(: NS_ERROR_CONNECTION_REFUSED"]})J");
  BOOST_TEST(!later.contains("events"), json::serialize(later));
}

BOOST_AUTO_TEST_CASE(logs_keep_to_the_current_document_and_a_level_unless_asked) {
  PageSuite& s = PageSuite::Get();
  const std::size_t logo_requests_before = RequestsFor(s.pages, "/missing/logo.png");
  const json::object result = s.Run(
      R"J({"frames":[{"method":"page.logs","params":{"page":"all"},"silent":true},)J" +
      Goto("noise.html") + "," + Goto("plain.html") +
      R"J(,{"method":"page.eval","params":{"expression":"console.debug('d'); console.error('e'); 1"}},)J"
      R"J({"method":"page.logs","params":{"level":"warning","clear":false}},)J"
      R"J({"method":"page.logs","params":{"level":"warning","page":"all"}},)J"
      R"J({"method":"page.logs"},{"method":"page.logs","params":{"page":"all"}},)J"
      R"J({"method":"page.logs","params":{"level":"warn"}},)J"
      R"J({"method":"page.logs","params":{"page":"previous"}}],"on_error":"continue"})J");
  const std::size_t logo_requests =
      RequestsFor(s.pages, "/missing/logo.png") - logo_requests_before;
  BOOST_TEST_REQUIRE(logo_requests >= 1u);
  BOOST_TEST(json::serialize(PageSuite::Record(result, 4).at("result")) ==
             R"J({"console":["error: e (plain.html:1)"],"errors":[],"failed_requests":[]})J");
  BOOST_TEST(json::serialize(PageSuite::Record(result, 5).at("result")) ==
             R"J({"console":["warn: low stock (noise.js:6)","error: e (plain.html:1)"],)J"
             R"J("errors":["TypeError: cart is undefined (noise.html:15)"],)J"
             R"J("failed_requests":["404 GET /missing/logo.png)J" +
                 (logo_requests == 1 ? std::string()
                                     : " (\xC3\x97" + std::to_string(logo_requests) + ")") +
                 R"J("]})J");
  BOOST_TEST(json::serialize(PageSuite::Record(result, 6).at("result")) ==
             R"J({"console":["debug: d (plain.html:1)"],"errors":[],"failed_requests":[]})J");
  BOOST_TEST(json::serialize(PageSuite::Record(result, 7).at("result")) ==
             R"J({"console":["log: page ready 3 (noise.html:14)"],"errors":[],)J"
             R"J("failed_requests":[]})J");
  BOOST_TEST(json::serialize(PageSuite::Record(result, 8).at("error")) ==
             R"J({"error":"invalid argument","message":"page.logs: \"level\" is \"debug\" (the )J"
             R"J(default: every line), \"info\", \"warning\" or \"error\", got \"warn\""})J");
  BOOST_TEST(json::serialize(PageSuite::Record(result, 9).at("error")) ==
             R"J({"error":"invalid argument","message":"page.logs: \"page\" is \"current\" )J"
             R"J((the default: the tab's current document) or \"all\" (since the tab opened), )J"
             R"J(got \"previous\""})J");
}

BOOST_AUTO_TEST_CASE(a_batch_that_subscribes_sees_the_events_and_logs_are_still_kept) {
  PageSuite& s = PageSuite::Get();
  const json::object result = s.Run(
      R"J({"frames":[{"method":"session.subscribe","label":"sub","silent":true,)J"
      R"J("params":{"events":["log.entryAdded"]}},)J" +
      Goto("plain.html") +
      R"J(,{"method":"page.eval","params":{"expression":"console.info('seen'); 1"}},)J"
      R"J({"method":"page.logs"},)J"
      R"J({"method":"session.unsubscribe","silent":true,"params":{"subscriptions":["<<sub.subscription>>"]}}]})J");
  BOOST_TEST(json::serialize(PageSuite::Record(result, 3).at("result")) ==
             R"J({"console":["info: seen (plain.html:1)"],"errors":[],"failed_requests":[]})J");
  BOOST_TEST_REQUIRE(result.contains("events"), json::serialize(result));
  std::size_t logs = 0;
  for (const json::value& event : result.at("events").as_array()) {
    BOOST_TEST(Str(event.at("method")) == "log.entryAdded", json::serialize(event));
    ++logs;
  }
  BOOST_TEST(logs == 1u);
}

BOOST_AUTO_TEST_CASE(dialogs_stay_open_show_in_results_and_page_dialog_answers_them) {
  PageSuite& s = PageSuite::Get();
  // Script that opens a dialog does not return while it is open: the helper says so at once.
  const json::object confirm = s.Run(
      R"J({"frames":[)J" + Goto("dialogs.html") +
      R"J(,{"method":"page.eval","params":{"expression":"document.querySelectorAll('button')[1].click()"}},)J"
      R"J({"method":"page.tabs"},)J"
      R"J({"method":"page.eval","params":{"expression":"({out: document.getElementById('out').textContent})"}},)J"
      R"J({"method":"page.dialog","params":{"accept":false}},)J"
      R"J({"method":"page.eval","params":{"expression":"({out: document.getElementById('out').textContent})"}},)J"
      R"J({"method":"page.dialog"}],"on_error":"continue"})J");
  BOOST_TEST(json::serialize(PageSuite::Record(confirm, 1).at("error")) ==
             R"J({"error":"dialog open","message":"page.eval: a confirm dialog opened )J"
             R"J((\"Delete 3 files?\") and blocks the page; answer it with page.dialog"})J");
  const json::array& tabs = PageSuite::Record(confirm, 2).at("result").as_array();
  BOOST_TEST(json::serialize(tabs.back().at("dialog")) ==
             R"J({"type":"confirm","message":"Delete 3 files?"})J");
  BOOST_TEST(json::serialize(PageSuite::Record(confirm, 3).at("result")) ==
             R"J({"out":"nothing yet","dialog":{"type":"confirm","message":"Delete 3 files?"}})J");
  BOOST_TEST(json::serialize(PageSuite::Record(confirm, 4).at("result")) ==
             R"J({"type":"confirm","message":"Delete 3 files?"})J");
  BOOST_TEST(json::serialize(PageSuite::Record(confirm, 5).at("result")) ==
             R"J({"out":"cancelled"})J");
  const json::object& none = PageSuite::Record(confirm, 6).at("error").as_object();
  BOOST_TEST(Str(none.at("error")) == "no dialog");
  BOOST_TEST(Str(none.at("message")) ==
             "page.dialog: no dialog is open in tab " + Str(tabs.back().at("tab")) +
                 "; alerts, confirms and prompts show up as \"dialog\" in helper results while "
                 "they are open. A dialog the page draws itself (in page.snapshot, as \"alerts\" "
                 "in a click's result) is answered by page.click on its buttons, or page.press "
                 "Escape");

  // A prompt takes its answer; an alert is accepted.
  const json::object prompt = s.Run(
      R"J({"frames":[{"method":"page.eval","params":{"expression":"document.querySelectorAll('button')[2].click()"}},)J"
      R"J({"method":"page.dialog","params":{"text":"Ada"}},)J"
      R"J({"method":"page.eval","params":{"expression":"document.getElementById('out').textContent"}},)J"
      R"J({"method":"page.eval","params":{"expression":"document.querySelectorAll('button')[0].click()"}},)J"
      R"J({"method":"page.dialog","params":{"text":"no"}},)J"
      R"J({"method":"page.dialog","params":{"accept":true}},)J"
      R"J({"method":"page.eval","params":{"expression":"document.getElementById('out').textContent"}}],)J"
      R"J("on_error":"continue"})J");
  BOOST_TEST(Str(PageSuite::Record(prompt, 0).at("error").at("error")) == "dialog open");
  BOOST_TEST(json::serialize(PageSuite::Record(prompt, 1).at("result")) ==
             R"J({"type":"prompt","message":"Your name?"})J");
  BOOST_TEST(Str(PageSuite::Record(prompt, 2).at("result")) == "name: Ada");
  BOOST_TEST(json::serialize(PageSuite::Record(prompt, 4).at("error")) ==
             R"J({"error":"invalid argument","message":"page.dialog: \"text\" answers a prompt, )J"
             R"J(but the open dialog is an alert"})J");
  BOOST_TEST(json::serialize(PageSuite::Record(prompt, 5).at("result")) ==
             R"J({"type":"alert","message":"Saved!"})J");
  BOOST_TEST(Str(PageSuite::Record(prompt, 6).at("result")) == "alert closed");
}

// A dialog during a navigation (the page left asks first, the page loaded alerts) is reported
// at once; answering a beforeunload dialog decides whether the navigation goes on. Firefox
// asks before leaving only a page the user has interacted with: the click is that.
BOOST_AUTO_TEST_CASE(a_navigation_held_up_by_a_dialog_reports_it_at_once) {
  PageSuite& s = PageSuite::Get();
  const std::string goto_plain = R"J({"method":"page.goto","params":{"url":")J" +
                                 Url("plain.html") + R"J("},"timeout_ms":20000})J";
  const json::object left =
      s.Run(R"J({"frames":[)J" + Goto("leave.html") +
            R"J(,{"method":"page.click","params":{"css":"#notes"}},)J"
            R"J({"method":"page.fill","params":{"css":"#notes","value":"half a thought"}},)J" +
            goto_plain +
            R"J(,{"method":"page.dialog","params":{"accept":false}},)J"
            R"J({"method":"page.eval","params":{"expression":"location.pathname"}},)J" +
            goto_plain +
            R"J(,{"method":"page.dialog","params":{"accept":true}},)J"
            R"J({"method":"page.waitFor","params":{"text":"Plain page"}},)J"
            R"J({"method":"page.eval","params":{"expression":"location.pathname"}}],)J"
            R"J("on_error":"continue"})J");
  for (const std::size_t i : {3u, 6u}) {
    const json::object& error = PageSuite::Record(left, i).at("error").as_object();
    BOOST_TEST(Str(error.at("error")) == "dialog open");
    // The dialog's text is Firefox's own.
    const std::string message = Str(error.at("message"));
    BOOST_TEST(message.starts_with("page.goto: a beforeunload dialog opened (\""), message);
    BOOST_TEST(message.ends_with("\") and blocks the page; answer it with page.dialog "
                                 "({\"accept\": true} leaves the page, false stays on it)"),
               message);
  }
  BOOST_TEST(Str(PageSuite::Record(left, 4).at("result").at("type")) == "beforeunload");
  BOOST_TEST(Str(PageSuite::Record(left, 5).at("result")) == "/leave.html");
  BOOST_TEST(Str(PageSuite::Record(left, 7).at("result").at("type")) == "beforeunload");
  BOOST_TEST(Str(PageSuite::Record(left, 9).at("result")) == "/plain.html");

  const json::object greeted =
      s.Run(R"J({"frames":[)J"
            R"J({"method":"page.goto","params":{"url":")J" +
            Url("greeting.html") +
            R"J("},"timeout_ms":20000},{"method":"page.tabs"},{"method":"page.dialog"},)J"
            // Answered, the alert lets the page's parser go on.
            R"J({"method":"page.waitFor","params":{"css":"#after"}},)J"
            R"J({"method":"page.text","params":{"css":"#after"}}],"on_error":"continue"})J");
  BOOST_TEST(json::serialize(PageSuite::Record(greeted, 0).at("error")) ==
             R"J({"error":"dialog open","message":"page.goto: an alert dialog opened )J"
             R"J((\"Welcome back\") and blocks the page; answer it with page.dialog"})J");
  BOOST_TEST(
      json::serialize(PageSuite::Record(greeted, 1).at("result").as_array().back().at("dialog")) ==
      R"J({"type":"alert","message":"Welcome back"})J");
  BOOST_TEST(json::serialize(PageSuite::Record(greeted, 2).at("result")) ==
             R"J({"type":"alert","message":"Welcome back"})J");
  BOOST_TEST(Str(PageSuite::Record(greeted, 4).at("result")) == "Loaded", json::serialize(greeted));
}

// Firefox follows a link (and submits a form) only after the click's events have been
// dispatched, and opens a page's "leave this page?" dialog later still: the click waits for
// it, and reports it in its own result.
BOOST_AUTO_TEST_CASE(a_click_that_would_leave_a_page_that_asks_first_reports_the_dialog) {
  const std::string dirty = R"J({"method":"page.click","params":{"css":"#notes"}},)J"
                            R"J({"method":"page.fill","params":{"css":"#notes","value":"draft"}})J";
  const std::string stay = R"J({"method":"page.dialog","params":{"accept":false}})J";
  const json::object left = Run(Frames(
      {Goto("leave.html"), dirty, R"J({"method":"page.click","params":{"text":"Leave"}})J", stay,
       Eval("location.pathname"), R"J({"method":"page.click","params":{"css":"#send"}})J", stay,
       R"J({"method":"page.click","params":{"css":"#away"}})J", stay,
       Eval("document.querySelector('a').focus()"),
       R"J({"method":"page.press","params":{"key":"Enter"}})J", stay,
       R"J({"method":"page.click","params":{"text":"Leave"}})J",
       R"J({"method":"page.dialog","params":{"accept":true}})J",
       R"J({"method":"page.waitFor","params":{"text":"Plain page"}})J"},
      R"J(,"on_error":"continue")J"));
  // The dialog's text is Firefox's own; page.dialog reports the very dialog the click did.
  const json::value& dialog = PageSuite::Record(left, 4).at("result");
  BOOST_TEST(Str(dialog.at("type")) == "beforeunload");
  BOOST_TEST(!Str(dialog.at("message")).empty());
  const std::string draft = R"J({"url":")J" + Url("leave.html") +
                            R"J(","title":"Draft","navigated":false,"dialog":)J" +
                            json::serialize(dialog) + "}";
  // A link, a form's submit button, a button whose script sets location.href, Enter on the
  // focused link.
  for (const std::size_t i : {3u, 6u, 8u, 11u, 13u}) {
    BOOST_TEST(json::serialize(PageSuite::Record(left, i).at("result")) == draft, i);
  }
  for (const std::size_t i : {7u, 9u, 12u, 14u}) {
    BOOST_TEST(json::serialize(PageSuite::Record(left, i).at("result")) == json::serialize(dialog),
               i);
  }
  BOOST_TEST(Str(PageSuite::Record(left, 5).at("result")) == "/leave.html");
  BOOST_TEST(json::serialize(PageSuite::Record(left, 15).at("result")) ==
             R"J({"url":")J" + Url("plain.html") + R"J(","title":"Plain"})J");
}

// Dialogs one after another, and what a click's handler starts from a timer soon after
// (fixture later.html): a helper run while a dialog is open says so at once; answering one
// dialog reports the next; an alert opened 30 ms or a navigation begun 100 ms after the click is in
// the click's result (the settle window, DESIGN.md section 9 "Actions settle").
BOOST_AUTO_TEST_CASE(dialogs_in_sequence_and_what_a_click_starts_soon_after) {
  // The browser is up before the clock starts, and the tab is the selected one of its window:
  // earlier cases leave it behind others, and Firefox delays a background tab's timers to 1 s.
  Run(Frames({Goto("plain.html"),
              R"J({"method":"page.tabs","params":{"action":"select","tab":"<<tab>>"}})J"}));
  const auto start = std::chrono::steady_clock::now();
  const json::object chain = Run(Frames(
      {Goto("later.html"), R"J({"method":"page.click","params":{"text":"Two alerts"}})J",
       R"J({"method":"page.click","params":{"text":"Alert later"}})J",
       R"J({"method":"page.dialog"})J", R"J({"method":"page.dialog"})J",
       R"J({"method":"page.text","params":{"css":"#out"}})J",
       R"J({"method":"page.click","params":{"text":"Alert later"}})J",
       R"J({"method":"page.dialog"})J", R"J({"method":"page.text","params":{"css":"#out"}})J",
       R"J({"method":"page.click","params":{"text":"Leave later"}})J"},
      R"J(,"on_error":"continue")J"));
  const auto took = std::chrono::steady_clock::now() - start;
  const std::string later = R"J({"url":")J" + Url("later.html") + R"J(","title":"Later",)J";
  BOOST_TEST(json::serialize(PageSuite::Record(chain, 1).at("result")) ==
             later + R"J("navigated":false,"dialog":{"type":"alert","message":"Alert 1"}})J");
  // Held back by the open dialog: the click never reached the page.
  BOOST_TEST(json::serialize(PageSuite::Record(chain, 2).at("error")) ==
             R"J({"error":"dialog open","message":"page.click: an alert dialog opened )J"
             R"J((\"Alert 1\") and blocks the page; answer it with page.dialog"})J");
  BOOST_TEST(
      json::serialize(PageSuite::Record(chain, 3).at("result")) ==
      R"J({"type":"alert","message":"Alert 1","dialog":{"type":"alert","message":"Alert 2"}})J");
  BOOST_TEST(json::serialize(PageSuite::Record(chain, 4).at("result")) ==
             R"J({"type":"alert","message":"Alert 2"})J");
  BOOST_TEST(json::serialize(PageSuite::Record(chain, 5).at("result")) == R"J("both answered")J");
  BOOST_TEST(
      json::serialize(PageSuite::Record(chain, 6).at("result")) ==
      later + R"J("navigated":false,"dialog":{"type":"alert","message":"Saved a moment later"}})J");
  BOOST_TEST(json::serialize(PageSuite::Record(chain, 7).at("result")) ==
             R"J({"type":"alert","message":"Saved a moment later"})J");
  BOOST_TEST(json::serialize(PageSuite::Record(chain, 8).at("result")) == R"J("later answered")J");
  BOOST_TEST(json::serialize(PageSuite::Record(chain, 9).at("result")) ==
             R"J({"url":")J" + Url("plain.html") + R"J(","title":"Plain","navigated":true})J");
  // No helper waited out its 30 s.
  BOOST_TEST((took < std::chrono::milliseconds(10000)),
             std::chrono::duration_cast<std::chrono::milliseconds>(took).count() << " ms");
}

// Only a click that asked for a new document waits for it: one that starts nothing (a button
// without a navigation, a link the page handles itself) returns at once, even on a page that
// asks before it is left.
BOOST_AUTO_TEST_CASE(a_click_that_starts_nothing_returns_at_once) {
  Run(Frames({Goto("leave.html"), R"J({"method":"page.click","params":{"css":"#notes"}})J",
              R"J({"method":"page.fill","params":{"css":"#notes","value":"draft"}})J"}));
  const auto start = std::chrono::steady_clock::now();
  const json::object stayed =
      Run(Frames({R"J({"method":"page.click","params":{"css":"#keep"}})J",
                  R"J({"method":"page.click","params":{"text":"Later"}})J"}));
  const auto took = std::chrono::steady_clock::now() - start;
  const std::string draft =
      R"J({"url":")J" + Url("leave.html") + R"J(","title":"Draft","navigated":false})J";
  BOOST_TEST(json::serialize(PageSuite::Record(stayed, 0).at("result")) == draft);
  BOOST_TEST(json::serialize(PageSuite::Record(stayed, 1).at("result")) == draft);
  // Either click waiting for a navigation would have taken a second (kNavigationStartWait).
  BOOST_TEST((took < std::chrono::milliseconds(1000)),
             std::chrono::duration_cast<std::chrono::milliseconds>(took).count() << " ms");
  // Nothing left unsaved: the next page may be left without asking.
  Run(Frames({R"J({"method":"page.fill","params":{"css":"#notes","value":""}})J"}));
}

// A dialog that a page's timer opens while page.waitFor waits holds up the wait's script:
// page.waitFor reports it at once instead of waiting out its time.
BOOST_AUTO_TEST_CASE(a_dialog_opened_while_wait_for_waits_is_reported_at_once) {
  Run(Frames({Goto("plain.html")}));  // the browser is up before the clock starts
  const auto start = std::chrono::steady_clock::now();
  const json::object asked = Run(
      Frames({Goto("ask.html"),
              R"J({"method":"page.waitFor","timeout_ms":8000,"params":{"text":"Never shown"}})J",
              R"J({"method":"page.dialog","params":{"accept":true}})J",
              R"J({"method":"page.waitFor","params":{"text":"Draft kept"}})J"},
             R"J(,"on_error":"continue")J"));
  const auto took = std::chrono::steady_clock::now() - start;
  BOOST_TEST(json::serialize(PageSuite::Record(asked, 1).at("error")) ==
             R"J({"error":"dialog open","message":"page.waitFor: a confirm dialog opened )J"
             R"J((\"Keep the draft?\") and blocks the page; answer it with page.dialog"})J");
  BOOST_TEST(json::serialize(PageSuite::Record(asked, 2).at("result")) ==
             R"J({"type":"confirm","message":"Keep the draft?"})J");
  BOOST_TEST(json::serialize(PageSuite::Record(asked, 3).at("result")) ==
             R"J({"url":")J" + Url("ask.html") + R"J(","title":"Ask"})J");
  // Well before the first wait's 8 seconds.
  BOOST_TEST((took < std::chrono::milliseconds(4000)),
             std::chrono::duration_cast<std::chrono::milliseconds>(took).count() << " ms");
}

// page.fill with submit: true whose Enter opens a dialog (a submit handler that asks, a page
// that asks before it is left) reports it in its result, as a click does.
BOOST_AUTO_TEST_CASE(a_fill_whose_submit_opens_a_dialog_reports_it_in_its_result) {
  const std::string stay = R"J({"method":"page.dialog","params":{"accept":false}})J";
  const json::object asked = Run(Frames(
      {Goto("subscribe.html"),
       R"J({"method":"page.fill","params":{"css":"#email","value":"ada@example.com","submit":true}})J",
       stay, R"J({"method":"page.text","params":{"css":"#out"}})J",
       R"J({"method":"page.fill","params":{"css":"#note","value":"call back","submit":true}})J",
       stay, Eval("location.pathname"),
       R"J({"method":"page.fill","params":{"css":"#note","value":""}})J"},
      R"J(,"on_error":"continue")J"));
  BOOST_TEST(json::serialize(PageSuite::Record(asked, 1).at("result")) ==
             R"J({"value":"ada@example.com","dialog":{"type":"confirm",)J"
             R"J("message":"Subscribe ada@example.com?"}})J");
  BOOST_TEST(json::serialize(PageSuite::Record(asked, 2).at("result")) ==
             R"J({"type":"confirm","message":"Subscribe ada@example.com?"})J");
  BOOST_TEST(Str(PageSuite::Record(asked, 3).at("result")) == "not subscribed");
  // The "leave this page?" text is Firefox's own; page.dialog reports the very dialog.
  const json::value& leave = PageSuite::Record(asked, 5).at("result");
  BOOST_TEST(Str(leave.at("type")) == "beforeunload");
  BOOST_TEST(json::serialize(PageSuite::Record(asked, 4).at("result")) ==
             R"J({"value":"call back","dialog":)J" + json::serialize(leave) + "}");
  BOOST_TEST(Str(PageSuite::Record(asked, 6).at("result")) == "/subscribe.html");
  BOOST_TEST(json::serialize(PageSuite::Record(asked, 7).at("result")) == R"J({"value":""})J");
}

// page.type whose Enter opens a dialog reports it as page.press does: the typing reached the
// page, and what the page did with it is the result.
BOOST_AUTO_TEST_CASE(typing_whose_enter_opens_a_dialog_reports_it_in_its_result) {
  const json::object asked = Run(
      Frames({Goto("subscribe.html"),
              R"J({"method":"page.type","params":{"css":"#email","text":"ada@example.com\n"}})J",
              R"J({"method":"page.dialog","params":{"accept":false}})J",
              R"J({"method":"page.text","params":{"css":"#out"}})J"}));
  BOOST_TEST(json::serialize(PageSuite::Record(asked, 1).at("result")) ==
             R"J({"url":")J" + Url("subscribe.html") +
                 R"J(","title":"Subscribe","navigated":false,"dialog":{"type":"confirm",)J"
                 R"J("message":"Subscribe ada@example.com?"}})J");
  BOOST_TEST(Str(PageSuite::Record(asked, 3).at("result")) == "not subscribed");
}

// Setting files fires the input's change event: an alert it opens holds up input.setFiles,
// and the upload reports it at once instead of waiting out its time.
BOOST_AUTO_TEST_CASE(an_upload_whose_change_handler_alerts_reports_the_dialog_at_once) {
  PageSuite& s = PageSuite::Get();
  const std::string receipt = s.files_dir() + "/receipt.txt";
  std::ofstream(receipt) << "paid\n";  // 5 bytes
  const auto start = std::chrono::steady_clock::now();
  const json::object done = Run(Frames(
      {Goto("upload.html"),
       R"J({"method":"page.upload","timeout_ms":10000,"params":{"css":"#receipt","files":[)J" +
           PageSuite::Quote(receipt) + "]}}",
       R"J({"method":"page.dialog"})J", R"J({"method":"page.text","params":{"css":"#out"}})J"},
      R"J(,"on_error":"continue")J"));
  BOOST_TEST((std::chrono::steady_clock::now() - start < std::chrono::seconds(10)));
  BOOST_TEST(json::serialize(PageSuite::Record(done, 1).at("error")) ==
             R"J({"error":"dialog open","message":"page.upload: an alert dialog opened )J"
             R"J((\"Receipt received\") and blocks the page; answer it with page.dialog"})J");
  BOOST_TEST(json::serialize(PageSuite::Record(done, 2).at("result")) ==
             R"J({"type":"alert","message":"Receipt received"})J");
  BOOST_TEST(Str(PageSuite::Record(done, 3).at("result")) == "receipt: receipt.txt (5 bytes)");
}

// A link with a see-through file input laid over it (UIkit's form-custom): the upload goes to
// the input a click on the link hits (it said a click on it opens no file chooser).
BOOST_AUTO_TEST_CASE(an_upload_to_a_link_goes_to_the_file_input_laid_over_it) {
  PageSuite& s = PageSuite::Get();
  const std::string photo = s.files_dir() + "/photo.txt";
  std::ofstream(photo) << "jpeg\n";  // 5 bytes
  const json::object done =
      Run(Frames({Goto("upload.html"),
                  R"J({"method":"page.upload","params":{"text":"selecting one","files":[)J" +
                      PageSuite::Quote(photo) + "]}}",
                  R"J({"method":"page.text","params":{"css":"#out"}})J"}));
  BOOST_TEST(json::serialize(PageSuite::Record(done, 1).at("result")) == R"({"files":1})");
  BOOST_TEST(Str(PageSuite::Record(done, 2).at("result")) == "laid: photo.txt (5 bytes)");
}

// Firefox gets the real path that was judged, not the link: the page sees the target's name,
// for page.upload and for a raw input.setFiles alike.
BOOST_AUTO_TEST_CASE(an_upload_through_a_link_hands_firefox_the_judged_real_file) {
  PageSuite& s = PageSuite::Get();
  const std::string target = s.files_dir() + "/invoice-2024.txt";
  const std::string link = s.files_dir() + "/latest-invoice.txt";
  std::ofstream(target) << "total 42\n";  // 9 bytes
  std::filesystem::remove(link);
  std::filesystem::create_symlink(target, link);
  const json::object done = Run(Frames(
      {Goto("upload.html"),
       R"J({"method":"page.upload","params":{"css":"#one","files":[)J" + PageSuite::Quote(link) +
           "]}}",
       Eval("[...document.querySelector('#one').files].map(f => f.name + ' ' + f.size)"),
       R"J({"method":"script.evaluate","label":"many","silent":true,"params":{"expression":)J"
       R"J("document.querySelector('#many')","target":{"context":"<<tab>>"},"awaitPromise":false}})J",
       R"J({"method":"input.setFiles","params":{"context":"<<tab>>","element":{"sharedId":)J"
       R"J("<<many.result.sharedId>>"},"files":[)J" +
           PageSuite::Quote(link) + "]}}",
       Eval("[...document.querySelector('#many').files].map(f => f.name + ' ' + f.size)")}));
  BOOST_TEST(json::serialize(PageSuite::Record(done, 1).at("result")) == R"({"files":1})");
  BOOST_TEST(json::serialize(PageSuite::Record(done, 2).at("result")) ==
             R"(["invoice-2024.txt 9"])");
  BOOST_TEST(json::serialize(PageSuite::Record(done, 5).at("result")) ==
             R"(["invoice-2024.txt 9"])");
}

BOOST_AUTO_TEST_CASE(upload_sets_files_inside_file_roots_and_refuses_the_rest) {
  PageSuite& s = PageSuite::Get();
  const std::string report = s.files_dir() + "/report.txt";
  const std::string photo = s.files_dir() + "/photo.png";
  std::ofstream(report) << "quarterly figures\n";  // 18 bytes
  std::ofstream(photo) << "PNG";
  const json::object done =
      s.Run(R"J({"frames":[)J" + Goto("upload.html") +
            R"J(,{"method":"page.upload","params":{"text":"Report","files":[)J" +
            PageSuite::Quote(report) +
            R"J(]}},{"method":"page.text","params":{"css":"#out"}},)J"
            R"J({"method":"page.upload","params":{"css":"#many","files":[)J" +
            PageSuite::Quote(report) + "," + PageSuite::Quote(photo) +
            R"J(]}},{"method":"page.text","params":{"css":"#out"}},)J"
            R"J({"method":"page.upload","params":{"css":"#attach","files":[)J" +
            PageSuite::Quote(report) + "," + PageSuite::Quote(photo) +
            R"J(]}},{"method":"page.text","params":{"css":"#out"}},)J"
            R"J({"method":"page.eval","params":{"expression":"attach.files.length"}}]})J");
  BOOST_TEST(json::serialize(PageSuite::Record(done, 1).at("result")) == R"({"files":1})");
  BOOST_TEST(Str(PageSuite::Record(done, 2).at("result")) == "one: report.txt (18 bytes)");
  BOOST_TEST(json::serialize(PageSuite::Record(done, 3).at("result")) == R"({"files":2})");
  BOOST_TEST(Str(PageSuite::Record(done, 4).at("result")) ==
             "many: report.txt (18 bytes), photo.png (3 bytes)");
  // An input the page empties once it read its files took them: the count is the change's.
  BOOST_TEST(json::serialize(PageSuite::Record(done, 5).at("result")) == R"({"files":2})");
  BOOST_TEST(Str(PageSuite::Record(done, 6).at("result")) ==
             "attach: report.txt (18 bytes), photo.png (3 bytes)");
  BOOST_TEST(json::serialize(PageSuite::Record(done, 7).at("result")) == "0");

  // An upload area whose click opens a hidden input's chooser: that input gets the file, and
  // no chooser opens (the next frame runs).
  const json::object area =
      s.Run(R"J({"frames":[{"method":"page.upload","params":{"text":"click to choose","files":[)J" +
            PageSuite::Quote(report) + R"J(]}},{"method":"page.text","params":{"css":"#out"}}]})J");
  BOOST_TEST(json::serialize(PageSuite::Record(area, 0).at("result")) == R"({"files":1})");
  BOOST_TEST(Str(PageSuite::Record(area, 1).at("result")) == "contract: report.txt (18 bytes)");

  // A trigger that opens its chooser a frame after its click (zag's): waited for.
  const json::object later =
      s.Run(R"J({"frames":[{"method":"page.upload","params":{"text":"Attach a scan","files":[)J" +
            PageSuite::Quote(report) + R"J(]}},{"method":"page.text","params":{"css":"#out"}}]})J");
  BOOST_TEST(json::serialize(PageSuite::Record(later, 0).at("result")) == R"({"files":1})");
  BOOST_TEST(Str(PageSuite::Record(later, 1).at("result")) == "scan: report.txt (18 bytes)");

  // A web component's button that clicks the hidden file input of its shadow root
  // (vaadin-upload's): that input gets the file (it "opened no file chooser"); its change,
  // which stays in the shadow root, is counted though the page empties the input then.
  const json::object shadow = s.Run(
      R"J({"frames":[{"method":"page.upload","params":{"role":"button","name":"Upload Files...","files":[)J" +
      PageSuite::Quote(report) + R"J(]}},{"method":"page.text","params":{"css":"#out"}}]})J");
  BOOST_TEST(json::serialize(PageSuite::Record(shadow, 0).at("result")) == R"({"files":1})");
  BOOST_TEST(Str(PageSuite::Record(shadow, 1).at("result")) == "shadow: report.txt");

  // A toolbar button that makes its file input and clicks it on the press (Trix's "Attach
  // Files"): that input gets the file (it "opened no file chooser").
  const json::object on_press = s.Run(
      R"J({"frames":[{"method":"page.upload","params":{"role":"button","name":"Attach Files","files":[)J" +
      PageSuite::Quote(report) + R"J(]}},{"method":"page.text","params":{"css":"#out"}}]})J");
  BOOST_TEST(json::serialize(PageSuite::Record(on_press, 0).at("result")) == R"({"files":1})");
  BOOST_TEST(Str(PageSuite::Record(on_press, 1).at("result")) == "picked: report.txt");

  // Outside file_roots: refused before anything is sent.
  const json::object outside = PageSuite::Record(
      s.Run(
          R"J({"frames":[{"method":"page.upload","params":{"css":"#one","files":["/etc/hostname"]}}]})J"),
      0);
  BOOST_TEST(Str(outside.at("error").at("error")) == "not allowed");
  BOOST_TEST(
      Str(outside.at("error").at("message"))
          .starts_with(
              "page.upload files[0] \"/etc/hostname\" is not allowed: it is outside file_roots"),
      json::serialize(outside));

  const auto error = [&](const std::string& params) {
    const json::object record = s.RunFrame("page.upload", params);
    BOOST_TEST_REQUIRE(record.contains("error"), json::serialize(record));
    return json::serialize(record.at("error"));
  };
  BOOST_TEST(error(R"({"css":"#name","files":[")" + report + R"("]})") ==
             R"J({"error":"invalid argument","message":"page.upload: input#name is not a file )J"
             R"J(input (<input type=file>) and a click on it opens no file chooser; target the )J"
             R"J(input, or drop the files on it with page.drag {\"to\": TARGET, \"files\": )J"
             R"J([...]}"})J");
  BOOST_TEST(error(R"({"css":"#one","files":[")" + report + R"(",")" + photo + R"("]})") ==
             R"J({"error":"invalid argument","message":"page.upload: the file input takes one )J"
             R"J(file, got 2"})J");
  BOOST_TEST(error(R"({"css":"#one","files":[")" + s.files_dir() + R"(/missing.txt"]})") ==
             R"J({"error":"invalid argument","message":"page.upload: files[0] \")J" +
                 s.files_dir() + R"J(/missing.txt\" is not an existing file"})J");
  BOOST_TEST(error(R"({"css":"#one","files":[]})") ==
             R"J({"error":"invalid argument","message":"page.upload needs \"files\": an array )J"
             R"J(of absolute paths, e.g. [\"/home/me/report.pdf\"]"})J");
}

// A click that starts a download returns once the file is saved, and says where: the
// private downloads directory of the spool directory.
BOOST_AUTO_TEST_CASE(a_click_that_starts_a_download_reports_the_saved_file) {
  PageSuite& s = PageSuite::Get();
  const std::string downloads = s.spool_dir() + "/downloads/";
  std::filesystem::remove(downloads + "report.csv");
  std::filesystem::remove(downloads + "report(1).csv");
  const auto start = std::chrono::steady_clock::now();
  const json::object result = Run(Frames(
      {Goto("download.html"),
       R"J({"method":"page.click","params":{"text":"Save the report"},"timeout_ms":10000})J",
       R"J({"method":"page.click","params":{"text":"Export the report"},"timeout_ms":10000})J"}));
  const auto took = std::chrono::steady_clock::now() - start;
  const std::string page = R"J({"url":")J" + Url("download.html") +
                           R"J(","title":"Downloads","navigated":false,"download":)J";
  // report.csv is "id,total\n1,42\n2,7\n": 18 bytes.
  BOOST_TEST(json::serialize(PageSuite::Record(result, 1).at("result")) ==
             page + R"J({"file":")J" + downloads + R"J(report.csv","size":18}})J");
  BOOST_TEST(json::serialize(PageSuite::Record(result, 2).at("result")) ==
             page + R"J({"file":")J" + downloads + R"J(report(1).csv","size":18}})J");
  BOOST_TEST(ReadAll(downloads + "report(1).csv") == "id,total\n1,42\n2,7\n");
  // Neither click waited out its 10 s.
  BOOST_TEST((took < std::chrono::seconds(8)),
             std::chrono::duration_cast<std::chrono::milliseconds>(took).count() << " ms");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::testing
