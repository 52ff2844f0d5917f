#include "support/fixture_http_server.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"

namespace firefox_bidi::testing {
namespace {

std::string_view ContentType(std::string_view path) {
  auto ends = [&](std::string_view ext) { return path.ends_with(ext); };
  if (ends(".html")) return "text/html; charset=utf-8";
  if (ends(".js")) return "text/javascript; charset=utf-8";
  if (ends(".css")) return "text/css; charset=utf-8";
  if (ends(".png")) return "image/png";
  if (ends(".svg")) return "image/svg+xml";
  if (ends(".woff2")) return "font/woff2";
  if (ends(".mjs")) return "text/javascript; charset=utf-8";
  if (ends(".json")) return "application/json";
  if (ends(".csv")) return "text/csv; charset=utf-8";
  return "text/plain; charset=utf-8";
}

std::string Response(unsigned status, std::string_view reason, std::string_view type,
                     std::string_view body, std::string_view extra_headers = "") {
  return absl::StrCat("HTTP/1.1 ", status, " ", std::string(reason),
                      "\r\nContent-Type: ", std::string(type), std::string(extra_headers),
                      "\r\nCache-Control: no-store\r\nContent-Length: ", body.size(),
                      "\r\nConnection: close\r\n\r\n", std::string(body));
}

std::unique_ptr<TestHttpServer> MustStart(TestHttpServer::Handler handler) {
  auto server = TestHttpServer::Start(std::move(handler));
  if (!server.ok()) {
    std::fprintf(stderr, "FixtureHttpServer: %s\n", server.status().ToString().c_str());
    std::abort();
  }
  return *std::move(server);
}

}  // namespace

std::string FixtureHttpServer::DefaultDirectory() {
  return std::string(FIREFOX_BIDI_SOURCE_DIR) + "/fixtures/pages";
}

std::string FixtureHttpServer::WidgetLibraryDirectory() {
  return std::string(FIREFOX_BIDI_SOURCE_DIR) + "/fixtures/widgets/node_modules";
}

FixtureHttpServer::FixtureHttpServer(std::string directory) : directory_(std::move(directory)) {
  first_ = MustStart([this](const TestHttpRequest& r) { return Serve(r, true); });
  second_ = MustStart([this](const TestHttpRequest& r) { return Serve(r, false); });
}

std::string FixtureHttpServer::url(std::string_view path) const {
  return absl::StrCat(first_->url(), "/", std::string(path));
}

std::string FixtureHttpServer::other_url(std::string_view path) const {
  return absl::StrCat(second_->url(), "/", std::string(path));
}

TestHttpReply FixtureHttpServer::Serve(const TestHttpRequest& request, bool first) const {
  std::string path = request.target.substr(0, request.target.find_first_of("?#"));
  if (!path.empty() && path[0] == '/') path.erase(0, 1);
  if (path.empty()) path = "index.html";
  // "/stall": a response that never comes (a subresource that never finishes), held open until
  // the server stops; the port goes on serving other requests meanwhile.
  if (path == "stall") return TestHttpReply::Stall();
  // A small JSON API (fixtures/pages/requests.html): GET /api/items answers 200 with a list,
  // GET /api/fail 500, POST /api/orders 500 naming the order it was sent.
  if (path == "api/items" && request.method == "GET") {
    // "?after_ms=N": a slow server, answering N ms (2000 at most) after the request came.
    if (const std::size_t after = request.target.find("after_ms="); after != std::string::npos) {
      const long ms = std::strtol(request.target.c_str() + after + 9, nullptr, 10);
      std::this_thread::sleep_for(std::chrono::milliseconds(std::clamp(ms, 0L, 2000L)));
    }
    return TestHttpReply::Raw(
        Response(200, "OK", "application/json", R"({"items":["apple","pear"]})"));
  }
  if (path == "api/fail" && request.method == "GET") {
    return TestHttpReply::Raw(
        Response(500, "Internal Server Error", "application/json", R"({"error":"database down"})"));
  }
  if (path == "api/orders" && request.method == "POST") {
    return TestHttpReply::Raw(
        Response(500, "Internal Server Error", "application/json",
                 absl::StrCat(R"({"error":"out of stock","order":)", request.body, "}")));
  }
  if (path == "redirect") {  // "/redirect?to=URL": a 302 to URL, as written
    const std::size_t to = request.target.find("?to=");
    const std::string location = to == std::string::npos ? "/" : request.target.substr(to + 4);
    return TestHttpReply::Raw(absl::StrCat(
        "HTTP/1.1 302 Found\r\nLocation: ", location,
        "\r\nCache-Control: no-store\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"));
  }
  // "/widgets/node_modules/PACKAGE/FILE": a published library a widget page loads as
  // "../widgets/node_modules/..." (the same path works for the page opened as a file).
  constexpr std::string_view kLibraries = "widgets/node_modules/";
  const bool library = path.starts_with(kLibraries);
  const bool safe =
      path.find("..") == std::string::npos && (library || path.find('/') == std::string::npos);
  const std::string file =
      library ? absl::StrCat(WidgetLibraryDirectory(), "/", path.substr(kLibraries.size()))
              : absl::StrCat(directory_, "/", path);
  std::ifstream in(file, std::ios::binary);
  if (request.method != "GET" || !safe || !in) {
    return TestHttpReply::Raw(Response(404, "Not Found", "text/html; charset=utf-8",
                                       "<!doctype html><title>Not found</title>"));
  }
  std::string body((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (path.ends_with(".html")) {
    const std::string same = first ? first_->url() : second_->url();
    const std::string other = first ? second_->url() : first_->url();
    body = absl::StrReplaceAll(body, {{"{{OTHER_ORIGIN}}", other}, {"{{SAME_ORIGIN}}", same}});
  }
  // "?attachment" asks the browser to save the file rather than show it.
  const bool attachment = request.target.ends_with("?attachment");
  return TestHttpReply::Raw(Response(
      200, "OK", ContentType(path), body,
      attachment ? absl::StrCat("\r\nContent-Disposition: attachment; filename=\"", path, "\"")
                 : ""));
}

}  // namespace firefox_bidi::testing
