#pragma once
// Device storage (no graph) kept by a method whose own loop ends, called in
// a loop of another file (test/cli/project-loop-growth.test).
#include <torch/torch.h>
#include <vector>

struct Policy : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return head->forward(x); }
  torch::nn::Linear head{nullptr};
};

// store.cpp
class Shelf {
public:
  void put(torch::Tensor t);
  std::vector<torch::Tensor> slots_;
};
class Ring {
public:
  void put(torch::Tensor t);
  void drain();
  std::vector<torch::Tensor> slots_;
};
torch::Tensor toHost(const torch::Tensor &t);
torch::Tensor freeze(const torch::Tensor &t);

class Sampler {
public:
  void sweep(int n);
  void sweepOnce(int n);
  void sweepHost(int n);
  void sweepCapped(int n);
  void sweepDrained(int n);
  void shelve(int n);
  void shelveRing(int n);
  void shelveLocal(int n);
  void shelveNumber(int n);
  void round();
  void sweepViaHost(int n);
  void sweepViaFreeze(int n);
  std::vector<torch::Tensor> drained_;
  void drainRing();

private:
  void sweepInner(int n);
  Policy policy_;
  torch::Tensor probe_ = torch::randn({2, 4});
  std::vector<torch::Tensor> outs_, once_, host_, capped_, inner_, viaHost_,
      frozen_;
  Shelf shelf_;
  Ring ring_;
};
