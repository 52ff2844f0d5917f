// Spool writes off the batch thread: the batch runner hands each spooled result's bytes over
// and goes on with the next frame; the writes are waited for once, at the end of the batch.
#ifndef FIREFOX_BIDI_CORE_SPOOL_WRITER_H_
#define FIREFOX_BIDI_CORE_SPOOL_WRITER_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "core/spool.h"

namespace firefox_bidi {

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
  std::size_t Submit(SpoolReservation reservation, std::string data);
  std::vector<absl::Status> Drain();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_SPOOL_WRITER_H_
