// Stub of the CUDA samples' helper_cuda.h (NVIDIA/cuda-samples, Common/) for
// unkarjedy/CUDA_labs: checkCudaErrors prints and exits on an error, as the real one does.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
template <typename T> void check(T result, char const *const func, const char *const file, int const line) {
    if (result) {
        fprintf(stderr, "CUDA error at %s:%d code=%d \"%s\" \n", file, line, static_cast<unsigned int>(result), func);
        exit(EXIT_FAILURE);
    }
}
#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)
