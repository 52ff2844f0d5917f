// The table of frame error codes against the documentation the model's user reads
// (docs/tool-reference.md: the tables whose header is "| `error` | meaning |") and the page
// JavaScript that writes codes of its own.
#include "core/frame_error.h"

#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace firefox_bidi {
namespace {

std::string ReadSource(const std::filesystem::path& relative) {
  std::ifstream in(std::filesystem::path(FIREFOX_BIDI_SOURCE_DIR) / relative);
  BOOST_TEST_REQUIRE(in.good(), "cannot read " << relative);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

struct DocRow {
  int line = 0;
  std::vector<std::string> codes;  // the `backquoted` names in the first cell
  std::string meaning;             // the second cell
};

// The rows of every table whose header starts "| `error` | meaning |".
std::vector<DocRow> ErrorTableRows(const std::string& markdown) {
  std::vector<DocRow> rows;
  std::istringstream in(markdown);
  std::string line;
  bool in_table = false;
  static const std::regex kCode("`([^`]+)`");
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.starts_with("| `error` | meaning |")) {
      in_table = true;
      continue;
    }
    if (!line.starts_with("|")) {
      in_table = false;
      continue;
    }
    if (!in_table || line.starts_with("|---")) continue;
    const std::size_t first = line.find(" | ");
    BOOST_TEST_REQUIRE(first != std::string::npos, "tool-reference.md:" << number);
    const std::string cell = line.substr(2, first - 2);
    std::string rest = line.substr(first + 3);
    DocRow row{.line = number};
    row.meaning = rest.substr(0, rest.find(" | "));
    if (row.meaning.ends_with(" |")) row.meaning.resize(row.meaning.size() - 2);
    for (std::sregex_iterator it(cell.begin(), cell.end(), kCode), end; it != end; ++it) {
      row.codes.push_back((*it)[1]);
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

BOOST_AUTO_TEST_SUITE(frame_error)

BOOST_AUTO_TEST_CASE(names_and_meanings_are_unique_and_found_by_their_code) {
  std::set<std::string_view> names;
  for (const FrameErrorInfo& info : kFrameErrors) {
    BOOST_TEST(names.insert(info.name).second, "\"" << info.name << "\" is listed twice");
    BOOST_TEST(!info.meaning.empty(), info.name);
    BOOST_TEST(FrameErrorName(info.code) == info.name);
  }
  BOOST_TEST(names.size() == 33u);
  BOOST_TEST(FrameErrorName(FrameError::kNotAllowed) == "not allowed");
  BOOST_TEST(FrameErrorName(FrameError::kUnknownError) == "unknown error");
  BOOST_TEST(FrameErrorName(FrameError::kNoSuchTab) == "no such tab");
  BOOST_TEST(FrameErrorName(FrameError::kClickMissed) == "click missed");
  BOOST_TEST(FrameErrorName(FrameError::kNotSelectable) == "not selectable");
}

// Every code a row of tool-reference.md's error tables names is in the table, and every code
// of the table has a row naming it that starts with its meaning: neither can drift alone.
BOOST_AUTO_TEST_CASE(tool_reference_lists_exactly_the_codes_with_their_meanings) {
  const std::vector<DocRow> rows = ErrorTableRows(ReadSource("docs/tool-reference.md"));
  BOOST_TEST_REQUIRE(rows.size() >= 2u * 10u);  // both tables, frame errors and helper errors
  std::map<std::string_view, const FrameErrorInfo*> table;
  for (const FrameErrorInfo& info : kFrameErrors) table[info.name] = &info;
  std::set<std::string_view> documented;
  for (const DocRow& row : rows) {
    for (const std::string& code : row.codes) {
      const auto found = table.find(code);
      BOOST_TEST((found != table.end()),
                 "tool-reference.md:" << row.line << ": `" << code << "` is not in kFrameErrors");
      if (found == table.end()) continue;
      if (row.meaning.starts_with(found->second->meaning)) documented.insert(found->first);
    }
  }
  for (const FrameErrorInfo& info : kFrameErrors) {
    BOOST_TEST(documented.contains(info.name), "tool-reference.md has no error table row naming `"
                                                   << info.name << "` whose meaning starts \""
                                                   << info.meaning << "\"");
  }
}

// The page JavaScript writes some codes itself ({error: 'element covered'} and
// {code: "invalid argument"}); each is one of the table's.
BOOST_AUTO_TEST_CASE(codes_the_page_javascript_writes_are_in_the_table) {
  static const std::regex kWritten(R"((?:\berror|\bcode)\s*:\s*['"]([a-z][a-z ]*)['"])");
  std::set<std::string_view> names;
  for (const FrameErrorInfo& info : kFrameErrors) names.insert(info.name);
  int found = 0;
  const std::filesystem::path dir =
      std::filesystem::path(FIREFOX_BIDI_SOURCE_DIR) / "plugin/src/page/js";
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".js") continue;
    const std::string text =
        ReadSource(std::filesystem::relative(entry.path(), FIREFOX_BIDI_SOURCE_DIR));
    for (std::sregex_iterator it(text.begin(), text.end(), kWritten), end; it != end; ++it) {
      ++found;
      BOOST_TEST(names.contains((*it)[1].str()), entry.path().filename().string()
                                                     << " writes error \"" << (*it)[1] << "\"");
    }
  }
  BOOST_TEST(found >= 6);  // element covered (twice), not fillable, no such option, ...
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
