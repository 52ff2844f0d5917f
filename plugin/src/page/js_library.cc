#include "page/js_library.h"

#include <functional>
#include <string>

#include "absl/strings/str_cat.h"

namespace firefox_bidi::page {
namespace {

// Runs operation `op` of the library `lib` and returns the three-part result.
constexpr char kRunOp[] =
    "  const parsed = JSON.parse(input);\n"
    "  lib.setDeadline(parsed.deadline_ms);\n"
    "  const out = (await lib[op](parsed, nodes)) || {};\n"
    "  return [JSON.stringify(out.data === undefined ? null : out.data), out.nodes || [],\n"
    "          out.windows || []];\n"
    "}";

struct Functions {
  std::string with_library;
  std::string call_only;
  std::string preload;
};

Functions Build() {
  std::string files;
  for (const js::EmbeddedFile& file : js::EmbeddedFiles()) {
    absl::StrAppend(&files, "// ", std::string(file.name), "\n", std::string(file.contents), "\n");
  }
  // Different library texts never share a realm's cached copy.
  const std::string key = absl::StrCat("__firefoxBidi", std::hash<std::string>{}(files));
  Functions out;
  out.with_library = absl::StrCat(
      "async function (op, input, ...nodes) {\n"
      "  const lib = globalThis.",
      key, " || (globalThis.", key,
      " = (function () {\n"
      "    \"use strict\";\n"
      "    const OPS = {};\n",
      files,
      "    return OPS;\n"
      "  })());\n",
      kRunOp);
  out.preload = absl::StrCat("() => {\n  globalThis.", key,
                             " = (function () {\n"
                             "    \"use strict\";\n"
                             "    const OPS = {};\n",
                             files,
                             "    return OPS;\n"
                             "  })();\n"
                             "}");
  out.call_only = absl::StrCat("async function (op, input, ...nodes) {\n  const lib = globalThis.",
                               key, ";\n  if (!lib) return null;\n", kRunOp);
  return out;
}

const Functions& TheFunctions() {
  // An object, not a leaked pointer: see TheRegistry() in helper_registry.cc.
  static const Functions kFunctions = Build();
  return kFunctions;
}

}  // namespace

std::string_view SandboxFunction() { return TheFunctions().with_library; }

std::string_view SandboxCallFunction() { return TheFunctions().call_only; }

std::string_view SandboxPreloadFunction() { return TheFunctions().preload; }

}  // namespace firefox_bidi::page
