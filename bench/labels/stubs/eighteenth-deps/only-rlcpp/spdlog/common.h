// Stub (eighteenth set, lizi-Margin/rl_cpp): spdlog's levels live in spdlog.h here.
#pragma once
#include <spdlog/spdlog.h>
