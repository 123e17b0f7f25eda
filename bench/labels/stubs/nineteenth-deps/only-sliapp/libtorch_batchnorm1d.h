// Force-included into SLI-App's units: CNN.cpp was written against LibTorch before 1.5, whose
// generic torch::nn::BatchNorm (options BatchNormOptions) was removed. Every use in CNN.cpp
// follows a Conv1d, so the name is mapped to BatchNorm1d. An alias only.
#pragma once
#include <torch/torch.h>
namespace torch {
namespace nn {
using BatchNorm = BatchNorm1d;
using BatchNormImpl = BatchNorm1dImpl;
}  // namespace nn
}  // namespace torch
