#include <c10/cuda/CUDACachingAllocator.h>
#include "shared.h"

void trainA(int steps) {
  for (int i = 0; i < steps; ++i) {
	c10::cuda::CUDACachingAllocator::emptyCache();
  }
}
