// The fixed twin of stream_create.cu: the stream is destroyed every call.
#include <cuda_runtime.h>
#include <cstdlib>
#include <unistd.h>

__global__ void scale(float* p, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] *= 2.0f;
}

void step(float* d, int n) {
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  scale<<<(n + 255) / 256, 256, 0, stream>>>(d, n);
  cudaStreamSynchronize(stream);
  cudaStreamDestroy(stream);
}

int main(int argc, char** argv) {
  const int steps = argc > 1 ? atoi(argv[1]) : 600;
  const int n = 1 << 16;
  float* d = nullptr;
  if (cudaMalloc(&d, n * sizeof(float)) != cudaSuccess) return 1;
  for (int i = 0; i < steps; ++i) {
    step(d, n);
    usleep(5000);
  }
  cudaFree(d);
  return 0;
}
