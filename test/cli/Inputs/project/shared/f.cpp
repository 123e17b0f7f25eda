// test/cli/shared-headers.test: opens with an unguarded header, as g.cpp.
#include "unguarded.h"

void trainF(int steps) {
  for (int i = 0; i < steps; ++i)
    c10::cuda::CUDACachingAllocator::emptyCache();
}
