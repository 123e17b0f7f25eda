#include <torch/torch.h>
#include <tuple>

// A recurrent model whose step and initial state are defined in model.cpp.
struct SeqModelImpl : torch::nn::Module {
  SeqModelImpl();
  std::tuple<torch::Tensor, torch::Tensor> step(const torch::Tensor &x, const torch::Tensor &h);
  torch::Tensor init_hidden(int64_t batch) const;
  torch::Tensor init_detached(const torch::Tensor &h) const;
  torch::nn::GRU gru{nullptr};
};
