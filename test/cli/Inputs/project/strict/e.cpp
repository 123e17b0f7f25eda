#include <c10/cuda/CUDACachingAllocator.h>

void trainE(int steps) {
  for (int i = 0; i < steps; ++i)
    c10::cuda::CUDACachingAllocator::emptyCache();
  for (int i = 0; i < steps; ++i)
    c10::cuda::CUDACachingAllocator::emptyCache(); // NOLINT(gpuleak-empty-cache-in-loop)
}
