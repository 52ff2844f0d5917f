#include "core/interpolate.h"

#include <boost/json/serialize.hpp>
#include <boost/json/serializer.hpp>
#include <limits>
#include <optional>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "core/json_text.h"
#include "core/ref_path.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"

namespace firefox_bidi {
namespace {

// Calls `on_ref(begin, length)` for each well-formed reference in `s`, in order; stops early
// when it returns false.
template <typename Fn>
void ForEachReference(std::string_view s, Fn on_ref) {
  std::size_t pos = s.find("<<");
  while (pos != std::string_view::npos) {
    const std::size_t n = MatchReference(s.substr(pos));
    if (n != 0) {
      if (!on_ref(pos, n)) return;
      pos = s.find("<<", pos + n);
    } else {
      pos = s.find("<<", pos + 1);
    }
  }
}

bool StringHasReference(std::string_view s) {
  bool found = false;
  ForEachReference(s, [&](std::size_t, std::size_t) {
    found = true;
    return false;
  });
  return found;
}

bool ValueHasReference(const boost::json::value& v) {
  switch (v.kind()) {
    case boost::json::kind::string:
      return StringHasReference(v.get_string());
    case boost::json::kind::object:
      for (const auto& member : v.get_object()) {
        if (ValueHasReference(member.value())) return true;
      }
      return false;
    case boost::json::kind::array:
      for (const auto& element : v.get_array()) {
        if (ValueHasReference(element)) return true;
      }
      return false;
    default:
      return false;
  }
}

// Bytes `text` takes inside a JSON string as Boost.JSON escapes it.
std::uint64_t EscapedSize(std::string_view text) {
  std::uint64_t size = 0;
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\' || c == '\b' || c == '\f' || c == '\n' || c == '\r' || c == '\t') {
      size += 2;
    } else if (u < 0x20) {
      size += 6;  // \u00XX
    } else {
      size += 1;
    }
  }
  return size;
}

// Rewrites references while counting the params' serialized size against a bound.
class Interpolator {
 public:
  Interpolator(LabelLookup lookup, std::uint64_t size, std::uint64_t max_bytes)
      : lookup_(lookup), size_(size), max_(max_bytes) {}

  absl::Status Value(boost::json::value& v) {
    switch (v.kind()) {
      case boost::json::kind::string:
        return String(v);
      case boost::json::kind::object:
        for (auto& member : v.get_object()) RETURN_IF_ERROR(Value(member.value()));
        return absl::OkStatus();
      case boost::json::kind::array:
        for (auto& element : v.get_array()) RETURN_IF_ERROR(Value(element));
        return absl::OkStatus();
      default:
        return absl::OkStatus();
    }
  }

 private:
  // `token` is the whole "<<REF>>".
  absl::StatusOr<const boost::json::value*> Resolve(std::string_view token) {
    const std::optional<Reference> ref = ParseReference(token.substr(2, token.size() - 4));
    if (!ref) {  // cannot happen for a token MatchReference accepted
      return absl::InvalidArgumentError(absl::StrCat(ToAbsl(token), ": malformed reference"));
    }
    if (ref->path.index_overflow) {
      return absl::InvalidArgumentError(absl::StrCat(ToAbsl(token),
                                                     ": an index is too large (at most ",
                                                     std::numeric_limits<std::size_t>::max(), ")"));
    }
    std::string why;
    const boost::json::value* root = lookup_(ref->label, &why);
    if (root == nullptr) {
      return absl::NotFoundError(absl::StrCat(
          ToAbsl(token), ": unknown label \"", ref->label, "\"",
          why.empty() ? " (no earlier frame of this call, and no kept result of an earlier call, "
                        "has this label)"
                      : absl::StrCat(" (", why, ")")));
    }
    auto resolved = ResolvePathExplained(*root, ref->path, ref->label);
    if (!resolved.ok()) {
      return absl::NotFoundError(absl::StrCat(ToAbsl(token), ": ", resolved.status().message()));
    }
    return *resolved;
  }

  // Room left before the bound, once `removed` bytes of the params are gone.
  std::uint64_t Room(std::uint64_t removed) const { return max_ - (size_ - removed); }

  absl::Status TooLarge(std::string_view token) const {
    return absl::ResourceExhaustedError(absl::StrCat(
        ToAbsl(token), ": the frame's params would expand past ", max_,
        " bytes of JSON; reference smaller parts (a path into the label), or fewer times"));
  }

  absl::Status String(boost::json::value& v) {
    const std::string_view s = v.get_string();
    if (s.find("<<") == std::string_view::npos) return absl::OkStatus();
    if (s.size() > 4 && MatchReference(s) == s.size()) {
      ASSIGN_OR_RETURN(const boost::json::value* value, Resolve(s));
      const std::uint64_t removed = s.size() + 2;  // the quoted token needs no escapes
      const std::optional<std::uint64_t> added = SerializedSizeWithin(*value, Room(removed));
      if (!added) return TooLarge(s);
      size_ = size_ - removed + *added;
      v = *value;  // the whole string is the reference: keep the value's type
      return absl::OkStatus();
    }
    boost::json::string out(v.storage());
    std::size_t copied = 0;
    absl::Status status;
    ForEachReference(s, [&](std::size_t begin, std::size_t length) {
      const std::string_view token = s.substr(begin, length);
      auto value = Resolve(token);
      if (!value.ok()) {
        status = value.status();
        return false;
      }
      const std::uint64_t room = Room(length);
      std::uint64_t added = 0;
      std::string text;  // a non-string value's compact JSON
      if ((*value)->is_string()) {
        // A string's serialization is its escaped characters in quotes.
        const std::optional<std::uint64_t> size = SerializedSizeWithin(**value, room + 2);
        if (!size) {
          status = TooLarge(token);
          return false;
        }
        added = *size - 2;
      } else {
        // Its raw text is no longer than its escaped text: bound it before building it.
        if (!SerializedSizeWithin(**value, room)) {
          status = TooLarge(token);
          return false;
        }
        text = JsonText(**value);
        added = EscapedSize(text);
        if (added > room) {
          status = TooLarge(token);
          return false;
        }
      }
      size_ = size_ - length + added;
      out.append(s.substr(copied, begin - copied));
      if (const auto* str = (*value)->if_string()) {
        out.append(*str);
      } else {
        out.append(text);
      }
      copied = begin + length;
      return true;
    });
    RETURN_IF_ERROR(status);
    if (copied == 0) return absl::OkStatus();  // only literal "<<"
    out.append(s.substr(copied));
    v = std::move(out);
    return absl::OkStatus();
  }

  LabelLookup lookup_;
  std::uint64_t size_;  // the params' serialized size as rewritten so far
  const std::uint64_t max_;
};

}  // namespace

std::optional<std::uint64_t> SerializedSizeWithin(const boost::json::value& v,
                                                  std::uint64_t limit) {
  boost::json::serializer serializer;
  serializer.reset(&v);
  char buffer[4096];
  std::uint64_t total = 0;
  while (!serializer.done()) {
    total += serializer.read(buffer, sizeof buffer).size();
    if (total > limit) return std::nullopt;
  }
  return total;
}

bool NeedsInterpolation(const boost::json::object& params) {
  for (const auto& member : params) {
    if (ValueHasReference(member.value())) return true;
  }
  return false;
}

absl::Status InterpolateInPlace(boost::json::object& params, LabelLookup lookup,
                                std::uint64_t max_bytes) {
  boost::json::value whole(std::move(params));
  const std::optional<std::uint64_t> size = SerializedSizeWithin(whole, max_bytes);
  absl::Status status;
  if (!size) {
    status = absl::ResourceExhaustedError(
        absl::StrCat("the frame's params are larger than ", max_bytes, " bytes of JSON"));
  } else {
    status = Interpolator(lookup, *size, max_bytes).Value(whole);
  }
  params = std::move(whole.get_object());
  return status;
}

}  // namespace firefox_bidi
