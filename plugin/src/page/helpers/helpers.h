// One function per helper file, each returning its helper's spec; helper_registry.cc lists
// them. A new helper adds its file, and one line each here, in helper_registry.cc and in
// plugin/CMakeLists.txt.
#ifndef FIREFOX_BIDI_PAGE_HELPERS_HELPERS_H_
#define FIREFOX_BIDI_PAGE_HELPERS_HELPERS_H_

#include "page/helper_registry.h"

namespace firefox_bidi::page {

const HelperSpec& AgentsHelper();
const HelperSpec& ClickHelper();
const HelperSpec& DialogHelper();
const HelperSpec& DragHelper();
const HelperSpec& EvalHelper();
const HelperSpec& FillHelper();
const HelperSpec& FindHelper();
const HelperSpec& GotoHelper();
const HelperSpec& HelpHelper();
const HelperSpec& HoverHelper();
const HelperSpec& LogsHelper();
const HelperSpec& PressHelper();
const HelperSpec& RequestsHelper();
const HelperSpec& RouteHelper();
const HelperSpec& ScreenshotHelper();
const HelperSpec& ScrollHelper();
const HelperSpec& SelectHelper();
const HelperSpec& SnapshotHelper();
const HelperSpec& StorageHelper();
const HelperSpec& TabsHelper();
const HelperSpec& TextHelper();
const HelperSpec& TypeHelper();
const HelperSpec& UploadHelper();
const HelperSpec& WaitForHelper();

}  // namespace firefox_bidi::page

#endif  // FIREFOX_BIDI_PAGE_HELPERS_HELPERS_H_
