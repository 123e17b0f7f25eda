// Stub (eighteenth set, amjal/music-similarity-using-cuFFT, force-included): nvcc's headers
// declare host min/max for mixed and unsigned integer types, clang's CUDA headers do not
// (converter/novice.cu: min((size_t)4, ...)). Declarations only.
#pragma once
unsigned long min(unsigned long a, unsigned long b);
