#include "net.h"
int64_t generate(Decoder &dec, int prime, int n) {
  dec->eval();
  Memory mem = dec->blank(1);
  torch::Tensor x = torch::zeros({1, 1, 8});
  for (int i = 0; i < prime; ++i) {
    advance(dec, x, mem);
  }
  int64_t acc = 0;
  for (int i = 0; i < n; ++i) {
    x = advanceTied(dec, x, mem);
    acc += x.sum().item<int64_t>();
  }
  return acc;
}
int64_t generateWarm(Decoder &dec, int n) {
  torch::Tensor x = dec->warm(torch::zeros({1, 2, 8}));
  Memory mem = dec->blank(2);
  int64_t acc = 0;
  for (int i = 0; i < n; ++i) {
    acc += advanceGets(dec, x, mem).sum().item<int64_t>();
  }
  return acc;
}
int64_t generateBound(Decoder &dec, int n) {
  Memory mem = dec->blank(2);
  torch::Tensor x = torch::zeros({1, 2, 8});
  for (int i = 0; i < n; ++i)
    x = advanceBound(dec, x, mem);
  for (int i = 0; i < n; ++i)
    x = advanceRepacked(dec, x, mem);
  return x.sum().item<int64_t>();
}
int64_t generateCut(Decoder &dec, int n) {
  Memory mem = dec->blank(2);
  torch::Tensor x = torch::zeros({1, 2, 8});
  for (int i = 0; i < n; ++i) {
    x = advanceCut(dec, x, mem);
  }
  return x.sum().item<int64_t>();
}
void train(Decoder &dec, const torch::Tensor &x) {
  auto [y, m] = dec->forward(x, dec->blank(1));
  y.sum().backward();
}
int main() {
  Decoder dec;
  train(dec, torch::randn({1, 1, 8}));
  return static_cast<int>(generate(dec, 3, 10) + generateWarm(dec, 4) +
                          generateBound(dec, 5) + generateCut(dec, 6));
}
