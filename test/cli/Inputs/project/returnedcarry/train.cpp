#include "flow.h"

// Back-propagates through the 20 updates: refine()'s carry is the point.
void train(Flow &flow, const torch::Tensor &image, const torch::Tensor &target) {
  torch::Tensor loss = (flow.refine(image) - target).sum();
  loss.backward();
}
