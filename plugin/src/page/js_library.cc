#include "page/js_library.h"

#include <functional>
#include <string>

#include "absl/strings/str_cat.h"

namespace firefox_bidi::page {
namespace {

std::string Build() {
  std::string files;
  for (const js::EmbeddedFile& file : js::EmbeddedFiles()) {
    absl::StrAppend(&files, "// ", std::string(file.name), "\n", std::string(file.contents), "\n");
  }
  // Different library texts never share a realm's cached copy.
  const std::string key = absl::StrCat("__firefoxBidi", std::hash<std::string>{}(files));
  return absl::StrCat(
      "async function (op, input, ...nodes) {\n"
      "  const lib = globalThis.",
      key, " || (globalThis.", key,
      " = (function () {\n"
      "    \"use strict\";\n"
      "    const OPS = {};\n",
      files,
      "    return OPS;\n"
      "  })());\n"
      "  const out = (await lib[op](JSON.parse(input), nodes)) || {};\n"
      "  return [JSON.stringify(out.data === undefined ? null : out.data), out.nodes || [],\n"
      "          out.windows || []];\n"
      "}");
}

}  // namespace

std::string_view SandboxFunction() {
  // An object, not a leaked pointer: see TheRegistry() in helper_registry.cc.
  static const std::string kFunction = Build();
  return kFunction;
}

}  // namespace firefox_bidi::page
