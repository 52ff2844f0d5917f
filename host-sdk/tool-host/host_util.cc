#include "host_util.h"

#include <fcntl.h>
#include <limits.h>
#include <unistd.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <cerrno>
#include <cstring>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace tool_host {

std::string Base64(std::string_view bytes) {
  static constexpr char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    unsigned n = (static_cast<unsigned char>(bytes[i]) << 16) |
                 (static_cast<unsigned char>(bytes[i + 1]) << 8) |
                 static_cast<unsigned char>(bytes[i + 2]);
    out.push_back(kAlphabet[(n >> 18) & 63]);
    out.push_back(kAlphabet[(n >> 12) & 63]);
    out.push_back(kAlphabet[(n >> 6) & 63]);
    out.push_back(kAlphabet[n & 63]);
  }
  std::size_t rest = bytes.size() - i;
  if (rest > 0) {
    unsigned n = static_cast<unsigned char>(bytes[i]) << 16;
    if (rest == 2) n |= static_cast<unsigned char>(bytes[i + 1]) << 8;
    out.push_back(kAlphabet[(n >> 18) & 63]);
    out.push_back(kAlphabet[(n >> 12) & 63]);
    out.push_back(rest == 2 ? kAlphabet[(n >> 6) & 63] : '=');
    out.push_back('=');
  }
  return out;
}

absl::StatusOr<std::string> ReadAll(int fd) {
  std::string out;
  char buffer[64 * 1024];
  for (;;) {
    ssize_t n = ::read(fd, buffer, sizeof(buffer));
    if (n < 0) {
      if (errno == EINTR) continue;
      return absl::UnavailableError(std::strerror(errno));
    }
    if (n == 0) return out;
    out.append(buffer, static_cast<std::size_t>(n));
  }
}

absl::StatusOr<std::string> ReadInlineOrFile(std::string_view option, const std::string& value) {
  if (!value.starts_with("@")) return value;
  std::string path = value.substr(1);
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        std::string(option), " @", path, ": cannot read the file (", std::strerror(errno), ")"));
  }
  absl::StatusOr<std::string> text = ReadAll(fd);
  ::close(fd);
  if (!text.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(
        std::string(option), " @", path, ": cannot read the file (", text.status().message(), ")"));
  }
  return text;
}

absl::StatusOr<std::string> ExecutablePath() {
  char buffer[PATH_MAX];
  ssize_t n = ::readlink("/proc/self/exe", buffer, sizeof(buffer) - 1);
  if (n <= 0) {
    return absl::UnavailableError(
        absl::StrCat("cannot resolve /proc/self/exe (", std::strerror(errno), ")"));
  }
  return std::string(buffer, static_cast<std::size_t>(n));
}

absl::StatusOr<std::string> ExecutableDir() {
  absl::StatusOr<std::string> path = ExecutablePath();
  if (!path.ok()) return path.status();
  return path->substr(0, path->rfind('/'));
}

boost::json::value ParseDeepJson(std::string_view text, boost::system::error_code& ec) {
  boost::json::parse_options options;
  options.max_depth = 4096;
  return boost::json::parse(text, ec, {}, options);
}

std::string OneLine(std::string json) {
  if (json.find_first_of("\r\n") == std::string::npos) return json;
  boost::system::error_code ec;
  boost::json::value value = ParseDeepJson(json, ec);
  if (ec) {
    for (char& c : json) {
      if (c == '\n' || c == '\r') c = ' ';
    }
    return json;
  }
  return boost::json::serialize(value);
}

}  // namespace tool_host
