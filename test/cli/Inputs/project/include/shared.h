// Included by src/a.cpp and src/b.cpp: its finding is reported once.
#pragma once
#include <c10/cuda/CUDACachingAllocator.h>

inline void sharedRelease(int n) {
  while (n-- > 0)
    c10::cuda::CUDACachingAllocator::emptyCache();
}
