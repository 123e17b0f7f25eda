#include <torch/torch.h>

#include <unordered_map>

// A tree search whose public caches hold forward passes' outputs by node.
struct Search {
  double best(int node, float x);
  double bestShared(int node, float x);

  torch::nn::Linear fc{nullptr};
  std::unordered_map<int, torch::Tensor> cache;
  std::unordered_map<int, torch::Tensor> shared;
};
