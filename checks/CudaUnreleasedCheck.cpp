//===--- CudaUnreleasedCheck.cpp - gpuleak-cuda-unreleased -------------------------===//

#include "CudaUnreleasedCheck.h"
