#include "agent.h"

int main() {
  Agent agent;
  torch::optim::Adam opt({});
  torch::Tensor obs = torch::randn({1, 4});
  for (int step = 0; step < 1000; ++step) {
    torch::Tensor q = agent.act(obs);
    obs = torch::randn({1, 4}) * q.argmax(1);
    auto [predicted, target] = agent.targets(obs, obs, obs);
    torch::Tensor loss = torch::mse_loss(predicted, target) +
                         torch::mse_loss(agent.score(obs), obs) +
                         agent.lossOf(obs, obs);
    loss.backward();
    opt.step();
  }
}
