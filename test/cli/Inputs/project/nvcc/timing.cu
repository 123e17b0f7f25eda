#include <cuda/std/type_traits>
#include <cuda_runtime.h>

__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2.0f;
}

float timeRounds(float *d, int n, int rounds) {
  float total = 0;
  for (int r = 0; r < rounds; ++r) {
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    cudaEventRecord(start);
    scale<<<(n + 255) / 256, 256>>>(d, n);
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    float ms = 0;
    cudaEventElapsedTime(&ms, start, stop);
    total += ms;
    cudaEventDestroy(start);
  }
  return total;
}
