// Forced include (twelfth set, LorenzoMauro/Vortex only): Core/Log.h's assertion macros call
// the Windows IsDebuggerPresent/__debugbreak, and Core/Math names FLT_EPSILON without <cfloat>
// (MSVC's headers bring it in).
#pragma once
#include <cfloat>
inline bool IsDebuggerPresent() { return false; }
inline void __debugbreak() {}
