#include <c10/cuda/CUDACachingAllocator.h>

void tool(int n) {
  for (int i = 0; i < n; ++i)
    c10::cuda::CUDACachingAllocator::emptyCache();
}
