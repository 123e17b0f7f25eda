// The cost of the raw CUDA watch (RawCuda.h) per cudaMalloc/cudaFree pair:
// runtime/bench/raw_cuda_overhead.sh runs this bare and under gpuleak run
// (CUPTI off and on), interleaved in one run, and prints the ratios.
//   raw_cuda_overhead PAIRS BYTES   prints "ns_per_pair <value>"
#include <cuda_runtime.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>

int main(int argc, char** argv) {
  const int pairs = argc > 1 ? atoi(argv[1]) : 20000;
  const size_t bytes = argc > 2 ? strtoull(argv[2], nullptr, 10) : 1 << 20;
  cudaFree(nullptr);  // the context, outside the timing
  void* p = nullptr;
  for (int i = 0; i < 200; ++i) {  // warm-up (the driver's first allocations, backtrace's first call)
    if (cudaMalloc(&p, bytes) != cudaSuccess) return 1;
    cudaFree(p);
  }
  const auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < pairs; ++i) {
    cudaMalloc(&p, bytes);
    cudaFree(p);
  }
  const auto t1 = std::chrono::steady_clock::now();
  std::printf("ns_per_pair %.1f\n",
              std::chrono::duration<double, std::nano>(t1 - t0).count() / pairs);
  return 0;
}
