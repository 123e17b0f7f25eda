#include "logger.h"

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc{nullptr};
};

struct Trainer {
  Net net;
  Logger log_;
  Window window_;
  void step(const torch::Tensor &x) {
    torch::Tensor loss = net.forward(x).sum();
    loss.backward();
    log_.log(loss);
    log_.log_host(loss);
    log_.log_value(loss);
    window_.push(loss);
  }
};

int main() {
  Trainer t;
  for (int i = 0; i < 100; ++i)
    t.step(torch::randn({8, 4}));
}
