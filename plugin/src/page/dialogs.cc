#include "page/dialogs.h"

#include <boost/json/serialize.hpp>
#include <boost/json/string.hpp>

#include "core/json_fields.h"
#include "core/page_watch.h"

namespace firefox_bidi::page {
namespace json = boost::json;
json::object DialogObject(const OpenDialog& dialog) {
  return json::object{{"type", dialog.type}, {"message", dialog.message}};
}

bool Dialogs::Observe(const json::object& event,
                      const std::function<std::string(std::string_view)>& tab_of) {
  const std::string_view method = StringAt(event, "method");
  const json::value* params_value = event.if_contains("params");
  const json::object* params = params_value != nullptr ? params_value->if_object() : nullptr;
  if (params == nullptr) return false;
  const std::string_view context = StringAt(*params, "context");
  if (method == "browsingContext.userPromptOpened") {
    // A prompt Firefox answers itself is not waiting for anyone.
    if (!context.empty() && PageWatch::PromptWaits(*params)) {
      open_[tab_of(context)] = OpenDialog{std::string(StringAt(*params, "type")),
                                          std::string(StringAt(*params, "message"))};
    }
    return true;
  }
  if (method == "browsingContext.userPromptClosed") {
    if (!context.empty()) Answered(tab_of(context));
    return true;
  }
  if (method == "browsingContext.contextDestroyed") {
    if (!context.empty()) Answered(context);
    return true;
  }
  return false;
}

const OpenDialog* Dialogs::Find(std::string_view tab) const {
  auto it = open_.find(tab);
  return it == open_.end() ? nullptr : &it->second;
}

void Dialogs::Answered(std::string_view tab) {
  if (auto it = open_.find(tab); it != open_.end()) open_.erase(it);
}

void Dialogs::Annotate(std::string_view tab, json::value& result) const {
  const OpenDialog* dialog = Find(tab);
  if (dialog == nullptr) return;
  if (json::object* object = result.if_object()) {
    (*object)["dialog"] = DialogObject(*dialog);
  } else if (json::string* text = result.if_string()) {
    std::string line = "\n[dialog open: " + dialog->type + " " +
                       json::serialize(json::string(dialog->message)) +
                       "; answer it with page.dialog]";
    text->append(line);
  }
}

}  // namespace firefox_bidi::page
