#include "players.h"
int main() {
  VPlayer v;
  QPlayer q;
  WPlayer w;
  NetProbe n;
  Net net;
  torch::Tensor boards = torch::randn({8, 4});
  for (int epoch = 0; epoch < 10; ++epoch) {
    net.forward(boards).sum().backward();
    compare(v, q, boards);
    compare(w, q, boards);
    selfPlay(net, boards);
    for (int step = 0; step < 10; ++step)
      probeOnce(w, n, net, boards);
  }
  return 0;
}
