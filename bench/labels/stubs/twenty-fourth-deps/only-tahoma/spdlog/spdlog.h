// Stub for bench/labels, twenty-fourth set (thammegowda/tahoma): spdlog (a submodule the
// snapshot lacks) as tahoma calls it, with fmt:: from the fmt that LibTorch bundles, as the
// real spdlog exposes its bundled fmt. Declarations only; searched before the shared
// stubs/spdlog.
#pragma once
#include <memory>
#include <string>
#include <fmt/format.h>
#include <fmt/ranges.h>
namespace spdlog {
namespace level { enum level_enum { trace, debug, info, warn, err, critical, off }; }
class logger {
public:
  template <typename... Args> void info(Args &&...args);
  template <typename... Args> void warn(Args &&...args);
  template <typename... Args> void error(Args &&...args);
  template <typename... Args> void debug(Args &&...args);
  void set_level(level::level_enum lvl);
};
template <typename... Args> void trace(Args &&...args);
template <typename... Args> void debug(Args &&...args);
template <typename... Args> void info(Args &&...args);
template <typename... Args> void warn(Args &&...args);
template <typename... Args> void error(Args &&...args);
template <typename... Args> void critical(Args &&...args);
void set_level(level::level_enum lvl);
void set_pattern(std::string pattern);
void set_default_logger(std::shared_ptr<logger> default_logger);
std::shared_ptr<logger> stderr_color_mt(const std::string &name);
std::shared_ptr<logger> stdout_color_mt(const std::string &name);
}  // namespace spdlog
