// Stub of FastFlow's distributed layer (ff/dff.hpp); see ff/ff.hpp.
#pragma once
#include <ff/ff.hpp>
namespace ff {
inline int DFF_Init(int &, char **&) { return 0; }
inline int DFF_getMyGroup() { return 0; }
} // namespace ff
using ff::DFF_Init;
