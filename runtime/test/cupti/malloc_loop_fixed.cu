// The fixed twin of malloc_loop.cu: the scratch buffer is freed every step.
#include <cuda_runtime.h>
#include <cstdlib>
#include <unistd.h>

__global__ void fill(float* p, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = 1.0f;
}

void step(int n) {
  float* scratch = nullptr;
  cudaMalloc(&scratch, n * sizeof(float));
  fill<<<(n + 255) / 256, 256>>>(scratch, n);
  cudaDeviceSynchronize();
  cudaFree(scratch);
}

int main(int argc, char** argv) {
  const int steps = argc > 1 ? atoi(argv[1]) : 600;
  for (int i = 0; i < steps; ++i) {
    step(1 << 18);
    usleep(5000);
  }
  return 0;
}
