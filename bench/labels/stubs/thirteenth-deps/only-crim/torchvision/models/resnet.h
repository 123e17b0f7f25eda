// gpuleak bench stub (crim-ca/crim-libtorch-extensions): TorchVision's C++ models are not
// installed; TestBench and nn/models/ResNet.h name ResNet34Impl only (declarations).
#pragma once
#include <torch/torch.h>
namespace vision {
namespace models {
struct ResNet34Impl : torch::nn::Module {
  explicit ResNet34Impl(int64_t num_classes = 1000);
  torch::Tensor forward(torch::Tensor x);
};
TORCH_MODULE(ResNet34);
}
}
