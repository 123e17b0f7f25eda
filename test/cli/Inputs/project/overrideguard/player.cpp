#include "players.h"
std::vector<float> VPlayer::GetActions(const torch::Tensor &boards) {
  torch::Tensor v = net.forward(boards).to(torch::kCPU);
  return std::vector<float>(v.data_ptr<float>(), v.data_ptr<float>() + v.numel());
}
std::vector<float> QPlayer::GetActions(const torch::Tensor &boards) {
  return estimateQ(net, boards);
}
std::vector<float> WPlayer::GetActions(const torch::Tensor &boards) {
  torch::Tensor v = net.forward(boards).to(torch::kCPU);
  return std::vector<float>(v.data_ptr<float>(), v.data_ptr<float>() + v.numel());
}
float NetProbe::Probe(const torch::Tensor &boards) {
  return net.forward(boards).sum().item<float>();
}
