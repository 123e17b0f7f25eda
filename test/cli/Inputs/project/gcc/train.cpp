#include <torch/torch.h>
#include <vector>

struct Stats { float mean; };

// GCC accepts the narrowing of a non-constant in braces (a warning); clang
// refuses it.
Stats summarize(int n) { Stats s{n}; return s; }

std::vector<torch::Tensor> history;

void train(torch::nn::Linear &net, torch::Tensor x, torch::Tensor y) {
  for (int i = 0; i < 100; ++i) {
    auto loss = torch::mse_loss(net->forward(x), y);
    loss.backward();
    history.push_back(loss);
  }
}
