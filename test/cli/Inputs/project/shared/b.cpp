/* test/cli/shared-headers.test: the same first include as a.cpp, then
   another one. */
#include "common.h"  // the project's header
#include <torch/torch.h>

void trainB(int steps) {
  for (int i = 0; i < steps; ++i)
    c10::cuda::CUDACachingAllocator::emptyCache();
}
