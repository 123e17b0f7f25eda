// Stub for bench/labels, twenty-fourth set (chenjianqu/RAFT_Libtorch, chenjianqu/RAFT_CPP):
// spdlog as the RAFT ports use it (a global std::shared_ptr<spdlog::logger>, log(level, fmt,
// args...), basic_logger_mt, flush_on), with fmt:: reachable as through the real spdlog.
// Declarations only; searched before the shared stubs/spdlog.
#pragma once
#include <chrono>
#include <memory>
#include <string>
#include <fmt/format.h>
namespace spdlog {
namespace level { enum level_enum { trace, debug, info, warn, err, critical, off }; }
class logger {
public:
  template <typename... Args> void log(level::level_enum lvl, Args &&...args);
  template <typename... Args> void debug(Args &&...args);
  template <typename... Args> void info(Args &&...args);
  template <typename... Args> void warn(Args &&...args);
  template <typename... Args> void error(Args &&...args);
  template <typename... Args> void critical(Args &&...args);
  void set_level(level::level_enum lvl);
  void flush_on(level::level_enum lvl);
  void flush();
};
template <typename... Args> void info(Args &&...args);
template <typename... Args> void warn(Args &&...args);
template <typename... Args> void error(Args &&...args);
template <typename... Args> void debug(Args &&...args);
void set_level(level::level_enum lvl);
void flush_every(std::chrono::seconds interval);
std::shared_ptr<logger> basic_logger_mt(const std::string &name, const std::string &file, bool truncate = false);
}  // namespace spdlog
