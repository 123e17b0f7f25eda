// xor_cublas_cudnn includes "Linear.cuh"; the file is include/linear.cuh (case-insensitive file
// system on the author's side): forwards to it.
#pragma once
#include "linear.cuh"
