// The fixed twin of malloc_host.cu: the staging buffer is freed every step.
#include <cuda_runtime.h>
#include <cstring>
#include <cstdlib>
#include <unistd.h>

void upload(float* d, int n) {
  float* staging = nullptr;
  cudaMallocHost(&staging, n * sizeof(float));
  std::memset(staging, 0, n * sizeof(float));
  cudaMemcpy(d, staging, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaFreeHost(staging);
}

int main(int argc, char** argv) {
  const int steps = argc > 1 ? atoi(argv[1]) : 600;
  const int n = 1 << 16;
  float* d = nullptr;
  if (cudaMalloc(&d, n * sizeof(float)) != cudaSuccess) return 1;
  for (int i = 0; i < steps; ++i) {
    upload(d, n);
    usleep(5000);
  }
  cudaFree(d);
  return 0;
}
