// The fixed twin of cublas_create.cu: the handle is destroyed every call.
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cstdlib>
#include <unistd.h>

void multiply(const float* a, float* c, int n) {
  cublasHandle_t handle;
  cublasCreate(&handle);
  const float one = 1.0f, zero = 0.0f;
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, n, a, n, &zero, c, n);
  cudaDeviceSynchronize();
  cublasDestroy(handle);
}

int main(int argc, char** argv) {
  const int steps = argc > 1 ? atoi(argv[1]) : 300;
  const int n = 256;
  float *a = nullptr, *c = nullptr;
  if (cudaMalloc(&a, n * n * sizeof(float)) != cudaSuccess) return 1;
  if (cudaMalloc(&c, n * n * sizeof(float)) != cudaSuccess) return 1;
  for (int i = 0; i < steps; ++i) {
    multiply(a, c, n);
    usleep(5000);
  }
  cudaFree(c);
  cudaFree(a);
  return 0;
}
