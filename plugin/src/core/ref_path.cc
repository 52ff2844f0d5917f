#include "core/ref_path.h"

#include <charconv>
#include <limits>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/string_view_compat.h"

namespace firefox_bidi {
namespace {

bool IsNameStart(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsNameChar(char c) { return IsNameStart(c) || IsDigit(c) || c == '-'; }

// Length of the NAME at text[pos], 0 when there is none or it is longer than the pattern
// allows (a longer run is malformed, not a shorter name).
std::size_t ScanName(std::string_view text, std::size_t pos) {
  if (pos >= text.size() || !IsNameStart(text[pos])) return 0;
  std::size_t end = pos + 1;
  while (end < text.size() && IsNameChar(text[end])) ++end;
  return end - pos <= kMaxNameLength ? end - pos : 0;
}

// Length of the INDEX at text[pos], 0 when there is none. An index that does not fit a
// size_t is malformed (0) when `overflow` is null; otherwise it is accepted, `*value` is the
// largest size_t and `*overflow` is set (a reference with it is an interpolation error, not
// literal text).
std::size_t ScanIndex(std::string_view text, std::size_t pos, std::size_t* value,
                      bool* overflow = nullptr) {
  std::size_t end = pos;
  while (end < text.size() && IsDigit(text[end])) ++end;
  if (end == pos) return 0;
  std::size_t parsed = 0;
  auto [ptr, ec] = std::from_chars(text.data() + pos, text.data() + end, parsed);
  if (ec == std::errc::result_out_of_range && overflow != nullptr) {
    *overflow = true;
    parsed = std::numeric_limits<std::size_t>::max();
  } else if (ec != std::errc() || ptr != text.data() + end) {
    return 0;
  }
  if (value != nullptr) *value = parsed;
  return end - pos;
}

// Parses steps from text[*pos] while they start with '.' or '['. `first_bare` allows the
// first step without its leading dot (pick paths). Steps are appended to `out` unless it is
// null. False when a step is malformed.
bool ParseSteps(std::string_view text, std::size_t* pos, bool first_bare,
                std::vector<PathStep>* out, bool* overflow = nullptr) {
  std::size_t p = *pos;
  bool first = true;
  while (p < text.size()) {
    const char c = text[p];
    if (c == '[') {
      std::size_t index = 0;
      const std::size_t n = ScanIndex(text, p + 1, &index, overflow);
      if (n == 0 || p + 1 + n >= text.size() || text[p + 1 + n] != ']') return false;
      if (out != nullptr) out->emplace_back(index);
      p += n + 2;
    } else if (c == '.' || (first && first_bare)) {
      if (c == '.' && first && first_bare) return false;  // a pick has no leading dot
      const std::size_t start = c == '.' ? p + 1 : p;
      std::size_t n = ScanName(text, start);
      // `.INDEX` is also a member name, so a huge one is not an overflow (it may name one).
      bool name_overflow = false;
      if (n == 0) n = ScanIndex(text, start, nullptr, overflow ? &name_overflow : nullptr);
      if (n == 0) return false;
      if (out != nullptr) out->emplace_back(std::string(text.substr(start, n)));
      p = start + n;
    } else {
      break;
    }
    first = false;
  }
  *pos = p;
  return true;
}

// A `.NAME` step written as `.INDEX` (names never start with a digit).
bool NameIsIndex(const std::string& name, std::size_t* index) {
  return !name.empty() && IsDigit(name[0]) && ScanIndex(name, 0, index) == name.size();
}

void AppendStep(std::string* where, const PathStep& step) {
  if (const auto* name = std::get_if<std::string>(&step)) {
    if (!where->empty()) where->push_back('.');
    where->append(*name);
  } else {
    absl::StrAppend(where, "[", std::get<std::size_t>(step), "]");
  }
}

std::string MemberList(const boost::json::object& object) {
  constexpr std::size_t kShown = 10;
  if (object.empty()) return "the object is empty";
  std::string list = "members: ";
  std::size_t shown = 0;
  for (const auto& member : object) {
    if (shown == kShown) {
      absl::StrAppend(&list, ", ... (", object.size(), " in all)");
      break;
    }
    absl::StrAppend(&list, shown == 0 ? "" : ", ", "\"", ToAbsl(member.key()), "\"");
    ++shown;
  }
  return list;
}

}  // namespace

bool IsValidLabel(std::string_view s) { return !s.empty() && ScanName(s, 0) == s.size(); }

std::optional<RefPath> ParsePickPath(std::string_view text) {
  RefPath path;
  std::size_t pos = 0;
  if (text.empty() || !ParseSteps(text, &pos, /*first_bare=*/true, &path.steps) ||
      pos != text.size()) {
    return std::nullopt;
  }
  path.text = std::string(text);
  return path;
}

std::optional<Reference> ParseReference(std::string_view text) {
  const std::size_t n = ScanName(text, 0);
  if (n == 0) return std::nullopt;
  Reference ref;
  std::size_t pos = n;
  if (!ParseSteps(text, &pos, /*first_bare=*/false, &ref.path.steps, &ref.path.index_overflow) ||
      pos != text.size()) {
    return std::nullopt;
  }
  ref.label = std::string(text.substr(0, n));
  ref.path.text = std::string(text);
  return ref;
}

std::size_t MatchReference(std::string_view text) {
  if (text.substr(0, 2) != "<<") return 0;
  const std::size_t n = ScanName(text, 2);
  if (n == 0) return 0;
  std::size_t pos = 2 + n;
  bool overflow = false;
  if (!ParseSteps(text, &pos, /*first_bare=*/false, nullptr, &overflow)) return 0;
  if (text.substr(pos, 2) != ">>") return 0;
  return pos + 2;
}

const boost::json::value* ResolvePath(const boost::json::value& root, const RefPath& path) {
  const boost::json::value* v = &root;
  for (const PathStep& step : path.steps) {
    std::size_t index = 0;
    if (const auto* name = std::get_if<std::string>(&step)) {
      if (const auto* object = v->if_object()) {
        v = object->if_contains(*name);
        if (v == nullptr) return nullptr;
        continue;
      }
      if (!v->is_array() || !NameIsIndex(*name, &index)) return nullptr;
    } else {
      index = std::get<std::size_t>(step);
    }
    const auto* array = v->if_array();
    if (array == nullptr || index >= array->size()) return nullptr;
    v = &(*array)[index];
  }
  return v;
}

absl::StatusOr<const boost::json::value*> ResolvePathExplained(const boost::json::value& root,
                                                               const RefPath& path,
                                                               std::string_view prefix) {
  // The explanation is built only for a path that fails.
  if (const boost::json::value* found = ResolvePath(root, path)) return found;
  const boost::json::value* v = &root;
  std::string where(prefix);
  for (const PathStep& step : path.steps) {
    const std::string before = where.empty() ? "the result" : where;
    AppendStep(&where, step);
    std::size_t index = 0;
    bool by_index = false;
    if (const auto* name = std::get_if<std::string>(&step)) {
      if (const auto* object = v->if_object()) {
        const boost::json::value* member = object->if_contains(*name);
        if (member == nullptr) {
          return absl::NotFoundError(
              absl::StrCat("no member \"", *name, "\" at ", where, " (", MemberList(*object), ")"));
        }
        v = member;
        continue;
      }
      by_index = v->is_array() && NameIsIndex(*name, &index);
      if (!by_index) {
        return absl::NotFoundError(absl::StrCat("cannot take member \"", *name, "\" of ", before,
                                                ": it is ", JsonKindName(*v), ", not an object"));
      }
    } else {
      index = std::get<std::size_t>(step);
    }
    const auto* array = v->if_array();
    if (array == nullptr) {
      return absl::NotFoundError(absl::StrCat("cannot take index [", index, "] of ", before,
                                              ": it is ", JsonKindName(*v), ", not an array"));
    }
    if (index >= array->size()) {
      return absl::NotFoundError(absl::StrCat("index ", index, " out of range at ", where,
                                              " (array has ", array->size(),
                                              array->size() == 1 ? " element)" : " elements)"));
    }
    v = &(*array)[index];
  }
  return v;
}

}  // namespace firefox_bidi
