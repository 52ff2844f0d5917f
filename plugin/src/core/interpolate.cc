#include "core/interpolate.h"

#include <boost/json/serialize.hpp>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
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

// `token` is the whole "<<REF>>".
absl::StatusOr<const boost::json::value*> Resolve(std::string_view token, LabelLookup lookup) {
  const std::optional<Reference> ref = ParseReference(token.substr(2, token.size() - 4));
  if (!ref) {  // cannot happen for a token MatchReference accepted
    return absl::InvalidArgumentError(absl::StrCat(ToAbsl(token), ": malformed reference"));
  }
  std::string why;
  const boost::json::value* root = lookup(ref->label, &why);
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

absl::Status InterpolateString(boost::json::value& v, LabelLookup lookup) {
  const std::string_view s = v.get_string();
  if (s.find("<<") == std::string_view::npos) return absl::OkStatus();
  if (s.size() > 4 && MatchReference(s) == s.size()) {
    ASSIGN_OR_RETURN(const boost::json::value* value, Resolve(s, lookup));
    v = *value;  // the whole string is the reference: keep the value's type
    return absl::OkStatus();
  }
  boost::json::string out(v.storage());
  std::size_t copied = 0;
  absl::Status status;
  ForEachReference(s, [&](std::size_t begin, std::size_t length) {
    auto value = Resolve(s.substr(begin, length), lookup);
    if (!value.ok()) {
      status = value.status();
      return false;
    }
    out.append(s.substr(copied, begin - copied));
    if (const auto* str = (*value)->if_string()) {
      out.append(*str);
    } else {
      out.append(boost::json::serialize(**value));
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

absl::Status InterpolateValue(boost::json::value& v, LabelLookup lookup) {
  switch (v.kind()) {
    case boost::json::kind::string:
      return InterpolateString(v, lookup);
    case boost::json::kind::object:
      for (auto& member : v.get_object()) {
        RETURN_IF_ERROR(InterpolateValue(member.value(), lookup));
      }
      return absl::OkStatus();
    case boost::json::kind::array:
      for (auto& element : v.get_array()) RETURN_IF_ERROR(InterpolateValue(element, lookup));
      return absl::OkStatus();
    default:
      return absl::OkStatus();
  }
}

}  // namespace

bool NeedsInterpolation(const boost::json::object& params) {
  for (const auto& member : params) {
    if (ValueHasReference(member.value())) return true;
  }
  return false;
}

absl::Status InterpolateInPlace(boost::json::object& params, LabelLookup lookup) {
  for (auto& member : params) RETURN_IF_ERROR(InterpolateValue(member.value(), lookup));
  return absl::OkStatus();
}

}  // namespace firefox_bidi
