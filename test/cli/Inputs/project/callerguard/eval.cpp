#include "net.h"
void trainEpoch(Net &net, const Batches &b) {
  for (const torch::Tensor &x : b)
    net.forward(x).sum().backward();
}
double evaluate(Net &net, const Batches &b) {
  double total = 0;
  for (const torch::Tensor &x : b)
    total += net.forward(x).sum().item<double>();
  return total;
}
double evaluateVia(Net &net, const Batches &b) {
  double total = 0;
  for (const torch::Tensor &x : b)
    total += net.forward(x).sum().item<double>();
  return total;
}
double probe(Net &net, const Batches &b) {
  double total = 0;
  for (const torch::Tensor &x : b)
    total += net.forward(x).sum().item<double>();
  return total;
}
double evalInThread(Net &net, const Batches &b) {
  double total = 0;
  for (const torch::Tensor &x : b)
    total += net.forward(x).sum().item<double>();
  return total;
}
double unused(Net &net, const Batches &b) {
  double total = 0;
  for (const torch::Tensor &x : b)
    total += net.forward(x).sum().item<double>();
  return total;
}
double perplexity(Net &net, const Batches &b) {
  torch::Tensor h = torch::zeros({8, 4});
  double total = 0;
  for (const torch::Tensor &x : b) {
    torch::Tensor out = net.forward(x + h);
    h = out;
    total += out.sum().item<double>();
  }
  return total;
}
double perplexityOpen(Net &net, const Batches &b) {
  torch::Tensor h = torch::zeros({8, 4});
  double total = 0;
  for (const torch::Tensor &x : b) {
    torch::Tensor out = net.forward(x + h);
    h = out;
    total += out.sum().item<double>();
  }
  return total;
}
