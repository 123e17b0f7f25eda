#include "flow.h"

torch::Tensor Flow::refine(const torch::Tensor &image) {
  torch::Tensor coords = torch::zeros({1, 2});
  for (int i = 0; i < 20; ++i) {
    torch::Tensor delta = update.forward(coords + image);
    coords = coords + delta;
  }
  return coords;
}
