#pragma once
#include "buffer.h"

struct Policy : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return x; }
};

struct Obs {
  torch::Tensor actions = torch::zeros({1, 10});
  torch::Tensor dof = torch::zeros({1, 10});
};

// A controller whose step builds its observation from the last action.
class Controller {
public:
  torch::Tensor step();
  torch::Tensor stepDetached();
  void start();

private:
  torch::Tensor observation();
  Policy policy;
  Obs obs;
  ObsBuffer history;
  ObsBuffer detachedHistory;
  torch::Tensor last;
};
