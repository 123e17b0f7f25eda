// xor_cublas_cudnn includes "Layer.cuh"; the file is include/layer.cuh (case-insensitive
// file system on the author's side): forwards to it.
#pragma once
#include "layer.cuh"
