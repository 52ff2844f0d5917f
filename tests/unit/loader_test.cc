#include <unistd.h>

#include <boost/test/unit_test.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "absl/strings/str_cat.h"
#include "plugin_loader.h"
#include "support/temp_dir.h"

namespace agent_tool {
namespace {

using ::firefox_bidi::testing::TempDir;

std::string Fixture(const std::string& name) {
  return std::string(FIREFOX_BIDI_BINARY_DIR) + "/lib/fixtures/" + name + ".so";
}

std::string ErrorOf(const std::string& path) {
  absl::StatusOr<std::shared_ptr<const PluginLibrary>> library = PluginLibrary::Open(path);
  BOOST_TEST_REQUIRE(!library.ok());
  BOOST_TEST(library.status().code() == absl::StatusCode::kFailedPrecondition);
  return std::string(library.status().message());
}

std::shared_ptr<const PluginLibrary> OpenEcho() {
  absl::StatusOr<std::shared_ptr<const PluginLibrary>> library =
      PluginLibrary::Open(Fixture("echo_tool"));
  BOOST_TEST_REQUIRE(library.ok(), std::string(library.status().message()));
  return *library;
}

BOOST_AUTO_TEST_SUITE(loader)

BOOST_AUTO_TEST_CASE(missing_file_is_refused_as_not_found) {
  absl::StatusOr<std::shared_ptr<const PluginLibrary>> library =
      PluginLibrary::Open("/nonexistent/dir/plugin.so");
  BOOST_TEST_REQUIRE(!library.ok());
  BOOST_TEST(library.status().code() == absl::StatusCode::kNotFound);
  BOOST_TEST(library.status().message() == "plugin /nonexistent/dir/plugin.so: file not found");
}

BOOST_AUTO_TEST_CASE(text_file_named_so_is_refused_with_the_dlerror_text) {
  TempDir dir;
  std::string path = dir.path() + "/text.so";
  std::ofstream(path) << std::string(200, 'x') << "\n";
  BOOST_TEST(ErrorOf(path) == absl::StrCat("plugin ", path, ": not a loadable shared object (",
                                           path, ": invalid ELF header)"));
}

BOOST_AUTO_TEST_CASE(directory_is_refused_as_not_a_regular_file) {
  TempDir dir;
  BOOST_TEST(ErrorOf(dir.path()) == absl::StrCat("plugin ", dir.path(), ": not a regular file"));
}

BOOST_AUTO_TEST_CASE(library_without_entry_symbol_is_refused) {
  std::string path = Fixture("not_a_plugin");
  BOOST_TEST(
      ErrorOf(path) ==
      absl::StrCat("plugin ", path, ": no agent_tool_plugin_v1 symbol (not an agent tool plugin)"));
}

BOOST_AUTO_TEST_CASE(entry_returning_null_is_refused) {
  std::string path = Fixture("null_descriptor");
  BOOST_TEST(ErrorOf(path) ==
             absl::StrCat("plugin ", path, ": agent_tool_plugin_v1 returned NULL"));
}

BOOST_AUTO_TEST_CASE(wrong_abi_major_is_refused_naming_both_versions) {
  std::string path = Fixture("wrong_major");
  BOOST_TEST(ErrorOf(path) ==
             absl::StrCat("plugin ", path, ": built for ABI 2.x; this host speaks 1.x"));
}

BOOST_AUTO_TEST_CASE(short_descriptor_is_refused_with_both_sizes) {
  std::string path = Fixture("short_struct");
  // The fixture stops after input_schema: 3 x uint32 + padding + 4 pointers on x86-64.
  BOOST_TEST(sizeof(agent_tool_plugin_descriptor) == 88u);
  BOOST_TEST(ErrorOf(path) ==
             absl::StrCat("plugin ", path, ": descriptor is 48 bytes, needs at least 88"));
}

BOOST_AUTO_TEST_CASE(null_function_pointer_is_refused_by_field_name) {
  std::string path = Fixture("null_field");
  BOOST_TEST(ErrorOf(path) == absl::StrCat("plugin ", path, ": descriptor field invoke is NULL"));
}

BOOST_AUTO_TEST_CASE(valid_plugin_exposes_its_descriptor) {
  std::shared_ptr<const PluginLibrary> library = OpenEcho();
  BOOST_TEST(library->path() == Fixture("echo_tool"));
  BOOST_TEST(library->descriptor().abi_major == 1u);
  BOOST_TEST(std::string(library->descriptor().name) == "echo_tool");
  BOOST_TEST(std::string(library->descriptor().version) == "9.9.9");
}

BOOST_AUTO_TEST_CASE(instance_invokes_and_reports_progress_and_logs) {
  std::vector<std::string> logs;
  ToolInstance::Created created =
      ToolInstance::Create(OpenEcho(), "{}", [&](agent_tool_log_level level, std::string_view s) {
        logs.push_back(absl::StrCat(static_cast<int>(level), ":", std::string(s)));
      });
  BOOST_TEST_REQUIRE(created.instance != nullptr);
  BOOST_TEST(created.result.status == AGENT_TOOL_STATUS_OK);
  BOOST_TEST((logs == std::vector<std::string>{"1:echo_tool created"}));

  std::vector<std::tuple<std::uint64_t, std::uint64_t, std::string>> steps;
  ProgressFn progress = [&](std::uint64_t done, std::uint64_t total, std::string_view message) {
    steps.emplace_back(done, total, std::string(message));
  };
  ToolResult result = created.instance->Invoke(R"({"frames":[1,2]})", &progress);
  BOOST_TEST(result.status == AGENT_TOOL_STATUS_OK);
  BOOST_TEST(result.json == R"({"frames":[1,2]})");
  BOOST_TEST(result.message == "");
  BOOST_TEST_REQUIRE(steps.size() == 2u);
  BOOST_TEST((steps[0] == std::make_tuple(std::uint64_t{1}, std::uint64_t{2}, "step 1")));
  BOOST_TEST((steps[1] == std::make_tuple(std::uint64_t{2}, std::uint64_t{2}, "step 2")));

  // Without a progress function the call still runs.
  result = created.instance->Invoke(R"({"fail":1})");
  BOOST_TEST(result.status == AGENT_TOOL_STATUS_FAILED);
  BOOST_TEST(result.json ==
             R"({"error":{"kind":"browser_unavailable","message":"failed by echo_tool"}})");
  BOOST_TEST(result.message == "failed by echo_tool");
}

BOOST_AUTO_TEST_CASE(refused_config_returns_the_error_and_no_instance) {
  ToolInstance::Created created = ToolInstance::Create(OpenEcho(), R"({"refuse":1})");
  BOOST_TEST(created.instance == nullptr);
  BOOST_TEST(created.result.status == AGENT_TOOL_STATUS_REFUSED);
  BOOST_TEST(
      created.result.json ==
      R"({"error":{"kind":"invalid_config","message":"config /refuse: refused by echo_tool","at":"/refuse"}})");
  BOOST_TEST(created.result.message == "config /refuse: refused by echo_tool");
}

BOOST_AUTO_TEST_CASE(cancel_from_another_thread_ends_a_blocked_call_and_busy_is_refused) {
  ToolInstance::Created created = ToolInstance::Create(OpenEcho(), "");
  BOOST_TEST_REQUIRE(created.instance != nullptr);
  ToolInstance& instance = *created.instance;
  std::promise<void> started;
  ProgressFn progress = [&](std::uint64_t done, std::uint64_t, std::string_view) {
    if (done == 2) started.set_value();
  };
  std::future<ToolResult> blocked = std::async(
      std::launch::async, [&] { return instance.Invoke(R"({"block":true})", &progress); });
  BOOST_TEST_REQUIRE(
      (started.get_future().wait_for(std::chrono::seconds(20)) == std::future_status::ready));
  ToolResult busy = instance.Invoke("{}");
  BOOST_TEST(busy.status == AGENT_TOOL_STATUS_REFUSED);
  BOOST_TEST(busy.json == R"({"error":{"kind":"busy","message":"another call is running"}})");
  instance.Cancel();
  BOOST_TEST_REQUIRE((blocked.wait_for(std::chrono::seconds(20)) == std::future_status::ready));
  ToolResult done = blocked.get();
  BOOST_TEST(done.status == AGENT_TOOL_STATUS_OK);
  BOOST_TEST(done.json == R"({"cancelled":true})");
}

BOOST_AUTO_TEST_CASE(instances_keep_the_library_loaded_after_the_last_handle_goes) {
  ToolInstance::Created created = ToolInstance::Create(OpenEcho(), "{}");
  BOOST_TEST_REQUIRE(created.instance != nullptr);
  // OpenEcho's shared_ptr is gone; the instance still works through its own reference.
  ToolResult result = created.instance->Invoke("[7]");
  BOOST_TEST(result.json == "[7]");
  BOOST_TEST(std::string(created.instance->library().descriptor().name) == "echo_tool");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace agent_tool
