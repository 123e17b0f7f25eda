#include "policy.h"

void train(Policy &policy, torch::optim::Optimizer &opt) {
  for (int s = 0; s < 100; ++s) {
    auto loss = policy->forward(torch::zeros({4, 8})).mean();
    opt.zero_grad();
    loss.backward();
    opt.step();
  }
}
