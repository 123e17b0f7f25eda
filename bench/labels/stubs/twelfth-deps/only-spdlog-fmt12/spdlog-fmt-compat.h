// Forced include (twelfth set, JulianWww/AlphaZero and LorenzoMauro/Vortex only): Debian's
// spdlog 1.10 names fmt::basic_runtime, which fmt 12 (shipped with LibTorch and found first)
// no longer has.
#pragma once
#include <fmt/core.h>
namespace fmt { template <typename Char> struct basic_runtime { basic_string_view<Char> str; }; }
