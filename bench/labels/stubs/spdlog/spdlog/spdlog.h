// Stub for bench/labels: benborder/drla logs through spdlog. The system spdlog here
// expects an fmt that the LibTorch headers' bundled fmt (found first) does not match,
// so this stub, searched before /usr/include, declares only what drla calls.
// Tenth set: also the SPDLOG_* logging macros (acgist/lifuren) and a logger class
// (XuYinzhe/RAFT-libtorch holds a std::shared_ptr<spdlog::logger>).
#pragma once
#include <memory>
#include <string>
namespace spdlog {
class logger {
public:
  // Seventeenth set (berkde/FastTD3): built from a name and a sink.
  logger() = default;
  template <typename... Args> explicit logger(Args &&...args);
  template <typename... Args> void trace(Args &&...args);
  template <typename... Args> void debug(Args &&...args);
  template <typename... Args> void info(Args &&...args);
  template <typename... Args> void warn(Args &&...args);
  template <typename... Args> void error(Args &&...args);
  template <typename... Args> void critical(Args &&...args);
  template <typename... Args> void log(Args &&...args);
  template <typename Level> void set_level(Level level);
  void flush();
};
namespace level { enum level_enum { trace, debug, info, warn, err, critical, off }; }
void set_level(level::level_enum level);
void set_default_logger(std::shared_ptr<logger> default_logger);
template <typename... Args> void trace(Args &&...args);
template <typename... Args> void debug(Args &&...args);
template <typename... Args> void info(Args &&...args);
template <typename... Args> void warn(Args &&...args);
template <typename... Args> void error(Args &&...args);
template <typename... Args> void critical(Args &&...args);
namespace fmt_lib {
template <typename... Args> void print(Args &&...args);
template <typename... Args> std::string format(Args &&...args);
}  // namespace fmt_lib
}  // namespace spdlog
#define SPDLOG_TRACE(...) ::spdlog::trace(__VA_ARGS__)
#define SPDLOG_DEBUG(...) ::spdlog::debug(__VA_ARGS__)
#define SPDLOG_INFO(...) ::spdlog::info(__VA_ARGS__)
#define SPDLOG_WARN(...) ::spdlog::warn(__VA_ARGS__)
#define SPDLOG_ERROR(...) ::spdlog::error(__VA_ARGS__)
#define SPDLOG_CRITICAL(...) ::spdlog::critical(__VA_ARGS__)
