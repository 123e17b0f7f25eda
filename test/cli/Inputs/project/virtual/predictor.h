#pragma once
// A model behind a virtual interface (test/cli/project-virtual.test): the
// searches in search.cpp call it through a Predictor &, the overriders in
// nets.cpp run the forward pass.
#include <torch/torch.h>
#include <utility>

struct PolicyNet : torch::nn::Module {
  std::pair<torch::Tensor, torch::Tensor> forward(const torch::Tensor &x) {
    return {head->forward(x), head->forward(x)};
  }
  torch::nn::Linear head{nullptr};
};

class Predictor {
public:
  virtual ~Predictor() = default;
  virtual std::pair<torch::Tensor, torch::Tensor> evaluate(torch::Tensor &board) = 0;
  virtual torch::Tensor prior(const torch::Tensor &board) = 0;
  virtual torch::Tensor quiet(const torch::Tensor &board) = 0;
};

class NetPredictor : public Predictor {
public:
  std::pair<torch::Tensor, torch::Tensor> evaluate(torch::Tensor &board) override;
  torch::Tensor prior(const torch::Tensor &board) override;
  torch::Tensor quiet(const torch::Tensor &board) override;

private:
  PolicyNet net_;
};

// Runs no forward pass in prior(): a call of Predictor::prior may not run one.
class UniformPredictor : public NetPredictor {
public:
  torch::Tensor prior(const torch::Tensor &board) override;
};

float searchValue(Predictor &p, int simulations);
float rolloutValue(Predictor &p, int steps);
