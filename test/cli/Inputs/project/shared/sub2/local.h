// test/cli/shared-headers.test: sub2's local.h flushes the cache.
#pragma once
#include <c10/cuda/CUDACachingAllocator.h>
inline void localFlush() { c10::cuda::CUDACachingAllocator::emptyCache(); }
