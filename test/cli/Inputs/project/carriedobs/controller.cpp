#include "controller.h"

torch::Tensor Controller::observation() {
  return torch::cat({obs.dof, obs.actions}, 1);
}

torch::Tensor Controller::step() {
  torch::Tensor o = observation();
  history.insert(o);
  torch::Tensor action = policy.forward(history.get());
  obs.actions = action;
  return action;
}

torch::Tensor Controller::stepDetached() {
  detachedHistory.keep(last);
  last = policy.forward(detachedHistory.get()).detach();
  return last;
}
