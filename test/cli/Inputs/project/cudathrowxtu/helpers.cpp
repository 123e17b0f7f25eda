#include "helpers.h"
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <vector>

static std::vector<float *> Kept;

void mallocOnDevice(void *&p, size_t n) {
  if (cudaMalloc(&p, n) != cudaSuccess) throw std::runtime_error("cudaMalloc");
}

void checkCuda(cudaError_t e) {
  if (e != cudaSuccess)
    throw std::runtime_error(cudaGetErrorString(e));
}

void failCuda(cudaError_t e, const char *file, int line) {
  throw std::runtime_error(cudaGetErrorString(e));
}

void releaseBuffer(float *p) { cudaFree(p); }

void keepBuffer(float *p) { Kept.push_back(p); }

void fatal(const char *msg) {
  std::fprintf(stderr, "%s\n", msg);
  std::exit(1);
}

void zeroAndCheck(float *p, size_t n) { CUDA_CHECK(cudaMemset(p, 0, n)); }

void logBuffer(const float *p) { std::printf("%p\n", (const void *)p); }
