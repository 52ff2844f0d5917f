// What the model sees of raw frames (DESIGN.md section 7): the one table of WebDriver BiDi
// commands, "did you mean" for misspelt methods, errors that say what to do next, and script
// results that are exceptions. Pure functions of strings and JSON values; no I/O.
#ifndef FIREFOX_BIDI_CORE_FRAME_HINTS_H_
#define FIREFOX_BIDI_CORE_FRAME_HINTS_H_

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace firefox_bidi {

// Every WebDriver BiDi command ("module.command") of the specification and of Firefox, sorted.
// The one place that knows them; methods are still sent unchecked (DESIGN.md section 5).
std::span<const std::string_view> BidiCommands();

// The known command closest to `method` by edit distance (case-insensitive), when it is close
// enough to be a misspelling: at most 1 edit for methods under 8 characters, else a quarter of
// the method's length (at most 4). nullopt for a known command or nothing close.
std::optional<std::string_view> ClosestBidiCommand(std::string_view method);

// The message of a BiDi error reply as the model sees it: Firefox's `message` with what to do
// next appended where Firefox's own words do not say it:
//   "unknown command"        "...; did you mean `browsingContext.navigate`?" (or that it is
//                            not a WebDriver BiDi command at all)
//   "no such node"           node references (sharedId) die when the page navigates
//   "no such handle"         handles die with their realm
// Any other error's message is returned as it is.
std::string ExplainBidiError(std::string_view method, std::string_view error,
                             std::string_view message);

// Why a raw frame would only wait out its timeout, so that it is refused at once rather than
// sent: a browsingContext.navigate to a javascript: URL, which Firefox never answers unless
// the script returns a string (measured with Firefox 153: `javascript:void(0)` and
// `javascript:1+1` get no reply with any `wait`). nullopt for any other frame.
std::optional<std::string> UnansweredFrame(std::string_view method,
                                           const boost::json::object& params);

// True for the commands whose result is a script.EvaluateResult (script.evaluate,
// script.callFunction).
bool ReturnsEvaluateResult(std::string_view method);

// What the text of an EvaluateResult (a JSON object) shows from its first or last bytes alone
// (O(1)): its "type" member as the first member or after leading members whose values are
// plain strings (Firefox writes {"realm":"<id>","type":"success",...}), or as the last member
// (,"type":"success"}); anything else is kUndecided and needs the parsed value. kException is
// to be confirmed on the value.
enum class ScriptVerdict { kSuccess, kException, kUndecided };
ScriptVerdict QuickScriptVerdict(std::string_view result_text);

// For an EvaluateResult with "type":"exception": "TEXT (line L, column C)" from
// exceptionDetails.text, .lineNumber and .columnNumber (BiDi's 0-based numbers, as Firefox
// sends them); the location is left out when absent, and a missing text reads "uncaught
// exception". A text longer than kMaxExceptionTextBytes is cut there (on a UTF-8 boundary)
// and followed by "... (N bytes in all)". nullopt for any other value.
inline constexpr std::size_t kMaxExceptionTextBytes = 1024;
std::optional<std::string> ScriptExceptionMessage(const boost::json::value& result);

}  // namespace firefox_bidi

#endif  // FIREFOX_BIDI_CORE_FRAME_HINTS_H_
