// nvcc's crt/math_functions.hpp declares host overloads of ::min/::max; clang's host-side CUDA
// parse has none (Loss.cu:95 calls min(int, int)). Declarations only.
#pragma once
int min(int, int);
int max(int, int);
