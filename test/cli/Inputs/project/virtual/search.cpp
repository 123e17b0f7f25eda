// Searches that call the model through the virtual interface.
#include "predictor.h"

// Every overrider of evaluate() runs the forward pass and returns it: its
// value is read only through item().
float searchValue(Predictor &p, int simulations) {
  float total = 0;
  for (int i = 0; i < simulations; ++i) {
    torch::Tensor board = torch::zeros({9});
    auto [policy, value] = p.evaluate(board);
    total += value.item<float>();
  }
  return total;
}

// One overrider of prior() runs no forward pass: no finding.
float searchPrior(Predictor &p, int simulations) {
  float total = 0;
  for (int i = 0; i < simulations; ++i)
    total += p.prior(torch::zeros({9})).sum().item<float>();
  return total;
}

// quiet() holds a guard in every overrider: no finding.
float searchQuiet(Predictor &p, int simulations) {
  float total = 0;
  for (int i = 0; i < simulations; ++i)
    total += p.quiet(torch::zeros({9})).sum().item<float>();
  return total;
}

// A training loop through the interface: no finding.
void fit(Predictor &p, torch::optim::SGD &opt, int steps) {
  for (int i = 0; i < steps; ++i) {
    torch::Tensor board = torch::zeros({9});
    auto [policy, value] = p.evaluate(board);
    torch::Tensor loss = value.sum();
    loss.backward();
    opt.step();
  }
}

// Called only under main.cpp's guard: no finding.
float rolloutValue(Predictor &p, int steps) {
  float total = 0;
  for (int i = 0; i < steps; ++i) {
    torch::Tensor board = torch::zeros({9});
    auto [policy, value] = p.evaluate(board);
    total += value.item<float>();
  }
  return total;
}

// Guarded in its own block: no finding.
float searchGuarded(Predictor &p, int simulations) {
  torch::NoGradGuard no_grad;
  float total = 0;
  for (int i = 0; i < simulations; ++i) {
    torch::Tensor board = torch::zeros({9});
    auto [policy, value] = p.evaluate(board);
    total += value.item<float>();
  }
  return total;
}

// One expansion: a part of the result, reshaped in place, stays local.
float expandOnce(Predictor &p) {
  torch::Tensor board = torch::zeros({9});
  auto [policy, value] = p.evaluate(board);
  policy = policy.view({3, 3});
  return value.item<float>() + policy.sum().item<float>();
}
