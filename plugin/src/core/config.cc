#include "core/config.h"

namespace firefox_bidi {

// Placeholder until the config parser lands: defaults only.
absl::StatusOr<InstanceConfig> ParseConfig(std::string_view, ConfigError*) {
  return InstanceConfig{};
}

}  // namespace firefox_bidi
