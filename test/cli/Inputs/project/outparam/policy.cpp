#include "policy.h"
torch::Tensor Discrete::forward(const torch::Tensor &x) { return l->forward(x); }
void Discrete::act(const torch::Tensor &x, Trajectory &traj) {
  auto probs = forward(x);
  traj.push_back({probs, 0});
}
void Discrete::train(const Trajectory &traj, float lr) {
  for (const Frame &f : traj)
    f.probs.sum().backward();
}
