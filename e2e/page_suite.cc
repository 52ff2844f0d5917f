#include "page_suite.h"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"

namespace firefox_bidi::testing {
namespace json = boost::json;

PageSuite& PageSuite::Get() {
  static PageSuite suite;  // ended (with its browser) when the test program exits
  return suite;
}

PageSuite::PageSuite() {
  const std::string plugin = std::string(FIREFOX_BIDI_BINARY_DIR) + "/lib/libfirefox_bidi.so";
  auto library = agent_tool::PluginLibrary::Open(plugin);
  BOOST_TEST_REQUIRE(library.ok(), library.status().ToString());
  std::filesystem::create_directory(files_dir());
  const std::string config = R"({"firefox":{"offline":true},"spool_dir":")" + spool_dir() +
                             R"(","file_roots":[")" + files_dir() + R"("]})";
  auto created = agent_tool::ToolInstance::Create(*library, config,
                                                  [](agent_tool_log_level, std::string_view) {});
  BOOST_TEST_REQUIRE(created.result.status == AGENT_TOOL_STATUS_OK, created.result.json);
  instance_ = std::move(created.instance);
}

json::object PageSuite::Run(std::string_view args) {
  agent_tool::ToolResult result = instance_->Invoke(args);
  BOOST_TEST_REQUIRE(result.status == AGENT_TOOL_STATUS_OK, result.json);
  return json::parse(result.json).as_object();
}

json::object PageSuite::RunFrame(std::string_view method, std::string_view params_json) {
  const json::object result = Run(std::string(R"({"frames":[{"method":)") + Quote(method) +
                                  R"(,"params":)" + std::string(params_json) + "}]}");
  return Record(result, 0);
}

const json::object& PageSuite::Record(const json::object& result, std::size_t index) {
  return result.at("frames").as_array().at(index).as_object();
}

std::string PageSuite::Quote(std::string_view text) { return json::serialize(json::string(text)); }

std::string Url(std::string_view page) { return PageSuite::Get().pages.url(page); }

json::object Run(const std::string& args) { return PageSuite::Get().Run(args); }

std::string Frames(std::span<const std::string> frames, std::string_view extra) {
  std::string out = R"({"frames":[)";
  bool first = true;
  for (const std::string& f : frames) {
    if (!first) out += ",";
    out += f;
    first = false;
  }
  return out + "]" + std::string(extra) + "}";
}

std::string Goto(std::string_view page) {
  return R"({"method":"page.goto","silent":true,"params":{"url":)" + PageSuite::Quote(Url(page)) +
         "}}";
}

std::string Eval(std::string_view expression) {
  return json::serialize(
      json::object{{"method", "page.eval"}, {"params", {{"expression", expression}}}});
}

std::string Record(const json::object& result, std::size_t index) {
  return json::serialize(PageSuite::Record(result, index));
}

std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::uint64_t FirstRef(std::string_view outline) {
  const std::size_t at = outline.find("[ref=e");
  BOOST_TEST_REQUIRE(at != std::string_view::npos, std::string(outline));
  return std::stoull(std::string(outline.substr(at + 6)));
}

std::string WithRefs(std::string outline, std::uint64_t first, int count) {
  for (int k = count; k >= 1; --k) {
    outline = absl::StrReplaceAll(outline,
                                  {{absl::StrCat("{", k, "}"), absl::StrCat("e", first + k - 1)}});
  }
  return outline;
}

std::string Ref(std::uint64_t first, int k) { return absl::StrCat("e", first + k - 1); }

}  // namespace firefox_bidi::testing
