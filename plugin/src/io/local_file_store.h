// core/file_store.h on the local file system.
#ifndef FIREFOX_BIDI_IO_LOCAL_FILE_STORE_H_
#define FIREFOX_BIDI_IO_LOCAL_FILE_STORE_H_

#include "core/file_store.h"

namespace firefox_bidi {

class LocalFileStore final : public FileStore {
 public:
  absl::StatusOr<std::string> Read(const std::string& path, std::size_t max_bytes) const override;
  // The new file is written next to `path` as WriteNewPrivateFile writes (exclusive, 0600,
  // never through a link) under a name of its own, then renamed over `path`.
  absl::Status Replace(const std::string& path, std::string_view data) const override;
};

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_IO_LOCAL_FILE_STORE_H_
