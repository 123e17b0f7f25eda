#include "policy.h"
std::shared_ptr<Discrete> P = std::make_shared<Discrete>();
Trajectory traj;
torch::Tensor observe();
void update() {
  P->act(observe(), traj);
  if (P->probe(observe()).argmax(1).item<int>() == 0)
    traj.clear();
  if (traj.size() >= 128) {
    P->train(traj, 0.1f);
    traj.clear();
  }
}
int main() {
  for (int i = 0; i < 1000; ++i)
    update();
}
