// gpuleak bench stub: older LibTorch releases had this header; the LibTorch here
// declares CUDAMultiStreamGuard in c10/cuda/CUDAGuard.h, which this forwards to.
#pragma once
#include <c10/cuda/CUDAGuard.h>
