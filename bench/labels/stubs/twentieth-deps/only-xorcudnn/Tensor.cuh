// xor_cublas_cudnn includes "Tensor.cuh"; the file is include/tensor.cuh (case-insensitive file
// system on the author's side): forwards to it.
#pragma once
#include "tensor.cuh"
