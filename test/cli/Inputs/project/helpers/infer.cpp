#include "infer.h"
torch::Tensor predict(Net &net, const torch::Tensor &x) { return net.forward(x); }
torch::Tensor trainStep(Net &net, const torch::Tensor &x) {
  torch::Tensor loss = net.forward(x).sum();
  loss.backward();
  return loss;
}
torch::Tensor guarded(Net &net, const torch::Tensor &x) {
  torch::NoGradGuard no_grad;
  return net.forward(x);
}
torch::Tensor scale(const torch::Tensor &x) { return 2 * x; }
long classify(Net &net, const torch::Tensor &x) {
  return net.forward(x).argmax(1).item<long>();
}
torch::Tensor Agent::act(const torch::Tensor &obs) { return predict(net_, obs); }
