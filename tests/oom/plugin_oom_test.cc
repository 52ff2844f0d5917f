// No exception crosses the plugin's C boundary when memory runs out: the global operator new
// is replaced here with one that fails on demand, and the plugin, loaded with dlopen, allocates
// through it (an executable's definition interposes on libstdc++'s).
#define BOOST_TEST_MODULE plugin_oom
#include <dlfcn.h>

#include <atomic>
#include <boost/test/unit_test.hpp>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <string_view>

#include "agent_tool/plugin.h"

namespace {

// Allocations left before the one that fails; negative: none fails. Every allocation fails
// while `g_fail_all` is set.
std::atomic<long> g_allocations_left{-1};
std::atomic<bool> g_fail_all{false};
std::atomic<long> g_failed{0};

bool ShouldFail() {
  if (g_fail_all.load(std::memory_order_relaxed)) {
    g_failed.fetch_add(1, std::memory_order_relaxed);
    return true;
  }
  if (g_allocations_left.load(std::memory_order_relaxed) < 0) return false;
  if (g_allocations_left.fetch_sub(1, std::memory_order_relaxed) == 0) {
    g_failed.fetch_add(1, std::memory_order_relaxed);
    return true;
  }
  return false;
}

// nullptr when this allocation is to fail.
void* TryAllocate(std::size_t size, std::size_t alignment) {
  if (ShouldFail()) return nullptr;
  if (size == 0) size = 1;
  if (alignment <= alignof(std::max_align_t)) return std::malloc(size);
  // aligned_alloc wants a size that is a multiple of the alignment.
  return std::aligned_alloc(alignment, (size + alignment - 1) / alignment * alignment);
}

void* Allocate(std::size_t size, std::size_t alignment = alignof(std::max_align_t)) {
  void* p = TryAllocate(size, alignment);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}

}  // namespace

// Every form is replaced, so that no allocation of the plugin (std::stable_sort's buffer uses
// the nothrow form, for one) meets a sanitizer's own operator new and then this free().
void* operator new(std::size_t size) { return Allocate(size); }
void* operator new[](std::size_t size) { return Allocate(size); }
void* operator new(std::size_t size, std::align_val_t al) {
  return Allocate(size, static_cast<std::size_t>(al));
}
void* operator new[](std::size_t size, std::align_val_t al) {
  return Allocate(size, static_cast<std::size_t>(al));
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  return TryAllocate(size, alignof(std::max_align_t));
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  return TryAllocate(size, alignof(std::max_align_t));
}
void* operator new(std::size_t size, std::align_val_t al, const std::nothrow_t&) noexcept {
  return TryAllocate(size, static_cast<std::size_t>(al));
}
void* operator new[](std::size_t size, std::align_val_t al, const std::nothrow_t&) noexcept {
  return TryAllocate(size, static_cast<std::size_t>(al));
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }

namespace {

constexpr std::string_view kOutOfMemoryJson =
    R"({"error":{"kind":"internal","message":"out of memory"}})";
constexpr std::string_view kBadAllocJson =
    R"({"error":{"kind":"internal","message":"internal error: std::bad_alloc"}})";
// A valid batch for an instance whose `connect` endpoint refuses connections: the call fails
// (browser_unavailable) without a browser.
constexpr std::string_view kArgs = R"({"frames":[{"method":"browsingContext.getTree"}]})";
constexpr std::string_view kConfig = R"({"connect":"ws://127.0.0.1:9/session"})";

struct Plugin {
  Plugin() {
    handle = ::dlopen(FIREFOX_BIDI_PLUGIN, RTLD_NOW | RTLD_LOCAL);
    BOOST_TEST_REQUIRE(handle != nullptr, ::dlerror());
    auto entry = reinterpret_cast<agent_tool_entry_fn>(::dlsym(handle, AGENT_TOOL_ENTRY_SYMBOL));
    BOOST_TEST_REQUIRE(entry != nullptr);
    d = entry();
    agent_tool_result* created =
        d->create_instance(kConfig.data(), kConfig.size(), nullptr, &instance);
    BOOST_TEST_REQUIRE(created->status == AGENT_TOOL_STATUS_OK, created->message);
    d->free_result(created);
  }
  ~Plugin() {
    d->destroy_instance(instance);
    ::dlclose(handle);
  }

  // Invokes with allocation failing as set up by `arm`; failures stop before the checks.
  agent_tool_result* Invoke() {
    agent_tool_result* result = d->invoke(instance, kArgs.data(), kArgs.size(), nullptr);
    g_fail_all.store(false);
    g_allocations_left.store(-1);
    return result;
  }

  void* handle = nullptr;
  const agent_tool_plugin_descriptor* d = nullptr;
  agent_tool_instance* instance = nullptr;
};

std::string_view Json(const agent_tool_result* result) {
  return std::string_view(result->json, result->json_len);
}

// What every result must be, whatever failed: the ABI's own shape.
void ExpectWellFormed(const agent_tool_result* result) {
  BOOST_TEST_REQUIRE(result != nullptr);
  BOOST_TEST(result->struct_size == sizeof(agent_tool_result));
  BOOST_TEST((result->status == AGENT_TOOL_STATUS_OK ||
              result->status == AGENT_TOOL_STATUS_REFUSED ||
              result->status == AGENT_TOOL_STATUS_FAILED));
  BOOST_TEST_REQUIRE(result->json != nullptr);
  BOOST_TEST(std::strlen(result->json) == result->json_len);
  BOOST_TEST(result->json_len > 0u);
  BOOST_TEST(result->json[0] == '{');
  BOOST_TEST(result->json[result->json_len - 1] == '}');
  BOOST_TEST_REQUIRE(result->message != nullptr);
  BOOST_TEST((result->part_count == 0u) == (result->parts == nullptr));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(plugin_oom)

BOOST_AUTO_TEST_CASE(invoke_when_no_allocation_succeeds_returns_the_static_out_of_memory_result) {
  Plugin plugin;
  g_failed.store(0);
  g_fail_all.store(true);
  agent_tool_result* result = plugin.Invoke();
  BOOST_TEST(g_failed.load() > 0);  // the plugin allocates through the replaced operator new
  ExpectWellFormed(result);
  BOOST_TEST(result->status == AGENT_TOOL_STATUS_FAILED);
  BOOST_TEST(Json(result) == kOutOfMemoryJson);
  BOOST_TEST(std::string_view(result->message) == "out of memory");
  BOOST_TEST(result->part_count == 0u);
  plugin.d->free_result(result);  // a no-op for the static result; must not crash
  // Nothing was left half done: the instance still works.
  agent_tool_result* after = plugin.Invoke();
  ExpectWellFormed(after);
  BOOST_TEST(after->status == AGENT_TOOL_STATUS_FAILED);
  BOOST_TEST(Json(after).find(R"({"error":{"kind":"browser_unavailable","message":)") == 0u,
             Json(after));
  plugin.d->free_result(after);
}

BOOST_AUTO_TEST_CASE(invoke_whose_first_allocation_fails_returns_an_internal_error) {
  Plugin plugin;
  g_failed.store(0);
  g_allocations_left.store(0);
  agent_tool_result* result = plugin.Invoke();
  BOOST_TEST(g_failed.load() == 1);
  ExpectWellFormed(result);
  BOOST_TEST(result->status == AGENT_TOOL_STATUS_FAILED);
  BOOST_TEST(Json(result) == kBadAllocJson);
  BOOST_TEST(std::string_view(result->message) == "internal error: std::bad_alloc");
  plugin.d->free_result(result);
}

// Fail-at-step-N: the n-th allocation of the call fails, for every n until the call makes no
// more allocations than that. Every result is well formed; none escapes as an exception.
BOOST_AUTO_TEST_CASE(invoke_whose_nth_allocation_fails_returns_a_well_formed_result) {
  Plugin plugin;
  long n = 0;
  for (;; ++n) {
    g_failed.store(0);
    g_allocations_left.store(n);
    agent_tool_result* result = plugin.Invoke();
    const bool injected = g_failed.load() == 1;
    ExpectWellFormed(result);
    plugin.d->free_result(result);
    if (!injected) break;
    BOOST_TEST_REQUIRE(n < 1000000);
  }
  BOOST_TEST_MESSAGE("the call makes " << n << " allocations; each failed once");
  BOOST_TEST(n > 10);
}

BOOST_AUTO_TEST_SUITE_END()
