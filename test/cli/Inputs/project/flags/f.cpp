#include <c10/cuda/CUDACachingAllocator.h>

// A finding only when GPULEAK_EXTRA is defined after the compile command's
// -UGPULEAK_EXTRA: --extra-arg=-DGPULEAK_EXTRA, not --extra-arg-before.
void trainF(int steps) {
  for (int i = 0; i < steps; ++i) {
#ifdef GPULEAK_EXTRA
    c10::cuda::CUDACachingAllocator::emptyCache();
#endif
  }
}
