#include <iostream>
#include "lm.h"
void serve(Gen &g, const torch::Tensor &x) {
  while (true) {
    torch::Tensor last;
    auto ids = g.generate(x, last);
    std::cout << ids.size() << last.sum().item<float>() << "\n";
  }
}
void serve_guarded(Gen &g, const torch::Tensor &x) {
  torch::NoGradGuard no_grad;
  while (true) {
    torch::Tensor last;
    auto ids = g.generate(x, last);
    std::cout << ids.size() << "\n";
  }
}
void serve_safe(Gen &g, const torch::Tensor &x) {
  while (true) {
    torch::Tensor last;
    auto ids = g.generate_safe(x, last);
    std::cout << ids.size() << "\n";
  }
}
void serve_cached(Gen &g, const torch::Tensor &x) {
  while (true) {
    torch::Tensor last;
    auto ids = g.generate_cached(x, last);
    std::cout << ids.size() << "\n";
  }
}
