#include "controller.h"

void Agent::act(const torch::Tensor &x) { lastAction = policy.forward(x); }

void Agent::observe() { memory.keep(lastAction); }

void runAgent(Agent &agent, const torch::Tensor &x) {
  for (int i = 0; i < 1000; ++i) {
    agent.act(x);
    agent.observe();
  }
}
