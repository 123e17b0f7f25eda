#include "ppo.h"

void train(Policy &policy, Env &env, Metrics &metrics,
           torch::optim::Optimizer &opt, int updates) {
  Storage storage(128);
  std::vector<torch::Tensor> losses;
  torch::Tensor obs = env.reset();
  for (int update = 0; update < updates; ++update) {
    {
      torch::NoGradGuard no_grad;
      for (int t = 0; t < 128; ++t) {
        torch::Tensor actions = policy.act(obs);
        torch::Tensor next = env.step(actions);
        storage.insert(obs, next);
        obs = next;
      }
    }
    for (int epoch = 0; epoch < 4; ++epoch) {
      torch::Tensor loss = (policy.evaluate(storage.obs) * storage.rewards).mean();
      opt.zero_grad();
      loss.backward();
      opt.step();
      metrics.record(loss);
      losses.push_back(loss);
      metrics.record(storage.rewards.mean());
      metrics.record(policy.evaluate_detached(storage.obs).mean());
    }
  }
}
