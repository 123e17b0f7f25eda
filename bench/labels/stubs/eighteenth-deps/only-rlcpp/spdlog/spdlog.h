// Stub for bench/labels (eighteenth set, lizi-Margin/rl_cpp): the spdlog names rubbish_can.h
// and the sources use; declarations only. Shadows stubs/spdlog, whose logger lacks
// set_pattern/flush_on.
#pragma once
#include <memory>
#include <string>
namespace spdlog {
namespace level { enum level_enum { trace, debug, info, warn, err, critical, off }; }
class logger {
public:
  template <typename... Args> void trace(Args &&...args);
  template <typename... Args> void debug(Args &&...args);
  template <typename... Args> void info(Args &&...args);
  template <typename... Args> void warn(Args &&...args);
  template <typename... Args> void error(Args &&...args);
  void set_pattern(std::string pattern);
  void set_level(level::level_enum level);
  void flush_on(level::level_enum level);
};
std::shared_ptr<logger> get(const std::string &name);
void set_pattern(std::string pattern);
void set_level(level::level_enum level);
void flush_on(level::level_enum level);
}  // namespace spdlog
