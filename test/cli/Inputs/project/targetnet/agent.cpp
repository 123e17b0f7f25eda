#include "nets.h"

struct Agent {
  ValueNetImpl *value, *target;
  ForceNetImpl *force;
  torch::optim::Adam *opt;
  torch::Tensor last_;

  // The target network's value reaches the loss only detached: its graph
  // is built and never differentiated.
  void updateDetachedTarget(const torch::Tensor &s, const torch::Tensor &ns,
                            const torch::Tensor &r) {
    torch::Tensor predicted = value->forward(s);
    torch::Tensor target_values = target->forward(ns);
    torch::Tensor target_q = r + 0.99 * target_values;
    torch::Tensor loss = torch::mse_loss(predicted, target_q.detach());
    loss.backward();
    opt->step();
  }

  // The target's value enters the loss un-detached: the backward pass
  // runs through its graph.
  void updateTargetInLoss(const torch::Tensor &s, const torch::Tensor &ns,
                          const torch::Tensor &r) {
    torch::Tensor predicted = value->forward(s);
    torch::Tensor target_values = target->forward(ns);
    torch::Tensor target_q = r + 0.99 * target_values;
    torch::Tensor loss = torch::mse_loss(predicted, target_q);
    loss.backward();
    opt->step();
  }

  // The actor's output is kept in a member that learn() differentiates.
  void act(const torch::Tensor &s) {
    torch::Tensor out = value->forward(s);
    last_ = out;
    torch::Tensor cut = out.detach();
  }
  void learn() {
    last_.sum().backward();
    opt->step();
  }

  // A forward that differentiates itself needs grad mode on, whatever its
  // caller does with the result.
  void updateForces(const torch::Tensor &pos, const torch::Tensor &s) {
    torch::Tensor f = force->forward(pos);
    torch::Tensor scaled = 2.0 * f;
    torch::Tensor loss = torch::mse_loss(value->forward(s), scaled.detach());
    loss.backward();
    opt->step();
  }
};
