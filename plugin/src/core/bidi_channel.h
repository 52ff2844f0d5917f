// The protocol half of a WebDriver BiDi connection, without I/O: assigns command ids, turns a
// command into the text to send, and classifies every message received against the call that
// waits for its reply. A transport (net/bidi_connection.cc) owns the socket, the deadlines and
// the read loop, and drives one BidiChannel; tests drive it with strings.
//
// One call waits at a time (BidiTransport's contract): Send() starts the wait for the id it
// assigns, a received reply with that id ends it, and so does EndWait() (the call timed out,
// was interrupted, or its transport failed). A reply that arrives afterwards is kLateReply.
#ifndef FIREFOX_BIDI_CORE_BIDI_CHANNEL_H_
#define FIREFOX_BIDI_CORE_BIDI_CHANNEL_H_

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "core/bidi_protocol.h"
#include "core/canonical_json.h"
#include "core/transport.h"

namespace firefox_bidi {

// Thread safety: none; one transport drives it from one thread.
class BidiChannel {
 public:
  // `form`: how success results are handed on (see ResultForm).
  explicit BidiChannel(ResultForm form = ResultForm::kCanonicalText) : form_(form) {}

  struct Command {
    std::uint64_t id = 0;  // 1, 2, 3... in the order of Send()
    std::string text;      // {"id":<id>,"method":...,"params":...}, one WebSocket text message
  };
  // Assigns the next id, encodes the command and waits for its reply from now on (a call that
  // was still waiting stops waiting).
  Command Send(std::string_view method, const boost::json::object& params);
  // Assigns the next id and encodes the command without waiting for its reply: the call that
  // waits (if any) goes on waiting, and the reply, when it comes, is kPostedReply.
  Command SendUnawaited(std::string_view method, const boost::json::object& params);

  // Stops waiting for the current call's reply: it timed out, was interrupted or its transport
  // failed. Its reply, should it still arrive, is kLateReply. No effect when nothing waits.
  void EndWait() { waiting_id_ = 0; }

  // The id of the call waiting for its reply, 0 when none waits.
  std::uint64_t waiting_id() const { return waiting_id_; }

  struct Received {
    enum class Kind {
      // The reply to the waiting call: a success or an error with its id, or an error without
      // id (the browser could not read the command; with one command in flight, it is the one
      // that waits). The wait ends.
      kReply,
      // An event message; `event` holds all of it.
      kEvent,
      // A reply to an id sent earlier whose call no longer waits (it timed out, was interrupted,
      // or was answered already). To be discarded.
      kLateReply,
      // A reply to an id never sent, or an error without id while no call waits. To be
      // discarded.
      kStrayReply,
      // The reply to a command sent with SendUnawaited: nobody reads its result; an error is
      // worth a log line.
      kPostedReply,
      // Not JSON, or JSON that is not a BiDi message; `status` says why (kInvalidArgument). If a
      // call was waiting, this message is its outcome (`call_id` is its id) and the wait ends.
      kNotBidi,
    };
    Kind kind = Kind::kNotBidi;
    // kReply, kNotBidi: the id of the call this message ends, 0 if none (kNotBidi only).
    std::uint64_t call_id = 0;
    // kReply, kLateReply, kStrayReply, kPostedReply: the id the message carries (0 for an error
    // without id).
    std::uint64_t reply_id = 0;
    BidiReply reply;           // kReply, kLateReply, kStrayReply, kPostedReply
    boost::json::value event;  // kEvent
    absl::Status status;       // kNotBidi
  };
  // Classifies one whole text message. `utf8`: kAlreadyValid only for text known to be valid
  // UTF-8 (a WebSocket text message checked by the transport).
  Received Receive(std::string_view text, Utf8 utf8 = Utf8::kCheck);

 private:
  const ResultForm form_;
  std::uint64_t next_id_ = 1;
  std::uint64_t waiting_id_ = 0;
  // Ids sent with SendUnawaited whose reply has not come yet; the oldest are forgotten past
  // kMaxPosted (their replies then read as kLateReply).
  std::set<std::uint64_t> posted_;
  static constexpr std::size_t kMaxPosted = 4096;
};

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_BIDI_CHANNEL_H_
