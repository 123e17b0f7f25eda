// Stub for bench/labels: benborder/drla logs through spdlog. The system spdlog here
// expects an fmt that the LibTorch headers' bundled fmt (found first) does not match,
// so this stub, searched before /usr/include, declares only what drla calls.
#pragma once
#include <string>
namespace spdlog {
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
