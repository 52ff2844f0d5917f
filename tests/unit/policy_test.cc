#include "core/policy.h"

#include <sys/stat.h>
#include <unistd.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "support/temp_dir.h"

namespace firefox_bidi {
namespace {

boost::json::object Params(std::string_view json) { return boost::json::parse(json).as_object(); }

std::string Message(const absl::Status& status) { return std::string(status.message()); }

// A tree: ROOT/inside.txt, ROOT/sub/deep.txt, ROOT/out_link -> OUT, ROOT/in_link -> ROOT/sub,
// OUT/secret.txt, ROOT/downloads/.
struct Tree {
  Tree() {
    BOOST_REQUIRE(!base.path().empty());
    ::mkdir(root.c_str(), 0700);
    ::mkdir((root + "/sub").c_str(), 0700);
    ::mkdir((root + "/downloads").c_str(), 0700);
    ::mkdir(out.c_str(), 0700);
    std::ofstream(root + "/inside.txt") << "in";
    std::ofstream(root + "/sub/deep.txt") << "deep";
    std::ofstream(out + "/secret.txt") << "secret";
    BOOST_REQUIRE(::symlink(out.c_str(), (root + "/out_link").c_str()) == 0);
    BOOST_REQUIRE(::symlink((root + "/sub").c_str(), (root + "/in_link").c_str()) == 0);
  }
  Policy Make(bool allow_extensions = false) const {
    return Policy(PolicyOptions{.file_roots = {root},
                                .allow_extensions = allow_extensions,
                                .downloads_dir = root + "/downloads"});
  }
  testing::TempDir base;
  std::string root = base / "root";
  std::string out = base / "out";
};

BOOST_AUTO_TEST_SUITE(policy)

BOOST_AUTO_TEST_CASE(session_new_and_end_are_refused_naming_no_key) {
  Tree tree;
  Policy policy = tree.Make();
  for (const char* method : {"session.new", "session.end"}) {
    absl::Status status = policy.CheckFrame(method, {});
    BOOST_TEST(status.code() == absl::StatusCode::kPermissionDenied);
    BOOST_TEST(Message(status) ==
               std::string(method) +
                   " is not allowed: the tool owns the BiDi session and starts and ends it itself "
                   "(no config key allows this); to start over with a fresh browser, send "
                   "browser.close and the next call starts a new one");
  }
  BOOST_TEST(policy.CheckFrame("session.status", {}).ok());
  BOOST_TEST(policy.CheckFrame("session.subscribe", Params(R"({"events":["log"]})")).ok());
  BOOST_TEST(policy.CheckFrame("browser.close", {}).ok());
}

BOOST_AUTO_TEST_CASE(file_urls_are_decoded_and_dot_segments_removed) {
  BOOST_TEST(*FileUrlPath("file:///etc/passwd") == "/etc/passwd");
  BOOST_TEST(*FileUrlPath("FILE://localhost/etc/passwd?x=1#frag") == "/etc/passwd");
  BOOST_TEST(*FileUrlPath("file:/a/%2e%2E/etc/%70asswd") == "/etc/passwd");
  BOOST_TEST(*FileUrlPath("file:etc/passwd") == "/etc/passwd");
  BOOST_TEST(*FileUrlPath("  fi\tle:\\\\\\etc\\passwd\n") == "/etc/passwd");
  BOOST_TEST(*FileUrlPath("view-source:file:///etc/passwd") == "/etc/passwd");
  BOOST_TEST(*FileUrlPath("jar:file:///tmp/x.zip!/a.txt") == "/tmp/x.zip");
  BOOST_TEST(*FileUrlPath("file:///a/b/..%2F..%2Fetc") == "/a/b/../../etc");  // decoded last
  BOOST_TEST(*FileUrlPath("file://") == "/");
  BOOST_TEST(FileUrlPath("https://example.com/file:///etc").status().code() ==
             absl::StatusCode::kNotFound);
  BOOST_TEST(FileUrlPath("about:blank").status().code() == absl::StatusCode::kNotFound);
  BOOST_TEST(FileUrlPath("/etc/passwd").status().code() == absl::StatusCode::kNotFound);
  BOOST_TEST(Message(FileUrlPath("file://evil.example/share").status()) ==
             "the file: URL names the host \"evil.example\"; only local files are judged");
  BOOST_TEST(Message(FileUrlPath("file:///etc/passwd%00.html").status()) ==
             "the file: URL holds an encoded NUL byte");
}

BOOST_AUTO_TEST_CASE(page_goto_urls_are_judged_like_navigate) {
  Tree tree;
  Policy policy = tree.Make();
  BOOST_TEST(policy.CheckFrame("page.goto", {{"url", "file://" + tree.root + "/inside.txt"}}).ok());
  BOOST_TEST(policy.CheckFrame("page.goto", {{"back", true}}).ok());
  absl::Status status = policy.CheckFrame("page.goto", {{"url", "file:///etc/passwd"}});
  BOOST_TEST(status.code() == absl::StatusCode::kPermissionDenied);
  BOOST_TEST(Message(status).starts_with(
                 "page.goto url \"file:///etc/passwd\" is not allowed: the file \"/etc/passwd\" "
                 "is outside file_roots "),
             Message(status));
}

BOOST_AUTO_TEST_CASE(helpers_that_hand_urls_or_files_to_the_browser_are_judged) {
  Tree tree;
  Policy policy = tree.Make();
  BOOST_TEST(policy.CheckFrame("page.tabs", {{"action", "new"}}).ok());
  BOOST_TEST(
      Message(policy.CheckFrame("page.tabs", {{"action", "new"}, {"url", "file:///etc/passwd"}}))
          .starts_with("page.tabs url \"file:///etc/passwd\" is not allowed: the file "
                       "\"/etc/passwd\" is outside file_roots "));
  BOOST_TEST(
      policy
          .CheckFrame("page.upload",
                      {{"css", "input"}, {"files", boost::json::array{tree.root + "/inside.txt"}}})
          .ok());
  absl::Status status = policy.CheckFrame(
      "page.upload", {{"css", "input"}, {"files", boost::json::array{"/etc/passwd"}}});
  BOOST_TEST(status.code() == absl::StatusCode::kPermissionDenied);
  BOOST_TEST(Message(status).starts_with(
                 "page.upload files[0] \"/etc/passwd\" is not allowed: it is outside file_roots"),
             Message(status));
  // page.drag drops files: the same judgement.
  status = policy.CheckFrame(
      "page.drag",
      {{"css", "#zone"}, {"files", boost::json::array{tree.root + "/inside.txt", "/etc/passwd"}}});
  BOOST_TEST(status.code() == absl::StatusCode::kPermissionDenied);
  BOOST_TEST(Message(status).starts_with(
                 "page.drag files[1] \"/etc/passwd\" is not allowed: it is outside file_roots"),
             Message(status));
}

BOOST_AUTO_TEST_CASE(file_urls_inside_a_root_pass_and_outside_are_refused) {
  Tree tree;
  Policy policy = tree.Make();
  for (const std::string& url : std::vector<std::string>{
           "file://" + tree.root + "/inside.txt", "file://" + tree.root,
           "file://" + tree.root + "/sub/../inside.txt",
           "file://" + tree.root + "/in_link/deep.txt", "file://" + tree.root + "/not-yet.html",
           "https://example.com/", "about:blank", "data:text/html,hi"}) {
    BOOST_TEST(policy.CheckFrame("browsingContext.navigate", {{"context", "C"}, {"url", url}}).ok(),
               url);
  }
  // A symlink out, `..` out (plain and percent-encoded), view-source, a host.
  for (const std::string& url : std::vector<std::string>{
           "file://" + tree.root + "/out_link/secret.txt",
           "file://" + tree.root + "/../out/secret.txt",
           "file://" + tree.root + "/%2e%2e/out/secret.txt",
           "file://" + tree.root + "/sub/..%2F..%2Fout/secret.txt",
           "view-source:file://" + tree.out + "/secret.txt", "file:///etc/passwd"}) {
    absl::Status status =
        policy.CheckFrame("browsingContext.navigate", {{"context", "C"}, {"url", url}});
    BOOST_TEST(status.code() == absl::StatusCode::kPermissionDenied, url);
    BOOST_TEST(Message(status).starts_with("browsingContext.navigate url \"" + url +
                                           "\" is not allowed: "),
               Message(status));
    BOOST_TEST(Message(status).ends_with(
                   "; file: URLs may only name files inside the config key \"file_roots\" (add "
                   "a directory that holds it there to allow it)"),
               Message(status));
  }
  BOOST_TEST(Message(policy.CheckUrl("file://other.host" + tree.root + "/inside.txt", "u")) ==
             "u \"file://other.host" + tree.root +
                 "/inside.txt\" is not allowed: the file: URL names the host \"other.host\"; "
                 "only local files are judged");
  BOOST_TEST(
      Message(policy.CheckUrl("file://" + tree.root + "/out_link/secret.txt", "page.goto url")) ==
      "page.goto url \"file://" + tree.root + "/out_link/secret.txt\" is not allowed: the file \"" +
          tree.out + "/secret.txt\" is outside file_roots [\"" + tree.root +
          "\"]; file: URLs may only name files inside the config key \"file_roots\" (add "
          "a directory that holds it there to allow it)");
}

BOOST_AUTO_TEST_CASE(a_lexical_dot_dot_through_a_symlink_is_judged_both_ways) {
  Tree tree;
  // ROOT/sub/a -> ROOT/sub/x/y: the kernel reads ROOT/sub/a/../../z as ROOT/sub/z (inside),
  // a path normalizer as ROOT/z... both inside; one level more leaves ROOT lexically.
  ::mkdir((tree.root + "/sub/x").c_str(), 0700);
  ::mkdir((tree.root + "/sub/x/y").c_str(), 0700);
  BOOST_REQUIRE(::symlink((tree.root + "/sub/x/y").c_str(), (tree.root + "/sub/a").c_str()) == 0);
  Policy policy = tree.Make();
  BOOST_TEST(policy.CheckFilePath(tree.root + "/sub/a/../../deep.txt", "f").ok());
  // Kernel: ROOT/sub/x/y/../../../inside.txt = ROOT/inside.txt; lexical: BASE/inside.txt.
  absl::Status status =
      policy.CheckFilePath(tree.root + "/sub/a/../../../inside.txt", "f").status();
  BOOST_TEST(status.code() == absl::StatusCode::kPermissionDenied);
}

BOOST_AUTO_TEST_CASE(set_files_needs_every_file_inside_a_root) {
  Tree tree;
  Policy policy = tree.Make();
  BOOST_TEST(policy
                 .CheckFrame("input.setFiles",
                             {{"files", boost::json::array{tree.root + "/inside.txt",
                                                           tree.root + "/sub/deep.txt"}}})
                 .ok());
  absl::Status status = policy.CheckFrame(
      "input.setFiles", {{"files", boost::json::array{tree.root + "/inside.txt",
                                                      tree.root + "/out_link/secret.txt"}}});
  BOOST_TEST(status.code() == absl::StatusCode::kPermissionDenied);
  BOOST_TEST(Message(status) ==
             "input.setFiles files[1] \"" + tree.root +
                 "/out_link/secret.txt\" is not allowed: it is outside file_roots [\"" + tree.root +
                 "\"] (it resolves to \"" + tree.out +
                 "/secret.txt\"); the browser may only read files inside the config key "
                 "\"file_roots\" (add a directory that holds it there to allow it)");
  status = policy.CheckFrame("input.setFiles", {{"files", boost::json::array{"inside.txt"}}});
  BOOST_TEST(Message(status) ==
             "input.setFiles files[0] \"inside.txt\" is not allowed: \"inside.txt\" is not an "
             "absolute path; the browser may only read files inside the config key "
             "\"file_roots\" (add a directory that holds it there to allow it)");
}

// What was judged is what the browser gets: the real path, links and `..` resolved.
BOOST_AUTO_TEST_CASE(set_files_hands_over_the_real_paths_that_were_judged) {
  Tree tree;
  Policy policy = tree.Make();
  const std::string real_root = std::filesystem::canonical(tree.root).string();
  BOOST_TEST(*policy.CheckFilePath(tree.root + "/in_link/deep.txt", "f") ==
             real_root + "/sub/deep.txt");
  BOOST_TEST(*policy.CheckFilePath(tree.root + "/sub/../inside.txt", "f") ==
             real_root + "/inside.txt");
  for (const char* method : {"input.setFiles", "page.upload"}) {
    std::optional<boost::json::object> resolved;
    const boost::json::object params{
        {"context", "C"},
        {"element", {{"sharedId", "S"}}},
        {"files", boost::json::array{tree.root + "/in_link/deep.txt", real_root + "/inside.txt",
                                     tree.root + "/sub//./deep.txt"}}};
    BOOST_TEST(policy.CheckFrame(method, params, &resolved).ok());
    BOOST_TEST_REQUIRE(resolved.has_value());
    BOOST_TEST(boost::json::serialize(*resolved) ==
               R"({"context":"C","element":{"sharedId":"S"},"files":[")" + real_root +
                   R"(/sub/deep.txt",")" + real_root + R"(/inside.txt",")" + real_root +
                   R"(/sub/deep.txt"]})");
  }
  // Real paths already, or refused: nothing to send instead.
  std::optional<boost::json::object> resolved;
  BOOST_TEST(policy
                 .CheckFrame("input.setFiles",
                             {{"files", boost::json::array{real_root + "/inside.txt"}}}, &resolved)
                 .ok());
  BOOST_TEST(!resolved.has_value());
  BOOST_TEST(policy
                 .CheckFrame("input.setFiles",
                             {{"files", boost::json::array{tree.root + "/in_link/deep.txt",
                                                           tree.root + "/out_link/secret.txt"}}},
                             &resolved)
                 .code() == absl::StatusCode::kPermissionDenied);
  BOOST_TEST(!resolved.has_value());
}

BOOST_AUTO_TEST_CASE(state_files_are_judged_by_their_real_directory_and_handed_over_resolved) {
  Tree tree;
  Policy policy = tree.Make();
  const std::string real_root = std::filesystem::canonical(tree.root).string();
  // A file to be written need not exist: its directory's real path is judged.
  std::optional<boost::json::object> resolved;
  BOOST_TEST(policy
                 .CheckFrame("page.storage",
                             {{"action", "save"}, {"file", tree.root + "/in_link/new.json"}},
                             &resolved)
                 .ok());
  BOOST_TEST_REQUIRE(resolved.has_value());
  BOOST_TEST(boost::json::serialize(*resolved) ==
             R"({"action":"save","file":")" + real_root + R"(/sub/new.json"})");
  resolved.reset();
  BOOST_TEST(policy.CheckFrame("page.storage", {{"action", "clear"}}, &resolved).ok());
  BOOST_TEST(!resolved.has_value());
  // Through a link out of the root, or `..` out of it: refused, naming file_roots.
  for (const std::string& path :
       {tree.root + "/out_link/state.json", tree.root + "/sub/../../out/state.json"}) {
    const absl::Status refused =
        policy.CheckFrame("page.storage", {{"action", "load"}, {"file", path}}, &resolved);
    BOOST_TEST(refused.code() == absl::StatusCode::kPermissionDenied);
    BOOST_TEST(Message(refused) ==
               "page.storage file \"" + path + "\" is not allowed: it is outside file_roots [\"" +
                   tree.root + "\"] (it resolves to \"" +
                   std::filesystem::canonical(tree.out).string() +
                   "/state.json\"); the tool reads and writes state files only inside the config "
                   "key \"file_roots\" (add a directory that holds it there to allow it)");
    BOOST_TEST(!resolved.has_value());
  }
  BOOST_TEST(*policy.CheckStateFile(tree.root + "/sub/../state.json", "config storage_state") ==
             real_root + "/state.json");
}

BOOST_AUTO_TEST_CASE(url_scheme_is_read_as_a_url_parser_reads_it) {
  BOOST_TEST(UrlScheme("javascript:alert(1)") == "javascript");
  BOOST_TEST(UrlScheme(" \x01JavaScript:void(0) ") == "javascript");
  BOOST_TEST(UrlScheme("java\tscr\nipt:x") == "javascript");
  BOOST_TEST(UrlScheme("https://example.com/javascript:x") == "https");
  BOOST_TEST(UrlScheme("/relative/javascript:x") == "");
  BOOST_TEST(UrlScheme("") == "");
}

BOOST_AUTO_TEST_CASE(no_roots_allow_no_files_and_missing_roots_match_nothing) {
  Tree tree;
  Policy none(PolicyOptions{.file_roots = {}});
  absl::Status status = none.CheckFilePath(tree.root + "/inside.txt", "f").status();
  BOOST_TEST(Message(status) == "f \"" + tree.root +
                                    "/inside.txt\" is not allowed: it is outside file_roots [] "
                                    "(no file access at all) (it resolves to \"" +
                                    tree.root +
                                    "/inside.txt\"); the browser may only read files inside "
                                    "the config key \"file_roots\" (add a directory that holds "
                                    "it there to allow it)");
  Policy missing(PolicyOptions{.file_roots = {tree.base / "gone"}});
  BOOST_TEST(!missing.CheckFilePath(tree.base / "gone/x", "f").ok());
  Policy slash(PolicyOptions{.file_roots = {"/"}});
  BOOST_TEST(*slash.CheckFilePath("/etc/passwd", "f") == "/etc/passwd");
}

BOOST_AUTO_TEST_CASE(downloads_only_to_the_private_directory_or_denied) {
  Tree tree;
  Policy policy = tree.Make();
  auto behavior = [](std::string_view json) {
    return boost::json::object{{"downloadBehavior", boost::json::parse(json)}};
  };
  BOOST_TEST(
      policy.CheckFrame("browser.setDownloadBehavior", behavior(R"({"type":"denied"})")).ok());
  BOOST_TEST(policy
                 .CheckFrame("browser.setDownloadBehavior",
                             behavior(R"({"type":"allowed","destinationFolder":")" + tree.root +
                                      R"(/downloads/new"})"))
                 .ok());
  absl::Status status = policy.CheckFrame(
      "browser.setDownloadBehavior",
      behavior(R"({"type":"allowed","destinationFolder":")" + tree.root + R"(/sub"})"));
  BOOST_TEST(Message(status) ==
             "browser.setDownloadBehavior destinationFolder \"" + tree.root +
                 "/sub\" is not allowed: downloads may only go to the private downloads "
                 "directory \"" +
                 tree.root +
                 "/downloads\" or a folder inside it, or be denied (no config key allows other "
                 "folders; \"spool_dir\" moves the downloads directory with the spool)");
  status = policy.CheckFrame("browser.setDownloadBehavior",
                             behavior(R"({"type":"allowed","destinationFolder":")" + tree.root +
                                      R"(/downloads/../sub"})"));
  BOOST_TEST(status.code() == absl::StatusCode::kPermissionDenied);
  status = policy.CheckFrame("browser.setDownloadBehavior", behavior("null"));
  BOOST_TEST(Message(status) ==
             "browser.setDownloadBehavior is not allowed with this downloadBehavior: it must be "
             "{\"type\":\"denied\"} or {\"type\":\"allowed\",\"destinationFolder\":FOLDER} with "
             "FOLDER the private downloads directory \"" +
                 tree.root +
                 "/downloads\" or a folder inside it (no config key allows other folders)");
  BOOST_TEST(!policy.CheckFrame("browser.setDownloadBehavior", {}).ok());
}

BOOST_AUTO_TEST_CASE(extensions_need_allow_extensions) {
  Tree tree;
  const boost::json::object params =
      Params(R"({"extensionData":{"type":"path","path":"/tmp/x.xpi"}})");
  absl::Status status = tree.Make().CheckFrame("webExtension.install", params);
  BOOST_TEST(status.code() == absl::StatusCode::kPermissionDenied);
  BOOST_TEST(Message(status) ==
             "webExtension.install is not allowed: installing browser extensions is off; set "
             "the config key \"allow_extensions\": true to allow it");
  BOOST_TEST(tree.Make(true).CheckFrame("webExtension.install", params).ok());
}

BOOST_AUTO_TEST_CASE(messages_quote_only_a_bounded_prefix) {
  Tree tree;
  const std::string url = "file:///etc/" + std::string(1 << 20, 'a');
  absl::Status status = tree.Make().CheckUrl(url, "u");
  BOOST_TEST(status.code() == absl::StatusCode::kPermissionDenied);
  BOOST_TEST(Message(status).size() < 1000u);
  BOOST_TEST(Message(status).find("\"file:///etc/" + std::string(188, 'a') + "...\"") !=
             std::string::npos);
}

BOOST_AUTO_TEST_CASE(resolve_real_path_keeps_the_missing_tail) {
  Tree tree;
  BOOST_TEST(*ResolveRealPath(tree.root + "/in_link/new/file.txt") ==
             tree.root + "/sub/new/file.txt");
  BOOST_TEST(Message(ResolveRealPath(tree.root + "/nope/../../out").status()) ==
             "\"" + tree.root + "/nope/../../out\" goes through a directory that does not exist");
  BOOST_TEST(PathIsInside("/a/b", "/a"));
  BOOST_TEST(PathIsInside("/a", "/a"));
  BOOST_TEST(!PathIsInside("/ab", "/a"));
  BOOST_TEST(PathIsInside("/x", "/"));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace firefox_bidi
