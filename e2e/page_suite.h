// Shared by the page helper e2e tests: one plugin instance (so one Firefox, started once,
// ~3 s) and one fixture HTTP server on two loopback ports (fixtures/pages/) for the whole
// test program.
//
//   PageSuite& s = PageSuite::Get();
//   json::object result = s.Run(R"({"frames":[{"method":"page.goto","params":{"url":")" +
//                               s.pages.url("form.html") + R"("}}]})");
//   s.Record(result, 0)  // the frame record
#ifndef FIREFOX_BIDI_E2E_PAGE_SUITE_H_
#define FIREFOX_BIDI_E2E_PAGE_SUITE_H_

#include <boost/json/object.hpp>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "agent_tool/loader.h"
#include "support/fixture_http_server.h"
#include "support/temp_dir.h"

namespace firefox_bidi::testing {

class PageSuite {
 public:
  static PageSuite& Get();

  // Runs a batch that must run (status OK) and returns its parsed result.
  boost::json::object Run(std::string_view args);
  // Runs one frame {"method": method, "params": params_json} and returns its record.
  boost::json::object RunFrame(std::string_view method, std::string_view params_json);

  static const boost::json::object& Record(const boost::json::object& result, std::size_t index);
  // `text` as a JSON string literal, for building arguments.
  static std::string Quote(std::string_view text);

  std::string spool_dir() const { return dir_.path() + "/spool"; }
  // The instance's only file root: files the browser may open or upload.
  std::string files_dir() const { return dir_.path() + "/files"; }

  FixtureHttpServer pages;

 private:
  PageSuite();

  TempDir dir_{"e2e-page-helpers"};
  std::unique_ptr<agent_tool::ToolInstance> instance_;
};

// Writing batches in the page tests.
// The URL of fixture page `page` on the suite's first origin.
std::string Url(std::string_view page);
// PageSuite::Get().Run(args).
boost::json::object Run(const std::string& args);
// {"frames":[FRAMES...]EXTRA}, EXTRA being e.g. R"(,"on_error":"continue")".
std::string Frames(std::span<const std::string> frames, std::string_view extra = "");
inline std::string Frames(std::initializer_list<std::string> frames, std::string_view extra = "") {
  return Frames(std::span<const std::string>(frames.begin(), frames.size()), extra);
}
// A silent page.goto frame to fixture page `page`.
std::string Goto(std::string_view page);
// A page.eval frame of `expression`.
std::string Eval(std::string_view expression);
// Frame record `index` of `result`, serialized.
std::string Record(const boost::json::object& result, std::size_t index);
// A whole file's bytes.
std::string ReadAll(const std::string& path);
// Ref names are never reused within the browser's instance, so a page's first new ref depends
// on the tests before. The number of the first "[ref=eN]" in `outline`.
std::uint64_t FirstRef(std::string_view outline);
// `outline` with "{K}" (K = 1, 2, ...) replaced by the ref name e<first + K - 1>.
std::string WithRefs(std::string outline, std::uint64_t first, int count);
// The ref name e<first + k - 1>: the k-th ref of an outline whose first is e<first>.
std::string Ref(std::uint64_t first, int k);

}  // namespace firefox_bidi::testing

#endif  // FIREFOX_BIDI_E2E_PAGE_SUITE_H_
