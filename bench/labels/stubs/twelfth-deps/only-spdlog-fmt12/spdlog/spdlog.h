// Shim (twelfth set, JulianWww/AlphaZero and LorenzoMauro/Vortex only): these trees use
// spdlog's sinks too, so they get Debian's whole spdlog instead of the generic stub
// (stubs/spdlog); the forced include spdlog-fmt-compat.h makes it build against fmt 12.
#pragma once
#include "/usr/include/spdlog/spdlog.h"
