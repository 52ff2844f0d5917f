// Files the tool itself reads and writes for the model (page.storage's state files): an
// interface here, so that the page layer never touches the file system; the implementation on
// disk is io/local_file_store.h. Every path handed in is one the policy judged and resolved
// (Policy::CheckStateFile): absolute, its real directory inside file_roots.
#ifndef FIREFOX_BIDI_CORE_FILE_STORE_H_
#define FIREFOX_BIDI_CORE_FILE_STORE_H_

#include <cstddef>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace firefox_bidi {

// Thread safety: implementations keep no state between calls; any thread.
class FileStore {
 public:
  virtual ~FileStore() = default;

  // The whole content of the regular file `path`. kNotFound when it does not exist,
  // kInvalidArgument when it is no regular file or holds more than `max_bytes`, another code
  // (with the system's reason) when it cannot be read.
  virtual absl::StatusOr<std::string> Read(const std::string& path,
                                           std::size_t max_bytes) const = 0;

  // Replaces `path` with a file holding `data`, mode 0600, all at once: readers see the old
  // file or the new one, never a part (a new file in the same directory, then renamed over
  // it). On failure `path` is as it was and nothing else is left behind.
  virtual absl::Status Replace(const std::string& path, std::string_view data) const = 0;
};

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_FILE_STORE_H_
