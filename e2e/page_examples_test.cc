// The tool as a model first meets it: this test reads only what `tool-host describe` prints
// and what `page.help` returns, finds every example batch they show (each a line starting
// with {"frames":), and runs each as written through `tool-host serve` against real headless
// Firefox. Every frame of every example must succeed.
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <fstream>
#include <string>
#include <vector>

#include "support/child_process.h"
#include "support/temp_dir.h"

namespace firefox_bidi::testing {
namespace {

namespace json = boost::json;
using std::chrono::seconds;

const std::string kToolHost = std::string(FIREFOX_BIDI_BINARY_DIR) + "/bin/tool-host";

// The file the page.upload example names; the config's file_roots allows /tmp.
constexpr char kUploadExample[] = "/tmp/report.txt";

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

std::vector<std::string> Examples(const std::string& text) {
  std::vector<std::string> examples;
  for (const std::string& line : Lines(text)) {
    if (line.starts_with("{\"frames\":")) examples.push_back(line);
  }
  return examples;
}

class Host {
 public:
  explicit Host(const TempDir& dir)
      : child_(ChildProcess::Spawn(
            {kToolHost, "--config",
             R"({"firefox":{"offline":true},"file_roots":["/tmp"],"spool_dir":")" + dir.path() +
                 R"(/spool"})",
             "serve"})) {}

  json::object Call(const std::string& args) {
    BOOST_TEST_REQUIRE(child_->Write(args + "\n"));
    const std::optional<std::string> line = child_->ReadLine(seconds(180));
    BOOST_TEST_REQUIRE(line.has_value(), child_->Stderr());
    return json::parse(*line).as_object();
  }

  // page.help's text, with `params`.
  std::string Help(const std::string& params) {
    json::object result = Call(R"({"frames":[{"method":"page.help","params":)" + params + "}]}");
    const json::object& record = result.at("frames").as_array().at(0).as_object();
    BOOST_TEST_REQUIRE(record.contains("result"), json::serialize(record));
    return std::string(record.at("result").as_string());
  }

  ~Host() {
    child_->CloseStdin();
    child_->Wait(seconds(60));
  }

 private:
  std::unique_ptr<ChildProcess> child_;
};

BOOST_AUTO_TEST_SUITE(e2e_page_examples)

BOOST_AUTO_TEST_CASE(every_example_in_the_description_and_in_page_help_runs_as_written) {
  {
    std::ofstream report(kUploadExample);
    report << "quarterly figures\n";
  }
  TempDir dir;
  ProcessResult described = RunProcess({kToolHost, "describe"});
  BOOST_TEST_REQUIRE(described.exit_code == 0, described.err);
  const std::string description =
      std::string(json::parse(described.out).at("description").as_string());
  std::vector<std::string> examples = Examples(description);
  BOOST_TEST(examples.size() == 2u);

  Host host(dir);
  // The reference of all helpers names each helper at the start of a line.
  const std::string reference = host.Help("{}");
  std::vector<std::string> helpers;
  for (const std::string& line : Lines(reference)) {
    if (line.starts_with("page.")) helpers.push_back(line.substr(0, line.find(' ')));
  }
  BOOST_TEST(helpers.size() == 24u);
  for (const std::string& helper : helpers) {
    const std::vector<std::string> shown = Examples(host.Help(R"({"method":")" + helper + "\"}"));
    BOOST_TEST(shown.size() == 1u, helper);
    examples.insert(examples.end(), shown.begin(), shown.end());
  }
  BOOST_TEST(examples.size() == 26u);

  for (const std::string& example : examples) {
    BOOST_TEST_CONTEXT(example) {
      const json::object result = host.Call(example);
      for (const json::value& record : result.at("frames").as_array()) {
        BOOST_TEST(!record.as_object().contains("error"), json::serialize(record));
        BOOST_TEST(!record.as_object().contains("skipped"), json::serialize(record));
      }
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi::testing
