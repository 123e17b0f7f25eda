// xor_cublas_cudnn includes "Activation.cuh"; the file is include/activation.cuh (case-insensitive file
// system on the author's side): forwards to it.
#pragma once
#include "activation.cuh"
