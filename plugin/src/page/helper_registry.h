// The helpers (DESIGN.md section 9), one small file each under helpers/, each giving its
// HelperSpec: the one declaration from which the page layer checks params, page.help and the
// tool description are written, and the docs' table is checked (help_text.h).
#ifndef FIREFOX_BIDI_PAGE_HELPER_REGISTRY_H_
#define FIREFOX_BIDI_PAGE_HELPER_REGISTRY_H_

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "core/frame_executor.h"
#include "page/page_context.h"
#include "page/page_op.h"

namespace firefox_bidi::page {

// What a parameter holds; page.help and the docs show it, and the typed readers in
// page_context.h (StringParam, BoolParam, IntParam) refuse to read a key their helper does not
// declare with that type.
enum class ParamType {
  kString,
  kBoolean,
  kInteger,
  kArray,
  kAny,     // any JSON value the helper checks itself (page.fill's value)
  kTarget,  // an element target: its keys flat in params, or one object under this key
};

// One parameter of a helper, as page.help lists it: "  KEY: HELP".
struct Param {
  std::string_view key;
  ParamType type;
  std::string_view default_value = {};  // JSON text, empty when there is none
  std::string_view help = {};           // empty: documented on the line of the one before
  std::string_view label = {};          // the line's name when it is not the key ("back / forward")
};

// The "timeout_ms" parameter of every helper that waits on the page: the page layer bounds
// the helper's time by it (ApplyTimeoutParam), so its timeouts name the limit that ran out.
inline constexpr Param kTimeoutParam{
    .key = "timeout_ms",
    .type = ParamType::kInteger,
    .help = "how long it may take, within the frame's timeout_ms (default: the frame's)"};

// A helper's one declaration: everything the plugin says or checks about it comes from here.
struct HelperSpec {
  std::string_view method;    // "page.click"
  std::string_view synopsis;  // "{target, button?, count?} -> {url, title, navigated}"
  std::string_view summary;   // one sentence: what it does
  std::span<const Param> params;
  // The page operations (page/operations.json) it runs, itself or through the shared steps it
  // uses (helpers/input.h's clicks and keys); kCommonOps need no declaration. PageContext
  // refuses any other (CheckOpDeclared), so this list is what the helper does in the page.
  std::span<const PageOp> ops;
  std::string_view params_note;  // a paragraph page.help prints after the parameters
  std::string_view result;       // what the record's result holds
  std::string_view errors;       // its error codes and what to do about each
  std::string_view example;      // one batch on one line: {"frames":[...]}
  ResultFile file = ResultFile::kJson;
  // Carries out the frame, whose params hold only keys the spec accepts (AcceptedKeys). A
  // HelperError is the frame's error record; any other failure status is a transport failure
  // (see FrameExecutor::Execute).
  absl::StatusOr<boost::json::value> (*run)(PageContext& page, const boost::json::object& params);
  bool takes_tab = true;  // "tab": ID acts on another tab (page.help is about no tab)
};

// "string", "boolean", ..., as page.help's table and error messages name the type.
std::string_view ParamTypeName(ParamType type);

// Every params key `spec` accepts, in the order its unknown-key message lists them: each
// parameter's key (a target's flat keys, then its own key), then "tab".
std::vector<std::string_view> AcceptedKeys(const HelperSpec& spec);

// The declared parameter `key` of `spec`, nullptr when it has none (a target's flat keys are
// not parameters of their own).
const Param* FindParam(const HelperSpec& spec, std::string_view key);

// Refuses a params key `spec` does not accept: "invalid argument" naming the accepted ones.
absl::Status CheckDeclaredParams(const HelperSpec& spec, const boost::json::object& params);

// Optional typed params; a present value of the wrong type is an "invalid argument". A key
// `method`'s spec does not declare with that type is an internal error (the helper's bug).
absl::StatusOr<std::optional<std::string>> StringParam(std::string_view method,
                                                       const boost::json::object& params,
                                                       std::string_view key);
absl::StatusOr<std::optional<bool>> BoolParam(std::string_view method,
                                              const boost::json::object& params,
                                              std::string_view key);
absl::StatusOr<std::optional<std::int64_t>> IntParam(std::string_view method,
                                                     const boost::json::object& params,
                                                     std::string_view key, std::int64_t min,
                                                     std::int64_t max);

// When `spec` declares kTimeoutParam and params hold it (1 to 600000 ms), bounds `page`'s
// time by it; "invalid argument" for a value out of range.
absl::Status ApplyTimeoutParam(const HelperSpec& spec, const boost::json::object& params,
                               PageContext& page);

// The operations any helper may run without declaring them: the tab's URL and title
// (navigation.h's GetPageInfo, which every result and the page layer read), and resolving a
// target or a ref (targets.h), which a target parameter implies.
std::span<const PageOp> CommonOps();

// OK when helper `method` declares `op` or it is one of CommonOps(), and for callers that are
// no helper (the page layer's own steps); else an internal error: the helper's bug, which
// fails whichever test reaches it.
absl::Status CheckOpDeclared(std::string_view method, const PageOp& op);

// Every helper, in the order page.help and the tool description list them.
std::span<const HelperSpec> Helpers();
// The helper for `method`, nullptr when there is none.
const HelperSpec* FindHelper(std::string_view method);
// Their method names, ordered (for ParseBatchArgs).
std::span<const std::string_view> HelperMethods();

}  // namespace firefox_bidi::page

#endif  // FIREFOX_BIDI_PAGE_HELPER_REGISTRY_H_
