// The protocol half of a WebDriver BiDi connection, without I/O: assigns command ids, turns a
// command into the text to send, and classifies every message received against the call that
// waits for its reply. A transport (net/bidi_connection.cc) owns the socket, the deadlines and
// the read loop, and drives one BidiChannel; tests drive it with strings.
//
// Send() starts the wait for the id it assigns, a received reply with that id ends it, and so
// does EndWait(id) (the call timed out, was interrupted, or its transport failed). A reply that
// arrives afterwards is kLateReply. Several calls may wait at once (calls of different agents
// share one connection), each for its own id.
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
  // Assigns the next id, encodes the command and waits for its reply from now on, besides the
  // calls already waiting.
  Command Send(std::string_view method, const boost::json::object& params);
  // Assigns the next id and encodes the command without waiting for its reply: the call that
  // waits (if any) goes on waiting, and the reply, when it comes, is kPostedReply.
  Command SendUnawaited(std::string_view method, const boost::json::object& params);

  // Stops waiting for the reply to `id`: its call timed out, was interrupted or its transport
  // failed. The reply, should it still arrive, is kLateReply. No effect when `id` is not awaited.
  void EndWait(std::uint64_t id) { waiting_.erase(id); }
  // EndWait for every call that waits (the transport failed).
  void EndAllWaits() { waiting_.clear(); }

  // Whether a call waits for the reply to `id`; how many calls wait.
  bool awaits(std::uint64_t id) const { return waiting_.contains(id); }
  std::size_t waiting() const { return waiting_.size(); }

  struct Received {
    enum class Kind {
      // The reply to a waiting call: a success or an error with its id, or an error without
      // id (the browser could not read a command; with one call waiting, it is that call's).
      // The wait ends.
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
      // Not JSON, or JSON that is not a BiDi message; `status` says why (kInvalidArgument). If one
      // call was waiting, this message is its outcome (`call_id` is its id) and the wait ends;
      // with several waiting it cannot be told whose it is, and ends none.
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
  // The id of the one call waiting, which stops waiting; 0 when none or several wait.
  std::uint64_t TakeSoleWait();

  const ResultForm form_;
  std::uint64_t next_id_ = 1;
  std::set<std::uint64_t> waiting_;  // ids whose calls wait for their reply
  // Ids sent with SendUnawaited whose reply has not come yet; the oldest are forgotten past
  // kMaxPosted (their replies then read as kLateReply).
  std::set<std::uint64_t> posted_;
  static constexpr std::size_t kMaxPosted = 4096;
};

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_BIDI_CHANNEL_H_
