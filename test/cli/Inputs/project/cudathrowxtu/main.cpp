#include "helpers.h"

// A throwing helper of another file leaks what was created before it.
bool positiveThrowingHelper(size_t n) {
  float *a;
  if (cudaMalloc(&a, n) != cudaSuccess)
    return false;
  void *b;
  mallocOnDevice(b, n);
  cudaFree(a);
  cudaFree(b);
  return true;
}

// The same through a check macro whose handler is in another file.
void positiveMacro(float *host, size_t n) {
  float *a;
  CUDA_CHECK(cudaMalloc(&a, n));
  CUDA_CHECK(cudaMemcpy(a, host, n, cudaMemcpyHostToDevice));
  cudaFree(a);
}

// A [[noreturn]] handler of another file that throws.
void positiveNoreturnHandler(size_t n) {
  cudaStream_t s;
  CF_CHECK(cudaStreamCreate(&s));
  float *d;
  CF_CHECK(cudaMalloc(&d, n));
  cudaFree(d);
  cudaStreamDestroy(s);
}

// Handed to a helper that only reads it, and throws.
bool positiveReadsThenThrows(size_t n) {
  float *ws;
  if (cudaMalloc(&ws, n) != cudaSuccess)
    return false;
  zeroAndCheck(ws, n);
  cudaFree(ws);
  return true;
}

// Handed to a helper that only reads it; a later helper throws.
bool positiveReadThenThrowingHelper(size_t n) {
  float *ws;
  if (cudaMalloc(&ws, n) != cudaSuccess)
    return false;
  logBuffer(ws);
  void *other;
  mallocOnDevice(other, n);
  cudaFree(other);
  cudaFree(ws);
  return true;
}

// Released by a helper of another file before anything throws.
bool negativeReleased(size_t n) {
  float *p;
  if (cudaMalloc(&p, n) != cudaSuccess)
    return false;
  releaseBuffer(p);
  void *b;
  mallocOnDevice(b, n);
  cudaFree(b);
  return true;
}

// Kept by a helper of another file (a global owns it).
bool negativeKept(size_t n) {
  float *p;
  if (cudaMalloc(&p, n) != cudaSuccess)
    return false;
  keepBuffer(p);
  void *b;
  mallocOnDevice(b, n);
  cudaFree(b);
  return true;
}

// A helper of another file that ends the process: the return after it is
// never reached.
bool negativeExits(size_t n, size_t limit) {
  float *p;
  if (cudaMalloc(&p, n) != cudaSuccess)
    return false;
  if (n > limit) {
    fatal("too large");
    return false;
  }
  cudaFree(p);
  return true;
}

// A helper of another file that only reads it and cannot throw.
void negativeCannotThrow(size_t n) {
  float *p;
  if (cudaMalloc(&p, n) != cudaSuccess)
    return;
  logBuffer(p);
  cudaFree(p);
}

// Handed to a function that no file of the project defines (a library's):
// it may keep it, as without the index.
bool negativeUnknownFunction(size_t n) {
  float *p;
  if (cudaMalloc(&p, n) != cudaSuccess)
    return false;
  handToLibrary(p);
  void *b;
  mallocOnDevice(b, n);
  cudaFree(b);
  return true;
}
