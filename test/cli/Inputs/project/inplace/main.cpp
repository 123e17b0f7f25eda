#include "bank.h"

int main() {
  Tracker t;
  torch::Tensor x = torch::randn({1, 8});
  t.observeOnce(x);
  t.run(x, 1000);
  t.runDetached(x, 1000);
  for (int frame = 0; frame < 100000; ++frame)
    t.observe(x);
  return 0;
}
