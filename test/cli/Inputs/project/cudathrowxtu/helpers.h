#include <cuda_runtime.h>
#include <cstddef>

// Helpers defined in helpers.cpp, used by main.cpp.
void mallocOnDevice(void *&p, size_t n);          // throws when it fails
void checkCuda(cudaError_t e);                    // throws on an error
[[noreturn]] void failCuda(cudaError_t e, const char *file, int line); // throws
void releaseBuffer(float *p);                     // cudaFree
void keepBuffer(float *p);                        // stores it in a global
void fatal(const char *msg);                      // exits the process
void zeroAndCheck(float *p, size_t n);            // reads it, may throw
void logBuffer(const float *p);                   // reads it, cannot throw
void handToLibrary(float *p);                     // defined in no file here

#define CUDA_CHECK(x) checkCuda(x)
#define CF_CHECK(x)                                                            \
  do {                                                                         \
    cudaError_t e_ = (x);                                                      \
    if (e_ != cudaSuccess)                                                     \
      failCuda(e_, __FILE__, __LINE__);                                        \
  } while (0)
