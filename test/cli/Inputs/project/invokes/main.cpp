// Lambdas that run a forward pass, handed to sweep.cpp's functions.
#include "sweep.h"
static void print(const torch::Tensor &t) {}

void heatmap(Net &net) {
  print(sweepGuarded(8, [&](const torch::Tensor &xy) { return net.forward(xy); }));
}
void heatmapPlain(Net &net) {
  print(sweepPlain(8, [&](const torch::Tensor &xy) { return net.forward(xy); }));
}
void later(Net &net, const torch::Tensor &x) {
  schedule([&] { print(net.forward(x)); });
}
