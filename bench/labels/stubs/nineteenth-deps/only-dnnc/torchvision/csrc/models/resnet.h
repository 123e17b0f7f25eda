#pragma once
#include <torch/torch.h>
namespace vision {
namespace models {
struct ResNetImpl : torch::nn::Module {
  torch::nn::Conv2d conv1{nullptr};
  torch::nn::BatchNorm2d bn1{nullptr};
  torch::nn::Sequential layer1, layer2, layer3, layer4;
  torch::nn::Linear fc{nullptr};
  torch::Tensor forward(torch::Tensor x);
};
struct WideResNet50_2Impl : ResNetImpl {
  explicit WideResNet50_2Impl(int64_t num_classes = 1000, bool zero_init_residual = false);
};
TORCH_MODULE(WideResNet50_2);
}  // namespace models
}  // namespace vision
