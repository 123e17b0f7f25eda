// Stub (eighteenth set, lizi-Margin/rl_cpp): the colour console logger factory.
#pragma once
#include <spdlog/spdlog.h>
namespace spdlog {
std::shared_ptr<logger> stdout_color_mt(const std::string &logger_name);
}
