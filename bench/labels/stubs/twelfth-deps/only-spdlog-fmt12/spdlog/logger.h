// Shim: see spdlog.h here.
#pragma once
#include "/usr/include/spdlog/logger.h"
