// nvcc's crt/math_functions.hpp declares host overloads of ::min/::max; clang's host-side CUDA
// parse has none (gpt_encoder.cc.cu:60 calls max(long long, long long), :210 min(int, int)).
// Declarations only, force-included for bytedance/lightseq.
#pragma once
int min(int, int);
int max(int, int);
long long min(long long, long long);
long long max(long long, long long);
