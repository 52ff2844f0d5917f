// A plugin instance's log lines as they come (agent_tool::LogFn), for tests that wait on what
// the plugin says, e.g. that a call is waiting for its turn.
#ifndef FIREFOX_BIDI_TESTS_SUPPORT_PLUGIN_LOG_H_
#define FIREFOX_BIDI_TESTS_SUPPORT_PLUGIN_LOG_H_

#include <chrono>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "agent_tool/loader.h"

namespace firefox_bidi::testing {

class PluginLog {
 public:
  // The sink to give ToolInstance::Create; `this` must outlive the instance.
  agent_tool::LogFn Sink() {
    return [this](agent_tool_log_level, std::string_view line) {
      std::lock_guard<std::mutex> lock(mutex_);
      lines_.emplace_back(line);
    };
  }

  // Waits up to 30 s for a line holding `text`.
  bool WaitFor(std::string_view text) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (std::chrono::steady_clock::now() < until) {
      {
        std::lock_guard<std::mutex> lock(mutex_);
        for (const std::string& line : lines_) {
          if (line.find(text) != std::string::npos) return true;
        }
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    return false;
  }

 private:
  std::mutex mutex_;
  std::vector<std::string> lines_;
};

}  // namespace firefox_bidi::testing

#endif  // FIREFOX_BIDI_TESTS_SUPPORT_PLUGIN_LOG_H_
