// The layering of docs/development.md ("What may include what"), checked on every #include line
// of plugin/src and host-sdk: a broken rule fails naming the file, the line and the rule.
#include <unistd.h>

#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

namespace {

namespace fs = std::filesystem;

struct Rule {
  std::string_view files;     // a path under the source tree, or a prefix ending in '/'
  std::string_view included;  // what those files must not include: a prefix of the name
  std::string_view why;
};

// Asio, Beast and sockets belong to net/; the file system behind core's interfaces to io/.
constexpr std::string_view kNetOnly[] = {"boost/asio", "boost/beast", "sys/socket.h", "netinet/",
                                         "arpa/"};

std::vector<Rule> Rules() {
  std::vector<Rule> rules = {
      {"host-sdk/", "core/", "host-sdk/ never includes plugin/: the SDK serves any plugin"},
      {"host-sdk/", "net/", "host-sdk/ never includes plugin/: the SDK serves any plugin"},
      {"host-sdk/", "page/", "host-sdk/ never includes plugin/: the SDK serves any plugin"},
      {"host-sdk/", "io/", "host-sdk/ never includes plugin/: the SDK serves any plugin"},
      {"host-sdk/include/agent_tool/loader.h", "boost/", "loader.h has no Boost"},
      {"plugin/src/core/", "net/", "core/ never includes net/"},
      {"plugin/src/core/", "io/", "core/ never includes io/: it sees the spool as an interface"},
      {"plugin/src/core/", "page/", "core/ never includes page/: page/ builds on core/"},
      {"plugin/src/core/", "dirent.h", "core/ lists no directory: that is io/'s"},
      {"plugin/src/core/", "sys/file.h", "core/ locks no file: that is io/'s"},
      {"plugin/src/page/", "net/", "page/ never includes net/: helpers speak through PageContext"},
      {"plugin/src/page/", "io/", "page/ never includes io/"},
      {"plugin/src/io/", "net/", "io/ never includes net/"},
      {"plugin/src/io/", "page/", "io/ never includes page/"},
  };
  for (std::string_view dir : {"plugin/src/core/", "plugin/src/page/", "plugin/src/io/"}) {
    for (std::string_view net : kNetOnly) {
      rules.push_back({dir, net, "Asio, Beast and sockets are net/'s alone"});
    }
  }
  for (std::string_view dir :
       {"plugin/src/core/", "plugin/src/page/", "plugin/src/io/", "plugin/src/net/"}) {
    rules.push_back({dir, "agent_tool/", "only plugin_entry.cc includes the C ABI's types"});
  }
  return rules;
}

bool Applies(const Rule& rule, std::string_view file) {
  return rule.files.ends_with('/') ? file.starts_with(rule.files) : file == rule.files;
}

// The C99 standard headers: all that plugin.h may include.
constexpr std::string_view kStandardC[] = {
    "assert.h",   "complex.h", "ctype.h",   "errno.h",  "fenv.h",   "float.h",
    "inttypes.h", "iso646.h",  "limits.h",  "locale.h", "math.h",   "setjmp.h",
    "signal.h",   "stdarg.h",  "stdbool.h", "stddef.h", "stdint.h", "stdio.h",
    "stdlib.h",   "string.h",  "tgmath.h",  "time.h",   "wchar.h",  "wctype.h"};

struct Include {
  std::string file;  // relative to the source tree
  int line = 0;
  std::string name;  // between the quotes or the angle brackets
};

std::vector<Include> IncludesUnder(const fs::path& root, std::string_view dir) {
  static const std::regex kInclude(R"(^\s*#\s*include\s*["<]([^">]+)[">])");
  std::vector<Include> out;
  for (const auto& entry : fs::recursive_directory_iterator(root / dir)) {
    const std::string ext = entry.path().extension().string();
    if (!entry.is_regular_file() || (ext != ".h" && ext != ".cc" && ext != ".c")) continue;
    const std::string relative = fs::relative(entry.path(), root).generic_string();
    std::ifstream in(entry.path());
    std::string text;
    for (int number = 1; std::getline(in, text); ++number) {
      std::smatch match;
      if (std::regex_search(text, match, kInclude)) out.push_back({relative, number, match[1]});
    }
  }
  return out;
}

// Every rule broken in the tree, one line each: "FILE:LINE: includes NAME: RULE".
std::vector<std::string> Violations(const fs::path& root) {
  const std::vector<Rule> rules = Rules();
  std::vector<std::string> out;
  for (std::string_view dir : {"plugin/src", "host-sdk"}) {
    for (const Include& include : IncludesUnder(root, dir)) {
      const std::string where =
          include.file + ":" + std::to_string(include.line) + ": includes " + include.name + ": ";
      for (const Rule& rule : rules) {
        if (Applies(rule, include.file) && include.name.starts_with(rule.included)) {
          out.push_back(where + std::string(rule.why));
        }
      }
      if (include.file == "host-sdk/include/agent_tool/plugin.h" &&
          std::find(std::begin(kStandardC), std::end(kStandardC), include.name) ==
              std::end(kStandardC)) {
        out.push_back(where + "plugin.h includes standard C headers only");
      }
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

BOOST_AUTO_TEST_SUITE(include_rules)

BOOST_AUTO_TEST_CASE(every_include_keeps_the_layering) {
  const std::vector<std::string> broken = Violations(FIREFOX_BIDI_SOURCE_DIR);
  for (const std::string& line : broken) BOOST_ERROR(line);
  BOOST_TEST(broken.empty());
}

// The checker itself: a tree with one forbidden include of each kind is reported exactly.
BOOST_AUTO_TEST_CASE(a_forbidden_include_is_named_with_its_file_and_line) {
  const fs::path root = fs::temp_directory_path() / ("include_rules_" + std::to_string(::getpid()));
  fs::remove_all(root);
  const auto write = [&](const std::string& path, const std::string& text) {
    fs::create_directories((root / path).parent_path());
    std::ofstream(root / path) << text;
  };
  write("plugin/src/core/a.cc", "#include \"core/a.h\"\n\n#include <boost/asio/io_context.hpp>\n");
  write("plugin/src/page/b.h", "// x\n#  include \"net/bidi_connection.h\"\n");
  write("plugin/src/net/c.cc", "#include \"io/directory_spool.h\"\n#include <sys/socket.h>\n");
  write("host-sdk/include/agent_tool/plugin.h", "#include <stdint.h>\n#include <unistd.h>\n");
  write("host-sdk/src/d.cc", "#include \"core/records.h\"\n");
  const std::vector<std::string> broken = Violations(root);
  fs::remove_all(root);
  const std::vector<std::string> expected = {
      "host-sdk/include/agent_tool/plugin.h:2: includes unistd.h: plugin.h includes standard C "
      "headers only",
      "host-sdk/src/d.cc:1: includes core/records.h: host-sdk/ never includes plugin/: the SDK "
      "serves any plugin",
      "plugin/src/core/a.cc:3: includes boost/asio/io_context.hpp: Asio, Beast and sockets are "
      "net/'s alone",
      "plugin/src/page/b.h:2: includes net/bidi_connection.h: page/ never includes net/: helpers "
      "speak through PageContext",
  };
  BOOST_TEST(broken == expected, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
