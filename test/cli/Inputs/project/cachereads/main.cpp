#include "search.h"

// Reads the cache only through a cut.
double prior(Search &s, int node) { return s.cache.at(node)[0].item<double>(); }

// Hands a cached value, graph and all, to its caller.
torch::Tensor take(Search &s, int node) { return s.shared.at(node); }

// The project trains: no finding rests on "nothing trains".
void train(Search &s, const torch::Tensor &x) { s.fc->forward(x).sum().backward(); }

int main() {
  Search s;
  double p = s.best(0, 1.0f) + s.bestShared(1, 2.0f) + prior(s, 0);
  train(s, torch::ones({4}));
  return take(s, 1).defined() && p > 0;
}
