// Stub (seventeenth set, berkde/FastTD3): the sink type main.cpp names (the shared spdlog stub
// has no sinks; the system spdlog clashes with LibTorch's fmt).
#pragma once
#include <spdlog/spdlog.h>
namespace spdlog { namespace sinks { class stdout_color_sink_mt {}; } }
