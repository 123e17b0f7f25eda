#include <c10/cuda/CUDACachingAllocator.h>

void trainA(int steps) {
  for (int i = 0; i < steps; ++i)
    c10::cuda::CUDACachingAllocator::emptyCache();
}

void trainB(int steps) {
  for (int i = 0; i < steps; ++i)
    c10::cuda::CUDACachingAllocator::emptyCache();
}
