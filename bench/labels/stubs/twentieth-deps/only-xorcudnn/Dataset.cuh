// xor_cublas_cudnn includes "Dataset.cuh"; the file is include/dataset.cuh (case-insensitive file
// system on the author's side): forwards to it.
#pragma once
#include "dataset.cuh"
