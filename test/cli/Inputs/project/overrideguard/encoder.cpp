#include "players.h"
// Called by selfPlay and QPlayer::GetActions, both under a guard.
std::vector<float> estimateQ(Net &net, const torch::Tensor &boards) {
  torch::Tensor q = net.forward(boards).to(torch::kCPU);
  std::vector<float> out;
  for (int64_t i = 0; i < q.size(0); ++i)
    out.push_back(q[i].item<float>());
  return out;
}
// Also called by probeOnce, without a guard.
std::vector<float> estimateOpen(Net &net, const torch::Tensor &boards) {
  torch::Tensor q = net.forward(boards).to(torch::kCPU);
  std::vector<float> out;
  for (int64_t i = 0; i < q.size(0); ++i)
    out.push_back(q[i].item<float>());
  return out;
}
