// Stub for bench/labels: GlassyWing/TorchDiffusion (src/utils/path.h) includes the
// MSVC header <direct.h> and calls the one-argument mkdir. Declarations only.
#pragma once
#include <cstring>
#ifndef _MAX_PATH
#define _MAX_PATH 260
#endif
int mkdir(const char *path);
