#pragma once
#include <torch/torch.h>
torch::Tensor scratch_like(const torch::Tensor &t);
void keepShape(const torch::Tensor &t);
void keepSelf(const torch::Tensor &t);
void keepScaled(const torch::Tensor &t);
