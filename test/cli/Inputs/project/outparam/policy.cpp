#include "policy.h"
torch::Tensor Discrete::forward(const torch::Tensor &x) { return l->forward(x); }
void Discrete::act(const torch::Tensor &x, Trajectory &traj) {
  auto probs = forward(x);
  traj.push_back({probs, 0});
}
torch::Tensor Discrete::probe(const torch::Tensor &x) { return forward(x); }
void Discrete::train(const Trajectory &traj, float lr) {
  for (const Frame &f : traj)
    f.probs.sum().backward();
}
