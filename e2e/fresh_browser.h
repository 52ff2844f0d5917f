// A browser launched for one e2e test (the suites share one otherwise: page_suite.h).
#ifndef FIREFOX_BIDI_E2E_FRESH_BROWSER_H_
#define FIREFOX_BIDI_E2E_FRESH_BROWSER_H_

#include <boost/json/array.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/string.hpp>
#include <boost/test/unit_test.hpp>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "absl/strings/str_cat.h"
#include "agent_tool/loader.h"
#include "support/temp_dir.h"

namespace firefox_bidi {

// A browser of its own, launched for one test: for what a freshly launched Firefox shows (its
// first tab) and for config a shared instance cannot change. `config_keys`: more config keys,
// written as they would follow a comma inside the config object; `on_log`: the instance's log
// lines (called from its threads); `firefox_keys`: more keys of its "firefox" object (prefs).
class FreshBrowser {
 public:
  explicit FreshBrowser(std::string_view config_keys = "",
                        std::function<void(std::string_view)> on_log = nullptr,
                        std::string_view firefox_keys = "") {
    auto library = agent_tool::PluginLibrary::Open(std::string(FIREFOX_BIDI_BINARY_DIR) +
                                                   "/lib/libfirefox_bidi.so");
    BOOST_TEST_REQUIRE(library.ok(), library.status().ToString());
    library_ = *std::move(library);
    const std::string config = absl::StrCat(
        R"~({"firefox":{"offline":true,"start_timeout_ms":60000)~", firefox_keys.empty() ? "" : ",",
        std::string(firefox_keys), R"~(},"spool_dir":)~",
        boost::json::serialize(boost::json::string(dir_.path() + "/spool")),
        config_keys.empty() ? "" : ",", std::string(config_keys), "}");
    auto created = agent_tool::ToolInstance::Create(
        library_, config, [on_log](agent_tool_log_level, std::string_view line) {
          if (on_log) on_log(line);
        });
    BOOST_TEST_REQUIRE(created.result.status == AGENT_TOOL_STATUS_OK, created.result.json);
    instance_ = std::move(created.instance);
  }

  // The call's whole result, whatever its status.
  agent_tool::ToolResult Invoke(const std::string& args) { return instance_->Invoke(args); }

  // The result (or error) of each frame, in order; the call must run.
  boost::json::array Results(const std::string& frames) {
    agent_tool::ToolResult result =
        instance_->Invoke(absl::StrCat(R"~({"frames":[)~", frames, "]}"));
    BOOST_TEST_REQUIRE(result.status == AGENT_TOOL_STATUS_OK, result.json);
    boost::json::array out;
    const boost::json::value parsed = boost::json::parse(result.json);
    for (const boost::json::value& record : parsed.at("frames").as_array()) {
      const boost::json::object& r = record.as_object();
      const boost::json::value* value = r.if_contains("result");
      if (value == nullptr) value = r.if_contains("error");
      out.push_back(value != nullptr ? *value : boost::json::value());  // null: a silent frame
    }
    return out;
  }

 private:
  testing::TempDir dir_{"e2e-fresh-browser"};
  std::shared_ptr<const agent_tool::PluginLibrary> library_;
  std::unique_ptr<agent_tool::ToolInstance> instance_;
};

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_E2E_FRESH_BROWSER_H_
