#include "core/policy.h"

#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/records.h"
#include "core/string_view_compat.h"

namespace firefox_bidi {
namespace {

// How much of a model-given string a message quotes.
constexpr std::size_t kShownBytes = 200;
// How many roots a message lists.
constexpr std::size_t kShownRoots = 4;
// view-source:jar:view-source:... nests at most this deep before it is refused.
constexpr int kMaxUrlNesting = 8;

// `s` in double quotes, cut to a bounded prefix (on a UTF-8 boundary).
std::string Quoted(std::string_view s) {
  std::string_view shown = Utf8Prefix(s, kShownBytes);
  return absl::StrCat("\"", ToAbsl(shown), shown.size() < s.size() ? "...\"" : "\"");
}

absl::Status NotAllowed(std::string message) {
  return absl::PermissionDeniedError(std::move(message));
}

std::vector<std::string_view> Segments(std::string_view path) {
  std::vector<std::string_view> out;
  std::size_t pos = 0;
  while (pos <= path.size()) {
    const std::size_t slash = path.find('/', pos);
    const std::size_t end = slash == std::string_view::npos ? path.size() : slash;
    out.push_back(path.substr(pos, end - pos));
    if (slash == std::string_view::npos) break;
    pos = slash + 1;
  }
  return out;
}

// `path` (absolute) with "." and ".." removed lexically and repeated slashes collapsed.
std::string LexicalNormal(std::string_view path) {
  std::vector<std::string_view> kept;
  for (std::string_view segment : Segments(path)) {
    if (segment.empty() || segment == ".") continue;
    if (segment == "..") {
      if (!kept.empty()) kept.pop_back();
      continue;
    }
    kept.push_back(segment);
  }
  std::string out;
  for (std::string_view segment : kept) absl::StrAppend(&out, "/", ToAbsl(segment));
  return out.empty() ? "/" : out;
}

std::optional<std::string> RealPath(const std::string& path, int* err) {
  std::unique_ptr<char, decltype(&std::free)> resolved(::realpath(path.c_str(), nullptr),
                                                       &std::free);
  if (!resolved) {
    *err = errno;
    return std::nullopt;
  }
  return std::string(resolved.get());
}

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string PercentDecode(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size()) {
      const int hi = HexValue(s[i + 1]);
      const int lo = HexValue(s[i + 2]);
      if (hi >= 0 && lo >= 0) {
        out.push_back(static_cast<char>(hi * 16 + lo));
        i += 2;
        continue;
      }
    }
    out.push_back(s[i]);
  }
  return out;
}

// A URL path segment that a URL parser reads as "." or "..", percent-encoded dots included.
bool IsSingleDot(std::string_view segment) {
  const std::string lower = absl::AsciiStrToLower(ToAbsl(segment));
  return lower == "." || lower == "%2e";
}
bool IsDoubleDot(std::string_view segment) {
  const std::string lower = absl::AsciiStrToLower(ToAbsl(segment));
  return lower == ".." || lower == ".%2e" || lower == "%2e." || lower == "%2e%2e";
}

// Removes dot segments from a URL path as the WHATWG URL parser does (before decoding).
std::string RemoveDotSegments(std::string_view path) {
  std::vector<std::string_view> segments = Segments(path.substr(1));  // path starts with '/'
  std::vector<std::string_view> kept;
  for (std::size_t i = 0; i < segments.size(); ++i) {
    const bool last = i + 1 == segments.size();
    if (IsDoubleDot(segments[i])) {
      if (!kept.empty()) kept.pop_back();
      if (last) kept.push_back("");
    } else if (IsSingleDot(segments[i])) {
      if (last) kept.push_back("");
    } else {
      kept.push_back(segments[i]);
    }
  }
  return absl::StrCat("/", absl::StrJoin(kept, "/", [](std::string* out, std::string_view s) {
                        out->append(s.data(), s.size());
                      }));
}

// `url` as the WHATWG URL parser reads it: leading and trailing C0 controls and spaces
// dropped, tabs and newlines anywhere ignored.
std::string ParserInput(std::string_view url) {
  std::size_t begin = 0;
  std::size_t end = url.size();
  while (begin < end && static_cast<unsigned char>(url[begin]) <= 0x20) ++begin;
  while (end > begin && static_cast<unsigned char>(url[end - 1]) <= 0x20) --end;
  std::string text;
  text.reserve(end - begin);
  for (char c : url.substr(begin, end - begin)) {
    if (c != '\t' && c != '\n' && c != '\r') text.push_back(c);
  }
  return text;
}

// The scheme of `url` in lower case and the rest after its ':', or nullopt when `url` does not
// start with a scheme.
std::optional<std::pair<std::string, std::string_view>> SplitScheme(std::string_view url) {
  if (url.empty() || !absl::ascii_isalpha(url[0])) return std::nullopt;
  std::size_t i = 1;
  while (i < url.size() &&
         (absl::ascii_isalnum(url[i]) || url[i] == '+' || url[i] == '-' || url[i] == '.')) {
    ++i;
  }
  if (i >= url.size() || url[i] != ':') return std::nullopt;
  return std::make_pair(absl::AsciiStrToLower(ToAbsl(url.substr(0, i))), url.substr(i + 1));
}

// The real paths of the roots that exist.
std::vector<std::string> RealRoots(const std::vector<std::string>& roots) {
  std::vector<std::string> out;
  for (const std::string& root : roots) {
    int err = 0;
    if (std::optional<std::string> real = RealPath(root, &err)) out.push_back(*std::move(real));
  }
  return out;
}

std::string RootList(const std::vector<std::string>& roots) {
  if (roots.empty()) return "[] (no file access at all)";
  std::string out = "[";
  for (std::size_t i = 0; i < roots.size() && i < kShownRoots; ++i) {
    absl::StrAppend(&out, i == 0 ? "" : ", ", Quoted(roots[i]));
  }
  if (roots.size() > kShownRoots) absl::StrAppend(&out, ", ... (", roots.size(), " in all)");
  out.push_back(']');
  return out;
}

// True when both readings of `path` (as the kernel walks it, and with ".." removed lexically
// first, as a URL parser or file API may) resolve to the same directory tree under one of
// `real_roots`; then `*real` is the kernel's reading resolved (no link, no "..": both readings
// of it are that path). Otherwise the reading that lies outside is in `*outside`, or why it
// cannot be resolved in `*why`.
bool InsideAny(std::string_view path, const std::vector<std::string>& real_roots, std::string* real,
               std::string* outside, std::string* why) {
  const std::string lexical = LexicalNormal(path);
  for (const std::string& candidate : {std::string(path), lexical}) {
    absl::StatusOr<std::string> resolved = ResolveRealPath(candidate);
    if (!resolved.ok()) {
      *why = std::string(ToStd(resolved.status().message()));
      return false;
    }
    bool inside = false;
    for (const std::string& root : real_roots) inside = inside || PathIsInside(*resolved, root);
    if (!inside) {
      *outside = *std::move(resolved);
      return false;
    }
    if (real->empty()) *real = *std::move(resolved);
  }
  return true;
}

}  // namespace

std::string RedactUrl(std::string_view url) {
  std::size_t authority = url.find("://");
  authority = authority == std::string_view::npos ? 0 : authority + 3;
  std::string out(url.substr(0, authority));
  std::string_view rest = url.substr(authority);
  const std::size_t authority_end = rest.find_first_of("/?#");
  const std::size_t at = rest.substr(0, authority_end).rfind('@');
  if (at != std::string_view::npos) rest.remove_prefix(at + 1);
  out.append(rest.substr(0, rest.find_first_of("?#")));
  return out;
}

absl::StatusOr<std::string> OpenDownloadsDirectory(const std::string& spool_dir) {
  const std::string path = spool_dir == "/" ? "/downloads" : spool_dir + "/downloads";
  if (::mkdir(path.c_str(), 0700) != 0 && errno != EEXIST) {
    return absl::FailedPreconditionError(absl::StrCat("cannot create the downloads directory ",
                                                      path, ": ",
                                                      std::generic_category().message(errno)));
  }
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) {
    return absl::FailedPreconditionError(absl::StrCat("cannot stat the downloads directory ", path,
                                                      ": ",
                                                      std::generic_category().message(errno)));
  }
  if (!S_ISDIR(st.st_mode)) {
    return absl::FailedPreconditionError(absl::StrCat(
        "the downloads directory ", path, " is not a directory (a link or a file took its name)"));
  }
  if (st.st_uid != ::geteuid()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "the downloads directory ", path, " belongs to uid ", st.st_uid, ", not to ", ::geteuid()));
  }
  if ((st.st_mode & 077) != 0 && ::chmod(path.c_str(), 0700) != 0) {
    return absl::FailedPreconditionError(
        absl::StrCat("cannot set mode 0700 on the downloads "
                     "directory ",
                     path));
  }
  return path;
}

std::string UrlScheme(std::string_view url) {
  const std::string text = ParserInput(url);
  std::optional<std::pair<std::string, std::string_view>> split = SplitScheme(text);
  return split ? split->first : "";
}

absl::StatusOr<std::string> FileUrlPath(std::string_view url) {
  const std::string text = ParserInput(url);
  std::string_view rest = text;
  for (int depth = 0;; ++depth) {
    if (depth == kMaxUrlNesting) {
      return absl::InvalidArgumentError("view-source: and jar: nest too deep to judge");
    }
    std::optional<std::pair<std::string, std::string_view>> split = SplitScheme(rest);
    if (!split) return absl::NotFoundError("not a file: URL");
    if (split->first == "view-source") {
      rest = split->second;
    } else if (split->first == "jar") {
      rest = split->second.substr(0, split->second.find('!'));
    } else if (split->first == "file") {
      rest = split->second;
      break;
    } else {
      return absl::NotFoundError("not a file: URL");
    }
  }
  // A file: URL is a special URL: a backslash is a slash.
  std::string body(rest);
  for (char& c : body) {
    if (c == '\\') c = '/';
  }
  if (const std::size_t cut = body.find_first_of("?#"); cut != std::string::npos) {
    body.resize(cut);
  }
  std::string path;
  if (body.starts_with("//")) {
    const std::size_t slash = body.find('/', 2);
    const std::string host = absl::AsciiStrToLower(ToAbsl(std::string_view(body).substr(
        2, slash == std::string::npos ? std::string::npos : slash - 2)));
    if (!host.empty() && host != "localhost") {
      return absl::InvalidArgumentError(absl::StrCat("the file: URL names the host ", Quoted(host),
                                                     "; only local files are "
                                                     "judged"));
    }
    path = slash == std::string::npos ? "/" : body.substr(slash);
  } else {
    path = body.starts_with("/") ? body : absl::StrCat("/", body);
  }
  std::string decoded = PercentDecode(RemoveDotSegments(path));
  if (decoded.find('\0') != std::string::npos) {
    return absl::InvalidArgumentError("the file: URL holds an encoded NUL byte");
  }
  return decoded;
}

absl::StatusOr<std::string> ResolveRealPath(std::string_view path) {
  if (path.empty() || path[0] != '/') {
    return absl::InvalidArgumentError(absl::StrCat(Quoted(path), " is not an absolute path"));
  }
  if (path.find('\0') != std::string_view::npos) {
    return absl::InvalidArgumentError("the path holds a NUL byte");
  }
  int err = 0;
  if (std::optional<std::string> real = RealPath(std::string(path), &err)) return *real;
  if (err != ENOENT && err != ENOTDIR) {
    return absl::InvalidArgumentError(
        absl::StrCat(Quoted(path), " cannot be resolved: ", std::generic_category().message(err)));
  }
  // Missing: the deepest existing ancestor's real path plus the rest.
  std::vector<std::string_view> segments = Segments(path.substr(1));
  for (std::size_t keep = segments.size(); keep-- > 0;) {
    std::string prefix = "/";
    for (std::size_t k = 0; k < keep; ++k) {
      absl::StrAppend(&prefix, k == 0 ? "" : "/", ToAbsl(segments[k]));
    }
    std::optional<std::string> real = RealPath(prefix, &err);
    if (!real) {
      if (err == ENOENT || err == ENOTDIR) continue;
      return absl::InvalidArgumentError(absl::StrCat(
          Quoted(path), " cannot be resolved: ", std::generic_category().message(err)));
    }
    std::string out = *real == "/" ? "" : *real;
    for (std::size_t k = keep; k < segments.size(); ++k) {
      if (segments[k].empty()) continue;
      if (segments[k] == "." || segments[k] == "..") {
        return absl::InvalidArgumentError(
            absl::StrCat(Quoted(path), " goes through a directory that does not exist"));
      }
      absl::StrAppend(&out, "/", ToAbsl(segments[k]));
    }
    return out.empty() ? "/" : out;
  }
  return absl::InvalidArgumentError(absl::StrCat(Quoted(path), " cannot be resolved"));
}

bool PathIsInside(std::string_view real, std::string_view root_real) {
  if (root_real == "/") return !real.empty() && real[0] == '/';
  if (!real.starts_with(root_real)) return false;
  return real.size() == root_real.size() || real[root_real.size()] == '/';
}

Policy::Policy(PolicyOptions options) : options_(std::move(options)) {}

absl::Status Policy::CheckFrame(std::string_view method, const boost::json::object& params,
                                std::optional<boost::json::object>* resolved) const {
  if (method == "session.new" || method == "session.end") {
    return NotAllowed(absl::StrCat(
        ToAbsl(method),
        " is not allowed: the tool owns the BiDi session and starts and ends it itself (no "
        "config key allows this); to start over with a fresh browser, send browser.close and "
        "the next call starts a new one"));
  }
  // Helpers that hand a URL or files to the browser are judged here too, before they run:
  // page.goto and page.tabs (a new tab's url) navigate, page.upload sets files, page.drag
  // drops them.
  if (method == "browsingContext.navigate" || method == "page.goto" || method == "page.tabs") {
    if (const boost::json::value* url = params.if_contains("url"); url && url->is_string()) {
      return CheckUrl(url->get_string(), absl::StrCat(ToAbsl(method), " url"));
    }
    return absl::OkStatus();
  }
  if (method == "input.setFiles" || method == "page.upload" || method == "page.drag") {
    const boost::json::value* files = params.if_contains("files");
    if (files == nullptr || !files->is_array()) return absl::OkStatus();
    const boost::json::array& list = files->get_array();
    boost::json::array judged;
    for (std::size_t i = 0; i < list.size(); ++i) {
      if (!list[i].is_string()) {
        judged.push_back(list[i]);  // not a path: the browser or the helper refuses it
        continue;
      }
      absl::StatusOr<std::string> real =
          CheckFilePath(list[i].get_string(), absl::StrCat(ToAbsl(method), " files[", i, "]"));
      if (!real.ok()) return real.status();
      judged.emplace_back(*real);
    }
    // The browser gets the paths that were judged: a link changed after this check must not
    // lead it to another file.
    if (resolved != nullptr && judged != list) {
      resolved->emplace(params);
      (**resolved)["files"] = std::move(judged);
    }
    return absl::OkStatus();
  }
  // page.storage reads or writes a state file itself: the path it gets is the one judged.
  if (method == "page.storage") {
    const boost::json::value* file = params.if_contains("file");
    if (file == nullptr || !file->is_string()) return absl::OkStatus();
    absl::StatusOr<std::string> real = CheckStateFile(file->get_string(), "page.storage file");
    if (!real.ok()) return real.status();
    if (resolved != nullptr && *real != std::string_view(file->get_string())) {
      resolved->emplace(params);
      (**resolved)["file"] = *real;
    }
    return absl::OkStatus();
  }
  if (method == "browser.setDownloadBehavior") return CheckDownloadBehavior(params);
  if (method == "webExtension.install" && !options_.allow_extensions) {
    return NotAllowed(
        "webExtension.install is not allowed: installing browser extensions is off; set the "
        "config key \"allow_extensions\": true to allow it");
  }
  return absl::OkStatus();
}

absl::Status Policy::CheckUrl(std::string_view url, std::string_view what) const {
  absl::StatusOr<std::string> path = FileUrlPath(url);
  if (!path.ok()) {
    if (path.status().code() == absl::StatusCode::kNotFound) return absl::OkStatus();
    return NotAllowed(
        absl::StrCat(ToAbsl(what), " ", Quoted(url), " is not allowed: ", path.status().message()));
  }
  const std::vector<std::string> roots = RealRoots(options_.file_roots);
  std::string real;
  std::string outside;
  std::string why;
  if (InsideAny(*path, roots, &real, &outside, &why)) return absl::OkStatus();
  return NotAllowed(absl::StrCat(
      ToAbsl(what), " ", Quoted(url), " is not allowed: ",
      why.empty() ? absl::StrCat("the file ", Quoted(outside), " is outside file_roots ",
                                 RootList(options_.file_roots))
                  : why,
      "; file: URLs may only name files inside the config key \"file_roots\" (add a directory "
      "that holds it there to allow it)"));
}

absl::StatusOr<std::string> Policy::CheckFilePath(std::string_view path,
                                                  std::string_view what) const {
  return CheckInsideFileRoots(path, what, "the browser may only read files");
}

absl::StatusOr<std::string> Policy::CheckStateFile(std::string_view path,
                                                   std::string_view what) const {
  return CheckInsideFileRoots(path, what, "the tool reads and writes state files only");
}

absl::StatusOr<std::string> Policy::CheckInsideFileRoots(std::string_view path,
                                                         std::string_view what,
                                                         std::string_view rule) const {
  const std::vector<std::string> roots = RealRoots(options_.file_roots);
  std::string real;
  std::string outside;
  std::string why;
  if (InsideAny(path, roots, &real, &outside, &why)) return real;
  return NotAllowed(absl::StrCat(
      ToAbsl(what), " ", Quoted(path), " is not allowed: ",
      why.empty() ? absl::StrCat("it is outside file_roots ", RootList(options_.file_roots),
                                 " (it resolves to ", Quoted(outside), ")")
                  : why,
      "; ", ToAbsl(rule),
      " inside the config key \"file_roots\" (add a directory that holds "
      "it there to allow it)"));
}

absl::Status Policy::CheckDownloadFolder(std::string_view path) const {
  const std::string rule =
      options_.downloads_dir.empty()
          ? std::string(
                "downloads may only be denied here (this instance has no downloads "
                "directory)")
          : absl::StrCat("downloads may only go to the private downloads directory ",
                         Quoted(options_.downloads_dir),
                         " or a folder inside it, or be denied (no config key allows other "
                         "folders; \"spool_dir\" moves the downloads directory with the spool)");
  if (!options_.downloads_dir.empty()) {
    std::string real;
    std::string outside;
    std::string why;
    if (InsideAny(path, RealRoots({options_.downloads_dir}), &real, &outside, &why)) {
      return absl::OkStatus();
    }
  }
  return NotAllowed(absl::StrCat("browser.setDownloadBehavior destinationFolder ", Quoted(path),
                                 " is not allowed: ", rule));
}

absl::Status Policy::CheckDownloadBehavior(const boost::json::object& params) const {
  const boost::json::value* behavior = params.if_contains("downloadBehavior");
  const boost::json::object* object = behavior ? behavior->if_object() : nullptr;
  const boost::json::value* type = object ? object->if_contains("type") : nullptr;
  if (type != nullptr && type->is_string()) {
    if (type->get_string() == "denied") return absl::OkStatus();
    if (type->get_string() == "allowed") {
      const boost::json::value* folder = object->if_contains("destinationFolder");
      if (folder != nullptr && folder->is_string()) {
        return CheckDownloadFolder(folder->get_string());
      }
    }
  }
  return NotAllowed(absl::StrCat(
      "browser.setDownloadBehavior is not allowed with this downloadBehavior: it must be "
      "{\"type\":\"denied\"} or {\"type\":\"allowed\",\"destinationFolder\":FOLDER} with FOLDER ",
      options_.downloads_dir.empty()
          ? std::string("(none: this instance has no downloads "
                        "directory)")
          : absl::StrCat("the private downloads directory ", Quoted(options_.downloads_dir),
                         " or a folder inside it"),
      " (no config key allows other folders)"));
}

}  // namespace firefox_bidi
