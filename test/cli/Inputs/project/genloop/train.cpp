#include "lm.h"
// The training step calls the same generate() and differentiates its output.
void finetune(std::shared_ptr<Net> m, Gen &g) {
  torch::optim::SGD opt(m->parameters(), 0.1);
  for (int i = 0; i < 10; ++i) {
    torch::Tensor last;
    g.generate(torch::ones({8}), last);
    opt.zero_grad();
    last.sum().backward();
    opt.step();
  }
}
