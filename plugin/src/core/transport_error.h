// Every way a call on a BidiTransport (transport.h) can fail, one name each. A transport names
// the failure where it happens (TransportErrorStatus); the batch runner turns it into a frame's
// record code in one place (FrameErrorCode). The absl code each name travels under is the one
// transport.h documents, so code that only looks at codes keeps working.
#ifndef FIREFOX_BIDI_CORE_TRANSPORT_ERROR_H_
#define FIREFOX_BIDI_CORE_TRANSPORT_ERROR_H_

#include <cstdint>
#include <string_view>

#include "absl/status/status.h"

namespace firefox_bidi {

enum class TransportError : std::uint8_t {
  kReplyTimeout,     // kDeadlineExceeded: no reply (or event) in time; the channel stays usable
  kDisconnected,     // kUnavailable: the browser or the socket went away
  kCancelled,        // kCancelled: Interrupt() was called
  kMessageTooLarge,  // kResourceExhausted: a message over the configured maximum arrived
  kNotBidi,          // kInternal: the browser sent a message that is not WebDriver BiDi
  kOther,            // anything else (another code, or OK)
};

// A status with `error`'s code and `message`, which carries `error` by name (a payload), so
// that it is never read back from a code that means something else elsewhere.
absl::Status TransportErrorStatus(TransportError error, std::string_view message);

// The error `status` carries. A status built without TransportErrorStatus (by a fake transport,
// a page helper, or wrapped on the way) is named by its code as the list above says.
TransportError TransportErrorOf(const absl::Status& status);

// The record's "error" for a frame that failed this way: "timeout", "browser disconnected",
// "cancelled", "reply too large", or "transport error" (kNotBidi, kOther).
std::string_view FrameErrorCode(TransportError error);

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_TRANSPORT_ERROR_H_
