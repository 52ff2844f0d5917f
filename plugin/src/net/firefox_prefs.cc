#include "net/firefox_prefs.h"

#include <cstdint>
#include <limits>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace firefox_bidi {
namespace {

// Measured on firefox-esr 153 (firefox-facts.md): with these, a fresh headless profile makes no
// background connection of its own.
constexpr std::string_view kQuietPrefs = R"js(// first-run / UI noise
user_pref("browser.shell.checkDefaultBrowser", false);
user_pref("browser.startup.page", 0);
user_pref("browser.startup.homepage", "about:blank");
user_pref("browser.startup.homepage_override.mstone", "ignore");
user_pref("startup.homepage_welcome_url", "about:blank");
user_pref("startup.homepage_welcome_url.additional", "");
user_pref("browser.newtabpage.enabled", false);
user_pref("browser.sessionstore.resume_from_crash", false);
user_pref("browser.aboutwelcome.enabled", false);
user_pref("toolkit.startup.max_resumed_crashes", -1);
// telemetry / data reporting / studies / experiments (Nimbus, Normandy)
user_pref("datareporting.policy.dataSubmissionEnabled", false);
user_pref("datareporting.healthreport.uploadEnabled", false);
user_pref("datareporting.usage.uploadEnabled", false);
user_pref("toolkit.telemetry.enabled", false);
user_pref("toolkit.telemetry.unified", false);
user_pref("toolkit.telemetry.archive.enabled", false);
user_pref("toolkit.telemetry.server", "");
user_pref("app.normandy.enabled", false);
user_pref("app.normandy.api_url", "");
user_pref("app.shield.optoutstudies.enabled", false);
user_pref("messaging-system.rsexperimentloader.enabled", false);
user_pref("nimbus.rollouts.enabled", false);
user_pref("browser.newtabpage.activity-stream.feeds.system.topstories", false);
user_pref("browser.newtabpage.activity-stream.feeds.telemetry", false);
user_pref("browser.newtabpage.activity-stream.telemetry", false);
user_pref("browser.ping-centre.telemetry", false);
// Remote Settings / blocklists / CRLite / updates
user_pref("services.settings.server", "data:,#remote-settings-dummy/v1");
user_pref("services.settings.loglevel", "off");
user_pref("extensions.blocklist.enabled", false);
user_pref("security.remote_settings.crlite_filters.enabled", false);
user_pref("security.remote_settings.intermediates.enabled", false);
user_pref("app.update.disabledForTesting", true);
user_pref("app.update.checkInstallTime", false);
user_pref("extensions.update.enabled", false);
user_pref("extensions.getAddons.cache.enabled", false);
user_pref("extensions.systemAddon.update.enabled", false);
user_pref("browser.search.update", false);
user_pref("browser.region.update.enabled", false);
user_pref("browser.region.network.url", "");
user_pref("media.gmp-manager.updateEnabled", false);
user_pref("general.useragent.updates.enabled", false);
// background network services
user_pref("network.captive-portal-service.enabled", false);
user_pref("network.connectivity-service.enabled", false);
user_pref("network.dns.disablePrefetch", true);
user_pref("network.predictor.enabled", false);
user_pref("network.prefetch-next", false);
user_pref("network.http.speculative-parallel-limit", 0);
user_pref("network.manage-offline-status", false);
user_pref("network.trr.mode", 5);
user_pref("doh-rollout.disable-heuristics", true);
user_pref("network.sntp.pools", "");
user_pref("browser.safebrowsing.malware.enabled", false);
user_pref("browser.safebrowsing.phishing.enabled", false);
user_pref("browser.safebrowsing.downloads.enabled", false);
user_pref("browser.safebrowsing.blockedURIs.enabled", false);
user_pref("browser.safebrowsing.update.enabled", false);
user_pref("security.OCSP.enabled", 0);
user_pref("security.certerrors.mitm.priming.enabled", false);
user_pref("dom.push.connection.enabled", false);
user_pref("identity.fxaccounts.enabled", false);
user_pref("browser.topsites.contile.enabled", false);
user_pref("browser.urlbar.quicksuggest.enabled", false);
user_pref("browser.urlbar.suggest.searches", false);
user_pref("browser.translations.enable", false);
user_pref("geo.provider.network.url", "");
user_pref("browser.backup.enabled", false);
user_pref("browser.backup.scheduled.idle-threshold-seconds", 100000000);
user_pref("browser.ml.enable", false);
user_pref("browser.discovery.enabled", false);
user_pref("browser.urlbar.merino.endpointURL", "");
user_pref("telemetry.fog.test.localhost_port", -1);
user_pref("termsofuse.bypassNotification", true);
// popups: blocked without a user gesture, as in a normal Firefox (automation turns the
// blocker off: a page could otherwise open hundreds of tabs on load)
user_pref("dom.disable_open_during_load", true);
// automation friendliness
user_pref("dom.max_script_run_time", 0);
user_pref("dom.max_chrome_script_run_time", 0);
user_pref("hangmonitor.timeout", 0);
user_pref("dom.ipc.reportProcessHangs", false);
)js";

}  // namespace

std::string_view QuietPrefsUserJs() { return kQuietPrefs; }

std::string JsStringLiteral(std::string_view s) {
  std::string out;
  out.reserve(s.size() + 2);
  out.push_back('"');
  for (std::size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20 || c == 0x7f) {
          absl::StrAppendFormat(&out, "\\u%04x", c);
        } else if (c == 0xe2 && i + 2 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0x80 &&
                   (static_cast<unsigned char>(s[i + 2]) == 0xa8 ||
                    static_cast<unsigned char>(s[i + 2]) == 0xa9)) {
          // U+2028/U+2029 end a line in JavaScript source.
          absl::StrAppendFormat(&out, "\\u%04x", s[i + 2] == '\xa8' ? 0x2028 : 0x2029);
          i += 2;
        } else {
          out.push_back(static_cast<char>(c));
        }
    }
  }
  out.push_back('"');
  return out;
}

absl::StatusOr<std::string> BuildUserJs(const std::map<std::string, boost::json::value>& prefs) {
  std::string out(kQuietPrefs);
  if (!prefs.empty()) out += "// firefox.prefs from the instance config\n";
  for (const auto& [name, value] : prefs) {
    std::string literal;
    if (value.is_bool()) {
      literal = value.get_bool() ? "true" : "false";
    } else if (value.is_string()) {
      literal = JsStringLiteral(value.get_string());
    } else if (value.is_int64() || value.is_uint64()) {
      constexpr auto kMin = std::numeric_limits<std::int32_t>::min();
      constexpr auto kMax = std::numeric_limits<std::int32_t>::max();
      const bool in_range = value.is_int64()
                                ? value.get_int64() >= kMin && value.get_int64() <= kMax
                                : value.get_uint64() <= static_cast<std::uint64_t>(kMax);
      if (!in_range) {
        return absl::InvalidArgumentError(
            absl::StrCat("firefox.prefs.", name, ": integer out of Firefox's 32-bit pref range"));
      }
      literal =
          value.is_int64() ? absl::StrCat(value.get_int64()) : absl::StrCat(value.get_uint64());
    } else {
      return absl::InvalidArgumentError(absl::StrCat(
          "firefox.prefs.", name, ": a pref value must be a bool, a string or an integer"));
    }
    absl::StrAppend(&out, "user_pref(", JsStringLiteral(name), ", ", literal, ");\n");
  }
  return out;
}

}  // namespace firefox_bidi
