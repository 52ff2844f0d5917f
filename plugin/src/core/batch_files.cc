#include "core/batch_files.h"

#include <utility>

#include "core/frame_error.h"

namespace firefox_bidi {

BatchFiles::BatchFiles(Spool& spool, std::string owner, std::uint64_t max_in_flight_bytes,
                       bool deferred)
    : spool_(spool),
      owner_(std::move(owner)),
      max_in_flight_bytes_(max_in_flight_bytes),
      deferred_(deferred) {}

absl::StatusOr<BatchFiles::Handed> BatchFiles::Write(std::size_t index, std::string_view label,
                                                     std::string_view ext, SpoolData data) {
  if (!writer_) {
    batch_ = spool_.BeginBatch(owner_);  // once, and only for a batch that spools
    writer_.emplace(spool_, max_in_flight_bytes_, deferred_);
  }
  absl::StatusOr<SpoolReservation> reservation =
      spool_.Reserve(batch_, index, label, ext, data.bytes().size());
  if (!reservation.ok()) return reservation.status();
  Handed handed{.path = reservation->path, .ticket = 0};
  handed.ticket = writer_->Submit(std::move(*reservation), std::move(data));
  return handed;
}

std::vector<absl::Status> BatchFiles::Drain() {
  if (!writer_) return {};
  return writer_->Drain();
}

const absl::Status* FailedWrite(const std::vector<absl::Status>& statuses,
                                std::optional<std::size_t> ticket) {
  if (!ticket || *ticket >= statuses.size() || statuses[*ticket].ok()) return nullptr;
  return &statuses[*ticket];
}

std::string_view SpoolErrorCode(const absl::Status& status) {
  return status.code() == absl::StatusCode::kResourceExhausted
             ? FrameErrorName(FrameError::kSpoolQuotaExceeded)
             : FrameErrorName(FrameError::kSpoolWriteFailed);
}

}  // namespace firefox_bidi
