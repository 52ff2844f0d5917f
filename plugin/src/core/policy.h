// What the model may do (DESIGN.md section 10): the one place that judges a frame, a URL or a
// file path before anything is sent to the browser. Raw frames are judged by the batch runner
// (CheckFrame, right before the command goes out, after interpolation); page helpers call
// CheckUrl / CheckFilePath for the URLs and files they are about to hand to the browser.
//
// Every refusal is kPermissionDenied whose message says what was refused, why, and which
// config key would allow it (or that none does). The runner reports it as the frame's
// `error: "not allowed"` (FrameError::kNotAllowed); nothing is sent for that frame.
//
// What is judged:
//   - session.new, session.end: always refused (the tool owns the session; no key allows it).
//   - browsingContext.navigate `url`: a file: URL (also inside view-source: or jar:) only
//     inside file_roots.
//   - input.setFiles `files` (and page.upload's): every path absolute and inside file_roots;
//     the browser is then handed each path as the real path that was judged (CheckFrame's
//     `resolved`), so that a link changed after the check cannot lead it to another file.
//   - page.storage `file` (a state file the tool reads or writes): inside file_roots, handed
//     to the helper as the real path that was judged (for a file not yet there: the real path
//     of its directory plus its name).
//   - browser.setDownloadBehavior: `downloadBehavior` must be {"type":"denied"} or
//     {"type":"allowed","destinationFolder":F} with F the downloads directory or inside it.
//   - webExtension.install: only with allow_extensions.
// Everything else passes unchanged: BiDi commands unknown to the tool are not judged.
//
// Paths are judged as the kernel and Firefox will see them: a file: URL is stripped of its
// query and fragment, its dot segments are removed as a URL parser does, then it is
// percent-decoded; a path must be absolute; it is resolved with realpath (symlinks and `..`),
// both as written and with `..` removed lexically first, and both results must lie inside the
// real path of one root (or be that root). A path that does not exist yet is judged by the
// real path of its deepest existing ancestor plus the rest (which then may not hold `.` or
// `..`). A root that does not exist matches nothing.
//
// Thread safety: a Policy is immutable after construction; every member is const and may be
// called from any thread. It does I/O (realpath) on each check, so a root created after the
// policy still works and symlinks are judged as they are at the time of the check.
#ifndef FIREFOX_BIDI_CORE_POLICY_H_
#define FIREFOX_BIDI_CORE_POLICY_H_

#include <boost/json/object.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace firefox_bidi {

struct PolicyOptions {
  // Absolute directories under which file: URLs and uploaded files are allowed. Empty: none.
  std::vector<std::string> file_roots;
  bool allow_extensions = false;
  // The private downloads directory (inside the spool directory); "" refuses every
  // destinationFolder (downloads may still be denied).
  std::string downloads_dir;
};

class Policy {
 public:
  explicit Policy(PolicyOptions options);

  const PolicyOptions& options() const { return options_; }

  // Judges one frame's method and (interpolated) params. OK, or kPermissionDenied. When the
  // frame is allowed and hands files to the browser (input.setFiles, page.upload) by paths
  // other than their real ones, `*resolved` (when given) receives the params to send instead:
  // `files` holding the real paths that were judged. Left alone otherwise.
  absl::Status CheckFrame(std::string_view method, const boost::json::object& params,
                          std::optional<boost::json::object>* resolved = nullptr) const;

  // A URL the browser is about to load: OK for any URL that is not a file: URL (nor wraps one
  // in view-source: or jar:); a file: URL only inside file_roots. `what` names the parameter
  // in the message, e.g. "browsingContext.navigate url" or "page.goto url".
  absl::Status CheckUrl(std::string_view url, std::string_view what) const;

  // A local file the browser is about to read (input.setFiles, page.upload): absolute and
  // inside file_roots. Returns its real path (symlinks and `..` resolved), the one to hand to
  // the browser. `what` names the parameter in the message.
  absl::StatusOr<std::string> CheckFilePath(std::string_view path, std::string_view what) const;

  // A state file the tool reads or writes itself (page.storage, config storage_state): absolute
  // and inside file_roots; a file that does not exist yet is judged by its directory's real
  // path. Returns the real path to use. `what` names the parameter in the message.
  absl::StatusOr<std::string> CheckStateFile(std::string_view path, std::string_view what) const;

  // A download destination: the downloads directory or a folder inside it.
  absl::Status CheckDownloadFolder(std::string_view path) const;

 private:
  // CheckFilePath and CheckStateFile: the path's real path when it lies inside file_roots, else
  // a refusal ending with `rule` (what is allowed only inside file_roots).
  absl::StatusOr<std::string> CheckInsideFileRoots(std::string_view path, std::string_view what,
                                                   std::string_view rule) const;

  absl::Status CheckDownloadBehavior(const boost::json::object& params) const;

  PolicyOptions options_;
};

// `url` as it may be shown in an error, a log line or a result: without user info
// ("user:token@") and without query and fragment, which may carry secrets (DESIGN.md section
// 10). "ws://u:p@h:1/session?token=x" -> "ws://h:1/session".
std::string RedactUrl(std::string_view url);

// Creates (mode 0700) or opens `<spool_dir>/downloads`, the private directory downloads go
// to, and checks it as the spool directory is checked: a real directory (not a link) owned by
// this user with no group or other access. Returns its path. kFailedPrecondition when unsafe.
absl::StatusOr<std::string> OpenDownloadsDirectory(const std::string& spool_dir);

// The local path a file: URL names (query and fragment dropped, dot segments removed,
// percent-decoded), or kInvalidArgument when `url` is not a file: URL the policy can judge
// (a remote host, a NUL byte). nullopt-like kNotFound when `url` is not a file: URL at all.
// Exposed for tests.
absl::StatusOr<std::string> FileUrlPath(std::string_view url);

// The scheme of `url` in lower case as a URL parser reads it (surrounding spaces and control
// characters dropped, tabs and newlines ignored): " JavaScript:x" -> "javascript"; "" when
// `url` does not start with a scheme.
std::string UrlScheme(std::string_view url);

// `path` resolved as described above (realpath of the deepest existing ancestor plus the
// rest). kInvalidArgument for a relative path, a NUL byte, or `.`/`..` after a missing
// component. Exposed for tests.
absl::StatusOr<std::string> ResolveRealPath(std::string_view path);

// True when `real` (already resolved) is `root_real` or lies inside it.
bool PathIsInside(std::string_view real, std::string_view root_real);

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_POLICY_H_
