#include "model.h"

bool done();
void consume(const Buffer &b);

// One buffer per environment, filled by the episodes of one rollout and
// merged into the returned buffer: not reported.
Buffer collect(Actor &actor, const torch::Tensor &state, int envs, int steps) {
  Buffer total;
  for (int i = 0; i < envs; ++i) {
    torch::NoGradGuard guard;
    Buffer rollout;
    int n = 0;
    while (n < steps) {
      while (1) {
        torch::Tensor action = actor.get_action(state);
        rollout.append(action);
        ++n;
        if (done())
          break;
      }
    }
    total.merge(rollout);
  }
  return total;
}

// One buffer for every epoch: reported.
void collectAll(Actor &actor, const torch::Tensor &state, int epochs) {
  torch::NoGradGuard guard;
  Buffer all;
  for (int e = 0; e < epochs; ++e)
    while (1) {
      all.append(actor.get_action(state));
      if (done())
        break;
    }
  consume(all);
}
