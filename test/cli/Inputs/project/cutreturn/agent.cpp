#include "agent.h"

// The acting step: the Q-values are cut before they leave the function.
torch::Tensor Agent::act(const torch::Tensor &obs) {
  return online_->forward(obs.to(torch::kCUDA)).detach().to(torch::kCPU);
}

// Returns its forward's graph to the training loop, which differentiates it.
torch::Tensor Agent::score(const torch::Tensor &obs) {
  return online_->forward(obs);
}

// Double DQN: the prediction is returned (trained on), the target network's
// output enters the returned target, and the online network's pass on the
// next state is detached at once and only read through argmax.
std::pair<torch::Tensor, torch::Tensor>
Agent::targets(const torch::Tensor &obs, const torch::Tensor &next,
               const torch::Tensor &reward) {
  torch::Tensor predicted = online_->forward(obs);
  torch::Tensor bootstrap = target_->forward(next);
  torch::Tensor chosen = online_->forward(next).detach();
  torch::Tensor target = reward + 0.99 * bootstrap * chosen.argmax(1);
  return std::pair(predicted, target);
}

// Its output reaches the loss that it returns.
torch::Tensor Agent::lossOf(const torch::Tensor &obs, const torch::Tensor &y) {
  return torch::mse_loss(online_->forward(obs), y);
}
