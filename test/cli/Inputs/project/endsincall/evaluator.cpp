#include "policy.h"

double Evaluator::score_episode(Policy &policy, VecEnv &env) {
  auto obs = env.reset();
  double total = 0.0;
  for (int t = 0; t < 200; ++t) {
    auto actions = policy->sample(obs);
    auto res = env.step(actions);
    total += res.rewards.mean().item<double>();
    obs = res.obs;
  }
  return total;
}

double Evaluator::rollout_return(Policy &policy, VecEnv &env) {
  auto obs = env.reset();
  double total = 0.0;
  for (int t = 0; t < 200; ++t) {
    auto actions = policy->sample(obs);
    auto res = env.step(actions);
    total += res.rewards.mean().item<double>();
    obs = res.obs;
  }
  return total;
}

double Evaluator::score_recurrent(Recurrent &policy, VecEnv &env) {
  auto obs = env.reset();
  double total = 0.0;
  for (int t = 0; t < 200; ++t) {
    auto actions = policy->sample(obs);
    auto res = env.step(actions);
    total += res.rewards.mean().item<double>();
    obs = res.obs;
  }
  return total;
}
