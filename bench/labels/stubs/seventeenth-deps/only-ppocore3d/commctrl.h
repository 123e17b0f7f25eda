// Stub (seventeenth set, dmitryponv/PPOCore3D): only included (common controls).
#pragma once
#include <windows.h>
