#include "policy.h"

#include <iostream>

int main() {
  Policy policy(nullptr);
  Recurrent recurrent(nullptr);
  VecEnv env;
  Evaluator evaluator;
  for (int checkpoint = 0; checkpoint < 10; ++checkpoint) {
    double greedy = evaluator.score_episode(policy, env);
    double guarded;
    {
      torch::NoGradGuard no_grad;
      guarded = evaluator.rollout_return(policy, env);
    }
    double recurrent_score = evaluator.score_recurrent(recurrent, env);
    std::cout << greedy << " " << guarded << " " << recurrent_score << "\n";
  }
  return 0;
}
