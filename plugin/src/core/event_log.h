// The events one batch returns (DESIGN.md section 7): kept in arrival order, each tagged with
// the frame in flight, bounded in number and in bytes with the newest kept, and written as the
// "events" array: a dropped count, the first ones inline, the rest in one spool file.
#ifndef FIREFOX_BIDI_CORE_EVENT_LOG_H_
#define FIREFOX_BIDI_CORE_EVENT_LOG_H_

#include <boost/json/value.hpp>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "core/batch_files.h"
#include "core/config.h"

namespace firefox_bidi {

// Thread safety: the batch's thread only. One EventLog per batch.
class EventLog {
 public:
  // Uses limits.max_events, limits.max_event_bytes and limits.max_inline_events.
  explicit EventLog(const Limits& limits);

  // Keeps `event` (an object gets "frame": `frame`, the index of the frame in flight, -1
  // between calls), serialized compactly. Past max_events or max_event_bytes (the kept
  // events' serialized sizes, tag included) the oldest kept events are dropped and counted;
  // an event larger than max_event_bytes on its own is dropped and counted at once.
  void Add(boost::json::value event, std::int64_t frame);

  std::size_t kept() const { return texts_.size(); }
  std::size_t dropped() const { return dropped_; }

  // The "events" array's elements, once every frame is done; empty when no event arrived
  // (then "events" is left out of the result). In order:
  //   - {"dropped":K} when K events were not kept;
  //   - the first kept events inline: at most max_inline_events, and only while the whole
  //     result stays within `max_result_bytes`, counting from `used_bytes` (the result's size
  //     with an empty "events" array) and a comma before every element but the first;
  //   - the rest in one JSON-lines file (one event a line) written through `files` as
  //     `<batch>-<file_index>-events.jsonl`, shown by the marker
  //     {"spooled":PATH,"size":FILE_BYTES,"count":K,"preview":FIRST_200_BYTES}, or, when the
  //     quota refuses it, {"error":{"error":"spool quota exceeded","message":...},"count":K}.
  // Call once; the kept events are given up.
  std::vector<std::string> Finish(std::uint64_t used_bytes, std::uint64_t max_result_bytes,
                                  std::size_t file_index, BatchFiles& files);

  // After files.Drain(): when the events file's write failed, its marker in `pieces` (what
  // Finish returned) becomes {"error":{"error":"spool write failed","message":...},"count":K}.
  void CheckWritten(const std::vector<absl::Status>& statuses,
                    std::vector<std::string>& pieces) const;

 private:
  const Limits& limits_;
  std::deque<std::string> texts_;  // kept events, oldest first
  std::uint64_t bytes_ = 0;        // their total size
  std::size_t dropped_ = 0;
  // The spooled events: their write, their number, their marker's index among the pieces.
  std::optional<std::size_t> ticket_;
  std::size_t spooled_count_ = 0;
  std::size_t marker_ = 0;
};

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_EVENT_LOG_H_
