#include "rec.h"

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc{nullptr};
};

struct Trainer {
  Net net;
  Recorder &rec_;
  Sink &sink_;
  Meter &meter_;
  Trainer(Recorder &r, Sink &s, Meter &m) : rec_(r), sink_(s), meter_(m) {}
  void step(const torch::Tensor &x) {
    torch::Tensor loss = net.forward(x).sum();
    loss.backward();
    rec_.record(loss);
    sink_.put(loss);
    meter_.add(loss);
  }
};

Sink &sink();

int main() {
  TensorRecorder r;
  WindowMeter m;
  Trainer t(r, sink(), m);
  for (int i = 0; i < 100; ++i)
    t.step(torch::randn({8, 4}));
}
