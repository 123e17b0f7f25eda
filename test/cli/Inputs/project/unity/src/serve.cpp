#include "util.h"

void serve(int requests) {
  // one request per iteration
  while (requests-- > 0)
    c10::cuda::CUDACachingAllocator::emptyCache();
}
