#include "post.h"

std::vector<Box> GridDecoder::decode(torch::Tensor raw) {
  std::vector<Box> out;
  out.push_back({raw.sum().item<float>(), 0, 0});
  return out;
}
std::vector<Box> toBoxes(const torch::Tensor &raw) {
  return {{raw.sum().item<float>(), 0, 0}};
}
void learnFrom(const torch::Tensor &raw) { raw.sum().backward(); }
