#include "bank.h"

void Tracker::run(torch::Tensor x, int steps) {
  for (int i = 0; i < steps; ++i)
    bank.add(net.forward(x));
}

void Tracker::runDetached(torch::Tensor x, int steps) {
  for (int i = 0; i < steps; ++i)
    bank.add(net.forward(x).detach());
}

void Tracker::observe(torch::Tensor x) { cache.write(net.forward(x)); }

void Tracker::observeOnce(torch::Tensor x) { cache.write(net.forward(x)); }
