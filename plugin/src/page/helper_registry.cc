#include "page/helper_registry.h"

#include <algorithm>
#include <vector>

#include "page/helpers/helpers.h"

namespace firefox_bidi::page {
namespace {

struct Registry {
  std::vector<HelperSpec> helpers;
  std::vector<std::string_view> methods;

  Registry() {
    helpers = {ClickHelper(),    DialogHelper(), EvalHelper(), FillHelper(),   GotoHelper(),
               HelpHelper(),     HoverHelper(),  LogsHelper(), PressHelper(),  ScreenshotHelper(),
               SnapshotHelper(), TabsHelper(),   TextHelper(), UploadHelper(), WaitForHelper()};
    std::sort(helpers.begin(), helpers.end(),
              [](const HelperSpec& a, const HelperSpec& b) { return a.method < b.method; });
    for (const HelperSpec& helper : helpers) methods.push_back(helper.method);
  }
};

const Registry& TheRegistry() {
  // An object, not a leaked pointer: the plugin can be unloaded (dlclose), and memory reached
  // only from an unmapped module's statics counts as leaked.
  static const Registry registry;
  return registry;
}

}  // namespace

std::span<const HelperSpec> Helpers() { return TheRegistry().helpers; }

const HelperSpec* FindHelper(std::string_view method) {
  for (const HelperSpec& helper : Helpers()) {
    if (helper.method == method) return &helper;
  }
  return nullptr;
}

std::span<const std::string_view> HelperMethods() { return TheRegistry().methods; }

}  // namespace firefox_bidi::page
