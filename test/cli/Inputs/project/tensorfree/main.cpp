#include "mathlib.h"
#include <torch/torch.h>
#include <vector>

// A loop that keeps every step's loss: the one finding.
std::vector<torch::Tensor> history;
void train(torch::nn::Linear &net, torch::optim::SGD &opt,
           const torch::Tensor &x) {
  ml::Counter c;
  for (int i : ml::range(10)) {
    torch::Tensor loss = net(x).sum();
    loss.backward();
    opt.step();
    history.push_back(loss);
    c.bump();
    c.check(c.get());
  }
  ml::vec3<float> v(1, 2, 3);
  float s = ml::scale(v, 2.0f).length() + ml::fact(4) + ml::twice();
  (void)s;
  c.reset();
}
