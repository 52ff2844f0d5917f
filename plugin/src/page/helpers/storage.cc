// page.storage: action "save" (file), "load" (file), "clear": the browser's cookies and the
// localStorage of the origins the tool's tabs visited, as playwright's storage-state file.
//
// localStorage belongs to an origin and is reachable only from a document of it. The helper
// opens a background tab of its own and answers every request of it itself (a network
// intercept on that tab only: an empty page, nothing reaches the network or the site's
// scripts), navigates it to each origin in turn, reads or writes localStorage there, and
// closes it. The tab's events are hidden from the batch.
#include "page/helpers/storage.h"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <functional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/json_fields.h"
#include "core/status_macros.h"
#include "core/string_view_compat.h"
#include "page/helper_error.h"
#include "page/helpers/helpers.h"

namespace firefox_bidi::page {
namespace json = boost::json;
namespace {

constexpr char kMethod[] = "page.storage";
// A state file larger than this is refused (a real one is kilobytes).
constexpr std::size_t kMaxFileBytes = std::size_t{16} << 20;
constexpr char kEmptyPage[] = "<!DOCTYPE html><title></title>";

const json::object* ParamsOf(const json::object& event) {
  const json::value* params = event.if_contains("params");
  return params != nullptr ? params->if_object() : nullptr;
}

constexpr char kGoTo[] = R"js((url) => {
  location.href = url;
  return "";
})js";

// The helper's own background tab, each of its requests answered with an empty page.
// The cookies of the page's agent only (its user context's storage); {} for "default", the
// browser's default partition.
json::object Partition(PageContext& page) {
  if (!page.state().agent.named()) return json::object{};
  return json::object{{"partition", page.state().agent.StoragePartition()}};
}

class OriginTab {
 public:
  explicit OriginTab(PageContext& page) : page_(page) {}
  ~OriginTab() { Close(); }
  OriginTab(const OriginTab&) = delete;
  OriginTab& operator=(const OriginTab&) = delete;

  absl::Status Open() {
    ASSIGN_OR_RETURN(const json::value created,
                     page_.Command("browsingContext.create",
                                   page_.state().agent.NewTab(true, page_.state().current_tab)));
    const json::object* object = created.if_object();
    if (object == nullptr || StringAt(*object, "context").empty()) {
      return absl::InternalError("browsingContext.create returned no context");
    }
    tab_ = std::string(StringAt(*object, "context"));
    page_.Hide(tab_);
    ASSIGN_OR_RETURN(
        const json::value subscribed,
        page_.Command("session.subscribe",
                      json::object{{"events", json::array{"network.beforeRequestSent"}},
                                   {"contexts", json::array{tab_}}}));
    if (const json::object* s = subscribed.if_object()) {
      subscription_ = std::string(StringAt(*s, "subscription"));
    }
    ASSIGN_OR_RETURN(const json::value intercept,
                     page_.Command("network.addIntercept",
                                   json::object{{"phases", json::array{"beforeRequestSent"}},
                                                {"contexts", json::array{tab_}}}));
    if (const json::object* i = intercept.if_object()) {
      intercept_ = std::string(StringAt(*i, "intercept"));
    }
    return absl::OkStatus();
  }

  // Loads an empty document of `origin` into the tab.
  absl::Status Visit(const std::string& origin) {
    const std::string url = absl::StrCat(origin, "/");
    std::string request;
    // The navigation's own request (not one the document before it left behind, such as its
    // icon's).
    page_.Watch([&](const json::object& event) {
      const json::object* p = ParamsOf(event);
      if (p == nullptr || StringAt(event, "method") != "network.beforeRequestSent" ||
          StringAt(*p, "context") != tab_) {
        return false;
      }
      const json::value* blocked = p->if_contains("isBlocked");
      const json::value* req = p->if_contains("request");
      if (blocked == nullptr || !blocked->is_bool() || !blocked->get_bool() || req == nullptr ||
          !req->is_object()) {
        return false;
      }
      if (StringAt(req->get_object(), "url") != url) return false;
      request = std::string(StringAt(req->get_object(), "request"));
      return true;
    });
    // Started from the tab's document: browsingContext.navigate would not answer before the
    // request it waits on is answered, and the answer needs the request's id first.
    const absl::StatusOr<std::string> started = Run(kGoTo, {url});
    if (!started.ok()) {
      page_.Unwatch();
      return started.status();
    }
    RETURN_IF_ERROR(page_.AwaitWatched(tab_, absl::StrCat("the request of ", url)));
    page_.Watch([&](const json::object& event) {
      const json::object* p = ParamsOf(event);
      return p != nullptr && StringAt(event, "method") == "browsingContext.load" &&
             StringAt(*p, "context") == tab_;
    });
    const absl::StatusOr<json::value> answered = page_.Command(
        "network.provideResponse",
        json::object{
            {"request", request},
            {"statusCode", 200},
            {"reasonPhrase", "OK"},
            {"headers", json::array{json::object{
                            {"name", "content-type"},
                            {"value", json::object{{"type", "string"}, {"value", "text/html"}}}}}},
            {"body", json::object{{"type", "string"}, {"value", kEmptyPage}}}});
    if (!answered.ok()) {
      page_.Unwatch();
      return answered.status();
    }
    return page_.AwaitWatched(tab_, absl::StrCat("an empty page of ", origin, " to load"));
  }

  // Runs `function` (a JavaScript function returning a string) in the tab's document with
  // string arguments; its string result.
  absl::StatusOr<std::string> Run(std::string_view function,
                                  const std::vector<std::string>& args = {}) {
    json::array arguments;
    for (const std::string& arg : args) {
      arguments.push_back(json::object{{"type", "string"}, {"value", arg}});
    }
    ASSIGN_OR_RETURN(const json::value result,
                     page_.Command("script.callFunction",
                                   json::object{{"functionDeclaration", function},
                                                {"awaitPromise", false},
                                                {"target", json::object{{"context", tab_}}},
                                                {"arguments", std::move(arguments)},
                                                {"resultOwnership", "none"}}));
    const json::object* object = result.if_object();
    if (object != nullptr && StringAt(*object, "type") == "exception") {
      return HelperError(kJavascriptError,
                         absl::StrCat(kMethod, ": localStorage failed: ", json::serialize(result)));
    }
    const json::value* remote = object != nullptr ? object->if_contains("result") : nullptr;
    const json::object* value = remote != nullptr ? remote->if_object() : nullptr;
    return value != nullptr ? std::string(StringAt(*value, "value")) : std::string();
  }

  // Also when the frame's time has run out (PageContext::Cleanup). Best effort: a browser
  // that fails these leaves a background tab, which the next session does not keep.
  void Close() {
    if (tab_.empty()) return;
    if (!intercept_.empty()) {
      (void)page_.Cleanup("network.removeIntercept", json::object{{"intercept", intercept_}});
    }
    if (!subscription_.empty()) {
      (void)page_.Cleanup("session.unsubscribe",
                          json::object{{"subscriptions", json::array{subscription_}}});
    }
    (void)page_.Cleanup("browsingContext.close", json::object{{"context", tab_}});
    tab_.clear();
  }

 private:
  PageContext& page_;
  std::string tab_;
  std::string subscription_;
  std::string intercept_;
};

constexpr char kReadStorage[] = R"js(() => {
  const items = [];
  for (let i = 0; i < localStorage.length; ++i) {
    const name = localStorage.key(i);
    items.push([name, localStorage.getItem(name)]);
  }
  return JSON.stringify(items);
})js";

constexpr char kWriteStorage[] = R"js((text) => {
  for (const [name, value] of JSON.parse(text)) localStorage.setItem(name, value);
  return String(localStorage.length);
})js";

constexpr char kClearStorage[] = R"js(() => {
  const had = localStorage.length;
  localStorage.clear();
  return String(had);
})js";

absl::StatusOr<std::string> FileParam(const json::object& params, std::string_view action) {
  ASSIGN_OR_RETURN(std::optional<std::string> file, StringParam(kMethod, params, "file"));
  if (!file || file->empty()) {
    return HelperError(kInvalidArgument,
                       absl::StrCat(kMethod, " ", ToAbsl(action),
                                    " needs \"file\": the absolute path of the state file, "
                                    "inside the file_roots config"));
  }
  return *file;
}

absl::StatusOr<json::array> Cookies(PageContext& page) {
  ASSIGN_OR_RETURN(const json::value got, page.Command("storage.getCookies", Partition(page)));
  const json::object* object = got.if_object();
  const json::value* cookies = object != nullptr ? object->if_contains("cookies") : nullptr;
  if (cookies == nullptr || !cookies->is_array()) {
    return absl::InternalError("storage.getCookies returned no cookies");
  }
  return cookies->get_array();
}

// Runs `script` (kReadStorage, kClearStorage) in an empty document of each origin the tool has
// seen, all in one background tab, and hands each origin's answer to `use`.
absl::Status InEachSeenOrigin(
    PageContext& page, std::string_view script,
    const std::function<absl::Status(const std::string& origin, const std::string& answer)>& use) {
  const std::vector<std::string> origins = page.state().origins.list();
  if (origins.empty()) return absl::OkStatus();
  OriginTab tab(page);
  RETURN_IF_ERROR(tab.Open());
  for (const std::string& origin : origins) {
    RETURN_IF_ERROR(tab.Visit(origin));
    ASSIGN_OR_RETURN(const std::string answer, tab.Run(script));
    RETURN_IF_ERROR(use(origin, answer));
  }
  tab.Close();
  return absl::OkStatus();
}

absl::StatusOr<json::value> Save(PageContext& page, const std::string& file) {
  if (page.state().files == nullptr) return absl::InternalError("no file store");
  StorageState state;
  ASSIGN_OR_RETURN(const json::array cookies, Cookies(page));
  for (const json::value& cookie : cookies) {
    if (cookie.is_object()) state.cookies.push_back(PlaywrightCookie(cookie.get_object()));
  }
  RETURN_IF_ERROR(
      InEachSeenOrigin(page, kReadStorage, [&](const std::string& origin, const std::string& text) {
        std::error_code error;
        const json::value items = json::parse(text, error);
        OriginStorage entry{.origin = origin};
        if (error || !items.is_array()) {
          return absl::InternalError(absl::StrCat("localStorage of ", origin, " read as ", text));
        }
        for (const json::value& item : items.get_array()) {
          const json::array* pair = item.if_array();
          if (pair == nullptr || pair->size() != 2 || !(*pair)[0].is_string() ||
              !(*pair)[1].is_string()) {
            continue;
          }
          entry.local_storage.emplace_back((*pair)[0].get_string(), (*pair)[1].get_string());
        }
        if (!entry.local_storage.empty()) state.origins.push_back(std::move(entry));
        return absl::OkStatus();
      }));
  if (absl::Status written = page.state().files->Replace(file, SerializeStorageState(state));
      !written.ok()) {
    return HelperError(kInvalidArgument, absl::StrCat(kMethod, ": ", written.message()));
  }
  return json::object{
      {"file", file}, {"cookies", state.cookies.size()}, {"origins", state.origins.size()}};
}

absl::StatusOr<json::value> Clear(PageContext& page) {
  ASSIGN_OR_RETURN(const json::array cookies, Cookies(page));
  RETURN_IF_ERROR(page.Command("storage.deleteCookies", Partition(page)).status());
  std::size_t cleared = 0;
  RETURN_IF_ERROR(
      InEachSeenOrigin(page, kClearStorage, [&](const std::string&, const std::string& had) {
        if (had != "0") ++cleared;
        return absl::OkStatus();
      }));
  return json::object{{"cookies", cookies.size()}, {"origins", cleared}};
}

absl::StatusOr<json::value> Run(PageContext& page, const json::object& params) {
  ASSIGN_OR_RETURN(const std::optional<std::string> param, StringParam(kMethod, params, "action"));
  const std::string action = param.value_or("");
  if (action == "save") {
    ASSIGN_OR_RETURN(const std::string file, FileParam(params, action));
    return Save(page, file);
  }
  if (action == "load") {
    ASSIGN_OR_RETURN(const std::string file, FileParam(params, action));
    return LoadStorageState(page, file, absl::StrCat(kMethod, " file"));
  }
  if (action == "clear") {
    if (params.contains("file")) {
      return HelperError(kInvalidArgument,
                         absl::StrCat(kMethod, " clear takes no \"file\" (save and load do)"));
    }
    return Clear(page);
  }
  return HelperError(kInvalidArgument,
                     absl::StrCat(kMethod, " needs \"action\": \"save\", \"load\" or \"clear\""));
}

constexpr Param kParams[] = {
    {.key = "action",
     .type = ParamType::kString,
     .help = R"~("save" (to file), "load" (from file) or "clear")~"},
    {.key = "file",
     .type = ParamType::kString,
     .help = "for save and load: the state file's absolute path, inside the file_roots config"},
};

}  // namespace

absl::StatusOr<json::value> LoadStorageState(PageContext& page, const std::string& path,
                                             std::string_view what) {
  if (page.state().files == nullptr) return absl::InternalError("no file store");
  absl::StatusOr<std::string> text = page.state().files->Read(path, kMaxFileBytes);
  if (!text.ok()) {
    return HelperError(kInvalidArgument, absl::StrCat(ToAbsl(what), " ", text.status().message()));
  }
  absl::StatusOr<StorageState> state = ParseStorageState(*text);
  if (!state.ok()) {
    return HelperError(kInvalidArgument,
                       absl::StrCat(ToAbsl(what), " \"", path,
                                    "\" is no storage-state file: ", state.status().message()));
  }
  for (std::size_t i = 0; i < state->cookies.size(); ++i) {
    json::object params = Partition(page);
    params["cookie"] = BidiCookie(state->cookies[i].as_object());
    const absl::StatusOr<json::value> set = page.Command("storage.setCookie", params);
    if (!set.ok()) {
      if (!HelperErrorCode(set.status())) return set.status();
      return HelperError(kInvalidArgument,
                         absl::StrCat(ToAbsl(what), " \"", path, "\": the browser refused cookies[",
                                      i, "]: ", set.status().message()));
    }
  }
  std::size_t origins = 0;
  if (!state->origins.empty()) {
    OriginTab tab(page);
    RETURN_IF_ERROR(tab.Open());
    for (const OriginStorage& origin : state->origins) {
      page.state().origins.Add(origin.origin);
      if (origin.local_storage.empty()) continue;
      RETURN_IF_ERROR(tab.Visit(origin.origin));
      json::array items;
      for (const auto& [name, value] : origin.local_storage)
        items.push_back(json::array{name, value});
      RETURN_IF_ERROR(tab.Run(kWriteStorage, {json::serialize(items)}).status());
      ++origins;
    }
    tab.Close();
  }
  return json::object{{"cookies", state->cookies.size()}, {"origins", origins}};
}

const HelperSpec& StorageHelper() {
  static const HelperSpec spec{
      .method = kMethod,
      .synopsis = R"~({action: save|load|clear, file?} -> cookies+localStorage in a file)~",
      .summary =
          "Saves the browser's cookies and the localStorage of the origins the tool's tabs "
          "visited to a file in playwright's storage-state format, loads such a file, or clears "
          "them (a saved sign-in, reused by a fresh browser).",
      .params = kParams,
      .params_note =
          R"~(The file is playwright's storageState JSON: {"cookies": [{"name", "value", "domain", "path", "expires", "httpOnly", "secure", "sameSite"}], "origins": [{"origin", "localStorage": [{"name", "value"}]}]}. load adds the file's cookies and localStorage items to the browser's (same names replaced); open pages see them on their next load. clear deletes every cookie and the localStorage of the origins the tool's tabs visited. The config key storage_state loads a file when a browser starts.)~",
      .result =
          R"~(save: {"file", "cookies": N, "origins": N} (origins with localStorage); load: {"cookies": N, "origins": N}; clear: {"cookies": N, "origins": N} (what was deleted))~",
      .errors =
          R"~("not allowed" (a file outside file_roots), "invalid argument" (no action, a file that cannot be read or written, or is no storage-state JSON))~",
      .example =
          R"~({"frames":[{"method":"page.storage","params":{"action":"save","file":"/tmp/state.json"}}]})~",
      .file = ResultFile::kJson,
      .run = &Run,
      .takes_tab = false,  // the browser's cookies and origins, not a tab's
  };
  return spec;
}

}  // namespace firefox_bidi::page
