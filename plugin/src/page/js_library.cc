#include "page/js_library.h"

#include <algorithm>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/status_macros.h"

namespace firefox_bidi::page {
namespace {

namespace json = boost::json;

// Runs operation `op` of the library `lib` and returns the three-part result.
constexpr char kRunOp[] = "  return lib.run(op, input, nodes);\n}";

struct Functions {
  std::string with_library;
  std::string call_only;
  std::string preload;
};

bool IsIdentifier(std::string_view name) {
  if (name.empty() || absl::ascii_isdigit(name[0])) return false;
  for (char c : name) {
    if (!absl::ascii_isalnum(c) && c != '_' && c != '$') return false;
  }
  return true;
}

// The identifier `text` starts with.
std::string_view LeadingIdentifier(std::string_view text) {
  std::size_t end = 0;
  while (end < text.size() && IsIdentifier(text.substr(0, end + 1))) ++end;
  return text.substr(0, end);
}

bool Consume(std::string_view& text, std::string_view prefix) {
  if (!text.starts_with(prefix)) return false;
  text.remove_prefix(prefix.size());
  return true;
}

std::string_view Trim(std::string_view text) {
  while (!text.empty() && absl::ascii_isspace(text.front())) text.remove_prefix(1);
  while (!text.empty() && absl::ascii_isspace(text.back())) text.remove_suffix(1);
  return text;
}

// `text` cut at each `separator`.
std::vector<std::string_view> Split(std::string_view text, char separator) {
  std::vector<std::string_view> out;
  for (std::size_t start = 0;;) {
    const std::size_t end = text.find(separator, start);
    out.push_back(text.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) return out;
    start = end + 1;
  }
}

struct Import {
  std::string module;  // a file name
  std::vector<std::string> names;
  int line = 0;
};

struct Module {
  std::string file;
  std::string variable;  // the module's exports, in the linked text
  std::vector<Import> imports;
  std::vector<std::string> exports;
  std::string body;  // without its import statements, "export " taken off
};

absl::Status LinkError(const std::string& file, int line, const std::string& what) {
  return absl::FailedPreconditionError(
      absl::StrCat("page/js/", file, line > 0 ? absl::StrCat(" line ", line) : "", ": ", what,
                   " (a module imports with `import {a, b} from \"./00_common.js\";` and "
                   "exports with `export function|const|class NAME`)"));
}

// One file's imports, exports and body. Only the forms named in LinkError's message count.
absl::StatusOr<Module> ParseModule(const js::EmbeddedFile& file) {
  Module out;
  out.file = std::string(file.name);
  std::string_view stem = file.name;
  stem.remove_suffix(stem.ends_with(".js") ? 3 : 0);
  if (!file.name.ends_with(".js") || !IsIdentifier(absl::StrCat("m", std::string(stem)))) {
    return LinkError(out.file, 0, "the file name is not NAME.js");
  }
  out.variable = absl::StrCat("module_", std::string(stem));
  const std::vector<std::string_view> lines = Split(file.contents, '\n');
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const int number = static_cast<int>(i) + 1;
    std::string_view line = lines[i];
    if (line.starts_with("import")) {
      std::string statement(line);
      while (statement.find(';') == std::string::npos && i + 1 < lines.size()) {
        absl::StrAppend(&statement, " ", std::string(lines[++i]));
      }
      std::string_view rest = statement;
      const std::size_t close = rest.find('}');
      const std::size_t from = rest.find("} from \"./");
      if (!Consume(rest, "import {") || close == std::string_view::npos || from != close ||
          !Trim(statement).ends_with("\";")) {
        return LinkError(out.file, number, "an import statement of another form");
      }
      Import import;
      import.line = number;
      const std::string_view source = std::string_view(statement).substr(from + 10);
      import.module = std::string(source.substr(0, source.find('"')));
      for (std::string_view name : Split(rest.substr(0, close - 8), ',')) {
        name = Trim(name);
        if (name.empty()) continue;
        if (!IsIdentifier(name)) {
          return LinkError(out.file, number,
                           absl::StrCat("\"", std::string(name), "\" is not a plain name"));
        }
        import.names.emplace_back(name);
      }
      out.imports.push_back(std::move(import));
      continue;
    }
    if (Consume(line, "export ")) {
      std::string_view declaration = line;
      if (!Consume(declaration, "function ") && !Consume(declaration, "async function ") &&
          !Consume(declaration, "const ") && !Consume(declaration, "class ")) {
        // A let would be copied into the importing module, not shared with it.
        return LinkError(out.file, number,
                         "an export of another form (export a function that reads a let)");
      }
      const std::string_view name = LeadingIdentifier(declaration);
      if (name.empty()) return LinkError(out.file, number, "an export without a name");
      out.exports.emplace_back(name);
    }
    absl::StrAppend(&out.body, std::string(line), "\n");
  }
  return out;
}

Functions Build() {
  absl::StatusOr<std::string> library = LinkModules(js::EmbeddedFiles());
  // Files that do not link (a unit test fails on them) give a library that says why.
  const std::string text =
      library.ok()
          ? *std::move(library)
          : absl::StrCat("(function () { throw new Error(",
                         json::serialize(json::value(std::string(library.status().message()))),
                         "); })()");
  // Different library texts never share a realm's cached copy.
  const std::string key = absl::StrCat("__firefoxBidi", std::hash<std::string>{}(text));
  Functions out;
  out.with_library =
      absl::StrCat("async function (op, input, ...nodes) {\n  const lib = globalThis.", key,
                   " || (globalThis.", key, " = ", text, ");\n", kRunOp);
  out.preload = absl::StrCat("() => {\n  globalThis.", key, " = ", text, ";\n}");
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

absl::StatusOr<std::string> LinkModules(std::span<const js::EmbeddedFile> files) {
  std::vector<Module> modules;
  for (const js::EmbeddedFile& file : files) {
    ASSIGN_OR_RETURN(Module module, ParseModule(file));
    modules.push_back(std::move(module));
  }
  if (modules.empty()) return absl::FailedPreconditionError("page/js: no files");
  std::string text = "(function () {\n\"use strict\";\n";
  for (std::size_t m = 0; m < modules.size(); ++m) {
    const Module& module = modules[m];
    absl::StrAppend(&text, "// ", module.file, "\nconst ", module.variable, " = (function () {\n");
    for (const Import& import : module.imports) {
      // Only from a file before it: the modules are set up in file order.
      const auto source = std::find_if(modules.begin(), modules.begin() + m,
                                       [&](const Module& o) { return o.file == import.module; });
      if (source == modules.begin() + m) {
        return LinkError(
            module.file, import.line,
            absl::StrCat("imports from \"", import.module, "\", which is not a file before it"));
      }
      for (const std::string& name : import.names) {
        if (std::find(source->exports.begin(), source->exports.end(), name) ==
            source->exports.end()) {
          return LinkError(module.file, import.line,
                           absl::StrCat("imports ", name, " from ", import.module,
                                        ", which does not export it"));
        }
      }
      absl::StrAppend(&text, "const {", absl::StrJoin(import.names, ", "), "} = ", source->variable,
                      ";\n");
    }
    absl::StrAppend(&text, module.body, "return {", absl::StrJoin(module.exports, ", "),
                    "};\n})();\n");
  }
  const Module& first = modules.front();
  for (const std::string_view name : {"OPS", "runOperation"}) {
    if (std::find(first.exports.begin(), first.exports.end(), name) == first.exports.end()) {
      return LinkError(first.file, 0,
                       absl::StrCat("the first file does not export ", std::string(name)));
    }
  }
  absl::StrAppend(&text, "return {ops: ", first.variable, ".OPS, run: ", first.variable,
                  ".runOperation};\n})()");
  return text;
}

std::string_view SandboxFunction() { return TheFunctions().with_library; }

std::string_view SandboxCallFunction() { return TheFunctions().call_only; }

std::string_view SandboxPreloadFunction() { return TheFunctions().preload; }

}  // namespace firefox_bidi::page
