#pragma once
// Declarations-only spdlog for Omegastick/pytorch-cpp-rl's gym client (the system spdlog
// expects an fmt that LibTorch's bundled fmt, found first, does not match). Logs only.
#include <memory>
#include <string>
namespace spdlog {
namespace level { enum level_enum { trace, debug, info, warn, err, critical, off }; }
void set_level(level::level_enum level);
void set_pattern(std::string pattern);
template <typename... Args> void trace(Args &&...args);
template <typename... Args> void debug(Args &&...args);
template <typename... Args> void info(Args &&...args);
template <typename... Args> void warn(Args &&...args);
template <typename... Args> void error(Args &&...args);
template <typename... Args> void critical(Args &&...args);
}  // namespace spdlog
