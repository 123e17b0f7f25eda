// Forced include (tenth set, ZealanL/RLGymPPO_CPP only): Util/Timer.h stores
// high_resolution_clock::now() in a steady_clock::time_point, which holds with MSVC (where
// the two clocks are one) and not with libstdc++ (where high_resolution_clock is
// system_clock). After <chrono>, the project's own uses name steady_clock.
#pragma once
#include <chrono>
#define high_resolution_clock steady_clock
