#include "agent_tool/loader.h"

#include <unistd.h>

#include <boost/test/data/monomorphic.hpp>
#include <boost/test/data/test_case.hpp>
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

BOOST_AUTO_TEST_CASE(newer_abi_major_is_refused_naming_both_versions) {
  std::string path = Fixture("wrong_major");
  BOOST_TEST(ErrorOf(path) ==
             absl::StrCat("plugin ", path,
                          ": built for ABI 3.x; this host speaks 2.x (use a host built against "
                          "the plugin's newer SDK)"));
}

BOOST_AUTO_TEST_CASE(abi_1_plugin_is_refused_with_the_advice_to_rebuild_it) {
  std::string path = Fixture("abi1_plugin");
  BOOST_TEST(ErrorOf(path) ==
             absl::StrCat("plugin ", path,
                          ": built for ABI 1.x; this host speaks 2.x (rebuild the plugin against "
                          "this SDK's agent_tool/plugin.h)"));
}

BOOST_AUTO_TEST_CASE(short_descriptor_is_refused_with_both_sizes) {
  std::string path = Fixture("short_struct");
  // The fixture stops where ABI 1 did, after destroy_instance: 3 x uint32 + padding + 9
  // pointers on x86-64; ABI 2.0 adds title and plugin_name (the least a host accepts), 2.1
  // handle_argument and release_handle, 2.2 cancel_call.
  BOOST_TEST(sizeof(agent_tool_plugin_descriptor) == 128u);
  BOOST_TEST(ErrorOf(path) ==
             absl::StrCat("plugin ", path, ": descriptor is 88 bytes, needs at least 104"));
}

BOOST_AUTO_TEST_CASE(null_function_pointer_is_refused_by_field_name) {
  std::string path = Fixture("null_field");
  BOOST_TEST(ErrorOf(path) == absl::StrCat("plugin ", path, ": descriptor field invoke is NULL"));
}

BOOST_AUTO_TEST_CASE(valid_plugin_exposes_its_descriptor) {
  std::shared_ptr<const PluginLibrary> library = OpenEcho();
  BOOST_TEST(library->path() == Fixture("echo_tool"));
  BOOST_TEST(library->descriptor().abi_major == 2u);
  BOOST_TEST(std::string(library->descriptor().name) == "echo_tool");
  BOOST_TEST(std::string(library->descriptor().version) == "9.9.9");
  BOOST_TEST(std::string(library->descriptor().title) == "Echo (test fixture)");
  BOOST_TEST(std::string(library->descriptor().plugin_name) == "echo-tool");
  // No handle argument: the fixture leaves ABI 2.1's fields NULL.
  BOOST_TEST(library->handle_argument().empty());
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
  BOOST_TEST(result.parts.empty());
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

BOOST_AUTO_TEST_CASE(cancel_call_reaches_only_a_call_it_names_through_cancel_when_no_cancel_call) {
  // echo_tool has no cancel_call (NULL): CancelCall uses its cancel, for a call it names only.
  ToolInstance::Created created = ToolInstance::Create(OpenEcho(), "");
  BOOST_TEST_REQUIRE(created.instance != nullptr);
  ToolInstance& instance = *created.instance;
  BOOST_TEST(instance.library().descriptor().cancel_call == nullptr);
  std::promise<void> started;
  ProgressFn progress = [&](std::uint64_t done, std::uint64_t, std::string_view) {
    if (done == 2) started.set_value();
  };
  int call = 0, other = 0;
  std::future<ToolResult> blocked = std::async(
      std::launch::async, [&] { return instance.Invoke(R"({"block":true})", &progress, &call); });
  BOOST_TEST_REQUIRE(
      (started.get_future().wait_for(std::chrono::seconds(20)) == std::future_status::ready));
  instance.CancelCall(&other);  // no such call: nothing is cancelled
  BOOST_TEST((blocked.wait_for(std::chrono::milliseconds(100)) == std::future_status::timeout));
  instance.CancelCall(&call);
  BOOST_TEST_REQUIRE((blocked.wait_for(std::chrono::seconds(20)) == std::future_status::ready));
  BOOST_TEST(blocked.get().json == R"({"cancelled":true})");
}

BOOST_AUTO_TEST_CASE(instances_keep_the_library_loaded_after_the_last_handle_goes) {
  ToolInstance::Created created = ToolInstance::Create(OpenEcho(), "{}");
  BOOST_TEST_REQUIRE(created.instance != nullptr);
  // OpenEcho's shared_ptr is gone; the instance still works through its own reference.
  ToolResult result = created.instance->Invoke("[7]");
  BOOST_TEST(result.json == "[7]");
  BOOST_TEST(std::string(created.instance->library().descriptor().name) == "echo_tool");
}

BOOST_AUTO_TEST_CASE(content_parts_are_copied_out_in_order) {
  ToolInstance::Created created = ToolInstance::Create(OpenEcho(), "{}");
  BOOST_TEST_REQUIRE(created.instance != nullptr);
  const std::string args = R"({"parts":1,"image_path":"/tmp/x y.png"})";
  ToolResult result = created.instance->Invoke(args);
  BOOST_TEST(result.status == AGENT_TOOL_STATUS_OK);
  BOOST_TEST(result.json == args);
  std::vector<ContentPart> expected = {
      {.kind = AGENT_TOOL_CONTENT_TEXT, .text = "echo parts"},
      {.kind = AGENT_TOOL_CONTENT_IMAGE,
       .mime = "image/png",
       .data = std::string("\x89PNG\r\n\x1a\nabc", 11)},
      {.kind = AGENT_TOOL_CONTENT_IMAGE, .mime = "image/png", .path = "/tmp/x y.png"},
      {.kind = AGENT_TOOL_CONTENT_RESOURCE_LINK,
       .mime = "application/json",
       .uri = "file:///echo/a%20b.json",
       .name = "a b.json"},
      {.kind = AGENT_TOOL_CONTENT_RESOURCE_LINK, .uri = "https://example.org/x", .name = "x"}};
  BOOST_TEST_REQUIRE(result.parts.size() == expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    BOOST_TEST((result.parts[i] == expected[i]), "part " << i);
  }
}

BOOST_AUTO_TEST_CASE(host_hints_reach_the_plugin) {
  std::vector<std::string> logs;
  LogFn log = [&](agent_tool_log_level, std::string_view s) { logs.emplace_back(s); };
  ToolInstance::Created plain = ToolInstance::Create(OpenEcho(), "{}", log);
  ToolInstance::Created long_lived =
      ToolInstance::Create(OpenEcho(), "{}", log, AGENT_TOOL_HOST_HINT_LONG_LIVED);
  BOOST_TEST_REQUIRE(plain.instance != nullptr);
  BOOST_TEST_REQUIRE(long_lived.instance != nullptr);
  BOOST_TEST(
      (logs == std::vector<std::string>{"echo_tool created", "echo_tool created long-lived"}));
}

// Results a plugin got wrong become FAILED plugin_error results (and are still freed).
BOOST_DATA_TEST_CASE(malformed_results_are_failed_with_what_is_wrong,
                     boost::unit_test::data::make({"short", "null_part", "bad_image", "no_parts",
                                                   "bad_status"}) ^
                         boost::unit_test::data::make({
                             "plugin result is 16 bytes, needs at least 48",
                             "plugin result content part 0: is NULL",
                             "plugin result content part 0: image part needs exactly one of "
                             "data and path",
                             "plugin result has 2 content parts but no parts array",
                             "plugin result has status 7, not 0 (OK), 1 (REFUSED) or 2 (FAILED)",
                         }),
                     args, message) {
  absl::StatusOr<std::shared_ptr<const PluginLibrary>> library =
      PluginLibrary::Open(Fixture("bad_results"));
  BOOST_TEST_REQUIRE(library.ok(), std::string(library.status().message()));
  ToolInstance::Created created = ToolInstance::Create(*library, "{}");
  BOOST_TEST_REQUIRE(created.instance != nullptr);
  ToolResult result = created.instance->Invoke(absl::StrCat("\"", args, "\""));
  BOOST_TEST(result.status == AGENT_TOOL_STATUS_FAILED);
  BOOST_TEST(result.message == message);
  BOOST_TEST(result.json ==
             absl::StrCat(R"({"error":{"kind":"plugin_error","message":")", message, R"("}})"));
  BOOST_TEST(result.parts.empty());
}

BOOST_AUTO_TEST_CASE(parts_of_an_unknown_kind_are_skipped) {
  absl::StatusOr<std::shared_ptr<const PluginLibrary>> library =
      PluginLibrary::Open(Fixture("bad_results"));
  BOOST_TEST_REQUIRE(library.ok(), std::string(library.status().message()));
  ToolInstance::Created created = ToolInstance::Create(*library, "{}");
  BOOST_TEST_REQUIRE(created.instance != nullptr);
  ToolResult result = created.instance->Invoke("{}");
  BOOST_TEST(result.status == AGENT_TOOL_STATUS_OK);
  BOOST_TEST(result.json == "{}");
  BOOST_TEST_REQUIRE(result.parts.size() == 1u);
  BOOST_TEST((result.parts[0] == ContentPart{.kind = AGENT_TOOL_CONTENT_TEXT, .text = "t"}));
}

BOOST_AUTO_TEST_CASE(error_result_json_escapes_kind_and_message) {
  BOOST_TEST(ErrorResultJson("too_large", "arguments line longer than 5 bytes") ==
             R"({"error":{"kind":"too_large","message":"arguments line longer than 5 bytes"}})");
  BOOST_TEST(ErrorResultJson("k\"", std::string_view("a\"b\\c\n\x01\0", 8)) ==
             R"({"error":{"kind":"k\"","message":"a\"b\\c\u000a\u0001\u0000"}})");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace agent_tool
