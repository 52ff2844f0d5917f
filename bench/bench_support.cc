#include "bench_support.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <system_error>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "core/label_cache.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"
#include "core/text_buffers.h"
#include "io/directory_spool.h"
#include "io/private_file.h"

namespace firefox_bidi::bench {
namespace {

// Room for every spool file of one batch: eviction never runs inside a sample.
constexpr std::uint64_t kSpoolQuota = 256ull << 20;

absl::Status Errno(std::string_view what, const std::string& path) {
  return absl::InternalError(absl::StrCat(ToAbsl(what), " ", path, ": ", std::strerror(errno)));
}

// xorshift64*: a fixed generator, so the text is the same with every standard library.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed ? seed : 0x9e3779b97f4a7c15ull) {}
  std::uint64_t Next() {
    state_ ^= state_ >> 12;
    state_ ^= state_ << 25;
    state_ ^= state_ >> 27;
    return state_ * 0x2545f4914f6cdd1dull;
  }
  std::size_t Below(std::size_t n) { return static_cast<std::size_t>(Next() % n); }

 private:
  std::uint64_t state_;
};

// The records of the tool result {"frames":[RECORD...]}.
absl::StatusOr<boost::json::array> RecordsOf(std::string_view tool_result) {
  boost::system::error_code ec;
  boost::json::value v = boost::json::parse(tool_result, ec);
  boost::json::object* root = v.if_object();
  boost::json::value* frames = root ? root->if_contains("frames") : nullptr;
  if (ec || frames == nullptr || !frames->is_array()) {
    return absl::InternalError(absl::StrCat("tool result is not {\"frames\":[...]}: ",
                                            ToAbsl(tool_result.substr(0, 200))));
  }
  return std::move(frames->get_array());
}

}  // namespace

absl::StatusOr<std::unique_ptr<ScratchDir>> ScratchDir::Create(std::string_view prefix) {
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern =
      absl::StrCat(tmp && *tmp ? tmp : "/tmp", "/", ToAbsl(prefix), getpid(), "-XXXXXX");
  if (::mkdtemp(pattern.data()) == nullptr) return Errno("cannot create directory", pattern);
  return std::unique_ptr<ScratchDir>(new ScratchDir(std::move(pattern)));
}

ScratchDir::~ScratchDir() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

absl::StatusOr<SpoolReservation> RecordingSpool::Reserve(std::string_view batch,
                                                         std::size_t frame_index,
                                                         std::string_view label,
                                                         std::string_view ext,
                                                         std::uint64_t bytes) {
  absl::StatusOr<SpoolReservation> r = inner_->Reserve(batch, frame_index, label, ext, bytes);
  if (r.ok()) {
    absl::MutexLock lock(&mu_);
    reservations_.emplace_back(
        r->path, absl::StrCat("frame-", frame_index, label.empty() ? "" : "-", ToAbsl(label), ".",
                              ToAbsl(ext)));
  }
  return r;
}

std::vector<std::pair<std::string, std::string>> RecordingSpool::reservations() const {
  absl::MutexLock lock(&mu_);
  return reservations_;
}

absl::StatusOr<std::string> ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Errno("cannot open", path);
  std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) return Errno("cannot read", path);
  return data;
}

absl::Status WriteNewFile(const std::string& path, std::string_view data) {
  return WriteNewPrivateFile(AT_FDCWD, path, data, path);
}

absl::StatusOr<std::string_view> ResultSpan(std::string_view reply) {
  constexpr std::string_view kName = R"("result":)";
  // The member name sits in the head, after "type" and "id": a short search, not a pass.
  const std::size_t at = reply.substr(0, 64).find(kName);
  if (at == std::string_view::npos || reply.size() < at + kName.size() + 1 || reply.back() != '}') {
    return absl::InternalError(
        absl::StrCat("not a reply whose result ends it: ", ToAbsl(reply.substr(0, 80))));
  }
  const std::size_t begin = at + kName.size();
  return reply.substr(begin, reply.size() - 1 - begin);
}

std::uint64_t CountSpecialBytes(std::string_view bytes) {
  std::uint64_t count = 0;
  for (const char c : bytes) {
    const auto b = static_cast<unsigned char>(c);
    count += static_cast<std::uint64_t>((b == '"') | (b == '\\') | (b < 0x20) | (b >= 0x80));
  }
  return count;
}

absl::StatusOr<std::uint64_t> BytesFloorReply(std::string_view reply,
                                              std::uint64_t max_inline_bytes,
                                              const std::string& path) {
  const std::uint64_t count = CountSpecialBytes(reply);
  ASSIGN_OR_RETURN(std::string_view result, ResultSpan(reply));
  if (result.size() > max_inline_bytes) RETURN_IF_ERROR(WriteNewFile(path, result));
  return count;
}

absl::StatusOr<SampleOutput> BytesFloorOutput(const std::vector<std::string>& replies,
                                              std::uint64_t special) {
  if (special == 0) return absl::InternalError("the pass found no special byte");
  SampleOutput out;
  for (const std::string& reply : replies) {
    ASSIGN_OR_RETURN(std::string_view result, ResultSpan(reply));
    out.results.emplace_back(result);
  }
  return out;
}

absl::Status BytesFloorSample::Begin(std::string_view prefix) {
  ASSIGN_OR_RETURN(dir, ScratchDir::Create(prefix));
  replies.clear();
  special = 0;
  return absl::OkStatus();
}

absl::Status BytesFloorSample::Count(std::size_t index, std::string_view reply,
                                     std::uint64_t max_inline_bytes) {
  ASSIGN_OR_RETURN(
      std::uint64_t counted,
      BytesFloorReply(reply, max_inline_bytes, absl::StrCat(dir->path(), "/", index, ".json")));
  special += counted;
  return absl::OkStatus();
}

absl::StatusOr<SampleOutput> BytesFloorSample::Finish() {
  absl::StatusOr<SampleOutput> out = BytesFloorOutput(replies, special);
  replies.clear();
  dir.reset();
  return out;
}

Variant WithScan(Variant v, StringScan scan) {
  v.prepare = [prepare = std::move(v.prepare), scan]() -> absl::Status {
    SetStringScan(scan);
    return prepare ? prepare() : absl::OkStatus();
  };
  return v;
}

Variant WithBufferReuse(Variant v, bool reuse) {
  v.prepare = [prepare = std::move(v.prepare), reuse]() -> absl::Status {
    SetTextBufferReuse(reuse);
    return prepare ? prepare() : absl::OkStatus();
  };
  return v;
}

absl::StatusOr<InstanceConfig> BenchInstanceConfig() {
  ToolErrorOr<InstanceConfig> parsed = ParseConfig(R"({"firefox":{"offline":true}})");
  if (const ToolError* error = std::get_if<ToolError>(&parsed)) {
    return absl::InvalidArgumentError(error->message);
  }
  return std::get<InstanceConfig>(std::move(parsed));
}

absl::Status AllFramesSucceeded(std::string_view tool_result) {
  ASSIGN_OR_RETURN(const boost::json::array records, RecordsOf(tool_result));
  for (const boost::json::value& record : records) {
    if (!record.is_object() || record.get_object().contains("error") ||
        record.get_object().contains("skipped")) {
      return absl::InternalError(
          absl::StrCat("a frame failed: ", ToAbsl(boost::json::serialize(record))));
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<std::vector<std::string>> FrameResults(std::string_view tool_result) {
  ASSIGN_OR_RETURN(const boost::json::array records, RecordsOf(tool_result));
  std::vector<std::string> results;
  for (const boost::json::value& record_value : records) {
    const boost::json::object* record = record_value.if_object();
    if (record == nullptr) return absl::InternalError("a record is not an object");
    if (const boost::json::value* result = record->if_contains("result")) {
      results.push_back(boost::json::serialize(*result));
    } else if (const boost::json::value* path = record->if_contains("spooled");
               path != nullptr && path->is_string()) {
      absl::StatusOr<std::string> bytes = ReadFile(std::string(path->get_string()));
      if (!bytes.ok()) return bytes.status();
      results.push_back(*std::move(bytes));
    } else {
      return absl::InternalError(absl::StrCat("frame ", results.size(), " did not succeed: ",
                                              ToAbsl(boost::json::serialize(record_value))));
    }
  }
  return results;
}

absl::StatusOr<SampleOutput> CaptureToolOutput(std::string_view tool_result,
                                               const RecordingSpool& spool) {
  SampleOutput out;
  absl::StatusOr<std::vector<std::string>> results = FrameResults(tool_result);
  if (!results.ok()) return results.status();
  out.results = *std::move(results);

  const auto reservations = spool.reservations();
  std::vector<std::pair<std::string, std::string>> replacements;
  for (const auto& [path, name] : reservations) {
    // JSON escapes '/' nowhere, so the path appears verbatim in the result text.
    replacements.emplace_back(path, absl::StrCat("<spool>/", name));
  }
  out.exact = absl::StrReplaceAll(ToAbsl(tool_result), replacements);
  // Files in the directory, by stable name; a file nobody reserved is a difference too.
  std::vector<std::pair<std::string, std::string>> files;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(spool.directory(), ec)) {
    std::string path = entry.path().string();
    std::string name = entry.path().filename().string();
    for (const auto& [reserved_path, stable] : reservations) {
      if (reserved_path == path) name = stable;
    }
    files.emplace_back(std::move(name), std::move(path));
  }
  if (ec)
    return absl::InternalError(absl::StrCat("cannot list ", spool.directory(), ": ", ec.message()));
  std::sort(files.begin(), files.end());
  for (const auto& [name, path] : files) {
    absl::StatusOr<std::string> bytes = ReadFile(path);
    if (!bytes.ok()) return bytes.status();
    absl::StrAppend(&out.exact, "\n--- ", name, " ", bytes->size(), " bytes\n", *bytes);
  }
  return out;
}

Variant ToolVariant(std::string name, std::function<absl::StatusOr<ToolSetup>()> setup,
                    RunOptions options) {
  struct Sample {
    ToolSetup setup;
    std::unique_ptr<ScratchDir> dir;
    std::unique_ptr<RecordingSpool> spool;
    std::unique_ptr<LabelCache> labels;
    std::string result;
  };
  auto sample = std::make_shared<Sample>();
  Variant v;
  v.name = std::move(name);
  v.prepare = [sample, setup = std::move(setup),
               labels = options.limits.label_cache_entries]() -> absl::Status {
    ASSIGN_OR_RETURN(sample->setup, setup());
    ASSIGN_OR_RETURN(sample->dir, ScratchDir::Create("bench-spool-"));
    ASSIGN_OR_RETURN(std::unique_ptr<Spool> spool,
                     OpenDirectorySpool(sample->dir->path(), kSpoolQuota));
    sample->spool = std::make_unique<RecordingSpool>(std::move(spool));
    sample->labels = std::make_unique<LabelCache>(labels);
    return absl::OkStatus();
  };
  v.run = [sample, options = std::move(options)]() -> absl::Status {
    sample->result = RunBatch(*sample->setup.args, *sample->setup.transport, *sample->spool,
                              *sample->labels, options);
    return absl::OkStatus();
  };
  v.finish = [sample]() -> absl::StatusOr<SampleOutput> {
    absl::StatusOr<SampleOutput> out = sample->spool
                                           ? CaptureToolOutput(sample->result, *sample->spool)
                                           : absl::InternalError("the sample was not set up");
    sample->spool.reset();
    sample->dir.reset();
    sample->result.clear();
    return out;
  };
  return v;
}

std::string JsonishText(std::uint64_t seed, std::size_t bytes) {
  static constexpr const char* kWords[] = {"alpha",  "Zoë",        "naïve",
                                           "café",   "中文",       "日本語",
                                           "😀",      "\"quoted\"", "C:\\\\path\\\\to",
                                           "tab\\t", "line\\n",    "<div class=\\\"x\\\">",
                                           "€100",   "Ωmega",      "100%",
                                           "a&b",    "{x}",        "[1,2]",
                                           "ü",      "Ελληνικά"};
  static constexpr const char* kKeys[] = {"id", "name", "title", "text", "href", "tags", "score"};
  Rng rng(seed);
  std::string out;
  out.reserve(bytes + 64);
  out += "[";
  while (out.size() < bytes) {
    absl::StrAppend(&out, "{\"", kKeys[rng.Below(std::size(kKeys))], "\":", rng.Next() % 100000,
                    ",\"", kKeys[rng.Below(std::size(kKeys))], "\":\"");
    const std::size_t words = 3 + rng.Below(12);
    for (std::size_t i = 0; i < words; ++i) {
      absl::StrAppend(&out, i ? " " : "", kWords[rng.Below(std::size(kWords))]);
    }
    absl::StrAppend(&out, "\",\"ok\":", rng.Below(2) ? "true" : "false", "},\n");
  }
  // Cut to size on a UTF-8 boundary, then pad with ASCII to the exact length.
  std::size_t cut = bytes;
  while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;
  out.resize(cut);
  out.append(bytes - cut, ' ');
  return out;
}

}  // namespace firefox_bidi::bench
