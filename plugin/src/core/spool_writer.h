// Spool writes off the batch thread: the batch runner hands each spooled result's bytes over
// and goes on with the next frame; the writes are waited for once, at the end of the batch.
#ifndef FIREFOX_BIDI_CORE_SPOOL_WRITER_H_
#define FIREFOX_BIDI_CORE_SPOOL_WRITER_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "core/spool.h"

namespace firefox_bidi {

// The bytes of one spool file: a buffer of their own, or the text of a result that a label
// still holds (shared, not copied; nothing changes it while it is written).
class SpoolData {
 public:
  SpoolData(std::string owned) : owned_(std::move(owned)) {}  // NOLINT: implicit on purpose
  explicit SpoolData(std::shared_ptr<const std::string> shared) : shared_(std::move(shared)) {}

  std::string_view bytes() const { return shared_ ? std::string_view(*shared_) : owned_; }

  // Once written: an own buffer goes back to the shared TextBufferPool (or is freed), a shared
  // text is let go.
  void Release();

 private:
  std::string owned_;
  std::shared_ptr<const std::string> shared_;
};

// Writes spool files off the batch thread. Submit() hands over the bytes and returns at once
// (blocking only while more than `max_in_flight_bytes` are queued); Drain() waits until every
// submitted write has finished and returns each one's status, in submission order.
//
// With `deferred == false` Submit() writes synchronously (the "inline" variant benchmarked
// against the deferred drain).
class SpoolWriter {
 public:
  SpoolWriter(Spool& spool, std::uint64_t max_in_flight_bytes, bool deferred = true);
  ~SpoolWriter();  // drains
  SpoolWriter(const SpoolWriter&) = delete;
  SpoolWriter& operator=(const SpoolWriter&) = delete;

  // Returns the ticket (0, 1, 2... per Drain cycle) that indexes Drain()'s result.
  std::size_t Submit(SpoolReservation reservation, SpoolData data);
  std::vector<absl::Status> Drain();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_SPOOL_WRITER_H_
