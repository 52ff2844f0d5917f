// Serves the test pages in fixtures/pages/ over HTTP on two loopback ports, so that a page
// on one can embed a page of the other as a cross-origin iframe (an origin includes its
// port). For e2e tests of the page helpers:
//
//   FixtureHttpServer pages;                  // both ports listening once constructed
//   pages.url("form.html")                    // "http://127.0.0.1:PORT_A/form.html"
//   pages.other_url("frame.html")             // the same file from the other origin
//
// GET /NAME serves fixtures/pages/NAME (no directories above it) with a Content-Type from
// its extension; GET /widgets/node_modules/PACKAGE/PATH serves a published
// library installed by e2e/widgets/run.sh (fixtures/widgets/node_modules/PACKAGE/PATH); every
// "{{OTHER_ORIGIN}}" in an .html file becomes the other port's origin
// ("http://127.0.0.1:PORT") and "{{SAME_ORIGIN}}" its own. A missing file is a 404 page.
// GET /redirect?to=URL answers 302 with Location: URL, as written.
// GET /api/items answers 200 {"items":["apple","pear"]} (with "?after_ms=N", N ms after the
// request came: a slow server; the port serves nothing else meanwhile), GET /api/fail 500
// {"error":"database down"}, POST /api/orders 500 {"error":"out of stock","order":BODY}.
// GET /stall never answers (the connection stays open until the server stops).
// GET /NAME?attachment serves the file with "Content-Disposition: attachment" (a download).
//
// Thread safety: as TestHttpServer (each port serves one request at a time on its thread).
#ifndef FIREFOX_BIDI_TESTS_SUPPORT_FIXTURE_HTTP_SERVER_H_
#define FIREFOX_BIDI_TESTS_SUPPORT_FIXTURE_HTTP_SERVER_H_

#include <memory>
#include <string>
#include <string_view>

#include "support/test_http_server.h"

namespace firefox_bidi::testing {

class FixtureHttpServer {
 public:
  // Serves `directory` (default: fixtures/pages of the source tree). Aborts the test program
  // if a port cannot be bound.
  explicit FixtureHttpServer(std::string directory = DefaultDirectory());

  // "http://127.0.0.1:PORT_A/" + path, and the same on the other port.
  std::string url(std::string_view path = "") const;
  std::string other_url(std::string_view path = "") const;
  // Requests received on the first / second port.
  std::vector<TestHttpRequest> requests() const { return first_->requests(); }
  std::vector<TestHttpRequest> other_requests() const { return second_->requests(); }

  static std::string DefaultDirectory();
  // Where the published UI libraries are installed (fixtures/widgets/node_modules).
  static std::string WidgetLibraryDirectory();

 private:
  TestHttpReply Serve(const TestHttpRequest& request, bool first) const;

  std::string directory_;
  std::unique_ptr<TestHttpServer> first_;
  std::unique_ptr<TestHttpServer> second_;
};

}  // namespace firefox_bidi::testing

#endif  // FIREFOX_BIDI_TESTS_SUPPORT_FIXTURE_HTTP_SERVER_H_
