#include "core/bidi_channel.h"

#include <utility>

#include "absl/status/statusor.h"

namespace firefox_bidi {

BidiChannel::Command BidiChannel::Send(std::string_view method, const boost::json::object& params) {
  Command command;
  command.id = next_id_++;
  command.text = EncodeCommand(command.id, method, params);
  waiting_.insert(command.id);
  return command;
}

BidiChannel::Command BidiChannel::SendUnawaited(std::string_view method,
                                                const boost::json::object& params) {
  Command command;
  command.id = next_id_++;
  command.text = EncodeCommand(command.id, method, params);
  posted_.insert(command.id);
  if (posted_.size() > kMaxPosted) posted_.erase(posted_.begin());
  return command;
}

std::uint64_t BidiChannel::TakeSoleWait() {
  if (waiting_.size() != 1) return 0;
  return waiting_.extract(waiting_.begin()).value();
}

BidiChannel::Received BidiChannel::Receive(std::string_view text, Utf8 utf8) {
  Received received;
  absl::StatusOr<IncomingMessage> message = ClassifyMessage(text, form_, utf8);
  if (!message.ok()) {
    received.kind = Received::Kind::kNotBidi;
    received.status = std::move(message).status();
    received.call_id = TakeSoleWait();
    return received;
  }
  if (message->kind == IncomingMessage::Kind::kEvent) {
    received.kind = Received::Kind::kEvent;
    received.event = std::move(message->event);
    return received;
  }
  received.reply_id = message->id;
  received.reply.ok = message->kind == IncomingMessage::Kind::kSuccess;
  received.reply.result = std::move(message->result);
  received.reply.error = std::move(message->error);
  received.reply.message = std::move(message->message);
  const bool without_id = message->id == 0 && message->kind == IncomingMessage::Kind::kError;
  if (message->id != 0 && waiting_.erase(message->id) > 0) {
    received.kind = Received::Kind::kReply;
    received.call_id = message->id;
  } else if (without_id && waiting_.size() == 1) {
    received.kind = Received::Kind::kReply;
    received.call_id = TakeSoleWait();
  } else if (message->id != 0 && posted_.erase(message->id) > 0) {
    received.kind = Received::Kind::kPostedReply;
  } else if (message->id != 0 && message->id < next_id_) {
    received.kind = Received::Kind::kLateReply;
  } else {
    received.kind = Received::Kind::kStrayReply;
  }
  return received;
}

}  // namespace firefox_bidi
