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

// An agent whose act() keeps the action and whose observe() hands it to a
// buffer of another file that appends it (agent.cpp).
class Agent {
public:
  void act(const torch::Tensor &x);
  void observe();

private:
  Policy policy;
  torch::Tensor lastAction = torch::zeros({1, 10});
  ObsBuffer memory;
};
