// Force-included into AlphaZero-Connect6's cpp_weighted/main.cpp: written against LibTorch
// 1.3, whose generic torch::nn::BatchNorm (options BatchNormOptions) was removed in 1.5. The
// name is mapped to BatchNorm2d (its only use here is on conv feature maps). An alias only.
#pragma once
#include <torch/torch.h>
namespace torch {
namespace nn {
using BatchNorm = BatchNorm2d;
using BatchNormImpl = BatchNorm2dImpl;
}  // namespace nn
}  // namespace torch
