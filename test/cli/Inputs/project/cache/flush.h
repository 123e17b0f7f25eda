#pragma once
#include <c10/cuda/CUDACachingAllocator.h>
inline void flush() { c10::cuda::CUDACachingAllocator::emptyCache(); }
